// Pi's own example extensions, loaded unmodified from the reference package (TAU_PI_EXAMPLES).

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, piExamples, skipExamples } from "./client.mjs";

const example = (/** @type {string} */ name) => join(/** @type {string} */ (piExamples), name);

test("registrations of permission-gate, todo, commands and plan-mode", { skip: skipExamples }, async () => {
  const client = new HostClient();
  await client.hello();
  const { extensions } = await client.load([example("permission-gate.ts"), example("todo.ts"), example("commands.ts"), example("plan-mode")]);
  const [gate, todo, commands, plan] = extensions;
  assert.ok(extensions.every((/** @type {any} */ e) => e.ok), JSON.stringify(extensions.filter((/** @type {any} */ e) => !e.ok)));
  assert.deepEqual(gate.handlers.map((/** @type {any} */ h) => h.event), ["tool_call"]);
  assert.deepEqual(todo.tools.map((/** @type {any} */ t) => t.name), ["todo"]);
  assert.equal(todo.tools[0].parameters.type, "object");
  assert.deepEqual(todo.tools[0].parameters.properties.action.enum, ["list", "add", "toggle", "clear"]);
  assert.ok(todo.tools[0].functions.includes("execute"));
  assert.deepEqual(commands.commands.map((/** @type {any} */ c) => c.name), ["commands"]);
  assert.equal(plan.path, example("plan-mode"));
  assert.equal(plan.resolvedPath, join(example("plan-mode"), "index.ts"));
  assert.ok(plan.flags.some((/** @type {any} */ f) => f.name === "plan"), JSON.stringify(plan.flags));
  const ids = extensions.flatMap((/** @type {any} */ e) => e.handlers.map((/** @type {any} */ h) => h.id));
  assert.equal(new Set(ids).size, ids.length, "handler ids are unique across extensions");
  await client.close();
});

test("permission-gate blocks a dangerous command without UI and asks tau with UI", { skip: skipExamples }, async () => {
  const event = { type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "sudo rm -rf /" } };
  const noUi = new HostClient();
  await noUi.hello();
  const [gate] = (await noUi.load([example("permission-gate.ts")])).extensions;
  await noUi.request("bind", { state: {} });
  const blocked = await noUi.request("invoke", { handlerId: gate.handlers[0].id, event, ctx: {} });
  assert.deepEqual(blocked, { value: { block: true, reason: "Dangerous command blocked (no UI for confirmation)" } });
  const harmless = await noUi.request("invoke", { handlerId: gate.handlers[0].id, event: { ...event, input: { command: "ls" } }, ctx: {} });
  assert.deepEqual(harmless, { value: null });
  await noUi.close();

  const withUi = new HostClient({ onRequest: (frame) => (frame.method === "ui" ? "Yes" : {}) });
  await withUi.hello();
  const [gate2] = (await withUi.load([example("permission-gate.ts")], { mode: "tui", hasUI: true })).extensions;
  await withUi.request("bind", { state: {} });
  const allowed = await withUi.request("invoke", { handlerId: gate2.handlers[0].id, event, ctx: {} });
  assert.deepEqual(allowed, { value: null });
  const ui = withUi.requests.find((r) => r.method === "ui");
  assert.equal(ui.params.method, "select");
  assert.equal(ui.params.extensionPath, example("permission-gate.ts"));
  assert.deepEqual(ui.params.args[1], ["Yes", "No"]);
  await withUi.close();
});

test("todo's tool runs against the mirrored session and its command reads the branch", { skip: skipExamples }, async () => {
  const client = new HostClient();
  await client.hello();
  const [todo] = (await client.load([example("todo.ts")])).extensions;
  await client.request("bind", { state: { entries: [] } });
  const added = await client.request("execute_tool", { tool: "todo", toolCallId: "t1", params: { action: "add", text: "write tests" }, ctx: {} });
  assert.match(added.content[0].text, /write tests/);
  assert.equal(added.details.todos.length, 1);
  assert.equal(todo.commands[0].name, "todos");
  await client.close();
});
