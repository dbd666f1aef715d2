//! Which scanner and word lists each language name gets.

/// How a C-like language is scanned (see [`super::scanner`]).
pub struct Spec {
    pub line_comments: &'static [&'static str],
    pub block_comment: Option<(&'static str, &'static str)>,
    /// Quote characters of ordinary strings (backslash escapes, end at the line's end).
    pub quotes: &'static [char],
    /// JavaScript's backtick templates with `${...}` interpolation.
    pub templates: bool,
    /// Python's `"""` and `'''` strings and its `f"..."`-style prefixes.
    pub python_strings: bool,
    /// Rust's `r#"..."#` raw strings, `'a` lifetimes and `#[...]` attributes.
    pub rust: bool,
    /// C's `#include`-style preprocessor lines.
    pub preprocessor: bool,
    /// `@decorator` / `@Annotation`.
    pub decorators: bool,
    /// Shell `$VAR`, `${VAR}` and `$1`.
    pub shell_variables: bool,
    /// A string followed by `:` is a key (JSON).
    pub keyed_strings: bool,
    /// Capitalised identifiers are types (Rust, Go, TypeScript...).
    pub capitalised_types: bool,
    /// Word lists are space-separated.
    pub keywords: &'static str,
    pub built_ins: &'static str,
    pub literals: &'static str,
    /// Keywords whose next identifier is a function's name (`fn`, `def`, `function`...).
    pub function_keywords: &'static str,
    /// Keywords whose next identifier is a type's name (`class`, `struct`...).
    pub type_keywords: &'static str,
}

const BASE: Spec = Spec {
    line_comments: &[],
    block_comment: None,
    quotes: &['"', '\''],
    templates: false,
    python_strings: false,
    rust: false,
    preprocessor: false,
    decorators: false,
    shell_variables: false,
    keyed_strings: false,
    capitalised_types: false,
    keywords: "",
    built_ins: "",
    literals: "",
    function_keywords: "",
    type_keywords: "",
};

static JAVASCRIPT: Spec = Spec {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    templates: true,
    decorators: true,
    capitalised_types: true,
    keywords:
        "as async await break case catch class const continue debugger declare default delete do \
        else enum export extends finally for from function get if implements import in \
        instanceof interface keyof let namespace new of private protected public readonly return \
        set static super switch this throw try type typeof var void while with yield satisfies \
        abstract",
    built_ins: "string number boolean any unknown never object symbol bigint console Array Object \
        Promise Map Set JSON Math Date Error RegExp String Number Boolean Symbol require module \
        window document process globalThis",
    literals: "true false null undefined NaN Infinity",
    function_keywords: "function",
    type_keywords: "class interface type enum extends implements new",
    ..BASE
};

static RUST: Spec = Spec {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: &['"'],
    rust: true,
    capitalised_types: true,
    keywords:
        "as async await break const continue crate dyn else enum extern fn for if impl in let \
        loop match mod move mut pub ref return self Self static struct super trait type unsafe \
        use where while yield macro_rules",
    built_ins:
        "i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str String Vec \
        Option Result Box Some None Ok Err",
    literals: "true false",
    function_keywords: "fn",
    type_keywords: "struct enum trait type impl union",
    ..BASE
};

static PYTHON: Spec = Spec {
    line_comments: &["#"],
    python_strings: true,
    decorators: true,
    keywords:
        "and as assert async await break class continue def del elif else except finally for from \
        global if import in is lambda nonlocal not or pass raise return try while with yield \
        match case",
    built_ins:
        "print len range int str float list dict set tuple bool type open enumerate zip map \
        filter sorted isinstance super object self Exception ValueError KeyError TypeError min \
        max sum abs any all",
    literals: "True False None",
    function_keywords: "def",
    type_keywords: "class",
    ..BASE
};

static SHELL: Spec = Spec {
    line_comments: &["#"],
    shell_variables: true,
    keywords:
        "if then else elif fi for while until do done case esac in function return local export \
        readonly declare select time",
    built_ins:
        "echo cd pwd printf read set unset shift source exit eval exec test trap alias type kill \
        wait true false",
    function_keywords: "function",
    ..BASE
};

static JSON: Spec = Spec {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: &['"'],
    keyed_strings: true,
    literals: "true false null",
    ..BASE
};

static GO: Spec = Spec {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: &['"', '\'', '`'],
    capitalised_types: false,
    keywords:
        "break case chan const continue default defer else fallthrough for func go goto if import \
        interface map package range return select struct switch type var",
    built_ins:
        "bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune \
        string uint uint8 uint16 uint32 uint64 uintptr any append cap close copy delete len make \
        new panic print println recover",
    literals: "true false nil iota",
    function_keywords: "func",
    type_keywords: "type",
    ..BASE
};

static C: Spec = Spec {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    preprocessor: true,
    keywords: "auto break case catch class const constexpr continue default delete do else enum \
        explicit extern for friend goto if inline namespace new noexcept operator override \
        private protected public register return sizeof static struct switch template this throw \
        try typedef typename union using virtual volatile while",
    built_ins:
        "int char short long float double void bool signed unsigned size_t int8_t int16_t int32_t \
        int64_t uint8_t uint16_t uint32_t uint64_t std string vector printf malloc free memcpy \
        strlen cout endl",
    literals: "true false NULL nullptr",
    type_keywords: "class struct enum union",
    ..BASE
};

static JAVA: Spec = Spec {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    decorators: true,
    capitalised_types: true,
    keywords:
        "abstract break case catch class continue default do else enum extends final finally for \
        if implements import instanceof interface new package private protected public return \
        static super switch synchronized this throw throws try var void while val fun when \
        object",
    built_ins: "int long short byte char float double boolean String System",
    literals: "true false null",
    function_keywords: "fun",
    type_keywords: "class interface enum extends implements new object",
    ..BASE
};

/// A language's scanner.
pub enum Family {
    Code(&'static Spec),
    Diff,
    Markup,
    Css,
    Yaml,
    Markdown,
}

/// The scanner for a fence language name (case-insensitive, common aliases).
pub fn family(lang: &str) -> Option<Family> {
    let lang = lang.trim().to_ascii_lowercase();
    Some(match lang.as_str() {
        "js" | "javascript" | "jsx" | "mjs" | "cjs" | "ts" | "typescript" | "tsx" | "mts"
        | "cts" => Family::Code(&JAVASCRIPT),
        "rust" | "rs" => Family::Code(&RUST),
        "python" | "py" | "python3" => Family::Code(&PYTHON),
        "bash" | "sh" | "shell" | "zsh" | "console" | "shellsession" => Family::Code(&SHELL),
        "json" | "jsonc" | "json5" => Family::Code(&JSON),
        "go" | "golang" => Family::Code(&GO),
        "c" | "h" | "cpp" | "c++" | "cc" | "cxx" | "hpp" | "objc" => Family::Code(&C),
        "java" | "kotlin" | "kt" => Family::Code(&JAVA),
        "diff" | "patch" => Family::Diff,
        "html" | "htm" | "xml" | "svg" | "xhtml" | "vue" => Family::Markup,
        "css" | "scss" | "less" => Family::Css,
        "yaml" | "yml" | "toml" | "ini" => Family::Yaml,
        "markdown" | "md" => Family::Markdown,
        _ => return None,
    })
}
