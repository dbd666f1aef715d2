//! The settings Pi 1.6.0's `/settings` lists, in its order, with its labels, descriptions
//! and values ("Show images" and "Image width" only where the terminal draws inline images,
//! as in Pi). Each names the settings.json key it saves to and how a shown value becomes the
//! saved one.

use serde_json::{json, Map, Value};
use tau_app::settings_file;
use tau_tui::widgets::SettingItem;

/// How a shown value is saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saved {
    /// "true" / "false" as a boolean.
    Bool,
    /// The text as it is.
    Text,
    /// A whole number.
    Number,
    /// `quietStartup`: "header" as text, else a boolean.
    BoolOrText,
    /// `fullscreenWheelScrollLines`: "auto" or a number.
    AutoOrNumber,
    /// `httpIdleTimeoutMs`: Pi's choice labels ("30 sec" .. "disabled") as milliseconds.
    Timeout,
    /// `defaultProjectTrust`: "Ask" / "Always trust" / "Never trust".
    TrustLabel,
    /// Not saved by the list itself (a submenu saves, or the value is a summary).
    Submenu,
}

/// One setting of the list.
pub struct Entry {
    pub id: &'static str,
    pub label: &'static str,
    pub description: &'static str,
    /// The settings.json key (dotted for nested ones).
    pub key: &'static str,
    pub values: &'static [&'static str],
    /// Shown when the key is not set (Pi's default).
    pub default: &'static str,
    pub saved: Saved,
}

const BOOL: &[&str] = &["true", "false"];
const QUEUE: &[&str] = &["one-at-a-time", "all"];
const TIMEOUTS: [(&str, u64); 5] = [
    ("30 sec", 30_000),
    ("1 min", 60_000),
    ("2 min", 120_000),
    ("5 min", 300_000),
    ("disabled", 0),
];
const TRUST_LABELS: [(&str, &str); 3] = [
    ("ask", "Ask"),
    ("always", "Always trust"),
    ("never", "Never trust"),
];

const fn entry(
    id: &'static str,
    label: &'static str,
    description: &'static str,
    key: &'static str,
    values: &'static [&'static str],
    default: &'static str,
    saved: Saved,
) -> Entry {
    Entry {
        id,
        label,
        description,
        key,
        values,
        default,
        saved,
    }
}

/// Pi's list. Descriptions naming a key use Pi's default keys.
pub const ENTRIES: &[Entry] = &[
    entry("autocompact", "Auto-compact", "Automatically compact context when it gets too large", "compaction.enabled", BOOL, "true", Saved::Bool),
    entry("auto-resize-images", "Auto-resize images", "Resize large images to 2000x2000 max for better model compatibility", "images.autoResize", BOOL, "true", Saved::Bool),
    entry("block-images", "Block images", "Prevent images from being sent to LLM providers", "images.blockImages", BOOL, "false", Saved::Bool),
    entry("skill-commands", "Skill commands", "Register skills as /skill:name commands", "enableSkillCommands", BOOL, "true", Saved::Bool),
    entry("show-hardware-cursor", "Show hardware cursor", "Use the terminal cursor instead of Pi's drawn cursor", "showHardwareCursor", BOOL, "false", Saved::Bool),
    entry("editor-padding", "Editor padding", "Horizontal padding for input editor (0-3)", "editorPaddingX", &["0", "1", "2", "3"], "0", Saved::Number),
    entry("output-padding", "Output padding", "Horizontal padding for messages, tool output, and command output", "outputPad", &["0", "1"], "1", Saved::Number),
    entry("autocomplete-max-visible", "Autocomplete max items", "Max visible items in autocomplete dropdown (3-20)", "autocompleteMaxVisible", &["3", "5", "7", "10", "15", "20"], "5", Saved::Number),
    entry("clear-on-shrink", "Clear on shrink", "Clear empty rows when content shrinks (may cause flicker)", "terminal.clearOnShrink", BOOL, "false", Saved::Bool),
    entry("terminal-progress", "Terminal progress", "Show OSC 9;4 progress indicators in the terminal tab bar", "terminal.showTerminalProgress", BOOL, "false", Saved::Bool),
    entry("steering-mode", "Steering mode", "Enter while streaming queues steering messages. 'one-at-a-time': deliver one, wait for response. 'all': deliver all at once.", "steeringMode", QUEUE, "one-at-a-time", Saved::Text),
    entry("follow-up-mode", "Follow-up mode", "alt+enter queues follow-up messages until agent stops. 'one-at-a-time': deliver one, wait for response. 'all': deliver all at once.", "followUpMode", QUEUE, "one-at-a-time", Saved::Text),
    entry("transport", "Transport", "Preferred transport for providers that support multiple transports", "transport", &["sse", "websocket", "websocket-cached", "auto"], "auto", Saved::Text),
    entry("share-destination", "Session share destination", "Where to upload sessions with /share (auto prefers Radius when authenticated, otherwise GitHub Gist)", "sessionShareDestination", &["auto", "gist", "radius"], "auto", Saved::Text),
    entry("http-idle-timeout", "HTTP idle timeout", "Maximum idle gap while waiting for HTTP headers or body chunks. Disable for local models that pause longer than five minutes.", "httpIdleTimeoutMs", &["30 sec", "1 min", "2 min", "5 min", "disabled"], "5 min", Saved::Timeout),
    entry("cache-warming-mode", "Cache warming", "off; streaming while the agent runs; idle also between runs while continuation stays profitable", "cacheWarming", &["off", "streaming", "idle"], "idle", Saved::Text),
    entry("hide-thinking", "Hide thinking", "Hide thinking blocks in assistant responses", "hideThinkingBlock", BOOL, "false", Saved::Bool),
    entry("mermaid-rendering", "Mermaid diagrams", "Render Mermaid code blocks as Unicode diagrams", "markdown.mermaid", &["off", "final", "streaming"], "streaming", Saved::Text),
    entry("cache-miss-notices", "Cache miss notices", "Show transcript notices for cache costs and provider recovery diagnostics", "showCacheMissNotices", BOOL, "false", Saved::Bool),
    entry("collapse-changelog", "Collapse changelog", "Show condensed changelog after updates", "collapseChangelog", BOOL, "false", Saved::Bool),
    entry("quiet-startup", "Quiet startup", "Disable verbose printing at startup (header: keep only the startup header)", "quietStartup", &["true", "header", "false"], "false", Saved::BoolOrText),
    entry("install-telemetry", "Install telemetry", "Send an anonymous version/update ping after changelog-detected updates", "enableInstallTelemetry", BOOL, "true", Saved::Bool),
    entry("default-project-trust", "Default project trust", "Fallback behavior when no extension or saved trust decision decides project trust", "defaultProjectTrust", &["Ask", "Always trust", "Never trust"], "Ask", Saved::TrustLabel),
    entry("double-escape-action", "Double-escape action", "Action when pressing Escape twice with empty editor", "doubleEscapeAction", &["tree", "fork", "none"], "tree", Saved::Text),
    entry("tree-filter-mode", "Tree filter mode", "Default filter when opening /tree", "treeFilterMode", &["default", "no-tools", "user-only", "labeled-only", "all"], "default", Saved::Text),
    entry("warnings", "Warnings", "Enable or disable individual warnings", "warnings", &[], "configure", Saved::Submenu),
    entry("model-thinking", "Default thinking level per model", "Override the default thinking level for specific models. shift+tab cycles in-session.", "modelThinkingLevels", &[], "none", Saved::Submenu),
    entry("tui-mode", "TUI mode", "Interface layout; regular mode uses the terminal's normal scrollback", "tuiMode", &["regular", "fullscreen"], "fullscreen", Saved::Text),
    entry("fullscreen-exit-output", "Fullscreen exit output", "Print the transcript or only a session resume hint when exiting fullscreen mode", "fullscreenExitOutput", &["transcript", "resume-hint"], "transcript", Saved::Text),
    entry("fullscreen-scrollbar", "Fullscreen scrollbar", "Scrollbar behavior in fullscreen mode; has no effect in regular mode", "fullscreenScrollbar", &["auto", "always", "hidden"], "auto", Saved::Text),
    entry("fullscreen-copy-on-select", "Fullscreen copy on select", "Automatically copy selected text in fullscreen mode; disable to copy selections with Ctrl+X", "fullscreenCopyOnSelect", BOOL, "true", Saved::Bool),
    entry("fullscreen-wheel-scroll-lines", "Fullscreen wheel scrolling", "Lines per mouse-wheel event in fullscreen mode; 'auto' speeds up fast wheel spins where the terminal does not", "fullscreenWheelScrollLines", &["auto", "1", "2", "3", "5", "10"], "auto", Saved::AutoOrNumber),
    entry("theme", "Theme", "Color theme for the interface", "theme", &[], "system", Saved::Submenu),
];

/// The two image entries Pi inserts after "Auto-compact" on a terminal with inline images.
pub const IMAGE_ENTRIES: &[Entry] = &[
    entry(
        "show-images",
        "Show images",
        "Render images inline in terminal",
        "terminal.showImages",
        BOOL,
        "true",
        Saved::Bool,
    ),
    entry(
        "image-width-cells",
        "Image width",
        "Preferred inline image width in terminal cells",
        "terminal.imageWidthCells",
        &["60", "80", "120"],
        "60",
        Saved::Number,
    ),
];

/// The entry with this id.
pub fn find(id: &str) -> Option<&'static Entry> {
    ENTRIES
        .iter()
        .chain(IMAGE_ENTRIES)
        .find(|entry| entry.id == id)
}

/// Pi's list in its order: the image entries after the first when `inline_images`.
fn listed(inline_images: bool) -> Vec<&'static Entry> {
    let mut entries: Vec<&'static Entry> = ENTRIES.iter().collect();
    if inline_images {
        entries.splice(1..1, IMAGE_ENTRIES);
    }
    entries
}

/// How a saved value is shown.
fn shown(entry: &Entry, value: &Value) -> Option<String> {
    Some(match (entry.saved, value) {
        (Saved::Timeout, Value::Number(ms)) => {
            let ms = ms.as_u64()?;
            TIMEOUTS
                .iter()
                .find(|(_, t)| *t == ms)
                .map(|(label, _)| label.to_string())
                .unwrap_or_else(|| format!("{} sec", ms as f64 / 1000.0))
        }
        (Saved::Timeout, Value::String(text)) if text == "disabled" => "disabled".into(),
        (Saved::TrustLabel, Value::String(text)) => TRUST_LABELS
            .iter()
            .find(|(v, _)| v == text)
            .map(|(_, label)| label.to_string())?,
        (_, Value::String(text)) => text.clone(),
        (_, Value::Bool(b)) => b.to_string(),
        (_, Value::Number(n)) => n.to_string(),
        _ => return None,
    })
}

/// The list's items with the values in `settings`; `live` overrides values the session holds
/// (auto-compaction, queue modes, hidden thinking, theme, TUI mode); `inline_images` lists
/// the image entries.
pub fn items(
    settings: &Map<String, Value>,
    live: &[(&str, String)],
    inline_images: bool,
) -> Vec<SettingItem> {
    listed(inline_images)
        .into_iter()
        .map(|entry| {
            let saved = settings_file::get(settings, entry.key).and_then(|v| shown(entry, v));
            let current = live
                .iter()
                .find(|(id, _)| *id == entry.id)
                .map(|(_, value)| value.clone())
                .or(saved.filter(|_| entry.saved != Saved::Submenu))
                .unwrap_or_else(|| entry.default.to_string());
            let mut values: Vec<String> = entry.values.iter().map(|v| v.to_string()).collect();
            // Pi offers a configured wheel step that is not one of its choices, in order.
            if entry.saved == Saved::AutoOrNumber && !values.contains(&current) {
                values.push(current.clone());
                values[1..].sort_by_key(|v| v.parse::<u64>().unwrap_or(0));
            }
            SettingItem {
                id: entry.id.to_string(),
                label: entry.label.to_string(),
                description: Some(entry.description.to_string()),
                current_value: current,
                values,
                submenu: entry.saved == Saved::Submenu,
            }
        })
        .collect()
}

/// The JSON a shown value is saved as; `None` for submenu entries.
pub fn to_json(entry: &Entry, shown: &str) -> Option<Value> {
    Some(match entry.saved {
        Saved::Bool => json!(shown == "true"),
        Saved::Text => json!(shown),
        Saved::Number => json!(shown.parse::<u64>().ok()?),
        Saved::BoolOrText if shown == "header" => json!("header"),
        Saved::BoolOrText => json!(shown == "true"),
        Saved::AutoOrNumber if shown == "auto" => json!("auto"),
        Saved::AutoOrNumber => json!(shown.parse::<u64>().ok()?),
        Saved::Timeout => json!(TIMEOUTS.iter().find(|(l, _)| *l == shown)?.1),
        Saved::TrustLabel => json!(TRUST_LABELS.iter().find(|(_, l)| *l == shown)?.0),
        Saved::Submenu => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pi_lists_thirty_three_settings_without_inline_images() {
        assert_eq!(ENTRIES.len(), 33);
        assert_eq!(ENTRIES[0].label, "Auto-compact");
        assert_eq!(ENTRIES[32].label, "Theme");
    }

    #[test]
    fn pi_inserts_the_image_entries_after_auto_compact_where_images_show() {
        let settings = json!({"terminal": {"imageWidthCells": 120}});
        let listed = items(settings.as_object().unwrap(), &[], true);
        let labels: Vec<&str> = listed.iter().take(4).map(|i| i.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Auto-compact",
                "Show images",
                "Image width",
                "Auto-resize images"
            ]
        );
        assert_eq!(listed.len(), 35);
        assert_eq!(listed[1].current_value, "true");
        assert_eq!(listed[2].current_value, "120");
        assert_eq!(
            to_json(find("image-width-cells").unwrap(), "80"),
            Some(json!(80))
        );
        assert_eq!(
            to_json(find("show-images").unwrap(), "false"),
            Some(json!(false))
        );
    }

    #[test]
    fn saved_values_are_shown_and_shown_values_saved_as_pi_does() {
        let settings = json!({
            "compaction": {"enabled": false},
            "httpIdleTimeoutMs": 60000,
            "defaultProjectTrust": "always",
            "fullscreenWheelScrollLines": 4,
        });
        let items = items(
            settings.as_object().unwrap(),
            &[("hide-thinking", "true".into())],
            false,
        );
        let value = |id: &str| {
            items
                .iter()
                .find(|i| i.id == id)
                .map(|i| i.current_value.clone())
                .unwrap()
        };
        assert_eq!(value("autocompact"), "false");
        assert_eq!(value("http-idle-timeout"), "1 min");
        assert_eq!(value("default-project-trust"), "Always trust");
        assert_eq!(value("hide-thinking"), "true");
        assert_eq!(value("steering-mode"), "one-at-a-time");
        let wheel = items
            .iter()
            .find(|i| i.id == "fullscreen-wheel-scroll-lines")
            .unwrap();
        assert_eq!(wheel.values, ["auto", "1", "2", "3", "4", "5", "10"]);
        assert_eq!(
            to_json(find("http-idle-timeout").unwrap(), "disabled"),
            Some(json!(0))
        );
        assert_eq!(
            to_json(find("quiet-startup").unwrap(), "header"),
            Some(json!("header"))
        );
        assert_eq!(
            to_json(find("default-project-trust").unwrap(), "Never trust"),
            Some(json!("never"))
        );
        assert_eq!(
            to_json(find("editor-padding").unwrap(), "2"),
            Some(json!(2))
        );
    }
}
