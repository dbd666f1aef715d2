//! Target: tool arguments as a model sends them, for every built-in tool. Valid calls are
//! mutated structurally (wrong types, missing or extra fields, huge numbers, odd unicode,
//! legacy shapes) and go through what the agent does with a call: `prepare_arguments`, then
//! schema validation and coercion. Calls that pass are executed for read, grep, find, ls,
//! write and edit inside a scratch directory, with every `path` first confined to it (no
//! absolute paths, `..`, `~`, `@` or URLs), so nothing outside it is read or written. bash
//! calls are validated only: no mutated command is ever run.
//!
//! Contracts: no panic; a refused call has a non-empty error; an executed call returns a
//! result or a non-empty error within ten seconds, and the result serialises.

use std::path::Path;
use std::time::Duration;

use fastrand::Rng;
use serde_json::{json, Value};
use tau_tools::tool::SharedTool;
use tau_tools::{builtin_tools, validate_arguments, ToolContext, ToolError};
use tokio_util::sync::CancellationToken;

use crate::mutate::{mutate_value, random_value};
use crate::{check_error, run_cases, Outcome, Report};

/// How long one executed call may take.
const CALL_LIMIT: Duration = Duration::from_secs(10);

/// Argument names of the built-in tools (current and legacy), for mutations that add fields.
const KEYS: &[&str] = &[
    "path",
    "file_path",
    "offset",
    "limit",
    "pattern",
    "glob",
    "ignoreCase",
    "literal",
    "context",
    "edits",
    "oldText",
    "newText",
    "old_string",
    "new_string",
    "content",
    "command",
    "timeout",
];

/// Valid calls of each tool, the seeds of the mutations.
fn seeds(tool: &str) -> Vec<Value> {
    match tool {
        "read" => vec![
            json!({"path": "a.txt"}),
            json!({"path": "a.txt", "offset": 2, "limit": 3}),
            json!({"path": "src/lib.rs", "offset": 100}),
            json!({"path": "bin.dat"}),
            json!({"path": "pic.png"}),
        ],
        "grep" => vec![
            json!({"pattern": "fn", "path": "src"}),
            json!({"pattern": "a.*b", "glob": "*.txt", "ignoreCase": true, "context": 2, "limit": 5}),
            json!({"pattern": "(", "literal": true}),
            json!({"pattern": "^\\s+\\w+$", "path": "a.txt"}),
        ],
        "find" => vec![
            json!({"pattern": "*.rs"}),
            json!({"pattern": "src/**/*.rs", "path": ".", "limit": 3}),
            json!({"pattern": "{a,b}*.[tm][xd]?"}),
        ],
        "ls" => vec![
            json!({}),
            json!({"path": "src", "limit": 2}),
            json!({"path": "a.txt"}),
        ],
        "edit" => vec![
            json!({"path": "a.txt", "edits": [{"oldText": "alpha", "newText": "ALPHA"}]}),
            json!({"path": "a.txt", "edits": [{"oldText": "beta\n", "newText": ""}, {"oldText": "gamma", "newText": "g"}]}),
            json!({"path": "a.txt", "oldText": "beta", "newText": "b"}),
            json!({"path": "crlf.txt", "edits": [{"oldText": "one\ntwo", "newText": "1\n2"}]}),
        ],
        "write" => vec![
            json!({"path": "out/n.txt", "content": "hello\n"}),
            json!({"path": "a.txt", "content": ""}),
        ],
        _ => vec![
            json!({"command": "echo hi"}),
            json!({"command": "ls -la", "timeout": 5}),
        ],
    }
}

/// Tools whose calls are executed (inside the scratch directory).
fn executes(tool: &str) -> bool {
    matches!(tool, "read" | "grep" | "find" | "ls" | "write" | "edit")
}

/// Plays cases `cases` of the tools target.
pub fn run(seed: u64, cases: std::ops::Range<u64>) -> Report {
    let setup = tempfile::tempdir().and_then(|dir| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        Ok((dir, runtime))
    });
    let (dir, runtime) = match setup {
        Ok(setup) => setup,
        Err(error) => {
            let message = format!("cannot set up the scratch directory: {error}");
            return Report::setup_failure("tools", &message);
        }
    };
    let tools = builtin_tools();
    let mut until_reset = 0u32;
    run_cases("tools", seed, cases, |rng, input| {
        // Writes and edits change the files: lay them out afresh now and then.
        if until_reset == 0 {
            lay_out(dir.path())
                .map_err(|error| format!("laying out the scratch files: {error}"))?;
            until_reset = 200;
        }
        until_reset -= 1;
        let tool = &tools[rng.usize(..tools.len())];
        let name = tool.info().name.clone();
        let args = generate(rng, &name);
        *input = format!("{name} {args}");
        call(&runtime, tool, &name, args, dir.path())
    })
}

fn generate(rng: &mut Rng, tool: &str) -> Value {
    if rng.u8(0..20) == 0 {
        return random_value(rng, 3);
    }
    let seeds = seeds(tool);
    let mut args = seeds[rng.usize(..seeds.len())].clone();
    for _ in 0..rng.usize(0..4) {
        mutate_value(rng, &mut args, KEYS);
    }
    args
}

fn call(
    runtime: &tokio::runtime::Runtime,
    tool: &SharedTool,
    name: &str,
    args: Value,
    cwd: &Path,
) -> Result<Outcome, String> {
    let prepared = match runtime.block_on(tool.prepare_arguments(args)) {
        Ok(prepared) => prepared,
        Err(error) => return check_error(&error),
    };
    let mut valid = match validate_arguments(name, &tool.info().parameters, &prepared) {
        Ok(valid) => valid,
        Err(error) => return check_error(&error),
    };
    if !executes(name) {
        return Ok(Outcome::Value);
    }
    confine_paths(&mut valid);
    let ctx = ToolContext::new(cwd, CancellationToken::new());
    let result = runtime.block_on(async {
        tokio::time::timeout(CALL_LIMIT, tool.execute("call_fuzz", valid, ctx)).await
    });
    match result {
        Err(_) => Err(format!("{name} did not finish within {CALL_LIMIT:?}")),
        Ok(Ok(result)) => {
            serde_json::to_string(&result)
                .map_err(|error| format!("{name}'s result does not serialise: {error}"))?;
            Ok(Outcome::Value)
        }
        Ok(Err(ToolError::Aborted)) => Err(format!("{name} reported an abort nobody asked for")),
        Ok(Err(ToolError::Failed(message))) => check_error(&message),
    }
}

/// Rewrites every `path`-like string so it names something inside the scratch directory.
fn confine_paths(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, field) in map.iter_mut() {
                if matches!(key.as_str(), "path" | "file_path") {
                    if let Value::String(path) = field {
                        *path = confine(path);
                    }
                }
                confine_paths(field);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(confine_paths),
        _ => {}
    }
}

/// `path` made relative and kept below the working directory: components that climb or
/// could expand (`..`, `~`, `@`, `file:`) are dropped or stripped.
fn confine(path: &str) -> String {
    let parts: Vec<String> = path
        .split(['/', '\\'])
        .map(|part| {
            part.chars()
                .filter(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | ' '))
                .collect::<String>()
        })
        .filter(|part| !part.is_empty() && part.chars().any(|c| c != '.'))
        .collect();
    match parts.is_empty() {
        true => ".".into(),
        false => parts.join("/"),
    }
}

/// The scratch files the calls work on.
fn lay_out(dir: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        match path.is_dir() {
            true => std::fs::remove_dir_all(&path)?,
            false => std::fs::remove_file(&path)?,
        }
    }
    std::fs::create_dir_all(dir.join("src/deep/er"))?;
    std::fs::write(dir.join("a.txt"), "alpha\nbeta\n  gamma\nab\n")?;
    std::fs::write(dir.join("crlf.txt"), "one\r\ntwo\r\nthree\r\n")?;
    std::fs::write(
        dir.join("src/lib.rs"),
        "fn main() {\n    println!(\"é\");\n}\n",
    )?;
    std::fs::write(dir.join("src/deep/er/x.rs"), "fn x() {}\n")?;
    std::fs::write(dir.join("bin.dat"), [0u8, 159, 146, 150, 255, 0, 10])?;
    // A PNG signature with a broken body: read's image path must refuse it cleanly.
    std::fs::write(dir.join("pic.png"), b"\x89PNG\r\n\x1a\n\0\0\0\rIHDRbroken")?;
    std::fs::write(dir.join("empty"), "")?;
    std::fs::write(dir.join(".gitignore"), "ignored/\n")?;
    std::fs::write(dir.join("ünï cødé.md"), "# title\n\u{2028}\n")?;
    Ok(())
}
