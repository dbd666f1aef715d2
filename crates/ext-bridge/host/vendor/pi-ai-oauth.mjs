import { createRequire as __tauCreateRequire } from "node:module"; const require = __tauCreateRequire(import.meta.url);
