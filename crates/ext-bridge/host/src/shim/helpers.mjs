// Pure helpers of Pi's `@earendil-works/pi-coding-agent` that tau implements in the host: tool-event type
// guards, truncation, the agent dir, the per-file mutation queue, front matter parsing.

import { realpath } from "node:fs/promises";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The yaml parser, loaded on the first front matter to parse (importing it costs start-up time otherwise).
 * @type {((text: string) => any) | undefined}
 */
let yamlParse;
/** @param {string} text */
function parseYaml(text) {
  yamlParse ??= createRequire(import.meta.url)("yaml").parse;
  return yamlParse(text);
}

/** Pi's default output limits for tool results (lines, bytes). */
export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
/** Longest grep match line before it is cut (characters). */
export const GREP_MAX_LINE_LENGTH = 500;

/** tau's agent directory: TAU_AGENT_DIR, else ~/.tau/agent (as the tau CLI resolves it). */
export function getAgentDir() {
  const dir = process.env.TAU_AGENT_DIR;
  if (dir) return dir.startsWith("~") ? join(homedir(), dir.slice(1)) : dir;
  return join(homedir(), ".tau", "agent");
}

/** Identity helper that keeps a tool definition's parameter types (a no-op at runtime, as in Pi). */
export const defineTool = (/** @type {any} */ tool) => tool;

/** @param {string} name */
const toolGuard = (name) => (/** @type {any} */ event) => event?.toolName === name;
export const isBashToolResult = toolGuard("bash");
export const isPowerShellToolResult = toolGuard("powershell");
export const isReadToolResult = toolGuard("read");
export const isEditToolResult = toolGuard("edit");
export const isWriteToolResult = toolGuard("write");
export const isGrepToolResult = toolGuard("grep");
export const isFindToolResult = toolGuard("find");
export const isLsToolResult = toolGuard("ls");
/** @param {string} toolName @param {any} event */
export const isToolCallEventType = (toolName, event) => event?.toolName === toolName;

/** Human-readable byte count: B below 1 KiB, else KB/MB with one decimal. @param {number} bytes */
export function formatSize(bytes) {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

const byteLength = (/** @type {string} */ s) => Buffer.byteLength(s, "utf-8");

/** Lines as Pi counts them: a trailing newline does not start another line. @param {string} text */
function countableLines(text) {
  if (text.length === 0) return [];
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  return lines;
}

/**
 * Shared body of truncateHead/truncateTail.
 * @param {string} content
 * @param {{maxLines?: number, maxBytes?: number}} options
 * @param {boolean} fromEnd keep the last lines instead of the first
 */
function truncate(content, options, fromEnd) {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = byteLength(content);
  const lines = countableLines(content);
  const totalLines = lines.length;
  const result = (/** @type {Record<string, any>} */ fields) => ({
    content: "", truncated: true, truncatedBy: "lines", totalLines, totalBytes, outputLines: 0, outputBytes: 0,
    lastLinePartial: false, firstLineExceedsLimit: false, maxLines, maxBytes, ...fields,
  });
  if (totalLines <= maxLines && totalBytes <= maxBytes) {
    return result({ content, truncated: false, truncatedBy: null, outputLines: totalLines, outputBytes: totalBytes });
  }
  if (!fromEnd && byteLength(lines[0]) > maxBytes) {
    return result({ truncatedBy: "bytes", firstLineExceedsLimit: true });
  }
  /** @type {string[]} */
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
        // Keep the end of an over-long last line, cut on a UTF-8 character boundary.
        const buf = Buffer.from(lines[i], "utf-8");
        let start = buf.length - maxBytes;
        while (start < buf.length && (buf[start] & 0xc0) === 0x80) start++;
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

/** Keeps the first lines within the limits. @param {string} content @param {{maxLines?: number, maxBytes?: number}} [options] */
export const truncateHead = (content, options = {}) => truncate(content, options, false);
/** Keeps the last lines within the limits. @param {string} content @param {{maxLines?: number, maxBytes?: number}} [options] */
export const truncateTail = (content, options = {}) => truncate(content, options, true);

/** Cuts one line to `maxChars` UTF-16 units without splitting a surrogate pair. @param {string} line @param {number} [maxChars] */
export function truncateLine(line, maxChars = GREP_MAX_LINE_LENGTH) {
  if (line.length <= maxChars) return { text: line, wasTruncated: false };
  let end = Math.max(0, maxChars);
  const code = line.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: `${line.slice(0, end)}... [truncated]`, wasTruncated: true };
}

/** @type {Map<string, Promise<void>>} */
const mutationQueues = new Map();
/** Registrations happen in call order even though resolving a path's key is async. */
let registrations = Promise.resolve();

/**
 * Runs `fn` after every earlier mutation of the same file (symlinks resolved) has finished, so
 * concurrent edits of one file never interleave. Different files run in parallel.
 * @template T
 * @param {string} filePath
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withFileMutationQueue(filePath, fn) {
  /** @type {() => void} */
  let release = () => {};
  const mine = new Promise((done) => (release = () => done(undefined)));
  const registered = registrations.then(async () => {
    const absolute = resolve(filePath);
    const key = await realpath(absolute).catch(() => absolute);
    const previous = mutationQueues.get(key) ?? Promise.resolve();
    const tail = previous.then(() => mine);
    mutationQueues.set(key, tail);
    return { key, previous, tail };
  });
  registrations = registered.then(() => undefined, () => undefined);
  const { key, previous, tail } = await registered;
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (mutationQueues.get(key) === tail) mutationQueues.delete(key);
  }
}

/**
 * Splits leading `---` YAML front matter from a document.
 * @param {string} content
 * @returns {{frontmatter: Record<string, any>, body: string}}
 */
export function parseFrontmatter(content) {
  // Pi drops a BOM, normalises line ends, and trims the body after the closing "---".
  const text = content.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const close = text.startsWith("---") ? text.indexOf("\n---", 3) : -1;
  if (close === -1) return { frontmatter: {}, body: text };
  const yamlText = text.slice(4, close);
  const body = text.slice(close + 4).trim();
  const parsed = yamlText.trim() ? parseYaml(yamlText) : null;
  return { frontmatter: parsed ?? {}, body };
}

/** The document without its front matter. @param {string} content */
export const stripFrontmatter = (content) => parseFrontmatter(content).body;

/** Pi's in-process event bus: `emit(channel, data)` and `on(channel, handler)` returning an unsubscribe. */
export function createEventBus() {
  /** @type {Map<string, Set<Function>>} */
  const channels = new Map();
  return {
    /** @param {string} channel @param {unknown} data */
    emit(channel, data) {
      for (const handler of [...(channels.get(channel) ?? [])]) {
        Promise.resolve()
          .then(() => handler(data))
          .catch((/** @type {unknown} */ error) => console.error(`event bus handler for "${channel}" failed:`, error));
      }
    },
    /** @param {string} channel @param {Function} handler */
    on(channel, handler) {
      const set = channels.get(channel) ?? new Set();
      set.add(handler);
      channels.set(channel, set);
      return () => set.delete(handler);
    },
    clear: () => channels.clear(),
  };
}
