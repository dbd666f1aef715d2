// The key under which the host publishes its services to the shim on `globalThis`. The shim is loaded
// through jiti (a module instance separate from the host's own imports), so it cannot share the host's
// objects by import; a registered symbol is the same in both.

/**
 * `globalThis[BRIDGE_KEY]` is `{runBuiltinTool(request, signal)}` while the host runs (src/host.mjs).
 */
export const BRIDGE_KEY = Symbol.for("tau.ext-host.bridge");
