// Conformance suite: every entry of Pi 1.6.0's examples/extensions (TAU_PI_EXAMPLES, as installed by
// tools/oracle/setup.sh) is loaded headless (mode "print", no UI), each in its own `load` call, and the
// outcome must match the table below exactly: an example that starts failing, starts loading, appears or
// disappears fails the test. For a loaded example the table lists what it registered, and each
// registration is checked for the shape tau relies on. The table is printed to stdout; with
// TAU_CONFORMANCE_TABLE=<file> it is also written there as a markdown section for docs/pi-extensions.md.

import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { EVENT_NAMES } from "../src/api.mjs";
import { HostClient, piExamples, skipExamples } from "./client.mjs";

/**
 * @typedef {{events?: string[], tools?: string[], commands?: string[], flags?: string[], shortcuts?: string[],
 *   providers?: string[], renderers?: string[]}} Loads
 * @typedef {{fails: string, error: string}} Fails reason for people, and the host's exact error (first line)
 */

/** Every example and what loading it headless gives. @type {Record<string, Loads | Fails>} */
const EXPECTED = {
  "auto-commit-on-exit.ts": { events: ["session_shutdown"] },
  "bash-spawn-hook.ts": { tools: ["bash"] },
  "bookmark.ts": { commands: ["bookmark","unbookmark"] },
  "border-status-editor.ts": { events: ["agent_start","agent_settled","session_shutdown","session_start"] },
  "built-in-tool-renderer.ts": { tools: ["read","bash","edit","write"] },
  "claude-rules.ts": { events: ["session_start","before_agent_start"] },
  "commands.ts": { commands: ["commands"] },
  "confirm-destructive.ts": { events: ["session_before_switch","session_before_fork"] },
  "custom-compaction.ts": { events: ["session_before_compact"] },
  "custom-footer.ts": { commands: ["footer"] },
  "custom-header.ts": { events: ["session_start"], commands: ["builtin-header"] },
  // Its @anthropic-ai/sdk dependency resolves from the hoisted node_modules of the Pi install.
  "custom-provider-anthropic": { providers: ["custom-anthropic"] },
  "custom-provider-gitlab-duo": { providers: ["gitlab-duo"] },
  "debug-provider.ts": { events: ["turn_start","provider_stream_event","message_end","turn_end"], commands: ["debug-provider"], renderers: ["entry:debug-provider-events"] },
  "dirty-repo-guard.ts": { events: ["session_before_switch","session_before_fork"] },
  "doom-overlay": { commands: ["doom-overlay"] },
  "dynamic-resources": { events: ["resources_discover"] },
  "dynamic-tools.ts": { events: ["session_start"], commands: ["add-echo-tool"] },
  "entry-renderer.ts": { commands: ["status-card"], renderers: ["entry:status-card"] },
  "event-bus.ts": { events: ["session_start"], commands: ["emit"] },
  "file-trigger.ts": { events: ["session_start"] },
  "git-checkpoint.ts": { events: ["tool_result","turn_start","session_before_fork","agent_settled"] },
  "git-merge-and-resolve.ts": { events: ["agent_end"] },
  "github-issue-autocomplete.ts": { events: ["session_start"] },
  gondolin: {
    fails: "needs a package the example does not ship: its package.json depends on @earendil-works/gondolin (a VM sandbox) and no node_modules comes with it; run npm install in its folder",
    error: "Failed to load extension: Cannot find module '@earendil-works/gondolin'",
  },
  "handoff.ts": { commands: ["handoff"] },
  "hello.ts": { tools: ["hello"] },
  "hidden-thinking-label.ts": { events: ["session_start"], commands: ["thinking-label"] },
  "inline-bash.ts": { events: ["input"] },
  "input-transform-streaming.ts": { events: ["input"] },
  "input-transform.ts": { events: ["input"] },
  "interactive-shell.ts": { events: ["user_bash"] },
  // Registers a virtual model only, which the load result does not list.
  "jev-router.ts": {},
  "mac-system-theme.ts": { events: ["session_start","session_shutdown"] },
  "message-renderer.ts": { commands: ["status"], renderers: ["message:status-update"] },
  "minimal-mode.ts": { tools: ["read","bash","write","edit","find","grep","ls"] },
  "modal-editor.ts": { events: ["session_start"] },
  "model-status.ts": { events: ["model_select"] },
  "notify.ts": { events: ["agent_settled"] },
  "overlay-qa-tests.ts": { commands: ["overlay-animation","overlay-anchors","overlay-margins","overlay-stack","overlay-overflow","overlay-edge","overlay-percent","overlay-maxheight","overlay-sidepanel","overlay-toggle","overlay-passive","overlay-focus","overlay-streaming"] },
  "overlay-test.ts": { commands: ["overlay-test"] },
  "permission-gate.ts": { events: ["tool_call"] },
  "pirate.ts": { events: ["before_agent_start"], commands: ["pirate"] },
  "plan-mode": { events: ["tool_call","context","before_agent_start","turn_end","agent_end","session_start"], commands: ["plan","todos"], flags: ["plan"], shortcuts: ["ctrl+alt+p"] },
  "preset.ts": { events: ["before_agent_start","session_start","turn_start"], commands: ["preset"], flags: ["preset"], shortcuts: ["ctrl+shift+u"] },
  "project-trust.ts": { events: ["project_trust","session_start"] },
  "prompt-customizer.ts": { events: ["before_agent_start"] },
  "protected-paths.ts": { events: ["tool_call"] },
  "provider-payload.ts": { events: ["before_provider_request","after_provider_response"] },
  "qna.ts": { commands: ["qna"] },
  "question.ts": { tools: ["question"] },
  "questionnaire.ts": { tools: ["questionnaire"] },
  "rainbow-editor.ts": { events: ["session_start"] },
  "reload-runtime.ts": { events: ["agent_settled"], tools: ["reload_runtime"], commands: ["reload-runtime"] },
  "rpc-demo.ts": { events: ["session_start","turn_start","turn_end","tool_call","session_before_switch"], commands: ["rpc-input","rpc-editor","rpc-prefill"] },
  "send-user-message.ts": { commands: ["ask","steer","followup","askwith"] },
  "session-name.ts": { commands: ["session-name"] },
  "shutdown-command.ts": { tools: ["finish_and_exit","deploy_and_exit"], commands: ["quit"] },
  "snake.ts": { commands: ["snake"] },
  "space-invaders.ts": { commands: ["invaders"] },
  "ssh.ts": { events: ["session_start","user_bash","before_agent_start"], tools: ["read","write","edit","bash"], flags: ["ssh"] },
  "status-line.ts": { events: ["session_start","turn_start","turn_end"] },
  "structured-output.ts": { tools: ["structured_output"] },
  "subagent": { events: ["tool_result"], tools: ["subagent"] },
  "summarize.ts": { commands: ["summarize"] },
  "system-prompt-header.ts": { events: ["agent_start","session_shutdown"] },
  "tic-tac-toe.ts": { events: ["session_start","session_tree","before_agent_start"], tools: ["tic_tac_toe","tic_tac_toe_see_board"], commands: ["tic-tac-toe"], renderers: ["message:tic-tac-toe-move", "message:tic-tac-toe-game-over"] },
  "timed-confirm.ts": { commands: ["timed","timed-select","timed-signal"] },
  "titlebar-spinner.ts": { events: ["agent_start","agent_settled","session_shutdown"] },
  "todo.ts": { events: ["session_start","session_tree"], tools: ["todo"], commands: ["todos"] },
  "tool-override.ts": { tools: ["read"], commands: ["read-log"] },
  "tools.ts": { events: ["session_start","session_tree"], commands: ["tools"] },
  "trigger-compact.ts": { events: ["turn_end"], commands: ["trigger-compact"] },
  "truncated-tool.ts": { tools: ["rg"] },
  "widget-placement.ts": { events: ["session_start"] },
  // Its `ms` dependency resolves from the hoisted node_modules of the Pi install.
  "with-deps": { tools: ["parse_duration"] },
  "working-indicator.ts": { events: ["session_start"], commands: ["working-indicator"] },
  "working-message-test.ts": { events: ["session_start"] },
};

/** The table entry for one load result. @param {any} result @returns {Loads | Fails} */
function summarize(result) {
  if (!result.ok) return { fails: "", error: String(result.error).split("\n")[0] };
  /** @type {Record<string, string[]>} */
  const out = {};
  const add = (/** @type {string} */ key, /** @type {string[]} */ values) => {
    if (values.length > 0) out[key] = values;
  };
  add("events", [...new Set(result.handlers.map((/** @type {any} */ h) => h.event))]);
  add("tools", result.tools.map((/** @type {any} */ t) => t.name));
  add("commands", result.commands.map((/** @type {any} */ c) => c.name));
  add("flags", result.flags.map((/** @type {any} */ f) => f.name));
  add("shortcuts", result.shortcuts.map((/** @type {any} */ s) => s.shortcut));
  add("providers", result.providers.map((/** @type {any} */ p) => p.name));
  add("renderers", [...result.messageRenderers.map((/** @type {string} */ t) => `message:${t}`), ...result.entryRenderers.map((/** @type {string} */ t) => `entry:${t}`)]);
  return out;
}

/** Checks the registrations of a loaded example have the shape tau relies on. @param {string} name @param {any} result */
function checkRegistrations(name, result) {
  for (const handler of result.handlers) {
    assert.ok(Number.isInteger(handler.id), `${name}: handler id ${handler.id}`);
    assert.ok(EVENT_NAMES.includes(handler.event), `${name}: unknown event ${handler.event}`);
  }
  for (const tool of result.tools) {
    assert.equal(typeof tool.name, "string", `${name}: tool name`);
    assert.equal(typeof tool.description, "string", `${name}: ${tool.name} description`);
    assert.equal(tool.parameters?.type, "object", `${name}: ${tool.name} parameters`);
    assert.ok(tool.functions.includes("execute"), `${name}: ${tool.name} has no execute`);
  }
  for (const command of result.commands) assert.ok(typeof command.name === "string" && command.name.length > 0, `${name}: command name`);
  for (const flag of result.flags) assert.ok(["boolean", "string"].includes(flag.type), `${name}: flag ${flag.name} type ${flag.type}`);
}

/** One registration summary as table text. @param {Loads} loads */
function describe(loads) {
  const parts = Object.entries(loads).map(([key, values]) => `${key}: ${values.join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : "(nothing the load result lists)";
}

/** @param {Record<string, Loads | Fails>} table */
function markdown(table) {
  const rows = Object.entries(table).map(([name, entry]) =>
    "fails" in entry ? `| ${name} | does not load | ${entry.fails} (\`${entry.error}\`) |` : `| ${name} | loads | ${describe(entry)} |`,
  );
  const loaded = Object.values(table).filter((e) => !("fails" in e)).length;
  return [
    "### Pi's example extensions in tau",
    "",
    `Pi 1.6.0 ships ${rows.length} example extensions; loaded headless (print mode, no UI) by the host's`,
    `conformance test (\`crates/ext-bridge/host/test/conformance.test.mjs\`), ${loaded} load. "Loads" means`,
    "the factory ran and registered what is listed; it does not mean every feature works in tau (UI-only",
    "commands need a UI, and events tau does not dispatch yet never fire).",
    "",
    "| example | status | registrations or reason |",
    "|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

test("every Pi example loads, or fails for its recorded reason, exactly as the table says", { skip: skipExamples }, async () => {
  const dir = /** @type {string} */ (piExamples);
  const names = readdirSync(dir).filter((n) => n !== "README.md").sort();
  assert.deepEqual(names, Object.keys(EXPECTED).sort(), "the examples folder and the table list different examples");
  const client = new HostClient();
  await client.hello();
  /** @type {Record<string, Loads | Fails>} */
  const actual = {};
  const ids = new Set();
  for (const name of names) {
    const { extensions } = await client.load([join(dir, name)]);
    assert.equal(extensions.length, 1, `${name} has one entry`);
    const [result] = extensions;
    const summary = summarize(result);
    const expected = EXPECTED[name];
    if ("fails" in summary && "fails" in expected) summary.fails = expected.fails;
    actual[name] = summary;
    if (result.ok) {
      checkRegistrations(name, result);
      for (const { id } of result.handlers) {
        assert.ok(!ids.has(id), `handler id ${id} reused`);
        ids.add(id);
      }
    }
  }
  await client.request("bind", { state: {} });
  assert.equal(client.child.exitCode, null, "the host survived loading every example");
  await client.close();

  const md = markdown(actual);
  process.stdout.write(`${md}\n`);
  if (process.env.TAU_CONFORMANCE_TABLE) writeFileSync(process.env.TAU_CONFORMANCE_TABLE, md);
  assert.deepEqual(actual, EXPECTED);
});

test("bash-spawn-hook and minimal-mode register Pi's own tools, which run Pi's tool code in the host", { skip: skipExamples }, async () => {
  const dir = /** @type {string} */ (piExamples);
  // The spawnHook sources ~/.profile and sets PI_SPAWN_HOOK; a HOME of our own has the profile.
  const home = mkdtempSync(join(tmpdir(), "tau-factories-"));
  writeFileSync(join(home, ".profile"), "export FROM_PROFILE=yes\n");
  const work = join(home, "work");
  mkdirSync(work);
  writeFileSync(join(work, "notes.txt"), "one\ntwo\n");
  writeFileSync(join(work, "data.json"), "{}");
  const client = new HostClient({ env: { ...process.env, HOME: home } });
  await client.hello();
  // Both register "bash"; the later registration (bash-spawn-hook's) is the one that runs.
  const [minimal] = (await client.load([join(dir, "minimal-mode.ts"), join(dir, "bash-spawn-hook.ts")])).extensions;
  await client.request("bind", { state: {} });
  const bash = await client.request("execute_tool", {
    tool: "bash", toolCallId: "b1", params: { command: 'echo "hook=$PI_SPAWN_HOOK profile=$FROM_PROFILE"; pwd' }, ctx: { cwd: home },
  });
  // The example drops ctx, so the factory's cwd (the host's process.cwd() at load) is where it runs.
  assert.deepEqual(bash.content, [{ type: "text", text: `hook=1 profile=yes\n${process.cwd()}\n` }]);
  assert.deepEqual(minimal.tools.map((/** @type {any} */ t) => t.name), ["read", "bash", "write", "edit", "find", "grep", "ls"]);
  assert.ok(minimal.tools[0].functions.includes("renderCall"));
  const read = await client.request("execute_tool", { tool: "read", toolCallId: "r1", params: { path: join(work, "notes.txt") }, ctx: {} });
  assert.deepEqual(read.content, [{ type: "text", text: "one\ntwo\n" }]);
  const ls = await client.request("execute_tool", { tool: "ls", toolCallId: "l1", params: { path: work }, ctx: {} });
  assert.deepEqual(ls.content, [{ type: "text", text: "data.json\nnotes.txt" }]);
  const missing = await client.request("execute_tool", { tool: "read", toolCallId: "r2", params: { path: join(work, "nope.txt") }, ctx: {} }).catch((e) => e);
  assert.match(String(missing?.message ?? JSON.stringify(missing)), /ENOENT|not found|No such file/i);
  // No host→tau action ran a tool: the tools are Pi's code in the host.
  assert.deepEqual(client.requests.filter((r) => r.method === "action").map((r) => r.params.name), []);
  await client.close();
  rmSync(home, { recursive: true, force: true });
});
