//! `tui.stop()` / `tui.start()` for extensions, synchronously as in Pi: an extension calls
//! `tui.stop()` and runs `spawnSync(.., {stdio: "inherit"})` on the next line, so tau must
//! have released the terminal before `stop()` returns. The host cannot wait for tau on its
//! own channel (its event loop would have to run), so it runs a short helper process that
//! connects to this socket, says `stop` or `start`, and exits once tau answers `ok` — the
//! host's `spawnSync` of the helper is what blocks it.

use std::path::PathBuf;

use tau_ext_bridge::components::Handover;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::UnixListener;
use tokio::sync::oneshot;

use super::bridge::{AppEvent, AppSender};

/// The variable naming the socket to the host (removed from its environment at start).
pub const HANDOVER_ENV: &str = "TAU_EXT_HANDOVER";

/// The listening socket; its private folder goes away with it.
pub struct HandoverSocket {
    pub path: PathBuf,
    _dir: tempfile::TempDir,
}

/// Listens for hand-over requests and turns each into an [`AppEvent::Handover`].
pub fn listen(events: AppSender) -> std::io::Result<HandoverSocket> {
    let dir = tempfile::Builder::new().prefix("tau-tui-").tempdir()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700))?;
    }
    let path = dir.path().join("handover.sock");
    let listener = UnixListener::bind(&path)?;
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let events = events.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut line = String::new();
                if BufReader::new(read).read_line(&mut line).await.is_err() {
                    return;
                }
                let action = match line.trim() {
                    "stop" => Handover::Stop,
                    "start" => Handover::Start,
                    _ => return,
                };
                let (done, finished) = oneshot::channel();
                if events.send(AppEvent::Handover { action, done }).is_ok() {
                    let _ = finished.await;
                }
                let _ = write.write_all(b"ok\n").await;
            });
        }
    });
    Ok(HandoverSocket { path, _dir: dir })
}
