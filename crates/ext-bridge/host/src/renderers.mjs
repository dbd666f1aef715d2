// Renderer instances for tau's interactive mode: a message renderer (`pi.registerMessageRenderer`), an
// entry renderer (`pi.registerEntryRenderer`, for custom entries from `appendEntry`) or a
// tool's `renderCall`/`renderResult` called with Pi's arguments; the component it returns is opened like
// any other (kind `message` or `tool`) and tau renders it by id. Per tool call the host keeps Pi's shared
// renderer `state` and the last component of each slot (`context.lastComponent`): a renderer that
// returns that component again keeps its id. Which renderers a tool uses comes from the
// `registerToolRenderer` resolvers (tool-renderers.mjs).

import { keybindingHints } from "./component-ui.mjs";
import { isBuiltInRenderer, resolveToolRenderers } from "./tool-renderers.mjs";
import { piTui } from "./tui-package.mjs";

/** @type {Map<string, {state: any, slots: Map<string, {component: any, id: number}>}>} by toolCallId */
const toolRows = new Map();

/** A reload replaced every extension: their renderer state goes with them. */
export function forgetToolRows() {
  toolRows.clear();
}

/**
 * `renderer_open`: `{kind: "message", customType, message, options}` or `{kind: "tool_call" | "tool_result",
 * toolName, toolCallId, args, result?, options?, context?}` → `{id}` (`null`: no renderer, or it returned
 * nothing).
 * @param {any} host the Host (extensions, registry, run)
 * @param {any} params
 */
export async function openRenderer(host, params) {
  const registry = host.components;
  const hints = keybindingHints(registry);
  if (params.kind === "message") {
    // Pi asks the extensions in load order: the first one with a renderer for the type wins.
    const record = host.extensions.find((/** @type {any} */ r) => r.messageRenderers.has(params.customType));
    if (!record) return { id: null };
    const renderer = record.messageRenderers.get(params.customType);
    const options = { expanded: false, outputPad: 1, ...(params.options ?? {}), ...hints };
    const component = await host.run(record, () => renderer(params.message, options, registry.theme));
    if (!component) return { id: null };
    return { id: registry.open(record.path, "message", component, { customType: params.customType }).id };
  }
  if (params.kind === "entry") return openEntryRenderer(host, params, hints);
  if (params.kind !== "tool_call" && params.kind !== "tool_result") throw new Error(`unknown renderer kind ${params.kind}`);
  // The resolver chain of `registerToolRenderer`, ending at the tool's own renderers; a built-in
  // stand-in at the end means tau draws its own row.
  const { renderers, owners } = resolveToolRenderers(host, String(params.toolName));
  const fn = params.kind === "tool_call" ? renderers?.renderCall : renderers?.renderResult;
  if (typeof fn !== "function" || isBuiltInRenderer(fn)) return { id: null };
  const record = owners.get(fn) ?? host.extensions[0];
  const toolCallId = String(params.toolCallId ?? "");
  const row = toolRows.get(toolCallId) ?? { state: {}, slots: new Map() };
  toolRows.set(toolCallId, row);
  const last = row.slots.get(params.kind);
  const lastAlive = last && registry.entries.has(last.id) ? last : undefined;
  const context = {
    args: params.args ?? {},
    toolCallId,
    invalidate: () => lastAlive && registry.requestRender(lastAlive.id, false),
    lastComponent: lastAlive?.component,
    state: row.state,
    cwd: host.session.cwd,
    executionStarted: false,
    argsComplete: true,
    isPartial: false,
    expanded: false,
    showImages: false,
    isError: false,
    durationMs: undefined,
    outputPad: 1,
    ...(params.context ?? {}),
    ...hints,
  };
  const options = { expanded: context.expanded, isPartial: context.isPartial, ...(params.options ?? {}) };
  const component = await host.run(record, () =>
    params.kind === "tool_call" ? fn(context.args, registry.theme, context) : fn(params.result ?? { content: [] }, options, registry.theme, context),
  );
  if (!component) return { id: null };
  if (lastAlive && lastAlive.component === component) {
    registry.requestRender(lastAlive.id, false);
    return { id: lastAlive.id };
  }
  const entry = registry.open(record.path, "tool", component, { toolName: params.toolName, toolCallId, slot: params.kind });
  row.slots.set(params.kind, { component, id: entry.id });
  return { id: entry.id };
}

/**
 * An entry renderer for a custom entry, called as Pi calls it: `renderer(entry, {expanded, keyText, keyHint},
 * theme)`. Like Pi, a renderer that throws draws "[type] renderer failed: message" on the custom message
 * background in its place.
 * @param {any} host @param {any} params @param {any} hints
 */
async function openEntryRenderer(host, params, hints) {
  const registry = host.components;
  const record = host.extensions.find((/** @type {any} */ r) => r.entryRenderers.has(params.customType));
  if (!record) return { id: null };
  const renderer = record.entryRenderers.get(params.customType);
  const options = { expanded: Boolean(params.options?.expanded), ...hints };
  const theme = registry.theme;
  let component;
  try {
    component = await host.run(record, () => renderer(params.entry, options, theme));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { Box, Text } = piTui();
    component = new Box(1, 1, (/** @type {string} */ text) => theme.bg("customMessageBg", text));
    component.addChild(new Text(theme.fg("error", `[${params.customType}] renderer failed: ${message}`), 0, 0));
  }
  if (!component) return { id: null };
  return { id: registry.open(record.path, "message", component, { customType: params.customType }).id };
}
