//! Running the real binary in a temp workspace with a scripted model.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// A temp project folder and agent dir for one test.
pub struct Workspace {
    /// The project folder tau runs in.
    pub dir: tempfile::TempDir,
    /// `TAU_AGENT_DIR` and `HOME` for the run.
    pub agent_dir: tempfile::TempDir,
}

impl Workspace {
    /// Fresh, empty folders.
    pub fn new() -> Self {
        Workspace {
            dir: tempfile::tempdir().expect("temp dir"),
            agent_dir: tempfile::tempdir().expect("temp agent dir"),
        }
    }

    /// The project folder.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a project file, creating folders.
    pub fn write(&self, rel: &str, text: &str) -> PathBuf {
        let path = self.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(&path, text).expect("write");
        path
    }

    /// Reads a project file.
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path().join(rel)).expect("read")
    }

    /// Writes a scripted-model script and returns its path.
    pub fn script(&self, script: &Value) -> PathBuf {
        let path = self.agent_dir.path().join("script.json");
        std::fs::write(&path, serde_json::to_string_pretty(script).expect("json"))
            .expect("write script");
        path
    }

    /// A `tau` command in this workspace, isolated from the user's home.
    pub fn tau(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tau"));
        cmd.current_dir(self.path())
            .env("TAU_AGENT_DIR", self.agent_dir.path())
            .env("HOME", self.agent_dir.path())
            .stdin(Stdio::null());
        cmd
    }

    /// Runs a script in json mode and returns the parsed records.
    pub fn run_json(&self, script: &Value, extra: &[&str]) -> (Vec<Value>, Output) {
        let path = self.script(script);
        let output = self
            .tau()
            .arg("--script")
            .arg(&path)
            .args(["--no-session", "--mode", "json"])
            .args(extra)
            .output()
            .expect("run tau");
        (parse_jsonl(&output.stdout), output)
    }
}

/// Splits stdout on LF only, as Pi's docs require, and parses each record.
pub fn parse_jsonl(stdout: &[u8]) -> Vec<Value> {
    stdout
        .split(|b| *b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| {
            serde_json::from_slice(line).unwrap_or_else(|e| {
                panic!("bad JSONL record {e}: {}", String::from_utf8_lossy(line))
            })
        })
        .collect()
}

/// The `type` of every record.
pub fn types(records: &[Value]) -> Vec<String> {
    records
        .iter()
        .map(|r| r["type"].as_str().unwrap_or("?").to_string())
        .collect()
}

/// The `tool_execution_end` records' (text, isError), in order.
pub fn tool_results(records: &[Value]) -> Vec<(String, bool)> {
    records
        .iter()
        .filter(|r| r["type"] == "message_end" && r["message"]["role"] == "toolResult")
        .map(|r| {
            let text = r["message"]["content"]
                .as_array()
                .map(|blocks| {
                    blocks
                        .iter()
                        .filter_map(|b| b["text"].as_str())
                        .collect::<Vec<_>>()
                        .join("\n")
                })
                .unwrap_or_default();
            (text, r["message"]["isError"].as_bool().unwrap_or(false))
        })
        .collect()
}

/// A script of one tool-call turn per entry, then a final answer.
pub fn calls_script(calls: &[Value]) -> Value {
    let mut turns: Vec<Value> = calls
        .iter()
        .map(|call| serde_json::json!({"toolCalls": [call]}))
        .collect();
    turns.push(serde_json::json!({"text": "finished"}));
    serde_json::json!({"turns": turns})
}

/// stderr as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// stdout as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Whether a process is still running: it exists and is not a zombie (a killed process
/// whose parent has not reaped it yet is dead for our purposes).
pub fn process_alive(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())) {
        Ok(stat) => stat
            .rsplit_once(") ")
            .and_then(|(_, rest)| rest.chars().next())
            .is_some_and(|state| state != 'Z' && state != 'X'),
        Err(_) => false,
    }
}

/// The session files (`*.jsonl`) in the workspace's session folders
/// (`<agent dir>/sessions/*/`), sorted; a running writer's lock file is not one.
pub fn session_files(ws: &Workspace) -> Vec<PathBuf> {
    let root = ws.agent_dir.path().join("sessions");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let path = file.path();
            if path.extension().is_some_and(|e| e == "jsonl") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every line of a session file, each of which must parse as JSON.
pub fn entries(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("session file")
        .lines()
        .enumerate()
        .map(|(n, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{} line {}: {e}: {line}", path.display(), n + 1))
        })
        .collect()
}
