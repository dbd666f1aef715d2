// `pi.registerToolRenderer` through `renderer_open`: resolvers in load order, `next()` down to the tool's
// own renderers and tau's built-in ones, a throwing resolver falling back to `next()`.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";

const first = join(fixtures, "tool-renderers-first.ts");
const second = join(fixtures, "tool-renderers-second.ts");

async function start() {
  const client = new HostClient();
  await client.hello();
  const report = await client.load([first, second], { mode: "interactive", hasUI: true, components: true });
  for (const ext of report.extensions) assert.ok(ext.ok, ext.error);
  assert.deepEqual(report.extensions.map((e) => e.toolRenderers), [1, 1]);
  await client.request("bind", { state: {} });
  client.send({ kind: "notify", method: "terminal", params: { columns: 100, rows: 30 } });
  return client;
}

/** Opens the call (or result) renderer of `toolName` and returns its first line, or null. */
async function line(client, toolName, kind = "tool_call", result = undefined) {
  const { id } = await client.request("renderer_open", { kind, toolName, toolCallId: `${toolName}-${kind}`, args: { command: "ls" }, result });
  if (id === null) return null;
  const [answer] = (await client.request("render", { items: [{ id, width: 80 }] })).results;
  return answer.changed[0][1].trimEnd();
}

test("resolvers run in load order; next() reaches later resolvers and the tool's own renderers", async () => {
  const client = await start();
  // first wraps what second gives.
  assert.equal(await line(client, "wrapped"), "first(second wrapped)");
  // second overrides bash's call line; first passes through.
  assert.equal(await line(client, "bash"), "second bash ls");
  // bash's result keeps tau's built-in renderer (next() handed its stand-in through): no instance.
  assert.equal(await line(client, "bash", "tool_result", { content: [{ type: "text", text: "out" }] }), null);
  // No resolver draws `read`: tau draws it itself.
  assert.equal(await line(client, "read"), null);
  // The registered tool's own renderCall is what next() ends at.
  assert.equal(await line(client, "own"), 'own {"command":"ls"}');
  // An unknown tool nobody draws has no instance.
  assert.equal(await line(client, "mcp__x"), null);
  await client.close();
});

test("a throwing resolver counts as next() and is reported as the extension's error", async () => {
  const client = await start();
  assert.equal(await line(client, "broken"), "second broken");
  const logs = client.notifications.filter((n) => n.method === "log" && n.params.level === "error").map((n) => n.params);
  assert.equal(logs.length, 1);
  assert.equal(logs[0].extensionPath, first);
  assert.match(logs[0].message, /registerToolRenderer\(broken\): Error: resolver broke/);
  await client.close();
});
