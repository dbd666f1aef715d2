//! [`ExtensionHost`]: the extension host as tau sees it — load, bind, invoke, tools,
//! commands, state — restarted (and loaded and bound again) when its process dies.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Map, Value};
use tau_protocol::bridge::{InvokeResult, LoadReport};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::actions::{ActionSlot, Dispatcher, HostActions, NoActions};
use crate::connection::{Connection, LineSink};
use crate::error::{BridgeError, Reporter};
use crate::node;
use crate::sandbox::Sandbox;

/// How to start the host.
#[derive(Clone)]
pub struct HostOptions {
    /// The node binary; `None` finds it ([`node::find_node`]).
    pub node: Option<PathBuf>,
    /// The host package folder; `None` locates it ([`node::locate_host`]).
    pub host_dir: Option<PathBuf>,
    /// Working directory of the host process.
    pub cwd: PathBuf,
    /// Limit for handler invocations, `bind` and the other quick requests.
    pub request_timeout: Duration,
    /// Limit for starting a host: the handshake and `load` (the extensions' factories),
    /// also when a host is restarted mid-run on a busy machine.
    pub start_timeout: Duration,
    /// Limit for tool executions and commands (`None`: no limit; abort still works).
    pub tool_timeout: Option<Duration>,
    /// Where the host's stderr lines go.
    pub stderr: LineSink,
    /// Where extension failures that do not stop the run go.
    pub reporter: Reporter,
    /// Runs the host under Node's permission model with these rules (`--sandbox`).
    pub sandbox: Option<Sandbox>,
    /// The oldest Node.js (major, minor) the host may run on: 20.0 headless, 22.19 in the
    /// terminal UI, whose extension components need the pi-tui the host bundles.
    pub min_node: (u32, u32),
    /// tau's interactive mode: extension components stay in the host and tau renders their
    /// lines ([`crate::Components`]); extensions see `ctx.mode` `"tui"` and `ctx.hasUI`.
    pub components: bool,
}

impl HostOptions {
    /// Defaults: node and host found automatically, 30 s request limit, no tool limit,
    /// stderr lines written to tau's stderr tagged `[ext]`.
    pub fn new(cwd: impl Into<PathBuf>) -> Self {
        HostOptions {
            node: None,
            host_dir: None,
            cwd: cwd.into(),
            request_timeout: Duration::from_secs(30),
            start_timeout: Duration::from_secs(30),
            tool_timeout: None,
            stderr: Arc::new(|line| {
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "[ext] {line}");
            }),
            reporter: Reporter::stderr(),
            sandbox: None,
            min_node: (node::MIN_NODE_MAJOR, 0),
            components: false,
        }
    }
}

/// Ids of `provider_stream` requests, unique in the process.
static STREAM_IDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// What `load` is asked to load.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LoadRequest {
    /// Extension entry files or folders, in load order.
    pub paths: Vec<PathBuf>,
    /// The session's working directory.
    pub cwd: PathBuf,
    /// Pi's agent directory.
    pub agent_dir: PathBuf,
    /// `interactive`, `print`, `json` or `rpc`.
    pub mode: String,
    /// Whether dialogs can be shown.
    pub has_ui: bool,
    /// Values of extension flags given on the command line.
    pub flags: Map<String, Value>,
    /// The paths given with `-e` (Pi's `sourceInfo` source `cli` for them).
    pub from_cli: Vec<PathBuf>,
}

impl LoadRequest {
    fn params(&self) -> Value {
        json!({
            "extensions": self.paths.iter().map(|p| {
                if self.from_cli.contains(p) {
                    json!({"path": p, "cli": true})
                } else {
                    json!({"path": p})
                }
            }).collect::<Vec<_>>(),
            "cwd": self.cwd,
            "agentDir": self.agent_dir,
            "mode": self.mode,
            "hasUI": self.has_ui,
            "flags": self.flags,
        })
    }
}

/// One registered handler, with the extension that registered it.
#[derive(Debug, Clone, PartialEq)]
pub struct HandlerRef {
    /// The host's handler id, as the host gave it.
    pub id: Value,
    /// The extension's path.
    pub extension_path: String,
}

#[derive(Default)]
struct Loaded {
    request: Option<LoadRequest>,
    state: Option<Value>,
    restarts: u32,
    /// Why the host could not be restarted; from then on every call fails with it.
    unrecoverable: Option<String>,
}

/// How long a host gets to answer a ping after a request timed out before it counts as stuck.
const PING_LIMIT: Duration = Duration::from_secs(2);

/// Where the host's state mirror comes from (docs/protocol.md "State mirror"): the
/// application's session, model, tools, … as the `state` keys.
pub trait StateSource: Send + Sync {
    /// The whole state, for `bind` (also after a restart).
    fn full(&self) -> Value;
    /// What changed since the last call of either method, if anything.
    fn changes(&self) -> Option<Value>;
}

/// The extension host. Cheap to share behind an `Arc`.
pub struct ExtensionHost {
    options: HostOptions,
    node: PathBuf,
    /// Options before the host script (the sandbox's permission flags).
    node_args: Vec<std::ffi::OsString>,
    host_dir: PathBuf,
    pub(crate) conn: tokio::sync::Mutex<Arc<Connection>>,
    loaded: Mutex<Loaded>,
    /// The last load report, kept current by registrations made after loading.
    report: Arc<Mutex<LoadReport>>,
    pub(crate) dispatcher: Arc<Dispatcher>,
    state_source: Mutex<Option<Arc<dyn StateSource>>>,
    /// Serialises mirror updates so appended entries reach the host in order.
    syncing: tokio::sync::Mutex<()>,
    /// Cancelled once the host cannot be restarted ([`ExtensionHost::unrecoverable`]).
    broken: CancellationToken,
    /// Called at once, before the failing call returns, when the host becomes
    /// unrecoverable: so a run is stopped before its next model request, not a moment later.
    on_broken: Mutex<Vec<Box<dyn Fn() + Send + Sync>>>,
}

impl std::fmt::Debug for ExtensionHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExtensionHost")
            .field("node", &self.node)
            .field("host_dir", &self.host_dir)
            .finish_non_exhaustive()
    }
}

impl ExtensionHost {
    /// Finds and checks node, starts the host and exchanges hellos.
    pub async fn start(options: HostOptions) -> Result<ExtensionHost, BridgeError> {
        let node = match &options.node {
            Some(node) => node.clone(),
            None => node::find_node()?,
        };
        let host_dir = match &options.host_dir {
            Some(dir) => dir.clone(),
            None => node::locate_host()?,
        };
        // The permission flags differ by Node version: ask the binary (one more process,
        // only with the sandbox).
        let node_args = match &options.sandbox {
            Some(sandbox) => sandbox.node_args(&node::check_node(&node).await?),
            None => Vec::new(),
        };
        let report: Arc<Mutex<LoadReport>> = Arc::default();
        let slot: ActionSlot = Arc::new(std::sync::RwLock::new(Arc::new(NoActions)));
        let dispatcher = Arc::new(Dispatcher {
            slot,
            report: report.clone(),
            components: Arc::new(crate::component_hub::ComponentHub::new(
                options.reporter.clone(),
            )),
        });
        // The host's hello carries its Node version; `node --version` (a process of its own)
        // runs only to explain a host that did not start or runs on too old a Node.
        let conn = match spawn(&options, &node, &node_args, &host_dir, &dispatcher).await {
            Ok(conn) => conn,
            Err(error) => {
                node::check_node(&node).await?;
                return Err(error);
            }
        };
        if let Some(version) = conn.hello().node.as_deref() {
            if node::parse_major(version).is_some_and(|major| major < node::MIN_NODE_MAJOR) {
                return Err(node::check_node(&node).await.err().unwrap_or_else(|| {
                    BridgeError::Node(format!("Node.js {version} is too old for extensions"))
                }));
            }
            let (major, minor) = options.min_node;
            if node::parse_major_minor(version).is_some_and(|found| found < (major, minor)) {
                return Err(BridgeError::Node(format!(
                    "{} is Node.js {version}; extensions in the terminal UI need Node.js {major}.{minor}+ \
                     (the pi-tui their components are written against requires it): install it or set \
                     TAU_NODE to a newer node; print, json and rpc mode run on Node.js {}+",
                    node.display(),
                    node::MIN_NODE_MAJOR
                )));
            }
        }
        Ok(ExtensionHost {
            options,
            node,
            node_args,
            host_dir,
            conn: tokio::sync::Mutex::new(Arc::new(conn)),
            loaded: Mutex::default(),
            report,
            dispatcher,
            state_source: Mutex::default(),
            syncing: tokio::sync::Mutex::new(()),
            broken: CancellationToken::new(),
            on_broken: Mutex::default(),
        })
    }

    /// Binds the host to `source`: sends its full state with `bind`, and from then on its
    /// changes before every handler, tool or command call.
    pub async fn bind_source(&self, source: Arc<dyn StateSource>) -> Result<(), BridgeError> {
        let _guard = self.syncing.lock().await;
        *self.state_source.lock().unwrap_or_else(|p| p.into_inner()) = Some(source.clone());
        self.bind(source.full()).await
    }

    /// Binds again with the state source (after [`ExtensionHost::reload`]): the host gets
    /// the whole state anew.
    pub async fn rebind(&self) -> Result<(), BridgeError> {
        match self.source() {
            Some(source) => self.bind_source(source).await,
            None => Ok(()),
        }
    }

    fn source(&self) -> Option<Arc<dyn StateSource>> {
        self.state_source
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Sends the state source's changes, if any, ahead of a call that may read them.
    pub async fn sync_state(&self) {
        let Some(source) = self.source() else {
            return;
        };
        let _guard = self.syncing.lock().await;
        // The connection first: a restart binds with the full state, and the changes are
        // then only what came after it.
        let Ok(conn) = self.connection().await else {
            return;
        };
        if let Some(changes) = source.changes() {
            let _ = conn.notify("state", changes).await;
        }
    }

    /// Installs what answers the extensions' actions and UI requests (until then they are
    /// refused), for this host process and every restarted one.
    pub fn set_actions(&self, actions: Arc<dyn HostActions>) {
        *self
            .dispatcher
            .slot
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = actions;
    }

    fn report_lock(&self) -> std::sync::MutexGuard<'_, LoadReport> {
        self.report.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Where diagnostics go.
    pub fn reporter(&self) -> &Reporter {
        &self.options.reporter
    }

    fn loaded(&self) -> std::sync::MutexGuard<'_, Loaded> {
        self.loaded.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Loads extensions (factories run once each, in order). The request is kept so a
    /// restarted host loads the same extensions.
    pub async fn load(&self, request: LoadRequest) -> Result<LoadReport, BridgeError> {
        let conn = self.connection().await?;
        let report = self.load_on(&conn, &request).await?;
        self.loaded().request = Some(request);
        *self.report_lock() = report.clone();
        Ok(report)
    }

    async fn load_on(
        &self,
        conn: &Connection,
        request: &LoadRequest,
    ) -> Result<LoadReport, BridgeError> {
        let mut params = request.params();
        if self.options.components {
            params["components"] = Value::Bool(true);
        }
        let value = self
            .call(conn, "load", params, Some(self.options.start_timeout), None)
            .await?;
        serde_json::from_value(value).map_err(|e| BridgeError::Protocol(format!("load: {e}")))
    }

    /// Runs every extension's factory again with the last load request (Pi reloads
    /// extensions when a session is replaced); then [`ExtensionHost::bind_source`] again.
    pub async fn reload(&self) -> Result<LoadReport, BridgeError> {
        let request = self.loaded().request.clone().ok_or_else(|| {
            BridgeError::Protocol("reload before any extensions were loaded".into())
        })?;
        self.load(request).await
    }

    /// Hands the host the session state; from then on extension actions work.
    pub async fn bind(&self, state: Value) -> Result<(), BridgeError> {
        let conn = self.connection().await?;
        self.loaded().state = Some(state.clone());
        self.call(
            &conn,
            "bind",
            json!({ "state": state }),
            Some(self.options.request_timeout),
            None,
        )
        .await
        .map(|_| ())
    }

    /// Sends a partial state update; it is also merged into the state a restarted host is
    /// bound with.
    pub async fn update_state(&self, partial: Value) -> Result<(), BridgeError> {
        {
            let mut loaded = self.loaded();
            if let (Some(Value::Object(state)), Value::Object(changes)) =
                (&mut loaded.state, &partial)
            {
                for (key, value) in changes {
                    state.insert(key.clone(), value.clone());
                }
            }
        }
        self.connection().await?.notify("state", partial).await
    }

    /// Sends `model_event {streamId, event}`: one event of a `ctx.modelRegistry.stream` the
    /// host asked tau for (action `modelComplete` with a `streamId`), before tau answers it.
    pub async fn model_event(&self, stream_id: &str, event: Value) -> Result<(), BridgeError> {
        self.connection()
            .await?
            .notify(
                "model_event",
                json!({ "streamId": stream_id, "event": event }),
            )
            .await
    }

    /// The last load report.
    pub fn report(&self) -> LoadReport {
        self.report_lock().clone()
    }

    /// How many times the host was restarted.
    pub fn restarts(&self) -> u32 {
        self.loaded().restarts
    }

    /// Why the host could not be restarted, once that happened: the caller ends the run
    /// (tau never goes on without the extensions' gates).
    pub fn unrecoverable(&self) -> Option<String> {
        self.loaded().unrecoverable.clone()
    }

    /// Restarts a host that died since the last call; afterwards
    /// [`ExtensionHost::unrecoverable`] tells whether that worked. A run that needed no
    /// extension after the crash learns this way that its extensions are gone.
    pub async fn ensure_running(&self) {
        let _ = self.connection().await;
    }

    /// Fires when the host could not be restarted ([`ExtensionHost::unrecoverable`]).
    pub fn broken(&self) -> CancellationToken {
        self.broken.clone()
    }

    /// Calls `action` (synchronously, from the call that found out) when the host cannot be
    /// restarted; at once if that already happened.
    pub fn on_unrecoverable(&self, action: impl Fn() + Send + Sync + 'static) {
        if self.broken.is_cancelled() {
            action();
            return;
        }
        self.on_broken
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(Box::new(action));
    }

    /// The process id of the current host.
    pub async fn pid(&self) -> Option<u32> {
        self.conn.lock().await.pid()
    }

    /// Handlers of `event` in load order, then registration order. Restarts a dead host first
    /// so the ids are the live ones.
    pub async fn handlers(&self, event: &str) -> Result<Vec<HandlerRef>, BridgeError> {
        self.connection().await?;
        Ok(self.registered(event))
    }

    /// Handlers of `event` per the last load report, without touching the process.
    pub fn registered(&self, event: &str) -> Vec<HandlerRef> {
        let report = self.report_lock();
        report
            .extensions
            .iter()
            .flat_map(|ext| {
                ext.handlers
                    .iter()
                    .filter(|h| h.event == event)
                    .map(|h| HandlerRef {
                        id: h.id.clone(),
                        extension_path: ext.path.clone(),
                    })
            })
            .collect()
    }

    /// Runs one handler and returns its value and the event after it ran.
    pub async fn invoke(
        &self,
        handler_id: &Value,
        event: Value,
        ctx: Value,
    ) -> Result<InvokeResult, BridgeError> {
        self.sync_state().await;
        let conn = self.connection().await?;
        let value = self
            .call(
                &conn,
                "invoke",
                json!({ "handlerId": handler_id, "event": event, "ctx": ctx }),
                Some(self.options.request_timeout),
                None,
            )
            .await?;
        serde_json::from_value(value).map_err(|e| BridgeError::Protocol(format!("invoke: {e}")))
    }

    /// Runs one handler that may take as long as it needs (Pi sets no limit on
    /// `session_before_compact`, whose handlers may call a model): no time limit, stopped
    /// by `cancel` instead, which aborts the handler's `signal` in the host.
    pub async fn invoke_until_cancelled(
        &self,
        handler_id: &Value,
        event: Value,
        cancel: &CancellationToken,
    ) -> Result<InvokeResult, BridgeError> {
        self.sync_state().await;
        let conn = self.connection().await?;
        let params = json!({ "handlerId": handler_id, "event": event, "ctx": {} });
        let value = self
            .call(&conn, "invoke", params, None, Some(cancel))
            .await?;
        serde_json::from_value(value).map_err(|e| BridgeError::Protocol(format!("invoke: {e}")))
    }

    /// Runs several handlers of one event in one round trip, in order, each seeing the
    /// event as the previous one left it; the host stops after a handler whose value has a
    /// truthy `stop_when` field, or after a throwing one with `stop_on_error`. One result per
    /// handler that ran, in order; the caller applies the composition rule.
    pub async fn invoke_sequence(
        &self,
        handlers: &[HandlerRef],
        event: Value,
        ctx: Value,
        stop_when: Option<&str>,
        stop_on_error: bool,
    ) -> Result<Vec<Result<InvokeResult, BridgeError>>, BridgeError> {
        self.sync_state().await;
        let conn = self.connection().await?;
        let ids: Vec<&Value> = handlers.iter().map(|h| &h.id).collect();
        let value = self
            .call(
                &conn,
                "invoke_sequence",
                json!({
                    "handlerIds": ids,
                    "event": event,
                    "ctx": ctx,
                    "stopWhen": stop_when,
                    "stopOnError": stop_on_error,
                }),
                Some(self.options.request_timeout),
                None,
            )
            .await?;
        let results = value
            .get("results")
            .and_then(Value::as_array)
            .ok_or_else(|| BridgeError::Protocol("invoke_sequence: no results".into()))?;
        Ok(results
            .iter()
            .map(|result| match result.get("error") {
                Some(error) => Err(BridgeError::Remote {
                    message: error
                        .get("message")
                        .and_then(Value::as_str)
                        .unwrap_or("extension error")
                        .to_string(),
                    extension_path: error
                        .get("extensionPath")
                        .and_then(Value::as_str)
                        .map(str::to_string),
                }),
                None => serde_json::from_value(result.clone())
                    .map_err(|e| BridgeError::Protocol(format!("invoke_sequence: {e}"))),
            })
            .collect())
    }

    /// Runs the `prepareArguments` of extension tool `tool` on the model's raw `args` (before
    /// tau validates them, as Pi's loop does) and answers what it returned.
    pub async fn prepare_tool_arguments(
        &self,
        tool: &str,
        args: Value,
    ) -> Result<Value, BridgeError> {
        self.sync_state().await;
        let conn = self.connection().await?;
        self.call(
            &conn,
            "prepare_tool_arguments",
            json!({ "tool": tool, "args": args }),
            self.options.tool_timeout,
            None,
        )
        .await
    }

    /// Runs an extension tool; partial results go to `updates`; `cancel` aborts it.
    pub async fn execute_tool(
        &self,
        tool: &str,
        tool_call_id: &str,
        params: Value,
        updates: Option<mpsc::Sender<Value>>,
        cancel: &CancellationToken,
    ) -> Result<Value, BridgeError> {
        self.sync_state().await;
        let conn = self.connection().await?;
        if let Some(updates) = updates {
            conn.watch_updates(tool_call_id, updates);
        }
        let answer = self
            .call(
                &conn,
                "execute_tool",
                json!({
                    "tool": tool,
                    "toolCallId": tool_call_id,
                    "params": params,
                    "ctx": { "toolCallId": tool_call_id },
                }),
                self.options.tool_timeout,
                Some(cancel),
            )
            .await;
        conn.unwatch_updates(tool_call_id);
        answer
    }

    /// Runs a model stream in the host (`provider_stream`): the extension provider's
    /// `streamSimple` for `model`, or pi-ai's implementation of its api. Every event goes to
    /// `events` as the host sends it; the answer is the final assistant message. `cancel`
    /// aborts the stream's signal. There is no overall limit (a model may answer for
    /// minutes); the caller watches for silence.
    pub async fn provider_stream(
        &self,
        params: Value,
        events: mpsc::UnboundedSender<Value>,
        cancel: &CancellationToken,
    ) -> Result<Value, BridgeError> {
        self.sync_state().await;
        let conn = self.connection().await?;
        let stream_id = format!(
            "stream-{}",
            STREAM_IDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        conn.watch_stream(&stream_id, events);
        let mut params = params;
        if let Some(fields) = params.as_object_mut() {
            fields.insert("streamId".into(), Value::String(stream_id.clone()));
        }
        let answer = self
            .call(&conn, "provider_stream", params, None, Some(cancel))
            .await;
        conn.unwatch_stream(&stream_id);
        answer
    }

    /// Runs an extension command with its argument text.
    pub async fn run_command(&self, name: &str, args: &str) -> Result<(), BridgeError> {
        self.sync_state().await;
        let conn = self.connection().await?;
        self.call(
            &conn,
            "run_command",
            json!({ "name": name, "args": args, "ctx": { "kind": "command" } }),
            self.options.tool_timeout,
            None,
        )
        .await
        .map(|_| ())
    }

    /// Runs the handler of the extension shortcut `shortcut` (the key as registered).
    pub async fn run_shortcut(&self, shortcut: &str) -> Result<(), BridgeError> {
        self.sync_state().await;
        let conn = self.connection().await?;
        self.call(
            &conn,
            "run_shortcut",
            json!({ "shortcut": shortcut }),
            self.options.tool_timeout,
            None,
        )
        .await
        .map(|_| ())
    }

    /// Asks the host to exit and waits for its answer (bounded by the request limit).
    pub async fn shutdown(&self) -> Result<(), BridgeError> {
        let conn = self.conn.lock().await.clone();
        if conn.exited().is_some() {
            return Ok(());
        }
        self.call(
            &conn,
            "shutdown",
            json!({}),
            Some(self.options.request_timeout),
            None,
        )
        .await
        .map(|_| ())
    }

    /// Sends one request. A request that timed out is followed by a ping: a host that cannot
    /// answer even that is stuck in synchronous code (a busy loop) and is killed, so the next
    /// call gets a new host instead of timing out again.
    async fn call(
        &self,
        conn: &Connection,
        method: &str,
        params: Value,
        timeout: Option<Duration>,
        cancel: Option<&CancellationToken>,
    ) -> Result<Value, BridgeError> {
        let answer = conn.request(method, params, timeout, cancel).await;
        if let Err(BridgeError::Timeout { .. }) = &answer {
            let limit = PING_LIMIT.min(self.options.request_timeout);
            let ping = conn.request("ping", json!({}), Some(limit), None).await;
            if let Err(BridgeError::Timeout { .. }) = ping {
                self.options.reporter.report(crate::error::Diagnostic {
                    extension_path: None,
                    event: method.to_string(),
                    error: format!(
                        "the extension host did not answer `{method}` nor a ping after it \
                         (stuck in synchronous code?); it is replaced by a new one"
                    ),
                });
                conn.kill();
            }
        }
        answer
    }

    /// The live connection (restarting a dead host), for the components API.
    pub(crate) async fn live_connection(&self) -> Result<Arc<Connection>, BridgeError> {
        self.connection().await
    }

    /// The live connection, restarting a dead host: a new process, then `load` and `bind`
    /// again with what was last loaded and bound. A host that cannot be restarted (or whose
    /// extensions no longer load) makes the host unrecoverable: every later call fails.
    async fn connection(&self) -> Result<Arc<Connection>, BridgeError> {
        let mut guard = self.conn.lock().await;
        if let Some(reason) = self.unrecoverable() {
            return Err(BridgeError::Unrecoverable(reason));
        }
        if guard.exited().is_none() {
            return Ok(guard.clone());
        }
        let exited = guard.exited().unwrap_or_default();
        // One failed start may be the machine's load; a second one is the host's.
        let restarted = match self.restart().await {
            Ok(conn) => Ok(conn),
            Err(_) => self.restart().await,
        };
        match restarted {
            Ok(conn) => {
                self.loaded().restarts += 1;
                *guard = conn.clone();
                Ok(conn)
            }
            Err(error) => {
                let reason = format!("the host exited ({exited}) and a new one failed: {error}");
                self.loaded().unrecoverable = Some(reason.clone());
                self.broken.cancel();
                for action in self
                    .on_broken
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .iter()
                {
                    action();
                }
                Err(BridgeError::Unrecoverable(reason))
            }
        }
    }

    async fn restart(&self) -> Result<Arc<Connection>, BridgeError> {
        let conn = Arc::new(
            spawn(
                &self.options,
                &self.node,
                &self.node_args,
                &self.host_dir,
                &self.dispatcher,
            )
            .await?,
        );
        let (request, state) = {
            let loaded = self.loaded();
            (loaded.request.clone(), loaded.state.clone())
        };
        if let Some(request) = request {
            let report = self.load_on(&conn, &request).await?;
            let failed: Vec<String> = report
                .extensions
                .iter()
                .filter_map(|ext| ext.error.as_ref().map(|e| format!("{}: {e}", ext.path)))
                .collect();
            if !failed.is_empty() {
                return Err(BridgeError::Remote {
                    message: format!("extensions no longer load: {}", failed.join("; ")),
                    extension_path: None,
                });
            }
            *self.report_lock() = report;
        }
        let state = self.source().map(|source| source.full()).or(state);
        if let Some(state) = state {
            self.call(
                &conn,
                "bind",
                json!({ "state": state }),
                Some(self.options.request_timeout),
                None,
            )
            .await?;
        }
        // The new process starts with the terminal size and palette tau gave the old one.
        self.components().replay(&conn).await;
        Ok(conn)
    }
}

async fn spawn(
    options: &HostOptions,
    node: &std::path::Path,
    node_args: &[std::ffi::OsString],
    host_dir: &std::path::Path,
    dispatcher: &Arc<Dispatcher>,
) -> Result<Connection, BridgeError> {
    Connection::spawn(
        node,
        node_args,
        host_dir,
        &options.cwd,
        options.start_timeout,
        crate::connection::HostOutput {
            sink: options.stderr.clone(),
            // The terminal UI gives the host the terminal: `spawnSync(.., {stdio:
            // "inherit"})` after `tui.stop()` reaches it, and so do an extension's own
            // escape sequences.
            terminal: options.components,
        },
        dispatcher.clone(),
    )
    .await
}
