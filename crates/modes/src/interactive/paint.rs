//! The styling the interactive mode's own components use: Pi's theme calls (`fg(token,
//! text)`, `bg`, `bold`, ...) behind a trait, so components are written once against the
//! theme and tested with plain output.

/// Pi's theme operations on text.
pub trait Paint: Send + Sync {
    /// `theme.fg(token, text)`.
    fn fg(&self, token: &str, text: &str) -> String;
    /// `theme.bg(token, text)`.
    fn bg(&self, token: &str, text: &str) -> String;
    fn bold(&self, text: &str) -> String;
    fn inverse(&self, text: &str) -> String;
}

/// No styling at all: tests read the text as it is laid out.
#[cfg(test)]
pub struct Plain;

#[cfg(test)]
impl Paint for Plain {
    fn fg(&self, _token: &str, text: &str) -> String {
        text.to_string()
    }
    fn bg(&self, _token: &str, text: &str) -> String {
        text.to_string()
    }
    fn bold(&self, text: &str) -> String {
        text.to_string()
    }
    fn inverse(&self, text: &str) -> String {
        text.to_string()
    }
}

/// The real thing: a Pi theme resolved by tau-tui.
impl Paint for tau_tui::theme::Theme {
    fn fg(&self, token: &str, text: &str) -> String {
        tau_tui::theme::Theme::fg(self, token, text)
    }
    fn bg(&self, token: &str, text: &str) -> String {
        tau_tui::theme::Theme::bg(self, token, text)
    }
    fn bold(&self, text: &str) -> String {
        tau_tui::theme::Theme::bold(self, text)
    }
    fn inverse(&self, text: &str) -> String {
        tau_tui::theme::Theme::inverse(self, text)
    }
}
