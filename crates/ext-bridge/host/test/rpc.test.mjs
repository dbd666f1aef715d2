// Line splitting and JSON-safe copies.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Connection, LineSplitter, toJson } from "../src/rpc.mjs";

test("lines split on \\n only, with \\r\\n accepted and partial lines kept", () => {
  const splitter = new LineSplitter();
  assert.deepEqual(splitter.push('{"a":1}\r\n{"b":"x\u2028y'), ['{"a":1}']);
  assert.deepEqual(splitter.push('"}\n\n'), ['{"b":"x\u2028y"}', ""]);
  assert.deepEqual(splitter.push("a\rb\n"), ["a\rb"]);
});

test("toJson drops functions, cuts cycles, keeps shared objects, converts errors and bigints", () => {
  const shared = { a: 1 };
  /** @type {any} */
  const value = { x: shared, y: shared, f() {}, n: 10n, e: new Error("boom") };
  value.self = value;
  value.nested = { back: value, list: [shared] };
  const copy = toJson(value);
  assert.deepEqual({ ...copy, e: copy.e.message }, { x: { a: 1 }, y: { a: 1 }, n: "10", e: "boom", nested: { list: [{ a: 1 }] } });
  assert.equal(toJson(undefined), undefined);
  assert.equal(toJson(null), null);
});

test("aborting a request's signal sends cancel naming it, and the request still settles with tau's answer", async () => {
  /** @type {any[]} */
  const sent = [];
  const conn = new Connection((line) => sent.push(JSON.parse(line)));
  const controller = new AbortController();
  const answer = conn.request("action", { name: "executeTool" }, { signal: controller.signal });
  const other = conn.request("action", { name: "other" });
  controller.abort();
  controller.abort();
  assert.deepEqual(sent.slice(2), [{ kind: "notify", method: "cancel", params: { requestId: 1 } }]);
  conn.handleResponse({ kind: "response", id: 1, error: { message: "Command aborted" } });
  await assert.rejects(answer, /^Error: Command aborted$/);
  conn.handleResponse({ kind: "response", id: 2, result: { ok: true } });
  assert.deepEqual(await other, { ok: true });
  const aborted = AbortSignal.abort();
  const late = conn.request("action", { name: "late" }, { signal: aborted });
  assert.deepEqual(sent.at(-1), { kind: "notify", method: "cancel", params: { requestId: 3 } });
  conn.handleResponse({ kind: "response", id: 3, result: {} });
  assert.deepEqual(await late, {});
});
