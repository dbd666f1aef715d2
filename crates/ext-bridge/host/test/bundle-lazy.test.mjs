// The lazy views in the installed vendor bundle (src/bundle-lazy.mjs), of tau's pi-coding-agent module and of
// the pi-ai module extensions see: every name of the module, the very objects the whole module has, each
// loaded on its own first read, and Pi's globals prepared only for names that draw or read keybindings.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { definingFile } from "../src/bundle-lazy.mjs";

const hostDir = join(import.meta.dirname, "..");
const vendor = join(hostDir, "vendor");
const manifestFile = join(vendor, "manifest.json");
const entries = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")).entries : {};
const view = entries["pi-coding-agent-lazy"];
const skip = !view ? "no lazy view in the vendor bundle (npm ci builds it)" : !process.features.require_module ? "this Node cannot require() ES modules" : false;

/**
 * Runs `body` (an async function's text with `view`, `whole` and `loaded` in scope) in a fresh Node process
 * that loads a view through jiti as the host's loader does; returns what the body returns. `loaded(file)`:
 * whether the vendor file was required.
 * @param {string} body @param {string} [viewFile] @param {string} [wholeFile]
 */
function inFreshProcess(body, viewFile = String(view), wholeFile = "pi-coding-agent.mjs") {
  const script = `
    const { createJiti } = await import("jiti");
    const { createRequire } = await import("node:module");
    const jiti = createJiti(${JSON.stringify(join(hostDir, "src", "loader.mjs"))}, { moduleCache: false, fsCache: false });
    const view = await jiti.import(${JSON.stringify(join(vendor, viewFile))});
    const whole = async () => import(${JSON.stringify(join(vendor, wholeFile))});
    const loaded = (file) => Object.keys(createRequire(import.meta.url).cache).some((key) => key.endsWith(file));
    const result = await (async () => { ${body} })();
    process.stdout.write(JSON.stringify(result));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: hostDir, encoding: "utf8" });
  return JSON.parse(out);
}

test("the view has every name of the whole module, and each is the whole module's very object", { skip }, () => {
  const result = inFreshProcess(`
    const all = await whole();
    const names = Object.keys(view).sort();
    const different = names.filter((name) => view[name] !== all[name]);
    return { names, wholeNames: Object.keys(all).sort(), different };
  `);
  assert.equal(result.names.length, 157);
  assert.deepEqual(result.names, result.wholeNames);
  assert.deepEqual(result.different, []);
});

test("a name is loaded on its first read, and Pi's globals are prepared only for names that need them", { skip }, () => {
  const result = inFreshProcess(`
    const themeSet = () => globalThis[Symbol.for("@earendil-works/pi-coding-agent:theme")] !== undefined;
    const before = themeSet();
    const tool = view.defineTool({ name: "x" });
    const session = typeof view.SessionManager.inMemory;
    const afterPlainNames = themeSet();
    const borderLoadedEarly = loaded("dynamic-border.mjs");
    const border = new view.DynamicBorder();
    return {
      before, tool: tool.name, session, afterPlainNames, borderLoadedEarly, afterBorder: themeSet(),
      lines: border.render(4).length, borderLoaded: loaded("dynamic-border.mjs"),
    };
  `);
  assert.deepEqual(result, {
    before: false, tool: "x", session: "function", afterPlainNames: false, borderLoadedEarly: false, afterBorder: true,
    lines: 1, borderLoaded: true,
  });
});

const aiSkip = !entries["pi-ai-lazy"] ? "no pi-ai view in the vendor bundle" : skip;

test("the pi-ai view has the whole view's names and objects; Type and StringEnum leave pi-ai's compat entry unloaded", { skip: aiSkip }, () => {
  const result = inFreshProcess(`
    const schema = view.StringEnum(["a", "b"]);
    const object = view.Type.Object({ kind: schema });
    const compatEarly = loaded("pi-ai-parts/compat.mjs");
    const completeType = typeof view.complete;
    const compatLate = loaded("pi-ai-parts/compat.mjs");
    const all = await whole();
    const names = Object.keys(view).sort();
    return {
      enumValues: schema.enum, objectType: object.type, compatEarly, completeType, compatLate,
      sameNames: JSON.stringify(names) === JSON.stringify(Object.keys(all).sort()),
      different: names.filter((name) => view[name] !== all[name]),
    };
  `, String(entries["pi-ai-lazy"]), "pi-ai.mjs");
  assert.deepEqual(result, {
    enumValues: ["a", "b"], objectType: "object", compatEarly: false, completeType: "function", compatLate: true,
    sameNames: true, different: [],
  });
});

test("a plain name's entry is small: it holds the defining file, not the package's main entry", { skip }, () => {
  const source = readFileSync(join(vendor, String(view)), "utf8");
  const names = JSON.parse(/const names = (\{.*\});/.exec(source)?.[1] ?? "{}");
  const staticImport = /(?:^|\n)\s*(?:import|export)\b[^;]*?from\s*"(\.[^"]+)"|(?:^|\n)import\s*"(\.[^"]+)"/g;
  // The whole module loads the real package with import() (shim/pi-package.mjs).
  const anyImport = /(?:^|\n)\s*(?:import|export)\b[^;]*?from\s*"(\.[^"]+)"|(?:^|\n)import\s*"(\.[^"]+)"|import\("(\.[^"]+\.mjs)"\)/g;
  /** @param {string} file @param {RegExp} pattern @param {Set<string>} seen */
  const closure = (file, pattern, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) {
      closure(resolve(dirname(file), match[1] ?? match[2] ?? match[3]), pattern, seen);
    }
    return seen;
  };
  /** @param {Set<string>} files */
  const size = (files) => [...files].reduce((sum, file) => sum + readFileSync(file).length, 0);
  /** @param {string} name */
  const bytes = (name) => size(closure(join(vendor, names[name][0]), staticImport));
  const whole = size(closure(join(vendor, "pi-coding-agent.mjs"), anyImport));
  assert.ok(bytes("defineTool") < 64 * 1024, `defineTool: ${bytes("defineTool")} bytes`);
  assert.ok(bytes("DynamicBorder") < whole / 2, `DynamicBorder: ${bytes("DynamicBorder")} of ${whole} bytes`);
  // A tool factory's entry is its tool file (with the tool's renderers), not Pi's sdk.js and its engine.
  assert.equal(names.createBashTool[0], "./pca/core~tools~bash.mjs");
  assert.equal(names.createCodingTools[0], "./pca/core~tools~index.mjs");
  assert.ok(bytes("createBashTool") < whole / 2, `createBashTool: ${bytes("createBashTool")} of ${whole} bytes`);
});

test("a tool factory read from the view is the real one and leaves the rest of the package unloaded", { skip }, () => {
  const result = inFreshProcess(`
    const tool = view.createBashTool(process.cwd());
    const early = { sdk: loaded("core~sdk.mjs"), read: loaded("core~tools~read.mjs"), bash: loaded("core~tools~bash.mjs") };
    const ran = await tool.execute("t1", { command: "echo lazy" });
    const all = await whole();
    return { early, name: tool.name, same: view.createBashTool === all.createBashTool, text: ran.content[0].text };
  `);
  assert.deepEqual(result, { early: { sdk: false, read: false, bash: true }, name: "bash", same: true, text: "lazy\n" });
});

test("definingFile follows the main entry's re-exports to the file that declares a name", () => {
  const main = join(hostDir, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "index.js");
  const rel = (/** @type {any} */ found) => found && [found.file.slice(dirname(main).length + 1), found.name];
  assert.deepEqual(rel(definingFile(main, "defineTool")), ["core/extensions/types.js", "defineTool"]);
  // Through `export * from` (the compaction folder's index).
  assert.deepEqual(rel(definingFile(main, "estimateTokens")), ["core/compaction/compaction.js", "estimateTokens"]);
  assert.equal(definingFile(main, "noSuchName"), undefined);
  // Through a local re-export of an import (sdk.js: \`import { createBashTool } from "./tools/index.js";
  // export { createBashTool };\`), and past comments inside export lists.
  assert.deepEqual(rel(definingFile(main, "createBashTool")), ["core/tools/bash.js", "createBashTool"]);
  assert.deepEqual(rel(definingFile(main, "createCodingTools")), ["core/tools/index.js", "createCodingTools"]);
});
