// Events cross from tau as JSON; a few of Pi's payloads hold what JSON cannot carry (live
// objects, keys present with an undefined value). They are rebuilt here before a handler
// sees the event.

/** Events whose `signal` is an AbortSignal in Pi: the request's own, which tau aborts through `cancel`. */
const WITH_SIGNAL = new Set(["session_before_compact", "session_before_tree"]);

/** Keys Pi sets to `undefined` when absent (tau sends null): the key stays, as in Pi's payload. */
const UNDEFINED_WHEN_NULL = {
  session_before_compact: ["customInstructions"],
  session_compact_failed: ["errorMessage"],
};

/**
 * The event as Pi hands it to handlers: `signal` is the request's AbortSignal,
 * `session_before_compact`'s `preparation.fileOps` lists become the Sets Pi builds, and
 * optional keys tau sent as null are undefined.
 * @param {any} event @param {AbortSignal} signal
 */
export function liveEvent(event, signal) {
  if (!event || typeof event !== "object") return event;
  for (const key of UNDEFINED_WHEN_NULL[/** @type {keyof typeof UNDEFINED_WHEN_NULL} */ (event.type)] ?? []) {
    if (event[key] === null) event[key] = undefined;
  }
  if (!WITH_SIGNAL.has(event.type)) return event;
  event.signal = signal;
  const prep = event.preparation;
  if (event.type === "session_before_compact" && prep && typeof prep === "object") {
    if (prep.previousSummary === null) prep.previousSummary = undefined;
    const ops = prep.fileOps ?? {};
    for (const key of ["read", "written", "edited"]) ops[key] = new Set(Array.isArray(ops[key]) ? ops[key] : []);
    prep.fileOps = ops;
  }
  return event;
}
