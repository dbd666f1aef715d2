//! What the terminal can do (inline images, truecolor, OSC 8 hyperlinks), decided from the
//! environment exactly as pi-tui decides it, including its `PI_*` overrides.

/// An inline image protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageProtocol {
    /// The Kitty graphics protocol (PNG data).
    Kitty,
    /// iTerm2 inline files.
    Iterm2,
}

/// pi-tui's `TerminalCapabilities`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// The inline image protocol, or `None` for text fallbacks.
    pub images: Option<ImageProtocol>,
    /// 24-bit colour is safe to emit.
    pub true_color: bool,
    /// OSC 8 hyperlinks reach the screen (links print their URL otherwise).
    pub hyperlinks: bool,
}

const fn caps(images: Option<ImageProtocol>, true_color: bool, hyperlinks: bool) -> Capabilities {
    Capabilities {
        images,
        true_color,
        hyperlinks,
    }
}

/// `"1"` is on, `"0"` off, anything else leaves detection alone.
fn boolean_override(value: Option<String>) -> Option<bool> {
    match value.as_deref() {
        Some("1") => Some(true),
        Some("0") => Some(false),
        _ => None,
    }
}

/// The capabilities for an environment. `env` looks a variable up (an empty value counts as
/// unset, as in JavaScript); `windows` is whether this is a Windows console; under tmux,
/// `tmux_forwards_hyperlinks` is asked (see [`probe_tmux_hyperlinks`]) unless
/// `PI_HYPERLINKS` decides.
pub fn detect(
    env: &dyn Fn(&str) -> Option<String>,
    windows: bool,
    tmux_forwards_hyperlinks: &dyn Fn() -> bool,
) -> Capabilities {
    let get = |name: &str| env(name).filter(|v| !v.is_empty());
    let hyperlinks_override = boolean_override(get("PI_HYPERLINKS"));
    let tmux_answer = || hyperlinks_override.unwrap_or_else(tmux_forwards_hyperlinks);
    let mut detected = from_environment(&get, windows, &tmux_answer);
    match get("PI_IMAGE_PROTOCOL")
        .map(|p| p.to_lowercase())
        .as_deref()
    {
        Some("kitty") => detected.images = Some(ImageProtocol::Kitty),
        Some("iterm2") => detected.images = Some(ImageProtocol::Iterm2),
        Some("none" | "0") => detected.images = None,
        _ => {}
    }
    if let Some(true_color) = boolean_override(get("PI_TRUE_COLOR")) {
        detected.true_color = true_color;
    }
    if let Some(hyperlinks) = hyperlinks_override {
        detected.hyperlinks = hyperlinks;
    }
    detected
}

fn from_environment(
    get: &dyn Fn(&str) -> Option<String>,
    windows: bool,
    tmux_forwards: &dyn Fn() -> bool,
) -> Capabilities {
    use ImageProtocol::{Iterm2, Kitty};
    let lower = |name: &str| get(name).map(|v| v.to_lowercase()).unwrap_or_default();
    let (program, emulator, term, color_term) = (
        lower("TERM_PROGRAM"),
        lower("TERMINAL_EMULATOR"),
        lower("TERM"),
        lower("COLORTERM"),
    );
    let set = |name: &str| get(name).is_some();
    let true_color_hint =
        color_term == "truecolor" || color_term == "24bit" || term.ends_with("-direct");
    // Image protocols are unreliable under tmux; hyperlinks only when tmux forwards them.
    if set("TMUX") || term.starts_with("tmux") {
        return caps(None, true_color_hint, tmux_forwards());
    }
    if term.starts_with("screen") {
        return caps(None, true_color_hint, false);
    }
    // Herdr first: the outer terminal's variables can leak into its panes.
    if program == "herdr" {
        return caps(Some(Kitty), true_color_hint, true);
    }
    let kitty_like = program == "rex"
        || (program == "orca" && get("ORCA_IMAGE_PROTOCOL").as_deref() == Some("kitty"))
        || set("KITTY_WINDOW_ID")
        || program == "kitty"
        || program == "ghostty"
        || term.contains("ghostty")
        || set("GHOSTTY_RESOURCES_DIR")
        || set("WEZTERM_PANE")
        || program == "wezterm"
        || program == "warpterminal"
        || set("WARP_SESSION_ID")
        || set("WARP_TERMINAL_SESSION_UUID");
    if kitty_like {
        return caps(Some(Kitty), true, true);
    }
    if set("ITERM_SESSION_ID") || program == "iterm.app" {
        return caps(Some(Iterm2), true, true);
    }
    let alacritty =
        program == "alacritty" || term.starts_with("alacritty") || set("ALACRITTY_WINDOW_ID");
    if set("WT_SESSION") || alacritty || program == "vscode" || program == "zed" {
        return caps(None, true, true);
    }
    if emulator == "jetbrains-jediterm" || windows {
        return caps(None, true, false);
    }
    // Unknown terminal: links print their URL, since terminals that swallow OSC 8 would hide it.
    caps(None, true_color_hint, false)
}

/// Capabilities of the terminal this process runs in.
pub fn detect_from_process() -> Capabilities {
    detect(
        &|name| std::env::var(name).ok(),
        cfg!(windows),
        &probe_tmux_hyperlinks,
    )
}

/// Asks tmux whether the attached client forwards OSC 8 hyperlinks (`client_termfeatures`
/// lists `hyperlinks`); waits at most 250 ms, and any failure is `false`.
pub fn probe_tmux_hyperlinks() -> bool {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let child = Command::new("tmux")
        .args(["display-message", "-p", "#{client_termfeatures}"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else { return false };
    let deadline = Instant::now() + Duration::from_millis(250);
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return false;
            }
        }
    }
    let Ok(output) = child.wait_with_output() else {
        return false;
    };
    String::from_utf8_lossy(&output.stdout)
        .split(',')
        .any(|feature| feature.trim() == "hyperlinks")
}
