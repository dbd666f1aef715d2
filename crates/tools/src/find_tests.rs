use super::*;
use pretty_assertions::assert_eq;
use tokio_util::sync::CancellationToken;

async fn find(cwd: &Path, args: Value) -> Result<ToolResult, ToolError> {
    FindTool::new()
        .execute("c", args, ToolContext::new(cwd, CancellationToken::new()))
        .await
}

async fn find_text(cwd: &Path, args: Value) -> String {
    let result = find(cwd, args).await.unwrap();
    result.content[0].as_text().unwrap().to_string()
}

fn touch(root: &Path, rel: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, "").unwrap();
}

#[tokio::test]
async fn name_patterns_match_at_any_depth_with_dirs_suffixed() {
    let dir = tempfile::tempdir().unwrap();
    touch(dir.path(), "src/a.rs");
    touch(dir.path(), "src/lib/b.rs");
    touch(dir.path(), "c.txt");
    touch(dir.path(), ".hidden.rs");
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*.rs"})).await,
        ".hidden.rs\nsrc/a.rs\nsrc/lib/b.rs"
    );
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "lib"})).await,
        "src/lib/"
    );
}

#[tokio::test]
async fn path_patterns_are_anchored_at_the_search_path() {
    let dir = tempfile::tempdir().unwrap();
    touch(dir.path(), "src/a.ts");
    touch(dir.path(), "pkg/src/b.ts");
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "src/*.ts"})).await,
        "src/a.ts"
    );
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "./src/*.ts"})).await,
        "src/a.ts"
    );
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "**/src/*.ts"})).await,
        "pkg/src/b.ts\nsrc/a.ts"
    );
    let absolute = format!("{}/pkg/**", dir.path().display());
    assert_eq!(
        find_text(dir.path(), json!({"pattern": absolute})).await,
        "pkg/src/\npkg/src/b.ts"
    );
    // The search path itself can be given.
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*.ts", "path": "pkg"})).await,
        "src/b.ts"
    );
}

#[tokio::test]
async fn symlinks_are_listed_not_followed_and_empty_pattern_lists_all() {
    let dir = tempfile::tempdir().unwrap();
    touch(dir.path(), "real/f.txt");
    std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("link")).unwrap();
    assert_eq!(
        find_text(dir.path(), json!({"pattern": ""})).await,
        "link\nreal/\nreal/f.txt"
    );
    // A symlinked search directory is searched.
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*.txt", "path": "link"})).await,
        "f.txt"
    );
}

#[tokio::test]
async fn smart_case() {
    let dir = tempfile::tempdir().unwrap();
    touch(dir.path(), "A.RS");
    touch(dir.path(), "b.rs");
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*.rs"})).await,
        "A.RS\nb.rs"
    );
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*.RS"})).await,
        "A.RS"
    );
}

#[tokio::test]
async fn gitignore_applies_inside_and_outside_git_repositories() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".gitignore"), "target/\n*.log\n").unwrap();
    touch(dir.path(), "target/out.rs");
    touch(dir.path(), "debug.log");
    touch(dir.path(), "main.rs");
    // Outside a repository Pi asks fd to read .gitignore anyway (--no-require-git).
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*"})).await,
        ".gitignore\nmain.rs"
    );
    // Inside one, .gitignore applies as usual; fd's --hidden also lists .git itself.
    touch(dir.path(), ".git/HEAD");
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*"})).await,
        ".git/\n.git/HEAD\n.gitignore\nmain.rs"
    );
}

#[tokio::test]
async fn result_limit_notice_needs_one_more_result() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a.md", "b.md", "c.md"] {
        touch(dir.path(), name);
    }
    let result = find(dir.path(), json!({"pattern": "*.md", "limit": 2}))
        .await
        .unwrap();
    assert_eq!(
        result.content[0].as_text().unwrap(),
        "a.md\nb.md\n\n[2 results limit reached. Use limit=4 for more, or refine pattern]"
    );
    assert_eq!(result.details, Some(json!({"resultLimitReached": 2})));
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*.md", "limit": 3})).await,
        "a.md\nb.md\nc.md"
    );
}

#[tokio::test]
async fn output_is_capped_at_50kb() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..300 {
        touch(dir.path(), &format!("{i:03}{}.txt", "n".repeat(200)));
    }
    let result = find(dir.path(), json!({"pattern": "*.txt"})).await.unwrap();
    let text = result.content[0].as_text().unwrap();
    assert!(text.ends_with("\n\n[50.0KB limit reached]"));
    assert_eq!(
        result.details.clone().unwrap_or_default()["truncation"]["totalLines"],
        json!(300)
    );
}

#[tokio::test]
async fn no_results_bad_path_and_bad_glob() {
    let dir = tempfile::tempdir().unwrap();
    touch(dir.path(), "f.txt");
    assert_eq!(
        find_text(dir.path(), json!({"pattern": "*.nothing"})).await,
        "No files found matching pattern"
    );
    let err = find(dir.path(), json!({"pattern": "*", "path": "f.txt"}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "[fd error]: Search path '{}' is not a directory.\n[fd error]: No valid search paths given.",
            dir.path().join("f.txt").display()
        )
    );
    let err = find(dir.path(), json!({"pattern": "a[b"}))
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("[fd error]: error parsing glob"),
        "{err}"
    );
}

#[test]
fn description_and_schema_match_pi() {
    let tool = FindTool::new();
    assert_eq!(
        tool.info().description,
        "Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to 1000 results or 50KB (whichever is hit first)."
    );
    assert_eq!(
        serde_json::to_string(&tool.info().parameters).unwrap(),
        r#"{"type":"object","required":["pattern"],"properties":{"pattern":{"type":"string","description":"Glob pattern relative to the search directory, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"},"path":{"type":"string","description":"Directory to search in (default: current directory)"},"limit":{"type":"number","description":"Maximum number of results (default: 1000)"}}}"#
    );
}

#[tokio::test]
async fn fuzz_a_pattern_too_large_to_compile_is_an_error_not_a_panic() {
    // Found by tau-fuzz (tools target): globset's compile_matcher panicked on this.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "x").unwrap();
    let pattern = "x".repeat(600_000);
    let err = FindTool::new()
        .execute(
            "c",
            serde_json::json!({ "pattern": pattern }),
            ToolContext::new(dir.path(), CancellationToken::new()),
        )
        .await
        .unwrap_err();
    assert!(err.to_string().starts_with("[fd error]: "), "{err}");
}
