// What tau's stand-in for `@earendil-works/pi-coding-agent` keeps of its own besides the tool factories:
// tau's agent directory, and the output limits tau's built-in tools describe themselves with.

import { homedir } from "node:os";
import { join } from "node:path";

/** Pi's default output limits for tool results (lines, bytes). */
export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
/** Longest grep match line before it is cut (characters). */
export const GREP_MAX_LINE_LENGTH = 500;

/** tau's agent directory: TAU_AGENT_DIR (tau sets it from the dir it resolved), else ~/.tau/agent. */
export function getAgentDir() {
  const dir = process.env.TAU_AGENT_DIR;
  if (dir) return dir.startsWith("~") ? join(homedir(), dir.slice(1)) : dir;
  return join(homedir(), ".tau", "agent");
}
