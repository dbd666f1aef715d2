import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
import {
  classifySystemOne
} from "./chunk-AH2VZJTP.mjs";
import {
  isRecord
} from "./chunk-AO3S5EO2.mjs";
import "./chunk-K3XF4CD2.mjs";
import "./chunk-QIMD5SAF.mjs";
import "./chunk-NVRYED37.mjs";
import "./chunk-ZSDPDNYQ.mjs";
import "./chunk-35ZB5F2W.mjs";
import "./chunk-PZWWXPOE.mjs";
import "./chunk-GND5RGAO.mjs";

// node_modules/@earendil-works/pi-ai/dist/api/cloudflare-workers-ai-system-one.js
var LABEL = "Cloudflare Workers AI";
function cloudflareErrorMessage(errors) {
  if (Array.isArray(errors)) {
    const messages = errors.map((error) => isRecord(error) && typeof error.message === "string" ? error.message : void 0).filter((message) => message !== void 0);
    if (messages.length > 0)
      return `${LABEL} error: ${messages.join("; ")}`;
  }
  return `${LABEL} request failed`;
}
var transport = {
  api: "cloudflare-workers-ai-system-one",
  label: LABEL,
  detectCompat: (model) => ({
    imageInput: model.id.startsWith("@cf/cloudflare/clef") ? "images" : "assets",
    sendImageOptInHeader: false
  }),
  url: (model) => new URL("run", `${model.baseUrl.replace(/\/+$/u, "")}/`),
  payload: (model, request) => ({ model: model.id, input: request }),
  output: (body) => {
    if (!isRecord(body))
      throw new Error(`${LABEL} returned an unexpected response`);
    if (body.success === false)
      throw new Error(cloudflareErrorMessage(body.errors));
    const result = body.result;
    if (!isRecord(result))
      throw new Error(`${LABEL} returned an unexpected response`);
    if ("answers" in result)
      return result;
    if (result.state !== "Completed") {
      throw new Error(`${LABEL} run did not complete (state: ${String(result.state)})`);
    }
    if (!isRecord(result.result))
      throw new Error(`${LABEL} returned an unexpected response`);
    return result.result;
  }
};
var classify = (model, context, options) => classifySystemOne(transport, model, context, options);
export {
  classify
};
