//! YAML frontmatter of skill and prompt-template files, read as Pi 1.6.0 reads it
//! (`utils/frontmatter.js`): line endings normalised and a BOM dropped; a file that starts
//! with `---` and has a later `\n---` line carries YAML between them, and the body is what
//! follows, trimmed. A file without that shape has no frontmatter and is all body.

use serde_yaml::{Mapping, Value};

/// A file split into its frontmatter (empty when it has none) and its body.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    /// The frontmatter's top-level keys.
    pub fields: Mapping,
    /// The text after the frontmatter, trimmed (the whole text when there is none).
    pub body: String,
}

impl Parsed {
    /// A string field, `None` when missing or not a string.
    pub fn string(&self, key: &str) -> Option<&str> {
        self.fields.get(key).and_then(Value::as_str)
    }

    /// Whether a field is the boolean `true` (Pi compares with `=== true`).
    pub fn is_true(&self, key: &str) -> bool {
        self.fields.get(key).and_then(Value::as_bool) == Some(true)
    }
}

/// Splits `content`; the error is the YAML parser's message when the frontmatter is not
/// valid YAML.
pub fn parse(content: &str) -> Result<Parsed, String> {
    let text = content
        .trim_start_matches('\u{feff}')
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let Some(end) = text
        .starts_with("---")
        .then(|| find_from(&text, "\n---", 3))
        .flatten()
    else {
        return Ok(Parsed {
            fields: Mapping::new(),
            body: text,
        });
    };
    let yaml = text.get(4..end).unwrap_or_default();
    let body = text[end + 4..].trim().to_string();
    if yaml.is_empty() {
        return Ok(Parsed {
            fields: Mapping::new(),
            body,
        });
    }
    let value: Value = serde_yaml::from_str(yaml).map_err(|e| e.to_string())?;
    let fields = match value {
        Value::Mapping(map) => map,
        // Pi takes a scalar or list as an object without the fields it looks for.
        _ => Mapping::new(),
    };
    Ok(Parsed { fields, body })
}

fn find_from(text: &str, needle: &str, from: usize) -> Option<usize> {
    text.get(from..)?.find(needle).map(|at| at + from)
}

/// The body of `content` without its frontmatter (Pi's `stripFrontmatter`).
pub fn strip(content: &str) -> Result<String, String> {
    parse(content).map(|parsed| parsed.body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_fields_and_trimmed_body() {
        let parsed = parse(
            "\u{feff}---\r\nname: x\r\ndisable-model-invocation: true\r\n---\r\n\r\nBody\r\n",
        )
        .unwrap();
        assert_eq!(parsed.string("name"), Some("x"));
        assert!(parsed.is_true("disable-model-invocation"));
        assert_eq!(parsed.body, "Body");
    }

    #[test]
    fn text_without_closing_marker_is_all_body() {
        let parsed = parse("---\nname: x\nno end").unwrap();
        assert!(parsed.fields.is_empty());
        assert_eq!(parsed.body, "---\nname: x\nno end");
        assert_eq!(parse("  plain  ").unwrap().body, "  plain  ");
    }

    #[test]
    fn invalid_yaml_is_an_error() {
        assert!(parse("---\ndescription: a: b\n---\nbody").is_err());
        assert!(parse("---\n- a\n---\nbody").unwrap().fields.is_empty());
    }
}
