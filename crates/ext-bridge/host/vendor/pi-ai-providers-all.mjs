import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
import {
  builtinModels,
  builtinProviders,
  getAllBuiltinModels,
  getBuiltinClassifierModel,
  getBuiltinClassifierModels,
  getBuiltinImageModel,
  getBuiltinImageModels,
  getBuiltinModel,
  getBuiltinModelDataGeneratedAt,
  getBuiltinModels,
  getBuiltinProviders,
  radiusProvider
} from "./chunk-G3IJPD4W.mjs";
import "./chunk-NILZTIPB.mjs";
import "./chunk-ZVZ63UZG.mjs";
import "./chunk-WPFRNIBB.mjs";
import "./chunk-7RW7NS4Y.mjs";
import "./chunk-ZSDPDNYQ.mjs";
import "./chunk-35ZB5F2W.mjs";
import "./chunk-PZWWXPOE.mjs";
import "./chunk-GND5RGAO.mjs";
export {
  builtinModels,
  builtinProviders,
  getAllBuiltinModels,
  getBuiltinClassifierModel,
  getBuiltinClassifierModels,
  getBuiltinImageModel,
  getBuiltinImageModels,
  getBuiltinModel,
  getBuiltinModelDataGeneratedAt,
  getBuiltinModels,
  getBuiltinProviders,
  radiusProvider
};
