// Extension providers in the host: what the load report says about a registration (functions marked),
// Pi's synchronous checks, and `provider_stream` running the provider's own streamSimple for tau.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { validateProvider } from "../src/providers.mjs";
import { HostClient, fixtures } from "./client.mjs";

const model = { id: "f1", name: "F1", api: "fixture-api", provider: "fixture", baseUrl: "http://127.0.0.1:9", reasoning: false, input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 1000, maxTokens: 100 };

/** Runs one stream; resolves with its events (as tau gets them) and the answer. @param {HostClient} client @param {string} prompt */
async function streamFor(client, prompt, streamId, onStarted) {
  const request = client.requestFrame("provider_stream", {
    streamId,
    model,
    context: { systemPrompt: "be brief", tools: [], messages: [{ role: "user", content: prompt, timestamp: 1 }] },
    options: { apiKey: "fixture-key" },
  });
  if (onStarted) {
    await client.waitNotification((n) => n.method === "provider_event" && n.params.streamId === streamId);
    onStarted(request.id);
  }
  const frame = /** @type {any} */ (await request);
  const events = client.notifications.filter((n) => n.method === "provider_event" && n.params.streamId === streamId).map((n) => n.params.event);
  return { events, frame };
}

test("the load report marks streamSimple and names the OAuth login; functions stay in the host", async () => {
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([join(fixtures, "provider.ts")])).extensions;
  assert.equal(ext.ok, true, ext.error);
  assert.equal(ext.providers.length, 1);
  const [provider] = ext.providers;
  assert.equal(provider.name, "fixture");
  assert.equal(provider.native, false);
  assert.equal(provider.config.streamSimple, true);
  assert.deepEqual(provider.config.oauth, { name: "Fixture Login", getApiKey: true });
  assert.equal(provider.config.models[0].id, "f1");
  await client.close();
});

test("provider_stream sends each event without the partial and answers the final message", async () => {
  const client = new HostClient();
  await client.hello();
  await client.load([join(fixtures, "provider.ts")]);
  const { events, frame } = await streamFor(client, "hi", "s1");
  assert.deepEqual(
    events.map((e) => e.type),
    ["start", "text_start", "text_delta", "text_delta", "text_delta", "text_end", "done"],
  );
  assert.ok(events.slice(1).every((e) => e.partial === undefined), "only start carries the message");
  assert.deepEqual(events.filter((e) => e.type === "text_delta").map((e) => e.delta), ["sys=", "system", " key=fixture-key"]);
  // The system prompt reached the stream as pi-ai's leading system message.
  assert.equal(frame.result.content[0].text, "sys=system key=fixture-key");
  assert.equal(frame.result.stopReason, "stop");

  const tool = await streamFor(client, "tool", "s2");
  const start = tool.events.find((e) => e.type === "toolcall_start");
  assert.deepEqual(start, { type: "toolcall_start", contentIndex: 0, id: "c1", toolName: "read" });
  assert.deepEqual(tool.events.find((e) => e.type === "toolcall_end").toolCall, { type: "toolCall", id: "c1", name: "read", arguments: { path: "a" } });
  await client.close();
});

test("a failing stream ends in an error event; tau's cancel aborts the stream's signal", async () => {
  const client = new HostClient();
  await client.hello();
  await client.load([join(fixtures, "provider.ts")]);
  const failed = await streamFor(client, "boom", "s3");
  assert.equal(failed.events.at(-1).type, "error");
  assert.equal(failed.frame.result.errorMessage, "fixture stream failed");

  const aborted = await streamFor(client, "wait", "s4", (id) => client.send({ kind: "notify", method: "cancel", params: { requestId: id } }));
  assert.equal(aborted.events.at(-1).type, "error");
  assert.equal(aborted.frame.result.stopReason, "aborted");

  // A provider the host does not know is pi-ai's job: an api it has no implementation for fails clearly.
  const unknown = client.requestFrame("provider_stream", { streamId: "s5", model: { ...model, provider: "nobody", api: "no-such-api" }, context: { messages: [] }, options: {} });
  const frame = /** @type {any} */ (await unknown);
  assert.equal(frame.result.stopReason, "error");
  assert.match(frame.result.errorMessage, /no-such-api/);
  await client.close();
});

test("registerProvider refuses what Pi refuses, synchronously", () => {
  assert.throws(() => validateProvider("x", { streamSimple: () => {} }), /Provider x: "api" is required when registering streamSimple\./);
  assert.throws(() => validateProvider("x", { models: [{ id: "m" }] }), /Provider x, model m: no "api" specified/);
  assert.throws(() => validateProvider("", {}), /Provider id must not be empty/);
  assert.doesNotThrow(() => validateProvider("anthropic", { baseUrl: "http://gateway" }));
});
