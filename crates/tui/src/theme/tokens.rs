//! The color tokens a theme file assigns, in the order Pi's theme schema lists them. A token
//! colors either text (foreground) or the cells behind it (background); a theme gives every
//! token one color, except the optional ones, which borrow another token's color when left out.

/// Which half of a cell a token colors: `fg(token, ..)` works on foreground tokens and
/// `bg(token, ..)` on background tokens, as in Pi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// Text color (SGR 38 / 39).
    Foreground,
    /// Cell background (SGR 48 / 49).
    Background,
}

/// One color token of Pi's theme schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenInfo {
    /// The key in a theme file's `colors` object (camelCase, as Pi spells it).
    pub name: &'static str,
    /// Foreground or background.
    pub slot: Slot,
    /// For an optional token, the token whose color it takes when the file leaves it out.
    pub fallback: Option<&'static str>,
}

const fn tok(name: &'static str, slot: Slot, fallback: Option<&'static str>) -> TokenInfo {
    TokenInfo {
        name,
        slot,
        fallback,
    }
}

use Slot::{Background, Foreground};

/// Every token Pi 1.6.0 defines.
pub const THEME_TOKENS: &[TokenInfo] = &[
    tok("accent", Foreground, None),
    tok("border", Foreground, None),
    tok("borderAccent", Foreground, None),
    tok("borderMuted", Foreground, None),
    tok("success", Foreground, None),
    tok("error", Foreground, None),
    tok("warning", Foreground, None),
    tok("muted", Foreground, None),
    tok("dim", Foreground, None),
    tok("text", Foreground, None),
    tok("thinkingText", Foreground, None),
    tok("scrollbarTrack", Foreground, Some("muted")),
    tok("scrollbarThumb", Foreground, Some("text")),
    tok("selectedBg", Background, None),
    tok("searchMatchBg", Background, Some("selectedBg")),
    tok("searchMatchText", Foreground, Some("text")),
    tok("userMessageBg", Background, None),
    tok("userMessageText", Foreground, None),
    tok("customMessageBg", Background, None),
    tok("customMessageText", Foreground, None),
    tok("customMessageLabel", Foreground, None),
    tok("toolPendingBg", Background, None),
    tok("toolSuccessBg", Background, None),
    tok("toolErrorBg", Background, None),
    tok("toolTitle", Foreground, None),
    tok("toolOutput", Foreground, None),
    tok("mdHeading", Foreground, None),
    tok("mdLink", Foreground, None),
    tok("mdLinkUrl", Foreground, None),
    tok("mdCode", Foreground, None),
    tok("mdCodeBlock", Foreground, None),
    tok("mdCodeBlockBorder", Foreground, None),
    tok("mdQuote", Foreground, None),
    tok("mdQuoteBorder", Foreground, None),
    tok("mdHr", Foreground, None),
    tok("mdListBullet", Foreground, None),
    tok("toolDiffAdded", Foreground, None),
    tok("toolDiffRemoved", Foreground, None),
    tok("toolDiffContext", Foreground, None),
    tok("syntaxComment", Foreground, None),
    tok("syntaxKeyword", Foreground, None),
    tok("syntaxFunction", Foreground, None),
    tok("syntaxVariable", Foreground, None),
    tok("syntaxString", Foreground, None),
    tok("syntaxNumber", Foreground, None),
    tok("syntaxType", Foreground, None),
    tok("syntaxOperator", Foreground, None),
    tok("syntaxPunctuation", Foreground, None),
    tok("thinkingOff", Foreground, None),
    tok("thinkingMinimal", Foreground, None),
    tok("thinkingLow", Foreground, None),
    tok("thinkingMedium", Foreground, None),
    tok("thinkingHigh", Foreground, None),
    tok("thinkingXhigh", Foreground, None),
    tok("thinkingMax", Foreground, Some("thinkingXhigh")),
    tok("bashMode", Foreground, None),
];

/// The token called `name`, if Pi defines one.
pub fn token_info(name: &str) -> Option<&'static TokenInfo> {
    THEME_TOKENS.iter().find(|token| token.name == name)
}

/// The keys allowed in a theme file's `export` object (colors for HTML export, which the
/// terminal never shows; tau only checks them).
pub const EXPORT_KEYS: &[&str] = &["pageBg", "cardBg", "infoBg"];
