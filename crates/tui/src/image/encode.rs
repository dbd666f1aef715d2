//! The escape sequences that draw images (Kitty graphics, iTerm2 inline files), how many
//! cells an image takes, hyperlinks and the text shown instead of an image.

use super::dimensions::{base64_byte_len, ImageDimensions};

/// The size of one terminal cell in pixels (the renderer learns it from the terminal; pi-tui
/// assumes 9x18 until then).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellDimensions {
    /// Cell width in pixels.
    pub width_px: u32,
    /// Cell height in pixels.
    pub height_px: u32,
}

impl Default for CellDimensions {
    fn default() -> Self {
        Self {
            width_px: 9,
            height_px: 18,
        }
    }
}

/// Kitty graphics placement options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KittyOptions {
    /// Columns to scale the image to.
    pub columns: Option<u32>,
    /// Rows to scale the image to.
    pub rows: Option<u32>,
    /// The id to refer to the image by later.
    pub image_id: Option<u32>,
    /// `false` keeps the cursor where it is (`C=1`).
    pub move_cursor: bool,
}

/// Kitty's transmit-and-display command for PNG data, in 4096-byte chunks when long.
pub fn encode_kitty(base64_data: &str, options: &KittyOptions) -> String {
    const CHUNK: usize = 4096;
    let mut params = vec!["a=T".to_string(), "f=100".into(), "q=2".into()];
    if !options.move_cursor {
        params.push("C=1".into());
    }
    let numbered = [
        ("c", options.columns),
        ("r", options.rows),
        ("i", options.image_id),
    ];
    params.extend(
        numbered
            .iter()
            .filter_map(|(key, value)| value.filter(|v| *v != 0).map(|v| format!("{key}={v}"))),
    );
    let params = params.join(",");
    if base64_data.len() <= CHUNK {
        return format!("\x1b_G{params};{base64_data}\x1b\\");
    }
    let chunks: Vec<&str> = base64_data
        .as_bytes()
        .chunks(CHUNK)
        .map(|c| std::str::from_utf8(c).unwrap_or(""))
        .collect();
    let last = chunks.len() - 1;
    let mut out = String::with_capacity(base64_data.len() + chunks.len() * 16);
    for (i, chunk) in chunks.iter().enumerate() {
        match i {
            0 => out.push_str(&format!("\x1b_G{params},m=1;{chunk}\x1b\\")),
            i if i == last => out.push_str(&format!("\x1b_Gm=0;{chunk}\x1b\\")),
            _ => out.push_str(&format!("\x1b_Gm=1;{chunk}\x1b\\")),
        }
    }
    out
}

/// Deletes a Kitty image and frees its data.
pub fn delete_kitty_image(image_id: u32) -> String {
    format!("\x1b_Ga=d,d=I,i={image_id},q=2\x1b\\")
}

/// Deletes every Kitty image and frees the data.
pub const DELETE_ALL_KITTY_IMAGES: &str = "\x1b_Ga=d,d=A,q=2\x1b\\";
/// Deletes every Kitty placement, keeping the uploaded data.
pub const DELETE_ALL_KITTY_PLACEMENTS: &str = "\x1b_Ga=d,d=a,q=2\x1b\\";

/// iTerm2 inline file options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iterm2Options {
    /// Display inline (not as a download).
    pub inline: bool,
    /// Width in cells (or `auto`, `Npx`, `N%`).
    pub width: Option<String>,
    /// Height in cells (or `auto`, `Npx`, `N%`).
    pub height: Option<String>,
    /// The file name (sent base64-encoded).
    pub name: Option<String>,
    /// Keep the aspect ratio when both sizes are given.
    pub preserve_aspect_ratio: bool,
}

impl Default for Iterm2Options {
    fn default() -> Self {
        Self {
            inline: true,
            width: None,
            height: None,
            name: None,
            preserve_aspect_ratio: true,
        }
    }
}

/// iTerm2's `File=` sequence.
pub fn encode_iterm2(base64_data: &str, options: &Iterm2Options) -> String {
    let mut params = vec![
        format!("inline={}", u8::from(options.inline)),
        format!("size={}", base64_byte_len(base64_data)),
    ];
    if let Some(width) = &options.width {
        params.push(format!("width={width}"));
    }
    if let Some(height) = &options.height {
        params.push(format!("height={height}"));
    }
    if let Some(name) = options.name.as_deref().filter(|n| !n.is_empty()) {
        params.push(format!("name={}", encode_base64(name.as_bytes())));
    }
    if !options.preserve_aspect_ratio {
        params.push("preserveAspectRatio=0".into());
    }
    format!("\x1b]1337;File={}:{base64_data}\x07", params.join(";"))
}

fn encode_base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= group.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// How many cells an image covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSize {
    /// Columns covered.
    pub columns: u32,
    /// Rows covered.
    pub rows: u32,
}

/// Of `upper` and `upper - 1` cells, the one that distorts the image's aspect less.
fn less_distorted(upper: u32, ideal: f64) -> u32 {
    if upper <= 1 {
        return upper;
    }
    let lower = upper - 1;
    let distortion = |count: u32| (f64::from(count) / ideal).max(ideal / f64::from(count));
    if distortion(lower) < distortion(upper) {
        lower
    } else {
        upper
    }
}

/// The cells an image takes when scaled to fit `max_width` columns (and `max_height` rows),
/// as pi-tui's `calculateImageCellSize`; `optimize_aspect_ratio` trims a row or column when
/// that distorts less (done for Kitty, which stretches to whole cells).
pub fn image_cell_size(
    image: ImageDimensions,
    max_width: u32,
    max_height: Option<u32>,
    cell: CellDimensions,
    optimize_aspect_ratio: bool,
) -> CellSize {
    let max_width = max_width.max(1);
    let max_height = max_height.map(|h| h.max(1));
    let (image_w, image_h) = (
        f64::from(image.width_px.max(1)),
        f64::from(image.height_px.max(1)),
    );
    let (cell_w, cell_h) = (f64::from(cell.width_px), f64::from(cell.height_px));
    let width_scale = f64::from(max_width) * cell_w / image_w;
    let height_scale = max_height.map_or(width_scale, |h| f64::from(h) * cell_h / image_h);
    let scale = width_scale.min(height_scale);
    let mut columns = ((image_w * scale / cell_w).ceil() as u32).clamp(1, max_width);
    let mut rows = ((image_h * scale / cell_h).ceil() as u32).max(1);
    if let Some(max_height) = max_height {
        rows = rows.min(max_height);
    }
    if optimize_aspect_ratio {
        if width_scale <= height_scale {
            let ideal = f64::from(columns) * cell_w * image_h / (image_w * cell_h);
            rows = less_distorted(rows, ideal);
        } else {
            let ideal = f64::from(rows) * cell_h * image_w / (image_h * cell_w);
            columns = less_distorted(columns, ideal);
        }
    }
    CellSize { columns, rows }
}

/// Text made a clickable OSC 8 hyperlink.
pub fn hyperlink(text: &str, url: &str) -> String {
    format!("\x1b]8;;{url}\x1b\\{text}\x1b]8;;\x1b\\")
}

/// A `file://` URL for an absolute path, percent-encoded as Node's `pathToFileURL`.
pub fn file_url(path: &str) -> String {
    let mut url = String::from("file://");
    for byte in path.bytes() {
        let keep = byte.is_ascii_graphic() && !b"\"#%<>?`{}\\".contains(&byte);
        if keep {
            url.push(char::from(byte));
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

/// The text pi-tui shows instead of an image: `[Image: name [mime] WxH]`. A path under the
/// home directory shows as `~/...`, and an absolute one links to its file when hyperlinks
/// work.
pub fn image_fallback(
    mime_type: &str,
    dimensions: Option<ImageDimensions>,
    filename: Option<&str>,
    hyperlinks: bool,
) -> String {
    let mut parts = Vec::new();
    if let Some(filename) = filename.filter(|f| !f.is_empty()) {
        let home = std::env::var("HOME").ok().filter(|h| !h.is_empty());
        let display = match home.as_deref() {
            Some(home) if filename == home || filename.starts_with(&format!("{home}/")) => {
                format!("~{}", &filename[home.len()..])
            }
            _ => filename.to_string(),
        };
        if hyperlinks && filename.starts_with('/') {
            parts.push(hyperlink(&display, &file_url(filename)));
        } else {
            parts.push(display);
        }
    }
    parts.push(format!("[{mime_type}]"));
    if let Some(d) = dimensions {
        parts.push(format!("{}x{}", d.width_px, d.height_px));
    }
    format!("[Image: {}]", parts.join(" "))
}
