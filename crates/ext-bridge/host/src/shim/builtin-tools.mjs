// Pi's built-in tool factories (`createReadTool`, `createBashToolDefinition`, `createCodingTools`, ...) for
// tau's shim. Each returns a tool with Pi 1.6.0's name, label, description, parameter schema and prompt text
// (compatibility facts the model and extensions see, so they match Pi exactly); its `execute` does not run
// JavaScript file or process code but asks tau to run **tau's** built-in tool: the host→tau action
// `runBuiltinTool` with `[{name, toolCallId, params, cwd, env?}]` (docs/protocol.md). The answer is Pi's
// AgentToolResult; an error answer is thrown, as Pi's tools throw on failure. No TUI renderers are attached:
// tau renders its built-in tools itself.

import { Type } from "typebox";
import { BRIDGE_KEY } from "./bridge.mjs";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, GREP_MAX_LINE_LENGTH } from "./helpers.mjs";

const KB = DEFAULT_MAX_BYTES / 1024;
const STRICT = Object.freeze({ type: "json_schema", strict: "prefer" });
/** Session variables Pi strips from the inherited environment before setting its own. */
const SESSION_ENV = ["PI_SESSION_ID", "PI_SESSION_FILE", "PI_PROVIDER", "PI_MODEL", "PI_REASONING_LEVEL"];
const SESSION_GUIDELINE = "You can inspect PI_* environment variables for current model and session details.";

const readSchema = Type.Object({
  path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
});
const readOutputSchema = Type.Union([
  Type.String(),
  Type.Object({ type: Type.Literal("image"), data: Type.String(), mimeType: Type.String(), note: Type.String() }),
]);
const shellSchema = Type.Object({
  command: Type.String({ description: "Shell command to execute" }),
  timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional, no default timeout)" })),
});
const shellOutputSchema = Type.Object({
  output: Type.String({ description: "Combined stdout and stderr, possibly truncated" }),
  truncated: Type.Boolean(),
  full_output_path: Type.Optional(Type.String({ description: "Full output, when truncated" })),
  exit_code: Type.Number(),
  wall_time_seconds: Type.Number(),
});
const editSchema = Type.Object(
  {
    path: Type.String({ description: "Path to the file to edit (relative or absolute)" }),
    edits: Type.Array(
      Type.Object(
        {
          oldText: Type.String({
            description:
              "Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call.",
          }),
          newText: Type.String({ description: "Replacement text for this targeted edit." }),
        },
        {},
      ),
      {
        description:
          "One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead.",
      },
    ),
  },
  {},
);
const writeSchema = Type.Object({
  path: Type.String({ description: "Path to the file to write (relative or absolute)" }),
  content: Type.String({ description: "Content to write to the file" }),
});
const grepSchema = Type.Object({
  pattern: Type.String({ description: "Search pattern (regex or literal string)" }),
  path: Type.Optional(Type.String({ description: "Directory or file to search (default: current directory)" })),
  glob: Type.Optional(
    Type.String({
      description: "Filter files by glob pattern relative to path, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth",
    }),
  ),
  ignoreCase: Type.Optional(Type.Boolean({ description: "Case-insensitive search (default: false)" })),
  literal: Type.Optional(Type.Boolean({ description: "Treat pattern as literal string instead of regex (default: false)" })),
  context: Type.Optional(Type.Number({ description: "Number of lines to show before and after each match (default: 0)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of matches to return (default: 100)" })),
});
const findSchema = Type.Object({
  pattern: Type.String({
    description: "Glob pattern relative to the search directory, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth",
  }),
  path: Type.Optional(Type.String({ description: "Directory to search in (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of results (default: 1000)" })),
});
const lsSchema = Type.Object({
  path: Type.Optional(Type.String({ description: "Directory to list (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of entries to return (default: 500)" })),
});

/**
 * Sends one `runBuiltinTool` request through the host (see src/host.mjs, which installs the bridge).
 * @param {{name: string, toolCallId: string, params: any, cwd: string, env?: Record<string, string>}} request
 * @param {AbortSignal | undefined} signal
 * @returns {Promise<any>}
 */
async function runInTau(request, signal) {
  const bridge = /** @type {any} */ (globalThis)[BRIDGE_KEY];
  if (!bridge) throw new Error(`the ${request.name} tool runs only inside tau's extension host`);
  if (signal?.aborted) throw new Error(request.name === "bash" ? "Command aborted" : "Operation aborted");
  return bridge.runBuiltinTool(request, signal);
}

/**
 * Throws when the factory was given options tau cannot honour, so the extension sees why instead of
 * tau silently running something else.
 * @param {string} factory @param {any} options @param {string[]} unsupported
 */
function refuseOptions(factory, options, unsupported) {
  const given = unsupported.filter((key) => options?.[key] !== undefined);
  if (given.length > 0) {
    throw new Error(`${factory}: option ${given.join(", ")} is not supported by tau yet; tau runs its own built-in tool`);
  }
}

/**
 * Legacy argument shapes Pi's edit tool accepts before validation: `edits` as a JSON string or as one
 * object, and top-level `oldText`/`newText`.
 * @param {any} input
 */
function prepareEditArguments(input) {
  if (!input || typeof input !== "object") return input;
  const isEdit = (/** @type {any} */ v) => v && typeof v === "object" && !Array.isArray(v) && typeof v.oldText === "string" && typeof v.newText === "string";
  const args = input;
  if (typeof args.edits === "string") {
    try {
      const parsed = JSON.parse(args.edits);
      if (Array.isArray(parsed)) args.edits = parsed;
      else if (isEdit(parsed)) args.edits = [parsed];
    } catch {
      // Not JSON: validation reports the string.
    }
  } else if (isEdit(args.edits)) {
    args.edits = [args.edits];
  }
  if (typeof args.oldText !== "string" || typeof args.newText !== "string") return args;
  const { oldText, newText, ...rest } = args;
  return { ...rest, edits: [...(Array.isArray(args.edits) ? args.edits : []), { oldText, newText }] };
}

/**
 * A definition whose execute runs tau's tool `name` in `ctx.cwd` or the factory's cwd (Pi: `ctx?.cwd || cwd`).
 * @param {string} name @param {string} factory @param {string} cwd @param {any} options @param {Record<string, any>} fields
 */
function fileToolDefinition(name, factory, cwd, options, fields) {
  return {
    name,
    label: name,
    ...fields,
    /** @param {string} toolCallId @param {any} params @param {AbortSignal} [signal] @param {Function} [_onUpdate] @param {any} [ctx] */
    async execute(toolCallId, params, signal, _onUpdate, ctx) {
      refuseOptions(factory, options, ["operations"]);
      return runInTau({ name, toolCallId, params, cwd: ctx?.cwd || cwd }, signal);
    },
  };
}

/**
 * The environment Pi hands a bash spawnHook: the inherited one without Pi's session variables, plus
 * the session's own when `expose` and a ctx are there.
 * @param {boolean} expose @param {any} ctx
 */
function hookBaseEnv(expose, ctx) {
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env };
  for (const name of SESSION_ENV) delete env[name];
  if (expose && ctx) {
    try {
      env.PI_SESSION_ID = ctx.sessionManager?.getSessionId?.();
      const file = ctx.sessionManager?.getSessionFile?.();
      if (file) env.PI_SESSION_FILE = file;
    } catch {
      // No session bound yet: leave the session variables out.
    }
    if (ctx.model) {
      env.PI_PROVIDER = ctx.model.provider;
      env.PI_MODEL = ctx.model.id;
    }
    if (ctx.thinkingLevel) env.PI_REASONING_LEVEL = ctx.thinkingLevel;
  }
  return env;
}

/**
 * The variables of `env` that differ from the host's own environment (which is tau's): what tau must set
 * on top of its bash environment. Removals cannot be expressed and are not carried over.
 * @param {Record<string, unknown>} env
 */
function changedVariables(env) {
  /** @type {Record<string, string>} */
  const changed = {};
  for (const [name, value] of Object.entries(env ?? {})) {
    if (typeof value === "string" && process.env[name] !== value) changed[name] = value;
  }
  return changed;
}

/**
 * Pi's shell tool definition (bash, powershell) running tau's tool `name`.
 * @param {string} name @param {string} shellName @param {string} snippet @param {string} factory @param {string} cwd @param {any} options
 */
function shellToolDefinition(name, shellName, snippet, factory, cwd, options) {
  const expose = options?.exposeSessionEnvironment ?? true;
  const spawnHook = options?.spawnHook;
  const commandPrefix = options?.commandPrefix;
  return {
    name,
    label: name,
    description: `Execute a ${shellName} command in the current working directory. Returns stdout and stderr. Output is truncated to last ${DEFAULT_MAX_LINES} lines or ${KB}KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.`,
    promptSnippet: snippet,
    promptGuidelines: expose ? [SESSION_GUIDELINE] : undefined,
    parameters: shellSchema,
    outputSchema: shellOutputSchema,
    constrainedSampling: STRICT,
    /** @param {string} toolCallId @param {any} params @param {AbortSignal} [signal] @param {Function} [onUpdate] @param {any} [ctx] */
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      refuseOptions(factory, options, ["operations", "shellPath"]);
      const command = commandPrefix ? `${commandPrefix}\n${params?.command}` : params?.command;
      let spawn = { command, cwd: ctx?.cwd || cwd, env: /** @type {Record<string, string> | undefined} */ (undefined) };
      if (spawnHook) {
        const base = hookBaseEnv(expose, ctx);
        const hooked = await spawnHook({ command, cwd: spawn.cwd, env: base });
        spawn = { command: hooked?.command ?? command, cwd: hooked?.cwd ?? spawn.cwd, env: changedVariables(hooked?.env ?? base) };
      }
      // Pi's shell tools start with an empty partial result.
      onUpdate?.({ content: [], details: undefined });
      const request = { name, toolCallId, params: { ...params, command: spawn.command }, cwd: spawn.cwd };
      return runInTau(spawn.env && Object.keys(spawn.env).length > 0 ? { ...request, env: spawn.env } : request, signal);
    },
  };
}

/** @param {string} cwd @param {any} [options] */
export const createReadToolDefinition = (cwd, options) =>
  fileToolDefinition("read", "createReadToolDefinition", cwd, options, {
    description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to ${DEFAULT_MAX_LINES} lines or ${KB}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
    promptSnippet: "Read file contents",
    promptGuidelines: ["Use read to examine files instead of cat or sed."],
    parameters: readSchema,
    outputSchema: readOutputSchema,
    constrainedSampling: STRICT,
  });

/** @param {string} cwd @param {any} [options] */
export const createBashToolDefinition = (cwd, options) =>
  shellToolDefinition("bash", "bash", "Execute bash commands (ls, grep, find, etc.)", "createBashToolDefinition", cwd, options);

/** Pi's PowerShell tool; tau has no such built-in, so running it fails with tau's answer. @param {string} cwd @param {any} [options] */
export const createPowerShellToolDefinition = (cwd, options) =>
  shellToolDefinition("powershell", "PowerShell", "Execute PowerShell commands", "createPowerShellToolDefinition", cwd, options);

/** @param {string} cwd @param {any} [options] */
export const createEditToolDefinition = (cwd, options) => ({
  ...fileToolDefinition("edit", "createEditToolDefinition", cwd, options, {
    description:
      "Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.",
    promptSnippet: "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    promptGuidelines: [
      "Use edit for targeted changes. Batch changes to one file in a single call.",
      "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions.",
    ],
    parameters: editSchema,
    constrainedSampling: STRICT,
  }),
  prepareArguments: prepareEditArguments,
});

/** @param {string} cwd @param {any} [options] */
export const createWriteToolDefinition = (cwd, options) =>
  fileToolDefinition("write", "createWriteToolDefinition", cwd, options, {
    description: "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.",
    promptSnippet: "Create or overwrite files",
    promptGuidelines: ["Use write only for new files or complete rewrites."],
    parameters: writeSchema,
    constrainedSampling: STRICT,
  });

/** @param {string} cwd @param {any} [options] */
export const createGrepToolDefinition = (cwd, options) =>
  fileToolDefinition("grep", "createGrepToolDefinition", cwd, options, {
    description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to 100 matches or ${KB}KB (whichever is hit first). Long lines are truncated to ${GREP_MAX_LINE_LENGTH} chars.`,
    promptSnippet: "Search file contents for patterns (respects .gitignore)",
    parameters: grepSchema,
  });

/** @param {string} cwd @param {any} [options] */
export const createFindToolDefinition = (cwd, options) =>
  fileToolDefinition("find", "createFindToolDefinition", cwd, options, {
    description: `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to 1000 results or ${KB}KB (whichever is hit first).`,
    promptSnippet: "Find files by glob pattern (respects .gitignore)",
    parameters: findSchema,
  });

/** @param {string} cwd @param {any} [options] */
export const createLsToolDefinition = (cwd, options) =>
  fileToolDefinition("ls", "createLsToolDefinition", cwd, options, {
    description: `List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to 500 entries or ${KB}KB (whichever is hit first).`,
    promptSnippet: "List directory contents",
    parameters: lsSchema,
  });

/**
 * Pi's AgentTool view of a definition (its `wrapToolDefinition`): the model-facing fields and execute.
 * @param {any} definition
 * @param {boolean} [withPrompt] the shell tools also keep their prompt text
 */
function wrap(definition, withPrompt = false) {
  const tool = {
    name: definition.name,
    label: definition.label,
    description: definition.description,
    parameters: definition.parameters,
    outputSchema: definition.outputSchema,
    constrainedSampling: definition.constrainedSampling,
    prepareArguments: definition.prepareArguments,
    executionMode: definition.executionMode,
    /** @param {string} id @param {any} params @param {AbortSignal} [signal] @param {Function} [onUpdate] @param {any} [ctx] */
    execute: (id, params, signal, onUpdate, ctx) => definition.execute(id, params, signal, onUpdate, ctx),
  };
  return withPrompt ? Object.assign(tool, { promptSnippet: definition.promptSnippet, promptGuidelines: definition.promptGuidelines }) : tool;
}

/** @param {string} cwd @param {any} [options] */
export const createReadTool = (cwd, options) => wrap(createReadToolDefinition(cwd, options));
/** @param {string} cwd @param {any} [options] */
export const createBashTool = (cwd, options) => wrap(createBashToolDefinition(cwd, options), true);
/** @param {string} cwd @param {any} [options] */
export const createPowerShellTool = (cwd, options) => wrap(createPowerShellToolDefinition(cwd, options), true);
/** @param {string} cwd @param {any} [options] */
export const createEditTool = (cwd, options) => wrap(createEditToolDefinition(cwd, options));
/** @param {string} cwd @param {any} [options] */
export const createWriteTool = (cwd, options) => wrap(createWriteToolDefinition(cwd, options));
/** @param {string} cwd @param {any} [options] */
export const createGrepTool = (cwd, options) => wrap(createGrepToolDefinition(cwd, options));
/** @param {string} cwd @param {any} [options] */
export const createFindTool = (cwd, options) => wrap(createFindToolDefinition(cwd, options));
/** @param {string} cwd @param {any} [options] */
export const createLsTool = (cwd, options) => wrap(createLsToolDefinition(cwd, options));

/** read, bash, edit, write, as Pi's SDK builds them. @param {string} cwd @param {any} [options] per-tool options */
export const createCodingTools = (cwd, options) => [
  createReadTool(cwd, options?.read),
  createBashTool(cwd, options?.bash),
  createEditTool(cwd, options?.edit),
  createWriteTool(cwd, options?.write),
];

/** read, grep, find, ls. @param {string} cwd @param {any} [options] per-tool options */
export const createReadOnlyTools = (cwd, options) => [
  createReadTool(cwd, options?.read),
  createGrepTool(cwd, options?.grep),
  createFindTool(cwd, options?.find),
  createLsTool(cwd, options?.ls),
];
