//! `--help` and `--version` text.

/// The version line.
pub fn version() -> String {
    format!("tau {}", env!("CARGO_PKG_VERSION"))
}

/// Pi's subcommand words tau does not have (`pi auth ...`): as a first argument they are
/// commands, never a prompt for the model. The package commands are in `package_args`.
const PI_SUBCOMMANDS: &[&str] = &["auth", "mcp"];

/// The error for a Pi subcommand tau does not have yet, when `first` is one.
pub fn unsupported_subcommand(first: &str) -> Option<String> {
    PI_SUBCOMMANDS.contains(&first).then(|| {
        format!(
            "`tau {first}` is a Pi command tau does not have yet; nothing was sent to a model \
             (to send the word as a prompt, write `tau -p -- {first}`)"
        )
    })
}

/// The usage text.
pub fn usage() -> &'static str {
    "tau - a coding agent that runs unmodified Pi extensions

Usage:
  tau [options] [--] [@files...] [messages...]
  tau setup-extensions        Install the extension host's dependencies (once per install)
  tau install <source> [-l]   Install a Pi package (npm:, git:, URL, path) and record it
  tau remove <source> [-l]    Remove a package and its record (alias: uninstall)
  tau update [source]         Update installed packages (all, or one)
  tau list                    List recorded packages
  tau config [-l]             Enable/disable resources (a screen; or --enable/--disable)
                              (each command has --help; docs/packages.md)

Modes:
  -p, --print                 Run the prompts, print the final answer, exit
  --mode text|json|rpc        Output interface (json: JSONL events on stdout;
                              rpc: JSONL commands on stdin, see docs/rpc.md)

Model:
  --model <provider/id[:thinking]>
                              Model to use; scripted/demo and scripted/hello are built in
  --provider <name>           Restrict --model lookup to one provider
  --api-key <key>             API key for this run
  --thinking <level>          off, minimal, low, medium, high, xhigh, max
  --models <patterns>         Comma-separated model scope for start-up selection
  --list-models [search]      List models with credentials (optionally filtered), then exit
  --script <file>             Play a scripted-model script (see docs/scripted-model.md)

Prompt:
  --system-prompt <text|file> Replace the default system prompt
  --append-system-prompt <text|file>
                              Append to the system prompt (repeatable)
  -nc, --no-context-files     Do not load AGENTS.md / CLAUDE.md files

Skills and prompt templates (docs/skills.md):
  --skill <path>              Load a skill file or folder (repeatable)
  -ns, --no-skills            Do not discover skills (explicit --skill paths still load)
  --prompt-template <path>    Load a prompt template file or folder (repeatable)
  -np, --no-prompt-templates  Do not discover prompt templates (explicit paths still load)

Themes (interactive UI; docs/interactive.md):
  --theme <path>              Load a theme file or folder (repeatable)
  --no-themes                 Do not load discovered or configured themes (settings, .pi/,
                              packages); --theme paths still load, and as in Pi the agent
                              dir's themes/ stay selectable
  --use-theme <name[/name]>   Start with this theme (or light/dark pair) for this run

Tools:
  -t, --tools <list>          Active tools: names or * patterns, or only +name/-name edits
  -xt, --exclude-tools <list> Disable tools by name or pattern, after everything else
  -nt, --no-tools             Start with no tools
  -nbt, --no-builtin-tools    Disable the built-in tools

Extensions:
  -e, --extension <source>    Load a Pi extension file or folder, or try a package for this
                              run (npm:, git:, URL; cached, not recorded) (repeatable)
  -ne, --no-extensions        Do not discover extensions (explicit -e paths still load)
  -a, --approve               Trust this project's .pi/ extensions and settings for this run
  -na, --no-approve           Ignore this project's .pi/ extensions and settings
  --<flag> [value]            Flags extensions register (pi.registerFlag)
  --sandbox, --no-sandbox     Run extensions under Node's permission model: reads where they,
                              the project and the agent dir are, writes in the project and
                              the agent dir, no processes (settings key sandbox; docs/sandbox.md)
  --sandbox-allow <list>      Also allow child-process, worker, read:PATH, write:PATH

Sessions:
  -c, --continue              Continue the most recent session of this folder
  -r, --resume                Pick a session to resume (lists them without a terminal)
  --session <path|id>         Use a session file (an id prefix is enough)
  --session-id <id>           Open or create the session with this id
  --fork <path|id>            Start a new session copied from another
  --session-dir <dir>         Where this folder's sessions live
  -n, --name <name>           Name the session
  --no-session                Do not persist the session
  --export <file> [output]    Write a session file as one HTML page and exit (default
                              output: tau-session-<name>.html here; docs/export.md)

Accepted from Pi:
  --offline                   No start-up network use: configured and -e packages that
                              are not installed are skipped, not installed, and cached -e
                              packages are not refreshed (also PI_OFFLINE=1 or TAU_OFFLINE=1)
  --verbose, --no-mcp         No effect: tau's start-up output is fixed, it has no MCP
  --tui-mode regular|fullscreen
                              Interactive-UI setting; themes and it have no effect in
                              print, json, rpc
  auth, mcp                   Not available yet: an error, nothing is run

Other:
  --agent-dir <dir>           Agent directory for this run (see TAU_AGENT_DIR)
  -h, --help                  Show this help
  -v, --version               Show the version

Environment:
  TAU_AGENT_DIR               Agent directory (default: PI_CODING_AGENT_DIR if set, else
                              ~/.tau/agent): settings.json, models.json, auth.json,
                              sessions/, extensions/; --agent-dir <dir> overrides it
  TAU_NODE                    Node.js 20+ binary for extensions (default: node on PATH)
  TAU_EXT_HOST                Extension host package folder (default: next to tau)
  TAU_EXT_TIMEOUT_MS          How long an extension handler may take (default 30000)
  TAU_SESSION_LOCK=file       Lock sessions with a lock file instead of flock (for file
                              systems whose flock does not lock; used by itself where
                              flock is unsupported)
  OPENAI_API_KEY, ANTHROPIC_API_KEY, ...
                              Provider API keys (or apiKey in models.json, or --api-key)
"
}
