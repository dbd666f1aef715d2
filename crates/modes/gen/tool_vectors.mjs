// Generates crates/modes/tests/vectors/tool_rows.json: the lines Pi 1.6.0's own tool row
// (ToolExecutionComponent with the built-in renderers) and user command row
// (BashExecutionComponent) draw for a corpus of calls, results and widths, for the parity
// test in crates/modes/src/interactive/tools/parity_tests.rs.
//
// The theme is replaced by one that wraps text in distinct SGR sequences per token (the
// palette is written to the vectors), so the Rust side can paint the same way and compare
// bytes. Time is a fake clock; highlighted code is recorded with its input.
//
// Run from the repository root with Node 22 and Pi installed in the oracle cache:
//   $NODE22 crates/modes/gen/tool_vectors.mjs > crates/modes/tests/vectors/tool_rows.json
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

process.env.HOME = "/home/tester";
const scope = "/root/.cache/tau-oracle/pi-1.6.0/node_modules/@earendil-works";
const agent = join(scope, "pi-coding-agent/dist");
const load = (path) => import(pathToFileURL(path).href);

const tui = await load(join(scope, "pi-tui/dist/index.js"));
const { ToolExecutionComponent } = await load(join(agent, "modes/interactive/components/tool-execution.js"));
const { BashExecutionComponent } = await load(join(agent, "modes/interactive/components/bash-execution.js"));
const { withBuiltInRenderers } = await load(join(agent, "core/tools/renderers/index.js"));
const { KeybindingsManager } = await load(join(agent, "core/keybindings.js"));
const { computeEditsDiff } = await load(join(agent, "core/tools/edit-diff.js"));
const { getTextOutput, replaceTabs, normalizeDisplayText } = await load(join(agent, "core/tools/render-utils.js"));
const { highlightCode, getLanguageFromPath } = await load(join(agent, "modes/interactive/theme/theme.js"));
const { getReadmePath } = await load(join(agent, "config.js"));
const { dirname } = await import("node:path");

// Tokens get SGR 256-colour indices in order of first use.
const palette = {};
const index = (token) => (palette[token] ??= 16 + Object.keys(palette).length);
const markerTheme = {
  fg: (token, text) => `\x1b[38;5;${index(token)}m${text}\x1b[39m`,
  bg: (token, text) => `\x1b[48;5;${index(token)}m${text}\x1b[49m`,
  bold: (text) => `\x1b[1m${text}\x1b[22m`,
  italic: (text) => `\x1b[3m${text}\x1b[23m`,
  underline: (text) => `\x1b[4m${text}\x1b[24m`,
  inverse: (text) => `\x1b[7m${text}\x1b[27m`,
  strikethrough: (text) => `\x1b[9m${text}\x1b[29m`,
};
globalThis[Symbol.for("@earendil-works/pi-coding-agent:theme")] = markerTheme;
globalThis[Symbol.for("@mariozechner/pi-coding-agent:theme")] = markerTheme;
tui.setKeybindings(new KeybindingsManager());
const caps = (hyperlinks, images = null) => tui.setCapabilities({ images, hyperlinks, trueColor: false });
caps(false);

let now = 1_000_000;
Date.now = () => now;
const ui = { requestRender() {} };
const cwd = "/tmp/tau-tool-vectors";
mkdirSync(join(cwd, "src"), { recursive: true });
const piDocs = dirname(getReadmePath());

const text = (t) => ({ type: "text", text: t });
const lines = (n, f = (i) => `line ${i + 1}`) => Array.from({ length: n }, (_, i) => f(i)).join("\n");
// A 2x3 PNG header (dimensions only) and a 1x1 GIF.
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  Buffer.from([0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0]),
]).toString("base64");
const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00", "latin1").toString("base64");

const toolCases = [];
const bashCases = [];

/** A tool row: a call, optionally streamed, started, updated and finished. */
function tool(name, spec) {
  toolCases.push({ name, ...spec });
}

// ---------------------------------------------------------------- read
tool("read pending", { tool: "read", args: { path: "src/main.rs" }, argsComplete: false });
tool("read range", { tool: "read", args: { path: "a.txt", offset: 10, limit: 5 } });
tool("read offset only", { tool: "read", args: { path: "a.txt", offset: "7" } });
tool("read limit only", { tool: "read", args: { path: "a.txt", limit: 3 } });
tool("read bad range", { tool: "read", args: { path: "a.txt", offset: "x", limit: 3 } });
tool("read null range", { tool: "read", args: { path: "a.txt", offset: null, limit: null } });
tool("read file_path", { tool: "read", args: { file_path: "/home/tester/notes/todo.md" } });
tool("read home itself", { tool: "read", args: { path: "/home/tester" } });
tool("read no path", { tool: "read", args: {} });
tool("read invalid path", { tool: "read", args: { path: 42 } });
tool("read long path", { tool: "read", args: { path: "some/really/long/directory/structure/that/keeps/going/and/going/file_name_here.txt" }, widths: [30, 60] });
const readTs = lines(14, (i) => (i % 3 === 0 ? `\tconst x${i} = ${i}; // comment` : `function f${i}() { return "s"; }`)) + "\n\n";
for (const expanded of [false, true]) {
  tool(`read ts done ${expanded}`, { tool: "read", args: { path: "src/app.ts" }, result: { content: [text(readTs)] }, expanded });
  tool(`read txt done ${expanded}`, { tool: "read", args: { path: "notes.txt", offset: 2 }, result: { content: [text(lines(12, (i) => `plain\ttext ${i} ${"word ".repeat(i)}`))] }, expanded });
  tool(`read error ${expanded}`, { tool: "read", args: { path: "missing.ts" }, result: { content: [text(lines(13, (i) => `error line ${i}`))] }, isError: true, expanded });
  tool(`read image ${expanded}`, { tool: "read", args: { path: "pic.png" }, result: { content: [text("Read image file [image/png]"), { type: "image", data: png, mimeType: "image/png" }], details: { imageUnsupportedByModel: "gpt-text" } }, expanded });
  tool(`read skill ${expanded}`, { tool: "read", args: { path: ".pi/skills/deploy/SKILL.md" }, result: { content: [text("# Deploy\nsteps")] }, expanded });
  tool(`read agents ${expanded}`, { tool: "read", args: { path: "sub/AGENTS.md", offset: 1, limit: 20 }, result: { content: [text("rules")] }, expanded });
  tool(`read docs ${expanded}`, { tool: "read", args: { path: join(piDocs, "docs/tui.md") }, result: { content: [text("tui docs")] }, expanded });
}
tool("read claude outside cwd", { tool: "read", args: { path: "/etc/CLAUDE.md" } });
tool("read truncated lines", { tool: "read", args: { path: "big.log" }, result: { content: [text(lines(3))], details: { truncation: { truncated: true, truncatedBy: "lines", outputLines: 3, totalLines: 9000, maxLines: 2000 } } }, expanded: true });
tool("read truncated bytes", { tool: "read", args: { path: "big.log" }, result: { content: [text(lines(2))], details: { truncation: { truncated: true, truncatedBy: "bytes", outputLines: 2, maxBytes: 51200 } } }, expanded: true });
tool("read first line too long", { tool: "read", args: { path: "min.js" }, result: { content: [text("")], details: { truncation: { truncated: true, firstLineExceedsLimit: true } } }, expanded: true });
tool("read long lines wrap", { tool: "read", args: { path: "wide.txt" }, result: { content: [text("x".repeat(150) + "\n" + "word ".repeat(40) + "\n\x1b[31mred\x1b[0m\r\nctl\x07char")] }, expanded: true, widths: [20, 50, 100] });
tool("read hyperlink", { tool: "read", args: { path: "src/my file#1.ts" }, hyperlinks: true });
tool("read hyperlink home", { tool: "read", args: { path: "~/x/ü.rs" }, hyperlinks: true });
tool("read aborted", { tool: "read", args: { path: "a.txt" }, aborted: "Operation aborted" });
tool("read narrow", { tool: "read", args: { path: "src/main.rs", offset: 1, limit: 2 }, result: { content: [text("fn main() {}\n")] }, expanded: true, widths: [1, 2, 3, 5] });

// ---------------------------------------------------------------- bash
tool("bash streaming empty", { tool: "bash", args: {}, argsComplete: false });
tool("bash streaming", { tool: "bash", args: { command: "ls -la" }, argsComplete: false });
tool("bash timeout", { tool: "bash", args: { command: "sleep 5", timeout: 30 } });
tool("bash invalid", { tool: "bash", args: { command: ["x"] } });
tool("bash running", { tool: "bash", args: { command: "make" }, started: true, elapsed: 1234 });
tool("bash running partial", { tool: "bash", args: { command: "make" }, started: true, elapsed: 4200, partial: { content: [text(lines(8, (i) => `compiling ${i}`))] } });
tool("bash running partial long", { tool: "bash", args: { command: "npm test" }, started: true, elapsed: 75000, partial: { content: [text("a".repeat(300))] }, widths: [40, 90] });
for (const expanded of [false, true]) {
  tool(`bash done ${expanded}`, { tool: "bash", args: { command: "seq 12" }, started: true, result: { content: [text(lines(12, (i) => `${i + 1}`) + "\n")] }, durationMs: 2500, expanded });
  tool(`bash done wrapped ${expanded}`, { tool: "bash", args: { command: "cat wide" }, started: true, result: { content: [text("w".repeat(130) + "\nshort\n" + "v".repeat(90))] }, durationMs: 61000, expanded, widths: [40, 100] });
  tool(`bash footer ${expanded}`, { tool: "bash", args: { command: "big" }, started: true, result: { content: [text(lines(4) + "\n\n[Showing lines 1-4 of 5000. Full output: /tmp/pi-bash-1.log]")], details: { truncation: { truncated: true, truncatedBy: "lines", outputLines: 4, totalLines: 5000 }, fullOutputPath: "/tmp/pi-bash-1.log" } }, durationMs: 3_723_000, expanded });
}
tool("bash bytes truncated", { tool: "bash", args: { command: "yes" }, started: true, result: { content: [text("y\ny")], details: { truncation: { truncated: true, truncatedBy: "bytes", outputLines: 2 } } }, durationMs: 100 });
tool("bash full path only", { tool: "bash", args: { command: "x" }, started: true, result: { content: [text("out")], details: { fullOutputPath: "/tmp/full.log" } }, durationMs: 59999 });
tool("bash error", { tool: "bash", args: { command: "false" }, started: true, result: { content: [text("boom\n\nCommand exited with code 1")] }, isError: true, durationMs: 40 });
tool("bash no output", { tool: "bash", args: { command: "true" }, started: true, result: { content: [text("(no output)")] }, durationMs: 5 });
tool("bash empty output", { tool: "bash", args: { command: "true" }, started: true, result: { content: [] }, durationMs: 5 });
tool("bash clock took", { tool: "bash", args: { command: "true" }, started: true, elapsed: 900, result: { content: [text("ok")] } });
tool("bash history", { tool: "bash", args: { command: "echo hi" }, result: { content: [text("hi")] } });
tool("bash aborted", { tool: "bash", args: { command: "sleep 100" }, started: true, elapsed: 3000, aborted: "Aborted after 2 retry attempts" });
tool("powershell", { tool: "powershell", args: { command: "Get-ChildItem" }, started: true, result: { content: [text("a\nb")] }, durationMs: 1200 });
tool("bash tabs", { tool: "bash", args: { command: "printf 'a\\tb'" }, started: true, result: { content: [text("a\tb\tc")] }, durationMs: 10, widths: [12, 40] });

// ---------------------------------------------------------------- edit
writeFileSync(join(cwd, "src/edit.ts"), "const a = 1;\nconst b = 2;\n\tfunction go() {\n\t\treturn a + b;\n\t}\nexport { go };\n");
const editSingle = { path: "src/edit.ts", edits: [{ oldText: "const b = 2;", newText: "const b = 3;" }] };
const editMulti = { path: "src/edit.ts", edits: [{ oldText: "\t\treturn a + b;\n\t}", newText: "\t\tconst sum = a + b;\n\t\treturn sum * 2;\n\t}" }] };
const editMissing = { path: "src/edit.ts", edits: [{ oldText: "nope", newText: "x" }] };
tool("edit streaming", { tool: "edit", args: { path: "src/edit.ts" }, argsComplete: false });
tool("edit preview single", { tool: "edit", args: editSingle, preview: true });
tool("edit preview multi", { tool: "edit", args: editMulti, preview: true });
tool("edit preview error", { tool: "edit", args: editMissing, preview: true });
tool("edit legacy args preview", { tool: "edit", args: { file_path: "src/edit.ts", oldText: "const a = 1;", newText: "let a = 1; // changed" }, preview: true });
const diffs = {
  single: "  1 const a = 1;\n- 2 const b = 2;\n+ 2 const b = 3;\n  3 \tfunction go() {",
  words: "- 7 \tlet total = items.reduce((a, b) => a + b, 0);\n+ 7 \tlet total = items.map(x => x.price).reduce((a, b) => a + b, 0);",
  indent: "-10     return value;\n+10     if (ok) return value;",
  multi: "  1 header\n- 2 old one\n- 3 old two\n+ 2 new one\n+ 3 new two\n+ 4 new three\n    ...\n 40 tail",
  added: "+ 1 first line\n+ 2 second line\n  3 context",
  removedOnly: "- 5 gone\n  6 kept",
  odd: "not a diff line\n-x\n+12\n  9 ok\u00a0space",
  spaces: "- 1 foo   bar baz\n+ 1 foo  baz",
  punct: "- 1 a.b(c, d);\n+ 1 a.b(c,  e, d);",
  unicode: "- 1 naïve café résumé\n+ 1 naïve cafés résumé ünïcode",
  trail: "- 1 alpha beta\n+ 1 alpha",
  lead: "- 1 beta gamma\n+ 1 alpha beta gamma",
};
for (const [key, diff] of Object.entries(diffs)) {
  tool(`edit done ${key}`, { tool: "edit", args: editSingle, started: true, result: { content: [text("Successfully replaced text in src/edit.ts.")], details: { diff, firstChangedLine: 2 } }, durationMs: 12 });
}
tool("edit done with preview", { tool: "edit", args: editSingle, preview: true, started: true, result: { content: [text("ok")], details: { diff: diffs.single, firstChangedLine: 2 } }, durationMs: 12 });
tool("edit failed", { tool: "edit", args: editSingle, started: true, result: { content: [text("Could not find the exact text in src/edit.ts.")] }, isError: true });
tool("edit failed same as preview", { tool: "edit", args: editMissing, preview: true, started: true, result: { content: [text("PREVIEW_ERROR")] }, isError: true });
tool("edit failed other than preview", { tool: "edit", args: editSingle, preview: true, started: true, result: { content: [text("File changed on disk")] }, isError: true });
tool("edit no path", { tool: "edit", args: { edits: [] } });
tool("edit aborted", { tool: "edit", args: editSingle, aborted: "Operation aborted" });
tool("edit narrow", { tool: "edit", args: editSingle, result: { content: [text("ok")], details: { diff: diffs.words } }, widths: [10, 30] });

// ---------------------------------------------------------------- write
const tsFile = lines(25, (i) => (i % 4 === 0 ? `// comment ${i}` : `export const v${i}: number = ${i};\t// tab`)) + "\n\n";
tool("write streaming", { tool: "write", args: { path: "src/new.ts", content: "const a = 1;\nconst b" }, argsComplete: false });
tool("write streaming no content", { tool: "write", args: { path: "src/new.ts" }, argsComplete: false });
for (const expanded of [false, true]) {
  tool(`write ts ${expanded}`, { tool: "write", args: { path: "src/new.ts", content: tsFile }, started: true, result: { content: [text("Successfully wrote 300 bytes")] }, durationMs: 3, expanded });
  tool(`write txt ${expanded}`, { tool: "write", args: { file_path: "notes.txt", content: lines(14, (i) => `note\t${i}\r`) }, expanded });
}
tool("write invalid content", { tool: "write", args: { path: "a.txt", content: 5 } });
tool("write empty content", { tool: "write", args: { path: "a.txt", content: "" } });
tool("write error", { tool: "write", args: { path: "/root/x.txt", content: "x" }, result: { content: [text("EACCES: permission denied")] }, isError: true });
tool("write error empty", { tool: "write", args: { path: "/root/x.txt", content: "x" }, result: { content: [] }, isError: true });
tool("write makefile", { tool: "write", args: { path: "Makefile", content: "all:\n\techo hi\n" } });

// ---------------------------------------------------------------- grep / find / ls
const matches = lines(18, (i) => `src/f${i}.ts:${i + 1}: const match${i} = true;`);
tool("grep call", { tool: "grep", args: { pattern: "fn \\w+", path: "/home/tester/src", glob: "*.rs", limit: 50 } });
tool("grep defaults", { tool: "grep", args: { pattern: "" } });
tool("grep invalid", { tool: "grep", args: { pattern: 3, path: false, limit: null } });
for (const expanded of [false, true]) {
  tool(`grep result ${expanded}`, { tool: "grep", args: { pattern: "match" }, result: { content: [text(matches + "\n")], details: { matchLimitReached: 100, truncation: { truncated: true, maxBytes: 1024 }, linesTruncated: true } }, expanded });
  tool(`find result ${expanded}`, { tool: "find", args: { pattern: "*.ts", path: "src", limit: 1000 }, result: { content: [text(lines(25, (i) => `src/dir${i}/file.ts`))], details: { resultLimitReached: 1000 } }, expanded });
  tool(`ls result ${expanded}`, { tool: "ls", args: { path: "", limit: 20 }, result: { content: [text(lines(22, (i) => `entry${i}${i % 2 ? "/" : ""}`))], details: { entryLimitReached: 20, truncation: { truncated: true } } }, expanded });
}
tool("grep lines truncated only", { tool: "grep", args: { pattern: "x", path: "." }, result: { content: [text("a:1: x")], details: { linesTruncated: true } } });
tool("grep empty", { tool: "grep", args: { pattern: "x" }, result: { content: [text("No matches found")] } });
tool("find invalid", { tool: "find", args: { pattern: null, path: 7 } });
tool("find bytes truncated", { tool: "find", args: { pattern: "*" }, result: { content: [text("a\nb")], details: { truncation: { truncated: true, maxBytes: 2048 } } } });
tool("ls home", { tool: "ls", args: { path: "/home/tester/projects" }, result: { content: [text("a\nb")] } });
tool("ls invalid", { tool: "ls", args: { path: {} } });
tool("ls error", { tool: "ls", args: { path: "nope" }, result: { content: [text("Path not found: nope")] }, isError: true });
tool("ls hyperlink", { tool: "ls", args: {}, hyperlinks: true });

// ---------------------------------------------------------------- other tools
const longArgs = { query: "how do I write a tool row renderer in rust with parity", max: 10, nested: { a: [1, 2], b: "x\ty" } };
for (const expanded of [false, true]) {
  tool(`generic defined ${expanded}`, { tool: "web_search", definition: "defined", args: longArgs, started: true, result: { content: [text(lines(13, (i) => `result ${i}`))] }, expanded });
  tool(`generic multi-line ${expanded}`, { tool: "note", definition: "defined", args: { body: "first\r\nsecond\n\tthird" }, expanded });
  tool(`generic unknown ${expanded}`, { tool: "mystery", definition: "none", args: longArgs, started: true, result: { content: [text("out\r\nput"), { type: "image", data: gif, mimeType: "image/gif" }] }, expanded });
}
tool("generic array args", { tool: "list", definition: "defined", args: [1, "two"] });
tool("generic empty args", { tool: "ping", definition: "defined", args: {} });
tool("generic running", { tool: "crawl", definition: "defined", args: { url: "https://example.com" }, started: true, partial: { content: [text("fetching…")] } });
tool("generic error", { tool: "crawl", definition: "defined", args: { url: "x" }, result: { content: [text("network down")] }, isError: true });
tool("generic unknown pending", { tool: "mystery", definition: "none", args: {} });
tool("generic unknown error", { tool: "mystery", definition: "none", args: { a: 1 }, aborted: "Error" });
tool("generic unicode cut", { tool: "uni", definition: "defined", args: { text: "é".repeat(120) } });
tool("output pad 0", { tool: "ls", args: { path: "src" }, result: { content: [text("a")] }, outputPad: 0 });
tool("output pad 2 edit", { tool: "edit", args: editSingle, result: { content: [text("ok")], details: { diff: diffs.single } }, outputPad: 2 });


// ---------------------------------------------------------------- images and links
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0, 7, 0, 9, 3, 1, 2, 3, 4, 5, 6]).toString("base64");
const webp = Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8X", "latin1"), Buffer.alloc(8), Buffer.from([9, 0, 0, 4, 0, 0])]).toString("base64");
tool("images", { tool: "shot", definition: "defined", args: {}, result: { content: [
  { type: "image", data: jpeg, mimeType: "image/jpeg" },
  { type: "image", data: webp, mimeType: "image/webp" },
  { type: "image", data: "", mimeType: "image/png" },
  { type: "image", data: "bm90IGFuIGltYWdl", mimeType: "image/bmp" },
  { type: "image", data: png.slice(0, -2), mimeType: "image/png" },
] }, expanded: true });
for (const path of ["/abs/with space/a%b.md", "rel/ü €/x?.txt", "~", "../up/[x]{y}`z`.ts", "/home/tester/docs/a'b(c).txt"]) {
  tool(`link ${path}`, { tool: "read", args: { path }, hyperlinks: true, widths: [120] });
}

// ---------------------------------------------------------------- inline images
// Cases with `images` run with that protocol detected; a Kitty image's id is random in Pi,
// so it is written as `i=ID` (the Rust side does the same to its own id).
const png800 = Buffer.concat([png && Buffer.from(png, "base64").subarray(0, 16), Buffer.from([0, 0, 3, 32, 0, 0, 2, 88, 8, 6, 0, 0, 0])]).toString("base64");
const bigPng = Buffer.concat([Buffer.from(png800, "base64"), Buffer.alloc(5000, 7)]).toString("base64");
for (const images of ["kitty", "iterm2"]) {
  tool(`read png ${images}`, { tool: "read", args: { path: "pic.png" }, result: { content: [text("Read image file [image/png]"), { type: "image", data: png, mimeType: "image/png" }] }, images, widths: [40, 100] });
  tool(`read png 800 ${images}`, { tool: "read", args: { path: "wide.png" }, result: { content: [text("Read image file [image/png]"), { type: "image", data: png800, mimeType: "image/png" }] }, images, widths: [30, 100] });
  tool(`read png narrow width ${images}`, { tool: "read", args: { path: "wide.png" }, result: { content: [text("Read image file [image/png]"), { type: "image", data: png800, mimeType: "image/png" }] }, images, imageWidth: 8 });
  tool(`read two images expanded ${images}`, { tool: "read", args: { path: "x" }, result: { content: [{ type: "image", data: bigPng, mimeType: "image/png" }, text("between"), { type: "image", data: gif, mimeType: "image/gif" }] }, images, expanded: true });
  tool(`read png hidden ${images}`, { tool: "read", args: { path: "pic.png" }, result: { content: [text("Read image file [image/png]"), { type: "image", data: png, mimeType: "image/png" }] }, images, showImages: false, expanded: true });
  tool(`generic image ${images}`, { tool: "screenshot", definition: "defined", args: { url: "u" }, result: { content: [{ type: "image", data: png800, mimeType: "image/png" }] }, images });
  tool(`undefined tool image ${images}`, { tool: "snap", definition: "none", args: {}, result: { content: [{ type: "image", data: png, mimeType: "image/png" }] }, images });
}

// ---------------------------------------------------------------- run the tool corpus
const highlightCalls = new Map();
const recordHighlight = (code, lang) => {
  const key = JSON.stringify([code, lang]);
  if (!highlightCalls.has(key)) highlightCalls.set(key, { code, lang, lines: highlightCode(code, lang) });
};

for (const c of toolCases) {
  const widths = c.widths ?? [48, 100];
  caps(Boolean(c.hyperlinks), c.images ?? null);
  now = 1_000_000;
  const definition = c.definition === "none" ? undefined : c.definition === "defined" ? { name: c.tool } : withBuiltInRenderers(c.tool, undefined);
  const component = new ToolExecutionComponent(c.tool, "call-1", c.args, { showImages: c.showImages ?? true, imageWidthCells: c.imageWidth, outputPad: c.outputPad ?? 1 }, definition, ui, cwd);
  component.setExpanded(Boolean(c.expanded));
  if (c.argsComplete !== false) component.setArgsComplete();
  if (c.preview) {
    const previewArgs = c.args.edits ? c.args : { path: c.args.file_path, edits: [{ oldText: c.args.oldText, newText: c.args.newText }] };
    const preview = await computeEditsDiff(previewArgs.path, previewArgs.edits, cwd);
    await new Promise((resolve) => setTimeout(resolve, 20));
    c.previewResult = "error" in preview ? { error: preview.error } : { diff: preview.diff };
    if (c.result && c.result.content[0]?.text === "PREVIEW_ERROR") c.result.content[0].text = preview.error;
  }
  if (c.started) component.markExecutionStarted();
  now += c.elapsed ?? 0;
  if (c.partial) component.updateResult({ ...c.partial, isError: false }, true);
  if (c.result) component.updateResult({ ...c.result, isError: Boolean(c.isError), durationMs: c.durationMs });
  if (c.aborted) component.updateResult({ content: [text(c.aborted)], isError: true });
  c.lines = {};
  for (const w of widths) c.lines[w] = component.render(w).map((line) => line.replace(/\x1b_G([^;]*?)\bi=\d+/g, "\x1b_G$1i=ID"));
  // What the highlighter was asked, computed with Pi's own helpers.
  const path = c.args?.file_path ?? c.args?.path;
  const lang = typeof path === "string" && path ? getLanguageFromPath(path) : undefined;
  if (lang && c.tool === "read" && c.result && !c.isError) recordHighlight(replaceTabs(getTextOutput(c.result, true)), lang);
  if (lang && c.tool === "write" && typeof c.args.content === "string" && c.args.content)
    recordHighlight(replaceTabs(normalizeDisplayText(c.args.content)), lang);
}

// ---------------------------------------------------------------- user commands
function command(name, spec) {
  bashCases.push({ name, ...spec });
}
command("running empty", { command: "sleep 3", running: true });
command("running output", { command: "make", output: "\x1b[32mok\x1b[0m\r\nstep 2\rstep 3\n", running: true });
command("done short", { command: "ls", output: "a\nb\nc\n", exitCode: 0 });
for (const expanded of [false, true]) {
  command(`done long ${expanded}`, { command: "seq 30", output: lines(30), exitCode: 0, expanded });
  command(`truncated ${expanded}`, { command: "cat big", output: lines(25, (i) => "z".repeat(i * 3)), exitCode: 0, truncated: true, fullOutputPath: "/tmp/pi-bash-2.log", expanded });
}
command("exit 2", { command: "grep nope", output: "", exitCode: 2 });
command("cancelled", { command: "sleep 100", output: "partial", exitCode: null, cancelled: true });
command("excluded", { command: "env", output: "A=1\nB=2", exitCode: 0, excluded: true });
command("wrapped", { command: "cat " + "long-name ".repeat(8), output: "q".repeat(200) + "\n\ttabbed", exitCode: 0, widths: [30, 80] });
command("no exit code", { command: "weird", output: "x", exitCode: null });
command("pad 0", { command: "ls", output: "a", exitCode: 0, outputPad: 0 });
command("narrow", { command: "ls", output: "abc", exitCode: 1, widths: [1, 4] });
command("over the line limit", { command: "seq", big: { count: 2100, prefix: "n" }, exitCode: 0, fullOutputPath: "/tmp/pi-bash-3.log" });
command("over the byte limit", { command: "yes", big: { count: 900, prefix: "y".repeat(70) }, exitCode: 0 });
command("many wrapped lines", { command: "x", output: lines(20, () => "r".repeat(70)), exitCode: 0, widths: [40] });

for (const c of bashCases) {
  const widths = c.widths ?? [48, 100];
  const component = new BashExecutionComponent(c.command, ui, Boolean(c.excluded), c.outputPad ?? 1);
  component.setExpanded(Boolean(c.expanded));
  if (c.big) c.output = lines(c.big.count, (i) => `${c.big.prefix}${i}`);
  if (c.output !== undefined) component.appendOutput(c.output);
  if (!c.running) component.setComplete(c.exitCode, Boolean(c.cancelled), c.truncated ? { truncated: true } : undefined, c.fullOutputPath);
  c.lines = {};
  for (const w of widths) c.lines[w] = component.render(w);
  if (c.big) delete c.output;
}

// ---------------------------------------------------------------- diffs
// Seeded random line pairs for the word-level highlight of one replaced line.
let seed = 0x5eed;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const pieces = ["foo", "bar", "baz", "x", "if", "return", "café", "naïve", "ñ", "中文", "🙂", "a_b", "42", "3.14", "(", ")", "{", "}", ";", ",", ".", "=>", "+", "-", "'", '"', " ", "  ", "\t", "\u00a0", "\u3000", "é"];
const word = () => pick(pieces);
const sentence = () => Array.from({ length: 1 + Math.floor(rand() * 12) }, word).join(pick(["", " ", " ", "  "]));
const mutate = (line) => {
  const parts = line.split(/(\s+)/);
  for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) {
    const at = Math.floor(rand() * (parts.length + 1));
    const op = rand();
    if (op < 0.4) parts.splice(at, 0, word());
    else if (op < 0.7) parts.splice(at, 1);
    else parts.splice(at, 1, word());
  }
  return parts.join("");
};
const { renderDiff } = await load(join(agent, "modes/interactive/components/diff.js"));
const diffCases = [];
for (let i = 0; i < 200; i++) {
  const indent = pick(["", "", "  ", "\t", "    ", " \t"]);
  const old = indent + sentence();
  const neu = rand() < 0.2 ? pick(["", "  ", "\t"]) + mutate(old.trimStart()) : indent + mutate(old.slice(indent.length));
  const n = 1 + Math.floor(rand() * 120);
  const pad = String(n).padStart(3, " ");
  const diff = rand() < 0.85 ? `-${pad} ${old}\n+${pad} ${neu}` : `-${pad} ${old}\n-${pad} ${sentence()}\n+${pad} ${neu}\n ${pad} ${sentence()}\n     ...`;
  try {
    diffCases.push({ diff, rendered: renderDiff(diff) });
  } catch (error) {
    diffCases.push({ diff, error: String(error) });
  }
}

const { version } = JSON.parse((await import("node:fs")).readFileSync(join(scope, "pi-coding-agent/package.json"), "utf8"));
process.stdout.write(
  JSON.stringify({ pi: version, home: process.env.HOME, cwd, piDocs, palette, highlights: [...highlightCalls.values()], tools: toolCases, commands: bashCases, diffs: diffCases }) + "\n",
  () => process.exit(0),
);
