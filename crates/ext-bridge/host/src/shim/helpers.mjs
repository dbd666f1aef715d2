// tau's agent directory, which tau's `@earendil-works/pi-coding-agent` hands out as `getAgentDir` (bound.mjs)
// and Pi's globals are prepared with (pi-globals.mjs).

import { homedir } from "node:os";
import { join } from "node:path";

/** tau's agent directory: TAU_AGENT_DIR (tau sets it from the dir it resolved), else ~/.tau/agent. */
export function getAgentDir() {
  const dir = process.env.TAU_AGENT_DIR;
  if (dir) return dir.startsWith("~") ? join(homedir(), dir.slice(1)) : dir;
  return join(homedir(), ".tau", "agent");
}
