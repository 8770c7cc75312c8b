// `npm start`. NODE_ENV comes first: libraries pick their production build from it as they load,
// and the bundle (build/server.js) hoists every package import above its own code, so the rest
// of the server is imported only once it is set. V8's flags must be set before any WebAssembly
// is compiled.
import "./production-mode";
import "./v8-flags";

await import("./main");
