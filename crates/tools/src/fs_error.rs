//! File-system errors worded as Node.js words them (`ENOENT: no such file or directory, open
//! '/x'`), because Pi's tools pass Node's messages and error codes on to the model.

use std::io;
use std::path::Path;

/// Node's error code (`ENOENT`, `EACCES`, ...) for an I/O error, when there is one.
pub(crate) fn error_code(err: &io::Error) -> Option<&'static str> {
    use io::ErrorKind as K;
    let code = match err.kind() {
        K::NotFound => "ENOENT",
        K::PermissionDenied => match err.raw_os_error() {
            Some(1) => "EPERM",
            _ => "EACCES",
        },
        K::IsADirectory => "EISDIR",
        K::NotADirectory => "ENOTDIR",
        K::AlreadyExists => "EEXIST",
        K::ReadOnlyFilesystem => "EROFS",
        K::StorageFull => "ENOSPC",
        K::InvalidFilename => "ENAMETOOLONG",
        K::ResourceBusy => "EBUSY",
        K::DirectoryNotEmpty => "ENOTEMPTY",
        // ELOOP's kind is not stable yet; 40 is its Linux errno.
        _ if err.raw_os_error() == Some(40) => "ELOOP",
        K::ArgumentListTooLong => "E2BIG",
        _ => return None,
    };
    Some(code)
}

/// libuv's description of a code, as Node prints it after the code.
fn description(code: &str) -> &'static str {
    match code {
        "ENOENT" => "no such file or directory",
        "EPERM" => "operation not permitted",
        "EACCES" => "permission denied",
        "EISDIR" => "illegal operation on a directory",
        "ENOTDIR" => "not a directory",
        "EEXIST" => "file already exists",
        "EROFS" => "read-only file system",
        "ENOSPC" => "no space left on device",
        "ELOOP" => "too many symbolic links encountered",
        "ENAMETOOLONG" => "name too long",
        "EBUSY" => "resource busy or locked",
        "ENOTEMPTY" => "directory not empty",
        "E2BIG" => "argument list too long",
        _ => "unknown error",
    }
}

/// Node's message for a failed call: `CODE: description, syscall 'path'`, or the OS message
/// when the error has no known code.
pub(crate) fn node_message(err: &io::Error, syscall: &str, path: Option<&Path>) -> String {
    match error_code(err) {
        Some(code) => match path {
            Some(path) => format!(
                "{code}: {}, {syscall} '{}'",
                description(code),
                path.display()
            ),
            None => format!("{code}: {}, {syscall}", description(code)),
        },
        None => err.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_file_reads_like_node() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nope.txt");
        let err = std::fs::read(&path).unwrap_err();
        assert_eq!(error_code(&err), Some("ENOENT"));
        assert_eq!(
            node_message(&err, "open", Some(&path)),
            format!(
                "ENOENT: no such file or directory, open '{}'",
                path.display()
            )
        );
        let err = std::fs::read(dir.path()).unwrap_err();
        assert_eq!(
            node_message(&err, "read", None),
            "EISDIR: illegal operation on a directory, read"
        );
    }
}
