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

// node_modules/@earendil-works/pi-ai/dist/api/typesafe-system-one.js
var transport = {
  api: "typesafe-system-one",
  label: "System One API",
  // OpenRouter by provider ID, which survives baseUrl overrides, or by host, which covers regional endpoints.
  detectCompat: (model) => model.provider === "openrouter" || model.baseUrl.includes("openrouter.ai") ? { imageInput: "state-image-urls", sendImageOptInHeader: false } : { imageInput: "assets", sendImageOptInHeader: true },
  url: (model) => new URL("systemone", `${model.baseUrl.replace(/\/+$/u, "")}/`),
  payload: (model, request) => ({ model: model.id, ...request }),
  output: (body) => {
    if (!isRecord(body))
      throw new Error("System One API returned an unexpected response");
    return body;
  }
};
var classify = (model, context, options) => classifySystemOne(transport, model, context, options);
export {
  classify
};
