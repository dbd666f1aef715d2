// Loading faults, two-phase init, actions, handler invocation, tools with updates and abort.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";

test("a throwing factory is reported with its path while the others load", async () => {
  const client = new HostClient();
  await client.hello();
  const { extensions } = await client.load([join(fixtures, "throws.ts"), join(fixtures, "slow-tool.ts"), join(fixtures, "missing.ts")]);
  assert.equal(extensions[0].ok, false);
  assert.equal(extensions[0].path, join(fixtures, "throws.ts"));
  assert.equal(extensions[0].error, "Failed to load extension: factory exploded");
  assert.match(extensions[0].stack, /throws\.ts/);
  assert.equal(extensions[1].ok, true);
  assert.deepEqual(extensions[1].tools.map((/** @type {any} */ t) => t.name), ["slow"]);
  assert.deepEqual(extensions[1].tools[0].parameters.properties.mode, { type: "string", enum: ["finish", "wait"] });
  assert.equal(extensions[2].error, `Extension path does not exist: ${join(fixtures, "missing.ts")}`);
  await client.close();
});

test("a package folder loads its pi.extensions entries, with the package's own dependencies", async () => {
  const client = new HostClient();
  await client.hello();
  const { extensions } = await client.load([join(fixtures, "pkg")]);
  assert.deepEqual(extensions.map((/** @type {any} */ e) => [e.path, e.ok]), [
    [join(fixtures, "pkg", "lib", "one.ts"), true],
    [join(fixtures, "pkg", "lib", "two.js"), true],
  ]);
  assert.deepEqual(extensions[0].commands, [{ name: "one", description: "from local-dep" }]);
  assert.deepEqual(extensions[1].handlers.map((/** @type {any} */ h) => h.event), ["turn_start", "session_directory"]);
  const value = await client.request("invoke", { handlerId: extensions[1].handlers[0].id, event: { type: "turn_start" }, ctx: {} });
  assert.deepEqual(value, { value: "two" });
  await client.close();
});

test("actions throw Pi's runtime-not-initialized error before bind and are forwarded after", async () => {
  const client = new HostClient();
  await client.hello();
  const path = join(fixtures, "early-action.ts");
  const [ext] = (await client.load([path], { flags: { verbose: true }, mode: "tui", hasUI: true })).extensions;
  assert.deepEqual(ext.flags, [{ name: "verbose", type: "boolean", default: false, description: "talk more" }]);
  await client.request("bind", { state: { activeTools: ["read", "bash"] } });
  await client.request("run_command", { name: "early", args: "now", ctx: {} });
  // Actions are sent before the command's response, so they have all arrived by now.
  const append = client.requests.find((r) => r.params.name === "appendEntry");
  // The entry's id and timestamp, as the host already shows it (getters.test.mjs).
  assert.match(append.params.args.pop().id, /^[0-9a-f]{8}$/);
  assert.deepEqual(append.params, {
    extensionPath: path,
    name: "appendEntry",
    args: [
      "early-report",
      {
        early: "Extension runtime not initialized. Action methods cannot be called during extension loading.",
        args: "now",
        flag: true,
        tools: ["read", "bash"],
      },
    ],
  });
  const setTools = client.requests.find((r) => r.params.name === "setActiveTools");
  assert.deepEqual(setTools.params.args, [["read"]]);
  const notify = await client.waitNotification((n) => n.method === "ui");
  assert.deepEqual(notify.params, { extensionPath: path, method: "notify", args: ["active: read", "info"] });
  await client.waitStderr(new RegExp(`\\[${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\] log: command ran`));
  await client.close();
});

test("a handler's in-place event mutation is sent back", async () => {
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([join(fixtures, "early-action.ts")])).extensions;
  const input = ext.handlers.find((/** @type {any} */ h) => h.event === "input");
  const result = await client.request("invoke", { handlerId: input.id, event: { type: "input", text: "hi" }, ctx: {} });
  assert.deepEqual(result, { value: { action: "continue" }, event: { type: "input", text: "hi!" } });
  await client.close();
});

test("a tool streams updates, returns its result, and stops on cancel", async () => {
  const client = new HostClient();
  await client.hello();
  await client.load([join(fixtures, "slow-tool.ts")]);
  await client.request("bind", { state: { cwd: "/work/tmp-cwd" } });
  const done = await client.request("execute_tool", { tool: "slow", toolCallId: "call-1", params: { mode: "finish" }, ctx: {} });
  assert.deepEqual(done, { content: [{ type: "text", text: "done call-1 in /work/tmp-cwd" }], details: { ok: true } });
  const updates = client.notifications.filter((n) => n.method === "tool_update").map((n) => n.params);
  assert.deepEqual(updates, [
    { toolCallId: "call-1", partialResult: { content: [{ type: "text", text: "step 1" }], details: { step: 1 } } },
    { toolCallId: "call-1", partialResult: { content: [{ type: "text", text: "step 2" }], details: { step: 2 } } },
  ]);

  const pending = client.requestFrame("execute_tool", { tool: "slow", toolCallId: "call-2", params: { mode: "wait" }, ctx: {} });
  await client.waitNotification((n) => n.method === "tool_update" && n.params.toolCallId === "call-2");
  client.send({ kind: "notify", method: "cancel", params: { requestId: pending.id } });
  const frame = /** @type {any} */ (await pending);
  assert.equal(frame.error.message, "aborted by tau");
  assert.equal(frame.error.extensionPath, join(fixtures, "slow-tool.ts"));
  await client.close();
});

test("the session manager view answers Pi's read API over mirrored entries", async () => {
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([join(fixtures, "session-view.ts")])).extensions;
  const ts = (/** @type {number} */ n) => `2026-01-01T00:00:0${n}.000Z`;
  const entries = [
    { type: "session", version: 3, id: "sess", timestamp: ts(0), cwd: "/w" },
    { type: "message", id: "a", parentId: null, timestamp: ts(1), message: { role: "user", content: "hi" } },
    { type: "message", id: "b", parentId: "a", timestamp: ts(2), message: { role: "assistant", content: [] } },
    { type: "message", id: "c", parentId: "a", timestamp: ts(3), message: { role: "user", content: "alt" } },
    { type: "label", id: "d", parentId: "c", timestamp: ts(4), targetId: "b", label: "first" },
    { type: "session_info", id: "e", parentId: "d", timestamp: ts(5), name: " My session " },
  ];
  await client.request("bind", { state: { entries, leafId: "c", sessionFile: "/w/s.jsonl" } });
  const { value } = await client.request("invoke", { handlerId: ext.handlers[0].id, event: { type: "session_start" }, ctx: {} });
  assert.deepEqual(value, {
    header: "sess",
    count: 5,
    branch: ["a", "c"],
    leaf: "c",
    label: "first",
    name: "My session",
    file: "/w/s.jsonl",
    tree: [{ id: "a", children: [{ id: "b", label: "first" }, { id: "c", children: [{ id: "d", children: [{ id: "e" }] }] }] }],
  });
  client.send({ kind: "notify", method: "state", params: { appendedEntries: [{ type: "label", id: "f", parentId: "e", timestamp: ts(6), targetId: "b", label: "" }] } });
  const after = await client.request("invoke", { handlerId: ext.handlers[0].id, event: { type: "session_start" }, ctx: {} });
  assert.equal(after.value.label, undefined);
  assert.equal(after.value.leaf, "f");
  await client.close();
});

test("uncaught errors and rejections from extensions are reported, the bus is shared, the host survives", async () => {
  const client = new HostClient();
  await client.hello();
  const faulty = join(fixtures, "faulty.ts");
  const [ext] = (await client.load([faulty, join(fixtures, "listener.js")])).extensions;
  await client.request("bind", { state: {} });
  const result = await client.request("invoke", { handlerId: ext.handlers[0].id, event: { type: "agent_start" }, ctx: {} });
  assert.deepEqual(result, { value: "started" });
  const logs = () => client.notifications.filter((n) => n.method === "log").map((n) => n.params);
  await client.waitNotification((n) => n.method === "log" && /late timer failure/.test(n.params.message));
  await client.waitNotification((n) => n.method === "log" && /floating rejection/.test(n.params.message));
  const listener = await client.waitNotification((n) => n.method === "log" && /listener failure/.test(n.params.message));
  assert.equal(listener.params.extensionPath, faulty);
  assert.match(listener.params.message, /^events:faulty:ping: /);
  assert.ok(logs().every((l) => l.level === "error"));
  const ping = client.requests.find((r) => r.params.name === "appendEntry");
  // The third argument is the id and timestamp the host already shows the entry with.
  assert.deepEqual(ping.params.args.slice(0, 2), ["pinged", { n: 1 }]);
  assert.match(ping.params.args[2].id, /^[0-9a-f]{8}$/);
  assert.deepEqual(await client.request("bind", { state: {} }), {}, "the host still answers");
  await client.close();
});

test("Pi's errors for a non-object tool schema and for using a failed extension's API", async () => {
  const client = new HostClient();
  await client.hello();
  const failed = join(fixtures, "stash-then-throw.ts");
  const { extensions } = await client.load([failed, join(fixtures, "use-stash.ts")]);
  assert.equal(extensions[0].ok, false);
  const described = Object.fromEntries(extensions[1].commands.map((/** @type {any} */ c) => [c.name, c.description]));
  assert.equal(described["schema-error"], `Tool "bad" registered by extension "${failed}" must define an object parameter schema.`);
  assert.equal(described["stale-error"], `Extension "${failed}" failed to load and its API is no longer active.`);
  await client.close();
});
