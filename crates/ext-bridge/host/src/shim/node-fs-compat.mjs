// node:fs as Pi 1.6.0 expects it, for the vendor bundle on Node 20: Pi's package manager imports
// `globSync`, which Node added in 22. On Node 20 the function throws when called (only Pi's package
// resource discovery uses it) instead of failing the whole import.

import * as fs from "node:fs";

export * from "node:fs";

/** @type {typeof fs.globSync} */
export const globSync =
  /** @type {any} */ (fs).globSync ??
  (() => {
    throw new Error(`fs.globSync needs Node 22 or newer (this is Node ${process.versions.node})`);
  });
