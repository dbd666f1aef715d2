//! The dock: the parts pinned below the transcript (pending messages, status, widgets,
//! editor, footer), stacked as Pi's chat viewport stacks them. When the screen is too short
//! for all of them, each part gives up rows in proportion to its height, down to its
//! minimum (the editor keeps three), as pi-tui's `VStack` shrinks; a part cut short shows
//! its first rows, or the rows up to its cursor.

use crate::component::{Component, Lines};
use crate::CURSOR_MARKER;

/// One part of the dock.
pub struct DockPart<'a> {
    /// What is drawn.
    pub component: &'a mut dyn Component,
    /// Rows it keeps however short the screen (Pi: 3 for the editor, 0 for the rest).
    pub min_size: usize,
}

impl<'a> DockPart<'a> {
    /// A part that may shrink to nothing.
    pub fn new(component: &'a mut dyn Component) -> Self {
        Self {
            component,
            min_size: 0,
        }
    }

    /// A part that keeps at least `min_size` rows.
    pub fn with_min(component: &'a mut dyn Component, min_size: usize) -> Self {
        Self {
            component,
            min_size,
        }
    }
}

/// The parts' lines for one frame.
pub(super) struct DockLines {
    pub parts: Vec<(Lines, usize)>,
}

impl DockLines {
    pub fn render(parts: &mut [DockPart<'_>], width: usize) -> Self {
        Self {
            parts: parts
                .iter_mut()
                .map(|p| (p.component.render(width), p.min_size))
                .collect(),
        }
    }

    /// Every line, top to bottom (regular mode, and printing on exit).
    pub fn all(&self) -> impl Iterator<Item = &String> {
        self.parts.iter().flat_map(|(lines, _)| lines.iter())
    }

    /// The dock's natural height: each part at least its minimum.
    pub fn natural_height(&self) -> usize {
        self.parts.iter().map(|(l, min)| l.len().max(*min)).sum()
    }

    /// The dock's rows in exactly `height` rows (at most its natural height).
    pub fn rows(&self, height: usize) -> Vec<String> {
        let mut sizes: Vec<usize> = self
            .parts
            .iter()
            .map(|(l, min)| l.len().max(*min))
            .collect();
        let mins: Vec<usize> = self.parts.iter().map(|(_, min)| *min).collect();
        let total: usize = sizes.iter().sum();
        if total > height {
            shrink(&mut sizes, &mins, total - height);
        }
        let mut rows = Vec::with_capacity(height);
        for ((lines, _), size) in self.parts.iter().zip(sizes) {
            rows.extend(window(lines, size));
        }
        rows.resize(height, String::new());
        rows
    }
}

/// `size` rows of `lines`: the first ones, or, when the cursor marker is further down,
/// the rows ending at it; padded with blank rows.
fn window(lines: &Lines, size: usize) -> Vec<String> {
    let offset = match lines.iter().position(|l| l.contains(CURSOR_MARKER)) {
        Some(c) if lines.len() > size && size > 0 && c >= size => c + 1 - size,
        _ => 0,
    };
    let mut rows: Vec<String> = lines.iter().skip(offset).take(size).cloned().collect();
    rows.resize(size, String::new());
    rows
}

/// Takes `amount` rows away, each round in proportion to the sizes of the parts still
/// above their minimum (pi-tui's `distribute` for shrink weight 1).
fn shrink(sizes: &mut [usize], mins: &[usize], amount: usize) {
    let mut remaining = amount;
    while remaining > 0 {
        let candidates: Vec<usize> = (0..sizes.len()).filter(|&i| sizes[i] > mins[i]).collect();
        if candidates.is_empty() {
            return;
        }
        let total_weight: usize = candidates.iter().map(|&i| sizes[i].max(1)).sum();
        let mut distributed = 0;
        for &i in &candidates {
            if remaining == 0 {
                break;
            }
            let proposed = (remaining * sizes[i].max(1) / total_weight).max(1);
            let delta = remaining.min(proposed).min(sizes[i] - mins[i]);
            sizes[i] -= delta;
            remaining -= delta;
            distributed += delta;
        }
        if distributed == 0 {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_shrink_in_proportion_down_to_their_minimum() {
        let mut sizes = vec![4, 2, 6, 1];
        shrink(&mut sizes, &[0, 0, 3, 0], 6);
        assert_eq!(sizes, vec![2, 0, 5, 0]);
        let mut sizes = vec![1, 3];
        shrink(&mut sizes, &[1, 3], 2);
        assert_eq!(sizes, vec![1, 3], "nothing can give");
    }
}
