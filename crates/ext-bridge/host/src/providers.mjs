// Extension providers in the host: what `pi.registerProvider` gave (functions kept here, data sent to
// tau), and `provider_stream`, which runs a model's stream for tau: the provider's own `streamSimple`
// when its api matches, else pi-ai's implementation of the model's api. Events go to tau as
// `provider_event` notifications without the cumulative `partial` (tau rebuilds it), the final message
// is the answer.

import { chmodSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { errorPayload, toJson } from "./rpc.mjs";

/** Pi refreshes a stored sign-in that expires within this margin before using it. */
const OAUTH_MIN_VALIDITY_MS = 5 * 60 * 1000;

/** Function-valued members marked by name in the JSON tau gets (functions cannot cross the channel). */
const FUNCTION_MARKS = ["streamSimple", "refreshModels"];

/**
 * Pi's checks that `registerProvider` throws synchronously (provider-composer.js).
 * @param {string} name @param {any} config
 */
export function validateProvider(name, config) {
  if (!name || !String(name).trim()) throw new Error("Provider id must not be empty.");
  if (!config || typeof config !== "object") throw new Error(`Provider ${name}: the config must be an object`);
  if (typeof config.streamSimple === "function" && !config.api) {
    throw new Error(`Provider ${name}: "api" is required when registering streamSimple.`);
  }
  for (const model of Array.isArray(config.models) ? config.models : []) {
    if ((model?.type ?? "chat") !== "chat") continue;
    if (!model?.api && !config.api) {
      throw new Error(`Provider ${name}, model ${model?.id}: no "api" specified. Set it at model level or provider level.`);
    }
  }
}

/**
 * The registration as tau gets it: the data fields, with `streamSimple: true` (and the like) where the
 * extension gave a function, and `oauth` reduced to its name.
 * @param {any} config
 */
export function describeProviderConfig(config) {
  const json = toJson(config) ?? {};
  for (const key of FUNCTION_MARKS) {
    if (typeof config?.[key] === "function") json[key] = true;
  }
  if (config?.oauth && typeof config.oauth === "object") {
    json.oauth = { name: config.oauth.name ?? null, getApiKey: typeof config.oauth.getApiKey === "function" };
  }
  return json;
}

/**
 * The effective registration of `name` over every loaded extension, merged in order as Pi merges
 * repeated registrations (later defined fields win), with the extension that made the last one.
 * @param {import("./api.mjs").ExtensionRecord[]} records @param {string} name
 */
export function findProvider(records, name) {
  /** @type {any} */
  let merged;
  /** @type {any} */
  let owner;
  for (const record of records) {
    for (const entry of record.providers) {
      if (entry.name !== name || entry.native) continue;
      merged = { ...(merged ?? {}) };
      for (const [key, value] of Object.entries(entry.config ?? {})) if (value !== undefined) merged[key] = value;
      owner = record;
    }
  }
  return merged ? { config: merged, record: owner } : undefined;
}

/**
 * One event as tau takes it: without `partial`, a tool call's start naming its id and tool.
 * @param {any} event
 */
function wireEvent(event) {
  const { partial, ...rest } = event ?? {};
  if (rest.type === "start") return { type: "start", partial: toJson(partial) };
  if (rest.type === "toolcall_start" || rest.type === "toolcall_delta") {
    const block = partial?.content?.[rest.contentIndex];
    return { ...rest, id: block?.id ?? "", toolName: block?.name ?? "" };
  }
  return toJson(rest);
}

/**
 * An error message in pi-ai's shape for a stream that failed outside the provider's own handling.
 * @param {any} model @param {unknown} error @param {boolean} aborted
 */
function failedMessage(model, error, aborted) {
  return {
    role: "assistant",
    content: [],
    api: model?.api,
    provider: model?.provider,
    model: model?.id,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason: aborted ? "aborted" : "error",
    errorMessage: aborted ? "Request was aborted" : errorPayload(error).message,
    timestamp: Date.now(),
  };
}

/**
 * The key of a provider signed in with the extension's `oauth` (Pi's legacy OAuth form): the stored
 * `auth.json` record of tau's agent directory, refreshed with `oauth.refreshToken` when it is about to
 * expire (the refreshed record is written back, other records kept, mode 0600), then
 * `oauth.getApiKey(credential)`. `undefined` when nothing is stored.
 * @param {string} name @param {any} oauth @param {AbortSignal} signal
 */
export async function oauthApiKey(name, oauth, signal) {
  const dir = process.env.TAU_AGENT_DIR;
  if (!dir || typeof oauth?.getApiKey !== "function") return undefined;
  const file = join(dir, "auth.json");
  const read = () => {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch {
      return undefined;
    }
  };
  let credential = read()?.[name];
  if (credential?.type !== "oauth") return undefined;
  const expiring = typeof credential.expires === "number" && credential.expires - Date.now() < OAUTH_MIN_VALIDITY_MS;
  if (expiring && typeof oauth.refreshToken === "function") {
    credential = { ...(await oauth.refreshToken(credential, signal)), type: "oauth" };
    const records = read() ?? {};
    records[name] = credential;
    const temporary = `${file}.tau-${process.pid}`;
    writeFileSync(temporary, `${JSON.stringify(records, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  }
  return oauth.getApiKey(credential);
}

/**
 * `provider_stream {streamId, model, context: {systemPrompt, tools, messages}, options}`: runs the
 * stream, sends each event as `provider_event {streamId, event}`, answers with the final message.
 * A stream that throws (before or while streaming) ends in an `error` event naming the cause; tau's
 * `cancel` aborts the signal the stream got.
 * @param {{conn: import("./rpc.mjs").Connection, extensions: import("./api.mjs").ExtensionRecord[], run: Function}} host
 * @param {any} params @param {AbortSignal} signal
 */
export async function providerStream(host, params, signal) {
  const model = params.model ?? {};
  const ai = await import("@earendil-works/pi-ai/compat");
  const context = ai.normalizeContext({
    systemPrompt: params.context?.systemPrompt ?? "",
    tools: params.context?.tools ?? [],
    messages: params.context?.messages ?? [],
  });
  const options = { ...(params.options ?? {}), signal };
  const send = (/** @type {any} */ event) => host.conn.notify("provider_event", { streamId: params.streamId, event: wireEvent(event) });
  const found = findProvider(host.extensions, model.provider);
  const own = found && typeof found.config.streamSimple === "function" && found.config.api === model.api;
  /** @type {any} */
  let final;
  const consume = async () => {
    if (options.apiKey === undefined && found?.config.oauth) {
      const key = await oauthApiKey(model.provider, found.config.oauth, signal);
      if (key !== undefined) options.apiKey = key;
    }
    const stream = own ? found.config.streamSimple(model, context, options) : ai.streamSimple(model, context, options);
    for await (const event of stream) {
      send(event);
      if (event?.type === "done") final = event.message;
      if (event?.type === "error") final = event.error;
      if (final) break;
    }
  };
  try {
    if (own) await host.run(found.record, consume);
    else await consume();
  } catch (error) {
    if (!final) {
      final = failedMessage(model, error, signal.aborted);
      send({ type: "error", reason: final.stopReason, error: final });
    }
  }
  if (!final) {
    final = failedMessage(model, new Error(`the stream of ${model.provider}/${model.id} ended without a done or error event`), signal.aborted);
    send({ type: "error", reason: final.stopReason, error: final });
  }
  return toJson(final);
}
