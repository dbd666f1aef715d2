// `pi.registerToolRenderer`: which renderCall/renderResult draw calls of a tool. Pi asks the resolvers of
// every extension in load order; each gets the tool name and `next()`, which is what the remaining
// resolvers, then the registered tool (with the built-in renderers filling in what it lacks), would use.
//
// tau's built-in tool renderers are Rust code, so `next()` hands a resolver stand-in functions for them:
// when the chain ends on one, the host opens no instance and tau draws the built-in row itself.

/** Tools Pi ships renderers for (its `createAllToolRenderers`). */
const BUILT_IN_TOOLS = new Set(["read", "bash", "powershell", "edit", "write", "grep", "find", "ls"]);

/** Stand-ins for tau's own renderers: calling one draws nothing (tau draws the row). */
export const builtInRenderCall = () => undefined;
export const builtInRenderResult = () => undefined;

/** @param {any} fn */
export function isBuiltInRenderer(fn) {
  return fn === builtInRenderCall || fn === builtInRenderResult;
}

/**
 * The registered tool merged with the built-in renderers (Pi's `withBuiltInRenderers`); its functions are
 * attributed to the tool's extension.
 * @param {any} host
 * @param {string} toolName
 * @param {WeakMap<Function, any>} owners
 */
function registered(host, toolName, owners) {
  let found;
  try {
    found = host.findTool(toolName);
  } catch {
    found = undefined;
  }
  const builtIn = BUILT_IN_TOOLS.has(toolName) ? { renderCall: builtInRenderCall, renderResult: builtInRenderResult } : undefined;
  if (!found) return builtIn;
  for (const fn of [found.tool.renderCall, found.tool.renderResult]) if (typeof fn === "function") owners.set(fn, found.record);
  if (!builtIn) return found.tool;
  return {
    ...found.tool,
    renderCall: found.tool.renderCall ?? builtIn.renderCall,
    renderResult: found.tool.renderResult ?? builtIn.renderResult,
  };
}

/**
 * Runs the resolver chain for `toolName`. A resolver that throws is reported (as Pi reports extension
 * errors) and counts as having returned `next()`.
 * @param {any} host the Host (extensions, services)
 * @param {string} toolName
 * @returns {{renderers: any, owners: WeakMap<Function, any>}} the chain's answer (`undefined`: none) and
 *   the extension each of its functions came from
 */
export function resolveToolRenderers(host, toolName) {
  /** @type {WeakMap<Function, any>} */
  const owners = new WeakMap();
  const resolvers = host.extensions.flatMap((/** @type {any} */ record) =>
    (record.toolRenderers ?? []).map((/** @type {any} */ resolver) => ({ record, resolver })),
  );
  /** @param {number} index @returns {any} */
  const resolve = (index) => {
    if (index >= resolvers.length) return registered(host, toolName, owners);
    const { record, resolver } = resolvers[index];
    /** @type {any} */
    let below;
    let asked = false;
    const next = () => {
      if (!asked) {
        below = resolve(index + 1);
        asked = true;
      }
      return below;
    };
    let answer;
    try {
      answer = resolver(toolName, next);
    } catch (error) {
      host.services().reportError(record.path, `registerToolRenderer(${toolName})`, error);
      return next();
    }
    if (answer && typeof answer === "object") {
      for (const fn of [answer.renderCall, answer.renderResult]) {
        if (typeof fn === "function" && !owners.has(fn) && !isBuiltInRenderer(fn)) owners.set(fn, record);
      }
    }
    return answer ?? undefined;
  };
  return { renderers: resolve(0), owners };
}
