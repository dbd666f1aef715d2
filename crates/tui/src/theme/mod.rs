//! Pi's theme system: theme files in Pi's JSON format, resolved to the exact escape sequences
//! Pi's `Theme` writes (truecolor or 256-color, detected from the environment as Pi does),
//! tau's built-in `dark`/`light`/`system` themes, discovery of user and project themes, the
//! terminal background detection that picks `system` and `light/dark` pairs, the component
//! styles Pi derives from a theme, and a palette for the extension host.
//!
//! ```text
//! file::parse_theme_json / load_theme_file   JSON -> ThemeDefinition (or ThemeError: file + keys)
//! discovery::ThemeRegistry::from_paths       files and folders -> definitions + diagnostics
//! ThemeRegistry::select(setting, terminal, mode) -> Theme
//! Theme::fg / bg / bold / ...                 text -> styled text
//! ```
//!
//! # Palette JSON for the extension host
//!
//! [`Palette::from_theme`] serialises (serde) to:
//!
//! ```json
//! {
//!   "name": "dark",
//!   "appearance": "dark",            // "dark" | "light" | null
//!   "colorMode": "truecolor",        // "truecolor" | "256color"
//!   "fg": { "accent": "\u001b[38;2;92;200;194m", "text": "\u001b[38;2;214;216;222m", ... },
//!   "bg": { "selectedBg": "\u001b[48;2;39;50;71m", ... },
//!   "colors": { "accent": {"kind": "rgb", "r": 92, "g": 200, "b": 194},
//!               "mdCode": {"kind": "indexed", "index": 39},
//!               "border": {"kind": "oklch", "l": 0.62, "c": 0.1, "h": 200}, ... }
//! }
//! ```
//!
//! `fg` holds every foreground token and `bg` every background token (optional tokens already
//! filled from their fallbacks; a terminal-default token is `"\u001b[39m"` / `"\u001b[49m"`).
//! The host reproduces tau's output byte for byte with
//! `fg(t, s) = palette.fg[t] + s + "\u001b[39m"`, `bg(t, s) = palette.bg[t] + s + "\u001b[49m"`,
//! `getFgAnsi(t) = palette.fg[t]`, `style()` as pi-tui's `styleTextWithAnsi` on those strings,
//! `colors` (pi-tui `Color` objects; terminal-default tokens absent) for `theme.colors`, and
//! for `bold`/`italic`/`underline`/`inverse`/`strikethrough` chalk's rules (see
//! [`styled::sgr`]).

pub mod builtin;
pub mod color;
pub mod components;
pub mod discovery;
pub mod file;
mod oklab;
pub mod palette;
pub mod styled;
pub mod terminal;
pub mod tokens;

pub use builtin::{builtin_theme, builtin_theme_named, SYSTEM_THEME_NAME};
pub use color::{parse_color, Color, ColorMode, ColorValue};
pub use components::{
    editor_theme, highlight_scope_style, markdown_theme, select_list_theme, SettingsListStyles,
};
pub use discovery::{
    parse_auto_theme_setting, resolve_theme_setting, ThemeDiagnostic, ThemeEntry, ThemeRegistry,
};
pub use file::{load_theme_file, parse_theme_json, ThemeDefinition, ThemeError, ThemeProblem};
pub use palette::{Palette, PaletteColor};
pub use styled::{TextStyle, Theme};
pub use terminal::{
    color_fg_bg_appearance, detect_color_mode, detect_color_mode_from_env,
    detect_terminal_appearance, parse_color_scheme_report, parse_osc_color_reply,
    terminal_appearance, terminal_color_query, Appearance, OscColorReply, OscTarget, Rgb,
    TerminalReport,
};
pub use tokens::{token_info, Slot, TokenInfo, THEME_TOKENS};
