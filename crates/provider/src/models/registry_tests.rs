//! Tests of models.json parsing, layering, credentials and the startup model, on real files
//! in temp dirs with a fixed environment.

use std::path::Path;

use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::ThinkingLevel;

use super::config::parse_models_file;
use super::*;

struct Dir(tempfile::TempDir);

impl Dir {
    fn new(models: Option<&str>, settings: Option<&str>) -> Self {
        let dir = tempfile::tempdir().unwrap();
        if let Some(text) = models {
            std::fs::write(dir.path().join("models.json"), text).unwrap();
        }
        if let Some(text) = settings {
            std::fs::write(dir.path().join("settings.json"), text).unwrap();
        }
        Dir(dir)
    }

    fn load(&self, env: &[(&str, &str)]) -> (ModelRegistry, Vec<String>) {
        let (registry, errors) =
            ModelRegistry::load_with_env(self.0.path(), Env::fixed(env.iter().copied()));
        (registry, errors.iter().map(ToString::to_string).collect())
    }
}

fn ids(models: &[&tau_protocol::Model]) -> Vec<String> {
    models
        .iter()
        .map(|m| format!("{}/{}", m.provider, m.id))
        .collect()
}

const OLLAMA: &str = r#"{
  // a local server
  "providers": {
    "ollama": {
      "baseUrl": "http://localhost:11434/v1",
      "api": "openai-completions",
      "apiKey": "ollama",
      "models": [
        { "id": "qwen2.5-coder:7b", "futureField": {"x": 1} },
        { "id": "big", "name": "Big One", "reasoning": true, "input": ["text", "image"],
          "contextWindow": 1000000, "maxTokens": 9000, "cost": {"input": 1, "output": 2, "cacheRead": 0, "cacheWrite": 0} },
      ],
    },
  },
}"#;

#[test]
fn custom_provider_models_get_pi_defaults() {
    let (registry, errors) = Dir::new(Some(OLLAMA), None).load(&[]);
    assert!(errors.is_empty(), "{errors:?}");
    let small = registry.find("ollama", "qwen2.5-coder:7b").unwrap();
    assert_eq!(small.name, "qwen2.5-coder:7b");
    assert_eq!(small.api, "openai-completions");
    assert_eq!(small.base_url, "http://localhost:11434/v1");
    assert_eq!(
        (small.context_window, small.max_tokens, small.reasoning),
        (128_000, 16_384, false)
    );
    assert_eq!(small.input, ["text"]);
    let big = registry.find("ollama", "big").unwrap();
    assert_eq!(
        (big.name.as_str(), big.context_window, big.max_tokens),
        ("Big One", 1_000_000, 9000)
    );
    assert_eq!(big.cost.output, 2.0);
    // Literal key: available; no key for openai/anthropic without their variables.
    assert_eq!(
        ids(&registry.available()),
        ["ollama/qwen2.5-coder:7b", "ollama/big"]
    );
    // Custom providers come after the built-in ones, scripted last.
    let providers: Vec<&str> = registry.all().iter().map(|m| m.provider.as_str()).collect();
    let first_ollama = providers.iter().position(|p| *p == "ollama").unwrap();
    assert!(providers[..first_ollama]
        .iter()
        .all(|p| crate::models::catalog::builtin_providers().contains(p)));
    assert_eq!(providers.last(), Some(&"scripted"));
}

#[test]
fn syntax_errors_name_file_line_and_column() {
    let text = "{\n  \"providers\": {\n    \"x\": { \"baseUrl\": \"u\" \"api\": \"a\" }\n  }\n}\n";
    let dir = Dir::new(Some(text), None);
    let (registry, errors) = dir.load(&[]);
    let path = dir.0.path().join("models.json");
    assert_eq!(
        errors,
        [format!(
            "{}:3:27: invalid JSON: expected `,` or `}}`; the file is ignored",
            path.display()
        )]
    );
    // The built-in models are still there.
    assert!(registry.find("openai", "gpt-4o").is_some());
}

#[test]
fn schema_errors_name_the_field() {
    let text = "{\n  \"providers\": {\n    \"fake\": {\n      \"baseUrl\": 5\n    }\n  }\n}";
    let error = parse_models_file(text, Path::new("/agent/models.json"))
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "/agent/models.json:4:18: providers.fake.baseUrl: invalid type: integer `5`, expected a string; the file is ignored"
    );
    let text = r#"{"providers": {"p": {"models": [{"name": "no id"}]}}}"#;
    let error = parse_models_file(text, Path::new("m.json"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("providers.p.models[0]: missing field `id`"),
        "{error}"
    );
    let text = r#"{"providers": {"p": {"models": [{"id": "m", "contextWindow": 0}]}}}"#;
    let error = parse_models_file(text, Path::new("m.json"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("providers.p.models[0].contextWindow: must be a number above 0"),
        "{error}"
    );
    let text = r#"{"providers": {"p": {"models": [{"id": "m", "input": ["audio"]}]}}}"#;
    let error = parse_models_file(text, Path::new("m.json"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("providers.p.models[0].input[0]: unknown variant `audio`"),
        "{error}"
    );
    let error = parse_models_file("{}", Path::new("m.json"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("missing field `providers`"), "{error}");
}

#[test]
fn comments_inside_strings_are_kept() {
    let text = r#"{"providers": {"p": {"baseUrl": "http://h//x", "api": "openai-completions", "models": [{"id": "a,]"}]}}}"#;
    let file = parse_models_file(text, Path::new("m.json")).unwrap();
    let provider = file.providers.get("p").unwrap();
    assert_eq!(provider.base_url.as_ref().unwrap().0, "http://h//x");
    assert_eq!(provider.models.as_ref().unwrap()[0].id.0, "a,]");
}

#[test]
fn builtin_provider_base_url_headers_and_overrides() {
    let text = json!({"providers": {
        "anthropic": {
            "baseUrl": "https://proxy.example.com",
            "headers": {"X-Team": "${TEAM}"},
            "compat": {"supportsTemperature": true},
            "modelOverrides": {
                "claude-sonnet-5-5": {"name": "Sonnet (proxy)", "maxTokens": 1000, "cost": {"input": 9},
                    "thinkingLevelMap": {"max": null}, "headers": {"X-Model": "m"}},
                "not-a-model": {"name": "ignored"}
            }
        }
    }})
    .to_string();
    let (registry, errors) =
        Dir::new(Some(&text), None).load(&[("ANTHROPIC_API_KEY", "sk-ant"), ("TEAM", "blue")]);
    assert!(errors.is_empty(), "{errors:?}");
    let opus = registry.find("anthropic", "claude-opus-5-5").unwrap();
    assert_eq!(opus.base_url, "https://proxy.example.com");
    assert_eq!(
        opus.compat.as_ref().unwrap()["supportsTemperature"],
        json!(true)
    );
    assert_eq!(
        opus.compat.as_ref().unwrap()["forceAdaptiveThinking"],
        json!(true)
    );
    let sonnet = registry.find("anthropic", "claude-sonnet-5-5").unwrap();
    assert_eq!(
        (
            sonnet.name.as_str(),
            sonnet.max_tokens,
            sonnet.context_window
        ),
        ("Sonnet (proxy)", 1000, 1_000_000)
    );
    assert_eq!((sonnet.cost.input, sonnet.cost.output), (9.0, 10.0));
    let map = sonnet.thinking_level_map.as_ref().unwrap();
    assert_eq!(
        (map["max"].clone(), map["high"].clone()),
        (json!(null), json!("high"))
    );
    assert!(!supported_thinking_levels(sonnet).contains(&ThinkingLevel::Max));
    // The key still comes from the environment; headers resolve per request.
    let auth = registry.request_auth(sonnet, None).unwrap();
    assert_eq!(auth.api_key.as_deref(), Some("sk-ant"));
    assert_eq!(
        json!(auth.headers),
        json!({"X-Team": "blue", "X-Model": "m"})
    );
    let auth = registry.request_auth(opus, None).unwrap();
    assert_eq!(json!(auth.headers), json!({"X-Team": "blue"}));
}

#[test]
fn models_entries_replace_builtins_by_id_and_inherit_api() {
    let text = json!({"providers": {"openai": {"models": [
        {"id": "gpt-4o", "name": "Mine", "contextWindow": 5000},
        {"id": "gpt-new"}
    ]}}})
    .to_string();
    let (registry, errors) = Dir::new(Some(&text), None).load(&[]);
    assert!(errors.is_empty(), "{errors:?}");
    let replaced = registry.find("openai", "gpt-4o").unwrap();
    assert_eq!(
        (replaced.name.as_str(), replaced.context_window),
        ("Mine", 5000)
    );
    // Replaced in place, with defaults rather than the built-in's values.
    assert_eq!(replaced.max_tokens, 16_384);
    let added = registry.find("openai", "gpt-new").unwrap();
    assert_eq!(
        (added.api.as_str(), added.base_url.as_str()),
        ("openai-responses", "https://api.openai.com/v1")
    );
    assert_eq!(
        registry
            .all()
            .iter()
            .filter(|m| m.provider == "openai" && m.id == "gpt-4o")
            .count(),
        1
    );
}

#[test]
fn unusable_provider_entries_are_skipped_with_a_reason() {
    let text = json!({"providers": {
        "empty": {},
        "noapi": {"baseUrl": "http://x", "models": [{"id": "m"}]},
        "nourl": {"api": "openai-completions", "models": [{"id": "m"}]},
        "openai": {"models": [{"id": "fine"}], "baseUrl": "http://proxy"},
        "anthropic": {"headers": {"X": "y"}, "models": [{"id": "x", "api": "openai-completions"}]},
        "scripted": {}
    }})
    .to_string();
    let dir = Dir::new(Some(&text), None);
    let (registry, errors) = dir.load(&[]);
    let path = dir.0.path().join("models.json").display().to_string();
    assert_eq!(
        errors,
        [
            format!(
                "{path}: provider \"empty\": must specify \"baseUrl\", \"headers\", \"compat\", \"modelOverrides\", or \"models\"; the provider is skipped"
            ),
            format!(
                "{path}: provider \"noapi\": model \"m\" has no \"api\"; set \"api\" on the provider or the model; the provider is skipped"
            ),
            format!("{path}: provider \"nourl\": \"baseUrl\" is required when defining custom models; the provider is skipped"),
            format!(
                "{path}: provider \"scripted\": must specify \"baseUrl\", \"headers\", \"compat\", \"modelOverrides\", or \"models\"; the provider is skipped"
            ),
        ]
    );
    // A built-in provider lends its first model's base URL to a new model.
    let added = registry.find("anthropic", "x").unwrap();
    assert_eq!(
        (added.api.as_str(), added.base_url.as_str()),
        ("openai-completions", "https://api.anthropic.com")
    );
    // A skipped built-in provider stays as built in.
    assert_eq!(
        registry.find("scripted", "demo").unwrap().context_window,
        200_000
    );
    assert_eq!(
        registry.find("openai", "fine").unwrap().base_url,
        "http://proxy"
    );
    assert!(registry
        .all()
        .iter()
        .all(|m| m.provider != "noapi" && m.provider != "nourl"));
}

#[test]
fn api_key_sources_in_order() {
    let text = json!({"providers": {
        "openai": {"apiKey": "$MY_OPENAI"},
        "cmd": {"baseUrl": "http://c", "api": "openai-completions", "apiKey": "!printf sk-from-cmd", "models": [{"id": "c"}]},
        "bad": {"baseUrl": "http://b", "api": "openai-completions", "apiKey": "!exit 1", "models": [{"id": "b"}]},
        "nokey": {"baseUrl": "http://n", "api": "openai-completions", "models": [{"id": "n"}]}
    }})
    .to_string();
    let dir = Dir::new(Some(&text), None);
    // OPENAI_API_KEY is ignored once models.json sets an apiKey for openai.
    let (registry, _) = dir.load(&[
        ("OPENAI_API_KEY", "sk-env"),
        ("ANTHROPIC_API_KEY", "sk-ant"),
    ]);
    assert!(!registry.has_credentials("openai"));
    let error = registry.api_key("openai", None).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("environment variable MY_OPENAI is not set"),
        "{error}"
    );
    assert_eq!(
        registry
            .api_key("openai", Some("sk-cli"))
            .unwrap()
            .as_deref(),
        Some("sk-cli")
    );
    assert_eq!(
        registry.api_key("anthropic", None).unwrap().as_deref(),
        Some("sk-ant")
    );
    assert_eq!(
        registry.api_key("cmd", None).unwrap().as_deref(),
        Some("sk-from-cmd")
    );
    assert!(
        registry.has_credentials("bad"),
        "commands count as configured without running"
    );
    let error = registry.api_key("bad", None).unwrap_err().to_string();
    assert!(
        error.contains("command `exit 1` exited with status 1"),
        "{error}"
    );
    assert_eq!(registry.api_key("nokey", None).unwrap(), None);
    let nokey = registry.find("nokey", "n").unwrap().clone();
    let error = registry.request_auth(&nokey, None).unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "no API key for provider nokey; add an \"apiKey\" for \"nokey\" in {}, or pass --api-key",
            dir.0.path().join("models.json").display()
        )
    );
    let (registry, _) = dir.load(&[("MY_OPENAI", "sk-mine")]);
    assert_eq!(
        registry.api_key("openai", None).unwrap().as_deref(),
        Some("sk-mine")
    );
    assert!(registry.has_credentials("openai"));
    // Anthropic's OAuth token variable comes first, as in pi-ai.
    let (registry, _) =
        Dir::new(None, None).load(&[("ANTHROPIC_API_KEY", "k"), ("ANTHROPIC_OAUTH_TOKEN", "t")]);
    assert_eq!(
        registry.api_key("anthropic", None).unwrap().as_deref(),
        Some("t")
    );
}

#[test]
fn auth_header_sends_the_key_as_bearer() {
    let text = json!({"providers": {"gw": {
        "baseUrl": "http://g", "api": "openai-completions", "apiKey": "k-1", "authHeader": true,
        "headers": {"authorization": "old"}, "models": [{"id": "m", "headers": {"X-Id": "$$literal"}}]
    }}})
    .to_string();
    let (registry, _) = Dir::new(Some(&text), None).load(&[]);
    let model = registry.find("gw", "m").unwrap();
    let auth = registry.request_auth(model, None).unwrap();
    assert_eq!(
        json!(auth.headers),
        json!({"X-Id": "$literal", "Authorization": "Bearer k-1"})
    );
}

#[test]
fn scripted_models_need_no_key_and_are_not_listed() {
    let (registry, errors) = Dir::new(None, None).load(&[]);
    assert!(errors.is_empty());
    assert!(registry.available().is_empty());
    assert_eq!(registry.default_model(), None);
    let demo = registry.find("scripted", "demo").unwrap();
    assert!(registry.has_credentials("scripted"));
    assert_eq!(
        registry.request_auth(demo, None).unwrap(),
        RequestAuth::default()
    );
    assert!(registry.no_models_message().contains("OPENAI_API_KEY"));
    assert!(registry
        .no_models_message()
        .contains("--model scripted/demo"));
}

#[test]
fn default_model_follows_settings_then_pi_preference() {
    let (registry, _) =
        Dir::new(None, None).load(&[("OPENAI_API_KEY", "k"), ("ANTHROPIC_API_KEY", "k")]);
    let pick = |r: &ModelRegistry| {
        r.default_model()
            .map(|m| format!("{}/{}", m.provider, m.id))
    };
    // Pi prefers anthropic's default over openai's.
    assert_eq!(
        pick(&registry).as_deref(),
        Some("anthropic/claude-opus-5-5")
    );
    let (registry, _) = Dir::new(None, None).load(&[("OPENAI_API_KEY", "k")]);
    assert_eq!(pick(&registry).as_deref(), Some("openai/gpt-6.2-sol"));

    let settings =
        r#"{"defaultProvider": "openai", "defaultModel": "gpt-4o", "defaultThinkingLevel": "low"}"#;
    let dir = Dir::new(None, Some(settings));
    let (registry, _) = dir.load(&[("OPENAI_API_KEY", "k"), ("ANTHROPIC_API_KEY", "k")]);
    assert_eq!(pick(&registry).as_deref(), Some("openai/gpt-4o"));
    // Without credentials for the saved default, the preference order applies.
    let (registry, _) = dir.load(&[("ANTHROPIC_API_KEY", "k")]);
    assert_eq!(
        pick(&registry).as_deref(),
        Some("anthropic/claude-opus-5-5")
    );

    // With no provider default available, the first available model wins.
    let (registry, _) = Dir::new(Some(OLLAMA), None).load(&[]);
    assert_eq!(pick(&registry).as_deref(), Some("ollama/qwen2.5-coder:7b"));
}

#[test]
fn thinking_level_defaults_and_clamps() {
    let settings =
        r#"{"defaultThinkingLevel": "xhigh", "modelThinkingLevels": {"openai/o3": "minimal"}}"#;
    let (registry, _) = Dir::new(None, Some(settings)).load(&[]);
    let o3 = registry.find("openai", "o3").unwrap();
    let gpt4o = registry.find("openai", "gpt-4o").unwrap();
    let gpt55 = registry.find("openai", "gpt-5.5").unwrap();
    // o3 maps minimal to null: clamped up to low.
    assert_eq!(registry.thinking_level(o3, None), ThinkingLevel::Low);
    assert_eq!(
        registry.thinking_level(gpt4o, Some(ThinkingLevel::High)),
        ThinkingLevel::Off
    );
    assert_eq!(registry.thinking_level(gpt55, None), ThinkingLevel::Xhigh);
    let (registry, _) = Dir::new(None, None).load(&[]);
    assert_eq!(registry.thinking_level(gpt55, None), ThinkingLevel::Medium);
    let demo = registry.find("scripted", "demo").unwrap();
    assert_eq!(registry.thinking_level(demo, None), ThinkingLevel::Off);
    assert_eq!(
        registry.thinking_level(demo, Some(ThinkingLevel::High)),
        ThinkingLevel::High
    );
}

#[test]
fn broken_settings_are_reported_and_ignored() {
    let dir = Dir::new(None, Some("{ nope"));
    let (registry, errors) = dir.load(&[]);
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].contains("settings.json:1:3: invalid JSON"),
        "{}",
        errors[0]
    );
    assert_eq!(registry.settings(), &ModelSettings::default());
}

#[test]
fn auth_json_keys_come_after_the_cli_and_before_models_json_and_the_environment() {
    let dir = Dir::new(Some(OLLAMA), None);
    let (registry, _) = dir.load(&[("OPENAI_API_KEY", "sk-env")]);
    assert_eq!(
        registry.api_key("openai", None).unwrap().as_deref(),
        Some("sk-env")
    );
    assert_eq!(
        registry.api_key("ollama", None).unwrap().as_deref(),
        Some("ollama")
    );
    let stored = r#"{
      "openai": {"type": "api_key", "key": "sk-stored"},
      "ollama": {"type": "api_key", "key": "$TEAM_KEY", "env": {"TEAM_KEY": "from-record"}},
      "github-copilot": {"type": "oauth", "access": "a", "refresh": "r", "expires": 1}
    }"#;
    std::fs::write(dir.0.path().join("auth.json"), stored).unwrap();
    let (registry, errors) = dir.load(&[("OPENAI_API_KEY", "sk-env")]);
    assert!(errors.is_empty(), "{errors:?}");
    let key = |provider, cli| registry.api_key(provider, cli).unwrap();
    assert_eq!(key("openai", None).as_deref(), Some("sk-stored"));
    assert_eq!(key("openai", Some("sk-cli")).as_deref(), Some("sk-cli"));
    assert_eq!(key("ollama", None).as_deref(), Some("from-record"));
    // An OAuth sign-in tau cannot use leaves the provider to the environment.
    assert!(!registry.has_credentials("github-copilot"));
    assert!(registry.has_credentials("openai"));
}

#[test]
fn stored_sign_ins_own_their_provider() {
    let dir = Dir::new(None, None);
    let far = tau_protocol::now_millis() as f64 + 3_600_000.0;
    let stored = json!({
        "anthropic": {"type": "oauth", "access": "sk-ant-oat01-x", "refresh": "r", "expires": far},
        "kimi-coding": {"type": "oauth", "access": "kimi-token", "refresh": "r", "expires": far},
        "xai": {"type": "oauth", "access": "old", "refresh": "r", "expires": 1}
    });
    std::fs::write(dir.0.path().join("auth.json"), stored.to_string()).unwrap();
    let env = [
        ("ANTHROPIC_API_KEY", "sk-env"),
        ("XAI_API_KEY", "xai-env"),
        // The refresh endpoint refuses connections: the refresh fails.
        ("TAU_OAUTH_TOKEN_URL_XAI", "http://127.0.0.1:9/token"),
    ];
    let (registry, errors) = dir.load(&env);
    assert!(errors.is_empty(), "{errors:?}");
    let model = |provider: &str| {
        registry
            .all()
            .iter()
            .find(|m| m.provider == provider)
            .unwrap()
            .clone()
    };
    // A fresh token is the key, ahead of the environment.
    let auth = registry.request_auth(&model("anthropic"), None).unwrap();
    assert_eq!(auth.api_key.as_deref(), Some("sk-ant-oat01-x"));
    assert_eq!(registry.key_source("anthropic").as_deref(), Some("OAuth"));
    // --api-key still wins.
    let auth = registry
        .request_auth(&model("anthropic"), Some("sk-cli"))
        .unwrap();
    assert_eq!(auth.api_key.as_deref(), Some("sk-cli"));
    // Kimi's token travels as a bearer header.
    assert!(registry.has_credentials("kimi-coding"));
    let auth = registry.request_auth(&model("kimi-coding"), None).unwrap();
    assert_eq!(auth.api_key, None);
    assert_eq!(
        auth.headers.unwrap()["Authorization"],
        json!("Bearer kimi-token")
    );
    // A failed refresh is an error, not a fallback to XAI_API_KEY.
    let error = registry.request_auth(&model("xai"), None).unwrap_err();
    assert!(
        matches!(&error, AuthError::OAuth(text) if text.contains("xai") && text.contains("/login")),
        "{error}"
    );
}

#[test]
fn a_broken_auth_json_is_reported_and_ignored() {
    let dir = Dir::new(None, None);
    std::fs::write(dir.0.path().join("auth.json"), "{oops").unwrap();
    let (registry, errors) = dir.load(&[("OPENAI_API_KEY", "sk-env")]);
    assert!(
        errors[0].contains("auth.json") && errors[0].contains("ignored"),
        "{errors:?}"
    );
    assert_eq!(
        registry.api_key("openai", None).unwrap().as_deref(),
        Some("sk-env")
    );
}

#[test]
fn anthropic_auth_token_is_a_bearer_header_between_files_and_key_variables() {
    let dir = Dir::new(None, None);
    let env = [
        ("ANTHROPIC_AUTH_TOKEN", "bearer-1"),
        ("ANTHROPIC_API_KEY", "sk-env"),
    ];
    let (registry, _) = dir.load(&env);
    let model = registry
        .find("anthropic", "claude-haiku-4-5")
        .unwrap()
        .clone();
    let auth = registry.request_auth(&model, None).unwrap();
    assert_eq!(auth.api_key, None);
    assert_eq!(
        auth.headers.unwrap()["Authorization"],
        json!("Bearer bearer-1")
    );
    assert_eq!(
        registry.key_source("anthropic").as_deref(),
        Some("ANTHROPIC_AUTH_TOKEN")
    );
    // Alone, it configures the provider.
    let (registry, _) = dir.load(&env[..1]);
    assert!(registry.has_credentials("anthropic"));
    // A stored key comes first.
    std::fs::write(
        dir.0.path().join("auth.json"),
        r#"{"anthropic": {"type": "api_key", "key": "sk-stored"}}"#,
    )
    .unwrap();
    let (registry, _) = dir.load(&env);
    let auth = registry.request_auth(&model, None).unwrap();
    assert_eq!(auth.api_key.as_deref(), Some("sk-stored"));
    assert!(auth.headers.is_none());
}

#[test]
fn amazon_bedrock_is_signed_in_by_aws_credentials_as_in_pi() {
    let dir = Dir::new(None, None);
    let (registry, _) = dir.load(&[]);
    assert!(!registry.has_credentials("amazon-bedrock"));
    for env in [
        &[("AWS_ACCESS_KEY_ID", "A"), ("AWS_SECRET_ACCESS_KEY", "s")][..],
        &[("AWS_PROFILE", "dev")][..],
        &[("AWS_BEARER_TOKEN_BEDROCK", "t")][..],
    ] {
        let (registry, _) = dir.load(env);
        assert!(registry.has_credentials("amazon-bedrock"), "{env:?}");
        assert_eq!(
            registry.api_key("amazon-bedrock", None).unwrap().as_deref(),
            Some("<authenticated>"),
            "{env:?}"
        );
    }
    // A key alone is not enough.
    let (registry, _) = dir.load(&[("AWS_ACCESS_KEY_ID", "A")]);
    assert!(!registry.has_credentials("amazon-bedrock"));
}
