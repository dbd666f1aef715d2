//! The default system prompt, laid out as Pi 1.6.0 lays it out: a preamble, then named
//! sections each wrapped in `<name>` tags (tools, rules, addendum, project_context, skills,
//! cwd).
//! The wording of the preamble is tau's own, and Pi's `docs` section (paths into Pi's own
//! installation) has no tau counterpart, so it is left out.

use std::path::Path;

use crate::context_files::ContextFile;

/// What the system prompt is built from.
#[derive(Debug, Clone)]
pub struct SystemPromptOptions<'a> {
    /// `--system-prompt`: replaces the preamble, tool list and rules.
    pub custom_prompt: Option<&'a str>,
    /// `--append-system-prompt`: added as its own section.
    pub append: Option<&'a str>,
    /// Active tools in order, with their prompt snippets and guidelines.
    pub tools: Vec<PromptTool<'a>>,
    /// Context files in load order.
    pub context_files: &'a [ContextFile],
    /// Loaded skills in load order.
    pub skills: Vec<PromptSkill<'a>>,
    /// Working directory.
    pub cwd: &'a Path,
    /// Rule bullets beyond the tools' own (Pi's `promptGuidelines`).
    pub prompt_guidelines: &'a [String],
    /// Extra sections by tag name (Pi's `sections`): one named like a built-in section
    /// replaces it in place, others follow `cwd`; empty ones are left out.
    pub sections: &'a [(String, String)],
}

/// A skill as the system prompt lists it.
#[derive(Debug, Clone)]
pub struct PromptSkill<'a> {
    /// Its name.
    pub name: &'a str,
    /// When to use it.
    pub description: &'a str,
    /// Its file.
    pub location: &'a Path,
    /// `disable-model-invocation: true`: not listed.
    pub disable_model_invocation: bool,
}

impl Default for SystemPromptOptions<'_> {
    fn default() -> Self {
        SystemPromptOptions {
            custom_prompt: None,
            append: None,
            tools: Vec::new(),
            context_files: &[],
            skills: Vec::new(),
            cwd: Path::new("/"),
            prompt_guidelines: &[],
            sections: &[],
        }
    }
}

/// A tool as the system prompt sees it.
#[derive(Debug, Clone, Default)]
pub struct PromptTool<'a> {
    /// Tool name.
    pub name: &'a str,
    /// One-line summary; tools without one are not listed.
    pub snippet: Option<&'a str>,
    /// Guideline bullets the tool contributes.
    pub guidelines: &'a [String],
}

const PREAMBLE: &str = "You are a coding assistant running inside tau, a coding agent harness that is compatible with pi. Help users inspect files, run commands, and modify code.";

fn rules(tools: &[PromptTool<'_>], prompt_guidelines: &[String]) -> String {
    let mut rules: Vec<String> = Vec::new();
    let mut add = |rule: &str| {
        let rule = rule.trim();
        if !rule.is_empty() && !rules.iter().any(|r| r == rule) {
            rules.push(rule.to_string());
        }
    };
    let has = |name: &str| tools.iter().any(|tool| tool.name == name);
    // Pi points the model at bash for searching when no dedicated search tool is active.
    if has("bash") && !has("grep") && !has("find") && !has("ls") {
        add("Use bash for file operations like ls, rg, find");
    }
    for tool in tools {
        for rule in tool.guidelines {
            add(rule);
        }
    }
    for rule in prompt_guidelines {
        add(rule);
    }
    add("Be concise in your responses");
    add("Show file paths clearly when working with files");
    rules
        .iter()
        .map(|rule| format!("- {rule}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// Pi's skills section (`formatSkillsForPrompt`): the skills the model may load itself and
/// how, naming the read tool when it is active, else bash; `None` without such a tool or
/// without a listed skill.
fn skills_section(skills: &[PromptSkill<'_>], tools: &[PromptTool<'_>]) -> Option<String> {
    let has = |name: &str| tools.iter().any(|tool| tool.name == name);
    let how = if has("read") {
        "Use the read tool to load a skill's file when the task matches its description."
    } else if has("bash") {
        "Use bash to load a skill's file when the task matches its description."
    } else {
        return None;
    };
    let visible: Vec<&PromptSkill<'_>> = skills
        .iter()
        .filter(|skill| !skill.disable_model_invocation)
        .collect();
    if visible.is_empty() {
        return None;
    }
    let mut lines = vec![
        "The following skills provide specialized instructions for specific tasks.".to_string(),
        how.to_string(),
        "Resolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.".to_string(),
        String::new(),
        "<available_skills>".to_string(),
    ];
    for skill in visible {
        lines.push("  <skill>".into());
        lines.push(format!("    <name>{}</name>", escape_xml(skill.name)));
        lines.push(format!(
            "    <description>{}</description>",
            escape_xml(skill.description)
        ));
        lines.push(format!(
            "    <location>{}</location>",
            escape_xml(&skill.location.display().to_string())
        ));
        lines.push("  </skill>".into());
    }
    lines.push("</available_skills>".into());
    Some(lines.join("\n"))
}

fn section(name: &str, content: &str) -> String {
    format!("<{name}>\n{content}\n</{name}>")
}

/// The system prompt as Pi's transcript carries it: named sections in order, the preamble
/// bare and every other section wrapped in `<name>` tags.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SystemPrompt {
    /// `(name, rendered text)` in prompt order.
    pub sections: Vec<(String, String)>,
}

impl SystemPrompt {
    /// The text sent to the model: the sections joined by blank lines.
    pub fn text(&self) -> String {
        self.sections
            .iter()
            .map(|(_, text)| text.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    }

    /// Pi's transcript system message declaring this prompt and the tools.
    pub fn message(&self, tools: &[tau_protocol::ToolDeclaration]) -> tau_protocol::AgentMessage {
        use serde_json::{json, Map, Value};
        let sections: Map<String, Value> = self
            .sections
            .iter()
            .map(|(name, text)| (name.clone(), Value::String(text.clone())))
            .collect();
        let mut message = Map::new();
        message.insert("role".into(), json!("system"));
        message.insert("content".into(), json!(""));
        message.insert("sections".into(), Value::Object(sections));
        message.insert("timestamp".into(), json!(tau_protocol::now_millis()));
        if !tools.is_empty() {
            message.insert("toolsAdded".into(), json!(tools));
        }
        tau_protocol::AgentMessage::Other(message)
    }
}

/// Builds the system prompt's sections.
pub fn build_system_prompt(options: &SystemPromptOptions<'_>) -> SystemPrompt {
    let mut sections: Vec<(String, String)> = Vec::new();
    let mut add =
        |name: &str, content: String| sections.push((name.to_string(), section(name, &content)));
    let preamble = match options.custom_prompt {
        Some(custom) => custom.to_string(),
        None => PREAMBLE.to_string(),
    };
    if options.custom_prompt.is_none() {
        let listed: Vec<String> = options
            .tools
            .iter()
            .filter_map(|tool| {
                tool.snippet
                    .map(|snippet| format!("- {}: {snippet}", tool.name))
            })
            .collect();
        let list = if listed.is_empty() {
            "(none)".to_string()
        } else {
            listed.join("\n")
        };
        add(
            "tools",
            format!("{list}\n\nAdditional tools may be available."),
        );
        add("rules", rules(&options.tools, options.prompt_guidelines));
    }
    if let Some(append) = options.append.filter(|text| !text.is_empty()) {
        add("addendum", append.to_string());
    }
    if !options.context_files.is_empty() {
        let mut context = vec!["Project-specific instructions and guidelines:".to_string()];
        context.extend(options.context_files.iter().map(|file| {
            format!(
                "<project_instructions path=\"{}\">\n{}\n</project_instructions>",
                file.path.display(),
                file.content
            )
        }));
        add("project_context", context.join("\n\n"));
    }
    if let Some(skills) = skills_section(&options.skills, &options.tools) {
        add("skills", skills);
    }
    add("cwd", options.cwd.display().to_string().replace('\\', "/"));
    for (name, content) in options.sections {
        if content.is_empty() || name == "preamble" {
            continue;
        }
        let wrapped = section(name, content);
        match sections.iter_mut().find(|(existing, _)| existing == name) {
            Some(slot) => slot.1 = wrapped,
            None => sections.push((name.clone(), wrapped)),
        }
    }
    sections.insert(0, ("preamble".to_string(), preamble));
    SystemPrompt { sections }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_prompt_lists_tools_rules_context_and_cwd() {
        let guidelines = vec!["Use read to examine files instead of cat or sed.".to_string()];
        let files = [ContextFile {
            path: "/p/AGENTS.md".into(),
            content: "Run make test.".into(),
        }];
        let prompt = build_system_prompt(&SystemPromptOptions {
            tools: vec![
                PromptTool {
                    name: "read",
                    snippet: Some("Read file contents"),
                    guidelines: &guidelines,
                },
                PromptTool {
                    name: "bash",
                    snippet: Some("Execute bash commands"),
                    guidelines: &[],
                },
                PromptTool {
                    name: "hidden",
                    snippet: None,
                    guidelines: &[],
                },
            ],
            append: Some("Extra."),
            context_files: &files,
            cwd: Path::new("/p"),
            ..Default::default()
        })
        .text();
        assert!(prompt.starts_with(PREAMBLE));
        assert!(prompt.contains("<tools>\n- read: Read file contents\n- bash: Execute bash commands\n\nAdditional tools may be available.\n</tools>"));
        assert!(prompt.contains("- Use bash for file operations like ls, rg, find\n- Use read to examine files instead of cat or sed.\n- Be concise"));
        assert!(prompt.contains("<addendum>\nExtra.\n</addendum>"));
        assert!(prompt.contains(
            "<project_instructions path=\"/p/AGENTS.md\">\nRun make test.\n</project_instructions>"
        ));
        assert!(prompt.ends_with("<cwd>\n/p\n</cwd>"));
        assert!(!prompt.contains("hidden"));
    }

    #[test]
    fn custom_prompt_replaces_preamble_tools_and_rules() {
        let prompt = build_system_prompt(&SystemPromptOptions {
            custom_prompt: Some("You are terse."),
            cwd: Path::new("/w"),
            ..Default::default()
        })
        .text();
        assert_eq!(prompt, "You are terse.\n\n<cwd>\n/w\n</cwd>");
    }

    #[test]
    fn skills_section_names_the_reader_and_skips_hidden_skills() {
        let skills = vec![
            PromptSkill {
                name: "a&b",
                description: "Use <when> \"needed\" & 'so'",
                location: Path::new("/s/a/SKILL.md"),
                disable_model_invocation: false,
            },
            PromptSkill {
                name: "hidden",
                description: "Only by command",
                location: Path::new("/s/h/SKILL.md"),
                disable_model_invocation: true,
            },
        ];
        let with = |tools: Vec<PromptTool<'static>>, skills: Vec<PromptSkill<'static>>| {
            build_system_prompt(&SystemPromptOptions {
                custom_prompt: Some("Custom."),
                tools,
                skills,
                cwd: Path::new("/w"),
                ..Default::default()
            })
            .text()
        };
        let tool = |name: &'static str| PromptTool {
            name,
            ..Default::default()
        };
        let prompt = with(vec![tool("bash"), tool("read")], skills.clone());
        assert_eq!(
            prompt,
            "Custom.\n\n<skills>\nThe following skills provide specialized instructions for specific tasks.\n\
             Use the read tool to load a skill's file when the task matches its description.\n\
             Resolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.\n\n\
             <available_skills>\n  <skill>\n    <name>a&amp;b</name>\n    \
             <description>Use &lt;when&gt; &quot;needed&quot; &amp; &apos;so&apos;</description>\n    \
             <location>/s/a/SKILL.md</location>\n  </skill>\n</available_skills>\n</skills>\n\n<cwd>\n/w\n</cwd>"
        );
        assert!(
            with(vec![tool("bash")], skills.clone()).contains("Use bash to load a skill's file")
        );
        assert!(!with(vec![tool("grep")], skills.clone()).contains("<skills>"));
        assert!(!with(vec![tool("read")], skills[1..].to_vec()).contains("<skills>"));
    }
}
