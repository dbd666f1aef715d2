#!/usr/bin/env node
// Entry point of tau's extension host: JSONL over stdin/stdout (docs/protocol.md). stdout carries frames
// only; console output of the host and of extensions goes to stderr, tagged with the extension's path.

import { format } from "node:util";
import { Host, currentExtension } from "./host.mjs";
import { Connection, LineSplitter } from "./rpc.mjs";

/** Protocol version this host speaks. */
export const PROTOCOL_VERSION = 1;
/** Version of this host package. */
export const HOST_VERSION = "0.1.0";

const stdoutWrite = process.stdout.write.bind(process.stdout);
const conn = new Connection((line) => stdoutWrite(line));

/** Tag for stderr lines: the running extension's path, else "host". */
function tag() {
  const store = currentExtension.getStore();
  return store?.path ?? "host";
}

// Extensions and libraries must not corrupt the frame stream: every console method writes to stderr.
for (const level of ["log", "info", "warn", "error", "debug", "trace"]) {
  /** @type {any} */ (console)[level] = (/** @type {any[]} */ ...args) => {
    process.stderr.write(`[${tag()}] ${level}: ${format(...args)}\n`);
  };
}
// A stray process.stdout.write from extension code would also corrupt frames; route it to stderr.
process.stdout.write = /** @type {any} */ (
  (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => process.stderr.write(chunk, ...rest)
);

/** @param {unknown} error @param {string} kind */
function reportFault(error, kind) {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const extensionPath = currentExtension.getStore()?.path;
  process.stderr.write(`[${extensionPath ?? "host"}] ${kind}: ${message}\n`);
  conn.notify("log", { extensionPath, level: "error", message: `${kind}: ${message}` });
}
process.on("uncaughtException", (error) => reportFault(error, "uncaught exception"));
process.on("unhandledRejection", (reason) => reportFault(reason, "unhandled rejection"));

const host = new Host(conn, () => {
  conn.close();
  process.exit(0);
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
      stdoutWrite(`${JSON.stringify({ ...hello, error: { message } })}\n`, () => process.exit(2));
      return;
    }
    conn.send(hello);
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
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  for (const line of splitter.push(String(chunk))) onLine(line);
});
process.stdin.on("end", () => {
  // tau closed our input: nothing can answer our requests any more, but finish (and answer) the requests
  // already running, then exit.
  const finish = () => {
    if (host.running.size > 0) return void setTimeout(finish, 10);
    conn.close();
    process.exit(0);
  };
  finish();
});
