//! Relative cursor moves and the hardware-cursor request of a frame.

/// `CSI n B` / `CSI n A` for a move of `rows` (down when positive); nothing for 0.
pub(super) fn move_rows(rows: i64) -> String {
    match rows {
        0 => String::new(),
        n if n > 0 => format!("\x1b[{n}B"),
        n => format!("\x1b[{}A", -n),
    }
}

/// Where the focused component put [`crate::CURSOR_MARKER`] (frame row, column) and whether
/// the cursor is to be shown there or only moved (IME windows follow it either way).
#[derive(Clone, Copy, Debug)]
pub(super) struct CursorPlan {
    pub cursor: Option<(usize, usize)>,
    pub show_hardware_cursor: bool,
}
