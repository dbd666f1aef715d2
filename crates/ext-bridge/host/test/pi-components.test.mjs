// Pi's own example extensions with components (overlay-test, question, snake, custom-footer), driven
// through open → render → input → done as tau's interactive mode drives them. Skipped without Pi's
// examples (TAU_PI_EXAMPLES; cargo test sets it when tools/oracle/setup.sh installed Pi).

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { stripVTControlCharacters } from "node:util";
import { HostClient, piExamples, skipExamples } from "./client.mjs";

const PALETTE = {
  name: "test", mode: "dark", colorMode: "256color",
  fg: Object.fromEntries(["accent", "text", "muted", "dim", "success", "warning", "error", "border", "borderAccent", "toolTitle"].map((t, i) => [t, `\x1b[38;5;${i + 1}m`])),
  bg: { selectedBg: "\x1b[48;5;236m" },
};

/** @param {string} name */
async function start(name) {
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([join(/** @type {string} */ (piExamples), name)], { mode: "interactive", hasUI: true, components: true })).extensions;
  assert.ok(ext.ok, ext.error);
  await client.request("bind", { state: { entries: [] } });
  client.send({ kind: "notify", method: "theme", params: { palette: PALETTE } });
  client.send({ kind: "notify", method: "terminal", params: { columns: 100, rows: 40 } });
  return client;
}

/** @param {HostClient} client @param {string} kind */
async function opened(client, kind) {
  const frame = await client.waitNotification((n) => n.method === "component_open" && n.params.kind === kind);
  return frame.params;
}

/** Renders one component and returns its plain lines (the full answer: first render at this width). */
async function plain(client, id, width) {
  const [result] = (await client.request("render", { items: [{ id, width }] })).results;
  assert.ok(!result.same && !result.closed, JSON.stringify(result));
  const lines = Array(result.count).fill("");
  for (const [i, line] of result.changed) lines[i] = line;
  return lines.map((l) => stripVTControlCharacters(l));
}

/** @param {HostClient} client @param {number} id @param {string} data */
const key = (client, id, data) => client.send({ kind: "notify", method: "component_input", params: { id, data } });

test("overlay-test: an overlay sized by the component's width, typed into, answered with enter", { skip: skipExamples }, async () => {
  const client = await start("overlay-test.ts");
  const command = client.request("run_command", { name: "overlay-test", args: "", ctx: {} });
  const open = await opened(client, "overlay");
  assert.deepEqual(open.overlayOptions, { width: 70 });
  assert.equal(open.focusable, true);
  client.send({ kind: "notify", method: "component_focus", params: { id: open.id, focused: true } });
  const before = await plain(client, open.id, 70);
  assert.ok(before.some((l) => l.includes("Search")), before.join("\n"));
  for (const ch of "hi") key(client, open.id, ch);
  key(client, open.id, "\r");
  await command;
  const told = client.notifications.filter((n) => n.method === "ui" && n.params.method === "notify").map((n) => n.params.args[0]);
  assert.deepEqual(told, ['Search: "hi"']);
  await client.close();
});

test("question: the tool's custom dialog is answered by keys, and its renderCall renders by id", { skip: skipExamples }, async () => {
  const client = await start("question.ts");
  const params = { question: "Which colour?", options: [{ label: "Red" }, { label: "Blue", description: "like the sky" }] };
  const run = client.request("execute_tool", { tool: "question", toolCallId: "q1", params, ctx: {} });
  const open = await opened(client, "custom");
  const lines = await plain(client, open.id, 60);
  assert.ok(lines.some((l) => l.includes("Which colour?")), lines.join("\n"));
  assert.ok(lines.some((l) => l.includes("Red")) && lines.some((l) => l.includes("like the sky")), lines.join("\n"));
  key(client, open.id, "\x1b[B");
  await client.waitNotification((n) => n.method === "request_render" && n.params.id === open.id);
  key(client, open.id, "\r");
  const result = await run;
  assert.match(JSON.stringify(result.content), /Blue/);
  assert.equal(result.details.answer, "Blue");
  const closed = client.notifications.find((n) => n.method === "component_closed" && n.params.id === open.id);
  assert.equal(closed.params.reason, "done");

  const { id } = await client.request("renderer_open", { kind: "tool_call", toolName: "question", toolCallId: "q1", args: params });
  const call = await plain(client, id, 60);
  assert.match(call.join("\n"), /question Which colour\?/);
  await client.close();
});

test("snake: a game that renders on its own timer and quits with q", { skip: skipExamples }, async () => {
  const client = await start("snake.ts");
  const command = client.request("run_command", { name: "snake", args: "", ctx: {} });
  const open = await opened(client, "custom");
  const board = await plain(client, open.id, 80);
  assert.ok(board.length > 5, board.join("\n"));
  assert.match(board.join("\n"), /SNAKE|Score/i);
  // The game loop asks for frames by itself.
  await client.waitNotification((n) => n.method === "request_render" && n.params.id === open.id, 3000);
  key(client, open.id, "q");
  await command;
  const closed = client.notifications.find((n) => n.method === "component_closed" && n.params.id === open.id);
  assert.equal(closed.params.reason, "done");
  await client.close();
});

test("custom-footer: a footer factory reading footer data, removed by the second toggle", { skip: skipExamples }, async () => {
  const client = await start("custom-footer.ts");
  await client.request("run_command", { name: "footer", args: "", ctx: {} });
  const open = await opened(client, "footer");
  client.send({ kind: "notify", method: "footer_data", params: { gitBranch: "dev" } });
  await client.waitNotification((n) => n.method === "request_render" && n.params.id === open.id);
  const [line] = await plain(client, open.id, 60);
  assert.match(line, /^↑0 ↓0 \$0\.000 +no-model \(dev\)$/);
  assert.equal(line.length, 60);
  await client.request("run_command", { name: "footer", args: "", ctx: {} });
  const closed = client.notifications.find((n) => n.method === "component_closed" && n.params.id === open.id);
  assert.equal(closed.params.reason, "replaced");
  await client.close();
});
