//! Unit tests of the request body and the input items.

use super::input::{normalize_tool_call_id, parse_text_signature, short_hash};
use super::*;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{
    AgentMessage, AssistantMessage, ContentBlock, Model, StopReason, ThinkingLevel, ToolCall,
    ToolDeclaration, UserMessage,
};

fn model(id: &str, reasoning: bool, compat: Value, map: Option<Value>) -> Model {
    Model {
        id: id.into(),
        name: id.into(),
        api: API.into(),
        provider: "openai".into(),
        base_url: "https://api.openai.com/v1".into(),
        reasoning,
        input: vec!["text".into()],
        cost: Default::default(),
        context_window: 400_000,
        max_tokens: 128_000,
        headers: None,
        compat: Some(compat),
        thinking_level_map: map,
    }
}

fn gpt_5() -> Model {
    model(
        "gpt-5",
        true,
        json!({"supportsStrictMode": true}),
        Some(
            json!({"off": null, "minimal": "minimal", "low": "low", "medium": "medium",
            "high": "high", "xhigh": null, "max": null}),
        ),
    )
}

fn tool() -> ToolDeclaration {
    ToolDeclaration {
        name: "read".into(),
        description: "Read a file.".into(),
        parameters: json!({"type": "object", "properties": {"path": {"type": "string"}}}),
        constrained_sampling: None,
    }
}

struct Body<'a> {
    model: &'a Model,
    messages: Vec<AgentMessage>,
    tools: Vec<ToolDeclaration>,
    level: ThinkingLevel,
    api_key: &'a str,
    long_cache: bool,
}

impl<'a> Body<'a> {
    fn new(model: &'a Model) -> Self {
        Self {
            model,
            messages: vec![AgentMessage::User(UserMessage::text("hi"))],
            tools: vec![tool()],
            level: ThinkingLevel::Off,
            api_key: "sk-key",
            long_cache: false,
        }
    }

    fn build(&self) -> Result<Value, String> {
        let compat = Compat::for_model(self.model);
        let foreign = input::foreign_tool_call_ids(&self.messages, self.model);
        let transformed = transform_messages(&self.messages, self.model, &|id| {
            normalize_tool_call_id(id, &self.model.provider, foreign.contains(id))
        });
        build_body(&BodyInput {
            model: self.model,
            system_prompt: "sys",
            original: &self.messages,
            messages: &transformed,
            tools: &self.tools,
            thinking_level: self.level,
            api_key: Some(self.api_key),
            compat: &compat,
            long_cache: self.long_cache,
            no_cache_retention: false,
            prompt_cache_key: None,
        })
    }
}

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn reasoning_fields_follow_the_level_map() {
    let plain = model("gpt-4.1", false, json!({"supportsStrictMode": true}), None);
    let body = Body::new(&plain).build().unwrap();
    assert_eq!(
        keys(&body),
        [
            "model",
            "input",
            "stream",
            "store",
            "max_output_tokens",
            "tools"
        ]
    );
    assert_eq!(
        body["input"][0],
        json!({"role": "system", "content": "sys"})
    );
    assert_eq!(body["tools"][0]["strict"], json!(false));

    let gpt_5 = gpt_5();
    // Off with `off: null`: nothing is said about reasoning.
    let body = Body::new(&gpt_5).build().unwrap();
    assert!(body.get("reasoning").is_none());
    assert_eq!(body["input"][0]["role"], json!("developer"));
    // xhigh is unsupported and clamps down to high.
    let mut request = Body::new(&gpt_5);
    request.level = ThinkingLevel::Xhigh;
    let body = request.build().unwrap();
    assert_eq!(
        body["reasoning"],
        json!({"effort": "high", "summary": "auto"})
    );
    assert_eq!(body["include"], json!(["reasoning.encrypted_content"]));

    let mut gpt_5_4 = gpt_5.clone();
    gpt_5_4.thinking_level_map = Some(json!({"off": "none", "minimal": null}));
    let body = Body::new(&gpt_5_4).build().unwrap();
    assert_eq!(body["reasoning"], json!({"effort": "none"}));
}

#[test]
fn chatgpt_sign_in_tokens_drop_the_fields_they_reject() {
    let gpt_5 = gpt_5();
    let mut request = Body::new(&gpt_5);
    request.long_cache = true;
    let body = request.build().unwrap();
    assert_eq!(body["prompt_cache_retention"], json!("24h"));
    assert_eq!(body["max_output_tokens"], json!(128_000));
    request.api_key = "eyJhbGciOi.chatgpt-token";
    let body = request.build().unwrap();
    assert!(body.get("prompt_cache_retention").is_none());
    assert!(body.get("max_output_tokens").is_none());
}

#[test]
fn tool_changes_and_effort_travel_in_the_input_for_models_that_take_them() {
    let sol = model(
        "gpt-6.2-sol",
        true,
        json!({"supportsStrictMode": true, "supportsAdditionalTools": true,
            "supportsMidConvoSystemMessages": true, "supportsExplicitPromptCacheMode": true,
            "supportsMidConvoEffort": true}),
        Some(
            json!({"off": null, "minimal": null, "low": "low", "medium": "medium",
            "high": "high", "xhigh": "xhigh", "max": "max"}),
        ),
    );
    let mut earlier = assistant(&sol, vec![ContentBlock::text("hello")]);
    earlier
        .extra
        .insert(PROVIDER_THINKING_LEVEL.into(), json!("low"));
    let mut request = Body::new(&sol);
    request.messages.push(AgentMessage::Assistant(earlier));
    request.level = ThinkingLevel::High;
    request.long_cache = true;
    let body = request.build().unwrap();
    assert!(body.get("tools").is_none());
    assert_eq!(body["prompt_cache_options"], json!({"ttl": "30m"}));
    assert_eq!(body["reasoning"]["effort"], json!("medium"));
    let input = body["input"].as_array().unwrap();
    assert_eq!(input[0]["type"], json!("additional_tools"));
    assert_eq!(input[0]["tools"][0]["name"], json!("read"));
    assert_eq!(input[1], json!({"role": "developer", "content": "sys"}));
    assert_eq!(
        input[3],
        json!({"type": "configuration_update", "reasoning": {"effort": "low"}})
    );
    assert_eq!(input[4]["id"], json!("msg_pi_1"));
    assert_eq!(
        input.last().unwrap(),
        &json!({"type": "configuration_update", "reasoning": {"effort": "high"}})
    );
    assert_eq!(configuration_effort(&body), Some(json!("high")));
}

#[test]
fn strict_tools_only_when_asked_for_and_possible() {
    let gpt_5 = gpt_5();
    let mut request = Body::new(&gpt_5);
    request.tools[0].constrained_sampling =
        Some(json!({"type": "json_schema", "strict": "prefer"}));
    let body = request.build().unwrap();
    assert_eq!(body["tools"][0]["strict"], json!(true));
    assert_eq!(
        body["tools"][0]["parameters"]["additionalProperties"],
        json!(false)
    );
    let no_strict = model("local", false, json!({}), None);
    let mut request = Body::new(&no_strict);
    request.tools[0].constrained_sampling =
        Some(json!({"type": "json_schema", "strict": "require"}));
    assert!(request
        .build()
        .unwrap_err()
        .contains("strict tools are unsupported"));
    request.tools[0].constrained_sampling = None;
    assert!(request.build().unwrap()["tools"][0].get("strict").is_none());
}

fn assistant(model: &Model, content: Vec<ContentBlock>) -> AssistantMessage {
    AssistantMessage {
        content,
        api: model.api.clone(),
        provider: model.provider.clone(),
        model: model.id.clone(),
        stop_reason: StopReason::ToolUse,
        ..AssistantMessage::default()
    }
}

fn call(id: &str) -> ContentBlock {
    ContentBlock::ToolCall(ToolCall {
        id: id.into(),
        name: "read".into(),
        arguments: json!({"path": "a"}),
        thought_signature: None,
        namespace: Some("files".into()),
    })
}

#[test]
fn replayed_ids_follow_pis_pairing_rules() {
    let gpt_5 = gpt_5();
    let mut other_model = gpt_5.clone();
    other_model.id = "gpt-5-mini".into();
    let mut anthropic = gpt_5.clone();
    anthropic.provider = "anthropic".into();
    anthropic.api = "anthropic-messages".into();
    let long_id = format!("msg_{}", "x".repeat(70));
    let mut request = Body::new(&gpt_5);
    request.messages.extend([
        AgentMessage::Assistant(assistant(
            &gpt_5,
            vec![
                ContentBlock::Text {
                    text: "a".into(),
                    text_signature: Some(long_id.clone()),
                },
                call("call_1|fc_1"),
            ],
        )),
        AgentMessage::Assistant(assistant(&other_model, vec![call("call_2|fc_2")])),
        AgentMessage::Assistant(assistant(&anthropic, vec![call("toolu_01|rs_9")])),
    ]);
    let body = request.build().unwrap();
    let calls: Vec<&Value> = body["input"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["type"] == "function_call")
        .collect();
    assert_eq!(
        body["input"][2]["id"],
        json!(format!("msg_{}", short_hash(&long_id)))
    );
    // Same model: item id and namespace kept.
    assert_eq!(
        calls[0],
        &json!({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "read",
            "arguments": "{\"path\":\"a\"}", "namespace": "files"})
    );
    // Another model of the same provider: no item id, no namespace.
    assert_eq!(keys(calls[1]), ["type", "call_id", "name", "arguments"]);
    // Another provider: the item id is rehashed into an `fc_` id.
    assert_eq!(calls[2]["id"], json!(format!("fc_{}", short_hash("rs_9"))));
}

#[test]
fn ids_and_hashes_match_pi() {
    // Values from pi-ai's shortHash under Node.
    assert_eq!(short_hash(""), "k4n83c7h0j2b");
    assert_eq!(short_hash("fc_abc"), "1qaoofs1vxahbg");
    assert_eq!(short_hash("héllo🦀"), "1xckaxl149rq81");
    assert_eq!(
        normalize_tool_call_id("call_1|abc", "openai", false),
        "call_1|fc_abc"
    );
    assert_eq!(
        normalize_tool_call_id("call_1|fc_x", "fake", false),
        "call_1_fc_x"
    );
    assert_eq!(normalize_tool_call_id("a🦀b!!", "openai", false), "a__b");
    assert_eq!(
        parse_text_signature(Some(r#"{"v":1,"id":"msg_1","phase":"commentary"}"#)),
        (Some("msg_1".into()), Some("commentary".into()))
    );
    assert_eq!(
        parse_text_signature(Some(r#"{"v":1,"id":"msg_1","phase":"other"}"#)),
        (Some("msg_1".into()), None)
    );
    assert_eq!(
        parse_text_signature(Some("legacy_id")),
        (Some("legacy_id".into()), None)
    );
}
