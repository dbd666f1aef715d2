use super::*;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn origin() -> Origin {
    Origin::top("auto", "user", None)
}

#[test]
fn names_follow_the_agent_skills_rules() {
    assert!(name_errors("pdf-tools2").is_empty());
    assert_eq!(
        name_errors("-Bad--name-"),
        [
            "name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)",
            "name must not start or end with a hyphen",
            "name must not contain consecutive hyphens",
        ]
    );
    assert_eq!(
        name_errors(&"a".repeat(65)),
        ["name exceeds 64 characters (65)"]
    );
}

#[test]
fn discovery_stops_at_skill_folders_and_honours_ignore_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(&root.join("alpha/SKILL.md"), "x");
    write(&root.join("alpha/nested/SKILL.md"), "not reached");
    write(&root.join("group/beta/SKILL.md"), "x");
    write(&root.join("group/notes.md"), "only at the root");
    write(&root.join("solo.md"), "x");
    write(&root.join(".hidden/SKILL.md"), "x");
    write(&root.join("node_modules/dep/SKILL.md"), "x");
    write(&root.join("skipped/SKILL.md"), "x");
    write(&root.join(".gitignore"), "skipped/\n");
    let found = files_in(root, Standalone::AtRoot);
    let relative: Vec<String> = found
        .iter()
        .map(|p| p.strip_prefix(root).unwrap().display().to_string())
        .collect();
    assert_eq!(
        relative,
        ["alpha/SKILL.md", "group/beta/SKILL.md", "solo.md"]
    );
    let below = files_in(root, Standalone::BelowRoot);
    assert!(below.contains(&root.join("group/notes.md")));
    assert!(!below.contains(&root.join("solo.md")));
}

#[test]
fn warnings_keep_what_can_be_kept() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        &root.join("Bad_Name/SKILL.md"),
        "---\ndescription: Still loads\n---\nBody",
    );
    write(
        &root.join("nodesc/SKILL.md"),
        "---\nname: nodesc\n---\nBody",
    );
    write(
        &root.join("broken/SKILL.md"),
        "---\ndescription: a: b\n---\nBody",
    );
    write(&root.join("plain.md"), "no frontmatter, so not a skill");
    write(
        &root.join("hidden/SKILL.md"),
        "---\ndescription: Only by command\ndisable-model-invocation: true\n---\nBody",
    );
    let loaded = load(&[(root.to_path_buf(), origin())]);
    let names: Vec<&str> = loaded.skills.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Bad_Name", "hidden"]);
    assert!(loaded.skills[1].disable_model_invocation);
    let messages: Vec<String> = loaded
        .diagnostics
        .iter()
        .map(|d| {
            let folder = d.path.parent().unwrap().file_name().unwrap();
            format!("{}: {}", folder.to_string_lossy(), d.message)
        })
        .collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].starts_with("Bad_Name: name contains invalid characters"));
    assert!(messages[1].starts_with("broken: invalid frontmatter"));
    assert_eq!(messages[2], "nodesc: description is required");
}

#[test]
fn first_skill_keeps_its_name_and_missing_paths_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(&root.join("a/x/SKILL.md"), "---\ndescription: first\n---\n");
    write(
        &root.join("b/x/SKILL.md"),
        "---\ndescription: second\n---\n",
    );
    let loaded = load(&[
        (root.join("a"), origin()),
        (root.join("a/x/SKILL.md"), origin()),
        (root.join("b"), origin()),
        (root.join("gone"), origin()),
    ]);
    assert_eq!(loaded.skills.len(), 1);
    assert_eq!(loaded.skills[0].description, "first");
    let messages: Vec<&str> = loaded
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        ["skill path does not exist", "name \"x\" collision"]
    );
    assert_eq!(
        loaded.diagnostics[1].winner,
        Some(root.join("a/x/SKILL.md"))
    );
}

#[test]
fn skill_command_wraps_the_body_and_appends_the_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deploy/SKILL.md");
    write(
        &file,
        "---\ndescription: Deploys\n---\n\n# Deploy\nRun it.\n",
    );
    let loaded = load(&[(dir.path().to_path_buf(), origin())]);
    let base = dir.path().join("deploy");
    let expected = format!(
        "<skill name=\"deploy\" location=\"{}\">\nReferences are relative to {}.\n\n# Deploy\nRun it.\n</skill>",
        file.display(),
        base.display()
    );
    let expanded = expand("/skill:deploy", &loaded.skills).unwrap().unwrap();
    assert_eq!(expanded, expected);
    let with_args = expand("/skill:deploy  to prod ", &loaded.skills)
        .unwrap()
        .unwrap();
    assert_eq!(with_args, format!("{expected}\n\nto prod"));
    assert!(expand("/skill:other", &loaded.skills).is_none());
    assert!(expand("/deploy", &loaded.skills).is_none());
}

#[test]
fn an_expanded_skill_command_parses_back() {
    let block = parse_block(
        "<skill name=\"a\" location=\"/s/a/SKILL.md\">\nRefs.\n\nBody\n</skill>\n\n do it ",
    )
    .unwrap();
    assert_eq!(block.name, "a");
    assert_eq!(block.location, "/s/a/SKILL.md");
    assert_eq!(block.content, "Refs.\n\nBody");
    assert_eq!(block.user_message.as_deref(), Some("do it"));
    let bare = parse_block("<skill name=\"a\" location=\"l\">\nx\n</skill>").unwrap();
    assert_eq!(bare.user_message, None);
    assert!(parse_block("text <skill name=\"a\" location=\"l\">\nx\n</skill>").is_none());
}
