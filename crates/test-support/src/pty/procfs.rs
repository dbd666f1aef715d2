//! Resident memory of a process tree, read from Linux's `/proc`.

use std::collections::HashMap;
use std::fs;

/// VmRSS in KiB of `root` and every descendant, summed; `None` when `root` is gone or
/// `/proc` cannot be read (not Linux).
///
/// Pages shared between the processes are counted once per process, as `ps` would.
pub fn process_tree_rss_kib(root: u32) -> Option<u64> {
    let parents = parent_map()?;
    let mut tree = vec![root];
    let mut next = 0;
    while next < tree.len() {
        let parent = tree[next];
        tree.extend(
            parents
                .iter()
                .filter(|(_, ppid)| **ppid == parent)
                .map(|(pid, _)| *pid),
        );
        next += 1;
    }
    let root_rss = rss_kib(root)?;
    Some(
        root_rss
            + tree[1..]
                .iter()
                .filter_map(|pid| rss_kib(*pid))
                .sum::<u64>(),
    )
}

/// Every process's parent, from `/proc/PID/stat`.
fn parent_map() -> Option<HashMap<u32, u32>> {
    let mut parents = HashMap::new();
    for entry in fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The command name is in parentheses and may hold spaces: the fields after the last
        // ')' are "state ppid ...".
        let Some(after_name) = stat.rsplit_once(')').map(|(_, rest)| rest) else {
            continue;
        };
        if let Some(ppid) = after_name
            .split_whitespace()
            .nth(1)
            .and_then(|field| field.parse().ok())
        {
            parents.insert(pid, ppid);
        }
    }
    Some(parents)
}

/// VmRSS of one process in KiB.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|value| value.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
}
