//! Reading the parameterised key sequences: the Kitty keyboard protocol's CSI-u and its
//! modified legacy forms (`CSI 1;mod A`, `CSI n;mod ~`, ...), and xterm's modifyOtherKeys
//! (`CSI 27;mod;key ~`), plus the numeric rules pi-tui applies to their fields.
//!
//! Numbers follow JavaScript: fields are parsed as integers, and bit operations on modifiers
//! first wrap the value to a signed 32-bit integer, which is why `int32` appears around
//! every mask.

use super::pattern::{match_start, num, num0, Pat};

pub(crate) const SHIFT: i64 = 1;
pub(crate) const ALT: i64 = 2;
pub(crate) const CTRL: i64 = 4;
pub(crate) const SUPER: i64 = 8;
/// Caps Lock and Num Lock: reported by Kitty, never part of a key's identity.
pub(crate) const LOCK_MASK: i64 = 64 + 128;

pub(crate) const CP_ESCAPE: i64 = 27;
pub(crate) const CP_TAB: i64 = 9;
pub(crate) const CP_ENTER: i64 = 13;
pub(crate) const CP_SPACE: i64 = 32;
pub(crate) const CP_BACKSPACE: i64 = 127;
/// Kitty's keypad Enter.
pub(crate) const CP_KP_ENTER: i64 = 57414;

// pi-tui's internal negative codepoints for keys that have no character.
pub(crate) const UP: i64 = -1;
pub(crate) const DOWN: i64 = -2;
pub(crate) const RIGHT: i64 = -3;
pub(crate) const LEFT: i64 = -4;
pub(crate) const DELETE: i64 = -10;
pub(crate) const INSERT: i64 = -11;
pub(crate) const PAGE_UP: i64 = -12;
pub(crate) const PAGE_DOWN: i64 = -13;
pub(crate) const HOME: i64 = -14;
pub(crate) const END: i64 = -15;
pub(crate) const F1: i64 = -21;
pub(crate) const F12: i64 = -32;

/// The symbol keys a key id may name.
pub(crate) const SYMBOL_KEYS: &str = "`-=[]\\;',./!@#$%^&*()_+|~{}:<>?";
/// The symbols that need Shift on a US layout.
pub(crate) const SHIFTED_SYMBOL_KEYS: &str = "~!@#$%^&*()_+|{}:<>?";

/// JavaScript's `ToInt32`, applied before every bitwise operation.
pub(crate) fn int32(v: i64) -> i64 {
    i64::from(v as i32)
}

/// Whether `String.fromCharCode(cp)` (which wraps to 16 bits) is one of `set`'s characters.
pub(crate) fn char_code_in(cp: i64, set: &str) -> bool {
    let unit = cp.rem_euclid(65536);
    set.bytes().any(|b| i64::from(b) == unit)
}

/// The character `String.fromCharCode(cp)` yields, for a `cp` known to be ASCII modulo 2^16.
pub(crate) fn char_code_ascii(cp: i64) -> char {
    char::from(cp.rem_euclid(65536) as u8)
}

/// `parseInt` of a run of ASCII digits (saturating far beyond anything a terminal sends).
pub(crate) fn int(digits: &str) -> i64 {
    digits.bytes().fold(0i64, |acc, b| {
        acc.saturating_mul(10).saturating_add(i64::from(b - b'0'))
    })
}

/// Kitty's keypad and other functional keys that stand for an ordinary key.
pub(crate) fn normalize_functional(cp: i64) -> i64 {
    match cp {
        57399..=57408 => cp - 57399 + 48,
        57409 => 46,
        57410 => 47,
        57411 => 42,
        57412 => 45,
        57413 => 43,
        57415 => 61,
        57416 => 44,
        57417 => LEFT,
        57418 => RIGHT,
        57419 => UP,
        57420 => DOWN,
        57421 => PAGE_UP,
        57422 => PAGE_DOWN,
        57423 => HOME,
        57424 => END,
        57425 => INSERT,
        57426 => DELETE,
        _ => cp,
    }
}

/// With Shift held an upper-case ASCII letter is the same key as its lower case.
pub(crate) fn normalize_shifted_letter(cp: i64, modifier: i64) -> i64 {
    let effective = int32(modifier) & !LOCK_MASK;
    if effective & SHIFT != 0 && (65..=90).contains(&cp) {
        cp + 32
    } else {
        cp
    }
}

/// When a key with Shift produced a symbol out of `allowed`, the symbol without the Shift.
pub(crate) fn logical_shifted_symbol(
    cp: Option<i64>,
    modifier: i64,
    allowed: &str,
) -> Option<(i64, i64)> {
    let cp = cp?;
    if int32(modifier) & SHIFT == 0 {
        return None;
    }
    let normalized = normalize_functional(cp);
    if !char_code_in(normalized, allowed) {
        return None;
    }
    Some((normalized, int32(modifier) & !SHIFT))
}

/// Press, repeat or release (Kitty's flag 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyEventType {
    /// The key went down (also when the terminal does not report event types).
    Press,
    /// The key is held and auto-repeating.
    Repeat,
    /// The key went up.
    Release,
}

fn event_type(field: Option<&str>) -> KeyEventType {
    match field.filter(|f| !f.is_empty()).map(int) {
        Some(2) => KeyEventType::Repeat,
        Some(3) => KeyEventType::Release,
        _ => KeyEventType::Press,
    }
}

/// A parameterised key sequence, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KittyKey {
    pub codepoint: i64,
    pub shifted: Option<i64>,
    pub base_layout: Option<i64>,
    /// The reported modifier field minus one (a bit set, still with lock bits).
    pub modifier: i64,
    pub event: KeyEventType,
}

/// `CSI code[:shifted[:base]][;mod[:event]] u`
pub(crate) const CSI_U: &[Pat] = &[
    Pat::Lit(b"\x1b["),
    num(0),
    Pat::Opt(&[Pat::Lit(b":"), num0(1)]),
    Pat::Opt(&[Pat::Lit(b":"), num(2)]),
    Pat::Opt(&[Pat::Lit(b";"), num(3)]),
    Pat::Opt(&[Pat::Lit(b":"), num(4)]),
    Pat::Lit(b"u"),
    Pat::End,
];
const ARROW: &[Pat] = &[
    Pat::Lit(b"\x1b[1;"),
    num(0),
    Pat::Opt(&[Pat::Lit(b":"), num(1)]),
    Pat::OneOf(b"ABCD", Some(2)),
    Pat::End,
];
const FUNCTIONAL: &[Pat] = &[
    Pat::Lit(b"\x1b["),
    num(0),
    Pat::Opt(&[Pat::Lit(b";"), num(1)]),
    Pat::Opt(&[Pat::Lit(b":"), num(2)]),
    Pat::Lit(b"~"),
    Pat::End,
];
const HOME_END: &[Pat] = &[
    Pat::Lit(b"\x1b[1;"),
    num(0),
    Pat::Opt(&[Pat::Lit(b":"), num(1)]),
    Pat::OneOf(b"HF", Some(2)),
    Pat::End,
];
const F_KEY: &[Pat] = &[
    Pat::Lit(b"\x1b["),
    Pat::Opt(&[Pat::Lit(b"1;"), num(0), Pat::Opt(&[Pat::Lit(b":"), num(1)])]),
    Pat::OneOf(b"PQS", Some(2)),
    Pat::End,
];
const MODIFY_OTHER_KEYS: &[Pat] = &[
    Pat::Lit(b"\x1b[27;"),
    num(0),
    Pat::Lit(b";"),
    num(1),
    Pat::Lit(b"~"),
    Pat::End,
];

fn modifier_field(field: Option<&str>) -> i64 {
    field.filter(|f| !f.is_empty()).map_or(1, int) - 1
}

/// Decodes the Kitty-protocol forms, in pi-tui's order of precedence.
pub(crate) fn parse_kitty(data: &str) -> Option<KittyKey> {
    if !data.starts_with("\x1b[") {
        return None;
    }
    let simple = |codepoint, c: &[Option<&str>]| KittyKey {
        codepoint,
        shifted: None,
        base_layout: None,
        modifier: modifier_field(c[0]),
        event: event_type(c[1]),
    };
    // Each form has its own final byte, so only one pattern can apply.
    match data.as_bytes().last() {
        Some(b'u') => {
            let c = match_start(CSI_U, 5, data)?;
            Some(KittyKey {
                codepoint: int(c[0].unwrap_or("")),
                shifted: c[1].filter(|s| !s.is_empty()).map(int),
                base_layout: c[2].filter(|s| !s.is_empty()).map(int),
                modifier: modifier_field(c[3]),
                event: event_type(c[4]),
            })
        }
        Some(b'A' | b'B' | b'C' | b'D') => {
            let c = match_start(ARROW, 3, data)?;
            let cp = match c[2] {
                Some("A") => UP,
                Some("B") => DOWN,
                Some("C") => RIGHT,
                _ => LEFT,
            };
            Some(simple(cp, &c))
        }
        Some(b'~') => {
            let c = match_start(FUNCTIONAL, 3, data)?;
            let cp = match int(c[0].unwrap_or("")) {
                2 => INSERT,
                3 => DELETE,
                5 => PAGE_UP,
                6 => PAGE_DOWN,
                7 => HOME,
                8 => END,
                n @ 11..=15 => F1 - (n - 11),
                n @ 17..=21 => F1 - (n - 12),
                n @ 23..=24 => F1 - (n - 13),
                _ => return None,
            };
            Some(simple(cp, &c[1..]))
        }
        Some(b'H' | b'F') => {
            let c = match_start(HOME_END, 3, data)?;
            let cp = if c[2] == Some("H") { HOME } else { END };
            Some(simple(cp, &c))
        }
        Some(b'P' | b'Q' | b'S') => {
            let c = match_start(F_KEY, 3, data)?;
            let cp = match c[2] {
                Some("P") => F1,
                Some("Q") => F1 - 1,
                _ => F1 - 3,
            };
            Some(simple(cp, &c))
        }
        _ => None,
    }
}

/// Decodes `CSI 27;mod;key ~` into (codepoint, modifier).
pub(crate) fn parse_modify_other_keys(data: &str) -> Option<(i64, i64)> {
    let c = match_start(MODIFY_OTHER_KEYS, 2, data)?;
    Some((int(c[1].unwrap_or("")), int(c[0].unwrap_or("")) - 1))
}

/// The Kitty event type of a sequence, when it is a parameterised key sequence.
pub fn key_event_type(data: &str) -> Option<KeyEventType> {
    parse_kitty(data).map(|k| k.event)
}
