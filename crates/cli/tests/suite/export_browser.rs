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

use super::export_html::{export, rich_session};
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
    // A guard against a browser that never exits, not a timing assertion.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if child.try_wait().expect("wait for chromium").is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish loading {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("chromium output");
    String::from_utf8_lossy(&output.stdout).into_owned()
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
