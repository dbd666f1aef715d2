use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicU64, Ordering};

use futures::StreamExt;
use serde_json::json;
use tau_protocol::AssistantMessageEvent;

use super::*;
use crate::scripted_model;

/// Records the key of every request and answers nothing.
struct Recorder(Mutex<Vec<Option<String>>>);

impl Provider for Recorder {
    fn stream(&self, request: ProviderRequest, _cancel: CancellationToken) -> EventStream {
        if let Ok(mut keys) = self.0.lock() {
            keys.push(request.api_key);
        }
        futures::stream::empty().boxed()
    }
}

static NOW: AtomicU64 = AtomicU64::new(0);

fn test_clock() -> f64 {
    NOW.load(Ordering::SeqCst) as f64
}

/// A token endpoint on loopback answering one refresh.
fn token_endpoint(body: serde_json::Value) -> (String, std::thread::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/token", listener.local_addr().unwrap());
    let handle = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
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
        }
        let mut sink = vec![0; length];
        reader.read_exact(&mut sink).unwrap();
        let text = body.to_string();
        let mut stream = stream;
        write!(
            stream,
            "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
            text.len()
        )
        .unwrap();
    });
    (url, handle)
}

fn request(key: &str) -> ProviderRequest {
    ProviderRequest {
        model: scripted_model("m"),
        system_prompt: String::new(),
        messages: Vec::new(),
        tools: Vec::new(),
        thinking_level: tau_protocol::ThinkingLevel::Off,
        api_key: Some(key.to_owned()),
        hooks: None,
        session_id: None,
        no_cache_retention: false,
    }
}

#[tokio::test]
async fn a_token_expiring_mid_session_is_refreshed_before_the_next_request() {
    let start = 1_800_000_000_000u64;
    NOW.store(start, Ordering::SeqCst);
    let expires = start as f64 + 3_600_000.0;
    let dir = tempfile::tempdir().unwrap();
    let record = json!({"type": "oauth", "access": "first", "refresh": "r1", "expires": expires});
    std::fs::write(
        dir.path().join("auth.json"),
        json!({"anthropic": record}).to_string(),
    )
    .unwrap();
    let (url, server) = token_endpoint(
        json!({"access_token": "second", "refresh_token": "r2", "expires_in": 3600}),
    );
    let env = Env::Fixed(
        [("TAU_OAUTH_TOKEN_URL_ANTHROPIC".to_owned(), url)]
            .into_iter()
            .collect(),
    );
    let recorder = Arc::new(Recorder(Mutex::new(Vec::new())));
    let token = OAuthToken {
        access: "first".into(),
        token_use: TokenUse::ApiKey,
        expires,
    };
    let provider = SignedInProvider::with_clock(
        recorder.clone(),
        dir.path().to_owned(),
        "anthropic",
        env,
        token,
        test_clock,
    );
    // Fresh: passes through without touching the file or the network.
    let _: Vec<AssistantMessageEvent> = provider
        .stream(request("first"), CancellationToken::new())
        .collect()
        .await;
    // An hour later the token is about to expire: refreshed, written back, sent.
    NOW.store(start + 3_500_000, Ordering::SeqCst);
    let _: Vec<AssistantMessageEvent> = provider
        .stream(request("first"), CancellationToken::new())
        .collect()
        .await;
    server.join().unwrap();
    // The new token is current now; a request with another key passes through as it is.
    let _: Vec<AssistantMessageEvent> = provider
        .stream(request("second"), CancellationToken::new())
        .collect()
        .await;
    let _: Vec<AssistantMessageEvent> = provider
        .stream(request("sk-other"), CancellationToken::new())
        .collect()
        .await;
    let keys = recorder.0.lock().unwrap().clone();
    assert_eq!(
        keys,
        [
            Some("first"),
            Some("second"),
            Some("second"),
            Some("sk-other")
        ]
        .map(|k| k.map(str::to_owned))
    );
    let stored: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("auth.json")).unwrap())
            .unwrap();
    assert_eq!(stored["anthropic"]["access"], "second");
}

#[tokio::test]
async fn a_sign_in_removed_mid_session_fails_the_request_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("auth.json"), "{}").unwrap();
    let recorder = Arc::new(Recorder(Mutex::new(Vec::new())));
    let token = OAuthToken {
        access: "old".into(),
        token_use: TokenUse::ApiKey,
        expires: 1.0,
    };
    let provider = SignedInProvider::new(
        recorder.clone(),
        dir.path().to_owned(),
        "anthropic",
        Env::Fixed(Default::default()),
        token,
    );
    let events: Vec<AssistantMessageEvent> = provider
        .stream(request("old"), CancellationToken::new())
        .collect()
        .await;
    assert!(recorder.0.lock().unwrap().is_empty());
    let text = serde_json::to_string(&events).unwrap();
    assert!(
        events.len() == 1 && text.contains("removed from auth.json"),
        "{text}"
    );
}
