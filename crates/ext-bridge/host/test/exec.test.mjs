// pi.exec(): no shell, cwd, exit codes, timeout and abort kill the child (SIGTERM).

import assert from "node:assert/strict";
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { execCommand } from "../src/exec.mjs";
import { HostClient, fixtures } from "./client.mjs";

test("pi.exec runs without a shell in the given cwd and reports Pi's result shape", async () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "tau-exec-")));
  const client = new HostClient();
  await client.hello();
  const [ext] = (await client.load([join(fixtures, "exec.ts")])).extensions;
  const run = async (/** @type {Record<string, any>} */ event) =>
    (await client.request("invoke", { handlerId: ext.handlers[0].id, event: { type: "input", ...event }, ctx: {} })).value;

  const pwd = await run({ command: "sh", args: ["-c", "pwd; echo oops >&2; exit 3"], cwd: dir });
  assert.deepEqual({ ...pwd, ms: 0 }, { stdout: `${dir}\n`, stderr: "oops\n", code: 3, killed: false, truncated: false, ms: 0 });

  const literal = await run({ command: "echo", args: ["$HOME", "a;b"] });
  assert.equal(literal.stdout, "$HOME a;b\n", "arguments are not shell-expanded");

  const timedOut = await run({ command: "sleep", args: ["10"], timeout: 100 });
  assert.equal(timedOut.killed, true);
  assert.equal(timedOut.code, 128 + 15);
  assert.ok(timedOut.ms < 3000);

  const aborted = await run({ command: "sleep", args: ["10"], abortAfterMs: 50 });
  assert.equal(aborted.killed, true);

  const missing = await run({ command: "definitely-not-a-command-tau", args: [] });
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /ENOENT/);
  await client.close();
});

test("execCommand caps output at maxBuffer and marks the result truncated", async () => {
  const result = await execCommand("sh", ["-c", "printf 'abcdefghij'"], process.cwd(), { maxBuffer: 4 });
  assert.equal(result.stdout, "abcd");
  assert.equal(result.truncated, true);
  assert.notEqual(result.code, 0, "a truncated run never reports success");
});
