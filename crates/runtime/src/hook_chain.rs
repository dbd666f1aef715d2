//! Extra [`AgentHooks`] (the extension bridge's) chained before the runtime's own.
//!
//! Each hook sees what the previous one produced: context and messages are passed along,
//! tool arguments are mutated in place by each gate in turn, the first blocking gate wins,
//! and tool-result overrides merge field by field (later hooks override earlier ones).

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::Value;
use tau_agent::{
    AfterToolCall, AgentHooks, BeforeSettle, BeforeToolCall, FinishedTurn, TurnBoundary,
};
use tau_protocol::{AgentEvent, AgentMessage, AssistantMessage, ToolCall, ToolResult};

/// Hooks run in order; empty by default.
#[derive(Clone, Default)]
pub struct HookChain {
    hooks: Vec<Arc<dyn AgentHooks>>,
}

impl HookChain {
    /// Appends a hook.
    pub fn push(&mut self, hooks: Arc<dyn AgentHooks>) {
        self.hooks.push(hooks);
    }
}

#[async_trait]
impl AgentHooks for HookChain {
    async fn on_event(&self, event: &AgentEvent) {
        for hooks in &self.hooks {
            hooks.on_event(event).await;
        }
    }

    async fn transform_context(&self, messages: &[AgentMessage]) -> Option<Vec<AgentMessage>> {
        // Each hook sees the previous one's rewrite; `None` until one rewrites.
        let mut rewritten: Option<Vec<AgentMessage>> = None;
        for hooks in &self.hooks {
            let current = rewritten.as_deref().unwrap_or(messages);
            if let Some(next) = hooks.transform_context(current).await {
                rewritten = Some(next);
            }
        }
        rewritten
    }

    fn handles_context_with_system(&self) -> bool {
        self.hooks
            .iter()
            .any(|hooks| hooks.handles_context_with_system())
    }

    async fn context_with_system(&self, messages: &[AgentMessage]) -> Option<Vec<AgentMessage>> {
        let mut rewritten: Option<Vec<AgentMessage>> = None;
        for hooks in &self.hooks {
            let current = rewritten.as_deref().unwrap_or(messages);
            if let Some(next) = hooks.context_with_system(current).await {
                rewritten = Some(next);
            }
        }
        rewritten
    }

    fn request_hooks(&self) -> Option<tau_provider::SharedRequestHooks> {
        // Only the extension bridge listens to requests; the first hook that does wins.
        self.hooks.iter().find_map(|hooks| hooks.request_hooks())
    }

    async fn before_tool_call(
        &self,
        assistant: &AssistantMessage,
        call: &ToolCall,
        args: &mut Value,
    ) -> Option<BeforeToolCall> {
        let mut last = None;
        for hooks in &self.hooks {
            if let Some(verdict) = hooks.before_tool_call(assistant, call, args).await {
                if verdict.block {
                    return Some(verdict);
                }
                last = Some(verdict);
            }
        }
        last
    }

    async fn after_tool_call(
        &self,
        call: &ToolCall,
        args: &Value,
        result: &ToolResult,
        is_error: bool,
    ) -> Option<AfterToolCall> {
        let mut merged: Option<AfterToolCall> = None;
        for hooks in &self.hooks {
            let Some(next) = hooks.after_tool_call(call, args, result, is_error).await else {
                continue;
            };
            let acc = merged.get_or_insert_with(AfterToolCall::default);
            if next.content.is_some() {
                acc.content = next.content;
                acc.structured_content = next.structured_content;
            } else if next.structured_content.is_some() {
                acc.structured_content = next.structured_content;
            }
            acc.details = next.details.or(acc.details.take());
            acc.is_error = next.is_error.or(acc.is_error);
            acc.usage = next.usage.or(acc.usage.take());
            acc.terminate = next.terminate.or(acc.terminate);
        }
        merged
    }

    fn handles_before_settle(&self) -> bool {
        self.hooks.iter().any(|hooks| hooks.handles_before_settle())
    }

    async fn before_settle(&self, outcome: &str, messages: &[AgentMessage]) -> BeforeSettle {
        let mut decision = BeforeSettle::default();
        for hooks in &self.hooks {
            let next = hooks.before_settle(outcome, messages).await;
            decision.entries.extend(next.entries);
            decision.continue_run |= next.continue_run;
        }
        decision
    }

    fn handles_finish_turn(&self) -> bool {
        self.hooks.iter().any(|hooks| hooks.handles_finish_turn())
    }

    async fn finish_turn(&self, turn: &FinishedTurn<'_>) -> TurnBoundary {
        let mut decision = TurnBoundary::default();
        for hooks in &self.hooks {
            let next = hooks.finish_turn(turn).await;
            decision.entries.extend(next.entries);
            decision.continue_run |= next.continue_run;
        }
        decision
    }

    async fn finalize_message(&self, mut message: AgentMessage) -> AgentMessage {
        for hooks in &self.hooks {
            message = hooks.finalize_message(message).await;
        }
        message
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tau_protocol::ContentBlock;

    /// Appends its tag to `args.command`, blocks when the command holds `block_on`, and
    /// overrides `details` of results with its tag.
    struct Tagger {
        tag: &'static str,
        block_on: &'static str,
    }

    #[async_trait]
    impl AgentHooks for Tagger {
        async fn before_tool_call(
            &self,
            _assistant: &AssistantMessage,
            _call: &ToolCall,
            args: &mut Value,
        ) -> Option<BeforeToolCall> {
            let command = format!("{}{}", args["command"].as_str().unwrap_or(""), self.tag);
            let block = command.contains(self.block_on);
            args["command"] = json!(command);
            Some(BeforeToolCall {
                block,
                reason: Some(self.tag.into()),
                terminate: false,
            })
        }

        async fn after_tool_call(
            &self,
            _call: &ToolCall,
            _args: &Value,
            _result: &ToolResult,
            _is_error: bool,
        ) -> Option<AfterToolCall> {
            Some(AfterToolCall {
                details: Some(json!(self.tag)),
                content: (self.tag == "a").then(|| vec![ContentBlock::text("from a")]),
                ..AfterToolCall::default()
            })
        }
    }

    fn chain(block_on: &'static str) -> HookChain {
        let mut chain = HookChain::default();
        chain.push(Arc::new(Tagger { tag: "a", block_on }));
        chain.push(Arc::new(Tagger { tag: "b", block_on }));
        chain
    }

    fn call() -> ToolCall {
        ToolCall {
            id: "1".into(),
            name: "bash".into(),
            arguments: json!({}),
            thought_signature: None,
            namespace: None,
        }
    }

    #[tokio::test]
    async fn gates_run_in_order_and_the_first_block_wins() {
        let assistant = AssistantMessage::default();
        let mut args = json!({ "command": "ls " });
        let verdict = chain("zzz")
            .before_tool_call(&assistant, &call(), &mut args)
            .await
            .unwrap();
        assert_eq!(args["command"], "ls ab");
        assert!(!verdict.block);

        let mut args = json!({ "command": "ls " });
        let verdict = chain("ls a")
            .before_tool_call(&assistant, &call(), &mut args)
            .await
            .unwrap();
        assert!(verdict.block);
        assert_eq!(verdict.reason.as_deref(), Some("a"));
        assert_eq!(args["command"], "ls a", "the later hook never ran");
    }

    #[tokio::test]
    async fn result_overrides_merge_with_later_hooks_winning() {
        let merged = chain("")
            .after_tool_call(&call(), &json!({}), &ToolResult::text("x"), false)
            .await
            .unwrap();
        assert_eq!(merged.details, Some(json!("b")));
        assert_eq!(merged.content, Some(vec![ContentBlock::text("from a")]));
    }
}
