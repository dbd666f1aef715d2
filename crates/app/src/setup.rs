//! Assembling a run from the arguments: the active tools and the system prompt (with
//! context files and the prompt flags).

use std::path::Path;

use tau_runtime::prompt::{PromptSkill, PromptTool};
use tau_runtime::{
    build_system_prompt, load_context_files, select_tools, SystemPrompt, SystemPromptOptions,
    ToolSelection,
};
use tau_tools::tool::SharedTool;

use crate::resources::ResourceLoader;
use crate::AppOptions;
use std::sync::Arc;

/// An argument that is either literal text or the path of a file holding it.
fn text_or_file(value: &str, cwd: &Path) -> String {
    let path = cwd.join(value);
    match path.is_file().then(|| std::fs::read_to_string(&path)) {
        Some(Ok(text)) => text,
        _ => value.to_string(),
    }
}

/// The active tools in selection order, and warnings for names that matched nothing.
pub fn active_tools(args: &AppOptions) -> Result<(Vec<SharedTool>, Vec<String>), String> {
    let all_tools = tau_tools::builtin_tools();
    let names: Vec<&str> = all_tools
        .iter()
        .map(|tool| tool.info().name.as_str())
        .collect();
    let flags = ToolSelection {
        tools: args.tools.clone(),
        no_tools: args.no_tools,
        no_builtin_tools: args.no_builtin_tools,
        exclude: args.exclude_tools.clone(),
    };
    let (active, warnings) =
        select_tools(&flags, &names).map_err(|error| format!("--tools: {error}"))?;
    let tools = active
        .iter()
        .filter_map(|name| {
            all_tools
                .iter()
                .find(|tool| &tool.info().name == name)
                .cloned()
        })
        .collect();
    Ok((tools, warnings))
}

/// The system prompt for `tools` and `skills`, and warnings about unreadable context files.
pub fn system_prompt(
    args: &AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    tools: &[SharedTool],
    loader: Option<&Arc<ResourceLoader>>,
) -> (SystemPrompt, Vec<String>) {
    let (mut inputs, warnings) = prompt_inputs(args, cwd, agent_dir);
    inputs.loader = loader.cloned();
    (prompt_from_inputs(&inputs, tools), warnings)
}

/// What the system prompt is built from besides the tools: the flags' texts and the
/// context files (with warnings about those that could not be read).
pub fn prompt_inputs(
    args: &AppOptions,
    cwd: &Path,
    agent_dir: &Path,
) -> (crate::prompt_options::PromptInputs, Vec<String>) {
    let (context_files, warnings) = if args.no_context_files {
        (Vec::new(), Vec::new())
    } else {
        load_context_files(cwd, agent_dir)
    };
    let custom = args
        .system_prompt
        .as_deref()
        .map(|value| text_or_file(value, cwd));
    let append: Vec<String> = args
        .append_system_prompt
        .iter()
        .map(|value| text_or_file(value, cwd))
        .collect();
    let inputs = crate::prompt_options::PromptInputs {
        custom,
        append: append.join("\n\n"),
        context_files,
        cwd: cwd.to_path_buf(),
        loader: None,
    };
    (inputs, warnings)
}

/// The system prompt for `inputs` with `tools` active.
pub fn prompt_from_inputs(
    inputs: &crate::prompt_options::PromptInputs,
    tools: &[SharedTool],
) -> SystemPrompt {
    let skills = inputs.skills();
    build_system_prompt(&SystemPromptOptions {
        custom_prompt: inputs.custom.as_deref(),
        append: Some(inputs.append.as_str()),
        tools: tools
            .iter()
            .map(|tool| PromptTool {
                name: &tool.info().name,
                snippet: tool.info().prompt_snippet.as_deref(),
                guidelines: &tool.info().prompt_guidelines,
            })
            .collect(),
        context_files: &inputs.context_files,
        skills: skills
            .iter()
            .map(|skill| PromptSkill {
                name: &skill.name,
                description: &skill.description,
                location: &skill.file_path,
                disable_model_invocation: skill.disable_model_invocation,
            })
            .collect(),
        cwd: &inputs.cwd,
        ..Default::default()
    })
}
