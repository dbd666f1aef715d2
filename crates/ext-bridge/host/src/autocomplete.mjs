// `ctx.ui.addAutocompleteProvider` in tau's interactive mode (docs/protocol.md "Autocomplete"). As in Pi,
// each factory wraps the provider built so far; the innermost one is tau's own completion (slash
// commands, paths), reached over the channel (`autocomplete_base`). tau asks for suggestions
// (`autocomplete`) and for the chosen item's insertion (`autocomplete_apply`); both run the whole chain
// here. A layer that throws falls back to the layer it wraps and is reported (`component_error`, where
// `autocomplete`), so one broken provider never takes completion away.

import { commandArguments } from "./command-arguments.mjs";
import { piTui } from "./tui-package.mjs";

/** tau's completion as the chain's innermost provider: suggestions come from tau, insertion is pi-tui's. */
class TauProvider {
  /** @param {import("./rpc.mjs").Connection} conn @param {any} commands what `commandArguments` needs */
  constructor(conn, commands) {
    this.conn = conn;
    this.commands = commands;
    /** @type {any} pi-tui's provider, made on first use (pi-tui loads only when completion is used) */
    this.provider = undefined;
  }

  /**
   * applyCompletion and shouldTriggerFileCompletion are pure functions of their arguments in pi-tui's
   * provider (tau's Rust port equals them): no round trip for the synchronous members.
   */
  get pure() {
    this.provider ??= new (piTui().CombinedAutocompleteProvider)([], process.cwd());
    return this.provider;
  }

  /** @param {string[]} lines @param {number} cursorLine @param {number} cursorCol @param {any} [options] */
  async getSuggestions(lines, cursorLine, cursorCol, options) {
    const params = { lines, cursorLine, cursorCol, force: Boolean(options?.force) };
    const answer = await this.conn.request("autocomplete_base", params, { signal: options?.signal });
    // tau found the cursor in an extension command's arguments: that command's getArgumentCompletions.
    const wanted = answer?.commandArguments;
    if (wanted && typeof wanted.name === "string") {
      return commandArguments(this.commands, wanted.name, String(wanted.prefix ?? ""), options?.signal);
    }
    return answer?.suggestions ?? null;
  }

  /** @param {string[]} lines @param {number} cursorLine @param {number} cursorCol @param {any} item @param {string} prefix */
  applyCompletion(lines, cursorLine, cursorCol, item, prefix) {
    return this.pure.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
  }

  /** @param {string[]} lines @param {number} cursorLine @param {number} cursorCol */
  shouldTriggerFileCompletion(lines, cursorLine, cursorCol) {
    return this.pure.shouldTriggerFileCompletion(lines, cursorLine, cursorCol);
  }
}

/** A completion result checked for shape: `{lines, cursorLine, cursorCol}` or undefined. @param {any} result */
function completionResult(result) {
  if (!result || !Array.isArray(result.lines)) return undefined;
  return {
    lines: result.lines.map((/** @type {any} */ l) => String(l ?? "")),
    cursorLine: Math.max(0, Math.floor(Number(result.cursorLine) || 0)),
    cursorCol: Math.max(0, Math.floor(Number(result.cursorCol) || 0)),
  };
}

/** An item as tau shows it. @param {any} item */
function plainItem(item) {
  const value = String(item?.value ?? "");
  const out = { value, label: String(item?.label ?? value) };
  if (item?.description !== undefined && item?.description !== null) out.description = String(item.description);
  return out;
}

export class AutocompleteChain {
  /**
   * @param {{conn: import("./rpc.mjs").Connection, scope: (path: string, fn: () => any) => any,
   *   findCommand?: (name: string) => {path: string, command: any} | undefined}} options
   *   `findCommand`: the extension command invoked as `/name` (for its getArgumentCompletions)
   */
  constructor({ conn, scope, findCommand }) {
    this.conn = conn;
    this.scope = scope;
    this.commands = { conn, scope, findCommand: findCommand ?? (() => undefined) };
    /** @type {{extensionPath: string, factory: Function}[]} in the order they were added */
    this.factories = [];
    /** @type {any} the outermost provider */
    this.provider = new TauProvider(conn, this.commands);
    /** @type {AbortController | undefined} the request in progress (a newer one aborts it, as pi-tui does) */
    this.running = undefined;
    /** @type {any[]} the items of the last answer, so an apply gets the extension's own object back */
    this.lastItems = [];
    /** @type {any} the extension's editor (`setEditorComponent`), which Pi gives the provider too */
    this.editor = undefined;
  }

  /** @param {string} extensionPath @param {Function} factory */
  add(extensionPath, factory) {
    if (typeof factory !== "function") return;
    this.factories.push({ extensionPath, factory });
    this.rebuild();
  }

  /** A reload: every provider goes, as Pi resets its wrappers. */
  clear() {
    const had = this.factories.length > 0;
    this.factories = [];
    this.rebuild(had);
  }

  /**
   * Builds the chain again (Pi calls every factory again each time one is added) and tells tau the
   * trigger characters.
   */
  rebuild(announce = true) {
    /** @type {any} */
    let provider = new TauProvider(this.conn, this.commands);
    /** @type {string[]} */
    const triggers = [];
    for (const { extensionPath, factory } of this.factories) {
      const inner = provider;
      let made;
      try {
        made = this.scope(extensionPath, () => factory(inner));
      } catch (error) {
        this.report(extensionPath, error);
        continue;
      }
      if (!made || typeof made.getSuggestions !== "function") continue;
      for (const c of Array.isArray(made.triggerCharacters) ? made.triggerCharacters : []) triggers.push(String(c));
      provider = this.guard(extensionPath, made, inner);
    }
    this.provider = provider;
    try {
      this.editor?.setAutocompleteProvider?.(provider);
    } catch {
      // The editor is the extension's; a broken setter leaves it without completion.
    }
    if (announce) {
      this.conn.notify("autocomplete_providers", {
        count: this.factories.length,
        triggerCharacters: [...new Set(triggers)],
        extensions: [...new Set(this.factories.map((f) => f.extensionPath))],
      });
    }
  }

  /**
   * One extension's layer: its calls run attributed to it; a throw (or a rejected promise) is reported
   * and answered by the layer it wraps.
   * @param {string} extensionPath @param {any} made @param {any} inner
   */
  guard(extensionPath, made, inner) {
    const chain = this;
    return {
      triggerCharacters: made.triggerCharacters,
      /** @param {string[]} lines @param {number} line @param {number} col @param {any} options */
      async getSuggestions(lines, line, col, options) {
        try {
          return await chain.scope(extensionPath, () => made.getSuggestions(lines, line, col, options));
        } catch (error) {
          if (options?.signal?.aborted) return null;
          chain.report(extensionPath, error);
          return inner.getSuggestions(lines, line, col, options);
        }
      },
      /** @param {string[]} lines @param {number} line @param {number} col @param {any} item @param {string} prefix */
      applyCompletion(lines, line, col, item, prefix) {
        try {
          const applied = typeof made.applyCompletion === "function"
            ? completionResult(chain.scope(extensionPath, () => made.applyCompletion(lines, line, col, item, prefix)))
            : undefined;
          if (applied) return applied;
        } catch (error) {
          chain.report(extensionPath, error);
        }
        return inner.applyCompletion(lines, line, col, item, prefix);
      },
      /** @param {string[]} lines @param {number} line @param {number} col */
      shouldTriggerFileCompletion(lines, line, col) {
        if (typeof made.shouldTriggerFileCompletion !== "function") return true;
        try {
          return Boolean(chain.scope(extensionPath, () => made.shouldTriggerFileCompletion(lines, line, col)));
        } catch (error) {
          chain.report(extensionPath, error);
          return inner.shouldTriggerFileCompletion(lines, line, col);
        }
      },
    };
  }

  /** @param {string} extensionPath @param {unknown} error */
  report(extensionPath, error) {
    // The message alone: it is shown under the editor while the user types.
    const message = error instanceof Error ? error.message : String(error);
    this.conn.notify("component_error", { id: null, extensionPath, where: "autocomplete", message });
  }

  /**
   * `autocomplete`: the chain's suggestions for the cursor (columns in UTF-16 units, as in JavaScript).
   * `skip`: a forced (Tab) request where the chain says not to complete files. `applied`: a Tab with a
   * single suggestion inserts it at once, as pi-tui's editor does.
   * @param {{lines?: string[], cursorLine?: number, cursorCol?: number, force?: boolean, explicitTab?: boolean}} params
   * @param {AbortSignal} [signal] tau gave up on the request (its time limit): the providers' signal aborts too
   */
  async complete(params, signal) {
    const lines = Array.isArray(params.lines) ? params.lines.map((l) => String(l)) : [""];
    const line = Number(params.cursorLine) || 0;
    const col = Number(params.cursorCol) || 0;
    const force = Boolean(params.force);
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    signal?.addEventListener("abort", () => controller.abort(), { once: true });
    const provider = this.provider;
    if (force && !provider.shouldTriggerFileCompletion(lines, line, col)) return { skip: true };
    const suggestions = await provider.getSuggestions(lines, line, col, { signal: controller.signal, force });
    if (this.running === controller) this.running = undefined;
    if (controller.signal.aborted) return { aborted: true };
    const items = Array.isArray(suggestions?.items) ? suggestions.items : [];
    if (items.length === 0) return { suggestions: null };
    const prefix = String(suggestions.prefix ?? "");
    this.lastItems = items;
    /** @type {Record<string, any>} */
    const answer = { suggestions: { prefix, items: items.map(plainItem) } };
    if (force && params.explicitTab && items.length === 1) {
      answer.applied = completionResult(provider.applyCompletion(lines, line, col, items[0], prefix));
    }
    return answer;
  }

  /**
   * `autocomplete_apply`: the chosen item inserted by the chain (`index` into the last answer's items, so
   * the extension gets its own item object back).
   * @param {{lines?: string[], cursorLine?: number, cursorCol?: number, index?: number, item?: any, prefix?: string}} params
   */
  apply(params) {
    const lines = Array.isArray(params.lines) ? params.lines.map((l) => String(l)) : [""];
    const known = this.lastItems[Number(params.index)];
    const item = known && String(known.value) === String(params.item?.value) ? known : plainItem(params.item);
    const result = this.provider.applyCompletion(lines, Number(params.cursorLine) || 0, Number(params.cursorCol) || 0, item, String(params.prefix ?? ""));
    return completionResult(result) ?? { lines, cursorLine: Number(params.cursorLine) || 0, cursorCol: Number(params.cursorCol) || 0 };
  }
}
