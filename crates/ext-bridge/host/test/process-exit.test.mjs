// process.exit() from extension code is trapped: it throws where it was called and is logged, and the
// host keeps running for the other extensions.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";

test("process.exit in a factory, a handler or a timer throws, is logged, and the host lives on", async () => {
  const client = new HostClient();
  await client.hello();
  const onLoad = join(fixtures, "exit-on-load.ts");
  const exits = join(fixtures, "exits.ts");
  const [failed, loaded] = (await client.load([onLoad, exits])).extensions;
  assert.equal(failed.ok, false);
  assert.equal(
    failed.error,
    `Failed to load extension: extension ${onLoad} called process.exit(3); extensions may not end tau's extension host (use ctx.shutdown() to quit tau)`,
  );
  assert.equal(loaded.ok, true);
  await client.request("bind", { state: {} });

  const frame = /** @type {any} */ (await client.requestFrame("run_command", { name: "quit-now", args: "", ctx: {} }));
  assert.equal(frame.error.extensionPath, exits);
  assert.match(frame.error.message, /^extension .*exits\.ts called process\.exit\(0\); extensions may not end/);

  await client.request("run_command", { name: "quit-later", args: "", ctx: {} });
  const log = await client.waitNotification((n) => n.method === "log" && /process\.exit\(1\)/.test(n.params.message));
  assert.equal(log.params.extensionPath, exits);
  assert.equal(log.params.level, "error");
  await client.waitNotification((n) => n.method === "log" && /uncaught exception: .*process\.exit\(1\)/.test(n.params.message));

  // Still alive and answering; shutdown still ends it with status 0.
  assert.equal(client.child.exitCode, null);
  assert.deepEqual(await client.request("shutdown", {}), {});
  assert.equal(await client.exited, 0);
});
