//! The models.json file: Pi's format, parsed with serde. Unknown fields are ignored (Pi's
//! schema allows them, and fields tau does not use yet, such as `samplingParams`, must not
//! break a file written for Pi). Like Pi, `//` comments and trailing commas are accepted.
//! Errors name the file, the line and column, and the field path.

use std::fmt;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};

/// A problem with models.json or settings.json. None of them stops tau: like Pi, it reports
/// them as warnings and goes on without the broken file (or provider).
#[derive(Debug, thiserror::Error)]
pub enum ModelsError {
    /// auth.json cannot be used; stored credentials are ignored.
    #[error("{0}; stored credentials are ignored")]
    AuthFile(#[from] super::auth_file::AuthFileError),
    /// The file exists but cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not JSON.
    #[error("{}:{line}:{column}: invalid JSON: {message}; the file is ignored", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A field has the wrong type or value.
    #[error("{}:{line}:{column}: {field}: {message}; the file is ignored", path.display())]
    Schema {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Path of the bad field, e.g. `providers.ollama.models[0].contextWindow`.
        field: String,
        /// What is wrong with it.
        message: String,
    },
    /// A provider an extension registered cannot be used; it is left out.
    #[error("{0}; the extension's provider is skipped")]
    Extension(String),
    /// A provider entry is well-formed JSON but cannot be used (no `api`, no `baseUrl`, …).
    #[error("{}: provider \"{provider}\": {message}; the provider is skipped", path.display())]
    Provider {
        /// The file.
        path: PathBuf,
        /// The provider id.
        provider: String,
        /// What is wrong.
        message: String,
    },
}

/// The whole models.json file.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ModelsFile {
    /// Providers in file order.
    pub providers: Ordered<ProviderConfig>,
}

/// One entry under `providers`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderConfig {
    /// Display name.
    pub name: Option<NonEmpty>,
    /// API base URL; also replaces the base URL of the provider's built-in models.
    pub base_url: Option<NonEmpty>,
    /// API key: literal, `$ENV`/`${ENV}`, or `!command`.
    pub api_key: Option<NonEmpty>,
    /// Default `api` of the provider's models.
    pub api: Option<NonEmpty>,
    /// OAuth flow (`radius`); tau only records that it is set.
    pub oauth: Option<Value>,
    /// Request headers; values resolve like `apiKey`.
    pub headers: Option<Ordered<String>>,
    /// Compatibility overrides for every model of the provider.
    pub compat: Option<Map<String, Value>>,
    /// Send the key as `Authorization: Bearer`.
    pub auth_header: Option<bool>,
    /// Models to add (or replace, by id).
    pub models: Option<Vec<ModelDefinition>>,
    /// Changes to existing models, by id.
    pub model_overrides: Option<Ordered<ModelOverride>>,
}

/// A `models` entry.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelDefinition {
    /// Model id sent to the API.
    pub id: NonEmpty,
    /// Display name (default: the id).
    pub name: Option<NonEmpty>,
    /// Overrides the provider's `api`.
    pub api: Option<NonEmpty>,
    /// Overrides the provider's `baseUrl`.
    pub base_url: Option<NonEmpty>,
    /// Whether the model can think (default false).
    pub reasoning: Option<bool>,
    /// Provider value per thinking level; `null` marks a level unsupported.
    pub thinking_level_map: Option<Map<String, Value>>,
    /// Input modalities (default `["text"]`).
    pub input: Option<Vec<Modality>>,
    /// Prices per million tokens (default zero).
    pub cost: Option<Cost>,
    /// Context window (default 128000).
    pub context_window: Option<Tokens>,
    /// Output limit (default 16384).
    pub max_tokens: Option<Tokens>,
    /// Request headers of this model.
    pub headers: Option<Ordered<String>>,
    /// Compatibility overrides of this model.
    pub compat: Option<Map<String, Value>>,
}

/// A `modelOverrides` entry: every field optional, objects merge field by field.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelOverride {
    /// Display name.
    pub name: Option<NonEmpty>,
    /// Whether the model can think.
    pub reasoning: Option<bool>,
    /// Merged over the model's map.
    pub thinking_level_map: Option<Map<String, Value>>,
    /// Input modalities.
    pub input: Option<Vec<Modality>>,
    /// Prices, merged field by field.
    pub cost: Option<PartialCost>,
    /// Context window.
    pub context_window: Option<Tokens>,
    /// Output limit.
    pub max_tokens: Option<Tokens>,
    /// Request headers of this model.
    pub headers: Option<Ordered<String>>,
    /// Merged over the model's compat.
    pub compat: Option<Map<String, Value>>,
}

/// Full prices: Pi requires all four fields in a `models` entry.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cost {
    /// Input.
    pub input: f64,
    /// Output.
    pub output: f64,
    /// Cache reads.
    pub cache_read: f64,
    /// Cache writes.
    pub cache_write: f64,
}

/// Prices in an override: each field optional.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartialCost {
    /// Input.
    pub input: Option<f64>,
    /// Output.
    pub output: Option<f64>,
    /// Cache reads.
    pub cache_read: Option<f64>,
    /// Cache writes.
    pub cache_write: Option<f64>,
}

/// An input modality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Modality {
    /// Text.
    Text,
    /// Images.
    Image,
}

impl Modality {
    /// The name in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Modality::Text => "text",
            Modality::Image => "image",
        }
    }
}

/// A string that must not be empty (Pi's `minLength: 1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NonEmpty(pub String);

impl<'de> Deserialize<'de> for NonEmpty {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        if text.is_empty() {
            return Err(de::Error::custom("must not be empty"));
        }
        Ok(NonEmpty(text))
    }
}

/// A token count that must be above zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tokens(pub u64);

impl<'de> Deserialize<'de> for Tokens {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = f64::deserialize(deserializer)?;
        if value.is_finite() && value > 0.0 {
            // Token counts are whole numbers; a fraction in the file is dropped.
            return Ok(Tokens((value as u64).max(1)));
        }
        Err(de::Error::custom(format!(
            "must be a number above 0, got {value}"
        )))
    }
}

/// A JSON object kept in file order (provider order decides which model is picked first).
#[derive(Debug, Clone, PartialEq)]
pub struct Ordered<T>(pub Vec<(String, T)>);

impl<T> Default for Ordered<T> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<T> Ordered<T> {
    /// The value under `key` (the last one when a key repeats, as in JSON.parse).
    pub fn get(&self, key: &str) -> Option<&T> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OrderedVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for OrderedVisitor<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries: Vec<(String, T)> = Vec::new();
                while let Some((key, value)) = map.next_entry::<String, T>()? {
                    // A repeated key replaces the earlier one in place, as JSON.parse does.
                    match entries.iter_mut().find(|(k, _)| *k == key) {
                        Some(entry) => entry.1 = value,
                        None => entries.push((key, value)),
                    }
                }
                Ok(Ordered(entries))
            }
        }
        deserializer.deserialize_map(OrderedVisitor(PhantomData))
    }
}

/// Blanks out what Pi's loader strips before parsing: a leading BOM, `//` comments outside
/// strings and commas before `}` or `]`. Blanking (not removing) keeps line and column
/// numbers of errors true to the file.
pub fn strip_comments(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let chars: Vec<char> = text.chars().collect();
    let mut out = chars.clone();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    out[i] = ' ';
                    i += 1;
                }
                continue;
            }
            ',' => {
                let mut j = i + 1;
                while j < chars.len() && out[j].is_whitespace() {
                    j += 1;
                }
                if matches!(chars.get(j), Some('}' | ']')) {
                    out[i] = ' ';
                }
            }
            _ => {}
        }
        i += 1;
    }
    out.into_iter().collect()
}

/// Parses models.json text; `path` names the file in errors.
pub fn parse_models_file(text: &str, path: &Path) -> Result<ModelsFile, ModelsError> {
    let text = strip_comments(text);
    // A syntax error is reported as such; only well-formed JSON gets schema messages.
    if let Err(error) = serde_json::from_str::<de::IgnoredAny>(&text) {
        return Err(ModelsError::Syntax {
            path: path.to_owned(),
            line: error.line(),
            column: error.column(),
            message: message_of(&error),
        });
    }
    let mut deserializer = serde_json::Deserializer::from_str(&text);
    serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let field = error.path().to_string();
        let inner = error.into_inner();
        ModelsError::Schema {
            path: path.to_owned(),
            line: inner.line(),
            column: inner.column(),
            field: if field == "." {
                "root".to_owned()
            } else {
                field
            },
            message: message_of(&inner),
        }
    })
}

/// serde_json's message without its " at line L column C" tail (we print the position first).
pub(super) fn message_of(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rsplit_once(" at line ") {
        Some((message, _)) => message.to_owned(),
        None => text,
    }
}
