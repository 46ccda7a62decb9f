//! Answering within Discord's 3 seconds: work that is still going after
//! [`Data::defer_after`](super::Data) gets its answer deferred, and the answer then arrives
//! as an edit or a follow-up. Fast work (nearly all of it) is answered directly, so a
//! refusal stays private: a deferred answer takes the visibility of the deferral.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::post::Post;
use super::{Context, Data, Error};

/// Runs a command's work, deferring the answer (publicly, or privately if `private`) if
/// the work outlasts the data's defer delay. An error after a deferral comes back as
/// [`Error::Late`], so the error handler knows to answer with a follow-up.
pub(crate) async fn command<T>(
    ctx: Context<'_>,
    private: bool,
    work: impl Future<Output = Result<T, Error>>,
) -> Result<T, Error> {
    tokio::pin!(work);
    if let Some(result) = within(&mut work, ctx.data().defer_after).await {
        return result;
    }
    let deferred = if private {
        ctx.defer_ephemeral().await
    } else {
        ctx.defer().await
    };
    // The work goes on even if Discord did not take the deferral: it may change a game,
    // and a change half made must not be abandoned, nor reported as failed.
    if let Err(why) = &deferred {
        tracing::warn!("could not defer an answer: {why}");
    }
    work.await
        .map_err(|error| Error::late(error, !private && deferred.is_ok()))
}

/// The output of `work` if it completes within `after`; `None` at once for a zero delay.
async fn within<F: Future + Unpin>(work: &mut F, after: Duration) -> Option<F::Output> {
    if after.is_zero() {
        return None;
    }
    tokio::time::timeout(after, work).await.ok()
}

/// How a click will be answered, which decides how it is deferred.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClickAnswer {
    /// The clicked message changes.
    Update,
    /// A new message only the clicker sees.
    Private,
}

/// A click being answered: knows whether it was deferred, so the answer takes the right
/// route.
pub(crate) struct Click<'a> {
    pub ctx: &'a serenity::Context,
    pub click: &'a serenity::ComponentInteraction,
    answer: ClickAnswer,
    deferred: bool,
}

impl<'a> Click<'a> {
    /// Runs a click's work, deferring the answer if the work outlasts the data's defer
    /// delay. An error after a deferral comes back as [`Error::Late`].
    pub async fn run<T>(
        ctx: &'a serenity::Context,
        data: &Data,
        click: &'a serenity::ComponentInteraction,
        answer: ClickAnswer,
        work: impl Future<Output = Result<T, Error>>,
    ) -> Result<(Self, T), Error> {
        let mut this = Self {
            ctx,
            click,
            answer,
            deferred: false,
        };
        tokio::pin!(work);
        if let Some(result) = within(&mut work, data.defer_after).await {
            return result.map(|value| (this, value));
        }
        let deferral = match answer {
            ClickAnswer::Update => serenity::CreateInteractionResponse::Acknowledge,
            ClickAnswer::Private => serenity::CreateInteractionResponse::Defer(
                serenity::CreateInteractionResponseMessage::new().ephemeral(true),
            ),
        };
        // As for commands: the work goes on even if Discord did not take the deferral.
        match click.create_response(ctx, deferral).await {
            Ok(()) => this.deferred = true,
            Err(why) => tracing::warn!("could not defer the answer to a click: {why}"),
        }
        let value = work.await.map_err(|error| Error::late(error, false))?;
        Ok((this, value))
    }

    /// Sends the answer: the new state of the clicked message, or the private message.
    pub async fn answer(&self, post: Post) -> Result<(), Error> {
        let post = post.within(u64::from(self.click.attachment_size_limit));
        if self.deferred {
            self.click.edit_response(self.ctx, post.into_edit()).await?;
            return Ok(());
        }
        let message = post.into_response_message();
        let response = match self.answer {
            ClickAnswer::Update => serenity::CreateInteractionResponse::UpdateMessage(message),
            ClickAnswer::Private => serenity::CreateInteractionResponse::Message(message),
        };
        self.click.create_response(self.ctx, response).await?;
        Ok(())
    }

    /// Sends the answer to a click that made a change. The change is stored and announced
    /// in the channel whatever happens here, so a failure to answer is never an error (that
    /// would invite the user to do it again): the answer is tried twice, then the clicker
    /// is told `truth` privately in a follow-up (which works if Discord took the answer
    /// after all), and otherwise it is only logged.
    pub async fn confirm(&self, post: Post, truth: &str) -> Result<(), Error> {
        let first = match self.answer(post.clone()).await {
            Ok(()) => return Ok(()),
            Err(why) => why,
        };
        tracing::warn!("could not answer a click that made a change ({first}); trying again");
        let second = match self.answer(post).await {
            Ok(()) => return Ok(()),
            Err(why) => why,
        };
        let followup = Post::private(truth).into_followup();
        if let Err(third) = self.click.create_followup(self.ctx, followup).await {
            tracing::warn!(
                "the clicker of a change was not told it was made ({second}; then {third}); \
                 it is announced in the channel"
            );
        }
        Ok(())
    }
}
