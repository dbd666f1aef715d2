// Pi's built-in tool factories in the shim: the definitions match Pi's, and execute runs tau's tool
// through the `runBuiltinTool` action (answered here by the test client playing tau).

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import * as shim from "../src/shim/pi-coding-agent.mjs";
import { HostClient, fixtures, piPackage, skipPiPackage } from "./client.mjs";

const TOOLS = ["Read", "Bash", "Edit", "Write", "Grep", "Find", "Ls", "PowerShell"];
/** Renderers Pi attaches for its TUI; tau renders built-in tools itself. */
const RENDER_KEYS = new Set(["renderCall", "renderResult", "renderShell"]);

/** The data a tool definition carries, as JSON, plus which keys hold functions. @param {any} tool */
function shape(tool) {
  const keys = Object.keys(tool).filter((k) => !RENDER_KEYS.has(k));
  return {
    keys: keys.sort(),
    functions: keys.filter((k) => typeof tool[k] === "function").sort(),
    data: JSON.parse(JSON.stringify(Object.fromEntries(keys.map((k) => [k, tool[k]])))),
  };
}

test("every factory gives Pi's name, label, description, schemas and prompt text", { skip: skipPiPackage }, async () => {
  const pi = await import(join(/** @type {string} */ (piPackage), "dist", "core", "tools", "index.js"));
  for (const name of TOOLS) {
    for (const factory of [`create${name}ToolDefinition`, `create${name}Tool`]) {
      for (const options of [undefined, { exposeSessionEnvironment: false }]) {
        const ours = /** @type {any} */ (shim)[factory]("/some/cwd", options);
        const theirs = pi[factory]("/some/cwd", options);
        assert.deepEqual(shape(ours), shape(theirs), `${factory}(${JSON.stringify(options)})`);
      }
    }
  }
  const names = (/** @type {any[]} */ tools) => tools.map((t) => t.name);
  assert.deepEqual(names(shim.createCodingTools("/c")), names(pi.createCodingTools("/c")));
  assert.deepEqual(names(shim.createReadOnlyTools("/c")), names(pi.createReadOnlyTools("/c")));
});

test("edit's prepareArguments accepts the legacy shapes Pi accepts", { skip: skipPiPackage }, async () => {
  const pi = await import(join(/** @type {string} */ (piPackage), "dist", "core", "tools", "index.js"));
  const inputs = [
    { path: "a", oldText: "x", newText: "y" },
    { path: "a", edits: '[{"oldText":"x","newText":"y"}]' },
    { path: "a", edits: '{"oldText":"x","newText":"y"}' },
    { path: "a", edits: { oldText: "x", newText: "y" }, oldText: "p", newText: "q" },
    { path: "a", edits: "not json" },
    "not an object",
  ];
  for (const input of inputs) {
    const ours = shim.createEditToolDefinition("/c").prepareArguments(structuredClone(input));
    const theirs = pi.createEditToolDefinition("/c").prepareArguments(structuredClone(input));
    assert.deepEqual(ours, theirs, JSON.stringify(input));
  }
});

test("without the host, execute says it needs tau's extension host", async () => {
  await assert.rejects(shim.createLsTool("/c").execute("id", {}), /the ls tool runs only inside tau's extension host/);
});

/**
 * A host whose `runBuiltinTool` actions are answered by `answer(request)`.
 * @param {(request: any) => any} answer
 */
async function hostWithTools(answer) {
  const client = new HostClient({
    onRequest: (frame) => (frame.method === "action" && frame.params.name === "runBuiltinTool" ? answer(frame.params.args[0]) : {}),
  });
  await client.hello();
  const [ext] = (await client.load([join(fixtures, "builtin-tools.ts")])).extensions;
  assert.equal(ext.ok, true, ext.error);
  await client.request("bind", { state: {} });
  return { client, ext };
}

test("a spawnHook's command, cwd and changed variables are what tau runs", async () => {
  const result = { content: [{ type: "text", text: "ok\nhooked\n" }], structuredContent: { exit_code: 0 } };
  const { client, ext } = await hostWithTools(() => result);
  assert.deepEqual(ext.tools.map((/** @type {any} */ t) => t.name), ["hooked_bash", "read", "write_through"]);
  const bash = ext.tools[0];
  assert.equal(bash.description.startsWith("Execute a bash command in the current working directory."), true);
  assert.deepEqual(bash.promptGuidelines, ["You can inspect PI_* environment variables for current model and session details."]);
  const answered = await client.request("execute_tool", { tool: "hooked_bash", toolCallId: "b1", params: { command: "echo ok", timeout: 5 }, ctx: {} });
  assert.deepEqual(answered, result);
  const action = client.requests.find((r) => r.params.name === "runBuiltinTool");
  assert.equal(action.params.extensionPath, join(fixtures, "builtin-tools.ts"));
  // PATH is unchanged, so only the variable the hook added travels.
  assert.deepEqual(action.params.args, [
    { name: "bash", toolCallId: "b1", params: { command: "set -e\necho ok\necho hooked", timeout: 5 }, cwd: "/factory/cwd/sub", env: { TAU_HOOKED: "yes" } },
  ]);
  const update = await client.waitNotification((n) => n.method === "tool_update");
  assert.deepEqual(update.params, { toolCallId: "b1", partialResult: { content: [] } });
  await client.close();
});

test("a registered definition runs in ctx.cwd, and tau's error is thrown", async () => {
  const { client } = await hostWithTools((request) => {
    throw new Error(`ENOENT: no such file or directory, open '${request.cwd}/${request.params.path}'`);
  });
  const frame = /** @type {any} */ (
    await client.requestFrame("execute_tool", { tool: "read", toolCallId: "r1", params: { path: "x.txt" }, ctx: { cwd: "/session/cwd" } })
  );
  assert.match(frame.error.message, /ENOENT: no such file or directory, open '\/session\/cwd\/x.txt'/);
  assert.equal(frame.error.extensionPath, join(fixtures, "builtin-tools.ts"));
  const action = client.requests.find((r) => r.params.name === "runBuiltinTool");
  assert.deepEqual(action.params.args[0], { name: "read", toolCallId: "r1", params: { path: "x.txt" }, cwd: "/session/cwd" });
  await client.close();
});

test("aborting the extension's call cancels tau's request, which answers with its abort error", async () => {
  /** @type {(value: any) => void} */
  let release = () => {};
  const { client } = await hostWithTools(
    () =>
      new Promise((_resolve, reject) => {
        release = () => reject(new Error("Operation aborted"));
      }),
  );
  const pending = client.requestFrame("execute_tool", { tool: "write_through", toolCallId: "w1", params: { path: "f", content: "c" }, ctx: {} });
  const action = await (async () => {
    for (let i = 0; i < 500; i++) {
      const found = client.requests.find((r) => r.params.name === "runBuiltinTool");
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("runBuiltinTool never arrived");
  })();
  assert.equal(action.params.args[0].cwd, "/factory/cwd");
  client.send({ kind: "notify", method: "cancel", params: { requestId: pending.id } });
  const cancel = await client.waitNotification((n) => n.method === "cancel");
  assert.deepEqual(cancel.params, { requestId: action.id });
  release(undefined);
  const frame = /** @type {any} */ (await pending);
  assert.match(frame.error.message, /Operation aborted$/);
  await client.close();
});

test("options tau cannot honour make execute fail with a clear message", async () => {
  const tool = shim.createBashTool("/c", { shellPath: "/bin/zsh" });
  await assert.rejects(tool.execute("id", { command: "ls" }), /^Error: createBashToolDefinition: option shellPath is not supported by tau yet/);
  const read = shim.createReadTool("/c", { operations: {} });
  await assert.rejects(read.execute("id", { path: "x" }), /option operations is not supported by tau yet/);
});
