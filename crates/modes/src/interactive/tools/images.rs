//! The images of a tool result, drawn below the row as Pi's `ToolExecutionComponent` draws
//! them: for each image block a blank line, then pi-tui's `Image` (Kitty or iTerm2 sequences,
//! at most "Image width" cells wide). Where the terminal has no image protocol, or "Show
//! images" is off, nothing is drawn here and the row's text carries Pi's fallback line.

use std::hash::{Hash, Hasher};

use tau_protocol::{ContentBlock, ToolResult};
use tau_tui::image::{CellDimensions, Image, ImageOptions, ImageProtocol};
use tau_tui::Component;

use super::Paint;

/// Pi's `terminal.showImages` and `terminal.imageWidthCells`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageSettings {
    pub show: bool,
    pub width_cells: u32,
}

impl Default for ImageSettings {
    fn default() -> Self {
        ImageSettings {
            show: true,
            width_cells: 60,
        }
    }
}

/// How images are drawn when they are drawn at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InlineImages {
    pub protocol: ImageProtocol,
    /// The widest an image may be, in cells (Pi's `imageWidthCells`, at least 1).
    pub width_cells: u32,
    /// The terminal's cell size in pixels.
    pub cell: CellDimensions,
}

impl InlineImages {
    /// Images are drawn when the terminal has a protocol and the setting is on, at pi-tui's
    /// default cell size until the terminal reports its own.
    pub fn new(protocol: Option<ImageProtocol>, settings: ImageSettings) -> Option<Self> {
        Some(InlineImages {
            protocol: protocol.filter(|_| settings.show)?,
            width_cells: settings.width_cells.max(1),
            cell: CellDimensions::default(),
        })
    }

    /// With the terminal's cell size.
    pub fn at_cell_size(self, cell: CellDimensions) -> Self {
        InlineImages { cell, ..self }
    }
}

/// A Kitty image id that stays the same each time this call's `index`th image is drawn (the
/// row is drawn again on resizes and theme changes; the terminal then replaces the image
/// rather than stacking copies), and differs between processes sharing the terminal.
fn stable_image_id(call_id: &str, index: usize) -> u32 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (std::process::id(), call_id, index).hash(&mut hasher);
    (hasher.finish() as u32).max(1)
}

/// The lines for a result's images: a blank line then the image, per image block with data
/// and a MIME type. Empty when `images` is `None`.
pub fn image_lines(
    call_id: &str,
    result: Option<&ToolResult>,
    images: Option<InlineImages>,
    width: usize,
    paint: &dyn Paint,
) -> Vec<String> {
    let (Some(result), Some(images)) = (result, images) else {
        return Vec::new();
    };
    let blocks = result.content.iter().filter_map(|block| match block {
        ContentBlock::Image { data, mime_type } if !data.is_empty() && !mime_type.is_empty() => {
            Some((data, mime_type))
        }
        _ => None,
    });
    let mut lines = Vec::new();
    for (index, (data, mime_type)) in blocks.enumerate() {
        // The Image keeps its fallback style for later renders, which a borrowed `Paint`
        // cannot be; the style's opening and closing codes are taken around a marker.
        let fallback = paint.fg("toolOutput", "\u{0}");
        let (before, after) = fallback.split_once('\u{0}').unwrap_or(("", ""));
        let (before, after) = (before.to_string(), after.to_string());
        let mut image = Image::new(
            data.as_str(),
            mime_type.as_str(),
            std::sync::Arc::new(move |text: &str| format!("{before}{text}{after}")),
            ImageOptions {
                max_width_cells: Some(images.width_cells),
                image_id: Some(stable_image_id(call_id, index)),
                ..ImageOptions::default()
            },
            tau_tui::image::Capabilities {
                images: Some(images.protocol),
                true_color: false,
                hyperlinks: false,
            },
        );
        image.set_cell_dimensions(images.cell);
        lines.push(String::new());
        lines.extend(image.render(width).iter().cloned());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interactive::paint::Plain;

    const PNG_2X2: &str =
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8DAAMJgAgAZ9AL+q0FWvAAAAABJRU5ErkJggg==";

    fn result() -> ToolResult {
        ToolResult {
            content: vec![ContentBlock::Image {
                data: PNG_2X2.into(),
                mime_type: "image/png".into(),
            }],
            ..ToolResult::default()
        }
    }

    #[test]
    fn images_are_drawn_only_with_a_protocol_and_the_setting_on() {
        let on = ImageSettings::default();
        let off = ImageSettings { show: false, ..on };
        assert!(InlineImages::new(None, on).is_none());
        assert!(InlineImages::new(Some(ImageProtocol::Kitty), off).is_none());
        let zero = ImageSettings {
            width_cells: 0,
            ..on
        };
        let drawn = InlineImages::new(Some(ImageProtocol::Iterm2), zero).expect("drawn");
        assert_eq!(drawn.width_cells, 1);
        assert!(image_lines("c", Some(&result()), None, 80, &Plain).is_empty());
    }

    #[test]
    fn a_kitty_image_keeps_its_id_across_redraws() {
        let images = InlineImages::new(Some(ImageProtocol::Kitty), ImageSettings::default());
        let first = image_lines("call-9", Some(&result()), images, 80, &Plain);
        let again = image_lines("call-9", Some(&result()), images, 120, &Plain);
        assert_eq!(first[0], "");
        assert!(first[1].starts_with("\x1b_Ga=T,f=100,q=2,C=1,c=60,r=30,i="));
        let id = |line: &str| {
            line.split(",i=")
                .nth(1)
                .map(|r| r.split(';').next().map(str::to_string))
        };
        assert_eq!(id(&first[1]), id(&again[1]));
        assert_ne!(stable_image_id("call-9", 0), stable_image_id("call-9", 1));
        assert_ne!(stable_image_id("call-9", 0), 0);
    }
}
