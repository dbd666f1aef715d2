// `ctx.ui.addAutocompleteProvider` (load option `components`): the chain of providers over tau's own
// completion (`autocomplete_base`), suggestions and insertion by the chain, a throwing layer falling
// back to the one it wraps, a newer request aborting the older, a reload clearing the chain.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { HostClient, fixtures } from "./client.mjs";

const path = join(fixtures, "autocomplete.ts");

/** What tau's own completion answers in these tests: the slash commands for "/…", nothing else. */
const BASE = { prefix: "/mo", items: [{ value: "model", label: "model", description: "Select model" }] };

async function start() {
  const client = new HostClient({
    onRequest: (frame) => {
      if (frame.method !== "autocomplete_base") return {};
      const line = frame.params.lines[frame.params.cursorLine] ?? "";
      return { suggestions: line.startsWith("/") ? BASE : null };
    },
  });
  await client.hello();
  const [ext] = (await client.load([path], { mode: "interactive", hasUI: true, components: true })).extensions;
  assert.ok(ext.ok, ext.error);
  await client.request("bind", { state: {} });
  return client;
}

/** @param {HostClient} client @param {string} text */
const complete = (client, text, extra = {}) =>
  client.request("autocomplete", { lines: [text], cursorLine: 0, cursorCol: text.length, force: false, ...extra });

test("a provider wraps tau's completion: its own items, tau's otherwise, its own insertion", async () => {
  const client = await start();
  await client.request("run_command", { name: "dollars", args: "", ctx: {} });
  const announced = await client.waitNotification((n) => n.method === "autocomplete_providers");
  assert.deepEqual(announced.params.triggerCharacters, ["$"]);
  assert.equal(announced.params.count, 1);
  assert.deepEqual(announced.params.extensions, [path]);

  const own = await complete(client, "echo $HO");
  assert.deepEqual(own.suggestions, {
    prefix: "$HO",
    items: [{ value: "$HOME", label: "$HOME", description: "home" }, { value: "$HOST", label: "$HOST" }],
  });
  const applied = await client.request("autocomplete_apply", {
    lines: ["echo $HO"], cursorLine: 0, cursorCol: 8, index: 0, item: own.suggestions.items[0], prefix: "$HO",
  });
  assert.deepEqual(applied, { lines: ["echo $HOME[7]"], cursorLine: 0, cursorCol: 13 });

  const delegated = await complete(client, "/mo");
  assert.deepEqual(delegated.suggestions, BASE);
  const base = client.requests.find((r) => r.method === "autocomplete_base");
  assert.deepEqual(base.params, { lines: ["/mo"], cursorLine: 0, cursorCol: 3, force: false });
  // tau's items are inserted as pi-tui's provider inserts them.
  const command = await client.request("autocomplete_apply", {
    lines: ["/mo"], cursorLine: 0, cursorCol: 3, index: 0, item: BASE.items[0], prefix: "/mo",
  });
  assert.deepEqual(command, { lines: ["/model "], cursorLine: 0, cursorCol: 7 });

  assert.deepEqual((await complete(client, "plain words")).suggestions, null);
  // Tab with one suggestion inserts it at once.
  const tab = await complete(client, "echo $HOM", { force: true, explicitTab: true });
  assert.deepEqual(tab.applied, { lines: ["echo $HOME[7]"], cursorLine: 0, cursorCol: 13 });
  // Tab while typing a command name: the chain says no file completion.
  assert.deepEqual(await complete(client, "/mo", { force: true, explicitTab: true }), { skip: true });
  await client.close();
});

test("a throwing provider is reported and the layer it wraps answers", async () => {
  const client = await start();
  await client.request("run_command", { name: "dollars", args: "", ctx: {} });
  await client.request("run_command", { name: "broken", args: "", ctx: {} });
  const answer = await complete(client, "boom $HO");
  assert.equal(answer.suggestions.prefix, "$HO");
  const error = await client.waitNotification((n) => n.method === "component_error");
  assert.equal(error.params.where, "autocomplete");
  assert.equal(error.params.extensionPath, path);
  assert.match(error.params.message, /provider exploded/);
  await client.close();
});

test("a newer request aborts the one in progress; a reload clears the chain", async () => {
  const client = await start();
  await client.request("run_command", { name: "waits", args: "", ctx: {} });
  const first = complete(client, "wait");
  await new Promise((r) => setTimeout(r, 50));
  const second = complete(client, "/mo");
  assert.deepEqual(await first, { aborted: true });
  assert.deepEqual((await second).suggestions, BASE);

  // tau giving up on a request (its time limit sends `cancel`) aborts the providers' signal.
  const pending = client.requestFrame("autocomplete", { lines: ["wait"], cursorLine: 0, cursorCol: 4, force: false });
  await new Promise((r) => setTimeout(r, 50));
  client.send({ kind: "notify", method: "cancel", params: { requestId: pending.id } });
  assert.deepEqual((/** @type {any} */ (await pending)).result, { aborted: true });

  await client.load([path], { mode: "interactive", hasUI: true, components: true });
  const cleared = await client.waitNotification((n) => n.method === "autocomplete_providers" && n.params.count === 0);
  assert.deepEqual(cleared.params.triggerCharacters, []);
  await client.close();
});
