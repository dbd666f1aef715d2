//! `/changelog`: tau's CHANGELOG.md, embedded in the binary, shown as Pi shows its own
//! ("What's New" between borders, the entries oldest first as Markdown).

/// The repository's changelog.
const CHANGELOG: &str = include_str!("../../../../CHANGELOG.md");

/// The entries (`## [version]` sections) oldest first, or Pi's words when there are none.
pub fn markdown() -> String {
    entries(CHANGELOG)
}

fn entries(text: &str) -> String {
    let mut entries: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("## ") {
            entries.push(String::new());
        }
        if let Some(entry) = entries.last_mut() {
            entry.push_str(line);
            entry.push('\n');
        }
    }
    if entries.is_empty() {
        return "No changelog entries found.".into();
    }
    entries
        .iter()
        .rev()
        .map(|entry| entry.trim())
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_shown_oldest_first_without_the_file_title() {
        let text = "# Changelog\n\n## [0.2.0]\n\n- b\n\n## [0.1.0]\n\n- a\n";
        assert_eq!(entries(text), "## [0.1.0]\n\n- a\n\n## [0.2.0]\n\n- b");
        assert_eq!(entries("# nothing"), "No changelog entries found.");
        assert!(markdown().contains("## [0.1.0]"));
    }
}
