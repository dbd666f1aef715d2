//! npm's version ranges, as node-semver's `satisfies` reads them with its default options
//! (what Pi 1.6.0 uses to decide whether an installed package still fits its source's
//! `@range`): `||` alternatives of comparator sets; comparators `<`, `<=`, `>`, `>=`, `=`;
//! partial versions and X-ranges (`1`, `1.2`, `1.x`, `*`); tilde (`~1.2.3`), caret (`^0.2.3`)
//! and hyphen (`1.2 - 2`) ranges. A pre-release version satisfies a set only when one of
//! its comparators names a pre-release of the same `major.minor.patch`.

use std::cmp::Ordering;

/// A full version: `major.minor.patch` and its pre-release identifiers.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Version {
    core: [u64; 3],
    pre: Vec<String>,
}

impl Version {
    fn new(core: [u64; 3], pre: Vec<String>) -> Version {
        Version { core, pre }
    }

    /// The lowest version of `core` (`core-0`), below all its pre-releases.
    fn floor(core: [u64; 3]) -> Version {
        Version::new(core, vec!["0".into()])
    }
}

/// Semver precedence.
fn compare(a: &Version, b: &Version) -> Ordering {
    a.core
        .cmp(&b.core)
        .then_with(|| match (a.pre.is_empty(), b.pre.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => {
                for (x, y) in a.pre.iter().zip(&b.pre) {
                    let order = match (x.parse::<u64>(), y.parse::<u64>()) {
                        (Ok(x), Ok(y)) => x.cmp(&y),
                        (Ok(_), Err(_)) => Ordering::Less,
                        (Err(_), Ok(_)) => Ordering::Greater,
                        (Err(_), Err(_)) => x.cmp(y),
                    };
                    if order != Ordering::Equal {
                        return order;
                    }
                }
                a.pre.len().cmp(&b.pre.len())
            }
        })
}

/// A version as written in a range: up to three numbers (the rest wildcards) and, with all
/// three, pre-release identifiers.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Partial {
    numbers: Vec<u64>,
    pre: Vec<String>,
}

impl Partial {
    fn part(&self, index: usize) -> u64 {
        self.numbers.get(index).copied().unwrap_or(0)
    }

    /// The version with missing parts as 0.
    fn low(&self) -> Version {
        Version::new([self.part(0), self.part(1), self.part(2)], self.pre.clone())
    }
}

fn parse_partial(text: &str) -> Option<Partial> {
    let text = text.trim_start_matches(['v', '=']);
    let text = text.split('+').next().unwrap_or_default();
    let (core, pre) = match text.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (text, None),
    };
    let mut numbers = Vec::new();
    if !core.is_empty() {
        let parts: Vec<&str> = core.split('.').collect();
        if parts.len() > 3 {
            return None;
        }
        let mut wild = false;
        for part in parts {
            if matches!(part, "x" | "X" | "*") {
                wild = true;
            } else if wild || part.is_empty() || !part.chars().all(|c| c.is_ascii_digit()) {
                return None;
            } else {
                numbers.push(part.parse().ok()?);
            }
        }
    }
    let pre: Vec<String> = match pre {
        Some(pre) if numbers.len() == 3 => pre.split('.').map(String::from).collect(),
        Some(_) => return None,
        None => Vec::new(),
    };
    if pre.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some(Partial { numbers, pre })
}

/// One comparator of a set.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Comparator {
    Lt(Version),
    Le(Version),
    Gt(Version),
    Ge(Version),
    Eq(Version),
    /// Matches nothing (`<0`, `>*`).
    Never,
}

impl Comparator {
    fn test(&self, v: &Version) -> bool {
        match self {
            Comparator::Lt(c) => compare(v, c) == Ordering::Less,
            Comparator::Le(c) => compare(v, c) != Ordering::Greater,
            Comparator::Gt(c) => compare(v, c) == Ordering::Greater,
            Comparator::Ge(c) => compare(v, c) != Ordering::Less,
            Comparator::Eq(c) => compare(v, c) == Ordering::Equal,
            Comparator::Never => false,
        }
    }

    fn version(&self) -> Option<&Version> {
        match self {
            Comparator::Lt(c)
            | Comparator::Le(c)
            | Comparator::Gt(c)
            | Comparator::Ge(c)
            | Comparator::Eq(c) => Some(c),
            Comparator::Never => None,
        }
    }
}

/// The version after `p`'s last given part (`1` → `2.0.0`, `1.2` → `1.3.0`).
fn bump_last(p: &Partial) -> [u64; 3] {
    match p.numbers.len() {
        1 => [p.part(0) + 1, 0, 0],
        _ => [p.part(0), p.part(1) + 1, 0],
    }
}

/// The comparators `operator partial` stands for.
fn expand(operator: &str, p: &Partial) -> Vec<Comparator> {
    use Comparator::{Eq, Ge, Gt, Le, Lt, Never};
    let n = p.numbers.len();
    let exact = || p.low();
    match operator {
        "" | "=" => match n {
            0 => vec![],
            3 => vec![Eq(exact())],
            _ => vec![Ge(p.low()), Lt(Version::floor(bump_last(p)))],
        },
        "~" | "~>" => match n {
            0 => vec![],
            1 => vec![Ge(p.low()), Lt(Version::floor(bump_last(p)))],
            _ => vec![
                Ge(p.low()),
                Lt(Version::floor([p.part(0), p.part(1) + 1, 0])),
            ],
        },
        "^" => {
            if n == 0 {
                return vec![];
            }
            let upper = if p.part(0) != 0 || n == 1 {
                [p.part(0) + 1, 0, 0]
            } else if p.part(1) != 0 || n == 2 {
                [0, p.part(1) + 1, 0]
            } else {
                [0, 0, p.part(2) + 1]
            };
            vec![Ge(p.low()), Lt(Version::floor(upper))]
        }
        ">" => match n {
            0 => vec![Never],
            3 => vec![Gt(exact())],
            _ => vec![Ge(Version::new(bump_last(p), vec![]))],
        },
        ">=" => match n {
            0 => vec![],
            _ => vec![Ge(p.low())],
        },
        "<" => match n {
            0 => vec![Never],
            3 => vec![Lt(exact())],
            _ => vec![Lt(Version::floor([p.part(0), p.part(1), 0]))],
        },
        "<=" => match n {
            0 => vec![],
            3 => vec![Le(exact())],
            _ => vec![Lt(Version::floor(bump_last(p)))],
        },
        _ => vec![Never],
    }
}

/// Splits `>=1.2.3` into its operator and version.
fn split_operator(token: &str) -> (&str, &str) {
    for operator in ["~>", ">=", "<=", ">", "<", "=", "~", "^"] {
        if let Some(rest) = token.strip_prefix(operator) {
            return (operator, rest);
        }
    }
    ("", token)
}

/// One comparator set (the part between `||`).
fn parse_set(text: &str) -> Option<Vec<Comparator>> {
    let text = text.trim();
    if let Some((from, to)) = text.split_once(" - ") {
        let (from, to) = (parse_partial(from.trim())?, parse_partial(to.trim())?);
        let mut set = Vec::new();
        if !from.numbers.is_empty() {
            set.push(Comparator::Ge(from.low()));
        }
        match to.numbers.len() {
            0 => {}
            3 => set.push(Comparator::Le(to.low())),
            _ => set.push(Comparator::Lt(Version::floor(bump_last(&to)))),
        }
        return Some(set);
    }
    // `>= 1.2.3`: an operator may stand apart from its version.
    let mut tokens: Vec<String> = Vec::new();
    let mut pending = String::new();
    for word in text.split_whitespace() {
        pending.push_str(word);
        if split_operator(&pending).1.is_empty() {
            continue;
        }
        tokens.push(std::mem::take(&mut pending));
    }
    if !pending.is_empty() {
        return None;
    }
    let mut set = Vec::new();
    for token in tokens {
        let (operator, version) = split_operator(&token);
        set.extend(expand(operator, &parse_partial(version)?));
    }
    Some(set)
}

/// Whether `version` satisfies the npm `range`; `None` when either cannot be read (a
/// dist-tag such as `latest` is no range: Pi then takes any installed version).
pub fn satisfies(version: &str, range: &str) -> Option<bool> {
    let partial = parse_partial(version.trim())?;
    if partial.numbers.len() != 3 {
        return None;
    }
    let version = partial.low();
    let mut any = false;
    for alternative in range.split("||") {
        let set = parse_set(alternative)?;
        let all = set.iter().all(|c| c.test(&version));
        // A pre-release only matches a set that names a pre-release of its own core.
        let pre_ok = version.pre.is_empty()
            || set.iter().any(|c| {
                c.version()
                    .is_some_and(|v| !v.pre.is_empty() && v.core == version.core)
            });
        any |= all && pre_ok;
    }
    Some(any)
}

#[cfg(test)]
mod tests {
    use super::satisfies;

    fn yes(version: &str, range: &str) {
        assert_eq!(
            satisfies(version, range),
            Some(true),
            "{version} in {range}"
        );
    }

    fn no(version: &str, range: &str) {
        assert_eq!(
            satisfies(version, range),
            Some(false),
            "{version} in {range}"
        );
    }

    #[test]
    fn ranges_read_as_node_semver_reads_them() {
        yes("1.2.3", "1.2.3");
        no("1.2.4", "1.2.3");
        yes("2.5.0", "^2");
        no("3.0.0", "^2");
        no("1.9.9", "^2");
        yes("0.2.9", "^0.2.3");
        no("0.3.0", "^0.2.3");
        yes("0.0.3", "^0.0.3");
        no("0.0.4", "^0.0.3");
        yes("0.0.9", "^0.0");
        no("0.1.0", "^0.0");
        yes("1.2.9", "~1.2.3");
        no("1.3.0", "~1.2.3");
        yes("1.9.0", "~1");
        yes("1.4.2", "1.x");
        yes("1.4.2", "1");
        no("2.0.0", "1.x");
        yes("9.9.9", "*");
        yes("1.5.0", ">=1.2.3 <2.0.0");
        yes("1.5.0", ">= 1.2.3 < 2");
        no("2.0.0", ">=1.2.3 <2.0.0");
        yes("3.1.0", "^1 || ^3");
        no("2.1.0", "^1 || ^3");
        yes("2.0.0", ">1");
        no("1.9.9", ">1");
        no("1.2.0", "<1.2");
        yes("1.2.9", "<=1.2");
        yes("2.3.9", "1.2.3 - 2.3");
        no("2.4.0", "1.2.3 - 2.3");
        yes("2.3.4", "1.2 - 2.3.4");
        no("1.1.9", "1.2 - 2.3.4");
        yes("v1.2.3", "=1.2.3");
    }

    #[test]
    fn pre_releases_match_only_ranges_that_name_their_own() {
        no("2.0.0-beta.1", "^1");
        no("2.0.0-beta.1", "*");
        yes("1.2.3-beta.2", "^1.2.3-beta.1");
        no("1.2.4-beta.2", "^1.2.3-beta.1");
        no("2.0.0-rc.1", "<2.0.0");
    }

    #[test]
    fn tags_and_nonsense_are_no_range() {
        assert_eq!(satisfies("1.0.0", "latest"), None);
        assert_eq!(satisfies("1.0.0", "next"), None);
        assert_eq!(satisfies("1.0.0", ">="), None);
        assert_eq!(satisfies("not a version", "^1"), None);
    }
}
