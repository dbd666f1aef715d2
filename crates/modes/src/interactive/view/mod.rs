//! The transcript drawn: one view per transcript item, rebuilt only when the item's
//! revision (or the look, the width, the expand and thinking toggles) changed, and the
//! whole concatenated only when some item's lines changed.

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
use super::transcript::Transcript;

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
    lines: Option<(usize, Lines)>,
}

/// The header above the transcript, then the transcript.
pub struct TranscriptView {
    pub header: Lines,
    slots: Vec<Slot>,
    all: Option<(usize, Lines)>,
    /// Set by [`TranscriptView::sync`] when something must be drawn again.
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
            dirty: true,
            live: false,
        }
    }
}

impl TranscriptView {
    /// Brings the views up to date with `transcript`.
    pub fn sync(&mut self, transcript: &Transcript, options: &ViewOptions, now: Instant) {
        if transcript.len() < self.slots.len() {
            self.slots.truncate(transcript.len());
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
                    let slot = Slot {
                        revision,
                        generation: options.generation,
                        expanded: options.tools_expanded,
                        thinking: options.thinking.clone(),
                        view,
                        lines: None,
                    };
                    match self.slots.get_mut(index) {
                        Some(existing) => *existing = slot,
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
                    slot.lines = None;
                    self.dirty = true;
                }
                None => {
                    let mut view = ItemView::new(item, options);
                    view.update(item, first, options, now);
                    self.slots.push(Slot {
                        revision,
                        generation: options.generation,
                        expanded: options.tools_expanded,
                        thinking: options.thinking.clone(),
                        view,
                        lines: None,
                    });
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
                slot.lines = None;
            }
        }
        self.dirty = true;
    }

    /// Forgets everything drawn (a new session).
    pub fn clear(&mut self) {
        self.slots.clear();
        self.all = None;
        self.dirty = true;
    }
}

impl Component for TranscriptView {
    fn render(&mut self, width: usize) -> Lines {
        if let Some((cached_width, lines)) = &self.all {
            if *cached_width == width && !self.dirty {
                return lines.clone();
            }
        }
        let mut lines: Vec<String> = self.header.iter().cloned().collect();
        for slot in &mut self.slots {
            let rendered = match &slot.lines {
                Some((w, l)) if *w == width => l.clone(),
                _ => {
                    let l = slot.view.render(width);
                    slot.lines = Some((width, l.clone()));
                    l
                }
            };
            lines.extend(rendered.iter().cloned());
        }
        let lines = Arc::new(lines);
        self.all = Some((width, lines.clone()));
        self.dirty = false;
        lines
    }

    fn invalidate(&mut self) {
        self.all = None;
        for slot in &mut self.slots {
            slot.lines = None;
            slot.view.invalidate();
        }
    }
}
