// `getArgumentCompletions` of extension commands: reported to tau, run when tau's own completion says the
// cursor is in such a command's arguments (`autocomplete_base` answering `commandArguments`), sync or async,
// a throw reported and answered with nothing, a stalled one given up when tau cancels.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";

const path = join(fixtures, "command-arguments.ts");

async function start() {
  const client = new HostClient({
    // tau's side: "/name rest" is an extension command's arguments, anything else has no suggestions.
    onRequest: (frame) => {
      if (frame.method !== "autocomplete_base") return {};
      const line = frame.params.lines[frame.params.cursorLine] ?? "";
      const match = line.match(/^\/(\S+) (.*)$/);
      return match ? { suggestions: null, commandArguments: { name: match[1], prefix: match[2] } } : { suggestions: null };
    },
  });
  await client.hello();
  const [ext] = (await client.load([path], { mode: "interactive", hasUI: true, components: true })).extensions;
  assert.ok(ext.ok, ext.error);
  await client.request("bind", { state: {} });
  return { client, ext };
}

/** @param {HostClient} client @param {string} text */
const complete = (client, text) =>
  client.request("autocomplete", { lines: [text], cursorLine: 0, cursorCol: text.length, force: false });

test("commands say whether they complete their arguments", async () => {
  const { client, ext } = await start();
  const flags = Object.fromEntries(ext.commands.map((/** @type {any} */ c) => [c.name, Boolean(c.argumentCompletions)]));
  assert.deepEqual(flags, { deploy: true, region: true, explode: true, stall: true, plain: false });
  await client.close();
});

test("sync and async argument completions; the insertion keeps the text before the argument", async () => {
  const { client } = await start();
  const deploy = await complete(client, "/deploy st");
  assert.deepEqual(deploy.suggestions, {
    prefix: "st",
    items: [{ value: "staging", label: "staging" }, { value: "stable", label: "stable" }],
  });
  const applied = await client.request("autocomplete_apply", {
    lines: ["/deploy st"], cursorLine: 0, cursorCol: 10, index: 1, item: deploy.suggestions.items[1], prefix: "st",
  });
  assert.deepEqual(applied, { lines: ["/deploy stable"], cursorLine: 0, cursorCol: 14 });
  assert.deepEqual((await complete(client, "/deploy x")).suggestions, null);

  // Async, and an item without a value is left out.
  const region = await complete(client, "/region eu");
  assert.deepEqual(region.suggestions, { prefix: "eu", items: [{ value: "eu-north", label: "north", description: "cold" }] });
  assert.deepEqual((await complete(client, "/plain a")).suggestions, null);
  await client.close();
});

test("a throwing getArgumentCompletions is reported; a stalled one ends when tau gives up", async () => {
  const { client } = await start();
  assert.deepEqual((await complete(client, "/explode a")).suggestions, null);
  const error = await client.waitNotification((n) => n.method === "component_error");
  assert.equal(error.params.where, "getArgumentCompletions");
  assert.equal(error.params.extensionPath, path);
  assert.match(error.params.message, /^\/explode: arguments exploded$/);

  const pending = client.requestFrame("autocomplete", { lines: ["/stall a"], cursorLine: 0, cursorCol: 8, force: false });
  await new Promise((r) => setTimeout(r, 50));
  client.send({ kind: "notify", method: "cancel", params: { requestId: pending.id } });
  assert.deepEqual((/** @type {any} */ (await pending)).result, { aborted: true });
  // The host still answers afterwards.
  assert.equal((await complete(client, "/deploy d")).suggestions.items[0].value, "dev");
  await client.close();
});
