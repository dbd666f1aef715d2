//! The real binary against each wire protocol on loopback: a tool-using, thinking run through
//! openai-completions, openai-responses, anthropic-messages and google-generative-ai,
//! recorded in a session; the other APIs with their own credentials (Azure, Mistral, Vertex,
//! Bedrock, OpenAI Codex with a ChatGPT sign-in).

use serde_json::json;
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn};

use crate::support::*;

async fn run_protocol(api: &str) {
    let tool_turn = MockTurn::tool_calls([MockToolCall::new(
        "call_1",
        "read",
        json!({"path": "notes.txt"}),
    )])
    .with_thinking("I should read the notes first.");
    let server = MockServer::start(vec![
        MockReply::Turn(Box::new(tool_turn)),
        MockReply::Turn(Box::new(MockTurn::text("The notes say alpha."))),
    ])
    .await
    .expect("mock server");
    // Pi's base URLs: the OpenAI APIs include /v1, Anthropic's is the host root, Gemini's
    // includes its API version.
    let base = match api {
        "anthropic-messages" => server.url(),
        "google-generative-ai" => format!("{}/v1beta", server.url()),
        "bedrock-converse-stream" => server.url(),
        _ => server.base_url(),
    };
    // Gemini 3 echoes tool-call ids, so the second request carries `call_1` as the others do.
    let model_id = if api == "google-generative-ai" {
        "gemini-3-flash-preview"
    } else {
        "w1"
    };
    let ws = Workspace::new();
    ws.write("notes.txt", "alpha\n");
    let models = json!({"providers": {"wire": {
        "baseUrl": base, "api": api, "apiKey": "sk-test",
        "models": [{"id": model_id, "reasoning": true}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let api_name = api.to_string();
    let selector = format!("wire/{model_id}:high");
    let (records, output, session) = tokio::task::spawn_blocking(move || {
        let output = ws
            .tau()
            .args([
                "--model",
                &selector,
                "--mode",
                "json",
                "what do the notes say?",
            ])
            .output()
            .expect("run");
        let root = ws.agent_dir.path().join("sessions");
        let session: Vec<String> = std::fs::read_dir(&root)
            .into_iter()
            .flatten()
            .flatten()
            .flat_map(|dir| {
                std::fs::read_dir(dir.path())
                    .into_iter()
                    .flatten()
                    .flatten()
            })
            .map(|file| std::fs::read_to_string(file.path()).expect("session"))
            .collect();
        (parse_jsonl(&output.stdout), output, session)
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{api_name}: {}", stderr(&output));
    let results = tool_results(&records);
    assert_eq!(results.len(), 1, "{api_name}: {results:?}");
    assert!(
        results[0].0.contains("alpha") && !results[0].1,
        "{api_name}: {results:?}"
    );
    let thinking = records
        .iter()
        .any(|r| r["assistantMessageEvent"]["type"] == "thinking_delta");
    assert!(thinking, "{api_name}: thinking streamed");
    let last = records
        .iter()
        .rev()
        .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .expect("answer");
    assert_eq!(
        last["message"]["content"][0]["text"], "The notes say alpha.",
        "{api_name}"
    );
    assert_eq!(last["message"]["api"], api_name.as_str());
    assert_eq!(server.request_count(), 2, "{api_name}");
    // The second request carries the tool result back in the protocol's own shape.
    let second = server.requests()[1].json().to_string();
    assert!(
        second.contains("alpha") && second.contains("call_1"),
        "{api_name}: {second}"
    );
    assert_eq!(session.len(), 1);
    assert!(
        session[0].contains("\"toolResult\""),
        "{api_name}: session records the tool result"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn openai_completions_end_to_end() {
    run_protocol("openai-completions").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn openai_responses_end_to_end() {
    run_protocol("openai-responses").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn anthropic_messages_end_to_end() {
    run_protocol("anthropic-messages").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn google_generative_ai_end_to_end() {
    run_protocol("google-generative-ai").await;
}

/// Bedrock with the models.json `apiKey` as a bearer token, over the binary event stream.
#[tokio::test(flavor = "multi_thread")]
async fn bedrock_converse_stream_end_to_end() {
    run_protocol("bedrock-converse-stream").await;
}

/// Amazon Bedrock signed in from the environment as pi-ai does: no key anywhere, the AWS
/// keys sign the request with SigV4 for the region of `AWS_REGION`, the session token goes
/// along.
#[tokio::test(flavor = "multi_thread")]
async fn bedrock_signs_with_aws_keys_from_the_environment() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text(
        "Bedrock says hi.",
    )))])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    let models = json!({"providers": {"amazon-bedrock": {
        "baseUrl": server.url(), "api": "bedrock-converse-stream",
        "models": [{"id": "anthropic.claude-sonnet-4-5-20250929-v1:0", "reasoning": true}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let output = tokio::task::spawn_blocking(move || {
        ws.tau()
            .env("AWS_ACCESS_KEY_ID", "AKIDTEST")
            .env("AWS_SECRET_ACCESS_KEY", "secret")
            .env("AWS_SESSION_TOKEN", "session-token")
            .env("AWS_REGION", "eu-west-1")
            .env_remove("AWS_BEARER_TOKEN_BEDROCK")
            .env_remove("AWS_BEDROCK_SKIP_AUTH")
            .env_remove("AWS_PROFILE")
            .args([
                "--model",
                "amazon-bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0",
                "--no-session",
                "-p",
                "hello",
            ])
            .output()
            .expect("run")
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "Bedrock says hi."
    );
    let request = &server.requests()[0];
    assert_eq!(
        request.path,
        "/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream"
    );
    let authorization = request.header("authorization").expect("signed");
    assert!(
        authorization.starts_with("AWS4-HMAC-SHA256 Credential=AKIDTEST/")
            && authorization.contains("/eu-west-1/bedrock/aws4_request, SignedHeaders=content-length;content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature="),
        "{authorization}"
    );
    assert_eq!(
        request.header("x-amz-security-token"),
        Some("session-token")
    );
    assert_eq!(
        request.json()["messages"][0]["content"][0],
        json!({"text": "hello"})
    );
}

/// Azure OpenAI as pi-ai configures it from the environment: the key from
/// `AZURE_OPENAI_API_KEY`, the endpoint from `AZURE_OPENAI_BASE_URL` (over the model's
/// `baseUrl`), the api version and the deployment of the model from their variables.
#[tokio::test(flavor = "multi_thread")]
async fn azure_openai_responses_end_to_end_from_the_environment() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text(
        "Azure says hi.",
    )))])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    // The model's own baseUrl is a closed port: the variable must win.
    let models = json!({"providers": {"azure": {
        "baseUrl": "http://127.0.0.1:9/openai/v1", "api": "azure-openai-responses",
        "models": [{"id": "gpt-5", "reasoning": true}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let base = format!("{}/openai/v1", server.url());
    let output = tokio::task::spawn_blocking(move || {
        ws.tau()
            .env("AZURE_OPENAI_API_KEY", "az-env-key")
            .env("AZURE_OPENAI_BASE_URL", base)
            .env("AZURE_OPENAI_API_VERSION", "2025-04-01-preview")
            .env(
                "AZURE_OPENAI_DEPLOYMENT_NAME_MAP",
                "gpt-4o=other, gpt-5=prod-gpt5",
            )
            .env_remove("AZURE_OPENAI_RESOURCE_NAME")
            .args(["--model", "azure/gpt-5", "--no-session", "-p", "hello"])
            .output()
            .expect("run")
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "Azure says hi."
    );
    let request = &server.requests()[0];
    assert_eq!(
        request.path,
        "/openai/v1/responses?api-version=2025-04-01-preview"
    );
    assert_eq!(request.header("api-key"), Some("az-env-key"));
    assert_eq!(request.header("authorization"), None);
    assert_eq!(request.json()["model"], "prod-gpt5");
}

/// Mistral's native endpoint, the key from `MISTRAL_API_KEY`: the answer streams back and
/// the request is the one pi-ai sends (`/v1/chat/completions`, `prompt_mode` for a
/// reasoning model asked to think).
#[tokio::test(flavor = "multi_thread")]
async fn mistral_conversations_end_to_end() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text(
        "Bonjour from Mistral.",
    )))])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    let models = json!({"providers": {"mistral": {
        "baseUrl": server.url(), "api": "mistral-conversations",
        "models": [{"id": "magistral-small-latest", "reasoning": true}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let output = tokio::task::spawn_blocking(move || {
        ws.tau()
            .env("MISTRAL_API_KEY", "mistral-env-key")
            .args([
                "--model",
                "mistral/magistral-small-latest:high",
                "--no-session",
                "-p",
                "hello",
            ])
            .output()
            .expect("run")
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "Bonjour from Mistral."
    );
    let request = &server.requests()[0];
    assert_eq!(request.path, "/v1/chat/completions");
    assert_eq!(
        request.header("authorization"),
        Some("Bearer mistral-env-key")
    );
    let body = request.json();
    assert_eq!(body["prompt_mode"], "reasoning");
    assert_eq!(
        body["messages"][1],
        json!({"role": "user", "content": [{"type": "text", "text": "hello"}]})
    );
}

/// Vertex AI with an API key from `GOOGLE_CLOUD_API_KEY`: the Gemini request on Vertex's
/// publisher path.
#[tokio::test(flavor = "multi_thread")]
async fn google_vertex_end_to_end_with_an_api_key() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text(
        "Vertex says hi.",
    )))])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    let models = json!({"providers": {"google-vertex": {
        "baseUrl": server.url(), "api": "google-vertex",
        "models": [{"id": "gemini-2.5-flash", "reasoning": true}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let output = tokio::task::spawn_blocking(move || {
        ws.tau()
            .env("GOOGLE_CLOUD_API_KEY", "vertex-env-key")
            .args([
                "--model",
                "google-vertex/gemini-2.5-flash",
                "--no-session",
                "-p",
                "hello",
            ])
            .output()
            .expect("run")
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "Vertex says hi."
    );
    let request = &server.requests()[0];
    assert_eq!(
        request.path,
        "/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    );
    assert_eq!(request.header("x-goog-api-key"), Some("vertex-env-key"));
}

/// Vertex AI signed in with Application Default Credentials (`GOOGLE_APPLICATION_CREDENTIALS`,
/// `GOOGLE_CLOUD_PROJECT`, `GOOGLE_CLOUD_LOCATION`): tau exchanges the credentials for a
/// token at the file's `token_uri` and sends it as `Authorization: Bearer`. The loopback
/// server plays the token endpoint too: the token is its first reply, a JSON body with
/// status 200 at a path of its chat-completions dialect.
async fn vertex_with_adc(
    credentials: serde_json::Value,
) -> (Vec<tau_test_support::RecordedRequest>, String) {
    let server = MockServer::start(vec![
        MockReply::json_error(
            200,
            json!({"access_token": "ya29.test-token", "expires_in": 3600}),
        ),
        MockReply::Turn(Box::new(MockTurn::text("Signed in."))),
    ])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    let mut credentials = credentials;
    credentials["token_uri"] = json!(format!("{}/oauth/v1/chat/completions", server.url()));
    let credentials_path = ws.agent_dir.path().join("adc.json");
    std::fs::write(&credentials_path, credentials.to_string()).expect("credentials");
    let models = json!({"providers": {"google-vertex": {
        "baseUrl": server.url(), "api": "google-vertex",
        "models": [{"id": "gemini-2.5-flash", "reasoning": true}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let output = tokio::task::spawn_blocking(move || {
        ws.tau()
            .env("GOOGLE_APPLICATION_CREDENTIALS", &credentials_path)
            .env("GOOGLE_CLOUD_PROJECT", "tau-proj")
            .env("GOOGLE_CLOUD_LOCATION", "us-central1")
            .env_remove("GOOGLE_CLOUD_API_KEY")
            .env_remove("GCLOUD_PROJECT")
            .args([
                "--model",
                "google-vertex/gemini-2.5-flash",
                "--no-session",
                "-p",
                "hello",
            ])
            .output()
            .expect("run")
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    (
        server.requests(),
        String::from_utf8_lossy(&output.stdout).trim().to_owned(),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn google_vertex_signs_in_with_user_credentials() {
    let (requests, answer) = vertex_with_adc(json!({
        "type": "authorized_user", "client_id": "cid.apps.googleusercontent.com",
        "client_secret": "s3cret", "refresh_token": "1//refresh token",
        "quota_project_id": "billing-proj"
    }))
    .await;
    assert_eq!(answer, "Signed in.");
    assert_eq!(requests.len(), 2);
    let token = &requests[0];
    assert_eq!(
        token.header("content-type"),
        Some("application/x-www-form-urlencoded")
    );
    assert_eq!(
        token.body,
        "grant_type=refresh_token&client_id=cid.apps.googleusercontent.com&client_secret=s3cret&refresh_token=1%2F%2Frefresh+token"
    );
    let vertex = &requests[1];
    assert_eq!(
        vertex.path,
        "/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    );
    assert_eq!(
        vertex.header("authorization"),
        Some("Bearer ya29.test-token")
    );
    assert_eq!(vertex.header("x-goog-user-project"), Some("billing-proj"));
    assert_eq!(vertex.header("x-goog-api-key"), None);
}

#[tokio::test(flavor = "multi_thread")]
async fn google_vertex_signs_in_with_a_service_account() {
    let account: serde_json::Value = serde_json::from_str(include_str!(
        "../../../provider/tests/fixtures/vertex-service-account.json"
    ))
    .expect("fixture");
    let (requests, answer) = vertex_with_adc(account).await;
    assert_eq!(answer, "Signed in.");
    let form = &requests[0].body;
    assert!(
        form.starts_with(
            "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="
        ),
        "{form}"
    );
    let assertion = form.rsplit('=').next().unwrap_or_default();
    assert_eq!(assertion.split('.').count(), 3, "a signed JWT: {assertion}");
    assert_eq!(
        requests[1].header("authorization"),
        Some("Bearer ya29.test-token")
    );
    assert_eq!(requests[1].header("x-goog-user-project"), None);
}

/// With `AWS_PROFILE` and no keys in the environment, the profile's static keys from the
/// shared credentials file sign the request, for the region of the profile's config.
#[tokio::test(flavor = "multi_thread")]
async fn bedrock_signs_with_an_aws_profile() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text(
        "Profile says hi.",
    )))])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    let models = json!({"providers": {"amazon-bedrock": {
        "baseUrl": server.url(), "api": "bedrock-converse-stream",
        "models": [{"id": "meta.llama3-70b-instruct-v1:0"}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let aws = ws.agent_dir.path().join("aws");
    std::fs::create_dir_all(&aws).expect("aws dir");
    std::fs::write(
        aws.join("credentials"),
        "[default]\naws_access_key_id = WRONG\naws_secret_access_key = wrong\n\
         [dev]\naws_access_key_id = AKIDPROFILE\naws_secret_access_key = secret\n",
    )
    .expect("credentials");
    std::fs::write(aws.join("config"), "[profile dev]\nregion = ap-south-1\n").expect("config");
    let output = tokio::task::spawn_blocking(move || {
        ws.tau()
            .env("AWS_PROFILE", "dev")
            .env("AWS_SHARED_CREDENTIALS_FILE", aws.join("credentials"))
            .env("AWS_CONFIG_FILE", aws.join("config"))
            .env_remove("AWS_ACCESS_KEY_ID")
            .env_remove("AWS_SECRET_ACCESS_KEY")
            .env_remove("AWS_SESSION_TOKEN")
            .env_remove("AWS_REGION")
            .env_remove("AWS_DEFAULT_REGION")
            .env_remove("AWS_BEARER_TOKEN_BEDROCK")
            .env_remove("AWS_BEDROCK_SKIP_AUTH")
            .args([
                "--model",
                "amazon-bedrock/meta.llama3-70b-instruct-v1:0",
                "--no-session",
                "-p",
                "hello",
            ])
            .output()
            .expect("run")
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "Profile says hi."
    );
    let request = &server.requests()[0];
    let authorization = request.header("authorization").expect("signed");
    assert!(
        authorization.starts_with("AWS4-HMAC-SHA256 Credential=AKIDPROFILE/")
            && authorization.contains("/ap-south-1/bedrock/aws4_request"),
        "{authorization}"
    );
    assert_eq!(request.header("x-amz-security-token"), None);
}

/// A Pi user signed in to ChatGPT: the `openai-codex` sign-in in auth.json is the key of the
/// catalogue's Codex models, whose provider models.json points at the loopback server. A
/// tool-using, thinking turn goes to `/codex/responses` with the token's account id, and
/// the second request replays the reasoning item, the call and its output.
#[tokio::test(flavor = "multi_thread")]
async fn openai_codex_end_to_end_with_a_chatgpt_sign_in() {
    // An unsigned JWT naming ChatGPT account `acct-test-1`.
    const TOKEN: &str = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJodHRwczovL2FwaS5vcGVuYWkuY29tL2F1dGgiOnsiY2hhdGdwdF9hY2NvdW50X2lkIjoiYWNjdC10ZXN0LTEifSwiZXhwIjo0MDAwMDAwMDAwfQ.sig";
    let tool_turn = MockTurn::tool_calls([MockToolCall::new(
        "call_1",
        "read",
        json!({"path": "notes.txt"}),
    )])
    .with_thinking("I should read the notes first.");
    let server = MockServer::start(vec![
        MockReply::Turn(Box::new(tool_turn)),
        MockReply::Turn(Box::new(MockTurn::text("The notes say alpha."))),
    ])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    ws.write("notes.txt", "alpha\n");
    let far = 4_000_000_000_000u64;
    let auth = json!({"openai-codex": {"type": "oauth", "access": TOKEN, "refresh": "r",
        "expires": far, "accountId": "acct-test-1"}});
    std::fs::write(ws.agent_dir.path().join("auth.json"), auth.to_string()).expect("auth.json");
    let models = json!({"providers": {"openai-codex": {"baseUrl": server.url()}}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let output = tokio::task::spawn_blocking(move || {
        ws.tau()
            .args([
                "--model",
                "openai-codex/gpt-5.6-sol:high",
                "--no-session",
                "-p",
                "what do the notes say?",
            ])
            .output()
            .expect("run")
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "The notes say alpha."
    );
    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    for request in &requests {
        assert_eq!(request.path, "/codex/responses");
        assert_eq!(
            request.header("authorization"),
            Some(&*format!("Bearer {TOKEN}"))
        );
        assert_eq!(request.header("chatgpt-account-id"), Some("acct-test-1"));
        assert_eq!(request.header("originator"), Some("pi"));
    }
    let first = requests[0].json();
    assert_eq!(first["model"], "gpt-5.6-sol");
    assert_eq!(
        first["reasoning"],
        json!({"effort": "high", "summary": "auto"})
    );
    // The catalogue model takes its tools in the input (`additional_tools`).
    assert_eq!(first["input"][0]["type"], "additional_tools");
    let replayed: Vec<String> = requests[1].json()["input"]
        .as_array()
        .expect("input")
        .iter()
        .map(|item| item["type"].as_str().unwrap_or("message").to_owned())
        .collect();
    for kind in ["reasoning", "function_call", "function_call_output"] {
        assert!(replayed.iter().any(|k| k == kind), "{kind}: {replayed:?}");
    }
}
