// The lazy view of tau's `@earendil-works/pi-coding-agent` module, built into the vendor bundle beside the
// whole module (bundle.mjs). Loading the real package whole costs ~250 ms (its module graph is ~5 MB: Pi's
// engine, every provider's catalogue, highlight.js, ...), while most extensions import only types from it
// and the rest one or two names (`defineTool`, `DynamicBorder`, `CustomEditor`, ...).
//
// The view is a small CommonJS module (compiled by jiti) whose exports are getters. The first read of a
// name require()s a bundle entry made of the package file that defines the name and what that file
// imports, not the package's main entry (which imports everything; esbuild ignores `sideEffects` hints
// when it splits code). One esbuild build makes all entries, so they share their chunks with the whole
// module: `instanceof` and identity hold across both. jiti compiles extensions into code that reads
// `module.name` where a name is used, so a name never used is never loaded.
//
// Needs synchronous require() of ES modules (Node 22.12+ and 20.19+, `process.features.require_module`);
// the loader keeps the whole module where that is missing.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Bundle entry name of the view (a .cts file in the vendor folder). */
export const LAZY_ENTRY = "pi-coding-agent-lazy";
/** Folder (inside the vendor folder) of the one-name entries. */
const NAMES_DIR = "pca";
/** The real package's folder. */
const PI_DIR = ["node_modules", "@earendil-works", "pi-coding-agent"];

/** `export { a, b as c } from "./x.js"` and `export * from "./x.js"` in compiled TypeScript. */
const RE_EXPORT = /export\s*(\*|\{([^}]*)\})\s*from\s*"([^"]+)"/g;

/**
 * Where each name the package's main entry exports is defined: the file and the name there, following
 * `export ... from` chains (tsc output, one statement per re-export). `undefined` for a name whose chain
 * cannot be followed.
 * @param {string} file absolute path of a module file @param {string} name
 * @param {Map<string, string>} sources file → text cache
 * @returns {{file: string, name: string} | undefined}
 */
export function definingFile(file, name, sources = new Map()) {
  for (let depth = 0; depth < 20; depth++) {
    let text = sources.get(file);
    if (text === undefined) {
      text = readFileSync(file, "utf8");
      sources.set(file, text);
    }
    let next;
    for (const match of text.matchAll(RE_EXPORT)) {
      const target = join(dirname(file), match[3]);
      if (match[1] === "*") {
        // Only when the name is not found among the named re-exports; checked below.
        continue;
      }
      for (const [local, exported] of listNames(match[2] ?? "")) {
        if (exported === name && local) next = { file: target, name: local };
      }
    }
    if (!next && defines(text, name)) return { file, name };
    if (!next) {
      const local = locallyExported(text, name);
      if (local !== undefined) {
        // `import { x } from "./y.js"; export { x };` (Pi's sdk.js re-exports the tool factories so):
        // the name is defined in y.js, which is all its entry needs, not this file's other imports.
        const imported = importedFrom(text, local);
        if (!imported) return { file, name };
        next = { file: join(dirname(file), imported.from), name: imported.name };
      }
    }
    if (!next) {
      // `export * from` each candidate: the first that has the name (ES modules make a name that two
      // stars export ambiguous, so there is at most one).
      for (const star of [...text.matchAll(RE_EXPORT)].filter((m) => m[1] === "*")) {
        const found = definingFile(join(dirname(file), star[3]), name, sources);
        if (found) return found;
      }
      return undefined;
    }
    ({ file, name } = next);
  }
  return undefined;
}

/** Whether a module's text declares `name` as its own export. @param {string} text @param {string} name */
function defines(text, name) {
  const escaped = name.replace(/\$/g, "\\$");
  return new RegExp(`export\\s+(?:async\\s+)?(?:function\\*?|class|const|let|var)\\s+${escaped}\\b`).test(text);
}

/**
 * The names of an export or import list (`a, b as c, // comment`): [local, exported] pairs. tsc keeps
 * the source's comments inside long lists, so they are dropped first.
 * @param {string} list
 * @returns {[string, string][]}
 */
function listNames(list) {
  return list
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/[^\n]*/g, "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [local, exported = local] = part.split(/\s+as\s+/).map((p) => p.trim());
      return [local, exported];
    });
}

/**
 * The local name a module exports as `name` from a local export list (`export { a as name };`), or
 * undefined. @param {string} text @param {string} name
 */
function locallyExported(text, name) {
  for (const match of text.matchAll(/export\s*\{([^}]*)\}\s*(;|\n|$)/g)) {
    for (const [local, exported] of listNames(match[1])) if (exported === name) return local;
  }
  return undefined;
}

/**
 * Where a module's local binding comes from, when it is a named import from a relative file:
 * `import { name as local } from "./x.js"`. @param {string} text @param {string} local
 * @returns {{from: string, name: string} | undefined}
 */
function importedFrom(text, local) {
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const [imported, as] of listNames(match[1])) if (as === local) return { from: match[2], name: imported };
  }
  return undefined;
}

/**
 * The export names of the whole module and of its tau-bound part, read from their source by esbuild (every
 * import but the one of bound.mjs left external, so nothing is loaded or bundled).
 * @param {typeof import("esbuild").build} build
 * @param {string} hostDir
 * @returns {Promise<{real: string[], bound: string[]}>} real: the names re-exported from the real package
 */
export async function moduleNames(build, hostDir) {
  const shim = join(hostDir, "src", "shim", "pi-coding-agent.mjs");
  const bound = join(hostDir, "src", "shim", "bound.mjs");
  const result = await build({
    entryPoints: { whole: shim, bound },
    outdir: join(hostDir, "vendor-names"),
    write: false,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    metafile: true,
    logLevel: "error",
    plugins: [
      {
        name: "only-bound",
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) =>
            args.kind === "entry-point" || (args.importer === shim && args.path === "./bound.mjs")
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  /** @param {string} entry */
  const exportsOf = (entry) =>
    Object.values(result.metafile.outputs).find((o) => o.entryPoint && join(hostDir, o.entryPoint) === entry)?.exports ?? [];
  const boundNames = exportsOf(bound);
  const real = exportsOf(shim).filter((name) => !boundNames.includes(name));
  if (real.length === 0 || boundNames.length === 0) throw new Error("could not read the export names of src/shim/pi-coding-agent.mjs");
  return { real, bound: boundNames };
}

/**
 * The view's plan: for each real name the bundle entry that holds it and its name there; the entry points
 * to add (each defining file once, the tau-bound part, and the preparation of Pi's globals). `undefined`
 * when a name's defining file cannot be found (the loader then keeps the whole module).
 * @param {string} hostDir @param {string[]} real
 */
export function lazyPlan(hostDir, real) {
  const main = join(hostDir, ...PI_DIR, "dist", "index.js");
  /** @type {Record<string, string>} */
  const entryPoints = {
    [`${NAMES_DIR}/_bound`]: join(hostDir, "src", "shim", "bound.mjs"),
    [`${NAMES_DIR}/_prepare`]: join(hostDir, "src", "shim", "pi-prepare.mjs"),
  };
  /** @type {Record<string, [string, string]>} name → [entry file, name in it] */
  const names = {};
  const sources = new Map();
  for (const name of real) {
    const found = definingFile(main, name, sources);
    if (!found) return undefined;
    const entry = `${NAMES_DIR}/${relative(join(hostDir, ...PI_DIR, "dist"), found.file).replace(/\.js$/, "").replaceAll(/[\\/]/g, "~")}`;
    entryPoints[entry] = found.file;
    names[name] = [`./${entry}.mjs`, found.name];
  }
  return { entryPoints, names };
}

/**
 * Files whose import means Pi's globals may be read: its theme, its keybindings, and pi-tui (whose global
 * keybindings Pi's components and editors ask for its `app.*` actions).
 */
const READS_GLOBALS = [
  /modes[\\/]interactive[\\/]theme[\\/]theme\.js$/,
  /core[\\/]keybindings\.js$/,
  /@earendil-works[\\/]pi-tui[\\/]/,
];

/**
 * The entry files (relative to outDir, as the view names them) whose modules reach Pi's theme or
 * keybindings, from the build's metafile: only they need Pi's globals prepared first.
 * @param {import("esbuild").Metafile} metafile @param {string} outDir
 * @returns {Set<string>}
 */
export function entriesReadingGlobals(metafile, outDir) {
  const outputs = metafile.outputs;
  /** @type {Map<string, boolean>} */
  const reaches = new Map();
  /** @param {string} file @returns {boolean} */
  const reachesGlobals = (file) => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false);
    const output = outputs[file];
    const found =
      Object.keys(output?.inputs ?? {}).some((input) => READS_GLOBALS.some((re) => re.test(input))) ||
      (output?.imports ?? []).some((i) => i.kind === "import-statement" && reachesGlobals(i.path));
    reaches.set(file, found);
    return found;
  };
  const entries = new Set();
  for (const file of Object.keys(outputs)) {
    const rel = relative(outDir, resolve(file)).replaceAll("\\", "/");
    if (rel.startsWith(`${NAMES_DIR}/`) && reachesGlobals(file)) entries.add(`./${rel}`);
  }
  return entries;
}

/**
 * The names of tau's pi-coding-agent view: the real names from their entries (with Pi's globals prepared
 * first for those that read them), the tau-bound names from bound.mjs.
 * @param {Record<string, [string, string]>} real from {@link lazyPlan} @param {string[]} bound
 * @param {Set<string>} readingGlobals from {@link entriesReadingGlobals}
 * @returns {Record<string, ViewName>}
 */
export function codingAgentViewNames(real, bound, readingGlobals) {
  /** @type {Record<string, ViewName>} */
  const names = {};
  for (const [name, [file, local]] of Object.entries(real)) names[name] = [file, local, readingGlobals.has(file) ? 1 : 0];
  for (const name of bound) names[name] = [`./${NAMES_DIR}/_bound.mjs`, name, 0];
  return names;
}

/** Bundle entry name of the lazy view of the `@earendil-works/pi-ai` module extensions see. */
export const AI_LAZY_ENTRY = "pi-ai-lazy";
/** The view's parts: pi-ai's compat entry (its registrations run on import, so it stays whole) and StringEnum. */
export const AI_PARTS = {
  "pi-ai-parts/compat": "@earendil-works/pi-ai/compat",
  "pi-ai-parts/string-enum": "./src/shim/string-enum.mjs",
};

/**
 * The names of the pi-ai view (shim/pi-ai.mjs): TypeBox's `Type` from the typebox entry, `StringEnum` from
 * its own entry, every other name from pi-ai's compat entry, which most extensions never need (they
 * import `Type` and `StringEnum` from it).
 * @param {import("esbuild").Metafile} metafile the build's, with the `pi-ai` entry
 * @returns {Record<string, ViewName> | undefined}
 */
export function aiViewNames(metafile) {
  const view = Object.entries(metafile.outputs).find(([file, o]) => o.entryPoint && /[\\/]pi-ai\.mjs$/.test(file));
  if (!view) return undefined;
  /** @type {Record<string, ViewName>} */
  const names = {};
  for (const name of view[1].exports) names[name] = ["./pi-ai-parts/compat.mjs", name, 0];
  names.Type = ["./typebox.mjs", "Type", 0];
  names.StringEnum = ["./pi-ai-parts/string-enum.mjs", "StringEnum", 0];
  return names;
}

/** @typedef {[string, string, number]} ViewName entry file (relative to the vendor folder), name there, prepare first (1) */

/**
 * Writes a lazy view: a CommonJS module with a getter per name that loads the name's entry on first read,
 * after running `prepare` once (as the whole module would on import) for names marked so.
 * @param {string} outDir @param {string} entry the view's entry name
 * @param {Record<string, ViewName>} names @param {string} [prepare] entry file run before marked names
 * @returns {string} the file name, relative to outDir
 */
export function writeLazyView(outDir, entry, names, prepare) {
  // A .cts file: jiti always compiles those (Node never loads this file itself), so extensions get its
  // module.exports with the getters. Node's import() of a CommonJS file would give jiti only a `default`
  // (Node's export-name scan cannot see these getters), whose functions jiti hands out bound.
  const file = `${entry}.cts`;
  const source = `"use strict";
// Generated by tau's extension host (src/bundle-lazy.mjs): a lazy view of a module extensions import.
// Node's own require, not jiti's, so the entries load natively and are shared with everything else.
const nodeRequire = require("node:module").createRequire(__filename);
const names = ${JSON.stringify(names)};
let prepared = false;
function load(name) {
  const [file, local, prepare] = names[name];
  if (prepare && !prepared) {
    nodeRequire(${JSON.stringify(prepare ?? "")});
    prepared = true;
  }
  return nodeRequire(file)[local];
}
// An ES module's namespace to the code jiti compiles: \`import * as pi\` keeps these getters.
Object.defineProperty(exports, "__esModule", { value: true });
for (const name of Object.keys(names)) {
  Object.defineProperty(exports, name, { enumerable: true, get: () => load(name) });
}
`;
  writeFileSync(join(outDir, file), source);
  return file;
}

/** The prepare entry of the pi-coding-agent view, as {@link writeLazyView} takes it. */
export const CODING_AGENT_PREPARE = `./${NAMES_DIR}/_prepare.mjs`;
