//! Extension dialogs as Pi's interactive mode shows them in the editor's place: `select` (a
//! list; `confirm` is the same list with Yes / No under "title\nmessage"), `input` (one line)
//! and `editor` (several lines). A `timeout` counts down in the title and dismisses the
//! dialog; a dialog whose caller stopped waiting (the extension's abort signal, the host's
//! own timeout) closes by itself.

use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::oneshot;

use super::bridge::DialogRequest;
use super::keymap::{Action, Keymap};

/// What the dialog asks for.
#[derive(Debug)]
pub enum DialogKind {
    /// Pick one of `options`.
    Select {
        options: Vec<String>,
        selected: usize,
        /// True for `confirm`: the answer is a boolean.
        confirm: bool,
    },
    /// Type a line (`input`) or text (`editor`, where Enter adds a line).
    Text { value: String, multiline: bool },
}

/// One open dialog.
#[derive(Debug)]
pub struct Dialog {
    pub title: String,
    pub kind: DialogKind,
    pub deadline: Option<Instant>,
    reply: Option<oneshot::Sender<Value>>,
}

fn text_arg(args: &[Value], index: usize) -> String {
    args.get(index)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn timeout_of(options: Option<&Value>) -> Option<Duration> {
    let ms = options?.get("timeout")?.as_f64()?;
    (ms > 0.0).then(|| Duration::from_millis(ms as u64))
}

impl Dialog {
    /// The dialog a request asks for, or why it cannot be shown.
    pub fn open(request: DialogRequest) -> Result<Dialog, String> {
        let DialogRequest {
            method,
            args,
            reply,
            selected,
        } = request;
        let title = text_arg(&args, 0);
        let (title, kind, options) = match method.as_str() {
            "select" => {
                let options: Vec<String> = match args.get(1) {
                    Some(Value::Array(items)) => items
                        .iter()
                        .map(|item| match item {
                            Value::String(text) => text.clone(),
                            other => other.to_string(),
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                let selected = selected.min(options.len().saturating_sub(1));
                let kind = DialogKind::Select {
                    options,
                    selected,
                    confirm: false,
                };
                (title, kind, args.get(2))
            }
            "confirm" => {
                let kind = DialogKind::Select {
                    options: vec!["Yes".into(), "No".into()],
                    selected: 0,
                    confirm: true,
                };
                (
                    format!("{title}\n{}", text_arg(&args, 1)),
                    kind,
                    args.get(2),
                )
            }
            "input" => {
                let value = args
                    .get(2)
                    .and_then(|o| o.get("initialValue"))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                let kind = DialogKind::Text {
                    value,
                    multiline: false,
                };
                (title, kind, args.get(2))
            }
            "editor" => {
                let kind = DialogKind::Text {
                    value: text_arg(&args, 1),
                    multiline: true,
                };
                (title, kind, None)
            }
            other => {
                let _ = reply.send(Value::Null);
                return Err(format!("tau cannot show the extension dialog `{other}`"));
            }
        };
        Ok(Dialog {
            title,
            kind,
            deadline: timeout_of(options).map(|t| Instant::now() + t),
            reply: Some(reply),
        })
    }

    /// Whether it has been answered (or its caller went away).
    pub fn is_finished(&self) -> bool {
        self.reply.as_ref().is_none_or(|reply| reply.is_closed())
    }

    fn answer(&mut self, value: Value) {
        if let Some(reply) = self.reply.take() {
            let _ = reply.send(value);
        }
    }

    /// Dismisses it: no answer (`false` for a confirmation).
    pub fn cancel(&mut self) {
        let confirm = matches!(self.kind, DialogKind::Select { confirm: true, .. });
        self.answer(if confirm {
            Value::Bool(false)
        } else {
            Value::Null
        });
    }

    /// Seconds left before it dismisses itself, as the title shows them.
    pub fn seconds_left(&self, now: Instant) -> Option<u64> {
        self.deadline.map(|deadline| {
            deadline
                .saturating_duration_since(now)
                .as_millis()
                .div_ceil(1000) as u64
        })
    }

    /// Time passed: a dialog past its deadline is dismissed.
    pub fn tick(&mut self, now: Instant) {
        if self.deadline.is_some_and(|deadline| now >= deadline) {
            self.cancel();
        }
    }

    /// One key. Returns true when the dialog finished.
    pub fn handle_input(&mut self, data: &str, keymap: &Keymap) -> bool {
        if keymap.matches(data, Action::SelectCancel) {
            self.cancel();
            return true;
        }
        let confirm_key = keymap.matches(data, Action::SelectConfirm);
        match &mut self.kind {
            DialogKind::Select {
                options,
                selected,
                confirm,
            } => {
                let last = options.len().saturating_sub(1);
                if keymap.matches(data, Action::SelectUp) || data == "k" {
                    *selected = selected.saturating_sub(1);
                } else if keymap.matches(data, Action::SelectDown) || data == "j" {
                    *selected = (*selected + 1).min(last);
                } else if confirm_key || data == "\n" {
                    let Some(choice) = options.get(*selected).cloned() else {
                        return false;
                    };
                    let value = if *confirm {
                        Value::Bool(choice == "Yes")
                    } else {
                        Value::String(choice)
                    };
                    self.answer(value);
                    return true;
                }
            }
            DialogKind::Text { value, multiline } => {
                let submit = if *multiline {
                    keymap.matches(data, Action::Submit)
                } else {
                    confirm_key || data == "\n"
                };
                if submit {
                    let text = Value::String(value.clone());
                    self.answer(text);
                    return true;
                }
                edit_text(value, data, *multiline);
            }
        }
        false
    }
}

/// Plain text entry for dialogs: printable input, Backspace, and newlines where allowed.
fn edit_text(value: &mut String, data: &str, multiline: bool) {
    let data = data
        .strip_prefix("\x1b[200~")
        .and_then(|d| d.strip_suffix("\x1b[201~"))
        .unwrap_or(data);
    match data {
        "\x7f" | "\x08" => {
            value.pop();
        }
        "\r" | "\n" if multiline => value.push('\n'),
        _ if data
            .chars()
            .all(|c| !c.is_control() || (multiline && c == '\n')) =>
        {
            value.push_str(data);
        }
        _ => {}
    }
}
