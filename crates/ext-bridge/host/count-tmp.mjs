import { registerHooks } from "node:module";
const seen = new Map();
registerHooks({ load(url, ctx, next) { const m = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/); const k = m ? m[1] : url.startsWith("node:") ? "node" : "other"; seen.set(k, (seen.get(k) ?? 0) + 1); return next(url, ctx); } });
for (const s of process.argv.slice(2)) await import(s);
console.log([...seen].sort((a,b)=>b[1]-a[1]).map(([k,v])=>`${v} ${k}`).join("\n"));
