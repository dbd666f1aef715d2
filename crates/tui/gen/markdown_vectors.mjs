// Generates crates/tui/tests/vectors/markdown.json: pi-tui's own rendering of Markdown, Text,
// TruncatedText, Box, Spacer and Loader on a hand-written corpus plus seeded random documents,
// for tests/markdown_parity.rs and tests/text_parity.rs.
//
// Themes are named, not serialised: the Rust test builds the same theme from the name.
//   "markers": every style wraps its text in visible tags (<h>..</h>), so the structure shows;
//   "ansi":    real SGR codes, which exercise the reset-and-restore paths.
//
// Run from the repository root, with the extension host's node_modules installed:
//   node crates/tui/gen/markdown_vectors.mjs > crates/tui/tests/vectors/markdown.json
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const piTui = join(repo, "crates/ext-bridge/host/node_modules/@earendil-works/pi-tui");
const version = JSON.parse(readFileSync(join(piTui, "package.json"), "utf8")).version;
const load = async (path) => import(pathToFileURL(join(piTui, "dist", path)).href);
const { Markdown } = await load("components/markdown.js");
const { Text } = await load("components/text.js");
const { TruncatedText } = await load("components/truncated-text.js");
const { Box } = await load("components/box.js");
const { Spacer } = await load("components/spacer.js");
const { Loader } = await load("components/loader.js");
const { setCapabilities } = await load("terminal-image.js");

const tag = (name) => (text) => `<${name}>${text}</${name}>`;
const sgr = (open, close) => (text) => `\x1b[${open}m${text}\x1b[${close}m`;
const themes = {
  markers: {
    heading: tag("h"), link: tag("a"), linkUrl: tag("u"), code: tag("c"), codeBlock: tag("cb"),
    codeBlockBorder: tag("cbb"), quote: tag("q"), quoteBorder: tag("qb"), hr: tag("hr"),
    listBullet: tag("li"), bold: tag("b"), italic: tag("i"), strikethrough: tag("s"), underline: tag("_"),
  },
  ansi: {
    heading: sgr("38;5;75", "39"), link: sgr("34", "39"), linkUrl: sgr("2", "22"), code: sgr("33", "39"),
    codeBlock: sgr("32", "39"), codeBlockBorder: sgr("90", "39"), quote: sgr("37", "39"),
    quoteBorder: sgr("90", "39"), hr: sgr("90", "39"), listBullet: sgr("36", "39"), bold: sgr("1", "22"),
    italic: sgr("3", "23"), strikethrough: sgr("9", "29"), underline: sgr("4", "24"),
  },
};
// A theme variant with highlightCode, which marks each line with the language it was asked for.
const highlightMarkers = (code, lang) => code.split("\n").map((line) => `<hl ${lang ?? "-"}>${line}</hl>`);
// Default text styles, by name; the Rust side mirrors these.
const defaultStyles = {
  none: undefined,
  color: { color: tag("fg") },
  boldItalic: { bold: true, italic: true },
  bg: { bgColor: tag("bg"), color: tag("fg") },
  ansiColor: { color: sgr("38;5;250", "39"), bgColor: sgr("48;5;236", "49") },
};

// A small seeded generator (mulberry32) so the vectors are the same on every run.
let seed = 0x5eed;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const int = (n) => Math.floor(rand() * n);

const corpus = [
  "Hello world",
  "A paragraph that is long enough to wrap at narrow widths, with several words in it.",
  "line one\nline two\n   indented continuation",
  "para1\n\npara2\n\n\n\npara3",
  "\n\nleading blank lines",
  "trailing blank lines\n\n",
  "trailing newline\n",
  "# Heading 1\n## Heading 2\n### Heading 3\n#### Heading 4\n##### H5\n###### H6",
  "# Title\n\nBody text.\n\n## Sub\nMore body.",
  "Setext Heading\n==============\n\nAnother\n-------\ntext",
  "# Heading with `code` and **bold** inside\ntext",
  "*italic* and **bold** and ***both*** and _under_ and __strong__",
  "~~struck~~ and ~single~ and ~~not closed",
  "mixed **bold with *nested italic* inside** end",
  "Inline `code` and `` code with ` tick `` here",
  "snake_case_word and 2*3*4 and a * b",
  "Escapes: \\*not italic\\* \\_ \\# \\[x\\] \\\\ backslash",
  "```\nplain code\n  indented\n```",
  "```ts\nconst x: number = 1;\nfunction f() { return x; }\n```",
  "```python\ndef f(x):\n    return x * 2\n```\nafter",
  "~~~rust\nfn main() {}\n~~~",
  "````md\n```inner```\n````",
  "    indented code block\n    second line",
  "```js\nstreaming code without a closing fence\nconst y = 2;",
  "```js\nalmost closed\n``",
  "```\nabc\n`",
  "Text before\n```sh\necho hi\n```\nText after",
  "- item one\n- item two\n- item three",
  "* star\n+ plus\n- dash",
  "1. first\n2. second\n3. third",
  "3. three\n4. four",
  "1) paren\n2) paren two",
  "- a\n  - nested b\n    - deeper c\n  - nested d\n- e",
  "1. one\n   - sub bullet\n   - another\n2. two\n   1. sub ordered\n   2. again",
  "- [ ] todo\n- [x] done\n- [X] also done\n- plain",
  "- loose one\n\n- loose two\n\n- loose three",
  "- a\n- b\n\n\n- c",
  "- item with\n  continuation line\n- and a very long item that should wrap across lines at small widths for sure",
  "- item\n\n  second paragraph in item\n- next",
  "- item with code:\n\n  ```js\n  let a = 1;\n  ```\n- after",
  "-\n- empty item above",
  "para\n- list right after\n- no blank",
  "para\n\n- list after blank",
  "- list\n\npara after list",
  "- list\n# heading after list",
  "> a quote",
  "> quote line one\n> quote line two\n\nafter",
  "> quote with **bold** and `code` and a long line that needs to wrap at narrow widths",
  "> outer\n>> inner\n>>> innermost",
  "> - list in quote\n> - second\n\n> second quote",
  "> # heading in quote\n> text",
  "> ```js\n> code in quote\n> ```",
  "> lazy\ncontinuation",
  "| a | b |\n|---|---|\n| 1 | 2 |",
  "| Name | Description | Value |\n|:-----|:-----------:|------:|\n| alpha | the first letter of the greek alphabet | 1 |\n| beta | second | 22 |\n| gamma | a much longer description that will need to wrap when the table is narrow | 333 |",
  "| **bold** | `code` |\n|---|---|\n| *it* | [link](https://x.y) |",
  "| x |\n|---|\n| supercalifragilisticexpialidocious-and-even-longer-word |",
  "| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n| 1 | 2 | 3 | 4 | 5 | 6 |",
  "| missing | cells |\n|---|---|\n| only one |\n| three | cells | here |",
  "table after text\n| h1 | h2 |\n|----|----|\n| c1 | c2 |\nafter table",
  "[a link](https://example.com) and [same](https://example.com \"title\")",
  "https://bare.example.com/path and www.example.org and mail@example.com",
  "<https://angle.example.com> and <mail@example.com>",
  "[ref link][r] and [r]\n\n[r]: https://ref.example.com",
  "[https://same.example.com](https://same.example.com)",
  "![alt text](https://img.example.com/a.png)",
  "---",
  "text\n\n***\n\nmore",
  "above\n___\nbelow",
  "<div>\nhtml block\n</div>\n\nafter",
  "inline <b>html</b> here and <br> break",
  "<!-- a comment -->\n\nvisible",
  "a <!-- hidden --> b",
  "hard  \nbreak with spaces\\\nand backslash",
  "Unicode: café naïve — “quotes” and emoji 🎉 and 中文字符测试 and ｆｕｌｌ",
  "中文段落，包含**粗体**和*斜体*。",
  "Tab\tseparated\ttext",
  "&amp; &lt; &gt; &copy; &#35;",
  "# Mixed\n\nSome text with **bold**, *italic*, `code`, and [a link](https://e.x).\n\n- list\n- items\n\n```bash\nls -la\n```\n\n> quote\n\n| t | u |\n|---|---|\n| 1 | 2 |\n\n---\n\nEnd.",
  "   ",
  "",
  "word",
  "Setext\n---\ntext",
  "> quote\n>\n> second para in quote",
  "- a\n\n  ```\n  code\n  ```\n  after code para\n- b",
  "- a\n  b\n\n- c",
  "1. one\n\n   para\n2. two",
  "9. nine\n10. ten\n11. eleven",
  "- [ ] a task with long text that wraps at narrow widths, okay",
  "* * *",
  "[link **bold** text](https://x.y) and [empty]() and [t](https://x.y 'title')",
  "[![badge](https://b.png)](https://l.k) image in link",
  "**bold `code` bold** and *a **b** c* and ***strong em***",
  "__init__ and _private_ and foo*bar*baz and foo_bar_baz",
  "a  \n  b hard break then indent",
  "trailing space \nnext line",
  "# Closing hashes ##\n#NoSpace\n   # indented heading",
  "> > nested directly\n> back to one",
  "```\n\n\n```",
  "```\n```",
  "<details>\n<summary>sum</summary>\n\ninside\n</details>",
  "Text <span style=\"x\">inline</span>.",
  "<!-- multi\nline\ncomment -->\ntext",
  "text\n\n<!-- c -->\n\nafter",
  "| a |\n|---|",
  "|a|b|\n|-|-|\n|1|2|",
  "| a \\| b | c |\n|---|---|\n| 1 | 2 |",
  "a | b\n--|--\n1 | 2",
  "See http://x.com/path_(with)_parens. And https://example.com. Or (https://paren.example.com).",
  "email: first.last+tag@sub.example.co.uk! done",
  "~~~\nunterminated tilde fence\nmore",
  "```py\ncode\n```trailing\nstill code",
  "A very long URL https://example.com/a/very/long/path/that/does/not/fit/on/one/line/at/all?query=1",
  "## A heading that is long enough to wrap around at the narrow widths",
  "Term  \n: not a definition list",
  "1. a\n1. b\n1. c",
  "- a\n\n\n- b",
  "> quote\n\n\n> another",
  "para one\n    not code (lazy)\n\n    real code",
  "***\n---\n___",
  "- nested\n  > quote in list\n  > more",
  "| col |\n|---|\n| `a|b` |",
  "*unclosed emphasis and **unclosed strong",
  "`unclosed code span",
  "[unclosed link](https://x",
  "Line ending with backslash\\",
];

const atoms = [
  "word", "two words", "**bold**", "*em*", "`code`", "~~del~~", "[link](https://l.k)", "https://u.rl/x",
  "a_b", "x * y", "中文", "emoji 🎉", "long-unbroken-token-that-goes-on-and-on", "&amp;", "\\*", "<i>h</i>",
];
const blockMakers = [
  () => Array.from({ length: 1 + int(8) }, () => pick(atoms)).join(" "),
  () => `${"#".repeat(1 + int(4))} ${pick(atoms)} ${pick(atoms)}`,
  () => `\`\`\`${pick(["", "js", "rust", "text"])}\n${pick(atoms)}\n  ${pick(atoms)}\n\`\`\``,
  () => Array.from({ length: 1 + int(4) }, (_, i) => `${pick(["- ", "1. ", "- [ ] "])}${pick(atoms)} ${pick(atoms)}${i % 2 ? `\n  - ${pick(atoms)}` : ""}`).join("\n"),
  () => `> ${pick(atoms)} ${pick(atoms)}\n> ${pick(atoms)}`,
  () => `| ${pick(atoms)} | ${pick(atoms)} |\n|---|---|\n| ${pick(atoms)} | ${pick(atoms)} ${pick(atoms)} |`,
  () => "---",
];
for (let i = 0; i < 20; i++) {
  const blocks = Array.from({ length: 1 + int(4) }, () => pick(blockMakers)());
  corpus.push(blocks.map((b, j) => (j === 0 ? b : pick(["\n\n", "\n", "\n\n\n"]) + b)).join(""));
}

// Each case: a document, a width and a configuration. Every document is rendered plainly at
// three widths; configurations with padding, default styles, highlighting and hyperlinks run
// on a subset so the file stays small.
const widths = [16, 37];
const configs = [
  { theme: "markers", paddingX: 0, paddingY: 0, style: "none", highlight: false, hyperlinks: false },
  { theme: "ansi", paddingX: 1, paddingY: 1, style: "ansiColor", highlight: false, hyperlinks: true },
  { theme: "markers", paddingX: 2, paddingY: 0, style: "color", highlight: true, hyperlinks: false },
  { theme: "markers", paddingX: 1, paddingY: 1, style: "bg", highlight: false, hyperlinks: true },
  { theme: "markers", paddingX: 0, paddingY: 0, style: "boldItalic", highlight: false, hyperlinks: false },
];
const markdown = [];
corpus.forEach((doc, docIndex) => {
  configs.forEach((config, configIndex) => {
    if (configIndex > 0 && docIndex % configs.length !== configIndex && docIndex % 11 !== 0) return;
    const base = docIndex % 6 === 0 ? [...widths, 80] : widths;
    for (const width of configIndex === 0 ? base : [pick([2, 9, 16, 23, 30, 37, 44])]) {
      setCapabilities({ images: null, trueColor: true, hyperlinks: config.hyperlinks });
      const theme = { ...themes[config.theme], ...(config.highlight ? { highlightCode: highlightMarkers } : {}) };
      const md = new Markdown(doc, config.paddingX, config.paddingY, theme, defaultStyles[config.style]);
      markdown.push({ doc: docIndex, width, ...config, lines: md.render(width) });
    }
  });
});

// Streaming: one document rendered after each prefix on one component, as a reply arrives.
const streamDoc = "# Plan\n\nFirst **step** is\n\n```ts\nconst a = 1;\nconst b = 2;\n```\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
const streaming = [];
{
  setCapabilities({ images: null, trueColor: true, hyperlinks: false });
  const md = new Markdown("", 0, 0, themes.markers);
  for (let end = 1; end <= streamDoc.length; end += 3) {
    md.setText(streamDoc.slice(0, end));
    streaming.push({ doc: streamDoc.slice(0, end), lines: [...md.render(30)] });
  }
}

const texts = [
  "", "   ", "hello", "a longer line of text that wraps around at narrow widths", "two\nlines",
  "tab\there", "\x1b[31mred text that is long enough to wrap\x1b[39m plain", "中文字符测试文本很长很长",
  "trailing spaces   ", "\n\nblank start",
];
const text = [];
const truncated = [];
const boxed = [];
for (const t of texts) {
  for (const width of [1, 7, 24]) {
    for (const [px, py, bg] of [[1, 1, false], [0, 0, false], [3, 0, true], [2, 2, true]]) {
      const component = new Text(t, px, py, bg ? tag("bg") : undefined);
      text.push({ text: t, width, paddingX: px, paddingY: py, bg, lines: [...component.render(width)] });
    }
    for (const [px, py] of [[0, 0], [1, 1], [3, 0]]) {
      truncated.push({ text: t, width, paddingX: px, paddingY: py, lines: new TruncatedText(t, px, py).render(width) });
    }
    for (const [px, py, bg] of [[1, 1, false], [0, 0, true], [2, 1, true]]) {
      const box = new Box(px, py, bg ? tag("bg") : undefined);
      box.addChild(new Text(t, 1, 0));
      box.addChild(new Spacer(1));
      box.addChild(new TruncatedText(t));
      boxed.push({ text: t, width, paddingX: px, paddingY: py, bg, lines: box.render(width) });
    }
  }
}
// Loader: frames advanced by hand (no timers are left running).
const loader = [];
{
  const fakeUi = { requestRender() {} };
  const custom = { frames: ["-", "\\", "|", "/"], intervalMs: 50 };
  for (const indicator of [undefined, custom, { frames: [] }, { frames: ["*"] }]) {
    const l = new Loader(fakeUi, tag("sp"), tag("msg"), "Working...", indicator);
    l.stop();
    const frames = [];
    for (let tick = 0; tick < 12; tick++) {
      frames.push([...l.render(20)]);
      if (l.frames.length > 0) {
        l.currentFrame = (l.currentFrame + 1) % l.frames.length;
        l.updateDisplay();
      }
    }
    l.setMessage("Done now");
    frames.push([...l.render(8)]);
    loader.push({ indicator: indicator ?? null, frames });
  }
}

// Streaming cases are prefixes of one document: store the prefix length only.
const stream = { doc: streamDoc, width: 30, cases: streaming.map((c) => ({ end: c.doc.length, lines: c.lines })) };
process.stdout.write(
  `${JSON.stringify({ version, docs: corpus, markdown, streaming: stream, text, truncated, boxed, loader })}\n`,
);
