//! Skills and prompt templates against the reference Pi 1.6.0: with the same agent dir and
//! project, both harnesses must send the model the same `<skills>` section, the same text
//! for `/skill:<name> args` and `/<template> args`, and list the same commands in RPC
//! `get_commands`. Also what tau alone must do: warnings for broken files that lose
//! nothing, `-ns`/`-np`, explicit paths, an untrusted project's resources left out.
//!
//! The Pi comparisons are opt-in like `interop_pi.rs`: without the Pi and Node 22 that
//! `tools/oracle/setup.sh` installs they print why they are skipped and pass.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_test_support::oracle::{AgentSandbox, Harness, PiOracle};
use tau_test_support::{MockReply, MockServer, MockTurn};

use super::interop_pi::comparable_prompt;
use super::rpc_client::RpcClient;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// User, project, Agent Skills and explicit resources, with every kind of problem.
fn fill(sandbox: &AgentSandbox) {
    let agent = &sandbox.agent_dir;
    let project = &sandbox.project;
    std::fs::create_dir_all(project.join(".git")).expect(".git");
    write(
        &agent.join("skills/deploy/SKILL.md"),
        "---\nname: deploy\ndescription: Ships <builds> & 'tags' to \"prod\"\n---\n\n# Deploy\nRun scripts/ship.sh.\n",
    );
    write(
        &agent.join("skills/quick.md"),
        "---\ndescription: A standalone skill file\n---\nQuick steps.",
    );
    write(
        &agent.join("skills/notes.md"),
        "No frontmatter: not a skill.",
    );
    write(
        &agent.join("skills/manual/SKILL.md"),
        "---\ndescription: Only when asked\ndisable-model-invocation: true\n---\nManual steps.",
    );
    write(
        &agent.join("skills/Bad_Name/SKILL.md"),
        "---\ndescription: Loads despite its name\n---\nBody.",
    );
    write(
        &agent.join("skills/nodesc/SKILL.md"),
        "---\nname: nodesc\n---\nBody.",
    );
    write(
        &agent.join("skills/broken/SKILL.md"),
        "---\ndescription: a: b\n---\nBody.",
    );
    write(
        &agent.join("prompts/review.md"),
        "---\ndescription: Review a file\nargument-hint: \"<file> [focus]\"\n---\nReview $1 focusing on ${@:2}. Default: ${3:-none}.",
    );
    write(
        &agent.join("prompts/plain.md"),
        "\nSay $ARGUMENTS please ($#).\n",
    );
    write(
        &project.join(".pi/skills/deploy/SKILL.md"),
        "---\ndescription: The project's own deploy\n---\nProject deploy.",
    );
    write(
        &project.join(".pi/prompts/proj.md"),
        "---\ndescription: Project template\n---\nProject says $1.",
    );
    write(
        &project.join(".agents/skills/helper/SKILL.md"),
        "---\ndescription: An Agent Skills skill\n---\nHelp.",
    );
    write(
        &project.join("extra/cli-skill/SKILL.md"),
        "---\ndescription: Given with --skill\n---\nCLI skill.",
    );
    write(&project.join("extra/cli.md"), "From the command line: $@");
    // Project settings: resource entries and packages (a folder package, one narrowed).
    write(
        &project.join(".pi/settings.json"),
        &json!({
            "skills": ["../more-skills"],
            "prompts": ["../more-prompts"],
            "packages": [
                "../vendor/kit",
                {"source": "../vendor/narrow", "skills": ["skills/keep"], "prompts": []}
            ]
        })
        .to_string(),
    );
    write(
        &project.join("more-skills/extra-one/SKILL.md"),
        "---\ndescription: From a settings entry\n---\nOne.",
    );
    write(&project.join("more-prompts/sub/nested.md"), "Nested $1");
    write(
        &project.join("vendor/kit/package.json"),
        r#"{"name": "kit"}"#,
    );
    write(
        &project.join("vendor/kit/skills/kit-skill/SKILL.md"),
        "---\ndescription: From a package\n---\nKit.",
    );
    write(
        &project.join("vendor/kit/prompts/kit-prompt.md"),
        "Kit prompt $@",
    );
    for name in ["keep", "drop"] {
        write(
            &project.join(format!("vendor/narrow/skills/{name}/SKILL.md")),
            &format!("---\ndescription: Narrowed {name}\n---\nN."),
        );
    }
    write(&project.join("vendor/narrow/prompts/np.md"), "Not loaded");
}

/// One harness in the sandbox's project with its environment, no session and the mock
/// model, then `args`.
fn harness(pi: &PiOracle, sandbox: &AgentSandbox, who: Harness, args: &[&str]) -> Command {
    let mut cmd = match who {
        Harness::Tau => Command::new(env!("CARGO_BIN_EXE_tau")),
        Harness::Pi => {
            let mut cmd = Command::new(&pi.node);
            cmd.arg(&pi.cli);
            cmd
        }
    };
    cmd.args(["--no-session", "--model", "mock/mock-model"])
        .args(args)
        .current_dir(&sandbox.project)
        .env_clear()
        .envs(sandbox.env(who));
    cmd
}

/// Runs one harness in the sandbox; returns its output.
fn run(pi: &PiOracle, sandbox: &AgentSandbox, who: Harness, args: &[&str]) -> Output {
    let mut cmd = harness(pi, sandbox, who, args);
    cmd.stdin(Stdio::null());
    let output = cmd.output().expect("run harness");
    assert!(
        output.status.success(),
        "{who:?} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// What each harness sent for the same arguments: (Pi's request, tau's request, tau's
/// stderr).
async fn both(pi: &PiOracle, sandbox: &AgentSandbox, args: &[&str]) -> (Value, Value, String) {
    let reply = || MockReply::from(MockTurn::text("ok"));
    let server = MockServer::start(vec![reply(), reply()])
        .await
        .expect("mock server");
    sandbox.point_at(&server.base_url()).expect("models.json");
    let (pi, sandbox, args) = (
        pi.clone(),
        sandbox.clone(),
        args.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
    );
    let stderr = tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run(&pi, &sandbox, Harness::Pi, &args);
        let out = run(&pi, &sandbox, Harness::Tau, &args);
        String::from_utf8_lossy(&out.stderr).into_owned()
    })
    .await
    .expect("join");
    let requests = server.requests();
    assert_eq!(requests.len(), 2, "one request each");
    (requests[0].json(), requests[1].json(), stderr)
}

fn system_prompt(request: &Value) -> String {
    request["messages"][0]["content"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The `<skills>` section of a system prompt, if any.
fn skills_section(prompt: &str) -> Option<String> {
    let start = prompt.find("<skills>")?;
    let end = prompt.find("</skills>")? + "</skills>".len();
    Some(prompt[start..end].to_string())
}

/// The text of the last user message of a request.
fn last_user_text(request: &Value) -> String {
    let messages = request["messages"].as_array().expect("messages");
    let user = messages
        .iter()
        .rev()
        .find(|m| m["role"] == "user")
        .expect("a user message");
    match &user["content"] {
        Value::String(text) => text.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join(""),
        _ => String::new(),
    }
}

fn setup(test: &str) -> Option<(PiOracle, tempfile::TempDir, AgentSandbox)> {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("{test}: skipped: reference Pi not installed; run tools/oracle/setup.sh");
        return None;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
    fill(&sandbox);
    Some((pi, dir, sandbox))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_skills_section_is_pis() {
    let Some((pi, _dir, sandbox)) = setup("the_skills_section_is_pis") else {
        return;
    };
    let (pi_request, tau_request, stderr) = both(&pi, &sandbox, &["-a", "-p", "hi"]).await;
    let (pi_prompt, tau_prompt) = (system_prompt(&pi_request), system_prompt(&tau_request));
    let section = skills_section(&pi_prompt).expect("Pi lists skills");
    assert_eq!(
        skills_section(&tau_prompt).as_deref(),
        Some(section.as_str())
    );
    assert_eq!(
        comparable_prompt(&tau_prompt),
        comparable_prompt(&pi_prompt)
    );
    // The project's deploy wins the name; disabled, broken and undescribed ones are left out.
    assert!(section.contains("The project&apos;s own deploy"));
    for absent in ["manual", "nodesc", "broken", "notes"] {
        assert!(
            !section.contains(&format!("<name>{absent}</name>")),
            "{absent}"
        );
    }
    assert!(section.contains("<name>helper</name>"), "{section}");
    for present in ["extra-one", "kit-skill", "keep"] {
        assert!(
            section.contains(&format!("<name>{present}</name>")),
            "{present}: {section}"
        );
    }
    assert!(!section.contains("<name>drop</name>"));
    // A standalone file is named after its folder unless its frontmatter names it.
    assert!(section.contains("<name>skills</name>\n    <description>A standalone skill file"));
    // Each problem is a warning on stderr.
    for expected in [
        "Bad_Name/SKILL.md: name contains invalid characters",
        "nodesc/SKILL.md: description is required",
        "broken/SKILL.md: invalid frontmatter",
        "skills/deploy/SKILL.md: name \"deploy\" collision (skipped;",
    ] {
        assert!(
            stderr.contains(expected),
            "{expected} missing from:\n{stderr}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_untrusted_project_and_explicit_paths_load_as_in_pi() {
    let Some((pi, _dir, sandbox)) = setup("an_untrusted_project_and_explicit_paths_load_as_in_pi")
    else {
        return;
    };
    let args = ["-na", "--skill", "extra/cli-skill", "-p", "hi"];
    let (pi_request, tau_request, _) = both(&pi, &sandbox, &args).await;
    let pi_section = skills_section(&system_prompt(&pi_request)).expect("skills");
    assert_eq!(
        skills_section(&system_prompt(&tau_request)),
        Some(pi_section.clone())
    );
    assert!(pi_section.contains("Given with --skill") && !pi_section.contains("helper"));
    assert!(pi_section.contains("Ships &lt;builds&gt; &amp; &apos;tags&apos; to &quot;prod&quot;"));

    // -ns keeps only --skill; with no skill left there is no section at all.
    let args = ["-ns", "--skill", "extra/cli-skill", "-p", "hi"];
    let (pi_request, tau_request, _) = both(&pi, &sandbox, &args).await;
    let pi_section = skills_section(&system_prompt(&pi_request)).expect("skills");
    assert_eq!(
        skills_section(&system_prompt(&tau_request)),
        Some(pi_section.clone())
    );
    assert_eq!(pi_section.matches("<skill>").count(), 1);
    let (pi_request, tau_request, _) = both(&pi, &sandbox, &["-ns", "-p", "hi"]).await;
    assert_eq!(skills_section(&system_prompt(&pi_request)), None);
    assert_eq!(skills_section(&system_prompt(&tau_request)), None);

    // Without read the section names bash; without read and bash there is none.
    let (pi_request, tau_request, _) = both(&pi, &sandbox, &["-t", "bash", "-p", "hi"]).await;
    let pi_section = skills_section(&system_prompt(&pi_request)).expect("skills");
    assert!(pi_section.contains("Use bash to load"));
    assert_eq!(
        skills_section(&system_prompt(&tau_request)),
        Some(pi_section)
    );
    let (pi_request, tau_request, _) = both(&pi, &sandbox, &["-t", "grep", "-p", "hi"]).await;
    assert_eq!(skills_section(&system_prompt(&pi_request)), None);
    assert_eq!(skills_section(&system_prompt(&tau_request)), None);
}

#[tokio::test(flavor = "multi_thread")]
async fn skill_and_template_commands_expand_as_in_pi() {
    let Some((pi, _dir, sandbox)) = setup("skill_and_template_commands_expand_as_in_pi") else {
        return;
    };
    for prompt in [
        "/skill:deploy to staging  ",
        "/skill:manual",
        "/skill:missing x",
        "/review src/main.rs \"error paths\" speed",
        "/review",
        "/plain one 'two three'",
        "/proj x",
        "/cli a b",
        "/nested n",
        "/kit-prompt k",
        "/np x",
        "/unknown stays",
    ] {
        let args = ["-a", "--prompt-template", "extra/cli.md", "-p", prompt];
        let (pi_request, tau_request, _) = both(&pi, &sandbox, &args).await;
        assert_eq!(
            last_user_text(&tau_request),
            last_user_text(&pi_request),
            "{prompt}"
        );
    }
    // -np keeps only --prompt-template; an untrusted project's templates are not loaded.
    for (args, prompt) in [
        (
            vec!["-a", "-np", "--prompt-template", "extra/cli.md"],
            "/cli z",
        ),
        (vec!["-a", "-np"], "/review a"),
        (vec!["-na"], "/proj x"),
    ] {
        let mut args = args.clone();
        args.extend(["-p", prompt]);
        let (pi_request, tau_request, _) = both(&pi, &sandbox, &args).await;
        assert_eq!(
            last_user_text(&tau_request),
            last_user_text(&pi_request),
            "{args:?}"
        );
    }
}

/// RPC `get_commands` of one harness.
fn commands(pi: &PiOracle, sandbox: &AgentSandbox, who: Harness) -> Value {
    let args = ["-a", "--mode", "rpc", "--prompt-template", "extra/cli.md"];
    let mut client = RpcClient::start(harness(pi, sandbox, who, &args));
    let answer = client.ok(json!({"type": "get_commands"}));
    let (status, stderr) = client.close();
    assert!(status.success(), "{who:?}: {stderr}");
    // Pi's built-in extensions (llama, mcp) add commands tau does not have.
    let listed = answer["commands"].as_array().cloned().unwrap_or_default();
    Value::Array(
        listed
            .into_iter()
            .filter(|c| c["source"] != "extension")
            .collect(),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn rpc_get_commands_lists_templates_and_skills_as_pi() {
    let Some((pi, _dir, sandbox)) = setup("rpc_get_commands_lists_templates_and_skills_as_pi")
    else {
        return;
    };
    sandbox.point_at("http://127.0.0.1:9").expect("models.json");
    let (pi_commands, tau_commands) = tokio::task::spawn_blocking(move || {
        (
            commands(&pi, &sandbox, Harness::Pi),
            commands(&pi, &sandbox, Harness::Tau),
        )
    })
    .await
    .expect("join");
    assert_eq!(tau_commands, pi_commands);
    let names: Vec<&str> = pi_commands
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert!(
        names.contains(&"review") && names.contains(&"skill:manual"),
        "{names:?}"
    );
}
