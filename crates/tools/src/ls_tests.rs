use super::*;
use pretty_assertions::assert_eq;
use tokio_util::sync::CancellationToken;

async fn ls(cwd: &Path, args: Value) -> Result<ToolResult, ToolError> {
    LsTool::new()
        .execute("c", args, ToolContext::new(cwd, CancellationToken::new()))
        .await
}

fn text(result: &ToolResult) -> &str {
    result.content[0].as_text().unwrap()
}

#[test]
fn sort_order_matches_node_locale_compare() {
    // Expected order is Node 22 (ICU 78, en-US) sorting with
    // a.toLowerCase().localeCompare(b.toLowerCase()).
    let expected = [
        "_x",
        "-y",
        ".env",
        ".git",
        "[x]",
        "@at",
        "#hash",
        "~tilde",
        "$d",
        "1file",
        "A",
        "a b",
        "a_b",
        "a-b",
        "a.b",
        "a(1)",
        "ab",
        "b",
        "b10",
        "b2",
        "eclair",
        "éclair",
        "node_modules",
        "README.md",
        "readme.txt",
        "ünder",
        "z",
        "Zed",
        "Ω",
    ];
    let mut names: Vec<String> = expected.iter().rev().map(|s| s.to_string()).collect();
    sort_names_like_pi(&mut names);
    assert_eq!(names, expected);
}

#[tokio::test]
async fn lists_sorted_with_dir_suffix_and_dotfiles() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("b.txt"), "").unwrap();
    std::fs::write(dir.path().join("A.md"), "").unwrap();
    std::fs::write(dir.path().join(".hidden"), "").unwrap();
    std::os::unix::fs::symlink(dir.path().join("src"), dir.path().join("link")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("gone"), dir.path().join("broken")).unwrap();
    let result = ls(dir.path(), json!({})).await.unwrap();
    // The symlink to a directory is listed as a directory; the broken one is skipped.
    assert_eq!(text(&result), ".hidden\nA.md\nb.txt\nlink/\nsrc/");
    assert_eq!(result.details, None, "Pi leaves details undefined");
}

#[tokio::test]
async fn entry_limit_notice_and_details() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a", "b", "c", "d"] {
        std::fs::write(dir.path().join(name), "").unwrap();
    }
    let result = ls(dir.path(), json!({"limit": 2})).await.unwrap();
    assert_eq!(
        text(&result),
        "a\nb\n\n[2 entries limit reached. Use limit=4 for more]"
    );
    assert_eq!(result.details, Some(json!({"entryLimitReached": 2})));
    // A limit below one lists one entry.
    let result = ls(dir.path(), json!({"limit": 0})).await.unwrap();
    assert_eq!(
        text(&result),
        "a\n\n[1 entries limit reached. Use limit=2 for more]"
    );
    // Exactly as many entries as the limit is not "reached".
    let result = ls(dir.path(), json!({"limit": 4})).await.unwrap();
    assert_eq!(text(&result), "a\nb\nc\nd");
}

#[tokio::test]
async fn byte_limit_truncates_with_notice() {
    let dir = tempfile::tempdir().unwrap();
    // 300 names of 200 bytes: about 60KB of listing.
    for i in 0..300 {
        std::fs::write(dir.path().join(format!("{i:03}{}", "x".repeat(197))), "").unwrap();
    }
    let result = ls(dir.path(), json!({})).await.unwrap();
    let out = text(&result);
    assert!(
        out.ends_with("\n\n[50.0KB limit reached]"),
        "{}",
        &out[out.len() - 60..]
    );
    // 254 lines of 200 bytes and their separating newlines fit in 51200 bytes; 255 do not.
    assert_eq!(out.lines().filter(|l| l.len() == 200).count(), 254);
    let details = result.details.clone().unwrap_or_default();
    let truncation = &details["truncation"];
    assert_eq!(truncation["truncated"], json!(true));
    assert_eq!(truncation["truncatedBy"], json!("bytes"));
    assert_eq!(truncation["totalLines"], json!(300));
    assert_eq!(truncation["maxLines"], json!(9_007_199_254_740_991u64));
}

#[tokio::test]
async fn empty_missing_and_non_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    std::fs::write(dir.path().join("file"), "").unwrap();
    let result = ls(dir.path(), json!({"path": "empty"})).await.unwrap();
    assert_eq!(text(&result), "(empty directory)");
    let err = ls(dir.path(), json!({"path": "nope"})).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("Path not found: {}", dir.path().join("nope").display())
    );
    let err = ls(dir.path(), json!({"path": "file"})).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("Not a directory: {}", dir.path().join("file").display())
    );
}

#[test]
fn description_and_schema_match_pi() {
    let tool = LsTool::new();
    assert_eq!(
        tool.info().description,
        "List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to 500 entries or 50KB (whichever is hit first)."
    );
    assert_eq!(
        serde_json::to_string(&tool.info().parameters).unwrap(),
        r#"{"type":"object","properties":{"path":{"type":"string","description":"Directory to list (default: current directory)"},"limit":{"type":"number","description":"Maximum number of entries to return (default: 500)"}}}"#
    );
    assert!(tool.info().prompt_guidelines.is_empty());
}
