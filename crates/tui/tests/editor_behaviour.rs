//! Behaviour the parity vectors cannot show: the `@` file search (pi-tui needs `fd` for it),
//! the event API as the interactive mode uses it, and that no key sequence makes the editor
//! or input panic or draw past the width.

use std::sync::Arc;

use tau_tui::autocomplete::{
    AutocompleteItem, AutocompleteProvider, AutocompleteSuggestions, CombinedAutocompleteProvider,
    CompletionResult, SlashCommand, SuggestionsReply,
};
use tau_tui::editor::{Editor, EditorEvent, EditorOptions, EditorTheme};
use tau_tui::keybindings::{
    migrate_keybinding_names, KeybindingsManager, LEGACY_TUI_KEYBINDING_NAMES,
};
use tau_tui::widgets::input::{Input, InputOptions};
use tau_tui::{visible_width, Component};

/// A small project: sources, docs, a `.git` folder and a git-ignored folder.
fn tree() -> std::io::Result<tempfile::TempDir> {
    let dir = tempfile::tempdir()?;
    for path in [
        "src/main.rs",
        "src/editor/mod.rs",
        "docs/guide.md",
        ".git/config",
        "ignored/x.rs",
        "notes.md",
    ] {
        let full = dir.path().join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(full, "x")?;
    }
    std::fs::write(dir.path().join(".gitignore"), "ignored/\n")?;
    Ok(dir)
}

#[test]
fn at_search_walks_the_tree_and_skips_git_and_ignored() {
    let dir = tree().unwrap();
    let mut provider = CombinedAutocompleteProvider::new(vec![], dir.path().to_str().unwrap());
    let lines = vec!["look at @mod".to_string()];
    let found = provider
        .get_suggestions(&lines, 0, lines[0].len(), false)
        .unwrap();
    assert_eq!(found.prefix, "@mod");
    let values: Vec<&str> = found.items.iter().map(|i| i.value.as_str()).collect();
    assert_eq!(values, vec!["@src/editor/mod.rs"]);

    let lines = vec!["@".to_string()];
    let all = provider.get_suggestions(&lines, 0, 1, false).unwrap();
    let values: Vec<&str> = all.items.iter().map(|i| i.value.as_str()).collect();
    assert!(values.contains(&"@src/"), "{values:?}");
    assert!(
        !values
            .iter()
            .any(|v| v.contains(".git/") || v.contains("ignored")),
        "{values:?}"
    );

    // Scoped: a query with a slash searches inside that directory.
    let lines = vec!["@src/ma".to_string()];
    let scoped = provider
        .get_suggestions(&lines, 0, lines[0].len(), false)
        .unwrap();
    assert_eq!(scoped.items[0].value, "@src/main.rs");
    let applied =
        provider.apply_completion(&lines, 0, lines[0].len(), &scoped.items[0], &scoped.prefix);
    assert_eq!(applied.lines[0], "@src/main.rs ");
    assert_eq!(applied.cursor_col, applied.lines[0].len());
}

#[test]
fn interactive_mode_usage() {
    let keybindings = KeybindingsManager::new().shared();
    let mut editor = Editor::new(
        EditorTheme::default(),
        keybindings,
        EditorOptions::default(),
    );
    let mut model = SlashCommand::new("model", Some("Select a model"));
    model.argument_completions = Some(Arc::new(|prefix: &str| {
        Some(vec![tau_tui::autocomplete::AutocompleteItem::new(
            "opus", "opus",
        )])
        .filter(|_| "opus".starts_with(prefix))
    }));
    editor.set_autocomplete_provider(Box::new(CombinedAutocompleteProvider::new(
        vec![model],
        ".",
    )));
    editor.set_terminal_rows(40);
    editor.set_focused(true);
    for key in ["/", "m", "o"] {
        editor.handle_input(key);
    }
    assert!(editor.is_showing_autocomplete());
    editor.handle_input("\t");
    assert_eq!(editor.get_text(), "/model ");
    editor.handle_input("o");
    editor.handle_input("\r"); // Enter on an argument completion applies it
    assert_eq!(editor.get_text(), "/model opus");
    editor.handle_input("\r");
    let events = editor.take_events();
    assert_eq!(
        events.last(),
        Some(&EditorEvent::Submit("/model opus".into()))
    );
    assert!(editor.get_text().is_empty());
    let lines = editor.render(20);
    assert_eq!(lines.len(), 3);
}

#[test]
fn late_argument_completions_open_the_popup_on_refresh() {
    let cache: Arc<std::sync::Mutex<Option<Vec<AutocompleteItem>>>> = Arc::default();
    let mut cmd = SlashCommand::new("deploy", None);
    let reader = cache.clone();
    cmd.argument_completions = Some(Arc::new(move |_prefix: &str| {
        reader.lock().ok().and_then(|c| c.clone())
    }));
    let provider = CombinedAutocompleteProvider::new(vec![cmd], ".");
    let kb = KeybindingsManager::new().shared();
    let mut editor = Editor::new(EditorTheme::default(), kb, EditorOptions::default());
    editor.set_autocomplete_provider(Box::new(provider));
    for key in ["/", "d", "e", "p", "l", "o", "y", " ", "s"] {
        editor.handle_input(key);
    }
    assert!(!editor.is_showing_autocomplete());
    *cache.lock().unwrap() = Some(vec![AutocompleteItem::new("staging", "staging")]);
    editor.refresh_autocomplete();
    assert!(editor.is_showing_autocomplete());
    editor.handle_input("\t");
    assert_eq!(editor.get_text(), "/deploy staging");
}

/// A provider that answers later: what it will answer, and the requests it got.
#[derive(Clone, Default)]
struct LateProvider {
    answer: Arc<std::sync::Mutex<Option<AutocompleteSuggestions>>>,
    asked: Arc<std::sync::Mutex<Vec<(String, bool)>>>,
}

impl AutocompleteProvider for LateProvider {
    fn trigger_characters(&self) -> Vec<String> {
        vec!["$".into()]
    }

    fn get_suggestions(
        &mut self,
        _lines: &[String],
        _line: usize,
        _col: usize,
        _force: bool,
    ) -> Option<AutocompleteSuggestions> {
        None
    }

    fn request_suggestions(
        &mut self,
        lines: &[String],
        _line: usize,
        _col: usize,
        force: bool,
        _explicit_tab: bool,
    ) -> SuggestionsReply {
        self.asked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((lines.join("\n"), force));
        match self.answer.lock().unwrap_or_else(|p| p.into_inner()).take() {
            Some(found) => SuggestionsReply::Ready(Some(found)),
            None => SuggestionsReply::Later,
        }
    }

    fn apply_completion(
        &self,
        lines: &[String],
        line: usize,
        col: usize,
        item: &AutocompleteItem,
        prefix: &str,
    ) -> CompletionResult {
        CombinedAutocompleteProvider::new(Vec::new(), ".")
            .apply_completion(lines, line, col, item, prefix)
    }
}

#[test]
fn a_late_answer_keeps_the_popup_until_it_comes_and_is_dropped_when_the_text_moved_on() {
    let provider = LateProvider::default();
    let kb = KeybindingsManager::new().shared();
    let mut editor = Editor::new(EditorTheme::default(), kb, EditorOptions::default());
    editor.set_autocomplete_provider(Box::new(provider.clone()));
    for key in ["e", " ", "$"] {
        editor.handle_input(key);
    }
    assert!(!editor.is_showing_autocomplete());
    let found = AutocompleteSuggestions {
        items: vec![
            AutocompleteItem::new("$HOME", "$HOME"),
            AutocompleteItem::new("$HOST", "$HOST"),
        ],
        prefix: "$".into(),
    };
    *provider.answer.lock().unwrap() = Some(found.clone());
    editor.refresh_autocomplete();
    assert!(editor.is_showing_autocomplete());
    // Typing asks again; the popup stays as it was until the answer.
    editor.handle_input("H");
    assert!(editor.is_showing_autocomplete());
    let choice = editor.completion_choice("\t").expect("Tab applies");
    assert_eq!(
        (choice.item.value.as_str(), choice.prefix.as_str()),
        ("$HOME", "$")
    );
    // An answer for text the user has since changed is not shown.
    editor.handle_input("\x1b");
    editor.handle_input("x");
    editor.handle_input(" ");
    *provider.answer.lock().unwrap() = Some(found);
    let before = provider.asked.lock().unwrap().len();
    editor.refresh_autocomplete();
    assert!(!editor.is_showing_autocomplete());
    assert_eq!(provider.asked.lock().unwrap().len(), before);
}

#[test]
fn legacy_names_migrate() {
    let user = vec![
        ("submit".to_string(), vec!["ctrl+s".to_string()]),
        ("newLine".to_string(), vec!["enter".to_string()]),
        ("tui.input.newLine".to_string(), vec!["ctrl+j".to_string()]),
    ];
    let (migrated, changed) = migrate_keybinding_names(user, LEGACY_TUI_KEYBINDING_NAMES);
    assert!(changed);
    assert_eq!(
        migrated,
        vec![
            ("tui.input.submit".to_string(), vec!["ctrl+s".to_string()]),
            ("tui.input.newLine".to_string(), vec!["ctrl+j".to_string()]),
        ]
    );
}

/// Deterministic PRNG (xorshift) for the stress test.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 33) as usize
    }
}

#[test]
fn random_keys_never_panic_or_overflow_the_width() {
    // Keys as the input splitter delivers them: a paste always arrives whole (a lone paste
    // start would make pi-tui's Input, and so tau's, take the following escape sequences
    // as pasted text).
    let pieces = [
        "a",
        " ",
        "é",
        "😀",
        "中",
        "e\u{301}",
        "\t",
        "\\",
        "/",
        "@",
        "#",
        ".",
        "\x1b[A",
        "\x1b[B",
        "\x1b[C",
        "\x1b[D",
        "\x1b[H",
        "\x1b[F",
        "\x7f",
        "\x1b[3~",
        "\r",
        "\n",
        "\x1b[13;2u",
        "\x01",
        "\x05",
        "\x0b",
        "\x15",
        "\x17",
        "\x19",
        "\x1by",
        "\x1bb",
        "\x1bf",
        "\x1bd",
        "\x1f",
        "\x1d",
        "\x1b",
        "\x1b[5~",
        "\x1b[6~",
        "\x1b[200~big\npaste\x1b[201~",
        "\x00",
        "\u{feff}",
        "\x1b[97u",
    ];
    let dir = tree().unwrap();
    let mut rng = Rng(0x5eed);
    for round in 0..100 {
        let kb = KeybindingsManager::new().shared();
        let options = EditorOptions {
            padding_x: round % 3,
            autocomplete_max_visible: 5,
        };
        let mut editor = Editor::new(EditorTheme::default(), kb.clone(), options);
        let commands = vec![
            SlashCommand::new("model", None),
            SlashCommand::new("mode", None),
        ];
        editor.set_autocomplete_provider(Box::new(CombinedAutocompleteProvider::new(
            commands,
            dir.path().to_str().unwrap(),
        )));
        editor.set_terminal_rows(5 + round);
        let mut input = Input::new(InputOptions::default(), kb);
        for _ in 0..120 {
            let key = pieces[rng.next() % pieces.len()];
            editor.handle_input(key);
            input.handle_input(key);
            // Narrower than 8 columns (under 4 of text with padding), pi-tui itself draws a
            // wide character or the end-of-line cursor past the width.
            let width = 8 + rng.next() % 30;
            // pi-tui's Input can draw one column too many when a zero-width character
            // follows the cursor (tau keeps that); only the editor's width is checked.
            input.render(width);
            for line in editor.render(width).iter() {
                assert!(
                    visible_width(line) <= width,
                    "{line:?} is wider than {width}"
                );
            }
        }
        editor.take_events();
    }
}
