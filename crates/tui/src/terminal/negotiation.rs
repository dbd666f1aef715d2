//! Keyboard-protocol negotiation, as pi-tui's terminal does it: at start tau pushes Kitty
//! keyboard flags 7 (disambiguate, event types, alternate keys), asks which flags are on, and
//! sends a primary device attributes (DA1) request as a sentinel every terminal answers.
//! A non-zero flags reply turns the Kitty protocol on; a zero reply, or DA1 arriving first,
//! falls back to xterm's modifyOtherKeys mode 2. The replies are consumed here and never
//! reach the application as input; a reply split across reads is held back briefly and
//! joined.

use std::time::Duration;

/// Push flags 7, then query the flags in force.
pub const KITTY_QUERY: &str = "\x1b[>7u\x1b[?u";
/// Primary device attributes request.
pub const DEVICE_ATTRIBUTES_QUERY: &str = "\x1b[c";
/// Pops the pushed Kitty flags.
pub const KITTY_POP: &str = "\x1b[<u";
/// modifyOtherKeys mode 2 on / off.
pub const MODIFY_OTHER_KEYS_ON: &str = "\x1b[>4;2m";
/// modifyOtherKeys off.
pub const MODIFY_OTHER_KEYS_OFF: &str = "\x1b[>4;0m";

/// How long a reply fragment (`ESC [ ?` and digits) waits for its end before it is handed
/// on as ordinary input.
pub const FRAGMENT_TIMEOUT: Duration = Duration::from_millis(150);

/// A recognised negotiation reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `CSI ? flags u`.
    KittyFlags(u32),
    /// `CSI ? ... c`.
    DeviceAttributes,
}

/// Parses a complete reply, as pi-tui's `parseKeyboardProtocolNegotiationSequence`.
pub fn parse_reply(seq: &str) -> Option<Reply> {
    let body = seq.strip_prefix("\x1b[?")?;
    if let Some(digits) = body.strip_suffix('u') {
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Some(Reply::KittyFlags(digits.parse().unwrap_or(u32::MAX)));
        }
        return None;
    }
    let params = body.strip_suffix('c')?;
    params
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b';')
        .then_some(Reply::DeviceAttributes)
}

/// Whether `seq` could be the start of a reply.
fn is_reply_prefix(seq: &str) -> bool {
    seq == "\x1b["
        || seq
            .strip_prefix("\x1b[?")
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit() || b == b';'))
}

/// What to do with one sequence from the input splitter.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Sequences for the application, in order.
    pub forward: Vec<String>,
    /// Bytes to write to the terminal (modifyOtherKeys on/off).
    pub write: String,
    /// A fragment is held; call [`Negotiation::fragment_timeout`] after
    /// [`FRAGMENT_TIMEOUT`] unless more input arrives.
    pub pending: bool,
}

/// Negotiation state for one terminal session (start to stop).
#[derive(Debug, Default)]
pub struct Negotiation {
    kitty_active: bool,
    modify_other_keys: bool,
    pushed: bool,
    /// DA1 replies still owed to our queries; later ones answer someone else's query.
    pending_device_attributes: u32,
    fragment: String,
}

impl Negotiation {
    /// Not started.
    pub fn new() -> Self {
        Self::default()
    }

    /// The bytes that start negotiation.
    pub fn begin(&mut self) -> String {
        self.pushed = true;
        self.pending_device_attributes += 1;
        self.fragment.clear();
        format!("{KITTY_QUERY}{DEVICE_ATTRIBUTES_QUERY}")
    }

    /// The Kitty keyboard protocol is on (key names depend on it).
    pub fn kitty_active(&self) -> bool {
        self.kitty_active
    }

    /// modifyOtherKeys is on.
    pub fn modify_other_keys(&self) -> bool {
        self.modify_other_keys
    }

    /// The bytes that undo what negotiation switched on; the state returns to "not started".
    pub fn end(&mut self) -> String {
        let mut out = String::new();
        if self.pushed || self.kitty_active {
            out.push_str(KITTY_POP);
        }
        if self.modify_other_keys {
            out.push_str(MODIFY_OTHER_KEYS_OFF);
        }
        *self = Self::default();
        out
    }

    /// What [`Self::end`] would write, without changing anything (for a panic hook).
    pub fn end_sequence(&self) -> String {
        let mut copy = Self {
            kitty_active: self.kitty_active,
            modify_other_keys: self.modify_other_keys,
            pushed: self.pushed,
            ..Self::default()
        };
        copy.end()
    }

    /// Handles one sequence from the input splitter.
    pub fn on_sequence(&mut self, seq: &str) -> Outcome {
        let mut outcome = Outcome::default();
        let mut seq = seq.to_string();
        if !self.fragment.is_empty() {
            let joined = format!("{}{seq}", self.fragment);
            if parse_reply(&joined).is_some() || is_reply_prefix(&joined) {
                self.fragment.clear();
                seq = joined;
            } else {
                outcome.forward.push(std::mem::take(&mut self.fragment));
            }
        }
        match parse_reply(&seq) {
            Some(reply) if self.consume(reply, &mut outcome.write) => {}
            Some(_) => outcome.forward.push(seq),
            None if is_reply_prefix(&seq) => {
                self.fragment = seq;
                outcome.pending = true;
            }
            None => outcome.forward.push(seq),
        }
        outcome
    }

    /// A held fragment waited long enough: it is input after all.
    pub fn fragment_timeout(&mut self) -> Option<String> {
        (!self.fragment.is_empty()).then(|| std::mem::take(&mut self.fragment))
    }

    /// Whether a fragment is held.
    pub fn has_fragment(&self) -> bool {
        !self.fragment.is_empty()
    }

    fn consume(&mut self, reply: Reply, write: &mut String) -> bool {
        match reply {
            Reply::KittyFlags(0) => self.enable_modify_other_keys(write),
            Reply::KittyFlags(_) => {
                if self.modify_other_keys {
                    write.push_str(MODIFY_OTHER_KEYS_OFF);
                    self.modify_other_keys = false;
                }
                self.kitty_active = true;
            }
            Reply::DeviceAttributes => {
                if self.pending_device_attributes == 0 {
                    return false;
                }
                self.pending_device_attributes -= 1;
                if !self.kitty_active {
                    self.enable_modify_other_keys(write);
                }
            }
        }
        true
    }

    fn enable_modify_other_keys(&mut self, write: &mut String) {
        if !self.kitty_active && !self.modify_other_keys {
            write.push_str(MODIFY_OTHER_KEYS_ON);
            self.modify_other_keys = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kitty_reply_turns_the_protocol_on_and_is_not_input() {
        let mut n = Negotiation::new();
        assert_eq!(n.begin(), "\x1b[>7u\x1b[?u\x1b[c");
        let o = n.on_sequence("\x1b[?7u");
        assert!(o.forward.is_empty() && o.write.is_empty());
        assert!(n.kitty_active());
        let o = n.on_sequence("\x1b[?62;22c");
        assert!(o.forward.is_empty() && o.write.is_empty());
        // A later DA1 answers someone else's query.
        assert_eq!(n.on_sequence("\x1b[?62c").forward, vec!["\x1b[?62c"]);
        assert_eq!(n.end(), KITTY_POP);
    }

    #[test]
    fn device_attributes_first_falls_back_to_modify_other_keys() {
        let mut n = Negotiation::new();
        n.begin();
        let o = n.on_sequence("\x1b[?1;2c");
        assert_eq!(o.write, MODIFY_OTHER_KEYS_ON);
        assert!(!n.kitty_active() && n.modify_other_keys());
        assert_eq!(n.on_sequence("a").forward, vec!["a"]);
        assert_eq!(n.end(), format!("{KITTY_POP}{MODIFY_OTHER_KEYS_OFF}"));
    }

    #[test]
    fn zero_flags_mean_no_kitty_protocol() {
        let mut n = Negotiation::new();
        n.begin();
        assert_eq!(n.on_sequence("\x1b[?0u").write, MODIFY_OTHER_KEYS_ON);
        assert_eq!(n.on_sequence("\x1b[?0c").write, "");
    }

    #[test]
    fn a_split_reply_is_joined_and_a_stray_fragment_becomes_input() {
        let mut n = Negotiation::new();
        n.begin();
        assert!(n.on_sequence("\x1b[?").pending);
        assert!(n.on_sequence("7").pending);
        assert!(n.on_sequence("u").forward.is_empty());
        assert!(n.kitty_active());
        assert!(n.on_sequence("\x1b[").pending);
        assert_eq!(n.on_sequence("x").forward, vec!["\x1b[", "x"]);
        assert!(n.on_sequence("\x1b[?1").pending);
        assert_eq!(n.fragment_timeout().as_deref(), Some("\x1b[?1"));
    }

    #[test]
    fn replies_are_recognised_exactly() {
        assert_eq!(parse_reply("\x1b[?15u"), Some(Reply::KittyFlags(15)));
        assert_eq!(parse_reply("\x1b[?u"), None);
        assert_eq!(parse_reply("\x1b[?c"), Some(Reply::DeviceAttributes));
        assert_eq!(parse_reply("\x1b[?1;xc"), None);
        assert_eq!(parse_reply("\x1b[A"), None);
    }
}
