// Framing and handshake of the real host process.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";
import { HostClient, hostMain } from "./client.mjs";

test("answers tau's hello with its own, naming the node version", async () => {
  const client = new HostClient();
  const hello = await client.hello();
  assert.deepEqual(hello, { kind: "hello", protocol: 1, side: "host", version: "0.1.0", node: process.version });
  await client.close();
});

test("a protocol mismatch is answered with an error naming both versions, then the host exits", async () => {
  const client = new HostClient();
  const next = client.nextFrame();
  client.send({ kind: "hello", protocol: 99, side: "tau", version: "x" });
  const hello = await next;
  assert.match(hello.error.message, /tau speaks 99, the extension host speaks 1; upgrade the extension host/);
  client.child.stdin.end();
  assert.equal(await client.exited, 2);
});

test("tolerates \\r\\n, skips malformed frames and keeps U+2028 inside strings", async () => {
  const child = spawn(process.execPath, [hostMain], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const bind = JSON.stringify({ kind: "request", id: 2, method: "bind", params: { state: { sessionName: "a\u2028b" } } });
  child.stdin.write(`{"kind":"hello","protocol":1,"side":"tau","version":"t"}\r\nnot json\r\n${bind}\r\n`);
  child.stdin.end(JSON.stringify({ kind: "request", id: 3, method: "shutdown", params: {} }) + "\n");
  const code = await new Promise((resolve) => child.on("exit", resolve));
  assert.equal(code, 0);
  const frames = out.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(frames.slice(1), [
    { kind: "response", id: 2, result: {} },
    { kind: "response", id: 3, result: {} },
  ]);
  assert.match(err, /skipping malformed frame: not json/);
});

test("unknown methods get an error response and the host keeps serving", async () => {
  const client = new HostClient();
  await client.hello();
  await assert.rejects(client.request("frobnicate", {}), /unknown method frobnicate/);
  assert.deepEqual(await client.request("bind", { state: {} }), {});
  await client.close();
});
