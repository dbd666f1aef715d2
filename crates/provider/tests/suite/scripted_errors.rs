//! Loading scripts: files on disk and the errors a bad script gets.

use pretty_assertions::assert_eq;
use tau_provider::{ScriptError, ScriptedProvider};

fn parse_error(text: &str) -> String {
    ScriptedProvider::parse(text, "bad.json")
        .unwrap_err()
        .to_string()
}

#[test]
fn a_missing_file_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nope.json");
    let error = ScriptedProvider::from_file(&path).unwrap_err();
    assert!(matches!(error, ScriptError::Read { .. }));
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("cannot read script {}: ", path.display())),
        "{message}"
    );
}

#[test]
fn a_script_file_loads_from_disk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    std::fs::write(&path, r#"{"turns": [{"text": "a"}, {"text": "b"}]}"#).unwrap();
    assert_eq!(ScriptedProvider::from_file(&path).unwrap().turn_count(), 2);
}

#[test]
fn bad_json_reports_line_and_column() {
    let error = ScriptedProvider::parse(
        "{\n  \"turns\": [\n    {\"text\": \"a\",}\n  ]\n}",
        "bad.json",
    )
    .unwrap_err();
    let ScriptError::Json { line, column, .. } = &error else {
        panic!("{error:?}")
    };
    assert_eq!((*line, *column), (3, 18));
    assert_eq!(
        error.to_string(),
        "script bad.json is not valid JSON at line 3, column 18: trailing comma"
    );
}

#[test]
fn bad_shapes_name_the_turn_and_field() {
    assert_eq!(
        parse_error("[]"),
        "script bad.json: expected an object with a \"turns\" array"
    );
    assert_eq!(
        parse_error("{}"),
        "script bad.json: missing the \"turns\" array"
    );
    assert_eq!(
        parse_error(r#"{"turns": [], "turnz": 1}"#),
        "script bad.json: unknown top-level field \"turnz\"; expected \"turns\", \"delayMs\" or \"description\""
    );
    let unknown = parse_error(r#"{"turns": [{"text": "a"}, {"txt": "b"}]}"#);
    assert!(
        unknown.starts_with("script bad.json: turns[1]: unknown field `txt`, expected one of"),
        "{unknown}"
    );
    assert_eq!(
        parse_error(r#"{"turns": ["hello"]}"#),
        "script bad.json: turns[0]: a turn must be an object"
    );
    assert_eq!(
        parse_error(r#"{"turns": [{"stopReason": "error"}]}"#),
        "script bad.json: turns[0]: stopReason \"error\" is not allowed; use \"error\": \"message\" to end with an error"
    );
    assert_eq!(
        parse_error(r#"{"turns": [{"toolCalls": [{"name": "bash", "arguments": "ls"}]}]}"#),
        "script bad.json: turns[0]: toolCalls[0].arguments must be an object"
    );
    let regex = parse_error(r#"{"turns": [{"capture": {"dir": "(unclosed"}}]}"#);
    assert!(
        regex.starts_with("script bad.json: turns[0]: capture \"dir\": invalid regex"),
        "{regex}"
    );
    let groups = parse_error(r#"{"turns": [{"capture": {"dir": "(a)(b)"}}]}"#);
    assert!(groups.contains("the regex has 2 groups"), "{groups}");
    assert_eq!(
        parse_error(r#"{"turns": [{"text": "a"}, {"match": [{"turn": {}}], "text": "x"}]}"#),
        "script bad.json: turns[1]: a match turn has only \"match\"; move \"text\" into the arms' turns"
    );
    let arm = parse_error(
        r#"{"turns": [{"match": [{"turn": {}}, {"when": {"contains": "x"}, "turn": {}}]}]}"#,
    );
    assert!(
        arm.starts_with("script bad.json: turns[0]: match[1]: unknown field `contains`"),
        "{arm}"
    );
}
