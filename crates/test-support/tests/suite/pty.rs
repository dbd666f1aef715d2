//! The pty harness against small shell programs: screen, input, query answers, keys in
//! legacy and Kitty form, resize, exit status, failure dumps.

use std::path::PathBuf;
use std::time::Duration;

use tau_test_support::pty::{PtyCommand, PtySession};

const WAIT: Duration = Duration::from_secs(10);

fn cwd() -> PathBuf {
    std::env::temp_dir()
}

fn bash(script: &str) -> PtySession {
    PtySession::spawn(
        "bash",
        &["--norc", "--noprofile", "-c", script],
        &[],
        &cwd(),
        80,
        24,
    )
    .unwrap()
}

fn bash_with(script: &str, kitty: bool) -> PtySession {
    let spec = PtyCommand::new("bash", cwd())
        .args(["--norc", "--noprofile", "-c", script])
        .kitty(kitty);
    PtySession::spawn_with(spec).unwrap()
}

#[test]
fn types_a_line_and_sees_the_answer() {
    let session = PtySession::spawn(
        "sh",
        &["-c", "printf 'name? '; read x; echo got $x"],
        &[],
        &cwd(),
        80,
        24,
    )
    .unwrap();
    let prompt = session.wait_for_text("name?", WAIT).unwrap();
    assert_eq!(prompt.cursor(), (0, 6));
    assert!(prompt.at() >= session.started_at());
    session.send_text("hello").unwrap();
    session.send_key("enter").unwrap();
    let screen = session.wait_for_text("got hello", WAIT).unwrap();
    // The tty echoes the typed line, then the program answers on the next row.
    assert_eq!(screen.rows()[0], "name? hello");
    assert_eq!(screen.rows()[1], "got hello");
    assert_eq!(screen.text(), "name? hello\ngot hello");
    let status = session.wait_exit(WAIT).unwrap();
    assert!(status.success());
    let first_byte = session.first_byte_at().unwrap();
    assert!(first_byte <= prompt.at());
    assert_eq!(
        session.bytes_written(),
        "name? hello\r\ngot hello\r\n".len() as u64
    );
}

#[test]
fn environment_size_and_cwd_reach_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let session = PtySession::spawn(
        "sh",
        &["-c", "echo \"$GREETING $TERM $(stty size) $(pwd)\"; read x"],
        &[("GREETING", "hi")],
        dir.path(),
        100,
        30,
    )
    .unwrap();
    let path = dir.path().canonicalize().unwrap();
    let expected = format!("hi xterm-256color 30 100 {}", path.display());
    let screen = session.wait_for_text(&expected, WAIT).unwrap();
    assert_eq!(screen.size(), (100, 30));
}

#[test]
fn answers_cursor_position_and_device_attributes() {
    let session = bash(
        r#"stty -echo
printf '\033[5;10H\033[6n'; IFS= read -r -s -d R cpr
printf '\033[c'; IFS= read -r -s -d c da
printf '\033[1;1Hcpr=%s da=%s\n' "${cpr#?}" "${da#?}"
read x"#,
    );
    session.wait_for_text("cpr=[5;10 da=[?62;22", WAIT).unwrap();
    assert_eq!(session.queries(), ["CPR", "DA1"]);
}

#[test]
fn answers_background_and_foreground_colour_queries() {
    let session = bash(
        r#"stty -echo
printf '\033]11;?\007'; IFS= read -r -s -d '\' bg
printf '\033]10;?\033\\'; IFS= read -r -s -d '\' fg
printf '\033]4;1;?\007'; IFS= read -r -s -d '\' red
printf 'bg=%s fg=%s red=%s\n' "${bg:2:21}" "${fg:2:21}" "${red:2:22}"
read x"#,
    );
    let screen = session
        .wait_for_text("bg=11;rgb:1e1e/1e1e/1e1e", WAIT)
        .unwrap();
    assert!(
        screen.contains("fg=10;rgb:d0d0/d0d0/d0d0"),
        "{}",
        screen.dump()
    );
    assert!(
        screen.contains("red=4;1;rgb:cdcd/0000/0000"),
        "{}",
        screen.dump()
    );
}

#[test]
fn kitty_terminal_keeps_pushed_flags_and_reports_them() {
    let session = bash_with(
        r#"stty -echo
printf '\033[>7u\033[?u\033[c'; IFS= read -r -s -d c reply
printf 'reply=%s\n' "${reply//$'\033'/E}"
read x"#,
        true,
    );
    // The flags answer comes before the DA1 sentinel, as in a Kitty-capable terminal.
    let screen = session.wait_for_text("reply=E[?7uE[?62;22", WAIT).unwrap();
    assert_eq!(screen.kitty_flags(), 7);
}

#[test]
fn legacy_terminal_ignores_kitty_and_answers_only_da1() {
    let session = bash_with(
        r#"stty -echo
printf '\033[>7u\033[?u\033[c'; IFS= read -r -s -d c reply
printf 'reply=%s\n' "${reply//$'\033'/E}"
read x"#,
        false,
    );
    let screen = session.wait_for_text("reply=E[?62;22", WAIT).unwrap();
    assert!(!screen.contains("?7u"), "{}", screen.dump());
    assert_eq!(screen.kitty_flags(), 0);
}

/// A raw-mode program that prints each byte it reads (one `dd` read of one byte at a time,
/// so no byte is lost or translated), ESC shown as `E`.
const KEY_ECHO: &str = r#"stty raw -echo
[ "$KITTY" = 1 ] && printf '\033[>1u'
printf 'ready\r\n'
while :; do
  k=$(dd bs=1 count=1 2>/dev/null; printf .); k=${k%.}
  case "$k" in
    q) exit 0 ;;
    $'\033') printf E ;;
    $'\r') printf '<CR>' ;;
    [[:cntrl:]]) printf '<%d>' "'$k" ;;
    *) printf '%s' "$k" ;;
  esac
done"#;

fn key_echo(kitty_app: bool) -> PtySession {
    let spec = PtyCommand::new("bash", cwd())
        .args(["--norc", "--noprofile", "-c", KEY_ECHO])
        .env("KITTY", if kitty_app { "1" } else { "0" });
    let session = PtySession::spawn_with(spec).unwrap();
    session.wait_for_text("ready", WAIT).unwrap();
    session
}

#[test]
fn keys_go_in_legacy_form_until_the_app_enables_kitty() {
    let session = key_echo(false);
    for key in ["ctrl+c", "enter", "up", "escape", "alt+x", "|"] {
        session.send_key(key).unwrap();
    }
    session.wait_for_text("<3><CR>E[AEEx|", WAIT).unwrap();
    session.send_key("q").unwrap();
    assert!(session.wait_exit(WAIT).unwrap().success());
}

#[test]
fn keys_go_in_kitty_form_once_the_app_enables_it() {
    let session = key_echo(true);
    assert_eq!(session.screen().kitty_flags(), 1);
    for key in ["ctrl+c", "enter", "shift+enter", "escape", "|"] {
        session.send_key(key).unwrap();
    }
    session
        .wait_for_text("E[99;5u<CR>E[13;2uE[27u|", WAIT)
        .unwrap();
}

#[test]
fn resize_reaches_the_program_and_the_screen() {
    let session = bash(
        r#"trap 'echo "size $(stty size)"' WINCH
echo ready
while :; do sleep 0.05; done"#,
    );
    session.wait_for_text("ready", WAIT).unwrap();
    session.resize(100, 30).unwrap();
    let screen = session.wait_for_text("size 30 100", WAIT).unwrap();
    assert_eq!(screen.size(), (100, 30));
}

#[test]
fn exit_codes_and_signals_are_reported() {
    let session = PtySession::spawn("sh", &["-c", "exit 3"], &[], &cwd(), 80, 24).unwrap();
    let status = session.wait_exit(WAIT).unwrap();
    assert_eq!(status.exit_code(), 3);

    // ctrl+c in cooked mode is the tty's SIGINT to the foreground program.
    let session = bash("echo ready; exec sleep 30");
    session.wait_for_text("ready", WAIT).unwrap();
    assert!(session.exit_status().is_none());
    session.send_key("ctrl+c").unwrap();
    let status = session.wait_exit(WAIT).unwrap();
    assert!(!status.success());
}

#[test]
fn title_is_kept() {
    let session = bash(r"printf '\033]0;my title\007shown\n'; read x");
    let screen = session.wait_for_text("shown", WAIT).unwrap();
    assert_eq!(screen.title(), "my title");
}

#[test]
fn a_timeout_reports_the_screen() {
    let session = bash("echo visible line; read x");
    session.wait_for_text("visible", WAIT).unwrap();
    let error = session
        .wait_for_text("never shown", Duration::from_millis(100))
        .unwrap_err();
    assert!(error.contains("timed out"), "{error}");
    assert!(error.contains("  0 |visible line"), "{error}");
    assert!(error.contains("last raw output"), "{error}");
}

#[test]
fn a_watch_catches_a_frame_that_is_later_overwritten() {
    let session = bash(r"read x; printf 'flash'; sleep 0.2; printf '\r\033[Kgone\n'; read y");
    let watch = session.watch(|screen| screen.contains("flash"));
    session.send_key("enter").unwrap();
    session.wait_for_text("gone", WAIT).unwrap();
    let flash = session.wait_watch(watch, WAIT).unwrap();
    assert!(flash.contains("flash"));
    assert!(!session.screen().contains("flash"));
}

#[test]
fn the_process_tree_has_resident_memory() {
    let session = bash("sleep 30 & echo ready; wait");
    session.wait_for_text("ready", WAIT).unwrap();
    let rss = session.rss_kib().unwrap();
    assert!(rss > 0);
}

#[test]
fn a_half_drawn_synchronized_frame_never_matches() {
    // "partial" is drawn inside an update that replaces it before the update ends; "done"
    // ends a second update in the same write as the next update's start.
    let session = bash(
        r"read x
printf '\033[?2026hpartial'; sleep 0.2; printf '\r\033[Kframe one\033[?2026l\033[?2026h'
sleep 0.2; printf '\r\n\033[?2026ldone\n'; read y",
    );
    let partial = session.watch(|screen| screen.contains("partial"));
    let frame_one = session.watch(|screen| screen.contains("frame one"));
    session.send_key("enter").unwrap();
    session.wait_for_text("done", WAIT).unwrap();
    let frame = session.wait_watch(frame_one, WAIT).unwrap();
    // Frame one counted at its update's end, though the next update had begun by then.
    assert!(
        frame.rows().iter().any(|row| row == "frame one"),
        "{}",
        frame.dump()
    );
    assert!(session
        .wait_watch(partial, Duration::from_millis(50))
        .is_err());
    assert_eq!(session.synchronized_frames(), 2);
}

#[test]
fn the_transcript_holds_lines_scrolled_off_the_top() {
    let session = PtySession::spawn(
        "sh",
        &["-c", "for i in $(seq 1 40); do echo line $i; done; read x"],
        &[],
        &cwd(),
        80,
        10,
    )
    .unwrap();
    let screen = session.wait_for_text("line 40", WAIT).unwrap();
    assert!(!screen.rows().iter().any(|row| row == "line 1"));
    assert_eq!(screen.rows()[0], "line 32");
    let transcript = session.transcript();
    let expected: Vec<String> = (1..=40).map(|i| format!("line {i}")).collect();
    assert_eq!(transcript[..40], expected[..]);
    // The view is back at the bottom afterwards.
    assert_eq!(session.screen().rows()[0], "line 32");
}

#[test]
fn a_panicking_predicate_fails_its_wait_and_the_session_goes_on() {
    let session = bash("echo first; read x; echo second; read y");
    session.wait_for_text("first", WAIT).unwrap();
    let error = session
        .wait_for(|screen| screen.rows()[99].is_empty(), WAIT)
        .unwrap_err();
    assert!(error.contains("the predicate panicked"), "{error}");
    session.send_key("enter").unwrap();
    session.wait_for_text("second", WAIT).unwrap();
}
