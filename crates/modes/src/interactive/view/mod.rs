//! The transcript drawn: one view per transcript item, rebuilt only when the item's
//! revision (or the look, the width, the expand and thinking toggles) changed.
//!
//! The drawn lines are held once: in one list for the whole transcript, where an item that
//! changed has its range replaced. A settled item's view then drops its own caches (laid out
//! lines, parsed Markdown), keeping only what it is drawn from, so a long session costs its
//! lines once rather than three or four times (see bench/README.md, "Memory with a long
//! session").

mod assistant;
mod dock;
mod items;
pub mod status;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use tau_tui::{Component, Lines};

pub use assistant::ThinkingDisplay;
pub use dock::DockView;
use items::ItemView;

use super::look::Look;
use super::renderers::{ItemRenderers, RendererLines};
use super::transcript::{Item, ToolState, Transcript};

/// What every item's look depends on besides the item.
#[derive(Clone)]
pub struct ViewOptions {
    pub look: Look,
    pub cwd: PathBuf,
    pub home: Option<PathBuf>,
    pub tools_expanded: bool,
    pub thinking: ThinkingDisplay,
    /// Pi's `outputPad`.
    pub pad: usize,
    /// How tool results' images are drawn (`None`: as fallback text).
    pub images: Option<crate::interactive::tools::InlineImages>,
    /// Bumped whenever the look changes (theme switch): every item is rebuilt.
    pub generation: u64,
    /// Items extensions draw themselves, and their instances' lines.
    pub renderers: Option<RendererViews>,
}

/// The extension-drawn items (by transcript index) and the lines of their instances.
#[derive(Clone)]
pub struct RendererViews {
    pub by_item: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<usize, ItemRenderers>>>,
    pub lines: RendererLines,
}

struct Slot {
    revision: u64,
    generation: u64,
    expanded: bool,
    thinking: ThinkingDisplay,
    view: ItemView,
    /// How many lines of the kept list are this item's.
    height: usize,
    /// Its lines must be drawn again (new, changed, or the width changed).
    stale: bool,
    /// Nothing about it changes by itself (not streaming, not running): once drawn, its view
    /// keeps no caches.
    settled: bool,
}

impl Slot {
    fn new(revision: u64, options: &ViewOptions, view: ItemView, settled: bool) -> Self {
        Slot {
            revision,
            generation: options.generation,
            expanded: options.tools_expanded,
            thinking: options.thinking.clone(),
            view,
            height: 0,
            stale: true,
            settled,
        }
    }
}

/// Whether an item can change without a new revision, or will soon get one.
fn is_settled(item: &Item) -> bool {
    match item {
        Item::Assistant { streaming, .. } => !streaming,
        Item::Tool(row) => !matches!(row.state, ToolState::Pending | ToolState::Running),
        Item::Bash(row) => !row.running,
        _ => true,
    }
}

/// The header above the transcript, then the transcript.
pub struct TranscriptView {
    pub header: Lines,
    slots: Vec<Slot>,
    /// The header's lines, then every slot's, in order; the width they were drawn for.
    all: Option<(usize, Lines)>,
    /// How many lines of `all` are the header's.
    header_height: usize,
    /// Something must be drawn again: a slot is stale, the header changed, or slots went.
    dirty: bool,
    /// A row that runs (bash with its clock, spinners) is redrawn on every frame.
    live: bool,
}

impl Default for TranscriptView {
    fn default() -> Self {
        TranscriptView {
            header: Arc::new(Vec::new()),
            slots: Vec::new(),
            all: None,
            header_height: 0,
            dirty: true,
            live: false,
        }
    }
}

impl TranscriptView {
    /// Brings the views up to date with `transcript`.
    pub fn sync(&mut self, transcript: &Transcript, options: &ViewOptions, now: Instant) {
        if transcript.len() < self.slots.len() {
            let gone: usize = self.slots[transcript.len()..]
                .iter()
                .map(|s| s.height)
                .sum();
            self.slots.truncate(transcript.len());
            if let Some((_, lines)) = &mut self.all {
                let lines = Arc::make_mut(lines);
                lines.truncate(lines.len().saturating_sub(gone));
            }
            self.dirty = true;
        }
        self.live = false;
        let remote_items = options
            .renderers
            .as_ref()
            .map(|r| r.by_item.lock().unwrap_or_else(|p| p.into_inner()).clone());
        for (index, (revision, item)) in transcript.items().enumerate() {
            let first = index == 0;
            if let Some(ids) = remote_items.as_ref().and_then(|m| m.get(&index)) {
                let drawn = self.slots.get(index).is_some_and(|slot| {
                    slot.revision == revision && slot.view.remote_ids() == Some(ids)
                });
                if !drawn {
                    let lines = options
                        .renderers
                        .as_ref()
                        .map(|r| r.lines.clone())
                        .unwrap_or_default();
                    let view = ItemView::remote(item, ids.clone(), lines, options);
                    let mut slot = Slot::new(revision, options, view, false);
                    match self.slots.get_mut(index) {
                        Some(existing) => {
                            slot.height = existing.height;
                            *existing = slot;
                        }
                        None => self.slots.push(slot),
                    }
                    self.dirty = true;
                }
                continue;
            }
            match self.slots.get_mut(index) {
                Some(slot)
                    if slot.revision == revision
                        && slot.generation == options.generation
                        && slot.expanded == options.tools_expanded
                        && slot.thinking == options.thinking
                        && !slot.view.is_live() => {}
                Some(slot) => {
                    slot.view.update(item, first, options, now);
                    slot.revision = revision;
                    slot.generation = options.generation;
                    slot.expanded = options.tools_expanded;
                    slot.thinking = options.thinking.clone();
                    slot.settled = is_settled(item);
                    slot.stale = true;
                    self.dirty = true;
                }
                None => {
                    let mut view = ItemView::new(item, options);
                    view.update(item, first, options, now);
                    self.slots
                        .push(Slot::new(revision, options, view, is_settled(item)));
                    self.dirty = true;
                }
            }
            if self.slots.get(index).is_some_and(|s| s.view.is_live()) {
                self.live = true;
            }
        }
    }

    /// Replaces the header lines.
    pub fn set_header(&mut self, header: Vec<String>) {
        self.header = Arc::new(header);
        self.dirty = true;
    }

    /// Whether a row keeps changing on its own (it needs frames while idle).
    pub fn is_live(&self) -> bool {
        self.live
    }

    /// Renderer instances sent new lines: their items are drawn again.
    pub fn renderers_changed(&mut self) {
        for slot in &mut self.slots {
            if slot.view.remote_ids().is_some() {
                slot.stale = true;
            }
        }
        self.dirty = true;
    }

    /// Forgets everything drawn (a new session).
    pub fn clear(&mut self) {
        self.slots.clear();
        self.all = None;
        self.header_height = 0;
        self.dirty = true;
    }
}

impl TranscriptView {
    /// Draws every slot again into a fresh list (first frame, new width, invalidation).
    fn draw_all(&mut self, width: usize) -> Vec<String> {
        let mut lines: Vec<String> = self.header.iter().cloned().collect();
        self.header_height = lines.len();
        for slot in &mut self.slots {
            let drawn = slot.draw(width);
            lines.extend(drawn.iter().cloned());
        }
        lines
    }

    /// Replaces the ranges of the header and the stale slots in the kept list.
    fn redraw_stale(&mut self, width: usize, lines: &mut Vec<String>) {
        if self.header_height != self.header.len()
            || lines.get(..self.header_height) != Some(&self.header[..])
        {
            lines.splice(..self.header_height, self.header.iter().cloned());
            self.header_height = self.header.len();
        }
        let mut at = self.header_height;
        for slot in &mut self.slots {
            if slot.stale {
                let old = slot.height;
                let drawn = slot.draw(width);
                let end = (at + old).min(lines.len());
                lines.splice(at..end, drawn.iter().cloned());
            }
            at += slot.height;
        }
    }
}

impl Slot {
    /// The item's lines at `width`; a settled item's view then forgets its caches, since the
    /// transcript keeps the lines.
    fn draw(&mut self, width: usize) -> Lines {
        let lines = self.view.render(width);
        self.height = lines.len();
        self.stale = false;
        if self.settled {
            self.view.release_caches();
        }
        lines
    }
}

impl Component for TranscriptView {
    fn render(&mut self, width: usize) -> Lines {
        let lines = match self.all.take() {
            Some((drawn, lines)) if drawn == width && !self.dirty => lines,
            Some((drawn, mut lines)) if drawn == width => {
                self.redraw_stale(width, Arc::make_mut(&mut lines));
                lines
            }
            _ => Arc::new(self.draw_all(width)),
        };
        self.all = Some((width, lines.clone()));
        self.dirty = false;
        lines
    }

    fn invalidate(&mut self) {
        self.all = None;
        for slot in &mut self.slots {
            slot.stale = true;
            slot.view.invalidate();
        }
    }
}

#[cfg(test)]
mod tests;
