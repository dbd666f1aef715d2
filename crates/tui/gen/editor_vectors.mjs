// Generates crates/tui/tests/vectors/editor.json from the pi-tui the extension host bundles,
// so tests/editor_parity.rs can replay the same keys into tau's Editor, Input and SelectList
// and compare everything pi-tui's components show.
//
//   node crates/tui/gen/editor_vectors.mjs
//
// (needs crates/ext-bridge/host/node_modules; see docs or `tau setup-extensions`).
//
// Each scenario drives one real pi-tui component with raw key byte strings (arrows, ctrl/alt
// combos, Kitty CSI-u forms, bracketed pastes) and records after every step: the text,
// the cursor (as a UTF-8 byte column, tau's unit), the events the component emitted and its
// render at the scenario's widths. The theme wraps every styled part in visible tags so a
// style applied to the wrong span shows up as a diff.
//
// Autocomplete: pi-tui asks its provider asynchronously, so the script waits for the
// request to settle after each step. File completion runs over tests/vectors/tree/. pi-tui's
// "@" search needs the fd binary, which the vectors do not assume, so no script types "@".
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const piTui = join(here, "../../ext-bridge/host/node_modules/@earendil-works/pi-tui");
const require = createRequire(import.meta.url);
const version = require(join(piTui, "package.json")).version;
const dist = (p) => import(join(piTui, "dist", p));

const { Editor } = await dist("components/editor.js");
const { Input } = await dist("components/input.js");
const { SelectList } = await dist("components/select-list.js");
const { fuzzyFilter, fuzzyMatch } = await dist("fuzzy.js");
const { KeybindingsManager, TUI_KEYBINDINGS, setKeybindings } = await dist("keybindings.js");
const { CombinedAutocompleteProvider } = await dist("autocomplete.js");

const treeDir = join(here, "../tests/vectors/tree");

// Deterministic PRNG (mulberry32) so the vectors only change when pi-tui does.
let seed = 0xed170a;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (arr) => arr[Math.floor(rand() * arr.length)];

const tag = (name) => (s) => `<${name}>${s}</${name}>`;
const selectListTheme = {
  selectedPrefix: tag("sp"),
  selectedText: tag("st"),
  description: tag("d"),
  scrollInfo: tag("si"),
  noMatch: tag("nm"),
};
const editorTheme = { borderColor: tag("b"), selectList: selectListTheme };

// Renders are sampled (every third step, all widths every sixth, and the last step) to keep
// the vectors small; rendering changes state (scroll, wrap width), and the Rust side renders
// at exactly the same steps.
function renderPlan(i, count, widths) {
  if (i % 6 === 5 || i === count - 1) return widths;
  if (i % 3 === 2) return [widths[widths.length - 1]];
  return [];
}
const bytes = (line, col) => Buffer.byteLength(line.slice(0, col), "utf8");
const settle = () => new Promise((r) => setTimeout(r, 30));

// ---------------------------------------------------------------------------------------------
// Keys
const K = {
  up: "\x1b[A", down: "\x1b[B", right: "\x1b[C", left: "\x1b[D",
  home: "\x1b[H", end: "\x1b[F", home1: "\x1b[1~", end4: "\x1b[4~",
  del: "\x1b[3~", bs: "\x7f", enter: "\r", tab: "\t", esc: "\x1b",
  pgup: "\x1b[5~", pgdn: "\x1b[6~",
  ctrlA: "\x01", ctrlE: "\x05", ctrlB: "\x02", ctrlF: "\x06", ctrlK: "\x0b", ctrlU: "\x15",
  ctrlW: "\x17", ctrlY: "\x19", ctrlD: "\x04", ctrlC: "\x03", ctrlJ: "\n", ctrlUndo: "\x1f",
  ctrlJump: "\x1d", altY: "\x1by", altB: "\x1bb", altF: "\x1bf", altD: "\x1bd",
  altBs: "\x1b\x7f", altLeft: "\x1b[1;3D", altRight: "\x1b[1;3C", ctrlLeft: "\x1b[1;5D",
  ctrlRight: "\x1b[1;5C", shiftEnter: "\x1b[13;2u", altEnter: "\x1b\r",
  kittyA: "\x1b[97u", kittyShiftA: "\x1b[97:65;2u", kittyCtrlW: "\x1b[119;5u",
  kittyBs: "\x1b[127u", kittyEnter: "\x1b[13u", kittyUndo: "\x1b[45;5u", mokA: "\x1b[27;2;65~",
  shiftSpace: "\x1b[32;2u", shiftBs: "\x1b[127;2u",
};
const paste = (text) => `\x1b[200~${text}\x1b[201~`;
const WORDS = ["hello", "world", "foo.bar", "a-b", "x", "naïve", "😀", "中文字", "e\u0301", "tab\there", "  ", "(x)", "don't", "src/lib"];
const TYPING = ["a", "b", "z", " ", ".", "-", "/", "\\", "é", "中", "😀", "1", "_", "(", K.kittyA, K.kittyShiftA, K.mokA];
const EDIT_KEYS = [
  K.up, K.down, K.left, K.right, K.home, K.end, K.home1, K.end4, K.del, K.bs, K.ctrlA, K.ctrlE,
  K.ctrlB, K.ctrlF, K.ctrlK, K.ctrlU, K.ctrlW, K.ctrlY, K.altY, K.altB, K.altF, K.altD,
  K.altBs, K.altLeft, K.altRight, K.ctrlLeft, K.ctrlRight, K.ctrlD, K.ctrlUndo, K.kittyCtrlW,
  K.kittyBs, K.kittyUndo, K.pgup, K.pgdn, K.shiftSpace, K.shiftBs,
];
const LINE_KEYS = [K.enter, K.shiftEnter, K.ctrlJ, K.altEnter, K.kittyEnter];

function randomWordSteps(n) {
  const steps = [];
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.35) for (const c of [...pick(WORDS)]) steps.push(c);
    else if (r < 0.55) steps.push(pick(TYPING));
    else if (r < 0.9) steps.push(pick(EDIT_KEYS));
    else if (r < 0.97) steps.push(pick(LINE_KEYS));
    else steps.push(paste(pick(["pasted text", "line1\nline2", "/tmp/file", "a\tb\r\nc"])));
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Editor scenarios
const COMMANDS = [
  { name: "model", description: "Select a model", argumentHint: "<id>", args: ["claude-opus", "claude-sonnet", "gpt-5"] },
  { name: "mode", description: "Switch mode" },
  { name: "help", description: "Show help\nwith details" },
  { name: "settings" },
  { name: "skill:review", description: "Review code" },
  { name: "open", description: "Open a file", args: ["README.md", "src/"] },
];

function makeProvider() {
  const commands = COMMANDS.map((c) => ({
    name: c.name,
    description: c.description,
    argumentHint: c.argumentHint,
    ...(c.args && {
      getArgumentCompletions: (prefix) => c.args.filter((a) => a.startsWith(prefix)).map((a) => ({ value: a, label: a })),
    }),
  }));
  return new CombinedAutocompleteProvider(commands, treeDir, null);
}

async function runEditor(sc) {
  setKeybindings(new KeybindingsManager(TUI_KEYBINDINGS, sc.userBindings ?? {}));
  const tui = { terminal: { rows: sc.rows }, requestRender() {} };
  const editor = new Editor(tui, editorTheme, { paddingX: sc.paddingX ?? 0, autocompleteMaxVisible: sc.maxVisible });
  editor.focused = sc.focused ?? true;
  editor.disableSubmit = sc.disableSubmit ?? false;
  let events = [];
  editor.onChange = (t) => events.push(["change", t]);
  editor.onSubmit = (t) => {
    events.push(["submit", t]);
    editor.addToHistory(t);
  };
  for (const h of sc.history ?? []) editor.addToHistory(h);
  if (sc.autocomplete) editor.setAutocompleteProvider(makeProvider());
  const record = [];
  for (const [i, step] of sc.steps.entries()) {
    if (typeof step === "string") editor.handleInput(step);
    else if (step.setText !== undefined) editor.setText(step.setText);
    else if (step.insert !== undefined) editor.insertTextAtCursor(step.insert);
    if (sc.autocomplete) await settle();
    const cur = editor.getCursor();
    const lines = editor.getLines();
    const text = editor.getText();
    const expanded = editor.getExpandedText();
    record.push({
      text,
      // Only when it differs, and change events only carry text that differs from the
      // step's final text, to keep the file small.
      ...(expanded !== text && { expanded }),
      cursor: [cur.line, bytes(lines[cur.line] ?? "", cur.col)],
      popup: editor.isShowingAutocomplete(),
      events: events.map(([kind, t]) => (kind === "change" && t === text ? ["change"] : [kind, t])),
      renders: renderPlan(i, sc.steps.length, sc.widths).map((w) => [w, editor.render(w)]),
    });
    events = [];
  }
  setKeybindings(new KeybindingsManager(TUI_KEYBINDINGS));
  return record;
}

const big = Array.from({ length: 14 }, (_, i) => `row ${i + 1}`).join("\n");
const editorScenarios = [
  { name: "type and wrap", widths: [12, 30], rows: 24, steps: [..."the quick brown fox jumps over the lazy dog", K.up, K.up, K.down, K.end, K.ctrlW, K.ctrlW, K.ctrlY, K.altY, K.ctrlUndo, K.ctrlUndo] },
  { name: "sticky column", widths: [20], rows: 24, steps: [..."a long first line here", K.shiftEnter, ..."ab", K.shiftEnter, ..."another long line", K.up, K.up, K.down, K.down, K.left, K.up, K.right, K.right, K.up] },
  { name: "history", widths: [40], rows: 24, history: ["first prompt", "second\nmulti line"], steps: [K.up, K.up, K.up, K.down, K.down, K.down, ..."draft", K.up, K.down, K.enter, K.up, K.enter] },
  { name: "kill ring", widths: [40], rows: 24, steps: [..."one two three", K.ctrlW, K.ctrlW, K.ctrlA, K.ctrlK, ..."x", K.ctrlY, K.altY, K.altY, K.ctrlU, K.ctrlY, K.altD, K.altBs] },
  { name: "multi-line kills", widths: [40], rows: 24, steps: [..."ab", K.ctrlJ, ..."cd", K.ctrlJ, ..."ef", K.ctrlA, K.ctrlU, K.ctrlU, K.ctrlK, K.ctrlK, K.ctrlY, K.up, K.altD, K.altD, K.ctrlW, K.ctrlW] },
  { name: "large paste", widths: [16, 40], rows: 24, steps: [..."see ", paste(big), ..." and ", paste("x".repeat(1200)), K.left, K.left, K.bs, K.right, K.bs, K.ctrlUndo, K.altB, K.altB, K.altF, K.enter] },
  { name: "paste markers move", widths: [10, 30], rows: 24, steps: [paste(big), K.enter, paste(big), K.home, K.right, K.right, K.up, K.down, K.down, K.left, K.del, K.ctrlUndo] },
  { name: "scrolling", widths: [20], rows: 10, steps: [paste("1\n2\n3\n4\n5\n6\n7\n8\n9"), K.up, K.up, K.up, K.up, K.up, K.up, K.up, K.up, K.pgdn, K.pgup, K.pgdn, K.pgdn] },
  { name: "tall terminal scroll", widths: [15, 25], rows: 40, paddingX: 2, steps: [..."lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor", K.pgup, K.pgdn, K.up, K.up] },
  { name: "padding", widths: [10, 20], rows: 24, paddingX: 3, steps: [..."abcdefghijklmno", K.left, K.home, K.end] },
  { name: "backslash enter", widths: [30], rows: 24, steps: [..."line\\", K.enter, ..."next", K.enter] },
  { name: "shift+enter submits", widths: [30], rows: 24, userBindings: { "tui.input.submit": ["shift+enter"], "tui.input.newLine": ["enter"] }, steps: [..."ab", K.enter, ..."c\\", K.shiftEnter, ..."d", K.shiftEnter] },
  { name: "disable submit", widths: [30], rows: 24, disableSubmit: true, steps: [..."abc", K.enter, K.shiftEnter, K.ctrlC, K.esc] },
  { name: "unicode graphemes", widths: [8, 20], rows: 24, steps: [..."e\u0301😀中文字", "👍🏽", K.left, K.left, K.bs, K.home, K.del, K.right, K.altF, K.altB, K.end, K.bs] },
  { name: "cjk wrap", widths: [9, 14], rows: 24, steps: [..."中文字符串很长的一行文字", K.up, K.down, ..."abc def", K.up] },
  { name: "jump", widths: [40], rows: 24, steps: [..."find the x in text", K.ctrlA, K.ctrlJump, "x", K.ctrlJump, "t", K.ctrlJump, K.ctrlJump, "\x1b[1;3C", "\x1d\x1b", "\x1b[93;7u", "f", K.ctrlJump, "z"] },
  { name: "set text", widths: [30], rows: 24, steps: [{ setText: "hello\r\nthere\tyou" }, K.up, { insert: "[img]" }, K.ctrlUndo, K.ctrlUndo, { setText: "" }, { insert: "a\nb" }] },
  { name: "unfocused", widths: [20], rows: 24, focused: false, steps: [..."abc", K.left] },
  { name: "kitty keys", widths: [30], rows: 24, steps: [K.kittyA, K.kittyShiftA, K.mokA, K.kittyBs, K.kittyCtrlW, ..."x y", K.kittyUndo, K.shiftSpace, K.kittyEnter] },
  { name: "slash commands", widths: [30, 60], rows: 24, autocomplete: true, steps: [..."/mo", K.down, K.down, K.up, K.tab, ..."cl", K.down, K.tab, K.enter] },
  { name: "slash submit", widths: [60], rows: 24, autocomplete: true, steps: [..."/he", K.enter, ..."/", K.esc, ..."s", K.bs, K.bs, ..."/sk", K.enter] },
  { name: "slash arguments", widths: [50], rows: 24, autocomplete: true, steps: [..."/open ", "R", K.tab, K.ctrlU, ..."/model ", "g", K.enter, K.ctrlA, K.ctrlK, ..."/zz", K.bs, K.bs] },
  { name: "path completion", widths: [50], rows: 24, autocomplete: true, steps: [..."look at ./", K.down, K.tab, K.tab, K.ctrlU, ..."src/", K.tab, K.esc, K.tab, K.tab, ..."../", K.esc] },
  { name: "path tab", widths: [50], rows: 24, autocomplete: true, steps: [..."R", K.tab, K.ctrlU, ..."do", K.tab, K.tab, K.ctrlU, K.tab, K.down, K.pgdn, K.pgup, K.enter] },
  { name: "quoted path", widths: [50], rows: 24, autocomplete: true, steps: [..."\"src/m", K.tab, K.ctrlU, ..."x (src/", K.tab] },
  { name: "popup many", widths: [40], rows: 24, autocomplete: true, maxVisible: 3, steps: [..."/", K.down, K.down, K.down, K.down, K.pgdn, K.up, K.up, K.tab] },
];
for (let n = 0; n < 14; n++) {
  editorScenarios.push({
    name: `random ${n}`,
    widths: [pick([6, 9, 13]), pick([20, 32, 50])],
    rows: pick([8, 24, 40]),
    paddingX: pick([0, 0, 1, 2]),
    history: n % 3 === 0 ? ["older entry", "newest"] : [],
    autocomplete: n % 4 === 3,
    steps: randomWordSteps(30),
  });
}

// ---------------------------------------------------------------------------------------------
// Input scenarios
async function runInput(sc) {
  const input = new Input({ prompt: sc.prompt, placeholder: sc.placeholder, placeholderStyle: sc.placeholder ? tag("ph") : undefined });
  input.focused = sc.focused ?? true;
  let events = [];
  input.onSubmit = (v) => events.push(["submit", v]);
  input.onEscape = () => events.push(["escape"]);
  const record = [];
  for (const [i, step] of sc.steps.entries()) {
    input.handleInput(step);
    record.push({
      value: input.getValue(),
      cursor: bytes(input.getValue(), input.cursor),
      events,
      renders: renderPlan(i, sc.steps.length, sc.widths).map((w) => [w, input.render(w)]),
    });
    events = [];
  }
  return record;
}

const inputScenarios = [
  { name: "basic", widths: [10, 30], steps: [..."hello world", K.left, K.ctrlW, K.ctrlY, K.home, K.del, K.end, K.bs, K.enter, K.esc, K.ctrlUndo] },
  { name: "scroll", widths: [8, 12], steps: [..."abcdefghijklmnopqrstuvwxyz", K.home, K.right, K.right, K.right, K.right, K.right, K.right, K.end, K.left] },
  { name: "placeholder", widths: [6, 20], placeholder: "type here", steps: ["a", K.bs] },
  { name: "prompt", widths: [2, 3, 20], prompt: "cmd> ", steps: [..."xy"] },
  { name: "paste", widths: [30], steps: [paste("multi\nline\ttext"), "\x1b[200~part", "ial\x1b[201~z", K.ctrlUndo] },
  { name: "unicode", widths: [6, 20], steps: [..."ab😀e\u0301x 中文", K.left, K.left, K.bs, K.home, K.altF, K.altD, K.ctrlK, K.ctrlY, "\x80", "\x1b[97u"] },
];
for (let n = 0; n < 8; n++) {
  inputScenarios.push({ name: `random ${n}`, widths: [pick([5, 9]), pick([16, 30])], steps: randomWordSteps(30).filter((s) => !LINE_KEYS.includes(s)) });
}

// ---------------------------------------------------------------------------------------------
// SelectList scenarios
function runSelectList(sc) {
  const list = new SelectList(sc.items, sc.maxVisible, selectListTheme, sc.layout);
  let events = [];
  list.onSelect = (i) => events.push(["select", i.value]);
  list.onCancel = () => events.push(["cancel"]);
  list.onSelectionChange = (i) => events.push(["change", i.value]);
  const record = [];
  for (const step of sc.steps) {
    if (typeof step === "string") list.handleInput(step);
    else if (step.filter !== undefined) list.setFilter(step.filter);
    else if (step.select !== undefined) list.setSelectedIndex(step.select);
    record.push({ selected: list.getSelectedItem()?.value ?? null, events, renders: sc.widths.map((w) => [w, list.render(w)]) });
    events = [];
  }
  return record;
}

const manyItems = Array.from({ length: 12 }, (_, i) => ({ value: `item${i}`, label: i % 3 ? `Item number ${i}` : "", description: i % 2 ? `Description of item ${i} which is rather long` : undefined }));
const selectScenarios = [
  { name: "scroll and wrap", items: manyItems, maxVisible: 5, widths: [30, 60, 100], steps: [K.down, K.down, K.down, K.down, K.pgdn, K.pgdn, K.down, K.down, K.up, K.pgup, K.up, K.up, K.enter, K.esc, K.ctrlC] },
  { name: "filter", items: manyItems, maxVisible: 4, widths: [50], steps: [{ filter: "item1" }, K.down, { filter: "ITEM" }, { filter: "zzz" }, K.down, K.enter, { filter: "" }, { select: 99 }] },
  { name: "layout", items: manyItems.slice(0, 4), maxVisible: 8, layout: { minPrimaryColumnWidth: 12, maxPrimaryColumnWidth: 20 }, widths: [41, 45, 80], steps: [K.down, K.up, K.up] },
  { name: "multiline description", items: [{ value: "a", label: "a", description: "line one\r\nline two\n\nthree" }, { value: "b", label: "b", description: "\n" }], maxVisible: 5, widths: [60], steps: [K.down] },
];

// ---------------------------------------------------------------------------------------------
// Fuzzy
const texts = ["model", "modes", "openrouter openrouter/anthropic/claude-opus", "claude-sonnet-4", "gpt-4o", "gpt4", "skill:review", "Settings", "src/lib.rs", "a-b_c.d/e:f", "ÄÖÜ straße", "中文", "😀 smile"];
const queries = ["", "mo", "MOD", "opus", "gpt4", "4gpt", "o4", "sr li", "s/l", "xyz", "straße", "ä", "smile", "cs4", "  ", "e:f", "de"];
const fuzzy = {
  match: queries.flatMap((q) => texts.map((t) => { const m = fuzzyMatch(q, t); return [q, t, m.matches, m.score]; })),
  filter: queries.map((q) => [q, fuzzyFilter(texts, q, (t) => t)]),
};

const out = {
  piTuiVersion: version,
  editor: [],
  input: [],
  select: [],
  fuzzy,
  commands: COMMANDS,
};
for (const sc of editorScenarios) {
  out.editor.push({ ...sc, record: await runEditor(sc) });
}
for (const sc of inputScenarios) out.input.push({ ...sc, record: await runInput(sc) });
for (const sc of selectScenarios) out.select.push({ ...sc, record: runSelectList(sc) });

const path = join(here, "../tests/vectors/editor.json");
writeFileSync(path, JSON.stringify(out));
const steps = out.editor.reduce((n, s) => n + s.steps.length, 0);
console.log(`wrote ${path}: ${out.editor.length} editor scenarios (${steps} steps), ${out.input.length} input, ${out.select.length} select, ${fuzzy.match.length} fuzzy matches`);
