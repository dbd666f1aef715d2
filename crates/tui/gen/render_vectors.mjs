// Generates crates/tui/tests/vectors/render.json from the pi-tui the extension host bundles, so
// tests/render_parity.rs can check that tau's renderer leaves the terminal showing what
// pi-tui's leaves it showing.
//
//   node crates/tui/gen/render_vectors.mjs
//
// (needs crates/ext-bridge/host/node_modules.)
//
// Each scenario drives pi-tui's TuiMainScreen (regular mode) or TuiAltScreen (fullscreen, with
// a chat-viewport-like layout: a following ScrollView over the transcript above a dock) through
// scripted frames of static-line components and overlays, on a fake terminal that records every
// write. The vector keeps the script and the bytes pi-tui wrote after each step; the Rust test
// replays the script through tau's renderer and compares both byte streams through a terminal
// emulator (screen text and cursor, plus scrollback in regular mode). Bytes need not be equal.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const piTui = join(here, "../../ext-bridge/host/node_modules/@earendil-works/pi-tui");
const tui = await import(pathToFileURL(join(piTui, "dist/index.js")).href);
const { TuiMainScreen, TuiAltScreen, ScrollView, VStack, CURSOR_MARKER } = tui;
const { createRequire } = await import("node:module");
const version = createRequire(import.meta.url)(join(piTui, "package.json")).version;

class FakeTerminal {
  constructor(cols, rows) {
    this.columns = cols;
    this.rows = rows;
    this.out = "";
  }
  start() {}
  stop() {}
  write(data) {
    this.out += data;
  }
  hideCursor() {
    this.out += "\x1b[?25l";
  }
  showCursor() {
    this.out += "\x1b[?25h";
  }
  moveBy() {}
  clearLine() {}
  clearFromCursor() {}
  clearScreen() {}
  setTitle() {}
  get kittyProtocolActive() {
    return false;
  }
  take() {
    const out = this.out;
    this.out = "";
    return out;
  }
}

class Lines {
  constructor() {
    this.lines = [];
  }
  render() {
    return this.lines;
  }
  invalidate() {}
}

const M = CURSOR_MARKER;
const numbered = (n, prefix = "line") => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

function run(scenario) {
  const term = new FakeTerminal(scenario.cols, scenario.rows);
  const content = new Lines();
  const dock = new Lines();
  let app;
  if (scenario.mode === "regular") {
    app = new TuiMainScreen(term, scenario.showCursor ?? false);
    app.addChild(content);
    app.addChild(dock);
  } else {
    app = new TuiAltScreen(term, scenario.showCursor ?? false, undefined, { mouse: scenario.mouse === true });
    const transcript = new ScrollView(content, { follow: "end", primary: true });
    app.setLayoutRoot(
      new VStack([
        { component: transcript, basis: 0, grow: 1, shrink: 1, minSize: 1 },
        { component: dock, basis: "auto", grow: 0, shrink: 1, minSize: 1 },
      ]),
    );
    app.start();
  }
  const start = term.take();
  let handles = [];
  const outputs = [];
  for (const step of scenario.steps) {
    if (step.cols !== undefined) term.columns = step.cols;
    if (step.rows !== undefined) term.rows = step.rows;
    if (step.content !== undefined) content.lines = step.content;
    if (step.dock !== undefined) dock.lines = step.dock;
    if (step.clearOnShrink !== undefined) app.setClearOnShrink(step.clearOnShrink);
    if (step.overlays !== undefined) {
      for (const h of handles) h.hide();
      handles = step.overlays.map((o) => {
        const c = new Lines();
        c.lines = o.lines;
        const options = { ...o.options };
        if (o.hidden) options.visible = () => false;
        return app.showOverlay(c, options);
      });
    }
    for (const data of step.input ?? []) app.handleTerminalInput(data);
    if (step.scroll === "top") app.scrollToTop();
    else if (step.scroll === "bottom") app.scrollToBottom();
    else if (typeof step.scroll === "number") app.scrollBy(step.scroll);
    term.take();
    if (step.stop) app.stop(step.stop === "preserve" ? { preserveScreen: true } : {});
    else app.renderNow(step.force === true);
    outputs.push(term.take());
  }
  return { ...scenario, start, outputs };
}

const overlayAnchors = [
  "center",
  "top-left",
  "top-right",
  "bottom-left",
  "bottom-right",
  "top-center",
  "bottom-center",
  "left-center",
  "right-center",
];
const base = numbered(8, "base row");
const box = ["+----+", "|box |", "+----+"];

const scenarios = [
  {
    name: "regular_grow_scroll_change_shrink",
    mode: "regular",
    cols: 20,
    rows: 6,
    steps: [
      { content: numbered(3), dock: ["> "] },
      { content: numbered(4) },
      { content: numbered(9) },
      { content: [...numbered(8), "line 8 changed"] },
      { content: [...numbered(5), "in view", ...numbered(9).slice(6)] },
      { content: ["changed above", ...numbered(9).slice(1)] },
      { content: numbered(7) },
      { content: numbered(7), dock: [] },
      { content: numbered(2), dock: [] },
      { content: [], dock: [] },
      { content: numbered(3), dock: ["> x"] },
      { stop: "preserve" },
    ],
  },
  {
    name: "regular_append_only",
    mode: "regular",
    cols: 16,
    rows: 5,
    steps: [
      { content: numbered(2), dock: [] },
      { content: numbered(4) },
      { content: numbered(7) },
      { content: numbered(13) },
      { content: numbered(13), dock: [`> ${M}`] },
      { content: numbered(14), dock: [`> a${M}`] },
    ],
  },
  {
    name: "regular_clear_on_shrink_and_force",
    mode: "regular",
    cols: 16,
    rows: 5,
    steps: [
      { content: numbered(4), dock: ["dock"], clearOnShrink: true },
      { content: numbered(2) },
      { content: numbered(3), force: true },
      { content: numbered(3) },
    ],
  },
  {
    name: "regular_resize",
    mode: "regular",
    cols: 24,
    rows: 6,
    steps: [
      { content: numbered(8), dock: ["status"] },
      { cols: 18, content: numbered(8) },
      { rows: 8 },
      { rows: 4, content: numbered(9) },
      { cols: 30 },
    ],
  },
  {
    name: "regular_styles_wide_and_cursor",
    mode: "regular",
    cols: 20,
    rows: 6,
    steps: [
      {
        content: ["\x1b[31mred\x1b[0m plain", "\x1b[1;44mbold on blue", "中文字符宽度测试", "tab\there"],
        dock: [`> ab${M}c`, "footer"],
      },
      { dock: [`> abc${M}`, "footer"] },
      { dock: ["> abc", "footer"] },
      {
        overlays: [{ lines: ["OVERLAY"], options: { width: 9, row: 2, col: 3 } }],
      },
      {
        content: ["\x1b]8;;https://x.test\x07link text here\x1b]8;;\x07", "中文字符宽度测试"],
        overlays: [{ lines: ["XX"], options: { width: 3, row: 1, col: 3 } }],
      },
      { overlays: [] },
    ],
  },
  {
    name: "regular_overlay_anchors",
    mode: "regular",
    cols: 30,
    rows: 8,
    steps: overlayAnchors.map((anchor) => ({
      content: base,
      dock: [],
      overlays: [{ lines: box, options: { anchor, width: 6 } }],
    })),
  },
  {
    name: "regular_overlay_sizes",
    mode: "regular",
    cols: 30,
    rows: 8,
    steps: [
      { content: base, dock: [], overlays: [{ lines: box, options: { width: "50%", anchor: "top-left" } }] },
      { overlays: [{ lines: box, options: { width: 10, row: "100%", col: "50%" } }] },
      { overlays: [{ lines: box, options: { width: 10, margin: 2, anchor: "bottom-right" } }] },
      {
        overlays: [
          { lines: box, options: { width: 8, margin: { top: 1, left: 3 }, anchor: "top-left", offsetX: 2, offsetY: 1 } },
        ],
      },
      { overlays: [{ lines: numbered(10, "tall"), options: { width: 12, maxHeight: "50%" } }] },
      { overlays: [{ lines: numbered(10, "tall"), options: { width: 12, maxHeight: 3, minWidth: 15 } }] },
      { overlays: [{ lines: box, options: { width: 40, row: -3, col: 50 } }] },
      {
        overlays: [
          { lines: ["first overlay!!"], options: { width: 15, row: 1, col: 1 } },
          { lines: ["second"], options: { width: 6, row: 1, col: 5 } },
          { lines: ["hidden"], options: { width: 6, row: 4, col: 5 }, hidden: true },
        ],
      },
      { content: numbered(14), overlays: [{ lines: box, options: { width: 6, anchor: "top-left" } }] },
      { overlays: [{ lines: [`in${M}put`], options: { width: 8, anchor: "bottom-left" } }] },
      { content: numbered(3), overlays: [{ lines: box, options: { width: 6, anchor: "bottom-right" } }] },
      { overlays: [] },
    ],
  },
  {
    name: "fullscreen_follow_scroll_resize",
    mode: "fullscreen",
    cols: 24,
    rows: 8,
    steps: [
      { content: numbered(3), dock: ["-- status", `> ${M}`] },
      { content: numbered(12) },
      { scroll: -3 },
      { content: numbered(15) },
      { scroll: -100 },
      { scroll: 2 },
      { scroll: "bottom" },
      { content: numbered(18) },
      { content: [...numbered(17), "last changed"] },
      { cols: 20 },
      { rows: 6, content: numbered(18) },
      { overlays: [{ lines: box, options: { width: 6, anchor: "center" } }] },
      { overlays: [{ lines: box, options: { width: "50%", anchor: "bottom-right", margin: 1 } }] },
      { overlays: [], dock: Array.from({ length: 9 }, (_, i) => `dock ${i}`) },
      { dock: [...Array.from({ length: 7 }, (_, i) => `dock ${i}`), `dock ${M}7`] },
      { dock: ["\x1b[7mstatus\x1b[0m", "中文字符宽度测试测试"] },
      { force: true },
      { stop: "preserve" },
    ],
  },
  {
    name: "fullscreen_hardware_cursor_and_fake_cursor",
    mode: "fullscreen",
    showCursor: true,
    cols: 20,
    rows: 5,
    steps: [
      { content: numbered(2), dock: [`> ab${M}\x1b_pi:fc\x07c\x1b_pi:/fc\x07d`] },
      { dock: [`> \x1b_pi:fc\x07x\x1b_pi:/fc\x07 unfocused`] },
      { content: numbered(9), dock: [`> ${M}`] },
      { stop: "preserve" },
    ],
  },
  {
    name: "fullscreen_mouse_wheel",
    mode: "fullscreen",
    mouse: true,
    cols: 20,
    rows: 6,
    steps: [
      { content: numbered(30), dock: ["> "] },
      { input: ["\x1b[<64;3;2M", "\x1b[<64;3;2M"] },
      { input: ["\x1b[<72;3;2M", "\x1b[I"] },
      { input: ["\x1b[<65;3;2M"] },
      { input: ["\x1b[<73;3;2M", "\x1b[<73;3;2M"] },
      { content: numbered(31) },
      { stop: "preserve" },
    ],
  },
  {
    name: "regular_hardware_cursor_and_stop",
    mode: "regular",
    showCursor: true,
    cols: 20,
    rows: 5,
    steps: [
      { content: numbered(2), dock: [`> ab${M}\x1b_pi:fc\x07c\x1b_pi:/fc\x07d`, "footer"] },
      { content: numbered(7) },
      { dock: [`> \x1b_pi:fc\x07x\x1b_pi:/fc\x07`, "footer"] },
      { stop: true },
    ],
  },
];

const vectors = { piTuiVersion: version, scenarios: scenarios.map(run) };
const out = join(here, "../tests/vectors/render.json");
writeFileSync(out, `${JSON.stringify(vectors, null, 1)}\n`);
process.stdout.write(`wrote ${out}\n`);
// TuiAltScreen.start() queued a render and timers (wheel, scrollbar); none is needed.
process.exit(0);
