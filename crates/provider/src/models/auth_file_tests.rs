use super::*;

#[test]
fn a_stored_key_is_written_as_pi_writes_it_with_mode_0600() {
    let dir = tempfile::tempdir().unwrap();
    let agent = dir.path().join("agent");
    store_api_key(&agent, "openai", "sk-one").unwrap();
    let text = std::fs::read_to_string(agent.join("auth.json")).unwrap();
    assert_eq!(
        text,
        "{\n  \"openai\": {\n    \"type\": \"api_key\",\n    \"key\": \"sk-one\"\n  }\n}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(agent.join("auth.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    assert!(!agent.join("auth.json.lock").exists());
}

#[test]
fn other_records_are_kept_and_remove_takes_only_one() {
    let dir = tempfile::tempdir().unwrap();
    let oauth = r#"{"anthropic":{"type":"oauth","access":"a","refresh":"r","expires":1}}"#;
    std::fs::write(dir.path().join("auth.json"), oauth).unwrap();
    store_api_key(dir.path(), "openai", "sk-two").unwrap();
    let loaded = load(dir.path()).unwrap();
    assert_eq!(
        loaded[0],
        (
            "anthropic".into(),
            Credential::OAuth(
                serde_json::from_str::<serde_json::Value>(oauth).unwrap()["anthropic"].clone()
            )
        )
    );
    assert_eq!(
        loaded[1],
        (
            "openai".into(),
            Credential::ApiKey(StoredKey {
                key: Some("sk-two".into()),
                env: HashMap::new()
            })
        )
    );
    assert!(remove(dir.path(), "openai").unwrap());
    assert!(!remove(dir.path(), "openai").unwrap());
    let left = load(dir.path()).unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].1.kind(), "oauth");
}

#[test]
fn a_missing_file_is_empty_and_a_broken_one_says_so() {
    let dir = tempfile::tempdir().unwrap();
    assert!(load(dir.path()).unwrap().is_empty());
    std::fs::write(dir.path().join("auth.json"), "[1]").unwrap();
    let error = load(dir.path()).unwrap_err().to_string();
    assert!(
        error.contains("auth.json") && error.contains("expected an object"),
        "{error}"
    );
    assert!(store_api_key(dir.path(), "openai", "k").is_err());
}

#[test]
fn a_credential_env_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"cf":{"type":"api_key","key":"$CF_KEY","env":{"CF_KEY":"from-file"}}}"#;
    std::fs::write(dir.path().join("auth.json"), text).unwrap();
    let Credential::ApiKey(stored) = &load(dir.path()).unwrap()[0].1 else {
        panic!("not an api key");
    };
    assert_eq!(stored.key.as_deref(), Some("$CF_KEY"));
    assert_eq!(stored.env["CF_KEY"], "from-file");
}
