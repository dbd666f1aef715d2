//! Pi's `fullscreen*` settings (settings.json in the agent dir) and what they turn into:
//! the viewport's mouse, selection and search options, the scrollbar, and what is left on
//! the terminal when tau exits.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use tau_tui::keybindings::SharedKeybindings;
use tau_tui::render::wheel::{terminal_accelerates_wheel, WheelLines};
use tau_tui::render::{ScrollbarMode, ScrollbarStyle, SearchStyle, ViewportOptions};
use tau_tui::theme::Theme;

/// What fullscreen mode leaves in the terminal on exit (`fullscreenExitOutput`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitOutput {
    /// The conversation, printed into the normal screen (Pi's default).
    Transcript,
    /// The screen as it was before tau started; only the resume hint.
    ResumeHint,
}

/// The settings, with Pi's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct FullscreenSettings {
    /// `fullscreenWheelScrollLines`: `auto` or 1 to 100.
    pub wheel_lines: WheelLines,
    /// `fullscreenCopyOnSelect`: copy a selection when the button is released.
    pub copy_on_select: bool,
    /// `fullscreenScrollbar`: `auto`, `always` or `hidden`.
    pub scrollbar: ScrollbarMode,
    /// `fullscreenExitOutput`.
    pub exit_output: ExitOutput,
}

impl FullscreenSettings {
    /// From the agent dir's settings.json (a missing or broken file gives the defaults).
    pub fn read(agent_dir: &Path) -> Self {
        let settings: Value = std::fs::read_to_string(agent_dir.join("settings.json"))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or(Value::Null);
        Self::from_json(&settings)
    }

    fn from_json(settings: &Value) -> Self {
        let text = |key: &str| settings.get(key).and_then(Value::as_str);
        Self {
            wheel_lines: WheelLines::from_setting(settings.get("fullscreenWheelScrollLines")),
            copy_on_select: settings
                .get("fullscreenCopyOnSelect")
                .and_then(Value::as_bool)
                .unwrap_or(true),
            scrollbar: match text("fullscreenScrollbar") {
                Some("always") => ScrollbarMode::Always,
                Some("hidden") => ScrollbarMode::Hidden,
                _ => ScrollbarMode::Auto,
            },
            exit_output: match text("fullscreenExitOutput") {
                Some("resume-hint") => ExitOutput::ResumeHint,
                _ => ExitOutput::Transcript,
            },
        }
    }

    /// The viewport's options, with Pi's match styles from `theme`.
    pub fn viewport_options(
        &self,
        keybindings: SharedKeybindings,
        theme: &Arc<Theme>,
    ) -> ViewportOptions {
        let jump = theme.clone();
        let matched = theme.clone();
        let current = theme.clone();
        let base = |theme: &Theme, text: &str| {
            theme.bg("searchMatchBg", &theme.fg("searchMatchText", text))
        };
        ViewportOptions {
            wheel_lines: self.wheel_lines,
            accelerate_wheel: !terminal_accelerates_wheel(|k| std::env::var(k).ok()),
            copy_on_select: self.copy_on_select,
            keybindings,
            search_style: SearchStyle {
                matched: Arc::new(move |t: &str| matched.underline(&base(&matched, t))),
                current: Arc::new(move |t: &str| {
                    current.bold(&current.inverse(&base(&current, t)))
                }),
            },
            jump_style: Some(Arc::new(move |t: &str| {
                jump.bg("selectedBg", &jump.fg("text", t))
            })),
        }
    }
}

/// The scrollbar in the theme's `scrollbarTrack` / `scrollbarThumb` colours, as Pi's chat
/// viewport draws it.
pub fn scrollbar_style(theme: &Arc<Theme>) -> ScrollbarStyle {
    ScrollbarStyle {
        track: theme.fg_style("scrollbarTrack"),
        thumb: theme.fg_style("scrollbarThumb"),
    }
}

/// Quotes `value` for a shell when it needs it (Pi's `quoteIfNeeded`).
fn quote(value: &str) -> String {
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./~:@".contains(c));
    if plain {
        value.to_string()
    } else {
        format!("'{}'", value.replace('\'', "'\\''"))
    }
}

/// What Pi prints after quitting (on a terminal, for a session saved to a file): the
/// command that continues this session. `default_dir` is where sessions of this folder go
/// without `--session-dir`.
pub fn resume_hint(id: &str, file: Option<&Path>, default_dir: &Path) -> Option<String> {
    let file = file.filter(|f| f.is_file())?;
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let mut command = vec!["tau".to_string()];
    let dir: Option<PathBuf> = file.parent().map(Path::to_path_buf);
    if let Some(dir) = dir.filter(|d| d != default_dir) {
        command.push("--session-dir".into());
        command.push(quote(&dir.display().to_string()));
    }
    command.push("--session".into());
    command.push(id.to_string());
    Some(format!(
        "\x1b[2mTo resume this session:\x1b[22m\n{}\n",
        command.join(" ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_default_as_pi_and_read_each_value() {
        let defaults = FullscreenSettings::from_json(&Value::Null);
        assert_eq!(
            defaults,
            FullscreenSettings {
                wheel_lines: WheelLines::Auto,
                copy_on_select: true,
                scrollbar: ScrollbarMode::Auto,
                exit_output: ExitOutput::Transcript,
            }
        );
        let set = FullscreenSettings::from_json(&json!({
            "fullscreenWheelScrollLines": 7,
            "fullscreenCopyOnSelect": false,
            "fullscreenScrollbar": "hidden",
            "fullscreenExitOutput": "resume-hint",
        }));
        assert_eq!(set.wheel_lines, WheelLines::Fixed(7.0));
        assert!(!set.copy_on_select);
        assert_eq!(set.scrollbar, ScrollbarMode::Hidden);
        assert_eq!(set.exit_output, ExitOutput::ResumeHint);
    }

    #[test]
    fn paths_are_quoted_for_the_shell_when_needed() {
        assert_eq!(quote("/tmp/a-b_c"), "/tmp/a-b_c");
        assert_eq!(quote("/tmp/my dir"), "'/tmp/my dir'");
        assert_eq!(quote("it's"), "'it'\\''s'");
    }
}
