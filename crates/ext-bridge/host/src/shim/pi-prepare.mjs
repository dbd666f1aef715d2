// Run once by the lazy view of `@earendil-works/pi-coding-agent` (bundle.mjs) before it hands out its first
// name: the same globals pi-package.mjs prepares, from only the parts of the real package they need.

// The theme module by path: through the package's main entry the bundle would hold all of the package.
import { Theme, initTheme } from "../../node_modules/@earendil-works/pi-coding-agent/dist/modes/interactive/theme/theme.js";
import { preparePiGlobals } from "./pi-globals.mjs";
import { KeybindingsManager } from "./pi-internals.mjs";

preparePiGlobals({ Theme, initTheme }, KeybindingsManager);
