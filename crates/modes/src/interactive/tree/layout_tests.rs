use super::*;
use crate::interactive::tree::entries::{Class, Segment, TreeEntry, TreeSnapshot};

fn entry(id: &str, parent: Option<&str>, class: Class, text: &str) -> TreeEntry {
    TreeEntry {
        id: id.into(),
        parent_id: parent.map(str::to_string),
        class,
        line: vec![Segment {
            token: "",
            text: text.into(),
            italic: false,
        }],
        search: text.into(),
        label: None,
        label_time: None,
        copy: None,
    }
}

/// u1 - a1 -+- u2 - a2(tools only) - t1 - a3
///          +- u3 - a4 (leaf)
///          |     + m (model change)
fn branched() -> TreeSnapshot {
    let user = Class::User;
    let answer = Class::Assistant { hidden: false };
    TreeSnapshot {
        entries: vec![
            entry("u1", None, user, "user first"),
            entry("a1", Some("u1"), answer, "assistant answer"),
            entry("u2", Some("a1"), user, "user one"),
            entry("a2", Some("u2"), Class::Assistant { hidden: true }, ""),
            entry("t1", Some("a2"), Class::ToolResult, "[read: x]"),
            entry("a3", Some("t1"), answer, "assistant one done"),
            entry("u3", Some("a1"), user, "user two"),
            entry("a4", Some("u3"), answer, "assistant two"),
            entry("m", Some("u3"), Class::Settings, "[model: x]"),
        ],
        leaf_id: Some("a4".into()),
    }
}

fn ids(list: &TreeList) -> Vec<&str> {
    list.rows
        .iter()
        .map(|r| list.snapshot.entries[r.entry].id.as_str())
        .collect()
}

#[test]
fn the_active_branch_comes_first_and_bookkeeping_is_hidden() {
    let list = TreeList::new(branched(), FilterMode::Default, None);
    // a2 only calls tools, m is a settings entry.
    assert_eq!(ids(&list), ["u1", "a1", "u3", "a4", "u2", "t1", "a3"]);
    assert_eq!(list.selected_id(), Some("a4"));
    assert!(list.on_active_path("u3") && !list.on_active_path("u2"));
}

#[test]
fn branch_points_indent_their_children_with_connectors_and_gutters() {
    let list = TreeList::new(branched(), FilterMode::Default, None);
    let row = |id: &str| {
        list.rows
            .iter()
            .find(|r| list.snapshot.entries[r.entry].id == id)
            .cloned()
            .expect("row")
    };
    assert_eq!(row("u1").indent, 0);
    assert_eq!(row("a1").indent, 0);
    let (u3, u2) = (row("u3"), row("u2"));
    assert_eq!((u3.indent, u3.show_connector, u3.is_last), (1, true, false));
    assert_eq!((u2.indent, u2.show_connector, u2.is_last), (1, true, true));
    // The first entry after a branch indents once more; its gutter continues u3's line.
    let a4 = row("a4");
    assert_eq!(a4.indent, 2);
    assert_eq!(
        a4.gutters,
        [Gutter {
            position: 0,
            show: true
        }]
    );
    assert_eq!(
        row("t1").gutters,
        [Gutter {
            position: 0,
            show: false
        }]
    );
}

#[test]
fn filters_keep_the_selection_on_the_nearest_visible_ancestor() {
    let mut list = TreeList::new(branched(), FilterMode::Default, None);
    list.set_filter(FilterMode::UserOnly);
    assert_eq!(ids(&list), ["u1", "u3", "u2"]);
    assert_eq!(list.selected_id(), Some("u3"));
    list.set_filter(FilterMode::NoTools);
    assert!(!ids(&list).contains(&"t1"));
    // Even "all" leaves out an answer that only calls tools (not the leaf), as Pi does.
    list.set_filter(FilterMode::All);
    assert!(ids(&list).contains(&"m") && !ids(&list).contains(&"a2"));
    list.set_filter(FilterMode::LabeledOnly);
    assert!(list.rows.is_empty());
    list.set_label("u2", Some("here".into()), "2026-01-01T00:00:00.000Z".into());
    list.apply_filter();
    assert_eq!(ids(&list), ["u2"]);
}

#[test]
fn the_filter_cycle_and_settings_follow_pi() {
    assert_eq!(FilterMode::Default.cycled(true), FilterMode::NoTools);
    assert_eq!(FilterMode::Default.cycled(false), FilterMode::All);
    assert_eq!(
        FilterMode::from_setting(Some("user-only")),
        FilterMode::UserOnly
    );
    assert_eq!(FilterMode::from_setting(Some("bogus")), FilterMode::Default);
}

#[test]
fn search_matches_every_word_and_labels() {
    let mut list = TreeList::new(branched(), FilterMode::Default, None);
    list.set_search("USER two".into());
    assert_eq!(ids(&list), ["u3"]);
    list.set_label("a3", Some("keeper".into()), "t".into());
    list.set_search("keeper".into());
    assert_eq!(ids(&list), ["a3"]);
    // Two matches whose common ancestors are hidden: two roots, the active one first,
    // drawn without connectors.
    list.set_search("user o".into());
    assert_eq!(ids(&list), ["u3", "u2"]);
    assert!(list.multiple_roots);
    assert!(list
        .rows
        .iter()
        .all(|r| r.virtual_root_child && r.indent == 1));
}

#[test]
fn folding_hides_a_branch_and_segments_can_be_jumped() {
    let mut list = TreeList::new(branched(), FilterMode::Default, Some("u3"));
    assert!(list.is_foldable("u3"));
    assert!(!list.is_foldable("a4"));
    list.fold_or_up();
    assert_eq!(ids(&list), ["u1", "a1", "u3", "u2", "t1", "a3"]);
    list.unfold_or_down();
    assert!(ids(&list).contains(&"a4"));
    // Down from u1 follows the single chain to the first branch start.
    list.selected = 0;
    list.unfold_or_down();
    assert_eq!(list.selected_id(), Some("u3"));
    // From the end of the other branch, up jumps to that branch's start.
    let a3 = ids(&list).iter().position(|id| *id == "a3").expect("a3");
    list.selected = a3;
    list.fold_or_up();
    assert_eq!(list.selected_id(), Some("u2"));
}
