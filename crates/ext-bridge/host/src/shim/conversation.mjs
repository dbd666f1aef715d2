// Pure message helpers of Pi's `@earendil-works/pi-coding-agent` that extensions use to summarise or
// measure a conversation: convertToLlm, serializeConversation, estimateTokens, the usage helpers and
// formatReadLineRange. Their output formats (summary wrappers, `[User]:` prefixes, the chars/4 estimate)
// are what Pi 1.6.0 produces, because extensions feed them to models and compare them.

const COMPACTION_PREFIX = "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
const COMPACTION_SUFFIX = "\n</summary>";
const BRANCH_PREFIX = "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
const BRANCH_SUFFIX = "</summary>";
/** Longest tool result text serializeConversation keeps (UTF-16 units). */
const TOOL_RESULT_MAX_CHARS = 2000;
/** Characters an image counts as in estimateTokens. */
const IMAGE_CHARS = 4800;

/** The text blocks of a content value joined by `separator`. @param {any} content @param {string} [separator] */
function contentText(content, separator = "\n") {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((block) => block?.type === "text")
    .map((block) => block.text)
    .join(separator);
}

/** The user text Pi makes of a `!command` execution. @param {any} msg */
function bashExecutionText(msg) {
  let text = `Ran \`${msg.command}\`\n`;
  text += msg.output ? `\`\`\`\n${msg.output}\n\`\`\`` : "(no output)";
  if (msg.cancelled) text += "\n\n(command cancelled)";
  else if (msg.exitCode !== null && msg.exitCode !== undefined && msg.exitCode !== 0) text += `\n\nCommand exited with code ${msg.exitCode}`;
  if (msg.truncated && msg.fullOutputPath) text += `\n\n[Output truncated. Full output: ${msg.fullOutputPath}]`;
  return text;
}

/** A user message with one text block. @param {string} text @param {number} timestamp */
const userText = (text, timestamp) => ({ role: "user", content: [{ type: "text", text }], timestamp });

/**
 * Agent messages (with Pi's custom roles) as LLM messages: bash executions, custom messages and summaries
 * become user messages; excluded bash executions and unknown roles are dropped.
 * @param {any[]} messages
 */
export function convertToLlm(messages) {
  /** @type {any[]} */
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

/** The first `max` UTF-16 units without splitting a surrogate pair. @param {string} text @param {number} max */
function sliceHead(text, max) {
  const end = Math.max(0, max);
  const high = text.charCodeAt(end - 1);
  const low = text.charCodeAt(end);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff ? text.slice(0, end - 1) : text.slice(0, end);
}

/** @param {string} text */
function truncateForSummary(text) {
  if (text.length <= TOOL_RESULT_MAX_CHARS) return text;
  return `${sliceHead(text, TOOL_RESULT_MAX_CHARS)}\n\n[... ${text.length - TOOL_RESULT_MAX_CHARS} more characters truncated]`;
}

/**
 * LLM messages as plain text for a summarisation prompt: `[User]:`, `[Assistant]:`, `[Assistant tool
 * calls]:` and `[Tool result]:` paragraphs; thinking is left out and long tool results are cut.
 * @param {any[]} messages
 */
export function serializeConversation(messages) {
  /** @type {string[]} */
  const parts = [];
  for (const msg of messages ?? []) {
    if (msg?.role === "user") {
      const text = contentText(msg.content, "");
      if (text) parts.push(`[User]: ${text}`);
    } else if (msg?.role === "assistant") {
      const blocks = Array.isArray(msg.content) ? msg.content : [];
      const calls = blocks
        .filter((/** @type {any} */ b) => b.type === "toolCall")
        .map((/** @type {any} */ b) => {
          const args = Object.entries(b.arguments ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
          return `${b.name}(${args.join(", ")})`;
        });
      if (blocks.some((/** @type {any} */ b) => b.type === "text")) parts.push(`[Assistant]: ${contentText(blocks)}`);
      if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
    } else if (msg?.role === "toolResult") {
      const text = contentText(msg.content, "");
      if (text) parts.push(`[Tool result]: ${truncateForSummary(text)}`);
    }
  }
  return parts.join("\n\n");
}

/** @param {any} content */
function contentChars(content) {
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const block of content ?? []) {
    if (block.type === "text" && block.text) chars += block.text.length;
    else if (block.type === "image") chars += IMAGE_CHARS;
  }
  return chars;
}

/**
 * Pi's conservative token estimate of one message: characters / 4, rounded up (images count 4800 chars).
 * @param {any} message
 */
export function estimateTokens(message) {
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

/** Context tokens of a usage: `totalTokens`, else the sum of its parts. @param {any} usage */
export function calculateContextTokens(usage) {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

/**
 * The usage of the last assistant message entry that completed with non-zero usage.
 * @param {any[]} entries session entries
 */
export function getLastAssistantUsage(entries) {
  for (let i = (entries?.length ?? 0) - 1; i >= 0; i--) {
    const message = entries[i]?.type === "message" ? entries[i].message : undefined;
    if (
      message?.role === "assistant" &&
      message.stopReason !== "aborted" &&
      message.stopReason !== "error" &&
      message.usage &&
      calculateContextTokens(message.usage) > 0
    ) {
      return message.usage;
    }
  }
  return undefined;
}

/** Whether the context is past the window minus the reserve. @param {number} tokens @param {number} window @param {any} settings */
export function shouldCompact(tokens, window, settings) {
  if (!settings.enabled) return false;
  return tokens > window - settings.reserveTokens;
}

/** @param {unknown} value */
function lineNumber(value) {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/**
 * `:start-end` for a read call's offset/limit (`:start` without a limit, `""` when both are absent or
 * malformed), as Pi's read renderer shows it.
 * @param {unknown} offset @param {unknown} limit
 */
export function formatReadLineRange(offset, limit) {
  if (offset == null && limit == null) return "";
  const start = offset == null ? 1 : lineNumber(offset);
  if (start === undefined) return "";
  if (limit == null) return `:${start}`;
  const count = lineNumber(limit);
  if (count === undefined) return "";
  const end = start + count - 1;
  return `:${start}${end ? `-${end}` : ""}`;
}
