//! The picker's rows in threaded order (Pi's default sort): forks under the session they
//! were forked from (the header's `parentSession`), each level newest activity first, where
//! a thread's activity is its newest member's; rows carry the tree lines drawn before them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use tau_session::SessionSummary;

/// One row: a session and the tree prefix drawn before it ("├─ ", "│  └─ ", ...).
#[derive(Debug, Clone)]
pub struct Row<'a> {
    pub session: &'a SessionSummary,
    pub prefix: String,
}

impl<'a> Row<'a> {
    /// A row without tree lines (flat sorts, search results).
    pub fn flat(session: &'a SessionSummary) -> Self {
        Row {
            session,
            prefix: String::new(),
        }
    }
}

/// Paths compare after following links, so a parent recorded through a symlink still counts.
fn key(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

struct Node {
    index: usize,
    children: Vec<usize>,
    latest: u64,
}

fn latest(nodes: &mut [Node], sessions: &[&SessionSummary], at: usize) -> u64 {
    let children = nodes[at].children.clone();
    let mut newest = sessions[nodes[at].index].modified_ms;
    for child in children {
        newest = newest.max(latest(nodes, sessions, child));
    }
    nodes[at].latest = newest;
    newest
}

/// `sessions` as a thread tree, flattened depth-first.
pub fn threaded<'a>(sessions: &[&'a SessionSummary]) -> Vec<Row<'a>> {
    let keys: Vec<PathBuf> = sessions.iter().map(|s| key(&s.path)).collect();
    let by_path: HashMap<&PathBuf, usize> = keys.iter().enumerate().map(|(i, k)| (k, i)).collect();
    let mut nodes: Vec<Node> = (0..sessions.len())
        .map(|index| Node {
            index,
            children: Vec::new(),
            latest: 0,
        })
        .collect();
    let mut roots = Vec::new();
    for (i, session) in sessions.iter().enumerate() {
        let parent = session
            .parent_session
            .as_deref()
            .map(|p| key(Path::new(p)))
            .and_then(|p| by_path.get(&p).copied())
            .filter(|&p| p != i);
        match parent {
            Some(parent) => nodes[parent].children.push(i),
            None => roots.push(i),
        }
    }
    for &root in &roots {
        latest(&mut nodes, sessions, root);
    }
    let order = |list: &mut Vec<usize>, nodes: &[Node]| {
        list.sort_by_key(|&i| std::cmp::Reverse(nodes[i].latest));
    };
    order(&mut roots, &nodes);
    let mut rows = Vec::new();
    // (node, depth, continuation flags of its ancestors, whether it is its parent's last)
    let mut stack: Vec<(usize, usize, Vec<bool>, bool)> = Vec::new();
    let root_count = roots.len();
    for (i, &root) in roots.iter().enumerate().rev() {
        stack.push((root, 0, Vec::new(), i + 1 == root_count));
    }
    while let Some((at, depth, continues, last)) = stack.pop() {
        let prefix = if depth == 0 {
            String::new()
        } else {
            let lines: String = continues
                .iter()
                .map(|&c| if c { "│  " } else { "   " })
                .collect();
            format!("{lines}{}", if last { "└─ " } else { "├─ " })
        };
        rows.push(Row {
            session: sessions[nodes[at].index],
            prefix,
        });
        let mut children = nodes[at].children.clone();
        order(&mut children, &nodes);
        let count = children.len();
        for (i, &child) in children.iter().enumerate().rev() {
            let mut flags = continues.clone();
            // Only levels below the roots draw a continuing line.
            flags.push(depth > 0 && !last);
            stack.push((child, depth + 1, flags, i + 1 == count));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(id: &str, parent: Option<&str>, modified_ms: u64) -> SessionSummary {
        SessionSummary {
            path: PathBuf::from(format!("/nowhere/{id}.jsonl")),
            id: id.into(),
            cwd: "/p".into(),
            name: None,
            parent_session: parent.map(|p| format!("/nowhere/{p}.jsonl")),
            created: String::new(),
            modified_ms,
            message_count: 0,
            entry_count: 0,
            first_message: None,
            all_messages_text: String::new(),
        }
    }

    #[test]
    fn forks_sit_under_their_parent_and_threads_order_by_their_newest_member() {
        let old_root = session("old", None, 1);
        let fork_a = session("a", Some("old"), 50);
        let fork_a_child = session("a1", Some("a"), 10);
        let fork_b = session("b", Some("old"), 20);
        let new_root = session("new", None, 30);
        let lost = session("lost", Some("missing"), 5);
        let all = [&new_root, &fork_b, &old_root, &fork_a_child, &lost, &fork_a];
        let rows: Vec<(String, String)> = threaded(&all)
            .into_iter()
            .map(|r| (r.session.id.clone(), r.prefix))
            .collect();
        let expected = [
            ("old", ""),
            // Pi indents the first level too, without a line for the root.
            ("a", "   ├─ "),
            ("a1", "   │  └─ "),
            ("b", "   └─ "),
            ("new", ""),
            ("lost", ""),
        ];
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(id, prefix)| (id.to_string(), prefix.to_string()))
            .collect();
        assert_eq!(rows, expected);
    }
}
