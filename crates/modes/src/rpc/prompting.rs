//! Prompting commands: `prompt` (run, queue or extension command), `steer`, `follow_up`,
//! `abort`, `clear_queue`, and the user's own shell commands (`bash`, `abort_bash`) with
//! their `bash_execution_update` stream.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tau_protocol::messages::ContentBlock;
use tau_protocol::{AgentMessage, UserContent, UserMessage};
use tokio_util::sync::CancellationToken;

use super::commands::{text, Outcome};
use super::Rpc;

/// How long `abort` waits for the run to settle before answering anyway.
const ABORT_LIMIT: Duration = Duration::from_secs(30);

/// Pi's message when a prompt arrives during a run without `streamingBehavior`.
const BUSY: &str = "Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.";

/// The prompt's content as Pi's RPC mode records it: a text block, then the images (Pi's
/// `ImageContent` objects).
fn content_of(command: &Value) -> Result<UserContent, String> {
    let message = text(command, "message")?.to_string();
    let images: Vec<ContentBlock> = match command.get("images") {
        None | Some(Value::Null) => Vec::new(),
        Some(images) => serde_json::from_value(images.clone()).map_err(|error| {
            format!("\"images\" must be a list of {{\"type\":\"image\",\"data\",\"mimeType\"}} objects: {error}")
        })?,
    };
    let mut content = vec![ContentBlock::text(message)];
    content.extend(images);
    Ok(UserContent::Blocks(content))
}

fn user(content: UserContent) -> AgentMessage {
    AgentMessage::User(UserMessage {
        content,
        timestamp: tau_protocol::now_millis(),
        extra: Default::default(),
    })
}

/// `prompt`: an extension command runs now (answered `handled` when it returns); during a
/// run the prompt is queued as `streamingBehavior` says; otherwise the run starts
/// (answered `started` first).
pub(super) async fn prompt(rpc: &Arc<Rpc>, command: &Value) {
    let id = command.get("id").cloned();
    // Pi's RPC prompt records the text as a content block, images after it.
    let content = match content_of(command) {
        Ok(content) => content,
        Err(error) => return rpc.out.fail(id.as_ref(), "prompt", &error).await,
    };
    let extension_command = rpc
        .extensions
        .as_ref()
        .and_then(|e| e.command_for(&content).map(|c| (e.clone(), c)));
    if let Some((extensions, (name, args))) = extension_command {
        let rpc = rpc.clone();
        tokio::spawn(async move {
            if let Err(error) = extensions.host.run_command(&name, &args).await {
                tau_app::report::warn(&format!("/{name}: {error}"));
            }
            // Runs the command asked for while idle (`sendUserMessage`) go first: answering
            // before they start would let another prompt slip in ahead of them. During a
            // run the message was queued instead.
            if !rpc.streaming() {
                rpc.driver.drain().await;
            }
            let handled = json!({ "disposition": "handled" });
            rpc.out.ok(id.as_ref(), "prompt", Some(handled)).await;
        });
        return;
    }
    if rpc.events.is_compacting() {
        let error = "Cannot submit a prompt while compaction is in progress. Wait for compaction to finish and retry.";
        return rpc.out.fail(id.as_ref(), "prompt", error).await;
    }
    if rpc.streaming() {
        let runtime = rpc.current.get();
        let message = match content_of(command) {
            Ok(content) => user(rpc.driver.expand(content)),
            Err(error) => return rpc.out.fail(id.as_ref(), "prompt", &error).await,
        };
        match command.get("streamingBehavior").and_then(Value::as_str) {
            Some("steer") => runtime.steer(message).await,
            Some("followUp") => runtime.follow_up(message).await,
            None => return rpc.out.fail(id.as_ref(), "prompt", BUSY).await,
            Some(other) => {
                let error =
                    format!("Invalid streamingBehavior \"{other}\"; use \"steer\" or \"followUp\"");
                return rpc.out.fail(id.as_ref(), "prompt", &error).await;
            }
        }
        let data = json!({ "disposition": "queued" });
        return rpc.out.ok(id.as_ref(), "prompt", Some(data)).await;
    }
    let generation = rpc.events.begin();
    rpc.out
        .ok(
            id.as_ref(),
            "prompt",
            Some(json!({ "disposition": "started" })),
        )
        .await;
    let rpc = rpc.clone();
    tokio::spawn(async move {
        rpc.driver.submit(content).await;
        rpc.events.end(generation);
    });
}

/// `steer` / `follow_up`: queued for the run under way (or the next one); extension
/// commands cannot be queued; `input` handlers may handle or transform the message.
pub(super) async fn queue(rpc: &Rpc, kind: &str, command: &Value) -> Outcome {
    let mut content = content_of(command)?;
    if let Some(extensions) = &rpc.extensions {
        if let Some((name, _)) =
            extensions.command_for(&UserContent::Text(text(command, "message")?.into()))
        {
            return Err(format!("Extension command \"/{name}\" cannot be queued. Use prompt() or execute the command when not streaming."));
        }
        if extensions.hooks.handles("input") {
            match extensions.hooks.input(content, "rpc").await {
                Some(transformed) => content = transformed,
                None => return Ok(Some(json!({ "disposition": "handled" }))),
            }
        }
    }
    // Pi expands skill and template commands in queued messages too.
    let content = rpc.driver.expand(content);
    let runtime = rpc.current.get();
    if kind == "steer" {
        runtime.steer(user(content)).await;
    } else {
        runtime.follow_up(user(content)).await;
    }
    Ok(Some(json!({ "disposition": "queued" })))
}

/// `abort`: stops the run and answers once it settled.
pub(super) async fn abort(rpc: &Rpc) -> Outcome {
    rpc.current.get().abort();
    rpc.wait_idle(ABORT_LIMIT).await;
    Ok(None)
}

/// `clear_queue`: the queued messages' text, now removed.
pub(super) async fn clear_queue(rpc: &Rpc) -> Outcome {
    let (steering, follow_up) = rpc.current.get().clear_queue().await;
    Ok(Some(json!({ "steering": steering, "followUp": follow_up })))
}

/// `bash`: runs the user's command in the session's folder, streaming its output as
/// `bash_execution_update` records (carrying the command's id), records it in the session
/// (for the next prompt's context unless `excludeFromContext`), and answers with the result.
pub(super) async fn bash(rpc: &Rpc, command: &Value) -> Outcome {
    let line = text(command, "command")?.to_string();
    let exclude = command.get("excludeFromContext").and_then(Value::as_bool);
    let id = command.get("id").cloned();
    let token = CancellationToken::new();
    let key = uuid::Uuid::new_v4().to_string();
    rpc.bash
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key.clone(), token.clone());
    // Unbounded: the executor's chunk callback is synchronous; a writer task keeps order.
    let (chunks, mut chunk_queue) = tokio::sync::mpsc::unbounded_channel::<String>();
    let out = rpc.out.clone();
    let writer = tokio::spawn(async move {
        while let Some(delta) = chunk_queue.recv().await {
            let mut record = json!({ "type": "bash_execution_update" });
            if let Some(id) = &id {
                record["id"] = id.clone();
            }
            record["delta"] = json!(delta);
            out.record(&record).await;
        }
    });
    let result = tau_app::user_bash::run(
        &rpc.current,
        rpc.extensions.as_deref(),
        &line,
        exclude,
        &token,
        |delta| {
            let _ = chunks.send(delta.to_string());
        },
    )
    .await;
    drop(chunks);
    let _ = writer.await;
    rpc.bash
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .remove(&key);
    let result = result?;
    let full_output_path = result
        .full_output_path
        .as_ref()
        .map(|p| p.display().to_string());
    let mut data = json!({ "output": result.output });
    if let Some(code) = result.exit_code {
        data["exitCode"] = json!(code);
    }
    data["cancelled"] = json!(result.cancelled);
    data["truncated"] = json!(result.truncated);
    if let Some(path) = full_output_path {
        data["fullOutputPath"] = json!(path);
    }
    Ok(Some(data))
}

/// `abort_bash`: cancels the running shell commands.
pub(super) fn abort_bash(rpc: &Rpc) -> Outcome {
    for token in rpc.bash.lock().unwrap_or_else(|p| p.into_inner()).values() {
        token.cancel();
    }
    Ok(None)
}
