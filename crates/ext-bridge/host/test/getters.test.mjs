// Pi's getters over the mirror: flag values while loading and after, commands by invocation name
// (duplicates renamed, later ones listed), load conflicts, getAllTools' sourceInfo and exposure,
// the tool ctx's tools and executeTool, entries an extension writes visible at once, Pi's
// buildContextEntries/buildSessionProjection, and setThinkingLevel clamped to the model.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";
import { StateMirror } from "../src/state.mjs";
import { clampThinkingLevel } from "../src/api.mjs";
import { resolveCommands } from "../src/registry.mjs";

const first = join(fixtures, "getters", "first.ts");
const second = join(fixtures, "getters", "second.ts");
const header = { type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" };
const user = { type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "hi", timestamp: 1 } };
const tool = (/** @type {string} */ name) => ({ name, description: `${name} tool`, parameters: { type: "object", properties: {} } });

/** @param {HostClient} client */
async function loadBoth(client) {
  const { extensions } = await client.request("load", {
    extensions: [{ path: first, cli: true }, { path: second }],
    cwd: process.cwd(),
    mode: "print",
    hasUI: false,
    flags: { level: "high", loud: true },
  });
  return extensions;
}

test("getters answer as Pi's: flags, commands, tools, entries written at once, context, thinking level", async () => {
  const client = new HostClient();
  await client.hello();
  const [one, two] = await loadBoth(client);
  assert.deepEqual(one.commands.map((/** @type {any} */ c) => c.name), ["same:1"]);
  assert.deepEqual(two.commands.map((/** @type {any} */ c) => c.name), ["same:2"]);
  await client.request("bind", {
    state: {
      entries: [header, user],
      model: { provider: "mock", id: "plain", reasoning: false },
      thinkingLevel: "off",
      allTools: [tool("read"), tool("first_tool")],
      activeTools: ["read", "first_tool"],
    },
  });
  const start = one.handlers.find((/** @type {any} */ h) => h.event === "session_start");
  const { value: seen } = await client.request("invoke", { handlerId: start.id, event: { type: "session_start", reason: "startup" }, ctx: {} });
  // While the factory ran: undefined before registering, then the default; after loading, the command line's value.
  assert.equal(seen.loadFlag, undefined);
  assert.equal(seen.loadFlagAfterRegister, "low");
  assert.equal(seen.loadBoolAfterRegister, false);
  assert.equal(seen.flag, "high");
  assert.equal(seen.bool, true);
  assert.deepEqual(seen.commands, [
    { name: "same:1", description: "first same", source: "extension", sourceInfo: { path: first, source: "cli", scope: "temporary", origin: "top-level" } },
    { name: "same:2", description: "second same", source: "extension", sourceInfo: { path: second, source: "local", scope: "project", origin: "top-level" } },
  ]);
  assert.deepEqual(seen.commandsLater, ["same:1", "later", "same:2"]);
  assert.deepEqual(
    seen.allTools.map((/** @type {any} */ t) => [t.name, t.exposure, t.sourceInfo.path, t.sourceInfo.source, t.namespace, t.annotations]),
    [
      ["read", "direct", "builtin:read", "builtin", undefined, undefined],
      ["first_tool", "direct", first, "cli", "demo", { readOnlyHint: true }],
    ],
  );
  assert.equal(seen.appended.type, "custom");
  assert.equal(seen.appended.customType, "note");
  assert.deepEqual(seen.appended.data, { n: 1 });
  assert.equal(seen.appended.parentId, "u1");
  assert.match(seen.appended.id, /^[0-9a-f]{8}$/);
  assert.ok(seen.leafIsAppended);
  assert.deepEqual(seen.name, ["named now", "named now"]);
  assert.equal(seen.label, "mark");
  assert.deepEqual(seen.branch, ["message", "custom", "session_info", "label"]);
  assert.deepEqual(seen.contextEntries, ["message", "custom", "session_info", "label"]);
  assert.deepEqual(seen.projection, ["user"]);
  // A model without reasoning supports only "off".
  assert.equal(seen.thinking, "off");
  // tau is asked to write each entry with the id and timestamp the extension saw.
  const append = client.requests.find((r) => r.params.name === "appendEntry");
  assert.deepEqual(append.params.args, ["note", { n: 1 }, { id: seen.appended.id, timestamp: seen.appended.timestamp }]);
  const label = client.requests.find((r) => r.params.name === "setLabel");
  assert.equal(label.params.args[0], seen.appended.id);
  assert.match(label.params.args[2].id, /^[0-9a-f]{8}$/);
  await client.close();
});

test("the tool ctx lists the active tools and runs another tool through tau", async () => {
  const nested = { toolCall: { type: "toolCall", id: "c1/1", name: "read", arguments: { path: "x" } }, result: { content: [] }, isError: false };
  const client = new HostClient({ onRequest: (frame) => (frame.params?.name === "executeTool" ? nested : {}) });
  await client.hello();
  await loadBoth(client);
  await client.request("bind", { state: { allTools: [tool("read"), tool("bash"), tool("first_tool")], activeTools: ["read", "first_tool"] } });
  const result = await client.request("execute_tool", { tool: "first_tool", toolCallId: "c1", params: {}, ctx: {} });
  const answer = JSON.parse(result.content[0].text);
  assert.deepEqual(answer.tools, [["read", "read"], ["first_tool", "First"]]);
  assert.deepEqual(answer.nested, nested);
  const call = client.requests.find((r) => r.params.name === "executeTool");
  assert.deepEqual(call.params.args, ["read", { path: "x" }, { parentToolCallId: "c1" }]);
  await client.close();
});

test("ctx.tools are Pi's AgentTools: an extension's runs with a tool ctx of its own, a built-in runs Pi's tool in the session's cwd", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tau-ctx-tools-"));
  writeFileSync(join(dir, "a.txt"), "a");
  const client = new HostClient();
  await client.hello();
  await client.load([join(fixtures, "getters", "ctx-tools.ts")]);
  await client.request("bind", { state: { cwd: dir, allTools: [tool("ls"), tool("echo_tool"), tool("caller")], activeTools: ["ls", "echo_tool", "caller"] } });
  const result = await client.request("execute_tool", { tool: "caller", toolCallId: "c1", params: {}, ctx: {} });
  const answer = JSON.parse(result.content[0].text);
  assert.deepEqual(answer.echo, { content: [{ type: "text", text: "hi as n1" }], details: { cwd: dir, tools: 3 } });
  assert.deepEqual(answer.ls, [{ type: "text", text: "a.txt" }]);
  assert.deepEqual(answer.kinds, { ls: "function", echo_tool: "function", caller: "function" });
  // The fields Pi's wrapToolDefinition gives every AgentTool.
  assert.deepEqual(answer.echoKeys, ["constrainedSampling", "description", "execute", "executionMode", "label", "name", "outputSchema", "parameters", "prepareArguments"]);
  assert.deepEqual(client.requests.filter((r) => r.method === "action").map((r) => r.params.name), []);
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a tool or flag an earlier extension registered is a load error of the later one", async () => {
  const client = new HostClient({ env: { ...process.env, TAU_TEST_CLASH: "1" } });
  await client.hello();
  const [one, ...rest] = await loadBoth(client);
  assert.equal(one.ok, true);
  assert.deepEqual(rest, [
    { path: second, ok: false, error: `Tool "first_tool" conflicts with ${first}` },
    { path: second, ok: false, error: `Flag "--level" conflicts with ${first}` },
  ]);
  await client.close();
});

test("tau's delta puts an entry the host already shows in tau's order, without a copy", () => {
  const mirror = new StateMirror();
  mirror.apply({ entries: [header, user] });
  const mine = mirror.provisional({ type: "custom", customType: "note" }, { fieldsFirst: true });
  assert.deepEqual(Object.keys(mine), ["type", "customType", "id", "parentId", "timestamp"]);
  assert.equal(mirror.leafId, mine.id);
  // tau wrote an assistant message first, then the extension's entry under it.
  const reply = { type: "message", id: "a1", parentId: "u1", timestamp: "t", message: { role: "assistant", content: [] } };
  mirror.apply({ appendedEntries: [reply, { ...mine, parentId: "a1" }] });
  assert.deepEqual(mirror.entries.map((e) => [e.id, e.parentId]), [["u1", null], ["a1", "u1"], [mine.id, "a1"]]);
  assert.equal(mirror.leafId, mine.id);
  // One tau refused leaves again.
  const refused = mirror.provisional({ type: "label", targetId: "nope" });
  mirror.drop(refused.id);
  assert.equal(mirror.leafId, mine.id);
  assert.equal(mirror.entries.length, 3);
});

test("thinking levels clamp as Pi's: up to the next supported level, xhigh only when mapped", () => {
  assert.equal(clampThinkingLevel({ reasoning: false }, "high"), "off");
  assert.equal(clampThinkingLevel({ reasoning: true }, "xhigh"), "high");
  assert.equal(clampThinkingLevel({ reasoning: true, thinkingLevelMap: { xhigh: "max" } }, "xhigh"), "xhigh");
  assert.equal(clampThinkingLevel({ reasoning: true, thinkingLevelMap: { minimal: null } }, "minimal"), "low");
  assert.equal(clampThinkingLevel(undefined, "max"), "max");
});

test("a command name registered twice is invoked as name:1 and name:2, skipping taken names", () => {
  const record = (/** @type {string[]} */ names) => ({ commands: new Map(names.map((name) => [name, { name }])) });
  const resolved = resolveCommands(/** @type {any} */ ([record(["a", "a:2"]), record(["a"]), record(["b"])]));
  assert.deepEqual(resolved.map((c) => c.invocationName), ["a:1", "a:2", "a:3", "b"]);
});

test("in the terminal UI an extension's process.stdout.write goes to tau to write between frames", async () => {
  const client = new HostClient({ env: { ...process.env, TAU_EXT_TERMINAL: "1" } });
  await client.hello();
  const path = join(fixtures, "getters", "terminal-writer.ts");
  await client.load([path]);
  const writes = () => client.notifications.filter((n) => n.method === "ui" && n.params.method === "writeTerminal");
  await client.waitNotification(() => writes().length === 2);
  assert.deepEqual(
    writes().map((n) => n.params),
    [
      { extensionPath: path, method: "writeTerminal", args: ["\x1b]777;notify;tau;done\x07"] },
      { extensionPath: path, method: "writeTerminal", args: ["plain line\n"] },
    ],
  );
  assert.equal(client.stdout, "");
  await client.close();
});
