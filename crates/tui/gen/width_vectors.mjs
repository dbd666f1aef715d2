// Generates crates/tui/tests/vectors/width.json: pi-tui's own answers for visibleWidth,
// truncateToWidth, sliceByColumn and wrapTextWithAnsi on hand-picked edge cases and seeded
// random mixes, for tests/width_parity.rs.
//
// Run from the repository root, with the extension host's node_modules installed:
//   node crates/tui/gen/width_vectors.mjs > crates/tui/tests/vectors/width.json
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const piTui = join(repo, "crates/ext-bridge/host/node_modules/@earendil-works/pi-tui");
const version = JSON.parse(readFileSync(join(piTui, "package.json"), "utf8")).version;
const { visibleWidth, truncateToWidth, sliceByColumn, wrapTextWithAnsi } = await import(
  pathToFileURL(join(piTui, "dist/utils.js")).href
);

// A small seeded generator (mulberry32) so the vectors are the same on every run.
let seed = 0x7a11;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const int = (n) => Math.floor(rand() * n);

const ESC = "\x1b";
const styles = [
  `${ESC}[0m`, `${ESC}[m`, `${ESC}[1m`, `${ESC}[2m`, `${ESC}[3m`, `${ESC}[4m`, `${ESC}[7m`, `${ESC}[9m`,
  `${ESC}[22m`, `${ESC}[24m`, `${ESC}[29m`, `${ESC}[31m`, `${ESC}[92m`, `${ESC}[44m`, `${ESC}[39m`,
  `${ESC}[49m`, `${ESC}[38;5;240m`, `${ESC}[48;5;17m`, `${ESC}[38;2;10;20;30m`, `${ESC}[1;4;31m`,
  `${ESC}[0;1m`, `${ESC}[038;5;1m`, `${ESC}[38;5m`, `${ESC}[21m`, `${ESC}[5;8m`, `${ESC}[2K`, `${ESC}[10G`,
  `${ESC}[H`, `${ESC}[2J`, `${ESC}[?25m`, `${ESC}[;m`,
];
const links = [
  `${ESC}]8;;https://example.com${ESC}\\`, `${ESC}]8;;${ESC}\\`, `${ESC}]8;id=1;https://a.b/c\x07`,
  `${ESC}]8;;\x07`, `${ESC}]0;title\x07`, `${ESC}]133;A${ESC}\\`, `${ESC}_pi:c\x07`, `${ESC}_cursor${ESC}\\`,
];
const broken = [ESC, `${ESC}[31`, `${ESC}]8;;http://x`, `${ESC}(B`, `${ESC}x`];
const ascii = ["a", "hello", "world", "x", "foo-bar", "path/to/file.rs", "1234567890", "!", ".", ",", "A"];
const spaces = [" ", " ", "  ", "\t", "   ", "\u00a0", "\u3000", "\u2003"];
const cjk = ["中", "文字", "日本語", "カタカナ", "ひらがな", "한국어", "ㄅㄆ", "，", "。", "「", "」", "ｱｲｳ", "ｶﾞ", "Ａ", "！", "ー"];
const emoji = [
  "😀", "👍", "👍🏽", "❤", "❤️", "❤️‍🔥", "👨‍👩‍👧‍👦", "👩‍❤️‍👨", "🏳️‍🌈", "🏴‍☠️", "🇯🇵", "🇺🇸", "🇦", "#️⃣", "1⃣",
  "☝🏻", "✌️", "⛹️‍♀️", "🕵🏼‍♂️", "🧑‍🤝‍🧑", "🚶🏻‍♀️‍➡️", "👁️‍🗨️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "☺", "☺️", "⌚", "⌨️", "⭐", "🫱🏻‍🫲🏼",
  "😀\u200d", "\u200d😀", "😀\ufe0e", "🀄", "🃏", "🅰", "🅰️", "🆗", "↔️", "©️", "™", "🫨", "🪿",
];
const marks = [
  "e\u0301", "\u0301", "a\u0308\u0323", "\u20dd", "ก\u0e33", "ำ", "ນຳ", "क्षि", "नमस्ते", "ক্ষ", "த்", "ि",
  "\u0903", "ကျော်", "\u1031", "\u102b", "\u0f7f", "\u065f", "مَرْحَبًا", "שָׁלוֹם", "\u302e", "\u1734", "각", "\u1100\u1161\u11a8",
  "\u1100", "\u11a8", "ᄀ", "a\u200b", "\u200b", "\u200c", "\u200d", "\ufeff", "\u00ad", "\u2060", "\ufe0f", "\u{e0041}",
  "\u{1d173}", "ẞ", "ǅ", "\u0378", "\u{10ffff}", "\ue000", "\u{f0000}", "\u{1f3fb}", "ﾞ", "゙", "か゚",
];
const controls = ["\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\r", "\n", "\r\n", "\x7f", "\x85", "\x9b", "\u2028", "\u2029"];

const atomKinds = [
  [styles, 4], [links, 1], [broken, 0.5], [ascii, 6], [spaces, 4], [cjk, 2], [emoji, 2], [marks, 2], [controls, 0.7],
];
const totalWeight = atomKinds.reduce((a, [, w]) => a + w, 0);
function atom() {
  let r = rand() * totalWeight;
  for (const [list, w] of atomKinds) {
    r -= w;
    if (r < 0) return pick(list);
  }
  return pick(ascii);
}
function randomText(maxAtoms) {
  let s = "";
  const n = int(maxAtoms + 1);
  for (let i = 0; i < n; i++) s += atom();
  return s;
}
function styledWords(n) {
  const words = [];
  for (let i = 0; i < n; i++) {
    const w = pick([...ascii, ...cjk, ...emoji.slice(0, 8)]);
    words.push(rand() < 0.3 ? `${pick(styles)}${w}${pick(styles)}` : w);
  }
  return words.join(pick([" ", " ", "  ", "\t"]));
}

const handPicked = [
  "", " ", "a", "abc", "\t", "a\tb", "\t\t", "hello world", "x".repeat(200), `${ESC}[31mred${ESC}[0m`,
  `${ESC}[1;4mbold under${ESC}[0m tail`, `${ESC}]8;;https://example.com${ESC}\\link${ESC}]8;;${ESC}\\`,
  `${ESC}]8;;https://example.com\x07a long hyperlinked text here${ESC}]8;;\x07 after`,
  `${ESC}_pi:c\x07cursor`, `a${ESC}`, `${ESC}[31`, `${ESC}[`, `${ESC}]`, `${ESC}_`, "中文字符测试", "日本語のテキストです",
  "ｱｲｳｴｵｶﾞｷﾞ", "😀😀😀", "👨‍👩‍👧‍👦 family", "🇯🇵🇺🇸🇬🇧", "🇦🇧🇨", "#️⃣*️⃣0️⃣", "❤️❤", "e\u0301e\u0301", "\u0301\u0301",
  "क्षत्रिय", "ภาษาไทยน้ำ", "ນ້ຳ", "ကျွန်တော်", "\x00\x01\x02", "a\r\nb", "a\rb\nc", "line1\nline2\n", "\n\n",
  `${ESC}[4munderlined words that wrap around${ESC}[24m done`, `${ESC}[9mstrike through words${ESC}[0m`,
  `${ESC}[41m${"bg ".repeat(20)}${ESC}[0m`, `${ESC}[1m${"verylongwordwithoutanyspaces".repeat(3)}${ESC}[0m`,
  "word " + "中".repeat(30), "path/to/some/very/long/file/name/that/does/not/fit.rs", "  leading and trailing  ",
  `${ESC}[31mred ${ESC}[32mgreen ${ESC}[0m`, `styled${ESC}[1m ${ESC}[22mspace`, "a\u00a0b\u3000c", "\ufeff\u200b\u2060",
  "🏳️‍⚧️🏳️‍🌈", "\u{1f3fb}\u{1f3fc}", "a\u{1f3fb}", "😀\u{1f3fb}", "\u2764\ufe0f\u200d\u{1f525}", "x\u20e3", "\u0e33\u0e33",
  `${ESC}]8;;${ESC}\\`, `${ESC}]8;x${ESC}\\`, `${ESC}]8;;u${ESC}\\中文${ESC}[1m😀`,
];
const inputs = [...handPicked];
for (let i = 0; i < 1200; i++) inputs.push(randomText(i < 600 ? 8 : 24));
for (let i = 0; i < 200; i++) inputs.push(styledWords(3 + int(25)));

const widths = [0, 1, 2, 3, 4, 5, 7, 10, 16, 40, 80];
const ellipses = ["...", "…", "", "\x1b[2m…\x1b[0m", "中", "→ ", "....."];
const vectors = { generator: `pi-tui ${version} on Node ${process.version} (ICU ${process.versions.icu})`, visible_width: [], truncate_to_width: [], slice_by_column: [], wrap_text_with_ansi: [] };
for (const s of inputs) vectors.visible_width.push([s, visibleWidth(s)]);
for (const s of inputs) {
  const w = pick(widths);
  const e = rand() < 0.6 ? "..." : pick(ellipses);
  const pad = rand() < 0.4;
  vectors.truncate_to_width.push([s, w, e, pad, truncateToWidth(s, w, e, pad)]);
}
for (const s of inputs) {
  const start = int(12);
  const len = pick([0, 1, 2, 3, 5, 8, 20, 100]);
  const strict = rand() < 0.5;
  vectors.slice_by_column.push([s, start, len, strict, sliceByColumn(s, start, len, strict)]);
}
for (const s of inputs) {
  const w = pick(widths);
  vectors.wrap_text_with_ansi.push([s, w, wrapTextWithAnsi(s, w)]);
}

// Intl.Segmenter's clusters for every input, to hold tau's segmentation to ICU's.
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const clusters = (text) => [...segmenter.segment(text)].map((x) => x.segment);
// Each entry is the list of clusters; the input is their concatenation.
vectors.graphemes = inputs.map((text) => clusters(text));

// Every code point (no surrogates), run-length coded: a run starts at `first` and holds the
// code points whose signature matches. The signature: the widths of c, "a" + c and c + U+0301,
// and the cluster counts of "a" + c + "a" and DEVANAGARI KA + VIRAMA + c (the conjunct rule).
const signature = (c) =>
  [visibleWidth(c), visibleWidth(`a${c}`), visibleWidth(`${c}\u0301`), clusters(`a${c}a`).length, clusters(`\u0915\u094D${c}`).length].join(",");
const runs = [];
let last = null;
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const sig = signature(String.fromCodePoint(cp));
  if (sig !== last) {
    runs.push([cp, sig]);
    last = sig;
  }
}
vectors.code_points = runs;
process.stdout.write(`${JSON.stringify(vectors)}\n`);
