import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
import {
  convertMessages,
  convertTools,
  getDisabledGoogleThinkingConfig,
  isThinkingPart,
  mapStopReason,
  resolveGoogleFunctionCallingMode,
  resolveGoogleThinkingLevel,
  retainThoughtSignature,
  retryGoogleRequest,
  supportsGoogleStrictToolSampling,
  toGoogleSdkThinkingLevel,
  toGoogleThinkingLevel,
  usesGoogleThinkingLevel
} from "./chunk-SKU7ZXOO.mjs";
import "./chunk-K3XF4CD2.mjs";
import {
  buildBaseOptions
} from "./chunk-D642N337.mjs";
import {
  sanitizeSurrogates
} from "./chunk-55OMMCZF.mjs";
import {
  formatProviderError,
  normalizeProviderError
} from "./chunk-QIMD5SAF.mjs";
import {
  providerHeadersToRecord
} from "./chunk-NVRYED37.mjs";
import {
  getProviderEnvValue
} from "./chunk-7RW7NS4Y.mjs";
import {
  calculateCost,
  clampThinkingLevel,
  collapseSystemMessages,
  getCurrentTools,
  getInitialSystemMessage
} from "./chunk-ZSDPDNYQ.mjs";
import {
  AssistantMessageEventStream
} from "./chunk-35ZB5F2W.mjs";
import {
  getIdentityHeaders,
  getSystemMessageText
} from "./chunk-PZWWXPOE.mjs";
import "./chunk-GND5RGAO.mjs";

// node_modules/@earendil-works/pi-ai/dist/api/google-vertex.js
import { GoogleGenAI, ResourceScope } from "@google/genai";
var API_VERSION = "v1";
var GCP_VERTEX_CREDENTIALS_MARKER = "gcp-vertex-credentials";
var toolCallCounter = 0;
var stream = (model, context, options) => {
  const stream2 = new AssistantMessageEventStream();
  const normalizedContext = collapseSystemMessages(context);
  (async () => {
    const output = {
      role: "assistant",
      content: [],
      api: "google-vertex",
      provider: model.provider,
      model: model.id,
      usage: {
        input: 0,
        output: 0,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 0,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }
      },
      stopReason: "pending",
      timestamp: Date.now()
    };
    try {
      const apiKey = resolveApiKey(options);
      const client = apiKey ? createClientWithApiKey(model, apiKey, options?.headers, options?.identity, options?.fetch) : createClient(model, resolveProject(options), resolveLocation(options), options?.headers, options?.env, options?.identity, options?.fetch);
      let params = buildParams(model, normalizedContext, options);
      const nextParams = await options?.onPayload?.(params, model);
      if (nextParams !== void 0) {
        params = nextParams;
      }
      const googleStream = await retryGoogleRequest(() => client.models.generateContentStream(params), options);
      stream2.push({ type: "start", partial: output });
      let currentBlock = null;
      const blocks = output.content;
      const blockIndex = () => blocks.length - 1;
      for await (const chunk of googleStream) {
        await options?.onProviderStreamEvent?.(chunk, model);
        output.responseId ||= chunk.responseId;
        const candidate = chunk.candidates?.[0];
        if (candidate?.content?.parts) {
          for (const part of candidate.content.parts) {
            if (part.text !== void 0) {
              const isThinking = isThinkingPart(part);
              if (!currentBlock || isThinking && currentBlock.type !== "thinking" || !isThinking && currentBlock.type !== "text") {
                if (currentBlock) {
                  if (currentBlock.type === "text") {
                    stream2.push({
                      type: "text_end",
                      contentIndex: blocks.length - 1,
                      content: currentBlock.text,
                      partial: output
                    });
                  } else {
                    stream2.push({
                      type: "thinking_end",
                      contentIndex: blockIndex(),
                      content: currentBlock.thinking,
                      partial: output
                    });
                  }
                }
                if (isThinking) {
                  currentBlock = { type: "thinking", thinking: "", thinkingSignature: void 0 };
                  output.content.push(currentBlock);
                  stream2.push({ type: "thinking_start", contentIndex: blockIndex(), partial: output });
                } else {
                  currentBlock = { type: "text", text: "" };
                  output.content.push(currentBlock);
                  stream2.push({ type: "text_start", contentIndex: blockIndex(), partial: output });
                }
              }
              if (currentBlock.type === "thinking") {
                currentBlock.thinking += part.text;
                currentBlock.thinkingSignature = retainThoughtSignature(currentBlock.thinkingSignature, part.thoughtSignature);
                stream2.push({
                  type: "thinking_delta",
                  contentIndex: blockIndex(),
                  delta: part.text,
                  partial: output
                });
              } else {
                currentBlock.text += part.text;
                currentBlock.textSignature = retainThoughtSignature(currentBlock.textSignature, part.thoughtSignature);
                stream2.push({
                  type: "text_delta",
                  contentIndex: blockIndex(),
                  delta: part.text,
                  partial: output
                });
              }
            }
            if (part.functionCall) {
              if (currentBlock) {
                if (currentBlock.type === "text") {
                  stream2.push({
                    type: "text_end",
                    contentIndex: blockIndex(),
                    content: currentBlock.text,
                    partial: output
                  });
                } else {
                  stream2.push({
                    type: "thinking_end",
                    contentIndex: blockIndex(),
                    content: currentBlock.thinking,
                    partial: output
                  });
                }
                currentBlock = null;
              }
              const providedId = part.functionCall.id;
              const needsNewId = !providedId || output.content.some((b) => b.type === "toolCall" && b.id === providedId);
              const toolCallId = needsNewId ? `${part.functionCall.name}_${Date.now()}_${++toolCallCounter}` : providedId;
              const toolCall = {
                type: "toolCall",
                id: toolCallId,
                name: part.functionCall.name || "",
                arguments: part.functionCall.args ?? {},
                ...part.thoughtSignature && { thoughtSignature: part.thoughtSignature }
              };
              output.content.push(toolCall);
              stream2.push({ type: "toolcall_start", contentIndex: blockIndex(), partial: output });
              stream2.push({
                type: "toolcall_delta",
                contentIndex: blockIndex(),
                delta: JSON.stringify(toolCall.arguments),
                partial: output
              });
              stream2.push({ type: "toolcall_end", contentIndex: blockIndex(), toolCall, partial: output });
            }
          }
        }
        if (candidate?.finishReason) {
          output.rawStopReason = candidate.finishReason;
          output.stopReason = mapStopReason(candidate.finishReason);
          if (output.content.some((b) => b.type === "toolCall") && output.stopReason === "stop") {
            output.stopReason = "toolUse";
          }
        }
        if (chunk.usageMetadata) {
          output.usage = {
            input: (chunk.usageMetadata.promptTokenCount || 0) - (chunk.usageMetadata.cachedContentTokenCount || 0),
            output: (chunk.usageMetadata.candidatesTokenCount || 0) + (chunk.usageMetadata.thoughtsTokenCount || 0),
            cacheRead: chunk.usageMetadata.cachedContentTokenCount || 0,
            cacheWrite: 0,
            reasoning: chunk.usageMetadata.thoughtsTokenCount || 0,
            totalTokens: chunk.usageMetadata.totalTokenCount || 0,
            cost: {
              input: 0,
              output: 0,
              cacheRead: 0,
              cacheWrite: 0,
              total: 0
            }
          };
          calculateCost(model, output.usage);
        }
      }
      if (currentBlock) {
        if (currentBlock.type === "text") {
          stream2.push({
            type: "text_end",
            contentIndex: blockIndex(),
            content: currentBlock.text,
            partial: output
          });
        } else {
          stream2.push({
            type: "thinking_end",
            contentIndex: blockIndex(),
            content: currentBlock.thinking,
            partial: output
          });
        }
      }
      if (options?.signal?.aborted) {
        throw new Error("Request was aborted");
      }
      if (output.stopReason === "pending") {
        throw new Error("Google Vertex stream ended without a finish reason");
      }
      if (output.stopReason === "aborted" || output.stopReason === "error") {
        const errorMessage = output.rawStopReason ? `Provider stopped with: ${output.rawStopReason}` : "An unknown error occurred";
        throw new Error(errorMessage);
      }
      stream2.push({ type: "done", reason: output.stopReason, message: output });
      stream2.end();
    } catch (error) {
      output.stopReason = options?.signal?.aborted ? "aborted" : "error";
      output.errorMessage = formatProviderError(normalizeProviderError(error));
      stream2.push({ type: "error", reason: output.stopReason, error: output });
      stream2.end();
    }
  })();
  return stream2;
};
var streamSimple = (model, context, options) => {
  const base = {
    ...buildBaseOptions(model, context, options, void 0),
    toolChoice: options?.toolChoice
  };
  if (!options?.reasoning) {
    return stream(model, context, {
      ...base,
      thinking: { enabled: false }
    });
  }
  const clampedReasoning = clampThinkingLevel(model, options.reasoning);
  if (clampedReasoning === "off") {
    return stream(model, context, {
      ...base,
      thinking: { enabled: false }
    });
  }
  const resolvedLevel = resolveGoogleThinkingLevel(model, clampedReasoning);
  if (usesGoogleThinkingLevel(model)) {
    return stream(model, context, {
      ...base,
      thinking: {
        enabled: true,
        level: toGoogleThinkingLevel(resolvedLevel)
      }
    });
  }
  return stream(model, context, {
    ...base,
    thinking: {
      enabled: true,
      budgetTokens: getGoogleBudget(model, resolvedLevel, options.thinkingBudgets)
    }
  });
};
function createClient(model, project, location, optionsHeaders, env, identity, fetch) {
  const googleAuthOptions = buildGoogleAuthOptions(env);
  return new GoogleGenAI({
    vertexai: true,
    project,
    location,
    apiVersion: API_VERSION,
    ...googleAuthOptions ? { googleAuthOptions } : {},
    httpOptions: buildHttpOptions(model, optionsHeaders, identity, fetch)
  });
}
function createClientWithApiKey(model, apiKey, optionsHeaders, identity, fetch) {
  return new GoogleGenAI({
    vertexai: true,
    apiKey,
    apiVersion: API_VERSION,
    httpOptions: buildHttpOptions(model, optionsHeaders, identity, fetch)
  });
}
function buildHttpOptions(model, optionsHeaders, identity, fetch) {
  const httpOptions = { fetch: fetch ?? globalThis.fetch };
  const baseUrl = resolveCustomBaseUrl(model.baseUrl);
  if (baseUrl) {
    httpOptions.baseUrl = baseUrl;
    httpOptions.baseUrlResourceScope = ResourceScope.COLLECTION;
    if (baseUrlIncludesApiVersion(baseUrl)) {
      httpOptions.apiVersion = "";
    }
  }
  const headers = providerHeadersToRecord(getIdentityHeaders(model, identity), model.headers, optionsHeaders);
  if (headers) {
    httpOptions.headers = headers;
  }
  return httpOptions;
}
function resolveCustomBaseUrl(baseUrl) {
  const trimmed = baseUrl.trim();
  if (!trimmed || trimmed.includes("{location}")) {
    return void 0;
  }
  return trimmed;
}
function baseUrlIncludesApiVersion(baseUrl) {
  try {
    const url = new URL(baseUrl);
    return url.pathname.split("/").some((part) => /^v\d+(?:beta\d*)?$/.test(part));
  } catch {
    return /(?:^|\/)v\d+(?:beta\d*)?(?:\/|$)/.test(baseUrl);
  }
}
function buildGoogleAuthOptions(env) {
  const keyFilename = getProviderEnvValue("GOOGLE_APPLICATION_CREDENTIALS", env);
  return keyFilename ? { keyFilename } : void 0;
}
function resolveApiKey(options) {
  const apiKey = options?.apiKey?.trim();
  if (!apiKey || apiKey === GCP_VERTEX_CREDENTIALS_MARKER || isPlaceholderApiKey(apiKey)) {
    return void 0;
  }
  return apiKey;
}
function isPlaceholderApiKey(apiKey) {
  return /^<[^>]+>$/.test(apiKey);
}
function resolveProject(options) {
  const project = options?.project || getProviderEnvValue("GOOGLE_CLOUD_PROJECT", options?.env) || getProviderEnvValue("GCLOUD_PROJECT", options?.env);
  if (!project) {
    throw new Error("Vertex AI requires a project ID. Set GOOGLE_CLOUD_PROJECT/GCLOUD_PROJECT or pass project in options.");
  }
  return project;
}
function resolveLocation(options) {
  const location = options?.location || getProviderEnvValue("GOOGLE_CLOUD_LOCATION", options?.env);
  if (!location) {
    throw new Error("Vertex AI requires a location. Set GOOGLE_CLOUD_LOCATION or pass location in options.");
  }
  return location;
}
function buildParams(model, context, options = {}) {
  const contents = convertMessages(model, context);
  const initialSystemMessage = getInitialSystemMessage(context.messages);
  const currentTools = getCurrentTools(context.messages);
  const generationConfig = {};
  if (options.temperature !== void 0) {
    generationConfig.temperature = options.temperature;
  }
  if (options.maxTokens !== void 0) {
    generationConfig.maxOutputTokens = options.maxTokens;
  }
  const supportsStrictMode = supportsGoogleStrictToolSampling(model.id);
  const functionCallingMode = currentTools.length > 0 ? resolveGoogleFunctionCallingMode(currentTools, options.toolChoice, supportsStrictMode) : void 0;
  const systemInstruction = initialSystemMessage ? getSystemMessageText(initialSystemMessage) : "";
  const config = {
    ...Object.keys(generationConfig).length > 0 && generationConfig,
    ...systemInstruction && { systemInstruction: sanitizeSurrogates(systemInstruction) },
    ...currentTools.length > 0 && {
      tools: convertTools(currentTools, false, supportsStrictMode)
    },
    ...functionCallingMode !== void 0 && {
      toolConfig: { functionCallingConfig: { mode: functionCallingMode } }
    },
    // Off for now, until we have evaluated the implications of the SDK's automatic continuation
    // (extra requests and stream resumes inside the SDK). A CONTINUATION finish ends the turn as "length".
    automaticContinuation: false
  };
  if (options.thinking?.enabled && model.reasoning) {
    const thinkingConfig = { includeThoughts: true };
    if (options.thinking.level !== void 0) {
      thinkingConfig.thinkingLevel = toGoogleSdkThinkingLevel(options.thinking.level);
    } else if (options.thinking.budgetTokens !== void 0) {
      thinkingConfig.thinkingBudget = options.thinking.budgetTokens;
    }
    config.thinkingConfig = thinkingConfig;
  } else if (model.reasoning && options.thinking && !options.thinking.enabled) {
    config.thinkingConfig = getDisabledGoogleThinkingConfig(model);
  }
  if (options.signal) {
    if (options.signal.aborted) {
      throw new Error("Request aborted");
    }
    config.abortSignal = options.signal;
  }
  const params = {
    model: model.id,
    contents,
    config
  };
  return params;
}
function getGoogleBudget(model, level, customBudgets) {
  if (customBudgets?.[level] !== void 0) {
    return customBudgets[level];
  }
  if (model.id.includes("2.5-pro")) {
    const budgets = {
      minimal: 128,
      low: 2048,
      medium: 8192,
      high: 32768
    };
    return budgets[level];
  }
  if (model.id.includes("2.5-flash")) {
    const budgets = {
      minimal: 128,
      low: 2048,
      medium: 8192,
      high: 24576
    };
    return budgets[level];
  }
  return -1;
}
export {
  stream,
  streamSimple
};
