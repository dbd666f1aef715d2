//! A spinner and a message, advanced by explicit ticks: the caller owns the timer (every
//! `interval()`), so the component holds no thread and tests need no sleeps.

use std::sync::Arc;

use super::Text;
use crate::component::{Component, Lines, Style};
use crate::keys::{matches_key, KeyContext};

/// pi-tui's default spinner (braille dots).
pub const DEFAULT_FRAMES: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
/// pi-tui's default time between frames.
pub const DEFAULT_INTERVAL_MS: u64 = 80;

/// A custom indicator (pi-tui's `LoaderIndicatorOptions`). Its frames are drawn as given, not
/// through the spinner style; no frames means no spinner, one frame a still one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoaderIndicator {
    /// The frames in order; `None` keeps the default spinner's.
    pub frames: Option<Vec<String>>,
    /// Milliseconds per frame; `None` or zero keeps the default.
    pub interval_ms: Option<u64>,
}

/// pi-tui's `Loader`: an empty line, then `frame message` as a [`Text`] with one column of
/// padding.
pub struct Loader {
    text: Text,
    frames: Vec<String>,
    interval_ms: u64,
    current: usize,
    verbatim: bool,
    spinner_style: Style,
    message_style: Style,
    message: String,
}

impl Loader {
    /// A loader showing `message` (styled with `message_style`) after the spinner (styled
    /// with `spinner_style`, unless a custom indicator is given).
    pub fn new(
        spinner_style: Style,
        message_style: Style,
        message: impl Into<String>,
        indicator: Option<LoaderIndicator>,
    ) -> Self {
        let mut loader = Self {
            text: Text::new("", 1, 0, None),
            frames: Vec::new(),
            interval_ms: DEFAULT_INTERVAL_MS,
            current: 0,
            verbatim: false,
            spinner_style,
            message_style,
            message: message.into(),
        };
        loader.set_indicator(indicator);
        loader
    }

    /// Replaces the indicator and starts again from its first frame.
    pub fn set_indicator(&mut self, indicator: Option<LoaderIndicator>) {
        self.verbatim = indicator.is_some();
        let indicator = indicator.unwrap_or_default();
        self.frames = indicator
            .frames
            .unwrap_or_else(|| DEFAULT_FRAMES.iter().map(|f| f.to_string()).collect());
        self.interval_ms = indicator
            .interval_ms
            .filter(|ms| *ms > 0)
            .unwrap_or(DEFAULT_INTERVAL_MS);
        self.current = 0;
        self.update_display();
    }

    /// Replaces the message.
    pub fn set_message(&mut self, message: impl Into<String>) {
        self.message = message.into();
        self.update_display();
    }

    /// How often [`Loader::tick`] should be called while [`Loader::animates`].
    pub fn interval_ms(&self) -> u64 {
        self.interval_ms
    }

    /// Whether there is anything to animate (more than one frame).
    pub fn animates(&self) -> bool {
        self.frames.len() > 1
    }

    /// Advances to the next frame; returns whether the output changed.
    pub fn tick(&mut self) -> bool {
        if !self.animates() {
            return false;
        }
        self.current = (self.current + 1) % self.frames.len();
        self.update_display();
        true
    }

    fn update_display(&mut self) {
        let frame = self
            .frames
            .get(self.current)
            .map(String::as_str)
            .unwrap_or("");
        let frame = if self.verbatim {
            frame.to_string()
        } else {
            (self.spinner_style)(frame)
        };
        let indicator = if frame.is_empty() {
            String::new()
        } else {
            format!("{frame} ")
        };
        self.text.set_text(format!(
            "{indicator}{}",
            (self.message_style)(&self.message)
        ));
    }
}

impl Component for Loader {
    fn render(&mut self, width: usize) -> Lines {
        let mut lines = vec![String::new()];
        lines.extend(self.text.render(width).iter().cloned());
        Arc::new(lines)
    }

    fn invalidate(&mut self) {
        self.text.invalidate();
        self.update_display();
    }
}

/// A [`Loader`] that Escape or Ctrl+C cancels (pi-tui's `tui.select.cancel` keys).
pub struct CancellableLoader {
    /// The loader drawn.
    pub loader: Loader,
    aborted: bool,
    on_abort: Option<Box<dyn FnMut() + Send>>,
    key_context: KeyContext,
}

impl CancellableLoader {
    /// Wraps a loader.
    pub fn new(loader: Loader) -> Self {
        Self {
            loader,
            aborted: false,
            on_abort: None,
            key_context: KeyContext::default(),
        }
    }

    /// Called once per cancelling key press.
    pub fn on_abort(&mut self, callback: impl FnMut() + Send + 'static) {
        self.on_abort = Some(Box::new(callback));
    }

    /// Whether a cancelling key arrived.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The terminal's key state, for reading Escape under the Kitty protocol.
    pub fn set_key_context(&mut self, key_context: KeyContext) {
        self.key_context = key_context;
    }
}

impl Component for CancellableLoader {
    fn render(&mut self, width: usize) -> Lines {
        self.loader.render(width)
    }

    fn handle_input(&mut self, data: &str) {
        if ["escape", "ctrl+c"]
            .iter()
            .any(|key| matches_key(data, key, self.key_context))
        {
            self.aborted = true;
            if let Some(callback) = self.on_abort.as_mut() {
                callback();
            }
        }
    }

    fn invalidate(&mut self) {
        self.loader.invalidate();
    }
}
