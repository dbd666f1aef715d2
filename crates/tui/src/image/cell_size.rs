//! The terminal's cell size in pixels, asked as pi-tui asks it when images are drawn:
//! `CSI 16 t`, answered `CSI 6 ; height ; width t`.

use super::CellDimensions;

/// The query (xterm's "report the character cell size in pixels").
pub const CELL_SIZE_QUERY: &str = "\x1b[16t";

/// A whole reply to [`CELL_SIZE_QUERY`]: `Some(Some(size))`, or `Some(None)` for a reply
/// with a zero size (consumed, ignored, as pi-tui does); `None` when `data` is not a reply.
pub fn parse_cell_size_reply(data: &str) -> Option<Option<CellDimensions>> {
    let body = data.strip_prefix("\x1b[6;")?.strip_suffix('t')?;
    let (height, width) = body.split_once(';')?;
    let number = |text: &str| -> Option<u32> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Digits beyond u32 are still a reply; such a size is unusable, like zero.
        Some(text.parse().unwrap_or(0))
    };
    let (height_px, width_px) = (number(height)?, number(width)?);
    Some((height_px > 0 && width_px > 0).then_some(CellDimensions {
        width_px,
        height_px,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read_as_pi_tui_reads_them() {
        assert_eq!(
            parse_cell_size_reply("\x1b[6;20;10t"),
            Some(Some(CellDimensions {
                width_px: 10,
                height_px: 20
            }))
        );
        assert_eq!(parse_cell_size_reply("\x1b[6;0;10t"), Some(None));
        assert_eq!(parse_cell_size_reply("\x1b[6;20t"), None);
        assert_eq!(parse_cell_size_reply("\x1b[6;a;1t"), None);
        assert_eq!(parse_cell_size_reply("\x1b[4;20;10t"), None);
        assert_eq!(parse_cell_size_reply("x"), None);
    }
}
