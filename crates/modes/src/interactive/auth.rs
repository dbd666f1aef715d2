//! `/login` and `/logout` as Pi 1.6.0 runs them for API keys: `/login` asks for the
//! authentication method, then the provider (with how it is configured now), then the key,
//! and stores it in `<agent dir>/auth.json`; `/logout` lists the stored credentials and removes
//! the chosen one. A provider whose model is in use gets the new key at once.
//!
//! Signing in with an account (OAuth) is listed as in Pi, but tau cannot run those flows yet
//! and says so.

use tau_provider::models::auth_file;
use tau_provider::models::ModelRegistry;

use super::bridge::AppEvent;
use super::runner::Runner;

const ACCOUNT: &str = "Sign in with an account";
const API_KEY: &str = "Sign in with an API key";

/// The providers Pi 1.6.0 offers an account sign-in for, in its order.
const ACCOUNT_PROVIDERS: [&str; 9] = [
    "Radius",
    "OpenRouter",
    "Anthropic",
    "GitHub Copilot",
    "Kimi For Coding",
    "Meta",
    "OpenAI",
    "OpenAI Codex",
    "xAI",
];

/// Pi's status after a provider's name (`formatAuthSelectorProviderStatus`).
fn status(registry: &ModelRegistry, provider: &str) -> String {
    match registry.key_source(provider) {
        None => " • not configured".into(),
        Some(source) if source == "stored credential" => " ✓ configured".into(),
        // A subscription sign-in seen from the API-key list: Pi marks the other auth type.
        Some(source) if source == "OAuth" => " • subscription configured".into(),
        Some(source)
            if source
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') =>
        {
            format!(" ✓ env: {source}")
        }
        Some(source) => format!(" ✓ {source}"),
    }
}

async fn registry(runner: &Runner) -> Result<ModelRegistry, String> {
    runner.controls.registry().await
}

/// `/login [provider]`.
pub async fn login(runner: &Runner, args: &str) -> Result<(), String> {
    let registry = registry(runner).await?;
    let provider = match args.trim() {
        "" => {
            let methods = vec![ACCOUNT.to_string(), API_KEY.to_string()];
            let Some(method) = runner.pick("Select authentication method:", methods).await else {
                return Ok(());
            };
            if method == ACCOUNT {
                return account_sign_in(runner).await;
            }
            let providers = registry.providers();
            let labels: Vec<String> = providers
                .iter()
                .map(|p| format!("{p}{}", status(&registry, p)))
                .collect();
            let Some(index) = runner
                .pick_index("Select provider to configure:", &labels)
                .await
            else {
                return Ok(());
            };
            providers[index].to_string()
        }
        named => named.to_string(),
    };
    let Some(key) = runner
        .read_line(&format!("Login to {provider}\n\nEnter API key"))
        .await
    else {
        return Ok(());
    };
    let key = key.trim();
    if key.is_empty() {
        return Err("No API key entered; nothing was saved".into());
    }
    let agent_dir = runner.controls.agent_dir.clone();
    let stored = {
        let (agent_dir, provider, key) = (agent_dir.clone(), provider.clone(), key.to_string());
        tokio::task::spawn_blocking(move || auth_file::store_api_key(&agent_dir, &provider, &key))
            .await
            .map_err(|e| e.to_string())?
    };
    stored.map_err(|e| e.to_string())?;
    refresh_current_key(runner, &provider).await;
    runner.send_event(AppEvent::Notice(format!(
        "Saved API key for {provider}. Credentials saved to {}",
        auth_file::auth_path(&agent_dir).display()
    )));
    Ok(())
}

async fn account_sign_in(runner: &Runner) -> Result<(), String> {
    let names: Vec<String> = ACCOUNT_PROVIDERS
        .iter()
        .map(|name| format!("{name} • not configured"))
        .collect();
    let Some(choice) = runner.pick("Select provider to configure:", names).await else {
        return Ok(());
    };
    let name = choice.split(" • ").next().unwrap_or(&choice);
    Err(format!(
        "tau cannot sign in to {name} with an account (OAuth) yet; use /login with \"{API_KEY}\" or set the provider's API key variable"
    ))
}

/// `/logout`.
pub async fn logout(runner: &Runner) -> Result<(), String> {
    let agent_dir = runner.controls.agent_dir.clone();
    let stored = auth_file::load(&agent_dir).map_err(|e| e.to_string())?;
    if stored.is_empty() {
        runner.send_event(AppEvent::Notice(
            "No stored credentials to remove. /logout only removes credentials saved by /login; environment variables and models.json config are unchanged.".into(),
        ));
        return Ok(());
    }
    let labels: Vec<String> = stored
        .iter()
        .map(|(provider, _)| format!("{provider} ✓ configured"))
        .collect();
    let Some(index) = runner
        .pick_index("Select provider to logout:", &labels)
        .await
    else {
        return Ok(());
    };
    let (provider, credential) = &stored[index];
    let removed = {
        let (agent_dir, provider) = (agent_dir.clone(), provider.clone());
        tokio::task::spawn_blocking(move || auth_file::remove(&agent_dir, &provider))
            .await
            .map_err(|e| e.to_string())?
    };
    removed.map_err(|e| e.to_string())?;
    refresh_current_key(runner, provider).await;
    let what = if credential.kind() == "api_key" {
        "stored API key"
    } else {
        "stored credentials"
    };
    runner.send_event(AppEvent::Notice(format!(
        "Removed {what} for {provider}. Environment variables and models.json config are unchanged."
    )));
    Ok(())
}

/// Pi resolves the key for every request; tau holds it with the model, so the model in use
/// takes its provider's key again after a login or logout.
async fn refresh_current_key(runner: &Runner, provider: &str) {
    let runtime = runner.current.get();
    let config = runtime.config();
    if config.model.provider != provider {
        return;
    }
    let Ok(registry) = registry(runner).await else {
        return;
    };
    let Some(model) = registry.find(provider, &config.model.id).cloned() else {
        return;
    };
    match registry.request_auth(&model, None) {
        Ok(auth) => runtime.set_credentials(auth.api_key, auth.headers),
        Err(_) => runtime.set_credentials(None, config.model.headers.clone()),
    }
}
