use super::*;
use pretty_assertions::assert_eq;
use tokio_util::sync::CancellationToken;

async fn grep(cwd: &Path, args: Value) -> Result<ToolResult, ToolError> {
    GrepTool::new()
        .execute("c", args, ToolContext::new(cwd, CancellationToken::new()))
        .await
}

async fn grep_text(cwd: &Path, args: Value) -> String {
    let result = grep(cwd, args).await.unwrap();
    result.content[0].as_text().unwrap().to_string()
}

fn write(root: &Path, rel: &str, content: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, content).unwrap();
}

#[tokio::test]
async fn matches_are_listed_with_relative_paths_in_path_order() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "src/b.rs", "fn main() {}\nlet x = 1;\n");
    write(dir.path(), "src/a.rs", "fn helper() {}\r\n");
    write(dir.path(), ".hidden/c.txt", "fn hidden\n");
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "fn \\w+"})).await,
        ".hidden/c.txt:1: fn hidden\nsrc/a.rs:1: fn helper() {}\nsrc/b.rs:1: fn main() {}"
    );
}

#[tokio::test]
async fn gitignore_applies_inside_git_repositories_only() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ".gitignore", "ignored.txt\n");
    write(dir.path(), "ignored.txt", "needle\n");
    write(dir.path(), "kept.txt", "needle\n");
    write(dir.path(), ".ignore", "also.txt\n");
    write(dir.path(), "also.txt", "needle\n");
    // Outside a git repository ripgrep does not read .gitignore, but does read .ignore.
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "needle"})).await,
        "ignored.txt:1: needle\nkept.txt:1: needle"
    );
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "needle"})).await,
        "kept.txt:1: needle"
    );
}

#[tokio::test]
async fn ignore_case_and_literal() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "f.txt", "Hello (world)\nhello\n");
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "HELLO", "ignoreCase": true})).await,
        "f.txt:1: Hello (world)\nf.txt:2: hello"
    );
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "(world)", "literal": true})).await,
        "f.txt:1: Hello (world)"
    );
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "^hello$"})).await,
        "f.txt:2: hello"
    );
}

#[tokio::test]
async fn context_lines_use_dashes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "f.txt", "a\nb\nmatch\nc\nd\n");
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "match", "context": 1})).await,
        "f.txt-2- b\nf.txt:3: match\nf.txt-4- c"
    );
}

#[tokio::test]
async fn match_limit_notice_needs_one_more_match() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "f.txt", "x1\nx2\nx3\n");
    let result = grep(dir.path(), json!({"pattern": "x", "limit": 2}))
        .await
        .unwrap();
    assert_eq!(
        result.content[0].as_text().unwrap(),
        "f.txt:1: x1\nf.txt:2: x2\n\n[2 matches limit reached. Use limit=4 for more, or refine pattern]"
    );
    assert_eq!(result.details, Some(json!({"matchLimitReached": 2})));
    // Exactly as many matches as the limit: no notice.
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "x", "limit": 3})).await,
        "f.txt:1: x1\nf.txt:2: x2\nf.txt:3: x3"
    );
}

#[tokio::test]
async fn trailing_context_of_the_last_match_is_kept_past_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "f.txt", "m1\nm2\nc\nm3\nz\n");
    // The limit is hit at m1; m2 lies in its trailing context and is shown as context.
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "^m", "limit": 1, "context": 2})).await,
        "f.txt:1: m1\nf.txt-2- m2\nf.txt-3- c\n\n[1 matches limit reached. Use limit=2 for more, or refine pattern]"
    );
}

#[tokio::test]
async fn glob_filters_relative_to_the_search_path() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "src/a.rs", "hit\n");
    write(dir.path(), "src/sub/b.rs", "hit\n");
    write(dir.path(), "pkg/src/c.rs", "hit\n");
    write(dir.path(), "d.txt", "hit\n");
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "hit", "glob": "*.rs"})).await,
        "pkg/src/c.rs:1: hit\nsrc/a.rs:1: hit\nsrc/sub/b.rs:1: hit"
    );
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "hit", "glob": "./src/*.rs"})).await,
        "src/a.rs:1: hit"
    );
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "hit", "glob": "src/**/*.rs"})).await,
        "src/a.rs:1: hit\nsrc/sub/b.rs:1: hit"
    );
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "hit", "glob": "!*.rs"})).await,
        "d.txt:1: hit"
    );
}

#[tokio::test]
async fn long_lines_are_truncated_with_notice() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "f.txt", &format!("{}\n", "a".repeat(600)));
    let result = grep(dir.path(), json!({"pattern": "a"})).await.unwrap();
    assert_eq!(
        result.content[0].as_text().unwrap(),
        format!(
            "f.txt:1: {}... [truncated]\n\n[Some lines truncated to 500 chars. Use read tool to see full lines]",
            "a".repeat(500)
        )
    );
    assert_eq!(result.details, Some(json!({"linesTruncated": true})));
}

#[tokio::test]
async fn output_is_capped_at_50kb() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!("{}\n", "b".repeat(400));
    write(dir.path(), "f.txt", &line.repeat(200));
    let result = grep(dir.path(), json!({"pattern": "b", "limit": 1000}))
        .await
        .unwrap();
    let text = result.content[0].as_text().unwrap();
    assert!(
        text.ends_with("\n\n[50.0KB limit reached]"),
        "{}",
        &text[text.len() - 80..]
    );
    let details = result.details.clone().unwrap_or_default();
    let truncation = &details["truncation"];
    assert_eq!(truncation["totalLines"], json!(200));
    assert_eq!(truncation["truncatedBy"], json!("bytes"));
    assert!(result
        .details
        .as_ref()
        .and_then(|d| d.get("matchLimitReached"))
        .is_none());
}

#[tokio::test]
async fn single_file_search_shows_the_file_name() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "deep/dir/f.txt", "one\ntwo\n");
    assert_eq!(
        grep_text(
            dir.path(),
            json!({"pattern": "two", "path": "deep/dir/f.txt"})
        )
        .await,
        "f.txt:2: two"
    );
}

#[tokio::test]
async fn binary_files_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bin.dat"), b"\0\0\0needle\n").unwrap();
    write(dir.path(), "t.txt", "needle\n");
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "needle"})).await,
        "t.txt:1: needle"
    );
}

#[tokio::test]
async fn a_symlinked_search_directory_is_searched() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "real/f.txt", "needle\n");
    std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("link")).unwrap();
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "needle", "path": "link"})).await,
        "f.txt:1: needle"
    );
}

#[tokio::test]
async fn a_binary_file_given_explicitly_is_searched_whole() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bin.dat"), b"x\0y fn\n").unwrap();
    // As ripgrep (memory-mapping the file) reports it: the line with its NUL byte.
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "y", "path": "bin.dat"})).await,
        "bin.dat:1: x\0y fn"
    );
}

#[tokio::test]
async fn no_matches_missing_path_and_bad_regex() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "f.txt", "x\n");
    assert_eq!(
        grep_text(dir.path(), json!({"pattern": "zzz"})).await,
        "No matches found"
    );
    let err = grep(dir.path(), json!({"pattern": "x", "path": "nope"}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("Path not found: {}", dir.path().join("nope").display())
    );
    let err = grep(dir.path(), json!({"pattern": "(unclosed"}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "regex parse error:\n    (unclosed\n    ^\nerror: unclosed group"
    );
}

#[test]
fn description_matches_pi() {
    assert_eq!(
        GrepTool::new().info().description,
        "Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to 100 matches or 50KB (whichever is hit first). Long lines are truncated to 500 chars."
    );
}
