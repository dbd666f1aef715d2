//! What the session picker's requests do: list sessions, resume one in place of the current
//! session, rename one (the current session through its runtime, another by appending to its
//! file), delete one. File work runs on blocking threads; results come back as
//! [`PickerEvent`]s, and a rename or deletion lists the scope again, as Pi refreshes.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::json;

use super::bridge::{AppEvent, PickerEvent};
use super::runner::Runner;
use super::session_picker::{catalog, same_file, Request, Scope};

/// Performs `request` on its own task.
pub fn perform(runner: &Arc<Runner>, request: Request) {
    let runner = runner.clone();
    tokio::spawn(async move {
        match request {
            Request::Load(scope) => load(&runner, scope).await,
            Request::Resume(path) => resume(&runner, path).await,
            Request::Rename { path, name } => {
                if let Err(error) = rename(&runner, path, &name).await {
                    runner.send_event(AppEvent::Picker(PickerEvent::Failed(error)));
                }
                reload(&runner).await;
            }
            Request::Delete(path) => {
                let target = path.clone();
                let result = tokio::task::spawn_blocking(move || catalog::delete(&target))
                    .await
                    .unwrap_or_else(|error| Err(error.to_string()));
                runner.send_event(AppEvent::Picker(PickerEvent::Deleted { path, result }));
                reload(&runner).await;
            }
        }
    });
}

/// Lists `scope` and hands the list to the picker.
async fn load(runner: &Runner, scope: Scope) {
    let catalog = runner.catalog.clone();
    let sessions = tokio::task::spawn_blocking(move || catalog.list(scope))
        .await
        .unwrap_or_default();
    runner.send_event(AppEvent::Picker(PickerEvent::Loaded { scope, sessions }));
}

/// After a change on disk both scopes are listed again.
async fn reload(runner: &Runner) {
    load(runner, Scope::Current).await;
    load(runner, Scope::All).await;
}

async fn resume(runner: &Runner, path: PathBuf) {
    match runner
        .sessions
        .switch_session(path.display().to_string())
        .await
    {
        Ok(result) if result["cancelled"] == json!(true) => {
            runner.send_event(AppEvent::Notice("Cancelled by an extension".into()));
        }
        Ok(_) => {
            runner.send_event(AppEvent::SessionReplaced);
            runner.send_event(AppEvent::Notice("Resumed session".into()));
        }
        Err(error) => runner.send_event(AppEvent::Error(format!(
            "Failed to resume session: {error}"
        ))),
    }
}

async fn rename(runner: &Runner, path: PathBuf, name: &str) -> Result<(), String> {
    let runtime = runner.current.get();
    let open_now = runtime.with_session_log(|s| s.path().map(|p| p.to_path_buf()));
    if open_now.is_some_and(|current| same_file(&current, &path)) {
        // This process holds that file: the live session names itself.
        runtime.set_session_name(name)?;
        if let Some(extensions) = &runner.extensions {
            let event = json!({ "type": "session_info_changed", "name": name });
            extensions.hooks.notify(event).await;
        }
        return Ok(());
    }
    let name = name.to_string();
    tokio::task::spawn_blocking(move || catalog::rename(&path, &name))
        .await
        .map_err(|error| error.to_string())?
}
