#!/usr/bin/env node
// Entry point of tau's extension host: JSONL over a private channel (docs/protocol.md "The channel"): a Unix
// socket tau names in TAU_EXT_CHANNEL, removed from the environment before any extension runs, so neither
// extension code writing to fd 1 nor a child process inheriting stdout can reach the frame stream. stdout
// and stderr are plain output that tau shows on its stderr; console output is tagged with the extension.
// Start-up: Node's compile cache is switched on before anything else is imported (the host's modules are
// imported dynamically below for that reason; jiti is imported by loader.mjs on first use).

import module from "node:module";
import net from "node:net";
import { join } from "node:path";
import { format } from "node:util";
// Imports only Node's own modules (jiti comes later), so the compile cache is not needed for it.
import { cacheDir } from "./loader.mjs";

enableCompileCache();

const { Host, currentExtension } = await import("./host.mjs");
await (await import("./tui-package.mjs")).preloadPiTui();
const { Connection, LineSplitter } = await import("./rpc.mjs");

/**
 * Node's on-disk cache of compiled code (Node >= 22.1), for the host, its packages (typebox, pi-tui, pi-ai)
 * and extensions: `NODE_COMPILE_CACHE` when set (Node reads it itself), else `node-compile-cache` in
 * tau's cache folder. Older Node versions run without it.
 */
function enableCompileCache() {
  if (typeof module.enableCompileCache !== "function" || process.env.NODE_COMPILE_CACHE) return;
  const base = cacheDir();
  if (!base) return;
  try {
    module.enableCompileCache(join(base, "node-compile-cache"));
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

/** Protocol version this host speaks. */
export const PROTOCOL_VERSION = 1;
/** Version of this host package. */
export const HOST_VERSION = "0.1.0";

// The real exit, kept before process.exit is replaced below.
const realExit = process.exit.bind(process);
const channel = openChannel();
const conn = new Connection((line) => channel.socket.write(line));

/**
 * Connects to tau's channel and takes its name and token out of the environment, so child processes
 * of extensions do not inherit them. Node opens the socket close-on-exec.
 */
function openChannel() {
  const path = process.env.TAU_EXT_CHANNEL;
  const token = process.env.TAU_EXT_CHANNEL_TOKEN;
  delete process.env.TAU_EXT_CHANNEL;
  delete process.env.TAU_EXT_CHANNEL_TOKEN;
  if (!path) {
    process.stderr.write("[host] TAU_EXT_CHANNEL is not set: the extension host is started by tau, not by hand\n");
    realExit(2);
  }
  const socket = net.createConnection(path);
  socket.on("error", (error) => {
    process.stderr.write(`[host] channel to tau failed: ${error.message}\n`);
    realExit(2);
  });
  return { socket, token };
}

/** Tag for stderr lines: the running extension's path, else "host". */
function tag() {
  const store = currentExtension.getStore();
  return store?.path ?? "host";
}

// In tau's terminal UI the host shares the terminal (TAU_EXT_TERMINAL): programs an extension hands the
// terminal to (`tui.stop()`, then `spawnSync(.., {stdio: "inherit"})`) and its own escape sequences reach
// it, while console output travels to tau as `log` notifications and never lands on the screen.
const onTerminal = process.env.TAU_EXT_TERMINAL === "1";
delete process.env.TAU_EXT_TERMINAL;
// Extensions and libraries must not corrupt the frame stream: every console method writes to stderr.
for (const level of ["log", "info", "warn", "error", "debug", "trace"]) {
  /** @type {any} */ (console)[level] = (/** @type {any[]} */ ...args) => {
    if (onTerminal) {
      const extensionPath = currentExtension.getStore()?.path;
      conn.notify("log", { extensionPath, level, message: format(...args) });
      return;
    }
    process.stderr.write(`[${tag()}] ${level}: ${format(...args)}\n`);
  };
}
// In the terminal UI, an extension's `process.stdout.write` (a notification's OSC sequence, a bell)
// reaches the terminal as in Pi, but through tau, which writes it between frames and redraws when it
// was more than OSC sequences, so tau's screen stays right. fd-1 writes and children still share the
// terminal (what a handed-over program needs).
if (onTerminal) {
  process.stdout.write = /** @type {any} */ (
    (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
      const encoding = typeof rest[0] === "string" ? rest[0] : undefined;
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString(/** @type {any} */ (encoding) ?? "utf8");
      const extensionPath = currentExtension.getStore()?.path ?? "host";
      conn.notify("ui", { extensionPath, method: "writeTerminal", args: [text] });
      const callback = rest.find((r) => typeof r === "function");
      if (callback) queueMicrotask(() => callback());
      return true;
    }
  );
}
// Pi's print, json and rpc modes show what extensions write to stdout on stderr; so does the host (fd-1
// writes and child processes reach tau's stderr through the host's stdout pipe).
if (!onTerminal) {
  process.stdout.write = /** @type {any} */ (
    (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => process.stderr.write(chunk, ...rest)
  );
}

/** @param {unknown} error @param {string} kind */
function reportFault(error, kind) {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const extensionPath = currentExtension.getStore()?.path;
  if (!onTerminal) process.stderr.write(`[${extensionPath ?? "host"}] ${kind}: ${message}\n`);
  conn.notify("log", { extensionPath, level: "error", message: `${kind}: ${message}` });
}
process.on("uncaughtException", (error) => reportFault(error, "uncaught exception"));
process.on("unhandledRejection", (reason) => reportFault(reason, "unhandled rejection"));

// One extension calling process.exit() would end the host for every extension mid-run (tau would see a
// crash, fail all pending requests and restart the host). The host keeps the real exit for itself; for
// everyone else process.exit logs and throws, so the throw surfaces where the call was made (a failed
// load, an error response, or an uncaught-exception log).
process.exit = /** @type {any} */ (
  (/** @type {number | undefined} */ code) => {
    const extensionPath = currentExtension.getStore()?.path;
    const who = extensionPath ? `extension ${extensionPath}` : "code outside any extension";
    const message = `${who} called process.exit(${code ?? ""}); extensions may not end tau's extension host (use ctx.shutdown() to quit tau)`;
    if (!onTerminal) process.stderr.write(`[${extensionPath ?? "host"}] ${message}\n`);
    conn.notify("log", { extensionPath, level: "error", message });
    throw new Error(message);
  }
);

const host = new Host(conn, () => {
  conn.close();
  realExit(0);
});

let greeted = false;

/** @param {string} line */
function onLine(line) {
  if (line.trim() === "") return;
  /** @type {any} */
  let frame;
  try {
    frame = JSON.parse(line);
  } catch {
    process.stderr.write(`[host] skipping malformed frame: ${line.slice(0, 200)}\n`);
    return;
  }
  if (!frame || typeof frame !== "object") return;
  if (!greeted) {
    if (frame.kind !== "hello") {
      process.stderr.write(`[host] expected hello, got ${frame.kind}; skipping\n`);
      return;
    }
    greeted = true;
    const hello = { kind: "hello", protocol: PROTOCOL_VERSION, side: "host", version: HOST_VERSION, node: process.version };
    if (frame.protocol !== PROTOCOL_VERSION) {
      const upgrade = frame.protocol > PROTOCOL_VERSION ? "the extension host" : "tau";
      const message = `protocol mismatch: tau speaks ${frame.protocol}, the extension host speaks ${PROTOCOL_VERSION}; upgrade ${upgrade}`;
      process.stderr.write(`[host] ${message}\n`);
      channel.socket.write(`${JSON.stringify({ ...hello, error: { message } })}\n`, () => realExit(2));
      return;
    }
    conn.send(channel.token ? { ...hello, token: channel.token } : hello);
    return;
  }
  switch (frame.kind) {
    case "request":
      void host.handleRequest(frame);
      break;
    case "response":
      conn.handleResponse(frame);
      break;
    case "notify":
      host.handleNotify(frame);
      break;
    default:
      process.stderr.write(`[host] skipping frame of unknown kind ${frame.kind}\n`);
  }
}

const splitter = new LineSplitter();
channel.socket.setEncoding("utf8");
channel.socket.on("data", (chunk) => {
  for (const line of splitter.push(String(chunk))) onLine(line);
});
channel.socket.on("end", () => {
  // tau closed the channel: nothing can answer our requests any more, but finish (and answer) the requests
  // already running, then exit.
  const finish = () => {
    if (host.running.size > 0) return void setTimeout(finish, 10);
    conn.close();
    realExit(0);
  };
  finish();
});
