// Extension components in tau's interactive mode (docs/protocol.md "Components"). Components are closures
// over extension state, so they stay here as real pi-tui objects; tau owns the terminal and asks for their
// lines once per frame (`render`, only changed lines come back), routes keys to the focused one, and tells
// the host when it removes one. Every call into extension code runs in the extension's scope; a throw is
// reported as a `component_error` and the component keeps its last good lines.

import { AutocompleteChain } from "./autocomplete.mjs";
import { toJson } from "./rpc.mjs";
import { followPalette } from "./shim/pi-theme.mjs";
import { PaletteTheme } from "./theme.mjs";
import { piTui } from "./tui-package.mjs";

/**
 * @typedef {object} Entry
 * @property {number} id
 * @property {string} extensionPath
 * @property {string} kind custom | overlay | widget | footer | header | message | tool
 * @property {any} component
 * @property {string[] | undefined} sent the lines of the last answer, for the diff
 * @property {number | undefined} sentWidth
 * @property {boolean} failing whether the last call threw (reported once per streak)
 * @property {((w: number, h: number) => boolean) | undefined} visible the overlay's visibility callback
 * @property {boolean} hidden overlay: setHidden(true) mirror
 * @property {any} bounds overlay: the rectangle tau last reported
 * @property {any} inputTarget a child the extension focused with tui.setFocus (gets this entry's keys)
 * @property {(() => void) | undefined} onDone custom: resolves its promise (after disposing)
 * @property {number} inputs keys tau sent it (`component_closed` reports the count)
 */

export class ComponentRegistry {
  /**
   * @param {{conn: import("./rpc.mjs").Connection, scope: (path: string, fn: () => any) => any,
   *   findCommand?: (name: string) => {path: string, command: any} | undefined}} options
   *   `scope` runs extension code attributed to its path; `findCommand` finds an extension command
   */
  constructor({ conn, scope, findCommand }) {
    this.conn = conn;
    this.scope = scope;
    this.nextId = 0;
    /** @type {Map<number, Entry>} */
    this.entries = new Map();
    this.theme = new PaletteTheme();
    /** @type {any} pi-tui's manager, made on first use (tui-package.mjs) */
    this.manager = undefined;
    this.terminal = { columns: 80, rows: 24 };
    /** @type {number | null} the component focused: as tau reports it, or as an extension moved it */
    this.focusedId = null;
    /** How many times extension code moved focus (handle.focus/unfocus, tui.setFocus); see input(). */
    this.focusEpoch = 0;
    /** @type {{extensionPath: string, fn: Function}[]} */
    this.inputListeners = [];
    /** Footer data tau mirrors (Pi's ReadonlyFooterDataProvider). */
    /** The themes tau offers: `{name, path, palette}`. */
    this.themes = [];
    /** The terminal UI's state ctx.ui reads synchronously; tau sends `ui_state` when it changes. */
    this.uiState = { editorText: "", toolsExpanded: false };
    this.footerData = { gitBranch: null, extensionStatuses: {}, availableProviderCount: 0 };
    /** @type {Set<() => void>} */
    this.branchListeners = new Set();
    /** Singletons by slot: `widget:<key>`, `footer`, `header` → id. */
    /** @type {Map<string, number>} */
    this.slots = new Map();
    /** @type {Map<number, boolean>} render requests waiting for the end of this tick, by id → force */
    this.renderQueue = new Map();
    /** `ctx.ui.addAutocompleteProvider`: the providers stacked on tau's completion. */
    this.autocomplete = new AutocompleteChain({ conn, scope, findCommand });
  }

  // ---- opening and closing ----

  /**
   * Registers a component and tells tau.
   * @param {string} extensionPath @param {string} kind @param {any} component @param {Record<string, any>} [extra]
   * @returns {Entry}
   */
  open(extensionPath, kind, component, extra = {}) {
    const id = ++this.nextId;
    const { visible, onDone, ...announced } = extra;
    /** @type {Entry} */
    const entry = {
      id, extensionPath, kind, component, sent: undefined, sentWidth: undefined, failing: false,
      visible, hidden: false, bounds: undefined, inputTarget: undefined, onDone, inputs: 0,
    };
    this.entries.set(id, entry);
    const focusable = Boolean(component) && typeof component === "object" && "focused" in component;
    this.conn.notify("component_open", {
      id, extensionPath, kind, ...announced,
      focusable,
      handlesInput: typeof component?.handleInput === "function",
      wantsKeyRelease: Boolean(component?.wantsKeyRelease),
      capturesViewportInput: Boolean(component?.capturesViewportInput),
    });
    return entry;
  }

  /**
   * Removes a component: disposes it (unless `dispose` is false) and, unless tau asked for it, tells tau.
   * @param {number} id @param {string} reason @param {{tell?: boolean, dispose?: boolean, value?: any}} [options]
   */
  close(id, reason, { tell = true, dispose = true, value } = {}) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    for (const [slot, slotId] of this.slots) if (slotId === id) this.slots.delete(slot);
    if (this.focusedId === id) this.focusedId = null;
    if (dispose) this.call(entry, "dispose", () => entry.component?.dispose?.());
    // `inputs`: the keys it got, so tau knows how many it sent are coming back unclaimed.
    if (tell) {
      const params = { id, reason, inputs: entry.inputs };
      this.conn.notify("component_closed", value === undefined ? params : { ...params, value: toJson(value) });
    }
  }

  /**
   * Puts a component in a singleton slot (a widget key, the footer, the header), closing the one there.
   * @param {string} slot @param {Entry | undefined} entry
   */
  fillSlot(slot, entry) {
    const old = this.slots.get(slot);
    if (old !== undefined) this.close(old, "replaced");
    if (entry) this.slots.set(slot, entry.id);
  }

  /** Closes every component (a reload replaced the extensions): Pi leaves custom promises pending. */
  closeAll(reason = "reload") {
    this.branchListeners.clear();
    this.autocomplete.clear();
    if (this.entries.size === 0 && this.inputListeners.length === 0) return;
    for (const id of [...this.entries.keys()]) this.close(id, reason);
    this.inputListeners = [];
    this.notifyListenerCount();
  }

  /**
   * A member tau cannot serve yet: said once per extension and member, as a warning naming both.
   * @param {string} extensionPath @param {string} what
   */
  unsupported(extensionPath, what) {
    this.warned ??= new Set();
    const key = `${extensionPath}\0${what}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.conn.notify("log", { extensionPath, level: "warn", message: `${what} is not supported by tau yet; the call is ignored` });
  }

  // ---- calls into extension code ----

  /**
   * Runs `fn` as the entry's extension; a throw becomes `component_error` (once per streak of failures).
   * @template T @param {Entry} entry @param {string} where @param {() => T} fn @returns {{ok: true, value: T} | {ok: false}}
   */
  call(entry, where, fn) {
    try {
      const value = this.scope(entry.extensionPath, fn);
      if (where === "render") entry.failing = false;
      return { ok: true, value };
    } catch (error) {
      if (!(where === "render" && entry.failing)) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        this.conn.notify("component_error", { id: entry.id, extensionPath: entry.extensionPath, where, message });
      }
      if (where === "render") entry.failing = true;
      return { ok: false };
    }
  }

  /**
   * One frame: lines of each `{id, width}`. An answer carries only what changed since the last one for
   * that id: `{id, same: true}`, or `{id, count, changed: [[index, line], …]}` (all lines after a width
   * change or on the first answer). `closed` for an unknown id; `visible: false` for an overlay whose
   * visibility callback says no (no lines then).
   * @param {{items?: {id: number, width: number, full?: boolean}[]}} params
   */
  render(params) {
    const results = [];
    for (const item of params.items ?? []) {
      const entry = this.entries.get(item.id);
      if (!entry) {
        results.push({ id: item.id, closed: true });
        continue;
      }
      const width = Math.max(1, Math.floor(Number(item.width) || 1));
      /** @type {Record<string, any>} */
      const result = { id: entry.id };
      if (entry.visible) {
        const shown = this.call(entry, "visible", () => entry.visible?.(this.terminal.columns, this.terminal.rows));
        if (shown.ok && !shown.value) {
          results.push({ ...result, visible: false });
          continue;
        }
        if (shown.ok) result.visible = true;
      }
      const rendered = this.call(entry, "render", () => entry.component.render(width));
      const lines = rendered.ok && Array.isArray(rendered.value) ? rendered.value.map((l) => String(l ?? "")) : undefined;
      if (!lines) {
        // Last good lines stay on tau's side.
        results.push({ ...result, same: true, ...(rendered.ok ? {} : { failed: true }) });
        continue;
      }
      // `full`: tau lost an answer (it came too late) and needs every line.
      const previous = entry.sentWidth === width && !item.full ? entry.sent : undefined;
      /** @type {[number, string][]} */
      const changed = [];
      for (let i = 0; i < lines.length; i++) if (previous?.[i] !== lines[i]) changed.push([i, lines[i]]);
      entry.sent = lines;
      entry.sentWidth = width;
      if (previous && changed.length === 0 && previous.length === lines.length) results.push({ ...result, same: true });
      else results.push({ ...result, count: lines.length, changed });
    }
    return { results };
  }

  /**
   * A key for a component. One that is gone (its `done` ran on an earlier key tau had not heard of
   * when it sent this one) goes back to tau (`input_unclaimed`): in Pi closing is synchronous, so the
   * key belongs to whatever has focus next. `epoch`: the last focus move by extension code tau had
   * applied when it routed the key (`movedFocus`).
   * @param {{id: number, data: string, epoch?: number}} params
   */
  input({ id, data, epoch }) {
    if (typeof data !== "string") return;
    let entry = this.entries.get(id);
    // tau routed the key before it heard that extension code moved focus (pi-tui moves it at once):
    // the key belongs to the component focused now, or, with none, to what tau focuses next.
    if (entry && typeof epoch === "number" && epoch < this.focusEpoch && this.focusedId !== id) {
      entry = this.focusedId === null ? undefined : this.entries.get(this.focusedId);
    }
    if (!entry) {
      this.conn.notify("input_unclaimed", { id, data });
      return;
    }
    entry.inputs += 1;
    const target = entry.inputTarget ?? entry.component;
    if (typeof target?.handleInput === "function") this.call(entry, "handleInput", () => target.handleInput(data));
  }

  /**
   * Raw terminal input through the listeners (`tui.addInputListener`, `ctx.ui.onTerminalInput`), in order:
   * one may consume it or replace the data the next one (and tau) sees.
   * @param {{data: string}} params
   */
  terminalInput({ data }) {
    let current = String(data ?? "");
    for (const listener of [...this.inputListeners]) {
      /** @type {any} */
      let outcome;
      try {
        outcome = this.scope(listener.extensionPath, () => listener.fn(current));
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        this.conn.notify("component_error", { id: null, extensionPath: listener.extensionPath, where: "inputListener", message });
        continue;
      }
      if (outcome?.consume) return { consume: true };
      if (typeof outcome?.data === "string") current = outcome.data;
    }
    return { consume: false, data: current };
  }

  /** @param {string} extensionPath @param {Function} fn */
  addInputListener(extensionPath, fn) {
    const listener = { extensionPath, fn };
    this.inputListeners.push(listener);
    this.notifyListenerCount();
    return () => {
      const index = this.inputListeners.indexOf(listener);
      if (index === -1) return;
      this.inputListeners.splice(index, 1);
      this.notifyListenerCount();
    };
  }

  notifyListenerCount() {
    this.conn.notify("input_listeners", { count: this.inputListeners.length });
  }

  /** Extension code moved focus: the new epoch, which tau hands back with the keys it routes after. */
  movedFocus() {
    this.focusEpoch += 1;
    return this.focusEpoch;
  }

  /**
   * tau moved focus. A move tau decided before hearing of a later one by extension code (`epoch` below
   * `focusEpoch`) is stale and ignored: the extension's is newer, as in pi-tui where it is synchronous.
   * @param {{id: number | null, focused: boolean, epoch?: number}} params
   */
  focus({ id, focused, epoch }) {
    if (typeof epoch === "number" && epoch < this.focusEpoch) return;
    if (focused) {
      if (this.focusedId !== null && this.focusedId !== id) this.setFocused(this.focusedId, false);
      this.focusedId = id;
    } else if (this.focusedId === id) this.focusedId = null;
    if (id !== null) this.setFocused(id, Boolean(focused));
  }

  /** @param {number} id @param {boolean} focused */
  setFocused(id, focused) {
    const entry = this.entries.get(id);
    if (!entry) return;
    for (const target of new Set([entry.component, entry.inputTarget])) {
      if (target && typeof target === "object" && "focused" in target) this.call(entry, "focused", () => (target.focused = focused));
    }
  }

  /** @param {{id: number, bounds: any}} params */
  bounds({ id, bounds }) {
    const entry = this.entries.get(id);
    if (entry) entry.bounds = bounds ?? undefined;
  }

  /** @param {{columns?: number, rows?: number}} params */
  resize({ columns, rows }) {
    if (Number.isFinite(columns)) this.terminal.columns = Number(columns);
    if (Number.isFinite(rows)) this.terminal.rows = Number(rows);
  }

  /** A new palette: restyle, and let every component drop its cached lines (Pi's theme change). */
  setPalette(palette) {
    this.theme.apply(palette);
    followPalette(this.theme);
    for (const entry of this.entries.values()) {
      this.call(entry, "invalidate", () => entry.component?.invalidate?.());
    }
  }

  /** The keybindings manager extension components get (pi-tui's, with tau's definitions). */
  get keybindings() {
    if (!this.manager) {
      const { KeybindingsManager, TUI_KEYBINDINGS } = piTui();
      this.manager = new KeybindingsManager(TUI_KEYBINDINGS);
    }
    return this.manager;
  }

  /**
   * tau's keybindings: `definitions` (id → {defaultKeys, description}) added to pi-tui's, and the user's
   * `user` config (id → key or keys). Applied to the one manager factories got, so they see the change.
   * @param {{definitions?: Record<string, any>, user?: Record<string, any>}} params
   */
  setKeybindings({ definitions, user }) {
    const manager = this.keybindings;
    if (definitions && typeof definitions === "object") manager.definitions = { ...piTui().TUI_KEYBINDINGS, ...definitions };
    manager.setUserBindings(user && typeof user === "object" ? user : manager.getUserBindings());
  }

  /** @param {any} data footer data tau mirrors */
  setFooterData(data) {
    if (!data || typeof data !== "object") return;
    const branchChanged = "gitBranch" in data && data.gitBranch !== this.footerData.gitBranch;
    this.footerData = { ...this.footerData, ...data };
    if (branchChanged) for (const fn of [...this.branchListeners]) fn();
  }

  /** Pi's ReadonlyFooterDataProvider over the mirror. */
  footerDataProvider() {
    return {
      getGitBranch: () => this.footerData.gitBranch ?? null,
      getExtensionStatuses: () => new Map(Object.entries(this.footerData.extensionStatuses ?? {})),
      getAvailableProviderCount: () => this.footerData.availableProviderCount ?? 0,
      onBranchChange: (/** @type {() => void} */ fn) => {
        this.branchListeners.add(fn);
        return () => this.branchListeners.delete(fn);
      },
    };
  }

  /**
   * Coalesces render requests made in one tick into one `request_render` per component.
   * @param {number | null} id @param {boolean} force
   */
  requestRender(id, force) {
    const key = id ?? 0;
    const first = this.renderQueue.size === 0;
    this.renderQueue.set(key, Boolean(this.renderQueue.get(key)) || force);
    if (!first) return;
    queueMicrotask(() => {
      const queued = [...this.renderQueue];
      this.renderQueue.clear();
      for (const [key, force] of queued) this.conn.notify("request_render", { id: key === 0 ? null : key, force });
    });
  }
}
