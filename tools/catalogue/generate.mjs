#!/usr/bin/env node
// Generates tau's built-in model catalogue (crates/provider/src/models/catalog.json) from the
// chat models of the pinned @earendil-works/pi-ai (its dist/models.generated.js `MODELS`).
//
// The pin is the pi-ai entry of crates/ext-bridge/host/package-lock.json (version and
// integrity), so the catalogue moves with the pi-ai tau's extension host runs. The package is
// fetched with `npm pack` into a cache folder outside git, its tarball checked against the
// lock's integrity, and unpacked there; nothing of it enters the repository except the facts
// this script writes.
//
// Usage:
//   node tools/catalogue/generate.mjs            write catalog.json
//   node tools/catalogue/generate.mjs --check    exit 1 when catalog.json differs from what
//                                                 would be written
//   Other exits: 2 the generator cannot run (bad lock file, unknown model field, ...),
//   3 the pinned package cannot be fetched (npm or its registry unreachable).
//   node tools/catalogue/generate.mjs --stdout   print instead of writing
//
// Environment: TAU_CATALOGUE_CACHE (cache folder; default ~/.cache/tau-catalogue),
// TAU_NPM (npm binary; default `npm`). Needs Node 20.10+ (JSON import attributes) and tar.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const PACKAGE = "@earendil-works/pi-ai";
const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const lockPath = join(repo, "crates/ext-bridge/host/package-lock.json");
const outputPath = join(repo, "crates/provider/src/models/catalog.json");

// The fields tau's `Model` reads, in the order they are written. A model field outside both
// lists stops the generator, so a new pi-ai field is a decision, not a silent loss.
const KEPT = [
    "id",
    "name",
    "api",
    "provider",
    "baseUrl",
    "reasoning",
    "input",
    "cost",
    "contextWindow",
    "maxTokens",
    "headers",
    "compat",
    "thinkingLevelMap",
];
// Left out on purpose: `type` (every entry of MODELS is a chat model), request limits and
// prompt-cache lifetimes tau does not apply yet, and Radius's marketplace metadata.
const DROPPED = ["type", "inputLimits", "promptCache", "lab", "enabled", "providers", "free"];

function fail(message, code = 2) {
    process.stderr.write(`catalogue: ${message}\n`);
    process.exit(code);
}

function pinnedPackage() {
    const lock = JSON.parse(readFileSync(lockPath, "utf8"));
    const entry = lock.packages?.[`node_modules/${PACKAGE}`];
    if (!entry?.version || !entry?.integrity) {
        fail(`${lockPath} has no version and integrity for ${PACKAGE}`);
    }
    return { version: entry.version, integrity: entry.integrity };
}

function cacheRoot() {
    return process.env.TAU_CATALOGUE_CACHE || join(homedir(), ".cache", "tau-catalogue");
}

/** The unpacked package folder, fetched and checked on first use. */
function ensurePackage({ version, integrity }) {
    const target = join(cacheRoot(), `pi-ai-${version}`);
    const marker = join(target, "package", "dist", "models.generated.js");
    if (existsSync(marker)) return join(target, "package");
    mkdirSync(cacheRoot(), { recursive: true });
    // Unpack beside the target and rename into place, so an interrupted run never leaves a
    // half-filled folder that a later run would trust.
    const scratch = mkdtempSync(join(cacheRoot(), `.pi-ai-${version}-`));
    // process.exit skips `finally`, so failures clean up first.
    const giveUp = (message, code) => {
        rmSync(scratch, { recursive: true, force: true });
        fail(message, code);
    };
    try {
        const npm = process.env.TAU_NPM || "npm";
        let packed;
        try {
            packed = execFileSync(npm, ["pack", `${PACKAGE}@${version}`, "--json", "--pack-destination", scratch], {
                cwd: scratch,
                encoding: "utf8",
                stdio: ["ignore", "pipe", "pipe"],
            });
        } catch (error) {
            const detail = String(error.stderr || error.message).trim().split("\n").slice(-3).join(" ");
            giveUp(`cannot fetch ${PACKAGE}@${version} with ${npm} pack (is the npm registry reachable?): ${detail}`, 3);
        }
        const filename = JSON.parse(packed)[0]?.filename;
        const tarball = join(scratch, filename);
        const [algorithm, expected] = integrity.split(/-(.*)/s);
        const actual = createHash(algorithm).update(readFileSync(tarball)).digest("base64");
        if (actual !== expected) {
            giveUp(`${filename} does not match the integrity in ${lockPath}; not using it`);
        }
        execFileSync("tar", ["-xzf", tarball, "-C", scratch], { stdio: ["ignore", "ignore", "pipe"] });
        rmSync(tarball);
        rmSync(target, { recursive: true, force: true });
        renameSync(scratch, target);
    } finally {
        rmSync(scratch, { recursive: true, force: true });
    }
    return join(target, "package");
}

function pick(model) {
    const unknown = Object.keys(model).filter((key) => !KEPT.includes(key) && !DROPPED.includes(key));
    if (unknown.length > 0) {
        fail(`${model.provider}/${model.id} has fields this generator does not know: ${unknown.join(", ")}; ` +
            "add them to KEPT (and tau's Model) or DROPPED");
    }
    const picked = {};
    for (const key of KEPT) {
        if (model[key] !== undefined) picked[key] = model[key];
    }
    return picked;
}

async function render() {
    const pin = pinnedPackage();
    const packageDir = ensurePackage(pin);
    const { MODELS } = await import(pathToFileURL(join(packageDir, "dist", "models.generated.js")).href);
    const lines = [];
    // MODELS is keyed by provider in pi-ai's order; each provider's models in catalogue order.
    for (const models of Object.values(MODELS)) {
        for (const model of Object.values(models)) {
            lines.push(`    ${JSON.stringify(pick(model))}`);
        }
    }
    const about =
        `Generated by tools/catalogue/generate.mjs from ${PACKAGE}@${pin.version} (dist/models.generated.js, ` +
        "chat models); do not edit by hand, run the generator.";
    return [
        "{",
        `  "about": ${JSON.stringify(about)},`,
        `  "source": ${JSON.stringify({ package: PACKAGE, version: pin.version, integrity: pin.integrity })},`,
        '  "models": [',
        lines.join(",\n"),
        "  ]",
        "}",
        "",
    ].join("\n");
}

const mode = process.argv[2] ?? "--write";
if (!["--write", "--check", "--stdout"].includes(mode)) {
    fail(`unknown argument ${mode}; use --check, --stdout or nothing`);
}
const text = await render();
if (mode === "--stdout") {
    process.stdout.write(text);
} else if (mode === "--check") {
    const committed = existsSync(outputPath) ? readFileSync(outputPath, "utf8") : "";
    if (committed !== text) {
        fail(`${outputPath} is not what the generator writes; run: node tools/catalogue/generate.mjs`, 1);
    }
    process.stdout.write(`catalogue: ${outputPath} is up to date\n`);
} else {
    writeFileSync(outputPath, text);
    process.stdout.write(`catalogue: wrote ${outputPath}\n`);
}
