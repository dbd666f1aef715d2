//! Children drawn inside padding and a background (pi-tui's `Box`; renamed so it does not
//! shadow Rust's `Box`).

use std::sync::Arc;

use super::apply_background;
use crate::component::{Component, Lines, Style};

/// Renders its children at the width less the horizontal padding, then pads every line to
/// the full width and applies the background to it, with `padding_y` background lines above
/// and below. No children, or children with no lines, render nothing.
pub struct PaddedBox {
    children: Vec<Box<dyn Component>>,
    padding_x: usize,
    padding_y: usize,
    bg: Option<Style>,
    /// The last output and the child lines (pointer-compared) it was built from.
    cache: Option<(usize, Vec<Lines>, Lines)>,
}

impl PaddedBox {
    /// pi-tui's defaults are one column and one line of padding.
    pub fn new(padding_x: usize, padding_y: usize, bg: Option<Style>) -> Self {
        Self {
            children: Vec::new(),
            padding_x,
            padding_y,
            bg,
            cache: None,
        }
    }

    /// Adds a child below the others.
    pub fn add_child(&mut self, child: Box<dyn Component>) {
        self.children.push(child);
        self.cache = None;
    }

    /// Removes every child.
    pub fn clear(&mut self) {
        self.children.clear();
        self.cache = None;
    }

    /// The children, for replacing or removing one.
    pub fn children_mut(&mut self) -> &mut Vec<Box<dyn Component>> {
        self.cache = None;
        &mut self.children
    }

    /// Replaces the background.
    pub fn set_bg(&mut self, bg: Option<Style>) {
        self.bg = bg;
        self.cache = None;
    }

    /// Replaces the horizontal padding.
    pub fn set_padding_x(&mut self, padding_x: usize) {
        self.padding_x = padding_x;
        self.cache = None;
    }
}

impl Component for PaddedBox {
    fn render(&mut self, width: usize) -> Lines {
        if self.children.is_empty() {
            return Arc::new(Vec::new());
        }
        let content_width = width.saturating_sub(self.padding_x * 2).max(1);
        let parts: Vec<Lines> = self
            .children
            .iter_mut()
            .map(|c| c.render(content_width))
            .collect();
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
        let child_lines: Vec<&String> = parts.iter().flat_map(|p| p.iter()).collect();
        if child_lines.is_empty() {
            return Arc::new(Vec::new());
        }
        let bg = self.bg.as_ref();
        let margin = " ".repeat(self.padding_x);
        let blank = apply_background("", width, bg);
        let mut lines = vec![blank.clone(); self.padding_y];
        lines.extend(
            child_lines
                .iter()
                .map(|line| apply_background(&format!("{margin}{line}"), width, bg)),
        );
        lines.extend(std::iter::repeat_n(blank, self.padding_y));
        let lines: Lines = Arc::new(lines);
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
