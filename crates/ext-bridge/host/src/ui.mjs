// `ctx.ui` for one call. Without UI (print/json) every member returns Pi's documented no-UI fallback.
// With UI, dialogs become `ui` requests to tau (abort/timeout resolve to the fallback, as in Pi's RPC
// mode), fire-and-forget members become `ui` notifications, and terminal-only members (custom components,
// editor replacement, footer/header factories) behave as in Pi's RPC mode because tau renders natively —
// unless tau loaded with `components` (its interactive mode): then components stay here and tau renders
// their lines (component-ui.mjs). Editor replacement is not supported yet either way.

import { fillSlot, showCustom } from "./component-ui.mjs";
import { PaletteTheme } from "./theme.mjs";

/** A theme whose styling functions return the text unchanged; tau styles on its side. */
export function createPlainTheme() {
  const same = (/** @type {any} */ _style, /** @type {string} */ text) => text;
  const ident = (/** @type {string} */ text) => text;
  return {
    name: "plain",
    fg: same,
    bg: same,
    bold: ident,
    italic: ident,
    underline: ident,
    strikethrough: ident,
    inverse: ident,
    dim: ident,
    getFgAnsi: () => "",
    getBgAnsi: () => "",
    getColorMode: () => "truecolor",
    getThinkingBorderColor: () => same,
    getBashModeBorderColor: () => same,
  };
}

/** Dialogs: member → fallback value when no UI answers. */
const DIALOGS = { select: undefined, confirm: false, input: undefined, editor: undefined };
/** Fire-and-forget members tau may show. */
const FIRE_AND_FORGET = ["notify", "setStatus", "setWidget", "setTitle", "setEditorText", "pasteToEditor"];
/** Terminal-only members that do nothing outside Pi's own TUI. */
const NO_OPS = [
  "setWorkingMessage", "setWorkingVisible", "setWorkingIndicator", "setHiddenThinkingLabel", "setFooter",
  "setHeader", "addAutocompleteProvider", "setEditorComponent", "setToolsExpanded",
];

/**
 * @param {{hasUI: boolean, extensionPath: string, request: (method: string, args: any[]) => Promise<any>,
 *   notify: (method: string, args: any[]) => void, components?: import("./components.mjs").ComponentRegistry}} options
 */
export function createUiContext({ hasUI, extensionPath, request, notify, components }) {
  const theme = createPlainTheme();
  /** @type {Record<string, any>} */
  const ui = {
    theme,
    onTerminalInput: () => () => {},
    custom: async () => undefined,
    getEditorText: () => "",
    getEditorComponent: () => undefined,
    getAllThemes: () => [],
    getTheme: () => undefined,
    setTheme: () => ({ success: false, error: hasUI ? "Theme switching not supported by tau" : "UI not available" }),
    getToolsExpanded: () => false,
  };
  for (const name of NO_OPS) ui[name] = () => {};
  for (const name of FIRE_AND_FORGET) {
    ui[name] = (/** @type {any[]} */ ...args) => {
      if (!hasUI) return;
      // Component factories cannot cross the process boundary; Pi's RPC mode ignores them too.
      if (name === "setWidget" && typeof args[1] === "function") return;
      notify(name, args);
    };
  }
  for (const [name, fallback] of Object.entries(DIALOGS)) {
    ui[name] = async (/** @type {any[]} */ ...args) => {
      if (!hasUI) return fallback;
      const last = args.at(-1);
      const opts = last && typeof last === "object" && !Array.isArray(last) ? last : undefined;
      const signal = /** @type {AbortSignal | undefined} */ (opts?.signal);
      if (signal?.aborted) return fallback;
      const sent = args.map((a) => (a === opts ? { ...opts, signal: undefined } : a));
      /** @type {Promise<any>[]} */
      const racers = [request(name, sent).then((v) => (v === undefined || v === null ? fallback : v))];
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      if (typeof opts?.timeout === "number" && opts.timeout > 0) {
        racers.push(new Promise((resolve) => (timer = setTimeout(() => resolve(fallback), opts.timeout))));
      }
      if (signal) racers.push(new Promise((resolve) => signal.addEventListener("abort", () => resolve(fallback), { once: true })));
      try {
        return await Promise.race(racers);
      } finally {
        clearTimeout(timer);
      }
    };
  }
  if (components) addComponents(ui, components, extensionPath, notify);
  return ui;
}

/** The app actions a CustomEditor hands back to the application (Pi's interactive mode). */
const APP_ACTIONS = [
  "app.interrupt", "app.clear", "app.exit", "app.suspend", "app.editor.external", "app.model.select",
  "app.model.cycleForward", "app.model.cycleBackward", "app.thinking.cycle", "app.thinking.toggle",
  "app.tools.expand", "app.message.followUp", "app.message.dequeue",
];

/** Pi's editor theme, from the real package when an extension has it loaded; a plain one otherwise. */
function editorTheme(/** @type {any} */ registry) {
  const border = (/** @type {string} */ text) => registry.theme.fg("border", text);
  const select = {
    selectedPrefix: (/** @type {string} */ t) => registry.theme.fg("accent", t),
    selectedText: (/** @type {string} */ t) => registry.theme.fg("accent", t),
    description: (/** @type {string} */ t) => registry.theme.fg("muted", t),
    scrollInfo: (/** @type {string} */ t) => registry.theme.fg("muted", t),
    noMatch: (/** @type {string} */ t) => registry.theme.fg("muted", t),
  };
  return { borderColor: border, selectList: select };
}

/**
 * The members that open components, for tau's interactive mode.
 * @param {Record<string, any>} ui @param {import("./components.mjs").ComponentRegistry} registry
 * @param {string} extensionPath @param {(method: string, args: any[]) => void} notify
 */
function addComponents(ui, registry, extensionPath, notify) {
  ui.theme = registry.theme;
  ui.custom = (/** @type {Function} */ factory, /** @type {any} */ options) => showCustom(registry, extensionPath, factory, options);
  ui.onTerminalInput = (/** @type {Function} */ handler) => registry.addInputListener(extensionPath, handler);
  ui.addAutocompleteProvider = (/** @type {Function} */ factory) => registry.autocomplete.add(extensionPath, factory);
  ui.setWidget = (/** @type {string} */ key, /** @type {any} */ content, /** @type {any} */ options) => {
    const placement = options?.placement === "belowEditor" ? "belowEditor" : "aboveEditor";
    if (typeof content === "function") {
      // A string widget of the same key goes away on tau's side.
      notify("setWidget", [key, undefined]);
      fillSlot(registry, extensionPath, `widget:${key}`, "widget", (tui) => content(tui, registry.theme), { key, placement });
      return;
    }
    fillSlot(registry, extensionPath, `widget:${key}`, "widget", undefined);
    notify("setWidget", options === undefined ? [key, content] : [key, content, options]);
  };
  ui.setFooter = (/** @type {Function | undefined} */ factory) =>
    fillSlot(registry, extensionPath, "footer", "footer", factory && ((tui) => factory(tui, registry.theme, registry.footerDataProvider())));
  ui.setHeader = (/** @type {Function | undefined} */ factory) =>
    fillSlot(registry, extensionPath, "header", "header", factory && ((tui) => factory(tui, registry.theme)));
  // The terminal UI draws these itself; tau's answers to the getters come from `ui_state`.
  for (const name of ["setWorkingMessage", "setWorkingVisible", "setWorkingIndicator", "setHiddenThinkingLabel"]) {
    ui[name] = (/** @type {any[]} */ ...args) => notify(name, args);
  }
  ui.setToolsExpanded = (/** @type {boolean} */ expanded) => {
    registry.uiState.toolsExpanded = !!expanded;
    notify("setToolsExpanded", [!!expanded]);
  };
  ui.getToolsExpanded = () => !!registry.uiState.toolsExpanded;
  // Themes: the ones tau found (built-in, agent dir, --theme), switched here at once (the
  // components restyle) and on tau's side by name.
  ui.getAllThemes = () => registry.themes.map((/** @type {any} */ t) => ({ name: t.name, path: t.path }));
  ui.getTheme = (/** @type {string} */ name) => {
    const found = registry.themes.find((/** @type {any} */ t) => t.name === name);
    if (!found) return undefined;
    const theme = new PaletteTheme();
    theme.apply(found.palette);
    return theme;
  };
  ui.setTheme = (/** @type {any} */ wanted) => {
    const name = typeof wanted === "string" ? wanted : wanted?.name;
    const found = registry.themes.find((/** @type {any} */ t) => t.name === name);
    if (!found) return { success: false, error: `Theme not found: ${name}` };
    registry.setPalette(found.palette);
    notify("setTheme", [found.name]);
    return { success: true };
  };
  ui.getEditorText = () => String(registry.uiState.editorText ?? "");
  ui.setEditorText = (/** @type {string} */ text) => {
    registry.uiState.editorText = String(text ?? "");
    notify("setEditorText", [text]);
  };
  ui.setEditorComponent = (/** @type {Function | undefined} */ factory) => {
    if (!factory) {
      fillSlot(registry, extensionPath, "editor", "editor", undefined);
      return;
    }
    fillSlot(registry, extensionPath, "editor", "editor", (/** @type {any} */ tui) => {
      const editor = factory(tui, editorTheme(registry), registry.keybindings);
      // Pi wires the new editor to the application as its own: submit and the app actions
      // (a CustomEditor hands Esc, Ctrl+D, Ctrl+C ... back) go to tau.
      editor.onSubmit = (/** @type {string} */ text) => registry.conn.notify("editor_submit", { text });
      editor.onChange = (/** @type {string} */ text) => {
        registry.uiState.editorText = text;
      };
      if (editor.actionHandlers instanceof Map) {
        const action = (/** @type {string} */ id) => () => registry.conn.notify("editor_action", { action: id });
        editor.onEscape ??= action("app.interrupt");
        editor.onCtrlD ??= action("app.exit");
        for (const id of APP_ACTIONS) editor.actionHandlers.set(id, action(id));
      }
      editor.setText?.(registry.uiState.editorText ?? "");
      // Pi gives the extension's editor the application's completion (with the providers extensions
      // stacked), and again whenever that changes.
      registry.autocomplete.editor = editor;
      editor.setAutocompleteProvider?.(registry.autocomplete.provider);
      return editor;
    });
  };
}
