// Test client: spawns the real host (src/main.mjs) and speaks the JSONL protocol to it, the way tau does.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const hostMain = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "main.mjs");
export const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

/** Pi's example extensions, from TAU_PI_EXAMPLES; undefined (tests skip) when absent. */
export const piExamples = (() => {
  const dir = process.env.TAU_PI_EXAMPLES;
  return dir && existsSync(dir) ? dir : undefined;
})();
export const skipExamples = piExamples ? false : "TAU_PI_EXAMPLES is not set to Pi's examples/extensions folder";

/**
 * The reference Pi package (for comparing the shim with Pi's own code): TAU_PI_PACKAGE, else the package
 * holding TAU_PI_EXAMPLES; undefined (tests skip) when absent.
 */
export const piPackage = (() => {
  const dir = process.env.TAU_PI_PACKAGE ?? (piExamples ? join(piExamples, "..", "..") : undefined);
  return dir && existsSync(join(dir, "dist", "index.js")) ? dir : undefined;
})();
export const skipPiPackage = piPackage ? false : "neither TAU_PI_PACKAGE nor TAU_PI_EXAMPLES points at Pi's package";

export class HostClient {
  /**
   * @param {{onRequest?: (frame: any) => any, env?: NodeJS.ProcessEnv}} [options] `onRequest` answers host→tau
   * requests (default: `{}`); `env` is the host's environment (default: the test's)
   */
  constructor(options = {}) {
    this.child = spawn(process.execPath, [hostMain], { stdio: ["pipe", "pipe", "pipe"], env: options.env ?? process.env });
    this.stderr = "";
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (d) => (this.stderr += d));
    /** @type {any[]} every frame the host sent */
    this.frames = [];
    /** @type {any[]} */
    this.notifications = [];
    /** @type {any[]} host→tau requests */
    this.requests = [];
    this.nextId = 1;
    /** @type {Map<number, (frame: any) => void>} */
    this.waiters = new Map();
    /** @type {((frame: any) => void)[]} */
    this.frameWaiters = [];
    this.onRequest = options.onRequest ?? (() => ({}));
    let buffer = "";
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk) => {
      buffer += chunk;
      let i;
      while ((i = buffer.indexOf("\n")) !== -1) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        this.#onFrame(JSON.parse(line));
      }
    });
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  /** @param {any} frame */
  async #onFrame(frame) {
    this.frames.push(frame);
    for (const w of this.frameWaiters.splice(0)) w(frame);
    if (frame.kind === "response") {
      this.waiters.get(frame.id)?.(frame);
      this.waiters.delete(frame.id);
    } else if (frame.kind === "notify") {
      this.notifications.push(frame);
    } else if (frame.kind === "request") {
      this.requests.push(frame);
      try {
        const result = await this.onRequest(frame);
        this.send({ kind: "response", id: frame.id, result: result === undefined ? {} : result });
      } catch (error) {
        this.send({ kind: "response", id: frame.id, error: { message: String(error) } });
      }
    }
  }

  /** @param {any} frame */
  send(frame) {
    this.child.stdin.write(`${JSON.stringify(frame)}\n`);
  }

  /** Resolves with the next frame the host sends. */
  nextFrame() {
    return new Promise((resolve) => this.frameWaiters.push(resolve));
  }

  async hello() {
    const next = this.nextFrame();
    this.send({ kind: "hello", protocol: 1, side: "tau", version: "test" });
    return next;
  }

  /** Sends a request; resolves with the whole response frame. @param {string} method @param {any} params */
  requestFrame(method, params) {
    const id = this.nextId++;
    const done = new Promise((resolve) => this.waiters.set(id, resolve));
    this.send({ kind: "request", id, method, params });
    return Object.assign(done, { id });
  }

  /** Sends a request; resolves with its result or rejects with its error. @param {string} method @param {any} params */
  async request(method, params) {
    const frame = /** @type {any} */ (await this.requestFrame(method, params));
    if (frame.error) throw Object.assign(new Error(frame.error.message), { payload: frame.error });
    return frame.result;
  }

  /** @param {string[]} paths @param {Record<string, any>} [extra] */
  load(paths, extra = {}) {
    return this.request("load", { extensions: paths.map((path) => ({ path })), cwd: process.cwd(), mode: "print", hasUI: false, ...extra });
  }

  /** Waits until `predicate` holds for a notification. @param {(n: any) => boolean} predicate */
  async waitNotification(predicate, timeoutMs = 5000) {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      const found = this.notifications.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("notification not received");
  }

  /** Waits until the host's stderr matches `pattern` (stderr and stdout are separate pipes). @param {RegExp} pattern */
  async waitStderr(pattern, timeoutMs = 5000) {
    const start = Date.now();
    while (!pattern.test(this.stderr)) {
      if (Date.now() - start > timeoutMs) throw new Error(`stderr never matched ${pattern}: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async close() {
    if (this.child.exitCode === null) {
      this.child.stdin.end();
      await this.exited;
    }
  }
}
