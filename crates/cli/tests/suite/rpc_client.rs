//! A small RPC client for the tests: it runs the real `tau --mode rpc`, writes commands
//! on its stdin, and reads stdout the way Pi's docs require (split on LF only, every
//! record one JSON object). Every wait is bounded, so a tau that hangs fails the test.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long one wait may take.
pub const WAIT: Duration = Duration::from_secs(60);

/// A running `tau --mode rpc`.
pub struct RpcClient {
    child: Child,
    stdin: Option<ChildStdin>,
    records: Receiver<Value>,
    stderr: Option<std::thread::JoinHandle<String>>,
    /// Every record read so far, in order.
    pub seen: Vec<Value>,
    next_id: u64,
}

impl RpcClient {
    /// Starts `cmd` (a `tau` command; `--mode rpc` is added).
    pub fn start(mut cmd: Command) -> Self {
        let mut child = cmd
            .arg("--mode")
            .arg("rpc")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn tau");
        let mut stdout = child.stdout.take().expect("stdout");
        let (send, records) = channel();
        std::thread::spawn(move || {
            let mut pending = Vec::new();
            let mut buf = [0u8; 8192];
            loop {
                let n = match stdout.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                pending.extend_from_slice(&buf[..n]);
                while let Some(end) = pending.iter().position(|b| *b == b'\n') {
                    let line: Vec<u8> = pending.drain(..=end).collect();
                    let line = &line[..line.len() - 1];
                    assert!(!line.ends_with(b"\r"), "tau wrote a CR before LF");
                    let record: Value = serde_json::from_slice(line).unwrap_or_else(|e| {
                        panic!("not a JSON record ({e}): {}", String::from_utf8_lossy(line))
                    });
                    assert!(record.is_object(), "record is not an object: {record}");
                    if send.send(record).is_err() {
                        return;
                    }
                }
            }
            assert!(pending.is_empty(), "output ended without LF: {pending:?}");
        });
        let mut stderr = child.stderr.take().expect("stderr");
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        RpcClient {
            stdin: child.stdin.take(),
            child,
            records,
            stderr: Some(stderr),
            seen: Vec::new(),
            next_id: 0,
        }
    }

    /// Writes raw bytes to stdin.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write command");
        stdin.flush().expect("flush");
    }

    /// Writes one command line.
    pub fn send(&mut self, command: &Value) {
        let mut line = serde_json::to_vec(command).expect("json");
        line.push(b'\n');
        self.send_raw(&line);
    }

    /// The next record, panicking after [`WAIT`].
    pub fn next(&mut self) -> Value {
        match self.records.recv_timeout(WAIT) {
            Ok(record) => {
                self.seen.push(record.clone());
                record
            }
            Err(RecvTimeoutError::Timeout) => {
                panic!("no record within {WAIT:?}; seen: {}", summary(&self.seen))
            }
            Err(RecvTimeoutError::Disconnected) => panic!(
                "tau closed stdout; seen: {}\nstderr: {}",
                summary(&self.seen),
                self.stderr_now()
            ),
        }
    }

    /// Reads until a record matches `pred`; returns it.
    pub fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let record = self.next();
            if pred(&record) {
                return record;
            }
        }
    }

    /// The first record seen so far that matches `pred`, else the next one read that does.
    pub fn find(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(record) = self.seen.iter().find(|r| pred(r)) {
            return record.clone();
        }
        self.until(pred)
    }

    /// Reads until a record of type `kind`.
    pub fn wait_type(&mut self, kind: &str) -> Value {
        self.until(|r| r["type"] == kind)
    }

    /// The response to `id` (ids are unique in a test): already read, or read until it
    /// comes. Commands on their own tasks may answer out of order.
    pub fn response(&mut self, id: &str) -> Value {
        self.find(|r| r["type"] == "response" && r["id"] == id)
    }

    /// Sends `command` with a fresh id and returns its response.
    pub fn request(&mut self, mut command: Value) -> Value {
        self.next_id += 1;
        let id = format!("r{}", self.next_id);
        command["id"] = json!(id);
        self.send(&command);
        self.response(&id)
    }

    /// Sends `command` and returns its successful response's `data`, panicking on failure.
    pub fn ok(&mut self, command: Value) -> Value {
        let response = self.request(command.clone());
        assert_eq!(
            response["success"],
            true,
            "{command} failed: {response}\nstderr: {}",
            self.stderr_now()
        );
        response.get("data").cloned().unwrap_or(Value::Null)
    }

    /// Sends `command`, expects a failed response and returns its error.
    pub fn err(&mut self, command: Value) -> String {
        let response = self.request(command.clone());
        assert_eq!(
            response["success"], false,
            "{command} succeeded: {response}"
        );
        response["error"].as_str().expect("error text").to_string()
    }

    /// Sends a prompt and reads until its run settled; returns the records of the run.
    pub fn prompt_and_wait(&mut self, message: &str) -> Vec<Value> {
        let start = self.seen.len();
        let data = self.ok(json!({"type": "prompt", "message": message}));
        assert_eq!(data["disposition"], "started", "{data}");
        self.wait_type("agent_settled");
        self.seen[start..].to_vec()
    }

    /// The last record of `kind` seen so far.
    pub fn last_seen(&self, kind: &str) -> Value {
        self.seen
            .iter()
            .rev()
            .find(|r| r["type"] == kind)
            .cloned()
            .unwrap_or_else(|| panic!("no {kind} record; seen: {}", summary(&self.seen)))
    }

    /// The records of `kind` seen so far.
    pub fn seen_of(&self, kind: &str) -> Vec<Value> {
        self.seen
            .iter()
            .filter(|r| r["type"] == kind)
            .cloned()
            .collect()
    }

    fn stderr_now(&mut self) -> String {
        let _ = self.child.kill();
        self.stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default()
    }

    /// Closes stdin and waits for tau to exit; returns its status and stderr.
    pub fn close(&mut self) -> (ExitStatus, String) {
        drop(self.stdin.take());
        self.wait_exit()
    }

    /// Waits for tau to exit by itself (stdin stays open); returns its status and stderr.
    pub fn wait_exit(&mut self) -> (ExitStatus, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            if start.elapsed() > WAIT {
                let _ = self.child.kill();
                panic!("tau did not exit within {WAIT:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        // Records written while shutting down.
        while let Ok(record) = self.records.recv_timeout(Duration::from_millis(200)) {
            self.seen.push(record);
        }
        let stderr = self
            .stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default();
        (status, stderr)
    }
}

impl Drop for RpcClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The record types, for failure messages.
pub fn summary(records: &[Value]) -> String {
    records
        .iter()
        .map(|r| match r["type"].as_str() {
            Some("response") => format!("response:{}:{}", r["command"], r["success"]),
            Some(kind) => kind.to_string(),
            None => "?".into(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}
