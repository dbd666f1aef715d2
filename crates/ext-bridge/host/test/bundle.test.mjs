// The vendor bundle (src/bundle.mjs): what it builds, when the loader uses it, and that every alias still
// reaches one copy of each package with it and without it.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { AI_LAZY_ENTRY, LAZY_ENTRY } from "../src/bundle-lazy.mjs";
import { ENTRIES, buildBundle } from "../src/bundle.mjs";
import { aliasMap, vendorEntries } from "../src/loader.mjs";
import { HostClient, fixtures } from "./client.mjs";

const hostDir = join(import.meta.dirname, "..");

test("the bundle holds every entry, records its host inputs, and exports what the packages and shims do", async () => {
  // Inside the host folder, as the real bundle is: the packages left outside it resolve from there.
  const scratch = join(hostDir, "node_modules", ".cache");
  mkdirSync(scratch, { recursive: true });
  const out = mkdtempSync(join(scratch, "tau-bundle-"));
  try {
    const manifest = await buildBundle(out);
    assert.deepEqual(Object.keys(manifest.entries).sort(), [...Object.keys(ENTRIES), LAZY_ENTRY, AI_LAZY_ENTRY].sort());
    for (const file of ["src/shim/pi-ai.mjs", "src/shim/pi-coding-agent.mjs", "src/shim/helpers.mjs"]) {
      assert.match(manifest.inputs[file], /^[0-9a-f]{64}$/, file);
    }
    const entries = vendorEntries({}, out);
    assert.ok(entries);
    for (const [name, source] of Object.entries(ENTRIES)) {
      // (The lazy view is checked in bundle-lazy.test.mjs.)
      const direct = await import(source.startsWith("./") ? pathToFileURL(join(hostDir, source)).href : source);
      const bundled = await import(pathToFileURL(entries[name]).href);
      assert.deepEqual(Object.keys(bundled).sort(), Object.keys(direct).sort(), name);
    }
    // One copy of typebox behind the typebox entry and the pi-ai view.
    const typebox = await import(pathToFileURL(entries.typebox).href);
    const view = await import(pathToFileURL(entries["pi-ai"]).href);
    assert.equal(view.Type, typebox.Type);

    // A host file built into the bundle that has changed since makes the loader ignore the bundle.
    const manifestPath = join(out, "manifest.json");
    const stale = { ...manifest, inputs: { ...manifest.inputs, "src/shim/helpers.mjs": "0".repeat(64) } };
    writeFileSync(manifestPath, JSON.stringify(stale));
    assert.equal(vendorEntries({}, out), undefined);
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, version: 2 }));
    assert.equal(vendorEntries({}, out), undefined);
    writeFileSync(manifestPath, JSON.stringify(manifest));
    assert.ok(vendorEntries({}, out));
    assert.equal(vendorEntries({ TAU_EXT_NO_BUNDLE: "1" }, out), undefined);
    rmSync(manifestPath);
    assert.equal(vendorEntries({}, out), undefined);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

const identity = {
  typebox: true, ai: true, tui: true, value: true, compile: true, shim: true, yaml: true,
};

for (const [label, env] of [
  ["with the bundle", {}],
  ["without the bundle", { TAU_EXT_NO_BUNDLE: "1" }],
]) {
  const skip = label === "with the bundle" && !existsSync(join(hostDir, "vendor", "manifest.json")) ? "no vendor bundle (npm ci builds it)" : false;
  test(`every alias of a package reaches one copy of it, ${label}`, { skip }, async () => {
    const client = new HostClient({ env: { ...process.env, ...env } });
    await client.hello();
    const { extensions } = await client.load([join(fixtures, "identity.ts")]);
    assert.equal(extensions[0].error, undefined, client.stderr);
    assert.deepEqual(JSON.parse(extensions[0].commands[0].description), identity);
    await client.close();
  });
}

test("the installed bundle has every entry and the loader's aliases all point into it", { skip: existsSync(join(hostDir, "vendor", "manifest.json")) && !process.env.TAU_EXT_NO_BUNDLE ? false : "no vendor bundle" }, () => {
  const manifest = JSON.parse(readFileSync(join(hostDir, "vendor", "manifest.json"), "utf8"));
  assert.equal(manifest.version, 1);
  assert.deepEqual(Object.keys(manifest.entries).sort(), [...Object.keys(ENTRIES), LAZY_ENTRY, AI_LAZY_ENTRY].sort());
  const targets = Object.values(aliasMap());
  assert.equal(targets.length, 22);
  for (const target of targets) assert.ok(target.startsWith(join(hostDir, "vendor")), target);
});
