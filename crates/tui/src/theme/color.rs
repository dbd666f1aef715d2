//! One theme color: the forms a theme file may write it in, and the escape sequence it becomes
//! in each terminal color mode. Parsing and conversion follow pi-tui's `colors.js`, so a file
//! Pi accepts gives the same bytes here (the 256-color approximation included).

use super::oklab::{
    js_round, linear_srgb_to_rgb, okhsl_to_rgb, oklab_to_linear_srgb, rgb_to_oklab,
};

/// How many colors the terminal shows; decides how an RGB color is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ColorMode {
    /// 24-bit `38;2;r;g;b` sequences.
    #[serde(rename = "truecolor")]
    Truecolor,
    /// The xterm 256-color palette (`38;5;n`); RGB colors are approximated.
    #[serde(rename = "256color")]
    Ansi256,
}

impl ColorMode {
    /// Pi's name for the mode (`"truecolor"` or `"256color"`).
    pub fn as_str(self) -> &'static str {
        match self {
            ColorMode::Truecolor => "truecolor",
            ColorMode::Ansi256 => "256color",
        }
    }
}

/// A concrete color (the terminal-default value `""` is not one; see [`ColorValue`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Color {
    /// A palette index 0-255, written as such in every mode.
    Indexed(u8),
    /// sRGB channels 0-255.
    Rgb {
        /// Red.
        r: u8,
        /// Green.
        g: u8,
        /// Blue.
        b: u8,
    },
    /// OKLCH: lightness 0-1, chroma >= 0, hue in degrees [0, 360). Gamut-mapped when shown.
    Oklch {
        /// Lightness.
        l: f64,
        /// Chroma.
        c: f64,
        /// Hue.
        h: f64,
    },
}

/// A color value as a theme file writes it once variables are resolved.
#[derive(Debug, Clone, PartialEq)]
pub enum ColorValue {
    /// `""`: the terminal's own default foreground or background.
    TerminalDefault,
    /// Anything else.
    Color(Color),
}

/// Parse a color string the way pi-tui's `parseColor` does: `#rgb`, `#rrggbb`,
/// `oklch(L[%] C H[deg])` and `okhsl(H[deg] S[%] L[%])`, case-insensitive. `None` for anything
/// else (variable names are resolved before this).
pub fn parse_color(value: &str) -> Option<Color> {
    if let Some(hex) = value.strip_prefix('#') {
        return parse_hex(hex);
    }
    if let Some(args) = strip_function(value, "oklch") {
        let [l, c, h] = split_args(args)?;
        let (l, percent) = number_with_suffix(l, "%")?;
        let l = if percent { l / 100.0 } else { l };
        let (c, _) = number_with_suffix(c, "")?;
        let (h, _) = number_with_suffix(h, "deg")?;
        if !(0.0..=1.0).contains(&l) || c < 0.0 {
            return None;
        }
        return Some(Color::Oklch {
            l,
            c,
            h: ((h % 360.0) + 360.0) % 360.0,
        });
    }
    if let Some(args) = strip_function(value, "okhsl") {
        let [h, s, l] = split_args(args)?;
        let (h, _) = number_with_suffix(h, "deg")?;
        let (s, s_percent) = number_with_suffix(s, "%")?;
        let (l, l_percent) = number_with_suffix(l, "%")?;
        let s = if s_percent { s / 100.0 } else { s };
        let l = if l_percent { l / 100.0 } else { l };
        if !(0.0..=1.0).contains(&s) || !(0.0..=1.0).contains(&l) {
            return None;
        }
        let [r, g, b] = okhsl_to_rgb(h, s, l);
        return Some(Color::Rgb { r, g, b });
    }
    None
}

fn parse_hex(hex: &str) -> Option<Color> {
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digits: Vec<u8> = match hex.len() {
        3 => hex.bytes().flat_map(|d| [d, d]).collect(),
        6 => hex.bytes().collect(),
        _ => return None,
    };
    let channel = |i: usize| {
        std::str::from_utf8(&digits[i..i + 2])
            .ok()
            .and_then(|pair| u8::from_str_radix(pair, 16).ok())
    };
    Some(Color::Rgb {
        r: channel(0)?,
        g: channel(2)?,
        b: channel(4)?,
    })
}

/// `name(` ... `)` with the name in any case; returns what is between the parentheses.
fn strip_function<'a>(value: &'a str, name: &str) -> Option<&'a str> {
    let head = value.get(..name.len() + 1)?;
    if !head[..name.len()].eq_ignore_ascii_case(name) || !head.ends_with('(') {
        return None;
    }
    value[name.len() + 1..].strip_suffix(')')
}

/// Exactly three arguments separated by JavaScript whitespace, with optional padding.
fn split_args(args: &str) -> Option<[&str; 3]> {
    let mut parts = args.split(is_js_space).filter(|part| !part.is_empty());
    let result = [parts.next()?, parts.next()?, parts.next()?];
    parts.next().is_none().then_some(result)
}

/// The characters JavaScript's regex `\s` matches (Pi's color patterns use it).
fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// A number in Pi's pattern (`[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?`), optionally followed by
/// `suffix` (case-insensitive); says whether the suffix was there.
fn number_with_suffix(text: &str, suffix: &str) -> Option<(f64, bool)> {
    let (number, had_suffix) = match text.len().checked_sub(suffix.len()) {
        Some(cut)
            if !suffix.is_empty()
                && text.is_char_boundary(cut)
                && text[cut..].eq_ignore_ascii_case(suffix) =>
        {
            (&text[..cut], true)
        }
        _ => (text, false),
    };
    let value = number.parse::<f64>().ok().filter(|n| n.is_finite())?;
    is_js_number(number).then_some((value, had_suffix))
}

fn is_js_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let whole = digits(&mut i);
    let mut fraction = 0;
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        fraction = digits(&mut i);
    }
    if whole == 0 && fraction == 0 {
        return false;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == bytes.len()
}

const BASIC_COLORS: [[u8; 3]; 16] = [
    [0, 0, 0],
    [128, 0, 0],
    [0, 128, 0],
    [128, 128, 0],
    [0, 0, 128],
    [128, 0, 128],
    [0, 128, 128],
    [192, 192, 192],
    [128, 128, 128],
    [255, 0, 0],
    [0, 255, 0],
    [255, 255, 0],
    [0, 0, 255],
    [255, 0, 255],
    [0, 255, 255],
    [255, 255, 255],
];
const CUBE_VALUES: [f64; 6] = [0.0, 95.0, 135.0, 175.0, 215.0, 255.0];

fn gray_values() -> [f64; 24] {
    std::array::from_fn(|i| 8.0 + i as f64 * 10.0)
}

impl Color {
    /// The color's sRGB channels; palette indices use xterm's default palette, OKLCH is
    /// gamut-mapped by lowering chroma at fixed hue.
    pub fn to_rgb(self) -> [u8; 3] {
        match self {
            Color::Indexed(index) => indexed_to_rgb(index),
            Color::Rgb { r, g, b } => [r, g, b],
            Color::Oklch { l, c, h } => oklch_to_rgb(l, c, h),
        }
    }

    /// Oklab lightness (0-1), which Pi uses to tell a dark theme from a light one.
    pub fn oklab_lightness(self) -> f64 {
        match self {
            Color::Oklch { l, .. } => l,
            other => rgb_to_oklab(other.to_rgb().map(f64::from))[0],
        }
    }

    /// The SGR sequence that sets this color as foreground (or background) in `mode`.
    pub fn ansi(self, mode: ColorMode, background: bool) -> String {
        let layer = if background { 48 } else { 38 };
        if let Color::Indexed(index) = self {
            return format!("\x1b[{layer};5;{index}m");
        }
        let [r, g, b] = self.to_rgb();
        match mode {
            ColorMode::Truecolor => format!("\x1b[{layer};2;{r};{g};{b}m"),
            ColorMode::Ansi256 => format!("\x1b[{layer};5;{}m", rgb_to_ansi256([r, g, b])),
        }
    }
}

fn indexed_to_rgb(index: u8) -> [u8; 3] {
    let index = usize::from(index);
    if index < 16 {
        return BASIC_COLORS[index];
    }
    if index < 232 {
        let cube = index - 16;
        let value = |i: usize| CUBE_VALUES[i] as u8;
        return [value(cube / 36), value((cube % 36) / 6), value(cube % 6)];
    }
    let gray = (8 + (index - 232) * 10) as u8;
    [gray, gray, gray]
}

fn oklch_to_rgb(l: f64, c: f64, h: f64) -> [u8; 3] {
    let radians = (h * std::f64::consts::PI) / 180.0;
    let (cos, sin) = (radians.cos(), radians.sin());
    let at_chroma = |chroma: f64| oklab_to_linear_srgb([l, chroma * cos, chroma * sin]);
    let in_gamut = |linear: &[f64; 3]| linear.iter().all(|&v| (-1e-7..=1.0 + 1e-7).contains(&v));
    let direct = at_chroma(c);
    if in_gamut(&direct) {
        return linear_srgb_to_rgb(direct);
    }
    // Bisect the chroma; the gray of the same lightness is always in gamut, so it is the answer
    // when no step fits (`oklch(100% 0.3 150)` is white).
    let mut linear = at_chroma(0.0);
    let (mut low, mut high) = (0.0, c);
    for _ in 0..20 {
        let chroma = (low + high) / 2.0;
        let candidate = at_chroma(chroma);
        if in_gamut(&candidate) {
            low = chroma;
            linear = candidate;
        } else {
            high = chroma;
        }
    }
    linear_srgb_to_rgb(linear)
}

/// The first index of the nearest value (ties keep the earlier one, as Pi's search does).
fn closest(values: &[f64], target: f64) -> usize {
    let mut best = (0, f64::INFINITY);
    for (index, value) in values.iter().enumerate() {
        let distance = (target - value).abs();
        if distance < best.1 {
            best = (index, distance);
        }
    }
    best.0
}

fn weighted_distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    d[0] * d[0] * 0.299 + d[1] * d[1] * 0.587 + d[2] * d[2] * 0.114
}

/// Pi's 256-color approximation: the nearest 6x6x6 cube color, unless the color is nearly gray
/// and the nearest of the 24 grays is closer (luma-weighted).
pub fn rgb_to_ansi256(rgb: [u8; 3]) -> u8 {
    let [r, g, b] = rgb.map(f64::from);
    let (ri, gi, bi) = (
        closest(&CUBE_VALUES, r),
        closest(&CUBE_VALUES, g),
        closest(&CUBE_VALUES, b),
    );
    let cube = [CUBE_VALUES[ri], CUBE_VALUES[gi], CUBE_VALUES[bi]];
    let cube_index = 16 + 36 * ri + 6 * gi + bi;
    let grays = gray_values();
    let gray = js_round(0.299 * r + 0.587 * g + 0.114 * b);
    let gray_offset = closest(&grays, gray);
    let gray_value = grays[gray_offset];
    let spread = r.max(g).max(b) - r.min(g).min(b);
    let index = if spread < 10.0
        && weighted_distance([r, g, b], [gray_value; 3]) < weighted_distance([r, g, b], cube)
    {
        232 + gray_offset
    } else {
        cube_index
    };
    index as u8
}
