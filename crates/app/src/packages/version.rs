//! Comparing npm versions (semver precedence) for `tau update`: whether the registry's
//! version is newer than the installed one. Ranges are left to npm itself (`npm view
//! <name>@<range> version` lists only matching versions).

use std::cmp::Ordering;

/// A parsed `major.minor.patch[-pre][+build]`.
#[derive(Debug, PartialEq, Eq)]
struct Version<'a> {
    core: [u64; 3],
    pre: Option<&'a str>,
}

fn parse(text: &str) -> Option<Version<'_>> {
    let text = text.trim().trim_start_matches(['v', '=']);
    let text = text.split('+').next()?;
    let (core, pre) = match text.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (text, None),
    };
    let mut parts = core.split('.').map(|p| p.parse::<u64>().ok());
    let core = [parts.next()??, parts.next()??, parts.next()??];
    if parts.next().is_some() {
        return None;
    }
    Some(Version { core, pre })
}

/// Pre-release identifiers: numeric ones compare as numbers and sort before words.
fn compare_pre(a: &str, b: &str) -> Ordering {
    let mut left = a.split('.');
    let mut right = b.split('.');
    loop {
        match (left.next(), right.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
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
        }
    }
}

/// Semver precedence of two versions; `None` when either is not a version.
pub fn compare(a: &str, b: &str) -> Option<Ordering> {
    let (a, b) = (parse(a)?, parse(b)?);
    Some(a.core.cmp(&b.core).then_with(|| match (a.pre, b.pre) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(x), Some(y)) => compare_pre(x, y),
    }))
}

/// Whether `candidate` is newer than `installed` (Pi's semver `gt`).
pub fn is_newer(candidate: &str, installed: &str) -> bool {
    compare(candidate, installed) == Some(Ordering::Greater)
}

/// The highest of `versions` (the answer of `npm view <spec> version --json` when several
/// versions match a range).
pub fn highest<'a>(versions: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    versions
        .into_iter()
        .filter(|v| parse(v).is_some())
        .max_by(|a, b| compare(a, b).unwrap_or(Ordering::Equal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn semver_precedence() {
        assert!(is_newer("1.10.0", "1.9.9"));
        assert!(is_newer("2.0.0", "2.0.0-rc.1"));
        assert!(is_newer("1.0.0-rc.10", "1.0.0-rc.2"));
        assert!(is_newer("1.0.0-beta", "1.0.0-1"));
        assert!(!is_newer("1.0.0", "1.0.0+build.5"));
        assert!(!is_newer("1.2.3", "1.2.4"));
        assert!(!is_newer("latest", "1.0.0"));
        assert_eq!(highest(["1.2.0", "1.10.0", "1.9.0"]), Some("1.10.0"));
    }
}
