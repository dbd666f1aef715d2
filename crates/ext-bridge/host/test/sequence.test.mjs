// invoke_sequence: several handlers of one event in one request, each seeing the previous
// one's in-place edits, stopping where tau asked.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";

test("handlers run in order on one event and the sequence stops at a block or a throw", async () => {
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([join(fixtures, "sequence.ts")])).extensions;
  await client.request("bind", { state: {} });
  const handlerIds = ext.handlers.map((/** @type {any} */ h) => h.id);
  const run = (/** @type {string} */ command) =>
    client.request("invoke_sequence", {
      handlerIds,
      event: { type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command } },
      ctx: {},
      stopWhen: "block",
      stopOnError: true,
    });

  const all = await run("ls");
  assert.equal(all.results.length, 3);
  assert.equal(all.results[0].event.input.command, "ls -a");
  assert.equal(all.results[1].event, undefined, "unchanged by the second handler");
  assert.equal(all.results[2].event.input.command, "ls -a -c");

  const blocked = await run("rm x");
  assert.equal(blocked.results.length, 2, "the third handler never ran");
  assert.deepEqual(blocked.results[1].value, { block: true, reason: "no rm" });

  const thrown = await run("boom");
  assert.equal(thrown.results.length, 2);
  assert.equal(thrown.results[1].error.message, "gate exploded");
  assert.equal(thrown.results[1].error.extensionPath, join(fixtures, "sequence.ts"));
  await client.close();
});
