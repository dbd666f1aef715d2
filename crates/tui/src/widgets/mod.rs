//! Small interactive widgets from pi-tui: a one-line [`Input`], a [`SelectList`], a
//! [`SettingsList`] and the
//! fuzzy matcher lists filter with, plus the JavaScript string rules they share.

pub mod fuzzy;
pub mod input;
pub mod js_text;
pub mod select_list;
pub mod settings_list;
pub(crate) mod text_edit;

pub use fuzzy::{fuzzy_filter, fuzzy_match, FuzzyMatch};
pub use input::{Input, InputEvent, InputOptions};
pub use select_list::{
    SelectItem, SelectList, SelectListEvent, SelectListLayout, SelectListTheme, TruncatePrimary,
    TruncatePrimaryContext,
};
pub use settings_list::{SettingItem, SettingsList, SettingsListEvent};
