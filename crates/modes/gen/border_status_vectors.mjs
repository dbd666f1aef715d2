// Generates crates/modes/tests/vectors/border_status.json: the top border Pi 1.6.0's editor
// draws with its working indicator embedded (CustomEditor.renderTopBorder with a
// StatusIndicator), for a corpus of messages, indicators, widths and scroll counts, for the
// parity test in crates/modes/src/interactive/view/status.rs.
//
// Styles are replaced by markers ({border}, <spinner>, [message]) so the Rust side can paint
// the same way and compare bytes. The indicator's animation is stopped at its first frame.
//
// Run from the repository root with Node 22 and Pi installed in the oracle cache:
//   $NODE22 crates/modes/gen/border_status_vectors.mjs
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const scope = "/root/.cache/tau-oracle/pi-1.6.0/node_modules/@earendil-works";
const agent = join(scope, "pi-coding-agent/dist");
const load = (path) => import(pathToFileURL(path).href);

const { CustomEditor } = await load(join(agent, "modes/interactive/components/custom-editor.js"));
const { StatusIndicator } = await load(join(agent, "modes/interactive/components/status-indicator.js"));
const { KeybindingsManager } = await load(join(agent, "core/keybindings.js"));

const ui = { requestRender() {}, terminal: { rows: 40, columns: 100 } };
const editorTheme = {
  borderColor: (s) => `{${s}}`,
  selectList: { selectedPrefix: (s) => s, selectedText: (s) => s, description: (s) => s, scrollInfo: (s) => s, noMatch: (s) => s },
};
const spinner = (s) => `<${s}>`;
const message = (s) => `[${s}]`;

const cases = [];
for (const text of ["Working", "Retrying (1/3) in 2s... (escape to cancel)", "a much longer working message that wraps at narrow widths"]) {
  for (const frames of [undefined, ["●"], []]) {
    for (const width of [8, 12, 20, 30, 48, 80]) {
      for (const hidden of [0, 3, 120]) {
        const indicator = new StatusIndicator("working", ui, spinner, message, text, frames && { frames });
        indicator.stop();
        const editor = new CustomEditor(ui, editorTheme, new KeybindingsManager(), { embedWorkingStatus: true });
        editor.setWorkingStatusIndicator(indicator);
        cases.push({ text, frames: frames ?? null, width, hidden, border: editor.renderTopBorder(width, hidden) });
      }
    }
  }
}
writeFileSync(join(here, "../tests/vectors/border_status.json"), `${JSON.stringify(cases, null, 1)}\n`);
console.log(`${cases.length} border vectors`);
