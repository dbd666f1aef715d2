import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
import {
  retryProviderRequest
} from "./chunk-K3XF4CD2.mjs";
import {
  convertResponsesMessages,
  convertResponsesTools,
  getResponsesToolSupport,
  processResponsesStream
} from "./chunk-2ZPG6VDX.mjs";
import {
  clampOpenAIPromptCacheKey
} from "./chunk-ZC6ZTMUL.mjs";
import "./chunk-F4MX4XSJ.mjs";
import {
  buildBaseOptions,
  createGrammarToolInputProperties,
  resolveSamplingParams
} from "./chunk-D642N337.mjs";
import "./chunk-55OMMCZF.mjs";
import {
  formatProviderError,
  normalizeProviderError
} from "./chunk-QIMD5SAF.mjs";
import {
  headersToRecord
} from "./chunk-NVRYED37.mjs";
import {
  resolveAzureConfig,
  resolveDeploymentName
} from "./chunk-ZVZ63UZG.mjs";
import "./chunk-7RW7NS4Y.mjs";
import "./chunk-KHLYPFLE.mjs";
import {
  clampThinkingLevel,
  getDeclaredTools,
  resolveTranscript,
  resolveTranscriptTools
} from "./chunk-ZSDPDNYQ.mjs";
import {
  AssistantMessageEventStream
} from "./chunk-35ZB5F2W.mjs";
import {
  getIdentityHeaders
} from "./chunk-PZWWXPOE.mjs";
import "./chunk-GND5RGAO.mjs";

// node_modules/@earendil-works/pi-ai/dist/api/azure-openai-responses.js
import { AzureOpenAI } from "openai";
var AZURE_TOOL_CALL_PROVIDERS = /* @__PURE__ */ new Set(["openai", "openai-codex", "opencode", "azure"]);
var OPENAI_RESPONSES_MIN_OUTPUT_TOKENS = 16;
function formatAzureOpenAIError(error) {
  return formatProviderError(normalizeProviderError(error), "Azure OpenAI API error");
}
var stream = (model, context, options) => {
  const stream2 = new AssistantMessageEventStream();
  const normalizedContext = resolveTranscript(context, model.compat?.supportsMidConvoSystemMessages);
  (async () => {
    const deploymentName = resolveDeploymentName(model, options);
    const output = {
      role: "assistant",
      content: [],
      api: "azure-openai-responses",
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
      const apiKey = options?.apiKey;
      if (!apiKey) {
        throw new Error(`No API key for provider: ${model.provider}`);
      }
      const client = createClient(model, apiKey, options);
      const grammarToolInputProperties = createGrammarToolInputProperties(getDeclaredTools(normalizedContext.messages), model.compat?.supportsOpenAIGrammarTools ?? false);
      let params = buildParams(model, normalizedContext, options, deploymentName, grammarToolInputProperties);
      const nextParams = await options?.onPayload?.(params, model);
      if (nextParams !== void 0) {
        params = nextParams;
      }
      const requestOptions = {
        ...options?.signal ? { signal: options.signal } : {},
        ...options?.timeoutMs !== void 0 ? { timeout: options.timeoutMs } : {},
        maxRetries: 0
      };
      const { data: openaiStream, response } = await retryProviderRequest(() => client.responses.create(params, requestOptions).withResponse(), {
        maxRetries: options?.maxRetries,
        maxRetryDelayMs: options?.maxRetryDelayMs,
        signal: options?.signal
      });
      await options?.onResponse?.({ status: response.status, headers: headersToRecord(response.headers) }, model);
      stream2.push({ type: "start", partial: output });
      await processResponsesStream(openaiStream, output, stream2, model, {
        onProviderStreamEvent: options?.onProviderStreamEvent,
        grammarToolInputProperties
      });
      if (options?.signal?.aborted) {
        throw new Error("Request was aborted");
      }
      if (output.stopReason === "pending") {
        throw new Error("Azure OpenAI Responses stream ended without a stop reason");
      }
      if (output.stopReason === "aborted" || output.stopReason === "error") {
        throw new Error(output.errorMessage || "An unknown error occurred");
      }
      stream2.push({ type: "done", reason: output.stopReason, message: output });
      stream2.end();
    } catch (error) {
      output.stopReason = options?.signal?.aborted ? "aborted" : "error";
      output.errorMessage = formatAzureOpenAIError(error);
      stream2.push({ type: "error", reason: output.stopReason, error: output });
      stream2.end();
    }
  })();
  return stream2;
};
var streamSimple = (model, context, options) => {
  const apiKey = options?.apiKey;
  if (!apiKey) {
    throw new Error(`No API key for provider: ${model.provider}`);
  }
  const base = {
    ...buildBaseOptions(model, context, options, apiKey),
    toolChoice: options?.toolChoice
  };
  const clampedReasoning = options?.reasoning ? clampThinkingLevel(model, options.reasoning) : void 0;
  const reasoningEffort = clampedReasoning === "off" ? void 0 : clampedReasoning;
  return stream(model, context, {
    ...base,
    reasoningEffort
  });
};
function createClient(model, apiKey, options) {
  const headers = { ...getIdentityHeaders(model, options?.identity), ...model.headers };
  if (options?.headers) {
    Object.assign(headers, options.headers);
  }
  const { baseUrl, apiVersion } = resolveAzureConfig(model, options);
  return new AzureOpenAI({
    apiKey,
    apiVersion,
    dangerouslyAllowBrowser: true,
    fetch: options?.fetch,
    defaultHeaders: headers,
    baseURL: baseUrl
  });
}
function buildParams(model, context, options, deploymentName, grammarToolInputProperties = createGrammarToolInputProperties(getDeclaredTools(context.messages), model.compat?.supportsOpenAIGrammarTools ?? false)) {
  const supportsAdditionalTools = model.compat?.supportsAdditionalTools ?? false;
  const supportsToolSearch = model.compat?.supportsToolSearch ?? false;
  const transcriptTools = resolveTranscriptTools(context.messages, getResponsesToolSupport({
    supportsMidConvoSystemMessages: model.compat?.supportsMidConvoSystemMessages ?? false,
    supportsAdditionalTools,
    supportsToolSearch
  }));
  const messages = convertResponsesMessages(model, context, AZURE_TOOL_CALL_PROVIDERS, {
    grammarToolInputProperties,
    supportsMidConvoSystemMessages: model.compat?.supportsMidConvoSystemMessages ?? false,
    supportsAdditionalTools,
    supportsToolSearch,
    toolOptions: {
      supportsStrictMode: model.compat?.supportsStrictMode ?? true,
      supportsOpenAIGrammarTools: model.compat?.supportsOpenAIGrammarTools ?? false
    }
  });
  const params = {
    model: deploymentName,
    input: messages,
    stream: true,
    prompt_cache_key: model.compat?.promptCacheKeyMode === "disabled" ? void 0 : clampOpenAIPromptCacheKey(options?.sessionId),
    store: false
  };
  if (options?.maxTokens) {
    params.max_output_tokens = Math.max(options.maxTokens, OPENAI_RESPONSES_MIN_OUTPUT_TOKENS);
  }
  if (options?.temperature !== void 0) {
    params.temperature = options?.temperature;
  }
  if (transcriptTools.requestTools.length > 0) {
    params.tools = convertResponsesTools(transcriptTools.requestTools, {
      supportsStrictMode: model.compat?.supportsStrictMode ?? true,
      supportsOpenAIGrammarTools: model.compat?.supportsOpenAIGrammarTools ?? false
    });
  }
  if (options?.toolChoice !== void 0) {
    params.tool_choice = options.toolChoice;
  }
  const reasoningEffort = options?.reasoningEffort ?? (options?.reasoningSummary ? "medium" : void 0);
  if (model.reasoning) {
    if (reasoningEffort) {
      const effort = options?.reasoningEffort ? model.thinkingLevelMap?.[options.reasoningEffort] ?? options.reasoningEffort : reasoningEffort;
      params.reasoning = {
        effort,
        summary: options?.reasoningSummary || "auto"
      };
      params.include = ["reasoning.encrypted_content"];
    } else if (model.thinkingLevelMap?.off !== null) {
      params.reasoning = {
        effort: model.thinkingLevelMap?.off ?? "none"
      };
    }
  }
  const samplingParams = resolveSamplingParams(model, reasoningEffort ?? "off", options?.samplingParams);
  if (samplingParams) {
    Object.assign(params, samplingParams);
  }
  return params;
}
export {
  stream,
  streamSimple
};
