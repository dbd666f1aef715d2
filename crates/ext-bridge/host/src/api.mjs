// The `ExtensionAPI` object (`pi`) handed to one extension's factory. Registration methods record into the
// extension's `ExtensionRecord`; action methods throw Pi's "runtime not initialized" error until tau sends
// `bind`, then forward to tau as `action` requests; synchronous getters read the state mirror.

import { execCommand } from "./exec.mjs";
import { commandList, describeAllTools } from "./registry.mjs";
import { describeProviderConfig, validateProvider } from "./providers.mjs";
import { toJson } from "./rpc.mjs";

/** Pi's error for a `pi` or `ctx` used after its session was replaced or reloaded (kept literally). */
export const STALE_CONTEXT =
  "This extension ctx is stale after session replacement or reload. Do not use a captured pi or command ctx after ctx.newSession(), ctx.fork(), ctx.switchSession(), or ctx.reload(). For newSession, fork, and switchSession, move post-replacement work into withSession and use the ctx passed to withSession. For reload, do not use the old ctx after await ctx.reload().";

/**
 * Marks a replaced extension instance stale: its `pi` throws Pi's stale error from now on and
 * its `pi.events` subscriptions end, as Pi invalidates the old runtime.
 * @param {ExtensionRecord} record
 */
export function retire(record) {
  if (record.state === "active") record.state = "stale";
  for (const unsubscribe of record.busSubscriptions) unsubscribe();
  record.busSubscriptions.clear();
}

/** Pi's error text for action methods called during loading (kept literally: extensions may match it). */
export const NOT_INITIALIZED = "Extension runtime not initialized. Action methods cannot be called during extension loading.";

/** The id and timestamp tau writes a provisional entry with. @param {{id: string, timestamp: string}} entry */
function stampOf(entry) {
  return { id: entry.id, timestamp: entry.timestamp };
}

/** Thinking levels from lowest to highest. */
const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"];

/**
 * The levels a model supports: `off` only without reasoning; `xhigh` and `max` only when its
 * `thinkingLevelMap` names them; none the map sets to null. Every level when no model is known.
 * @param {any} model
 */
export function supportedThinkingLevels(model) {
  if (!model) return [...THINKING_LEVELS];
  if (!model.reasoning) return ["off"];
  const map = model.thinkingLevelMap ?? {};
  return THINKING_LEVELS.filter((level) => {
    if (map[level] === null) return false;
    return level === "xhigh" || level === "max" ? map[level] !== undefined : true;
  });
}

/**
 * The supported level nearest `level`: itself, else the next higher, else the next lower.
 * @param {any} model @param {string} level
 */
export function clampThinkingLevel(model, level) {
  const supported = supportedThinkingLevels(model);
  if (supported.includes(level)) return level;
  const index = THINKING_LEVELS.indexOf(level);
  const higher = THINKING_LEVELS.slice(index + 1).find((l) => supported.includes(l));
  const lower = THINKING_LEVELS.slice(0, Math.max(index, 0)).reverse().find((l) => supported.includes(l));
  return higher ?? lower ?? supported[0] ?? "off";
}

/** Every event name Pi 1.6.0 accepts in `pi.on()`, including ones it no longer fires. */
export const EVENT_NAMES = Object.freeze([
  "project_trust", "resources_discover", "session_start", "session_info_changed", "session_before_switch",
  "session_before_fork", "session_before_compact", "session_compact", "session_compact_failed",
  "session_shutdown", "mcp_servers_change", "session_before_tree", "session_tree", "context",
  "context_with_system", "cache_warming_decision", "before_provider_request", "before_provider_headers",
  "after_provider_response", "provider_stream_event", "before_agent_start", "agent_start", "agent_end",
  "agent_before_settle", "agent_settled", "ui_prompt_start", "ui_prompt_end", "turn_start", "turn_end",
  "message_start", "message_update", "message_end", "tool_execution_start", "tool_execution_update",
  "tool_execution_end", "model_select", "thinking_level_select", "tool_call", "tool_result", "user_bash",
  "input",
]);

/**
 * Everything one extension registered. Functions stay here; tau gets JSON descriptions.
 */
export class ExtensionRecord {
  /**
   * @param {string} path the path tau asked to load
   * @param {string} resolvedPath the module file actually imported
   */
  constructor(path, resolvedPath) {
    this.path = path;
    this.resolvedPath = resolvedPath;
    /** @type {Map<number, {id: number, event: string, fn: Function}>} */
    this.handlers = new Map();
    /** @type {Map<string, any>} */
    this.tools = new Map();
    /** @type {Map<string, any>} */
    this.commands = new Map();
    /** @type {Map<string, any>} */
    this.flags = new Map();
    /** @type {Map<string, any>} */
    this.shortcuts = new Map();
    /** @type {Map<string, Function>} */
    this.messageRenderers = new Map();
    /** @type {Map<string, Function>} */
    this.entryRenderers = new Map();
    /** @type {Function[]} */
    this.toolRenderers = [];
    /** @type {any} */
    this.markdownTransformer = undefined;
    /** @type {{name: string, config: any}[]} */
    this.providers = [];
    /** @type {Map<string, any>} */
    this.mcpServers = new Map();
    /** @type {any[]} */
    this.virtualModels = [];
    /** "loading" until its factory returns, then "active"; "failed" if the factory threw;
     * "stale" once a later `load` replaced it (session replacement or reload). */
    this.state = "loading";
    /** @type {Set<() => void>} pi.events subscriptions, dropped when the record goes stale */
    this.busSubscriptions = new Set();
    /** Pi's `sourceInfo` of this extension (registry.mjs `sourceInfoFor`), set by the loader. */
    /** @type {Record<string, any>} */
    this.sourceInfo = { path, source: "local", scope: "user", origin: "top-level" };
    /** @type {Map<string, any>} flag defaults registered while the factory runs (Pi's pending values) */
    this.pendingFlagValues = new Map();
  }
}

/**
 * JSON description of a tool definition: its data fields plus the names of the functions it defines.
 * @param {any} tool
 */
export function describeTool(tool) {
  const data = toJson(tool) ?? {};
  data.functions = Object.keys(tool).filter((k) => typeof tool[k] === "function");
  return data;
}

/**
 * @typedef {object} HostServices what the API needs from the host
 * @property {() => boolean} isBound
 * @property {import("./state.mjs").StateMirror} mirror
 * @property {(path: string, name: string, args: any[]) => Promise<any>} action request to tau
 * @property {(path: string, name: string, args: any[], onError?: () => void) => void} actionNoWait action whose
 *   result nobody awaits (`onError` runs when tau refuses it)
 * @property {() => number} nextHandlerId
 * @property {Map<string, any>} flagValues the runtime's flag values: defaults of loaded extensions, then
 *   the command line's values once every extension has loaded (as Pi's runtime)
 * @property {() => ExtensionRecord[]} extensions the loaded extensions, in load order
 * @property {string} cwd
 * @property {EventBus} eventBus
 * @property {(path: string, where: string, error: unknown) => void} reportError
 */

/** The cross-extension event bus (`pi.events`), one per host. */
export class EventBus {
  constructor() {
    /** @type {Map<string, Set<(data: any) => void>>} */
    this.channels = new Map();
  }

  /** @param {string} channel @param {any} data */
  emit(channel, data) {
    for (const handler of [...(this.channels.get(channel) ?? [])]) handler(data);
  }

  /** @param {string} channel @param {(data: any) => void} handler */
  on(channel, handler) {
    const set = this.channels.get(channel) ?? new Set();
    set.add(handler);
    this.channels.set(channel, set);
    return () => set.delete(handler);
  }
}

/**
 * Builds the `pi` object for one extension.
 * @param {ExtensionRecord} record
 * @param {HostServices} host
 */
export function createExtensionAPI(record, host) {
  const path = record.path;
  const assertActive = () => {
    if (record.state === "failed") throw new Error(`Extension "${path}" failed to load and its API is no longer active.`);
    if (record.state === "stale") throw new Error(STALE_CONTEXT);
  };
  /** Action methods: Pi's error before bind, then forwarded. */
  const bound = () => {
    assertActive();
    if (!host.isBound()) throw new Error(NOT_INITIALIZED);
  };
  /**
   * Has tau write an entry the mirror already shows (same id and timestamp); one tau refuses
   * leaves the mirror again.
   * @param {string} name @param {any[]} args @param {{id: string}} entry
   */
  const writeEntry = (name, args, entry) =>
    host.actionNoWait(path, name, args, () => host.mirror.drop(entry.id));
  /** Registrations made after loading are announced to tau so it can refresh its tables. */
  const announce = (/** @type {string} */ name, /** @type {any[]} */ args) => {
    if (record.state === "active") host.actionNoWait(path, name, args);
  };

  const api = {
    /** @param {string} event @param {Function} handler */
    on(event, handler) {
      assertActive();
      const id = host.nextHandlerId();
      record.handlers.set(id, { id, event, fn: handler });
      announce("on", [{ id, event }]);
      return () => {
        if (record.handlers.delete(id)) announce("off", [{ id, event }]);
      };
    },
    /** @param {any} tool */
    registerTool(tool) {
      assertActive();
      if (typeof tool?.parameters !== "object" || tool.parameters === null || Array.isArray(tool.parameters)) {
        throw new Error(`Tool "${tool?.name}" registered by extension "${path}" must define an object parameter schema.`);
      }
      record.tools.set(tool.name, tool);
      announce("registerTool", [describeTool(tool)]);
    },
    /** @param {string} name @param {any} options */
    registerCommand(name, options) {
      assertActive();
      if (typeof name !== "string" || name.length === 0) {
        throw new Error(
          `Command registered by extension "${path}" must have a non-empty string name. Use pi.registerCommand("name", { description, handler }).`,
        );
      }
      if (typeof options?.handler !== "function") {
        throw new Error(`Command "/${name}" registered by extension "${path}" must define handler().`);
      }
      record.commands.set(name, { name, ...options });
      announce("registerCommand", [describeCommand({ name, ...options })]);
    },
    /** @param {string} shortcut @param {any} options */
    registerShortcut(shortcut, options) {
      assertActive();
      record.shortcuts.set(shortcut, { shortcut, ...options });
    },
    /** @param {string} name @param {any} options */
    registerFlag(name, options) {
      assertActive();
      if (options?.default !== undefined && typeof options.default !== options.type) {
        throw new Error(`Invalid default for flag "${name}": expected ${options.type}, got ${typeof options.default}`);
      }
      record.flags.set(name, { name, ...options });
      // Pi: a default counts once no value is set; while the factory runs it is only pending, and
      // it becomes the runtime's value when the extension has loaded (host.mjs `commitFlags`).
      if (options?.default !== undefined && !host.flagValues.has(name)) {
        if (record.state === "loading") {
          if (!record.pendingFlagValues.has(name)) record.pendingFlagValues.set(name, options.default);
        } else host.flagValues.set(name, options.default);
      }
    },
    /** @param {string} name */
    getFlag(name) {
      assertActive();
      const flag = record.flags.get(name);
      if (!flag) return undefined;
      // During loading Pi has not applied the command line yet: the default is what the factory sees.
      if (!host.flagValues.has(name)) return record.pendingFlagValues.get(name);
      const value = host.flagValues.get(name);
      // tau's command line cannot know a flag's type before loading: a boolean flag may have
      // taken the next argument as its value (tau gives that argument back as a message).
      if (flag.type === "boolean" && typeof value === "string") return value !== "false";
      return value;
    },
    /** @param {string} customType @param {Function} renderer */
    registerMessageRenderer(customType, renderer) {
      assertActive();
      record.messageRenderers.set(customType, renderer);
    },
    /** @param {Function} transformer @param {any} [options] */
    registerMarkdownTransformer(transformer, options) {
      assertActive();
      record.markdownTransformer = { transformer, messageTypes: options?.messageTypes ?? ["user", "assistant", "assistant-thinking"] };
    },
    /** @param {string} customType @param {Function} renderer */
    registerEntryRenderer(customType, renderer) {
      assertActive();
      record.entryRenderers.set(customType, renderer);
    },
    /** @param {Function} resolver */
    registerToolRenderer(resolver) {
      assertActive();
      record.toolRenderers.push(resolver);
    },

    /** @param {any} message @param {any} [options] */
    sendMessage(message, options) {
      bound();
      host.actionNoWait(path, "sendMessage", [toJson(message), toJson(options)]);
    },
    /** @param {any} content @param {any} [options] */
    sendUserMessage(content, options) {
      bound();
      host.actionNoWait(path, "sendUserMessage", [toJson(content), toJson(options)]);
    },
    /** @param {string} customType @param {any} [data] */
    appendEntry(customType, data) {
      bound();
      const json = toJson(data);
      const entry = host.mirror.provisional({ type: "custom", customType, ...(json === undefined ? {} : { data: json }) }, { fieldsFirst: true });
      writeEntry("appendEntry", [customType, json, stampOf(entry)], entry);
    },
    /** @param {string} name */
    setSessionName(name) {
      bound();
      const sanitized = String(name ?? "").replace(/[\r\n]+/g, " ").trim();
      const entry = host.mirror.provisional({ type: "session_info", name: sanitized });
      host.mirror.values.sessionName = sanitized || undefined;
      writeEntry("setSessionName", [name, stampOf(entry)], entry);
    },
    getSessionName() {
      bound();
      return host.mirror.sessionName();
    },
    /** @param {string} entryId @param {string | undefined} label */
    setLabel(entryId, label) {
      bound();
      const text = typeof label === "string" && label.trim() ? label : undefined;
      const entry = host.mirror.provisional({ type: "label", targetId: entryId, ...(text === undefined ? {} : { label: text }) });
      writeEntry("setLabel", [entryId, label, stampOf(entry)], entry);
    },
    /** @param {string} command @param {string[]} args @param {any} [options] */
    exec(command, args, options) {
      assertActive();
      return execCommand(command, args, options?.cwd ?? host.cwd, options);
    },
    getActiveTools() {
      bound();
      return [...(host.mirror.values.activeTools ?? [])];
    },
    getAllTools() {
      bound();
      return structuredClone(describeAllTools(host.mirror.values.allTools ?? [], host.extensions()));
    },
    getSettings() {
      bound();
      return structuredClone(host.mirror.values.settings ?? {});
    },
    /** @param {string[]} toolNames */
    setActiveTools(toolNames) {
      bound();
      host.mirror.values.activeTools = [...toolNames];
      host.actionNoWait(path, "setActiveTools", [toolNames]);
    },
    getCommands() {
      bound();
      // Extension commands are computed from the records, so commands registered after loading
      // are listed at once; prompt templates and skills follow them (tau sends those), as in Pi.
      const resources = (host.mirror.values.commands ?? []).filter((c) => c.source !== "extension");
      return structuredClone([...commandList(host.extensions()), ...resources]);
    },
    /** @param {any} model @returns {Promise<boolean>} */
    async setModel(model) {
      assertActive();
      if (!host.isBound()) throw new Error("Extension runtime not initialized");
      return Boolean(await host.action(path, "setModel", [toJson(model)]));
    },
    getThinkingLevel() {
      bound();
      return host.mirror.values.thinkingLevel;
    },
    /** @param {string} level */
    setThinkingLevel(level) {
      bound();
      // Pi clamps to the model's levels at once (getThinkingLevel answers the clamped level); tau
      // does the same with the session's model.
      if (THINKING_LEVELS.includes(level)) host.mirror.values.thinkingLevel = clampThinkingLevel(host.mirror.values.model, level);
      host.actionNoWait(path, "setThinkingLevel", [level]);
    },
    /** @param {any} providerOrName @param {any} [config] */
    registerProvider(providerOrName, config) {
      assertActive();
      if (typeof providerOrName === "string" && !config) throw new Error("Provider config is required when registering by name");
      const entry =
        typeof providerOrName === "string"
          ? { name: providerOrName, config }
          : { name: String(providerOrName?.id ?? ""), config: providerOrName, native: true };
      if (!entry.native) validateProvider(entry.name, entry.config);
      record.providers.push(entry);
      announce("registerProvider", [{ name: entry.name, config: describeProviderConfig(entry.config), native: entry.native ?? false }]);
    },
    /** @param {string} name */
    unregisterProvider(name) {
      assertActive();
      record.providers = record.providers.filter((p) => p.name !== name);
      announce("unregisterProvider", [name]);
    },
    /** @param {string} name @param {any} config */
    registerMcpServer(name, config) {
      assertActive();
      record.mcpServers.set(name, { name, config: toJson(config), extensionPath: path });
      announce("registerMcpServer", [name, toJson(config)]);
    },
    /** @param {string} name */
    unregisterMcpServer(name) {
      assertActive();
      record.mcpServers.delete(name);
      announce("unregisterMcpServer", [name]);
    },
    getMcpServers() {
      assertActive();
      return [...record.mcpServers.values()];
    },
    /** @param {any} model */
    registerVirtualModel(model) {
      assertActive();
      record.virtualModels.push(model);
      announce("registerVirtualModel", [toJson(model)]);
    },
    /** @param {string} provider @param {string} id */
    unregisterVirtualModel(provider, id) {
      assertActive();
      record.virtualModels = record.virtualModels.filter((m) => m.provider !== provider || m.id !== id);
      announce("unregisterVirtualModel", [provider, id]);
    },
    events: {
      /** @param {string} channel @param {any} data */
      emit(channel, data) {
        assertActive();
        host.eventBus.emit(channel, data);
      },
      /** @param {string} channel @param {(data: any) => any} handler */
      on(channel, handler) {
        assertActive();
        const unsubscribe = host.eventBus.on(channel, async (data) => {
          try {
            await handler(data);
          } catch (error) {
            host.reportError(path, `events:${channel}`, error);
          }
        });
        record.busSubscriptions.add(unsubscribe);
        return () => {
          record.busSubscriptions.delete(unsubscribe);
          unsubscribe();
        };
      },
    },
  };
  return api;
}

/**
 * A command as tau sees it: `argumentCompletions` when tau should ask for its arguments' items.
 * @param {any} c @param {string} [name] the name it is invoked by, when not its own
 */
function describeCommand(c, name) {
  /** @type {{name: string, description: any, argumentCompletions?: boolean}} */
  const out = { name: name ?? c.name, description: c.description };
  if (typeof c.getArgumentCompletions === "function") out.argumentCompletions = true;
  return out;
}

/**
 * The JSON summary of a loaded extension that `load` returns to tau.
 * @param {ExtensionRecord} record
 * @param {Map<any, string>} [invocationNames] command → the name it is invoked by
 */
export function describeExtension(record, invocationNames) {
  return {
    path: record.path,
    resolvedPath: record.resolvedPath,
    ok: true,
    handlers: [...record.handlers.values()].map(({ id, event }) => ({ id, event })),
    tools: [...record.tools.values()].map(describeTool),
    commands: [...record.commands.values()].map((c) => describeCommand(c, invocationNames?.get(c))),
    flags: [...record.flags.values()].map((f) => toJson(f)),
    shortcuts: [...record.shortcuts.values()].map((s) => ({ shortcut: s.shortcut, description: s.description })),
    messageRenderers: [...record.messageRenderers.keys()],
    entryRenderers: [...record.entryRenderers.keys()],
    toolRenderers: record.toolRenderers.length,
    providers: record.providers.map((p) => ({ name: p.name, config: describeProviderConfig(p.config), native: p.native ?? false })),
    mcpServers: [...record.mcpServers.values()],
  };
}
