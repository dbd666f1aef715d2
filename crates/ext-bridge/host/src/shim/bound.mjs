// The names of `@earendil-works/pi-coding-agent` that tau binds to itself instead of re-exporting the real
// package's: the agent folder (tau's), the project config folder name, and Pi's engine (agent sessions,
// its modes, its extension runner and RPC client), which tau never runs: those names are there so imports
// and `extends` succeed, but throw when called or constructed. Kept apart from the real names so that the lazy view of the module
// (bundle.mjs) can load them without loading the real package.

// Pi's config module, by path: the package's `exports` map only opens its main entry.
import { CONFIG_DIR_NAME as PI_CONFIG_DIR_NAME } from "../../node_modules/@earendil-works/pi-coding-agent/dist/config.js";

export { getAgentDir } from "./helpers.mjs";

/** Project config folder name (`<cwd>/.pi/...`); tau reads Pi's project layout. Override: TAU_CONFIG_DIR_NAME. */
export const CONFIG_DIR_NAME = process.env.TAU_CONFIG_DIR_NAME || PI_CONFIG_DIR_NAME;

/** @param {string} name */
function engineError(name) {
  return new Error(`${name} from @earendil-works/pi-coding-agent is not supported by tau: tau runs its own agent session`);
}

/** A function that throws when called. @param {string} name */
function engineFunction(name) {
  const fn = () => {
    throw engineError(name);
  };
  Object.defineProperty(fn, "name", { value: name });
  return fn;
}

/** A class that can be extended but throws when constructed. @param {string} name */
function engineClass(name) {
  const cls = class {
    constructor() {
      throw engineError(name);
    }
  };
  Object.defineProperty(cls, "name", { value: name });
  return cls;
}

export const AgentSession = engineClass("AgentSession");
export const AgentSessionRuntime = engineClass("AgentSessionRuntime");
export const InteractiveMode = engineClass("InteractiveMode");
export const RpcClient = engineClass("RpcClient");
export const ExtensionRunner = engineClass("ExtensionRunner");
export const createAgentSession = engineFunction("createAgentSession");
export const createAgentSessionFromServices = engineFunction("createAgentSessionFromServices");
export const createAgentSessionRuntime = engineFunction("createAgentSessionRuntime");
export const createAgentSessionServices = engineFunction("createAgentSessionServices");
export const main = engineFunction("main");
export const runPrintMode = engineFunction("runPrintMode");
export const runRpcMode = engineFunction("runRpcMode");
