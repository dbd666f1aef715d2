// Test client: spawns the real host (src/main.mjs) and speaks the JSONL protocol to it, the way tau does.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
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

/**
 * Starts the host the way tau does: a Unix socket in a private folder, named to the host in
 * TAU_EXT_CHANNEL with TAU_EXT_CHANNEL_TOKEN, stdin closed, stdout and stderr plain pipes.
 * @param {{env?: NodeJS.ProcessEnv, token?: string}} [options]
 * @returns {{child: import("node:child_process").ChildProcess, channel: Promise<net.Socket>, token: string}}
 */
export function spawnHost(options = {}) {
  const dir = mkdtempSync(join(tmpdir(), "tau-host-test-"));
  const path = join(dir, "channel.sock");
  const token = options.token ?? `t${Math.random().toString(16).slice(2)}`;
  const server = net.createServer();
  const channel = new Promise((resolve, reject) => {
    server.once("connection", (socket) => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
      resolve(socket);
    });
    server.once("error", reject);
  });
  server.listen(path);
  const env = { ...(options.env ?? process.env), TAU_EXT_CHANNEL: path, TAU_EXT_CHANNEL_TOKEN: token };
  const child = spawn(process.execPath, [hostMain], { stdio: ["ignore", "pipe", "pipe"], env });
  child.on("exit", () => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { child, channel, token };
}

export class HostClient {
  /**
   * @param {{onRequest?: (frame: any) => any, env?: NodeJS.ProcessEnv}} [options] `onRequest` answers host→tau
   * requests (default: `{}`); `env` is the host's environment (default: the test's)
   */
  constructor(options = {}) {
    const { child, channel, token } = spawnHost({ env: options.env });
    this.child = child;
    this.token = token;
    /** @type {net.Socket | undefined} */
    this.socket = undefined;
    /** @type {string[]} frames sent before the host connected */
    this.queued = [];
    this.endWhenConnected = false;
    /** what the host (and its extensions) wrote to stdout */
    this.stdout = "";
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (d) => (this.stdout += d));
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
    void channel.then((socket) => {
      this.socket = socket;
      socket.setEncoding("utf8");
      for (const line of this.queued.splice(0)) socket.write(line);
      if (this.endWhenConnected) socket.end();
      socket.on("data", (chunk) => {
        buffer += chunk;
        let i;
        while ((i = buffer.indexOf("\n")) !== -1) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 1);
          this.#onFrame(JSON.parse(line));
        }
      });
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
    this.sendRaw(`${JSON.stringify(frame)}\n`);
  }

  /** Writes raw text to the channel (once the host has connected). @param {string} text */
  sendRaw(text) {
    if (this.socket) this.socket.write(text);
    else this.queued.push(text);
  }

  /** Closes tau's end of the channel, as tau does when it is done. */
  endChannel() {
    if (this.socket) this.socket.end();
    else this.endWhenConnected = true;
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
      this.endChannel();
      await this.exited;
    }
  }
}
