#!/usr/bin/env node
// Builds the host's vendor bundle (`vendor/` next to `src/`): the packages and shims that extensions import
// through the loader's alias map (typebox and its subpaths, pi-tui, pi-agent-core, the pi-ai view and
// subpaths, the pi-coding-agent shim), bundled by esbuild into a few ESM files that share chunks, so one
// copy of each package backs every alias. Node then loads a handful of files instead of ~700 (start-up is
// dominated by the ESM loader's per-file work). Run by `npm ci` (the package's postinstall script) and by
// `npm run bundle`. Never fails the install: without a bundle (or with a stale one) the loader uses the
// packages and shims directly. The provider SDKs stay outside the bundle (pi-ai imports them lazily).

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  AI_LAZY_ENTRY, AI_PARTS, CODING_AGENT_PREPARE, LAZY_ENTRY, aiViewNames, codingAgentViewNames, entriesReadingGlobals,
  lazyPlan, moduleNames, writeLazyView,
} from "./bundle-lazy.mjs";

const hostDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Where the bundle goes; loader.mjs reads `manifest.json` there. */
export const VENDOR_DIR = join(hostDir, "vendor");
/** Manifest format; the loader ignores manifests of another version. */
export const MANIFEST_VERSION = 1;

/**
 * The bundle's entry points: output name → module the loader's aliases point at without a bundle (a package
 * specifier, or a host file relative to the host folder).
 */
export const ENTRIES = {
  typebox: "typebox",
  "typebox-compile": "typebox/compile",
  "typebox-value": "typebox/value",
  "pi-tui": "@earendil-works/pi-tui",
  "pi-agent-core": "@earendil-works/pi-agent-core",
  "pi-ai": "./src/shim/pi-ai.mjs",
  "pi-ai-models": "@earendil-works/pi-ai/models",
  "pi-ai-oauth": "@earendil-works/pi-ai/oauth",
  "pi-ai-providers-all": "@earendil-works/pi-ai/providers/all",
  "pi-coding-agent": "./src/shim/pi-coding-agent.mjs",
};

/** Packages left to Node at run time: pi-ai's provider SDKs (imported lazily, large) and the yaml parser. */
const EXTERNAL = [
  "@anthropic-ai/*", "@aws-sdk/*", "@google/*", "@mistralai/*", "@smithy/*", "openai", "openai/*",
  "http-proxy-agent", "https-proxy-agent", "undici", "yaml", "jiti",
];

/**
 * Keeps the real pi-coding-agent working from inside the bundle: its files find their package folder
 * (themes, package.json and so its VERSION, wasm files) from `import.meta.url`, so each keeps the URL of
 * its installed file. Two imports need Node 22 and are made to load on Node 20 too: `globSync` comes
 * from src/shim/node-fs-compat.mjs, and undici 8 (it needs zlib's zstd; Pi installs it as fetch's
 * dispatcher when a proxy is set up) is required only where zstd exists, else left empty.
 * @type {import("esbuild").Plugin}
 */
export const piCodingAgentInPlace = {
  name: "pi-coding-agent-in-place",
  setup(build) {
    const compat = JSON.stringify(join(hostDir, "src", "shim", "node-fs-compat.mjs"));
    build.onLoad({ filter: /[\\/]@earendil-works[\\/]pi-coding-agent[\\/]dist[\\/].*\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8")
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
        .replace(/(import\s*\{[^}]*\bglobSync\b[^}]*\}\s*from\s*)"node:fs"/, `$1${compat}`)
        // Synchronous (no top-level await), so the lazy view can require() the files that hold it.
        .replace(/import \* as (\w+) from "undici";/, 'const $1 = require("node:zlib").createZstdDecompress ? require("undici") : {};');
      return { contents: source, loader: "js" };
    });
  },
};

/** SHA-256 of a file's bytes, hex. @param {string} file */
export function fileHash(file) {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/**
 * Builds the bundle into `outDir` (replacing what is there) and writes its manifest; returns the manifest.
 * @param {string} [outDir]
 */
export async function buildBundle(outDir = VENDOR_DIR) {
  const { build } = await import("esbuild");
  /** @type {Record<string, string>} */
  const entryPoints = Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, entryFile(source)]));
  // The lazy view of the coding agent's module (bundle-lazy.mjs), in the same build so it shares chunks.
  const names = await moduleNames(build, hostDir);
  const lazy = lazyPlan(hostDir, names.real);
  if (lazy) Object.assign(entryPoints, lazy.entryPoints);
  for (const [name, source] of Object.entries(AI_PARTS)) entryPoints[name] = entryFile(source);
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunk-[hash]",
    external: EXTERNAL,
    plugins: [piCodingAgentInPlace],
    // Classes and functions keep their `name` (esbuild would rename some, e.g. classes with statics).
    keepNames: true,
    // CommonJS code inside the bundle may call require() for Node built-ins.
    banner: { js: 'import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);' },
    metafile: true,
    logLevel: "warning",
    legalComments: "none",
  });
  // Host files built into the bundle: the loader checks their hashes, so an edited shim is never served
  // from a stale bundle.
  /** @type {Record<string, string>} */
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = resolve(input);
    const rel = relative(hostDir, file);
    if (rel.startsWith("src/")) inputs[rel] = fileHash(file);
  }
  const manifest = {
    version: MANIFEST_VERSION,
    entries: {
      ...Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, `${name}.mjs`])),
      ...lazyViews(result.metafile, outDir, lazy?.names, names.bound),
    },
    inputs,
  };
  writeFileSync(join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** An entry's file: a host file relative to the host folder, or a package specifier. @param {string} source */
function entryFile(source) {
  return source.startsWith("./") ? join(hostDir, source) : fileURLToPath(import.meta.resolve(source));
}

/**
 * Writes the lazy views (bundle-lazy.mjs) the build made entries for; returns their manifest entries.
 * @param {import("esbuild").Metafile} metafile @param {string} outDir
 * @param {Record<string, [string, string]> | undefined} real the coding agent's real names (lazyPlan)
 * @param {string[]} bound its tau-bound names
 */
function lazyViews(metafile, outDir, real, bound) {
  /** @type {Record<string, string>} */
  const views = {};
  if (real) {
    const names = codingAgentViewNames(real, bound, entriesReadingGlobals(metafile, outDir));
    views[LAZY_ENTRY] = writeLazyView(outDir, LAZY_ENTRY, names, CODING_AGENT_PREPARE);
  }
  const ai = aiViewNames(metafile);
  if (ai) views[AI_LAZY_ENTRY] = writeLazyView(outDir, AI_LAZY_ENTRY, ai);
  return views;
}

/**
 * Where {@link buildPiPackageForNode20} writes: inside node_modules (a reinstall clears it), named after
 * the host files that shape it, so an edited one gets a new build.
 */
function node20File() {
  const shaping = ["src/bundle.mjs", "src/shim/pi-internals.mjs", "src/shim/node-fs-compat.mjs"];
  const hash = createHash("sha256");
  for (const file of shaping) hash.update(readFileSync(join(hostDir, file)));
  return join(hostDir, "node_modules", ".cache", "tau-ext-host", `pi-coding-agent-${hash.digest("hex").slice(0, 16)}.mjs`);
}

/**
 * For Node 20 without the vendor bundle: the real pi-coding-agent (and Pi's keybindings manager, as
 * src/shim/pi-internals.mjs exports it) built into one file with the fixes above, the packages extensions
 * share with it (pi-tui, pi-ai, pi-agent-core, typebox) left to Node so there is one copy of each. Built on
 * first use, then reused; returns the file.
 */
export async function buildPiPackageForNode20() {
  const file = node20File();
  if (existsSync(file)) return file;
  const { build } = await import("esbuild");
  const shared = ["@earendil-works/pi-tui", "@earendil-works/pi-ai", "@earendil-works/pi-ai/*", "@earendil-works/pi-agent-core", "typebox", "typebox/*"];
  const result = await build({
    stdin: {
      contents: 'export * as pi from "@earendil-works/pi-coding-agent"; export { KeybindingsManager } from "./src/shim/pi-internals.mjs";',
      resolveDir: hostDir,
      loader: "js",
    },
    outfile: file,
    write: false,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: [...EXTERNAL, ...shared],
    plugins: [piCodingAgentInPlace],
    keepNames: true,
    banner: { js: 'import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);' },
    logLevel: "error",
    legalComments: "none",
  });
  // Written whole under a private name first: another host may be building or reading it at once.
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, result.outputFiles[0].contents);
  renameSync(partial, file);
  return file;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const manifest = await buildBundle();
    process.stderr.write(`tau extension host: bundled ${Object.keys(manifest.entries).length} modules into ${VENDOR_DIR}\n`);
  } catch (error) {
    rmSync(VENDOR_DIR, { recursive: true, force: true });
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`tau extension host: no vendor bundle (${message}); extensions load from the packages directly (slower start-up)\n`);
  }
}
