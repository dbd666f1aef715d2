// Sends requests through pi-ai 1.6.0's own provider code, unmodified, so a test can compare
// the requests tau sends with the ones pi-ai sends to the same loopback server.
//
// Usage: node pi-ai-request.mjs <pi-ai dir>   with a JSON array of jobs on stdin:
//   [{"model": {...}, "context": {"systemPrompt", "messages", "tools"}, "options": {...}}, ...]
// Each model's `api` picks pi-ai's provider and its baseUrl points at the recording server;
// each context goes through pi-ai's own `normalizeContext`. Jobs run one after another. Prints
// each job's final event (`done` or `error`, without the partial) as a JSON line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [piAi] = process.argv.slice(2);
const load = (relative) => import(pathToFileURL(join(piAi, "dist", relative)).href);
const { normalizeContext } = await load("utils/transcript.js");
const jobs = JSON.parse(readFileSync(0, "utf8"));
for (const { model, context, options } of jobs) {
  const { streamSimple } = await load(`api/${model.api}.js`);
  let last;
  for await (const event of streamSimple(model, normalizeContext(context), options ?? {})) {
    last = event;
  }
  const { partial, ...rest } = last ?? {};
  console.log(JSON.stringify(rest));
}
