// `StringEnum` of the pi-ai module extensions see (pi-ai.mjs): a TypeBox unsafe schema
// `{type: "string", enum}`, so it composes inside `Type.Object` and providers without anyOf/const support.
// Its own module so the lazy view of pi-ai (bundle-lazy.mjs) can hand it out without pi-ai's compat entry.

import { Type } from "typebox";

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
