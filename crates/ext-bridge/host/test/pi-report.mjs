// What the pi-coding-agent tests compare between tau's module and the real package: the shape of every
// export, and the results of functions extensions call (key texts, themes, session files, diffs,
// components). Takes the module as an argument so an extension inside the host can report the same.

/** A fake TUI for components that ask it to redraw. */
const tui = { requestRender() {}, terminal: { rows: 24, columns: 80 } };

/** @param {any} value */
function shape(value) {
  if (typeof value !== "function") return typeof value;
  const methods = value.prototype ? Object.getOwnPropertyNames(value.prototype).sort().join(",") : "";
  return `function ${value.name} ${methods}`;
}

/** @param {Record<string, any>} object */
const fieldTypes = (object) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, typeof v]));

/** @param {Record<string, any>} pi the module @param {Record<string, any>} tuiModule pi-tui */
export function piReport(pi, tuiModule) {
  const session = pi.SessionManager.inMemory("/tmp/project");
  session.appendMessage({ role: "user", content: "hi", timestamp: 1 });
  session.appendMessage({ role: "assistant", content: [{ type: "text", text: "hello" }], api: "x", provider: "p", model: "m", usage: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 3, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "stop", timestamp: 2 });
  const entries = session.getEntries();
  const context = pi.buildSessionContext(entries);
  const markdown = pi.getMarkdownTheme();
  const settings = pi.getSettingsListTheme();
  const loader = new pi.BorderedLoader(tui, pi.initTheme ? globalTheme() : undefined, "Working");
  const loaderLines = loader.render(30).length;
  loader.dispose?.();
  loader.loader?.stop?.();
  class Editor extends pi.CustomEditor {}
  const editor = new Editor(tui, { borderColor: (/** @type {string} */ s) => s, selectList: pi.getSelectListTheme() }, tuiModule.getKeybindings());
  editor.setText("typed");
  return {
    keys: Object.keys(pi).sort(),
    shapes: Object.fromEntries(Object.keys(pi).sort().map((k) => [k, shape(pi[k])])),
    keyText: pi.keyText("app.tools.expand"),
    keyHint: pi.keyHint("app.tools.expand", "expand"),
    rawKeyHint: pi.rawKeyHint("ctrl+x", "cut"),
    markdownTypes: fieldTypes(markdown),
    markdown: Object.fromEntries(["heading", "link", "code", "quote", "bold", "italic"].map((k) => [k, markdown[k]("x")])),
    settingsTypes: fieldTypes(settings),
    settings: [settings.label("a", true), settings.value("b", false), settings.cursor],
    selectList: pi.getSelectListTheme().selectedText("s"),
    sessionEntries: entries.map((/** @type {any} */ e) => [e.type, e.message?.role, typeof e.id, e.parentId === null ? "root" : typeof e.parentId]),
    contextRoles: context.messages.map((/** @type {any} */ m) => m.role),
    diff: pi.generateDiffString("a\nb\nc\n", "a\nB\nc\n"),
    border: new pi.DynamicBorder().render(6),
    loaderLines,
    editorText: editor.getText(),
    version: pi.VERSION,
    sessionVersion: pi.CURRENT_SESSION_VERSION,
  };
}

/** Pi's global theme (what its components draw with). */
function globalTheme() {
  return /** @type {any} */ (globalThis)[Symbol.for("@earendil-works/pi-coding-agent:theme")];
}
