// The host's mirror of the session state Pi exposes synchronously to extensions (getters on the API,
// ctx.sessionManager, ctx.model, ...). tau owns the real state and pushes it with `bind` and `state`;
// this module only stores it and answers Pi's read-only session API over it.

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { vendorEntries } from "./loader.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * @typedef {Record<string, any>} Entry a session entry as written to the session file
 */

/** Mirror of tau's state; every field may be absent until tau sends it. */
export class StateMirror {
  constructor() {
    /** @type {Entry | null} */
    this.header = null;
    /** @type {Entry[]} entries without the header, in file order */
    this.entries = [];
    /** @type {string | null} */
    this.leafId = null;
    /** @type {Record<string, any>} */
    this.values = {
      model: undefined,
      thinkingLevel: undefined,
      activeTools: [],
      allTools: [],
      commands: [],
      settings: {},
      sessionFile: undefined,
      sessionDir: undefined,
      sessionId: undefined,
      sessionName: undefined,
      cwd: process.cwd(),
      systemPrompt: "",
      idle: true,
      pendingMessages: false,
      contextUsage: undefined,
      scopedModels: [],
      projectTrusted: true,
      flags: {},
    };
  }

  /**
   * Applies a (partial) update from `bind` or the `state` notification. `entries` replaces the list
   * (a header entry, type "session", is split off); `appendedEntries` extends it and moves the leaf to
   * the last one unless `leafId` is given too; any other key replaces that value.
   * @param {Record<string, any>} update
   */
  apply(update) {
    if (!update || typeof update !== "object") return;
    for (const [key, value] of Object.entries(update)) {
      if (key === "entries") {
        this.header = null;
        this.entries = [];
        for (const entry of Array.isArray(value) ? value : []) this.#add(entry);
        if (!("leafId" in update)) this.leafId = this.entries.at(-1)?.id ?? null;
      } else if (key === "appendedEntries") {
        const appended = Array.isArray(value) ? value : [];
        // Entries the host already shows (an extension's own, see `provisional`) take their place
        // in tau's order now that tau wrote them.
        const ids = new Set(appended.map((e) => e?.id).filter(Boolean));
        if (ids.size > 0) this.entries = this.entries.filter((e) => !ids.has(e.id));
        for (const entry of appended) this.#add(entry);
        if (!("leafId" in update)) this.leafId = this.entries.at(-1)?.id ?? this.leafId;
      } else if (key === "leafId") {
        this.leafId = value ?? null;
      } else if (key === "header") {
        this.header = value ?? null;
      } else if (key === "allModelsJson") {
        this.values.allModelsJson = value;
        this.#allModels = undefined;
      } else {
        this.values[key] = value;
      }
    }
  }

  /** @type {any[] | undefined} every chat model, parsed from `allModelsJson` on first use */
  #allModels = undefined;

  /**
   * Every chat model. tau sends the catalogue (~1,700 models) as JSON text, parsed here on first
   * use: as objects it costs ~30 MB that most runs never read. Without the text (older tau, tests),
   * `allModels`, else the models with credentials.
   * @returns {any[]}
   */
  allModels() {
    const text = this.values.allModelsJson;
    if (typeof text !== "string") return this.values.allModels ?? this.values.models ?? [];
    this.#allModels ??= JSON.parse(text);
    return /** @type {any[]} */ (this.#allModels);
  }

  /** @param {Entry} entry */
  #add(entry) {
    if (!entry || typeof entry !== "object") return;
    if (entry.type === "session") this.header = entry;
    else this.entries.push(entry);
  }

  /**
   * Shows an entry an extension writes (`appendEntry`, `setLabel`, `setSessionName`) before tau
   * has written it, as Pi writes it synchronously: a child of the leaf, with a fresh Pi-style id
   * and now as its timestamp, which tau then writes as given. Returns the entry.
   * @param {Record<string, any>} fields the entry's own fields (`type` first)
   * @param {{fieldsFirst?: boolean}} [options] put the own fields before `id` (Pi's order for `custom`)
   */
  provisional(fields, { fieldsFirst = false } = {}) {
    const taken = new Set(this.entries.map((e) => e.id));
    let id = randomUUID().slice(0, 8);
    for (let i = 0; i < 100 && taken.has(id); i++) id = randomUUID().slice(0, 8);
    const { type, ...rest } = fields;
    const base = { id, parentId: this.leafId, timestamp: new Date().toISOString() };
    const entry = fieldsFirst ? { type, ...rest, ...base } : { type, ...base, ...rest };
    this.entries.push(entry);
    this.leafId = id;
    return entry;
  }

  /** Takes back an entry tau refused to write. @param {string} id */
  drop(id) {
    const entry = this.entry(id);
    if (!entry) return;
    this.entries = this.entries.filter((e) => e !== entry);
    if (this.leafId === id) this.leafId = entry.parentId ?? null;
  }

  /** @param {string} id */
  entry(id) {
    return this.entries.find((e) => e.id === id);
  }

  /** Latest label per target id, as Pi resolves `label` entries (an empty label clears). */
  labels() {
    /** @type {Map<string, {label: string, timestamp: string}>} */
    const map = new Map();
    for (const e of this.entries) {
      if (e.type !== "label") continue;
      if (e.label) map.set(e.targetId, { label: e.label, timestamp: e.timestamp });
      else map.delete(e.targetId);
    }
    return map;
  }

  /** Session name the way Pi reads it: the latest `session_info` entry, blank meaning none. */
  sessionName() {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i];
      if (e.type === "session_info") return (typeof e.name === "string" && e.name.trim()) || undefined;
    }
    return this.values.sessionName ?? undefined;
  }
}

/** @type {{buildContextEntries: Function, buildSessionProjection: Function} | undefined} */
let sessionModule;

/**
 * Pi's session-manager module (the real package's, from the vendor bundle when there is one),
 * required synchronously on first use: the session-manager methods are synchronous, and loading it
 * (~150 ms, it brings pi-ai) only pays off for extensions that ask. Needs require() of ES modules
 * (Node 22.12+, 20.19+).
 */
function sessionFunctions() {
  if (sessionModule) return sessionModule;
  if (!process.features.require_module) {
    throw new Error(`sessionManager.buildContextEntries() needs Node.js 20.19 or 22.12+ (running ${process.version})`);
  }
  const require = createRequire(import.meta.url);
  const vendored = join(here, "..", "vendor", "pca", "core~session-manager.mjs");
  const file =
    vendorEntries() && existsSync(vendored)
      ? vendored
      : join(dirname(require.resolve("@earendil-works/pi-coding-agent")), "core", "session-manager.js");
  sessionModule = require(file);
  return /** @type {any} */ (sessionModule);
}

/**
 * Pi's `ReadonlySessionManager` over the mirror. Entries are handed out as copies so an extension
 * cannot corrupt the mirror.
 * @param {StateMirror} mirror
 */
export function createSessionManagerView(mirror) {
  const copy = (/** @type {any} */ v) => (v === undefined || v === null ? v : structuredClone(v));
  return {
    getCwd: () => mirror.values.cwd,
    // Pi's in-memory session (--no-session) has "" as its folder.
    getSessionDir: () => mirror.values.sessionDir ?? "",
    getSessionId: () => mirror.values.sessionId ?? mirror.header?.id,
    // tau sends null for an in-memory session; Pi answers undefined.
    getSessionFile: () => mirror.values.sessionFile ?? undefined,
    getSessionName: () => mirror.sessionName(),
    getHeader: () => copy(mirror.header),
    getEntries: () => mirror.entries.map(copy),
    getEntry: (/** @type {string} */ id) => copy(mirror.entry(id)),
    getLeafId: () => mirror.leafId,
    getLeafEntry: () => (mirror.leafId ? copy(mirror.entry(mirror.leafId)) : undefined),
    getLabel: (/** @type {string} */ id) => mirror.labels().get(id)?.label,
    /** @param {string} [fromId] */
    getBranch(fromId) {
      const byId = new Map(mirror.entries.map((e) => [e.id, e]));
      const path = [];
      const start = fromId ?? mirror.leafId;
      let current = start ? byId.get(start) : undefined;
      const visited = new Set();
      while (current && !visited.has(current.id)) {
        visited.add(current.id);
        path.push(copy(current));
        current = current.parentId ? byId.get(current.parentId) : undefined;
      }
      return path.reverse();
    },
    getTree() {
      const labels = mirror.labels();
      /** @type {Map<string, any>} */
      const nodes = new Map();
      const roots = [];
      for (const e of mirror.entries) {
        const l = labels.get(e.id);
        nodes.set(e.id, { entry: copy(e), children: [], label: l?.label, labelTimestamp: l?.timestamp });
      }
      for (const e of mirror.entries) {
        const node = nodes.get(e.id);
        const parent = e.parentId === null || e.parentId === e.id ? undefined : nodes.get(e.parentId);
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      const stack = [...roots];
      while (stack.length > 0) {
        const node = stack.pop();
        node.children.sort(
          (/** @type {any} */ a, /** @type {any} */ b) =>
            new Date(a.entry.timestamp).getTime() - new Date(b.entry.timestamp).getTime(),
        );
        stack.push(...node.children);
      }
      return roots;
    },
    // Pi's own functions over copies of the mirrored entries (the session file's entries and leaf).
    buildContextEntries: () => {
      const entries = mirror.entries.map(copy);
      return sessionFunctions().buildContextEntries(entries, mirror.leafId, new Map(entries.map((e) => [e.id, e])));
    },
    buildSessionProjection: () => {
      const entries = mirror.entries.map(copy);
      return sessionFunctions().buildSessionProjection(entries, mirror.leafId, new Map(entries.map((e) => [e.id, e])));
    },
  };
}
