// `ctx.modelRegistry`: Pi's ModelRegistry facade as extensions use it. Lookups read the registry view tau
// mirrors (`models`: with credentials, `allModelsJson`: every chat model as JSON text, `providers`: id → {name, baseUrl,
// configured}); tau renews it when providers are registered or unregistered. Requests are served by tau's
// own providers (`modelComplete`), so they use tau's keys and settings; `stream`/`streamSimple` get tau's
// events live (`model_event` notifications) and rebuild Pi's cumulative `partial` message here.

/** Pi's empty usage. */
const ZERO_USAGE = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

let streamCounter = 0;

/**
 * A push/pull queue that is Pi's `AssistantMessageEventStream` (async iterable + `result()`).
 * @param {Promise<any>} result
 */
function eventQueue(result) {
  /** @type {any[]} */
  const queue = [];
  /** @type {((r: IteratorResult<any>) => void) | null} */
  let wake = null;
  let done = false;
  const push = (/** @type {any} */ event) => {
    if (done) return;
    if (wake) {
      const w = wake;
      wake = null;
      w({ value: event, done: false });
    } else queue.push(event);
  };
  const end = () => {
    done = true;
    if (wake) wake({ value: undefined, done: true });
  };
  const stream = {
    result: () => result,
    [Symbol.asyncIterator]() {
      return {
        next: () =>
          queue.length > 0
            ? Promise.resolve({ value: queue.shift(), done: false })
            : done
              ? Promise.resolve({ value: undefined, done: true })
              : new Promise((resolve) => (wake = resolve)),
        return: () => Promise.resolve({ value: undefined, done: true }),
      };
    },
  };
  return { stream, push, end };
}

/** Best-effort arguments of a tool call whose JSON is still streaming. @param {string} text */
function partialArguments(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/**
 * Turns tau's wire events (no `partial`) into Pi's, keeping the cumulative message.
 * @param {any} model
 */
function piEvents(model) {
  /** @type {any} */
  const partial = { role: "assistant", content: [], api: model?.api, provider: model?.provider, model: model?.id, usage: structuredClone(ZERO_USAGE), stopReason: "pending", timestamp: Date.now() };
  /** @type {Map<number, string>} */
  const argumentText = new Map();
  /** @param {any} event @returns {any} */
  return (event) => {
    const i = event.contentIndex;
    switch (event.type) {
      case "start":
        return { type: "start", partial };
      case "text_start":
        partial.content[i] = { type: "text", text: "" };
        return { type: "text_start", contentIndex: i, partial };
      case "text_delta":
        partial.content[i].text += event.delta;
        return { type: "text_delta", contentIndex: i, delta: event.delta, partial };
      case "text_end":
        partial.content[i].text = event.content;
        return { type: "text_end", contentIndex: i, content: event.content, partial };
      case "thinking_start":
        partial.content[i] = { type: "thinking", thinking: "" };
        return { type: "thinking_start", contentIndex: i, partial };
      case "thinking_delta":
        partial.content[i].thinking += event.delta;
        return { type: "thinking_delta", contentIndex: i, delta: event.delta, partial };
      case "thinking_end":
        partial.content[i].thinking = event.content;
        return { type: "thinking_end", contentIndex: i, content: event.content, partial };
      case "toolcall_start":
        partial.content[i] = { type: "toolCall", id: event.id, name: event.toolName, arguments: {} };
        argumentText.set(i, "");
        return { type: "toolcall_start", contentIndex: i, partial };
      case "toolcall_delta": {
        const text = (argumentText.get(i) ?? "") + event.delta;
        argumentText.set(i, text);
        partial.content[i].arguments = partialArguments(text);
        return { type: "toolcall_delta", contentIndex: i, delta: event.delta, partial };
      }
      case "toolcall_end":
        partial.content[i] = event.toolCall;
        return { type: "toolcall_end", contentIndex: i, toolCall: event.toolCall, partial };
      case "done":
        return { type: "done", reason: event.reason, message: { role: "assistant", ...event.message } };
      case "error":
        return { type: "error", reason: event.reason, error: { role: "assistant", ...event.error } };
      default:
        return undefined;
    }
  };
}

/**
 * @param {import("./state.mjs").StateMirror} mirror
 * @param {import("./context.mjs").ContextServices} host
 * @param {string} extensionPath
 */
export function createModelRegistryView(mirror, host, extensionPath) {
  const available = () => /** @type {any[]} */ (mirror.values.models ?? []);
  const all = () => mirror.allModels();
  const providers = () => /** @type {Record<string, any>} */ (mirror.values.providers ?? {});
  const find = (/** @type {string} */ provider, /** @type {string} */ id) => all().find((m) => m.provider === provider && m.id === id);
  const configured = (/** @type {string} */ provider) => available().some((m) => m.provider === provider);
  const plain = (/** @type {any} */ options) => {
    if (!options || typeof options !== "object") return {};
    const { signal: _signal, onPayload: _onPayload, onResponse: _onResponse, onProviderStreamEvent: _onEvent, ...rest } = options;
    return JSON.parse(JSON.stringify(rest));
  };
  const ref = (/** @type {any} */ model) => ({ provider: model?.provider, id: model?.id });
  const failed = (/** @type {any} */ model, /** @type {unknown} */ error, /** @type {boolean} */ aborted) => ({
    role: "assistant",
    content: [],
    api: model?.api,
    provider: model?.provider,
    model: model?.id,
    usage: structuredClone(ZERO_USAGE),
    stopReason: aborted ? "aborted" : "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now(),
  });
  /** @param {any} model @param {any} context @param {any} [options] @param {string} [streamId] */
  const request = (model, context, options, streamId) =>
    host.action(extensionPath, "modelComplete", [ref(model), JSON.parse(JSON.stringify(context ?? {})), plain(options), streamId ?? null], {
      signal: options?.signal,
    });
  /** Pi's `complete`: the final message; failures are a message with stop reason `error`/`aborted`. */
  const complete = async (/** @type {any} */ model, /** @type {any} */ context, /** @type {any} */ options) => {
    try {
      return await request(model, context, options);
    } catch (error) {
      return failed(model, error, Boolean(options?.signal?.aborted));
    }
  };
  /** @param {any} model @param {any} context @param {any} [options] */
  const stream = (model, context, options) => {
    const streamId = `model-${++streamCounter}`;
    const toPi = piEvents(model);
    /** @type {(value: any) => void} */
    let settle = () => {};
    const result = new Promise((resolve) => (settle = resolve));
    const { stream: events, push, end } = eventQueue(result);
    let final = false;
    host.modelStreams?.set(streamId, (event) => {
      const piEvent = toPi(event);
      if (!piEvent) return;
      push(piEvent);
      if (piEvent.type === "done" || piEvent.type === "error") {
        final = true;
        settle(piEvent.type === "done" ? piEvent.message : piEvent.error);
      }
    });
    request(model, context, options, streamId).then(
      (message) => {
        // tau answers after its last event; the message is the same one.
        if (!final) {
          const failedRun = message?.stopReason === "error" || message?.stopReason === "aborted";
          push(failedRun ? { type: "error", reason: message.stopReason, error: message } : { type: "done", reason: message?.stopReason, message });
          settle(message);
        }
      },
      (error) => {
        if (!final) {
          const message = failed(model, error, Boolean(options?.signal?.aborted));
          push({ type: "error", reason: message.stopReason, error: message });
          settle(message);
        }
      },
    ).finally(() => {
      host.modelStreams?.delete(streamId);
      end();
    });
    return events;
  };
  /** @param {string} type @param {string} [provider] */
  const ofType = (type, provider) => (type === "chat" ? all().filter((m) => !provider || m.provider === provider) : []);
  /** @param {string} provider */
  const providerAuth = async (provider) => {
    const model = all().find((m) => m.provider === provider);
    if (!model) return undefined;
    const auth = await host.action(extensionPath, "modelAuth", [ref(model)]);
    if (!auth?.ok) return undefined;
    return { auth: { apiKey: auth.apiKey ?? undefined, headers: auth.headers ?? undefined }, source: auth.source ?? undefined };
  };
  return {
    async refresh() {
      await host.action(extensionPath, "modelRefresh", []);
      return { aborted: false, errors: new Map() };
    },
    getError: () => undefined,
    getAll: () => [...all()],
    getAvailable: () => [...available()],
    find,
    findOfType: (/** @type {string} */ type, /** @type {string} */ provider, /** @type {string} */ id) => (type === "chat" ? find(provider, id) : undefined),
    getModelOfType: (/** @type {string} */ type, /** @type {string} */ provider, /** @type {string} */ id) => (type === "chat" ? find(provider, id) : undefined),
    getModelsOfType: ofType,
    getAvailableOfType: (/** @type {string} */ type, /** @type {string} */ provider) => ofType(type, provider).filter((m) => configured(m.provider)),
    hasConfiguredAuth: (/** @type {any} */ model) => configured(model?.provider),
    getProviderAuthStatus: (/** @type {string} */ provider) => (configured(provider) ? { configured: true } : { configured: false }),
    getProvider(/** @type {string} */ provider) {
      const info = providers()[provider];
      if (!info) return undefined;
      return { id: info.id, name: info.name, baseUrl: info.baseUrl ?? undefined, getModels: () => all().filter((m) => m.provider === provider) };
    },
    getProviderDisplayName: (/** @type {string} */ provider) => providers()[provider]?.name ?? provider,
    isUsingOAuth: (/** @type {any} */ model) => Boolean(providers()[model?.provider]?.usingOAuth),
    /** @param {any} model */
    async getApiKeyAndHeaders(model) {
      const auth = await host.action(extensionPath, "modelAuth", [ref(model)]);
      if (!auth?.ok) return { ok: false, error: auth?.error ?? `No API key found for "${model?.provider}"` };
      return { ok: true, apiKey: auth.apiKey ?? undefined, headers: auth.headers ?? undefined };
    },
    /** @param {string} provider */
    async getApiKeyForProvider(provider) {
      return (await providerAuth(provider))?.auth.apiKey;
    },
    getProviderAuth: providerAuth,
    complete,
    stream,
    streamSimple: stream,
    /** Pi's `classify` never rejects; tau's registry has no classifier models, so it answers Pi's error result. */
    async classify(/** @type {any} */ model) {
      return {
        api: model?.api,
        provider: model?.provider,
        model: model?.id,
        answers: {},
        stopReason: "error",
        errorMessage: `Model ${model?.provider}/${model?.id} is not a classifier model`,
        timestamp: Date.now(),
      };
    },
  };
}
