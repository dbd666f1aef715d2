// Loads session files with the reference Pi's own SessionManager (offline: no model, no
// network) and prints one JSON line per file: entry count, context message count, or the
// error. Usage: node pi_load.mjs <pi package dir> <session file>...
import { pathToFileURL } from "node:url";
import { dirname, join } from "node:path";

const [piDir, ...files] = process.argv.slice(2);
const { SessionManager } = await import(pathToFileURL(join(piDir, "dist", "index.js")).href);
for (const file of files) {
  try {
    const manager = SessionManager.open(file, dirname(file));
    const entries = manager.getEntries();
    const context = manager.buildSessionContext();
    console.log(JSON.stringify({ file, ok: true, entries: entries.length, messages: context.messages.length }));
  } catch (error) {
    console.log(JSON.stringify({ file, ok: false, error: String(error?.stack ?? error) }));
  }
}
