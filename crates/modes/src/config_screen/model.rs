//! What `tau config`'s screen shows and does, without the terminal: the resource groups of
//! the current view flattened into rows (group heading, kind heading, resource), the search
//! that narrows them, the selection (only resources are selectable), and Pi's toggles. In the
//! global view Space flips a resource; in the project view it cycles the project's override
//! inherit → (unload if the resource is enabled for the user, else load) → … as Pi's
//! `getNextOverrideState` does. Every change is written at once and the view re-read.

use std::path::PathBuf;

use tau_app::packages::resources::{ResourceGroup, ResourceKind};
use tau_app::packages::{PackageManager, Scope};
use tau_ext_bridge::discovery::resource_path_key;

/// One line of the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// A group heading (index into the groups).
    Group(usize),
    /// A kind heading inside a group.
    Kind(usize, ResourceKind),
    /// A resource: group index, resource index.
    Item(usize, usize),
}

/// A project override state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Override {
    /// The user's setting applies.
    Inherit,
    /// The project loads it.
    Load,
    /// The project unloads it.
    Unload,
}

impl Override {
    fn from_state(state: Option<bool>) -> Override {
        match state {
            None => Override::Inherit,
            Some(true) => Override::Load,
            Some(false) => Override::Unload,
        }
    }

    fn state(self) -> Option<bool> {
        match self {
            Override::Inherit => None,
            Override::Load => Some(true),
            Override::Unload => Some(false),
        }
    }
}

/// The screen's state.
pub struct ConfigModel {
    manager: PackageManager,
    /// Which settings changes go to.
    pub scope: Scope,
    /// Whether Tab may switch to the project view (a trusted project).
    pub project_available: bool,
    /// The groups of the current view.
    pub groups: Vec<ResourceGroup>,
    /// The global view's resources and whether each is enabled there.
    global: Vec<(ResourceKind, PathBuf, bool)>,
    /// The search text.
    pub query: String,
    /// Index into [`ConfigModel::rows`].
    pub selected: usize,
    /// The last problem (a settings file that cannot be written), shown under the list.
    pub status: Option<String>,
    /// The global settings file as the header names it.
    pub settings_hint: String,
}

impl ConfigModel {
    /// The screen for `manager`, starting in `scope`'s view.
    pub fn new(manager: PackageManager, scope: Scope, project_available: bool) -> ConfigModel {
        let mut model = ConfigModel {
            manager,
            scope,
            project_available,
            groups: Vec::new(),
            global: Vec::new(),
            query: String::new(),
            selected: 0,
            status: None,
            settings_hint: String::new(),
        };
        model.reload();
        model.select_first();
        model
    }

    /// Reads the view again after a change, keeping the selected resource selected.
    fn reload(&mut self) {
        let selected = self.selected_path();
        self.global = self
            .manager
            .resource_groups(Scope::User)
            .into_iter()
            .flat_map(|g| g.resources)
            .map(|r| (r.kind, resource_path_key(&r.path), r.enabled))
            .collect();
        self.groups = self.manager.resource_groups(self.scope);
        let rows = self.rows();
        if let Some((kind, path)) = selected {
            if let Some(index) = rows.iter().position(|row| match row {
                Row::Item(g, r) => {
                    let resource = &self.groups[*g].resources[*r];
                    resource.kind == kind && resource.path == path
                }
                _ => false,
            }) {
                self.selected = index;
                return;
            }
        }
        self.selected = self.selected.min(rows.len().saturating_sub(1));
    }

    fn selected_path(&self) -> Option<(ResourceKind, PathBuf)> {
        match self.rows().get(self.selected) {
            Some(Row::Item(g, r)) => {
                let resource = &self.groups[*g].resources[*r];
                Some((resource.kind, resource.path.clone()))
            }
            _ => None,
        }
    }

    fn matches(&self, group: usize, resource: usize) -> bool {
        if self.query.trim().is_empty() {
            return true;
        }
        let query = self.query.to_lowercase();
        let resource = &self.groups[group].resources[resource];
        resource.display.to_lowercase().contains(&query)
            || resource.kind.key().contains(&query)
            || resource
                .path
                .display()
                .to_string()
                .to_lowercase()
                .contains(&query)
    }

    /// The rows the search leaves: headings only above a resource that matches.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        for (g, group) in self.groups.iter().enumerate() {
            let matching: Vec<usize> = (0..group.resources.len())
                .filter(|r| self.matches(g, *r))
                .collect();
            if matching.is_empty() {
                continue;
            }
            rows.push(Row::Group(g));
            let mut kind = None;
            for r in matching {
                let this = group.resources[r].kind;
                if kind != Some(this) {
                    kind = Some(this);
                    rows.push(Row::Kind(g, this));
                }
                rows.push(Row::Item(g, r));
            }
        }
        rows
    }

    /// Selects the first resource.
    pub fn select_first(&mut self) {
        self.selected = self
            .rows()
            .iter()
            .position(|r| matches!(r, Row::Item(..)))
            .unwrap_or(0);
    }

    /// Moves the selection by `steps` resources (negative: up), stopping at the ends.
    pub fn move_by(&mut self, steps: isize) {
        let rows = self.rows();
        let items: Vec<usize> = rows
            .iter()
            .enumerate()
            .filter(|(_, r)| matches!(r, Row::Item(..)))
            .map(|(i, _)| i)
            .collect();
        let Some(current) = items.iter().position(|i| *i == self.selected) else {
            self.select_first();
            return;
        };
        let target = current as isize + steps;
        let target = target.clamp(0, items.len() as isize - 1) as usize;
        self.selected = items[target];
    }

    /// Changes the search text.
    pub fn set_query(&mut self, query: &str) {
        if query != self.query {
            self.query = query.to_string();
            self.select_first();
        }
    }

    /// Tab: the other view (when the project is trusted).
    pub fn switch_scope(&mut self) {
        if !self.project_available {
            return;
        }
        self.scope = match self.scope {
            Scope::User => Scope::Project,
            Scope::Project => Scope::User,
        };
        self.reload();
        self.select_first();
    }

    /// The project's override of a resource (the project view only).
    pub fn override_of(&self, group: usize, resource: usize) -> Override {
        if self.scope != Scope::Project {
            return Override::Inherit;
        }
        let group = &self.groups[group];
        let state = self
            .manager
            .project_override(group, &group.resources[resource])
            .unwrap_or(None);
        Override::from_state(state)
    }

    /// Whether a resource comes from the user's configuration (shown dimmed in the project
    /// view while the project does not override it).
    pub fn inherited(&self, group: usize, resource: usize) -> bool {
        let group = &self.groups[group];
        let resource = &group.resources[resource];
        let key = resource_path_key(&resource.path);
        group.scope == Scope::User
            || self
                .global
                .iter()
                .any(|(kind, path, _)| *kind == resource.kind && *path == key)
    }

    fn inherited_enabled(&self, group: usize, resource: usize) -> bool {
        let group = &self.groups[group];
        let resource = &group.resources[resource];
        let key = resource_path_key(&resource.path);
        self.global
            .iter()
            .find(|(kind, path, _)| *kind == resource.kind && *path == key)
            .map(|(_, _, enabled)| *enabled)
            .unwrap_or(group.scope != Scope::User || resource.enabled)
    }

    /// Space or Enter on the selected resource.
    pub fn toggle(&mut self) {
        let Some(Row::Item(g, r)) = self.rows().get(self.selected).copied() else {
            return;
        };
        let group = &self.groups[g];
        let resource = &group.resources[r];
        let state = match self.scope {
            Scope::User => {
                if group.scope != Scope::User {
                    return;
                }
                Some(!resource.enabled)
            }
            Scope::Project => {
                let inherited_enabled = self.inherited_enabled(g, r);
                let next = match (self.override_of(g, r), inherited_enabled) {
                    (Override::Inherit, true) => Override::Unload,
                    (Override::Inherit, false) => Override::Load,
                    (Override::Unload, true) => Override::Load,
                    (Override::Unload, false) => Override::Inherit,
                    (Override::Load, true) => Override::Inherit,
                    (Override::Load, false) => Override::Unload,
                };
                next.state()
            }
        };
        let result = self
            .manager
            .set_resource(group, resource, self.scope, state);
        self.status = result.err();
        self.reload();
    }
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
