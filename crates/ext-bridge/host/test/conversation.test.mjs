// The shim's pure conversation helpers, checked on fixed cases and, when the reference package is
// installed, against Pi's own functions on the same messages.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import * as shim from "../src/shim/pi-coding-agent.mjs";
import { piPackage, skipPiPackage } from "./client.mjs";

const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15 };
const messages = [
  { role: "user", content: "fix the bug", timestamp: 1 },
  { role: "user", content: [{ type: "text", text: "see" }, { type: "image", data: "AA", mimeType: "image/png" }], timestamp: 2 },
  {
    role: "assistant",
    content: [
      { type: "thinking", thinking: "hmm" },
      { type: "text", text: "Looking." },
      { type: "toolCall", id: "c1", name: "read", arguments: { path: "a.ts", offset: 3 } },
      { type: "toolCall", id: "c2", name: "ls", arguments: {} },
    ],
    usage,
    stopReason: "toolUse",
    timestamp: 3,
  },
  { role: "toolResult", toolCallId: "c1", toolName: "read", content: [{ type: "text", text: "x".repeat(2500) }], isError: false, timestamp: 4 },
  { role: "toolResult", toolCallId: "c2", toolName: "ls", content: [], isError: false, timestamp: 5 },
  { role: "bashExecution", command: "make", output: "", exitCode: 2, cancelled: false, truncated: false, timestamp: 6 },
  { role: "bashExecution", command: "secret", output: "s", exitCode: 0, cancelled: false, truncated: false, excludeFromContext: true, timestamp: 7 },
  { role: "bashExecution", command: "big", output: "out", exitCode: 0, cancelled: true, truncated: true, fullOutputPath: "/tmp/o", timestamp: 8 },
  { role: "custom", customType: "note", content: "remember", display: true, timestamp: 9 },
  { role: "branchSummary", summary: "went left", fromId: "e1", timestamp: 10 },
  { role: "compactionSummary", summary: "earlier stuff", tokensBefore: 100, timestamp: 11 },
  { role: "mystery", timestamp: 12 },
];

test("convertToLlm, serializeConversation and estimateTokens on fixed cases", () => {
  const llm = shim.convertToLlm(messages);
  assert.deepEqual(llm.map((/** @type {any} */ m) => m.role), ["user", "user", "assistant", "toolResult", "toolResult", "user", "user", "user", "user", "user"]);
  assert.equal(llm[5].content[0].text, "Ran `make`\n(no output)\n\nCommand exited with code 2");
  assert.equal(llm[6].content[0].text, "Ran `big`\n```\nout\n```\n\n(command cancelled)\n\n[Output truncated. Full output: /tmp/o]");
  assert.equal(llm[8].content[0].text, "The following is a summary of a branch that this conversation came back from:\n\n<summary>\nwent left</summary>");
  const text = shim.serializeConversation(llm);
  assert.ok(text.startsWith("[User]: fix the bug\n\n[User]: see\n\n[Assistant]: Looking.\n\n[Assistant tool calls]: read(path=\"a.ts\", offset=3); ls()\n\n[Tool result]: xxx"));
  assert.ok(text.includes("\n\n[... 500 more characters truncated]\n\n[User]: Ran `make`"));
  assert.equal(shim.estimateTokens(messages[1]), Math.ceil((3 + 4800) / 4));
  assert.equal(shim.estimateTokens(messages[2]), Math.ceil((3 + 8 + 4 + JSON.stringify({ path: "a.ts", offset: 3 }).length + 2 + 2) / 4));
  assert.equal(shim.calculateContextTokens({ input: 1, output: 2, cacheRead: 3, cacheWrite: 4 }), 10);
  assert.deepEqual(shim.getLastAssistantUsage([{ type: "message", message: messages[2] }, { type: "label" }]), usage);
  assert.equal(shim.shouldCompact(90, 100, { enabled: true, reserveTokens: 20 }), true);
  assert.equal(shim.shouldCompact(90, 100, { enabled: false, reserveTokens: 20 }), false);
  assert.deepEqual(
    [shim.formatReadLineRange(undefined, undefined), shim.formatReadLineRange(5), shim.formatReadLineRange(5, 10), shim.formatReadLineRange("x", 2), shim.formatReadLineRange(undefined, "3")],
    ["", ":5", ":5-14", "", ":1-3"],
  );
});

test("the helpers agree with Pi's own on the same messages", { skip: skipPiPackage }, async () => {
  const dist = join(/** @type {string} */ (piPackage), "dist");
  const { convertToLlm } = await import(join(dist, "core", "messages.js"));
  const { serializeConversation } = await import(join(dist, "core", "compaction", "utils.js"));
  const pi = await import(join(dist, "core", "compaction", "compaction.js"));
  const { formatReadLineRange } = await import(join(dist, "core", "tools", "render-utils.js"));
  assert.deepEqual(shim.convertToLlm(messages), convertToLlm(messages));
  assert.equal(shim.serializeConversation(shim.convertToLlm(messages)), serializeConversation(convertToLlm(messages)));
  for (const message of messages.slice(0, -1)) assert.equal(shim.estimateTokens(message), pi.estimateTokens(message), message.role);
  const entries = [{ type: "message", message: messages[2] }, { type: "message", message: { ...messages[2], stopReason: "aborted" } }];
  assert.deepEqual(shim.getLastAssistantUsage(entries), pi.getLastAssistantUsage(entries));
  for (const [offset, limit] of [[undefined, undefined], [5, undefined], [5, 10], ["7", "2"], [0, 1], ["", 3], [null, 4]]) {
    assert.equal(shim.formatReadLineRange(offset, limit), formatReadLineRange(offset, limit), `${offset}, ${limit}`);
  }
});
