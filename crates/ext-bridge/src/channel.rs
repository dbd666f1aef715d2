//! The private channel between tau and one host process (docs/protocol.md "The channel"):
//! a Unix socket in a folder only tau's user can enter, named to the host in its environment
//! with a one-time token. The host's stdout stays an ordinary pipe, so extension code writing
//! to fd 1 and child processes inheriting stdout cannot inject or corrupt frames.

use std::io::Read;
use std::path::PathBuf;

use tokio::net::{UnixListener, UnixStream};

/// The environment variable naming the socket.
pub const CHANNEL_ENV: &str = "TAU_EXT_CHANNEL";
/// The environment variable holding the token the host repeats in its hello.
pub const TOKEN_ENV: &str = "TAU_EXT_CHANNEL_TOKEN";

/// A socket waiting for its one host. The folder (and the socket in it) is removed once the
/// host has connected or the listener is dropped.
pub(crate) struct ChannelListener {
    listener: UnixListener,
    path: PathBuf,
    token: String,
    _dir: tempfile::TempDir,
}

impl ChannelListener {
    /// A fresh socket in a new private folder.
    pub(crate) fn bind() -> std::io::Result<ChannelListener> {
        let dir = tempfile::Builder::new()
            .prefix("tau-ext-")
            .tempdir_in(socket_parent())?;
        restrict_to_owner(dir.path())?;
        let path = dir.path().join("channel.sock");
        let listener = UnixListener::bind(&path)?;
        Ok(ChannelListener {
            listener,
            path,
            token: random_token()?,
            _dir: dir,
        })
    }

    /// The variables the host needs to find the channel and prove who it is.
    pub(crate) fn env(&self) -> [(&'static str, std::ffi::OsString); 2] {
        [
            (CHANNEL_ENV, self.path.clone().into_os_string()),
            (TOKEN_ENV, self.token.clone().into()),
        ]
    }

    /// The token the host must send back.
    pub(crate) fn token(&self) -> &str {
        &self.token
    }

    /// The first connection; the socket's folder is gone afterwards, so nobody else can
    /// connect.
    pub(crate) async fn accept(self) -> std::io::Result<UnixStream> {
        let (stream, _) = self.listener.accept().await?;
        Ok(stream)
    }
}

/// Socket paths are limited to about 100 bytes; a long `TMPDIR` (macOS) falls back to /tmp.
fn socket_parent() -> PathBuf {
    let temp = std::env::temp_dir();
    if temp.as_os_str().len() <= 60 {
        temp
    } else {
        PathBuf::from("/tmp")
    }
}

#[cfg(unix)]
fn restrict_to_owner(dir: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
}

#[cfg(not(unix))]
fn restrict_to_owner(_dir: &std::path::Path) -> std::io::Result<()> {
    Ok(())
}

/// 128 random bits as hex, from the OS.
fn random_token() -> std::io::Result<String> {
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_folder_is_private_and_gone_after_the_first_connection() {
        let listener = ChannelListener::bind().unwrap();
        let [(_, path), (_, token)] = listener.env();
        let path = PathBuf::from(path);
        let dir = path.parent().unwrap().to_path_buf();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700);
        }
        assert_eq!(token.len(), 32);
        let accepted = tokio::spawn(listener.accept());
        let _client = UnixStream::connect(&path).await.unwrap();
        accepted.await.unwrap().unwrap();
        assert!(
            !dir.exists(),
            "the socket's folder is removed once the host is connected"
        );
    }
}
