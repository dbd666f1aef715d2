import module from "node:module";
module.enableCompileCache(process.env.HOME + "/.cache/tau/node-compile-cache");
const t0 = performance.now();
for (const s of process.argv.slice(2)) { const t = performance.now(); await import(s); console.log(s, (performance.now() - t).toFixed(1)); }
console.log("total", (performance.now() - t0).toFixed(1));
