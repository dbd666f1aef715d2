//! [`Screen`]: a snapshot of the emulated terminal at one instant.

use std::fmt::Write as _;
use std::time::Instant;

/// What the terminal showed after one chunk of output was parsed.
#[derive(Debug, Clone)]
pub struct Screen {
    rows: Vec<String>,
    cursor: (u16, u16),
    cursor_visible: bool,
    title: String,
    size: (u16, u16),
    alternate: bool,
    mouse: bool,
    kitty_flags: u16,
    bytes_written: u64,
    at: Instant,
}

impl Screen {
    pub(super) fn capture(
        screen: &vt100::Screen,
        title: &str,
        kitty_flags: u16,
        bytes_written: u64,
        at: Instant,
    ) -> Self {
        let (rows, cols) = screen.size();
        Self {
            rows: screen.rows(0, cols).collect(),
            cursor: screen.cursor_position(),
            cursor_visible: !screen.hide_cursor(),
            title: title.to_owned(),
            size: (cols, rows),
            alternate: screen.alternate_screen(),
            mouse: screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None,
            kitty_flags,
            bytes_written,
            at,
        }
    }

    /// Whether the program turned mouse reporting on.
    pub fn mouse_reporting(&self) -> bool {
        self.mouse
    }

    /// The visible rows, trailing blanks trimmed, one string each.
    pub fn rows(&self) -> &[String] {
        &self.rows
    }

    /// The visible text: rows joined with `\n`, trailing blank rows dropped.
    pub fn text(&self) -> String {
        self.rows[..self.used_rows()].join("\n")
    }

    /// Rows up to the last one that is not blank.
    fn used_rows(&self) -> usize {
        self.rows
            .iter()
            .rposition(|row| !row.trim().is_empty())
            .map_or(0, |last| last + 1)
    }

    /// True when some row contains `needle`.
    pub fn contains(&self, needle: &str) -> bool {
        self.rows.iter().any(|row| row.contains(needle))
    }

    /// The cursor as (row, column), 0-based.
    pub fn cursor(&self) -> (u16, u16) {
        self.cursor
    }

    /// Whether the app left the cursor shown.
    pub fn cursor_visible(&self) -> bool {
        self.cursor_visible
    }

    /// The window title (OSC 0 / 2), empty when never set.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The terminal size as (columns, rows).
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// Whether the app switched to the alternate screen.
    pub fn alternate_screen(&self) -> bool {
        self.alternate
    }

    /// The Kitty keyboard flags in force.
    pub fn kitty_flags(&self) -> u16 {
        self.kitty_flags
    }

    /// Bytes the app had written to the terminal when this screen was captured.
    pub fn bytes_written(&self) -> u64 {
        self.bytes_written
    }

    /// When the chunk that produced this screen was read.
    pub fn at(&self) -> Instant {
        self.at
    }

    /// A framed dump for failure messages: size, cursor, title, then the rows numbered.
    pub fn dump(&self) -> String {
        let (cols, rows) = self.size;
        let (cursor_row, cursor_col) = self.cursor;
        let mut out = format!(
            "screen {cols}x{rows}, cursor row {cursor_row} col {cursor_col}{}, title {:?}, kitty flags {}, {} bytes written\n",
            if self.cursor_visible { "" } else { " (hidden)" },
            self.title,
            self.kitty_flags,
            self.bytes_written,
        );
        let border = "-".repeat(usize::from(cols));
        let _ = writeln!(out, "    +{border}+");
        // Blank rows at the bottom are summarised, not drawn.
        let used = self.used_rows().max(1);
        for (number, row) in self.rows.iter().enumerate().take(used) {
            let _ = writeln!(
                out,
                "{number:>3} |{row:<width$}|",
                width = usize::from(cols)
            );
        }
        let _ = write!(out, "    +{border}+");
        if used < self.rows.len() {
            let _ = write!(out, "\n    (rows {used}-{} blank)", self.rows.len() - 1);
        }
        out
    }
}
