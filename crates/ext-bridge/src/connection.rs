//! One running host process: the writer and the single reader of its private channel
//! (responses routed to their waiters), the stdout and stderr drains, and the hello exchange.

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tau_protocol::bridge::{ErrorBody, Frame, Hello, BRIDGE_PROTOCOL};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::process::Child;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::{CancellationToken, DropGuard};

use crate::actions::Dispatcher;
use crate::channel::ChannelListener;
use crate::error::BridgeError;

/// Receives one line of the host's stderr (or a host-side log message).
pub type LineSink = Arc<dyn Fn(&str) + Send + Sync>;

type Waiter = oneshot::Sender<Result<Value, BridgeError>>;

/// How many stderr lines are kept to explain an early exit.
const STDERR_TAIL: usize = 20;
/// Output of the host without a newline is passed on in pieces of this size, so an extension
/// writing endless bytes to stdout cannot grow tau's memory.
const OUTPUT_PIECE: usize = 16 * 1024;

#[derive(Default)]
struct State {
    pending: HashMap<u64, Waiter>,
    /// The host's requests being answered, by id, so its `cancel` notify can abort them.
    incoming: HashMap<u64, CancellationToken>,
    updates: HashMap<String, mpsc::Sender<Value>>,
    /// Extension provider streams (`provider_stream`) by stream id: every event is kept.
    streams: HashMap<String, mpsc::UnboundedSender<Value>>,
    exited: Option<String>,
    stderr_tail: VecDeque<String>,
    /// Extension dialogs waiting for the user: while any is open, a handler's time limit
    /// does not run out (Pi waits for the user as long as it takes).
    dialogs: usize,
}

type Shared = Arc<Mutex<State>>;
type Writer = Arc<tokio::sync::Mutex<OwnedWriteHalf>>;

/// A live host process. Dropping it kills the process.
pub struct Connection {
    /// Which host process of its ExtensionHost this is (component ids are per process).
    serial: u64,
    writer: Writer,
    state: Shared,
    next_id: AtomicU64,
    pid: Option<u32>,
    hello: Hello,
    kill: CancellationToken,
    _kill_on_drop: DropGuard,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("pid", &self.pid)
            .field("hello", &self.hello)
            .finish_non_exhaustive()
    }
}

fn lock(state: &Shared) -> std::sync::MutexGuard<'_, State> {
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

async fn write_frame(writer: &Writer, frame: &Frame) -> std::io::Result<()> {
    let mut line = serde_json::to_string(frame).map_err(std::io::Error::other)?;
    line.push('\n');
    let mut channel = writer.lock().await;
    channel.write_all(line.as_bytes()).await?;
    channel.flush().await
}

/// Where the host's own output goes.
pub(crate) struct HostOutput {
    /// Gets its stderr and stdout lines (and its `log` notifications).
    pub sink: LineSink,
    /// The host shares tau's terminal instead (the interactive mode).
    pub terminal: bool,
}

impl Connection {
    /// Starts `node <host_dir>/src/main.mjs` in `cwd` with its private channel, and
    /// exchanges hellos within `timeout`.
    pub(crate) async fn spawn(
        node: &Path,
        node_args: &[std::ffi::OsString],
        host_dir: &Path,
        cwd: &Path,
        timeout: Duration,
        output: HostOutput,
        dispatcher: Arc<Dispatcher>,
    ) -> Result<Connection, BridgeError> {
        let HostOutput {
            sink: stderr_sink,
            terminal,
        } = output;
        let deadline = tokio::time::Instant::now() + timeout;
        let listener = ChannelListener::bind().map_err(|e| {
            BridgeError::Spawn(format!(
                "cannot open the extension channel in {}: {e}",
                std::env::temp_dir().display()
            ))
        })?;
        let token = listener.token().to_string();
        let mut command = tokio::process::Command::new(node);
        command
            .args(node_args)
            .arg(host_dir.join("src/main.mjs"))
            .current_dir(cwd)
            .envs(listener.env())
            .kill_on_drop(true);
        if terminal {
            // The host shares the terminal (it reads no input itself; tau does); its console
            // output comes over the channel as `log` notifications instead.
            command
                .env("TAU_EXT_TERMINAL", "1")
                .stdin(Stdio::inherit())
                .stdout(Stdio::inherit())
                .stderr(Stdio::inherit());
        } else {
            // The host reads nothing from stdin; tau's own stdin (a piped prompt, RPC
            // commands) is not for extensions.
            command
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
        }
        let mut child = command
            .spawn()
            .map_err(|e| BridgeError::Spawn(format!("{}: {e}", node.display())))?;
        let pid = child.id();
        let state: Shared = Arc::default();
        // Both go where Pi shows an extension's output outside the terminal UI: stderr.
        let stderr_done = match child.stderr.take() {
            Some(stderr) => tokio::spawn(drain(stderr, stderr_sink.clone(), state.clone())),
            None => tokio::spawn(async {}),
        };
        let stdout_done = match child.stdout.take() {
            Some(stdout) => tokio::spawn(drain(stdout, stderr_sink.clone(), state.clone())),
            None => tokio::spawn(async {}),
        };

        let stream = tokio::select! {
            accepted = listener.accept() => accepted.map_err(|e| {
                BridgeError::Spawn(format!("the extension channel failed: {e}"))
            })?,
            status = child.wait() => {
                let status = status.map_or_else(|e| format!("unknown status: {e}"), |s| s.to_string());
                let _ = tokio::time::timeout(Duration::from_millis(500), async {
                    let _ = tokio::join!(stderr_done, stdout_done);
                })
                .await;
                return Err(BridgeError::Handshake(with_tail(
                    format!("the extension host exited ({status}) before its hello"),
                    &state,
                )));
            }
            () = tokio::time::sleep_until(deadline) => {
                return Err(BridgeError::Handshake(format!(
                    "the extension host did not connect within {} ms",
                    timeout.as_millis()
                )));
            }
        };
        let (channel_in, channel_out) = stream.into_split();
        let writer: Writer = Arc::new(tokio::sync::Mutex::new(channel_out));

        let kill = CancellationToken::new();
        let serial = dispatcher.components.next_serial();
        let (hello_tx, hello_rx) = oneshot::channel();
        let (ordered, mut queue) = mpsc::unbounded_channel::<Queued>();
        let (order_dispatcher, order_writer, order_state) =
            (dispatcher.clone(), writer.clone(), state.clone());
        tokio::spawn(async move {
            while let Some((id, method, params)) = queue.recv().await {
                let (dispatcher, state) = (order_dispatcher.clone(), order_state.clone());
                answer(dispatcher, state, order_writer.clone(), id, method, params).await;
            }
        });
        tokio::spawn(read_loop(
            child,
            channel_in,
            Reader {
                serial,
                ordered,
                writer: writer.clone(),
                state: state.clone(),
                kill: kill.clone(),
                hello: Some(hello_tx),
                sink: stderr_sink,
                stderr_done,
                dispatcher,
            },
        ));

        let conn_hello = Frame::Hello(Hello {
            protocol: BRIDGE_PROTOCOL,
            side: "tau".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
            node: None,
            error: None,
            token: None,
        });
        // A write failure means the host is already gone; the reader reports why.
        let _ = write_frame(&writer, &conn_hello).await;
        let hello = match tokio::time::timeout_at(deadline, hello_rx).await {
            Ok(Ok(result)) => result?,
            Ok(Err(_)) => return Err(BridgeError::Handshake("the host's reader stopped".into())),
            Err(_) => {
                return Err(BridgeError::Handshake(format!(
                    "no hello from the extension host within {} ms",
                    timeout.as_millis()
                )))
            }
        };
        if let Some(error) = hello.error {
            return Err(BridgeError::Handshake(error.message));
        }
        if hello.protocol != BRIDGE_PROTOCOL {
            return Err(BridgeError::Handshake(version_mismatch(hello.protocol)));
        }
        if hello.token.as_deref() != Some(token.as_str()) {
            return Err(BridgeError::Handshake(
                "the process on the extension channel did not give the token tau handed its host; \
                 another program may be interfering (check TMPDIR and the node binary)"
                    .into(),
            ));
        }
        Ok(Connection {
            serial,
            writer,
            state,
            next_id: AtomicU64::new(1),
            pid,
            hello,
            kill: kill.clone(),
            _kill_on_drop: kill.drop_guard(),
        })
    }

    /// The host's hello.
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    /// Which host process of its ExtensionHost this is.
    pub(crate) fn serial(&self) -> u64 {
        self.serial
    }

    /// The host's process id.
    pub fn pid(&self) -> Option<u32> {
        self.pid
    }

    /// Kills the host process (one stuck in synchronous code answers nothing); every pending
    /// request then fails and the next use of the host starts a new one.
    pub fn kill(&self) {
        // Marked at once, so the next call starts a new host instead of racing the reader.
        lock(&self.state)
            .exited
            .get_or_insert_with(|| "killed by tau".into());
        self.kill.cancel();
    }

    /// The exit status once the host has exited.
    pub fn exited(&self) -> Option<String> {
        lock(&self.state).exited.clone()
    }

    /// Sends a notification (no answer).
    pub async fn notify(&self, method: &str, params: Value) -> Result<(), BridgeError> {
        if let Some(status) = self.exited() {
            return Err(BridgeError::Exited(status));
        }
        let frame = Frame::Notify {
            method: method.into(),
            params,
        };
        write_frame(&self.writer, &frame)
            .await
            .map_err(|e| BridgeError::Exited(format!("write failed: {e}")))
    }

    /// Routes `tool_update` notifications for `tool_call_id` to `sender` until
    /// [`Connection::unwatch_updates`].
    pub fn watch_updates(&self, tool_call_id: &str, sender: mpsc::Sender<Value>) {
        lock(&self.state)
            .updates
            .insert(tool_call_id.to_string(), sender);
    }

    /// Stops routing updates for `tool_call_id`.
    pub fn unwatch_updates(&self, tool_call_id: &str) {
        lock(&self.state).updates.remove(tool_call_id);
    }

    /// Routes `provider_event` notifications of stream `stream_id` to `sender` (none are
    /// dropped) until [`Connection::unwatch_stream`].
    pub fn watch_stream(&self, stream_id: &str, sender: mpsc::UnboundedSender<Value>) {
        lock(&self.state)
            .streams
            .insert(stream_id.to_string(), sender);
    }

    /// Stops routing the events of `stream_id`.
    pub fn unwatch_stream(&self, stream_id: &str) {
        lock(&self.state).streams.remove(stream_id);
    }

    /// Sends a request and waits for its answer. Past `timeout` (when given) or once
    /// `cancel` fires, the request fails and the host gets a `cancel` notification.
    pub async fn request(
        &self,
        method: &str,
        params: Value,
        timeout: Option<Duration>,
        cancel: Option<&CancellationToken>,
    ) -> Result<Value, BridgeError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        {
            let mut st = lock(&self.state);
            if let Some(status) = &st.exited {
                return Err(BridgeError::Exited(status.clone()));
            }
            st.pending.insert(id, tx);
        }
        let frame = Frame::Request {
            id,
            method: method.into(),
            params,
        };
        // On a write failure the reader fails this waiter with the exit status.
        let _ = write_frame(&self.writer, &frame).await;
        let never = CancellationToken::new();
        let cancel = cancel.unwrap_or(&never);
        let state = self.state.clone();
        let sleep = async move {
            match timeout {
                Some(limit) => loop {
                    tokio::time::sleep(limit).await;
                    if lock(&state).dialogs == 0 {
                        break;
                    }
                },
                None => std::future::pending().await,
            }
        };
        let failure = tokio::select! {
            answer = rx => {
                return answer.unwrap_or_else(|_| Err(BridgeError::Exited("reader stopped".into())));
            }
            () = sleep => BridgeError::Timeout {
                method: method.into(),
                millis: timeout.map(|t| t.as_millis()).unwrap_or_default(),
            },
            () = cancel.cancelled() => BridgeError::Aborted,
        };
        lock(&self.state).pending.remove(&id);
        let _ = self.notify("cancel", json!({ "requestId": id })).await;
        Err(failure)
    }
}

fn version_mismatch(host: u32) -> String {
    let upgrade = if host > BRIDGE_PROTOCOL {
        "upgrade tau"
    } else {
        "upgrade the extension host"
    };
    format!("the extension host speaks protocol {host}, tau speaks protocol {BRIDGE_PROTOCOL}; {upgrade}")
}

/// A request from the host, answered in arrival order by one task.
type Queued = (u64, String, Value);

/// Answers one host request and writes the response.
async fn answer(
    dispatcher: Arc<Dispatcher>,
    state: Shared,
    writer: Writer,
    id: u64,
    method: String,
    params: Value,
) {
    let cancel = CancellationToken::new();
    lock(&state).incoming.insert(id, cancel.clone());
    let result = dispatcher.request(&method, params, cancel).await;
    lock(&state).incoming.remove(&id);
    let frame = match result {
        Ok(result) => Frame::Response {
            id,
            result: Some(result),
            error: None,
        },
        Err(message) => Frame::Response {
            id,
            result: None,
            error: Some(ErrorBody {
                message,
                ..ErrorBody::default()
            }),
        },
    };
    let _ = write_frame(&writer, &frame).await;
}

struct Reader {
    serial: u64,
    /// Quick requests, answered one at a time in order.
    ordered: mpsc::UnboundedSender<Queued>,
    writer: Writer,
    state: Shared,
    kill: CancellationToken,
    hello: Option<oneshot::Sender<Result<Hello, BridgeError>>>,
    sink: LineSink,
    stderr_done: tokio::task::JoinHandle<()>,
    dispatcher: Arc<Dispatcher>,
}

/// Passes the host's output on to `sink` line by line (over-long lines in pieces), keeping
/// the last lines to explain an exit.
async fn drain(mut output: impl AsyncRead + Unpin, sink: LineSink, state: Shared) {
    let mut pending: Vec<u8> = Vec::new();
    let mut chunk = [0u8; 8192];
    let emit = |bytes: &[u8]| {
        let line = String::from_utf8_lossy(bytes);
        let line = line.trim_end_matches('\r');
        sink(line);
        let mut st = lock(&state);
        if st.stderr_tail.len() == STDERR_TAIL {
            st.stderr_tail.pop_front();
        }
        st.stderr_tail.push_back(line.to_string());
    };
    loop {
        let read = match output.read(&mut chunk).await {
            Ok(0) | Err(_) => break,
            Ok(read) => read,
        };
        pending.extend_from_slice(&chunk[..read]);
        while let Some(end) = pending.iter().position(|b| *b == b'\n') {
            emit(&pending[..end]);
            pending.drain(..=end);
        }
        while pending.len() >= OUTPUT_PIECE {
            emit(&pending[..OUTPUT_PIECE]);
            pending.drain(..OUTPUT_PIECE);
        }
    }
    if !pending.is_empty() {
        emit(&pending);
    }
}

/// `message`, followed by the host's last output lines when there are any.
fn with_tail(mut message: String, state: &Shared) -> String {
    let tail: Vec<String> = lock(state).stderr_tail.iter().cloned().collect();
    if !tail.is_empty() {
        message.push_str(": ");
        message.push_str(&tail.join("\n"));
    }
    message
}

async fn read_loop(mut child: Child, channel: OwnedReadHalf, mut reader: Reader) {
    let mut lines = BufReader::new(channel).lines();
    loop {
        let line = tokio::select! {
            line = lines.next_line() => line,
            () = reader.kill.cancelled() => break,
        };
        match line {
            Ok(Some(line)) => reader.handle_line(&line).await,
            Ok(None) | Err(_) => break,
        }
    }
    // A host that closed its channel is on its way out; one that keeps running without it (or
    // was told to die) is killed, so a host is never left behind.
    if !reader.kill.is_cancelled() {
        let _ = tokio::time::timeout(Duration::from_secs(2), child.wait()).await;
    }
    let _ = child.start_kill();
    let status = match child.wait().await {
        Ok(status) => status.to_string(),
        Err(e) => format!("unknown status: {e}"),
    };
    // Let the stderr drain finish so the tail explains the exit.
    let _ = tokio::time::timeout(Duration::from_millis(500), &mut reader.stderr_done).await;
    let pending = {
        let mut st = lock(&reader.state);
        st.exited = Some(status.clone());
        st.updates.clear();
        st.streams.clear();
        std::mem::take(&mut st.pending)
    };
    if let Some(hello) = reader.hello.take() {
        let message = with_tail(
            format!("the extension host exited ({status}) before its hello"),
            &reader.state,
        );
        let _ = hello.send(Err(BridgeError::Handshake(message)));
    }
    for (_, waiter) in pending {
        let _ = waiter.send(Err(BridgeError::Exited(status.clone())));
    }
    reader.dispatcher.components.host_exited(reader.serial);
}

impl Reader {
    async fn handle_line(&mut self, line: &str) {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            return;
        }
        let frame: Frame = match serde_json::from_str(line) {
            Ok(frame) => frame,
            Err(e) => {
                let shown: String = line.chars().take(200).collect();
                (self.sink)(&format!(
                    "skipping malformed frame from the host ({e}): {shown}"
                ));
                return;
            }
        };
        match frame {
            Frame::Hello(hello) => {
                if let Some(waiter) = self.hello.take() {
                    let _ = waiter.send(Ok(hello));
                }
            }
            Frame::Response { id, result, error } => {
                if let Some(waiter) = self.hello.take() {
                    // An answer before the hello is the host refusing ours.
                    let message = error
                        .map(|e| e.message)
                        .unwrap_or_else(|| format!("unexpected response {id} before hello"));
                    let _ = waiter.send(Err(BridgeError::Handshake(message)));
                    return;
                }
                let waiter = lock(&self.state).pending.remove(&id);
                let Some(waiter) = waiter else {
                    (self.sink)(&format!("response {id} from the host matches no request"));
                    return;
                };
                let answer = match (error, result) {
                    (Some(error), _) => Err(BridgeError::Remote {
                        message: error.message,
                        extension_path: error.extension_path,
                    }),
                    (None, result) => Ok(result.unwrap_or(Value::Null)),
                };
                let _ = waiter.send(answer);
            }
            Frame::Notify { method, params } => self.handle_notify(&method, params),
            Frame::Request { id, method, params } => {
                if Dispatcher::is_long(&method, &params) {
                    // A dialog or a tool run must not hold up the other requests.
                    let (dispatcher, writer) = (self.dispatcher.clone(), self.writer.clone());
                    let state = self.state.clone();
                    let dialog = method == "ui";
                    tokio::spawn(async move {
                        if dialog {
                            lock(&state).dialogs += 1;
                        }
                        answer(dispatcher, state.clone(), writer, id, method, params).await;
                        if dialog {
                            let mut st = lock(&state);
                            st.dialogs = st.dialogs.saturating_sub(1);
                        }
                    });
                } else {
                    let _ = self.ordered.send((id, method, params));
                }
            }
        }
    }

    fn handle_notify(&self, method: &str, params: Value) {
        match method {
            "tool_update" => {
                let id = params.get("toolCallId").and_then(Value::as_str);
                let sender = id.and_then(|id| lock(&self.state).updates.get(id).cloned());
                if let (Some(sender), Some(partial)) = (sender, params.get("partialResult")) {
                    let _ = sender.try_send(partial.clone());
                }
            }
            "provider_event" => {
                let id = params.get("streamId").and_then(Value::as_str);
                let sender = id.and_then(|id| lock(&self.state).streams.get(id).cloned());
                if let (Some(sender), Some(event)) = (sender, params.get("event")) {
                    let _ = sender.send(event.clone());
                }
            }
            "log" => {
                let path = params.get("extensionPath").and_then(Value::as_str);
                let message = params.get("message").and_then(Value::as_str);
                (self.sink)(&format!(
                    "{}: {}",
                    path.unwrap_or("host"),
                    message.unwrap_or_default()
                ));
            }
            "cancel" => {
                let id = params.get("requestId").and_then(Value::as_u64);
                let token = id.and_then(|id| lock(&self.state).incoming.get(&id).cloned());
                if let Some(token) = token {
                    token.cancel();
                }
            }
            other if crate::component_hub::ComponentHub::handles(other) => self
                .dispatcher
                .components
                .notify(self.serial, other, &params),
            other => self.dispatcher.notify(other, &params),
        }
    }
}
