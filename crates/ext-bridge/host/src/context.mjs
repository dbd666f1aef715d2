// The `ctx` object handed to event handlers, tools and commands. Built fresh per call from the state mirror
// plus what tau sends with the call (`ctx` param); actions on it go to tau as `action` requests.

import { createSessionManagerView } from "./state.mjs";
import { createUiContext } from "./ui.mjs";

/**
 * @typedef {object} ContextServices
 * @property {import("./state.mjs").StateMirror} mirror
 * @property {(path: string, name: string, args: any[]) => Promise<any>} action
 * @property {(path: string, name: string, args: any[]) => void} actionNoWait
 * @property {(path: string, method: string, args: any[]) => Promise<any>} uiRequest
 * @property {(path: string, method: string, args: any[]) => void} uiNotify
 * @property {{mode: string, hasUI: boolean, cwd: string}} session
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
    modelRegistry: createModelRegistryView(mirror),
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
    ctx.tools = mirror.values.allTools ?? [];
    ctx.executeTool = (/** @type {string} */ name, /** @type {any} */ args) =>
      host.action(extensionPath, "executeTool", [name, args, { parentToolCallId: call.toolCallId }]);
  }
  if (kind === "command") {
    // Session replacement runs in tau; callbacks (`setup`, `withSession`) cannot cross the process boundary yet.
    const session = (/** @type {string} */ name) => async (/** @type {any[]} */ ...args) => {
      const options = args.find((a) => a && typeof a === "object");
      if (options && (typeof options.withSession === "function" || typeof options.setup === "function")) {
        throw new Error(`ctx.${name}() with withSession/setup callbacks is not supported by tau yet`);
      }
      const result = await host.action(extensionPath, name, args);
      return result ?? { cancelled: false };
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
  return ctx;
}

/**
 * The parts of Pi's `ModelRegistry` extensions read, over the mirrored model list (`models`) and
 * tau's answers; key lookups go to tau.
 * @param {import("./state.mjs").StateMirror} mirror
 */
function createModelRegistryView(mirror) {
  const models = () => /** @type {any[]} */ (mirror.values.models ?? []);
  return {
    getAll: () => models(),
    getAvailable: () => models(),
    find: (/** @type {string} */ provider, /** @type {string} */ id) =>
      models().find((m) => m.provider === provider && m.id === id),
  };
}
