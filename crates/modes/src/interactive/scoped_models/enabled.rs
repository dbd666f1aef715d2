//! The enabled-model list of `/scoped-models` as Pi edits it: `None` means every model is
//! enabled; an explicit list is in cycle order, and collapses back to `None` when it covers
//! every available model.

/// A set of enabled `provider/id`s (`None`: all).
pub type Enabled = Option<Vec<String>>;

pub fn is_enabled(enabled: &Enabled, id: &str) -> bool {
    enabled
        .as_ref()
        .is_none_or(|ids| ids.iter().any(|e| e == id))
}

fn normalize(result: Vec<String>, all: &[String]) -> Enabled {
    let covers = result.len() == all.len() && result.iter().all(|id| all.contains(id));
    (!covers).then_some(result)
}

/// Enter: one model on or off (appended at the end of the cycle when turned on).
pub fn toggle(enabled: &Enabled, all: &[String], id: &str) -> Enabled {
    match enabled {
        None => Some(all.iter().filter(|m| *m != id).cloned().collect()),
        Some(ids) => match ids.iter().position(|e| e == id) {
            Some(index) => {
                let mut ids = ids.clone();
                ids.remove(index);
                Some(ids)
            }
            None => {
                let mut ids = ids.clone();
                ids.push(id.to_string());
                normalize(ids, all)
            }
        },
    }
}

/// Enables `targets` (every model when `None`).
pub fn enable_all(enabled: &Enabled, all: &[String], targets: Option<&[String]>) -> Enabled {
    let ids = enabled.as_ref()?;
    let mut result = ids.clone();
    for id in targets.unwrap_or(all) {
        if !result.contains(id) {
            result.push(id.clone());
        }
    }
    normalize(result, all)
}

/// Disables `targets` (every model when `None`).
pub fn clear_all(enabled: &Enabled, all: &[String], targets: Option<&[String]>) -> Enabled {
    match (enabled, targets) {
        (None, Some(targets)) => Some(
            all.iter()
                .filter(|id| !targets.contains(id))
                .cloned()
                .collect(),
        ),
        (None, None) => Some(Vec::new()),
        (Some(ids), Some(targets)) => Some(
            ids.iter()
                .filter(|id| !targets.contains(id))
                .cloned()
                .collect(),
        ),
        (Some(_), None) => Some(Vec::new()),
    }
}

/// Swaps `id` with its neighbour `delta` places away in the cycle order; `false` when it
/// cannot move (all enabled, not enabled, at an end).
pub fn move_by(enabled: &mut Enabled, id: &str, delta: isize) -> bool {
    let Some(ids) = enabled.as_mut() else {
        return false;
    };
    let Some(index) = ids.iter().position(|e| e == id) else {
        return false;
    };
    let target = index as isize + delta;
    if target < 0 || target >= ids.len() as isize {
        return false;
    }
    ids.swap(index, target as usize);
    true
}

/// The list order: the enabled models in cycle order, then the others as listed.
pub fn sorted_ids(enabled: &Enabled, all: &[String]) -> Vec<String> {
    match enabled {
        None => all.to_vec(),
        Some(ids) => ids
            .iter()
            .cloned()
            .chain(all.iter().filter(|id| !ids.contains(id)).cloned())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn toggling_from_all_enabled_leaves_the_others_and_collapses_back() {
        let all = ids(&["p/a", "p/b", "q/c"]);
        let one_off = toggle(&None, &all, "p/b");
        assert_eq!(one_off, Some(ids(&["p/a", "q/c"])));
        assert_eq!(toggle(&one_off, &all, "p/b"), None);
        assert_eq!(
            toggle(&Some(ids(&["q/c"])), &all, "p/a"),
            Some(ids(&["q/c", "p/a"]))
        );
    }

    #[test]
    fn enable_and_clear_work_on_targets_or_everything() {
        let all = ids(&["p/a", "p/b", "q/c"]);
        assert_eq!(clear_all(&None, &all, None), Some(vec![]));
        let provider_p = ids(&["p/a", "p/b"]);
        assert_eq!(
            clear_all(&None, &all, Some(&provider_p)),
            Some(ids(&["q/c"]))
        );
        assert_eq!(
            enable_all(&Some(ids(&["q/c"])), &all, Some(&provider_p)),
            None
        );
        assert_eq!(
            enable_all(&Some(vec![]), &all, Some(&ids(&["q/c"]))),
            Some(ids(&["q/c"]))
        );
        assert_eq!(enable_all(&None, &all, None), None);
    }

    #[test]
    fn reordering_moves_within_the_enabled_list_only() {
        let mut enabled = Some(ids(&["p/a", "q/c"]));
        assert!(move_by(&mut enabled, "q/c", -1));
        assert_eq!(enabled, Some(ids(&["q/c", "p/a"])));
        assert!(!move_by(&mut enabled, "q/c", -1));
        assert!(!move_by(&mut enabled, "p/b", 1));
        let mut all = None;
        assert!(!move_by(&mut all, "p/a", 1));
        assert_eq!(
            sorted_ids(&Some(ids(&["q/c"])), &ids(&["p/a", "q/c", "p/b"])),
            ids(&["q/c", "p/a", "p/b"])
        );
    }
}
