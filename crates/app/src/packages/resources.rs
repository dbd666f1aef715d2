//! The resources of Pi's `pi config` screen: the extensions, skills, prompt templates and
//! themes a run considers, each with whether it is enabled, grouped as Pi groups them: each package
//! (its source and scope), then the top-level ones by where they were found (a conventional
//! folder such as `<agent dir>/skills/`, or the settings entries). The global view has what
//! the user's settings and agent directory provide; the project view adds the trusted
//! project's (project package entries first, a user entry the project replaces left out, an
//! `autoload: false` project entry before the user entry it narrows). A file is listed once,
//! in the first group that provides it.

use std::path::PathBuf;

use tau_ext_bridge::discovery::packages::{extension_files, parse_source, Source};
use tau_ext_bridge::discovery::{
    package_roots, resource_path_key, top_level_extensions, DiscoveryOptions, PackageRoot,
};

use super::{PackageManager, Scope};
use crate::resources::packages::files;
use crate::resources::paths::top_level;
use crate::resources::{Kind, PathOptions};

/// A kind of resource a package provides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceKind {
    /// `extensions`.
    Extensions,
    /// `skills`.
    Skills,
    /// `prompts`.
    Prompts,
    /// `themes`.
    Themes,
}

impl ResourceKind {
    /// The settings key (and package folder) of the kind.
    pub fn key(self) -> &'static str {
        match self {
            ResourceKind::Extensions => "extensions",
            ResourceKind::Skills => "skills",
            ResourceKind::Prompts => "prompts",
            ResourceKind::Themes => "themes",
        }
    }

    /// Pi's heading for the kind.
    pub fn label(self) -> &'static str {
        match self {
            ResourceKind::Extensions => "Extensions",
            ResourceKind::Skills => "Skills",
            ResourceKind::Prompts => "Prompts",
            ResourceKind::Themes => "Themes",
        }
    }
}

/// One resource of a package.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    /// Its kind.
    pub kind: ResourceKind,
    /// The file.
    pub path: PathBuf,
    /// Whether it loads.
    pub enabled: bool,
    /// Pi's short name: `dir/file.ts` for an extension outside `extensions/`, a skill's
    /// folder name, else the file name.
    pub display: String,
}

/// One group of resources: a package entry, or top-level resources of one origin.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceGroup {
    /// Whether the group is a package (else top-level resources).
    pub package: bool,
    /// The package source as recorded; `auto` (a conventional folder) or `local` (settings
    /// entries) for top-level resources.
    pub source: String,
    /// The settings file the package or the resources belong to.
    pub scope: Scope,
    /// What resource patterns are relative to: the package folder, the conventional folder's
    /// base, or the settings file's folder.
    pub base: PathBuf,
    /// Pi's heading for the group.
    pub label: String,
    /// Its resources, by kind then name.
    pub resources: Vec<Resource>,
}

fn display_name(kind: ResourceKind, path: &std::path::Path) -> String {
    let name = |p: Option<&std::path::Path>| {
        p.and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let file = name(Some(path));
    let parent = name(path.parent());
    match kind {
        ResourceKind::Extensions if parent != "extensions" => format!("{parent}/{file}"),
        ResourceKind::Skills if file == "SKILL.md" => parent,
        _ => file,
    }
}

/// `~/…` for a folder under HOME, with a final `/` (Pi's `formatBaseDir`).
fn shown_dir(dir: &std::path::Path) -> String {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let shown = match home.as_deref().and_then(|h| dir.strip_prefix(h).ok()) {
        Some(rest) if rest.as_os_str().is_empty() => "~".to_string(),
        Some(rest) => format!("~/{}", rest.display()),
        None => dir.display().to_string(),
    };
    if shown.ends_with('/') {
        shown
    } else {
        format!("{shown}/")
    }
}

fn scope_of(label: &str) -> Scope {
    if label == "project" {
        Scope::Project
    } else {
        Scope::User
    }
}

/// Collects groups, each file once (the first group that provides it keeps it).
#[derive(Default)]
struct Groups {
    groups: Vec<ResourceGroup>,
    seen: Vec<(ResourceKind, PathBuf)>,
}

impl Groups {
    /// Adds `found` to the group with `key` fields, creating it with `label` when new.
    fn add(&mut self, template: ResourceGroup, kind: ResourceKind, found: Vec<(PathBuf, bool)>) {
        let index = match self.groups.iter().position(|g| {
            g.package == template.package
                && g.source == template.source
                && g.scope == template.scope
                && g.base == template.base
        }) {
            Some(index) => index,
            None => {
                self.groups.push(template);
                self.groups.len() - 1
            }
        };
        for (path, enabled) in found {
            let key = (kind, resource_path_key(&path));
            if self.seen.contains(&key) {
                continue;
            }
            self.seen.push(key);
            let display = display_name(kind, &path);
            self.groups[index].resources.push(Resource {
                kind,
                path,
                enabled,
                display,
            });
        }
    }

    /// The non-empty groups in Pi's order: packages, then top-level; user before project;
    /// then by source. Resources by kind, then name.
    fn finish(mut self) -> Vec<ResourceGroup> {
        self.groups.retain(|g| !g.resources.is_empty());
        for group in &mut self.groups {
            group
                .resources
                .sort_by(|a, b| (a.kind as u8, &a.display).cmp(&(b.kind as u8, &b.display)));
        }
        self.groups.sort_by(|a, b| {
            (!a.package, a.scope == Scope::Project, &a.source).cmp(&(
                !b.package,
                b.scope == Scope::Project,
                &b.source,
            ))
        });
        self.groups
    }
}

impl PackageManager {
    /// The theme files and folders a run here loads (no `--theme` paths), in load order:
    /// for the `config` screen's own colours.
    pub fn theme_paths(&self) -> Vec<PathBuf> {
        let options = DiscoveryOptions {
            agent_dir: self.agent_dir.clone(),
            cwd: self.cwd.clone(),
            ..DiscoveryOptions::default()
        };
        let resources = crate::resources::ResourceOptions {
            agent_dir: self.agent_dir.clone(),
            cwd: self.cwd.clone(),
            trusted: self.project_trusted,
            packages: package_roots(&options, self.project_trusted),
            ..Default::default()
        };
        crate::resources::theme_paths(&resources)
            .into_iter()
            .map(|(path, _)| path)
            .collect()
    }

    /// The resource groups of a view (`Scope::User`: the user's settings and agent directory
    /// only; `Scope::Project`: the trusted project's too, as a run here sees them).
    pub fn resource_groups(&self, view: Scope) -> Vec<ResourceGroup> {
        let options = DiscoveryOptions {
            agent_dir: self.agent_dir.clone(),
            cwd: self.cwd.clone(),
            ..DiscoveryOptions::default()
        };
        let trusted = view == Scope::Project && self.project_trusted;
        let mut groups = Groups::default();
        for package in package_roots(&options, trusted) {
            let scope = scope_of(package.scope);
            for (kind, found) in package_files(&package) {
                let template = ResourceGroup {
                    package: true,
                    source: package.source.clone(),
                    scope,
                    base: package.root.clone(),
                    label: format!("{} ({})", package.source, scope.label()),
                    resources: Vec::new(),
                };
                groups.add(template, kind, found);
            }
        }
        let mut top = Vec::new();
        for extension in top_level_extensions(&self.agent_dir, &self.cwd, trusted) {
            let scope = scope_of(extension.scope);
            let base = match extension.source {
                "auto" => Some(self.settings_dir(scope)),
                _ => None,
            };
            let entry = (extension.path, extension.enabled);
            top.push((
                ResourceKind::Extensions,
                extension.source.to_string(),
                scope,
                base,
                entry,
            ));
        }
        let path_options = PathOptions {
            agent_dir: self.agent_dir.clone(),
            cwd: self.cwd.clone(),
            trusted,
            ..PathOptions::default()
        };
        for (kind, resource_kind) in [
            (Kind::Skills, ResourceKind::Skills),
            (Kind::Prompts, ResourceKind::Prompts),
            (Kind::Themes, ResourceKind::Themes),
        ] {
            for (path, origin, enabled) in top_level(&path_options, kind) {
                let scope = scope_of(&origin.scope);
                top.push((
                    resource_kind,
                    origin.source,
                    scope,
                    origin.base_dir,
                    (path, enabled),
                ));
            }
        }
        // Settings entries before conventional folders, as Pi's accumulator meets them.
        top.sort_by_key(|(_, source, scope, _, _)| (source != "local", *scope == Scope::User));
        for (kind, source, scope, base, entry) in top {
            let (base, label) = match (&base, source.as_str()) {
                (Some(base), "auto") => {
                    let who = if scope == Scope::User {
                        "User"
                    } else {
                        "Project"
                    };
                    (base.clone(), format!("{who} ({})", shown_dir(base)))
                }
                _ => {
                    let who = if scope == Scope::User {
                        "User"
                    } else {
                        "Project"
                    };
                    (self.settings_dir(scope), format!("{who} settings"))
                }
            };
            let template = ResourceGroup {
                package: false,
                source,
                scope,
                base,
                label,
                resources: Vec::new(),
            };
            groups.add(template, kind, vec![entry]);
        }
        groups.finish()
    }
}

fn package_files(package: &PackageRoot) -> Vec<(ResourceKind, Vec<(PathBuf, bool)>)> {
    vec![
        (
            ResourceKind::Extensions,
            extension_files(
                &package.root,
                package.filter.as_ref(),
                matches!(parse_source(&package.source), Source::Local(_)),
            ),
        ),
        (ResourceKind::Skills, files(package, Kind::Skills)),
        (ResourceKind::Prompts, files(package, Kind::Prompts)),
        (ResourceKind::Themes, files(package, Kind::Themes)),
    ]
}
