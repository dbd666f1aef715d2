use super::*;

fn args(text: &str) -> Vec<String> {
    parse_args(text)
}

#[test]
fn arguments_split_like_pi() {
    assert_eq!(args(r#"a "b c" 'd e'  f"#), ["a", "b c", "d e", "f"]);
    assert_eq!(args("doesn't matter"), ["doesn't", "matter"]);
    assert_eq!(args(r#""the \"fast\" path""#), [r#"the "fast" path"#]);
    assert_eq!(args(r#""" x"#), ["", "x"]);
    assert_eq!(args(r#""open quote here"#), [r#""open"#, "quote", "here"]);
    assert_eq!(args(r"a\b"), [r"a\b"]);
    assert!(args("   ").is_empty());
}

#[test]
fn placeholders_substitute_like_pi() {
    let a: Vec<String> = ["one", "two", "three"].map(String::from).to_vec();
    assert_eq!(substitute("$1-$2-$4", &a), "one-two-");
    assert_eq!(
        substitute("$@|$ARGUMENTS", &a),
        "one two three|one two three"
    );
    assert_eq!(substitute("${@:2}", &a), "two three");
    assert_eq!(substitute("${@:2:1}", &a), "two");
    assert_eq!(substitute("${@:0}", &a), "one two three");
    assert_eq!(substitute("${4:-none} ${1:-x}", &a), "none one");
    assert_eq!(substitute("${@:-all}", &[]), "all");
    assert_eq!(substitute("${ARGUMENTS:-all}", &[]), "all");
    assert_eq!(substitute("$0 $10", &a), " ");
    // Values are not substituted again.
    let tricky = vec!["$2".to_string(), "x".to_string()];
    assert_eq!(substitute("$1 $2", &tricky), "$2 x");
}

fn template(name: &str, content: &str) -> Template {
    Template {
        name: name.into(),
        description: String::new(),
        argument_hint: None,
        content: content.into(),
        file_path: PathBuf::from(format!("/p/{name}.md")),
        source_info: SourceInfo::at(Path::new("/p"), &Origin::top("auto", "user", None)),
    }
}

#[test]
fn expansion_needs_a_known_name() {
    let templates = [template("review", "Review $1 then ${@:2}")];
    assert_eq!(
        expand("/review a.rs b c", &templates).as_deref(),
        Some("Review a.rs then b c")
    );
    assert_eq!(
        expand("/review", &templates).as_deref(),
        Some("Review  then ")
    );
    assert_eq!(
        expand("/review\nmore lines", &templates).as_deref(),
        Some("Review more then lines")
    );
    assert_eq!(expand("/other x", &templates), None);
    assert_eq!(expand("review x", &templates), None);
    assert_eq!(expand("/", &templates), None);
}

#[test]
fn description_falls_back_to_the_first_line() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(70);
    std::fs::write(dir.path().join("a.md"), format!("\n\n{long}\nmore")).unwrap();
    std::fs::write(
        dir.path().join("b.md"),
        "---\ndescription: Explain\nargument-hint: \"<file>\"\n---\nBody $1",
    )
    .unwrap();
    std::fs::write(dir.path().join("c.txt"), "not a template").unwrap();
    let origin = Origin::top("auto", "user", Some(dir.path()));
    let loaded = load(&[(dir.path().to_path_buf(), origin)]);
    let names: Vec<&str> = loaded.templates.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    assert_eq!(
        loaded.templates[0].description,
        format!("{}...", "x".repeat(60))
    );
    assert_eq!(loaded.templates[1].description, "Explain");
    assert_eq!(loaded.templates[1].argument_hint.as_deref(), Some("<file>"));
    assert_eq!(loaded.templates[1].content, "Body $1");
}

#[test]
fn first_template_keeps_a_name_and_bad_yaml_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["one", "two"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
        std::fs::write(dir.path().join(sub).join("t.md"), sub).unwrap();
    }
    std::fs::write(dir.path().join("one/bad.md"), "---\na: b: c\n---\nx").unwrap();
    let origin = Origin::top("local", "user", None);
    let loaded = load(&[
        (dir.path().join("one"), origin.clone()),
        (dir.path().join("two"), origin),
    ]);
    assert_eq!(loaded.templates.len(), 1);
    assert_eq!(loaded.templates[0].content, "one");
    assert_eq!(loaded.diagnostics.len(), 2, "{:?}", loaded.diagnostics);
    assert!(loaded.diagnostics[0]
        .message
        .starts_with("invalid frontmatter"));
    assert_eq!(loaded.diagnostics[1].severity, Severity::Collision);
    assert_eq!(loaded.diagnostics[1].message, "name \"/t\" collision");
}
