use super::*;
use pretty_assertions::assert_eq;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

fn ctx(dir: &Path) -> ToolContext {
    ToolContext::new(dir, CancellationToken::new())
}

async fn edit(dir: &Path, args: Value) -> Result<ToolResult, ToolError> {
    EditTool::new().execute("call", args, ctx(dir)).await
}

#[tokio::test]
async fn edits_a_file_and_reports_pi_text_and_details() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.txt"), "a\nb\nc\n").unwrap();
    let result = edit(
        dir.path(),
        json!({"path": "f.txt", "edits": [{"oldText": "b", "newText": "B"}, {"oldText": "c", "newText": "C"}]}),
    )
    .await
    .unwrap();
    assert_eq!(
        result.content[0].as_text(),
        Some("Successfully replaced 2 block(s) in f.txt.")
    );
    assert_eq!(
        result.details,
        Some(json!({
            "diff": " 1 a\n-2 b\n-3 c\n+2 B\n+3 C",
            "patch": "--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n-c\n+B\n+C\n",
            "firstChangedLine": 2
        }))
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("f.txt")).unwrap(),
        "a\nB\nC\n"
    );
}

#[tokio::test]
async fn all_or_nothing_when_one_edit_fails() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.txt");
    std::fs::write(&file, "one\ntwo\nthree\n").unwrap();
    let err = edit(
        dir.path(),
        json!({"path": "f.txt", "edits": [
            {"oldText": "one", "newText": "1"},
            {"oldText": "missing", "newText": "x"}
        ]}),
    )
    .await
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Could not find edits[1] in f.txt. The oldText must match exactly including all whitespace and newlines."
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "one\ntwo\nthree\n");

    let err = edit(
        dir.path(),
        json!({"path": "f.txt", "edits": [{"oldText": "t", "newText": "T"}]}),
    )
    .await
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Found 2 occurrences of the text in f.txt. The text must be unique. Please provide more context to make it unique."
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "one\ntwo\nthree\n");
}

#[tokio::test]
async fn crlf_and_bom_survive_an_edit() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("w.txt");
    std::fs::write(&file, "\u{FEFF}first\r\nsecond\r\nthird\r\n").unwrap();
    edit(
        dir.path(),
        json!({"path": "w.txt", "edits": [{"oldText": "second\nthird", "newText": "2\n3\n4"}]}),
    )
    .await
    .unwrap();
    assert_eq!(
        std::fs::read(&file).unwrap(),
        "\u{FEFF}first\r\n2\r\n3\r\n4\r\n".as_bytes()
    );
}

#[tokio::test]
async fn missing_file_reports_error_code() {
    let dir = tempfile::tempdir().unwrap();
    let err = edit(
        dir.path(),
        json!({"path": "nope.txt", "edits": [{"oldText": "a", "newText": "b"}]}),
    )
    .await
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Could not edit file: nope.txt. Error code: ENOENT."
    );
    assert!(!dir.path().join("nope.txt").exists());
}

#[tokio::test]
async fn aborted_edit_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.txt");
    std::fs::write(&file, "a\n").unwrap();
    let cancel = CancellationToken::new();
    cancel.cancel();
    let err = EditTool::new()
        .execute(
            "c",
            json!({"path": "f.txt", "edits": [{"oldText": "a", "newText": "b"}]}),
            ToolContext::new(dir.path(), cancel),
        )
        .await
        .unwrap_err();
    assert!(matches!(err, ToolError::Aborted));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "a\n");
}

#[tokio::test]
async fn empty_edits_are_invalid() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.txt"), "x").unwrap();
    for args in [
        json!({"path": "f.txt", "edits": []}),
        json!({"path": "f.txt"}),
    ] {
        let err = edit(dir.path(), args).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            "Edit tool input is invalid. edits must contain at least one replacement."
        );
    }
}

#[tokio::test]
async fn legacy_and_stringified_arguments_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.txt");
    std::fs::write(&file, "alpha beta gamma").unwrap();
    edit(
        dir.path(),
        json!({"path": "f.txt", "oldText": "alpha", "newText": "A"}),
    )
    .await
    .unwrap();
    edit(
        dir.path(),
        json!({"path": "f.txt", "edits": "[{\"oldText\": \"beta\", \"newText\": \"B\"}]"}),
    )
    .await
    .unwrap();
    edit(
        dir.path(),
        json!({"path": "f.txt", "edits": {"oldText": "gamma", "newText": "G"}}),
    )
    .await
    .unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "A B G");
}

#[test]
fn prepare_arguments_appends_legacy_pair_to_edits() {
    let prepared = prepare_edit_arguments(json!({
        "path": "f",
        "edits": [{"oldText": "a", "newText": "b"}],
        "oldText": "c",
        "newText": "d"
    }));
    assert_eq!(
        prepared,
        json!({"path": "f", "edits": [
            {"oldText": "a", "newText": "b"},
            {"oldText": "c", "newText": "d"}
        ]})
    );
    // Anything else passes through untouched.
    assert_eq!(prepare_edit_arguments(json!("x")), json!("x"));
    assert_eq!(
        prepare_edit_arguments(json!({"path": "f", "edits": "not json"})),
        json!({"path": "f", "edits": "not json"})
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_edits_of_one_file_are_serialised() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.txt");
    let content: String = (0..20).map(|i| format!("line {i}\n")).collect();
    std::fs::write(&file, &content).unwrap();
    let tool = Arc::new(EditTool::new());
    let mut tasks = Vec::new();
    for i in 0..20 {
        let tool = Arc::clone(&tool);
        let cwd = dir.path().to_path_buf();
        tasks.push(tokio::spawn(async move {
            tool.execute(
                "c",
                json!({"path": "f.txt", "edits": [{"oldText": format!("line {i}\n"), "newText": format!("LINE {i}\n")}]}),
                ToolContext::new(cwd, CancellationToken::new()),
            )
            .await
        }));
    }
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    let expected: String = (0..20).map(|i| format!("LINE {i}\n")).collect();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), expected);
}

#[test]
fn schema_matches_pi() {
    let tool = EditTool::new();
    assert_eq!(
        serde_json::to_string(&tool.info().parameters).unwrap(),
        r#"{"type":"object","required":["path","edits"],"properties":{"path":{"type":"string","description":"Path to the file to edit (relative or absolute)"},"edits":{"type":"array","items":{"type":"object","required":["oldText","newText"],"properties":{"oldText":{"type":"string","description":"Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call."},"newText":{"type":"string","description":"Replacement text for this targeted edit."}}},"description":"One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead."}}}"#
    );
    assert_eq!(
        tool.info().prompt_snippet.as_deref(),
        Some(EDIT_PROMPT_SNIPPET)
    );
}
