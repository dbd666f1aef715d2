//! Ctrl+G: the prompt in the user's editor (`$VISUAL`, `$EDITOR`, else `nano`), run on the
//! real terminal while the UI has handed it back.

use std::io::Write;

/// Edits `text`; `None` when the editor failed (the prompt stays as it was).
pub fn edit(text: &str) -> Result<Option<String>, String> {
    let editor = std::env::var("VISUAL")
        .ok()
        .filter(|e| !e.trim().is_empty())
        .or_else(|| {
            std::env::var("EDITOR")
                .ok()
                .filter(|e| !e.trim().is_empty())
        })
        .unwrap_or_else(|| "nano".into());
    let mut file = tempfile_in_tmp()?;
    file.1
        .write_all(text.as_bytes())
        .map_err(|e| format!("cannot write the prompt for the editor: {e}"))?;
    drop(file.1);
    // Through the shell, as editors are often configured with arguments (`code --wait`).
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("sh")
        .arg(&file.0)
        .status()
        .map_err(|e| format!("cannot start the editor `{editor}`: {e}"))?;
    let result = if status.success() {
        std::fs::read_to_string(&file.0)
            .map(Some)
            .map_err(|e| format!("cannot read the edited prompt: {e}"))
    } else {
        Ok(None)
    };
    let _ = std::fs::remove_file(&file.0);
    result
}

fn tempfile_in_tmp() -> Result<(std::path::PathBuf, std::fs::File), String> {
    let path = std::env::temp_dir().join(format!("tau-prompt-{}.md", uuid::Uuid::new_v4()));
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    Ok((path, file))
}
