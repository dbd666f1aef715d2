//! The kept line list stays what a fresh view draws of the same transcript, whatever
//! changed: items added, an item in the middle redrawn, items dropped, the header, the width.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use serde_json::json;
use tau_protocol::UserMessage;
use tau_protocol::{
    AgentEvent, AgentMessage, AssistantMessage, ContentBlock, ToolCall, ToolResult,
};
use tau_tui::theme::{builtin_theme, Appearance, ColorMode, Theme};
use tau_tui::Component;

use super::{ThinkingDisplay, TranscriptView, ViewOptions};
use crate::interactive::look::Look;
use crate::interactive::transcript::{Level, Transcript};

fn options() -> ViewOptions {
    let theme = Theme::new(&builtin_theme(Appearance::Dark), ColorMode::Truecolor);
    ViewOptions {
        look: Look::new(Arc::new(theme)),
        cwd: PathBuf::from("/work"),
        home: None,
        tools_expanded: false,
        thinking: ThinkingDisplay {
            hidden: false,
            label: "Thinking...".into(),
        },
        pad: 1,
        generation: 0,
        renderers: None,
        images: None,
    }
}

fn exchange(transcript: &mut Transcript, n: usize) {
    transcript.add_message(&AgentMessage::User(UserMessage::text(format!(
        "question {n}\n\n- with a list\n- of two items"
    ))));
    transcript.add_message(&AgentMessage::Assistant(AssistantMessage {
        content: vec![
            ContentBlock::text(format!("Let me look at **module {n}**.")),
            ContentBlock::ToolCall(ToolCall {
                id: format!("call_{n}"),
                name: "bash".into(),
                arguments: json!({"command": format!("cat module_{n}.rs")}),
                thought_signature: None,
                namespace: None,
            }),
        ],
        ..AssistantMessage::default()
    }));
}

fn finish_tool(transcript: &mut Transcript, n: usize, output: &str) {
    transcript.apply(&AgentEvent::ToolExecutionEnd {
        tool_call_id: format!("call_{n}"),
        tool_name: "bash".into(),
        result: ToolResult::text(output),
        is_error: false,
        duration_ms: Some(5),
    });
}

/// What a view that never saw earlier states draws.
fn fresh(
    transcript: &Transcript,
    options: &ViewOptions,
    header: &[String],
    width: usize,
) -> Vec<String> {
    let mut view = TranscriptView::default();
    view.set_header(header.to_vec());
    view.sync(transcript, options, Instant::now());
    view.render(width).to_vec()
}

#[test]
fn kept_lines_match_a_fresh_drawing_after_every_change() {
    let options = options();
    let now = Instant::now();
    let mut transcript = Transcript::new();
    let mut view = TranscriptView::default();
    let mut header = vec!["header".to_string()];
    view.set_header(header.clone());
    let check = |view: &mut TranscriptView, transcript: &Transcript, header: &[String], width| {
        view.sync(transcript, &options, now);
        let kept = view.render(width).to_vec();
        assert_eq!(kept, fresh(transcript, &options, header, width));
        kept.len()
    };

    for n in 0..3 {
        exchange(&mut transcript, n);
    }
    let before = check(&mut view, &transcript, &header, 60);
    // A tool row in the middle gets its (longer) result: its range grows in place.
    finish_tool(
        &mut transcript,
        1,
        "line one\nline two\nline three\nline four",
    );
    let after = check(&mut view, &transcript, &header, 60);
    assert!(after > before, "the middle row grew: {before} -> {after}");
    finish_tool(&mut transcript, 0, "");
    check(&mut view, &transcript, &header, 60);
    // New items at the end, the header longer, then another width.
    transcript.notice(Level::Warning, "something to say");
    exchange(&mut transcript, 3);
    header.push("second header line".into());
    view.set_header(header.clone());
    check(&mut view, &transcript, &header, 60);
    check(&mut view, &transcript, &header, 41);
    // Nothing changed: the same lines again.
    check(&mut view, &transcript, &header, 41);
    // The transcript starts over shorter (a switched session).
    transcript.clear();
    exchange(&mut transcript, 9);
    check(&mut view, &transcript, &header, 41);
}
