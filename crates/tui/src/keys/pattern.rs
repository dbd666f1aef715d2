//! A tiny backtracking matcher for the handful of fixed shapes pi-tui recognises with regular
//! expressions. Matching has to agree with JavaScript's regex engine on which optional group
//! takes a field (`\x1b[97:3u` puts 3 in the shifted-key slot, not the event slot), and a
//! leftmost, greedy, backtracking matcher over these shapes gives exactly that without pulling
//! in a regex crate.

/// One element of a pattern. Everything is ASCII, so matching works on bytes.
#[derive(Clone, Copy)]
pub(crate) enum Pat {
    /// These exact bytes.
    Lit(&'static [u8]),
    /// `\d{min,max}`, greedy, captured into `slot` when given.
    Digits {
        min: usize,
        max: usize,
        slot: Option<usize>,
    },
    /// One byte out of the set, captured into the slot when given.
    OneOf(&'static [u8], Option<usize>),
    /// One byte in the inclusive range.
    Range(u8, u8),
    /// `(?:...)?`, greedy.
    Opt(&'static [Pat]),
    /// `(?:...)*`, greedy (the inner pattern always consumes input).
    Star(&'static [Pat]),
    /// `$`: the end of the input.
    End,
}

/// `\d+` captured into `slot`.
pub(crate) const fn num(slot: usize) -> Pat {
    Pat::Digits {
        min: 1,
        max: usize::MAX,
        slot: Some(slot),
    }
}

/// `\d*` captured into `slot`.
pub(crate) const fn num0(slot: usize) -> Pat {
    Pat::Digits {
        min: 0,
        max: usize::MAX,
        slot: Some(slot),
    }
}

/// Capture slots (no pattern here has more); a plain array so backtracking copies are cheap.
const MAX_SLOTS: usize = 6;
type Caps = [Option<(usize, usize)>; MAX_SLOTS];

/// Matches `pats` at the start of `input` (the pattern decides whether it must reach the end);
/// returns the captured slots, `None` for a slot whose group did not take part.
pub(crate) fn match_start<'a>(
    pats: &[Pat],
    slots: usize,
    input: &'a str,
) -> Option<[Option<&'a str>; MAX_SLOTS]> {
    let mut caps: Caps = [None; MAX_SLOTS];
    if !run(pats, None, input.as_bytes(), 0, &mut caps) {
        return None;
    }
    let mut out = [None; MAX_SLOTS];
    for (o, c) in out.iter_mut().zip(caps).take(slots) {
        *o = c.map(|(s, e)| &input[s..e]);
    }
    Some(out)
}

/// What is left to match after the current list: a stack of pattern lists kept on the call
/// stack, so matching never allocates.
struct Cont<'p, 'c> {
    pats: &'p [Pat],
    next: Option<&'c Cont<'p, 'c>>,
}

/// Matches `pats` then the continuation `rest`.
fn run<'p>(
    pats: &'p [Pat],
    rest: Option<&Cont<'p, '_>>,
    s: &[u8],
    pos: usize,
    caps: &mut Caps,
) -> bool {
    let Some((first, tail)) = pats.split_first() else {
        return match rest {
            None => true,
            Some(c) => run(c.pats, c.next, s, pos, caps),
        };
    };
    match *first {
        Pat::Lit(lit) => s[pos..].starts_with(lit) && run(tail, rest, s, pos + lit.len(), caps),
        Pat::Digits { min, max, slot } => {
            let avail = s[pos..].iter().take_while(|b| b.is_ascii_digit()).count();
            let longest = avail.min(max);
            if longest < min {
                return false;
            }
            for len in (min..=longest).rev() {
                let saved = *caps;
                if let Some(slot) = slot {
                    caps[slot] = Some((pos, pos + len));
                }
                if run(tail, rest, s, pos + len, caps) {
                    return true;
                }
                *caps = saved;
            }
            false
        }
        Pat::OneOf(set, slot) => match s.get(pos) {
            Some(b) if set.contains(b) => {
                let saved = *caps;
                if let Some(slot) = slot {
                    caps[slot] = Some((pos, pos + 1));
                }
                if run(tail, rest, s, pos + 1, caps) {
                    return true;
                }
                *caps = saved;
                false
            }
            _ => false,
        },
        Pat::Range(lo, hi) => match s.get(pos) {
            Some(&b) if (lo..=hi).contains(&b) => run(tail, rest, s, pos + 1, caps),
            _ => false,
        },
        Pat::Opt(inner) => {
            let saved = *caps;
            let then = Cont {
                pats: tail,
                next: rest,
            };
            if run(inner, Some(&then), s, pos, caps) {
                return true;
            }
            *caps = saved;
            run(tail, rest, s, pos, caps)
        }
        Pat::Star(inner) => {
            let saved = *caps;
            // One more repetition, then this same Star again, then the tail.
            let after = Cont {
                pats: tail,
                next: rest,
            };
            let again = Cont {
                pats: &pats[..1],
                next: Some(&after),
            };
            if run(inner, Some(&again), s, pos, caps) {
                return true;
            }
            *caps = saved;
            run(tail, rest, s, pos, caps)
        }
        Pat::End => pos == s.len() && run(tail, rest, s, pos, caps),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::kitty::CSI_U;

    #[test]
    fn optional_groups_fill_left_to_right_like_javascript() {
        let caps = match_start(CSI_U, 5, "\x1b[97:3u");
        assert_eq!(caps, Some([Some("97"), Some("3"), None, None, None, None]));
        let caps = match_start(CSI_U, 5, "\x1b[97::98;5:3u");
        assert_eq!(
            caps,
            Some([Some("97"), Some(""), Some("98"), Some("5"), Some("3"), None])
        );
        assert_eq!(match_start(CSI_U, 5, "\x1b[97::u"), None);
    }

    #[test]
    fn star_repeats_and_backtracks() {
        const P: &[Pat] = &[
            Pat::Star(&[
                Pat::Range(b'a', b'z'),
                Pat::Lit(b"="),
                num(0),
                Pat::Lit(b","),
            ]),
            Pat::Range(b'a', b'z'),
            Pat::Lit(b"="),
            num(1),
            Pat::Lit(b";"),
        ];
        assert!(match_start(P, 2, "a=1,b=2,c=3;rest").is_some());
        assert!(match_start(P, 2, "a=1;").is_some());
        assert!(match_start(P, 2, "a=1,b=2,").is_none());
    }
}
