// Loads the real `@earendil-works/pi-coding-agent` 1.6.0 (a dependency of the host) for tau's stand-in,
// and prepares the globals its components and helpers read (pi-globals.mjs).
//
// Pi 1.6.0 needs Node 22 (`globSync` from node:fs, in its package manager). The vendor bundle
// (bundle.mjs) fills in what Node 20 lacks, so the bundle loads on Node 20 too; without the bundle, Node 20
// gets the package built once the same way into node_modules/.cache (bundle.mjs buildPiPackageForNode20).

import { pathToFileURL } from "node:url";
import { preparePiGlobals } from "./pi-globals.mjs";

/**
 * The real package's module namespace and its keybindings manager class.
 * @returns {Promise<{pi: Record<string, any>, KeybindingsManager: any}>}
 */
async function load() {
  try {
    const [pi, internals] = await Promise.all([import("@earendil-works/pi-coding-agent"), import("./pi-internals.mjs")]);
    return { pi, KeybindingsManager: internals.KeybindingsManager };
  } catch (error) {
    if (!(error instanceof SyntaxError) || !/globSync/.test(error.message)) throw error;
    // Not a literal specifier, so the vendor bundle (which never needs this) does not take in esbuild.
    const bundler = new URL("../bundle.mjs", import.meta.url).href;
    const { buildPiPackageForNode20 } = await import(bundler);
    const built = await import(pathToFileURL(await buildPiPackageForNode20()).href);
    return { pi: built.pi, KeybindingsManager: built.KeybindingsManager };
  }
}

const loaded = await load();
/** The real package's exports. */
export const pi = loaded.pi;

preparePiGlobals(pi, loaded.KeybindingsManager);
