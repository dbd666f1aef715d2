//! The status indicator while something runs, as Pi 1.6.0 shows it: the working spinner and
//! message (`setWorkingMessage`, `setWorkingIndicator`, `setWorkingVisible`), or an automatic
//! retry's countdown. With tau's own editor it sits in the editor's top border, the working
//! one in the border's colour; an extension's editor gets it on a line above instead.

use std::time::Instant;

use serde_json::Value;
use tau_tui::editor::BorderStatus;
use tau_tui::text::{LoaderIndicator, DEFAULT_FRAMES, DEFAULT_INTERVAL_MS};
use tau_tui::theme::Theme;
use tau_tui::Style;

use crate::interactive::app::App;
use crate::interactive::keymap::Action;

/// An automatic retry waiting to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retry {
    /// This retry's number.
    pub attempt: u32,
    /// How many retries there may be.
    pub max_attempts: u32,
    /// When it runs.
    pub until: Instant,
}

/// `setWorkingIndicator`'s options (`{ frames?: string[], intervalMs?: number }`); `None`
/// for the default spinner.
pub fn indicator_options(value: &Value) -> Option<LoaderIndicator> {
    let options = value.as_object()?;
    Some(LoaderIndicator {
        frames: options
            .get("frames")
            .and_then(Value::as_array)
            .map(|frames| {
                frames
                    .iter()
                    .filter_map(|f| f.as_str().map(str::to_string))
                    .collect()
            }),
        interval_ms: options.get("intervalMs").and_then(Value::as_u64),
    })
}

/// The spinner frame at `millis`: a custom indicator's as given, the default one styled.
fn frame(
    indicator: Option<&LoaderIndicator>,
    millis: u64,
    style: &dyn Fn(&str) -> String,
) -> String {
    let custom = indicator.and_then(|i| i.frames.as_ref());
    let interval = indicator
        .and_then(|i| i.interval_ms)
        .filter(|ms| *ms > 0)
        .unwrap_or(DEFAULT_INTERVAL_MS);
    match custom {
        Some(frames) if frames.is_empty() => String::new(),
        Some(frames) => frames[(millis / interval) as usize % frames.len()].clone(),
        None if indicator.is_some() => {
            let f = DEFAULT_FRAMES[(millis / interval) as usize % DEFAULT_FRAMES.len()];
            f.to_string()
        }
        None => style(DEFAULT_FRAMES[(millis / interval) as usize % DEFAULT_FRAMES.len()]),
    }
}

/// What the indicator shows now; `border` is the editor's border style when the status is
/// embedded there (the working indicator takes its colour).
pub fn current(
    app: &App,
    theme: &Theme,
    now: Instant,
    border: Option<&Style>,
) -> Option<BorderStatus> {
    let millis = tau_protocol::now_millis();
    if let Some(retry) = &app.retry {
        let seconds = retry
            .until
            .saturating_duration_since(now)
            .as_millis()
            .div_ceil(1000);
        let key = app.keymap.key_text(Action::Interrupt);
        let message = format!(
            "Retrying ({}/{}) in {seconds}s... ({key} to cancel)",
            retry.attempt, retry.max_attempts
        );
        return Some(BorderStatus {
            indicator: frame(None, millis, &|f| theme.fg("warning", f)),
            message: theme.fg("muted", &message),
        });
    }
    if !(app.working && app.working_visible) {
        return None;
    }
    // Pi's branch summary indicator takes the working message while it runs.
    let summarizing = app.summarizing.then(|| {
        let key = app.keymap.key_text(Action::Interrupt);
        format!("Summarizing branch... ({key} to cancel)")
    });
    let message = summarizing
        .as_deref()
        .or(app.working_message.as_deref())
        .unwrap_or("Working");
    let indicator = app.working_indicator.as_ref();
    Some(match border {
        Some(border) => BorderStatus {
            indicator: frame(indicator, millis, &|f| border(f)),
            message: border(message),
        },
        None => BorderStatus {
            indicator: frame(indicator, millis, &|f| theme.fg("accent", f)),
            message: theme.fg("muted", message),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn custom_frames_are_drawn_as_given_and_none_means_no_spinner() {
        let dots = indicator_options(&json!({"frames": ["a", "b"], "intervalMs": 100}));
        let plain = |f: &str| format!("<{f}>");
        assert_eq!(frame(dots.as_ref(), 0, &plain), "a");
        assert_eq!(frame(dots.as_ref(), 150, &plain), "b");
        let none = indicator_options(&json!({"frames": []}));
        assert_eq!(frame(none.as_ref(), 0, &plain), "");
        assert_eq!(frame(None, 0, &plain), "<⠋>");
        assert_eq!(indicator_options(&Value::Null), None);
    }

    /// The border against Pi 1.6.0's own editor (gen/border_status_vectors.mjs).
    #[test]
    fn the_border_with_a_status_matches_pis_editor() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/vectors/border_status.json"
        );
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let cases: Vec<Value> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
        let border: Style = std::sync::Arc::new(|s: &str| format!("{{{s}}}"));
        for case in &cases {
            let indicator = match case["frames"].as_array() {
                None => "<⠋>".to_string(),
                Some(frames) => frames
                    .first()
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
            };
            let status = BorderStatus {
                indicator,
                message: format!("[{}]", case["text"].as_str().unwrap_or_default()),
            };
            let width = case["width"].as_u64().unwrap_or(0) as usize;
            let hidden = case["hidden"].as_u64().unwrap_or(0) as usize;
            let got = status.top_border(width, hidden, &border);
            assert_eq!(got.as_deref(), case["border"].as_str(), "{case}");
        }
    }
}
