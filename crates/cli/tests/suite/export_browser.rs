//! The exported page in a real browser: headless Chromium (`chromium` on PATH, or
//! `TAU_CHROMIUM`) loads the page, runs its script and prints the resulting DOM. It shows
//! that the script runs under the page's Content Security Policy, that the tree switches
//! branches (deep links included), that hostile session text runs nothing, even text slipped
//! past the escaping, and that the active branch shows what Pi's export of the same file shows.
//!
//! Without Chromium each test says so and passes; install it with `apt-get install chromium`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::export_support::{export, rich_session};
use crate::support::*;

/// The browser, or `None` (and a note on stderr) when none is installed.
fn chromium(test: &str) -> Option<PathBuf> {
    let candidates = std::env::var_os("TAU_CHROMIUM")
        .map(|path| vec![PathBuf::from(path)])
        .unwrap_or_else(|| {
            let path = std::env::var_os("PATH").unwrap_or_default();
            std::env::split_paths(&path)
                .flat_map(|dir| {
                    ["chromium", "chromium-browser", "google-chrome"].map(|name| dir.join(name))
                })
                .collect()
        });
    let found = candidates.into_iter().find(|path| path.is_file());
    if found.is_none() {
        eprintln!(
            "{test}: skipped: no headless browser; install Debian's chromium \
             (apt-get install chromium) or set TAU_CHROMIUM"
        );
    }
    found
}

/// The DOM of `url` after its scripts ran.
fn dump_dom(browser: &Path, profile: &Path, url: &str) -> String {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--allow-file-access-from-files",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    // Read while it runs: a large DOM would fill the pipe and stall the browser.
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut text).map(|_| text)
    });
    // A guard against a browser that never exits, not a timing assertion.
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().expect("wait for chromium").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish loading {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let text = reader.join().expect("reader").expect("chromium output");
    String::from_utf8_lossy(&text).into_owned()
}

/// The opening tag of the element with `marker` in it (`data-n="3"`, …) within `tag`s.
fn opening_tag<'a>(dom: &'a str, tag: &str, marker: &str) -> &'a str {
    dom.match_indices(&format!("<{tag} "))
        .map(|(at, _)| &dom[at..at + dom[at..].find('>').unwrap_or(0)])
        .find(|open| open.contains(marker))
        .unwrap_or_else(|| panic!("no <{tag}> with {marker}"))
}

fn shown(dom: &str, n: usize) -> bool {
    !opening_tag(dom, "section", &format!("data-n=\"{n}\"")).contains(" hidden")
}

fn file_url(path: &Path) -> String {
    format!("file://{}", path.display())
}

#[test]
fn the_page_runs_its_script_and_switches_branches() {
    let Some(browser) = chromium("the_page_runs_its_script_and_switches_branches") else {
        return;
    };
    let ws = Workspace::new();
    let session = rich_session(ws.path());
    let output = export(&ws, &[session.to_str().expect("utf-8"), "out.html"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let page = ws.path().join("out.html");
    let profile = ws.agent_dir.path().join("chromium");

    let dom = dump_dom(&browser, &profile, &file_url(&page));
    assert!(
        dom.contains("data-ready=\"true\""),
        "the script ran under the page's policy:\n{dom}"
    );
    assert!(
        !dom.contains("data-pwned"),
        "hostile session text ran:\n{dom}"
    );
    assert!(
        !opening_tag(&dom, "div", "class=\"toolbar\"").contains("hidden"),
        "the script shows its controls"
    );
    // Entry indexes as in export_html.rs: u3 9, a4 10 (other branch); u2 11, a3 13 (active).
    assert!(shown(&dom, 11) && shown(&dom, 13));
    assert!(!shown(&dom, 9) && !shown(&dom, 10));

    // Pi's deep link to the other branch's leaf.
    let other = dump_dom(
        &browser,
        &profile,
        &format!("{}?leafId=a4", file_url(&page)),
    );
    assert!(
        shown(&other, 9) && shown(&other, 10),
        "the other branch shows"
    );
    assert!(
        !shown(&other, 11) && !shown(&other, 13),
        "the active branch's own part hides"
    );
    assert!(
        shown(&other, 3) && shown(&other, 8),
        "the shared part stays"
    );
    assert!(opening_tag(&other, "li", "data-n=\"10\"").contains(" leaf"));

    // The page's own permalinks name both in the fragment; every shown entry has one.
    let pinned = dump_dom(
        &browser,
        &profile,
        &format!("{}#leafId=a4&targetId=u3", file_url(&page)),
    );
    assert!(shown(&pinned, 9) && shown(&pinned, 10) && !shown(&pinned, 13));
    assert!(pinned.contains("<a class=\"permalink\" title=\"Link to this entry on this branch\" href=\"#entry-u3\">#</a>"));

    // A link to an entry on another branch opens that branch at its newest leaf.
    let linked = dump_dom(&browser, &profile, &format!("{}#entry-u3", file_url(&page)));
    assert!(shown(&linked, 9) && shown(&linked, 10));
    assert!(opening_tag(&linked, "li", "data-n=\"9\"").contains(" target"));
}

#[test]
fn markup_slipped_into_the_page_still_cannot_run() {
    let Some(browser) = chromium("markup_slipped_into_the_page_still_cannot_run") else {
        return;
    };
    let ws = Workspace::new();
    let session = rich_session(ws.path());
    let output = export(&ws, &[session.to_str().expect("utf-8"), "out.html"]);
    assert!(output.status.success(), "{}", stderr(&output));
    // As if escaping had failed: live markup inside the transcript.
    let page = ws.read("out.html").replace(
        "<div id=\"messages\">",
        "<div id=\"messages\"><script>document.body.dataset.pwned='script'</script>\
<img src=\"data:image/png;base64,AAAA\" onerror=\"document.body.dataset.pwned='img'\">\
<img src=\"http://127.0.0.1:9/x.png\">",
    );
    ws.write("tampered.html", &page);
    let dom = dump_dom(
        &browser,
        &ws.agent_dir.path().join("chromium"),
        &file_url(&ws.path().join("tampered.html")),
    );
    assert!(
        dom.contains("data-ready=\"true\""),
        "the page's own script still ran"
    );
    assert!(
        !dom.contains("data-pwned"),
        "the policy let injected code run:\n{dom}"
    );
}

/// A script appended to a page that writes what its transcript shows into `#summary` as
/// JSON: user texts, assistant texts, thinking texts and the number of tool blocks, taken
/// with `selectors` (Pi's page and tau's name their parts differently).
fn summary_script(selectors: [&str; 4]) -> String {
    let [user, assistant, thinking, tool] = selectors;
    format!(
        "var texts = function (s) {{ return Array.prototype.map.call(document.querySelectorAll(s), \
function (e) {{ return e.textContent.replace(/\\s+/g, ''); }}); }};\
var out = document.createElement('pre'); out.id = 'summary';\
out.textContent = JSON.stringify({{user: texts('{user}'), assistant: texts('{assistant}'), \
thinking: texts('{thinking}'), tools: document.querySelectorAll('{tool}').length}});\
document.body.appendChild(out);"
    )
}

/// The JSON that [`summary_script`] left in the dumped DOM.
fn summary(dom: &str) -> serde_json::Value {
    let start = dom.find("<pre id=\"summary\">").expect("summary written") + 18;
    let end = start + dom[start..].find("</pre>").expect("summary end");
    let json = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

#[test]
fn the_active_branch_shows_what_pis_export_shows() {
    let test = "the_active_branch_shows_what_pis_export_shows";
    let Some(browser) = chromium(test) else {
        return;
    };
    let Some(pi) = tau_test_support::oracle::PiOracle::locate() else {
        eprintln!("{test}: skipped: reference Pi not installed; run tools/oracle/setup.sh");
        return;
    };
    let ws = Workspace::new();
    let session = rich_session(ws.path());
    let ours = export(&ws, &[session.to_str().expect("utf-8"), "tau.html"]);
    assert!(ours.status.success(), "{}", stderr(&ours));
    let theirs = Command::new(&pi.node)
        .arg(&pi.cli)
        .arg("--export")
        .arg(&session)
        .arg("pi.html")
        .current_dir(ws.path())
        .env("HOME", ws.agent_dir.path())
        .env("PI_CODING_AGENT_DIR", ws.agent_dir.path().join("pi-agent"))
        .output()
        .expect("run pi");
    assert!(theirs.status.success(), "{}", stderr(&theirs));
    assert_eq!(stdout(&theirs), "Exported to: pi.html\n");

    // Pi's page has no policy; tau's runs only scripts with its nonce.
    let pi_page = ws.read("pi.html").replace(
        "</body>",
        &format!(
            "<script>{}</script></body>",
            summary_script([
                "#messages .user-message .markdown-content",
                "#messages .assistant-text",
                "#messages .thinking-text",
                "#messages .tool-execution",
            ])
        ),
    );
    let tau_page = ws.read("tau.html");
    let nonce_at = tau_page.find("<script nonce=\"").expect("nonce") + 15;
    let nonce = &tau_page[nonce_at..nonce_at + tau_page[nonce_at..].find('"').expect("end")];
    let tau_page = tau_page.replace(
        "</body>",
        &format!(
            "<script nonce=\"{nonce}\">{}</script></body>",
            summary_script([
                "#messages section.user:not([hidden]) .markdown",
                "#messages section.assistant:not([hidden]) > .markdown",
                "#messages section:not([hidden]) .thinking .plain",
                "#messages section:not([hidden]) .tool",
            ])
        ),
    );
    ws.write("pi-summary.html", &pi_page);
    ws.write("tau-summary.html", &tau_page);
    let profile = ws.agent_dir.path().join("chromium");
    for query in ["", "?leafId=a4"] {
        let pi_url = format!("{}{query}", file_url(&ws.path().join("pi-summary.html")));
        let tau_url = format!("{}{query}", file_url(&ws.path().join("tau-summary.html")));
        let pi_view = summary(&dump_dom(&browser, &profile, &pi_url));
        let tau_view = summary(&dump_dom(&browser, &profile, &tau_url));
        assert!(
            pi_view["user"].as_array().is_some_and(|u| u.len() >= 2),
            "Pi's page showed its transcript: {pi_view}"
        );
        assert_eq!(tau_view, pi_view, "branch {query:?}");
    }
}
