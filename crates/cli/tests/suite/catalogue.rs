//! The built-in model catalogue against its source and against Pi:
//! - the committed catalog.json is exactly what tools/catalogue/generate.mjs writes from the
//!   pinned pi-ai (skips when Node 20.10+ or the npm registry is unavailable);
//! - `tau --list-models` prints what the reference Pi prints for the same keys (skips when
//!   the reference Pi is not installed).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use pretty_assertions::assert_eq;
use tau_test_support::oracle::{AgentSandbox, Harness, PiOracle};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A Node new enough for the generator (JSON import attributes): `TAU_NODE`, the reference
/// Pi's Node 22, else `node` on PATH.
fn generator_node() -> Option<PathBuf> {
    let candidates = std::env::var_os("TAU_NODE")
        .map(PathBuf::from)
        .into_iter()
        .chain(PiOracle::locate().map(|pi| pi.node))
        .chain(Some(PathBuf::from("node")));
    candidates.into_iter().find(|node| {
        let Ok(output) = Command::new(node).arg("--version").output() else {
            return false;
        };
        let version = String::from_utf8_lossy(&output.stdout);
        let mut parts = version.trim().trim_start_matches('v').split('.');
        let major: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        let minor: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        output.status.success() && (major, minor) >= (20, 10)
    })
}

#[test]
fn the_committed_catalogue_is_what_the_generator_writes() {
    let test = "the_committed_catalogue_is_what_the_generator_writes";
    let Some(node) = generator_node() else {
        eprintln!("{test}: skipped: no Node.js 20.10+ (set TAU_NODE or run tools/oracle/setup.sh)");
        return;
    };
    let root = repo_root();
    let output = Command::new(&node)
        .arg(root.join("tools/catalogue/generate.mjs"))
        .arg("--check")
        .current_dir(&root)
        .output()
        .expect("run the generator");
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Exit 3: the pinned package could not be fetched (no registry); anything else counts.
    if output.status.code() == Some(3) {
        eprintln!("{test}: skipped: {}", stderr.trim());
        return;
    }
    assert!(
        output.status.success(),
        "catalog.json is not generated from the pinned pi-ai:\n{stderr}"
    );
}

/// Fake keys for a spread of providers: plain key variables, a provider with two variables,
/// an AWS profile (Bedrock's ambient credentials) and providers whose api tau cannot stream.
const KEYS: &[(&str, &str)] = &[
    ("ANTHROPIC_API_KEY", "sk-ant-fake"),
    ("OPENAI_API_KEY", "sk-fake"),
    ("GEMINI_API_KEY", "fake"),
    ("OPENROUTER_API_KEY", "fake"),
    ("GROQ_API_KEY", "fake"),
    ("MISTRAL_API_KEY", "fake"),
    ("XAI_API_KEY", "fake"),
    ("DEEPSEEK_API_KEY", "fake"),
    ("COPILOT_GITHUB_TOKEN", "fake"),
    ("QWEN_TOKEN_PLAN_API_KEY", "fake"),
    ("AWS_PROFILE", "fake"),
];

fn list_models(
    pi: &PiOracle,
    sandbox: &AgentSandbox,
    who: Harness,
    keys: &[(&str, &str)],
    args: &[&str],
) -> Output {
    let mut cmd = match who {
        Harness::Tau => Command::new(env!("CARGO_BIN_EXE_tau")),
        Harness::Pi => {
            let mut cmd = Command::new(&pi.node);
            cmd.arg(&pi.cli);
            cmd
        }
    };
    // Into a file, not a pipe: Node exits before a long table drains through a pipe.
    let listing = sandbox.home.join("list-models.txt");
    let file = std::fs::File::create(&listing).expect("listing file");
    cmd.arg("--list-models")
        .args(args)
        .current_dir(&sandbox.project)
        .env_clear()
        .envs(sandbox.env(who))
        .envs(keys.iter().copied())
        .stdout(file);
    let mut output = cmd.output().expect("run --list-models");
    output.stdout = std::fs::read(&listing).expect("read the listing");
    output
}

/// Environment variables to set for a run.
type Keys<'a> = &'a [(&'a str, &'a str)];

#[test]
fn list_models_matches_pi_for_the_same_keys() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!(
            "list_models_matches_pi_for_the_same_keys: skipped: reference Pi not installed; \
             run tools/oracle/setup.sh"
        );
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let cases: [(Keys, &[&str]); 5] = [
        (&[("ANTHROPIC_AUTH_TOKEN", "fake")], &[]),
        (KEYS, &[]),
        (KEYS, &["claude"]),
        (&KEYS[..3], &[]),
        (
            &[("MOONSHOT_API_KEY", "fake"), ("HF_TOKEN", "fake")],
            &["kimi"],
        ),
    ];
    for (index, (keys, args)) in cases.into_iter().enumerate() {
        let tau_box =
            AgentSandbox::create(&dir.path().join(format!("tau-{index}"))).expect("sandbox");
        let pi_box =
            AgentSandbox::create(&dir.path().join(format!("pi-{index}"))).expect("sandbox");
        let ours = list_models(&pi, &tau_box, Harness::Tau, keys, args);
        let theirs = list_models(&pi, &pi_box, Harness::Pi, keys, args);
        assert!(
            theirs.status.success(),
            "pi: {}",
            String::from_utf8_lossy(&theirs.stderr)
        );
        assert!(
            ours.status.success(),
            "tau: {}",
            String::from_utf8_lossy(&ours.stderr)
        );
        let theirs = String::from_utf8_lossy(&theirs.stdout).into_owned();
        assert!(
            theirs.lines().count() > 2,
            "Pi listed too little to compare: {theirs}"
        );
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            theirs,
            "keys {keys:?}, args {args:?}"
        );
    }
}

#[test]
fn stored_sign_ins_make_providers_listed_as_in_pi() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!(
            "stored_sign_ins_make_providers_listed_as_in_pi: skipped: reference Pi not installed; \
             run tools/oracle/setup.sh"
        );
        return;
    };
    // Unexpired sign-ins (no refresh happens) for providers tau uses them for; OpenAI Codex
    // has no key variable, so only its sign-in lists it.
    let far = 4_000_000_000_000u64;
    let auth = serde_json::json!({
        "anthropic": {"type": "oauth", "access": "sk-ant-oat01-x", "refresh": "r", "expires": far},
        "openai-codex": {"type": "oauth", "access": "a", "refresh": "r", "expires": far, "accountId": "acct"},
        "xai": {"type": "oauth", "access": "a", "refresh": "r", "expires": far}
    });
    let dir = tempfile::tempdir().expect("tempdir");
    let mut outputs = Vec::new();
    for (name, who) in [("tau", Harness::Tau), ("pi", Harness::Pi)] {
        let sandbox = AgentSandbox::create(&dir.path().join(name)).expect("sandbox");
        std::fs::write(sandbox.agent_dir.join("auth.json"), auth.to_string()).expect("auth.json");
        let output = list_models(&pi, &sandbox, who, &[], &[]);
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        outputs.push(String::from_utf8_lossy(&output.stdout).into_owned());
    }
    assert!(outputs[1].contains("\nopenai-codex "), "{}", outputs[1]);
    assert_eq!(outputs[0], outputs[1]);
}

#[test]
fn a_listed_model_whose_api_tau_cannot_stream_is_refused_by_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
    let env = sandbox.env(Harness::Tau);
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tau"))
            .args(args)
            .current_dir(&sandbox.project)
            .env_clear()
            .envs(env.clone())
            .env("RADIUS_API_KEY", "fake")
            .output()
            .expect("run tau")
    };
    // Listed, as Pi lists it...
    let listed = run(&["--list-models", "radius/balanced"]);
    assert!(
        String::from_utf8_lossy(&listed.stdout).contains("radius    balanced"),
        "{}",
        String::from_utf8_lossy(&listed.stdout)
    );
    // ...but selecting it names the api tau lacks, before any request.
    let output = run(&["--model", "radius/balanced", "-p", "hi"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("radius/balanced uses api \"pi-messages\""),
        "{stderr}"
    );
}
