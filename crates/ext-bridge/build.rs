//! Embeds the host package (`host/package.json`, `host/package-lock.json`, `host/README.md` and
//! every file under `host/src/`) into the library as `node::HOST_FILES`, so an installed tau
//! can write its own host folder (`tau setup-extensions`). Generated: `$OUT_DIR/host_files.rs`.

#![allow(
    clippy::print_stdout,
    reason = "a build script talks to cargo on stdout"
)]

use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in read.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let host = manifest.join("host");
    let mut files: Vec<PathBuf> = ["package.json", "package-lock.json", "README.md"]
        .iter()
        .map(|name| host.join(name))
        .collect();
    collect(&host.join("src"), &mut files);
    files.sort();
    let mut table = String::from("&[\n");
    for file in &files {
        let rel = file.strip_prefix(&host).unwrap_or(file);
        let rel = rel.to_string_lossy().replace('\\', "/");
        table.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            file.display().to_string()
        ));
    }
    table.push(']');
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("host_files.rs");
    if let Err(error) = std::fs::write(&out, table) {
        panic!("cannot write {}: {error}", out.display());
    }
    println!("cargo:rerun-if-changed=host/src");
    println!("cargo:rerun-if-changed=host/package.json");
    println!("cargo:rerun-if-changed=host/package-lock.json");
    println!("cargo:rerun-if-changed=host/README.md");
}
