// What extensions call to put components on tau's screen, with Pi's interactive-mode semantics:
// `ctx.ui.custom` (inline in the editor slot, or an overlay), `setWidget`/`setFooter`/`setHeader` with
// factories, the `tui` object components get, overlay handles, and message/tool renderer instances.
// The components themselves live in the ComponentRegistry (components.mjs).

import { spawnSync } from "node:child_process";

import { toJson } from "./rpc.mjs";

/** tau's hand-over socket (TAU_EXT_HANDOVER), read once and kept from child processes. */
const HANDOVER_SOCKET = process.env.TAU_EXT_HANDOVER;
delete process.env.TAU_EXT_HANDOVER;

/** Connects to the socket, says the action, exits when tau answers (or after 5 s). */
const HANDOVER_HELPER = `const s = require("node:net").connect(process.argv[1]);
s.on("connect", () => s.write(process.argv[2] + "\\n"));
s.on("data", () => process.exit(0));
s.on("error", () => process.exit(1));
setTimeout(() => process.exit(2), 5000);`;

/**
 * `tui.stop()` / `tui.start()`: synchronous through a helper process when tau offers its socket
 * (the host's event loop cannot run while the extension waits), else over the channel.
 * @param {any} conn @param {"stop" | "start"} action
 */
function handOver(conn, action) {
  if (HANDOVER_SOCKET) {
    const done = spawnSync(process.execPath, ["-e", HANDOVER_HELPER, HANDOVER_SOCKET, action], {
      stdio: "ignore",
      timeout: 6000,
    });
    if (done.status === 0) return Promise.resolve();
  }
  return conn.request("terminal_handover", { action });
}

/** @typedef {import("./components.mjs").ComponentRegistry} Registry */
/** @typedef {import("./components.mjs").Entry} Entry */

/**
 * The `tui` a factory gets: requests go to tau, terminal size comes from the mirror tau keeps current.
 * `owner.id` is the component the factory made, once it is open (render requests name it).
 * @param {Registry} registry @param {string} extensionPath @param {{id?: number}} owner
 */
export function createTuiView(registry, extensionPath, owner) {
  const conn = registry.conn;
  /** @type {Map<Function, () => void>} */
  const listeners = new Map();
  return {
    mode: "regular",
    children: [],
    fullRedraws: 0,
    terminal: {
      get columns() {
        return registry.terminal.columns;
      },
      get rows() {
        return registry.terminal.rows;
      },
      setTitle: (/** @type {string} */ title) => conn.notify("ui", { extensionPath, method: "setTitle", args: [String(title)] }),
      // tau owns the terminal: nothing is written to it from here.
      write() {},
      hideCursor() {},
      showCursor() {},
    },
    requestRender: (force = false) => registry.requestRender(owner.id ?? null, Boolean(force)),
    renderNow: (force = false) => registry.requestRender(owner.id ?? null, Boolean(force)),
    /** @param {any} component @param {any} [options] */
    showOverlay: (component, options) => openOverlay(registry, extensionPath, component, options, { parentId: owner.id ?? null }).handle,
    hideOverlay() {
      const top = [...registry.entries.values()].reverse().find((e) => e.kind === "overlay");
      /** @type {any} */ (top)?.handle?.hide();
    },
    hasOverlay: () => [...registry.entries.values()].some((e) => e.kind === "overlay" && !e.hidden),
    /** @param {any} component */
    setFocus(component) {
      if (component === null || component === undefined) {
        registry.focus({ id: registry.focusedId, focused: false });
        conn.notify("focus", { id: null, epoch: registry.movedFocus() });
        return;
      }
      const known = [...registry.entries.values()].find((e) => e.component === component);
      const target = known ?? (owner.id !== undefined ? registry.entries.get(owner.id) : undefined);
      if (!target) return;
      // A child of the component (an Editor inside a dialog): it gets the component's keys.
      target.inputTarget = known ? undefined : component;
      registry.focus({ id: target.id, focused: true });
      conn.notify("focus", { id: target.id, epoch: registry.movedFocus() });
    },
    // tau hands the terminal over before these return (extensions run a program right after
    // stop()); the promise they return settles at once. Without tau's hand-over socket they
    // ask over the channel and the promise settles once tau has done it.
    stop: () => handOver(conn, "stop"),
    start: () => handOver(conn, "start"),
    /** @param {Function} fn */
    addInputListener(fn) {
      const remove = registry.addInputListener(extensionPath, fn);
      listeners.set(fn, remove);
      return () => {
        remove();
        listeners.delete(fn);
      };
    },
    /** @param {Function} fn */
    removeInputListener(fn) {
      listeners.get(fn)?.();
      listeners.delete(fn);
    },
    addChild() {},
    removeChild() {},
    clear() {},
    invalidate() {},
    render: () => [],
    getShowHardwareCursor: () => false,
    setShowHardwareCursor() {},
    getClearOnShrink: () => false,
    setClearOnShrink() {},
    onTerminalColorSchemeChange: () => () => {},
    setTerminalColorSchemeNotifications() {},
    setSuspendSignalHandler() {},
    queryTerminalColors: async () => ({}),
  };
}

/**
 * Opens `component` as an overlay and gives it Pi's OverlayHandle. The options travel as data; a
 * `visible` callback stays here and is asked on every render.
 * @param {Registry} registry @param {string} extensionPath @param {any} component @param {any} options
 * @param {Record<string, any>} extra
 */
export function openOverlay(registry, extensionPath, component, options, extra) {
  const plain = options && typeof options === "object" ? toJson(options) ?? {} : {};
  const visible = typeof options?.visible === "function" ? options.visible : undefined;
  const entry = registry.open(extensionPath, "overlay", component, {
    ...extra,
    overlayOptions: plain,
    hasVisible: Boolean(visible),
    visible,
  });
  const conn = registry.conn;
  const handle = {
    hide() {
      if (!registry.entries.has(entry.id)) return;
      // Pi removes the overlay without disposing it: a custom's done() disposes it later.
      registry.close(entry.id, "hidden", { dispose: false });
    },
    /** @param {boolean} hidden */
    setHidden(hidden) {
      if (!registry.entries.has(entry.id)) return;
      entry.hidden = Boolean(hidden);
      conn.notify("overlay", { id: entry.id, call: "setHidden", hidden: entry.hidden });
    },
    isHidden: () => entry.hidden,
    focus() {
      if (!registry.entries.has(entry.id)) return;
      registry.focus({ id: entry.id, focused: true });
      conn.notify("overlay", { id: entry.id, call: "focus", epoch: registry.movedFocus() });
    },
    /** @param {{target?: any}} [options] */
    unfocus(options) {
      if (!registry.entries.has(entry.id)) return;
      registry.focus({ id: entry.id, focused: false });
      /** @type {Record<string, any>} */
      const params = { id: entry.id, call: "unfocus", epoch: registry.movedFocus() };
      if (options && "target" in options) {
        params.target = [...registry.entries.values()].find((e) => e.component === options.target)?.id ?? null;
      }
      conn.notify("overlay", params);
    },
    isFocused: () => registry.focusedId === entry.id,
    getBounds: () => (registry.entries.has(entry.id) && !entry.hidden ? entry.bounds : undefined),
  };
  /** @type {any} */ (entry).handle = handle;
  return { entry, handle };
}

/**
 * `ctx.ui.custom(factory, options)`: the factory runs at once with (tui, theme, keybindings, done); its
 * component opens inline (`custom`) or as an overlay; `done(value)` closes it and resolves the promise.
 * A `done` inside the factory resolves without opening anything. A factory that throws rejects.
 * @param {Registry} registry @param {string} extensionPath @param {Function} factory @param {any} options
 */
export function showCustom(registry, extensionPath, factory, options) {
  const isOverlay = Boolean(options?.overlay);
  return new Promise((resolve, reject) => {
    /** @type {Entry | undefined} */
    let entry;
    let closed = false;
    /** @type {{id?: number}} */
    const owner = {};
    const tui = createTuiView(registry, extensionPath, owner);
    const done = (/** @type {any} */ value) => {
      if (closed) return;
      closed = true;
      if (entry && registry.entries.has(entry.id)) registry.close(entry.id, "done", { value: value ?? null });
      else if (entry) registry.call(entry, "dispose", () => entry?.component?.dispose?.());
      resolve(value);
    };
    Promise.resolve(factory(tui, registry.theme, registry.keybindings, done))
      .then((component) => {
        if (closed) return;
        if (isOverlay) {
          const given = typeof options?.overlayOptions === "function" ? options.overlayOptions() : options?.overlayOptions;
          const overlayOptions = given ?? (component?.width ? { width: component.width } : undefined);
          const opened = openOverlay(registry, extensionPath, component, overlayOptions, {
            custom: true,
            ...(options?.blocked !== undefined ? { blocked: toJson(options.blocked) } : {}),
          });
          entry = opened.entry;
          owner.id = entry.id;
          options?.onHandle?.(opened.handle);
        } else {
          entry = registry.open(extensionPath, "custom", component, options?.blocked !== undefined ? { blocked: toJson(options.blocked) } : {});
          owner.id = entry.id;
        }
      })
      .catch((error) => {
        if (!closed) reject(error);
      });
  });
}

/**
 * A component in a slot (a widget key, the footer, the header): the old one is disposed first, as Pi
 * does, then the factory runs.
 * @param {Registry} registry @param {string} extensionPath @param {string} slot @param {string} kind
 * @param {((tui: any) => any) | undefined} make @param {Record<string, any>} [extra]
 */
export function fillSlot(registry, extensionPath, slot, kind, make, extra = {}) {
  registry.fillSlot(slot, undefined);
  if (!make) return;
  /** @type {{id?: number}} */
  const owner = {};
  const component = make(createTuiView(registry, extensionPath, owner));
  const entry = registry.open(extensionPath, kind, component, extra);
  owner.id = entry.id;
  registry.fillSlot(slot, entry);
}

/**
 * Pi's KeybindingHints for renderers.
 * @param {Registry} registry
 */
export function keybindingHints(registry) {
  const keyText = (/** @type {string} */ id) => registry.keybindings.getKeys(/** @type {any} */ (id)).join("/");
  return {
    keyText,
    keyHint: (/** @type {string} */ id, /** @type {string} */ description) =>
      registry.theme.fg("dim", keyText(id)) + registry.theme.fg("muted", ` ${description}`),
  };
}
