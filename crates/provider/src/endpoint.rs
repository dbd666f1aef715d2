//! What every HTTP provider shares: where requests go, the key, extra headers and the
//! key hint ([`EndpointSettings`], set through [`ConfigureEndpoint`]), and the loop that turns
//! a request and its response body into an [`EventStream`] ([`drive`]).

use std::future::Future;
use std::sync::Arc;

use futures::StreamExt;
use tau_protocol::AssistantMessageEvent;

use crate::provider::EventStream;

/// Settings shared by every request of one provider.
#[derive(Debug, Clone, Default)]
pub struct EndpointSettings {
    /// Replaces the model's `baseUrl`.
    pub base_url: Option<String>,
    /// The key used when the request carries none.
    pub api_key: Option<String>,
    /// Extra headers, applied after the defaults and the model's `headers`.
    pub headers: Vec<(String, String)>,
    /// How the user sets the key (`set OPENAI_API_KEY or pass --api-key`), quoted by the
    /// missing-key and rejected-key errors.
    pub key_hint: Option<String>,
}

/// Builder methods of every HTTP provider, over its shared [`EndpointSettings`].
pub trait ConfigureEndpoint: Sized {
    /// The provider's settings, copied on write so clones keep theirs.
    fn endpoint_mut(&mut self) -> &mut Arc<EndpointSettings>;

    /// Sends to `base_url` instead of the model's (OpenAI APIs: `http://host/v1`;
    /// Anthropic: the host root, `/v1/messages` is appended).
    fn with_base_url(mut self, base_url: impl Into<String>) -> Self {
        Arc::make_mut(self.endpoint_mut()).base_url = Some(base_url.into());
        self
    }

    /// The key used when the request carries none.
    fn with_api_key(mut self, api_key: impl Into<String>) -> Self {
        Arc::make_mut(self.endpoint_mut()).api_key = Some(api_key.into());
        self
    }

    /// Extra headers, applied after the defaults and the model's `headers` (so they can
    /// replace the auth header or add beta flags).
    fn with_headers(mut self, headers: impl IntoIterator<Item = (String, String)>) -> Self {
        Arc::make_mut(self.endpoint_mut()).headers.extend(headers);
        self
    }

    /// How the user sets this provider's key, quoted by the key errors.
    fn with_key_hint(mut self, hint: impl Into<String>) -> Self {
        Arc::make_mut(self.endpoint_mut()).key_hint = Some(hint.into());
        self
    }
}

/// A response whose body is being read, one batch of events at a time.
pub(crate) trait ResponseBody: Send + 'static {
    /// The next batch of events; `Err` holds the last one.
    fn next(
        &mut self,
    ) -> impl Future<Output = Result<Vec<AssistantMessageEvent>, Vec<AssistantMessageEvent>>> + Send;
}

/// Runs one request: `connect` sends it and gives the first events and, when a body
/// follows, the body whose batches come next.
pub(crate) fn drive<B, C>(connect: C) -> EventStream
where
    B: ResponseBody,
    C: Future<Output = (Vec<AssistantMessageEvent>, Option<B>)> + Send + 'static,
{
    enum Phase<C, B> {
        Connect(C),
        Body(Box<B>),
    }
    futures::stream::unfold(Some(Phase::<C, B>::Connect(connect)), |phase| async move {
        let (events, next) = match phase? {
            Phase::Connect(connect) => {
                let (events, body) = connect.await;
                (events, body.map(|body| Phase::Body(Box::new(body))))
            }
            Phase::Body(mut body) => match body.next().await {
                Ok(events) => (events, Some(Phase::Body(body))),
                Err(last) => (last, None),
            },
        };
        Some((events, next))
    })
    .flat_map(futures::stream::iter)
    .boxed()
}
