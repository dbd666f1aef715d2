//! Empty lines.

use std::sync::Arc;

use crate::component::{Component, Lines};

/// pi-tui's `Spacer`: a fixed number of empty lines.
pub struct Spacer {
    lines: usize,
}

impl Spacer {
    /// `lines` empty lines.
    pub fn new(lines: usize) -> Self {
        Self { lines }
    }

    /// Changes the number of lines.
    pub fn set_lines(&mut self, lines: usize) {
        self.lines = lines;
    }
}

impl Component for Spacer {
    fn render(&mut self, _width: usize) -> Lines {
        Arc::new(vec![String::new(); self.lines])
    }
}
