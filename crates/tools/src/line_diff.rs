//! A line diff that aligns lines exactly as jsdiff's `diffLines` (used by Pi's edit tool)
//! does: Myers' forward greedy algorithm with jsdiff's tie-breaking, so that runs of
//! repeated or moved lines are shown the way Pi shows them. General-purpose diff crates
//! find equally short diffs but often pick different ones.
//!
//! Cost is O((N+M)·D) time for N and M lines and D differing lines, as in jsdiff.

use std::rc::Rc;

/// What happened to a run of lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineTag {
    /// In both texts.
    Equal,
    /// Only in the old text.
    Removed,
    /// Only in the new text.
    Added,
}

/// A run of lines with one tag, each line with its line feed (the last may lack one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinePart<'a> {
    /// What happened to these lines.
    pub tag: LineTag,
    /// The lines, in order.
    pub lines: Vec<&'a str>,
}

/// One component of a path through the edit graph, linked to the one before it; paths
/// share their common prefixes.
struct Component {
    count: usize,
    tag: LineTag,
    previous: Option<Rc<Component>>,
}

#[derive(Clone)]
struct Path {
    /// Last consumed old line, -1 before the first.
    old_pos: isize,
    last: Option<Rc<Component>>,
}

fn add_to_path(path: &Path, tag: LineTag, old_pos_inc: isize) -> Path {
    let last = match &path.last {
        Some(last) if last.tag == tag => Component {
            count: last.count + 1,
            tag,
            previous: last.previous.clone(),
        },
        other => Component {
            count: 1,
            tag,
            previous: other.clone(),
        },
    };
    Path {
        old_pos: path.old_pos + old_pos_inc,
        last: Some(Rc::new(last)),
    }
}

/// Follows the diagonal while tokens match; returns the new position.
fn extract_common<T>(
    path: &mut Path,
    new: &[T],
    old: &[T],
    diagonal: isize,
    same: &impl Fn(&T, &T) -> bool,
) -> isize {
    let mut old_pos = path.old_pos;
    let mut new_pos = old_pos - diagonal;
    let mut common = 0usize;
    while new_pos + 1 < new.len() as isize
        && old_pos + 1 < old.len() as isize
        && same(&old[(old_pos + 1) as usize], &new[(new_pos + 1) as usize])
    {
        new_pos += 1;
        old_pos += 1;
        common += 1;
    }
    if common > 0 {
        path.last = Some(Rc::new(Component {
            count: common,
            tag: LineTag::Equal,
            previous: path.last.take(),
        }));
    }
    path.old_pos = old_pos;
    new_pos
}

/// The runs of a finished path, first to last: each tag with how many tokens it covers.
fn runs(last: Option<Rc<Component>>) -> Vec<(LineTag, usize)> {
    let mut runs = Vec::new();
    let mut next = last;
    while let Some(component) = next {
        runs.push((component.tag, component.count));
        next = component.previous.clone();
    }
    runs.reverse();
    runs
}

/// Aligns two token sequences as jsdiff's `Diff.diff` does (forward greedy Myers with its
/// tie-breaking), tokens compared with `same`; returns the runs in order, each as its tag
/// and how many tokens it covers (of the old sequence for `Removed`, of the new one for
/// `Added` and `Equal`). Lines (`diff_lines`) and words (the terminal UI's word diff) use it.
pub fn align<T>(old: &[T], new: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<(LineTag, usize)> {
    let (old_len, new_len) = (old.len() as isize, new.len() as isize);
    let max_edit_length = old_len + new_len;
    // Diagonals considered lie within ±max_edit_length (±1 for neighbours); slot = diagonal
    // + offset.
    let offset = max_edit_length + 1;
    let mut best: Vec<Option<Path>> = vec![None; (2 * max_edit_length + 3) as usize];
    let idx = |diagonal: isize| (diagonal + offset) as usize;

    let mut seed = Path {
        old_pos: -1,
        last: None,
    };
    let new_pos = extract_common(&mut seed, new, old, 0, &same);
    if seed.old_pos + 1 >= old_len && new_pos + 1 >= new_len {
        return runs(seed.last);
    }
    best[idx(0)] = Some(seed);

    let mut min_diagonal = isize::MIN;
    let mut max_diagonal = isize::MAX;
    let mut edit_length = 1isize;
    while edit_length <= max_edit_length {
        let mut diagonal = min_diagonal.max(-edit_length);
        while diagonal <= max_diagonal.min(edit_length) {
            let remove_path = best.get_mut(idx(diagonal - 1)).and_then(Option::take);
            let add_path = best.get(idx(diagonal + 1)).cloned().flatten();
            let can_add = add_path.as_ref().is_some_and(|p| {
                let pos = p.old_pos - diagonal;
                (0..new_len).contains(&pos)
            });
            let can_remove = remove_path
                .as_ref()
                .is_some_and(|p| p.old_pos + 1 < old_len);
            let base = match (&remove_path, &add_path) {
                (Some(remove), Some(add)) if can_remove && can_add => {
                    if remove.old_pos < add.old_pos {
                        add_to_path(add, LineTag::Added, 0)
                    } else {
                        add_to_path(remove, LineTag::Removed, 1)
                    }
                }
                (_, Some(add)) if can_add => add_to_path(add, LineTag::Added, 0),
                (Some(remove), _) if can_remove => add_to_path(remove, LineTag::Removed, 1),
                _ => {
                    best[idx(diagonal)] = None;
                    diagonal += 2;
                    continue;
                }
            };
            let mut base = base;
            let new_pos = extract_common(&mut base, new, old, diagonal, &same);
            if base.old_pos + 1 >= old_len && new_pos + 1 >= new_len {
                return runs(base.last);
            }
            if base.old_pos + 1 >= old_len {
                max_diagonal = max_diagonal.min(diagonal - 1);
            }
            if new_pos + 1 >= new_len {
                min_diagonal = min_diagonal.max(diagonal + 1);
            }
            best[idx(diagonal)] = Some(base);
            diagonal += 2;
        }
        edit_length += 1;
    }
    // Unreachable: an edit script of length old_len + new_len always exists.
    [(LineTag::Removed, old.len()), (LineTag::Added, new.len())]
        .into_iter()
        .filter(|(_, count)| *count > 0)
        .collect()
}

/// Diffs two texts line by line (a line keeps its `\n`, so a last line without one differs
/// from the same line with one), returning runs in jsdiff's order.
pub fn diff_lines<'a>(old_text: &'a str, new_text: &'a str) -> Vec<LinePart<'a>> {
    let old: Vec<&str> = old_text.split_inclusive('\n').collect();
    let new: Vec<&str> = new_text.split_inclusive('\n').collect();
    let (mut new_pos, mut old_pos) = (0usize, 0usize);
    align(&old, &new, |a, b| a == b)
        .into_iter()
        .map(|(tag, count)| {
            let lines = match tag {
                LineTag::Removed => {
                    old_pos += count;
                    old[old_pos - count..old_pos].to_vec()
                }
                LineTag::Added => {
                    new_pos += count;
                    new[new_pos - count..new_pos].to_vec()
                }
                LineTag::Equal => {
                    new_pos += count;
                    old_pos += count;
                    new[new_pos - count..new_pos].to_vec()
                }
            };
            LinePart { tag, lines }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(parts: &[LinePart<'_>]) -> Vec<(LineTag, String)> {
        parts.iter().map(|p| (p.tag, p.lines.concat())).collect()
    }

    #[test]
    fn matches_jsdiff_on_simple_changes() {
        // Expected values are jsdiff 8's diffLines output.
        assert_eq!(
            shape(&diff_lines("a\nb\nc\n", "a\nx\nc\n")),
            vec![
                (LineTag::Equal, "a\n".into()),
                (LineTag::Removed, "b\n".into()),
                (LineTag::Added, "x\n".into()),
                (LineTag::Equal, "c\n".into()),
            ]
        );
        assert_eq!(
            shape(&diff_lines("a\nb", "a\nb\nc")),
            vec![
                (LineTag::Equal, "a\n".into()),
                (LineTag::Removed, "b".into()),
                (LineTag::Added, "b\nc".into()),
            ]
        );
        assert_eq!(shape(&diff_lines("", "")), vec![]);
        assert_eq!(
            shape(&diff_lines("", "x\n")),
            vec![(LineTag::Added, "x\n".into())]
        );
    }

    #[test]
    fn keeps_the_later_line_when_lines_swap_like_jsdiff() {
        // jsdiff keeps `c` and re-adds `a`, `b` after it; a middle-snake Myers keeps `a`.
        assert_eq!(
            shape(&diff_lines("a\nb\nc\n", "c\nb\na\n")),
            vec![
                (LineTag::Removed, "a\nb\n".into()),
                (LineTag::Equal, "c\n".into()),
                (LineTag::Added, "b\na\n".into()),
            ]
        );
    }
}
