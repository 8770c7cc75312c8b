import v8 from "node:v8";

// The embedded database is PostgreSQL compiled to WebAssembly. With V8's default tiering budget,
// the functions a start runs once (catalog loading, the first queries) are sent to the optimising
// compiler on every core, and on a small machine that work competes with the start itself: about
// 0.6 s of a 2.5 s restart on two cores, partly spent with the main thread waiting for those
// compile jobs. With a budget 500 times larger only what stays hot under load is optimised: a
// start compiles nothing, and queries reach the same speed within seconds of steady load
// (bench/startup.ts for the start; a loop of queries for the speed under load).
v8.setFlagsFromString("--wasm-tiering-budget=1000000000");
