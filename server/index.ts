// `npm start`. NODE_ENV comes first: libraries pick their production build from it as they load,
// and the bundle (build/server.js) hoists every package import above its own code, so the rest
// of the server is imported only once it is set.
import "./production-mode";

await import("./main");
