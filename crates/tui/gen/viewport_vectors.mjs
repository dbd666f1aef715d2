// Generates crates/tui/tests/vectors/viewport.json from the pi-tui the extension host bundles,
// so tests/viewport_parity.rs can check tau's fullscreen viewport input against pi-tui's own
// code:
//
//   node crates/tui/gen/viewport_vectors.mjs
//
// (needs crates/ext-bridge/host/node_modules; see docs or `tau setup-extensions`).
//
// - mouse: an input string and what TuiAltScreen's parseWheelEvent, parseSgrMouseEvent and
//   isMouseSequence make of it (they do not read the instance, so they run unbound);
// - wheel: a WheelScrollAccelerator setting and a list of (direction, time) events, and the
//   line count for each;
// - search: rendered lines and a query, and findAltScreenSearchMatches' matches;
// - searchBar: keys typed into AltScreenSearchComponent and its result, and its lines.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const piTui = join(here, "../../ext-bridge/host/node_modules/@earendil-works/pi-tui");
const require = createRequire(import.meta.url);
const version = require(join(piTui, "package.json")).version;
const load = (file) => import(pathToFileURL(join(piTui, "dist", file)).href);
const { TuiAltScreen } = await load("tui-alt-screen.js");
const { WheelScrollAccelerator } = await load("wheel-scroll.js");
const { findAltScreenSearchMatches, AltScreenSearchComponent } = await load("alt-screen-search.js");

const proto = TuiAltScreen.prototype;
const mouseInputs = [
  "\x1b[<0;1;1M", "\x1b[<0;10;5m", "\x1b[<32;80;24M", "\x1b[<35;3;4M", "\x1b[<2;7;7M",
  "\x1b[<64;10;5M", "\x1b[<65;10;5M", "\x1b[<66;1;1M", "\x1b[<72;2;2M", "\x1b[<73;2;2m",
  "\x1b[<80;5;5M", "\x1b[<96;5;5M", "\x1b[<4;9;9M", "\x1b[<16;1;200M", "\x1b[<0;0;0M",
  "\x1b[<0;1M", "\x1b[<0;1;1;1M", "\x1b[<a;1;1M", "\x1b[<0;1;1", "\x1b[<0;1;1X", "\x1b[<;1;1M",
  "\x1b[<00012;0003;0004M", "\x1b[<1234567;2;3M",
  "\x1b[M`!!", "\x1b[Ma!!", "\x1b[Mb!!", "\x1b[M !!", "\x1b[M#+,", "\x1b[Mh!!", "\x1b[M`!",
  "\x1b[M`!!!", "\x1b[M`\u00ff!", "\x1b[M`😀",
  "\x1b[A", "\x1b[I", "\x1b[O", "a", "", "\x1b[200~x\x1b[201~",
];
const mouse = mouseInputs.map((input) => ({
  input,
  wheel: proto.parseWheelEvent.call({}, input) ?? null,
  sgr: proto.parseSgrMouseEvent.call({}, input) ?? null,
  isMouse: proto.isMouseSequence.call({}, input),
}));

const gestures = [
  { lines: "auto", accelerate: true, events: [[1, 0], [1, 100], [1, 150], [1, 175], [1, 190], [1, 200], [1, 210]] },
  { lines: "auto", accelerate: true, events: [[1, 0], [1, 2], [1, 4], [1, 40], [-1, 60], [-1, 80], [-1, 500], [-1, 530]] },
  { lines: "auto", accelerate: true, events: [[-1, 0], [-1, 30], [-1, 60], [-1, 90], [-1, 120], [-1, 150], [-1, 330], [-1, 600]] },
  { lines: "auto", accelerate: true, events: [[1, 1000], [1, 1070], [1, 1140], [1, 1210], [1, 1280], [1, 1350]] },
  { lines: "auto", accelerate: false, events: [[1, 0], [1, 10], [1, 20]] },
  { lines: 3, accelerate: true, events: [[1, 0], [1, 10]] },
  { lines: 2.9, accelerate: true, events: [[-1, 0]] },
];
const wheel = gestures.map((g) => {
  const acc = new WheelScrollAccelerator(g.lines, g.accelerate);
  return { ...g, expected: g.events.map(([d, t]) => acc.next(d, t)) };
});

const searchCases = [
  { lines: ["  The \x1b[1mquick\x1b[0m brown", "fox   jumps", "Brown fox"], query: "brown fox" },
  { lines: ["hello world", "world hello"], query: "O W" },
  { lines: ["aaaa"], query: "aa" },
  { lines: ["日本語 text 日本", "ÉCOLE école"], query: "本" },
  { lines: ["ÉCOLE école", "Straße STRASSE"], query: "école" },
  { lines: ["tab\there", "end  ", "", "   start"], query: "end start" },
  { lines: ["a-b_c/d.e", "x"], query: "c/d" },
  { lines: ["\x1b]8;;https://x.y\x07link\x1b]8;;\x07 text"], query: "link text" },
  { lines: ["no match here"], query: "zzz" },
  { lines: ["some text"], query: "   " },
  { lines: ["ab", "cd"], query: "b c" },
  { lines: ["emoji 😀 face", "more"], query: "😀 face more" },
];
const search = searchCases.map((c) => ({ ...c, matches: findAltScreenSearchMatches(c.lines, c.query) }));

// The search bar: a query typed key by key, the result set, the lines at a width.
const barCases = [
  { width: 40, keys: [], result: [-1, 0] },
  { width: 40, keys: ["f", "o"], result: [1, 3] },
  { width: 32, keys: ["x"], result: [-1, 0] },
  { width: 20, keys: ["n", "e", "e", "d", "l", "e"], result: [0, 12] },
  { width: 12, keys: ["a"], result: [0, 1] },
  { width: 60, keys: ["w", "o", "r", "d", " ", "t", "w", "o"], result: [4, 5] },
];
const searchBar = barCases.map((c) => {
  const bar = new AltScreenSearchComponent(() => {});
  bar.focused = true;
  for (const key of c.keys) bar.handleInput(key);
  bar.setResult(c.result[0], c.result[1]);
  return { ...c, lines: bar.render(c.width) };
});

writeFileSync(
  join(here, "../tests/vectors/viewport.json"),
  `${JSON.stringify({ piTuiVersion: version, mouse, wheel, search, searchBar }, null, 1)}\n`,
);
console.log(`pi-tui ${version}: ${mouse.length} mouse, ${wheel.length} wheel, ${search.length} search vectors`);
