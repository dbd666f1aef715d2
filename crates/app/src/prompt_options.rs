//! Pi's `BuildSystemPromptOptions` for extensions (`before_agent_start`'s
//! `systemPromptOptions`, `ctx.getSystemPromptOptions()`): what tau builds the system prompt
//! from, as Pi's twelve keys, and the prompt a (possibly edited) set of options describes.

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};
use std::sync::Arc;

use crate::resources::{ResourceLoader, Skill};
use tau_runtime::prompt::{PromptSkill, PromptTool};
use tau_runtime::{build_system_prompt, ContextFile, SystemPromptOptions};
use tau_tools::tool::SharedTool;

/// The inputs of the system prompt that do not depend on the tools: read once at start-up
/// (as the prompt itself is).
#[derive(Debug, Clone, Default)]
pub struct PromptInputs {
    /// `--system-prompt` (text, or a file's content).
    pub custom: Option<String>,
    /// `--append-system-prompt` texts joined by blank lines.
    pub append: String,
    /// AGENTS.md and the other context files, in load order.
    pub context_files: Vec<ContextFile>,
    /// Working directory.
    pub cwd: PathBuf,
    /// Where the skills come from (they change with `/reload` and `resources_discover`).
    pub loader: Option<Arc<ResourceLoader>>,
}

impl PromptInputs {
    /// The skills as currently loaded.
    pub fn skills(&self) -> Vec<Skill> {
        self.loader
            .as_ref()
            .map(|loader| loader.get().skills.clone())
            .unwrap_or_default()
    }

    /// Pi's options for these inputs with `active` tools selected; snippets and guidelines
    /// come from every tool in `available` (Pi lists them for all known tools). tau hides
    /// no tools.
    pub fn options(&self, active: &[SharedTool], available: &[SharedTool]) -> Value {
        let mut snippets = Map::new();
        let mut guidelines = Map::new();
        for tool in available.iter().chain(active) {
            let info = tool.info();
            if let Some(snippet) = &info.prompt_snippet {
                snippets.insert(info.name.clone(), json!(snippet));
            }
            if !info.prompt_guidelines.is_empty() {
                guidelines.insert(info.name.clone(), json!(info.prompt_guidelines));
            }
        }
        let selected: Vec<&str> = active.iter().map(|t| t.info().name.as_str()).collect();
        let context_files: Vec<Value> = self
            .context_files
            .iter()
            .map(|file| json!({ "path": file.path, "content": file.content }))
            .collect();
        let mut options = json!({
            "selectedTools": selected,
            "hiddenTools": [],
            "toolSnippets": snippets,
            "toolGuidelines": guidelines,
            "promptGuidelines": [],
            "appendSystemPrompt": self.append,
            "sections": {},
            "cwd": self.cwd,
            "contextFiles": context_files,
            "skills": self.skills().iter().map(skill_json).collect::<Vec<_>>(),
        });
        // Pi's `customPrompt` and `forceSystemPrompt` are undefined when not given.
        if let Some(custom) = &self.custom {
            options["customPrompt"] = json!(custom);
        }
        options
    }
}

/// The system prompt `options` describe (Pi's `buildSystemPrompt`): `forceSystemPrompt`
/// when set, else the sections built from the rest. Fields of the wrong kind count as
/// absent.
pub fn render(options: &Value) -> String {
    if let Some(forced) = options.get("forceSystemPrompt").and_then(Value::as_str) {
        return forced.to_string();
    }
    let strings = |key: &str| -> Vec<String> {
        options
            .get(key)
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|item| item.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let object = |key: &str| options.get(key).and_then(Value::as_object);
    let hidden = strings("hiddenTools");
    let declared: Vec<String> = strings("selectedTools")
        .into_iter()
        .filter(|name| !hidden.contains(name))
        .collect();
    let guidelines: Vec<Vec<String>> = declared
        .iter()
        .map(|name| {
            object("toolGuidelines")
                .and_then(|all| all.get(name))
                .and_then(Value::as_array)
                .map(|rules| {
                    rules
                        .iter()
                        .filter_map(|rule| rule.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect();
    let tools: Vec<PromptTool<'_>> = declared
        .iter()
        .zip(&guidelines)
        .map(|(name, guidelines)| PromptTool {
            name,
            snippet: object("toolSnippets")
                .and_then(|all| all.get(name))
                .and_then(Value::as_str)
                .filter(|snippet| !snippet.is_empty()),
            guidelines,
        })
        .collect();
    let context_files: Vec<ContextFile> = options
        .get("contextFiles")
        .and_then(Value::as_array)
        .map(|files| {
            files
                .iter()
                .filter_map(|file| {
                    Some(ContextFile {
                        path: PathBuf::from(file.get("path")?.as_str()?),
                        content: file.get("content")?.as_str()?.to_string(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let sections: Vec<(String, String)> = object("sections")
        .map(|all| {
            all.iter()
                .filter_map(|(name, text)| Some((name.clone(), text.as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default();
    let prompt_guidelines = strings("promptGuidelines");
    let skills: Vec<(String, String, PathBuf, bool)> = options
        .get("skills")
        .and_then(Value::as_array)
        .map(|skills| skills.iter().filter_map(skill_from_json).collect())
        .unwrap_or_default();
    let cwd = options.get("cwd").and_then(Value::as_str).unwrap_or("/");
    build_system_prompt(&SystemPromptOptions {
        custom_prompt: options
            .get("customPrompt")
            .and_then(Value::as_str)
            .filter(|custom| !custom.is_empty()),
        append: options.get("appendSystemPrompt").and_then(Value::as_str),
        tools,
        context_files: &context_files,
        skills: skills
            .iter()
            .map(|(name, description, location, hidden)| PromptSkill {
                name,
                description,
                location,
                disable_model_invocation: *hidden,
            })
            .collect(),
        cwd: Path::new(cwd),
        prompt_guidelines: &prompt_guidelines,
        sections: &sections,
    })
    .text()
}

/// A skill as Pi's `systemPromptOptions.skills` lists it.
fn skill_json(skill: &Skill) -> Value {
    json!({
        "name": skill.name,
        "description": skill.description,
        "filePath": skill.file_path,
        "baseDir": skill.base_dir,
        "sourceInfo": skill.source_info.to_json(),
        "disableModelInvocation": skill.disable_model_invocation,
    })
}

/// What the prompt needs of a skill in (possibly edited) options; `None` when a field is
/// missing or of the wrong kind.
fn skill_from_json(skill: &Value) -> Option<(String, String, PathBuf, bool)> {
    Some((
        skill.get("name")?.as_str()?.to_string(),
        skill.get("description")?.as_str()?.to_string(),
        PathBuf::from(skill.get("filePath")?.as_str()?),
        skill
            .get("disableModelInvocation")
            .and_then(Value::as_bool)
            .unwrap_or(false),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs() -> PromptInputs {
        PromptInputs {
            custom: None,
            append: "Extra.".into(),
            context_files: vec![ContextFile {
                path: PathBuf::from("/w/AGENTS.md"),
                content: "Be kind.".into(),
            }],
            cwd: PathBuf::from("/w"),
            loader: None,
        }
    }

    #[test]
    fn options_carry_pis_keys_and_render_back_to_the_built_prompt() {
        let tools = tau_tools::builtin_tools();
        let active: Vec<SharedTool> = tools.iter().take(2).cloned().collect();
        let options = inputs().options(&active, &tools);
        let mut keys: Vec<&str> = options
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "appendSystemPrompt",
                "contextFiles",
                "cwd",
                "hiddenTools",
                "promptGuidelines",
                "sections",
                "selectedTools",
                "skills",
                "toolGuidelines",
                "toolSnippets"
            ]
        );
        let built = crate::setup::prompt_from_inputs(&inputs(), &active).text();
        assert_eq!(render(&options), built);
    }

    #[test]
    fn edited_options_change_the_prompt_as_pi_builds_it() {
        let tools = tau_tools::builtin_tools();
        let mut options = inputs().options(&tools, &tools);
        options["sections"]["tool_guidance"] = json!("- Read first.");
        options["promptGuidelines"] = json!(["Answer in French."]);
        let prompt = render(&options);
        assert!(prompt.ends_with("<tool_guidance>\n- Read first.\n</tool_guidance>"));
        assert!(
            prompt.contains("- Answer in French.\n- Be concise"),
            "{prompt}"
        );
        options["forceSystemPrompt"] = json!("Only this.");
        assert_eq!(render(&options), "Only this.");
    }
}
