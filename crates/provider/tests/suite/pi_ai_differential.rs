//! tau's requests next to pi-ai's: the same model and conversation go through pi-ai 1.6.0's
//! own provider code (`tools/oracle/pi-ai-request.mjs`, run by the oracle's Node) and through
//! tau's provider, to one loopback server, which must receive the same path, key header and
//! body. Skipped when the oracle is not installed (`tools/oracle/setup.sh`).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};
use tau_provider::{
    Bedrock, GoogleGenerativeAi, HttpClient, Mistral, OpenAiCodex, OpenAiResponses, Provider,
    ProviderRequest, Timeouts,
};
use tau_test_support::oracle::PiOracle;
use tau_test_support::server::MockOptions;
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn, MockUsage};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message};

mod session;

/// pi-ai's package folder next to the oracle's pi-coding-agent.
fn pi_ai(pi: &PiOracle) -> PathBuf {
    // …/node_modules/@earendil-works/pi-coding-agent/dist/cli.js → …/@earendil-works/pi-ai
    pi.cli
        .ancestors()
        .nth(2)
        .map(|agent| agent.with_file_name("pi-ai"))
        .unwrap_or_default()
}

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tools/oracle/pi-ai-request.mjs")
}

/// A conversation with thinking, text, a signed tool call and a tool result with an image,
/// from `api`/`provider`/`model` (foreign to the model asked when they differ).
fn conversation(api: &str, provider: &str, model: &str) -> Value {
    signed_conversation(api, provider, model, "c2ln")
}

/// [`conversation`] with the thinking signed `signature` (a Responses reasoning item for
/// the Responses APIs, base64 for Google's).
fn signed_conversation(api: &str, provider: &str, model: &str, signature: &str) -> Value {
    json!([
        {"role": "user", "content": [{"type": "text", "text": "Fix notes"},
            {"type": "image", "data": "aGk=", "mimeType": "image/png"}], "timestamp": 1},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "hmm", "thinkingSignature": signature},
            {"type": "text", "text": "ok"},
            {"type": "toolCall", "id": "call_abc|fc_1", "name": "read", "arguments": {"path": "x"},
             "thoughtSignature": "c2lnbmF0dXJl"}],
         "api": api, "provider": provider, "model": model,
         "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
                   "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
         "stopReason": "toolUse", "timestamp": 2},
        {"role": "toolResult", "toolCallId": "call_abc|fc_1", "toolName": "read",
         "content": [{"type": "text", "text": "contents"},
             {"type": "image", "data": "aGk=", "mimeType": "image/png"}],
         "isError": false, "timestamp": 3},
        {"role": "user", "content": "Go on", "timestamp": 4}
    ])
}

fn tool() -> Value {
    json!({"name": "read", "description": "Read a file.",
        "parameters": {"type": "object", "required": ["path"],
            "properties": {"path": {"type": "string", "description": "Path"}, "mode": {"const": "text"}}}})
}

/// One request to send both ways.
struct Case<'a> {
    provider: &'a dyn Provider,
    model: Value,
    messages: Value,
    level: ThinkingLevel,
    key: &'a str,
    /// The header the key travels in.
    key_header: &'a str,
    /// The session id (Pi's `sessionId`), and whether caching is off for the request (Pi's
    /// `cacheRetention: "none"`, which its compaction summaries ask for).
    session: Option<(&'a str, bool)>,
}

impl Case<'_> {
    fn context(&self) -> Value {
        json!({"systemPrompt": "You are a test assistant.", "messages": self.messages,
            "tools": [tool()]})
    }

    fn options(&self) -> Value {
        let mut options = json!({"apiKey": self.key, "maxRetries": 0});
        if self.model["api"] == CODEX_API {
            // pi-ai's default `auto` transport tries a WebSocket first; tau speaks SSE.
            options["transport"] = json!("sse");
        }
        if self.level != ThinkingLevel::Off {
            options["reasoning"] = json!(self.level.as_str());
        }
        if let Some((id, no_cache)) = self.session {
            options["sessionId"] = json!(id);
            if no_cache {
                options["cacheRetention"] = json!("none");
            }
        }
        options
    }

    fn request(&self) -> ProviderRequest {
        ProviderRequest {
            model: serde_json::from_value::<Model>(self.model.clone()).unwrap(),
            system_prompt: "You are a test assistant.".into(),
            messages: serde_json::from_value::<Vec<AgentMessage>>(self.messages.clone()).unwrap(),
            tools: vec![serde_json::from_value::<ToolDeclaration>(tool()).unwrap()],
            thinking_level: self.level,
            api_key: Some(self.key.into()),
            hooks: None,
            session_id: self.session.map(|(id, _)| id.to_owned()),
            no_cache_retention: self.session.is_some_and(|(_, no_cache)| no_cache),
        }
    }
}

/// Sends every case through pi-ai (one Node process), then through tau, and requires that
/// `server` received the same path, key header and body for each.
async fn compare(pi: &PiOracle, server: &MockServer, cases: &[Case<'_>]) {
    let jobs: Vec<Value> = cases
        .iter()
        .map(|case| json!({"model": case.model, "context": case.context(), "options": case.options()}))
        .collect();
    let endings = run_pi_ai(pi, jobs);
    let before = server
        .request_count()
        .checked_sub(cases.len())
        .unwrap_or_else(|| panic!("pi-ai sent fewer requests than cases: {endings:#?}"));
    let mut finals = Vec::new();
    for case in cases {
        let events = collect(case.provider, case.request(), CancellationToken::new()).await;
        finals.push(serde_json::to_value(final_message(&events)).unwrap());
    }
    let requests = server.requests();
    for (index, case) in cases.iter().enumerate() {
        let pi_request = &requests[before + index];
        let tau_request = &requests[before + cases.len() + index];
        let what = format!(
            "case {index}: {} {} {:?} compat {} session {:?}; pi-ai ended with {}",
            case.model["api"],
            case.model["provider"],
            case.level,
            case.model["compat"],
            case.session,
            endings.get(index).map_or("nothing", String::as_str)
        );
        assert_eq!(tau_request.path, pi_request.path, "{what}");
        assert_eq!(
            tau_request.header(case.key_header),
            pi_request.header(case.key_header),
            "{what}"
        );
        for name in SESSION_HEADERS {
            assert_eq!(
                tau_request.header(name),
                pi_request.header(name),
                "{what}: {name}"
            );
        }
        if case.model["api"] == CODEX_API {
            for name in CODEX_HEADERS {
                assert_eq!(
                    tau_request.header(name),
                    pi_request.header(name),
                    "{what}: {name}"
                );
            }
            // pi-ai zstd-compresses the body (the oracle script records it decompressed);
            // tau sends it as it is.
            assert_eq!(pi_request.header("x-oracle-content-encoding"), Some("zstd"));
            assert_eq!(tau_request.header("content-encoding"), None);
        }
        assert_eq!(
            tau_request.body, pi_request.body,
            "{what}: the same bytes, key order included"
        );
        // The same reply read into the same message.
        let ending: Value = serde_json::from_str(endings.get(index).map_or("null", String::as_str))
            .unwrap_or(Value::Null);
        let pi_message = ending.get("message").or(ending.get("error")).cloned();
        assert_eq!(
            comparable(&finals[index]),
            comparable(&pi_message.unwrap_or(Value::Null)),
            "{what}: the reply read the same way"
        );
    }
}

/// Runs `jobs` through pi-ai (one Node process) and returns each job's final event line.
fn run_pi_ai(pi: &PiOracle, jobs: Vec<Value>) -> Vec<String> {
    let mut child = Command::new(&pi.node)
        .arg(script())
        .arg(pi_ai(pi))
        .env_remove("PI_CACHE_RETENTION")
        // The AWS SDK speaks HTTP/2 by default, which a plain-HTTP loopback server does not.
        .env("AWS_BEDROCK_FORCE_HTTP1", "1")
        .env_remove("AWS_PROFILE")
        .env_remove("AWS_BEDROCK_SKIP_AUTH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run node");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(Value::Array(jobs).to_string().as_bytes())
        .expect("write jobs");
    drop(stdin);
    let output = child.wait_with_output().expect("node");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The parts of a final message both harnesses must agree on: not the clock, not the ids
/// Gemini's reader makes up from it, and not the request numbers the mock server puts in the
/// Responses item ids.
fn comparable(message: &Value) -> Value {
    let numbered = regex::Regex::new(r"(mock_|encrypted-)\d+([_-])").unwrap();
    let content = numbered
        .replace_all(&message["content"].to_string(), "${1}N$2")
        .into_owned();
    let mut content: Value = serde_json::from_str(&content).unwrap();
    for block in content.as_array_mut().into_iter().flatten() {
        if block["type"] == "toolCall"
            && block["id"]
                .as_str()
                .is_some_and(|id| id.starts_with("read_"))
        {
            block["id"] = json!("generated");
        }
    }
    let usage = &message["usage"];
    json!({
        "content": content,
        "stopReason": message["stopReason"],
        "rawStopReason": message.get("rawStopReason"),
        "errorMessage": message.get("errorMessage"),
        "responseId": message.get("responseId"),
        "usage": [usage["input"], usage["output"], usage["cacheRead"], usage["cacheWrite"],
            usage["totalTokens"], usage.get("reasoning")],
        "cost": (usage["cost"]["total"].as_f64().unwrap_or(0.0) * 1e12).round(),
    })
}

/// The headers a session id may add, compared on every request.
const SESSION_HEADERS: [&str; 7] = [
    "session_id",
    "session-id",
    "x-session-id",
    "x-client-request-id",
    "x-session-affinity",
    "x-affinity",
    "x-opencode-session",
];

/// pi-ai's Codex api, whose requests carry more headers worth comparing.
const CODEX_API: &str = "openai-codex-responses";
/// The Codex headers that must match (the user agent names each client).
const CODEX_HEADERS: [&str; 7] = [
    "chatgpt-account-id",
    "originator",
    "x-team",
    "openai-beta",
    "accept",
    "content-type",
    "session-id",
];

fn model(api: &str, provider: &str, id: &str, base_url: &str) -> Value {
    json!({"id": id, "name": id, "api": api, "provider": provider, "baseUrl": base_url,
        "reasoning": true, "input": ["text", "image"],
        "cost": {"input": 1, "output": 2, "cacheRead": 0.1, "cacheWrite": 0},
        "contextWindow": 200_000, "maxTokens": 32_000})
}

fn client() -> HttpClient {
    HttpClient::new(Timeouts::default()).unwrap()
}

/// A loopback server answering every request, in every dialect, with reasoning, text, a tool
/// call and usage with cached tokens.
async fn server() -> MockServer {
    serve(probe_turn()).await
}

/// Reasoning, text, a tool call and usage with cached tokens.
fn probe_turn() -> MockTurn {
    MockTurn {
        tool_calls: vec![MockToolCall::new(
            "call_9",
            "read",
            json!({"path": "a.txt"}),
        )],
        usage: Some(Some(MockUsage {
            input: 120,
            output: 30,
            cache_read: 40,
            reasoning: 6,
            ..MockUsage::default()
        })),
        // One id for every reply: the mock numbers them otherwise.
        id: Some("resp-1".into()),
        ..MockTurn::text("Reading the file.").with_thinking("Let me look.")
    }
}

/// A loopback server answering every request with `turn`.
async fn serve(turn: MockTurn) -> MockServer {
    MockServer::start_with(MockOptions {
        replies: vec![turn.into()],
        repeat: true,
        ..Default::default()
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn gemini_and_vertex_requests_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = server().await;
    let gemini = GoogleGenerativeAi::new(client());
    let vertex = GoogleGenerativeAi::vertex(client());
    let base = format!("{}/v1beta", server.url());
    let mut cases = Vec::new();
    for (id, level) in [
        ("gemini-2.5-flash", ThinkingLevel::Medium),
        ("gemini-2.5-pro", ThinkingLevel::Off),
        ("gemini-2.5-flash-lite", ThinkingLevel::Minimal),
        ("gemini-3-pro-preview", ThinkingLevel::High),
        ("gemini-3-flash-preview", ThinkingLevel::Minimal),
    ] {
        // Same model (signatures echoed) and a foreign one (thinking as text, ids normalized).
        for messages in [
            conversation("google-generative-ai", "google", id),
            conversation("openai-responses", "openai", "gpt-5"),
        ] {
            cases.push(Case {
                provider: &gemini,
                model: model("google-generative-ai", "google", id, &base),
                messages,
                level,
                key: "gk",
                key_header: "x-goog-api-key",
                session: None,
            });
        }
    }
    for (id, level) in [
        ("gemini-2.5-flash-lite", ThinkingLevel::Low),
        ("gemini-3-pro-preview", ThinkingLevel::Medium),
    ] {
        cases.push(Case {
            provider: &vertex,
            model: model("google-vertex", "google-vertex", id, &server.url()),
            messages: conversation("google-vertex", "google-vertex", id),
            level,
            key: "vk",
            key_header: "x-goog-api-key",
            session: None,
        });
    }
    compare(&pi, &server, &cases).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn mistral_and_azure_requests_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = server().await;
    let mistral = Mistral::new(client());
    let azure = OpenAiResponses::azure(client());
    let mut cases = Vec::new();
    for (map, level) in [
        (None, ThinkingLevel::High),
        (
            Some(json!({"off": "none", "minimal": null, "low": "low", "high": "high"})),
            ThinkingLevel::Medium,
        ),
        (Some(json!({"off": "none"})), ThinkingLevel::Off),
    ] {
        let mut model = model(
            "mistral-conversations",
            "mistral",
            "magistral-medium-latest",
            &server.url(),
        );
        if let Some(map) = map {
            model["thinkingLevelMap"] = map;
        }
        for messages in [
            conversation(
                "mistral-conversations",
                "mistral",
                "magistral-medium-latest",
            ),
            conversation("openai-responses", "openai", "gpt-5"),
        ] {
            cases.push(Case {
                provider: &mistral,
                model: model.clone(),
                messages,
                level,
                key: "mk",
                key_header: "authorization",
                session: None,
            });
        }
    }
    let reasoning = json!({"type": "reasoning", "id": "rs_1", "encrypted_content": "enc",
        "summary": [{"type": "summary_text", "text": "hmm"}]})
    .to_string();
    let azure_model = model(
        "azure-openai-responses",
        "azure",
        "gpt-5",
        &format!("{}/openai/v1", server.url()),
    );
    for level in [ThinkingLevel::Medium, ThinkingLevel::Off] {
        for messages in [
            signed_conversation("azure-openai-responses", "azure", "gpt-5", &reasoning),
            conversation("anthropic-messages", "anthropic", "claude"),
        ] {
            cases.push(Case {
                provider: &azure,
                model: azure_model.clone(),
                messages,
                level,
                key: "ak",
                key_header: "api-key",
                session: None,
            });
        }
    }
    compare(&pi, &server, &cases).await;
}

/// OpenAI-compatible routers and servers as pi-ai detects them from the provider id, and
/// every `compat` flag that changes the request, each set on its own.
#[tokio::test(flavor = "multi_thread")]
async fn openai_completions_routers_and_compat_flags_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = server().await;
    let completions = tau_provider::OpenAiCompletions::new(client());
    let base = server.base_url();
    // Detected by provider id: the base URL is the loopback server for every one.
    let providers = [
        "openai",
        "openrouter",
        "groq",
        "xai",
        "cerebras",
        "deepseek",
        "together",
        "zai",
        "moonshotai",
        "nvidia",
        "huggingface",
        "fireworks",
        "ant-ling",
        "opencode",
        "cloudflare-ai-gateway",
        "vercel-ai-gateway",
        "mystery-local",
    ];
    let compat_sets = [
        json!({"supportsStore": true}),
        json!({"supportsDeveloperRole": true}),
        json!({"supportsReasoningEffort": false}),
        json!({"supportsUsageInStreaming": false}),
        json!({"maxTokensField": "max_tokens"}),
        json!({"requiresToolResultName": true}),
        json!({"requiresAssistantAfterToolResult": true}),
        json!({"requiresNonNullAssistantContent": true}),
        json!({"requiresToolsWithToolHistory": true}),
        json!({"requiresThinkingAsText": true}),
        json!({"requiresReasoningContentOnAssistantMessages": true}),
        json!({"thinkingFormat": "qwen"}),
        json!({"thinkingFormat": "qwen-chat-template"}),
        json!({"thinkingFormat": "chat-template", "chatTemplateKwargs": {"enable_thinking": true}}),
        json!({"thinkingFormat": "string-thinking"}),
        json!({"thinkingFormat": "baseten"}),
        json!({"chatTemplateArgs": {"x": 1}}),
        json!({"openRouterRouting": {"only": ["anthropic"]}}),
        json!({"vercelGatewayRouting": {"only": ["openai"], "order": ["openai"]}}),
        json!({"zaiToolStream": true}),
        json!({"supportsThinkingTokenBudget": true}),
        json!({"thinkingTokenBudgetField": "budget_tokens"}),
        json!({"supportsStrictMode": true}),
        json!({"cacheControlFormat": "anthropic"}),
        json!({"supportsLongCacheRetention": false}),
        json!({"vllmPriority": 5}),
    ];
    let mut variants: Vec<(String, Option<Value>)> = providers
        .iter()
        .map(|provider| ((*provider).to_owned(), None))
        .collect();
    variants.extend(
        compat_sets
            .into_iter()
            .map(|compat| ("mystery-local".to_owned(), Some(compat))),
    );
    let mut cases = Vec::new();
    for (provider, compat) in variants {
        let mut model = model("openai-completions", &provider, "m1", &base);
        if let Some(compat) = compat {
            model["compat"] = compat;
        }
        for level in [ThinkingLevel::Off, ThinkingLevel::High] {
            for messages in [
                conversation("openai-completions", &provider, "m1"),
                conversation("anthropic-messages", "anthropic", "claude"),
            ] {
                cases.push(Case {
                    provider: &completions,
                    model: model.clone(),
                    messages,
                    level,
                    key: "ok-key",
                    key_header: "authorization",
                    session: None,
                });
            }
        }
    }
    compare(&pi, &server, &cases).await;
}

/// Bedrock with a bearer key (pi-ai's `apiKey`): Claude with budget and adaptive thinking,
/// gpt-oss, GPT and a model without reasoning fields, same-model and foreign conversations.
/// The reply is the mock's binary event stream, which the AWS SDK decodes for pi-ai.
#[tokio::test(flavor = "multi_thread")]
async fn bedrock_requests_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let turn = MockTurn {
        tool_calls: vec![MockToolCall::new(
            "call_9",
            "read",
            json!({"path": "a.txt"}),
        )],
        usage: Some(Some(MockUsage {
            input: 120,
            output: 30,
            cache_read: 40,
            cache_write: 8,
            ..MockUsage::default()
        })),
        // One signature for every reply: the mock numbers them otherwise.
        thinking_signature: Some("c2lnLWJlZHJvY2s=".into()),
        ..MockTurn::text("Reading the file.").with_thinking("Let me look.")
    };
    let server = MockServer::start_with(MockOptions {
        replies: vec![turn.into()],
        repeat: true,
        ..Default::default()
    })
    .await
    .unwrap();
    let bedrock = Bedrock::new(client());
    let mut cases = Vec::new();
    for (id, level) in [
        (
            "anthropic.claude-sonnet-4-5-20250929-v1:0",
            ThinkingLevel::Medium,
        ),
        (
            "anthropic.claude-sonnet-4-5-20250929-v1:0",
            ThinkingLevel::Off,
        ),
        ("us.anthropic.claude-opus-4-7-v1:0", ThinkingLevel::High),
        ("global.anthropic.claude-sonnet-4-6", ThinkingLevel::Low),
        (
            "anthropic.claude-3-5-sonnet-20240620-v1:0",
            ThinkingLevel::High,
        ),
        ("openai.gpt-oss-120b-1:0", ThinkingLevel::High),
        ("openai.gpt-5-6", ThinkingLevel::Minimal),
        ("meta.llama3-70b-instruct-v1:0", ThinkingLevel::Medium),
    ] {
        for messages in [
            conversation("bedrock-converse-stream", "amazon-bedrock", id),
            conversation("anthropic-messages", "anthropic", "claude"),
        ] {
            cases.push(Case {
                provider: &bedrock,
                model: model(
                    "bedrock-converse-stream",
                    "amazon-bedrock",
                    id,
                    &server.url(),
                ),
                messages,
                level,
                key: "bk",
                key_header: "authorization",
                session: None,
            });
        }
    }
    compare(&pi, &server, &cases).await;
}

/// A Bedrock exception inside the stream, and a stream without a stop reason, end the same
/// way in both (pi-ai's words, the content kept).
#[tokio::test(flavor = "multi_thread")]
async fn bedrock_stream_failures_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let failing = MockTurn {
        stream_error: Some("The model is overloaded".into()),
        ..MockTurn::text("Partial answer")
    };
    let unfinished = MockTurn::text("No stop").with_finish("none");
    let odd = MockTurn::text("Odd stop").with_finish("guardrail_intervened");
    // pi-ai's batch runs first, then tau's: the replies repeat in the same order.
    let replies = [failing, unfinished, odd];
    let server = MockServer::start_with(MockOptions {
        replies: replies
            .iter()
            .chain(replies.iter())
            .cloned()
            .map(Into::into)
            .collect(),
        ..Default::default()
    })
    .await
    .unwrap();
    let bedrock = Bedrock::new(client());
    let id = "anthropic.claude-sonnet-4-5-20250929-v1:0";
    let cases: Vec<Case> = (0..replies.len())
        .map(|_| Case {
            provider: &bedrock,
            model: model(
                "bedrock-converse-stream",
                "amazon-bedrock",
                id,
                &server.url(),
            ),
            messages: json!([{"role": "user", "content": "hi", "timestamp": 1}]),
            level: ThinkingLevel::Off,
            key: "bk",
            key_header: "authorization",
            session: None,
        })
        .collect();
    compare(&pi, &server, &cases).await;
}

/// A ChatGPT access token (unsigned JWT) for account `acct-test-1`, in base64 that pi-ai's
/// `atob` reads too.
const CODEX_TOKEN: &str = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJodHRwczovL2FwaS5vcGVuYWkuY29tL2F1dGgiOnsiY2hhdGdwdF9hY2NvdW50X2lkIjoiYWNjdC10ZXN0LTEifSwiZXhwIjo0MDAwMDAwMDAwfQ.sig";

/// The catalogue's openai-codex models (one per kind of thinking map and effort handling)
/// and two models.json-style ones, at every thinking level that changes the request, with a
/// same-model conversation (its reasoning item and effort replayed) and foreign ones.
#[tokio::test(flavor = "multi_thread")]
async fn openai_codex_requests_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = server().await;
    let codex = OpenAiCodex::new(client());
    let catalogue = |id: &str| {
        let model = tau_provider::models::catalog::builtin_models_of("openai-codex")
            .find(|model| model.id == id)
            .unwrap_or_else(|| panic!("{id} is not in the catalogue"));
        let mut model = serde_json::to_value(model).unwrap();
        model["baseUrl"] = json!(server.url());
        model
    };
    let mut plain = model(
        CODEX_API,
        "openai-codex",
        "gpt-custom",
        &format!("{}/codex", server.url()),
    );
    plain["thinkingLevelMap"] = json!({"minimal": null});
    let mut loose = model(CODEX_API, "openai-codex", "gpt-loose", &server.url());
    loose["compat"] = json!({"supportsStrictMode": false, "supportsMaxOutputTokens": false});
    loose["reasoning"] = json!(false);
    // The model's headers go over the defaults (`originator`) but not over Codex's own.
    loose["headers"] = json!({"X-Team": "t1", "originator": "custom", "OpenAI-Beta": "mine"});
    let reasoning = json!({"type": "reasoning", "id": "rs_1", "encrypted_content": "enc",
        "summary": [{"type": "summary_text", "text": "hmm"}]})
    .to_string();
    let models = [
        // Thinking map with minimal → low, no mid-conversation effort.
        (
            catalogue("gpt-5.6-sol"),
            vec![
                ThinkingLevel::Off,
                ThinkingLevel::Minimal,
                ThinkingLevel::Xhigh,
            ],
        ),
        // Mid-conversation effort, off → none.
        (
            catalogue("gpt-6-sol"),
            vec![
                ThinkingLevel::Off,
                ThinkingLevel::Medium,
                ThinkingLevel::High,
            ],
        ),
        // Mid-conversation effort, off → null (no reasoning field).
        (
            catalogue("gpt-6.2-sol"),
            vec![ThinkingLevel::Off, ThinkingLevel::Low],
        ),
        (
            plain,
            vec![
                ThinkingLevel::Off,
                ThinkingLevel::Minimal,
                ThinkingLevel::High,
            ],
        ),
        (loose, vec![ThinkingLevel::High]),
    ];
    let mut cases = Vec::new();
    for (model, levels) in models {
        let id = model["id"].as_str().unwrap().to_owned();
        let mut same = signed_conversation(CODEX_API, "openai-codex", &id, &reasoning);
        // The effort of the replayed turn, as pi-ai stamps it on configuration_update models.
        same[1]["providerThinkingLevel"] = json!("low");
        for level in levels {
            for messages in [
                same.clone(),
                conversation("openai-responses", "openai", "gpt-5"),
                conversation("anthropic-messages", "anthropic", "claude"),
            ] {
                cases.push(Case {
                    provider: &codex,
                    model: model.clone(),
                    messages,
                    level,
                    key: CODEX_TOKEN,
                    key_header: "authorization",
                    session: None,
                });
            }
        }
    }
    assert_eq!(cases.len(), 36);
    compare(&pi, &server, &cases).await;
}

/// Failures inside the stream and HTTP errors end the same way in both (pi-ai's words).
#[tokio::test(flavor = "multi_thread")]
async fn openai_codex_failures_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let replies: Vec<MockReply> = vec![
        MockReply::Raw {
            chunks: vec![
                json!({"type": "error", "code": "server_error", "message": "The server had an error"}),
            ],
            done: false,
            delay_ms: 0,
        },
        MockReply::Raw {
            chunks: vec![
                json!({"type": "response.failed", "response": {"status": "failed",
                "error": {"code": "server_error", "message": "Something broke"}}}),
            ],
            done: false,
            delay_ms: 0,
        },
        MockReply::Raw {
            chunks: vec![json!({"type": "response.created", "response": {"id": "resp_x"}})],
            done: false,
            delay_ms: 0,
        },
        MockReply::Raw {
            chunks: vec![json!({"type": "response.done", "response": {"id": "resp_d",
                "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"},
                "usage": {"input_tokens": 5, "output_tokens": 7, "total_tokens": 12}}})],
            done: false,
            delay_ms: 0,
        },
        MockReply::Error {
            status: 400,
            body: json!({"error": {"type": "invalid_request_error", "message": "Bad input here"}}),
            headers: Vec::new(),
        },
        MockReply::Error {
            status: 400,
            body: json!({"error": {"code": "usage_not_included", "plan_type": "FREE"}}),
            headers: Vec::new(),
        },
        // A reset time already past: "~0 min" whenever the test runs.
        MockReply::Error {
            status: 429,
            body: json!({"error": {"message": "Rate limited", "plan_type": "PRO", "resets_at": 1}}),
            headers: Vec::new(),
        },
        MockReply::Error {
            status: 502,
            body: json!("upstream connect error"),
            headers: Vec::new(),
        },
    ];
    let count = replies.len();
    // pi-ai's batch runs first, then tau's: the replies repeat in the same order.
    let server = MockServer::start_with(MockOptions {
        replies: replies.iter().chain(replies.iter()).cloned().collect(),
        ..Default::default()
    })
    .await
    .unwrap();
    let codex = OpenAiCodex::new(client());
    let mut model = model(CODEX_API, "openai-codex", "gpt-x", &server.url());
    model["reasoning"] = json!(false);
    let cases: Vec<Case> = (0..count)
        .map(|_| Case {
            provider: &codex,
            model: model.clone(),
            messages: json!([{"role": "user", "content": "hi", "timestamp": 1}]),
            level: ThinkingLevel::Off,
            key: CODEX_TOKEN,
            key_header: "authorization",
            session: None,
        })
        .collect();
    compare(&pi, &server, &cases).await;
}

/// pi-ai's default transport (`auto`, which Pi's settings keep) first asks for a WebSocket
/// upgrade at the same URL and, when the server refuses it, sends the SSE request tau sends:
/// the same body, so tau's single SSE request is pi-ai's fallback.
#[tokio::test(flavor = "multi_thread")]
async fn pi_ai_default_codex_transport_tries_a_websocket_then_sends_taus_request() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = server().await;
    let case = Case {
        provider: &OpenAiCodex::new(client()),
        model: model(CODEX_API, "openai-codex", "gpt-x", &server.url()),
        messages: json!([{"role": "user", "content": "hi", "timestamp": 1}]),
        level: ThinkingLevel::Medium,
        key: CODEX_TOKEN,
        key_header: "authorization",
        session: None,
    };
    let mut options = case.options();
    options
        .as_object_mut()
        .unwrap()
        .remove("transport")
        .expect("the harness names the transport");
    let endings = run_pi_ai(
        &pi,
        vec![json!({"model": case.model, "context": case.context(), "options": options})],
    );
    assert!(endings[0].contains("\"type\":\"done\""), "{endings:?}");
    collect(case.provider, case.request(), CancellationToken::new()).await;
    let requests = server.requests();
    assert_eq!(
        requests.len(),
        3,
        "pi-ai's upgrade and fallback, then tau's"
    );
    let upgrade = &requests[0];
    assert_eq!(
        (upgrade.method.as_str(), upgrade.path.as_str()),
        ("GET", "/codex/responses")
    );
    assert_eq!(upgrade.header("upgrade"), Some("websocket"));
    assert_eq!(
        upgrade.header("openai-beta"),
        Some("responses_websockets=2026-02-06")
    );
    assert_eq!(upgrade.header("chatgpt-account-id"), Some("acct-test-1"));
    let (fallback, tau) = (&requests[1], &requests[2]);
    assert_eq!(fallback.method, "POST");
    assert_eq!(tau.method, "POST");
    assert_eq!(tau.path, fallback.path);
    assert_eq!(tau.body, fallback.body);
}
