// Framing and handshake of the real host process.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures, hostMain, spawnHost } from "./client.mjs";

test("answers tau's hello with its own, naming the node version", async () => {
  const client = new HostClient();
  const hello = await client.hello();
  assert.deepEqual(hello, { kind: "hello", protocol: 1, side: "host", version: "0.1.0", node: process.version, token: client.token });
  await client.close();
});

test("a protocol mismatch is answered with an error naming both versions, then the host exits", async () => {
  const client = new HostClient();
  const next = client.nextFrame();
  client.send({ kind: "hello", protocol: 99, side: "tau", version: "x" });
  const hello = await next;
  assert.match(hello.error.message, /tau speaks 99, the extension host speaks 1; upgrade the extension host/);
  client.endChannel();
  assert.equal(await client.exited, 2);
});

test("tolerates \\r\\n, skips malformed frames and keeps U+2028 inside strings", async () => {
  const { child, channel } = spawnHost();
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const socket = await channel;
  socket.on("data", (d) => (out += d));
  const bind = JSON.stringify({ kind: "request", id: 2, method: "bind", params: { state: { sessionName: "a\u2028b" } } });
  socket.write(`{"kind":"hello","protocol":1,"side":"tau","version":"t"}\r\nnot json\r\n${bind}\r\n`);
  socket.end(JSON.stringify({ kind: "request", id: 3, method: "shutdown", params: {} }) + "\n");
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

test("the channel is private: fd-1 writes, console.log and inheriting children never reach it, and its name is not inherited", async () => {
  const client = new HostClient();
  await client.hello();
  const report = await client.load([join(fixtures, "stdout-writer.ts")]);
  assert.deepEqual(report.extensions[0].errors ?? [], []);
  // The extension's writes went to the host's stdout/stderr, and every frame still parsed.
  await client.waitStderr(/console-log-from-extension/);
  const deadline = Date.now() + 5000;
  while (!/child-inherited-stdout/.test(client.stdout) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  assert.match(client.stdout, /fd1-direct-write/);
  assert.match(client.stdout, /child-inherited-stdout/);
  assert.match(client.stdout, /"kind":"response","id":1,"result":\{"forged":true\}/);
  assert.match(client.stdout, /\nchannel-env=unset,unset\n/);
  assert.match(client.stdout, /child-channel-env=unset,unset/);
  assert.ok(client.frames.every((f) => f.result?.forged === undefined), "no forged frame reached the channel");
  assert.deepEqual(await client.request("bind", { state: {} }), {});
  await client.close();
});

test("the host refuses to run without tau's channel", async () => {
  const env = { ...process.env };
  delete env.TAU_EXT_CHANNEL;
  const child = spawn(process.execPath, [hostMain], { stdio: ["ignore", "pipe", "pipe"], env });
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  assert.equal(code, 2);
  assert.match(err, /TAU_EXT_CHANNEL is not set/);
});
