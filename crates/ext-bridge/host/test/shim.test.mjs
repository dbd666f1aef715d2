// The pi-coding-agent shim and the pi-ai extension view.

import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import * as shim from "../src/shim/pi-coding-agent.mjs";
import * as ai from "../src/shim/pi-ai.mjs";

const surface = process.env.TAU_PI_SURFACE ?? "/work/shared/pi-surface/surface.json";

test("exports exactly Pi 1.6.0's runtime names", { skip: existsSync(surface) ? false : `no surface.json at ${surface} (set TAU_PI_SURFACE)` }, () => {
  const names = JSON.parse(readFileSync(surface, "utf8")).exports["@earendil-works/pi-coding-agent"].names;
  assert.equal(names.length, 157);
  assert.deepEqual(Object.keys(shim).sort(), [...names].sort());
});

test("Pi's own engine is there to import and extend, but throws naming itself when used", () => {
  assert.throws(() => shim.createAgentSession(), /^Error: createAgentSession from @earendil-works\/pi-coding-agent is not supported by tau: tau runs its own agent session$/);
  assert.throws(() => new shim.AgentSession(), /AgentSession from @earendil-works\/pi-coding-agent is not supported by tau/);
  class Runner extends shim.ExtensionRunner {}
  assert.throws(() => new Runner(), /ExtensionRunner/);
});

test("type guards, defineTool, constants and the agent dir", () => {
  assert.equal(shim.isToolCallEventType("bash", { toolName: "bash" }), true);
  assert.equal(shim.isToolCallEventType("bash", { toolName: "read" }), false);
  assert.equal(shim.isBashToolResult({ toolName: "bash" }), true);
  assert.equal(shim.isEditToolResult({ toolName: "write" }), false);
  const tool = { name: "x" };
  assert.equal(shim.defineTool(tool), tool);
  assert.equal(shim.DEFAULT_MAX_LINES, 2000);
  assert.equal(shim.DEFAULT_MAX_BYTES, 51200);
  assert.equal(shim.VERSION, "1.6.0");
  const saved = process.env.TAU_AGENT_DIR;
  process.env.TAU_AGENT_DIR = "/tmp/agent-x";
  assert.equal(shim.getAgentDir(), "/tmp/agent-x");
  delete process.env.TAU_AGENT_DIR;
  assert.match(shim.getAgentDir(), /\/\.tau\/agent$/);
  if (saved !== undefined) process.env.TAU_AGENT_DIR = saved;
});

test("truncation helpers keep head or tail within line and byte limits", () => {
  const text = "one\ntwo\nthree\nfour\n";
  const head = shim.truncateHead(text, { maxLines: 2 });
  assert.deepEqual(
    { content: head.content, truncated: head.truncated, by: head.truncatedBy, total: head.totalLines, out: head.outputLines },
    { content: "one\ntwo", truncated: true, by: "lines", total: 4, out: 2 },
  );
  const tail = shim.truncateTail(text, { maxBytes: 10 });
  assert.equal(tail.content, "three\nfour");
  assert.equal(tail.truncatedBy, "bytes");
  const partial = shim.truncateTail("x".repeat(20), { maxBytes: 5 });
  assert.deepEqual([partial.content, partial.lastLinePartial], ["xxxxx", true]);
  const wide = shim.truncateHead("y".repeat(30), { maxBytes: 5 });
  assert.deepEqual([wide.content, wide.firstLineExceedsLimit], ["", true]);
  assert.deepEqual(shim.truncateHead("small"), {
    content: "small", truncated: false, truncatedBy: null, totalLines: 1, totalBytes: 5, outputLines: 1,
    outputBytes: 5, lastLinePartial: false, firstLineExceedsLimit: false, maxLines: 2000, maxBytes: 51200,
  });
  assert.deepEqual(shim.truncateLine("abcdef", 3), { text: "abc... [truncated]", wasTruncated: true });
  assert.equal(shim.formatSize(1536), "1.5KB");
});

test("withFileMutationQueue serialises work on one file", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "tau-q-")), "f.txt");
  /** @type {string[]} */
  const log = [];
  const slow = shim.withFileMutationQueue(file, async () => {
    log.push("a start");
    await new Promise((r) => setTimeout(r, 30));
    log.push("a end");
  });
  const fast = shim.withFileMutationQueue(file, async () => log.push("b"));
  await Promise.all([slow, fast]);
  assert.deepEqual(log, ["a start", "a end", "b"]);
});

test("parseFrontmatter splits YAML front matter", () => {
  assert.deepEqual(shim.parseFrontmatter("---\nname: x\ntags: [a, b]\n---\nbody\n"), { frontmatter: { name: "x", tags: ["a", "b"] }, body: "body" });
  assert.deepEqual(shim.parseFrontmatter("no front matter"), { frontmatter: {}, body: "no front matter" });
});

test("the pi-ai view adds TypeBox's Type and StringEnum to pi-ai compat", () => {
  assert.equal(typeof ai.Type.Object, "function");
  assert.deepEqual(JSON.parse(JSON.stringify(ai.StringEnum(["a", "b"], { description: "d" }))), { type: "string", enum: ["a", "b"], description: "d" });
  assert.equal(typeof ai.getModels, "function");
});
