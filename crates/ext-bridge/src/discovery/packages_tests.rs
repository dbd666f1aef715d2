//! Source parsing, checked against what Pi 1.6.0's `parseGitUrl` / `parseSource` return for
//! the same strings.

use super::*;

fn git(repo: &str, host: &str, path: &str, git_ref: Option<&str>) -> Source {
    Source::Git {
        repo: repo.into(),
        host: host.into(),
        path: path.into(),
        git_ref: git_ref.map(String::from),
    }
}

#[test]
fn git_sources_keep_the_address_as_given_without_the_ref() {
    let cases = [
        (
            "git:github.com/user/repo@v1",
            git(
                "https://github.com/user/repo",
                "github.com",
                "user/repo",
                Some("v1"),
            ),
        ),
        (
            "git:git@github.com:user/repo.git@main",
            git(
                "git@github.com:user/repo.git",
                "github.com",
                "user/repo",
                Some("main"),
            ),
        ),
        (
            "https://gitlab.com/group/sub/repo.git@abc123",
            git(
                "https://gitlab.com/group/sub/repo.git",
                "gitlab.com",
                "group/sub/repo",
                Some("abc123"),
            ),
        ),
        (
            "ssh://git@github.com/user/repo@v2",
            git(
                "ssh://git@github.com/user/repo",
                "github.com",
                "user/repo",
                Some("v2"),
            ),
        ),
        (
            "http://127.0.0.1:8080/acme/tools.git@dev",
            git(
                "http://127.0.0.1:8080/acme/tools.git",
                "127.0.0.1",
                "acme/tools",
                Some("dev"),
            ),
        ),
        (
            "git:localhost/a/b",
            git("https://localhost/a/b", "localhost", "a/b", None),
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(parse_source(input), expected, "{input}");
    }
    assert!(parse_source("git:github.com/user/repo@v1").pinned());
    assert!(!parse_source("https://github.com/user/repo").pinned());
}

#[test]
fn other_sources_are_npm_or_local() {
    assert_eq!(
        parse_source("npm:@scope/pkg@^1.2"),
        Source::Npm {
            spec: "@scope/pkg@^1.2".into(),
            name: "@scope/pkg".into(),
            version: Some("^1.2".into()),
        }
    );
    assert!(parse_source("npm:pkg@1.2.3").pinned());
    assert!(!parse_source("npm:pkg@^1.2.3").pinned());
    assert!(!parse_source("npm:pkg").pinned());
    for local in [
        "git:nodot/a/b",
        "https://host/onlyone",
        "./pkg",
        "file:///x/y",
    ] {
        assert_eq!(parse_source(local), Source::Local(local.into()), "{local}");
    }
    assert_eq!(
        parse_source("git:github.com/../etc/x"),
        Source::Local("git:github.com/../etc/x".into())
    );
}
