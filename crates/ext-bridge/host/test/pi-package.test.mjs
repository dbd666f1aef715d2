// tau's pi-coding-agent against the real package it re-exports: the same 157 names and kinds, the real
// objects wherever the live session is not needed (the tool factories too), Pi's results from what used
// to be stubs, Pi's theme following tau's palette, and the same module through the host under both
// package names.

// Pi's bold/italic/… go through chalk, which needs a colour level; set before anything loads chalk.
process.env.FORCE_COLOR = "3";

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const hostDir = join(import.meta.dirname, "..");
const shim = await import("../src/shim/pi-coding-agent.mjs");
const tui = await import("@earendil-works/pi-tui");
const { piReport } = await import("./pi-report.mjs");
const { followPalette } = await import("../src/shim/pi-theme.mjs");
const { PaletteTheme } = await import("../src/theme.mjs");
const { HostClient, fixtures } = await import("./client.mjs");

/** The real package as the shim loads it (natively on Node 22, the Node 20 build otherwise). */
async function realPackage() {
  try {
    return await import("@earendil-works/pi-coding-agent");
  } catch {
    const { buildPiPackageForNode20 } = await import("../src/bundle.mjs");
    return (await import(pathToFileURL(await buildPiPackageForNode20()).href)).pi;
  }
}
const real = await realPackage();

const TOOL_FACTORIES = Object.keys(real).filter((k) => /^create(\w+)Tool(Definition)?$|^create(Coding|ReadOnly)Tools$/.test(k) && !/Extension|Session|Runtime|Operations/.test(k));
const TAU_BOUND = ["getAgentDir", "CONFIG_DIR_NAME"];
const ENGINE = ["AgentSession", "AgentSessionRuntime", "InteractiveMode", "RpcClient", "ExtensionRunner", "createAgentSession", "createAgentSessionFromServices", "createAgentSessionRuntime", "createAgentSessionServices", "main", "runPrintMode", "runRpcMode"];
const piTheme = () => /** @type {any} */ (globalThis)[Symbol.for("@earendil-works/pi-coding-agent:theme")];

/** @type {any} the module's report with Pi's dark theme and Pi's keybindings, as a headless host has them */
let headless;

test("the same 157 names and kinds as the real package; the real objects (tool factories too) except the agent dir and Pi's engine", () => {
  assert.equal(Object.keys(real).length, 157);
  assert.deepEqual(Object.keys(shim).sort(), Object.keys(real).sort());
  assert.equal(TOOL_FACTORIES.length, 18);
  const same = [];
  for (const name of Object.keys(real)) {
    assert.equal(typeof shim[name], typeof real[name], name);
    if (TAU_BOUND.includes(name)) {
      if (typeof real[name] === "function") assert.notEqual(shim[name], real[name], name);
    }
    else if (ENGINE.includes(name)) {
      assert.notEqual(shim[name], real[name], name);
      assert.throws(() => (/^[A-Z]/.test(name) ? new shim[name]() : shim[name]()), new RegExp(`^Error: ${name} from @earendil-works/pi-coding-agent is not supported by tau`));
    } else {
      assert.equal(shim[name], real[name], name);
      same.push(name);
    }
  }
  assert.equal(same.length, 157 - TAU_BOUND.length - ENGINE.length);
  assert.equal(same.length, 143);
  // The tool factories are the real package's own, so their tools are Pi's, down to the last field.
  for (const name of TOOL_FACTORIES) assert.ok(same.includes(name), name);
  assert.equal(shim.CONFIG_DIR_NAME, ".pi");
  assert.match(shim.getAgentDir(), /\.tau\/agent$|^\//);
});

test("what used to throw now gives Pi's results: key texts, themes, session files, diffs, components", () => {
  headless = piReport(shim, tui);
  assert.equal(piTheme().name, "dark");
  assert.equal(headless.keyText, "ctrl+o");
  assert.equal(headless.keyHint, piTheme().fg("dim", "ctrl+o") + piTheme().fg("muted", " expand"));
  assert.equal(headless.markdown.heading, piTheme().fg("mdHeading", "x"));
  assert.match(headless.markdown.heading, /^\x1b\[38;[25];[\d;]+mx\x1b\[39m$/);
  assert.equal(headless.markdown.bold, "\x1b[1mx\x1b[22m");
  assert.deepEqual(headless.markdownTypes, {
    heading: "function", link: "function", linkUrl: "function", code: "function", codeBlock: "function",
    codeBlockBorder: "function", quote: "function", quoteBorder: "function", hr: "function", listBullet: "function",
    bold: "function", italic: "function", underline: "function", strikethrough: "function", highlightCode: "function",
  });
  assert.deepEqual(headless.settingsTypes, { label: "function", value: "function", description: "function", cursor: "string", hint: "function" });
  assert.equal(headless.settings[2], piTheme().fg("accent", "→ "));
  assert.deepEqual(headless.sessionEntries, [["message", "user", "string", "root"], ["message", "assistant", "string", "string"]]);
  assert.deepEqual(headless.contextRoles, ["user", "assistant"]);
  assert.match(headless.diff.diff, /-2 b/);
  assert.match(headless.diff.diff, /\+2 B/);
  assert.equal(headless.diff.firstChangedLine, 2);
  assert.deepEqual(headless.border, [piTheme().fg("border", "──────")]);
  assert.ok(headless.loaderLines >= 4);
  assert.equal(headless.editorText, "typed");
  assert.equal(headless.version, "1.6.0");
  assert.equal(headless.sessionVersion, 3);
});

test("Pi's global theme follows tau's palette: the same escapes as the palette theme components get", () => {
  const dark = piTheme();
  const palette = new PaletteTheme();
  palette.apply({ name: "dark", mode: "dark", colorMode: dark.mode, fg: Object.fromEntries(dark.fgAnsi), bg: Object.fromEntries(dark.bgAnsi), dim: [...dark.dimTokens] });
  followPalette(palette);
  assert.notEqual(piTheme(), dark);
  assert.ok(piTheme() instanceof shim.Theme);
  const fromPalette = piReport(shim, tui);
  for (const field of ["keyHint", "rawKeyHint", "markdown", "settings", "selectList", "border"]) {
    assert.deepEqual(fromPalette[field], headless[field], field);
  }

  const red = "\x1b[38;5;1m";
  palette.apply({ name: "red", mode: "light", colorMode: "256color", fg: Object.fromEntries([...dark.fgAnsi.keys()].map((k) => [k, red])), bg: {}, dim: ["dim"] });
  followPalette(palette);
  const redReport = piReport(shim, tui);
  assert.equal(redReport.markdown.heading, `${red}x\x1b[39m`);
  assert.equal(redReport.keyHint, `${red}\x1b[2mctrl+o\x1b[22;39m${red} expand\x1b[39m`);
  assert.equal(redReport.markdown.bold, palette.bold("x"));
  assert.equal(piTheme().name, "red");
  assert.equal(piTheme().appearance, "light");
  assert.equal(piTheme().getColorMode(), "256color");
  assert.throws(() => piTheme().bg("selectedBg", "x"), /Unknown theme color: selectedBg/);
});

for (const [label, env] of [
  ["with the bundle", {}],
  ["without the bundle", { TAU_EXT_NO_BUNDLE: "1" }],
]) {
  const skip = label === "with the bundle" && !existsSync(join(hostDir, "vendor", "manifest.json")) ? "no vendor bundle (npm ci builds it)" : false;
  test(`through the host ${label}, both package names give the same module with the same results`, { skip }, async () => {
    const client = new HostClient({ env: { ...process.env, ...env } });
    await client.hello();
    const { extensions } = await client.load([join(fixtures, "pi-exports.ts")]);
    assert.equal(extensions[0].error, undefined, client.stderr);
    const report = JSON.parse(extensions[0].commands[0].description);
    await client.close();
    assert.equal(report.sameObjects, true);
    assert.deepEqual(report.legacy, report.earendil);
    assert.deepEqual(report.earendil, headless);
  });
}

test("in tau's interactive mode Pi's components draw with the palette tau sent", async () => {
  const palette = {
    name: "test", mode: "dark", colorMode: "truecolor", bg: {}, dim: [],
    fg: { border: "\x1b[38;2;9;9;9m", mdHeading: "\x1b[38;2;1;1;1m", dim: "\x1b[38;2;2;2;2m", muted: "\x1b[38;2;3;3;3m", accent: "\x1b[38;2;4;4;4m" },
  };
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([join(fixtures, "pi-themed.ts")], { mode: "interactive", hasUI: true, components: true })).extensions;
  assert.ok(ext.ok, ext.error);
  await client.request("bind", { state: {} });
  client.send({ kind: "notify", method: "theme", params: { palette } });
  client.send({ kind: "notify", method: "terminal", params: { columns: 80, rows: 24 } });
  try {
    const command = client.request("run_command", { name: "themed", args: "", ctx: {} });
    const open = await client.waitNotification((n) => n.method === "component_open");
    const { results } = await client.request("render", { items: [{ id: open.params.id, width: 20 }] });
    assert.deepEqual(results[0].changed.map((/** @type {any} */ c) => c[1].trimEnd()), [
      `\x1b[38;2;9;9;9m${"─".repeat(20)}\x1b[39m`,
      "\x1b[38;2;1;1;1mH\x1b[39m",
      "\x1b[38;2;2;2;2mctrl+o\x1b[39m\x1b[38;2;3;3;3m expand\x1b[39m",
      "\x1b[38;2;4;4;4mctx theme\x1b[39m",
    ]);
    client.send({ kind: "notify", method: "component_input", params: { id: open.params.id, data: "q" } });
    await command;
  } finally {
    await client.close();
  }
});
