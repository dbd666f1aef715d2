//! Integration tests of tau-provider, one file per topic under `suite/`.

// `cfg(test)` marks the helpers as test code, so clippy's allow-unwrap-in-tests covers them.
#[cfg(test)]
mod suite {
    mod anthropic;
    mod azure_openai_responses;
    mod bedrock;
    mod google;
    mod mistral;
    mod openai_codex;
    mod openai_completions;
    mod openai_completions_errors;
    mod openai_responses;
    mod pi_ai_differential;
    mod request_hooks;
    mod scripted;
    mod scripted_demo;
    mod scripted_errors;
    mod support;
}
