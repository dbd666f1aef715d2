// The globals the real package's components and helpers read, prepared as Pi's own modes prepare them
// before they run: pi-tui's keybindings (Pi's manager with the `app.*` actions and the user's
// keybindings.json from tau's agent folder) and Pi's theme (tau's palette once tau sends one, else Pi's
// dark theme). Used by pi-package.mjs (the whole package) and pi-prepare.mjs (the lazy view's first use).

import { getKeybindings, setKeybindings } from "@earendil-works/pi-tui";
import { getAgentDir } from "./helpers.mjs";
import { piThemeReady } from "./pi-theme.mjs";

/**
 * @param {{Theme: any, initTheme: (name: string) => void}} piTheme the real package's theme class and init
 * @param {any} KeybindingsManager Pi's keybindings manager class
 */
export function preparePiGlobals(piTheme, KeybindingsManager) {
  // Pi's key texts (keyText, keyHint) read pi-tui's global keybindings: install Pi's manager unless one
  // with Pi's actions is already there.
  if (!getKeybindings().getKeys("app.tools.expand")?.length) {
    try {
      setKeybindings(KeybindingsManager.create(getAgentDir()));
    } catch {
      setKeybindings(new KeybindingsManager());
    }
  }
  piThemeReady(piTheme);
}
