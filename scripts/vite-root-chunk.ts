import path from "node:path";
import type { Plugin } from "vite";

/**
 * The browser build's modules that the root route imports statically, directly or through other
 * modules, as one chunk. Every page that hydrates loads the root and so all of them anyway; left
 * to the automatic split they came as thirty-odd small files (an icon, a hook, a button), each
 * paying its own import and export lines and compressing apart from the rest. A module the root
 * reaches only by a dynamic import is not part of it (it waits for use, as before), nor is
 * anything under node_modules (the framework has its own group).
 *
 * `plugin` records each module's static imports as it is parsed; `test` is the group's test, asked
 * once the graph is complete (chunks are made after every module was parsed).
 */
export function rootChunk(rootFile: string) {
  const imports = new Map<string, readonly string[]>();
  let closure: Set<string> | undefined;
  const rootId = path.resolve(rootFile);

  function rootClosure() {
    if (closure) return closure;
    closure = new Set();
    const pending = [rootId];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (closure.has(id) || id.includes("node_modules")) continue;
      closure.add(id);
      pending.push(...(imports.get(id) ?? []));
    }
    closure.delete(rootId);
    return closure;
  }

  const plugin: Plugin = {
    name: "apiary-root-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      imports.clear();
      closure = undefined;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  return { plugin, test: (id: string) => rootClosure().has(id) };
}
