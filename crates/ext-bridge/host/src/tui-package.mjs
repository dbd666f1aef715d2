// pi-tui for the host's own use (the keybindings manager handed to extension components), loaded on first
// use rather than at start-up, which most runs never need: the vendor bundle's copy, the one extensions
// get through the alias map, when Node can require() ES modules; else the package, imported by
// preloadPiTui() at start-up.

import { createRequire } from "node:module";
import { bundledEntry } from "./loader.mjs";

const require = createRequire(import.meta.url);
/** @type {typeof import("@earendil-works/pi-tui") | undefined} */
let tui;

/** pi-tui's module. */
export function piTui() {
  tui ??= require(bundledEntry("pi-tui") ?? "@earendil-works/pi-tui");
  return /** @type {typeof import("@earendil-works/pi-tui")} */ (tui);
}

/** Where Node cannot require() ES modules, imports pi-tui now so that {@link piTui} has it. */
export async function preloadPiTui() {
  if (!process.features.require_module) tui = await import("@earendil-works/pi-tui");
}
