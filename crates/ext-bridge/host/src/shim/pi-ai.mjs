// The `@earendil-works/pi-ai` module extensions see (Pi's "extension view"): pi-ai's compat entry, plus
// TypeBox's `Type` (pi-ai no longer re-exports it) and a `StringEnum` built as a TypeBox unsafe schema
// `{type: "string", enum}` so it composes inside `Type.Object` and providers without anyOf/const support.

import { Type } from "typebox";

export * from "@earendil-works/pi-ai/compat";
export { Type };
export { StringEnum } from "./string-enum.mjs";
