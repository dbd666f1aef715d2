//! `tau update`: bring the recorded packages (all, or the one named) to their sources, as
//! Pi's `update` does. npm packages pinned to an exact version are left alone; others are
//! reinstalled (`name@latest`, or the recorded range) when the registry has a newer version
//! or they are not installed. git packages are fetched and reset to their ref (a pinned ref
//! stays where it is, but a changed ref in settings is checked out). Local paths need nothing.

use tau_ext_bridge::discovery::packages::{parse_source, Source};

use super::npm::installed_version;
use super::{entry_source, git, GitRepo, PackageManager, Scope};

/// What an update did.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct UpdateReport {
    /// One line per changed package: `npm:foo 1.2.0 -> 1.3.0`.
    pub updated: Vec<String>,
    /// Problems that did not stop the update (shown as they happened).
    pub warnings: usize,
    /// Packages whose update failed, with why.
    pub failures: Vec<String>,
}

/// An npm package to look at.
struct NpmCandidate {
    source: String,
    scope: Scope,
    name: String,
    spec: String,
    has_version: bool,
    installed: Option<String>,
    target: Option<String>,
}

impl PackageManager {
    /// The recorded `(source, scope)` pairs, those matching `only` when given.
    fn update_targets(&self, only: Option<&str>) -> Result<Vec<(String, Scope)>, String> {
        let mut all = Vec::new();
        let mut matched = Vec::new();
        for scope in self.scopes() {
            for entry in self.read_packages(scope)? {
                let Some(source) = entry_source(&entry).map(String::from) else {
                    continue;
                };
                if only.is_none_or(|typed| self.entry_matches(&entry, scope, typed)) {
                    matched.push((source.clone(), scope));
                }
                all.push(source);
            }
        }
        if let Some(typed) = only {
            if matched.is_empty() {
                return Err(no_match_message(typed, &all));
            }
        }
        Ok(matched)
    }

    /// Updates the recorded packages (or the one matching `only`). With `offline` nothing is
    /// fetched and the report is empty.
    pub fn update(&self, only: Option<&str>, offline: bool) -> Result<UpdateReport, String> {
        let targets = self.update_targets(only)?;
        let mut report = UpdateReport::default();
        if offline {
            return Ok(report);
        }
        let mut npm = Vec::new();
        let mut gits = Vec::new();
        for (source, scope) in targets {
            let parsed = parse_source(&source);
            let pinned = parsed.pinned();
            match parsed {
                Source::Npm {
                    spec,
                    name,
                    version,
                } if !pinned => npm.push(NpmCandidate {
                    source,
                    scope,
                    name,
                    spec,
                    has_version: version.is_some(),
                    installed: None,
                    target: None,
                }),
                Source::Git {
                    repo,
                    host,
                    path,
                    git_ref,
                } => gits.push((
                    source,
                    scope,
                    GitRepo {
                        repo,
                        host,
                        path,
                        git_ref,
                    },
                )),
                _ => {}
            }
        }
        for candidate in &mut npm {
            self.check_npm(candidate);
        }
        let due: Vec<&NpmCandidate> = npm.iter().filter(|c| self.npm_due(c)).collect();
        for scope in [Scope::User, Scope::Project] {
            let batch: Vec<&NpmCandidate> =
                due.iter().copied().filter(|c| c.scope == scope).collect();
            self.update_npm_batch(&batch, scope, &mut report);
        }
        for (source, scope, repo) in &gits {
            self.say(&format!("Updating {source}..."));
            let target = match self.git_install_path(&repo.host, &repo.path, *scope) {
                Ok(target) => target,
                Err(error) => {
                    report.failures.push(format!("{source}: {error}"));
                    continue;
                }
            };
            let from = git::head(&target);
            if let Err(error) = self.update_git(repo, *scope) {
                report.failures.push(format!("{source}: {error}"));
                continue;
            }
            let to = git::head(&target);
            if from != to {
                let short = |h: &Option<String>| match h {
                    Some(h) => h.chars().take(7).collect(),
                    None => "(none)".to_string(),
                };
                report.updated.push(format!(
                    "{source}{} {} -> {}",
                    scope_suffix(*scope),
                    short(&from),
                    short(&to)
                ));
            }
        }
        Ok(report)
    }

    /// Reads the installed version and, when there is one, the registry's.
    fn check_npm(&self, candidate: &mut NpmCandidate) {
        let path = self.npm_install_path(&candidate.name, candidate.scope);
        candidate.installed = installed_version(&path);
        if candidate.installed.is_none() {
            return;
        }
        let query = if candidate.has_version {
            candidate.spec.as_str()
        } else {
            candidate.name.as_str()
        };
        candidate.target = self.latest_npm_version(query).ok();
    }

    /// Not installed, newer on the registry, or the registry could not say: reinstall.
    fn npm_due(&self, candidate: &NpmCandidate) -> bool {
        match (&candidate.installed, &candidate.target) {
            (Some(installed), Some(target)) => super::version::is_newer(target, installed),
            _ => true,
        }
    }

    fn update_npm_batch(&self, batch: &[&NpmCandidate], scope: Scope, report: &mut UpdateReport) {
        let [first, ..] = batch else {
            return;
        };
        if batch.len() == 1 {
            self.say(&format!("Updating {}...", first.source));
        } else {
            self.say(&format!("Updating {} npm packages...", scope.label()));
        }
        let specs: Vec<String> = batch
            .iter()
            .map(|c| {
                if c.has_version {
                    c.spec.clone()
                } else {
                    format!("{}@latest", c.name)
                }
            })
            .collect();
        if let Err(error) = self.install_npm(&specs, scope) {
            let sources: Vec<&str> = batch.iter().map(|c| c.source.as_str()).collect();
            report
                .failures
                .push(format!("{}: {error}", sources.join(", ")));
            return;
        }
        for candidate in batch {
            let after = installed_version(&self.npm_install_path(&candidate.name, scope));
            if after != candidate.installed {
                let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
                report.updated.push(format!(
                    "{}{} {} -> {}",
                    candidate.source,
                    scope_suffix(scope),
                    show(&candidate.installed),
                    show(&after)
                ));
            } else if let (Some(now), Some(target)) = (&after, &candidate.target) {
                // npm can resolve stale registry metadata right after a publish.
                report.warnings += 1;
                self.say(&format!(
                    "{} is still {now} (registry reports {target}); npm registry metadata may be \
                     stale, try again in a few minutes",
                    candidate.source
                ));
            }
        }
    }
}

fn scope_suffix(scope: Scope) -> &'static str {
    match scope {
        Scope::Project => " (project)",
        Scope::User => "",
    }
}

/// Pi's message for an update target that matches no record, with the record the user
/// probably meant (`foo` for `npm:foo`, `github.com/a/b` for `git:github.com/a/b`).
fn no_match_message(typed: &str, recorded: &[String]) -> String {
    let typed_trim = typed.trim();
    let suggestion = recorded.iter().find(|source| match parse_source(source) {
        Source::Npm { name, spec, .. } => typed_trim == name || typed_trim == spec,
        Source::Git {
            host,
            path,
            git_ref,
            ..
        } => {
            let short = format!("{host}/{path}");
            typed_trim == short || git_ref.is_some_and(|r| typed_trim == format!("{short}@{r}"))
        }
        Source::Local(_) => false,
    });
    match suggestion {
        Some(source) => format!("No matching package found for {typed}. Did you mean {source}?"),
        None => format!("No matching package found for {typed}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unmatched_target_suggests_the_recorded_source() {
        let recorded = vec![
            "npm:left-pad@1.3.0".to_string(),
            "git:github.com/a/b@v1".into(),
        ];
        assert_eq!(
            no_match_message("left-pad", &recorded),
            "No matching package found for left-pad. Did you mean npm:left-pad@1.3.0?"
        );
        assert_eq!(
            no_match_message("github.com/a/b", &recorded),
            "No matching package found for github.com/a/b. Did you mean git:github.com/a/b@v1?"
        );
        assert_eq!(
            no_match_message("npm:other", &recorded),
            "No matching package found for npm:other"
        );
    }
}
