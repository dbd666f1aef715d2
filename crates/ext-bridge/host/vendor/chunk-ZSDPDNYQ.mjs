import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
import {
  AssistantMessageEventStream,
  formatThrownValue
} from "./chunk-35ZB5F2W.mjs";
import {
  contentText,
  getOpenCodeSessionHeaders,
  getSystemMessageText,
  mergeClientIdentity,
  ownedSlice
} from "./chunk-PZWWXPOE.mjs";

// node_modules/@earendil-works/pi-ai/dist/api/lazy.js
function createSetupErrorMessage(model2, error, timestamp, stopReason) {
  return {
    role: "assistant",
    content: [],
    api: model2.api,
    provider: model2.provider,
    model: model2.id,
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }
    },
    stopReason,
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp
  };
}
function hasResult(source) {
  return typeof source.result === "function";
}
async function forwardStream(target, source, observer, observeResult) {
  let result;
  for await (const event of source) {
    target.push(event);
    observer?.onEvent?.(event);
    if (event.type === "done")
      result = event.message;
    else if (event.type === "error")
      result = event.error;
  }
  if (hasResult(source))
    result = await source.result();
  target.end(result);
  observeResult(result);
}
function lazyStream(model2, setup, observer, signal) {
  const startedAt = Date.now();
  const outer = new AssistantMessageEventStream();
  let observedResult = false;
  const observeResult = (result) => {
    if (observedResult)
      return;
    observedResult = true;
    observer?.onResult?.(result);
  };
  setup().then((inner) => forwardStream(outer, inner, observer, observeResult)).catch((error) => {
    const reason = signal?.aborted ? "aborted" : "error";
    const message = createSetupErrorMessage(model2, error, startedAt, reason);
    const event = { type: "error", reason, error: message };
    outer.push(event);
    observer?.onEvent?.(event);
    outer.end(message);
    observeResult(message);
  });
  return outer;
}
function lazyApi(load, capabilities) {
  const api = {
    stream: (model2, context, options) => lazyStream(model2, async () => (await load()).stream(model2, context, options), void 0, options?.signal),
    streamSimple: (model2, context, options) => lazyStream(model2, async () => (await load()).streamSimple(model2, context, options), void 0, options?.signal)
  };
  if (capabilities?.fetchDeferred) {
    api.fetchDeferred = (model2, handle, options) => lazyStream(model2, async () => {
      const implementation = await load();
      if (!implementation.fetchDeferred)
        throw new Error("API does not support deferred responses");
      return implementation.fetchDeferred(model2, handle, options);
    }, void 0, options?.signal);
  }
  if (capabilities?.cancelDeferred) {
    api.cancelDeferred = async (model2, handle, options) => {
      const implementation = await load();
      if (!implementation.cancelDeferred)
        throw new Error("API cannot cancel deferred responses");
      await implementation.cancelDeferred(model2, handle, options);
    };
  }
  return api;
}

// node_modules/@earendil-works/pi-ai/dist/auth/context.js
var __rewriteRelativeImportExtension = function(path, preserveJsx) {
  if (typeof path === "string" && /^\.\.?\//.test(path)) {
    return path.replace(/\.(tsx)$|((?:\.d)?)((?:\.[^./]+?)?)\.([cm]?)ts$/i, function(m, tsx, d, ext, cm) {
      return tsx ? preserveJsx ? ".jsx" : ".js" : d && (!ext || !cm) ? m : d + ext + "." + cm.toLowerCase() + "js";
    });
  }
  return path;
};
var importNodeModule = (specifier) => import(__rewriteRelativeImportExtension(specifier));
function getProcessEnv() {
  const proc = globalThis.process;
  return proc?.env;
}
function defaultProviderAuthContext() {
  return {
    async env(name) {
      const value = getProcessEnv()?.[name];
      return typeof value === "string" && value.trim().length > 0 ? value : void 0;
    },
    async fileExists(path) {
      try {
        const fs = await importNodeModule("node:fs/promises");
        let resolved = path;
        if (resolved.startsWith("~")) {
          const os = await importNodeModule("node:os");
          resolved = os.homedir() + resolved.slice(1);
        }
        await fs.access(resolved);
        return true;
      } catch {
        return false;
      }
    }
  };
}

// node_modules/@earendil-works/pi-ai/dist/utils/abort.js
function abortReason(signal) {
  if (signal.reason !== void 0)
    return signal.reason;
  const error = new Error("The operation was aborted");
  error.name = "AbortError";
  return error;
}
function operationSignal(signal) {
  return signal ?? new AbortController().signal;
}
function raceWithAbortSignal(operation, signal) {
  if (signal.aborted) {
    void operation.catch(() => {
    });
    return Promise.reject(abortReason(signal));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const cleanup = () => signal.removeEventListener("abort", onAbort);
    const onAbort = () => {
      if (settled)
        return;
      settled = true;
      cleanup();
      reject(abortReason(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    void operation.then((value) => {
      if (settled)
        return;
      settled = true;
      cleanup();
      resolve(value);
    }, (error) => {
      if (settled)
        return;
      settled = true;
      cleanup();
      reject(error);
    });
    if (signal.aborted)
      onAbort();
  });
}

// node_modules/@earendil-works/pi-ai/dist/auth/credential-store.js
var InMemoryCredentialStore = class {
  credentials = /* @__PURE__ */ new Map();
  chains = /* @__PURE__ */ new Map();
  /** Serialize tasks per provider id without releasing the chain before active work settles. */
  enqueue(providerId, task, options) {
    const signal = operationSignal(options?.signal);
    const previous = this.chains.get(providerId) ?? Promise.resolve();
    const queued = (async () => {
      await previous.catch(() => {
      });
      signal.throwIfAborted();
      return task();
    })();
    const tail = queued.catch(() => {
    });
    this.chains.set(providerId, tail);
    void tail.then(() => {
      if (this.chains.get(providerId) === tail)
        this.chains.delete(providerId);
    });
    return raceWithAbortSignal(queued, signal);
  }
  async read(providerId, options) {
    options?.signal?.throwIfAborted();
    return this.credentials.get(providerId);
  }
  async list(options) {
    options?.signal?.throwIfAborted();
    return [...this.credentials].map(([providerId, credential]) => ({ providerId, type: credential.type }));
  }
  modify(providerId, fn, options) {
    return this.enqueue(providerId, async () => {
      const current = this.credentials.get(providerId);
      const next = await fn(current);
      options?.signal?.throwIfAborted();
      if (next !== void 0)
        this.credentials.set(providerId, next);
      return next ?? current;
    }, options);
  }
  delete(providerId, options) {
    return this.enqueue(providerId, async () => {
      this.credentials.delete(providerId);
    }, options);
  }
};

// node_modules/@earendil-works/pi-ai/dist/utils/models-error.js
var ModelsError = class extends Error {
  code;
  constructor(code, message, options) {
    super(withCauseDetail(message, options?.cause), options);
    this.name = "ModelsError";
    this.code = code;
  }
};
function withCauseDetail(message, cause) {
  if (cause === void 0 || cause === null)
    return message;
  const detail = formatThrownValue(cause).trim();
  if (!detail || message.includes(detail))
    return message;
  return `${message}: ${detail}`;
}

// node_modules/@earendil-works/pi-ai/dist/auth/resolve.js
function resolveProviderAuth(provider2, credentials, authContext, overrides) {
  const signal = operationSignal(overrides?.signal);
  return raceWithAbortSignal(resolveProviderAuthWithSignal(provider2, credentials, authContext, overrides, signal), signal);
}
async function resolveProviderAuthWithSignal(provider2, credentials, authContext, overrides, signal) {
  signal.throwIfAborted();
  const requestAuthContext = overrides?.env ? overlayEnvAuthContext(authContext, overrides.env) : authContext;
  if (overrides?.apiKey !== void 0 && provider2.auth.apiKey) {
    return resolveApiKey(requestAuthContext, provider2.auth.apiKey, provider2.id, {
      type: "api_key",
      key: overrides.apiKey,
      env: overrides.env
    }, signal);
  }
  const stored = await readCredential(credentials, provider2.id, signal);
  if (stored) {
    if (stored.type === "oauth" && provider2.auth.oauth) {
      return resolveStoredOAuth(credentials, provider2.id, provider2.auth.oauth, stored, signal, overrides?.minOAuthValidityMs);
    }
    if (stored.type === "api_key" && provider2.auth.apiKey) {
      const credential = overrides?.env ? { ...stored, env: { ...stored.env, ...overrides.env } } : stored;
      return resolveApiKey(requestAuthContext, provider2.auth.apiKey, provider2.id, credential, signal);
    }
    return void 0;
  }
  return provider2.auth.apiKey ? resolveApiKey(requestAuthContext, provider2.auth.apiKey, provider2.id, void 0, signal) : void 0;
}
function overlayEnvAuthContext(base, env) {
  return {
    env: async (name) => env[name] || await base.env(name),
    fileExists: (path) => base.fileExists(path)
  };
}
var DEFAULT_OAUTH_MINIMUM_VALIDITY_MS = 5 * 60 * 1e3;
var DEFAULT_OAUTH_REFRESH_TIMEOUT_MS = 15e3;
async function refreshStoredOAuthCredential(credentials, providerId, oauth, needsRefresh, signal) {
  let post;
  const lockWait = new AbortController();
  const cancelLockWait = () => lockWait.abort(signal.reason);
  signal.addEventListener("abort", cancelLockWait, { once: true });
  if (signal.aborted)
    cancelLockWait();
  try {
    post = await credentials.modify(providerId, async (current) => {
      signal.removeEventListener("abort", cancelLockWait);
      signal.throwIfAborted();
      if (current?.type !== "oauth")
        return void 0;
      if (!needsRefresh(current))
        return void 0;
      try {
        return await oauth.refresh(current, AbortSignal.timeout(DEFAULT_OAUTH_REFRESH_TIMEOUT_MS));
      } catch (error) {
        throw new ModelsError("oauth", `OAuth refresh failed for ${providerId}`, { cause: error });
      }
    }, { signal: lockWait.signal });
  } catch (error) {
    if (error instanceof ModelsError)
      throw error;
    signal.throwIfAborted();
    throw new ModelsError("auth", `Credential store modify failed for ${providerId}`, { cause: error });
  } finally {
    signal.removeEventListener("abort", cancelLockWait);
  }
  return post?.type === "oauth" ? post : void 0;
}
async function resolveStoredOAuth(credentials, providerId, oauth, stored, signal, minOAuthValidityMs) {
  const minimumValidityMs = Math.max(DEFAULT_OAUTH_MINIMUM_VALIDITY_MS, minOAuthValidityMs ?? 0);
  const expiresSoon = (credential2) => Date.now() + minimumValidityMs >= credential2.expires;
  let credential = stored;
  if (expiresSoon(credential)) {
    const post = await refreshStoredOAuthCredential(credentials, providerId, oauth, expiresSoon, signal);
    if (!post)
      return void 0;
    credential = post;
    if (minOAuthValidityMs !== void 0 && expiresSoon(credential)) {
      throw new ModelsError("oauth", `OAuth refresh returned a token that expires too soon for ${providerId}`);
    }
  }
  try {
    return { auth: await oauth.toAuth(credential), source: "OAuth" };
  } catch (error) {
    throw new ModelsError("oauth", `OAuth auth derivation failed for ${providerId}`, { cause: error });
  }
}
async function resolveApiKey(authContext, apiKey, providerId, credential, signal) {
  try {
    return await apiKey.resolve({ ctx: authContext, credential, signal });
  } catch (error) {
    throw new ModelsError("auth", `API key auth failed for provider ${providerId}`, { cause: error });
  }
}
async function readCredential(credentials, providerId, signal) {
  try {
    return await credentials.read(providerId, { signal });
  } catch (error) {
    throw new ModelsError("auth", `Credential store read failed for ${providerId}`, { cause: error });
  }
}

// node_modules/@earendil-works/pi-ai/dist/models-store.js
var InMemoryModelsStore = class {
  entries = /* @__PURE__ */ new Map();
  async read(providerId, options) {
    options?.signal?.throwIfAborted();
    const entry = this.entries.get(providerId);
    return entry ? structuredClone(entry) : void 0;
  }
  async write(providerId, entry, options) {
    options?.signal?.throwIfAborted();
    this.entries.set(providerId, structuredClone(entry));
  }
  async delete(providerId, options) {
    options?.signal?.throwIfAborted();
    this.entries.delete(providerId);
  }
};

// node_modules/@earendil-works/pi-telemetry/dist/metrics.js
function createTypedMetrics(metrics, schemas) {
  const definitions = /* @__PURE__ */ new Map();
  for (const schema of schemas) {
    for (const [name, definition] of Object.entries(schema.metrics ?? {}))
      definitions.set(name, definition);
  }
  return {
    counter: (name) => metrics.counter(name, definitions.get(name)),
    upDownCounter: (name) => metrics.upDownCounter(name, definitions.get(name)),
    histogram: (name) => metrics.histogram(name, definitions.get(name))
  };
}

// node_modules/@earendil-works/pi-telemetry/dist/noop.js
async function startNoopSpan(_options, callback) {
  return callback(noopTelemetrySpan);
}
var noopCounter = Object.freeze({ add: () => {
} });
var noopUpDownCounter = Object.freeze({ add: () => {
} });
var noopHistogram = Object.freeze({ record: () => {
} });
var NOOP_TELEMETRY_METRICS = Object.freeze({
  counter: () => noopCounter,
  upDownCounter: () => noopUpDownCounter,
  histogram: () => noopHistogram
});
var NOOP_TELEMETRY_PROPAGATION = Object.freeze({
  inject: () => void 0,
  extract: () => NOOP_TELEMETRY_CONTEXT
});
var noopTelemetrySpan = {
  metrics: NOOP_TELEMETRY_METRICS,
  propagation: NOOP_TELEMETRY_PROPAGATION,
  startSpan: startNoopSpan,
  addLink: () => {
  },
  addEvent: () => {
  },
  setAttributes: () => {
  },
  setStatus: () => {
  }
};
Object.freeze(noopTelemetrySpan);
var NOOP_TELEMETRY_CONTEXT = noopTelemetrySpan;

// node_modules/@earendil-works/pi-telemetry/dist/memory.js
var anchor = performance.timeOrigin;

// node_modules/@earendil-works/pi-telemetry/dist/index.js
function defineTelemetrySchema(schema) {
  return schema;
}
function bindTypedSpanStarter(telemetryContext) {
  const startSpan = (name, attributes, callback) => telemetryContext.startSpan({ name, attributes }, (span) => callback(span, bindTypedSpanStarter(span)));
  return startSpan;
}
function createTypedSpanStarter(telemetryContext, _schemas) {
  return bindTypedSpanStarter(telemetryContext);
}

// node_modules/@earendil-works/pi-ai/dist/telemetry.js
var provider = { type: "string", description: "Provider identifier.", required: true };
var model = { type: "string", description: "Requested model identifier.", required: true };
var stop = {
  type: "string",
  description: "Normalized stop reason.",
  values: ["pending", "stop", "length", "toolUse", "error", "aborted", "deferred"]
};
var request = {
  description: "One logical model request, including authentication and provider setup.",
  parents: { kind: "any" },
  startAttributes: {
    provider,
    api: { type: "string", description: "API identifier.", required: true },
    model,
    reasoning: { type: "string", description: "Scalar requested reasoning level.", required: false }
  },
  endAttributes: {
    stop,
    "usage.input": { type: "number", description: "Uncached input tokens." },
    "usage.output": { type: "number", description: "Output tokens." },
    "usage.cache_read": { type: "number", description: "Cache-read tokens." },
    "usage.cache_write": { type: "number", description: "Cache-write tokens." },
    "cost.total": { type: "number", description: "Total request cost in USD." },
    "response.id": { type: "string", description: "Provider response identifier.", cardinality: "high" }
  },
  events: {
    "pi.ai.first_chunk": { description: "First normalized stream event delivered.", attributes: {} },
    "pi.ai.block": {
      description: "A completed content block; content is never recorded.",
      attributes: {
        type: {
          type: "string",
          description: "Block kind.",
          values: ["text", "thinking", "tool_call"],
          required: true
        },
        index: { type: "number", description: "Content block index.", required: true },
        chars: { type: "number", description: "UTF-16 character count.", required: true },
        tool: { type: "string", description: "Tool name, for tool-call blocks only.", required: false }
      }
    }
  },
  status: {
    default: "ok",
    errorWhen: "Stop reason is error: provider_error with at most 500 error-message characters. Aborted stays ok."
  }
};
var AI_TELEMETRY_SCHEMA = defineTelemetrySchema({
  version: 1,
  spans: {
    "pi.ai.request": request,
    "pi.ai.poll": { ...request, description: "One deferred-response poll, not the deferred request's lifetime." }
  },
  metrics: {
    "pi.ai.request.duration": {
      kind: "histogram",
      description: "Logical request or poll duration.",
      unit: "ms",
      attributes: { provider, model, stop: { ...stop, required: true } }
    },
    "pi.ai.first_chunk.duration": {
      kind: "histogram",
      description: "Time to the first normalized stream event.",
      unit: "ms",
      attributes: { provider, model }
    },
    "pi.ai.tokens": {
      kind: "counter",
      description: "Reported model token usage; pending and deferred polls are excluded.",
      unit: "token",
      attributes: {
        provider,
        model,
        kind: {
          type: "string",
          description: "Token usage category.",
          values: ["input", "output", "cache_read", "cache_write"],
          required: true
        }
      }
    },
    "pi.ai.cost": {
      kind: "counter",
      description: "Reported model cost; pending and deferred polls are excluded.",
      unit: "USD",
      attributes: { provider, model }
    }
  }
});
function createInstruments(adapter) {
  const metrics = createTypedMetrics(adapter, [AI_TELEMETRY_SCHEMA]);
  return {
    requestDuration: metrics.histogram("pi.ai.request.duration"),
    firstChunkDuration: metrics.histogram("pi.ai.first_chunk.duration"),
    tokens: metrics.counter("pi.ai.tokens"),
    cost: metrics.counter("pi.ai.cost")
  };
}
var instrumentCache = /* @__PURE__ */ new WeakMap();
function observeModelRequest(requestedModel, options, poll) {
  const started = performance.now();
  const attributes = { provider: requestedModel.provider, model: requestedModel.id };
  const adapter = options?.telemetry?.metrics ?? NOOP_TELEMETRY_METRICS;
  let instruments = instrumentCache.get(adapter);
  if (!instruments) {
    instruments = createInstruments(adapter);
    instrumentCache.set(adapter, instruments);
  }
  const { requestDuration, firstChunkDuration, tokens, cost } = instruments;
  let span;
  let finish;
  let first = true;
  const toolChars = /* @__PURE__ */ new Map();
  const finished = new Promise((resolve) => {
    finish = resolve;
  });
  const run = (activeSpan) => {
    span = activeSpan;
    return finished;
  };
  const startAttributes = {
    ...attributes,
    api: requestedModel.api,
    ...typeof options?.reasoning === "string" ? { reasoning: options.reasoning } : {}
  };
  const start = createTypedSpanStarter(options?.telemetry ?? NOOP_TELEMETRY_CONTEXT, [AI_TELEMETRY_SCHEMA]);
  if (poll)
    void start("pi.ai.poll", startAttributes, run);
  else
    void start("pi.ai.request", startAttributes, run);
  return {
    onEvent(event) {
      if (first) {
        first = false;
        span.addEvent("pi.ai.first_chunk");
        firstChunkDuration.record(performance.now() - started, attributes, span);
      }
      if (event.type === "toolcall_delta") {
        toolChars.set(event.contentIndex, (toolChars.get(event.contentIndex) ?? 0) + event.delta.length);
      } else if (event.type === "text_end" || event.type === "thinking_end") {
        span.addEvent("pi.ai.block", {
          type: event.type === "text_end" ? "text" : "thinking",
          index: event.contentIndex,
          chars: event.content.length
        });
      } else if (event.type === "toolcall_end") {
        const chars = toolChars.get(event.contentIndex) ?? 0;
        toolChars.delete(event.contentIndex);
        span.addEvent("pi.ai.block", {
          type: "tool_call",
          index: event.contentIndex,
          chars,
          tool: event.toolCall.name
        });
      }
    },
    onResult(message) {
      if (message) {
        span.setAttributes({
          stop: message.stopReason,
          "usage.input": message.usage.input,
          "usage.output": message.usage.output,
          "usage.cache_read": message.usage.cacheRead,
          "usage.cache_write": message.usage.cacheWrite,
          "cost.total": message.usage.cost.total,
          "response.id": message.responseId
        });
        if (message.stopReason === "error") {
          span.setStatus({
            status: "error",
            error: { name: "provider_error", message: ownedSlice(message.errorMessage ?? "", 0, 500) }
          });
        }
        requestDuration.record(performance.now() - started, { ...attributes, stop: message.stopReason }, span);
        if (!poll || message.stopReason !== "pending" && message.stopReason !== "deferred") {
          tokens.add(message.usage.input, { ...attributes, kind: "input" });
          tokens.add(message.usage.output, { ...attributes, kind: "output" });
          tokens.add(message.usage.cacheRead, { ...attributes, kind: "cache_read" });
          tokens.add(message.usage.cacheWrite, { ...attributes, kind: "cache_write" });
          cost.add(message.usage.cost.total, attributes);
        }
      }
      finish();
    }
  };
}

// node_modules/@earendil-works/pi-ai/dist/utils/model-operations.js
function getModelType(model2) {
  return model2.type ?? "chat";
}
function isModelType(model2, type) {
  return getModelType(model2) === type;
}
function assertChatModel(model2) {
  if (!isModelType(model2, "chat")) {
    throw new ModelsError("provider", `Model ${model2.provider}/${model2.id} is not a chat model`);
  }
}
function assertImageModel(model2) {
  if (!isModelType(model2, "image")) {
    throw new ModelsError("provider", `Model ${model2.provider}/${model2.id} is not an image model`);
  }
}
function assertClassifierModel(model2) {
  if (!isModelType(model2, "classifier")) {
    throw new ModelsError("provider", `Model ${model2.provider}/${model2.id} is not a classifier model`);
  }
}
function assertClassifierInputSupported(model2, context) {
  if (context.images?.length && !model2.input.includes("image")) {
    throw new ModelsError("provider", `Model ${model2.provider}/${model2.id} does not accept image input`);
  }
}
function imageErrorResult(model2, error, aborted = false) {
  return {
    api: model2.api,
    provider: model2.provider,
    model: model2.id,
    output: [],
    stopReason: aborted ? "aborted" : "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now()
  };
}
function classifierErrorResult(model2, error, aborted = false) {
  return {
    api: model2.api,
    provider: model2.provider,
    model: model2.id,
    answers: {},
    stopReason: aborted ? "aborted" : "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now()
  };
}

// node_modules/@earendil-works/pi-ai/dist/utils/transcript.js
function createInitialSystemMessage(systemPrompt, tools) {
  const hasSystemPrompt = systemPrompt !== void 0 && systemPrompt.length > 0;
  const hasTools = tools !== void 0 && tools.length > 0;
  if (!hasSystemPrompt && !hasTools)
    return void 0;
  return {
    role: "system",
    content: systemPrompt ?? "",
    ...hasTools ? { toolsAdded: tools } : {},
    timestamp: 0
  };
}
function normalizeContext(context) {
  const initialMessage = createInitialSystemMessage(context.systemPrompt, context.tools);
  const messages = initialMessage ? [initialMessage, ...context.messages] : context.messages;
  return { messages };
}
function isSystemMessage(message) {
  return message.role === "system";
}
function getInitialSystemMessage(messages) {
  const first = messages[0];
  return first && isSystemMessage(first) ? first : void 0;
}
function withoutInitialSystemMessage(messages) {
  return getInitialSystemMessage(messages) ? messages.slice(1) : messages;
}
function getCurrentTools(messages) {
  const tools = /* @__PURE__ */ new Map();
  for (const message of messages) {
    if (!isSystemMessage(message))
      continue;
    for (const tool of message.toolsRemoved ?? [])
      tools.delete(tool.name);
    for (const tool of message.toolsAdded ?? [])
      tools.set(tool.name, tool);
  }
  return [...tools.values()];
}
function getCurrentSystemMessage(messages) {
  const content = [];
  const sections = /* @__PURE__ */ new Map();
  let timestamp;
  for (const message of messages) {
    if (!isSystemMessage(message))
      continue;
    timestamp ??= message.timestamp;
    const text = contentText(message.content);
    if (text.length > 0)
      content.push(text);
    for (const [name, value] of Object.entries(message.sections ?? {})) {
      if (value === null)
        sections.delete(name);
      else
        sections.set(name, value);
    }
  }
  const tools = getCurrentTools(messages);
  if (timestamp === void 0 && tools.length === 0)
    return void 0;
  return {
    role: "system",
    content: content.join("\n\n"),
    ...sections.size > 0 ? { sections: Object.fromEntries(sections) } : {},
    ...tools.length > 0 ? { toolsAdded: tools } : {},
    timestamp: timestamp ?? 0
  };
}
function getCurrentSystemPrompt(messages) {
  const message = getCurrentSystemMessage(messages);
  return message ? getSystemMessageText(message) : "";
}
function collapseSystemMessages(context) {
  const head = getCurrentSystemMessage(context.messages);
  const messages = context.messages.filter((message) => message.role !== "system");
  return { messages: head ? [head, ...messages] : messages };
}
function resolveTranscript(context, supportsMidConvoSystemMessages) {
  return supportsMidConvoSystemMessages ? context : collapseSystemMessages(context);
}
function toToolDeclaration(tool) {
  return {
    name: tool.name,
    description: tool.description,
    parameters: JSON.parse(JSON.stringify(tool.parameters)),
    ...tool.constrainedSampling === void 0 ? {} : { constrainedSampling: tool.constrainedSampling }
  };
}
function declarationsEqual(left, right) {
  return JSON.stringify(toToolDeclaration(left)) === JSON.stringify(toToolDeclaration(right));
}
function getToolStateChanges(previous, current) {
  const previousTools = new Map(previous.map((tool) => [tool.name, tool]));
  const currentTools = new Map(current.map((tool) => [tool.name, tool]));
  return {
    toolsAdded: current.filter((tool) => {
      const previousTool = previousTools.get(tool.name);
      return previousTool === void 0 || !declarationsEqual(previousTool, tool);
    }).map(toToolDeclaration),
    toolsRemoved: previous.filter((tool) => {
      const currentTool = currentTools.get(tool.name);
      return currentTool === void 0 || !declarationsEqual(tool, currentTool);
    }).map((tool) => ({ name: tool.name }))
  };
}
function getDeclaredTools(messages) {
  const definitions = /* @__PURE__ */ new Map();
  for (const message of messages) {
    if (!isSystemMessage(message))
      continue;
    for (const tool of message.toolsAdded ?? [])
      definitions.set(tool.name, tool);
  }
  return [...definitions.values()];
}
function hasToolRedefinitions(messages) {
  const declared = /* @__PURE__ */ new Map();
  for (const message of messages) {
    if (!isSystemMessage(message))
      continue;
    for (const tool of message.toolsAdded ?? []) {
      const previous = declared.get(tool.name);
      if (previous !== void 0 && !declarationsEqual(previous, tool))
        return true;
      declared.set(tool.name, tool);
    }
  }
  return false;
}
function hasNonAdditiveToolChanges(messages) {
  return findLastNonAdditiveToolChange(messages.filter(isSystemMessage)) >= 0;
}
function findLastNonAdditiveToolChange(systemMessages) {
  const declared = /* @__PURE__ */ new Set();
  let last = -1;
  for (let index = 0; index < systemMessages.length; index++) {
    const message = systemMessages[index];
    if ((message.toolsRemoved?.length ?? 0) > 0)
      last = index;
    for (const tool of message.toolsAdded ?? []) {
      if (declared.has(tool.name))
        last = index;
      declared.add(tool.name);
    }
  }
  return last;
}
function resolveTranscriptTools(messages, support) {
  const systemMessages = messages.filter(isSystemMessage);
  if (support === "none") {
    return { requestTools: getCurrentTools(systemMessages), foldedSystemMessages: systemMessages.length };
  }
  if (support === "changes")
    return { requestTools: [], foldedSystemMessages: 0 };
  const folded = Math.max(getInitialSystemMessage(messages) ? 1 : 0, findLastNonAdditiveToolChange(systemMessages) + 1);
  return { requestTools: getCurrentTools(systemMessages.slice(0, folded)), foldedSystemMessages: folded };
}

// node_modules/@earendil-works/pi-ai/dist/models.js
var KNOWN_MODEL_TYPES = { chat: true, image: true, classifier: true };
function hasKnownModelType(model2) {
  return Object.hasOwn(KNOWN_MODEL_TYPES, getModelType(model2));
}
function withKnownModelTypes(entry) {
  return { ...entry, models: entry.models.filter(hasKnownModelType) };
}
function mergeHeaders(base, override) {
  if (!base && !override)
    return void 0;
  const merged = { ...base };
  for (const [name, value] of Object.entries(override ?? {})) {
    const lowerName = name.toLowerCase();
    for (const existingName of Object.keys(merged)) {
      if (existingName.toLowerCase() === lowerName)
        delete merged[existingName];
    }
    merged[name] = value;
  }
  return merged;
}
var ModelsImpl = class {
  providers = /* @__PURE__ */ new Map();
  credentials;
  modelsStore;
  authContext;
  identity;
  refreshGenerations = /* @__PURE__ */ new Map();
  refreshControllers = /* @__PURE__ */ new Map();
  publicationChains = /* @__PURE__ */ new Map();
  constructor(options) {
    this.credentials = options?.credentials ?? new InMemoryCredentialStore();
    this.modelsStore = options?.modelsStore ?? new InMemoryModelsStore();
    this.authContext = options?.authContext ?? defaultProviderAuthContext();
    this.identity = options?.identity;
  }
  setProvider(provider2) {
    this.supersedeProviderRefresh(provider2.id);
    this.providers.set(provider2.id, provider2);
  }
  deleteProvider(id) {
    this.supersedeProviderRefresh(id);
    this.providers.delete(id);
  }
  clearProviders() {
    for (const id of /* @__PURE__ */ new Set([...this.providers.keys(), ...this.refreshControllers.keys()])) {
      this.supersedeProviderRefresh(id);
    }
    this.providers.clear();
  }
  getProviders() {
    return Array.from(this.providers.values());
  }
  getProvider(id) {
    return this.providers.get(id);
  }
  getModels(provider2) {
    if (provider2 !== void 0) {
      const entry = this.providers.get(provider2);
      if (!entry)
        return [];
      try {
        return entry.getModels();
      } catch {
        return [];
      }
    }
    const models = [];
    for (const entry of this.providers.values()) {
      try {
        models.push(...entry.getModels());
      } catch {
      }
    }
    return models;
  }
  getAllModels(provider2) {
    if (provider2 !== void 0) {
      const entry = this.providers.get(provider2);
      if (!entry)
        return [];
      try {
        return entry.getAllModels?.() ?? entry.getModels();
      } catch {
        return [];
      }
    }
    const models = [];
    for (const entry of this.providers.values()) {
      try {
        models.push(...entry.getAllModels?.() ?? entry.getModels());
      } catch {
      }
    }
    return models;
  }
  getModelsOfType(type, provider2) {
    return this.getAllModels(provider2).filter((model2) => isModelType(model2, type));
  }
  getModel(provider2, id) {
    return this.getModels(provider2).find((model2) => model2.id === id);
  }
  getModelOfType(type, provider2, id) {
    return this.getModelsOfType(type, provider2).find((model2) => model2.id === id);
  }
  supersedeProviderRefresh(providerId) {
    const generation = (this.refreshGenerations.get(providerId) ?? 0) + 1;
    this.refreshGenerations.set(providerId, generation);
    const previous = this.refreshControllers.get(providerId);
    if (previous) {
      this.refreshControllers.delete(providerId);
      previous.abort();
    }
    return generation;
  }
  beginProviderRefresh(providerId) {
    const generation = this.supersedeProviderRefresh(providerId);
    const controller = new AbortController();
    this.refreshControllers.set(providerId, controller);
    return { generation, controller };
  }
  publishProviderModels(providerId, generation, signal, publication) {
    const previous = this.publicationChains.get(providerId) ?? Promise.resolve();
    const queued = (async () => {
      await previous.catch(() => {
      });
      if (signal.aborted || this.refreshGenerations.get(providerId) !== generation)
        return false;
      if (publication.persist === null) {
        await this.modelsStore.delete(providerId, { signal });
      } else if (publication.persist !== void 0) {
        await this.modelsStore.write(providerId, structuredClone(publication.persist), { signal });
      }
      if (signal.aborted || this.refreshGenerations.get(providerId) !== generation)
        return false;
      publication.update?.();
      return true;
    })();
    const tail = queued.catch(() => {
    });
    this.publicationChains.set(providerId, tail);
    void tail.then(() => {
      if (this.publicationChains.get(providerId) === tail)
        this.publicationChains.delete(providerId);
    });
    return raceWithAbortSignal(queued, signal);
  }
  async runProviderRefreshPhase(provider2, credential, allowNetwork, force, generation, signal) {
    const stored = await this.modelsStore.read(provider2.id, { signal });
    await provider2.refreshModels({
      credential,
      stored: stored ? withKnownModelTypes(structuredClone(stored)) : void 0,
      publish: (publication) => this.publishProviderModels(provider2.id, generation, signal, publication),
      allowNetwork,
      force: allowNetwork ? force : void 0,
      signal,
      baseUrl: provider2.baseUrl
    });
  }
  async refresh(options = {}) {
    const allowNetwork = options.allowNetwork ?? true;
    const callerSignal = operationSignal(options.signal);
    const errors = /* @__PURE__ */ new Map();
    if (callerSignal.aborted)
      return { aborted: true, errors };
    const selected = options.providers ? new Set(options.providers) : void 0;
    const refreshable = Array.from(this.providers.values()).filter((provider2) => provider2.refreshModels !== void 0 && (!selected || selected.has(provider2.id)));
    const refresh = Promise.all(refreshable.map(async (provider2) => {
      const { generation, controller } = this.beginProviderRefresh(provider2.id);
      const signal = AbortSignal.any([callerSignal, controller.signal]);
      const operation = (async () => {
        let storedCredential;
        let credentialError;
        try {
          storedCredential = await this.readCredential(provider2.id, signal);
        } catch (error) {
          credentialError = error;
        }
        await this.runProviderRefreshPhase(provider2, storedCredential, false, void 0, generation, signal);
        if (credentialError !== void 0)
          throw credentialError;
        if (!allowNetwork || signal.aborted)
          return;
        const network = await this.resolveNetworkRefresh(provider2, storedCredential, signal);
        if (!network)
          return;
        await this.runProviderRefreshPhase(provider2, network.credential, true, options.force, generation, signal);
      })();
      try {
        await raceWithAbortSignal(operation, signal);
      } catch (error) {
        if (!signal.aborted) {
          errors.set(provider2.id, error instanceof Error ? error : new ModelsError("model_source", `Model refresh failed for ${provider2.id}`, { cause: error }));
        }
      } finally {
        if (this.refreshControllers.get(provider2.id) === controller) {
          this.refreshControllers.delete(provider2.id);
        }
      }
    }));
    try {
      await raceWithAbortSignal(refresh, callerSignal);
    } catch (error) {
      if (!callerSignal.aborted)
        throw error;
    }
    return { aborted: callerSignal.aborted, errors: new Map(errors) };
  }
  /** The credential for the network refresh phase, or undefined when the provider is not configured. */
  async resolveNetworkRefresh(provider2, stored, signal) {
    if (provider2.refreshModelsAuth === "configured") {
      return await this.checkProviderAuth(provider2, stored, signal) ? {} : void 0;
    }
    const credential = await this.resolveRefreshCredential(provider2, stored, signal);
    return credential ? { credential } : void 0;
  }
  async resolveRefreshCredential(provider2, stored, signal) {
    if (stored?.type === "oauth") {
      const oauth = provider2.auth.oauth;
      if (!oauth)
        return void 0;
      if (Date.now() < stored.expires)
        return stored;
      if (signal.aborted)
        return void 0;
      return refreshStoredOAuthCredential(this.credentials, provider2.id, oauth, (current) => Date.now() >= current.expires, signal);
    }
    const apiKey = provider2.auth.apiKey;
    if (!apiKey)
      return void 0;
    const credential = stored?.type === "api_key" ? stored : void 0;
    const result = await apiKey.resolve({ ctx: this.authContext, credential, signal });
    if (!result)
      return void 0;
    return { type: "api_key", key: result.auth.apiKey, env: result.env };
  }
  async readCredential(providerId, signal) {
    try {
      return await this.credentials.read(providerId, { signal });
    } catch (error) {
      throw new ModelsError("auth", `Credential store read failed for ${providerId}`, { cause: error });
    }
  }
  async checkProviderAuth(provider2, credential, signal) {
    if (credential?.type === "oauth") {
      return provider2.auth.oauth ? { source: "OAuth", type: "oauth" } : void 0;
    }
    const apiKey = provider2.auth.apiKey;
    if (!apiKey)
      return void 0;
    if (apiKey.check) {
      try {
        return await apiKey.check({
          ctx: this.authContext,
          credential: credential?.type === "api_key" ? credential : void 0,
          signal
        });
      } catch (error) {
        throw new ModelsError("auth", `API key auth check failed for provider ${provider2.id}`, { cause: error });
      }
    }
    const resolution = await resolveProviderAuth(provider2, this.credentials, this.authContext, { signal });
    return resolution ? { source: resolution.source, type: "api_key" } : void 0;
  }
  checkAuth(providerId, options) {
    const signal = operationSignal(options?.signal);
    const check = (async () => {
      signal.throwIfAborted();
      const provider2 = this.providers.get(providerId);
      if (!provider2)
        return void 0;
      return this.checkProviderAuth(provider2, await this.readCredential(providerId, signal), signal);
    })();
    return raceWithAbortSignal(check, signal);
  }
  async getAuthenticatedProviders(providerId, signal) {
    signal.throwIfAborted();
    const providers = providerId ? [this.providers.get(providerId)].filter((entry) => entry !== void 0) : this.getProviders();
    const checks = await Promise.all(providers.map(async (provider2) => {
      const credential = await this.readCredential(provider2.id, signal);
      return { provider: provider2, credential, auth: await this.checkProviderAuth(provider2, credential, signal) };
    }));
    return checks.filter((entry) => entry.auth !== void 0);
  }
  getAvailable(providerId, options) {
    const signal = operationSignal(options?.signal);
    const available = (async () => {
      const providers = await this.getAuthenticatedProviders(providerId, signal);
      return providers.flatMap(({ provider: provider2, credential }) => {
        const models = provider2.getModels();
        return provider2.filterModels?.(models, credential) ?? models;
      });
    })();
    return raceWithAbortSignal(available, signal);
  }
  async getAvailableOfType(type, providerId, options) {
    return (await this.getAllAvailable(providerId, options)).filter((model2) => isModelType(model2, type));
  }
  getAllAvailable(providerId, options) {
    const signal = operationSignal(options?.signal);
    const available = (async () => {
      const providers = await this.getAuthenticatedProviders(providerId, signal);
      return providers.flatMap(({ provider: provider2, credential }) => {
        const models = provider2.getAllModels?.() ?? provider2.getModels();
        if (provider2.filterAllModels)
          return provider2.filterAllModels(models, credential);
        if (!provider2.filterModels)
          return models;
        const availableChatIds = new Set(provider2.filterModels(provider2.getModels(), credential).map((model2) => model2.id));
        return models.filter((model2) => !isModelType(model2, "chat") || availableChatIds.has(model2.id));
      });
    })();
    return raceWithAbortSignal(available, signal);
  }
  async getAuth(providerOrModel, overrides) {
    const signal = operationSignal(overrides?.signal);
    const providerId = typeof providerOrModel === "string" ? providerOrModel : providerOrModel.provider;
    const provider2 = this.providers.get(providerId);
    if (!provider2)
      return void 0;
    const result = await resolveProviderAuth(provider2, this.credentials, this.authContext, { ...overrides, signal });
    if (!result || typeof providerOrModel === "string" || !providerOrModel.headers)
      return result;
    return {
      ...result,
      auth: {
        ...result.auth,
        headers: mergeHeaders(result.auth.headers, providerOrModel.headers)
      }
    };
  }
  async login(providerId, type, interaction, options) {
    const signal = operationSignal(interaction.signal);
    signal.throwIfAborted();
    const provider2 = this.providers.get(providerId);
    if (!provider2)
      throw new ModelsError("provider", `Unknown provider: ${providerId}`);
    const method = type === "oauth" ? provider2.auth.oauth : provider2.auth.apiKey;
    if (!method?.login) {
      throw new ModelsError("auth", `${provider2.name} does not support ${type} login`);
    }
    const loginOperation = method.login({ ...interaction, signal }, options);
    const credential = await raceWithAbortSignal(loginOperation, signal);
    let mutationStarted = false;
    let markMutationStarted;
    const started = new Promise((resolve) => {
      markMutationStarted = resolve;
    });
    const mutation = this.credentials.modify(providerId, async () => {
      mutationStarted = true;
      markMutationStarted?.();
      return credential;
    }, { signal });
    void mutation.catch(() => {
    });
    try {
      await new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!mutationStarted)
            reject(signal.reason);
        };
        signal.addEventListener("abort", onAbort, { once: true });
        void Promise.race([started, mutation]).then(() => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        }, (error) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        });
        if (signal.aborted)
          onAbort();
      });
      await mutation;
    } catch (error) {
      signal.throwIfAborted();
      throw new ModelsError("auth", `Credential store modify failed for ${providerId}`, { cause: error });
    }
    return credential;
  }
  async logout(providerId, options) {
    const signal = operationSignal(options?.signal);
    signal.throwIfAborted();
    try {
      await this.credentials.delete(providerId, { signal });
    } catch (error) {
      signal.throwIfAborted();
      throw new ModelsError("auth", `Credential store delete failed for ${providerId}`, { cause: error });
    }
  }
  requireProvider(model2) {
    const provider2 = this.providers.get(model2.provider);
    if (!provider2) {
      throw new ModelsError("provider", `Unknown provider: ${model2.provider}`);
    }
    return provider2;
  }
  requireChatProvider(model2) {
    assertChatModel(model2);
    return this.requireProvider(model2);
  }
  async applyAuth(model2, options) {
    this.requireProvider(model2);
    const resolution = await this.getAuth(model2, {
      apiKey: options?.apiKey,
      env: options?.env,
      signal: options?.signal
    });
    if (!resolution) {
      throw new ModelsError("auth", `Provider is not configured: ${model2.provider}`);
    }
    const auth = resolution.auth;
    const apiKey = options?.apiKey ?? auth.apiKey;
    const requestModel = auth.baseUrl ? { ...model2, baseUrl: auth.baseUrl } : model2;
    const sessionId = options && "sessionId" in options && typeof options.sessionId === "string" ? options.sessionId : void 0;
    let headers = mergeHeaders(mergeHeaders(getOpenCodeSessionHeaders(requestModel, sessionId), auth.headers), options?.headers);
    if (options?.transformHeaders)
      headers = await options.transformHeaders(headers ?? {});
    const env = resolution.env || options?.env ? { ...resolution.env ?? {}, ...options?.env ?? {} } : void 0;
    const identity = mergeClientIdentity(this.identity, options?.identity);
    const { transformHeaders: _transformHeaders, ...providerOptions } = options ?? {};
    const requestOptions = {
      ...providerOptions,
      apiKey,
      headers,
      env,
      ...identity === void 0 ? {} : { identity }
    };
    return { requestModel, requestOptions };
  }
  stream(model2, context, options) {
    const transcript = normalizeContext(context);
    return lazyStream(model2, async () => {
      const provider2 = this.requireChatProvider(model2);
      const { requestModel, requestOptions } = await this.applyAuth(model2, options);
      return provider2.stream(requestModel, transcript, requestOptions);
    }, observeModelRequest(model2, options, false), options?.signal);
  }
  async complete(model2, context, options) {
    return this.stream(model2, context, options).result();
  }
  streamSimple(model2, context, options) {
    const transcript = normalizeContext(context);
    return lazyStream(model2, async () => {
      const provider2 = this.requireChatProvider(model2);
      const { requestModel, requestOptions } = await this.applyAuth(model2, options);
      return provider2.streamSimple(requestModel, transcript, requestOptions);
    }, observeModelRequest(model2, options, false), options?.signal);
  }
  async completeSimple(model2, context, options) {
    return this.streamSimple(model2, context, options).result();
  }
  streamDeferred(model2, handle, options) {
    return lazyStream(model2, async () => {
      const provider2 = this.requireChatProvider(model2);
      if (!provider2.fetchDeferred) {
        throw new ModelsError("provider", `Provider ${model2.provider} does not support deferred responses`);
      }
      const { requestModel, requestOptions } = await this.applyAuth(model2, options);
      return provider2.fetchDeferred(requestModel, handle, requestOptions);
    }, observeModelRequest(model2, options, true), options?.signal);
  }
  async fetchDeferred(model2, handle, options) {
    return this.streamDeferred(model2, handle, options).result();
  }
  async cancelDeferred(model2, handle, options) {
    const provider2 = this.requireChatProvider(model2);
    if (!provider2.cancelDeferred) {
      throw new ModelsError("provider", `Provider ${model2.provider} does not support deferred responses`);
    }
    const { requestModel, requestOptions } = await this.applyAuth(model2, options);
    await provider2.cancelDeferred(requestModel, handle, requestOptions);
  }
  async generateImages(model2, context, options) {
    try {
      assertImageModel(model2);
      const provider2 = this.requireProvider(model2);
      if (!provider2.generateImages) {
        throw new ModelsError("provider", `Provider ${model2.provider} does not support image generation`);
      }
      const { requestModel, requestOptions } = await this.applyAuth(model2, options);
      return await provider2.generateImages(requestModel, context, requestOptions);
    } catch (error) {
      return imageErrorResult(model2, error, options?.signal?.aborted);
    }
  }
  async classify(model2, context, options) {
    try {
      assertClassifierModel(model2);
      assertClassifierInputSupported(model2, context);
      const provider2 = this.requireProvider(model2);
      if (!provider2.classify) {
        throw new ModelsError("provider", `Provider ${model2.provider} does not support classification`);
      }
      const { requestModel, requestOptions } = await this.applyAuth(model2, options);
      return await provider2.classify(requestModel, context, requestOptions);
    } catch (error) {
      return classifierErrorResult(model2, error, options?.signal?.aborted);
    }
  }
};
function createModels(options) {
  return new ModelsImpl(options);
}
function createProvider(input) {
  const single = input.api && typeof input.api.stream === "function" ? input.api : void 0;
  const byApi = single || !input.api ? void 0 : input.api;
  const images = input.images;
  const classifiers = input.classifiers;
  const streams = single ? [single] : Object.values(byApi ?? {}).filter((entry) => entry !== void 0);
  const imageImplementations = Object.values(images ?? {}).filter((entry) => entry !== void 0);
  const classifierImplementations = Object.values(classifiers ?? {}).filter((entry) => entry !== void 0);
  if (streams.length === 0 && imageImplementations.length === 0 && classifierImplementations.length === 0) {
    throw new Error(`Provider ${input.id}: at least one of "api", "images", or "classifiers" is required.`);
  }
  const baselineModels = input.models;
  let dynamicModels = [];
  const fetchModels = input.fetchModels;
  const currentModels = () => {
    const merged = [...baselineModels];
    for (const model2 of dynamicModels) {
      const index = merged.findIndex((entry) => getModelType(entry) === getModelType(model2) && entry.id === model2.id);
      if (index >= 0)
        merged[index] = model2;
      else
        merged.push(model2);
    }
    return merged;
  };
  const apiFor = (model2) => single ?? byApi?.[model2.api];
  const dispatch = (model2, run, signal) => {
    const streams2 = apiFor(model2);
    if (!streams2) {
      return lazyStream(model2, async () => {
        throw new ModelsError("stream", `Provider ${input.id} has no API implementation for "${model2.api}"`);
      }, void 0, signal);
    }
    return run(streams2);
  };
  const provider2 = {
    id: input.id,
    name: input.name ?? input.id,
    baseUrl: input.baseUrl,
    headers: input.headers,
    auth: input.auth,
    getModels: () => currentModels().filter((model2) => isModelType(model2, "chat")),
    getAllModels: currentModels,
    refreshModels: fetchModels ? async (context) => {
      if (context.stored) {
        const restored = context.stored.models.filter((model2) => model2.provider === input.id).map((model2) => model2);
        if (!await context.publish({
          update: () => {
            dynamicModels = restored;
          }
        })) {
          return;
        }
      }
      if (!context.allowNetwork || context.signal.aborted)
        return;
      const fetched = await fetchModels(context);
      if (context.signal.aborted)
        return;
      const refreshed = fetched.filter(hasKnownModelType);
      await context.publish({
        persist: { models: refreshed, checkedAt: Date.now() },
        update: () => {
          dynamicModels = refreshed;
        }
      });
    } : void 0,
    filterModels: input.filterModels,
    filterAllModels: input.filterAllModels,
    stream: (model2, context, options) => dispatch(model2, (streams2) => streams2.stream(model2, context, options), options?.signal),
    streamSimple: (model2, context, options) => dispatch(model2, (streams2) => streams2.streamSimple(model2, context, options), options?.signal)
  };
  if (streams.some((entry) => entry.fetchDeferred !== void 0)) {
    provider2.fetchDeferred = (model2, handle, options) => lazyStream(model2, async () => {
      const implementation = apiFor(model2);
      if (!implementation?.fetchDeferred) {
        throw new ModelsError("provider", `Provider ${input.id} does not support deferred responses for "${model2.api}"`);
      }
      return implementation.fetchDeferred(model2, handle, options);
    }, void 0, options?.signal);
  }
  if (streams.some((entry) => entry.cancelDeferred !== void 0)) {
    provider2.cancelDeferred = async (model2, handle, options) => {
      const implementation = apiFor(model2);
      if (!implementation?.cancelDeferred) {
        throw new ModelsError("provider", `Provider ${input.id} cannot cancel deferred responses for "${model2.api}"`);
      }
      await implementation.cancelDeferred(model2, handle, options);
    };
  }
  if (images && imageImplementations.length > 0) {
    provider2.generateImages = async (model2, context, options) => {
      const implementation = images[model2.api];
      if (!implementation) {
        return imageErrorResult(model2, new ModelsError("provider", `Provider ${input.id} has no image generation implementation for "${model2.api}"`));
      }
      return implementation.generateImages(model2, context, options);
    };
  }
  if (classifiers && classifierImplementations.length > 0) {
    provider2.classify = async (model2, context, options) => {
      const implementation = classifiers[model2.api];
      if (!implementation) {
        return classifierErrorResult(model2, new ModelsError("provider", `Provider ${input.id} has no classifier implementation for "${model2.api}"`));
      }
      return implementation.classify(model2, context, options);
    };
  }
  return provider2;
}
function hasApi(model2, api) {
  return isModelType(model2, "chat") && model2.api === api;
}
function calculateCost(model2, usage) {
  const inputTokens = usage.input + usage.cacheRead + usage.cacheWrite;
  let rates = model2.cost;
  let matchedThreshold = -1;
  for (const tier of model2.cost.tiers ?? []) {
    if (inputTokens > tier.inputTokensAbove && tier.inputTokensAbove > matchedThreshold) {
      rates = tier;
      matchedThreshold = tier.inputTokensAbove;
    }
  }
  const longWrite = usage.cacheWrite1h ?? 0;
  const shortWrite = usage.cacheWrite - longWrite;
  usage.cost.input = rates.input / 1e6 * usage.input;
  usage.cost.output = rates.output / 1e6 * usage.output;
  usage.cost.cacheRead = rates.cacheRead / 1e6 * usage.cacheRead;
  usage.cost.cacheWrite = (rates.cacheWrite * shortWrite + rates.input * 2 * longWrite) / 1e6;
  usage.cost.total = usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite;
  usage.cost.totalFromProvider = false;
  return usage.cost;
}
var EXTENDED_THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"];
function getSupportedThinkingLevels(model2) {
  if (!model2.reasoning)
    return ["off"];
  return EXTENDED_THINKING_LEVELS.filter((level) => {
    const mapped = model2.thinkingLevelMap?.[level];
    if (mapped === null)
      return false;
    if (level === "xhigh" || level === "max")
      return mapped !== void 0;
    return true;
  });
}
function clampThinkingLevel(model2, level) {
  const availableLevels = getSupportedThinkingLevels(model2);
  if (availableLevels.includes(level))
    return level;
  const requestedIndex = EXTENDED_THINKING_LEVELS.indexOf(level);
  if (requestedIndex === -1)
    return availableLevels[0] ?? "off";
  for (let i = requestedIndex; i < EXTENDED_THINKING_LEVELS.length; i++) {
    const candidate = EXTENDED_THINKING_LEVELS[i];
    if (availableLevels.includes(candidate))
      return candidate;
  }
  for (let i = requestedIndex - 1; i >= 0; i--) {
    const candidate = EXTENDED_THINKING_LEVELS[i];
    if (availableLevels.includes(candidate))
      return candidate;
  }
  return availableLevels[0] ?? "off";
}
function modelsAreEqual(a, b) {
  if (!a || !b)
    return false;
  return getModelType(a) === getModelType(b) && a.id === b.id && a.provider === b.provider;
}

export {
  lazyStream,
  lazyApi,
  defaultProviderAuthContext,
  InMemoryCredentialStore,
  ModelsError,
  InMemoryModelsStore,
  AI_TELEMETRY_SCHEMA,
  getModelType,
  isModelType,
  createInitialSystemMessage,
  normalizeContext,
  getInitialSystemMessage,
  withoutInitialSystemMessage,
  getCurrentTools,
  getCurrentSystemMessage,
  getCurrentSystemPrompt,
  collapseSystemMessages,
  resolveTranscript,
  toToolDeclaration,
  declarationsEqual,
  getToolStateChanges,
  getDeclaredTools,
  hasToolRedefinitions,
  hasNonAdditiveToolChanges,
  resolveTranscriptTools,
  createModels,
  createProvider,
  hasApi,
  calculateCost,
  getSupportedThinkingLevels,
  clampThinkingLevel,
  modelsAreEqual
};
