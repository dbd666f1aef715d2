// Generates crates/tui/tests/vectors/image.json: pi-tui's terminal capability detection, image
// dimension sniffing, cell sizing, Kitty and iTerm2 encodings, text fallbacks and the Image
// component's lines, for tests/image_parity.rs.
//
// Run from the repository root, with the extension host's node_modules installed:
//   node crates/tui/gen/image_vectors.mjs > crates/tui/tests/vectors/image.json
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const piTui = join(repo, "crates/ext-bridge/host/node_modules/@earendil-works/pi-tui");
const version = JSON.parse(readFileSync(join(piTui, "package.json"), "utf8")).version;
const load = async (path) => import(pathToFileURL(join(piTui, "dist", path)).href);
const ti = await load("terminal-image.js");
const { Image } = await load("components/image.js");

// Capability detection: each case is the environment pi-tui sees (everything else unset).
const envKeys = [
  "TERM_PROGRAM", "TERMINAL_EMULATOR", "TERM", "COLORTERM", "TMUX", "KITTY_WINDOW_ID", "GHOSTTY_RESOURCES_DIR",
  "WEZTERM_PANE", "WARP_SESSION_ID", "WARP_TERMINAL_SESSION_UUID", "ITERM_SESSION_ID", "WT_SESSION",
  "ALACRITTY_WINDOW_ID", "ORCA_IMAGE_PROTOCOL", "PI_HYPERLINKS", "PI_IMAGE_PROTOCOL", "PI_TRUE_COLOR",
];
const envs = [
  {}, { TERM: "xterm-256color" }, { TERM: "xterm-direct" }, { COLORTERM: "truecolor" }, { COLORTERM: "24bit" },
  { TMUX: "/tmp/t,1,0" }, { TERM: "tmux-256color", COLORTERM: "truecolor" }, { TERM: "screen" },
  { TERM_PROGRAM: "herdr", KITTY_WINDOW_ID: "1" }, { TERM_PROGRAM: "rex" }, { TERM_PROGRAM: "orca" },
  { TERM_PROGRAM: "orca", ORCA_IMAGE_PROTOCOL: "kitty" }, { KITTY_WINDOW_ID: "3" }, { TERM_PROGRAM: "Kitty" },
  { TERM_PROGRAM: "ghostty" }, { TERM: "xterm-ghostty" }, { GHOSTTY_RESOURCES_DIR: "/x" }, { WEZTERM_PANE: "0" },
  { TERM_PROGRAM: "WarpTerminal" }, { WARP_SESSION_ID: "a" }, { WARP_TERMINAL_SESSION_UUID: "b" },
  { ITERM_SESSION_ID: "w0" }, { TERM_PROGRAM: "iTerm.app" }, { WT_SESSION: "x" }, { TERM_PROGRAM: "Alacritty" },
  { TERM: "alacritty" }, { ALACRITTY_WINDOW_ID: "1" }, { TERM_PROGRAM: "vscode" }, { TERM_PROGRAM: "zed" },
  { TERMINAL_EMULATOR: "JetBrains-JediTerm" }, { PI_HYPERLINKS: "1" }, { PI_HYPERLINKS: "0", TERM_PROGRAM: "kitty" },
  { PI_IMAGE_PROTOCOL: "iTerm2" }, { PI_IMAGE_PROTOCOL: "none", TERM_PROGRAM: "kitty" }, { PI_IMAGE_PROTOCOL: "0" },
  { PI_IMAGE_PROTOCOL: "sixel" }, { PI_TRUE_COLOR: "0", TERM_PROGRAM: "ghostty" }, { PI_TRUE_COLOR: "1" },
  { TMUX: "x", PI_HYPERLINKS: "1", TERM_PROGRAM: "kitty" },
];
const capabilities = [];
for (const env of envs) {
  for (const tmux of [false, true]) {
    for (const key of envKeys) delete process.env[key];
    Object.assign(process.env, env);
    capabilities.push({ env, tmuxForwardsHyperlinks: tmux, caps: ti.detectCapabilities(() => tmux) });
  }
}
for (const key of envKeys) delete process.env[key];

// Image headers, as base64.
const b64 = (bytes) => Buffer.from(bytes).toString("base64");
const u32be = (n) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16le = (n) => [n & 255, (n >>> 8) & 255];
const png = (w, h) => b64([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, ...u32be(w), ...u32be(h), 8, 6, 0, 0, 0]);
const gif = (w, h) => b64([...Buffer.from("GIF89a"), ...u16le(w), ...u16le(h), 0, 0, 0]);
const jpeg = (w, h) => b64([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Array(14).fill(0), 0xff, 0xc0, 0, 17, 8, h >> 8, h & 255, w >> 8, w & 255, 3, ...Array(12).fill(0)]);
const riff = (chunk, body) => [...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBP"), ...Buffer.from(chunk), ...body];
const webpLossy = (w, h) => b64(riff("VP8 ", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...u16le(w), ...u16le(h), 0, 0]));
const webpLossless = (w, h) => {
  const bits = ((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14);
  return b64(riff("VP8L", [0, 0, 0, 0, 0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255, 0, 0, 0, 0, 0]));
};
const webpExtended = (w, h) => b64(riff("VP8X", [0, 0, 0, 0, 0, 0, 0, 0, (w - 1) & 255, ((w - 1) >> 8) & 255, 0, (h - 1) & 255, ((h - 1) >> 8) & 255, 0, 0, 0]));
const images = [
  ["image/png", png(800, 600)], ["image/png", png(1, 4000)], ["image/png", "iVBORw0KGgo="], ["image/gif", gif(320, 200)],
  ["image/jpeg", jpeg(1024, 768)], ["image/jpeg", b64([0xff, 0xd8, 0xff])], ["image/webp", webpLossy(640, 480)],
  ["image/webp", webpLossless(100, 50)], ["image/webp", webpExtended(300, 9000)], ["image/bmp", png(5, 5)],
  ["image/png", gif(3, 3)], ["image/gif", "not base64!"],
];
const dimensions = images.map(([mime, data]) => ({ mime, data, dims: ti.getImageDimensions(data, mime) }));

const cellSizes = [];
for (const dims of [[800, 600], [1, 4000], [4000, 1], [1024, 768], [0, 0], [37, 91]]) {
  for (const [maxW, maxH] of [[60, undefined], [60, 20], [10, 3], [1, 1], [80, 45]]) {
    for (const optimize of [false, true]) {
      for (const cell of [{ widthPx: 9, heightPx: 18 }, { widthPx: 8, heightPx: 17 }]) {
        const size = ti.calculateImageCellSize({ widthPx: dims[0], heightPx: dims[1] }, maxW, maxH, cell, optimize);
        cellSizes.push({ dims, maxW, maxH: maxH ?? null, optimize, cell, size });
      }
    }
  }
}

const longData = "A".repeat(9000);
const kitty = [
  { data: "abc", opts: {} }, { data: "abc", opts: { moveCursor: false, columns: 10, rows: 4, imageId: 7 } },
  { data: longData, opts: { columns: 3 } }, { data: "A".repeat(4096), opts: {} }, { data: "A".repeat(8192), opts: { imageId: 1 } },
].map((c) => ({ ...c, data: c.data.length > 100 ? { repeat: "A", count: c.data.length } : c.data, out: ti.encodeKitty(c.data, c.opts) }));
const iterm2 = [
  { data: png(2, 2), opts: {} }, { data: png(2, 2), opts: { width: 5, height: "auto", preserveAspectRatio: false } },
  { data: "QUJD", opts: { inline: false, name: "a b.png" } }, { data: "QUI=", opts: { width: 3 } },
].map((c) => ({ ...c, out: ti.encodeITerm2(c.data, c.opts) }));

const fallbacks = [];
for (const hyperlinks of [false, true]) {
  ti.setCapabilities({ images: null, trueColor: true, hyperlinks });
  for (const [mime, dims, filename] of [
    ["image/png", { widthPx: 10, heightPx: 20 }, undefined], ["image/jpeg", null, "photo.jpg"],
    ["image/gif", { widthPx: 1, heightPx: 1 }, "/tmp/some dir/pic#1.gif"], ["image/webp", null, "/var/x.webp"],
  ]) {
    fallbacks.push({ hyperlinks, mime, dims, filename: filename ?? null, out: ti.imageFallback(mime, dims ?? undefined, filename) });
  }
}

// The Image component with each protocol, a fixed Kitty image id and default cell size.
const component = [];
const fallbackColor = (t) => `<fb>${t}</fb>`;
for (const protocol of [null, "kitty", "iterm2"]) {
  for (const [mime, data] of [["image/png", png(800, 600)], ["image/png", png(50, 400)], ["image/jpeg", jpeg(640, 480)], ["image/gif", "R0lG"]]) {
    for (const [width, options] of [[80, {}], [30, { maxWidthCells: 20 }], [2, {}], [40, { maxHeightCells: 3, filename: "x.png" }]]) {
      ti.setCapabilities({ images: protocol, trueColor: true, hyperlinks: false });
      const image = new Image(data, mime, { fallbackColor }, { ...options, imageId: 42 });
      component.push({ protocol, mime, data, width, options, lines: image.render(width) });
    }
  }
}

process.stdout.write(`${JSON.stringify({ version, capabilities, dimensions, cellSizes, kitty, iterm2, fallbacks, component })}\n`);
