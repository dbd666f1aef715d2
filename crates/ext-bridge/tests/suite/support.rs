//! Fixtures: a fake host in a temp dir, extension spec files, a started host.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tau_ext_bridge::{ExtensionHost, HostOptions, LoadRequest, Reporter};
use tempfile::TempDir;

/// A fake host folder plus room for extension specs.
pub struct Fixture {
    pub dir: TempDir,
    pub reporter: Reporter,
}

/// The node binary, or `None` (with a printed reason) when there is none.
pub fn node() -> Option<PathBuf> {
    match tau_ext_bridge::node::find_node() {
        Ok(node) => Some(node),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "skipping: {e}");
            None
        }
    }
}

impl Fixture {
    /// A fake host with `config.json` = `config`.
    pub fn new(config: Value) -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("host/src");
        std::fs::create_dir_all(&src).unwrap();
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake-host/main.mjs");
        std::fs::copy(script, src.join("main.mjs")).unwrap();
        std::fs::write(dir.path().join("host/config.json"), config.to_string()).unwrap();
        Fixture {
            dir,
            reporter: Reporter::default(),
        }
    }

    pub fn host_dir(&self) -> PathBuf {
        self.dir.path().join("host")
    }

    /// Writes an extension spec and returns its path.
    pub fn ext(&self, name: &str, spec: Value) -> PathBuf {
        let path = self.dir.path().join(format!("{name}.json"));
        std::fs::write(&path, spec.to_string()).unwrap();
        path
    }

    pub fn options(&self, node: PathBuf, timeout: Duration) -> HostOptions {
        let mut options = HostOptions::new(self.dir.path());
        options.node = Some(node);
        options.host_dir = Some(self.host_dir());
        options.request_timeout = timeout;
        options.start_timeout = timeout;
        options.stderr = Arc::new(|_| {});
        options.reporter = self.reporter.clone();
        options
    }

    /// Starts the host, loads `exts` and binds.
    pub async fn start(
        &self,
        node: PathBuf,
        exts: &[PathBuf],
        timeout: Duration,
    ) -> Arc<ExtensionHost> {
        let host = ExtensionHost::start(self.options(node, timeout))
            .await
            .unwrap();
        host.load(LoadRequest {
            paths: exts.to_vec(),
            cwd: self.dir.path().to_path_buf(),
            mode: "print".into(),
            ..LoadRequest::default()
        })
        .await
        .unwrap();
        host.bind(json!({ "cwd": self.dir.path() })).await.unwrap();
        Arc::new(host)
    }

    /// The request methods (and records) the host logged, in order.
    pub fn calls(&self) -> Vec<String> {
        std::fs::read_to_string(self.host_dir().join("calls.log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }
}
