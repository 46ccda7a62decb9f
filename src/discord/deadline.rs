//! Answering within Discord's 3 seconds, and truthfully, whatever the database does.
//!
//! Every command and click runs its work (everything it asks the database, before and
//! after the change it makes) through [`command`] or [`Click::run`]:
//!
//! - Work still going after [`Data::defer_after`](super::Data) gets its answer deferred,
//!   and the answer then arrives as an edit or a follow-up. Fast work (nearly all of it) is
//!   answered directly, so a refusal stays private: a deferred answer takes the visibility
//!   of the deferral. Nothing that waits for the database comes before this decision.
//! - The work runs inside a [`WriteWatch`]. When it is still going after the give-up time
//!   (`DATABASE_GIVE_UP_MS`) and has changed nothing (no write committed, none being
//!   committed), it is dropped, which rolls back whatever it began, and the user is told
//!   that nothing was changed and to try again in a minute. When a commit is under way, it
//!   may land: the user is told that it is not confirmed yet, and the work is waited for
//!   (the store finds out how a lost commit went), so a change that landed is reported as
//!   made, however late.
//! - A database error (the server down, a full disk, a locked file) is told the same way,
//!   in the user's language: nothing was changed, or part of it was, or whether it was
//!   could not be found out.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::time::Instant;

use crate::service::ServiceError;
use crate::store::{StoreError, WriteWatch};

use super::error::Outage;
use super::i18n::{tr, Lang};
use super::post::Post;
use super::{Context, Data, Error};

/// How long work whose commit may have landed is waited for: until shortly before
/// Discord forgets the interaction (its token lasts 15 minutes), so the answer can still be
/// given.
const ANSWER_LIFETIME: Duration = Duration::from_secs(14 * 60);

/// Runs a command's work, deferring the answer (publicly, or privately if `private`) if
/// the work outlasts the data's defer delay, and giving it up, if it changed nothing, when
/// it outlasts the give-up time (see the module). An error after a deferral comes back as
/// [`Error::Late`], so the error handler knows to answer with a follow-up.
pub(crate) async fn command<T>(
    ctx: Context<'_>,
    private: bool,
    work: impl Future<Output = Result<T, Error>>,
) -> Result<T, Error> {
    let data = ctx.data();
    let started = Instant::now();
    let watch = WriteWatch::new();
    let work = watch.watch(work);
    tokio::pin!(work);
    if let Some(result) = within(&mut work, data.defer_after).await {
        return result.map_err(|error| outage(data, error, &watch));
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
    let public_deferral = !private && deferred.is_ok();
    let late = |error| Error::late(outage(data, error, &watch), public_deferral);
    let result = match tokio::time::timeout_at(started + data.give_up, &mut work).await {
        Ok(result) => result,
        // Dropping the work rolls back whatever it began: nothing was changed.
        Err(_) if watch.untouched() => return Err(late(given_up(data))),
        Err(_) => {
            let lang = Lang::from_discord(ctx.locale().unwrap_or_default());
            let note = Post::private(tr!(lang, "database-not-confirmed")).into_reply();
            if let Err(why) = ctx.send(note).await {
                tracing::warn!("could not say that a change is not confirmed yet: {why}");
            }
            confirmed(&mut work, &watch).await
        }
    };
    result.map_err(late)
}

/// The end of work whose commit may have landed: waited for as long as the answer can
/// still be given.
async fn confirmed<T, F>(work: &mut F, watch: &WriteWatch) -> Result<T, Error>
where
    F: Future<Output = Result<T, Error>> + Unpin,
{
    match tokio::time::timeout(ANSWER_LIFETIME, work).await {
        Ok(result) => result,
        Err(_) if watch.committed() > 0 && !watch.committing() => {
            Err(Error::Outage(Outage::Partly))
        }
        Err(_) => Err(Error::Outage(Outage::Unknown)),
    }
}

/// The error of work given up because the database did not answer in time: an outage
/// begins for the store (its probe then finds out when the database is back).
fn given_up(data: &Data) -> Error {
    data.service()
        .store()
        .note_error(&StoreError::NoAnswer(data.give_up));
    Error::Outage(Outage::NothingChanged)
}

/// `error` as its user is to be told it: a database that cannot be reached becomes an
/// [`Error::Outage`] saying what the work had saved (its `watch`), and is noted for the
/// log and the health report.
fn outage(data: &Data, error: Error, watch: &WriteWatch) -> Error {
    let Error::Service(ServiceError::Storage(store_error)) = &error else {
        return error;
    };
    if !store_error.is_unavailable() {
        return error;
    }
    data.service().store().note_error(store_error);
    Error::Outage(if matches!(store_error, StoreError::CommitUnknown) {
        Outage::Unknown
    } else if watch.committed() > 0 {
        Outage::Partly
    } else {
        Outage::NothingChanged
    })
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
    /// Runs a click's work like [`command`] runs a command's: deferring the answer if the
    /// work outlasts the data's defer delay, giving it up if it changed nothing by the
    /// give-up time. An error after a deferral comes back as [`Error::Late`].
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
        let started = Instant::now();
        let watch: Arc<WriteWatch> = WriteWatch::new();
        let work = watch.watch(work);
        tokio::pin!(work);
        if let Some(result) = within(&mut work, data.defer_after).await {
            return result
                .map(|value| (this, value))
                .map_err(|error| outage(data, error, &watch));
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
        let late = |error| Error::late(outage(data, error, &watch), false);
        let result = match tokio::time::timeout_at(started + data.give_up, &mut work).await {
            Ok(result) => result,
            Err(_) if watch.untouched() => return Err(late(given_up(data))),
            Err(_) => {
                let lang = Lang::from_discord(&click.locale);
                let note = Post::private(tr!(lang, "database-not-confirmed")).into_followup();
                if let Err(why) = click.create_followup(ctx, note).await {
                    tracing::warn!("could not say that a change is not confirmed yet: {why}");
                }
                confirmed(&mut work, &watch).await
            }
        };
        let value = result.map_err(late)?;
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

/// Runs the database part of an autocomplete, which Discord cannot wait for and which
/// cannot be deferred: `None` at once while the database is known to be unreachable, and
/// `None` if `work` takes longer than `budget`; then the list is made from what is known
/// without it.
pub(crate) async fn autocomplete<T>(
    data: &Data,
    budget: Duration,
    work: impl Future<Output = T>,
) -> Option<T> {
    if !data.service().store().is_reachable() {
        return None;
    }
    tokio::time::timeout(budget, work).await.ok()
}
