//! What an extension writes to the terminal itself (`process.stdout.write` in Pi's terminal
//! UI, e.g. notify.ts's OSC 777 notification): whether it can leave tau's screen as drawn.

/// True when `data` is only OSC sequences (`ESC ]` … `BEL` or `ESC \`) and bells: title,
/// notification, clipboard and hyperlink sequences draw nothing and move no cursor. Anything
/// else (text, CSI cursor moves, a cut-off sequence) may have changed what is on screen.
pub fn leaves_screen_alone(data: &str) -> bool {
    let bytes = data.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0x07 => i += 1,
            0x1b if bytes.get(i + 1) == Some(&b']') => {
                let Some(end) = osc_end(bytes, i + 2) else {
                    return false;
                };
                i = end;
            }
            _ => return false,
        }
    }
    true
}

/// The index after the terminator of an OSC body starting at `from`.
fn osc_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut j = from;
    while j < bytes.len() {
        match bytes[j] {
            0x07 => return Some(j + 1),
            0x1b if bytes.get(j + 1) == Some(&b'\\') => return Some(j + 2),
            _ => j += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::leaves_screen_alone;

    #[test]
    fn osc_sequences_and_bells_leave_the_screen_alone() {
        assert!(leaves_screen_alone("\x1b]777;notify;Pi;Ready\x07"));
        assert!(leaves_screen_alone("\x1b]9;done\x1b\\\x07"));
        assert!(leaves_screen_alone(""));
    }

    #[test]
    fn text_cursor_moves_and_cut_sequences_need_a_redraw() {
        assert!(!leaves_screen_alone("hello\n"));
        assert!(!leaves_screen_alone("\x1b[2J"));
        assert!(!leaves_screen_alone("\x1b]0;title"));
        assert!(!leaves_screen_alone("\x1b]0;t\x07x"));
    }
}
