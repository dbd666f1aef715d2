//! What each installed package provides, with what its settings entry enables: the
//! extensions, skills and prompt templates of Pi's `pi config` screen, grouped by package.
//! The global view has the user's packages; the project view the packages a run in this
//! project loads (project entries first, a user entry the project replaces left out, and an
//! `autoload: false` project entry before the user entry it narrows).
//!
//! Themes are not listed: tau does not load package themes.

use std::path::PathBuf;

use tau_ext_bridge::discovery::packages::{extension_files, parse_source, Source};
use tau_ext_bridge::discovery::{package_roots, resource_path_key, DiscoveryOptions, PackageRoot};

use super::{PackageManager, Scope};
use crate::resources::packages::files;
use crate::resources::Kind;

/// A kind of resource a package provides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceKind {
    /// `extensions`.
    Extensions,
    /// `skills`.
    Skills,
    /// `prompts`.
    Prompts,
}

impl ResourceKind {
    /// The settings key (and package folder) of the kind.
    pub fn key(self) -> &'static str {
        match self {
            ResourceKind::Extensions => "extensions",
            ResourceKind::Skills => "skills",
            ResourceKind::Prompts => "prompts",
        }
    }

    /// Pi's heading for the kind.
    pub fn label(self) -> &'static str {
        match self {
            ResourceKind::Extensions => "Extensions",
            ResourceKind::Skills => "Skills",
            ResourceKind::Prompts => "Prompts",
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

/// The resources of one package entry.
#[derive(Debug, Clone, PartialEq)]
pub struct PackageResources {
    /// The source as recorded.
    pub source: String,
    /// The settings file it is recorded in.
    pub scope: Scope,
    /// The installed folder.
    pub root: PathBuf,
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

impl PackageManager {
    /// The packages of a view (`Scope::User`: the user's settings only; `Scope::Project`:
    /// both, as a trusted run in this project sees them) with their resources.
    pub fn package_resources(&self, view: Scope) -> Vec<PackageResources> {
        let options = DiscoveryOptions {
            agent_dir: self.agent_dir.clone(),
            cwd: self.cwd.clone(),
            ..DiscoveryOptions::default()
        };
        let trusted = view == Scope::Project && self.project_trusted;
        let mut seen: Vec<(ResourceKind, PathBuf)> = Vec::new();
        package_roots(&options, trusted)
            .into_iter()
            .map(|package| {
                let mut resources = Vec::new();
                for (kind, found) in package_files(&package) {
                    for (path, enabled) in found {
                        let key = (kind, resource_path_key(&path));
                        // A path the package list already showed belongs to the first entry.
                        if seen.contains(&key) {
                            continue;
                        }
                        seen.push(key);
                        let display = display_name(kind, &path);
                        resources.push(Resource {
                            kind,
                            path,
                            enabled,
                            display,
                        });
                    }
                }
                resources
                    .sort_by(|a, b| (a.kind as u8, &a.display).cmp(&(b.kind as u8, &b.display)));
                PackageResources {
                    source: package.source.clone(),
                    scope: if package.scope == "project" {
                        Scope::Project
                    } else {
                        Scope::User
                    },
                    root: package.root,
                    resources,
                }
            })
            .collect()
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
    ]
}
