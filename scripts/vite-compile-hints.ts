import type { Plugin } from "vite";

/** V8's explicit compile hint: every function of the file is compiled as it streams in. */
const COMPILE_ALL = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the framework chunk (React, React DOM and React Router: the codeSplitting group in
 * vite.config.ts) for eager compilation. V8 otherwise compiles a function on the main thread the
 * first time it is called, and hydration calls a great many of them for the first time inside a
 * few tasks: React Router's router set-up, then React's render and commit, each spent 3–7 ms of
 * its 6–17 ms compiling on an unthrottled CPU, four times that on Lighthouse's mobile one. With
 * the hint Chrome (136 and later) compiles the file on a background thread while it downloads;
 * other browsers ignore the comment. Every page that hydrates runs most of this file, which is
 * what the hint is for; the pages' own chunks stay lazily compiled.
 *
 * Added once the chunk is final, in front of the minified code (a minifier drops comments); the
 * comment is the same in every build, so the file's hash still names its content.
 */
export function compileHints(chunkName = "framework"): Plugin {
  return {
    name: "apiary-compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk" && output.name === chunkName && !output.code.startsWith(COMPILE_ALL)) output.code = COMPILE_ALL + output.code;
      }
    },
  };
}
