// JSONL framing and request/response bookkeeping for the tau <-> host protocol (docs/protocol.md).
// Owns: splitting input on "\n" (tolerating "\r\n"), writing one frame per line, matching responses to
// pending requests by id. Does not know any method's meaning; see host.mjs for dispatch.

/**
 * @typedef {{kind: string, id?: number, method?: string, params?: any, result?: any, error?: any}} Frame
 */

/**
 * Splits a byte/string stream into lines on "\n" only. A trailing "\r" is dropped so "\r\n" input works;
 * U+2028/U+2029 inside JSON strings are left alone (unlike readline, which would not split on them either,
 * but does split on a lone "\r").
 */
export class LineSplitter {
  constructor() {
    /** @type {string} */
    this.buffer = "";
  }

  /**
   * Feeds a chunk and returns the complete lines it finished.
   * @param {string} chunk
   * @returns {string[]}
   */
  push(chunk) {
    this.buffer += chunk;
    const lines = [];
    let index = this.buffer.indexOf("\n");
    while (index !== -1) {
      let line = this.buffer.slice(0, index);
      if (line.endsWith("\r")) line = line.slice(0, -1);
      lines.push(line);
      this.buffer = this.buffer.slice(index + 1);
      index = this.buffer.indexOf("\n");
    }
    return lines;
  }
}

/**
 * One side of the JSONL connection: sends frames through `write`, tracks the requests it sent.
 */
export class Connection {
  /**
   * @param {(line: string) => void} write receives one complete line including its "\n"
   */
  constructor(write) {
    this.write = write;
    this.nextId = 1;
    /** @type {Map<number, {resolve: (v: any) => void, reject: (e: Error) => void}>} */
    this.pending = new Map();
    this.closed = false;
  }

  /** @param {Frame} frame */
  send(frame) {
    if (this.closed) return;
    this.write(`${JSON.stringify(frame)}\n`);
  }

  /**
   * Sends a request and resolves with its result (rejects with the error message of an error response).
   * When `options.signal` aborts while the request is pending, tau gets a `cancel` notify naming the
   * request; the promise still settles with tau's answer (normally its "aborted" error), so nothing tau
   * does for the request is left unreported.
   * @param {string} method
   * @param {any} params
   * @param {{signal?: AbortSignal}} [options]
   * @returns {Promise<any>}
   */
  request(method, params, options = {}) {
    if (this.closed) return Promise.reject(new Error(`connection to tau closed; cannot send ${method}`));
    const id = this.nextId++;
    const { signal } = options;
    const onAbort = () => this.notify("cancel", { requestId: id });
    return new Promise((resolve, reject) => {
      const settle = (/** @type {(v: any) => void} */ fn) => (/** @type {any} */ value) => {
        signal?.removeEventListener("abort", onAbort);
        fn(value);
      };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      this.send({ kind: "request", id, method, params });
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /**
   * @param {string} method
   * @param {any} params
   */
  notify(method, params) {
    this.send({ kind: "notify", method, params });
  }

  /**
   * Routes a response frame to its waiter. Unknown ids are ignored (the waiter may have given up).
   * @param {Frame} frame
   * @returns {boolean} whether a waiter was found
   */
  handleResponse(frame) {
    const waiter = typeof frame.id === "number" ? this.pending.get(frame.id) : undefined;
    if (!waiter) return false;
    this.pending.delete(/** @type {number} */ (frame.id));
    if (frame.error) {
      const error = new Error(String(frame.error.message ?? "request failed"));
      waiter.reject(error);
    } else {
      waiter.resolve(frame.result);
    }
    return true;
  }

  /** Fails every pending request; later sends are dropped. */
  close() {
    this.closed = true;
    for (const waiter of this.pending.values()) waiter.reject(new Error("connection to tau closed"));
    this.pending.clear();
  }
}

/**
 * Turns a thrown value into the protocol's error object.
 * @param {unknown} error
 * @param {string | undefined} extensionPath
 */
export function errorPayload(error, extensionPath) {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  /** @type {{message: string, stack?: string, extensionPath?: string}} */
  const payload = { message };
  if (stack) payload.stack = stack;
  if (extensionPath) payload.extensionPath = extensionPath;
  return payload;
}

/**
 * JSON-safe copy of a value returned by extension code: functions and symbols dropped, cycles cut
 * (an object shared by two branches is kept in both), undefined preserved as absence, bigints as
 * strings, Errors as `{message, stack}`.
 * @param {unknown} value
 */
export function toJson(value) {
  if (value === undefined) return undefined;
  /** @type {object[]} the objects enclosing the value being visited */
  const ancestors = [];
  const text = JSON.stringify(value, function (_key, v) {
    if (typeof v === "bigint") return v.toString();
    if (typeof v !== "object" || v === null) return v;
    // `this` is the object holding `v`; drop ancestors that are not on the path to it.
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(v)) return undefined;
    const out = v instanceof Error ? { message: v.message, stack: v.stack } : v;
    ancestors.push(out);
    return out;
  });
  return text === undefined ? undefined : JSON.parse(text);
}
