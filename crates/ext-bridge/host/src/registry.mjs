// What Pi derives from all loaded extensions together: where each came from (`sourceInfo`), the
// invocation names of their commands (duplicates become `name:1`, `name:2`, …), the load-order
// conflicts of tools and flags, and the tool list `pi.getAllTools()` shows. Pi computes these in its
// resource loader and runner; tau's host holds every extension record, so it computes them here.

import { isAbsolute, join, relative, resolve } from "node:path";
// Pi's wrapper of a tool definition into an AgentTool, by path (the package's `exports` map only opens
// its main entry); a small file with no imports.
import { wrapToolDefinition } from "../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/tool-definition-wrapper.js";

/**
 * Pi's `sourceInfo` of an extension: `cli` for `-e` paths; `auto` for files found in the
 * project's or the agent's `extensions` folder (with that folder's parent as `baseDir`); `local`
 * for paths configured in settings (scope by whether the file lies in the project).
 * @param {{path: string, resolvedPath: string, cli?: boolean}} item
 * @param {{cwd: string, agentDir?: string}} where
 */
export function sourceInfoFor(item, { cwd, agentDir }) {
  const top = { origin: "top-level" };
  if (item.cli) return { path: item.path, source: "cli", scope: "temporary", ...top };
  const file = resolve(cwd, item.resolvedPath);
  const projectBase = join(cwd, ".pi");
  if (within(join(projectBase, "extensions"), file)) return { path: item.path, source: "auto", scope: "project", ...top, baseDir: projectBase };
  if (agentDir && within(join(agentDir, "extensions"), file)) return { path: item.path, source: "auto", scope: "user", ...top, baseDir: agentDir };
  return { path: item.path, source: "local", scope: within(cwd, file) ? "project" : "user", ...top };
}

/** @param {string} folder @param {string} file */
function within(folder, file) {
  const rel = relative(folder, file);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

/** Pi's `sourceInfo` of a built-in tool. @param {string} name */
export function builtinSourceInfo(name) {
  return { path: `builtin:${name}`, source: "builtin", scope: "temporary", origin: "top-level" };
}

/**
 * Every registered command with the name it is invoked by, in load order: a name registered by
 * more than one extension is `name:<n>` for its n-th registration (skipping names taken), as Pi's
 * runner resolves them.
 * @param {import("./api.mjs").ExtensionRecord[]} records
 * @returns {{record: import("./api.mjs").ExtensionRecord, command: any, invocationName: string}[]}
 */
export function resolveCommands(records) {
  const all = records.flatMap((record) => [...record.commands.values()].map((command) => ({ record, command })));
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const { command } of all) counts.set(command.name, (counts.get(command.name) ?? 0) + 1);
  /** @type {Map<string, number>} */
  const seen = new Map();
  const taken = new Set();
  return all.map(({ record, command }) => {
    const occurrence = (seen.get(command.name) ?? 0) + 1;
    seen.set(command.name, occurrence);
    let invocationName = (counts.get(command.name) ?? 0) > 1 ? `${command.name}:${occurrence}` : command.name;
    let suffix = occurrence;
    while (taken.has(invocationName)) invocationName = `${command.name}:${++suffix}`;
    taken.add(invocationName);
    return { record, command, invocationName };
  });
}

/**
 * `pi.getCommands()`: the extension commands by invocation name, with their extension's sourceInfo
 * (tau has no prompt templates or skills to list after them).
 * @param {import("./api.mjs").ExtensionRecord[]} records
 */
export function commandList(records) {
  return resolveCommands(records).map(({ record, command, invocationName }) => ({
    name: invocationName,
    description: command.description,
    source: "extension",
    sourceInfo: record.sourceInfo,
  }));
}

/**
 * Pi's load-order conflicts: a tool or flag name an earlier extension registered. Each is a load
 * error of the later extension (Pi keeps both loaded; tau, like Pi's print mode, stops).
 * @param {import("./api.mjs").ExtensionRecord[]} records
 * @returns {{path: string, message: string}[]}
 */
export function conflicts(records) {
  /** @type {{path: string, message: string}[]} */
  const found = [];
  /** @type {Map<string, string>} */
  const toolOwners = new Map();
  /** @type {Map<string, string>} */
  const flagOwners = new Map();
  for (const record of records) {
    for (const name of record.tools.keys()) {
      const owner = toolOwners.get(name);
      if (owner && owner !== record.path) found.push({ path: record.path, message: `Tool "${name}" conflicts with ${owner}` });
      else toolOwners.set(name, record.path);
    }
    for (const name of record.flags.keys()) {
      const owner = flagOwners.get(name);
      if (owner && owner !== record.path) found.push({ path: record.path, message: `Flag "--${name}" conflicts with ${owner}` });
      else flagOwners.set(name, record.path);
    }
  }
  return found;
}

/**
 * Pi's `getAllTools()` entries over tau's tool list (name, description, parameters, guidelines):
 * `exposure` (tau exposes every tool to the model directly), the definition's `namespace`,
 * `annotations` and `reachesTools` for extension tools, and `sourceInfo` (the registering
 * extension's, `builtin:<name>` for tau's own tools); tau's own tools first, as Pi lists them.
 * @param {any[]} tools from the state mirror
 * @param {import("./api.mjs").ExtensionRecord[]} records
 */
export function describeAllTools(tools, records) {
  // Pi lists its built-in tools before the extensions' (its registry is built in that order).
  const owned = (/** @type {any} */ tool) => records.some((record) => record.tools.has(tool.name));
  const ordered = [...tools.filter((t) => !owned(t)), ...tools.filter(owned)];
  return ordered.map((tool) => {
    const owner = records.findLast((record) => record.tools.has(tool.name));
    const definition = owner?.tools.get(tool.name);
    return {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      // Pi gives the definition's own list; tau's tools without guidelines have none (an empty
      // list in the mirror means none).
      promptGuidelines: definition
        ? definition.promptGuidelines
        : tool.promptGuidelines?.length
          ? tool.promptGuidelines
          : undefined,
      exposure: "direct",
      ...(definition?.namespace ? { namespace: definition.namespace } : {}),
      ...(definition?.annotations ? { annotations: { ...definition.annotations } } : {}),
      ...(definition?.reachesTools ? { reachesTools: definition.reachesTools } : {}),
      sourceInfo: owner ? owner.sourceInfo : builtinSourceInfo(tool.name),
    };
  });
}

/**
 * The tool context's `tools` (Pi's callable tools): the active tools as Pi's AgentTools. An extension's
 * tool is its definition wrapped by Pi's own `wrapToolDefinition` (the fields Pi copies, and an
 * `execute` that runs the definition with a fresh tool ctx of its extension); a built-in is tau's
 * description of it with an `execute` that runs the tool Pi's factory makes for the session's cwd
 * (the real package, loaded on first use), as Pi's tool registry holds the factories' tools.
 * @param {any[]} tools from the state mirror @param {string[]} active
 * @param {import("./api.mjs").ExtensionRecord[]} records
 * @param {{toolContext: (path: string, toolCallId: string, signal?: AbortSignal) => any, cwd: () => string}} [run]
 *   what `execute` needs; without it the entries have no `execute`
 */
export function callableTools(tools, active, records, run) {
  const on = new Set(active);
  return tools
    .filter((tool) => on.has(tool.name))
    .map((tool) => {
      const owner = records.findLast((record) => record.tools.has(tool.name));
      const definition = owner?.tools.get(tool.name);
      if (owner && definition && run) {
        return wrapToolDefinition(definition, (/** @type {string} */ id, /** @type {AbortSignal} */ signal) =>
          run.toolContext(owner.path, id, signal),
        );
      }
      const entry = { name: tool.name, label: definition?.label ?? tool.label ?? tool.name, description: tool.description, parameters: tool.parameters };
      if (!run || definition) return entry;
      return {
        ...entry,
        /** @param {string} id @param {any} params @param {AbortSignal} [signal] @param {any} [onUpdate] */
        execute: async (id, params, signal, onUpdate) => (await builtinTool(tool.name, run.cwd())).execute(id, params, signal, onUpdate),
      };
    });
}

/** Pi's factory of each built-in tool, by tool name. */
const BUILTIN_FACTORIES = {
  read: "createReadTool", bash: "createBashTool", edit: "createEditTool", write: "createWriteTool",
  grep: "createGrepTool", find: "createFindTool", ls: "createLsTool", powershell: "createPowerShellTool",
};

/**
 * The tool Pi's factory makes for the built-in `name` in `cwd`, from the real package (imported here,
 * not at start-up: most tool calls never read `ctx.tools`). @param {string} name @param {string} cwd
 */
async function builtinTool(name, cwd) {
  const factory = /** @type {Record<string, string>} */ (BUILTIN_FACTORIES)[name];
  if (!factory) throw new Error(`${name} is not one of Pi's built-in tools`);
  const { pi } = await import("./shim/pi-package.mjs");
  return pi[factory](cwd);
}
