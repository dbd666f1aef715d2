//! Matching and applying `edit` replacements, with Pi 1.6.0's rules (its `edit-diff.js`).
//!
//! Every `oldText` is matched against the same LF-normalised original. An exact match is
//! tried first; when any edit only matches after fuzzy normalisation (NFKC, trailing
//! whitespace stripped per line, curly quotes, Unicode dashes and spaces made ASCII), all
//! edits are matched in the fuzzy-normalised text, and only the lines they touch are
//! rewritten from it: untouched lines keep their original bytes. Uniqueness is always
//! counted in fuzzy-normalised text, so two lines that differ only in trailing whitespace
//! count as two occurrences.
//!
//! Offsets here are UTF-8 byte offsets; Pi uses UTF-16 offsets, which gives the same
//! results because every offset is taken and used within one string.

use serde::Deserialize;
use unicode_normalization::UnicodeNormalization;

use crate::truncate::utf16_len;

/// One requested replacement, as the model sends it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditSpec {
    /// Text to find; must match exactly once.
    pub old_text: String,
    /// Text to put in its place.
    pub new_text: String,
}

/// A matched replacement: `match_length` bytes at `match_index` become `new_text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    /// Byte offset of the replaced range.
    pub match_index: usize,
    /// Byte length of the replaced range.
    pub match_length: usize,
    /// The replacement text.
    pub new_text: String,
}

/// The result of matching all edits against LF-normalised content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedEdits {
    /// The content the replacements apply to (the LF-normalised original).
    pub base_content: String,
    /// `base_content` with the replacements applied.
    pub new_content: String,
    /// Sorted, disjoint replacements of `base_content`.
    pub replacements: Vec<Replacement>,
}

/// Why a set of edits cannot be applied; the messages are Pi's, word for word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// An `oldText` is empty.
    #[error("{}", empty_old_text(path, *index, *total))]
    EmptyOldText {
        /// The path as the model gave it.
        path: String,
        /// Index of the edit.
        index: usize,
        /// Number of edits in the call.
        total: usize,
    },
    /// An `oldText` does not occur.
    #[error("{}", not_found(path, *index, *total))]
    NotFound {
        /// The path as the model gave it.
        path: String,
        /// Index of the edit.
        index: usize,
        /// Number of edits in the call.
        total: usize,
    },
    /// An `oldText` occurs more than once.
    #[error("{}", duplicate(path, *index, *total, *occurrences))]
    Duplicate {
        /// The path as the model gave it.
        path: String,
        /// Index of the edit.
        index: usize,
        /// Number of edits in the call.
        total: usize,
        /// How often it occurs.
        occurrences: usize,
    },
    /// Two matched ranges overlap.
    #[error(
        "edits[{first}] and edits[{second}] overlap in {path}. Merge them into one edit or target disjoint regions."
    )]
    Overlap {
        /// The path as the model gave it.
        path: String,
        /// Index of the edit matched earlier in the file.
        first: usize,
        /// Index of the edit that overlaps it.
        second: usize,
    },
    /// The edits leave the content as it was.
    #[error("{}", no_change(path, *total))]
    NoChange {
        /// The path as the model gave it.
        path: String,
        /// Number of edits in the call.
        total: usize,
    },
    /// A fuzzy match could not be mapped back to lines of the original (internal).
    #[error("Replacement range is outside the base content.")]
    OutsideBase,
    /// Fuzzy normalisation changed the number of lines (internal).
    #[error(
        "Cannot preserve unchanged lines because the base content has a different line count."
    )]
    LineCountMismatch,
}

fn empty_old_text(path: &str, index: usize, total: usize) -> String {
    if total == 1 {
        format!("oldText must not be empty in {path}.")
    } else {
        format!("edits[{index}].oldText must not be empty in {path}.")
    }
}

fn not_found(path: &str, index: usize, total: usize) -> String {
    if total == 1 {
        format!("Could not find the exact text in {path}. The old text must match exactly including all whitespace and newlines.")
    } else {
        format!("Could not find edits[{index}] in {path}. The oldText must match exactly including all whitespace and newlines.")
    }
}

fn duplicate(path: &str, index: usize, total: usize, occurrences: usize) -> String {
    if total == 1 {
        format!("Found {occurrences} occurrences of the text in {path}. The text must be unique. Please provide more context to make it unique.")
    } else {
        format!("Found {occurrences} occurrences of edits[{index}] in {path}. Each oldText must be unique. Please provide more context to make it unique.")
    }
}

fn no_change(path: &str, total: usize) -> String {
    if total == 1 {
        format!("No changes made to {path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.")
    } else {
        format!("No changes made to {path}. The replacements produced identical content.")
    }
}

/// CRLF and lone CR line breaks become LF.
pub fn normalize_to_lf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Splits a leading UTF-8 byte order mark off decoded text: `(bom, rest)`.
pub fn split_bom(text: &str) -> (&str, &str) {
    match text.strip_prefix('\u{FEFF}') {
        Some(rest) => ("\u{FEFF}", rest),
        None => ("", text),
    }
}

/// Pi's fuzzy normalisation: NFKC, trailing whitespace stripped per line, smart quotes to
/// ASCII quotes, Unicode hyphens and dashes to `-`, special spaces to a plain space.
pub fn normalize_for_fuzzy_match(text: &str) -> String {
    let nfkc: String = text.nfkc().collect();
    let trimmed: Vec<&str> = nfkc
        .split('\n')
        .map(|line| line.trim_end_matches(crate::validate::js::is_js_space))
        .collect();
    trimmed
        .join("\n")
        .chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' => '"',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            '\u{A0}' | '\u{2002}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => ' ',
            other => other,
        })
        .collect()
}

/// Where `old_text` was found in some content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextMatch {
    /// Byte offset of the match (in the fuzzy-normalised content when `used_fuzzy_match`).
    pub index: usize,
    /// Byte length of the match.
    pub match_length: usize,
    /// Whether only the fuzzy-normalised forms matched.
    pub used_fuzzy_match: bool,
}

/// Finds `old_text` in `content`: exactly first, then both fuzzy-normalised.
pub fn fuzzy_find_text(content: &str, old_text: &str) -> Option<TextMatch> {
    if let Some(index) = content.find(old_text) {
        return Some(TextMatch {
            index,
            match_length: old_text.len(),
            used_fuzzy_match: false,
        });
    }
    let fuzzy_content = normalize_for_fuzzy_match(content);
    let fuzzy_old = normalize_for_fuzzy_match(old_text);
    fuzzy_content.find(&fuzzy_old).map(|index| TextMatch {
        index,
        match_length: fuzzy_old.len(),
        used_fuzzy_match: true,
    })
}

/// Non-overlapping occurrences of `old_text` in `content`, both fuzzy-normalised. An empty
/// normalised `old_text` counts as JavaScript's `split("")` does: one less than the
/// content's UTF-16 length.
fn count_occurrences(content: &str, old_text: &str) -> usize {
    let fuzzy_content = normalize_for_fuzzy_match(content);
    let fuzzy_old = normalize_for_fuzzy_match(old_text);
    if fuzzy_old.is_empty() {
        return utf16_len(&fuzzy_content).saturating_sub(1);
    }
    fuzzy_content.matches(fuzzy_old.as_str()).count()
}

/// Byte spans of the lines of `content`, each with its line feed.
fn line_spans(content: &str) -> Vec<(usize, usize)> {
    let mut offset = 0;
    content
        .split_inclusive('\n')
        .map(|line| {
            let span = (offset, offset + line.len());
            offset = span.1;
            span
        })
        .collect()
}

/// The lines `[start, end)` a replacement touches.
fn replacement_line_range(
    lines: &[(usize, usize)],
    replacement: &Replacement,
) -> Result<(usize, usize), EditError> {
    let start = replacement.match_index;
    let end = start + replacement.match_length;
    let start_line = lines
        .iter()
        .position(|&(s, e)| start >= s && start < e)
        .ok_or(EditError::OutsideBase)?;
    let mut end_line = start_line;
    while end_line < lines.len() && lines[end_line].1 < end {
        end_line += 1;
    }
    if end_line >= lines.len() {
        return Err(EditError::OutsideBase);
    }
    Ok((start_line, end_line + 1))
}

/// Applies sorted, disjoint replacements whose offsets are relative to `offset`.
fn apply_replacements(content: &str, replacements: &[Replacement], offset: usize) -> String {
    let mut result = content.to_string();
    for replacement in replacements.iter().rev() {
        let start = replacement.match_index - offset;
        result.replace_range(
            start..start + replacement.match_length,
            &replacement.new_text,
        );
    }
    result
}

/// Turns replacements matched in `base` (the fuzzy-normalised view of `original`) into
/// replacements of `original` that rewrite only the lines they touch, from `base`.
fn widen_replacements_to_lines(
    original: &str,
    base: &str,
    replacements: &[Replacement],
) -> Result<Vec<Replacement>, EditError> {
    let original_lines = line_spans(original);
    let base_lines = line_spans(base);
    if original_lines.len() != base_lines.len() {
        return Err(EditError::LineCountMismatch);
    }
    let mut sorted = replacements.to_vec();
    sorted.sort_by_key(|r| r.match_index);
    // Groups of replacements touching overlapping line ranges: (start, end, replacements).
    let mut groups: Vec<(usize, usize, Vec<Replacement>)> = Vec::new();
    for replacement in sorted {
        let (start, end) = replacement_line_range(&base_lines, &replacement)?;
        if let Some(current) = groups.last_mut() {
            if start < current.1 {
                current.1 = current.1.max(end);
                current.2.push(replacement);
                continue;
            }
        }
        groups.push((start, end, vec![replacement]));
    }
    Ok(groups
        .into_iter()
        .map(|(start, end, group)| {
            let group_start = base_lines[start].0;
            let group_end = base_lines[end - 1].1;
            let original_start = original_lines[start].0;
            Replacement {
                match_index: original_start,
                match_length: original_lines[end - 1].1 - original_start,
                new_text: apply_replacements(&base[group_start..group_end], &group, group_start),
            }
        })
        .collect())
}

/// Matches every edit against `normalized_content` (LF line breaks, no BOM) and applies
/// them, with Pi's errors for empty, missing, ambiguous, overlapping and no-op edits.
pub fn apply_edits_to_normalized_content(
    normalized_content: &str,
    edits: &[EditSpec],
    path: &str,
) -> Result<AppliedEdits, EditError> {
    let total = edits.len();
    let edits: Vec<EditSpec> = edits
        .iter()
        .map(|e| EditSpec {
            old_text: normalize_to_lf(&e.old_text),
            new_text: normalize_to_lf(&e.new_text),
        })
        .collect();
    if let Some(index) = edits.iter().position(|e| e.old_text.is_empty()) {
        return Err(EditError::EmptyOldText {
            path: path.into(),
            index,
            total,
        });
    }
    let used_fuzzy_match = edits.iter().any(|e| {
        fuzzy_find_text(normalized_content, &e.old_text).is_some_and(|m| m.used_fuzzy_match)
    });
    let replacement_base = if used_fuzzy_match {
        normalize_for_fuzzy_match(normalized_content)
    } else {
        normalized_content.to_string()
    };

    // (edit index, replacement) in edit order, then sorted by position.
    let mut matched: Vec<(usize, Replacement)> = Vec::with_capacity(total);
    for (index, edit) in edits.iter().enumerate() {
        let Some(found) = fuzzy_find_text(&replacement_base, &edit.old_text) else {
            return Err(EditError::NotFound {
                path: path.into(),
                index,
                total,
            });
        };
        let occurrences = count_occurrences(&replacement_base, &edit.old_text);
        if occurrences > 1 {
            return Err(EditError::Duplicate {
                path: path.into(),
                index,
                total,
                occurrences,
            });
        }
        matched.push((
            index,
            Replacement {
                match_index: found.index,
                match_length: found.match_length,
                new_text: edit.new_text.clone(),
            },
        ));
    }
    matched.sort_by_key(|(_, r)| r.match_index);
    for pair in matched.windows(2) {
        let (prev_index, prev) = &pair[0];
        let (cur_index, cur) = &pair[1];
        if prev.match_index + prev.match_length > cur.match_index {
            return Err(EditError::Overlap {
                path: path.into(),
                first: *prev_index,
                second: *cur_index,
            });
        }
    }

    let matched: Vec<Replacement> = matched.into_iter().map(|(_, r)| r).collect();
    let replacements = if used_fuzzy_match {
        widen_replacements_to_lines(normalized_content, &replacement_base, &matched)?
    } else {
        matched
    };
    let new_content = apply_replacements(normalized_content, &replacements, 0);
    if new_content == normalized_content {
        return Err(EditError::NoChange {
            path: path.into(),
            total,
        });
    }
    Ok(AppliedEdits {
        base_content: normalized_content.to_string(),
        new_content,
        replacements,
    })
}

/// The line ending of the line containing `offset`: its own LF or CRLF, or that of the line
/// before for an unterminated last line. A lone CR counts only in files without any LF.
fn line_ending_at(content: &str, offset: usize) -> &'static str {
    let bytes = content.as_bytes();
    let forward = bytes
        .get(offset..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map(|p| p + offset);
    let line_feed = forward.or_else(|| {
        let upto = (offset + 1).min(bytes.len());
        bytes[..upto].iter().rposition(|&b| b == b'\n')
    });
    match line_feed {
        None if content.contains('\r') => "\r",
        None => "\n",
        Some(lf) if lf > 0 && bytes[lf - 1] == b'\r' => "\r\n",
        Some(_) => "\n",
    }
}

/// Applies replacements matched in `normalize_to_lf(original)` to `original` itself: text
/// outside the replaced ranges keeps its bytes and line endings, and line breaks in new text
/// take the ending of the line where the replaced range starts.
pub fn apply_replacements_to_original(original: &str, replacements: &[Replacement]) -> String {
    // Only CRLF changes length when normalising: the LF of the n-th CRLF sits n bytes earlier
    // in the normalised text.
    let crlf_positions: Vec<usize> = original.match_indices("\r\n").map(|(i, _)| i).collect();
    let mut crlf_before = 0usize;
    let mut to_original = |offset: usize| {
        while crlf_before < crlf_positions.len()
            && crlf_positions[crlf_before] - crlf_before < offset
        {
            crlf_before += 1;
        }
        offset + crlf_before
    };

    let mut out = String::with_capacity(original.len());
    let mut ends_with_cr = false;
    let mut push = |out: &mut String, part: &str| {
        if part.is_empty() {
            return;
        }
        // A CR before a seam and an LF after it would merge into one CRLF; an extra LF keeps
        // the line breaks the diff shows.
        if ends_with_cr && part.starts_with('\n') {
            out.push('\n');
        }
        out.push_str(part);
        ends_with_cr = part.ends_with('\r');
    };
    let mut position = 0usize;
    for replacement in replacements {
        let start = to_original(replacement.match_index);
        push(&mut out, &original[position..start]);
        let ending = line_ending_at(original, start);
        if ending == "\n" {
            push(&mut out, &replacement.new_text);
        } else {
            push(&mut out, &replacement.new_text.replace('\n', ending));
        }
        position = to_original(replacement.match_index + replacement.match_length);
    }
    push(&mut out, &original[position..]);
    out
}

#[cfg(test)]
#[path = "edit_match_tests.rs"]
mod tests;
