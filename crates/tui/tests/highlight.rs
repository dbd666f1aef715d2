//! The code highlighter's tokens on small samples of each language family.

use std::sync::Arc;
use tau_tui::markdown::highlight::{
    highlight, markdown_highlighter, supports_language, tokenize, TokenKind,
};

use TokenKind::*;

/// Whether `code` in `lang` has a span of exactly `text` with `kind`.
fn has(lang: &str, code: &str, kind: TokenKind, text: &str) -> bool {
    let spans = tokenize(code, lang).unwrap_or_else(|| panic!("{lang} is supported"));
    spans.iter().any(|(k, t)| *k == kind && t == text)
}

fn check(lang: &str, code: &str, expected: &[(TokenKind, &str)]) {
    for (kind, text) in expected {
        assert!(
            has(lang, code, *kind, text),
            "{lang}: no {kind:?} {text:?} in {:?}",
            tokenize(code, lang)
        );
    }
}

#[test]
fn rust_tokens() {
    let code = "#[derive(Debug)]\npub struct Point<'a> { x: i32 }\nfn main() {\n    let s = r#\"raw\"#; // note\n    println!(\"{}\", 1.5);\n}";
    check(
        "rust",
        code,
        &[
            (Meta, "#[derive(Debug)]"),
            (Keyword, "pub"),
            (Keyword, "struct"),
            (Title, "Point"),
            (Meta, "'a"),
            (BuiltIn, "i32"),
            (Keyword, "fn"),
            (Function, "main"),
            (String, "r#\"raw\"#"),
            (Comment, "// note"),
            (BuiltIn, "println"),
            (Number, "1.5"),
        ],
    );
}

#[test]
fn typescript_tokens() {
    let code = "import { x } from \"y\";\n/* block\ncomment */\nexport async function load(id: number): Promise<void> {\n  const msg = `hi ${id + 1}!`;\n  return null;\n}";
    check(
        "ts",
        code,
        &[
            (Keyword, "import"),
            (String, "\"y\""),
            (Comment, "/* block\ncomment */"),
            (Keyword, "async"),
            (Function, "load"),
            (BuiltIn, "number"),
            (BuiltIn, "Promise"),
            (String, "`hi "),
            (Subst, "${id + 1}"),
            (String, "!`"),
            (Literal, "null"),
        ],
    );
}

#[test]
fn python_shell_and_go_tokens() {
    check(
        "python",
        "@cache\ndef f(x):\n    \"\"\"Doc.\"\"\"\n    return f\"{x}\" if x else None  # c",
        &[
            (Meta, "@cache"),
            (Keyword, "def"),
            (Function, "f"),
            (String, "\"\"\"Doc.\"\"\""),
            (String, "f\"{x}\""),
            (Literal, "None"),
            (Comment, "# c"),
        ],
    );
    check(
        "bash",
        "#!/bin/sh\nif [ -n \"$HOME\" ]; then echo ${PATH} $1; fi # done\nurl=a#b",
        &[
            (Meta, "#!/bin/sh"),
            (Keyword, "if"),
            (String, "\"$HOME\""),
            (BuiltIn, "echo"),
            (Variable, "${PATH}"),
            (Variable, "$1"),
            (Comment, "# done"),
        ],
    );
    assert!(
        !has("bash", "url=a#b", Comment, "#b"),
        "a # inside a word is not a comment"
    );
    check(
        "go",
        "package main\nfunc Add(a int) int { return a + 1 }",
        &[
            (Keyword, "package"),
            (Keyword, "func"),
            (Function, "Add"),
            (BuiltIn, "int"),
            (Operator, "+"),
        ],
    );
    check(
        "cpp",
        "#include <stdio.h>\nint main() { printf(\"%d\", 1); }",
        &[
            (Meta, "#include <stdio.h>"),
            (BuiltIn, "int"),
            (Function, "main"),
            (String, "\"%d\""),
        ],
    );
}

#[test]
fn data_and_markup_tokens() {
    check(
        "json",
        "{\"name\": \"tau\", \"n\": 2, \"ok\": true}",
        &[
            (Attr, "\"name\""),
            (String, "\"tau\""),
            (Number, "2"),
            (Literal, "true"),
        ],
    );
    check(
        "yaml",
        "# config\nname: tau\ncount: 3\nlist:\n  - \"x\"",
        &[
            (Comment, "# config"),
            (Attr, "name"),
            (Number, "3"),
            (String, "\"x\""),
        ],
    );
    check(
        "diff",
        "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-old\n+new\n same",
        &[
            (Comment, "--- a/f\n+++ b/f\n"),
            (Meta, "@@ -1 +1 @@\n"),
            (Deletion, "-old\n"),
            (Addition, "+new\n"),
        ],
    );
    check(
        "html",
        "<a href=\"/x\">link</a><!-- c -->",
        &[
            (Tag, "<"),
            (Name, "a"),
            (Attr, "href"),
            (String, "\"/x\""),
            (Default, "link"),
            (Comment, "<!-- c -->"),
        ],
    );
    check(
        "css",
        "@media print { .a { color: #fff; width: 10px; } }",
        &[
            (Keyword, "@media"),
            (Attr, "color"),
            (Number, "#fff"),
            (Number, "10px"),
        ],
    );
    check(
        "md",
        "# Title\nSome **bold** and `code` and [l](u).",
        &[
            (Keyword, "# Title\n"),
            (Strong, "**bold**"),
            (String, "`code`"),
            (Link, "[l](u)"),
        ],
    );
}

#[test]
fn highlighting_keeps_one_line_per_line_and_styles_each_piece() {
    let code = "/* a\nb */ let x = 1;\n\nlast";
    let style = |kind: TokenKind, text: &str| {
        format!("<{}>{text}</>", kind.theme_token().unwrap_or("attr"))
    };
    let lines = highlight(code, "js", &style).expect("js is supported");
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "<syntaxComment>/* a</>");
    assert!(
        lines[1].starts_with("<syntaxComment>b */</>"),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("<syntaxKeyword>let</>"), "{}", lines[1]);
    assert_eq!(lines[2], "");
    assert!(highlight(code, "klingon", &style).is_none());
    assert!(
        supports_language("TypeScript") && supports_language("sh") && !supports_language("prose")
    );
}

#[test]
fn the_markdown_highlighter_falls_back_to_the_code_block_style() {
    let highlighter = markdown_highlighter(
        Arc::new(|kind: TokenKind, text: &str| format!("[{kind:?}:{text}]")),
        Arc::new(|text: &str| format!("<cb>{text}</cb>")),
    );
    assert_eq!(highlighter("a\nb", None), vec!["<cb>a</cb>", "<cb>b</cb>"]);
    assert_eq!(highlighter("a", Some("")), vec!["<cb>a</cb>"]);
    assert_eq!(highlighter("a", Some("nope")), vec!["<cb>a</cb>"]);
    assert_eq!(highlighter("let", Some("js")), vec!["[Keyword:let]"]);
}
