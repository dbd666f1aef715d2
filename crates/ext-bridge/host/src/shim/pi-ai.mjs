// The `@earendil-works/pi-ai` module extensions see (Pi's "extension view"): pi-ai's compat entry, plus
// TypeBox's `Type` (pi-ai no longer re-exports it) and a `StringEnum` built as a TypeBox unsafe schema
// `{type: "string", enum}` so it composes inside `Type.Object` and providers without anyOf/const support.

import { Type } from "typebox";

export * from "@earendil-works/pi-ai/compat";
export { Type };

/**
 * @param {readonly string[]} values
 * @param {{description?: string, default?: string}} [options]
 */
export function StringEnum(values, options) {
  /** @type {Record<string, unknown>} */
  const schema = { type: "string", enum: values };
  if (options?.description) schema.description = options.description;
  if (options?.default) schema.default = options.default;
  return Type.Unsafe(schema);
}
