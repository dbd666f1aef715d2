// Finds and imports extension modules the way Pi does: jiti (TypeScript without a build step) with an alias
// map that points Pi's 22 virtual module specifiers at the host's packages and shims. Each module is
// evaluated once per host process; the factory is cached and run again by every `load`. jiti keeps its
// transpiled files in tau's cache folder (cacheDir).

import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The lazy views' bundle entry names (bundle-lazy.mjs; not imported, to keep start-up lean). */
const LAZY_ENTRY = "pi-coding-agent-lazy";
const AI_LAZY_ENTRY = "pi-ai-lazy";
const shim = (/** @type {string} */ name) => join(here, "shim", name);
const entry = (/** @type {string} */ specifier) => fileURLToPath(import.meta.resolve(specifier));

/** @type {Record<string, string> | undefined} */
let aliases;
/** @type {Record<string, string> | undefined | null} the vendor bundle's entries, once read (null: not yet) */
let vendorCache = null;

/** The vendor bundle's entries (vendorEntries()), read once per process. */
function bundled() {
  if (vendorCache === null) vendorCache = vendorEntries();
  return vendorCache;
}

/**
 * The file of the vendor bundle's entry `name`, or `undefined` without a (current) bundle.
 * @param {string} name
 */
export function bundledEntry(name) {
  return bundled()?.[name];
}

/**
 * tau's cache folder for the host: `$XDG_CACHE_HOME/tau`, else `~/.cache/tau`; `undefined` when neither
 * can be found (callers then use their own defaults).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | undefined}
 */
export function cacheDir(env = process.env) {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "tau");
  const home = env.HOME || homedir();
  return home ? join(home, ".cache", "tau") : undefined;
}

/**
 * The vendor bundle's entry files (src/bundle.mjs, built at `npm ci`), by bundle entry name; `undefined`
 * when there is no bundle, it is of another format, `TAU_EXT_NO_BUNDLE` is set, or a host file built into it
 * has changed since (then the packages and shims are used directly).
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string} [vendor] the bundle's folder
 * @returns {Record<string, string> | undefined}
 */
export function vendorEntries(env = process.env, vendor = join(here, "..", "vendor")) {
  if (env.TAU_EXT_NO_BUNDLE) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(join(vendor, "manifest.json"), "utf8"));
    // Format 1 of src/bundle.mjs (MANIFEST_VERSION; not imported here to keep start-up lean).
    if (manifest?.version !== 1 || typeof manifest.entries !== "object") return undefined;
    for (const [file, hash] of Object.entries(manifest.inputs ?? {})) {
      if (createHash("sha256").update(readFileSync(join(here, "..", file))).digest("hex") !== hash) return undefined;
    }
    /** @type {Record<string, string>} */
    const entries = {};
    for (const [name, file] of Object.entries(manifest.entries)) entries[name] = join(vendor, String(file));
    return entries;
  } catch {
    return undefined;
  }
}

/**
 * The alias map for all virtual module specifiers (surface.json `virtual_modules`). `@earendil-works/pi-ai`
 * and `/compat` get the extension view; the coding agent resolves to tau's shim. With a vendor bundle every
 * alias points into it (one copy of each package behind all aliases), else at the packages and shims.
 * @returns {Record<string, string>}
 */
export function aliasMap() {
  if (aliases) return aliases;
  const vendor = bundled();
  /** @param {string} name bundle entry @param {() => string} direct the module without a bundle */
  const pick = (name, direct) => vendor?.[name] ?? direct();
  const typebox = pick("typebox", () => entry("typebox"));
  const typeboxCompile = pick("typebox-compile", () => entry("typebox/compile"));
  const typeboxValue = pick("typebox-value", () => entry("typebox/value"));
  const agentCore = pick("pi-agent-core", () => entry("@earendil-works/pi-agent-core"));
  const tui = pick("pi-tui", () => entry("@earendil-works/pi-tui"));
  // The lazy views load only the names an extension reads (bundle-lazy.mjs); they need require() of ES
  // modules, else the whole modules.
  /** @param {string} name */
  const lazy = (name) => (process.features.require_module ? vendor?.[name] : undefined);
  const aiView = lazy(AI_LAZY_ENTRY) ?? pick("pi-ai", () => shim("pi-ai.mjs"));
  const aiModels = pick("pi-ai-models", () => entry("@earendil-works/pi-ai/models"));
  const aiOauth = pick("pi-ai-oauth", () => entry("@earendil-works/pi-ai/oauth"));
  const aiProviders = pick("pi-ai-providers-all", () => entry("@earendil-works/pi-ai/providers/all"));
  const codingAgent = lazy(LAZY_ENTRY) ?? pick("pi-coding-agent", () => shim("pi-coding-agent.mjs"));
  /** @type {Record<string, string>} */
  const map = {
    typebox,
    "typebox/compile": typeboxCompile,
    "typebox/value": typeboxValue,
    "@sinclair/typebox": typebox,
    "@sinclair/typebox/compile": typeboxCompile,
    "@sinclair/typebox/value": typeboxValue,
  };
  for (const scope of ["@earendil-works", "@mariozechner"]) {
    map[`${scope}/pi-agent-core`] = agentCore;
    map[`${scope}/pi-tui`] = tui;
    map[`${scope}/pi-ai`] = aiView;
    map[`${scope}/pi-ai/compat`] = aiView;
    map[`${scope}/pi-ai/models`] = aiModels;
    map[`${scope}/pi-ai/oauth`] = aiOauth;
    map[`${scope}/pi-ai/providers/all`] = aiProviders;
    map[`${scope}/pi-coding-agent`] = codingAgent;
  }
  aliases = map;
  return map;
}

/** An extension path that could not be loaded; `message` is Pi's wording. */
export class LoadError extends Error {}

/**
 * Expands a requested path to module files: a file as is; a folder's package.json `pi.extensions`
 * entries that exist; else its index.ts or index.js.
 * @param {string} requested
 * @param {string} cwd
 * @returns {string[]}
 */
export function resolveEntries(requested, cwd) {
  const full = resolve(cwd, requested.startsWith("~/") ? join(process.env.HOME ?? "", requested.slice(2)) : requested);
  if (!existsSync(full)) throw new LoadError(`Extension path does not exist: ${full}`);
  if (!statSync(full).isDirectory()) return [full];
  const manifestPath = join(full, "package.json");
  if (existsSync(manifestPath)) {
    /** @type {any} */
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    } catch (error) {
      throw new LoadError(`Failed to load extension: cannot parse ${manifestPath}: ${error instanceof Error ? error.message : error}`);
    }
    const declared = Array.isArray(manifest?.pi?.extensions) ? manifest.pi.extensions : [];
    const found = declared.map((/** @type {string} */ p) => resolve(full, p)).filter((/** @type {string} */ p) => existsSync(p));
    if (found.length > 0) return found;
  }
  for (const name of ["index.ts", "index.js"]) {
    const candidate = join(full, name);
    if (existsSync(candidate)) return [candidate];
  }
  throw new LoadError(`Failed to load extension: no index.ts, index.js or package.json "pi.extensions" in ${full}`);
}

/** @type {Map<string, Function>} */
const factories = new Map();
/** @type {Promise<import("jiti").Jiti> | undefined} */
let jiti;

/**
 * The jiti instance, imported on first use (after main.mjs has switched Node's compile cache on): Pi's
 * options, with the transpile cache in tau's cache folder (jiti's default folder when there is none).
 */
function loader() {
  if (jiti) return jiti;
  // jiti's CommonJS entry (the same createJiti as its ES one): importing the ES entry makes Node scan
  // jiti's 190 kB CommonJS core for export names, ~35 ms of start-up.
  jiti = Promise.resolve().then(() => {
    const { createJiti } = createRequire(import.meta.url)("jiti");
    const cache = cacheDir();
    return createJiti(import.meta.url, {
      moduleCache: false,
      alias: aliasMap(),
      ...(cache ? { fsCache: join(cache, "jiti") } : {}),
    });
  });
  // A failed import of jiti itself is not kept: the next load tries again.
  jiti.catch(() => {
    jiti = undefined;
  });
  return jiti;
}

/**
 * Imports a module file once per process and returns its factory (default export, or the module itself).
 * @param {string} file absolute path
 * @param {string} displayPath the path to name in errors
 * @returns {Promise<Function>}
 */
export async function importFactory(file, displayPath) {
  const cached = factories.get(file);
  if (cached) return cached;
  /** @type {unknown} */
  let mod;
  try {
    mod = await (await loader()).import(file, { default: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw Object.assign(new LoadError(`Failed to load extension: ${message}`), { cause: error });
  }
  if (typeof mod !== "function") throw new LoadError(`Extension does not export a valid factory function: ${displayPath}`);
  factories.set(file, mod);
  return /** @type {Function} */ (mod);
}
