// The `ExtensionAPI` object (`pi`) handed to one extension's factory. Registration methods record into the
// extension's `ExtensionRecord`; action methods throw Pi's "runtime not initialized" error until tau sends
// `bind`, then forward to tau as `action` requests; synchronous getters read the state mirror.

import { execCommand } from "./exec.mjs";
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
 * @property {(path: string, name: string, args: any[]) => void} actionNoWait action whose result nobody awaits
 * @property {() => number} nextHandlerId
 * @property {Map<string, any>} flagValues values given on tau's command line
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
    },
    /** @param {string} name */
    getFlag(name) {
      assertActive();
      const flag = record.flags.get(name);
      if (!flag) return undefined;
      if (!host.flagValues.has(name)) return flag.default;
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
      host.actionNoWait(path, "appendEntry", [customType, toJson(data)]);
    },
    /** @param {string} name */
    setSessionName(name) {
      bound();
      host.mirror.values.sessionName = name?.trim() || undefined;
      host.actionNoWait(path, "setSessionName", [name]);
    },
    getSessionName() {
      bound();
      return host.mirror.sessionName();
    },
    /** @param {string} entryId @param {string | undefined} label */
    setLabel(entryId, label) {
      bound();
      host.actionNoWait(path, "setLabel", [entryId, label]);
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
      return structuredClone(host.mirror.values.allTools ?? []);
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
      return structuredClone(host.mirror.values.commands ?? []);
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
      host.mirror.values.thinkingLevel = level;
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

/** A command as tau sees it: `argumentCompletions` when tau should ask for its arguments' items. @param {any} c */
function describeCommand(c) {
  /** @type {{name: string, description: any, argumentCompletions?: boolean}} */
  const out = { name: c.name, description: c.description };
  if (typeof c.getArgumentCompletions === "function") out.argumentCompletions = true;
  return out;
}

/**
 * The JSON summary of a loaded extension that `load` returns to tau.
 * @param {ExtensionRecord} record
 */
export function describeExtension(record) {
  return {
    path: record.path,
    resolvedPath: record.resolvedPath,
    ok: true,
    handlers: [...record.handlers.values()].map(({ id, event }) => ({ id, event })),
    tools: [...record.tools.values()].map(describeTool),
    commands: [...record.commands.values()].map(describeCommand),
    flags: [...record.flags.values()].map((f) => toJson(f)),
    shortcuts: [...record.shortcuts.values()].map((s) => ({ shortcut: s.shortcut, description: s.description })),
    messageRenderers: [...record.messageRenderers.keys()],
    entryRenderers: [...record.entryRenderers.keys()],
    toolRenderers: record.toolRenderers.length,
    providers: record.providers.map((p) => ({ name: p.name, config: describeProviderConfig(p.config), native: p.native ?? false })),
    mcpServers: [...record.mcpServers.values()],
  };
}
