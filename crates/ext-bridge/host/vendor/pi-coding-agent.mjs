import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
import {
  typebox_exports
} from "./chunk-BYSJDBGY.mjs";
import "./chunk-CY6LOIHW.mjs";
import "./chunk-GND5RGAO.mjs";

// src/shim/helpers.mjs
import { realpath } from "node:fs/promises";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
var yamlParse;
function parseYaml(text) {
  yamlParse ??= createRequire(import.meta.url)("yaml").parse;
  return yamlParse(text);
}
var DEFAULT_MAX_LINES = 2e3;
var DEFAULT_MAX_BYTES = 50 * 1024;
var GREP_MAX_LINE_LENGTH = 500;
function getAgentDir() {
  const dir = process.env.TAU_AGENT_DIR;
  if (dir) return dir.startsWith("~") ? join(homedir(), dir.slice(1)) : dir;
  return join(homedir(), ".tau", "agent");
}
var defineTool = (tool) => tool;
var toolGuard = (name) => (event) => event?.toolName === name;
var isBashToolResult = toolGuard("bash");
var isPowerShellToolResult = toolGuard("powershell");
var isReadToolResult = toolGuard("read");
var isEditToolResult = toolGuard("edit");
var isWriteToolResult = toolGuard("write");
var isGrepToolResult = toolGuard("grep");
var isFindToolResult = toolGuard("find");
var isLsToolResult = toolGuard("ls");
var isToolCallEventType = (toolName, event) => event?.toolName === toolName;
function formatSize(bytes) {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}
var byteLength = (s) => Buffer.byteLength(s, "utf-8");
function countableLines(text) {
  if (text.length === 0) return [];
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  return lines;
}
function truncate(content, options, fromEnd) {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = byteLength(content);
  const lines = countableLines(content);
  const totalLines = lines.length;
  const result = (fields) => ({
    content: "",
    truncated: true,
    truncatedBy: "lines",
    totalLines,
    totalBytes,
    outputLines: 0,
    outputBytes: 0,
    lastLinePartial: false,
    firstLineExceedsLimit: false,
    maxLines,
    maxBytes,
    ...fields
  });
  if (totalLines <= maxLines && totalBytes <= maxBytes) {
    return result({ content, truncated: false, truncatedBy: null, outputLines: totalLines, outputBytes: totalBytes });
  }
  if (!fromEnd && byteLength(lines[0]) > maxBytes) {
    return result({ truncatedBy: "bytes", firstLineExceedsLimit: true });
  }
  const kept = [];
  let used = 0;
  let by = "lines";
  let partial = false;
  const order = fromEnd ? [...lines.keys()].reverse() : [...lines.keys()];
  for (const i of order) {
    if (kept.length >= maxLines) break;
    const cost = byteLength(lines[i]) + (kept.length > 0 ? 1 : 0);
    if (used + cost > maxBytes) {
      by = "bytes";
      if (fromEnd && kept.length === 0) {
        const buf = Buffer.from(lines[i], "utf-8");
        let start = buf.length - maxBytes;
        while (start < buf.length && (buf[start] & 192) === 128) start++;
        kept.push(buf.subarray(start).toString("utf-8"));
        partial = true;
      }
      break;
    }
    if (fromEnd) kept.unshift(lines[i]);
    else kept.push(lines[i]);
    used += cost;
  }
  if (kept.length >= maxLines && used <= maxBytes) by = "lines";
  const out = kept.join("\n");
  return result({ content: out, truncatedBy: by, outputLines: kept.length, outputBytes: byteLength(out), lastLinePartial: partial });
}
var truncateHead = (content, options = {}) => truncate(content, options, false);
var truncateTail = (content, options = {}) => truncate(content, options, true);
function truncateLine(line, maxChars = GREP_MAX_LINE_LENGTH) {
  if (line.length <= maxChars) return { text: line, wasTruncated: false };
  let end = Math.max(0, maxChars);
  const code = line.charCodeAt(end - 1);
  if (code >= 55296 && code <= 56319) end -= 1;
  return { text: `${line.slice(0, end)}... [truncated]`, wasTruncated: true };
}
var mutationQueues = /* @__PURE__ */ new Map();
var registrations = Promise.resolve();
async function withFileMutationQueue(filePath, fn) {
  let release = () => {
  };
  const mine = new Promise((done) => release = () => done(void 0));
  const registered = registrations.then(async () => {
    const absolute = resolve(filePath);
    const key2 = await realpath(absolute).catch(() => absolute);
    const previous2 = mutationQueues.get(key2) ?? Promise.resolve();
    const tail2 = previous2.then(() => mine);
    mutationQueues.set(key2, tail2);
    return { key: key2, previous: previous2, tail: tail2 };
  });
  registrations = registered.then(() => void 0, () => void 0);
  const { key, previous, tail } = await registered;
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (mutationQueues.get(key) === tail) mutationQueues.delete(key);
  }
}
function parseFrontmatter(content) {
  const text = content.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const close = text.startsWith("---") ? text.indexOf("\n---", 3) : -1;
  if (close === -1) return { frontmatter: {}, body: text };
  const yamlText = text.slice(4, close);
  const body = text.slice(close + 4).trim();
  const parsed = yamlText.trim() ? parseYaml(yamlText) : null;
  return { frontmatter: parsed ?? {}, body };
}
var stripFrontmatter = (content) => parseFrontmatter(content).body;
function createEventBus() {
  const channels = /* @__PURE__ */ new Map();
  return {
    /** @param {string} channel @param {unknown} data */
    emit(channel, data) {
      for (const handler of [...channels.get(channel) ?? []]) {
        Promise.resolve().then(() => handler(data)).catch((error) => console.error(`event bus handler for "${channel}" failed:`, error));
      }
    },
    /** @param {string} channel @param {Function} handler */
    on(channel, handler) {
      const set = channels.get(channel) ?? /* @__PURE__ */ new Set();
      set.add(handler);
      channels.set(channel, set);
      return () => set.delete(handler);
    },
    clear: () => channels.clear()
  };
}

// src/shim/bridge.mjs
var BRIDGE_KEY = /* @__PURE__ */ Symbol.for("tau.ext-host.bridge");

// src/shim/builtin-tools.mjs
var KB = DEFAULT_MAX_BYTES / 1024;
var STRICT = Object.freeze({ type: "json_schema", strict: "prefer" });
var SESSION_ENV = ["PI_SESSION_ID", "PI_SESSION_FILE", "PI_PROVIDER", "PI_MODEL", "PI_REASONING_LEVEL"];
var SESSION_GUIDELINE = "You can inspect PI_* environment variables for current model and session details.";
var readSchema = typebox_exports.Object({
  path: typebox_exports.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: typebox_exports.Optional(typebox_exports.Number({ description: "Line number to start reading from (1-indexed)" })),
  limit: typebox_exports.Optional(typebox_exports.Number({ description: "Maximum number of lines to read" }))
});
var readOutputSchema = typebox_exports.Union([
  typebox_exports.String(),
  typebox_exports.Object({ type: typebox_exports.Literal("image"), data: typebox_exports.String(), mimeType: typebox_exports.String(), note: typebox_exports.String() })
]);
var shellSchema = typebox_exports.Object({
  command: typebox_exports.String({ description: "Shell command to execute" }),
  timeout: typebox_exports.Optional(typebox_exports.Number({ description: "Timeout in seconds (optional, no default timeout)" }))
});
var shellOutputSchema = typebox_exports.Object({
  output: typebox_exports.String({ description: "Combined stdout and stderr, possibly truncated" }),
  truncated: typebox_exports.Boolean(),
  full_output_path: typebox_exports.Optional(typebox_exports.String({ description: "Full output, when truncated" })),
  exit_code: typebox_exports.Number(),
  wall_time_seconds: typebox_exports.Number()
});
var editSchema = typebox_exports.Object(
  {
    path: typebox_exports.String({ description: "Path to the file to edit (relative or absolute)" }),
    edits: typebox_exports.Array(
      typebox_exports.Object(
        {
          oldText: typebox_exports.String({
            description: "Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call."
          }),
          newText: typebox_exports.String({ description: "Replacement text for this targeted edit." })
        },
        {}
      ),
      {
        description: "One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead."
      }
    )
  },
  {}
);
var writeSchema = typebox_exports.Object({
  path: typebox_exports.String({ description: "Path to the file to write (relative or absolute)" }),
  content: typebox_exports.String({ description: "Content to write to the file" })
});
var grepSchema = typebox_exports.Object({
  pattern: typebox_exports.String({ description: "Search pattern (regex or literal string)" }),
  path: typebox_exports.Optional(typebox_exports.String({ description: "Directory or file to search (default: current directory)" })),
  glob: typebox_exports.Optional(
    typebox_exports.String({
      description: "Filter files by glob pattern relative to path, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"
    })
  ),
  ignoreCase: typebox_exports.Optional(typebox_exports.Boolean({ description: "Case-insensitive search (default: false)" })),
  literal: typebox_exports.Optional(typebox_exports.Boolean({ description: "Treat pattern as literal string instead of regex (default: false)" })),
  context: typebox_exports.Optional(typebox_exports.Number({ description: "Number of lines to show before and after each match (default: 0)" })),
  limit: typebox_exports.Optional(typebox_exports.Number({ description: "Maximum number of matches to return (default: 100)" }))
});
var findSchema = typebox_exports.Object({
  pattern: typebox_exports.String({
    description: "Glob pattern relative to the search directory, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"
  }),
  path: typebox_exports.Optional(typebox_exports.String({ description: "Directory to search in (default: current directory)" })),
  limit: typebox_exports.Optional(typebox_exports.Number({ description: "Maximum number of results (default: 1000)" }))
});
var lsSchema = typebox_exports.Object({
  path: typebox_exports.Optional(typebox_exports.String({ description: "Directory to list (default: current directory)" })),
  limit: typebox_exports.Optional(typebox_exports.Number({ description: "Maximum number of entries to return (default: 500)" }))
});
async function runInTau(request, signal) {
  const bridge = (
    /** @type {any} */
    globalThis[BRIDGE_KEY]
  );
  if (!bridge) throw new Error(`the ${request.name} tool runs only inside tau's extension host`);
  if (signal?.aborted) throw new Error(request.name === "bash" ? "Command aborted" : "Operation aborted");
  return bridge.runBuiltinTool(request, signal);
}
function refuseOptions(factory, options, unsupported) {
  const given = unsupported.filter((key) => options?.[key] !== void 0);
  if (given.length > 0) {
    throw new Error(`${factory}: option ${given.join(", ")} is not supported by tau yet; tau runs its own built-in tool`);
  }
}
function prepareEditArguments(input) {
  if (!input || typeof input !== "object") return input;
  const isEdit = (v) => v && typeof v === "object" && !Array.isArray(v) && typeof v.oldText === "string" && typeof v.newText === "string";
  const args = input;
  if (typeof args.edits === "string") {
    try {
      const parsed = JSON.parse(args.edits);
      if (Array.isArray(parsed)) args.edits = parsed;
      else if (isEdit(parsed)) args.edits = [parsed];
    } catch {
    }
  } else if (isEdit(args.edits)) {
    args.edits = [args.edits];
  }
  if (typeof args.oldText !== "string" || typeof args.newText !== "string") return args;
  const { oldText, newText, ...rest } = args;
  return { ...rest, edits: [...Array.isArray(args.edits) ? args.edits : [], { oldText, newText }] };
}
function fileToolDefinition(name, factory, cwd, options, fields) {
  return {
    name,
    label: name,
    ...fields,
    /** @param {string} toolCallId @param {any} params @param {AbortSignal} [signal] @param {Function} [_onUpdate] @param {any} [ctx] */
    async execute(toolCallId, params, signal, _onUpdate, ctx) {
      refuseOptions(factory, options, ["operations"]);
      return runInTau({ name, toolCallId, params, cwd: ctx?.cwd || cwd }, signal);
    }
  };
}
function hookBaseEnv(expose, ctx) {
  const env = { ...process.env };
  for (const name of SESSION_ENV) delete env[name];
  if (expose && ctx) {
    try {
      env.PI_SESSION_ID = ctx.sessionManager?.getSessionId?.();
      const file = ctx.sessionManager?.getSessionFile?.();
      if (file) env.PI_SESSION_FILE = file;
    } catch {
    }
    if (ctx.model) {
      env.PI_PROVIDER = ctx.model.provider;
      env.PI_MODEL = ctx.model.id;
    }
    if (ctx.thinkingLevel) env.PI_REASONING_LEVEL = ctx.thinkingLevel;
  }
  return env;
}
function changedVariables(env) {
  const changed = {};
  for (const [name, value] of Object.entries(env ?? {})) {
    if (typeof value === "string" && process.env[name] !== value) changed[name] = value;
  }
  return changed;
}
function shellToolDefinition(name, shellName, snippet, factory, cwd, options) {
  const expose = options?.exposeSessionEnvironment ?? true;
  const spawnHook = options?.spawnHook;
  const commandPrefix = options?.commandPrefix;
  return {
    name,
    label: name,
    description: `Execute a ${shellName} command in the current working directory. Returns stdout and stderr. Output is truncated to last ${DEFAULT_MAX_LINES} lines or ${KB}KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.`,
    promptSnippet: snippet,
    promptGuidelines: expose ? [SESSION_GUIDELINE] : void 0,
    parameters: shellSchema,
    outputSchema: shellOutputSchema,
    constrainedSampling: STRICT,
    /** @param {string} toolCallId @param {any} params @param {AbortSignal} [signal] @param {Function} [onUpdate] @param {any} [ctx] */
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      refuseOptions(factory, options, ["operations", "shellPath"]);
      const command = commandPrefix ? `${commandPrefix}
${params?.command}` : params?.command;
      let spawn = { command, cwd: ctx?.cwd || cwd, env: (
        /** @type {Record<string, string> | undefined} */
        void 0
      ) };
      if (spawnHook) {
        const base = hookBaseEnv(expose, ctx);
        const hooked = await spawnHook({ command, cwd: spawn.cwd, env: base });
        spawn = { command: hooked?.command ?? command, cwd: hooked?.cwd ?? spawn.cwd, env: changedVariables(hooked?.env ?? base) };
      }
      onUpdate?.({ content: [], details: void 0 });
      const request = { name, toolCallId, params: { ...params, command: spawn.command }, cwd: spawn.cwd };
      return runInTau(spawn.env && Object.keys(spawn.env).length > 0 ? { ...request, env: spawn.env } : request, signal);
    }
  };
}
var createReadToolDefinition = (cwd, options) => fileToolDefinition("read", "createReadToolDefinition", cwd, options, {
  description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to ${DEFAULT_MAX_LINES} lines or ${KB}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
  promptSnippet: "Read file contents",
  promptGuidelines: ["Use read to examine files instead of cat or sed."],
  parameters: readSchema,
  outputSchema: readOutputSchema,
  constrainedSampling: STRICT
});
var createBashToolDefinition = (cwd, options) => shellToolDefinition("bash", "bash", "Execute bash commands (ls, grep, find, etc.)", "createBashToolDefinition", cwd, options);
var createPowerShellToolDefinition = (cwd, options) => shellToolDefinition("powershell", "PowerShell", "Execute PowerShell commands", "createPowerShellToolDefinition", cwd, options);
var createEditToolDefinition = (cwd, options) => ({
  ...fileToolDefinition("edit", "createEditToolDefinition", cwd, options, {
    description: "Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.",
    promptSnippet: "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    promptGuidelines: [
      "Use edit for targeted changes. Batch changes to one file in a single call.",
      "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions."
    ],
    parameters: editSchema,
    constrainedSampling: STRICT
  }),
  prepareArguments: prepareEditArguments
});
var createWriteToolDefinition = (cwd, options) => fileToolDefinition("write", "createWriteToolDefinition", cwd, options, {
  description: "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.",
  promptSnippet: "Create or overwrite files",
  promptGuidelines: ["Use write only for new files or complete rewrites."],
  parameters: writeSchema,
  constrainedSampling: STRICT
});
var createGrepToolDefinition = (cwd, options) => fileToolDefinition("grep", "createGrepToolDefinition", cwd, options, {
  description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to 100 matches or ${KB}KB (whichever is hit first). Long lines are truncated to ${GREP_MAX_LINE_LENGTH} chars.`,
  promptSnippet: "Search file contents for patterns (respects .gitignore)",
  parameters: grepSchema
});
var createFindToolDefinition = (cwd, options) => fileToolDefinition("find", "createFindToolDefinition", cwd, options, {
  description: `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to 1000 results or ${KB}KB (whichever is hit first).`,
  promptSnippet: "Find files by glob pattern (respects .gitignore)",
  parameters: findSchema
});
var createLsToolDefinition = (cwd, options) => fileToolDefinition("ls", "createLsToolDefinition", cwd, options, {
  description: `List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to 500 entries or ${KB}KB (whichever is hit first).`,
  promptSnippet: "List directory contents",
  parameters: lsSchema
});
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
    execute: (id, params, signal, onUpdate, ctx) => definition.execute(id, params, signal, onUpdate, ctx)
  };
  return withPrompt ? Object.assign(tool, { promptSnippet: definition.promptSnippet, promptGuidelines: definition.promptGuidelines }) : tool;
}
var createReadTool = (cwd, options) => wrap(createReadToolDefinition(cwd, options));
var createBashTool = (cwd, options) => wrap(createBashToolDefinition(cwd, options), true);
var createPowerShellTool = (cwd, options) => wrap(createPowerShellToolDefinition(cwd, options), true);
var createEditTool = (cwd, options) => wrap(createEditToolDefinition(cwd, options));
var createWriteTool = (cwd, options) => wrap(createWriteToolDefinition(cwd, options));
var createGrepTool = (cwd, options) => wrap(createGrepToolDefinition(cwd, options));
var createFindTool = (cwd, options) => wrap(createFindToolDefinition(cwd, options));
var createLsTool = (cwd, options) => wrap(createLsToolDefinition(cwd, options));
var createCodingTools = (cwd, options) => [
  createReadTool(cwd, options?.read),
  createBashTool(cwd, options?.bash),
  createEditTool(cwd, options?.edit),
  createWriteTool(cwd, options?.write)
];
var createReadOnlyTools = (cwd, options) => [
  createReadTool(cwd, options?.read),
  createGrepTool(cwd, options?.grep),
  createFindTool(cwd, options?.find),
  createLsTool(cwd, options?.ls)
];

// src/shim/conversation.mjs
var COMPACTION_PREFIX = "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
var COMPACTION_SUFFIX = "\n</summary>";
var BRANCH_PREFIX = "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
var BRANCH_SUFFIX = "</summary>";
var TOOL_RESULT_MAX_CHARS = 2e3;
var IMAGE_CHARS = 4800;
function contentText(content, separator = "\n") {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((block) => block?.type === "text").map((block) => block.text).join(separator);
}
function bashExecutionText(msg) {
  let text = `Ran \`${msg.command}\`
`;
  text += msg.output ? `\`\`\`
${msg.output}
\`\`\`` : "(no output)";
  if (msg.cancelled) text += "\n\n(command cancelled)";
  else if (msg.exitCode !== null && msg.exitCode !== void 0 && msg.exitCode !== 0) text += `

Command exited with code ${msg.exitCode}`;
  if (msg.truncated && msg.fullOutputPath) text += `

[Output truncated. Full output: ${msg.fullOutputPath}]`;
  return text;
}
var userText = (text, timestamp) => ({ role: "user", content: [{ type: "text", text }], timestamp });
function convertToLlm(messages) {
  const out = [];
  for (const m of messages ?? []) {
    switch (m?.role) {
      case "bashExecution":
        if (!m.excludeFromContext) out.push(userText(bashExecutionText(m), m.timestamp));
        break;
      case "custom":
        out.push({ role: "user", content: typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content, timestamp: m.timestamp });
        break;
      case "branchSummary":
        out.push(userText(BRANCH_PREFIX + m.summary + BRANCH_SUFFIX, m.timestamp));
        break;
      case "compactionSummary":
        out.push(userText(COMPACTION_PREFIX + m.summary + COMPACTION_SUFFIX, m.timestamp));
        break;
      case "system":
      case "user":
      case "assistant":
      case "toolResult":
        out.push(m);
        break;
      default:
        break;
    }
  }
  return out;
}
function sliceHead(text, max) {
  const end = Math.max(0, max);
  const high = text.charCodeAt(end - 1);
  const low = text.charCodeAt(end);
  return high >= 55296 && high <= 56319 && low >= 56320 && low <= 57343 ? text.slice(0, end - 1) : text.slice(0, end);
}
function truncateForSummary(text) {
  if (text.length <= TOOL_RESULT_MAX_CHARS) return text;
  return `${sliceHead(text, TOOL_RESULT_MAX_CHARS)}

[... ${text.length - TOOL_RESULT_MAX_CHARS} more characters truncated]`;
}
function serializeConversation(messages) {
  const parts = [];
  for (const msg of messages ?? []) {
    if (msg?.role === "user") {
      const text = contentText(msg.content, "");
      if (text) parts.push(`[User]: ${text}`);
    } else if (msg?.role === "assistant") {
      const blocks = Array.isArray(msg.content) ? msg.content : [];
      const calls = blocks.filter((b) => b.type === "toolCall").map((b) => {
        const args = Object.entries(b.arguments ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
        return `${b.name}(${args.join(", ")})`;
      });
      if (blocks.some((b) => b.type === "text")) parts.push(`[Assistant]: ${contentText(blocks)}`);
      if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
    } else if (msg?.role === "toolResult") {
      const text = contentText(msg.content, "");
      if (text) parts.push(`[Tool result]: ${truncateForSummary(text)}`);
    }
  }
  return parts.join("\n\n");
}
function contentChars(content) {
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const block of content ?? []) {
    if (block.type === "text" && block.text) chars += block.text.length;
    else if (block.type === "image") chars += IMAGE_CHARS;
  }
  return chars;
}
function estimateTokens(message) {
  let chars = 0;
  switch (message?.role) {
    case "system":
      chars = contentChars(message.content);
      for (const section of Object.values(message.sections ?? {})) if (section) chars += String(section).length;
      if (message.toolsAdded) chars += JSON.stringify(message.toolsAdded).length;
      break;
    case "user":
    case "custom":
    case "toolResult":
      chars = contentChars(message.content);
      break;
    case "assistant":
      for (const block of message.content ?? []) {
        if (block.type === "text") chars += block.text.length;
        else if (block.type === "thinking") chars += block.thinking.length;
        else if (block.type === "toolCall") chars += block.name.length + JSON.stringify(block.arguments).length;
      }
      break;
    case "bashExecution":
      chars = message.command.length + message.output.length;
      break;
    case "branchSummary":
    case "compactionSummary":
      chars = message.summary.length;
      break;
    default:
      return 0;
  }
  return Math.ceil(chars / 4);
}
function calculateContextTokens(usage) {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}
function getLastAssistantUsage(entries) {
  for (let i = (entries?.length ?? 0) - 1; i >= 0; i--) {
    const message = entries[i]?.type === "message" ? entries[i].message : void 0;
    if (message?.role === "assistant" && message.stopReason !== "aborted" && message.stopReason !== "error" && message.usage && calculateContextTokens(message.usage) > 0) {
      return message.usage;
    }
  }
  return void 0;
}
function shouldCompact(tokens, window, settings) {
  if (!settings.enabled) return false;
  return tokens > window - settings.reserveTokens;
}
function lineNumber(value) {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : void 0;
}
function formatReadLineRange(offset, limit) {
  if (offset == null && limit == null) return "";
  const start = offset == null ? 1 : lineNumber(offset);
  if (start === void 0) return "";
  if (limit == null) return `:${start}`;
  const count = lineNumber(limit);
  if (count === void 0) return "";
  const end = start + count - 1;
  return `:${start}${end ? `-${end}` : ""}`;
}

// src/shim/pi-coding-agent.mjs
var CONFIG_DIR_NAME = process.env.TAU_CONFIG_DIR_NAME || ".pi";
var VERSION = "1.6.0";
var CURRENT_SESSION_VERSION = 3;
var DEFAULT_COMPACTION_SETTINGS = Object.freeze({ enabled: true, reserveTokens: 16384, keepRecentTokens: 2e4 });
var VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";
function notSupported(name) {
  return new Error(`${name} from @earendil-works/pi-coding-agent is not supported by tau yet`);
}
function unsupportedFunction(name) {
  const fn = () => {
    throw notSupported(name);
  };
  Object.defineProperty(fn, "name", { value: name });
  return fn;
}
function unsupportedClass(name) {
  const cls = class {
    constructor() {
      throw notSupported(name);
    }
  };
  Object.defineProperty(cls, "name", { value: name });
  return cls;
}
var OAuthSelectorComponent = unsupportedClass("OAuthSelectorComponent");
var AgentSession = unsupportedClass("AgentSession");
var AgentSessionRuntime = unsupportedClass("AgentSessionRuntime");
var ArminComponent = unsupportedClass("ArminComponent");
var AssistantMessageComponent = unsupportedClass("AssistantMessageComponent");
var BashExecutionComponent = unsupportedClass("BashExecutionComponent");
var BorderedLoader = unsupportedClass("BorderedLoader");
var BranchSummaryMessageComponent = unsupportedClass("BranchSummaryMessageComponent");
var CompactionSummaryMessageComponent = unsupportedClass("CompactionSummaryMessageComponent");
var CredentialSynchronizationError = unsupportedClass("CredentialSynchronizationError");
var CustomEditor = unsupportedClass("CustomEditor");
var CustomMessageComponent = unsupportedClass("CustomMessageComponent");
var DefaultPackageManager = unsupportedClass("DefaultPackageManager");
var DefaultResourceLoader = unsupportedClass("DefaultResourceLoader");
var DynamicBorder = unsupportedClass("DynamicBorder");
var ExtensionEditorComponent = unsupportedClass("ExtensionEditorComponent");
var ExtensionInputComponent = unsupportedClass("ExtensionInputComponent");
var ExtensionRunner = unsupportedClass("ExtensionRunner");
var ExtensionSelectorComponent = unsupportedClass("ExtensionSelectorComponent");
var FooterComponent = unsupportedClass("FooterComponent");
var InteractiveMode = unsupportedClass("InteractiveMode");
var LoginDialogComponent = unsupportedClass("LoginDialogComponent");
var ModelRegistry = unsupportedClass("ModelRegistry");
var ModelRuntime = unsupportedClass("ModelRuntime");
var ModelSelectorComponent = unsupportedClass("ModelSelectorComponent");
var ProjectTrustStore = unsupportedClass("ProjectTrustStore");
var RpcClient = unsupportedClass("RpcClient");
var SessionManager = unsupportedClass("SessionManager");
var SessionSelectorComponent = unsupportedClass("SessionSelectorComponent");
var SettingsManager = unsupportedClass("SettingsManager");
var SettingsSelectorComponent = unsupportedClass("SettingsSelectorComponent");
var ShowImagesSelectorComponent = unsupportedClass("ShowImagesSelectorComponent");
var SkillInvocationMessageComponent = unsupportedClass("SkillInvocationMessageComponent");
var Theme = unsupportedClass("Theme");
var ThemeSelectorComponent = unsupportedClass("ThemeSelectorComponent");
var ThinkingSelectorComponent = unsupportedClass("ThinkingSelectorComponent");
var ToolExecutionComponent = unsupportedClass("ToolExecutionComponent");
var TreeSelectorComponent = unsupportedClass("TreeSelectorComponent");
var UserMessageComponent = unsupportedClass("UserMessageComponent");
var UserMessageSelectorComponent = unsupportedClass("UserMessageSelectorComponent");
var buildContextEntries = unsupportedFunction("buildContextEntries");
var buildSessionContext = unsupportedFunction("buildSessionContext");
var buildSessionProjection = unsupportedFunction("buildSessionProjection");
var collectEntriesForBranchSummary = unsupportedFunction("collectEntriesForBranchSummary");
var compact = unsupportedFunction("compact");
var convertToPng = unsupportedFunction("convertToPng");
var copyToClipboard = unsupportedFunction("copyToClipboard");
var createAgentSession = unsupportedFunction("createAgentSession");
var createAgentSessionFromServices = unsupportedFunction("createAgentSessionFromServices");
var createAgentSessionRuntime = unsupportedFunction("createAgentSessionRuntime");
var createAgentSessionServices = unsupportedFunction("createAgentSessionServices");
var createCodemodeExtension = unsupportedFunction("createCodemodeExtension");
var createExtensionRuntime = unsupportedFunction("createExtensionRuntime");
var createLocalBashOperations = unsupportedFunction("createLocalBashOperations");
var createLocalPowerShellOperations = unsupportedFunction("createLocalPowerShellOperations");
var createMcpExtension = unsupportedFunction("createMcpExtension");
var createSyntheticSourceInfo = unsupportedFunction("createSyntheticSourceInfo");
var createToolSearchExtension = unsupportedFunction("createToolSearchExtension");
var detectSupportedImageMimeTypeFromFile = unsupportedFunction("detectSupportedImageMimeTypeFromFile");
var discoverAndLoadExtensions = unsupportedFunction("discoverAndLoadExtensions");
var findCutPoint = unsupportedFunction("findCutPoint");
var findTurnStartIndex = unsupportedFunction("findTurnStartIndex");
var formatDimensionNote = unsupportedFunction("formatDimensionNote");
var formatSkillsForPrompt = unsupportedFunction("formatSkillsForPrompt");
var generateBranchSummary = unsupportedFunction("generateBranchSummary");
var generateDiffString = unsupportedFunction("generateDiffString");
var generateSummary = unsupportedFunction("generateSummary");
var generateSummaryWithUsage = unsupportedFunction("generateSummaryWithUsage");
var generateUnifiedPatch = unsupportedFunction("generateUnifiedPatch");
var getDocsPath = unsupportedFunction("getDocsPath");
var getExamplesPath = unsupportedFunction("getExamplesPath");
var getLanguageFromPath = unsupportedFunction("getLanguageFromPath");
var getLatestCompactionEntry = unsupportedFunction("getLatestCompactionEntry");
var getMarkdownTheme = unsupportedFunction("getMarkdownTheme");
var getPackageDir = unsupportedFunction("getPackageDir");
var getPowerShellConfig = unsupportedFunction("getPowerShellConfig");
var getReadmePath = unsupportedFunction("getReadmePath");
var getSelectListTheme = unsupportedFunction("getSelectListTheme");
var getSettingsListTheme = unsupportedFunction("getSettingsListTheme");
var getShellConfig = unsupportedFunction("getShellConfig");
var hasTrustRequiringProjectResources = unsupportedFunction("hasTrustRequiringProjectResources");
var highlightCode = unsupportedFunction("highlightCode");
var initTheme = unsupportedFunction("initTheme");
var keyHint = unsupportedFunction("keyHint");
var keyText = unsupportedFunction("keyText");
var loadProjectContextFiles = unsupportedFunction("loadProjectContextFiles");
var loadSkills = unsupportedFunction("loadSkills");
var loadSkillsFromDir = unsupportedFunction("loadSkillsFromDir");
var main = unsupportedFunction("main");
var migrateSessionEntries = unsupportedFunction("migrateSessionEntries");
var parseArgs = unsupportedFunction("parseArgs");
var parseSessionEntries = unsupportedFunction("parseSessionEntries");
var parseSkillBlock = unsupportedFunction("parseSkillBlock");
var prepareBranchEntries = unsupportedFunction("prepareBranchEntries");
var rawKeyHint = unsupportedFunction("rawKeyHint");
var readStoredCredential = unsupportedFunction("readStoredCredential");
var renderDiff = unsupportedFunction("renderDiff");
var resizeImage = unsupportedFunction("resizeImage");
var resolveCliModel = unsupportedFunction("resolveCliModel");
var resolveModelScopeWithDiagnostics = unsupportedFunction("resolveModelScopeWithDiagnostics");
var runPrintMode = unsupportedFunction("runPrintMode");
var runRpcMode = unsupportedFunction("runRpcMode");
var sessionEntryToContextMessages = unsupportedFunction("sessionEntryToContextMessages");
var truncateToVisualLines = unsupportedFunction("truncateToVisualLines");
var wrapRegisteredTool = unsupportedFunction("wrapRegisteredTool");
var wrapRegisteredTools = unsupportedFunction("wrapRegisteredTools");
export {
  AgentSession,
  AgentSessionRuntime,
  ArminComponent,
  AssistantMessageComponent,
  BashExecutionComponent,
  BorderedLoader,
  BranchSummaryMessageComponent,
  CONFIG_DIR_NAME,
  CURRENT_SESSION_VERSION,
  CompactionSummaryMessageComponent,
  CredentialSynchronizationError,
  CustomEditor,
  CustomMessageComponent,
  DEFAULT_COMPACTION_SETTINGS,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  DefaultPackageManager,
  DefaultResourceLoader,
  DynamicBorder,
  ExtensionEditorComponent,
  ExtensionInputComponent,
  ExtensionRunner,
  ExtensionSelectorComponent,
  FooterComponent,
  InteractiveMode,
  LoginDialogComponent,
  ModelRegistry,
  ModelRuntime,
  ModelSelectorComponent,
  OAuthSelectorComponent,
  ProjectTrustStore,
  RpcClient,
  SessionManager,
  SessionSelectorComponent,
  SettingsManager,
  SettingsSelectorComponent,
  ShowImagesSelectorComponent,
  SkillInvocationMessageComponent,
  Theme,
  ThemeSelectorComponent,
  ThinkingSelectorComponent,
  ToolExecutionComponent,
  TreeSelectorComponent,
  UserMessageComponent,
  UserMessageSelectorComponent,
  VERSION,
  VIRTUAL_MODEL_STATE_ENTRY,
  buildContextEntries,
  buildSessionContext,
  buildSessionProjection,
  calculateContextTokens,
  collectEntriesForBranchSummary,
  compact,
  convertToLlm,
  convertToPng,
  copyToClipboard,
  createAgentSession,
  createAgentSessionFromServices,
  createAgentSessionRuntime,
  createAgentSessionServices,
  createBashTool,
  createBashToolDefinition,
  createCodemodeExtension,
  createCodingTools,
  createEditTool,
  createEditToolDefinition,
  createEventBus,
  createExtensionRuntime,
  createFindTool,
  createFindToolDefinition,
  createGrepTool,
  createGrepToolDefinition,
  createLocalBashOperations,
  createLocalPowerShellOperations,
  createLsTool,
  createLsToolDefinition,
  createMcpExtension,
  createPowerShellTool,
  createPowerShellToolDefinition,
  createReadOnlyTools,
  createReadTool,
  createReadToolDefinition,
  createSyntheticSourceInfo,
  createToolSearchExtension,
  createWriteTool,
  createWriteToolDefinition,
  defineTool,
  detectSupportedImageMimeTypeFromFile,
  discoverAndLoadExtensions,
  estimateTokens,
  findCutPoint,
  findTurnStartIndex,
  formatDimensionNote,
  formatReadLineRange,
  formatSize,
  formatSkillsForPrompt,
  generateBranchSummary,
  generateDiffString,
  generateSummary,
  generateSummaryWithUsage,
  generateUnifiedPatch,
  getAgentDir,
  getDocsPath,
  getExamplesPath,
  getLanguageFromPath,
  getLastAssistantUsage,
  getLatestCompactionEntry,
  getMarkdownTheme,
  getPackageDir,
  getPowerShellConfig,
  getReadmePath,
  getSelectListTheme,
  getSettingsListTheme,
  getShellConfig,
  hasTrustRequiringProjectResources,
  highlightCode,
  initTheme,
  isBashToolResult,
  isEditToolResult,
  isFindToolResult,
  isGrepToolResult,
  isLsToolResult,
  isPowerShellToolResult,
  isReadToolResult,
  isToolCallEventType,
  isWriteToolResult,
  keyHint,
  keyText,
  loadProjectContextFiles,
  loadSkills,
  loadSkillsFromDir,
  main,
  migrateSessionEntries,
  parseArgs,
  parseFrontmatter,
  parseSessionEntries,
  parseSkillBlock,
  prepareBranchEntries,
  rawKeyHint,
  readStoredCredential,
  renderDiff,
  resizeImage,
  resolveCliModel,
  resolveModelScopeWithDiagnostics,
  runPrintMode,
  runRpcMode,
  serializeConversation,
  sessionEntryToContextMessages,
  shouldCompact,
  stripFrontmatter,
  truncateHead,
  truncateLine,
  truncateTail,
  truncateToVisualLines,
  withFileMutationQueue,
  wrapRegisteredTool,
  wrapRegisteredTools
};
