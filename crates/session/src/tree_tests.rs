use super::*;
use pretty_assertions::assert_eq;
use serde_json::{json, Value};

fn entry(value: Value) -> SessionEntry {
    serde_json::from_value(value).expect("entry")
}

fn user(id: &str, parent: Option<&str>, second: u32) -> SessionEntry {
    entry(json!({"type":"message","id":id,"parentId":parent,
        "timestamp":format!("2024-12-03T14:00:{second:02}.000Z"),
        "message":{"role":"user","content":id,"timestamp":1}}))
}

fn label(id: &str, parent: &str, target: &str, text: Option<&str>) -> SessionEntry {
    let mut value = json!({"type":"label","id":id,"parentId":parent,
        "timestamp":"2024-12-03T15:00:00.000Z","targetId":target});
    if let Some(text) = text {
        value["label"] = json!(text);
    }
    entry(value)
}

fn info(id: &str, parent: &str, name: &str) -> SessionEntry {
    entry(json!({"type":"session_info","id":id,"parentId":parent,"timestamp":"t","name":name}))
}

fn ids(entries: &[&SessionEntry]) -> Vec<String> {
    entries
        .iter()
        .map(|e| e.id().unwrap_or("-").to_string())
        .collect()
}

/// root ─ a ─┬─ b ─ c
///           └─ d        (d is newest in the file)
fn forked() -> SessionTree {
    SessionTree::from_entries(vec![
        user("root", None, 0),
        user("a", Some("root"), 1),
        user("b", Some("a"), 5),
        user("c", Some("b"), 6),
        user("d", Some("a"), 2),
    ])
}

#[test]
fn the_leaf_is_the_last_entry_and_branches_walk_to_the_root() {
    let tree = forked();
    assert_eq!(tree.leaf_id(), Some("d"));
    assert_eq!(ids(&tree.active_branch()), ["root", "a", "d"]);
    assert_eq!(ids(&tree.branch("c")), ["root", "a", "b", "c"]);
    assert!(tree.branch("nope").is_empty());
    assert_eq!(
        tree.get_entry("b").and_then(SessionEntry::parent_id),
        Some("a")
    );
    assert_eq!(tree.len(), 5);
}

#[test]
fn children_are_sorted_oldest_first_and_roots_include_orphans() {
    let mut tree = forked();
    assert_eq!(
        ids(&tree.children("a")),
        ["d", "b"],
        "d's timestamp is older"
    );
    assert!(tree.children("c").is_empty());
    tree.push(user("orphan", Some("missing"), 9));
    tree.push(user("self", Some("self"), 9));
    assert_eq!(ids(&tree.roots()), ["root", "orphan", "self"]);
}

#[test]
fn set_leaf_and_reset_leaf_move_where_the_next_entry_goes() {
    let mut tree = forked();
    tree.set_leaf("b").unwrap();
    assert_eq!(ids(&tree.active_branch()), ["root", "a", "b"]);
    let err = tree.set_leaf("zzz").unwrap_err();
    assert_eq!(err.to_string(), "Entry zzz not found");
    tree.reset_leaf();
    assert_eq!(tree.leaf_id(), None);
    assert!(tree.active_branch().is_empty());
    tree.push(user("root2", None, 9));
    assert_eq!(ids(&tree.active_branch()), ["root2"]);
}

#[test]
fn labels_follow_the_latest_label_entry_and_keep_first_set_order() {
    let mut tree = forked();
    tree.push(label("l1", "d", "b", Some("second")));
    tree.push(label("l2", "l1", "a", Some("first")));
    tree.push(label("l3", "l2", "b", Some("renamed")));
    assert_eq!(tree.label("b"), Some("renamed"));
    let order: Vec<(&str, &str)> = tree
        .labels()
        .into_iter()
        .map(|(id, l)| (id, l.label.as_str()))
        .collect();
    assert_eq!(order, [("b", "renamed"), ("a", "first")]);
    tree.push(label("l4", "l3", "b", None));
    tree.push(label("l5", "l4", "a", Some("")));
    assert_eq!(tree.label("b"), None);
    assert!(tree.labels().is_empty());
    assert_eq!(
        tree.label_info("b"),
        None,
        "cleared labels keep no timestamp either"
    );
}

#[test]
fn session_name_is_the_latest_session_info_in_the_file() {
    let mut tree = forked();
    assert_eq!(tree.session_name(), None);
    tree.push(info("i1", "c", "  On branch c \n"));
    assert_eq!(tree.session_name(), Some("On branch c"));
    tree.set_leaf("d").unwrap();
    assert_eq!(
        tree.session_name(),
        Some("On branch c"),
        "Pi reads the whole file"
    );
    tree.push(info("i2", "d", "   "));
    assert_eq!(tree.session_name(), None, "an empty name clears it");
}

#[test]
fn duplicate_ids_resolve_to_the_later_entry() {
    let mut tree = forked();
    tree.push(user("b", Some("root"), 7));
    assert_eq!(ids(&tree.branch("b")), ["root", "b"]);
    assert_eq!(
        ids(&tree.children("a")),
        ["d"],
        "the shadowed b is unreachable"
    );
}

#[test]
fn a_parent_cycle_is_cut_at_its_first_entry_and_reported() {
    let (tree, problems) = SessionTree::from_entries_checked(vec![
        user("root", None, 0),
        user("x", Some("z"), 1),
        user("y", Some("x"), 2),
        user("z", Some("y"), 3),
        user("self", Some("self"), 4),
        user("after", Some("z"), 5),
    ]);
    // Each entry once, from the cycle's first entry in the file; a self-parent is a root.
    assert_eq!(ids(&tree.branch("after")), ["x", "y", "z", "after"]);
    assert_eq!(ids(&tree.branch("self")), ["self"]);
    assert_eq!(
        problems,
        [
            TreeProblem::Cycle { index: 1 },
            TreeProblem::Cycle { index: 4 }
        ]
    );
}

#[test]
fn reused_ids_are_reported_and_resolve_to_the_later_entry() {
    let (tree, problems) = SessionTree::from_entries_checked(vec![
        user("a", None, 0),
        user("b", Some("a"), 1),
        user("b", Some("a"), 2),
        user("c", Some("b"), 3),
    ]);
    assert_eq!(
        problems,
        [TreeProblem::DuplicateId {
            index: 2,
            earlier: 1
        }]
    );
    assert_eq!(tree.len(), 4, "both entries are kept");
    assert_eq!(
        tree.branch("c")[1].timestamp(),
        Some("2024-12-03T14:00:02.000Z")
    );
}

#[test]
fn unknown_entries_take_part_in_the_tree() {
    let tree = SessionTree::from_entries(vec![
        user("a", None, 0),
        entry(json!({"type":"future","id":"f","parentId":"a","timestamp":"t"})),
        user("b", Some("f"), 2),
        entry(json!({"type":"no-id-here"})),
    ]);
    assert_eq!(
        tree.leaf_id(),
        Some("b"),
        "an entry without id never becomes the leaf"
    );
    assert_eq!(ids(&tree.active_branch()), ["a", "f", "b"]);
}

#[test]
fn new_entry_ids_are_unique_in_the_tree() {
    let tree = forked();
    let id = tree.new_entry_id();
    assert_eq!(id.len(), 8);
    assert!(!tree.contains(&id));
}

#[test]
fn parents_resolve_when_they_arrive_and_follow_redefined_ids() {
    // `c` names `b` before any `b` exists; then `b` arrives twice, the later one under `x`.
    let mut tree = SessionTree::from_entries(vec![user("root", None, 0), user("c", Some("b"), 1)]);
    assert_eq!(ids(&tree.branch("c")), ["c"]);
    tree.push(user("b", Some("root"), 2));
    assert_eq!(ids(&tree.branch("c")), ["root", "b", "c"]);
    tree.push(user("x", None, 3));
    tree.push(user("b", Some("x"), 4));
    assert_eq!(ids(&tree.branch("c")), ["x", "b", "c"]);
    // An entry without an id still walks to its parent by name.
    tree.push(entry(json!({"type":"note","parentId":"c"})));
    assert_eq!(
        ids(&tree.context_path(Some("missing"))),
        ["x", "b", "c", "-"]
    );
}

#[test]
fn parent_indexes_follow_reused_ids_and_cut_cycles() {
    // "x" is reused: its children resolve to the later entry; "p" and "q" form a cycle.
    let tree = SessionTree::from_entries(vec![
        user("x", None, 0),
        user("y", Some("x"), 1),
        user("x", None, 2),
        user("z", Some("x"), 3),
        user("p", Some("q"), 4),
        user("q", Some("p"), 5),
    ]);
    assert_eq!(tree.parent_index(0), None);
    assert_eq!(tree.parent_index(1), Some(2), "y's parent x is the later x");
    assert_eq!(tree.parent_index(3), Some(2));
    assert_eq!(
        tree.parent_index(4),
        None,
        "the cycle is cut at its first entry"
    );
    assert_eq!(tree.parent_index(5), Some(4));
    assert_eq!(tree.parent_index(6), None, "past the end");
    assert_eq!(tree.leaf_index(), Some(5));
}
