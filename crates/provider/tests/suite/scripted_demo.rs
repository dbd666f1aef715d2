//! The built-in scripts, played against real tools: the demo's commands run in a real shell
//! and its files are written, read and edited on disk.

use pretty_assertions::assert_eq;
use serde_json::Value;
use tau_protocol::{AgentMessage, StopReason, ToolCall};
use tau_provider::ScriptedProvider;

use super::support::{play, tool_result, user};

/// A minimal stand-in for tau's tools: enough to run the demo for real.
fn run_tool(call: &ToolCall) -> (String, bool) {
    let arg = |name: &str| call.arguments[name].as_str().unwrap_or_default().to_owned();
    match call.name.as_str() {
        "bash" => {
            let output = std::process::Command::new("sh")
                .arg("-c")
                .arg(arg("command"))
                .output()
                .unwrap();
            let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
            text.push_str(&String::from_utf8_lossy(&output.stderr));
            (text, !output.status.success())
        }
        "write" => {
            std::fs::write(arg("path"), arg("content")).unwrap();
            (format!("Successfully wrote to {}", arg("path")), false)
        }
        "read" => (std::fs::read_to_string(arg("path")).unwrap(), false),
        "edit" => {
            let path = arg("path");
            let mut text = std::fs::read_to_string(&path).unwrap();
            for edit in call.arguments["edits"].as_array().unwrap() {
                let old = edit["oldText"].as_str().unwrap();
                assert_eq!(
                    text.matches(old).count(),
                    1,
                    "oldText must match once: {old:?}"
                );
                text = text.replacen(old, edit["newText"].as_str().unwrap(), 1);
            }
            std::fs::write(&path, text).unwrap();
            (format!("Successfully replaced text in {path}."), false)
        }
        other => panic!("the demo called an unexpected tool {other}"),
    }
}

#[tokio::test]
async fn the_demo_finds_and_fixes_a_bug_in_a_temp_directory() {
    let provider = ScriptedProvider::builtin("demo").unwrap();
    let mut messages = vec![user("show me what you can do")];
    let mut outputs = Vec::new();
    let mut tools = Vec::new();
    let mut thinking_turns = 0;
    let last = loop {
        let message = play(&provider, &mut messages).await;
        thinking_turns += usize::from(
            message
                .content
                .iter()
                .any(|b| matches!(b, tau_protocol::ContentBlock::Thinking { .. })),
        );
        let calls: Vec<ToolCall> = message.tool_calls().cloned().collect();
        if calls.is_empty() {
            break message;
        }
        assert_eq!(message.stop_reason, StopReason::ToolUse);
        for call in calls {
            let (text, is_error) = run_tool(&call);
            assert!(!is_error, "{} failed: {text}", call.name);
            tools.push(call.name.clone());
            if call.name == "bash" {
                outputs.push(text.clone());
            }
            messages.push(tool_result(&call.id, &call.name, &text, is_error));
        }
    };
    let dir = outputs[0].trim().to_owned();
    let cleanup = std::fs::remove_dir_all(&dir);

    assert_eq!(tools, ["bash", "write", "bash", "read", "edit", "bash"]);
    assert!(dir.starts_with('/'), "mktemp printed {dir:?}");
    assert_eq!(outputs[1], "3\n2\nliftoff!\n", "the bug shows");
    assert_eq!(outputs[2], "3\n2\n1\nliftoff!\n", "the fix works");
    assert!(thinking_turns >= 2);
    assert_eq!(last.stop_reason, StopReason::Stop);
    assert!(last.text().starts_with("Fixed."), "{}", last.text());
    assert!(
        last.text().contains(&format!("rm -r {dir}")),
        "{}",
        last.text()
    );
    assert_eq!(
        messages
            .iter()
            .filter(|m| matches!(m, AgentMessage::Assistant(_)))
            .count(),
        provider.turn_count()
    );
    cleanup.unwrap();
}

#[tokio::test]
async fn the_demo_admits_a_failed_fix() {
    let provider = ScriptedProvider::builtin("demo").unwrap();
    let mut messages = vec![user("go")];
    for turn in 0..6 {
        let message = play(&provider, &mut messages).await;
        let call = message.tool_calls().next().unwrap();
        let text = match turn {
            0 => "/tmp/tau-demo-test\n",
            _ => "3\n2\nliftoff!\n",
        };
        messages.push(tool_result(&call.id, &call.name, text, false));
    }
    let last = play(&provider, &mut messages).await;
    assert!(
        last.text().starts_with("The second run did not print"),
        "{}",
        last.text()
    );
    assert!(last.text().contains("/tmp/tau-demo-test/countdown.sh"));
}

#[tokio::test]
async fn hello_answers_with_one_text() {
    let provider = ScriptedProvider::builtin("hello").unwrap();
    let message = play(&provider, &mut vec![user("hi")]).await;
    assert_eq!(message.stop_reason, StopReason::Stop);
    assert!(message.text().starts_with("Hello!"));
    assert_eq!(message.tool_calls().count(), 0);
    assert!(Value::from(message.usage.output).as_u64().unwrap() > 0);
}
