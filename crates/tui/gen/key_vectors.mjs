// Generates crates/tui/tests/vectors/keys.json from the pi-tui the extension host bundles, so
// tests/keys_parity.rs can check tau's key handling against pi-tui's own functions.
//
//   node crates/tui/gen/key_vectors.mjs
//
// (needs crates/ext-bridge/host/node_modules; see docs or `tau setup-extensions`).
//
// Two kinds of vectors:
// - keys: a sequence, and per terminal state (Kitty protocol off / on / Windows Terminal)
//   pi-tui's parseKey result and the key ids (out of `key_ids`) matchesKey accepts; plus
//   isKeyRelease / isKeyRepeat, which do not depend on the state.
// - split: a stream of operations on pi-tui's StdinBuffer: `feed` (input as one read) or
//   `timeout` (the pending timer fires). pi-tui flushes an incomplete tail from a setTimeout
//   callback; here setTimeout is replaced by a fake that records the callback and its delay,
//   and a `timeout` step runs it, so the timer is an explicit step. After each step the
//   vector records the events emitted and the delay of the timer left pending (null if none).
//
// pi-tui works on UTF-16 strings and emits a non-BMP character (an emoji) as two events, one
// per surrogate half. tau keeps characters whole, so adjacent events that split a surrogate
// pair are joined here (the only normalisation).
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const piTui = join(here, "../../ext-bridge/host/node_modules/@earendil-works/pi-tui");
const require = createRequire(import.meta.url);
const version = require(join(piTui, "package.json")).version;

// The fake timer must be installed before StdinBuffer runs; it reads the global at call time.
let pendingTimer = null;
globalThis.setTimeout = (fn, ms) => {
  pendingTimer = { fn, ms };
  return pendingTimer;
};
globalThis.clearTimeout = (t) => {
  if (t === pendingTimer) pendingTimer = null;
};

const keys = await import(join(piTui, "dist/keys.js"));
const { StdinBuffer } = await import(join(piTui, "dist/stdin-buffer.js"));

// Deterministic PRNG (mulberry32) so the vectors only change when pi-tui does.
let seed = 0x7a0_5eed;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (arr) => arr[Math.floor(rand() * arr.length)];

// ---------------------------------------------------------------------------------------------
// Key ids: every key name pi-tui knows, under every modifier set, plus odd spellings.
const SYMBOLS = "`-=[]\\;',./!@#$%^&*()_+|~{}:<>?".split("");
const NAMED = [
  "escape", "esc", "enter", "return", "tab", "space", "backspace", "delete", "insert", "clear",
  "home", "end", "pageUp", "pageDown", "up", "down", "left", "right",
  ...Array.from({ length: 12 }, (_, i) => `f${i + 1}`),
];
const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");
const DIGITS = "0123456789".split("");
const MOD_NAMES = ["shift", "ctrl", "alt", "super"];
const keyIds = [];
for (const name of [...NAMED, ...LETTERS, ...DIGITS, ...SYMBOLS]) {
  for (let mask = 0; mask < 16; mask++) {
    const mods = MOD_NAMES.filter((_, i) => mask & (1 << i));
    keyIds.push([...mods, name].join("+"));
  }
}
keyIds.push(
  "ctrl+shift+p", "alt+ctrl+x", "super+shift+alt+ctrl+k", "CTRL+C", "Shift+Enter", "PAGEUP",
  "ctrl+ctrl+a", "ctrl+", "", "+", "ctrl++", "shift+ctrl++", "ctrl+a+b", "ctrl+\u212a",
  "ctrl+\u0441", "\u00e9", "alt+\u00e9", "meta+a", "cmd+k", "f13", "f0", "ctrl+f13", "kp0",
  "enter+", "+ctrl", "ctrl+esc", "shift+esc", "ctrl+return", "shift+return", "ctrl+clear",
);

// ---------------------------------------------------------------------------------------------
// Sequences to name.
const data = new Set();
const add = (s) => data.add(s);

// Legacy sequences: everything pi-tui's tables and special cases mention.
const legacy = [
  "\x1b[A", "\x1bOA", "\x1b[B", "\x1bOB", "\x1b[C", "\x1bOC", "\x1b[D", "\x1bOD",
  "\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~", "\x1b[F", "\x1bOF", "\x1b[4~", "\x1b[8~",
  "\x1b[2~", "\x1b[3~", "\x1b[5~", "\x1b[[5~", "\x1b[6~", "\x1b[[6~", "\x1b[E", "\x1bOE",
  "\x1bOP", "\x1b[11~", "\x1b[[A", "\x1bOQ", "\x1b[12~", "\x1b[[B", "\x1bOR", "\x1b[13~",
  "\x1b[[C", "\x1bOS", "\x1b[14~", "\x1b[[D", "\x1b[15~", "\x1b[[E", "\x1b[17~", "\x1b[18~",
  "\x1b[19~", "\x1b[20~", "\x1b[21~", "\x1b[23~", "\x1b[24~",
  "\x1b[a", "\x1b[b", "\x1b[c", "\x1b[d", "\x1b[e", "\x1b[2$", "\x1b[3$", "\x1b[5$", "\x1b[6$",
  "\x1b[7$", "\x1b[8$", "\x1bOa", "\x1bOb", "\x1bOc", "\x1bOd", "\x1bOe", "\x1b[2^", "\x1b[3^",
  "\x1b[5^", "\x1b[6^", "\x1b[7^", "\x1b[8^", "\x1b[Z", "\x1bOM", "\x1b[1;3D", "\x1b[1;3C",
  "\x1b[1;5D", "\x1b[1;5C", "\x1b[P", "\x1b[Q", "\x1b[S", "\x1b[R", "\x1b[1;5R", "\x1b[M",
  "\x1b[<0;10;5M", "\x1b[<35;20;5m", "\x1b[200~", "\x1b[201~", "\x1b]11;rgb:0/0/0\x07",
  "\x1b[?1u", "\x1b[?62;c", "\x1b[9~", "\x1b[16~", "\x1b[22~", "\x1b[25~", "\x1b[0~",
  "\x1b[1;2P", "\x1b[1;5Q", "\x1b[1;3S", "\x1b[1;2:3P", "\x1b[1;1A", "\x1b[1;0A", "\x1b[2;5A",
  "\x1b[1;2H", "\x1b[1;5F", "\x1b[1;2:2H", "\x1b[1;10F", "",
];
legacy.forEach(add);
// Every control byte, ESC plus every byte below 0x80, every printable ASCII character.
for (let c = 0; c < 128; c++) {
  add(String.fromCharCode(c));
  add(`\x1b${String.fromCharCode(c)}`);
}
// Non-ASCII text, incl. a character outside the BMP and look-alikes of ASCII letters.
for (const s of ["\u00e9", "\u00df", "\u041a", "\u0441", "\u4e2d", "\u{1f600}", "\u212a", "\u0130",
  "\x80", "\u00a0", "\ufffd", "ab", "\x1b\u00e9", "\x1b\u{1f600}", "\x1b\x1b[A", "\x1b\x1b\x1b",
  "\x1b[", "\x1bO", "\x1b[1;", "\x1b[27;5;99", "\x1b]", "\x1bP", "\x1b_"]) add(s);

// Kitty CSI-u: codepoints of every kind pi-tui distinguishes.
const codepoints = [
  ...LETTERS.map((c) => c.charCodeAt(0)), 65, 67, 75, 80, 90, ...DIGITS.map((c) => c.charCodeAt(0)),
  ...SYMBOLS.map((c) => c.charCodeAt(0)), 9, 13, 27, 32, 127, 8, 0, 1, 31, 57414,
  ...Array.from({ length: 28 }, (_, i) => 57399 + i), 57427, 57428, 57441, 57376, 63743, 63744,
  233, 1089, 1082, 20013, 128512, 65536 + 43, 65536 + 97, 1114111, 1114112,
];
for (const cp of codepoints) {
  for (let mod = 1; mod <= 16; mod++) add(mod === 1 && rand() < 0.5 ? `\x1b[${cp}u` : `\x1b[${cp};${mod}u`);
}
const modExtras = [0, 17, 33, 65, 66, 69, 129, 130, 133, 193, 197, 256, 4294967298, 4294967297 + 4];
for (let i = 0; i < 350; i++) {
  const cp = pick(codepoints);
  const mod = rand() < 0.3 ? pick(modExtras) : 1 + Math.floor(rand() * 16);
  const ev = pick(["", ":1", ":2", ":3", ":0", ":4"]);
  const alt = pick(["", "", `:${pick(codepoints)}`, `::${pick(codepoints)}`,
    `:${pick(codepoints)}:${pick(codepoints)}`, ":"]);
  const modPart = rand() < 0.1 && ev === "" ? "" : `;${mod}${ev}`;
  add(`\x1b[${cp}${alt}${modPart}u`);
}
// Shifted-symbol forms, as Kitty reports them with flag 4 (shift + physical key).
for (const [base, shifted] of [[61, 43], [49, 33], [50, 64], [47, 63], [59, 58], [91, 123],
  [93, 125], [92, 124], [45, 95], [96, 126], [39, 34], [44, 60], [46, 62], [97, 65]]) {
  for (const mod of [2, 3, 4, 6, 10, 66, 1]) {
    add(`\x1b[${base}:${shifted};${mod}u`);
    add(`\x1b[${base}:${shifted};${mod}:3u`);
  }
}
// Non-Latin layouts reporting a base-layout key.
for (const [cp, base] of [[1089, 99], [1082, 107], [1092, 97], [233, 50], [97, 113], [47, 91]]) {
  for (const mod of [1, 3, 5, 6, 9]) add(`\x1b[${cp}::${base};${mod}u`);
}
// Modified legacy forms (Kitty / xterm), with event types.
for (let mod = 1; mod <= 16; mod++) {
  for (const ev of ["", ":1", ":2", ":3"]) {
    for (const f of "ABCDHFPQS") add(`\x1b[1;${mod}${ev}${f}`);
    for (const n of [2, 3, 5, 6, 7, 8, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24, 1, 4, 9]) {
      add(`\x1b[${n};${mod}${ev}~`);
    }
  }
}
for (const f of "ABCDHF") add(`\x1b[1;129${f}`);
// xterm modifyOtherKeys.
const mokCodes = [9, 13, 27, 32, 127, 8, ...LETTERS.map((c) => c.charCodeAt(0)), 65, 80,
  ...DIGITS.map((c) => c.charCodeAt(0)), ...SYMBOLS.map((c) => c.charCodeAt(0)), 233, 1089];
for (const code of mokCodes) {
  for (const mod of [1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 16]) add(`\x1b[27;${mod};${code}~`);
}
for (const mod of [0, 65, 130, 17]) add(`\x1b[27;${mod};97~`);
// Release / repeat look-alikes and pastes.
for (const s of ["a:3u", "x:2~", "\x1b[200~90:62:3F:A5\x1b[201~", "\x1b[200~\x1b[97;1:3u\x1b[201~",
  "text :3A more", ":2S", ":3", "\x1b[97;1:3", "\x1b[97;1:2u\x1b[200~"]) add(s);

// Property names an object lookup in pi-tui would find are not key sequences; a terminal
// never sends them as one sequence, so they are left out.
for (const s of [...data]) if (s in {}) data.delete(s);

const CONTEXTS = [
  { kitty: false, wt: false },
  { kitty: true, wt: false },
  { kitty: false, wt: true },
];
function withContext(ctx, fn) {
  keys.setKittyProtocolActive(ctx.kitty);
  if (ctx.wt) process.env.WT_SESSION = "1";
  else delete process.env.WT_SESSION;
  delete process.env.SSH_CONNECTION;
  delete process.env.SSH_CLIENT;
  delete process.env.SSH_TTY;
  try {
    return fn();
  } finally {
    keys.setKittyProtocolActive(false);
    delete process.env.WT_SESSION;
  }
}

const LONE_SURROGATE = /\p{Cs}/u;
const keyVectors = [];
for (const d of data) {
  if (LONE_SURROGATE.test(d)) throw new Error(`lone surrogate in ${JSON.stringify(d)}`);
  const parse = [];
  const matches = [];
  for (const ctx of CONTEXTS) {
    withContext(ctx, () => {
      parse.push(keys.parseKey(d) ?? null);
      const m = [];
      keyIds.forEach((id, i) => {
        if (keys.matchesKey(d, id)) m.push(i);
      });
      matches.push(m);
    });
  }
  keyVectors.push({ d, p: parse, m: matches, rel: keys.isKeyRelease(d), rep: keys.isKeyRepeat(d) });
}

// ---------------------------------------------------------------------------------------------
// Splitter streams.
const items = [
  "a", "Z", "1", " ", "\r", "\n", "\t", "\x7f", "\x08", "\x00", "\x03", "\x1b", "\x1b\x1b",
  "\u00e9", "\u4e2d", "\u{1f600}", "hello", "\x1b[A", "\x1bOP", "\x1b[1;5C", "\x1b[3~", "\x1b[15;2~",
  "\x1b[97u", "\x1b[97;5u", "\x1b[97;1:3u", "\x1b[13;2u", "\x1b[27;1:3u", "\x1b[128512u",
  "\x1b[27;5;99~", "\x1b[<35;20;5m", "\x1b[<0;1;1M", "\x1b[M !!", "\x1b[M\u00e9\u{1f600}a",
  "\x1bb", "\x1b\r", "\x1b]", "\x1bP", "\x1b_", "\x1bO", "\x1b[", "\x1b[1;",
  "\x1b]11;rgb:1a1a/1a1a/1a1a\x07", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\", "\x1b]10;rgb:0/0/0\x1b\\",
  "\x1b]4;12;rgb:aa/bb/cc\x07", "\x1b]7501;?ok\x07", "\x1bP>|kitty(0.35)\x1b\\",
  "\x1b_Gi=31;OK\x1b\\", "\x1b_Gi=1,p=2;EINVAL\x1b\\", "\x1b]11;rgb:00", "\x1b]11;rgb\x18",
  "\x1b]11;abc\x1a", "\x1bP>|xterm", "\x1b]0;title\x07", "\x1b]8;;http://x\x1b\\", "\x1b]xyz",
  "\x1b[?1u", "\x1b[?62;22c", "\x1b[12;40R", "\x1b[200~pasted\x1b[201~",
  "\x1b[200~multi\nline \x1b[A text\x1b[201~", "\x1b[200~\x1b[201~", "\x1b[200~", "\x1b[201~",
  "\x1b[200~\u{1f600}\u00e9", "p:3u", "a",
];
function streamCase() {
  const n = 1 + Math.floor(rand() * 6);
  let text = "";
  for (let i = 0; i < n; i++) text += pick(items);
  // Cut into reads at random character boundaries (stdin's UTF-8 decoding never splits a
  // character), with the timer firing between some of them and at the end.
  const chars = Array.from(text);
  const ops = [];
  let i = 0;
  while (i < chars.length) {
    const len = rand() < 0.4 ? chars.length - i : 1 + Math.floor(rand() * 4);
    ops.push(["feed", chars.slice(i, i + len).join("")]);
    i += len;
    if (rand() < 0.25) ops.push(["timeout"]);
  }
  if (rand() < 0.05) ops.push(["feed", ""]);
  if (rand() < 0.7) ops.push(["timeout"]);
  return ops;
}
function joinSurrogates(events) {
  const out = [];
  for (const e of events) {
    const prev = out[out.length - 1];
    if (prev && prev[0] === "d" && e[0] === "d" && /[\ud800-\udbff]$/.test(prev[1]) && /^[\udc00-\udfff]/.test(e[1])) {
      prev[1] += e[1];
    } else {
      out.push([...e]);
    }
  }
  return out;
}
function runStream(ops) {
  pendingTimer = null;
  const buf = new StdinBuffer();
  let events = [];
  buf.on("data", (s) => events.push(["d", s]));
  buf.on("paste", (s) => events.push(["p", s]));
  const steps = [];
  for (const op of ops) {
    events = [];
    if (op[0] === "feed") buf.process(op[1]);
    else if (pendingTimer) {
      const t = pendingTimer;
      pendingTimer = null;
      t.fn();
    }
    const ev = joinSurrogates(events);
    for (const [, s] of ev) if (LONE_SURROGATE.test(s)) throw new Error(`lone surrogate ${JSON.stringify(s)}`);
    steps.push([...op, ev, pendingTimer ? pendingTimer.ms : null]);
  }
  buf.destroy();
  return steps;
}
const splitVectors = [];
// Each item alone, then split into single characters, then random streams.
for (const it of items) splitVectors.push(runStream([["feed", it], ["timeout"]]));
for (const it of items) splitVectors.push(runStream([...Array.from(it).map((c) => ["feed", c]), ["timeout"]]));
for (let i = 0; i < 1300; i++) splitVectors.push(runStream(streamCase()));

const out = {
  note: "Generated by crates/tui/gen/key_vectors.mjs from pi-tui; do not edit.",
  pi_tui_version: version,
  contexts: CONTEXTS,
  key_ids: keyIds,
  keys: keyVectors,
  split: splitVectors,
};
const file = join(here, "../tests/vectors/keys.json");
const json = JSON.stringify(out);
writeFileSync(file, `${json}\n`);
const matchCount = keyVectors.length * CONTEXTS.length * keyIds.length;
console.log(`${keyVectors.length} key sequences x ${CONTEXTS.length} contexts (${matchCount} matchesKey checks), ` +
  `${splitVectors.length} splitter streams; ${json.length} bytes`);
