//! Skills and prompt templates in tau alone, with the scripted model echoing what it got:
//! the system prompt's skills section, `/skill:<name>` and template expansion, warnings for
//! broken files, `--skill`/`--prompt-template`, `-ns`/`-np`, project resources only in a
//! trusted project, RPC `get_commands`, and what extensions see (`pi.getCommands()`,
//! `sendUserMessage` with `expandPromptTemplates`, extension commands first).
//! `skills_pi.rs` compares the same behaviour with Pi's.

use serde_json::{json, Value};

use super::ext_support::{ext_env, fixture, run};
use super::rpc_client::RpcClient;
use crate::support::{parse_jsonl, stderr, stdout, Workspace};

/// A workspace with user skills and templates (one of each kind of problem) and a project
/// skill and template behind the trust decision.
fn workspace() -> Workspace {
    let ws = Workspace::new();
    let agent = ws.agent_dir.path();
    let write = |rel: &str, text: &str| {
        let path = agent.join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    };
    write(
        "skills/deploy/SKILL.md",
        "---\ndescription: Ships builds\n---\n# Deploy\nRun ship.sh.\n",
    );
    write(
        "skills/manual/SKILL.md",
        "---\ndescription: Only on request\ndisable-model-invocation: true\n---\nManual.",
    );
    write("skills/nodesc/SKILL.md", "---\nname: nodesc\n---\nBody.");
    write(
        "skills/broken/SKILL.md",
        "---\ndescription: a: b\n---\nBody.",
    );
    write(
        "prompts/review.md",
        "---\ndescription: Review a file\n---\nReview $1 for ${@:2}.",
    );
    ws.write(
        ".pi/skills/proj/SKILL.md",
        "---\ndescription: Project skill\n---\nProject.",
    );
    ws.write(".pi/prompts/proj.md", "Project template $1");
    ws.write(
        "extra/cli/SKILL.md",
        "---\ndescription: From --skill\n---\nCLI.",
    );
    ws.write("extra/mine.md", "Mine: $@");
    ws
}

/// Runs `tau -p` with a script of `turns` echo turns; returns (stdout, stderr).
fn print(ws: &Workspace, turns: Value, args: &[&str]) -> (String, String) {
    let script = ws.script(&json!({ "turns": turns }));
    let output = ws
        .tau()
        .args(["--no-session", "--script"])
        .arg(script)
        .args(args)
        .output()
        .expect("run tau");
    assert!(output.status.success(), "{}", stderr(&output));
    (stdout(&output), stderr(&output))
}

fn system() -> Value {
    json!([{ "text": "${systemPrompt}" }])
}

fn echo() -> Value {
    json!([{ "text": "${lastUserMessage}" }])
}

#[test]
fn the_system_prompt_lists_the_skills_the_model_may_load() {
    let ws = workspace();
    let (prompt, warnings) = print(&ws, system(), &["-p", "hi"]);
    let deploy = ws.agent_dir.path().join("skills/deploy/SKILL.md");
    let expected = format!(
        "<skills>\nThe following skills provide specialized instructions for specific tasks.\n\
         Use the read tool to load a skill's file when the task matches its description.\n\
         Resolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.\n\n\
         <available_skills>\n  <skill>\n    <name>deploy</name>\n    <description>Ships builds</description>\n    \
         <location>{}</location>\n  </skill>\n</available_skills>\n</skills>\n\n<cwd>",
        deploy.display()
    );
    assert!(prompt.contains(&expected), "{prompt}");
    // An untrusted project's skills are not loaded (print mode does not ask).
    assert!(!prompt.contains("Project skill"));
    for warning in [
        "nodesc/SKILL.md: description is required",
        "broken/SKILL.md: invalid frontmatter",
    ] {
        assert!(warnings.contains(warning), "{warning}: {warnings}");
    }

    let (prompt, _) = print(&ws, system(), &["-a", "--skill", "extra/cli", "-p", "hi"]);
    assert!(prompt.contains("<name>proj</name>") && prompt.contains("<name>cli</name>"));
    let (prompt, _) = print(&ws, system(), &["-ns", "-p", "hi"]);
    assert!(!prompt.contains("<skills>"), "{prompt}");
    let (prompt, _) = print(&ws, system(), &["--no-tools", "-p", "hi"]);
    assert!(
        !prompt.contains("<skills>"),
        "no tool can read a skill: {prompt}"
    );
}

#[test]
fn skill_and_template_commands_expand_before_the_model_sees_them() {
    let ws = workspace();
    let deploy = ws.agent_dir.path().join("skills/deploy");
    let (answer, _) = print(&ws, echo(), &["-p", "/skill:deploy to prod"]);
    assert_eq!(
        answer,
        format!(
            "<skill name=\"deploy\" location=\"{}\">\nReferences are relative to {}.\n\n# Deploy\nRun ship.sh.\n</skill>\n\nto prod\n",
            deploy.join("SKILL.md").display(),
            deploy.display()
        )
    );
    // A skill hidden from the model still runs by command.
    let (answer, _) = print(&ws, echo(), &["-p", "/skill:manual"]);
    assert!(answer.starts_with("<skill name=\"manual\""), "{answer}");
    let (answer, _) = print(&ws, echo(), &["-p", "/review lib.rs \"error paths\" speed"]);
    assert_eq!(answer, "Review lib.rs for error paths speed.\n");
    let (answer, _) = print(&ws, echo(), &["-p", "/skill:nope x"]);
    assert_eq!(answer, "/skill:nope x\n");
    let (answer, _) = print(&ws, echo(), &["-np", "-p", "/review a"]);
    assert_eq!(answer, "/review a\n");
    let args = [
        "-np",
        "--prompt-template",
        "extra/mine.md",
        "-p",
        "/mine a b",
    ];
    let (answer, _) = print(&ws, echo(), &args);
    assert_eq!(answer, "Mine: a b\n");
    let (answer, _) = print(&ws, echo(), &["-p", "/proj x"]);
    assert_eq!(
        answer, "/proj x\n",
        "untrusted project templates are not loaded"
    );
    let (answer, _) = print(&ws, echo(), &["-a", "-p", "/proj x"]);
    assert_eq!(answer, "Project template x\n");
}

#[test]
fn a_missing_explicit_path_is_reported_and_the_run_goes_on() {
    let ws = workspace();
    let args = [
        "--skill",
        "gone",
        "--prompt-template",
        "gone.md",
        "-p",
        "hi",
    ];
    let (answer, warnings) = print(&ws, echo(), &args);
    assert_eq!(answer, "hi\n");
    let gone = ws.path().join("gone");
    assert!(
        warnings.contains(&format!(
            "skill {}: skill path does not exist",
            gone.display()
        )),
        "{warnings}"
    );
    assert!(
        warnings.contains("gone.md: prompt template path does not exist"),
        "{warnings}"
    );
}

#[test]
fn rpc_get_commands_lists_templates_then_skills() {
    let ws = workspace();
    let script = ws.script(&json!({ "turns": [] }));
    let mut cmd = ws.tau();
    cmd.args(["--no-session", "--mode", "rpc", "--script"])
        .arg(script)
        .stdin(std::process::Stdio::piped());
    let mut client = RpcClient::start(cmd);
    let data = client.ok(json!({"type": "get_commands"}));
    let (status, err) = client.close();
    assert!(status.success(), "{err}");
    let commands = data["commands"].as_array().cloned().unwrap_or_default();
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, ["review", "skill:deploy", "skill:manual"]);
    let agent = ws.agent_dir.path();
    assert_eq!(
        commands[0],
        json!({
            "name": "review", "description": "Review a file", "source": "prompt",
            "sourceInfo": {
                "path": agent.join("prompts/review.md").display().to_string(),
                "source": "auto", "scope": "user", "origin": "top-level",
                "baseDir": agent.display().to_string(),
            }
        })
    );
    assert_eq!(commands[1]["source"], "skill");
    assert_eq!(commands[1]["description"], "Ships builds");
}

#[test]
fn extensions_see_templates_and_skills_and_their_commands_come_first() {
    let Some(env) = ext_env("extensions_see_templates_and_skills") else {
        return;
    };
    let ws = workspace();
    let probe = fixture("skills/commands-probe.ts");
    let script = ws.script(&json!({ "turns": [
        { "text": "${lastUserMessage}" },
        { "text": "${lastUserMessage}" },
    ] }));
    let mut cmd = env.tau(&ws, &[&probe]);
    cmd.args(["--no-session", "--script"]).arg(script).args([
        "--mode",
        "json",
        "/list-commands",
        "/review by the extension",
        "/send-expanded /review via send",
        "/send-expanded /skill:deploy go",
        "/send-raw /skill:deploy go",
    ]);
    let out = run(cmd);
    out.assert_ok();
    // Expanded: the skill block reaches the model; as written: the command text does.
    let users: Vec<String> = parse_jsonl(&out.output.stdout)
        .iter()
        .filter(|r| r["type"] == "message_end" && r["message"]["role"] == "user")
        .map(|r| {
            let content = &r["message"]["content"];
            content.as_str().map(String::from).unwrap_or_else(|| {
                let blocks = content.as_array().cloned().unwrap_or_default();
                blocks.iter().filter_map(|b| b["text"].as_str()).collect()
            })
        })
        .collect();
    assert_eq!(users.len(), 2, "{users:?}");
    assert!(users[0].starts_with("<skill name=\"deploy\""), "{users:?}");
    assert!(users[0].ends_with("</skill>\n\ngo"), "{users:?}");
    assert_eq!(users[1], "/skill:deploy go");
    let lines: Vec<Value> = ws
        .read("probe.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let listed = lines[0].as_array().cloned().unwrap_or_default();
    let entries: Vec<(String, String)> = listed
        .iter()
        .map(|c| {
            let field = |k: &str| c[k].as_str().unwrap_or_default().to_string();
            (field("name"), field("source"))
        })
        .filter(|(_, source)| source != "extension")
        .collect();
    let pair = |n: &str, s: &str| (n.to_string(), s.to_string());
    assert_eq!(
        entries,
        [
            pair("review", "prompt"),
            pair("skill:deploy", "skill"),
            pair("skill:manual", "skill")
        ]
    );
    // The extension's /review runs instead of the template, typed or sent with
    // expandPromptTemplates (which dispatches extension commands, as in Pi).
    assert_eq!(
        lines[1..],
        [
            json!({ "review": "by the extension" }),
            json!({ "review": "via send" })
        ]
    );
}

/// Pi's dynamic-resources example returns a skill and a prompt template from
/// `resources_discover`: the skill reaches the system prompt and expands, the template
/// expands, and both are listed after the configured ones.
#[test]
fn pi_dynamic_resources_adds_a_skill_and_a_template() {
    let Some((env, dynamic)) = super::ext_support::example(
        "pi_dynamic_resources_adds_a_skill_and_a_template",
        "dynamic-resources/index.ts",
    ) else {
        return;
    };
    let ws = workspace();
    let script = ws.script(&json!({ "turns": [
        { "text": "${systemPrompt}" },
        { "text": "${lastUserMessage}" },
        { "text": "${lastUserMessage}" },
    ] }));
    let mut cmd = env.tau(&ws, &[&dynamic]);
    cmd.args(["--no-session", "--script"]).arg(script).args([
        "--mode",
        "json",
        "hi",
        "/skill:dynamic-resources now",
        "/dynamic",
    ]);
    let out = run(cmd);
    out.assert_ok();
    let texts: Vec<String> = parse_jsonl(&out.output.stdout)
        .iter()
        .filter(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .filter_map(|r| {
            r["message"]["content"][0]["text"]
                .as_str()
                .map(String::from)
        })
        .collect();
    assert_eq!(texts.len(), 3, "{texts:?}");
    let skill_file = dynamic.with_file_name("SKILL.md");
    assert!(
        texts[0].contains(&format!(
            "<name>dynamic-resources</name>\n    <description>Example skill loaded from resources_discover</description>\n    <location>{}</location>",
            skill_file.display()
        )),
        "{}",
        texts[0]
    );
    assert!(
        texts[1].starts_with("<skill name=\"dynamic-resources\"") && texts[1].ends_with("now"),
        "{}",
        texts[1]
    );
    assert!(
        texts[2].starts_with("Summarize the current repository structure"),
        "{}",
        texts[2]
    );

    let idle = ws.script(&json!({ "turns": [] }));
    let mut cmd = env.tau(&ws, &[&dynamic]);
    cmd.args(["--no-session", "--mode", "rpc", "--script"])
        .arg(idle)
        .stdin(std::process::Stdio::piped());
    let mut client = RpcClient::start(cmd);
    let data = client.ok(json!({"type": "get_commands"}));
    let (status, err) = client.close();
    assert!(status.success(), "{err}");
    let names: Vec<String> = data["commands"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["name"].as_str().map(String::from))
        .collect();
    assert_eq!(
        names,
        [
            "review",
            "dynamic",
            "skill:deploy",
            "skill:manual",
            "skill:dynamic-resources"
        ],
        "{data}"
    );
}
