// `pi.exec()` as Pi runs it: spawn without a shell, stdout/stderr collected as UTF-8, optional timeout and
// AbortSignal that send SIGTERM and, 5 s later, SIGKILL; result `{stdout, stderr, code, killed, truncated}`.

import { constants as bufferConstants } from "node:buffer";
import { spawn } from "node:child_process";
import { constants as osConstants } from "node:os";
import { StringDecoder } from "node:string_decoder";

/** Delay between SIGTERM and SIGKILL, as in Pi. */
export const FORCE_KILL_DELAY_MS = 5000;
const DEFAULT_MAX_BUFFER = Math.min(256 * 1024 * 1024, bufferConstants.MAX_STRING_LENGTH);

/**
 * @typedef {{signal?: AbortSignal, timeout?: number, cwd?: string, maxBuffer?: number}} ExecOptions
 * @typedef {{stdout: string, stderr: string, code: number, killed: boolean, truncated: boolean}} ExecResult
 */

/**
 * Runs `command` with `args` in `cwd`.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {ExecOptions} [options]
 * @returns {Promise<ExecResult>}
 */
export async function execCommand(command, args, cwd, options) {
  const maxBuffer = options?.maxBuffer ?? DEFAULT_MAX_BUFFER;
  if (!Number.isInteger(maxBuffer) || maxBuffer < 0 || maxBuffer > bufferConstants.MAX_STRING_LENGTH) {
    throw new RangeError(`maxBuffer must be an integer between 0 and ${bufferConstants.MAX_STRING_LENGTH} bytes`);
  }
  const child = spawn(command, args ?? [], { cwd, shell: false, stdio: ["ignore", "pipe", "pipe"] });
  const out = { stdout: "", stderr: "" };
  const decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
  let bytes = 0;
  let truncated = false;
  let killed = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {NodeJS.Timeout | undefined} */
  let forceTimer;

  const kill = () => {
    if (killed) return;
    killed = true;
    child.kill("SIGTERM");
    forceTimer = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }, FORCE_KILL_DELAY_MS);
  };
  if (options?.signal) {
    if (options.signal.aborted) kill();
    else options.signal.addEventListener("abort", kill, { once: true });
  }
  if (options?.timeout && options.timeout > 0) timer = setTimeout(kill, options.timeout);

  /** @param {"stdout" | "stderr"} stream */
  const collect = (stream) => (/** @type {Buffer} */ data) => {
    if (truncated) return;
    const room = maxBuffer - bytes;
    let chunk = data;
    if (data.length > room) {
      truncated = true;
      chunk = data.subarray(0, Math.max(room, 0));
      child.stdout?.destroy();
      child.stderr?.destroy();
      kill();
    }
    bytes += chunk.length;
    if (chunk.length > 0) out[stream] += decoders[stream].write(chunk);
  };
  child.stdout?.on("data", collect("stdout"));
  child.stderr?.on("data", collect("stderr"));

  /** @type {number | null} */
  let code;
  try {
    code = await new Promise((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (c) => resolve(c));
    });
  } catch (error) {
    code = 1;
    if (!out.stderr) out.stderr = error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
    clearTimeout(forceTimer);
    options?.signal?.removeEventListener("abort", kill);
  }
  if (!truncated) {
    out.stdout += decoders.stdout.end();
    out.stderr += decoders.stderr.end();
  }
  const signalName = /** @type {keyof typeof osConstants.signals | null} */ (child.signalCode);
  const exitCode = code ?? (signalName ? 128 + (osConstants.signals[signalName] ?? 0) : 1);
  return { stdout: out.stdout, stderr: out.stderr, code: truncated && exitCode === 0 ? 1 : exitCode, killed, truncated };
}
