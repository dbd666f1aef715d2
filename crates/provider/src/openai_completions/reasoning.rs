//! OpenRouter-style `reasoning_details`: structured reasoning replay data. It streams as
//! deltas in `delta.reasoning_details`, is kept (merged) in the thinking block's signature
//! as a JSON array, and is sent back on the assistant message (pi-ai's helpers of the same
//! purpose).

use serde_json::Value;

/// Whether `detail` is a well-formed `reasoning.summary`, `reasoning.encrypted` or
/// `reasoning.text` entry.
pub fn is_detail(detail: &Value) -> bool {
    let Value::Object(fields) = detail else {
        return false;
    };
    let common_ok = fields
        .get("id")
        .is_none_or(|id| id.is_null() || id.is_string())
        && fields.get("format").is_none_or(Value::is_string)
        && fields.get("index").is_none_or(Value::is_number);
    if !common_ok {
        return false;
    }
    match fields.get("type").and_then(Value::as_str) {
        Some("reasoning.summary") => fields.get("summary").is_some_and(Value::is_string),
        Some("reasoning.encrypted") => fields.get("data").is_some_and(Value::is_string),
        Some("reasoning.text") => {
            fields.get("text").is_some_and(Value::is_string)
                && fields
                    .get("signature")
                    .is_none_or(|signature| signature.is_null() || signature.is_string())
        }
        _ => false,
    }
}

/// Appends a streamed detail, merging consecutive text or summary deltas into one entry.
pub fn append_detail(details: &mut Vec<Value>, detail: &Value) {
    let kind = detail.get("type").and_then(Value::as_str);
    if let Some(Value::Object(last)) = details.last_mut() {
        let last_kind = last.get("type").and_then(Value::as_str).map(str::to_owned);
        let merge_field = match (kind, last_kind.as_deref()) {
            (Some("reasoning.text"), Some("reasoning.text")) => Some("text"),
            (Some("reasoning.summary"), Some("reasoning.summary")) => Some("summary"),
            _ => None,
        };
        if let Some(field) = merge_field {
            let addition = detail
                .get(field)
                .and_then(Value::as_str)
                .unwrap_or_default();
            let merged = format!(
                "{}{addition}",
                last.get(field).and_then(Value::as_str).unwrap_or_default()
            );
            last.insert(field.to_owned(), Value::String(merged));
            if field == "text" && !is_truthy_str(last.get("signature")) {
                if let Some(signature) = detail.get("signature").filter(|s| is_truthy_str(Some(s)))
                {
                    last.insert("signature".to_owned(), signature.clone());
                }
            }
            // Fill common fields the first delta lacked.
            for key in ["id", "index"] {
                if last.get(key).is_none_or(Value::is_null) {
                    if let Some(value) = detail.get(key) {
                        last.insert(key.to_owned(), value.clone());
                    }
                }
            }
            if !is_truthy_str(last.get("format")) {
                if let Some(value) = detail.get("format") {
                    last.insert("format".to_owned(), value.clone());
                }
            }
            return;
        }
    }
    details.push(detail.clone());
}

/// The details kept in a thinking signature: a non-empty JSON array of valid entries.
pub fn parse_details(signature: Option<&str>) -> Option<Vec<Value>> {
    let parsed: Value = serde_json::from_str(signature.filter(|s| !s.is_empty())?).ok()?;
    match parsed {
        Value::Array(items) if !items.is_empty() && items.iter().all(is_detail) => Some(items),
        _ => None,
    }
}

/// An encrypted detail kept in a tool call's thought signature by older versions.
pub fn parse_legacy_encrypted(signature: Option<&str>) -> Option<Value> {
    let parsed: Value = serde_json::from_str(signature.filter(|s| !s.is_empty())?).ok()?;
    let valid = is_detail(&parsed)
        && parsed.get("type").and_then(Value::as_str) == Some("reasoning.encrypted")
        && parsed
            .get("id")
            .and_then(Value::as_str)
            .is_some_and(|id| !id.is_empty())
        && parsed
            .get("data")
            .and_then(Value::as_str)
            .is_some_and(|data| !data.is_empty());
    valid.then_some(parsed)
}

fn is_truthy_str(value: Option<&Value>) -> bool {
    value.and_then(Value::as_str).is_some_and(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn deltas_merge_and_round_trip_through_the_signature() {
        let mut details = Vec::new();
        append_detail(
            &mut details,
            &json!({"type": "reasoning.text", "text": "Let me ", "index": 0}),
        );
        append_detail(
            &mut details,
            &json!({"type": "reasoning.text", "text": "think.", "signature": "sig"}),
        );
        append_detail(
            &mut details,
            &json!({"type": "reasoning.encrypted", "data": "xyz", "id": "r1"}),
        );
        assert_eq!(
            details,
            [
                json!({"type": "reasoning.text", "text": "Let me think.", "index": 0, "signature": "sig"}),
                json!({"type": "reasoning.encrypted", "data": "xyz", "id": "r1"}),
            ]
        );
        let signature = Value::Array(details.clone()).to_string();
        assert_eq!(parse_details(Some(&signature)), Some(details));
        assert_eq!(parse_details(Some("reasoning_content")), None);
        assert_eq!(parse_details(Some("[]")), None);
        assert!(!is_detail(&json!({"type": "reasoning.text"})));
        let legacy = json!({"type": "reasoning.encrypted", "data": "d", "id": "x"}).to_string();
        assert!(parse_legacy_encrypted(Some(&legacy)).is_some());
        assert!(parse_legacy_encrypted(Some("{}")).is_none());
    }
}
