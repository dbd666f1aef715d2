import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
import {
  IMAGE_MODELS,
  anthropicMessagesApi,
  azureOpenAIResponsesApi,
  bedrockConverseStreamApi,
  builtinModels,
  getBuiltinModel,
  getBuiltinModels,
  getBuiltinProviders,
  googleGenerativeAIApi,
  googleVertexApi,
  mistralConversationsApi,
  openAICodexResponsesApi,
  openAICompletionsApi,
  openAIResponsesApi,
  piMessagesApi,
  setBedrockProviderLoader,
  setBedrockProviderModule
} from "./chunk-G3IJPD4W.mjs";
import {
  ANTHROPIC_API_KEY_ENV,
  ANTHROPIC_AUTH_TOKEN_ENV,
  ANTHROPIC_FEDERATION_RULE_ID_ENV,
  ANTHROPIC_IDENTITY_TOKEN_FILE_ENV,
  ANTHROPIC_OAUTH_TOKEN_ENV,
  ANTHROPIC_ORGANIZATION_ID_ENV,
  ANTHROPIC_SERVICE_ACCOUNT_ID_ENV,
  ANTHROPIC_WORKSPACE_ID_ENV,
  findEnvKeys,
  getEnvApiKey
} from "./chunk-NILZTIPB.mjs";
import "./chunk-ZVZ63UZG.mjs";
import {
  typebox_exports
} from "./chunk-BYSJDBGY.mjs";
import "./chunk-CY6LOIHW.mjs";
import {
  CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY,
  CACHE_WARMING_MAX_AGE_MS,
  CACHE_WARMING_MAX_IDLE_AGE_MS,
  CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS,
  DEFAULT_MAX_AGENT_RETRY_DELAY_MS,
  createFauxCore,
  evaluateCacheWarming,
  fauxAssistantMessage,
  fauxProvider,
  fauxText,
  fauxThinking,
  fauxToolCall,
  getCacheWarmingDelayMs,
  getCacheWarmingRequestOptions,
  getOverflowPatterns,
  getPromptCacheTtlMs,
  isCacheWarmingReplayable,
  isContextOverflow,
  isRecoverableLength,
  isRetryableAssistantError,
  retryAssistantCall,
  retryDelayMs,
  validateToolArguments,
  validateToolCall
} from "./chunk-M3RTDYBC.mjs";
import {
  envApiKeyAuth,
  lazyOAuth
} from "./chunk-WPFRNIBB.mjs";
import {
  uuidv7
} from "./chunk-3KFUEPMF.mjs";
import {
  cleanupSessionResources,
  registerSessionResourceCleanup
} from "./chunk-CXQFOPSY.mjs";
import "./chunk-7RW7NS4Y.mjs";
import {
  StreamingJsonParser,
  ToolCallArgumentsStream,
  parseJsonWithRepair,
  parseStreamingJson,
  parseToolCallArguments,
  repairJson
} from "./chunk-KHLYPFLE.mjs";
import {
  AI_TELEMETRY_SCHEMA,
  InMemoryCredentialStore,
  InMemoryModelsStore,
  ModelsError,
  calculateCost,
  clampThinkingLevel,
  collapseSystemMessages,
  createInitialSystemMessage,
  createModels,
  createProvider,
  declarationsEqual,
  defaultProviderAuthContext,
  getCurrentSystemMessage,
  getCurrentSystemPrompt,
  getCurrentTools,
  getDeclaredTools,
  getInitialSystemMessage,
  getModelType,
  getSupportedThinkingLevels,
  getToolStateChanges,
  hasApi,
  hasNonAdditiveToolChanges,
  hasToolRedefinitions,
  isModelType,
  lazyApi,
  lazyStream,
  modelsAreEqual,
  normalizeContext,
  resolveTranscript,
  resolveTranscriptTools,
  toToolDeclaration,
  withoutInitialSystemMessage
} from "./chunk-ZSDPDNYQ.mjs";
import {
  AssistantMessageEventStream,
  EventStream,
  appendAssistantMessageDiagnostic,
  createAssistantMessageDiagnostic,
  createAssistantMessageEventStream,
  extractDiagnosticError,
  formatThrownValue
} from "./chunk-35ZB5F2W.mjs";
import {
  PI_AI_VERSION,
  PI_ATTRIBUTION,
  contentText,
  formatUserAgent,
  getAttributionHeaders,
  getClientVersion,
  getIdentityHeaders,
  getOpenCodeSessionHeaders,
  getSystemMessageText,
  mergeClientIdentity,
  renderSystemMessageUpdate,
  withClientIdentity
} from "./chunk-PZWWXPOE.mjs";
import "./chunk-GND5RGAO.mjs";

// node_modules/@earendil-works/pi-ai/dist/image-models.js
var imageModelsByProvider = /* @__PURE__ */ new Map();
for (const [provider, models] of Object.entries(IMAGE_MODELS)) {
  const imageModels = /* @__PURE__ */ new Map();
  for (const model of Object.values(models)) {
    imageModels.set(model.id, model);
  }
  if (imageModels.size > 0)
    imageModelsByProvider.set(provider, imageModels);
}
function getImageModel(provider, modelId) {
  return imageModelsByProvider.get(provider)?.get(modelId);
}
function getImageProviders() {
  return Array.from(imageModelsByProvider.keys());
}
function getImageModels(provider) {
  const models = imageModelsByProvider.get(provider);
  return models ? Array.from(models.values()) : [];
}

// node_modules/@earendil-works/pi-ai/dist/images-api-registry.js
var imagesApiProviderRegistry = /* @__PURE__ */ new Map();
function wrapGenerateImages(api, generateImages2) {
  return (model, context, options) => {
    if (model.api !== api) {
      throw new Error(`Mismatched api: ${model.api} expected ${api}`);
    }
    return generateImages2(model, context, options);
  };
}
function registerImagesApiProvider(provider, sourceId) {
  imagesApiProviderRegistry.set(provider.api, {
    provider: {
      api: provider.api,
      generateImages: wrapGenerateImages(provider.api, provider.generateImages)
    },
    sourceId
  });
}
function getImagesApiProvider(api) {
  return imagesApiProviderRegistry.get(api)?.provider;
}

// node_modules/@earendil-works/pi-ai/dist/providers/images/register-builtins.js
var openRouterImagesProviderModulePromise;
function createLazyLoadErrorImages(model, error) {
  return {
    api: model.api,
    provider: model.provider,
    model: model.id,
    output: [],
    stopReason: "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now()
  };
}
function loadOpenRouterImagesProviderModule() {
  openRouterImagesProviderModulePromise ||= import("./chunk-AB6OEQNB.mjs").then((module) => module);
  return openRouterImagesProviderModulePromise;
}
var generateImagesOpenRouter = async (model, context, options) => {
  try {
    const module = await loadOpenRouterImagesProviderModule();
    return await module.generateImages(model, context, options);
  } catch (error) {
    return createLazyLoadErrorImages(model, error);
  }
};
function registerBuiltInImagesApiProviders() {
  registerImagesApiProvider({
    api: "openrouter-images",
    generateImages: generateImagesOpenRouter
  });
}
registerBuiltInImagesApiProviders();

// node_modules/@earendil-works/pi-ai/dist/images.js
function resolveImagesApiProvider(api) {
  const provider = getImagesApiProvider(api);
  if (!provider) {
    throw new Error(`No API provider registered for api: ${api}`);
  }
  return provider;
}
async function generateImages(model, context, options) {
  const provider = resolveImagesApiProvider(model.api);
  return provider.generateImages(model, context, options);
}

// node_modules/@earendil-works/pi-ai/dist/legacy-api-aliases.js
var anthropicMessagesStreams = anthropicMessagesApi();
var azureOpenAIResponsesStreams = azureOpenAIResponsesApi();
var googleGenerativeAIStreams = googleGenerativeAIApi();
var googleVertexStreams = googleVertexApi();
var mistralConversationsStreams = mistralConversationsApi();
var openAICodexResponsesStreams = openAICodexResponsesApi();
var openAICompletionsStreams = openAICompletionsApi();
var openAIResponsesStreams = openAIResponsesApi();
var streamAnthropic = anthropicMessagesStreams.stream;
var streamSimpleAnthropic = anthropicMessagesStreams.streamSimple;
var streamAzureOpenAIResponses = azureOpenAIResponsesStreams.stream;
var streamSimpleAzureOpenAIResponses = azureOpenAIResponsesStreams.streamSimple;
var streamGoogle = googleGenerativeAIStreams.stream;
var streamSimpleGoogle = googleGenerativeAIStreams.streamSimple;
var streamGoogleVertex = googleVertexStreams.stream;
var streamSimpleGoogleVertex = googleVertexStreams.streamSimple;
var streamMistral = mistralConversationsStreams.stream;
var streamSimpleMistral = mistralConversationsStreams.streamSimple;
var streamOpenAICodexResponses = openAICodexResponsesStreams.stream;
var streamSimpleOpenAICodexResponses = openAICodexResponsesStreams.streamSimple;
var streamOpenAICompletions = openAICompletionsStreams.stream;
var streamSimpleOpenAICompletions = openAICompletionsStreams.streamSimple;
var streamOpenAIResponses = openAIResponsesStreams.stream;
var streamSimpleOpenAIResponses = openAIResponsesStreams.streamSimple;

// node_modules/@earendil-works/pi-ai/dist/compat.js
var getModel = getBuiltinModel;
var getModels = getBuiltinModels;
var getProviders = getBuiltinProviders;
var apiProviderRegistry = /* @__PURE__ */ new Map();
function wrapStream(api, stream2) {
  return (model, context, options) => {
    if (model.api !== api) {
      throw new Error(`Mismatched api: ${model.api} expected ${api}`);
    }
    return stream2(model, context, options);
  };
}
function wrapStreamSimple(api, streamSimple2) {
  return (model, context, options) => {
    if (model.api !== api) {
      throw new Error(`Mismatched api: ${model.api} expected ${api}`);
    }
    return streamSimple2(model, context, options);
  };
}
function registerApiProvider(provider, sourceId) {
  apiProviderRegistry.set(provider.api, {
    provider: {
      api: provider.api,
      stream: wrapStream(provider.api, provider.stream),
      streamSimple: wrapStreamSimple(provider.api, provider.streamSimple)
    },
    sourceId
  });
}
function getApiProvider(api) {
  return apiProviderRegistry.get(api)?.provider;
}
function getApiProviders() {
  return Array.from(apiProviderRegistry.values(), (entry) => entry.provider);
}
function unregisterApiProviders(sourceId) {
  for (const [api, entry] of apiProviderRegistry.entries()) {
    if (entry.sourceId === sourceId) {
      apiProviderRegistry.delete(api);
    }
  }
}
function clearApiProviders() {
  apiProviderRegistry.clear();
}
function registerFauxProvider(options = {}) {
  const core = createFauxCore(options);
  const sourceId = `faux-provider-${Math.random().toString(36).slice(2, 10)}`;
  registerApiProvider({ api: core.api, stream: core.stream, streamSimple: core.streamSimple }, sourceId);
  return {
    api: core.api,
    models: core.models,
    getModel: core.getModel,
    state: core.state,
    setResponses: core.setResponses,
    appendResponses: core.appendResponses,
    getPendingResponseCount: core.getPendingResponseCount,
    unregister() {
      unregisterApiProviders(sourceId);
    }
  };
}
var BUILTIN_APIS = [
  ["anthropic-messages", anthropicMessagesApi()],
  ["openai-completions", openAICompletionsApi()],
  ["openai-responses", openAIResponsesApi()],
  ["openai-codex-responses", openAICodexResponsesApi()],
  ["azure-openai-responses", azureOpenAIResponsesApi()],
  ["google-generative-ai", googleGenerativeAIApi()],
  ["google-vertex", googleVertexApi()],
  ["mistral-conversations", mistralConversationsApi()],
  ["bedrock-converse-stream", bedrockConverseStreamApi()],
  ["pi-messages", piMessagesApi()]
];
var builtinApiProviderInstances = /* @__PURE__ */ new Map();
function registerBuiltInApiProviders() {
  for (const [api, streams] of BUILTIN_APIS) {
    if (!getApiProvider(api)) {
      registerApiProvider({ api, stream: streams.stream, streamSimple: streams.streamSimple });
    }
    builtinApiProviderInstances.set(api, getApiProvider(api));
  }
}
function resetApiProviders() {
  clearApiProviders();
  builtinApiProviderInstances.clear();
  registerBuiltInApiProviders();
}
registerBuiltInApiProviders();
var compatModels = builtinModels();
var AMBIENT_AUTH_MARKER = "<authenticated>";
function hasExplicitApiKey(apiKey) {
  return typeof apiKey === "string" && apiKey.trim().length > 0;
}
function withEnvApiKey(model, options) {
  if (hasExplicitApiKey(options?.apiKey))
    return options;
  const apiKey = getEnvApiKey(model.provider, options?.env);
  if (!apiKey || apiKey === AMBIENT_AUTH_MARKER)
    return options;
  return { ...options, apiKey };
}
function hasResolvedCloudflareAuth(options) {
  return hasExplicitApiKey(options?.apiKey) || typeof options?.headers?.["cf-aig-authorization"] === "string";
}
function getBuiltinProviderForModel(model) {
  if (getApiProvider(model.api) !== builtinApiProviderInstances.get(model.api))
    return void 0;
  const provider = compatModels.getProvider(model.provider);
  return provider?.getModels().some((candidate) => candidate.api === model.api) ? provider : void 0;
}
function resolveApiProvider(api) {
  const provider = getApiProvider(api);
  if (!provider) {
    throw new Error(`No API provider registered for api: ${api}`);
  }
  return provider;
}
function stream(model, context, options) {
  const transcript = normalizeContext(context);
  const builtinProvider = getBuiltinProviderForModel(model);
  if (builtinProvider) {
    if (model.provider.startsWith("cloudflare-") && !hasResolvedCloudflareAuth(options)) {
      return compatModels.stream(model, transcript, options);
    }
    return builtinProvider.stream(model, transcript, withEnvApiKey(model, options));
  }
  const provider = resolveApiProvider(model.api);
  return provider.stream(model, transcript, withEnvApiKey(model, options));
}
async function complete(model, context, options) {
  const s = stream(model, context, options);
  return s.result();
}
function streamSimple(model, context, options) {
  const transcript = normalizeContext(context);
  const builtinProvider = getBuiltinProviderForModel(model);
  if (builtinProvider) {
    if (model.provider.startsWith("cloudflare-") && !hasResolvedCloudflareAuth(options)) {
      return compatModels.streamSimple(model, transcript, options);
    }
    return builtinProvider.streamSimple(model, transcript, withEnvApiKey(model, options));
  }
  const provider = resolveApiProvider(model.api);
  return provider.streamSimple(model, transcript, withEnvApiKey(model, options));
}
async function completeSimple(model, context, options) {
  const s = streamSimple(model, context, options);
  return s.result();
}

// src/shim/pi-ai.mjs
function StringEnum(values, options) {
  const schema = { type: "string", enum: values };
  if (options?.description) schema.description = options.description;
  if (options?.default) schema.default = options.default;
  return typebox_exports.Unsafe(schema);
}
export {
  AI_TELEMETRY_SCHEMA,
  ANTHROPIC_API_KEY_ENV,
  ANTHROPIC_AUTH_TOKEN_ENV,
  ANTHROPIC_FEDERATION_RULE_ID_ENV,
  ANTHROPIC_IDENTITY_TOKEN_FILE_ENV,
  ANTHROPIC_OAUTH_TOKEN_ENV,
  ANTHROPIC_ORGANIZATION_ID_ENV,
  ANTHROPIC_SERVICE_ACCOUNT_ID_ENV,
  ANTHROPIC_WORKSPACE_ID_ENV,
  AssistantMessageEventStream,
  CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY,
  CACHE_WARMING_MAX_AGE_MS,
  CACHE_WARMING_MAX_IDLE_AGE_MS,
  CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS,
  DEFAULT_MAX_AGENT_RETRY_DELAY_MS,
  EventStream,
  InMemoryCredentialStore,
  InMemoryModelsStore,
  ModelsError,
  PI_AI_VERSION,
  PI_ATTRIBUTION,
  StreamingJsonParser,
  StringEnum,
  ToolCallArgumentsStream,
  typebox_exports as Type,
  anthropicMessagesApi,
  appendAssistantMessageDiagnostic,
  azureOpenAIResponsesApi,
  bedrockConverseStreamApi,
  calculateCost,
  clampThinkingLevel,
  cleanupSessionResources,
  collapseSystemMessages,
  complete,
  completeSimple,
  contentText,
  createAssistantMessageDiagnostic,
  createAssistantMessageEventStream,
  createFauxCore,
  createInitialSystemMessage,
  createModels,
  createProvider,
  declarationsEqual,
  defaultProviderAuthContext,
  envApiKeyAuth,
  evaluateCacheWarming,
  extractDiagnosticError,
  fauxAssistantMessage,
  fauxProvider,
  fauxText,
  fauxThinking,
  fauxToolCall,
  findEnvKeys,
  formatThrownValue,
  formatUserAgent,
  generateImages,
  generateImagesOpenRouter,
  getApiProvider,
  getApiProviders,
  getAttributionHeaders,
  getCacheWarmingDelayMs,
  getCacheWarmingRequestOptions,
  getClientVersion,
  getCurrentSystemMessage,
  getCurrentSystemPrompt,
  getCurrentTools,
  getDeclaredTools,
  getEnvApiKey,
  getIdentityHeaders,
  getImageModel,
  getImageModels,
  getImageProviders,
  getImagesApiProvider,
  getInitialSystemMessage,
  getModel,
  getModelType,
  getModels,
  getOpenCodeSessionHeaders,
  getOverflowPatterns,
  getPromptCacheTtlMs,
  getProviders,
  getSupportedThinkingLevels,
  getSystemMessageText,
  getToolStateChanges,
  googleGenerativeAIApi,
  googleVertexApi,
  hasApi,
  hasNonAdditiveToolChanges,
  hasToolRedefinitions,
  isCacheWarmingReplayable,
  isContextOverflow,
  isModelType,
  isRecoverableLength,
  isRetryableAssistantError,
  lazyApi,
  lazyOAuth,
  lazyStream,
  mergeClientIdentity,
  mistralConversationsApi,
  modelsAreEqual,
  normalizeContext,
  openAICodexResponsesApi,
  openAICompletionsApi,
  openAIResponsesApi,
  parseJsonWithRepair,
  parseStreamingJson,
  parseToolCallArguments,
  piMessagesApi,
  registerApiProvider,
  registerBuiltInApiProviders,
  registerBuiltInImagesApiProviders,
  registerFauxProvider,
  registerImagesApiProvider,
  registerSessionResourceCleanup,
  renderSystemMessageUpdate,
  repairJson,
  resetApiProviders,
  resolveTranscript,
  resolveTranscriptTools,
  retryAssistantCall,
  retryDelayMs,
  setBedrockProviderLoader,
  setBedrockProviderModule,
  stream,
  streamAnthropic,
  streamAzureOpenAIResponses,
  streamGoogle,
  streamGoogleVertex,
  streamMistral,
  streamOpenAICodexResponses,
  streamOpenAICompletions,
  streamOpenAIResponses,
  streamSimple,
  streamSimpleAnthropic,
  streamSimpleAzureOpenAIResponses,
  streamSimpleGoogle,
  streamSimpleGoogleVertex,
  streamSimpleMistral,
  streamSimpleOpenAICodexResponses,
  streamSimpleOpenAICompletions,
  streamSimpleOpenAIResponses,
  toToolDeclaration,
  unregisterApiProviders,
  uuidv7,
  validateToolArguments,
  validateToolCall,
  withClientIdentity,
  withoutInitialSystemMessage
};
