//! Issue 14 §3: `tau --export <session.jsonl> [out.html]` writes one self-contained page of
//! the session, as Pi's `--export` does: the active branch with Markdown, thinking, tool
//! calls and results, images as `data:` URIs, the other branches a click away in the tree,
//! the session's name, models, tokens and cost. Session text never becomes markup.
//!
//! The structural checks read the page as text (every element the page writes is on known
//! markers); `export_browser.rs` opens the same pages in headless Chromium when it is
//! installed.

use std::path::Path;

use serde_json::json;

use super::export_support::{export, is_hidden, rich_session, section, PNG};
use crate::support::*;

#[test]
fn export_writes_one_page_with_the_active_branch_and_reports_the_torn_line() {
    let ws = Workspace::new();
    let session = rich_session(ws.path());
    let output = export(&ws, &[session.to_str().expect("utf-8"), "out.html"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "Exported to: out.html\n");
    assert!(
        stderr(&output).contains("line 9:"),
        "the torn line is reported with its number: {}",
        stderr(&output)
    );
    let page = ws.read("out.html");

    // Self-contained: no address outside the page, one script and one style, both inline.
    for outside in ["src=\"http", "href=\"http", "<link", "@import", "url("] {
        assert!(
            !page.contains(outside),
            "page refers outside itself: {outside}"
        );
    }
    assert_eq!(page.matches("<script").count(), 1);
    assert!(page.contains(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:;"
    ));

    // Title and header: the session's name (escaped), models, counts, tokens, cost.
    assert!(page.contains("<title>Fix &lt;main.rs&gt; &amp; friends · tau session</title>"));
    assert!(page.contains("<h1>Fix &lt;main.rs&gt; &amp; friends</h1>"));
    assert!(page.contains("<dt>Models</dt><dd>loopback/test-model</dd>"));
    assert!(
        page.contains("<dt>Messages</dt><dd>3 user, 4 assistant, 4 tool results, 1 custom</dd>"),
        "{page}"
    );
    assert!(page.contains("<dt>Tool calls</dt><dd>4</dd>"));
    assert!(page.contains("<dt>Tokens</dt><dd>↑2.7k ↓135</dd>"));
    assert!(page.contains("<dt>Cost</dt><dd>$0.033</dd>"));
    assert!(page.contains("<dt>Folder</dt><dd>/home/ann/project</dd>"));
    assert!(page.contains("1 problem reading the session file"));

    // Entry indexes: the torn line is skipped, so u3 is 9, a4 10, u2 11, c1 12, a3 13.
    let (system, user, first_answer) = (section(&page, 0), section(&page, 2), section(&page, 3));
    let system = system.expect("system prompt section");
    assert!(system.contains("System prompt") && system.contains("You are a careful assistant."));
    assert!(
        system.contains("Available tools")
            && system.contains("<span class=\"tool-name\">bash</span> Run a command")
    );
    let user = user.expect("user section");
    assert!(user.contains("<strong>fix</strong>") && user.contains("<code>main.rs</code>"));
    assert!(user.contains(&format!(
        "<img class=\"image\" alt=\"image\" src=\"data:image/png;base64,{PNG}\">"
    )));
    assert!(
        page.contains("<span class=\"tree-label\">[start]</span>"),
        "the label shows in the tree"
    );

    let answer = first_answer.expect("assistant section");
    assert!(answer.contains("<details class=\"thinking\" open><summary>Thinking</summary><div class=\"plain\">The user wants a fix; look at the files first.</div></details>"));
    assert!(answer.contains("<div class=\"tool success\" data-tool=\"bash\" data-result-n=\"4\"><div class=\"tool-head\"><span class=\"prompt\">$</span> ls -la</div>"));
    assert!(answer.contains("<pre>line 1\nline 2\nline 3\nline 4\nline 5</pre><details class=\"more\"><summary>… (7 more lines)</summary>"), "{answer}");
    assert!(answer.contains("<span class=\"tool-name\">read</span> <span class=\"path\">~/project/src/main.rs</span><span class=\"dim\">:1-20</span>"));
    assert!(answer.contains(
        "<span class=\"removed\">-1 let a = 1;</span>\n<span class=\"added\">+1 let b = 1;</span>"
    ));
    assert!(answer.contains("<div class=\"tool error\" data-tool=\"deploy_site\""));
    assert!(
        answer.contains("&quot;target&quot;: &quot;staging&quot;"),
        "custom tools show their arguments"
    );
    assert!(answer.contains("deploy refused: no credentials"));
    assert!(answer.contains("<div class=\"meta\">loopback/test-model · ↑1.2k ↓80 · $0.012</div>"));
    // Tool results are drawn in their calls, not on their own.
    assert!(section(&page, 4).is_none());

    let fixed = section(&page, 8).expect("final answer of the shared part");
    assert!(fixed.contains(
        "<pre><code class=\"language-rust\">fn main() { println!(&quot;&lt;ok&gt;&quot;); }"
    ));
    assert!(fixed.contains("<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>"));

    // The active branch shows; the other one is in the page, hidden until chosen.
    for n in [0, 2, 3, 8, 11, 13] {
        assert!(
            !is_hidden(section(&page, n).expect("section")),
            "entry {n} shows"
        );
    }
    for n in [9, 10] {
        assert!(
            is_hidden(section(&page, n).expect("section")),
            "entry {n} waits hidden"
        );
    }
    assert!(section(&page, 10)
        .expect("a4")
        .contains("An answer on the other branch."));
    let hidden_note = section(&page, 12).expect("custom message");
    assert!(hidden_note.starts_with("<section class=\"entry custom hidden-message\""));
    assert!(hidden_note.contains("[audit] · hidden in the terminal"));

    // The tree: every entry, the active branch marked, the split indented.
    assert_eq!(page.matches("<li class=\"row ").count(), 16);
    assert!(page.contains("<li class=\"row kind-setting on-path\" data-kind=\"setting\" data-n=\"14\" data-leaf=\"15\" data-id=\"l1\" data-p=\"13\""));
    assert!(
        page.contains("data-n=\"15\" data-leaf=\"15\" data-id=\"n1\" data-p=\"14\" tabindex=\"0\"")
    );
    assert!(page.contains("<li class=\"row kind-user\" data-kind=\"user\" data-n=\"9\" data-leaf=\"10\" data-id=\"u3\" data-p=\"8\" tabindex=\"0\"><span class=\"prefix\">└─ </span>"), "{page}");
}

#[test]
fn session_text_never_becomes_markup() {
    let ws = Workspace::new();
    let session = rich_session(ws.path());
    let output = export(&ws, &[session.to_str().expect("utf-8"), "out.html"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let page = ws.read("out.html");
    assert!(
        !page.contains("<script>document"),
        "a script tag from the session survived"
    );
    assert!(
        !page.contains("<img src=x"),
        "an img tag from the session survived"
    );
    assert!(
        !page.contains("href=\"javascript"),
        "a javascript: link survived"
    );
    let user = section(&page, 11).expect("hostile user message");
    assert!(
        user.contains("&lt;script&gt;document.body.dataset.pwned=&#39;script&#39;&lt;/script&gt;"),
        "{user}"
    );
    // In a paragraph (after "You wrote: ") the link parses as a link and loses its target.
    let answer = section(&page, 13).expect("answer quoting it");
    assert!(
        answer.contains("&lt;script&gt;") && answer.contains("<a>click</a>"),
        "{answer}"
    );
}

#[test]
fn export_without_an_output_names_the_page_after_the_session_file() {
    let ws = Workspace::new();
    let session = rich_session(ws.path());
    let output = export(&ws, &[session.to_str().expect("utf-8")]);
    assert!(output.status.success(), "{}", stderr(&output));
    let name = "tau-session-2026-12-05T10-00-00-000Z_0193aaaa-0000-7000-8000-000000000e01.html";
    assert_eq!(stdout(&output), format!("Exported to: {name}\n"));
    assert!(ws.path().join(name).is_file());
}

#[test]
fn export_errors_say_what_is_wrong_and_write_nothing() {
    let ws = Workspace::new();
    let missing = export(&ws, &["nope.jsonl", "out.html"]);
    assert_eq!(missing.status.code(), Some(1));
    let absolute = std::fs::canonicalize(ws.path())
        .expect("canonical")
        .join("nope.jsonl");
    assert!(
        stderr(&missing).contains(&format!("File not found: {}", absolute.display()))
            || stderr(&missing).contains(&format!(
                "File not found: {}",
                ws.path().join("nope.jsonl").display()
            )),
        "{}",
        stderr(&missing)
    );

    ws.write("notes.jsonl", "{\"hello\": 1}\n");
    let not_session = export(&ws, &["notes.jsonl", "out.html"]);
    assert_eq!(not_session.status.code(), Some(1));
    assert!(
        stderr(&not_session).contains("is not a valid session"),
        "{}",
        stderr(&not_session)
    );

    std::fs::create_dir(ws.path().join("folder")).expect("mkdir");
    let folder = export(&ws, &["folder", "out.html"]);
    assert_eq!(folder.status.code(), Some(1));
    assert!(
        stderr(&folder).contains("is a folder; give the path of a session file"),
        "{}",
        stderr(&folder)
    );

    let session = rich_session(ws.path());
    let unwritable = export(
        &ws,
        &[session.to_str().expect("utf-8"), "no/such/dir/out.html"],
    );
    assert_eq!(unwritable.status.code(), Some(1));
    assert!(
        stderr(&unwritable).contains("cannot write no/such/dir/out.html"),
        "{}",
        stderr(&unwritable)
    );
    assert!(stdout(&unwritable).is_empty());
    assert!(!ws.path().join("out.html").exists());
}

#[test]
fn a_session_with_every_entry_kind_exports() {
    // A session file in Pi 1.6.0's format with every entry type (the session crate's fixture).
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../session/tests/fixtures/pi-v3-every-entry.jsonl");
    let ws = Workspace::new();
    let output = export(&ws, &[fixture.to_str().expect("utf-8"), "every.html"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let page = ws.read("every.html");
    assert!(page.contains("<h1>Fix notes</h1>"));
    for shown in [
        "Switched to model <span class=\"model\">fake/fake-model</span>",
        "Thinking level: off",
        "[compaction] Compacted from 5,000 tokens",
        "Context edit: replaced entry 6f708192",
        "An entry of type future_entry that this version of tau does not show",
        "<div class=\"kind\">[todo]</div>",
        "<div class=\"kind\">Branch summary</div>",
        "[system prompt]",
    ] {
        assert!(page.contains(shown), "missing {shown:?}");
    }
    // The branch summary's branch is active; the compacted branch waits hidden.
    let summary = page.find("Branch summary").expect("summary");
    let compaction = page.find("Compacted from").expect("compaction");
    let tag_before = |at: usize| &page[page[..at].rfind("<section").expect("section")..at];
    assert!(!tag_before(summary)
        .split('>')
        .next()
        .unwrap_or_default()
        .ends_with(" hidden"));
    assert!(tag_before(compaction)
        .split('>')
        .next()
        .unwrap_or_default()
        .ends_with(" hidden"));
}

#[test]
fn a_session_tau_wrote_exports() {
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [
        {"thinking": "Run it.", "toolCalls": [{"name": "bash", "arguments": {"command": "echo exported-output"}}]},
        {"text": "All **done**."}
    ]}));
    let run = ws
        .tau()
        .arg("--script")
        .arg(&script)
        .args(["-p", "run echo"])
        .output()
        .expect("run tau");
    assert!(run.status.success(), "{}", stderr(&run));
    let files = session_files(&ws);
    assert_eq!(files.len(), 1);
    let output = export(&ws, &[files[0].to_str().expect("utf-8"), "mine.html"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));
    let page = ws.read("mine.html");
    assert!(page.contains("<span class=\"prompt\">$</span> echo exported-output</div><div class=\"output\"><pre>exported-output</pre>"), "{page}");
    assert!(page.contains("All <strong>done</strong>."));
    assert!(page.contains("<p>run echo</p>"));
}

#[test]
fn rpc_export_html_writes_the_open_session() {
    use super::rpc_client::RpcClient;
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [
        {"thinking": "Short and sweet.", "text": "Hello from **RPC**."},
        {"text": "Second answer."}
    ]}));
    let mut cmd = ws.tau();
    cmd.arg("--script")
        .arg(script)
        .args(["--mode", "rpc", "--no-session"]);
    let mut client = RpcClient::start(cmd);
    client.prompt_and_wait("say hello");
    client.prompt_and_wait("and again");

    let data = client.ok(json!({"type": "export_html", "outputPath": "rpc.html"}));
    assert_eq!(data, json!({"path": "rpc.html"}));
    let page = ws.read("rpc.html");
    assert!(page.contains("Hello from <strong>RPC</strong>."));
    assert!(page.contains("<div class=\"plain\">Short and sweet.</div>"));
    assert!(page.contains("<p>and again</p>") && page.contains("Second answer."));
    // The running system prompt and tools are in the page (recorded, or from the runtime).
    assert!(
        page.contains("System prompt") && page.contains("<span class=\"tool-name\">read</span>")
    );

    // No path: the default name, from the session id (the session is in memory here).
    let data = client.ok(json!({"type": "export_html"}));
    let path = data["path"].as_str().expect("path");
    assert!(
        path.starts_with("tau-session-") && path.ends_with(".html"),
        "{path}"
    );
    assert!(ws.path().join(path).is_file());

    let bad = client.err(json!({"type": "export_html", "outputPath": 7}));
    assert_eq!(bad, "export_html: \"outputPath\" must be a string");
    let unwritable = client.err(json!({"type": "export_html", "outputPath": "missing/dir/x.html"}));
    assert!(
        unwritable.starts_with("cannot write missing/dir/x.html"),
        "{unwritable}"
    );
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_export_html_takes_the_theme_setting_s_colours() {
    use super::rpc_client::RpcClient;
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [{"text": "Themed."}]}));
    // Pi's RPC export finds a theme outside the UI by name: a built-in or
    // `<agent dir>/themes/<name>.json`.
    let mut ocean: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../tui/tests/themes/basic-palette.json"),
        )
        .expect("fixture"),
    )
    .expect("JSON");
    ocean["name"] = json!("ocean");
    ocean["export"] = json!({"pageBg": "#0a0b0c", "cardBg": "#1a1b1c"});
    let themes = ws.agent_dir.path().join("themes");
    std::fs::create_dir_all(&themes).expect("mkdir");
    std::fs::write(themes.join("ocean.json"), ocean.to_string()).expect("theme");
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        json!({"theme": "ocean"}).to_string(),
    )
    .expect("settings");
    let mut cmd = ws.tau();
    cmd.arg("--script")
        .arg(script)
        .args(["--mode", "rpc", "--no-session"]);
    let mut client = RpcClient::start(cmd);
    client.prompt_and_wait("hi");
    client.ok(json!({"type": "export_html", "outputPath": "themed.html"}));
    let page = ws.read("themed.html");
    let rule = page.split(":root:root {").nth(1).expect("the theme's rule");
    assert!(
        rule.contains("--bg: #0a0b0c;") && rule.contains("--panel: #1a1b1c;"),
        "{rule}"
    );
    let (status, _) = client.close();
    assert!(status.success());
}
