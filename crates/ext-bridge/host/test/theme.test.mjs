// The palette theme components style with, against Pi's own Theme class (when the reference package
// is installed): a palette made from a Pi theme's precomputed sequences must style exactly as Pi does.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { PaletteTheme } from "../src/theme.mjs";
import { piPackage, skipPiPackage } from "./client.mjs";

const TEXTS = ["plain", "", "two\nlines", "a\x1b[22mb", "x\x1b[39my\x1b[49mz", "bold \x1b[1min\x1b[22m out"];

test("before a palette every token styles to the text; afterwards unknown tokens throw Pi's error", () => {
  const theme = new PaletteTheme();
  assert.equal(theme.fg("accent", "a"), "a");
  assert.equal(theme.bg("selectedBg", "a"), "a");
  assert.equal(theme.getFgAnsi("accent"), "");
  theme.apply({ name: "n", mode: "light", colorMode: "256color", fg: { accent: "\x1b[38;5;1m", faint: "\x1b[38;5;2m" }, bg: { b: "\x1b[48;5;3m" }, dim: ["faint"] });
  assert.equal(theme.name, "n");
  assert.equal(theme.appearance, "light");
  assert.equal(theme.getColorMode(), "256color");
  assert.equal(theme.fg("accent", "a"), "\x1b[38;5;1ma\x1b[39m");
  assert.equal(theme.fg("faint", "a"), "\x1b[38;5;2m\x1b[2ma\x1b[22;39m");
  assert.equal(theme.getFgAnsi("faint"), "\x1b[38;5;2m\x1b[2m");
  assert.equal(theme.bg("b", "a"), "\x1b[48;5;3ma\x1b[49m");
  const { fg } = theme; // detached members keep working
  assert.equal(fg("accent", "z"), "\x1b[38;5;1mz\x1b[39m");
  assert.throws(() => theme.fg("nope", "a"), /Unknown theme color: nope/);
  assert.equal(theme.bold("a\nb"), "\x1b[1ma\x1b[22m\n\x1b[1mb\x1b[22m");
});

test("a palette from Pi's dark and light themes styles exactly as Pi's Theme", { skip: skipPiPackage }, async () => {
  process.env.FORCE_COLOR = "3"; // Pi's bold/italic/… go through chalk, which needs a colour level
  const mod = await import(pathToFileURL(join(/** @type {string} */ (piPackage), "dist/modes/interactive/theme/theme.js")).href);
  for (const name of ["dark", "light"]) {
    const pi = mod.getThemeByName(name);
    assert.ok(pi, name);
    const ours = new PaletteTheme();
    ours.apply({
      name, mode: name, colorMode: pi.mode,
      fg: Object.fromEntries(pi.fgAnsi), bg: Object.fromEntries(pi.bgAnsi), dim: [...pi.dimTokens],
    });
    assert.equal(ours.getColorMode(), pi.getColorMode());
    for (const token of pi.fgAnsi.keys()) {
      assert.equal(ours.getFgAnsi(token), pi.getFgAnsi(token), token);
      for (const text of TEXTS) assert.equal(ours.fg(token, text), pi.fg(token, text), `${name} fg ${token}`);
    }
    for (const token of pi.bgAnsi.keys()) {
      assert.equal(ours.getBgAnsi(token), pi.getBgAnsi(token), token);
      for (const text of TEXTS) assert.equal(ours.bg(token, text), pi.bg(token, text), `${name} bg ${token}`);
    }
    for (const member of ["bold", "italic", "underline", "strikethrough", "inverse"]) {
      for (const text of TEXTS) assert.equal(ours[member](text), pi[member](text), `${member} ${JSON.stringify(text)}`);
    }
    for (const level of ["off", "minimal", "low", "medium", "high", "xhigh", "max", "other"]) {
      assert.equal(ours.getThinkingBorderColor(level)("│"), pi.getThinkingBorderColor(level)("│"), level);
    }
    assert.equal(ours.getBashModeBorderColor()("─"), pi.getBashModeBorderColor()("─"));
  }
});
