//! The rows of `/tree` as Pi's tree selector computes them: entries in depth-first order
//! with the branch holding the current leaf first, the filter mode and the search applied,
//! folded branches left out, and for each row left its indentation, its connector (`├─` /
//! `└─`, `⊟` / `⊞` on a foldable or folded branch start) and the `│` gutters of the
//! branches it sits in. Entries a filter hides hand their children to the nearest shown
//! ancestor, so the drawing always reflects what is visible.
//!
//! Also the moves that depend on the structure: the selection that survives a filter
//! change, folding, and jumping between branch segments.

use std::collections::{HashMap, HashSet};

use super::entries::{Class, TreeEntry, TreeSnapshot};

/// Pi's `treeFilterMode` values, in the order Ctrl+O cycles them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FilterMode {
    #[default]
    Default,
    NoTools,
    UserOnly,
    LabeledOnly,
    All,
}

impl FilterMode {
    const CYCLE: [FilterMode; 5] = [
        FilterMode::Default,
        FilterMode::NoTools,
        FilterMode::UserOnly,
        FilterMode::LabeledOnly,
        FilterMode::All,
    ];

    /// The mode a `treeFilterMode` setting names; an unknown one is the default, as in Pi.
    pub fn from_setting(value: Option<&str>) -> FilterMode {
        match value {
            Some("no-tools") => FilterMode::NoTools,
            Some("user-only") => FilterMode::UserOnly,
            Some("labeled-only") => FilterMode::LabeledOnly,
            Some("all") => FilterMode::All,
            _ => FilterMode::Default,
        }
    }

    /// The next (or previous) mode of the cycle.
    pub fn cycled(self, forward: bool) -> FilterMode {
        let index = Self::CYCLE.iter().position(|m| *m == self).unwrap_or(0);
        let len = Self::CYCLE.len();
        let next = if forward {
            (index + 1) % len
        } else {
            (index + len - 1) % len
        };
        Self::CYCLE[next]
    }

    /// The tag after the position counter (`[no-tools]`, ...).
    pub fn status(self) -> &'static str {
        match self {
            FilterMode::Default => "",
            FilterMode::NoTools => " [no-tools]",
            FilterMode::UserOnly => " [user]",
            FilterMode::LabeledOnly => " [labeled]",
            FilterMode::All => " [all]",
        }
    }
}

/// Where a `│` is drawn for a branch an entry sits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gutter {
    /// The indentation level of the branch's connector.
    pub position: usize,
    /// False once that branch's last child was passed (a blank instead).
    pub show: bool,
}

/// One visible row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Index into the snapshot's entries.
    pub entry: usize,
    pub indent: usize,
    pub show_connector: bool,
    pub is_last: bool,
    pub gutters: Vec<Gutter>,
    /// A root among several: drawn without a connector.
    pub virtual_root_child: bool,
}

/// The tree, the view options and the selection.
#[derive(Debug)]
pub struct TreeList {
    pub snapshot: TreeSnapshot,
    /// Entry indices in display order.
    order: Vec<usize>,
    by_id: HashMap<String, usize>,
    active_path: HashSet<String>,
    pub filter: FilterMode,
    pub search: String,
    pub folded: HashSet<String>,
    pub rows: Vec<Row>,
    pub selected: usize,
    last_selected: Option<String>,
    /// Several visible roots: the drawing shifts left by one level.
    pub multiple_roots: bool,
    visible_parent: HashMap<String, Option<String>>,
    visible_children: HashMap<Option<String>, Vec<String>>,
}

impl TreeList {
    /// The list with `selected` (else the current leaf, else its nearest visible ancestor)
    /// selected.
    pub fn new(snapshot: TreeSnapshot, filter: FilterMode, selected: Option<&str>) -> TreeList {
        let by_id = snapshot
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id.clone(), i))
            .collect();
        let mut list = TreeList {
            order: Vec::new(),
            by_id,
            active_path: HashSet::new(),
            filter,
            search: String::new(),
            folded: HashSet::new(),
            rows: Vec::new(),
            selected: 0,
            last_selected: None,
            multiple_roots: false,
            visible_parent: HashMap::new(),
            visible_children: HashMap::new(),
            snapshot,
        };
        list.active_path = list.ancestors(list.snapshot.leaf_id.as_deref());
        list.order = list.display_order();
        list.apply_filter();
        let target = selected
            .map(str::to_string)
            .or_else(|| list.snapshot.leaf_id.clone());
        list.selected = list.nearest_visible(target.as_deref());
        list.last_selected = list.selected_id().map(str::to_string);
        list
    }

    fn entry(&self, id: &str) -> Option<&TreeEntry> {
        self.by_id.get(id).map(|&i| &self.snapshot.entries[i])
    }

    fn parent_of(&self, id: &str) -> Option<&str> {
        self.entry(id).and_then(|e| e.parent_id.as_deref())
    }

    /// `id` and everything above it.
    fn ancestors(&self, id: Option<&str>) -> HashSet<String> {
        let mut path = HashSet::new();
        let mut current = id;
        while let Some(id) = current {
            if !path.insert(id.to_string()) {
                break;
            }
            current = self.parent_of(id);
        }
        path
    }

    /// Depth-first, children in file order except that the one leading to the current leaf
    /// comes first (roots too).
    fn display_order(&self) -> Vec<usize> {
        let mut children: HashMap<Option<&str>, Vec<usize>> = HashMap::new();
        for (i, entry) in self.snapshot.entries.iter().enumerate() {
            let parent = entry
                .parent_id
                .as_deref()
                .filter(|p| self.by_id.contains_key(*p));
            children.entry(parent).or_default().push(i);
        }
        for list in children.values_mut() {
            // A stable sort keeps file order within each group.
            list.sort_by_key(|&i| !self.active_path.contains(&self.snapshot.entries[i].id));
        }
        let mut order = Vec::with_capacity(self.snapshot.entries.len());
        let mut stack: Vec<usize> = children.get(&None).cloned().unwrap_or_default();
        stack.reverse();
        let mut seen = HashSet::new();
        while let Some(index) = stack.pop() {
            if !seen.insert(index) {
                continue;
            }
            order.push(index);
            let id = self.snapshot.entries[index].id.as_str();
            if let Some(kids) = children.get(&Some(id)) {
                stack.extend(kids.iter().rev());
            }
        }
        order
    }

    /// The entry of the selected row.
    pub fn selected_entry(&self) -> Option<&TreeEntry> {
        self.rows
            .get(self.selected)
            .map(|row| &self.snapshot.entries[row.entry])
    }

    pub fn selected_id(&self) -> Option<&str> {
        self.selected_entry().map(|e| e.id.as_str())
    }

    /// Whether `id` lies on the path from the root to the current leaf.
    pub fn on_active_path(&self, id: &str) -> bool {
        self.active_path.contains(id)
    }

    /// The row of `id` or of its nearest shown ancestor; the last row when none is shown.
    fn nearest_visible(&self, id: Option<&str>) -> usize {
        if self.rows.is_empty() {
            return 0;
        }
        let index: HashMap<&str, usize> = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| (self.snapshot.entries[row.entry].id.as_str(), i))
            .collect();
        let mut current = id;
        let mut steps = 0;
        while let Some(id) = current {
            if let Some(&row) = index.get(id) {
                return row;
            }
            steps += 1;
            if steps > self.snapshot.entries.len() {
                break;
            }
            current = self.parent_of(id);
        }
        self.rows.len() - 1
    }

    fn passes(&self, entry: &TreeEntry) -> bool {
        let is_leaf = self.snapshot.leaf_id.as_deref() == Some(entry.id.as_str());
        match entry.class {
            Class::Usage => return false,
            Class::Assistant { hidden: true } if !is_leaf => return false,
            _ => {}
        }
        let settings = entry.class == Class::Settings;
        let passes = match self.filter {
            FilterMode::Default => !settings,
            FilterMode::NoTools => !settings && entry.class != Class::ToolResult,
            FilterMode::UserOnly => entry.class == Class::User,
            FilterMode::LabeledOnly => entry.label.is_some(),
            FilterMode::All => true,
        };
        if !passes {
            return false;
        }
        let text = match &entry.label {
            Some(label) => format!("{label} {}", entry.search),
            None => entry.search.clone(),
        }
        .to_lowercase();
        self.search
            .to_lowercase()
            .split_whitespace()
            .all(|token| text.contains(token))
    }

    /// Recomputes the rows after a change of filter, search, folding or labels; the
    /// selection stays on its entry or moves to its nearest shown ancestor.
    pub fn apply_filter(&mut self) {
        if !self.rows.is_empty() {
            if let Some(id) = self.selected_id() {
                self.last_selected = Some(id.to_string());
            }
        }
        let mut hidden_by_fold: HashSet<&str> = HashSet::new();
        for &index in &self.order {
            let entry = &self.snapshot.entries[index];
            if let Some(parent) = entry.parent_id.as_deref() {
                if self.folded.contains(parent) || hidden_by_fold.contains(parent) {
                    hidden_by_fold.insert(entry.id.as_str());
                }
            }
        }
        let visible: Vec<usize> = self
            .order
            .iter()
            .copied()
            .filter(|&i| {
                let entry = &self.snapshot.entries[i];
                self.passes(entry) && !hidden_by_fold.contains(entry.id.as_str())
            })
            .collect();
        self.layout(&visible);
        let last = self.last_selected.clone();
        if last.is_some() {
            self.selected = self.nearest_visible(last.as_deref());
        } else if self.selected >= self.rows.len() {
            self.selected = self.rows.len().saturating_sub(1);
        }
        if let Some(id) = self.selected_id() {
            self.last_selected = Some(id.to_string());
        }
    }

    /// Indentation, connectors and gutters of the visible entries (Pi's
    /// `recalculateVisualStructure`): a branch point indents its children one level, and so
    /// does the first entry after a branch; a single chain stays flat.
    fn layout(&mut self, visible: &[usize]) {
        let shown: HashSet<&str> = visible
            .iter()
            .map(|&i| self.snapshot.entries[i].id.as_str())
            .collect();
        let mut parent_of: HashMap<String, Option<String>> = HashMap::new();
        let mut children: HashMap<Option<String>, Vec<String>> = HashMap::new();
        children.insert(None, Vec::new());
        for &index in visible {
            let id = &self.snapshot.entries[index].id;
            let mut current = self.parent_of(id);
            let mut steps = 0;
            while let Some(candidate) = current {
                if shown.contains(candidate) || steps > self.snapshot.entries.len() {
                    break;
                }
                steps += 1;
                current = self.parent_of(candidate);
            }
            let ancestor = current.filter(|c| shown.contains(c)).map(str::to_string);
            parent_of.insert(id.clone(), ancestor.clone());
            children.entry(ancestor).or_default().push(id.clone());
        }
        let roots = children.get(&None).cloned().unwrap_or_default();
        self.multiple_roots = roots.len() > 1;
        let multiple_roots = self.multiple_roots;
        let mut placed: HashMap<String, Row> = HashMap::new();
        // (id, indent, just branched, shows a connector, is last, gutters, virtual root child)
        type Item = (String, usize, bool, bool, bool, Vec<Gutter>, bool);
        let mut stack: Vec<Item> = roots
            .iter()
            .enumerate()
            .rev()
            .map(|(i, id)| {
                let last = i + 1 == roots.len();
                let level = usize::from(multiple_roots);
                (
                    id.clone(),
                    level,
                    multiple_roots,
                    multiple_roots,
                    last,
                    Vec::new(),
                    multiple_roots,
                )
            })
            .collect();
        while let Some((id, indent, just_branched, connector, last, gutters, virtual_root)) =
            stack.pop()
        {
            let kids = children.get(&Some(id.clone())).cloned().unwrap_or_default();
            let branches = kids.len() > 1;
            let child_indent = if branches || (just_branched && indent > 0) {
                indent + 1
            } else {
                indent
            };
            let display_indent = if multiple_roots {
                indent.saturating_sub(1)
            } else {
                indent
            };
            let child_gutters = if connector && !virtual_root {
                let mut more = gutters.clone();
                more.push(Gutter {
                    position: display_indent.saturating_sub(1),
                    show: !last,
                });
                more
            } else {
                gutters.clone()
            };
            for (i, kid) in kids.iter().enumerate().rev() {
                stack.push((
                    kid.clone(),
                    child_indent,
                    branches,
                    branches,
                    i + 1 == kids.len(),
                    child_gutters.clone(),
                    false,
                ));
            }
            if let Some(&entry) = self.by_id.get(&id) {
                placed.insert(
                    id,
                    Row {
                        entry,
                        indent,
                        show_connector: connector,
                        is_last: last,
                        gutters,
                        virtual_root_child: virtual_root,
                    },
                );
            }
        }
        self.rows = visible
            .iter()
            .filter_map(|&i| placed.remove(&self.snapshot.entries[i].id))
            .collect();
        self.visible_parent = parent_of;
        self.visible_children = children;
    }

    /// A branch start that can fold: it has shown children and is a root or one of several
    /// children.
    pub fn is_foldable(&self, id: &str) -> bool {
        let has_children = self
            .visible_children
            .get(&Some(id.to_string()))
            .is_some_and(|kids| !kids.is_empty());
        if !has_children {
            return false;
        }
        match self.visible_parent.get(id).cloned().flatten() {
            None => true,
            Some(parent) => self
                .visible_children
                .get(&Some(parent))
                .is_some_and(|siblings| siblings.len() > 1),
        }
    }

    fn row_of(&self, id: &str) -> Option<usize> {
        self.rows
            .iter()
            .position(|row| self.snapshot.entries[row.entry].id == id)
    }

    /// Pi's `app.tree.foldOrUp`: folds the selected branch start, else jumps up to the
    /// previous segment start.
    pub fn fold_or_up(&mut self) {
        let Some(id) = self.selected_id().map(str::to_string) else {
            return;
        };
        if self.is_foldable(&id) && !self.folded.contains(&id) {
            self.folded.insert(id);
            self.apply_filter();
            return;
        }
        let mut current = id;
        loop {
            let Some(parent) = self.visible_parent.get(&current).cloned().flatten() else {
                if let Some(row) = self.row_of(&current) {
                    self.selected = row;
                }
                return;
            };
            let siblings = self
                .visible_children
                .get(&Some(parent.clone()))
                .map_or(0, Vec::len);
            if siblings > 1 {
                if let Some(row) = self.row_of(&current).filter(|&r| r < self.selected) {
                    self.selected = row;
                    return;
                }
            }
            current = parent;
        }
    }

    /// Pi's `app.tree.unfoldOrDown`: unfolds a folded selection, else jumps down to the next
    /// segment start (or the end of the branch).
    pub fn unfold_or_down(&mut self) {
        let Some(id) = self.selected_id().map(str::to_string) else {
            return;
        };
        if self.folded.remove(&id) {
            self.apply_filter();
            return;
        }
        let mut current = id;
        loop {
            let kids = self
                .visible_children
                .get(&Some(current.clone()))
                .cloned()
                .unwrap_or_default();
            let target = match kids.as_slice() {
                [] => Some(current.clone()),
                [only] => {
                    current = only.clone();
                    None
                }
                [first, ..] => Some(first.clone()),
            };
            if let Some(target) = target {
                if let Some(row) = self.row_of(&target) {
                    self.selected = row;
                }
                return;
            }
        }
    }

    /// Changes the filter mode (folds are forgotten, as in Pi).
    pub fn set_filter(&mut self, filter: FilterMode) {
        self.filter = filter;
        self.folded.clear();
        self.apply_filter();
    }

    /// Changes the search text.
    pub fn set_search(&mut self, search: String) {
        self.search = search;
        self.folded.clear();
        self.apply_filter();
    }

    /// Records a label change made from the selector.
    pub fn set_label(&mut self, id: &str, label: Option<String>, time: String) {
        if let Some(&index) = self.by_id.get(id) {
            let entry = &mut self.snapshot.entries[index];
            entry.label_time = label.as_ref().map(|_| time);
            entry.label = label;
        }
    }
}

#[cfg(test)]
#[path = "layout_tests.rs"]
mod tests;
