// ctx.ui with and without UI.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";

const path = join(fixtures, "ui.ts");

test("without UI every member gives Pi's no-UI fallback and nothing is sent", async () => {
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([path], { mode: "print", hasUI: false })).extensions;
  const { value } = await client.request("invoke", { handlerId: ext.handlers[0].id, event: { type: "before_agent_start" }, ctx: {} });
  assert.deepEqual(value, {
    hasUI: false, mode: "print", select: "none", confirm: false, input: "none", editorText: "", theme: "plain",
    setTheme: { success: false, error: "UI not available" }, custom: "none",
  });
  assert.equal(client.requests.length, 0);
  assert.equal(client.notifications.filter((n) => n.method === "ui").length, 0);
  await client.close();
});

test("with UI dialogs are ui requests, a timeout resolves to the fallback, notifications are sent", async () => {
  const client = new HostClient({
    onRequest: async (frame) => {
      if (frame.params.method === "select") return "b";
      if (frame.params.method === "confirm") return new Promise(() => {}); // never answered
      return null; // input: dismissed
    },
  });
  await client.hello();
  const [ext] = (await client.load([path], { mode: "tui", hasUI: true })).extensions;
  const { value } = await client.request("invoke", { handlerId: ext.handlers[0].id, event: { type: "before_agent_start" }, ctx: {} });
  assert.deepEqual(value, {
    hasUI: true, mode: "tui", select: "b", confirm: false, input: "none", editorText: "", theme: "plain",
    setTheme: { success: false, error: "Theme switching not supported by tau" }, custom: "none",
  });
  assert.deepEqual(client.requests.map((r) => [r.params.method, r.params.args]), [
    ["select", ["pick", ["a", "b"]]],
    ["confirm", ["sure?", "really", { timeout: 50 }]],
    ["input", ["name"]],
  ]);
  const ui = client.notifications.filter((n) => n.method === "ui").map((n) => [n.params.method, n.params.args]);
  assert.deepEqual(ui, [["notify", ["hello", "warning"]], ["setStatus", ["k", "busy"]]]);
  await client.close();
});
