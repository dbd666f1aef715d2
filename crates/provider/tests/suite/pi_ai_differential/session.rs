//! The session id (Pi's `sessionId`) through pi-ai and tau, to one loopback server: the
//! same `prompt_cache_key` (clamped to 64 characters) and the same session-affinity headers
//! for every API that uses it, each compat switch on its own, with caching on and off
//! (`cacheRetention: "none"`), and OpenCode's session header.

use serde_json::{json, Value};
use tau_protocol::ThinkingLevel;
use tau_provider::{
    AnthropicMessages, Bedrock, GoogleGenerativeAi, Mistral, OpenAiCodex, OpenAiCompletions,
    OpenAiResponses, Provider,
};
use tau_test_support::oracle::PiOracle;
use tau_test_support::{MockServer, MockTurn};

use super::{
    client, compare, conversation, model, probe_turn, serve, Case, CODEX_API, CODEX_TOKEN,
};

/// A session id as Pi makes them (a UUIDv7).
const SESSION: &str = "019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b";
/// Longer than OpenAI's 64-character cache key: cut to 64 in the body, whole in headers.
const LONG_SESSION: &str =
    "session-0123456789-0123456789-0123456789-0123456789-0123456789-0123456789-tail";

/// [`LONG_SESSION`] cut to OpenAI's 64 characters.
const CLAMPED: &str = "session-0123456789-0123456789-0123456789-0123456789-0123456789-0";

/// A case asking `provider` for `model` with the session `session`.
fn case<'a>(
    provider: &'a dyn Provider,
    model: Value,
    key: &'a str,
    key_header: &'a str,
    session: (&'a str, bool),
) -> Case<'a> {
    // A conversation from another API: replayed the same way by every one.
    let messages = conversation("bedrock-converse-stream", "amazon-bedrock", "elsewhere");
    Case {
        provider,
        model,
        messages,
        level: ThinkingLevel::Medium,
        key,
        key_header,
        session: Some(session),
    }
}

/// A loopback server answering every request alike: [`probe_turn`] with one reasoning
/// signature (the mock numbers them otherwise).
async fn server() -> MockServer {
    serve(MockTurn {
        thinking_signature: Some("c2lnLXNlc3Npb24=".into()),
        ..probe_turn()
    })
    .await
}

/// Requires that some request `server` received carried each of `headers`, and that some
/// body had the long session's `prompt_cache_key` as `cache_key`: the cases reach what
/// they test.
fn assert_seen(server: &MockServer, headers: &[&str], cache_key: &str) {
    let requests = server.requests();
    for name in headers {
        assert!(
            requests
                .iter()
                .any(|request| request.header(name).is_some()),
            "no request carried {name}"
        );
    }
    assert!(
        requests
            .iter()
            .any(|request| request.json()["prompt_cache_key"] == cache_key),
        "no request carried the prompt_cache_key {cache_key}"
    );
}

/// Every session: a plain one, a long one, and one with caching off.
const SESSIONS: [(&str, bool); 3] = [(SESSION, false), (LONG_SESSION, false), (SESSION, true)];

fn with_compat(mut model: Value, compat: Value) -> Value {
    if !compat.is_null() {
        model["compat"] = compat;
    }
    model
}

/// openai-completions: OpenRouter's default affinity header, each format and switch, the
/// cache key at api.openai.com (a path naming it on the loopback server) and by
/// `promptCacheKeyMode`, and OpenCode's session header.
#[tokio::test(flavor = "multi_thread")]
async fn openai_completions_session_ids_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = server().await;
    let completions = OpenAiCompletions::new(client());
    let base = server.base_url();
    let openai_like = format!("{}/api.openai.com/v1", server.url());
    let variants = [
        ("openai", base.clone(), Value::Null),
        ("openai", openai_like.clone(), Value::Null),
        (
            "openai",
            openai_like,
            json!({"promptCacheKeyMode": "disabled"}),
        ),
        ("openrouter", base.clone(), Value::Null),
        (
            "openrouter",
            base.clone(),
            json!({"sendSessionAffinityHeaders": false}),
        ),
        ("opencode", base.clone(), Value::Null),
        (
            "mystery-local",
            base.clone(),
            json!({"sendSessionAffinityHeaders": true}),
        ),
        (
            "mystery-local",
            base.clone(),
            json!({"sendSessionAffinityHeaders": true, "sessionAffinityFormat": "openai-nosession"}),
        ),
        (
            "mystery-local",
            base.clone(),
            json!({"sendSessionAffinityHeaders": true, "sessionAffinityFormat": "openrouter"}),
        ),
        (
            "mystery-local",
            base.clone(),
            json!({"promptCacheKeyMode": "enabled"}),
        ),
        (
            "mystery-local",
            base.clone(),
            json!({"promptCacheKeyMode": "auto", "supportsLongCacheRetention": true}),
        ),
        (
            "mystery-local",
            base.clone(),
            json!({"sendSessionAffinityHeaders": true, "promptCacheKeyMode": "enabled",
                "sessionAffinityFormat": "openai"}),
        ),
        // Markers that caching off leaves out.
        (
            "mystery-local",
            base,
            json!({"cacheControlFormat": "anthropic"}),
        ),
    ];
    let mut cases = Vec::new();
    for (provider, url, compat) in variants {
        let model = with_compat(model("openai-completions", provider, "m1", &url), compat);
        for session in SESSIONS {
            cases.push(case(
                &completions,
                model.clone(),
                "ok-key",
                "authorization",
                session,
            ));
        }
    }
    assert_eq!(cases.len(), 39);
    compare(&pi, &server, &cases).await;
    assert_seen(
        &server,
        &[
            "session_id",
            "x-session-id",
            "x-client-request-id",
            "x-session-affinity",
            "x-opencode-session",
        ],
        CLAMPED,
    );
}

/// openai-responses (OpenAI's format, OpenRouter's, without the session header, the key
/// disabled, OpenCode's header), Azure (its key whatever the retention, unless disabled)
/// and Codex (session headers and key, clamped, none with caching off).
#[tokio::test(flavor = "multi_thread")]
async fn responses_azure_and_codex_session_ids_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = server().await;
    let responses = OpenAiResponses::new(client());
    let azure = OpenAiResponses::azure(client());
    let codex = OpenAiCodex::new(client());
    let base = server.base_url();
    let mut cases = Vec::new();
    for (provider, compat) in [
        ("openai", Value::Null),
        ("openrouter", Value::Null),
        ("opencode", Value::Null),
        (
            "mystery-local",
            json!({"sessionAffinityFormat": "openai-nosession"}),
        ),
        (
            "mystery-local",
            json!({"sessionAffinityFormat": "openrouter"}),
        ),
        ("mystery-local", json!({"promptCacheKeyMode": "disabled"})),
        // Caching off is said explicitly to such servers.
        (
            "mystery-local",
            json!({"supportsExplicitPromptCacheMode": true}),
        ),
    ] {
        let model = with_compat(model("openai-responses", provider, "gpt-5", &base), compat);
        for session in SESSIONS {
            cases.push(case(
                &responses,
                model.clone(),
                "rk",
                "authorization",
                session,
            ));
        }
    }
    let azure_url = format!("{}/openai/v1", server.url());
    for compat in [Value::Null, json!({"promptCacheKeyMode": "disabled"})] {
        let model = with_compat(
            model("azure-openai-responses", "azure", "gpt-5", &azure_url),
            compat,
        );
        for session in SESSIONS {
            cases.push(case(&azure, model.clone(), "ak", "api-key", session));
        }
    }
    let codex_model = model(CODEX_API, "openai-codex", "gpt-x", &server.url());
    for session in SESSIONS {
        let mut case = case(
            &codex,
            codex_model.clone(),
            CODEX_TOKEN,
            "authorization",
            session,
        );
        case.messages = json!([{"role": "user", "content": "hi", "timestamp": 1}]);
        cases.push(case);
    }
    assert_eq!(cases.len(), 30);
    compare(&pi, &server, &cases).await;
    assert_seen(
        &server,
        &[
            "session-id",
            "x-session-id",
            "x-client-request-id",
            "x-opencode-session",
        ],
        CLAMPED,
    );
}

/// anthropic-messages (OpenRouter's `x-session-id` by default, `x-session-affinity` when
/// switched on elsewhere, none with a subscription token), Mistral (`x-affinity` and
/// `prompt_cache_key`, a model's own `x-affinity` kept), Gemini at OpenCode (its
/// session header alone) and Bedrock (no cache points with caching off).
#[tokio::test(flavor = "multi_thread")]
async fn anthropic_mistral_and_google_session_ids_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = server().await;
    let anthropic = AnthropicMessages::new(client());
    let mistral = Mistral::new(client());
    let gemini = GoogleGenerativeAi::new(client());
    let bedrock = Bedrock::new(client());
    let url = server.url();
    let mut cases = Vec::new();
    for (provider, compat, key, key_header) in [
        ("anthropic", Value::Null, "sk-ant-api", "x-api-key"),
        ("openrouter", Value::Null, "sk-or", "x-api-key"),
        (
            "openrouter",
            json!({"sendSessionAffinityHeaders": false}),
            "sk-or",
            "x-api-key",
        ),
        (
            "mystery-local",
            json!({"sendSessionAffinityHeaders": true}),
            "sk-local",
            "x-api-key",
        ),
        (
            "mystery-local",
            json!({"sendSessionAffinityHeaders": true, "sessionAffinityFormat": "openrouter"}),
            "sk-local",
            "x-api-key",
        ),
        (
            "openrouter",
            Value::Null,
            "sk-ant-oat01-subscription",
            "authorization",
        ),
        ("opencode", Value::Null, "sk-oc", "x-api-key"),
    ] {
        let model = with_compat(
            model("anthropic-messages", provider, "claude-sonnet-4-5", &url),
            compat,
        );
        for session in SESSIONS {
            cases.push(case(&anthropic, model.clone(), key, key_header, session));
        }
    }
    let mut own_affinity = model("mistral-conversations", "mistral", "mistral-large", &url);
    own_affinity["headers"] = json!({"X-Affinity": "mine"});
    for model in [
        model("mistral-conversations", "mistral", "mistral-large", &url),
        own_affinity,
    ] {
        for session in SESSIONS {
            cases.push(case(
                &mistral,
                model.clone(),
                "mk",
                "authorization",
                session,
            ));
        }
    }
    let gemini_model = model(
        "google-generative-ai",
        "opencode",
        "gemini-2.5-flash",
        &format!("{url}/v1beta"),
    );
    for session in SESSIONS {
        cases.push(case(
            &gemini,
            gemini_model.clone(),
            "gk",
            "x-goog-api-key",
            session,
        ));
    }
    // Bedrock reads no session id from the request, but caching off drops its cache points.
    let bedrock_model = model(
        "bedrock-converse-stream",
        "amazon-bedrock",
        "anthropic.claude-sonnet-4-5-20250929-v1:0",
        &url,
    );
    for session in SESSIONS {
        cases.push(case(
            &bedrock,
            bedrock_model.clone(),
            "bk",
            "authorization",
            session,
        ));
    }
    assert_eq!(cases.len(), 33);
    compare(&pi, &server, &cases).await;
    assert_seen(
        &server,
        &[
            "x-session-id",
            "x-session-affinity",
            "x-affinity",
            "x-opencode-session",
        ],
        // Mistral takes it whole.
        LONG_SESSION,
    );
}
