//! Which dialect of "OpenAI-compatible" a server speaks (pi-ai `detectCompat` +
//! `getCompat`): detected from the provider id and base URL, then overridden field by
//! field by the model's `compat` object from models.json (camelCase keys, as in Pi).
//! llama.cpp, Ollama and vLLM are "standard" here; their quirks are opted into via
//! `compat` (`thinkingFormat: "chat-template"`, `maxTokensField`, `supportsStrictMode`…).

use serde_json::{Map, Value};
use tau_protocol::Model;

use crate::session_affinity::{self, PromptCacheKeyMode, SessionAffinityFormat};

/// How reasoning is requested (`compat.thinkingFormat`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThinkingFormat {
    /// `reasoning_effort` (OpenAI and most servers).
    OpenAi,
    /// `reasoning: {effort}` (OpenRouter).
    OpenRouter,
    /// `thinking: {type}` + `reasoning_effort` (DeepSeek).
    DeepSeek,
    /// `thinking: {type, clear_thinking}` (Z.ai).
    Zai,
    /// `enable_thinking` (Qwen / DashScope).
    Qwen,
    /// `chat_template_kwargs: {enable_thinking, preserve_thinking}`.
    QwenChatTemplate,
    /// `chat_template_kwargs` from `compat.chatTemplateKwargs` (vLLM, SGLang, llama.cpp).
    ChatTemplate,
    /// `chat_template_args` from `compat.chatTemplateArgs` (Baseten).
    Baseten,
    /// `reasoning: {effort}` from the level map only (Ant Ling).
    AntLing,
    /// `reasoning: {enabled}` (Together).
    Together,
    /// `thinking: "<level>"`.
    StringThinking,
}

impl ThinkingFormat {
    fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "openai" => Self::OpenAi,
            "openrouter" => Self::OpenRouter,
            "deepseek" => Self::DeepSeek,
            "zai" => Self::Zai,
            "qwen" => Self::Qwen,
            "qwen-chat-template" => Self::QwenChatTemplate,
            "chat-template" => Self::ChatTemplate,
            "baseten" => Self::Baseten,
            "ant-ling" => Self::AntLing,
            "together" => Self::Together,
            "string-thinking" => Self::StringThinking,
            _ => return None,
        })
    }
}

/// Resolved compatibility settings of one model.
#[derive(Debug, Clone, PartialEq)]
pub struct Compat {
    /// Send `store: false`.
    pub supports_store: bool,
    /// Reasoning models get the `developer` role for the system prompt.
    pub supports_developer_role: bool,
    /// Send `reasoning_effort`.
    pub supports_reasoning_effort: bool,
    /// Send `stream_options: {include_usage: true}`.
    pub supports_usage_in_streaming: bool,
    /// A stream without `finish_reason` is an error (else the stop reason is inferred).
    pub supports_finish_reason: bool,
    /// Send `max_tokens` instead of `max_completion_tokens`.
    pub use_max_tokens_field: bool,
    /// Tool results carry the tool `name`.
    pub requires_tool_result_name: bool,
    /// A user message may not follow tool results directly: insert an assistant bridge.
    pub requires_assistant_after_tool_result: bool,
    /// Assistant `content` is `""` instead of `null`.
    pub requires_non_null_assistant_content: bool,
    /// Send `tools: []` when the history has tool calls but no tools are offered.
    pub requires_tools_with_tool_history: bool,
    /// Replay thinking as a text part.
    pub requires_thinking_as_text: bool,
    /// Assistant messages of reasoning models always carry `reasoning_content`.
    pub requires_reasoning_content_on_assistant_messages: bool,
    /// How reasoning is requested.
    pub thinking_format: ThinkingFormat,
    /// `compat.openRouterRouting`, sent as `provider` when set.
    pub open_router_routing: Option<Value>,
    /// `compat.vercelGatewayRouting` (`only`, `order`).
    pub vercel_gateway_routing: Option<Value>,
    /// `compat.chatTemplateKwargs`.
    pub chat_template_kwargs: Map<String, Value>,
    /// `compat.chatTemplateArgs`.
    pub chat_template_args: Map<String, Value>,
    /// Z.ai `tool_stream: true`.
    pub zai_tool_stream: bool,
    /// Field that caps reasoning tokens (`thinking_token_budget` when
    /// `supportsThinkingTokenBudget`).
    pub thinking_token_budget_field: Option<String>,
    /// Tools carry `strict` (always `false`: tau has no constrained-sampling schemas yet).
    pub supports_strict_mode: bool,
    /// `anthropic` adds `cache_control` markers (OpenRouter's Claude models).
    pub anthropic_cache_control: bool,
    /// `compat.vllmPriority`, sent as `priority`.
    pub vllm_priority: Option<Value>,
    /// `PI_CACHE_RETENTION=long` may ask for long caching: `prompt_cache_retention: "24h"`
    /// and one-hour `cache_control` markers (default: all but Together, Cloudflare, NVIDIA
    /// and Ant Ling).
    pub supports_long_cache_retention: bool,
    /// Send the session id in affinity headers (default: OpenRouter only).
    pub send_session_affinity_headers: bool,
    /// Which affinity headers (default: OpenRouter's for OpenRouter, else OpenAI's).
    pub session_affinity_format: SessionAffinityFormat,
    /// When `prompt_cache_key` is sent (`auto`: to api.openai.com, or with long caching
    /// where the server supports it).
    pub prompt_cache_key_mode: PromptCacheKeyMode,
}

impl Compat {
    /// Detected settings for `model`, overridden by `model.compat`.
    pub fn for_model(model: &Model) -> Self {
        let mut compat = Self::detect(model);
        let Some(Value::Object(overrides)) = &model.compat else {
            return compat;
        };
        let flag = |key: &str, current: bool| {
            overrides
                .get(key)
                .and_then(Value::as_bool)
                .unwrap_or(current)
        };
        compat.supports_store = flag("supportsStore", compat.supports_store);
        compat.supports_developer_role =
            flag("supportsDeveloperRole", compat.supports_developer_role);
        compat.supports_reasoning_effort =
            flag("supportsReasoningEffort", compat.supports_reasoning_effort);
        compat.supports_usage_in_streaming = flag(
            "supportsUsageInStreaming",
            compat.supports_usage_in_streaming,
        );
        compat.supports_finish_reason = flag("supportsFinishReason", compat.supports_finish_reason);
        if let Some(field) = overrides.get("maxTokensField").and_then(Value::as_str) {
            compat.use_max_tokens_field = field == "max_tokens";
        }
        compat.requires_tool_result_name =
            flag("requiresToolResultName", compat.requires_tool_result_name);
        compat.requires_assistant_after_tool_result = flag(
            "requiresAssistantAfterToolResult",
            compat.requires_assistant_after_tool_result,
        );
        compat.requires_non_null_assistant_content = flag(
            "requiresNonNullAssistantContent",
            compat.requires_non_null_assistant_content,
        );
        compat.requires_tools_with_tool_history = flag(
            "requiresToolsWithToolHistory",
            compat.requires_tools_with_tool_history,
        );
        compat.requires_thinking_as_text =
            flag("requiresThinkingAsText", compat.requires_thinking_as_text);
        compat.requires_reasoning_content_on_assistant_messages = flag(
            "requiresReasoningContentOnAssistantMessages",
            compat.requires_reasoning_content_on_assistant_messages,
        );
        if let Some(format) = overrides
            .get("thinkingFormat")
            .and_then(Value::as_str)
            .and_then(ThinkingFormat::parse)
        {
            compat.thinking_format = format;
        }
        // Pi sends `provider` whenever the model's compat has a truthy `openRouterRouting`.
        compat.open_router_routing = overrides
            .get("openRouterRouting")
            .filter(|value| !matches!(value, Value::Null | Value::Bool(false)))
            .cloned();
        if let Some(routing) = overrides.get("vercelGatewayRouting") {
            compat.vercel_gateway_routing = Some(routing.clone());
        }
        if let Some(Value::Object(kwargs)) = overrides.get("chatTemplateKwargs") {
            compat.chat_template_kwargs = kwargs.clone();
        }
        if let Some(Value::Object(args)) = overrides.get("chatTemplateArgs") {
            compat.chat_template_args = args.clone();
        }
        compat.zai_tool_stream = flag("zaiToolStream", compat.zai_tool_stream);
        let budget_field = overrides
            .get("thinkingTokenBudgetField")
            .and_then(Value::as_str)
            .filter(|field| !field.is_empty());
        if let Some(field) = budget_field {
            compat.thinking_token_budget_field = Some(field.to_owned());
        } else if flag("supportsThinkingTokenBudget", false) {
            compat.thinking_token_budget_field = Some("thinking_token_budget".to_owned());
        }
        compat.supports_strict_mode = flag("supportsStrictMode", compat.supports_strict_mode);
        if let Some(format) = overrides.get("cacheControlFormat").and_then(Value::as_str) {
            compat.anthropic_cache_control = format == "anthropic";
        }
        compat.vllm_priority = overrides
            .get("vllmPriority")
            .filter(|value| !value.is_null())
            .cloned();
        compat.supports_long_cache_retention = flag(
            "supportsLongCacheRetention",
            compat.supports_long_cache_retention,
        );
        compat.send_session_affinity_headers =
            session_affinity::sends_session_affinity_headers(model);
        compat.session_affinity_format =
            SessionAffinityFormat::of(model, compat.session_affinity_format);
        compat.prompt_cache_key_mode = PromptCacheKeyMode::of(model);
        compat
    }

    /// Settings detected from the provider id and base URL alone.
    pub fn detect(model: &Model) -> Self {
        let provider = model.provider.as_str();
        let url = model.base_url.as_str();
        let is_zai = matches!(provider, "zai" | "zai-coding-cn")
            || url.contains("api.z.ai")
            || url.contains("open.bigmodel.cn");
        let is_together = provider == "together"
            || url.contains("api.together.ai")
            || url.contains("api.together.xyz");
        let is_moonshot =
            matches!(provider, "moonshotai" | "moonshotai-cn") || url.contains("api.moonshot.");
        let is_open_router = provider == "openrouter" || url.contains("openrouter.ai");
        let is_cloudflare_workers =
            provider == "cloudflare-workers-ai" || url.contains("api.cloudflare.com");
        let is_cloudflare_gateway =
            provider == "cloudflare-ai-gateway" || url.contains("gateway.ai.cloudflare.com");
        let is_nvidia = provider == "nvidia" || url.contains("integrate.api.nvidia.com");
        let is_ant_ling = provider == "ant-ling" || url.contains("api.ant-ling.com");
        let is_cerebras = provider == "cerebras" || url.contains("cerebras.ai");
        let is_deepseek = provider == "deepseek" || url.to_lowercase().contains("deepseek.com");
        let is_grok = provider == "xai" || url.contains("api.x.ai");
        let is_non_standard = is_nvidia
            || is_cerebras
            || is_grok
            || is_together
            || url.contains("chutes.ai")
            || is_deepseek
            || is_zai
            || is_moonshot
            || provider == "opencode"
            || url.contains("opencode.ai")
            || is_cloudflare_workers
            || is_cloudflare_gateway
            || is_ant_ling;
        let use_max_tokens = url.contains("chutes.ai")
            || is_deepseek
            || is_moonshot
            || is_cloudflare_gateway
            || is_together
            || is_nvidia
            || is_ant_ling
            || is_zai;
        let thinking_format = if is_deepseek {
            ThinkingFormat::DeepSeek
        } else if is_zai {
            ThinkingFormat::Zai
        } else if is_together {
            ThinkingFormat::Together
        } else if is_ant_ling {
            ThinkingFormat::AntLing
        } else if is_open_router {
            ThinkingFormat::OpenRouter
        } else {
            ThinkingFormat::OpenAi
        };
        Self {
            supports_store: !is_non_standard,
            // Only OpenAI's own API takes the developer role; other chat templates reject it.
            supports_developer_role: provider == "openai" || url.contains("api.openai.com"),
            supports_reasoning_effort: !is_grok
                && !is_zai
                && !is_moonshot
                && !is_together
                && !is_cloudflare_gateway
                && !is_nvidia
                && !is_ant_ling,
            supports_usage_in_streaming: true,
            supports_finish_reason: true,
            use_max_tokens_field: use_max_tokens,
            requires_tool_result_name: false,
            requires_assistant_after_tool_result: false,
            requires_non_null_assistant_content: false,
            requires_tools_with_tool_history: false,
            requires_thinking_as_text: false,
            requires_reasoning_content_on_assistant_messages: is_deepseek,
            thinking_format,
            open_router_routing: None,
            vercel_gateway_routing: None,
            chat_template_kwargs: Map::new(),
            chat_template_args: Map::new(),
            zai_tool_stream: false,
            thinking_token_budget_field: None,
            supports_strict_mode: false,
            anthropic_cache_control: provider == "openrouter" && model.id.starts_with("anthropic/"),
            vllm_priority: None,
            supports_long_cache_retention: !(is_together
                || is_cloudflare_workers
                || is_cloudflare_gateway
                || is_nvidia
                || is_ant_ling),
            send_session_affinity_headers: is_open_router,
            session_affinity_format: SessionAffinityFormat::detect(model),
            prompt_cache_key_mode: PromptCacheKeyMode::Auto,
        }
    }
}
