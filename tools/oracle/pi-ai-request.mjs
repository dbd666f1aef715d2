// Sends one request through pi-ai 1.6.0's own provider code, unmodified, so a test can
// compare the request tau sends with the one pi-ai sends to the same loopback server.
//
// Usage: node pi-ai-request.mjs <pi-ai dir> <api> <model JSON> <context JSON> [options JSON]
// The model's baseUrl points at the recording server. The context is pi-ai's
// (`systemPrompt`, `messages`, `tools`) and goes through pi-ai's own `normalizeContext`.
// Prints the final event (`done` or `error`) as JSON on stdout.
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [piAi, api, modelJson, contextJson, optionsJson] = process.argv.slice(2);
const load = (relative) => import(pathToFileURL(join(piAi, "dist", relative)).href);
const { streamSimple } = await load(`api/${api}.js`);
const { normalizeContext } = await load("utils/transcript.js");
const context = normalizeContext(JSON.parse(contextJson));
let last;
for await (const event of streamSimple(JSON.parse(modelJson), context, JSON.parse(optionsJson || "{}"))) {
  last = event;
}
const { partial, ...rest } = last ?? {};
console.log(JSON.stringify(rest));
