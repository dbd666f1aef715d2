//! Naming a key sequence: pi-tui's `parseKey`.

use super::kitty::{
    char_code_ascii, char_code_in, int32, logical_shifted_symbol, normalize_functional,
    normalize_shifted_letter, parse_kitty, parse_modify_other_keys, ALT, CP_BACKSPACE, CP_ENTER,
    CP_ESCAPE, CP_KP_ENTER, CP_SPACE, CP_TAB, CTRL, DELETE, DOWN, END, F1, F12, HOME, INSERT, LEFT,
    LOCK_MASK, PAGE_DOWN, PAGE_UP, RIGHT, SHIFT, SHIFTED_SYMBOL_KEYS, SUPER, SYMBOL_KEYS, UP,
};
use super::KeyContext;

/// Legacy sequences that name one key outright.
pub(crate) fn legacy_sequence_key_id(data: &str) -> Option<&'static str> {
    Some(match data {
        "\x1bOA" => "up",
        "\x1bOB" => "down",
        "\x1bOC" => "right",
        "\x1bOD" => "left",
        "\x1bOH" => "home",
        "\x1bOF" => "end",
        "\x1b[E" | "\x1bOE" => "clear",
        "\x1bOe" => "ctrl+clear",
        "\x1b[e" => "shift+clear",
        "\x1b[2~" => "insert",
        "\x1b[2$" => "shift+insert",
        "\x1b[2^" => "ctrl+insert",
        "\x1b[3$" => "shift+delete",
        "\x1b[3^" => "ctrl+delete",
        "\x1b[[5~" => "pageUp",
        "\x1b[[6~" => "pageDown",
        "\x1b[a" => "shift+up",
        "\x1b[b" => "shift+down",
        "\x1b[c" => "shift+right",
        "\x1b[d" => "shift+left",
        "\x1bOa" => "ctrl+up",
        "\x1bOb" => "ctrl+down",
        "\x1bOc" => "ctrl+right",
        "\x1bOd" => "ctrl+left",
        "\x1b[5$" => "shift+pageUp",
        "\x1b[6$" => "shift+pageDown",
        "\x1b[7$" => "shift+home",
        "\x1b[8$" => "shift+end",
        "\x1b[5^" => "ctrl+pageUp",
        "\x1b[6^" => "ctrl+pageDown",
        "\x1b[7^" => "ctrl+home",
        "\x1b[8^" => "ctrl+end",
        "\x1bOP" | "\x1b[11~" | "\x1b[[A" => "f1",
        "\x1bOQ" | "\x1b[12~" | "\x1b[[B" => "f2",
        "\x1bOR" | "\x1b[13~" | "\x1b[[C" => "f3",
        "\x1bOS" | "\x1b[14~" | "\x1b[[D" => "f4",
        "\x1b[[E" | "\x1b[15~" => "f5",
        "\x1b[17~" => "f6",
        "\x1b[18~" => "f7",
        "\x1b[19~" => "f8",
        "\x1b[20~" => "f9",
        "\x1b[21~" => "f10",
        "\x1b[23~" => "f11",
        "\x1b[24~" => "f12",
        "\x1bb" => "alt+left",
        "\x1bf" => "alt+right",
        "\x1bp" => "alt+up",
        "\x1bn" => "alt+down",
        _ => return None,
    })
}

/// `shift+ctrl+alt+super+name`, in that order; `None` for modifier bits pi-tui has no name for.
fn with_modifiers(name: &str, modifier: i64) -> Option<String> {
    let effective = int32(modifier) & !LOCK_MASK;
    if effective & !(SHIFT | CTRL | ALT | SUPER) != 0 {
        return None;
    }
    let mut id = String::new();
    for (bit, label) in [
        (SHIFT, "shift+"),
        (CTRL, "ctrl+"),
        (ALT, "alt+"),
        (SUPER, "super+"),
    ] {
        if effective & bit != 0 {
            id.push_str(label);
        }
    }
    id.push_str(name);
    Some(id)
}

fn is_identity_key(cp: i64) -> bool {
    (97..=122).contains(&cp) || (48..=57).contains(&cp) || char_code_in(cp, SYMBOL_KEYS)
}

/// The key id of a decoded (codepoint, modifier); the base-layout key only stands in when the
/// codepoint is not itself a Latin letter, digit or known symbol, so remapped layouts keep the
/// name of the character they produce.
fn format_key(codepoint: i64, modifier: i64, base_layout: Option<i64>) -> Option<String> {
    let identity = normalize_shifted_letter(normalize_functional(codepoint), modifier);
    let cp = if is_identity_key(identity) {
        identity
    } else {
        base_layout.unwrap_or(identity)
    };
    let name: String = match cp {
        CP_ESCAPE => "escape".into(),
        CP_TAB => "tab".into(),
        CP_ENTER | CP_KP_ENTER => "enter".into(),
        CP_SPACE => "space".into(),
        CP_BACKSPACE => "backspace".into(),
        DELETE => "delete".into(),
        INSERT => "insert".into(),
        HOME => "home".into(),
        END => "end".into(),
        PAGE_UP => "pageUp".into(),
        PAGE_DOWN => "pageDown".into(),
        F12..=F1 => format!("f{}", F1 - cp + 1),
        UP => "up".into(),
        DOWN => "down".into(),
        LEFT => "left".into(),
        RIGHT => "right".into(),
        48..=57 | 97..=122 => char_code_ascii(cp).to_string(),
        _ if char_code_in(cp, SYMBOL_KEYS) => char_code_ascii(cp).to_string(),
        _ => return None,
    };
    with_modifiers(&name, modifier)
}

/// The length of `s` in UTF-16 code units, which is what pi-tui's length checks count.
pub(crate) fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// pi-tui's key id for one input sequence (`"ctrl+c"`, `"shift+enter"`, `"alt+up"`, `"f5"`,
/// `"a"`...), or `None` when the sequence is not a key pi-tui names (text, mouse reports...).
pub fn parse_key(data: &str, ctx: KeyContext) -> Option<String> {
    if let Some(k) = parse_kitty(data) {
        let logical = logical_shifted_symbol(k.shifted, k.modifier, SYMBOL_KEYS);
        let (cp, modifier) = logical.unwrap_or((k.codepoint, k.modifier));
        return format_key(cp, modifier, k.base_layout);
    }
    if let Some((cp, modifier)) = parse_modify_other_keys(data) {
        let logical = logical_shifted_symbol(Some(cp), modifier, SHIFTED_SYMBOL_KEYS);
        let (cp, modifier) = logical.unwrap_or((cp, modifier));
        return format_key(cp, modifier, None);
    }
    let kitty = ctx.kitty_active;
    // With the Kitty protocol on, these are terminals' custom Shift+Enter mappings.
    if kitty && (data == "\x1b\r" || data == "\n") {
        return Some("shift+enter".into());
    }
    if let Some(id) = legacy_sequence_key_id(data) {
        return Some(id.into());
    }
    let fixed = match data {
        "\x1b" => Some("escape"),
        "\x1c" => Some("ctrl+\\"),
        "\x1d" => Some("ctrl+]"),
        "\x1f" => Some("ctrl+-"),
        "\x1b\x1b" => Some("ctrl+alt+["),
        "\x1b\x1c" => Some("ctrl+alt+\\"),
        "\x1b\x1d" => Some("ctrl+alt+]"),
        "\x1b\x1f" => Some("ctrl+alt+-"),
        "\t" => Some("tab"),
        "\r" | "\x1bOM" => Some("enter"),
        "\n" if !kitty => Some("enter"),
        "\x00" => Some("ctrl+space"),
        " " => Some("space"),
        "\x7f" => Some("backspace"),
        "\x08" if ctx.windows_terminal => Some("ctrl+backspace"),
        "\x08" => Some("backspace"),
        "\x1b[Z" => Some("shift+tab"),
        "\x1b\r" if !kitty => Some("alt+enter"),
        "\x1b " if !kitty => Some("alt+space"),
        "\x1b\x7f" | "\x1b\x08" => Some("alt+backspace"),
        "\x1bB" if !kitty => Some("alt+left"),
        "\x1bF" if !kitty => Some("alt+right"),
        _ => None,
    };
    if let Some(id) = fixed {
        return Some(id.into());
    }
    let mut chars = data.chars();
    if !kitty && utf16_len(data) == 2 && chars.next() == Some('\x1b') {
        let code = chars.next().map_or(0, u32::from);
        if (1..=26).contains(&code) {
            return Some(format!(
                "ctrl+alt+{}",
                char_code_ascii(i64::from(code) + 96)
            ));
        }
        if (97..=122).contains(&code)
            || (48..=57).contains(&code)
            || char_code_in(code.into(), SYMBOL_KEYS)
        {
            return Some(format!("alt+{}", char_code_ascii(code.into())));
        }
    }
    let named = match data {
        "\x1b[A" => Some("up"),
        "\x1b[B" => Some("down"),
        "\x1b[C" => Some("right"),
        "\x1b[D" => Some("left"),
        "\x1b[H" | "\x1bOH" => Some("home"),
        "\x1b[F" | "\x1bOF" => Some("end"),
        "\x1b[3~" => Some("delete"),
        "\x1b[5~" => Some("pageUp"),
        "\x1b[6~" => Some("pageDown"),
        _ => None,
    };
    if let Some(id) = named {
        return Some(id.into());
    }
    if utf16_len(data) == 1 {
        let code = data.chars().next().map_or(0, u32::from);
        if (1..=26).contains(&code) {
            return Some(format!("ctrl+{}", char_code_ascii(i64::from(code) + 96)));
        }
        if (32..=126).contains(&code) {
            return Some(data.into());
        }
    }
    None
}
