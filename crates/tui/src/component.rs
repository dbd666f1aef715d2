//! The contract between the renderer and what it draws, as pi-tui's `Component`: a component
//! turns a width into lines of ANSI text (one string per terminal row, never wider than the
//! width) and may take keyboard input while it has focus.
//!
//! Extension components live in the Node host; tau draws them through a proxy that holds the
//! lines the host last sent, so everything here is about lines, not cells.

use std::sync::Arc;

/// Lines a component rendered. Shared, so a component that did not change hands back the
/// same lines without copying them and the renderer can tell by pointer that nothing moved.
pub type Lines = Arc<Vec<String>>;

/// A styling function from a theme (`theme.fg("accent", text)` and friends): text in,
/// styled text out. pi-tui's component themes are records of such functions.
pub type Style = Arc<dyn Fn(&str) -> String + Send + Sync>;

/// A style that leaves the text as it is (tests, and themes without that token).
pub fn plain_style() -> Style {
    Arc::new(|text: &str| text.to_string())
}

/// Where the focused component wants the terminal's hardware cursor (zero-width APC
/// sequence; terminals ignore it). The renderer finds it, strips it and puts the cursor
/// there, which is what IME candidate windows follow.
pub const CURSOR_MARKER: &str = "\x1b_pi:c\x07";

/// Start of text drawn as a fake cursor (see [`FAKE_CURSOR_END`]).
pub const FAKE_CURSOR_START: &str = "\x1b_pi:fc\x07";
/// End of text drawn as a fake cursor.
pub const FAKE_CURSOR_END: &str = "\x1b_pi:/fc\x07";

/// Wraps `text` in the fake-cursor markers, as pi-tui's `renderFakeCursor`.
pub fn render_fake_cursor(text: &str) -> String {
    format!("{FAKE_CURSOR_START}{text}{FAKE_CURSOR_END}")
}

/// One thing on screen.
///
/// Input handling returns nothing, as in pi-tui: components that the application must hear
/// from (an editor's submit, a list's selection) offer their own typed methods or event
/// queues next to this trait.
pub trait Component: Send {
    /// Lines for `width` columns. Each line's visible width must be at most `width`; the
    /// renderer cuts longer lines and reports them instead of breaking the screen.
    fn render(&mut self, width: usize) -> Lines;

    /// Keyboard input while focused: exactly the `data` pi-tui hands `handleInput` (one key
    /// sequence, or a whole bracketed paste).
    fn handle_input(&mut self, data: &str) {
        let _ = data;
    }

    /// Drops cached rendering (theme change, resize to the same width after a reset).
    fn invalidate(&mut self) {}

    /// Drops everything the next render can rebuild from the component's own state (laid
    /// out lines, parse results): for a caller that keeps the rendered lines itself and
    /// renders again only when something changed. Defaults to [`Component::invalidate`].
    fn release_caches(&mut self) {
        self.invalidate();
    }

    /// Told when focus arrives or leaves; focused components emit [`CURSOR_MARKER`].
    fn set_focused(&mut self, focused: bool) {
        let _ = focused;
    }

    /// Whether Kitty key-release events should reach [`Component::handle_input`].
    fn wants_key_release(&self) -> bool {
        false
    }
}

/// A component's lines for the width they were drawn at: asked again at that width, the
/// same [`Lines`] come back without drawing.
#[derive(Debug, Default, Clone)]
pub struct WidthCache(Option<(usize, Lines)>);

impl WidthCache {
    /// The lines drawn at `width`, if those are the ones kept.
    pub fn get(&self, width: usize) -> Option<Lines> {
        self.0
            .as_ref()
            .filter(|(cached, _)| *cached == width)
            .map(|(_, lines)| lines.clone())
    }

    /// Keeps `lines` as drawn at `width` and hands them back shared.
    pub fn store(&mut self, width: usize, lines: Vec<String>) -> Lines {
        let lines: Lines = Arc::new(lines);
        self.0 = Some((width, lines.clone()));
        lines
    }

    /// Forgets them (the content or the look changed).
    pub fn clear(&mut self) {
        self.0 = None;
    }
}

/// Components stacked top to bottom (pi-tui's `Container`).
#[derive(Default)]
pub struct Container {
    /// The components, top first.
    pub children: Vec<Box<dyn Component>>,
    /// The last concatenation and the child lines it was built from, so an unchanged
    /// container returns the same [`Lines`] (pointer-equal) without copying.
    cache: Option<(usize, Vec<Lines>, Lines)>,
}

impl Container {
    /// An empty container.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `child` at the bottom.
    pub fn add(&mut self, child: Box<dyn Component>) {
        self.children.push(child);
        self.cache = None;
    }

    /// Removes every child.
    pub fn clear(&mut self) {
        self.children.clear();
        self.cache = None;
    }
}

impl Component for Container {
    fn render(&mut self, width: usize) -> Lines {
        let parts: Vec<Lines> = self.children.iter_mut().map(|c| c.render(width)).collect();
        if let Some((cached_width, cached_parts, lines)) = &self.cache {
            let same = *cached_width == width
                && cached_parts.len() == parts.len()
                && cached_parts
                    .iter()
                    .zip(&parts)
                    .all(|(a, b)| Arc::ptr_eq(a, b));
            if same {
                return lines.clone();
            }
        }
        let lines: Lines = Arc::new(parts.iter().flat_map(|p| p.iter().cloned()).collect());
        self.cache = Some((width, parts, lines.clone()));
        lines
    }

    fn invalidate(&mut self) {
        self.cache = None;
        self.children.iter_mut().for_each(|c| c.invalidate());
    }

    fn release_caches(&mut self) {
        self.cache = None;
        self.children.iter_mut().for_each(|c| c.release_caches());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed(Lines);
    impl Component for Fixed {
        fn render(&mut self, _width: usize) -> Lines {
            self.0.clone()
        }
    }

    #[test]
    fn an_unchanged_container_hands_back_the_same_lines() {
        let mut container = Container::new();
        container.add(Box::new(Fixed(Arc::new(vec!["a".into()]))));
        container.add(Box::new(Fixed(Arc::new(vec!["b".into(), "c".into()]))));
        let first = container.render(10);
        assert_eq!(*first, vec!["a", "b", "c"]);
        assert!(Arc::ptr_eq(&first, &container.render(10)));
        assert!(!Arc::ptr_eq(&first, &container.render(11)));
    }
}
