// The `ctx` object handed to event handlers, tools and commands. Built fresh per call from the state mirror
// plus what tau sends with the call (`ctx` param); actions on it go to tau as `action` requests.

import { STALE_CONTEXT } from "./api.mjs";
import { callableTools } from "./registry.mjs";
import { createSessionManagerView } from "./state.mjs";
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
    // Pi: the agent's signal while streaming; for a tool or handler call tau cancels through `cancel`.
    signal,
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
    ctx.tools = callableTools(mirror.values.allTools ?? [], mirror.values.activeTools ?? [], host.extensions?.() ?? []);
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
      return result;
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

/**
 * Pi's `ModelRegistry` as extensions use it: lookups over the mirrored model list (`models`: those with
 * credentials), and requests served by tau's own providers (`modelComplete`), so they use tau's keys and
 * settings. `stream`/`streamSimple` deliver the completed message as one stream (start, done/error): tau
 * does not forward the deltas of these side requests.
 * @param {import("./state.mjs").StateMirror} mirror
 * @param {ContextServices} host
 * @param {string} extensionPath
 */
function createModelRegistryView(mirror, host, extensionPath) {
  const models = () => /** @type {any[]} */ (mirror.values.models ?? []);
  const find = (/** @type {string} */ provider, /** @type {string} */ id) =>
    models().find((m) => m.provider === provider && m.id === id);
  const plain = (/** @type {any} */ options) => {
    if (!options || typeof options !== "object") return {};
    const { signal: _signal, onPayload: _onPayload, ...rest } = options;
    return JSON.parse(JSON.stringify(rest));
  };
  const ref = (/** @type {any} */ model) => ({ provider: model?.provider, id: model?.id });
  /** @param {any} model @param {any} context @param {any} [options] */
  const complete = (model, context, options) =>
    host.action(extensionPath, "modelComplete", [ref(model), JSON.parse(JSON.stringify(context ?? {})), plain(options)], {
      signal: options?.signal,
    });
  /** @param {any} model @param {any} context @param {any} [options] */
  const stream = (model, context, options) => {
    /** @type {any[]} */
    const queue = [];
    /** @type {((r: IteratorResult<any>) => void) | null} */
    let wake = null;
    let done = false;
    const push = (/** @type {any} */ event) => {
      if (wake) {
        const w = wake;
        wake = null;
        w({ value: event, done: false });
      } else queue.push(event);
    };
    const result = complete(model, context, options).then(
      (message) => {
        push({ type: "start", partial: message });
        const failed = message.stopReason === "error" || message.stopReason === "aborted";
        push(failed ? { type: "error", reason: message.stopReason, error: message } : { type: "done", reason: message.stopReason, message });
        return message;
      },
      (error) => {
        const message = { role: "assistant", content: [], stopReason: "error", errorMessage: String(error?.message ?? error), timestamp: Date.now() };
        push({ type: "error", reason: "error", error: message });
        return message;
      },
    );
    result.then(() => {
      done = true;
      if (wake) wake({ value: undefined, done: true });
    });
    return {
      result: () => result,
      [Symbol.asyncIterator]() {
        return {
          next: () =>
            queue.length > 0
              ? Promise.resolve({ value: queue.shift(), done: false })
              : done
                ? Promise.resolve({ value: undefined, done: true })
                : new Promise((resolve) => (wake = resolve)),
        };
      },
    };
  };
  return {
    getAll: () => models(),
    getAvailable: () => models(),
    find,
    getError: () => undefined,
    hasConfiguredAuth: (/** @type {any} */ model) => Boolean(find(model?.provider, model?.id)),
    getProvider: (/** @type {string} */ provider) => (models().some((m) => m.provider === provider) ? { id: provider, name: provider } : undefined),
    getProviderDisplayName: (/** @type {string} */ provider) => provider,
    isUsingOAuth: () => false,
    /** @param {any} model */
    getApiKeyAndHeaders: (model) => host.action(extensionPath, "modelAuth", [ref(model)]),
    /** @param {string} provider */
    async getApiKeyForProvider(provider) {
      const model = models().find((m) => m.provider === provider);
      if (!model) return undefined;
      const auth = await host.action(extensionPath, "modelAuth", [ref(model)]);
      return auth?.ok ? (auth.apiKey ?? undefined) : undefined;
    },
    /** @param {string} provider */
    async getProviderAuth(provider) {
      const model = models().find((m) => m.provider === provider);
      if (!model) return undefined;
      const auth = await host.action(extensionPath, "modelAuth", [ref(model)]);
      return auth?.ok ? { apiKey: auth.apiKey, headers: auth.headers } : undefined;
    },
    complete,
    stream,
    streamSimple: stream,
  };
}
