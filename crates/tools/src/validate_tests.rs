//! Unit tests of `validate`; expected values were produced by pi-ai 1.6.0's
//! `validateToolArguments` and pi-schema's `coerce` on the same inputs.

use pretty_assertions::assert_eq;
use serde_json::{json, Value};

use super::*;

fn read_schema() -> Value {
    json!({"type":"object","required":["path"],"properties":{
        "path":{"type":"string","description":"Path to the file to read (relative or absolute)"},
        "offset":{"type":"number","description":"Line number to start reading from (1-indexed)"},
        "limit":{"type":"number","description":"Maximum number of lines to read"}}})
}

fn edit_schema() -> Value {
    json!({"type":"object","required":["path","edits"],"properties":{
        "path":{"type":"string"},
        "edits":{"type":"array","items":{"type":"object","required":["oldText","newText"],
            "properties":{"oldText":{"type":"string"},"newText":{"type":"string"}}}}}})
}

fn custom_schema() -> Value {
    json!({"type":"object","properties":{
        "n":{"type":"integer","minimum":1,"maximum":10},
        "b":{"type":"boolean"},
        "tags":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":2},
        "mode":{"enum":["a","b"]},
        "opt":{"type":["integer","null"]},
        "s":{"type":"string","minLength":2,"maxLength":3,"pattern":"^[a-z]+$"},
        "u":{"anyOf":[{"type":"number"},{"type":"string"}]},
        "lit":{"const":5},
        "nested":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],
            "additionalProperties":false}},
        "required":["n"],"additionalProperties":false})
}

#[test]
fn numeric_strings_and_optional_nulls_are_coerced() {
    let out = validate_arguments(
        "read",
        &read_schema(),
        &json!({"path":"a","offset":"10","limit":null}),
    );
    assert_eq!(out, Ok(json!({"path":"a","offset":10})));
    // A number for a string becomes its text.
    let out = validate_arguments("read", &read_schema(), &json!({"path":5}));
    assert_eq!(out, Ok(json!({"path":"5"})));
}

#[test]
fn missing_required_property_reports_pis_text() {
    let err = validate_arguments("t", &read_schema(), &json!({"offset":1})).unwrap_err();
    assert_eq!(
        err,
        "Validation failed for tool \"t\":\n  - path: missing\n\nReceived arguments:\n{\n  \"offset\": 1\n}"
    );
}

#[test]
fn unconvertible_value_reports_type() {
    let err =
        validate_arguments("t", &read_schema(), &json!({"path":"a","offset":"ten"})).unwrap_err();
    assert_eq!(
        err,
        "Validation failed for tool \"t\":\n  - offset: expected number, got string\n\nReceived arguments:\n{\n  \"path\": \"a\",\n  \"offset\": \"ten\"\n}"
    );
    let err = validate_arguments("t", &read_schema(), &Value::Null).unwrap_err();
    assert_eq!(
        err,
        "Validation failed for tool \"t\":\n  - root: expected object, got null\n\nReceived arguments:\nnull"
    );
}

#[test]
fn single_value_is_wrapped_into_an_array() {
    let args = json!({"path":"x","edits":{"oldText":"a","newText":"b"}});
    assert_eq!(
        validate_arguments("edit", &edit_schema(), &args),
        Ok(json!({"path":"x","edits":[{"oldText":"a","newText":"b"}]}))
    );
}

#[test]
fn nested_paths_are_dotted() {
    let args = json!({"path":"x","edits":[{"oldText":"a"}]});
    let err = validate_arguments("t", &edit_schema(), &args).unwrap_err();
    assert!(
        err.starts_with("Validation failed for tool \"t\":\n  - edits.0.newText: missing\n\n"),
        "{err}"
    );
}

#[test]
fn coercion_matches_pi_schema() {
    let schema = custom_schema();
    let cases = [
        (
            json!({"n":"3.7","b":"TRUE","tags":"one","mode":"c","opt":"","s":"ABCD","u":true,"lit":"5","nested":{"x":"1","y":2},"extra":1}),
            json!({"n":3,"b":true,"tags":["one"],"mode":"c","opt":null,"s":"ABCD","u":1,"lit":5,"nested":{"x":1,"y":2},"extra":1}),
        ),
        (
            json!({"n":0,"b":"1","tags":["a","b","c"],"opt":"7","s":"a","nested":null}),
            json!({"n":0,"b":true,"tags":["a","b","c"],"opt":7,"s":"a"}),
        ),
        (
            json!({"n":"0x10","b":"false","tags":5,"opt":false,"s":12,"u":"12","lit":"5.0","mode":"a"}),
            json!({"n":16,"b":false,"tags":["5"],"opt":0,"s":"12","u":"12","lit":5,"mode":"a"}),
        ),
        (
            json!({"n":"12n","tags":null,"opt":"null","s":true}),
            json!({"n":12,"opt":"null","s":"true"}),
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(coerce(&schema, &input), expected, "input {input}");
    }
}

#[test]
fn every_failing_keyword_is_listed() {
    let schema = custom_schema();
    let err = validate_arguments(
        "t",
        &schema,
        &json!({"n":"3.7","b":"TRUE","tags":"one","mode":"c","opt":"","s":"ABCD","u":true,"lit":"5","nested":{"x":"1","y":2},"extra":1}),
    )
    .unwrap_err();
    let lines: Vec<&str> = err.lines().take(6).collect();
    assert_eq!(
        lines,
        vec![
            "Validation failed for tool \"t\":",
            "  - mode: expected one of [\"a\",\"b\"]",
            "  - s: expected at most 3 characters",
            "  - s: expected to match ^[a-z]+$",
            "  - nested.y: unknown field",
            "  - extra: unknown field",
        ]
    );
    let err = validate_arguments(
        "t",
        &schema,
        &json!({"n":0,"b":"1","tags":["a","b","c"],"opt":"7","s":"a","nested":null}),
    )
    .unwrap_err();
    assert!(err.starts_with(
        "Validation failed for tool \"t\":\n  - n: expected >= 1\n  - tags: expected at most 2 items\n  - s: expected at least 2 characters\n\n"
    ), "{err}");
    let err = validate_arguments(
        "t",
        &schema,
        &json!({"n":11,"b":"yes","tags":[],"lit":6,"nested":{}}),
    )
    .unwrap_err();
    assert!(err.starts_with(
        "Validation failed for tool \"t\":\n  - n: expected <= 10\n  - b: expected boolean, got string\n  - tags: expected at least 1 items\n  - lit: expected 5\n  - nested.x: missing\n\n"
    ), "{err}");
}

#[test]
fn valid_after_coercion() {
    let schema = custom_schema();
    assert_eq!(
        validate_arguments("t", &schema, &json!({"n":"5","u":null,"s":null})),
        Ok(json!({"n":5}))
    );
    assert_eq!(
        validate_arguments("t", &schema, &json!({"n":true,"tags":[1,2],"b":0})),
        Ok(json!({"n":1,"tags":["1","2"],"b":false}))
    );
}

#[test]
fn tagged_unions_report_by_tag() {
    let schema = json!({"anyOf":[
        {"type":"object","properties":{"kind":{"const":"text"},"text":{"type":"string"}},"required":["kind","text"]},
        {"type":"object","properties":{"kind":{"const":"image"},"width":{"type":"integer","minimum":0}},"required":["kind","width"]}]});
    let errors = |v: Value| -> Vec<(String, String)> {
        schema_errors(&schema, &coerce(&schema, &v))
            .into_iter()
            .map(|e| (e.path, e.message))
            .collect()
    };
    let pair = |p: &str, m: &str| (p.to_string(), m.to_string());
    assert_eq!(
        errors(json!({"kind":"video"})),
        vec![pair("/kind", "expected one of [\"text\",\"image\"]")]
    );
    assert_eq!(
        errors(json!({"kind":"image","width":-1})),
        vec![pair("/width", "expected >= 0")]
    );
    assert_eq!(
        errors(json!({"kind":"text"})),
        vec![pair("/text", "missing")]
    );
    assert_eq!(
        errors(json!(5)),
        vec![pair("", "expected object, got integer")]
    );
}

#[test]
fn one_of_with_two_matches_fails() {
    let schema = json!({"oneOf":[{"type":"number"},{"type":"integer"}]});
    let errors = schema_errors(&schema, &json!(3));
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].message, "matches more than one alternative");
    assert!(is_valid(&schema, &json!(3.5)));
}

#[test]
fn local_refs_resolve_and_dangling_refs_reject_in_place() {
    let schema = json!({"type":"object","properties":{
        "p":{"$ref":"#/$defs/P"},"q":{"$ref":"#/$defs/Missing"}},
        "$defs":{"P":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]}}});
    assert_eq!(
        validate_arguments("t", &schema, &json!({"p":{"x":"4"}})),
        Ok(json!({"p":{"x":4}}))
    );
    let errors: Vec<(String, String)> = schema_errors(&schema, &json!({"p":{},"q":1}))
        .into_iter()
        .map(|e| (e.path, e.message))
        .collect();
    assert_eq!(
        errors,
        vec![
            ("/p/x".to_string(), "missing".to_string()),
            (
                "/q".to_string(),
                "unresolved reference #/$defs/Missing".to_string()
            ),
        ]
    );
}

#[test]
fn display_path_unescapes_pointer_segments() {
    assert_eq!(display_path(""), "root");
    assert_eq!(display_path("/edits/0/oldText"), "edits.0.oldText");
    assert_eq!(display_path("/a~1b/c~0d"), "a/b.c~d");
}

#[test]
fn invalid_json_error_text() {
    assert_eq!(
        invalid_arguments_error("bash", "Unexpected end of JSON input"),
        "Invalid arguments for tool \"bash\": Unexpected end of JSON input"
    );
}
