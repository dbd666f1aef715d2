use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::thread::JoinHandle;

use base64::Engine;
use serde_json::json;

use super::*;

/// A token endpoint on loopback that answers one request with `status` and `body`; the
/// handle yields the request (head and body) it received.
fn token_endpoint(status: u16, body: Value) -> (String, JoinHandle<(String, String)>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/token", listener.local_addr().unwrap());
    let handle = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut head = String::new();
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = value.trim().parse().unwrap();
            }
            if line == "\r\n" {
                break;
            }
            head.push_str(&line);
        }
        let mut request_body = vec![0; length];
        reader.read_exact(&mut request_body).unwrap();
        let text = body.to_string();
        let mut stream = stream;
        write!(
            stream,
            "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
            text.len()
        )
        .unwrap();
        (head, String::from_utf8(request_body).unwrap())
    });
    (url, handle)
}

const NOW: f64 = 1_800_000_000_000.0;

fn env_with(provider: &str, url: &str) -> Env {
    let name = format!(
        "TAU_OAUTH_TOKEN_URL_{}",
        provider.to_ascii_uppercase().replace('-', "_")
    );
    Env::Fixed([(name, url.to_owned())].into_iter().collect())
}

fn agent_with(records: Value) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("auth.json"), records.to_string()).unwrap();
    dir
}

fn stored(dir: &tempfile::TempDir) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.path().join("auth.json")).unwrap()).unwrap()
}

#[test]
fn a_fresh_token_is_used_without_a_request() {
    let record = json!({"type": "oauth", "access": "sk-ant-oat-1", "refresh": "r", "expires": NOW + 600_000.0});
    let dir = agent_with(json!({ "anthropic": record }));
    // Port 9 (discard) refuses: any request would fail the call.
    let env = env_with("anthropic", "http://127.0.0.1:9/token");
    let token = token(dir.path(), "anthropic", &record, &env, NOW).unwrap();
    assert_eq!(token.access, "sk-ant-oat-1");
    assert_eq!(token.token_use, TokenUse::ApiKey);
}

#[test]
fn an_expiring_anthropic_token_is_refreshed_and_written_back() {
    let record =
        json!({"type": "oauth", "access": "old", "refresh": "r-old", "expires": NOW + 60_000.0});
    let dir = agent_with(json!({"openai": {"type": "api_key", "key": "sk"}, "anthropic": record}));
    let (url, server) = token_endpoint(
        200,
        json!({"access_token": "new", "refresh_token": "r-new", "expires_in": 3600}),
    );
    let token = token(
        dir.path(),
        "anthropic",
        &record,
        &env_with("anthropic", &url),
        NOW,
    )
    .unwrap();
    assert_eq!(token.access, "new");
    let (head, body) = server.join().unwrap();
    assert!(head.starts_with("POST /token "), "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{head}"
    );
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap(),
        json!({"grant_type": "refresh_token", "client_id": "9d1c250a-e61b-44d9-88ed-5944d1962f5e", "refresh_token": "r-old"})
    );
    let file = stored(&dir);
    assert_eq!(
        file["anthropic"],
        json!({"type": "oauth", "access": "new", "refresh": "r-new", "expires": NOW + 3_600_000.0 - 300_000.0})
    );
    assert_eq!(file["openai"]["key"], "sk", "other records are kept");
    assert!(!dir.path().join("auth.json.lock").exists());
}

#[test]
fn codex_refresh_is_a_form_and_records_the_account() {
    let claims = json!({"https://api.openai.com/auth": {"chatgpt_account_id": "acct-7"}});
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(claims.to_string());
    let access = format!("h.{payload}.s");
    let record = json!({"type": "oauth", "access": "old", "refresh": "r/1+", "expires": 1, "accountId": "acct-7"});
    let dir = agent_with(json!({ "openai-codex": record }));
    let (url, server) = token_endpoint(
        200,
        json!({"access_token": access, "refresh_token": "r2", "expires_in": 100}),
    );
    let token = token(
        dir.path(),
        "openai-codex",
        &record,
        &env_with("openai-codex", &url),
        NOW,
    )
    .unwrap();
    assert_eq!(token.access, access);
    let (head, body) = server.join().unwrap();
    assert!(head
        .to_ascii_lowercase()
        .contains("application/x-www-form-urlencoded"));
    assert_eq!(
        body,
        "grant_type=refresh_token&client_id=app_EMoamEEZ73f0CkXaXp7hrann&refresh_token=r%2F1%2B"
    );
    assert_eq!(
        stored(&dir)["openai-codex"],
        json!({"type": "oauth", "access": access, "refresh": "r2", "expires": NOW + 100_000.0, "accountId": "acct-7"})
    );
}

#[test]
fn chatgpt_refresh_needs_the_direct_scope_and_keeps_the_record_on_failure() {
    let record = json!({"type": "oauth", "access": "old", "refresh": "r", "expires": 1, "clientId": "issued-1"});
    let dir = agent_with(json!({ "openai": record }));
    let (url, server) = token_endpoint(
        200,
        json!({"access_token": "a", "refresh_token": "r2", "expires_in": 60, "scope": "openid"}),
    );
    let error = token(
        dir.path(),
        "openai",
        &record,
        &env_with("openai", &url),
        NOW,
    )
    .unwrap_err();
    assert!(error.contains("chatgpt.tokens.use.direct"), "{error}");
    let (_, body) = server.join().unwrap();
    assert_eq!(
        body,
        "grant_type=refresh_token&client_id=issued-1&refresh_token=r&resource=https%3A%2F%2Fapi.openai.com%2Fv1"
    );
    assert_eq!(
        stored(&dir)["openai"],
        record,
        "a failed refresh changes nothing"
    );
}

#[test]
fn xai_keeps_an_unrotated_refresh_token() {
    let record = json!({"type": "oauth", "access": "old", "refresh": "keep", "expires": 1});
    let dir = agent_with(json!({ "xai": record }));
    let (url, server) = token_endpoint(200, json!({"access_token": "a2"}));
    token(dir.path(), "xai", &record, &env_with("xai", &url), NOW).unwrap();
    server.join().unwrap();
    assert_eq!(
        stored(&dir)["xai"],
        json!({"type": "oauth", "access": "a2", "refresh": "keep", "expires": NOW + 3_600_000.0 - 300_000.0})
    );
}

#[test]
fn kimi_tokens_travel_as_a_bearer_header_and_honour_pis_host_override() {
    let record = json!({"type": "oauth", "access": "old", "refresh": "r", "expires": 1});
    let dir = agent_with(json!({ "kimi-coding": record }));
    let (url, server) = token_endpoint(
        200,
        json!({"access_token": "k2", "refresh_token": "r2", "expires_in": 900}),
    );
    let host = url.trim_end_matches("/token").to_owned();
    let env = Env::Fixed(
        [("KIMI_CODE_OAUTH_HOST".to_owned(), format!("{host}/"))]
            .into_iter()
            .collect(),
    );
    // The server answers any path; the request line shows the one Pi uses.
    let token = token(dir.path(), "kimi-coding", &record, &env, NOW).unwrap();
    assert_eq!(token.token_use, TokenUse::BearerHeader);
    let (head, _) = server.join().unwrap();
    assert!(head.starts_with("POST /api/oauth/token "), "{head}");
}

#[test]
fn a_rejected_refresh_names_the_status_and_leaves_the_file() {
    let record = json!({"type": "oauth", "access": "old", "refresh": "r", "expires": 1});
    let dir = agent_with(json!({ "anthropic": record }));
    let (url, server) = token_endpoint(400, json!({"error": "invalid_grant"}));
    let error = token(
        dir.path(),
        "anthropic",
        &record,
        &env_with("anthropic", &url),
        NOW,
    )
    .unwrap_err();
    server.join().unwrap();
    assert!(
        error.contains("400") && error.contains("invalid_grant"),
        "{error}"
    );
    assert_eq!(stored(&dir)["anthropic"], record);
}

#[test]
fn a_token_another_process_refreshed_is_taken_from_the_file() {
    let stale = json!({"type": "oauth", "access": "old", "refresh": "r", "expires": 1});
    let fresh =
        json!({"type": "oauth", "access": "theirs", "refresh": "r2", "expires": NOW + 3_600_000.0});
    let dir = agent_with(json!({ "anthropic": fresh }));
    let env = env_with("anthropic", "http://127.0.0.1:9/token");
    let token = token(dir.path(), "anthropic", &stale, &env, NOW).unwrap();
    assert_eq!(token.access, "theirs");
}

#[test]
fn a_sign_out_meanwhile_is_an_error() {
    let stale = json!({"type": "oauth", "access": "old", "refresh": "r", "expires": 1});
    let dir = agent_with(json!({}));
    let env = env_with("anthropic", "http://127.0.0.1:9/token");
    let error = token(dir.path(), "anthropic", &stale, &env, NOW).unwrap_err();
    assert!(error.contains("removed"), "{error}");
    assert!(!supports("github-copilot") && supports("openai-codex"));
}

#[test]
fn forms_encode_like_url_search_params() {
    let fields = [("a b".to_owned(), "x&y=z~*é".to_owned())];
    assert_eq!(form_encode(&fields), "a+b=x%26y%3Dz%7E*%C3%A9");
}
