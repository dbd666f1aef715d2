// The host's request dispatcher: `load`, `bind`, `state`, `invoke`, `execute_tool`, `run_command`,
// `cancel`, `shutdown` (docs/protocol.md). Runs extension code inside an AsyncLocalStorage scope naming the
// extension, so console output and errors can be attributed to its path.

import { AsyncLocalStorage } from "node:async_hooks";
import { EventBus, ExtensionRecord, createExtensionAPI, describeExtension, retire } from "./api.mjs";
import { forgetToolRows, openRenderer } from "./renderers.mjs";
import { ComponentRegistry } from "./components.mjs";
import { createContext } from "./context.mjs";
import { liveEvent } from "./live-event.mjs";
import { LoadError, importFactory, resolveEntries } from "./loader.mjs";
import { providerStream } from "./providers.mjs";
import { errorPayload, toJson } from "./rpc.mjs";
import { conflicts, resolveCommands, sourceInfoFor } from "./registry.mjs";
import { StateMirror } from "./state.mjs";

/** Which extension's code is running (for console attribution and error reports). */
export const currentExtension = new AsyncLocalStorage();

/** A request failure that carries the extension path to report. */
class ExtensionError extends Error {
  /** @param {unknown} cause @param {string} extensionPath */
  constructor(cause, extensionPath) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.stack = cause instanceof Error ? cause.stack : undefined;
    this.extensionPath = extensionPath;
  }
}

/**
 * A failed entry of the `load` result: `error` is Pi's message, `stack` the JavaScript stack.
 * @param {string} path
 * @param {unknown} error
 */
function failure(path, error) {
  const { message, stack } = errorPayload(error, path);
  return stack ? { path, ok: false, error: message, stack } : { path, ok: false, error: message };
}

/**
 * A boundary's `context.contextEntries` (`turn_end`, `agent_before_settle`): Pi's session projection
 * entries (`{sourceEntry, messages}`), computed here by Pi's own function over the mirrored session,
 * which tau has brought up to date before the call (the drafts proposed at this boundary are not in it).
 * @param {any} event @param {any} ctx
 */
function addContextEntries(event, ctx) {
  if (event?.type !== "turn_end" && event?.type !== "agent_before_settle") return;
  const context = event.context;
  if (!context || typeof context !== "object" || "contextEntries" in context) return;
  try {
    context.contextEntries = ctx.sessionManager.buildSessionProjection().entries;
  } catch {
    // Pi's session functions need Node 20.19 / 22.12+; without them the key stays absent.
  }
}

export class Host {
  /**
   * @param {import("./rpc.mjs").Connection} conn
   * @param {() => void} exit called after `shutdown` was answered
   */
  constructor(conn, exit) {
    this.conn = conn;
    this.exit = exit;
    this.mirror = new StateMirror();
    this.bound = false;
    /** The fire-and-forget actions of the request whose extension code is running. */
    this.requestActions = new AsyncLocalStorage();
    /** @type {ExtensionRecord[]} */
    this.extensions = [];
    this.eventBus = new EventBus();
    /** @type {Map<string, any>} */
    this.flagValues = new Map();
    this.session = { mode: "print", hasUI: false, cwd: process.cwd(), components: false };
    /** Extension components in tau's interactive mode (load option `components`). */
    this.components = new ComponentRegistry({
      conn,
      scope: (path, fn) => currentExtension.run({ path }, fn),
      findCommand: (name) => this.findCommand(name),
    });
    this.handlerCounter = 0;
    /** @type {Map<string, (event: any) => void>} `ctx.modelRegistry.stream` calls waiting for tau's events */
    this.modelStreams = new Map();
    /** @type {Map<number, AbortController>} running requests by tau's request id */
    this.running = new Map();
  }

  /** Services handed to API and ctx objects. */
  services() {
    const conn = this.conn;
    return {
      isBound: () => this.bound,
      mirror: this.mirror,
      session: this.session,
      flagValues: this.flagValues,
      extensions: () => this.extensions,
      eventBus: this.eventBus,
      get cwd() {
        return this.session.cwd;
      },
      nextHandlerId: () => ++this.handlerCounter,
      modelStreams: this.modelStreams,
      /** Bumped by every `load`: a ctx made before is stale. */
      generation: () => this.generation ?? 0,
      components: () => (this.session.components ? this.components : undefined),
      /** @param {string} extensionPath @param {string} name @param {any[]} args */
      action: (extensionPath, name, args, options) => conn.request("action", { extensionPath, name, args }, options),
      /** @param {string} extensionPath @param {string} name @param {any[]} args @param {() => void} [onError] */
      actionNoWait: (extensionPath, name, args, onError) => {
        const pending = conn.request("action", { extensionPath, name, args }).catch((error) => {
          onError?.();
          this.log(extensionPath, "warn", `${name} failed: ${error.message}`);
        });
        this.requestActions.getStore()?.push(pending);
      },
      /** @param {string} extensionPath @param {string} method @param {any[]} args */
      uiRequest: (extensionPath, method, args) => conn.request("ui", { extensionPath, method, args: toJson(args) }),
      /** @param {string} extensionPath @param {string} method @param {any[]} args */
      uiNotify: (extensionPath, method, args) => conn.notify("ui", { extensionPath, method, args: toJson(args) }),
      /** @param {string} extensionPath @param {string} where @param {unknown} error */
      reportError: (extensionPath, where, error) =>
        this.log(extensionPath, "error", `${where}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`),
    };
  }

  /** @param {string | undefined} extensionPath @param {string} level @param {string} message */
  log(extensionPath, level, message) {
    this.conn.notify("log", { extensionPath, level, message });
  }

  /**
   * Answers one request frame; the response is sent when the method settles.
   * @param {import("./rpc.mjs").Frame} frame
   */
  async handleRequest(frame) {
    const id = /** @type {number} */ (frame.id);
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      /** @type {Promise<unknown>[]} */
      const actions = [];
      const method = String(frame.method);
      const result = await this.requestActions.run(actions, () => this.dispatch(method, frame.params ?? {}, controller.signal));
      // Pi applies `appendEntry`, `setSessionName`, … synchronously: when a handler, tool or
      // command returns, what it did is in the session. The fire-and-forget actions this call
      // made are answered before it is (only its own: a nested call tau makes meanwhile is
      // another request).
      if (actions.length > 0) await Promise.allSettled(actions);
      this.conn.send({ kind: "response", id, result: result ?? {} });
    } catch (error) {
      const path = error instanceof ExtensionError ? error.extensionPath : undefined;
      this.conn.send({ kind: "response", id, error: errorPayload(error, path) });
    } finally {
      this.running.delete(id);
    }
    if (frame.method === "shutdown") this.exit();
  }

  /**
   * @param {import("./rpc.mjs").Frame} frame
   */
  handleNotify(frame) {
    const params = frame.params ?? {};
    const components = this.components;
    switch (frame.method) {
      case "state":
        return void this.mirror.apply(params);
      case "cancel":
        return void this.running.get(params.requestId)?.abort();
      case "component_input":
        return components.input(params);
      case "component_focus":
        return components.focus(params);
      case "component_bounds":
        return components.bounds(params);
      case "component_close":
        return components.close(params.id, "closed by tau", { tell: false });
      case "terminal":
        return components.resize(params);
      case "theme":
        return components.setPalette(params.palette);
      case "footer_data":
        return components.setFooterData(params);
      case "keybindings":
        return components.setKeybindings(params);
      case "themes":
        // The themes tau knows, each with its palette, for getAllThemes/getTheme/setTheme.
        return void (components.themes = params.themes ?? []);
      case "model_event":
        return void this.modelStreams.get(params.streamId)?.(params.event);
      case "ui_state":
        // What ctx.ui reads synchronously in the terminal UI (editor text, tools expanded).
        return void Object.assign(components.uiState, params);
      default:
        this.log(undefined, "warn", `unknown notification ${frame.method}`);
    }
  }

  /**
   * @param {string} method
   * @param {any} params
   * @param {AbortSignal} signal
   */
  async dispatch(method, params, signal) {
    switch (method) {
      case "load":
        return this.load(params);
      case "bind":
        this.mirror.apply(params.state ?? {});
        this.bound = true;
        return {};
      case "invoke":
        return this.invoke(params, signal);
      case "invoke_sequence":
        return this.invokeSequence(params, signal);
      case "execute_tool":
        return this.executeTool(params, signal);
      case "prepare_tool_arguments":
        return this.prepareToolArguments(params);
      case "run_command":
        return this.runCommand(params, signal);
      case "run_shortcut":
        return this.runShortcut(params, signal);
      case "provider_stream":
        return providerStream({ conn: this.conn, extensions: this.extensions, run: this.run.bind(this) }, params, signal);
      case "render":
        return this.components.render(params);
      case "terminal_input":
        return this.components.terminalInput(params);
      case "autocomplete":
        return this.components.autocomplete.complete(params, signal);
      case "autocomplete_apply":
        return this.components.autocomplete.apply(params);
      case "renderer_open":
        return openRenderer(this, params);
      case "shutdown":
        return {};
      case "ping":
        // Answered by the event loop itself: tau pings after a timed-out request to tell a handler that
        // is merely slow (the host answers) from a host stuck in synchronous code (no answer: replaced).
        return {};
      default:
        throw new Error(`unknown method ${method}`);
    }
  }

  /** @param {any} params */
  async load(params) {
    // A later load replaces every instance (session replacement, reload): the old ones go
    // stale, as Pi invalidates them, and no call reaches them any more.
    for (const record of this.extensions) retire(record);
    this.extensions = [];
    this.generation = (this.generation ?? 0) + 1;
    this.session.cwd = params.cwd ?? this.session.cwd;
    this.session.mode = params.mode ?? this.session.mode;
    this.session.hasUI = Boolean(params.hasUI ?? this.session.hasUI);
    // tau's interactive mode: components stay here and tau renders their lines; Pi's ctx there says
    // mode "tui" and hasUI. A reload replaces every extension: their components go, as in Pi.
    this.session.components = Boolean(params.components ?? this.session.components);
    if (this.session.components) {
      this.session.mode = "tui";
      this.session.hasUI = true;
    }
    this.components.closeAll("reload");
    forgetToolRows();
    this.mirror.values.cwd = this.session.cwd;
    if (params.agentDir) process.env.TAU_AGENT_DIR = params.agentDir;
    // Pi's runtime starts each load without flag values: factories see their defaults, and the
    // command line's values apply once every extension has loaded (kept for later reloads).
    if (params.flags) this.cliFlags = new Map(Object.entries(params.flags));
    this.flagValues.clear();
    const services = this.services();
    /** @type {(ExtensionRecord | Record<string, any>)[]} a record per loaded extension, a failure entry per failed one */
    const outcomes = [];
    for (const { path, cli } of params.extensions ?? []) {
      /** @type {string[]} */
      let files;
      try {
        files = resolveEntries(path, this.session.cwd);
      } catch (error) {
        outcomes.push(failure(path, error));
        continue;
      }
      for (const file of files) {
        const display = files.length === 1 && file !== path ? path : file;
        const record = new ExtensionRecord(display, file);
        record.sourceInfo = sourceInfoFor({ path: display, resolvedPath: file, cli }, { cwd: this.session.cwd, agentDir: params.agentDir });
        try {
          const factory = await importFactory(file, display);
          const api = createExtensionAPI(record, services);
          await currentExtension.run({ path: display }, () => factory(api));
          record.state = "active";
          for (const [name, value] of record.pendingFlagValues) if (!this.flagValues.has(name)) this.flagValues.set(name, value);
          record.pendingFlagValues.clear();
          this.extensions.push(record);
          outcomes.push(record);
        } catch (error) {
          record.state = "failed";
          const wrapped = error instanceof LoadError ? error : new Error(`Failed to load extension: ${error instanceof Error ? error.message : error}`);
          if (!(error instanceof LoadError) && error instanceof Error) wrapped.stack = error.stack;
          outcomes.push(failure(display, wrapped));
        }
      }
    }
    for (const [name, value] of this.cliFlags ?? []) this.flagValues.set(name, value);
    // Commands go to tau by the name they are invoked by (`name:<n>` for duplicates, as in Pi).
    /** @type {Map<any, string>} */
    const invocationNames = new Map(resolveCommands(this.extensions).map((c) => [c.command, c.invocationName]));
    /** @type {Map<string, string[]>} Pi's tool and flag conflicts, load errors of the later extension */
    const clashes = new Map();
    for (const { path, message } of conflicts(this.extensions)) clashes.set(path, [...(clashes.get(path) ?? []), message]);
    const results = [];
    for (const outcome of outcomes) {
      if (!(outcome instanceof ExtensionRecord)) results.push(outcome);
      else if (clashes.has(outcome.path)) for (const message of clashes.get(outcome.path) ?? []) results.push({ path: outcome.path, ok: false, error: message });
      else results.push(describeExtension(outcome, invocationNames));
    }
    return { extensions: results };
  }

  /** @param {number} handlerId */
  findHandler(handlerId) {
    for (const record of this.extensions) {
      const handler = record.handlers.get(handlerId);
      if (handler) return { record, handler };
    }
    throw new Error(`unknown handler id ${handlerId}`);
  }

  /** @param {string} name */
  findTool(name) {
    for (let i = this.extensions.length - 1; i >= 0; i--) {
      const tool = this.extensions[i].tools.get(name);
      if (tool) return { record: this.extensions[i], tool };
    }
    throw new Error(`unknown extension tool ${name}`);
  }

  /**
   * Runs extension code attributed to `record`, turning throws into ExtensionError.
   * @template T
   * @param {ExtensionRecord} record
   * @param {() => Promise<T> | T} fn
   * @returns {Promise<T>}
   */
  async run(record, fn) {
    try {
      return await currentExtension.run({ path: record.path }, fn);
    } catch (error) {
      throw new ExtensionError(error, record.path);
    }
  }

  /** @param {any} params @param {AbortSignal} signal */
  async invoke(params, signal) {
    const { record, handler } = this.findHandler(params.handlerId);
    const event = liveEvent(params.event ?? {}, signal);
    const ctx = createContext(this.services(), record.path, { kind: "event", signal, call: params.ctx ?? {} });
    addContextEntries(event, ctx);
    const before = JSON.stringify(event);
    const value = await this.run(record, () => handler.fn(event, ctx));
    const after = JSON.stringify(event);
    // Handlers may mutate the event in place (tool_call input, provider headers, ...); send it back then.
    const json = toJson(value) ?? null;
    return after === before ? { value: json } : { value: json, event: JSON.parse(after) };
  }

  /**
   * Several handlers of one event in one request (tau sends their ids in order): each sees
   * the event as the previous one left it. Stops after a handler whose value has a truthy
   * `params.stopWhen` field, or (with `stopOnError`) after one that threw. tau applies the
   * composition rule to the per-handler results, exactly as for single invokes.
   * @param {any} params @param {AbortSignal} signal
   */
  async invokeSequence(params, signal) {
    /** @type {any[]} */
    const results = [];
    let event = params.event ?? {};
    for (const handlerId of params.handlerIds ?? []) {
      try {
        const outcome = await this.invoke({ handlerId, event, ctx: params.ctx }, signal);
        results.push(outcome);
        // The next handler edits its own copy: each result keeps the event as its handler left it.
        if (outcome.event) event = JSON.parse(JSON.stringify(outcome.event));
        const value = outcome.value;
        if (params.stopWhen && value && typeof value === "object" && value[params.stopWhen]) break;
      } catch (error) {
        const path = error instanceof ExtensionError ? error.extensionPath : undefined;
        results.push({ error: errorPayload(error, path) });
        if (params.stopOnError) break;
      }
    }
    return { results };
  }

  /**
   * A tool's `prepareArguments` on the model's raw arguments, before tau validates them (Pi's loop
   * order); a throw becomes the call's error result in tau.
   * @param {any} params `{tool, args}`
   */
  async prepareToolArguments(params) {
    const { record, tool } = this.findTool(params.tool);
    if (typeof tool.prepareArguments !== "function") return params.args;
    const prepared = await this.run(record, () => tool.prepareArguments(params.args));
    return toJson(prepared) ?? null;
  }

  /** @param {any} params @param {AbortSignal} signal */
  async executeTool(params, signal) {
    const { record, tool } = this.findTool(params.tool);
    const call = { ...(params.ctx ?? {}), toolCallId: params.toolCallId };
    const ctx = createContext(this.services(), record.path, { kind: "tool", signal, call });
    const onUpdate = (/** @type {any} */ partialResult) =>
      this.conn.notify("tool_update", { toolCallId: params.toolCallId, partialResult: toJson(partialResult) });
    const result = await this.run(record, () => tool.execute(params.toolCallId, params.params, signal, onUpdate, ctx));
    return toJson(result) ?? { content: [] };
  }

  /** The command invoked as `/name` (a duplicated name is invoked as `name:<n>`, as in Pi). @param {string} name */
  findCommand(name) {
    const found = resolveCommands(this.extensions).find((c) => c.invocationName === name);
    return found && { record: found.record, path: found.record.path, command: found.command };
  }

  /** @param {any} params @param {AbortSignal} signal */
  async runCommand(params, signal) {
    const found = this.findCommand(params.name);
    if (!found) throw new Error(`unknown extension command ${params.name}`);
    const { record, command } = found;
    const ctx = createContext(this.services(), record.path, { kind: "command", signal, call: params.ctx ?? {} });
    await this.run(record, () => command.handler(params.args ?? "", ctx));
    return {};
  }

  /**
   * A key tau matched to an extension's `registerShortcut`: its handler runs with the extension's ctx, as
   * Pi runs it (the last extension registering a key owns it, as in Pi).
   * @param {any} params `{shortcut}`, the key as registered (compared without case)
   * @param {AbortSignal} [signal]
   */
  async runShortcut(params, signal) {
    const key = String(params.shortcut ?? "").toLowerCase();
    const found = this.extensions
      .map((record) => ({ record, shortcut: [...record.shortcuts.values()].find((s) => String(s.shortcut).toLowerCase() === key) }))
      .findLast((x) => x.shortcut);
    if (!found) throw new Error(`no extension shortcut ${params.shortcut}`);
    const { record, shortcut } = found;
    if (typeof shortcut.handler !== "function") throw new Error(`shortcut ${params.shortcut} of ${record.path} has no handler`);
    const ctx = createContext(this.services(), record.path, { kind: "event", signal });
    await this.run(record, () => shortcut.handler(ctx));
    return {};
  }
}
