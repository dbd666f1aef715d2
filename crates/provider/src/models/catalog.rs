//! Built-in facts: the models tau knows without a models.json (catalog.json, every chat model
//! of the pinned pi-ai, written by tools/catalogue/generate.mjs and never by hand), the
//! API-key environment variables of each provider (pi-ai's env-api-keys.js) and the model Pi
//! starts with for each provider (pi-coding-agent's `defaultModelPerProvider`, whose order is
//! also the preference order).
//!
//! The catalogue lists every model Pi lists, including those whose `api` tau cannot stream
//! yet (Bedrock, Google, Mistral, ...): they show in `--list-models` and resolve as in Pi, and
//! selecting one fails with an error naming the api (see the app's `provider_for`).

use std::sync::OnceLock;

use serde::Deserialize;
use tau_protocol::Model;

use super::value::Env;
use crate::scripted::{scripted_model, ScriptedProvider, SCRIPTED};

/// API-key variables per provider, first match wins. Anthropic's `ANTHROPIC_AUTH_TOKEN` is
/// a bearer token, not a key, so it is not listed (see the crate docs for what is missing).
const ENV_KEYS: &[(&str, &[&str])] = &[
    ("anthropic", &["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"]),
    ("ant-ling", &["ANT_LING_API_KEY"]),
    ("azure", &["AZURE_OPENAI_API_KEY"]),
    ("baseten", &["BASETEN_API_KEY"]),
    ("cerebras", &["CEREBRAS_API_KEY"]),
    ("cloudflare-ai-gateway", &["CLOUDFLARE_API_KEY"]),
    ("cloudflare-workers-ai", &["CLOUDFLARE_API_KEY"]),
    ("deepseek", &["DEEPSEEK_API_KEY"]),
    ("fireworks", &["FIREWORKS_API_KEY"]),
    ("github-copilot", &["COPILOT_GITHUB_TOKEN"]),
    ("google", &["GEMINI_API_KEY"]),
    ("google-vertex", &["GOOGLE_CLOUD_API_KEY"]),
    ("groq", &["GROQ_API_KEY"]),
    ("huggingface", &["HF_TOKEN"]),
    ("kimi-coding", &["KIMI_API_KEY"]),
    ("meta", &["META_API_KEY"]),
    ("minimax", &["MINIMAX_API_KEY"]),
    ("minimax-cn", &["MINIMAX_CN_API_KEY"]),
    ("mistral", &["MISTRAL_API_KEY"]),
    ("moonshotai", &["MOONSHOT_API_KEY"]),
    ("moonshotai-cn", &["MOONSHOT_API_KEY"]),
    ("nvidia", &["NVIDIA_API_KEY"]),
    ("openai", &["OPENAI_API_KEY"]),
    ("opencode", &["OPENCODE_API_KEY"]),
    ("opencode-go", &["OPENCODE_API_KEY"]),
    ("openrouter", &["OPENROUTER_API_KEY"]),
    (
        "qwen-token-plan",
        &["QWEN_TOKEN_PLAN_TEAM_API_KEY", "QWEN_TOKEN_PLAN_API_KEY"],
    ),
    (
        "qwen-token-plan-cn",
        &[
            "QWEN_TOKEN_PLAN_TEAM_CN_API_KEY",
            "QWEN_TOKEN_PLAN_CN_API_KEY",
        ],
    ),
    (
        "qwen-token-plan-individual",
        &[
            "QWEN_TOKEN_PLAN_INDIVIDUAL_API_KEY",
            "QWEN_TOKEN_PLAN_API_KEY",
        ],
    ),
    (
        "qwen-token-plan-individual-cn",
        &[
            "QWEN_TOKEN_PLAN_INDIVIDUAL_CN_API_KEY",
            "QWEN_TOKEN_PLAN_CN_API_KEY",
        ],
    ),
    ("radius", &["RADIUS_API_KEY"]),
    ("together", &["TOGETHER_API_KEY"]),
    ("typesafe", &["TYPESAFE_API_KEY"]),
    ("vercel-ai-gateway", &["AI_GATEWAY_API_KEY"]),
    ("xai", &["XAI_API_KEY"]),
    ("xiaomi", &["XIAOMI_API_KEY"]),
    ("xiaomi-token-plan-ams", &["XIAOMI_TOKEN_PLAN_AMS_API_KEY"]),
    ("xiaomi-token-plan-cn", &["XIAOMI_TOKEN_PLAN_CN_API_KEY"]),
    ("xiaomi-token-plan-sgp", &["XIAOMI_TOKEN_PLAN_SGP_API_KEY"]),
    ("zai", &["ZAI_API_KEY"]),
    ("zai-coding-cn", &["ZAI_CODING_CN_API_KEY"]),
];

/// Pi's startup model per provider. The order matters: with no saved default, Pi takes the
/// first entry whose model is available.
pub const DEFAULT_MODEL_PER_PROVIDER: &[(&str, &str)] = &[
    ("amazon-bedrock", "us.anthropic.claude-opus-5-5"),
    ("ant-ling", "Ring-2.6-1T"),
    ("anthropic", "claude-opus-5-5"),
    ("openai", "gpt-6.2-sol"),
    ("azure", "gpt-6.2-sol"),
    ("openai-codex", "gpt-6.2-sol"),
    ("radius", "balanced"),
    ("nvidia", "nvidia/nemotron-3.5-super-vl-120b-a12b"),
    ("deepseek", "deepseek-v4-pro"),
    ("google", "gemini-4-argon"),
    ("google-vertex", "gemini-4-argon"),
    ("github-copilot", "gpt-6.1-sol"),
    ("openrouter", "moonshotai/kimi-k2.7-code"),
    ("vercel-ai-gateway", "zai/glm-5.3"),
    ("xai", "grok-4.7"),
    ("groq", "openai/gpt-oss-120b"),
    ("cerebras", "gpt-oss-120b"),
    ("zai", "glm-5.3"),
    ("zai-coding-cn", "glm-5.3"),
    ("mistral", "devstral-medium-latest"),
    ("minimax", "MiniMax-M3"),
    ("minimax-cn", "MiniMax-M3"),
    ("moonshotai", "kimi-k2.7-code"),
    ("moonshotai-cn", "kimi-k2.7-code"),
    ("huggingface", "moonshotai/Kimi-K2.7-Code"),
    ("fireworks", "accounts/fireworks/models/kimi-k3"),
    ("together", "moonshotai/Kimi-K3"),
    ("baseten", "zai-org/GLM-5.3"),
    ("opencode", "kimi-k2.7-code"),
    ("opencode-go", "kimi-k3.1-pro"),
    ("kimi-coding", "kimi-for-coding"),
    ("meta", "muse-spark-1.3"),
    ("cloudflare-workers-ai", "@cf/moonshotai/kimi-k2.7-code"),
    (
        "cloudflare-ai-gateway",
        "workers-ai/@cf/moonshotai/kimi-k2.7-code",
    ),
    ("qwen-token-plan", "qwen3.8-max"),
    ("qwen-token-plan-cn", "qwen3.8-max"),
    ("qwen-token-plan-individual", "qwen3.8-max"),
    ("qwen-token-plan-individual-cn", "qwen3.8-max"),
    ("xiaomi", "mimo-v2.6-pro"),
    ("xiaomi-token-plan-cn", "mimo-v2.6-pro"),
    ("xiaomi-token-plan-ams", "mimo-v2.6-pro"),
    ("xiaomi-token-plan-sgp", "mimo-v2.6-pro"),
];

/// The API-key environment variables of a provider, most preferred first.
pub fn env_keys(provider: &str) -> &'static [&'static str] {
    ENV_KEYS
        .iter()
        .find(|(id, _)| *id == provider)
        .map_or(&[], |(_, names)| names)
}

/// Pi's startup model id for a provider, if it has one.
pub fn default_model_id(provider: &str) -> Option<&'static str> {
    DEFAULT_MODEL_PER_PROVIDER
        .iter()
        .find(|(id, _)| *id == provider)
        .map(|(_, model)| *model)
}

/// Whether `provider` has credentials Pi finds without a key variable: Amazon Bedrock's AWS
/// profile, keys, bearer token or role variables, and Google Vertex's application default
/// credentials with a project and a location (pi-ai's `getEnvApiKey`).
pub fn has_ambient_credentials(provider: &str, env: &Env) -> bool {
    let env = |name: &str| env.get(name);
    match provider {
        "amazon-bedrock" => crate::bedrock::config::has_ambient_credentials(&env),
        "google-vertex" => crate::google::adc::is_configured(&env),
        _ => false,
    }
}

#[derive(Deserialize)]
struct CatalogFile {
    models: Vec<Model>,
}

/// Every built-in model, in catalogue order (providers alphabetically, as pi-ai registers
/// them). Parsed from the embedded catalogue on first use, once per process.
pub fn builtin_models() -> &'static [Model] {
    static MODELS: OnceLock<Vec<Model>> = OnceLock::new();
    MODELS.get_or_init(|| {
        // The catalogue ships in the binary and a unit test parses it, so a failure here is
        // a build defect; an empty catalogue keeps tau usable with models.json.
        let parsed = serde_json::from_str::<CatalogFile>(include_str!("catalog.json"));
        debug_assert!(parsed.is_ok(), "catalog.json does not parse");
        parsed.map(|file| file.models).unwrap_or_default()
    })
}

/// The built-in providers in catalogue order, each once.
pub fn builtin_providers() -> &'static [&'static str] {
    static PROVIDERS: OnceLock<Vec<&'static str>> = OnceLock::new();
    PROVIDERS.get_or_init(|| {
        let mut providers: Vec<&'static str> = Vec::new();
        for model in builtin_models() {
            if !providers.contains(&model.provider.as_str()) {
                providers.push(&model.provider);
            }
        }
        providers
    })
}

/// The built-in models of one provider, in catalogue order.
pub fn builtin_models_of(provider: &str) -> impl Iterator<Item = &'static Model> + '_ {
    builtin_models()
        .iter()
        .filter(move |m| m.provider == provider)
}

/// The scripted models: one per built-in script, provider and api `scripted`.
pub fn scripted_models() -> Vec<Model> {
    ScriptedProvider::builtin_names()
        .into_iter()
        .map(scripted_model)
        .collect()
}

/// Whether a provider needs no credentials (the offline scripted provider).
pub fn is_keyless(provider: &str) -> bool {
    provider == SCRIPTED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_parses_with_the_main_models() {
        let parsed: CatalogFile = serde_json::from_str(include_str!("catalog.json")).unwrap();
        assert_eq!(parsed.models.len(), builtin_models().len());
        let find = |provider: &str, id: &str| {
            builtin_models()
                .iter()
                .find(|m| m.provider == provider && m.id == id)
                .unwrap_or_else(|| panic!("{provider}/{id} missing"))
        };
        let gpt = find("openai", "gpt-4o");
        assert_eq!(
            (gpt.api.as_str(), gpt.context_window, gpt.max_tokens),
            ("openai-responses", 128_000, 16_384)
        );
        assert_eq!(gpt.base_url, "https://api.openai.com/v1");
        assert!(!gpt.reasoning);
        let opus = find("anthropic", "claude-opus-5-5");
        assert_eq!(opus.api, "anthropic-messages");
        assert_eq!(opus.cost.input, 4.0);
        assert!(opus.reasoning && opus.input == ["text", "image"]);
        // Every startup model Pi names is in the catalogue, and every built-in provider
        // has one.
        for (provider, id) in DEFAULT_MODEL_PER_PROVIDER {
            find(provider, id);
        }
        for provider in builtin_providers() {
            assert!(default_model_id(provider).is_some(), "{provider}");
        }
    }

    #[test]
    fn catalogue_is_pis_whole_chat_catalogue() {
        // Facts the generator carries over: Pi's provider order and fields beyond the basics.
        let providers = builtin_providers();
        assert_eq!(providers.first(), Some(&"amazon-bedrock"));
        assert!(
            providers.windows(2).all(|pair| pair[0] < pair[1]),
            "{providers:?}"
        );
        assert!(providers.contains(&"google") && providers.contains(&"openrouter"));
        let copilot = builtin_models_of("github-copilot").next().unwrap();
        assert!(copilot
            .headers
            .as_ref()
            .is_some_and(|h| h.contains_key("Copilot-Integration-Id")));
        assert!(builtin_models().len() > 1000, "{}", builtin_models().len());
    }

    #[test]
    fn ambient_credentials_follow_pi() {
        let env = |vars: &[(&str, &str)]| {
            Env::Fixed(
                vars.iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            )
        };
        assert!(has_ambient_credentials(
            "amazon-bedrock",
            &env(&[("AWS_PROFILE", "p")])
        ));
        assert!(!has_ambient_credentials(
            "amazon-bedrock",
            &env(&[("AWS_ACCESS_KEY_ID", "k")])
        ));
        assert!(has_ambient_credentials(
            "amazon-bedrock",
            &env(&[("AWS_ACCESS_KEY_ID", "k"), ("AWS_SECRET_ACCESS_KEY", "s")])
        ));
        let dir = tempfile::tempdir().unwrap();
        let adc = dir.path().join("adc.json");
        std::fs::write(&adc, "{}").unwrap();
        let adc = adc.display().to_string();
        let vertex = [
            ("GOOGLE_APPLICATION_CREDENTIALS", adc.as_str()),
            ("GOOGLE_CLOUD_PROJECT", "p"),
            ("GOOGLE_CLOUD_LOCATION", "us-central1"),
        ];
        assert!(has_ambient_credentials("google-vertex", &env(&vertex)));
        assert!(!has_ambient_credentials(
            "google-vertex",
            &env(&vertex[..2])
        ));
        assert!(!has_ambient_credentials(
            "openai",
            &env(&[("AWS_PROFILE", "p")])
        ));
    }

    #[test]
    fn env_keys_follow_pi() {
        assert_eq!(env_keys("openai"), ["OPENAI_API_KEY"]);
        assert_eq!(
            env_keys("anthropic"),
            ["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"]
        );
        assert_eq!(env_keys("openrouter"), ["OPENROUTER_API_KEY"]);
        assert!(env_keys("my-proxy").is_empty());
    }
}
