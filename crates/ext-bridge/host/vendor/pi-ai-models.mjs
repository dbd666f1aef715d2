import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
import {
  AI_TELEMETRY_SCHEMA,
  ModelsError,
  calculateCost,
  clampThinkingLevel,
  createModels,
  createProvider,
  getModelType,
  getSupportedThinkingLevels,
  hasApi,
  isModelType,
  modelsAreEqual
} from "./chunk-ZSDPDNYQ.mjs";
import "./chunk-35ZB5F2W.mjs";
import "./chunk-PZWWXPOE.mjs";
import "./chunk-GND5RGAO.mjs";
export {
  AI_TELEMETRY_SCHEMA,
  ModelsError,
  calculateCost,
  clampThinkingLevel,
  createModels,
  createProvider,
  getModelType,
  getSupportedThinkingLevels,
  hasApi,
  isModelType,
  modelsAreEqual
};
