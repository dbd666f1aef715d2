//! Testing a sequence against a key id: pi-tui's `matchesKey`. It is not "parse, then compare
//! names": one id accepts every sequence terminals send for that key (legacy, SS3, Kitty,
//! modifyOtherKeys, keypad variants), and some spellings depend on the protocol state.

use super::kitty::{
    char_code_in, int32, logical_shifted_symbol, normalize_functional, normalize_shifted_letter,
    parse_kitty, parse_modify_other_keys, ALT, CP_BACKSPACE, CP_ENTER, CP_ESCAPE, CP_KP_ENTER,
    CP_SPACE, CP_TAB, CTRL, DELETE, DOWN, END, F1, HOME, INSERT, LEFT, LOCK_MASK, PAGE_DOWN,
    PAGE_UP, RIGHT, SHIFT, SHIFTED_SYMBOL_KEYS, SUPER, SYMBOL_KEYS, UP,
};
use super::parse::utf16_len;
use super::KeyContext;

/// A key id split into its key name (lower case) and modifier bits.
fn parse_key_id(key_id: &str) -> Option<(String, i64)> {
    let lower = key_id.to_lowercase();
    let mut key = lower.as_str();
    let mut modifier = 0;
    loop {
        let found = [
            ("shift", SHIFT),
            ("alt", ALT),
            ("ctrl", CTRL),
            ("super", SUPER),
        ]
        .into_iter()
        .find_map(|(name, bit)| Some((key.strip_prefix(name)?.strip_prefix('+')?, bit)));
        let Some((after, bit)) = found else { break };
        if modifier & bit != 0 {
            return None;
        }
        modifier |= bit;
        key = after;
    }
    if key.is_empty() || (key.contains('+') && key != "+") {
        return None;
    }
    Some((key.to_string(), modifier))
}

fn matches_kitty(data: &str, expected_cp: i64, expected_mod: i64) -> bool {
    let Some(k) = parse_kitty(data) else {
        return false;
    };
    let actual_mod = int32(k.modifier) & !LOCK_MASK;
    let expected_mod_masked = expected_mod & !LOCK_MASK;
    let cp = normalize_shifted_letter(normalize_functional(k.codepoint), k.modifier);
    let expected = normalize_shifted_letter(normalize_functional(expected_cp), expected_mod);
    if actual_mod == expected_mod_masked && cp == expected {
        return true;
    }
    // Kitty reports "+" as Shift plus "="; a binding names the symbol produced.
    if let Some((sym, sym_mod)) = logical_shifted_symbol(k.shifted, actual_mod, SYMBOL_KEYS) {
        if sym_mod & !LOCK_MASK == expected_mod_masked && sym == normalize_functional(expected_cp) {
            return true;
        }
    }
    if actual_mod != expected_mod_masked {
        return false;
    }
    // A non-Latin layout's key matches through its base-layout (PC-101) key, but only when
    // the produced character is not itself a Latin letter or known symbol.
    k.base_layout == Some(expected_cp)
        && !(97..=122).contains(&cp)
        && !char_code_in(cp, SYMBOL_KEYS)
}

fn matches_modify_other_keys(data: &str, expected_cp: i64, expected_mod: i64) -> bool {
    parse_modify_other_keys(data) == Some((expected_cp, expected_mod))
}

fn matches_printable_modify_other_keys(data: &str, expected_cp: i64, expected_mod: i64) -> bool {
    let Some((cp, modifier)) = parse_modify_other_keys(data) else {
        return false;
    };
    if modifier == expected_mod
        && normalize_shifted_letter(cp, modifier)
            == normalize_shifted_letter(expected_cp, expected_mod)
    {
        return true;
    }
    logical_shifted_symbol(Some(cp), modifier, SHIFTED_SYMBOL_KEYS)
        == Some((expected_cp, expected_mod))
}

/// A raw BS byte is Ctrl+Backspace in Windows Terminal and plain Backspace elsewhere.
fn matches_raw_backspace(data: &str, expected_mod: i64, ctx: KeyContext) -> bool {
    match data {
        "\x7f" => expected_mod == 0,
        "\x08" if ctx.windows_terminal => expected_mod == CTRL,
        "\x08" => expected_mod == 0,
        _ => false,
    }
}

/// The legacy sequences of a navigation key: plain, with Shift, with Ctrl.
struct Legacy {
    plain: &'static [&'static str],
    shift: &'static [&'static str],
    ctrl: &'static [&'static str],
}

fn legacy(key: &str) -> Option<(Legacy, i64)> {
    let l = |plain, shift, ctrl| Legacy { plain, shift, ctrl };
    Some(match key {
        "up" => (l(&["\x1b[A", "\x1bOA"], &["\x1b[a"], &["\x1bOa"]), UP),
        "down" => (l(&["\x1b[B", "\x1bOB"], &["\x1b[b"], &["\x1bOb"]), DOWN),
        "right" => (l(&["\x1b[C", "\x1bOC"], &["\x1b[c"], &["\x1bOc"]), RIGHT),
        "left" => (l(&["\x1b[D", "\x1bOD"], &["\x1b[d"], &["\x1bOd"]), LEFT),
        "home" => (
            l(
                &["\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~"],
                &["\x1b[7$"],
                &["\x1b[7^"],
            ),
            HOME,
        ),
        "end" => (
            l(
                &["\x1b[F", "\x1bOF", "\x1b[4~", "\x1b[8~"],
                &["\x1b[8$"],
                &["\x1b[8^"],
            ),
            END,
        ),
        "insert" => (l(&["\x1b[2~"], &["\x1b[2$"], &["\x1b[2^"]), INSERT),
        "delete" => (l(&["\x1b[3~"], &["\x1b[3$"], &["\x1b[3^"]), DELETE),
        "pageup" => (
            l(&["\x1b[5~", "\x1b[[5~"], &["\x1b[5$"], &["\x1b[5^"]),
            PAGE_UP,
        ),
        "pagedown" => (
            l(&["\x1b[6~", "\x1b[[6~"], &["\x1b[6$"], &["\x1b[6^"]),
            PAGE_DOWN,
        ),
        // Clear has no Kitty form; its codepoint is never reported.
        "clear" => (l(&["\x1b[E", "\x1bOE"], &["\x1b[e"], &["\x1bOe"]), i64::MIN),
        _ => return None,
    })
}

fn function_key(key: &str) -> Option<(&'static [&'static str], i64)> {
    Some(match key {
        "f1" => (&["\x1bOP", "\x1b[11~", "\x1b[[A"], F1),
        "f2" => (&["\x1bOQ", "\x1b[12~", "\x1b[[B"], F1 - 1),
        "f3" => (&["\x1bOR", "\x1b[13~", "\x1b[[C"], F1 - 2),
        "f4" => (&["\x1bOS", "\x1b[14~", "\x1b[[D"], F1 - 3),
        "f5" => (&["\x1b[15~", "\x1b[[E"], F1 - 4),
        "f6" => (&["\x1b[17~"], F1 - 5),
        "f7" => (&["\x1b[18~"], F1 - 6),
        "f8" => (&["\x1b[19~"], F1 - 7),
        "f9" => (&["\x1b[20~"], F1 - 8),
        "f10" => (&["\x1b[21~"], F1 - 9),
        "f11" => (&["\x1b[23~"], F1 - 10),
        "f12" => (&["\x1b[24~"], F1 - 11),
        _ => return None,
    })
}

fn matches_legacy_modified(data: &str, l: &Legacy, modifier: i64) -> bool {
    match modifier {
        SHIFT => l.shift.contains(&data),
        CTRL => l.ctrl.contains(&data),
        _ => false,
    }
}

fn matches_navigation(data: &str, key: &str, l: &Legacy, cp: i64, m: i64, ctx: KeyContext) -> bool {
    let kitty = ctx.kitty_active;
    let kitty_form = |m| key != "clear" && matches_kitty(data, cp, m);
    match (key, m) {
        ("up", ALT) => return data == "\x1bp" || kitty_form(ALT),
        ("down", ALT) => return data == "\x1bn" || kitty_form(ALT),
        ("left", ALT) => {
            return data == "\x1b[1;3D"
                || (!kitty && data == "\x1bB")
                || data == "\x1bb"
                || kitty_form(ALT)
        }
        ("right", ALT) => {
            return data == "\x1b[1;3C"
                || (!kitty && data == "\x1bF")
                || data == "\x1bf"
                || kitty_form(ALT)
        }
        ("left", CTRL) => {
            return data == "\x1b[1;5D"
                || matches_legacy_modified(data, l, CTRL)
                || kitty_form(CTRL)
        }
        ("right", CTRL) => {
            return data == "\x1b[1;5C"
                || matches_legacy_modified(data, l, CTRL)
                || kitty_form(CTRL)
        }
        _ => {}
    }
    if m == 0 {
        return l.plain.contains(&data) || kitty_form(0);
    }
    matches_legacy_modified(data, l, m) || kitty_form(m)
}

/// The control byte a legacy terminal sends for Ctrl plus this key (`key` is lower case).
fn raw_ctrl_char(key: &str) -> Option<char> {
    match key {
        "[" | "\\" | "]" | "_" => key.bytes().next().map(|b| char::from(b & 0x1f)),
        "-" => Some('\x1f'),
        _ => {
            let b = key.bytes().next().filter(u8::is_ascii_lowercase)?;
            (key.len() == 1).then(|| char::from(b & 0x1f))
        }
    }
}

fn matches_printable(data: &str, key: &str, m: i64, ctx: KeyContext) -> bool {
    let kitty = ctx.kitty_active;
    let Some(c) = key.chars().next() else {
        return false;
    };
    let cp = i64::from(u32::from(c));
    let raw_ctrl = raw_ctrl_char(key);
    let is_letter = c.is_ascii_lowercase();
    let legacy_prefixed = |ch: char| {
        data.len() == 1 + ch.len_utf8() && data.starts_with('\x1b') && data[1..].starts_with(ch)
    };
    if m == CTRL + ALT && !kitty {
        // Legacy Ctrl+Alt+key is ESC then the control byte; otherwise fall through so tmux's
        // CSI-u and modifyOtherKeys forms still match.
        if let Some(rc) = raw_ctrl {
            if legacy_prefixed(rc) {
                return true;
            }
        }
    }
    if m == ALT && !kitty && legacy_prefixed(c) {
        return true;
    }
    let extended =
        |m| matches_kitty(data, cp, m) || matches_printable_modify_other_keys(data, cp, m);
    match m {
        CTRL => {
            raw_ctrl.is_some_and(|rc| data.len() == 1 && data.starts_with(rc)) || extended(CTRL)
        }
        SHIFT => {
            (is_letter && data.len() == 1 && data.starts_with(c.to_ascii_uppercase()))
                || extended(SHIFT)
        }
        0 => data == key || extended(0),
        _ => extended(m),
    }
}

/// Whether `data` is the key `key_id` (`"ctrl+c"`, `"shift+enter"`, `"alt+up"`,
/// `"ctrl+shift+p"`...), by pi-tui's rules. Modifier names may come in any order and case.
pub fn matches_key(data: &str, key_id: &str, ctx: KeyContext) -> bool {
    let Some((key, m)) = parse_key_id(key_id) else {
        return false;
    };
    let kitty = ctx.kitty_active;
    match key.as_str() {
        "escape" | "esc" => {
            m == 0
                && (data == "\x1b"
                    || matches_kitty(data, CP_ESCAPE, 0)
                    || matches_modify_other_keys(data, CP_ESCAPE, 0))
        }
        "space" => {
            if !kitty && ((m == CTRL && data == "\x00") || (m == ALT && data == "\x1b ")) {
                return true;
            }
            (m == 0 && data == " ")
                || matches_kitty(data, CP_SPACE, m)
                || matches_modify_other_keys(data, CP_SPACE, m)
        }
        "tab" => match m {
            SHIFT => {
                data == "\x1b[Z"
                    || matches_kitty(data, CP_TAB, SHIFT)
                    || matches_modify_other_keys(data, CP_TAB, SHIFT)
            }
            0 => data == "\t" || matches_kitty(data, CP_TAB, 0),
            _ => matches_kitty(data, CP_TAB, m) || matches_modify_other_keys(data, CP_TAB, m),
        },
        "enter" | "return" => {
            let csi = matches_kitty(data, CP_ENTER, m) || matches_kitty(data, CP_KP_ENTER, m);
            match m {
                // With Kitty on, ESC CR (Kitty's mapping) and LF (Ghostty's) are Shift+Enter.
                SHIFT => {
                    csi || matches_modify_other_keys(data, CP_ENTER, SHIFT)
                        || (kitty && (data == "\x1b\r" || data == "\n"))
                }
                ALT => {
                    csi || matches_modify_other_keys(data, CP_ENTER, ALT)
                        || (!kitty && data == "\x1b\r")
                }
                0 => data == "\r" || (!kitty && data == "\n") || data == "\x1bOM" || csi,
                _ => csi || matches_modify_other_keys(data, CP_ENTER, m),
            }
        }
        "backspace" => {
            let extended = matches_kitty(data, CP_BACKSPACE, m)
                || matches_modify_other_keys(data, CP_BACKSPACE, m);
            match m {
                ALT => data == "\x1b\x7f" || data == "\x1b\x08" || extended,
                CTRL | 0 => matches_raw_backspace(data, m, ctx) || extended,
                _ => extended,
            }
        }
        name => {
            if let Some((l, cp)) = legacy(name) {
                return matches_navigation(data, name, &l, cp, m, ctx);
            }
            if let Some((plain, cp)) = function_key(name) {
                return (m == 0 && plain.contains(&data)) || matches_kitty(data, cp, m);
            }
            let single = utf16_len(name) == 1;
            let c = name.chars().next().unwrap_or('\0');
            if single
                && (c.is_ascii_lowercase()
                    || c.is_ascii_digit()
                    || char_code_in(u32::from(c).into(), SYMBOL_KEYS))
            {
                return matches_printable(data, name, m, ctx);
            }
            false
        }
    }
}
