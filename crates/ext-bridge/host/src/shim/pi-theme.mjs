// Pi's global theme (the `theme` its components and getMarkdownTheme() & co. read, kept on globalThis under
// Pi's symbols) for the host: in tau's interactive mode a real Pi `Theme` that draws exactly what the
// palette theme handed to components draws (docs/protocol.md "Palette"); before tau sends a palette, and
// headless, Pi's dark theme, as Pi's print mode has. Rebuilt whenever tau sends a new palette.

const THEME_KEY = Symbol.for("@earendil-works/pi-coding-agent:theme");
const LEGACY_THEME_KEY = Symbol.for("@mariozechner/pi-coding-agent:theme");
/** Text styles whose escapes the palette theme writes itself (Pi's go through chalk, which stays off
 * when stdout is not a terminal, as the host's never is). */
const TEXT_STYLES = ["bold", "italic", "underline", "strikethrough", "inverse"];

/**
 * The real package once loaded, and the palette theme once tau sent one. Kept on globalThis because this
 * module runs twice in a host with the vendor bundle (once inside it, behind the coding-agent alias, and
 * once beside components.mjs).
 * @type {{piPackage?: Record<string, any>, palette?: import("../theme.mjs").PaletteTheme}}
 */
const state = (/** @type {any} */ (globalThis)[Symbol.for("tau:pi-theme")] ??= {});

/** @param {any} theme */
function setGlobalTheme(theme) {
  /** @type {any} */ (globalThis)[THEME_KEY] = theme;
  /** @type {any} */ (globalThis)[LEGACY_THEME_KEY] = theme;
}

/**
 * A real Pi Theme with the palette's escape sequences.
 * @param {any} Theme Pi's class @param {import("../theme.mjs").PaletteTheme} from
 */
export function themeFromPalette(Theme, from) {
  // Pi's constructor wants colour values and fills missing tokens; the palette is already resolved to
  // escapes, so the instance gets Pi's fields directly (concrete colours stay unknown: `colors` then
  // falls back to the terminal's defaults, as for tokens Pi leaves at the default colour).
  const theme = Object.create(Theme.prototype);
  Object.assign(theme, {
    name: from.name,
    mode: from.mode,
    fgAnsi: new Map(from.fgAnsi),
    bgAnsi: new Map(from.bgAnsi),
    concreteColors: {},
    defaultForegroundTokens: [],
    defaultBackgroundTokens: [],
    dimTokens: new Set(from.dimTokens),
    ownAppearance: from.appearance,
  });
  for (const style of TEXT_STYLES) theme[style] = /** @type {any} */ (from)[style];
  return theme;
}

function install() {
  const { piPackage, palette } = state;
  if (!piPackage) return;
  if (palette?.strict) setGlobalTheme(themeFromPalette(piPackage.Theme, palette));
  else if (!(/** @type {any} */ (globalThis)[THEME_KEY])) piPackage.initTheme("dark");
}

/** The real package has loaded: give Pi's global theme its first value. @param {Record<string, any>} pi */
export function piThemeReady(pi) {
  state.piPackage = pi;
  install();
}

/**
 * tau sent a palette (applied to `theme` already): Pi's global theme follows it.
 * @param {import("../theme.mjs").PaletteTheme} theme
 */
export function followPalette(theme) {
  state.palette = theme;
  install();
}
