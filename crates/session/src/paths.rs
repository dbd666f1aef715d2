//! Where Pi keeps session files: `<sessions root>/--<encoded cwd>--/<timestamp>_<id>.jsonl`.
//!
//! The sessions root is the caller's choice (Pi: `~/.pi/agent/sessions`, or `--session-dir`).

use std::path::{Path, PathBuf};

/// The folder name for a working directory (Pi's `getDefaultSessionDirPath`): one leading `/`
/// or `\` dropped, every `/`, `\` and `:` replaced by `-`, wrapped in `--`.
/// `/tmp/my proj` → `--tmp-my proj--`. Pass an absolute, normalised path.
pub fn encode_cwd(cwd: &str) -> String {
    let trimmed = cwd
        .strip_prefix('/')
        .or_else(|| cwd.strip_prefix('\\'))
        .unwrap_or(cwd);
    let encoded: String = trimmed
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | ':') {
                '-'
            } else {
                c
            }
        })
        .collect();
    format!("--{encoded}--")
}

/// The session folder of `cwd` under `sessions_root`.
pub fn session_dir_for_cwd(sessions_root: &Path, cwd: &str) -> PathBuf {
    sessions_root.join(encode_cwd(cwd))
}

/// The file name of a session: its header timestamp with `:` and `.` replaced by `-`, `_`, its
/// id, `.jsonl` (`2026-12-02T16-31-22-055Z_01a23798-….jsonl`).
pub fn session_file_name(header_timestamp: &str, session_id: &str) -> String {
    let stamp: String = header_timestamp
        .chars()
        .map(|c| if matches!(c, ':' | '.') { '-' } else { c })
        .collect();
    format!("{stamp}_{session_id}.jsonl")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cwd_encoding_matches_pi_folders() {
        assert_eq!(
            encode_cwd("/tmp/pi-oracle/a-plain-print-session/work/proj"),
            "--tmp-pi-oracle-a-plain-print-session-work-proj--"
        );
        assert_eq!(encode_cwd("C:\\Users\\me"), "--C--Users-me--");
        assert_eq!(encode_cwd("\\\\srv\\share"), "---srv-share--");
        assert_eq!(encode_cwd("/"), "----");
        assert_eq!(
            session_dir_for_cwd(Path::new("/home/u/.pi/agent/sessions"), "/a/b"),
            Path::new("/home/u/.pi/agent/sessions/--a-b--")
        );
    }

    #[test]
    fn file_names_match_pi() {
        assert_eq!(
            session_file_name(
                "2026-12-02T16:31:22.055Z",
                "01a23798-abc7-76d0-8d3b-f7334dc3ef11"
            ),
            "2026-12-02T16-31-22-055Z_01a23798-abc7-76d0-8d3b-f7334dc3ef11.jsonl"
        );
    }
}
