//! Images in the terminal UI: a `read` of a PNG draws the image below the tool row with the
//! Kitty graphics protocol on a terminal pi-tui detects as Kitty, and Pi's fallback text
//! (`[Image: [image/png] 2x2]`) on one without inline images; the sequence is the one Pi
//! writes for the same read on the same terminal.

use std::time::Duration;

use base64::Engine;
use serde_json::json;
use tau_test_support::oracle::{AgentSandbox, Harness};
use tau_test_support::pty::{PtyCommand, PtySession};
use tau_test_support::{MockServer, MockToolCall, MockTurn};

use super::interactive_pty::{command, runtime};
use super::tui_session::Tui;

/// A valid 2x2 RGB PNG.
const PNG_BASE64: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8DAAMJgAgAZ9AL+q0FWvAAAAABJRU5ErkJggg==";

/// Writes the PNG into the project, lets the mock model take images (so `read` returns the
/// image block, not a placeholder) and sets "Image width" to 4 cells (a default 60-cell
/// image would be taller than the screen, its first line scrolled away).
fn with_png(sandbox: &AgentSandbox) {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(PNG_BASE64)
        .expect("png");
    std::fs::write(sandbox.project.join("dot.png"), bytes).expect("write png");
    let models_path = sandbox.agent_dir.join("models.json");
    let mut models: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&models_path).expect("models.json"))
            .expect("models.json parses");
    models["providers"]["mock"]["models"][0]["input"] = json!(["text", "image"]);
    std::fs::write(&models_path, models.to_string()).expect("models.json");
    let settings_path = sandbox.agent_dir.join("settings.json");
    let mut settings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&settings_path).expect("settings.json"))
            .expect("settings.json parses");
    settings["terminal"] = json!({"imageWidthCells": 4});
    std::fs::write(&settings_path, settings.to_string()).expect("settings.json");
}

/// tau reading `dot.png` on a terminal with `env` set, its output kept.
fn read_the_png(env: &'static [(&'static str, &'static str)]) -> Tui {
    let call = MockToolCall::new("call-img", "read", json!({"path": "dot.png"}));
    let tui = Tui::start_with(
        vec![
            MockTurn::tool_calls([call]),
            MockTurn::text("Looked at it."),
        ],
        &["--no-session"],
        move |sandbox: &AgentSandbox, mut spec: PtyCommand| {
            with_png(sandbox);
            // The terminal answers `CSI 16 t` with 8x32-pixel cells.
            spec.profile.cell_pixels = (8, 32);
            env.iter().fold(spec.keep_output(), |spec, (key, value)| {
                spec.env(*key, *value)
            })
        },
    );
    tui.type_line("look at dot.png");
    tui.wait("Looked at it.");
    tui
}

#[test]
fn a_read_png_is_drawn_with_the_kitty_graphics_protocol() {
    let tui = read_the_png(&[("TERM", "xterm-kitty"), ("KITTY_WINDOW_ID", "1")]);
    let output = tui.session.output();
    // tau asked the cell size as pi-tui does where images are drawn, and took the answer
    // (it does not reach the editor).
    assert!(
        tui.session.queries().iter().any(|q| q == "cell pixels"),
        "{}",
        tui.session.dump()
    );
    assert!(
        !tui.session.screen().contains("6;32;8t"),
        "{}",
        tui.session.dump()
    );
    // pi-tui's Image: the PNG sent whole (a=T, f=100), scaled to the 4-cell "Image width",
    // one row high for 8x32-pixel cells (two at the default 9x18).
    let start = output
        .rfind("\x1b_Ga=T,f=100,q=2,C=1,c=")
        .unwrap_or_else(|| panic!("no Kitty image in the output\n{}", tui.session.dump()));
    let sequence = &output[start..];
    let end = sequence.find("\x1b\\").expect("the sequence ends");
    let sequence = &sequence[..end];
    assert!(sequence.contains(",c=4,r=1,i="), "{sequence:?}");
    assert!(
        sequence.ends_with(&format!(";{PNG_BASE64}")),
        "{sequence:?}"
    );
    // Drawn, so the row's text does not name it.
    tui.session.send_key("ctrl+o").expect("ctrl+o");
    tui.wait("Read image file [image/png]");
    assert!(
        !tui.session.screen().contains("[Image: [image/png]"),
        "{}",
        tui.session.dump()
    );
    tui.quit();
}

#[test]
fn without_inline_images_the_row_names_the_image() {
    let tui = read_the_png(&[("TERM", "xterm-256color")]);
    tui.session.send_key("ctrl+o").expect("ctrl+o");
    tui.wait("[Image: [image/png] 2x2]");
    let output = tui.session.output();
    assert!(!output.contains("\x1b_G"), "a Kitty sequence was written");
    assert!(
        !output.contains("\x1b]1337;File="),
        "an iTerm2 file was written"
    );
    tui.quit();
}

#[test]
fn turning_show_images_off_in_settings_shows_the_fallback_at_once() {
    let tui = read_the_png(&[("TERM", "xterm-kitty"), ("KITTY_WINDOW_ID", "1")]);
    tui.type_line("/settings");
    // Pi lists the image settings after "Auto-compact" where the terminal draws images.
    tui.wait_until("the image settings are listed", |s| {
        s.contains("Show images") && s.contains("Image width") && s.contains("4")
    });
    tui.session.send_text("show images").expect("type");
    tui.wait_until("the search finds the setting", |s| {
        s.contains("→ Show images") && s.contains("Render images inline in terminal")
    });
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("the value changes", |s| {
        s.rows()
            .iter()
            .any(|r| r.contains("Show images") && r.contains("false"))
    });
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("the editor is back", |s| !s.contains("Type to search"));
    let settings_path = tui.sandbox.agent_dir.join("settings.json");
    let settings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(settings_path).expect("settings.json"))
            .expect("settings.json parses");
    assert_eq!(
        settings["terminal"]["showImages"],
        json!(false),
        "{settings}"
    );
    assert_eq!(
        settings["terminal"]["imageWidthCells"],
        json!(4),
        "{settings}"
    );
    tui.session.send_key("ctrl+o").expect("ctrl+o");
    tui.wait("[Image: [image/png] 2x2]");
    tui.quit();
}

/// The last Kitty image sequence `harness` writes for the PNG read, its id written `ID`.
fn kitty_sequence_of(harness: Harness) -> Option<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
    let mut spec = command(harness, &sandbox, true)?
        .keep_output()
        .env("TERM", "xterm-kitty")
        .env("KITTY_WINDOW_ID", "1");
    spec.profile.cell_pixels = (8, 32);
    let runtime = runtime();
    let call = MockToolCall::new("call-img", "read", json!({"path": "dot.png"}));
    let turns = vec![
        MockTurn::tool_calls([call]).into(),
        MockTurn::text("Looked at it.").into(),
    ];
    let server = runtime
        .block_on(MockServer::start(turns))
        .expect("mock server");
    sandbox.point_at(&server.base_url()).expect("models.json");
    with_png(&sandbox);
    let session = PtySession::spawn_with(spec).expect("spawn");
    let wait = |text: &'static str| {
        session
            .wait_for(move |s| s.contains(text), Duration::from_secs(60))
            .unwrap_or_else(|dump| panic!("{harness:?} never showed {text:?}\n{dump}"))
    };
    wait("mock-model");
    session.send_text("look at dot.png").expect("type");
    wait("look at dot.png");
    session.send_key("enter").expect("enter");
    wait("Looked at it.");
    let output = session.output();
    session.kill();
    let start = output.rfind("\x1b_G")?;
    let sequence = &output[start..];
    let sequence = &sequence[..sequence.find("\x1b\\")?];
    let at = sequence.find(",i=")? + 3;
    let end = sequence[at..].find(|c: char| !c.is_ascii_digit())? + at;
    Some(format!("{}ID{}", &sequence[..at], &sequence[end..]))
}

#[test]
fn tau_writes_the_kitty_sequence_pi_writes() {
    let Some(pi) = kitty_sequence_of(Harness::Pi) else {
        // Pi is not installed (`command` said so) or drew no image.
        assert!(
            tau_test_support::oracle::PiOracle::locate().is_none(),
            "Pi drew no Kitty image"
        );
        return;
    };
    let tau = kitty_sequence_of(Harness::Tau).expect("tau drew a Kitty image");
    assert_eq!(tau, pi);
    eprintln!("Pi and tau wrote {pi:?}");
}
