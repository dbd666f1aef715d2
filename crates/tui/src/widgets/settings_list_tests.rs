use super::*;
use crate::keybindings::KeybindingsManager;

fn plain_styles() -> SettingsListStyles {
    SettingsListStyles::default()
}

fn item(id: &str, label: &str, value: &str, values: &[&str]) -> SettingItem {
    SettingItem {
        id: id.into(),
        label: label.into(),
        description: Some(format!("About {label}")),
        current_value: value.into(),
        values: values.iter().map(|v| v.to_string()).collect(),
        submenu: false,
    }
}

fn list(search: bool) -> SettingsList {
    let items = vec![
        item("a", "Auto-compact", "true", &["true", "false"]),
        item("b", "Steering mode", "all", &["one-at-a-time", "all"]),
        SettingItem {
            submenu: true,
            values: Vec::new(),
            ..item("t", "Theme", "dark", &[])
        },
    ];
    SettingsList::new(
        items,
        2,
        plain_styles(),
        KeybindingsManager::new().shared(),
        search,
    )
}

#[test]
fn rows_align_values_and_show_the_position_and_description() {
    let mut list = list(false);
    let lines = list.render_lines(60);
    assert_eq!(lines[0], "→ Auto-compact   true");
    assert_eq!(lines[1], "  Steering mode  all");
    assert_eq!(lines[2], "  (1/3)");
    assert_eq!(lines[4], "  About Auto-compact");
    assert_eq!(
        lines.last().unwrap(),
        "  Enter/Space to change · Esc to cancel"
    );
}

#[test]
fn enter_and_space_cycle_values_and_a_submenu_item_asks_its_owner() {
    let mut list = list(false);
    list.handle_key("\r");
    list.handle_key(" ");
    assert_eq!(
        list.take_events(),
        vec![
            SettingsListEvent::Changed {
                id: "a".into(),
                value: "false".into()
            },
            SettingsListEvent::Changed {
                id: "a".into(),
                value: "true".into()
            },
        ]
    );
    list.handle_key("\x1b[A"); // up wraps to the last row
    assert_eq!(list.selected_id(), Some("t"));
    list.handle_key("\r");
    list.handle_key("\x1b");
    assert_eq!(
        list.take_events(),
        vec![
            SettingsListEvent::OpenSubmenu { id: "t".into() },
            SettingsListEvent::Cancel,
        ]
    );
}

#[test]
fn typing_filters_by_label_and_space_then_types() {
    let mut list = list(true);
    for key in ["s", "t", "e"] {
        list.handle_key(key);
    }
    assert_eq!(list.selected_id(), Some("b"));
    let lines = list.render_lines(60);
    assert!(lines[0].contains("ste"), "{lines:?}");
    assert!(lines[2].starts_with("→ Steering mode"), "{lines:?}");
    list.handle_key(" ");
    assert!(list.take_events().is_empty());
    for key in ["x", "y", "z", "q"] {
        list.handle_key(key);
    }
    assert!(list
        .render_lines(60)
        .iter()
        .any(|l| l.contains("No matching settings")));
}
