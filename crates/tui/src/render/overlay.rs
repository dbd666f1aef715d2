//! Overlays: where pi-tui puts a component drawn over the frame (`OverlayOptions`, resolved
//! against the terminal size) and how it is painted into the frame's lines.

use crate::component::Component;
use crate::width::{slice_by_column, visible_width};

use super::line::{composite_line, resolve_fake_cursors};

/// A size or position: absolute cells or a percentage of the terminal (pi-tui's `SizeValue`,
/// `"50%"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SizeValue {
    /// Cells.
    Cells(i64),
    /// Percent of the terminal's width or height, rounded down.
    Percent(f64),
}

impl SizeValue {
    /// Parses pi-tui's string form (`"40%"`, digits with an optional fraction); a number
    /// string without `%` is not a size there either.
    pub fn parse_percent(text: &str) -> Option<Self> {
        let number = text.strip_suffix('%')?;
        let valid = !number.is_empty()
            && !number.starts_with('.')
            && !number.ends_with('.')
            && number.bytes().filter(|b| *b == b'.').count() <= 1
            && number.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        valid
            .then(|| number.parse().ok().map(Self::Percent))
            .flatten()
    }

    fn resolve(self, reference: usize) -> i64 {
        match self {
            Self::Cells(n) => n,
            Self::Percent(p) => (reference as f64 * p / 100.0).floor() as i64,
        }
    }
}

/// The nine anchor points of pi-tui's `OverlayAnchor`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Anchor {
    /// Centred both ways (pi-tui's default).
    #[default]
    Center,
    /// Top-left corner.
    TopLeft,
    /// Top-right corner.
    TopRight,
    /// Bottom-left corner.
    BottomLeft,
    /// Bottom-right corner.
    BottomRight,
    /// Top edge, centred.
    TopCenter,
    /// Bottom edge, centred.
    BottomCenter,
    /// Left edge, centred.
    LeftCenter,
    /// Right edge, centred.
    RightCenter,
}

impl Anchor {
    /// pi-tui's name for the anchor (`"top-left"`, ...).
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "center" => Self::Center,
            "top-left" => Self::TopLeft,
            "top-right" => Self::TopRight,
            "bottom-left" => Self::BottomLeft,
            "bottom-right" => Self::BottomRight,
            "top-center" => Self::TopCenter,
            "bottom-center" => Self::BottomCenter,
            "left-center" => Self::LeftCenter,
            "right-center" => Self::RightCenter,
            _ => return None,
        })
    }

    fn row(self, height: i64, avail: i64, margin_top: i64) -> i64 {
        match self {
            Self::TopLeft | Self::TopCenter | Self::TopRight => margin_top,
            Self::BottomLeft | Self::BottomCenter | Self::BottomRight => {
                margin_top + avail - height
            }
            Self::LeftCenter | Self::Center | Self::RightCenter => {
                margin_top + (avail - height).div_euclid(2)
            }
        }
    }

    fn col(self, width: i64, avail: i64, margin_left: i64) -> i64 {
        match self {
            Self::TopLeft | Self::LeftCenter | Self::BottomLeft => margin_left,
            Self::TopRight | Self::RightCenter | Self::BottomRight => margin_left + avail - width,
            Self::TopCenter | Self::Center | Self::BottomCenter => {
                margin_left + (avail - width).div_euclid(2)
            }
        }
    }
}

/// A position along one axis: absolute, a percentage of the free space, or (any other
/// string in pi-tui) centred.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Position {
    /// Row or column, counted from 0.
    Cells(i64),
    /// Percent of the free space (terminal less margins less the overlay).
    Percent(f64),
    /// Centred (any other string in pi-tui).
    Center,
}

/// Space kept free around an overlay; pi-tui takes a number (all sides) or per-side values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Margin {
    /// Rows kept free above.
    pub top: i64,
    /// Columns kept free on the right.
    pub right: i64,
    /// Rows kept free below.
    pub bottom: i64,
    /// Columns kept free on the left.
    pub left: i64,
}

impl Margin {
    /// The same margin on every side.
    pub fn all(n: i64) -> Self {
        Self {
            top: n,
            right: n,
            bottom: n,
            left: n,
        }
    }
}

/// Every field of pi-tui's `OverlayOptions`. `visible` is the result of the extension's
/// `visible(columns, rows)` callback, evaluated by whoever builds the frame.
#[derive(Clone, Debug, PartialEq)]
pub struct OverlayOptions {
    /// Width (default: 80 or the free width, whichever is less).
    pub width: Option<SizeValue>,
    /// Lower bound for the width.
    pub min_width: Option<i64>,
    /// Rows shown at most; the rest of the overlay's lines are cut.
    pub max_height: Option<SizeValue>,
    /// Where the box sits when `row`/`col` are not given.
    pub anchor: Anchor,
    /// Columns added after anchoring.
    pub offset_x: i64,
    /// Rows added after anchoring.
    pub offset_y: i64,
    /// Explicit row (overrides the anchor's).
    pub row: Option<Position>,
    /// Explicit column (overrides the anchor's).
    pub col: Option<Position>,
    /// Space kept free around the box.
    pub margin: Margin,
    /// Whether the overlay is drawn this frame.
    pub visible: bool,
    /// Shown without taking focus; the focus decision is the caller's, kept here so the
    /// options round-trip.
    pub non_capturing: bool,
}

impl Default for OverlayOptions {
    fn default() -> Self {
        Self {
            width: None,
            min_width: None,
            max_height: None,
            anchor: Anchor::Center,
            offset_x: 0,
            offset_y: 0,
            row: None,
            col: None,
            margin: Margin::default(),
            visible: true,
            non_capturing: false,
        }
    }
}

/// Where an overlay lands, in screen cells (pi-tui's overlay bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverlayLayout {
    /// Viewport row of the first line.
    pub row: usize,
    /// Column of the left edge.
    pub col: usize,
    /// Width the component renders at.
    pub width: usize,
    /// Rows kept at most.
    pub max_height: Option<usize>,
}

/// Resolves the options for an overlay `overlay_height` lines tall on a
/// `term_width` x `term_height` terminal, exactly as pi-tui's `resolveOverlayLayout`.
pub fn resolve_layout(
    opt: &OverlayOptions,
    overlay_height: usize,
    term_width: usize,
    term_height: usize,
) -> OverlayLayout {
    let (tw, th) = (term_width as i64, term_height as i64);
    let m = &opt.margin;
    let (mt, mr, mb, ml) = (m.top.max(0), m.right.max(0), m.bottom.max(0), m.left.max(0));
    let avail_w = (tw - ml - mr).max(1);
    let avail_h = (th - mt - mb).max(1);
    let mut width = opt.width.map_or(80.min(avail_w), |w| w.resolve(term_width));
    if let Some(min) = opt.min_width {
        width = width.max(min);
    }
    let width = width.min(avail_w).max(1);
    let max_height = opt
        .max_height
        .map(|h| h.resolve(term_height).min(avail_h).max(1));
    let height = max_height.map_or(overlay_height as i64, |m| m.min(overlay_height as i64));
    let mut row = match opt.row {
        Some(Position::Cells(r)) => r,
        Some(Position::Percent(p)) => {
            mt + ((avail_h - height).max(0) as f64 * p / 100.0).floor() as i64
        }
        Some(Position::Center) => Anchor::Center.row(height, avail_h, mt),
        None => opt.anchor.row(height, avail_h, mt),
    };
    let mut col = match opt.col {
        Some(Position::Cells(c)) => c,
        Some(Position::Percent(p)) => {
            ml + ((avail_w - width).max(0) as f64 * p / 100.0).floor() as i64
        }
        Some(Position::Center) => Anchor::Center.col(width, avail_w, ml),
        None => opt.anchor.col(width, avail_w, ml),
    };
    row += opt.offset_y;
    col += opt.offset_x;
    // pi-tui clamps with max(low, min(x, high)): the low bound wins when they cross.
    row = row.min(th - mb - height).max(mt);
    col = col.min(tw - mr - width).max(ml);
    OverlayLayout {
        row: row.max(0) as usize,
        col: col.max(0) as usize,
        width: width as usize,
        max_height: max_height.map(|h| h as usize),
    }
}

/// One overlay of a frame: the component, its options and its place in the focus order
/// (pi-tui draws higher `focus_order` on top).
pub struct Overlay<'a> {
    /// What is drawn.
    pub component: &'a mut dyn Component,
    /// Where and how big.
    pub options: &'a OverlayOptions,
    /// Stacking: higher is drawn later, on top.
    pub focus_order: u64,
}

/// Where an overlay was drawn in the last frame (viewport rows), for hit tests and
/// `getBounds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverlayBounds {
    /// Viewport row of the first line.
    pub row: usize,
    /// Column of the left edge.
    pub col: usize,
    /// Columns.
    pub width: usize,
    /// Rows drawn.
    pub height: usize,
}

/// Paints the visible overlays into `lines` (pi-tui's `compositeOverlays`): the lines are
/// padded to at least the terminal height, overlays are placed relative to the last
/// `term_height` rows, lowest focus order first. Returns each drawn overlay's bounds in
/// the order given.
pub fn composite_overlays(
    lines: &mut Vec<String>,
    overlays: &mut [Overlay<'_>],
    term_width: usize,
    term_height: usize,
    show_hardware_cursor: bool,
) -> Vec<Option<OverlayBounds>> {
    let mut bounds = vec![None; overlays.len()];
    if overlays.is_empty() {
        return bounds;
    }
    let mut order: Vec<usize> = (0..overlays.len())
        .filter(|i| overlays[*i].options.visible)
        .collect();
    order.sort_by_key(|i| overlays[*i].focus_order);
    let mut drawn = Vec::new();
    let mut min_lines = lines.len();
    for i in order {
        let overlay = &mut overlays[i];
        let first = resolve_layout(overlay.options, 0, term_width, term_height);
        let mut rows: Vec<String> = overlay
            .component
            .render(first.width)
            .iter()
            .map(|l| resolve_fake_cursors(l, show_hardware_cursor))
            .collect();
        if let Some(max) = first.max_height {
            rows.truncate(max);
        }
        let at = resolve_layout(overlay.options, rows.len(), term_width, term_height);
        bounds[i] = Some(OverlayBounds {
            row: at.row,
            col: at.col,
            width: first.width,
            height: rows.len(),
        });
        min_lines = min_lines.max(at.row + rows.len());
        drawn.push((rows, at.row, at.col, first.width));
    }
    let working = lines.len().max(term_height).max(min_lines);
    lines.resize(working, String::new());
    let viewport_start = working - term_height.min(working);
    for (rows, row, col, width) in drawn {
        for (k, text) in rows.iter().enumerate() {
            let idx = viewport_start + row + k;
            if idx < lines.len() {
                let cut;
                let text = if visible_width(text) > width {
                    cut = slice_by_column(text, 0, width, true);
                    &cut
                } else {
                    text
                };
                lines[idx] = composite_line(&lines[idx], text, col, width, term_width);
            }
        }
    }
    bounds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(opt: &OverlayOptions, h: usize) -> (usize, usize, usize) {
        let l = resolve_layout(opt, h, 100, 40);
        (l.row, l.col, l.width)
    }

    #[test]
    fn anchors_place_the_box_at_edges_and_centres() {
        let mut o = OverlayOptions {
            width: Some(SizeValue::Cells(20)),
            ..Default::default()
        };
        assert_eq!(at(&o, 10), (15, 40, 20));
        o.anchor = Anchor::BottomRight;
        assert_eq!(at(&o, 10), (30, 80, 20));
        o.anchor = Anchor::TopCenter;
        o.margin = Margin::all(2);
        assert_eq!(at(&o, 10), (2, 40, 20));
    }

    #[test]
    fn percentages_resolve_against_the_terminal_and_the_free_space() {
        let o = OverlayOptions {
            width: Some(SizeValue::Percent(50.0)),
            row: Some(Position::Percent(100.0)),
            col: Some(Position::Percent(0.0)),
            ..Default::default()
        };
        assert_eq!(at(&o, 4), (36, 0, 50));
        assert_eq!(
            SizeValue::parse_percent("12.5%"),
            Some(SizeValue::Percent(12.5))
        );
        assert_eq!(SizeValue::parse_percent("12"), None);
    }
}
