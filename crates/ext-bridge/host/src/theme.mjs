// The `theme` extension components style with in tau's interactive mode, built from the palette tau
// sends (docs/protocol.md "Palette"): token → opening escape sequence, as Pi's Theme precomputes them.
// One live object per host: a new palette is applied in place, so components that kept the theme they
// were given draw with the new colours after tau invalidates them.

/** Faint foreground tokens carry SGR 2 after their colour; `\x1b[22m` ends both bold and faint. */
const FAINT = "\x1b[2m";

/**
 * SGR pair as chalk applies it: the close code inside `text` is followed by the open code again (so a
 * nested reset does not end the outer style), every line break closes and reopens the style, and empty
 * text stays empty.
 * @param {string} open @param {string} close @param {string} text
 */
function sgr(open, close, text) {
  if (text === "" || text === undefined || text === null) return "";
  const body = String(text).split(close).join(close + open);
  return open + body.replace(/(\r?\n)/g, `${close}$1${open}`) + close;
}

/** Map of thinking level → fg token (Pi's `getThinkingBorderColor`). */
const THINKING_TOKENS = {
  off: "thinkingOff",
  minimal: "thinkingMinimal",
  low: "thinkingLow",
  medium: "thinkingMedium",
  high: "thinkingHigh",
  xhigh: "thinkingXhigh",
  max: "thinkingMax",
};

/**
 * A theme object with Pi's Theme surface. Until tau sends a palette every token styles to the text
 * unchanged (`strict` off); with a palette an unknown token throws Pi's `Unknown theme color` error.
 */
export class PaletteTheme {
  constructor() {
    this.name = "tau";
    /** Pi's Theme.mode is the colour mode ("truecolor" | "256color"). */
    this.mode = "truecolor";
    /** "dark" | "light" (the palette's `mode`). */
    this.appearance = "dark";
    /** @type {Map<string, string>} */
    this.fgAnsi = new Map();
    /** @type {Map<string, string>} */
    this.bgAnsi = new Map();
    /** @type {Set<string>} */
    this.dimTokens = new Set();
    this.strict = false;
    // Extensions pass these around detached (`const fg = theme.fg`): bind them once.
    for (const name of ["fg", "bg", "bold", "italic", "underline", "strikethrough", "inverse", "dim", "getFgAnsi", "getBgAnsi", "getColorMode", "getThinkingBorderColor", "getBashModeBorderColor"]) {
      const self = /** @type {any} */ (this);
      self[name] = self[name].bind(this);
    }
  }

  /**
   * Replaces the colours with `palette` ({name, mode, colorMode, fg, bg, dim?}); fields missing keep
   * their value. Bad shapes are ignored field by field (a palette never breaks the host).
   * @param {any} palette
   */
  apply(palette) {
    if (!palette || typeof palette !== "object") return;
    if (typeof palette.name === "string") this.name = palette.name;
    if (typeof palette.colorMode === "string") this.mode = palette.colorMode;
    if (typeof palette.mode === "string") this.appearance = palette.mode;
    const table = (/** @type {any} */ value) =>
      new Map(Object.entries(value && typeof value === "object" ? value : {}).filter(([, v]) => typeof v === "string"));
    if (palette.fg !== undefined) this.fgAnsi = table(palette.fg);
    if (palette.bg !== undefined) this.bgAnsi = table(palette.bg);
    if (Array.isArray(palette.dim)) this.dimTokens = new Set(palette.dim.filter((t) => typeof t === "string"));
    this.strict = true;
  }

  /** @param {Map<string, string>} table @param {string} token */
  lookup(table, token) {
    const value = table.get(token);
    if (value !== undefined) return value;
    if (this.strict) throw new Error(`Unknown theme color: ${token}`);
    return "";
  }

  /** @param {string} token @param {string} text */
  fg(token, text) {
    const open = this.lookup(this.fgAnsi, token);
    if (!this.strict && open === "") return String(text);
    if (this.dimTokens.has(token)) return `${open}${FAINT}${text}\x1b[22;39m`;
    return `${open}${text}\x1b[39m`;
  }

  /** @param {string} token @param {string} text */
  bg(token, text) {
    const open = this.lookup(this.bgAnsi, token);
    if (!this.strict && open === "") return String(text);
    return `${open}${text}\x1b[49m`;
  }

  /** @param {string} text */
  bold(text) {
    return sgr("\x1b[1m", "\x1b[22m", text);
  }

  /** @param {string} text */
  dim(text) {
    return sgr(FAINT, "\x1b[22m", text);
  }

  /** @param {string} text */
  italic(text) {
    return sgr("\x1b[3m", "\x1b[23m", text);
  }

  /** @param {string} text */
  underline(text) {
    return sgr("\x1b[4m", "\x1b[24m", text);
  }

  /** @param {string} text */
  strikethrough(text) {
    return sgr("\x1b[9m", "\x1b[29m", text);
  }

  /** @param {string} text */
  inverse(text) {
    return sgr("\x1b[7m", "\x1b[27m", text);
  }

  /** @param {string} token */
  getFgAnsi(token) {
    const open = this.lookup(this.fgAnsi, token);
    return this.dimTokens.has(token) ? `${open}${FAINT}` : open;
  }

  /** @param {string} token */
  getBgAnsi(token) {
    return this.lookup(this.bgAnsi, token);
  }

  getColorMode() {
    return this.mode;
  }

  /** @param {string} level */
  getThinkingBorderColor(level) {
    const token = /** @type {Record<string, string>} */ (THINKING_TOKENS)[level] ?? "thinkingOff";
    return (/** @type {string} */ text) => this.fg(token, text);
  }

  getBashModeBorderColor() {
    return (/** @type {string} */ text) => this.fg("bashMode", text);
  }
}
