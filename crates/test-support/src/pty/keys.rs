//! Key names to the bytes a terminal sends for them: legacy (xterm) form, or Kitty CSI-u
//! form while the app has enabled the Kitty keyboard protocol's "disambiguate" flag (with
//! "report event types", a key sent as an escape code is followed by its release event).
//!
//! Names are `mod+mod+key`: modifiers `ctrl`, `alt`, `shift`, `super`; keys are a single
//! character, `enter`/`return`, `tab`, `backspace`, `escape`/`esc`, `space`, `up`, `down`,
//! `left`, `right`, `home`, `end`, `pageup`, `pagedown`, `insert`, `delete`, `f1`–`f12`.

/// How the terminal currently encodes keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct KeyMode {
    /// Kitty flags in force (bit 1: disambiguate; bit 8: all keys as escape codes).
    pub kitty_flags: u16,
    /// DECCKM: unmodified arrows and home/end as `ESC O x` in the legacy form.
    pub application_cursor: bool,
}

#[derive(Debug, Clone, Copy, Default)]
struct Modifiers {
    shift: bool,
    alt: bool,
    ctrl: bool,
    meta: bool,
}

impl Modifiers {
    /// The CSI modifier parameter: 1 + the modifier bits.
    fn param(self) -> u8 {
        1 + u8::from(self.shift)
            + 2 * u8::from(self.alt)
            + 4 * u8::from(self.ctrl)
            + 8 * u8::from(self.meta)
    }

    fn any(self) -> bool {
        self.param() > 1
    }
}

/// A named key, before encoding.
enum Key {
    Char(char),
    /// Enter, tab, backspace, escape: keys with a C0 legacy form and a Kitty code point.
    Control {
        code: u32,
        legacy: u8,
    },
    /// Arrows, home, end, F1–F4: `CSI 1;mods X` or `SS3 X`.
    Letter(char),
    /// `CSI number ~` keys.
    Tilde(u8),
}

/// The bytes for `name` in `mode`, or why the name is not a key.
pub fn encode_key(name: &str, mode: KeyMode) -> Result<Vec<u8>, String> {
    let (mods, key) = parse(name)?;
    let kitty = mode.kitty_flags & 1 != 0;
    let all_escaped = mode.kitty_flags & 8 != 0;
    let bytes = match key {
        Key::Char(ch) => encode_char(ch, mods, kitty, all_escaped),
        Key::Control { code, legacy } => {
            // Kitty keeps enter, tab and backspace in legacy form when unmodified, unless all
            // keys are escaped; escape itself is always disambiguated.
            let plain_legacy = !mods.any() && !all_escaped && code != 27;
            if kitty && !plain_legacy {
                csi_u(code, mods)
            } else {
                legacy_control(code, legacy, mods)
            }
        }
        Key::Letter(letter) => {
            if mods.any() {
                format!("\x1b[1;{}{letter}", mods.param()).into_bytes()
            } else if (mode.application_cursor && !kitty) || matches!(letter, 'P' | 'Q' | 'R' | 'S')
            {
                // DECCKM arrows and F1–F4 are SS3 sequences.
                format!("\x1bO{letter}").into_bytes()
            } else {
                format!("\x1b[{letter}").into_bytes()
            }
        }
        Key::Tilde(number) => {
            if mods.any() {
                format!("\x1b[{number};{}~", mods.param()).into_bytes()
            } else {
                format!("\x1b[{number}~").into_bytes()
            }
        }
    };
    // With "report event types" a key sent as an escape code is followed by its release.
    let release = (kitty && mode.kitty_flags & 2 != 0)
        .then(|| release_of(&bytes))
        .flatten();
    Ok(match release {
        Some(release) => [bytes, release].concat(),
        None => bytes,
    })
}

/// The Kitty release event for a press sent as `CSI params final` (`final` one of `u`, `~`,
/// or a cursor letter): the modifier field gets the event type `:3`.
fn release_of(press: &[u8]) -> Option<Vec<u8>> {
    let body = press.strip_prefix(b"\x1b[")?;
    let (&last, params) = body.split_last()?;
    if !(last == b'u' || last == b'~' || last.is_ascii_uppercase()) {
        return None;
    }
    let params = std::str::from_utf8(params).ok()?;
    let with_event = match params.split_once(';') {
        Some((code, mods)) => format!("{code};{mods}:3"),
        None if params.is_empty() => "1;1:3".to_owned(),
        None => format!("{params};1:3"),
    };
    Some(format!("\x1b[{with_event}{}", char::from(last)).into_bytes())
}

fn encode_char(ch: char, mods: Modifiers, kitty: bool, all_escaped: bool) -> Vec<u8> {
    // Shift on a character is the shifted character itself.
    let only_shift = !mods.alt && !mods.ctrl && !mods.meta;
    if only_shift && !all_escaped {
        let ch = if mods.shift {
            ch.to_uppercase().next().unwrap_or(ch)
        } else {
            ch
        };
        return ch.to_string().into_bytes();
    }
    if kitty {
        return csi_u(u32::from(ch.to_lowercase().next().unwrap_or(ch)), mods);
    }
    let mut bytes = Vec::new();
    if mods.alt {
        bytes.push(0x1b);
    }
    if mods.ctrl {
        bytes.push(ctrl_byte(ch));
    } else {
        let ch = if mods.shift {
            ch.to_uppercase().next().unwrap_or(ch)
        } else {
            ch
        };
        bytes.extend_from_slice(ch.to_string().as_bytes());
    }
    bytes
}

/// The C0 byte ctrl+`ch` gives in a legacy terminal.
fn ctrl_byte(ch: char) -> u8 {
    match ch.to_ascii_lowercase() {
        letter @ 'a'..='z' => letter as u8 - b'a' + 1,
        ' ' | '@' | '2' => 0,
        '[' | '3' => 0x1b,
        '\\' | '4' => 0x1c,
        ']' | '5' => 0x1d,
        '^' | '6' => 0x1e,
        '_' | '-' | '/' | '7' => 0x1f,
        '8' | '?' => 0x7f,
        other => other as u8,
    }
}

fn legacy_control(code: u32, legacy: u8, mods: Modifiers) -> Vec<u8> {
    let mut bytes = Vec::new();
    if mods.alt {
        bytes.push(0x1b);
    }
    match (code, mods.shift, mods.ctrl) {
        (9, true, _) => bytes.extend_from_slice(b"\x1b[Z"),
        (127, _, true) => bytes.push(0x08),
        _ => bytes.push(legacy),
    }
    bytes
}

fn csi_u(code: u32, mods: Modifiers) -> Vec<u8> {
    if mods.any() {
        format!("\x1b[{code};{}u", mods.param()).into_bytes()
    } else {
        format!("\x1b[{code}u").into_bytes()
    }
}

fn parse(name: &str) -> Result<(Modifiers, Key), String> {
    let mut mods = Modifiers::default();
    let mut parts: Vec<&str> = name.split('+').collect();
    // "ctrl++" names the plus key.
    if name.ends_with("++") {
        parts.truncate(parts.len().saturating_sub(2));
        parts.push("+");
    }
    let Some((key, modifier_names)) = parts.split_last() else {
        return Err(format!("empty key name {name:?}"));
    };
    for modifier in modifier_names {
        match modifier.to_ascii_lowercase().as_str() {
            "ctrl" | "control" => mods.ctrl = true,
            "alt" | "option" | "meta" => mods.alt = true,
            "shift" => mods.shift = true,
            "super" | "cmd" => mods.meta = true,
            other => return Err(format!("unknown modifier {other:?} in key {name:?}")),
        }
    }
    let mut chars = key.chars();
    if let (Some(ch), None) = (chars.next(), chars.next()) {
        return Ok((mods, Key::Char(ch)));
    }
    let key = match key.to_ascii_lowercase().as_str() {
        "enter" | "return" => Key::Control {
            code: 13,
            legacy: b'\r',
        },
        "tab" => Key::Control {
            code: 9,
            legacy: b'\t',
        },
        "backspace" => Key::Control {
            code: 127,
            legacy: 0x7f,
        },
        "escape" | "esc" => Key::Control {
            code: 27,
            legacy: 0x1b,
        },
        "space" => Key::Char(' '),
        "up" => Key::Letter('A'),
        "down" => Key::Letter('B'),
        "right" => Key::Letter('C'),
        "left" => Key::Letter('D'),
        "home" => Key::Letter('H'),
        "end" => Key::Letter('F'),
        "f1" => Key::Letter('P'),
        "f2" => Key::Letter('Q'),
        "f3" => Key::Letter('R'),
        "f4" => Key::Letter('S'),
        "insert" => Key::Tilde(2),
        "delete" => Key::Tilde(3),
        "pageup" => Key::Tilde(5),
        "pagedown" => Key::Tilde(6),
        "f5" => Key::Tilde(15),
        "f6" => Key::Tilde(17),
        "f7" => Key::Tilde(18),
        "f8" => Key::Tilde(19),
        "f9" => Key::Tilde(20),
        "f10" => Key::Tilde(21),
        "f11" => Key::Tilde(23),
        "f12" => Key::Tilde(24),
        other => return Err(format!("unknown key {other:?} in {name:?}")),
    };
    Ok((mods, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legacy(name: &str) -> Vec<u8> {
        encode_key(name, KeyMode::default()).unwrap_or_default()
    }

    fn kitty(name: &str) -> Vec<u8> {
        let mode = KeyMode {
            kitty_flags: 1,
            application_cursor: false,
        };
        encode_key(name, mode).unwrap_or_default()
    }

    #[test]
    fn legacy_forms_are_the_xterm_bytes() {
        assert_eq!(legacy("ctrl+c"), b"\x03");
        assert_eq!(legacy("ctrl+d"), b"\x04");
        assert_eq!(legacy("enter"), b"\r");
        assert_eq!(legacy("escape"), b"\x1b");
        assert_eq!(legacy("up"), b"\x1b[A");
        assert_eq!(legacy("shift+tab"), b"\x1b[Z");
        assert_eq!(legacy("alt+b"), b"\x1bb");
        assert_eq!(legacy("ctrl+left"), b"\x1b[1;5D");
        assert_eq!(legacy("pagedown"), b"\x1b[6~");
        assert_eq!(legacy("x"), b"x");
        assert_eq!(legacy("shift+x"), b"X");
        let app = KeyMode {
            kitty_flags: 0,
            application_cursor: true,
        };
        assert_eq!(encode_key("up", app).unwrap_or_default(), b"\x1bOA");
    }

    #[test]
    fn kitty_forms_disambiguate_modified_keys() {
        assert_eq!(kitty("ctrl+c"), b"\x1b[99;5u");
        assert_eq!(kitty("ctrl+d"), b"\x1b[100;5u");
        assert_eq!(kitty("escape"), b"\x1b[27u");
        assert_eq!(kitty("shift+enter"), b"\x1b[13;2u");
        assert_eq!(kitty("alt+b"), b"\x1b[98;3u");
        // Unmodified enter, tab, backspace and text stay as they are.
        assert_eq!(kitty("enter"), b"\r");
        assert_eq!(kitty("backspace"), b"\x7f");
        assert_eq!(kitty("a"), b"a");
        assert_eq!(kitty("up"), b"\x1b[A");
    }

    #[test]
    fn kitty_event_types_add_the_release_of_escape_coded_keys() {
        let mode = KeyMode {
            kitty_flags: 3,
            application_cursor: false,
        };
        let key = |name: &str| encode_key(name, mode).unwrap_or_default();
        assert_eq!(key("ctrl+c"), b"\x1b[99;5u\x1b[99;5:3u");
        assert_eq!(key("escape"), b"\x1b[27u\x1b[27;1:3u");
        assert_eq!(key("up"), b"\x1b[A\x1b[1;1:3A");
        assert_eq!(key("delete"), b"\x1b[3~\x1b[3;1:3~");
        // Text and unmodified enter stay plain, without a release.
        assert_eq!(key("a"), b"a");
        assert_eq!(key("enter"), b"\r");
    }

    #[test]
    fn bad_names_are_errors() {
        assert!(encode_key("hyper+x", KeyMode::default()).is_err());
        assert!(encode_key("nosuchkey", KeyMode::default()).is_err());
    }
}
