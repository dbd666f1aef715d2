// Sends requests through pi-ai 1.6.0's own provider code, unmodified, so a test can compare
// the requests tau sends with the ones pi-ai sends to the same loopback server.
//
// Usage: node pi-ai-request.mjs <pi-ai dir>   with a JSON array of jobs on stdin:
//   [{"model": {...}, "context": {"systemPrompt", "messages", "tools"}, "options": {...}}, ...]
// (`options.sessionId` and `options.cacheRetention` go to pi-ai as Pi passes them).
// Each model's `api` picks pi-ai's provider and its baseUrl points at the recording server;
// each context goes through pi-ai's own `normalizeContext`. Jobs run one after another. Prints
// each job's final event (`done` or `error`, without the partial) as a JSON line.
//
// pi-ai's Codex provider zstd-compresses its request body (`content-encoding: zstd`). For
// `openai-codex-responses` jobs the body is decompressed on its way out, so the server records
// the JSON pi-ai built, and the header is renamed `x-oracle-content-encoding` to show it was.
import { readFileSync } from "node:fs";
import { zstdDecompressSync } from "node:zlib";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [piAi] = process.argv.slice(2);
const load = (relative) => import(pathToFileURL(join(piAi, "dist", relative)).href);
const { normalizeContext } = await load("utils/transcript.js");
const { getOpenCodeSessionHeaders } = await load("utils/identity.js");
const jobs = JSON.parse(readFileSync(0, "utf8"));
/** `fetch` sending a zstd body decompressed, with its encoding header renamed. */
const decompressingFetch = (url, init) => {
  const headers = new Headers(init.headers);
  const encoding = headers.get("content-encoding");
  if (encoding !== "zstd") return fetch(url, init);
  headers.delete("content-encoding");
  headers.set("x-oracle-content-encoding", encoding);
  return fetch(url, { ...init, headers, body: zstdDecompressSync(init.body) });
};

for (const { model, context, options = {} } of jobs) {
  const { streamSimple } = await load(`api/${model.api}.js`);
  if (model.api === "openai-codex-responses") options.fetch = decompressingFetch;
  // What pi-ai's model runtime adds before any api runs (Pi streams through it): OpenCode's
  // session header, under the request's own headers.
  const opencode = getOpenCodeSessionHeaders(model, options.sessionId);
  if (opencode) options.headers = { ...opencode, ...options.headers };
  let last;
  for await (const event of streamSimple(model, normalizeContext(context), options)) {
    last = event;
  }
  const { partial, ...rest } = last ?? {};
  console.log(JSON.stringify(rest));
}
