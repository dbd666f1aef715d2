// Generates crates/tui/tests/vectors/theme.json from Pi's own theme code (pi-coding-agent's
// Theme class and schema validator, pi-tui's colors and terminal-colors), so
// tests/theme_parity.rs can check tau's theme module byte for byte.
//
//   $NODE22 crates/tui/gen/theme_vectors.mjs [PI_PACKAGES_DIR]
//
// PI_PACKAGES_DIR is the folder holding @earendil-works/pi-coding-agent (default: the installed
// oracle, /root/.cache/tau-oracle/pi-1.6.0/node_modules). Pi's Theme class is not part of the
// host's pi-tui, hence the full Pi package. Node 22 is needed (Pi's requirement).
//
// Vectors:
// - themes: each theme file (the fixtures in tests/themes, tau's built-ins, Pi's shipped
//   dark/light) loaded with Pi's validator in both color modes: accepted or not, and if so the
//   name, own appearance, fg(token, "x") / bg(token, "x") for every token, Theme.style on a
//   few option sets, and the concrete colors (pi-tui Color objects) behind the tokens.
// - colors: color strings and indices through parseColor + foregroundAnsi/backgroundAnsi.
// - styles: chalk's bold/italic/underline/inverse/strikethrough/dim on tricky strings.
// - osc, scheme, colorfgbg, appearance, colorMode, settings: terminal detection helpers.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const packages = process.argv[2] ?? "/root/.cache/tau-oracle/pi-1.6.0/node_modules";
const agent = join(packages, "@earendil-works/pi-coding-agent");
const themeDir = join(agent, "dist/modes/interactive/theme");
const load = (path) => import(pathToFileURL(path).href);

const themeModule = await load(join(themeDir, "theme.js"));
const schema = await load(join(themeDir, "theme-schema.js"));
const tokens = (await load(join(themeDir, "theme-tokens.js"))).THEME_TOKENS;
const systemTheme = await load(join(themeDir, "system-theme.js"));
const tui = await load(join(packages, "@earendil-works/pi-tui/dist/index.js"));
const termColors = await load(join(packages, "@earendil-works/pi-tui/dist/terminal-colors.js"));
const chalk = (await load(join(packages, "chalk/source/index.js"))).default;
const version = JSON.parse(readFileSync(join(agent, "package.json"), "utf8")).version;

// Pi's interactive mode runs on a terminal, where chalk styles; pin that here.
chalk.level = 3;
themeModule.setThemeJsonValidator(schema.validateThemeJson);

const modes = ["truecolor", "256color"];
const tokenNames = Object.keys(tokens);

// Theme.style option sets; the Rust test reads the same list from the vectors.
const styleOptions = [
  { fg: "accent" },
  { bg: "selectedBg" },
  { fg: "text", bg: "userMessageBg", bold: true },
  { dim: true, italic: true },
  { fg: "muted", underline: true, inverse: true, strikethrough: true },
  { bold: true, dim: true },
  { fg: "error", bg: "toolErrorBg", bold: true, dim: true, italic: true, underline: true, inverse: true, strikethrough: true },
  {},
];

function themeVector(label, path) {
  const out = { file: label, modes: {} };
  for (const mode of modes) {
    try {
      const theme = themeModule.loadThemeFromPath(path, mode);
      const fg = {};
      const bg = {};
      for (const name of tokenNames) {
        if (tokens[name].slot === "background") bg[name] = theme.bg(name, "x");
        else fg[name] = theme.fg(name, "x");
      }
      const style = styleOptions.map((options) => theme.style("x", options));
      const colors = { ...theme.concreteColors };
      out.modes[mode] = { ok: true, name: theme.name, appearance: theme.ownAppearance ?? null, fg, bg, style, colors };
    } catch (error) {
      out.modes[mode] = { ok: false, error: String(error.message ?? error).split("\n")[0].replaceAll(path, label) };
    }
  }
  return out;
}

const fixtureDir = join(here, "../tests/themes");
const builtinDir = join(here, "../src/theme/builtin");
const themes = [
  ...readdirSync(fixtureDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => themeVector(`tests/themes/${f}`, join(fixtureDir, f))),
  ...["dark.json", "light.json"].map((f) => themeVector(`src/theme/builtin/${f}`, join(builtinDir, f))),
  ...["dark.json", "light.json"].map((f) => themeVector(`pi:${f}`, join(themeDir, f))),
];

// A deterministic generator so the vectors only change when Pi does.
let seed = 0x5eed;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x80000000;
};
const int = (n) => Math.floor(random() * n);
const fixed = (x, digits) => x.toFixed(digits);

const colorInputs = [];
for (let i = 0; i < 256; i++) colorInputs.push(i);
for (let i = 0; i < 600; i++) {
  const c = () => int(256).toString(16).padStart(2, "0");
  colorInputs.push(`#${c()}${c()}${c()}`);
}
for (let i = 0; i < 200; i++) {
  const g = int(256);
  const near = (d) => Math.max(0, Math.min(255, g + d)).toString(16).padStart(2, "0");
  colorInputs.push(`#${near(int(13) - 6)}${near(0)}${near(int(13) - 6)}`);
}
for (let i = 0; i < 400; i++) {
  colorInputs.push(`oklch(${fixed(random() * 100, 1)}% ${fixed(random() * 0.4, 3)} ${fixed(random() * 720 - 180, 1)})`);
}
for (let i = 0; i < 600; i++) {
  colorInputs.push(`okhsl(${fixed(random() * 400 - 20, 1)} ${fixed(random() * 100, 1)}% ${fixed(random() * 100, 1)}%)`);
}
colorInputs.push(
  "#abc", "#ABC", "#abcd", "#12345", "#1234567", "#ggg", "", "abc", "oklch(50% 0.1)", "oklch(50% 0.1 10 20)",
  "oklch(50%0.1 10)", "oklch(50 % 0.1 10)", "oklch(0.5 -0.1 10)", "oklch(1.5 0.1 10)", "oklch(0.5 0.1 10DEG)",
  "okhsl(10 50 50)", "okhsl(10 0.5 0.5)", "okhsl(10deg 50% 50%)", "okhsl(10 150% 50%)", "okhsl(10 50% -1%)",
  "okhsl(1e1 5e-1 5E-1)", "okhsl(. 1 1)", "okhsl(1. 1. 1.)", "oklch(\t50%\t0.1\t10\t)", "oklch(50%\u00a00.1 10)",
  "oklch(Infinity 0 0)", "okhsl(1e400 50% 50%)", " #abc", "#abc ", "OkLcH(50% 0.1 10)", "okhsl(360 100% 50%)",
);
const colors = colorInputs.map((input) => {
  try {
    const color = tui.parseColor(input);
    return { input, fg: modes.map((m) => tui.foregroundAnsi(color, m)), bg: modes.map((m) => tui.backgroundAnsi(color, m)) };
  } catch {
    return { input, fg: null, bg: null };
  }
});

const styleInputs = ["x", "", "a\nb", "a\r\nb\nc\n", "\n", "a\x1b[22mb", "a\x1b[1mb\x1b[22mc", "\x1b[23m\x1b[24m\x1b[27m\x1b[29m", "é😀"];
const styles = styleInputs.map((input) => ({
  input,
  bold: chalk.bold(input),
  dim: chalk.dim(input),
  italic: chalk.italic(input),
  underline: chalk.underline(input),
  inverse: chalk.inverse(input),
  strikethrough: chalk.strikethrough(input),
}));

const oscInputs = [
  "\x1b]11;rgb:1e1e/2020/3030\x07", "\x1b]11;rgb:ff/80/00\x1b\\", "\x1b]10;rgb:f/8/0\x07", "\x1b]11;#102030\x07",
  "\x1b]11;#111122223333\x07", "\x1b]4;12;rgb:0000/ffff/8080\x07", "\x1b]4;1234;rgb:0/0/0\x07", "\x1b]11;rgba:ffff/0000/0000/ffff\x07",
  "\x1b]11;RGB:AbCd/0/1\x07", "\x1b]11;garbage\x07", "\x1b]11;rgb:zz/00/00\x07", "\x1b]11;#12345\x07", "\x1b]12;rgb:0/0/0\x07",
  "\x1b]11;rgb:1/2\x07", "\x1b]11; rgb:10/20/30 \x07", "\x1b]11;rgb:10/20/30", "x\x1b]11;rgb:10/20/30\x07", "\x1b]11;rgb:123456789/0/0\x07",
  "\x1b]11;rgb:/0/0\x07", "\x1b]4;7;#ffffff\x1b\\",
];
const osc = oscInputs.map((input) => ({ input, reply: termColors.parseOscColorResponse(input) ?? null }));
const schemeInputs = ["\x1b[?997;1n", "\x1b[?997;2n", "\x1b[?997;1n\x1b[?997;2n", "\x1b[?997;2n\x1b[?997;1n", "\x1b[?997;3n", "", "\x1b[?997;1nx"];
const scheme = schemeInputs.map((input) => ({ input, scheme: termColors.parseTerminalColorSchemeReport(input) ?? null }));
const fgbgInputs = [undefined, "", "15;0", "0;15", "7;8", "0;7", "12;default", "0;default;15", "1;2;3", "0;16", "0; 4 ", "0;099", "0;-1", "0;a"];
const colorfgbg = fgbgInputs.map((input) => ({
  input: input ?? null,
  appearance: themeModule.detectColorFgBgTheme(input === undefined ? {} : { COLORFGBG: input }) ?? null,
}));
const rgb = () => ({ r: int(256), g: int(256), b: int(256) });
const appearance = [];
for (let i = 0; i < 300; i++) {
  const background = rgb();
  const foreground = i % 4 === 0 ? undefined : rgb();
  appearance.push({ background, foreground: foreground ?? null, appearance: systemTheme.terminalAppearance(background, foreground) });
}

const envKeys = ["COLORTERM", "TERM", "TERM_PROGRAM", "TMUX", "KITTY_WINDOW_ID", "WT_SESSION", "PI_TRUE_COLOR", "TERMINAL_EMULATOR",
  "ORCA_IMAGE_PROTOCOL", "GHOSTTY_RESOURCES_DIR", "WEZTERM_PANE", "ITERM_SESSION_ID", "ALACRITTY_WINDOW_ID", "WARP_SESSION_ID"];
const envCases = [
  {}, { COLORTERM: "truecolor" }, { COLORTERM: "24BIT" }, { COLORTERM: "yes" }, { TERM: "xterm-direct" }, { TERM: "xterm-256color" },
  { TERM: "tmux-256color", COLORTERM: "truecolor" }, { TMUX: "/tmp/x", TERM_PROGRAM: "kitty" }, { TERM: "screen", KITTY_WINDOW_ID: "1" },
  { TERM_PROGRAM: "herdr" }, { TERM_PROGRAM: "herdr", COLORTERM: "truecolor" }, { TERM_PROGRAM: "rex" }, { TERM_PROGRAM: "orca" },
  { TERM_PROGRAM: "Orca", ORCA_IMAGE_PROTOCOL: "kitty" }, { KITTY_WINDOW_ID: "3" }, { TERM_PROGRAM: "ghostty" }, { TERM: "xterm-ghostty" },
  { GHOSTTY_RESOURCES_DIR: "/x" }, { WEZTERM_PANE: "0" }, { TERM_PROGRAM: "WarpTerminal" }, { WARP_SESSION_ID: "1" },
  { ITERM_SESSION_ID: "w0" }, { TERM_PROGRAM: "iTerm.app" }, { WT_SESSION: "1" }, { TERM: "alacritty" }, { ALACRITTY_WINDOW_ID: "1" },
  { TERM_PROGRAM: "vscode" }, { TERM_PROGRAM: "zed" }, { TERMINAL_EMULATOR: "JetBrains-JediTerm" }, { TERM_PROGRAM: "Apple_Terminal" },
  { PI_TRUE_COLOR: "1" }, { PI_TRUE_COLOR: "0", KITTY_WINDOW_ID: "1" }, { PI_TRUE_COLOR: "yes" }, { KITTY_WINDOW_ID: "" },
];
const saved = Object.fromEntries(envKeys.map((k) => [k, process.env[k]]));
const colorMode = envCases.map((env) => {
  for (const k of envKeys) delete process.env[k];
  Object.assign(process.env, env);
  return { env, mode: tui.getTerminalColorMode(tui.detectCapabilities(() => false)) };
});
for (const k of envKeys) {
  if (saved[k] === undefined) delete process.env[k];
  else process.env[k] = saved[k];
}

const settingInputs = [undefined, "", "dark", "light/dark", " sol-light / sol-dark ", "a/b/c", "/dark", "light/", "x/ "];
const settings = settingInputs.map((input) => ({
  input: input ?? null,
  light: themeModule.resolveThemeSetting(input, "light") ?? null,
  dark: themeModule.resolveThemeSetting(input, "dark") ?? null,
}));

const vectors = { pi: version, tokens: tokenNames, styleOptions, themes, colors, styles, osc, scheme, colorfgbg, appearance, colorMode, settings };
const outPath = join(here, "../tests/vectors/theme.json");
writeFileSync(outPath, `${JSON.stringify(vectors, null, 1)}\n`);
const accepted = themes.filter((t) => t.modes.truecolor.ok).length;
console.log(`wrote ${outPath}: pi ${version}, ${themes.length} theme files (${accepted} accepted), ${colors.length} colors`);
