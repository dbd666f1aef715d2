// `getArgumentCompletions(prefix)` of `pi.registerCommand`: the items for the text typed after `/name `.
// tau decides whether the cursor is in such a command's arguments (its own completion knows the built-in
// commands that shadow an extension's); the host runs the extension's function, sync or async, within the
// request's signal, and reports a throw (`component_error`, where `getArgumentCompletions`) instead of
// letting it reach the editor.

/** An item as tau shows it, or undefined when it has no value. @param {any} item */
function argumentItem(item) {
  if (!item || typeof item !== "object" || item.value === undefined || item.value === null) return undefined;
  const value = String(item.value);
  /** @type {{value: string, label: string, description?: string}} */
  const out = { value, label: String(item.label ?? value) };
  if (item.description !== undefined && item.description !== null) out.description = String(item.description);
  return out;
}

/** Resolves when `signal` aborts (never without one). @param {AbortSignal | undefined} signal */
function aborted(signal) {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve(undefined);
    signal?.addEventListener("abort", () => resolve(undefined), { once: true });
  });
}

/**
 * The suggestions of command `name` for the argument text `prefix`: `{prefix, items}` as pi-tui's provider
 * answers (the items as the extension gave them, so an insertion gets its own objects), or null.
 * @param {{findCommand: (name: string) => {path: string, command: any} | undefined,
 *   scope: (path: string, fn: () => any) => any, conn: import("./rpc.mjs").Connection}} host
 * @param {string} name @param {string} prefix @param {AbortSignal} [signal]
 */
export async function commandArguments(host, name, prefix, signal) {
  const found = host.findCommand(name);
  const complete = found?.command?.getArgumentCompletions;
  if (!found || typeof complete !== "function") return null;
  let items;
  try {
    items = await Promise.race([host.scope(found.path, () => complete.call(found.command, prefix)), aborted(signal)]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    host.conn.notify("component_error", { id: null, extensionPath: found.path, where: "getArgumentCompletions", message: `/${name}: ${message}` });
    return null;
  }
  if (signal?.aborted || !Array.isArray(items)) return null;
  const kept = items.filter((item) => argumentItem(item) !== undefined);
  return kept.length > 0 ? { prefix, items: kept } : null;
}

