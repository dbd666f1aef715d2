//! Inline images (pi-tui's `Image` and `terminal-image`): terminal capability detection,
//! image sizes from file headers, the Kitty and iTerm2 sequences, and the text fallback.
//! Checked against pi-tui in `tests/image_parity.rs`.
//!
//! The differential renderer must treat image lines specially (they are not text; see
//! [`is_image_line`]); this module only produces them.

mod capabilities;
mod cell_size;
mod dimensions;
mod encode;

use std::sync::atomic::{AtomicU32, Ordering};

pub use capabilities::{
    detect, detect_from_process, probe_tmux_hyperlinks, Capabilities, ImageProtocol,
};
pub use cell_size::{parse_cell_size_reply, CELL_SIZE_QUERY};
pub use dimensions::{decode_base64, image_dimensions, ImageDimensions};
pub use encode::{
    delete_kitty_image, encode_iterm2, encode_kitty, file_url, hyperlink, image_cell_size,
    image_fallback, CellDimensions, CellSize, Iterm2Options, KittyOptions, DELETE_ALL_KITTY_IMAGES,
    DELETE_ALL_KITTY_PLACEMENTS,
};

use crate::component::{Component, Lines, Style, WidthCache};
use crate::width::truncate_to_width;

const KITTY_PREFIX: &str = "\x1b_G";
const ITERM2_PREFIX: &str = "\x1b]1337;File=";

/// Whether a rendered line carries an image sequence (pi-tui's `isImageLine`).
pub fn is_image_line(line: &str) -> bool {
    line.contains(KITTY_PREFIX) || line.contains(ITERM2_PREFIX)
}

/// A fresh Kitty image id: process-unique, starting from a time-based value so ids from two
/// processes sharing a terminal (tau and an extension host) are unlikely to collide.
pub fn allocate_image_id() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let seed = || {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.subsec_nanos());
        (nanos ^ std::process::id().rotate_left(16)).max(1)
    };
    let _ = NEXT.compare_exchange(0, seed(), Ordering::Relaxed, Ordering::Relaxed);
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    if id == 0 {
        NEXT.fetch_add(1, Ordering::Relaxed)
    } else {
        id
    }
}

/// Size limits and labels for an [`Image`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImageOptions {
    /// Widest the image may be, in cells (default 60, and never wider than the width less 2).
    pub max_width_cells: Option<u32>,
    /// Tallest the image may be, in cells (default: as tall as the width allows for a square).
    pub max_height_cells: Option<u32>,
    /// Shown in the text fallback.
    pub filename: Option<String>,
    /// The Kitty image id to use (one is allocated otherwise).
    pub image_id: Option<u32>,
}

/// An inline image: Kitty or iTerm2 sequences where the terminal supports them (the first
/// or last of `rows` lines carries it, the others are empty so the layout reserves the
/// space), otherwise one line of fallback text. Kitty takes only PNG; other formats fall back
/// to text there (pi-tui converts them when given a transcoder).
pub struct Image {
    base64_data: String,
    mime_type: String,
    dimensions: ImageDimensions,
    fallback_style: Style,
    options: ImageOptions,
    capabilities: Capabilities,
    cell: CellDimensions,
    cache: WidthCache,
}

impl Image {
    /// An image from base64 data; its size comes from the header (800x600 when unknown).
    pub fn new(
        base64_data: impl Into<String>,
        mime_type: impl Into<String>,
        fallback_style: Style,
        options: ImageOptions,
        capabilities: Capabilities,
    ) -> Self {
        let base64_data = base64_data.into();
        let mime_type = mime_type.into();
        let dimensions = image_dimensions(&base64_data, &mime_type).unwrap_or(ImageDimensions {
            width_px: 800,
            height_px: 600,
        });
        Self {
            base64_data,
            mime_type,
            dimensions,
            fallback_style,
            options,
            capabilities,
            cell: CellDimensions::default(),
            cache: WidthCache::default(),
        }
    }

    /// The terminal's cell size in pixels, once known.
    pub fn set_cell_dimensions(&mut self, cell: CellDimensions) {
        self.cell = cell;
        self.cache.clear();
    }

    /// The Kitty image id in use (to delete the image later).
    pub fn image_id(&self) -> Option<u32> {
        self.options.image_id
    }

    fn fallback(&self, width: usize) -> Vec<String> {
        let text = image_fallback(
            &self.mime_type,
            Some(self.dimensions),
            self.options.filename.as_deref(),
            self.capabilities.hyperlinks,
        );
        vec![truncate_to_width(
            &(self.fallback_style)(&text),
            width,
            "...",
            false,
        )]
    }

    fn render_lines(&mut self, width: usize) -> Vec<String> {
        let max_width = (width as i64 - 2)
            .min(i64::from(self.options.max_width_cells.unwrap_or(60)))
            .max(1) as u32;
        let cell = self.cell;
        let square = (f64::from(max_width) * f64::from(cell.width_px)
            / f64::from(cell.height_px.max(1)))
        .ceil();
        let max_height = self
            .options
            .max_height_cells
            .unwrap_or((square as u32).max(1));
        let protocol = match self.capabilities.images {
            Some(ImageProtocol::Kitty) if self.mime_type != "image/png" => None,
            other => other,
        };
        let Some(protocol) = protocol else {
            return self.fallback(width);
        };
        let kitty = protocol == ImageProtocol::Kitty;
        let size = image_cell_size(self.dimensions, max_width, Some(max_height), cell, kitty);
        let padding = (size.rows as usize).saturating_sub(1);
        if kitty {
            let image_id = *self.options.image_id.get_or_insert_with(allocate_image_id);
            let options = KittyOptions {
                columns: Some(size.columns),
                rows: Some(size.rows),
                image_id: Some(image_id),
                move_cursor: false,
            };
            let mut lines = vec![encode_kitty(&self.base64_data, &options)];
            lines.extend(std::iter::repeat_n(String::new(), padding));
            lines
        } else {
            let options = Iterm2Options {
                width: Some(size.columns.to_string()),
                height: Some("auto".into()),
                ..Iterm2Options::default()
            };
            let move_up = if padding > 0 {
                format!("\x1b[{padding}A")
            } else {
                String::new()
            };
            let mut lines = vec![String::new(); padding];
            lines.push(format!(
                "{move_up}{}",
                encode_iterm2(&self.base64_data, &options)
            ));
            lines
        }
    }
}

impl Component for Image {
    fn render(&mut self, width: usize) -> Lines {
        if let Some(lines) = self.cache.get(width) {
            return lines;
        }
        let lines = self.render_lines(width);
        self.cache.store(width, lines)
    }

    fn invalidate(&mut self) {
        self.cache.clear();
    }
}
