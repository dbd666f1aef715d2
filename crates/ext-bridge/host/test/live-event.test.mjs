// liveEvent: what JSON cannot carry in Pi's session payloads is rebuilt before handlers see it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { liveEvent } from "../src/live-event.mjs";

test("session_before_compact gets the request's signal, Sets for fileOps and undefined for absent values", () => {
  const controller = new AbortController();
  const event = liveEvent(
    {
      type: "session_before_compact",
      preparation: { previousSummary: null, fileOps: { read: ["a.ts"], written: [], edited: ["b.ts"] } },
      customInstructions: null,
      signal: {},
    },
    controller.signal,
  );
  assert.equal(event.signal, controller.signal);
  assert.ok(event.preparation.fileOps.read instanceof Set);
  assert.deepEqual([...event.preparation.fileOps.edited], ["b.ts"]);
  assert.ok("customInstructions" in event);
  assert.equal(event.customInstructions, undefined);
  assert.equal(event.preparation.previousSummary, undefined);
  controller.abort();
  assert.equal(event.signal.aborted, true);
});

test("session_compact_failed keeps errorMessage as a key, undefined after an abort", () => {
  const event = liveEvent({ type: "session_compact_failed", reason: "manual", errorMessage: null }, new AbortController().signal);
  assert.deepEqual(Object.keys(event), ["type", "reason", "errorMessage"]);
  assert.equal(event.errorMessage, undefined);
});

test("other events pass unchanged", () => {
  const event = { type: "turn_start", value: null };
  assert.deepEqual(liveEvent(event, new AbortController().signal), { type: "turn_start", value: null });
});
