// `ctx.ui` for one call. Without UI (print/json) every member returns Pi's documented no-UI fallback.
// With UI, dialogs become `ui` requests to tau (abort/timeout resolve to the fallback, as in Pi's RPC
// mode), fire-and-forget members become `ui` notifications, and terminal-only members (custom components,
// editor replacement, footer/header factories) behave as in Pi's RPC mode because tau renders natively.

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
 *   notify: (method: string, args: any[]) => void}} options
 */
export function createUiContext({ hasUI, request, notify }) {
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
  return ui;
}
