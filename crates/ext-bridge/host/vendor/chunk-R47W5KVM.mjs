import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);

// node_modules/@earendil-works/pi-ai/dist/utils/openrouter-cost.js
function isValidCost(value) {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}
function isOpenRouterModel(model) {
  return model.provider === "openrouter" || model.baseUrl.includes("openrouter.ai");
}
function applyOpenRouterReportedCost(usage, reported) {
  if (!isValidCost(reported.cost))
    return;
  if (reported.is_byok === false) {
    usage.cost.total = reported.cost;
    usage.cost.totalFromProvider = true;
    return;
  }
  if (reported.is_byok === true) {
    const details = reported.cost_details;
    if (!details)
      return;
    let upstreamCost = details.upstream_inference_cost;
    if (upstreamCost === null) {
      if (!isValidCost(details.upstream_inference_prompt_cost) || !isValidCost(details.upstream_inference_completions_cost)) {
        return;
      }
      upstreamCost = details.upstream_inference_prompt_cost + details.upstream_inference_completions_cost;
    }
    if (!isValidCost(upstreamCost))
      return;
    usage.cost.total = reported.cost + upstreamCost;
    usage.cost.totalFromProvider = true;
  }
}

export {
  isOpenRouterModel,
  applyOpenRouterReportedCost
};
