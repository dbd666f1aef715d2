// Extension components in tau's interactive mode (load option `components`): open, render batches with
// only changed lines, input, done, overlays and their handles, slots, faults, palette.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";

const path = join(fixtures, "components.ts");
const ACCENT = "\x1b[38;2;1;2;3m";
export const PALETTE = { name: "test", mode: "dark", colorMode: "truecolor", fg: { accent: ACCENT, dim: "\x1b[90m", muted: "\x1b[37m" }, bg: {} };

/** A host with the fixture loaded in interactive mode. */
async function start() {
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([path], { mode: "interactive", hasUI: true, components: true })).extensions;
  assert.ok(ext.ok, ext.error);
  await client.request("bind", { state: {} });
  client.send({ kind: "notify", method: "theme", params: { palette: PALETTE } });
  client.send({ kind: "notify", method: "terminal", params: { columns: 100, rows: 30 } });
  return client;
}

/** @param {HostClient} client @param {string} method */
const notes = (client, method) => client.notifications.filter((n) => n.method === method).map((n) => n.params);

/** Waits for the next component_open of `kind` not seen yet. @param {HostClient} client @param {string} kind */
async function opened(client, kind) {
  const seen = (client.seenOpen ??= new Set());
  const frame = await client.waitNotification((n) => n.method === "component_open" && n.params.kind === kind && !seen.has(n.params.id));
  seen.add(frame.params.id);
  return frame.params;
}

/** ui notify messages so far. @param {HostClient} client */
const told = (client) => notes(client, "ui").filter((p) => p.method === "notify").map((p) => p.args[0]);

/** Waits for a ui notify matching `pattern`. @param {HostClient} client @param {RegExp} pattern */
const waitTold = (client, pattern) => client.waitNotification((n) => n.method === "ui" && n.params.method === "notify" && pattern.test(n.params.args[0]));

/** Applies render answers to `screen` (id → lines), as tau does. */
function apply(screen, results) {
  for (const r of results) {
    if (r.same || r.closed || r.visible === false) continue;
    const lines = (screen.get(r.id) ?? []).slice(0, r.count);
    while (lines.length < r.count) lines.push("");
    for (const [i, line] of r.changed) lines[i] = line;
    screen.set(r.id, lines);
  }
  return screen;
}

test("inline custom: render batch with changed lines only, input, done with a value", async () => {
  const client = await start();
  const command = client.request("run_command", { name: "inline", args: "", ctx: {} });
  const open = await opened(client, "custom");
  assert.equal(open.extensionPath, path);
  assert.equal(open.focusable, true);
  assert.equal(open.handlesInput, true);

  const first = await client.request("render", { items: [{ id: open.id, width: 30 }] });
  assert.deepEqual(first.results, [{ id: open.id, count: 3, changed: [[0, "top"], [1, `${ACCENT}count 0\x1b[39m`], [2, "width 30"]] }]);
  const again = await client.request("render", { items: [{ id: open.id, width: 30 }] });
  assert.deepEqual(again.results, [{ id: open.id, same: true }]);

  client.send({ kind: "notify", method: "component_input", params: { id: open.id, data: "+" } });
  await client.waitNotification((n) => n.method === "request_render" && n.params.id === open.id);
  const third = await client.request("render", { items: [{ id: open.id, width: 30 }, { id: 999, width: 30 }] });
  assert.deepEqual(third.results, [{ id: open.id, count: 3, changed: [[1, `${ACCENT}count 1\x1b[39m`]] }, { id: 999, closed: true }]);
  // A new width sends every line.
  const wide = await client.request("render", { items: [{ id: open.id, width: 50 }] });
  assert.equal(wide.results[0].changed.length, 3);

  client.send({ kind: "notify", method: "component_input", params: { id: open.id, data: "\r" } });
  // Sent before tau heard of the close: it comes back for whatever has focus next.
  client.send({ kind: "notify", method: "component_input", params: { id: open.id, data: "x" } });
  await command;
  assert.deepEqual(notes(client, "component_closed").at(-1), { id: open.id, reason: "done", inputs: 2, value: { count: 1 } });
  const unclaimed = await client.waitNotification((n) => n.method === "input_unclaimed");
  assert.deepEqual(unclaimed.params, { id: open.id, data: "x" });
  assert.deepEqual(told(client), ['inline {"count":1} tui true']);
  await client.close();
});

test("done inside the factory resolves without opening anything", async () => {
  const client = await start();
  await client.request("run_command", { name: "instant", args: "", ctx: {} });
  await waitTold(client, /instant/);
  assert.deepEqual(told(client), ["instant 42"]);
  assert.equal(notes(client, "component_open").length, 0);
  await client.close();
});

test("overlay: every option, visibility asked on each render, handle calls mirrored", async () => {
  const client = await start();
  const command = client.request("run_command", { name: "overlay", args: "", ctx: {} });
  const open = await opened(client, "overlay");
  assert.deepEqual(open.overlayOptions, {
    width: "50%", minWidth: 20, maxHeight: 10, anchor: "top-right", offsetX: -1, offsetY: 2,
    row: 1, col: "10%", margin: { top: 1, left: 2 }, nonCapturing: false,
  });
  assert.equal(open.hasVisible, true);
  assert.equal(open.custom, true);
  const shown = await client.request("render", { items: [{ id: open.id, width: 50 }] });
  assert.deepEqual(shown.results, [{ id: open.id, visible: true, count: 1, changed: [[0, "overlay 100x30"]] }]);
  client.send({ kind: "notify", method: "terminal", params: { columns: 30, rows: 10 } });
  const hidden = await client.request("render", { items: [{ id: open.id, width: 15 }] });
  assert.deepEqual(hidden.results, [{ id: open.id, visible: false }]);
  client.send({ kind: "notify", method: "terminal", params: { columns: 100, rows: 30 } });

  const handle = async (args) => {
    await client.request("run_command", { name: "handle", args, ctx: {} });
    return told(client).at(-1);
  };
  client.send({ kind: "notify", method: "component_bounds", params: { id: open.id, bounds: { row: 1, col: 10, width: 50, height: 1 } } });
  assert.equal(await handle(""), 'handle hidden=false focused=false bounds={"row":1,"col":10,"width":50,"height":1}');
  client.send({ kind: "notify", method: "component_focus", params: { id: open.id, focused: true } });
  assert.equal(await handle(""), 'handle hidden=false focused=true bounds={"row":1,"col":10,"width":50,"height":1}');
  assert.equal(await handle("hide"), "handle hidden=true focused=true bounds=null");
  assert.equal(await handle("unfocus"), "handle hidden=true focused=false bounds=null");
  assert.equal(await handle("focus"), "handle hidden=true focused=true bounds=null");
  assert.equal(await handle("show"), 'handle hidden=false focused=true bounds={"row":1,"col":10,"width":50,"height":1}');
  assert.deepEqual(notes(client, "overlay"), [
    { id: open.id, call: "setHidden", hidden: true },
    { id: open.id, call: "unfocus", epoch: 1 },
    { id: open.id, call: "focus", epoch: 2 },
    { id: open.id, call: "setHidden", hidden: false },
  ]);
  // Focus the extension moved (epoch 2) is newer than a change tau decided before it heard of it.
  client.send({ kind: "notify", method: "component_focus", params: { id: open.id, focused: false, epoch: 1 } });
  assert.match(await handle(""), /focused=true/);
  client.send({ kind: "notify", method: "component_focus", params: { id: open.id, focused: false, epoch: 2 } });
  assert.match(await handle(""), /focused=false/);
  client.send({ kind: "notify", method: "component_focus", params: { id: open.id, focused: true, epoch: 2 } });

  client.send({ kind: "notify", method: "component_input", params: { id: open.id, data: "k" } });
  await command;
  assert.equal(told(client).at(-1), "overlay got k");
  await client.close();
});

test("handle.hide() removes the overlay; done() afterwards still resolves", async () => {
  const client = await start();
  const command = client.request("run_command", { name: "overlay", args: "", ctx: {} });
  const open = await opened(client, "overlay");
  await client.request("run_command", { name: "handle", args: "remove", ctx: {} });
  assert.deepEqual(notes(client, "component_closed"), [{ id: open.id, reason: "hidden", inputs: 0 }]);
  const gone = await client.request("render", { items: [{ id: open.id, width: 20 }] });
  assert.deepEqual(gone.results, [{ id: open.id, closed: true }]);
  assert.equal(told(client).at(-1), "handle hidden=false focused=false bounds=null");
  // Pi leaves the custom pending until its done(): nothing can call it now, so the host would wait for
  // the command forever.
  void command;
  client.child.kill();
  await client.exited;
});

test("widget, footer and header factories open in their slots and are replaced and removed", async () => {
  const client = await start();
  await client.request("run_command", { name: "slots", args: "", ctx: {} });
  const widget = await opened(client, "widget");
  const footer = await opened(client, "footer");
  const header = await opened(client, "header");
  assert.deepEqual([widget.key, widget.placement], ["w", "belowEditor"]);
  client.send({ kind: "notify", method: "footer_data", params: { gitBranch: "main" } });
  await client.waitNotification((n) => n.method === "request_render" && n.params.id === footer.id);
  const items = [widget, footer, header].map(({ id }) => ({ id, width: 20 }));
  const screen = apply(new Map(), (await client.request("render", { items })).results);
  assert.deepEqual(screen.get(widget.id), ["\x1b[1mwidget\x1b[22m" + " ".repeat(14)]);
  assert.deepEqual(screen.get(footer.id), ["branch main"]);
  assert.deepEqual(screen.get(header.id), [`${ACCENT}header\x1b[39m`]);

  // Opening them again replaces each one.
  await client.request("run_command", { name: "slots", args: "", ctx: {} });
  const replaced = notes(client, "component_closed").map((c) => [c.id, c.reason]);
  assert.deepEqual(replaced, [[widget.id, "replaced"], [footer.id, "replaced"], [header.id, "replaced"]]);
  await client.request("run_command", { name: "slots", args: "clear", ctx: {} });
  assert.equal(notes(client, "component_closed").length, 6);
  await client.close();
});

test("a component that throws keeps its last lines and is reported once per streak", async () => {
  const client = await start();
  const command = client.request("run_command", { name: "boom", args: "", ctx: {} });
  const open = await opened(client, "custom");
  const item = [{ id: open.id, width: 10 }];
  assert.deepEqual((await client.request("render", { items: item })).results, [{ id: open.id, count: 1, changed: [[0, "good"]] }]);
  assert.deepEqual((await client.request("render", { items: item })).results, [{ id: open.id, same: true, failed: true }]);
  assert.deepEqual((await client.request("render", { items: item })).results, [{ id: open.id, same: true, failed: true }]);
  client.send({ kind: "notify", method: "component_input", params: { id: open.id, data: "y" } });
  const errors = async (n) => {
    await client.waitNotification(() => notes(client, "component_error").length >= n);
    return notes(client, "component_error");
  };
  const [render, input] = await errors(2);
  assert.equal(render.where, "render");
  assert.equal(render.extensionPath, path);
  assert.match(render.message, /render broke/);
  assert.equal(input.where, "handleInput");
  assert.match(input.message, /input broke/);
  client.send({ kind: "notify", method: "component_input", params: { id: open.id, data: "q" } });
  await command;
  assert.equal(notes(client, "component_error").length, 2);
  await client.close();
});

test("terminal input listeners consume or rewrite input; setEditorComponent opens an editor component", async () => {
  const client = await start();
  await client.request("run_command", { name: "listen", args: "", ctx: {} });
  assert.deepEqual(notes(client, "input_listeners").at(-1), { count: 1 });
  assert.deepEqual(await client.request("terminal_input", { data: "z" }), { consume: true });
  assert.deepEqual(await client.request("terminal_input", { data: "a" }), { consume: false, data: "b" });
  assert.deepEqual(await client.request("terminal_input", { data: "q" }), { consume: false, data: "q" });
  await client.request("run_command", { name: "editor", args: "", ctx: {} });
  const opened = notes(client, "component_open").find((o) => o.kind === "editor");
  assert.ok(opened, "the extension's editor is opened as a component of kind editor");
  await client.close();
});

test("a message renderer instance renders by id; a palette change invalidates and restyles", async () => {
  const client = await start();
  const { id } = await client.request("renderer_open", { kind: "message", customType: "note", message: { content: "hi" }, options: { expanded: true } });
  const open = notes(client, "component_open").find((o) => o.id === id);
  assert.equal(open.kind, "message");
  assert.deepEqual((await client.request("render", { items: [{ id, width: 30 }] })).results[0].changed, [[0, `${ACCENT}note hi true 0\x1b[39m`]]);
  const none = await client.request("renderer_open", { kind: "message", customType: "other", message: {} });
  assert.deepEqual(none, { id: null });
  client.send({ kind: "notify", method: "theme", params: { palette: { ...PALETTE, fg: { ...PALETTE.fg, accent: "\x1b[31m" } } } });
  assert.deepEqual((await client.request("render", { items: [{ id, width: 30 }] })).results[0].changed, [[0, "\x1b[31mnote hi true 1\x1b[39m"]]);
  client.send({ kind: "notify", method: "component_close", params: { id } });
  assert.deepEqual((await client.request("render", { items: [{ id, width: 30 }] })).results, [{ id, closed: true }]);
  await client.close();
});

test("an entry renderer draws a custom entry with Pi's arguments; one that throws draws Pi's error box", async () => {
  const client = await start();
  const entry = { type: "custom", id: "e1", parentId: null, timestamp: "2026-01-01T00:00:00.000Z", customType: "card", data: { title: "Indexed" } };
  for (const expanded of [false, true]) {
    const { id } = await client.request("renderer_open", { kind: "entry", customType: "card", entry, options: { expanded } });
    assert.equal(notes(client, "component_open").find((o) => o.id === id).kind, "message");
    assert.deepEqual((await client.request("render", { items: [{ id, width: 40 }] })).results[0].changed, [[0, `${ACCENT}card card Indexed ${expanded} function\x1b[39m`]]);
  }
  const full = { ...PALETTE, fg: { ...PALETTE.fg, error: "\x1b[31m" }, bg: { customMessageBg: "\x1b[48;5;17m" } };
  client.send({ kind: "notify", method: "theme", params: { palette: full } });
  const broken = await client.request("renderer_open", { kind: "entry", customType: "broken", entry: { ...entry, customType: "broken" }, options: {} });
  const lines = (await client.request("render", { items: [{ id: broken.id, width: 50 }] })).results[0].changed.map((/** @type {any} */ c) => c[1]);
  assert.equal(lines.length, 3);
  assert.match(lines[1], /\[broken\] renderer failed: no card today/);
  assert.deepEqual(await client.request("renderer_open", { kind: "entry", customType: "silent", entry, options: {} }), { id: null });
  assert.deepEqual(await client.request("renderer_open", { kind: "entry", customType: "unknown", entry, options: {} }), { id: null });
  await client.close();
});

test("a component's tui: nested overlays, hideOverlay, focus on an inner child, terminal hand-over", async () => {
  const client = new HostClient();
  await client.hello();
  await client.load([path], { mode: "interactive", hasUI: true, components: true });
  await client.request("bind", { state: {} });
  const command = client.request("run_command", { name: "nested", args: "", ctx: {} });
  const dialog = await opened(client, "custom");
  const key = (data) => client.send({ kind: "notify", method: "component_input", params: { id: dialog.id, data } });
  key("o");
  const child = await opened(client, "overlay");
  assert.deepEqual([child.parentId, child.custom, child.hasVisible], [dialog.id, undefined, false]);
  assert.deepEqual(child.overlayOptions, { nonCapturing: true, anchor: "center" });
  key("?");
  await waitTold(client, /hasOverlay true/);
  key("h");
  await client.waitNotification((n) => n.method === "component_closed" && n.params.id === child.id && n.params.reason === "hidden");
  key("?");
  await waitTold(client, /hasOverlay false/);

  key("s");
  await waitTold(client, /handed/);
  assert.deepEqual(client.requests.filter((r) => r.method === "terminal_handover").map((r) => r.params.action), ["stop", "start"]);

  // From here on the dialog's keys go to the child it focused.
  key("f");
  await client.waitNotification((n) => n.method === "focus" && n.params.id === dialog.id);
  key("x");
  key("y");
  const [result] = (await client.request("render", { items: [{ id: dialog.id, width: 9 }] })).results;
  assert.deepEqual(result.changed, [[0, "inner true xy"], [1, "w9"]]);

  key("q");
  await command;
  await client.close();
});

test("a reload closes every component and drops the input listeners", async () => {
  const client = await start();
  await client.request("run_command", { name: "slots", args: "", ctx: {} });
  await client.request("run_command", { name: "listen", args: "", ctx: {} });
  const ids = notes(client, "component_open").map((o) => o.id);
  assert.equal(ids.length, 3);
  await client.load([path], { mode: "interactive", hasUI: true });
  assert.deepEqual(notes(client, "component_closed").map((c) => [c.id, c.reason]), ids.map((id) => [id, "reload"]));
  assert.deepEqual(notes(client, "input_listeners").at(-1), { count: 0 });
  assert.deepEqual((await client.request("render", { items: [{ id: ids[0], width: 10 }] })).results, [{ id: ids[0], closed: true }]);
  await client.close();
});

test("keybindings: pi-tui's defaults, tau's definitions and the user's config", async () => {
  const client = await start();
  const keys = async (id) => {
    await client.request("run_command", { name: "keys", args: id, ctx: {} });
    return told(client).at(-1);
  };
  assert.equal(await keys("tui.select.cancel"), 'tui.select.cancel: ["escape","ctrl+c"] true');
  assert.equal(await keys("app.interrupt"), "app.interrupt: [] false");
  client.send({ kind: "notify", method: "keybindings", params: { definitions: { "app.interrupt": { defaultKeys: "escape", description: "Interrupt" } }, user: { "tui.select.cancel": "ctrl+g" } } });
  assert.equal(await keys("app.interrupt"), 'app.interrupt: ["escape"] true');
  assert.equal(await keys("tui.select.cancel"), 'tui.select.cancel: ["ctrl+g"] false');
  await client.close();
});
