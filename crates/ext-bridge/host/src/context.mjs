// The `ctx` object handed to event handlers, tools and commands. Built fresh per call from the state mirror
// plus what tau sends with the call (`ctx` param); actions on it go to tau as `action` requests.

import { STALE_CONTEXT } from "./api.mjs";
import { callableTools } from "./registry.mjs";
import { createSessionManagerView } from "./state.mjs";
import { createModelRegistryView } from "./model-registry.mjs";
import { createUiContext } from "./ui.mjs";

/**
 * @typedef {object} ContextServices
 * @property {import("./state.mjs").StateMirror} mirror
 * @property {(path: string, name: string, args: any[], options?: {signal?: AbortSignal}) => Promise<any>} action
 * @property {(path: string, name: string, args: any[]) => void} actionNoWait
 * @property {(path: string, method: string, args: any[]) => Promise<any>} uiRequest
 * @property {(path: string, method: string, args: any[]) => void} uiNotify
 * @property {{mode: string, hasUI: boolean, cwd: string}} session
 * @property {() => number} [generation] bumped by every `load`
 * @property {() => import("./api.mjs").ExtensionRecord[]} [extensions] the loaded extensions
 * @property {Map<string, (event: any) => void>} [modelStreams] live `modelRegistry.stream` calls by stream id
 * @property {() => import("./components.mjs").ComponentRegistry | undefined} [components] set in tau's interactive mode
 */

/**
 * @param {ContextServices} host
 * @param {string} extensionPath
 * @param {{kind?: string, signal?: AbortSignal, call?: Record<string, any>, executeTool?: Function}} options
 *   `kind` is "event" (default), "tool" or "command"; `call` is tau's per-call ctx object
 */
export function createContext(host, extensionPath, { kind = "event", signal, call = {} }) {
  const mirror = host.mirror;
  const mode = call.mode ?? host.session.mode;
  const hasUI = call.hasUI ?? host.session.hasUI;
  const ui = createUiContext({
    hasUI,
    extensionPath,
    components: hasUI ? host.components?.() : undefined,
    request: (method, args) => host.uiRequest(extensionPath, method, args),
    notify: (method, args) => host.uiNotify(extensionPath, method, args),
  });
  /** @type {Record<string, any>} */
  const ctx = {
    ui,
    mode,
    hasUI,
    cwd: call.cwd ?? mirror.values.cwd ?? host.session.cwd,
    sessionManager: createSessionManagerView(mirror),
    modelRegistry: createModelRegistryView(mirror, host, extensionPath),
    get model() {
      return mirror.values.model;
    },
    get scopedModels() {
      return mirror.values.scopedModels ?? [];
    },
    get thinkingLevel() {
      return mirror.values.thinkingLevel;
    },
    // Pi: the agent's signal while a run streams, undefined when idle. During a run tau gives the
    // call's own signal (aborted when tau cancels the call, as an abort of the run does).
    get signal() {
      return mirror.values.idle === true ? undefined : signal;
    },
    isIdle: () => Boolean(mirror.values.idle),
    isProjectTrusted: () => mirror.values.projectTrusted !== false,
    abort: () => host.actionNoWait(extensionPath, "abort", []),
    hasPendingMessages: () => Boolean(mirror.values.pendingMessages),
    shutdown: () => host.actionNoWait(extensionPath, "shutdown", []),
    getContextUsage: () => mirror.values.contextUsage ?? undefined,
    /** @param {any} [options] */
    compact(options) {
      host.action(extensionPath, "compact", [{ customInstructions: options?.customInstructions }]).then(
        (result) => options?.onComplete?.(result),
        (error) => options?.onError?.(error instanceof Error ? error : new Error(String(error))),
      );
    },
    // before_agent_start handlers see the prompt as the earlier handlers left it (tau sends it per call).
    getSystemPrompt: () => call.systemPrompt ?? mirror.values.systemPrompt ?? "",
  };
  if (kind === "tool") {
    ctx.tools = callableTools(mirror.values.allTools ?? [], mirror.values.activeTools ?? [], host.extensions?.() ?? [], {
      // A nested call of an extension's tool gets its own tool ctx, as Pi's runner makes one per call.
      toolContext: (path, toolCallId, toolSignal) =>
        createContext(host, path, { kind: "tool", signal: toolSignal, call: { ...call, toolCallId } }),
      cwd: () => ctx.cwd,
    });
    // Pi's nested call: runs through tau's tool pipeline and hooks, answers {toolCall, result,
    // isError, durationMs}; the tool's signal (or the one given) cancels it.
    ctx.executeTool = (/** @type {string} */ name, /** @type {any} */ args, /** @type {any} */ options = {}) =>
      host.action(extensionPath, "executeTool", [name, toJsonArgs(args), { parentToolCallId: call.toolCallId }], {
        signal: options?.signal ?? signal,
      });
  }
  if (kind === "command") {
    // Session replacement runs in tau; a `withSession` callback runs here once tau replaced the
    // session and rebound the host, with a fresh command ctx (this one is stale by then).
    const session = (/** @type {string} */ name) => async (/** @type {any[]} */ ...args) => {
      const options = args.find((a) => a && typeof a === "object");
      if (options && typeof options.setup === "function") {
        throw new Error(`ctx.${name}() with a setup callback is not supported by tau yet`);
      }
      const withSession = typeof options?.withSession === "function" ? options.withSession : undefined;
      const plain = args.map((a) => (a && typeof a === "object" ? toPlain(a) : a));
      const result = (await host.action(extensionPath, name, plain)) ?? { cancelled: false };
      if (withSession && !result.cancelled) {
        const replaced = createContext(host, extensionPath, { kind: "command", call });
        // Pi's ReplacedSessionContext: a command ctx that can also send into the new session.
        replaced.sendMessage = async (/** @type {any} */ message, /** @type {any} */ sendOptions) => {
          host.actionNoWait(extensionPath, "sendMessage", [JSON.parse(JSON.stringify(message)), sendOptions ?? {}]);
        };
        replaced.sendUserMessage = async (/** @type {any} */ content, /** @type {any} */ sendOptions) => {
          host.actionNoWait(extensionPath, "sendUserMessage", [JSON.parse(JSON.stringify(content)), sendOptions ?? {}]);
        };
        await withSession(replaced);
      }
      // Pi's `fork()` and `navigateTree()` answer `{cancelled}` only (tau's answers also carry the
      // selected text, editor text and summary entry, for its own UI).
      return name === "fork" || name === "navigateTree" ? { cancelled: Boolean(result.cancelled) } : result;
    };
    ctx.getSystemPromptOptions = () => mirror.values.systemPromptOptions ?? {};
    ctx.waitForIdle = async () => {
      await host.action(extensionPath, "waitForIdle", []);
    };
    ctx.newSession = session("newSession");
    ctx.fork = session("fork");
    ctx.navigateTree = session("navigateTree");
    ctx.switchSession = session("switchSession");
    ctx.reload = async () => {
      await host.action(extensionPath, "reload", []);
    };
  }
  return guardStale(ctx, host);
}

/** Arguments as JSON (a nested call's arguments cross to tau). @param {any} args */
function toJsonArgs(args) {
  return args === undefined ? {} : JSON.parse(JSON.stringify(args));
}

/**
 * The object's data fields, without functions (callbacks stay in the host).
 * @param {Record<string, any>} value
 */
function toPlain(value) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v !== "function"));
}

/**
 * `ctx` that throws Pi's stale error once a later `load` replaced the extensions (session
 * replacement or reload), as Pi invalidates a captured ctx.
 * @param {Record<string, any>} ctx
 * @param {ContextServices} host
 */
function guardStale(ctx, host) {
  const generation = host.generation?.() ?? 0;
  return new Proxy(ctx, {
    get(target, property, receiver) {
      if (typeof property === "string" && property !== "then" && (host.generation?.() ?? 0) !== generation) {
        throw new Error(STALE_CONTEXT);
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
