// Modules of the real Pi package that its main entry does not export but tau's stand-in needs: Pi's
// keybindings manager (pi-tui's manager with Pi's `app.*` actions), as Pi's interactive mode installs it.
// Reached by a relative path because the package's `exports` map only opens its main entry; the host's
// node_modules sits beside src/ both in a checkout and where `tau setup-extensions` installs it.

export { KeybindingsManager } from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/keybindings.js";
