//! Delivers the service's announcements: posts each in its channel, and retries until
//! Discord has it.
//!
//! The worker claims the first undelivered announcement of every channel (a channel's
//! announcements appear in the order they were made: the computer's reply never overtakes
//! the move it answers), draws its board, posts it and reports back. It is woken at once
//! when a change is stored, and otherwise looks again when the next retry falls due.
//!
//! - Every post carries a nonce made from the announcement, with `enforce_nonce`: when a
//!   post is tried again after its answer was lost (a timeout, a crash), Discord returns the
//!   message it already made instead of posting it twice.
//! - 429: serenity's rate limiter waits out `retry-after` and tries again by itself; a 429
//!   that still comes through is retried like a 5xx.
//! - 5xx, no answer, a dropped connection: tried again after 1 s, 2 s, 4 s, ... up to
//!   5 minutes (see [`Delivery`]).
//! - Refusals that can never succeed (an unknown channel, no access, a message Discord
//!   will not take): given up after logging, so one dead channel never holds up others.
//!
//! Announcements not delivered when the bot stops stay in the database and are delivered
//! after the restart; one the bot was posting when it died is taken over once its claim
//! runs out.
//!
//! While the database cannot be reached the worker waits for it (see
//! `Service::wait_out_outage`): nothing is claimed, and a post already made is recorded
//! once the database is back, so it is not made again.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use rand::Rng;
use serenity::http::HttpError;
use tokio::task::JoinSet;

use crate::service::{self, Announcement, Service};
use crate::store::{AnnouncementId, UserId};

use super::config::Delivery;
use super::i18n::Lang;
use super::post::{Post, CHANNEL_ATTACHMENT_LIMIT};
use super::{challenge, format, game, ids, offers, replay, review, settings};

/// Posts under way at once, across channels.
const MAX_IN_FLIGHT: usize = 8;
/// The longest the worker sleeps without looking at the outbox (it is woken by every
/// change; this catches one stored by another process).
const POLL: Duration = Duration::from_secs(5);
/// How long posts under way get to finish when the bot stops.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);
/// Discord's limit on a nonce, in characters.
const MAX_NONCE_CHARS: usize = 25;

/// Delivers announcements until `stopped` completes.
pub(crate) async fn run(
    service: Service,
    http: Arc<serenity::Http>,
    settings: Delivery,
    stopped: impl Future<Output = ()>,
) {
    // Deliveries are claimed under the name the process claims all its work under.
    let worker = service.process_id().to_owned();
    tracing::info!(%worker, "announcement delivery started");
    tokio::pin!(stopped);
    let mut posting: JoinSet<()> = JoinSet::new();
    loop {
        let room = MAX_IN_FLIGHT.saturating_sub(posting.len());
        if room > 0 {
            match service
                .claim_deliveries(&worker, settings.lease, room)
                .await
            {
                Ok(deliveries) => {
                    for delivery in deliveries {
                        let (service, http) = (service.clone(), Arc::clone(&http));
                        posting.spawn(deliver(service, http, settings, delivery));
                    }
                }
                Err(error) => {
                    let waited = tokio::select! {
                        () = &mut stopped => break,
                        waited = service.wait_out_outage(&error) => waited,
                    };
                    if waited {
                        continue;
                    }
                    tracing::error!(%error, "cannot read the announcements to post");
                }
            }
        }
        let pause = if posting.len() >= MAX_IN_FLIGHT {
            // Every slot is busy: the next post to finish wakes the worker.
            POLL
        } else {
            match service.next_delivery_in().await {
                Ok(Some(wait)) => wait.clamp(Duration::from_millis(10), POLL),
                Ok(None) => POLL,
                Err(error) => {
                    let waited = tokio::select! {
                        () = &mut stopped => break,
                        waited = service.wait_out_outage(&error) => waited,
                    };
                    if waited {
                        continue;
                    }
                    tracing::error!(%error, "cannot read when the next announcement is due");
                    POLL
                }
            }
        };
        tokio::select! {
            () = &mut stopped => break,
            () = service.announcements_waiting() => {}
            Some(_) = posting.join_next(), if !posting.is_empty() => {}
            () = tokio::time::sleep(pause) => {}
        }
    }
    // Posts under way get a moment to finish; any left keep their claim, and are posted
    // again (without a duplicate, thanks to the nonce) once it runs out.
    let finish = async { while posting.join_next().await.is_some() {} };
    if tokio::time::timeout(SHUTDOWN_GRACE, finish).await.is_err() {
        tracing::warn!("announcements still being posted at shutdown are posted after the restart");
        posting.abort_all();
    }
    tracing::info!("announcement delivery stopped");
}

/// Posts one announcement and reports how it went.
async fn deliver(
    service: Service,
    http: Arc<serenity::Http>,
    settings: Delivery,
    delivery: service::Delivery,
) {
    let announcement = match &delivery.announcement {
        Ok(announcement) => announcement,
        Err(why) => {
            tracing::error!(id = %delivery.id, "an announcement is given up: {why}");
            report(service.abandon_delivery(&delivery, why).await);
            return;
        }
    };
    let Some(channel) = ids::discord_channel(delivery.channel_id) else {
        let why = "the announcement has no channel";
        tracing::error!(id = %delivery.id, "an announcement is given up: {why}");
        report(service.abandon_delivery(&delivery, why).await);
        return;
    };
    // A lapsed offer, or one answered without its buttons, edits the message that made it
    // (posted before it, as a channel's announcements go out in order): find that message
    // first.
    let made = match announcement {
        Announcement::OfferLapsed(lapsed) => Some((lapsed.game_id, lapsed.made)),
        Announcement::OfferAnswered(answered) => Some((answered.game_id, answered.made)),
        _ => None,
    };
    // A review's progress edits its progress message, posted before it in the channel.
    let edited = match announcement {
        Announcement::ReviewProgress(progress) => Some(
            service
                .store()
                .announced_message(progress.game_id, delivery.channel_id, review::PROGRESS_KIND)
                .await
                .map(|message| message.map(|m| m.0))
                .map_err(crate::service::ServiceError::from),
        ),
        _ => None,
    };
    let made = match edited {
        Some(Ok(Some(message))) => {
            return edit_progress(service, http, settings, delivery, channel, message).await;
        }
        Some(Ok(None)) => {
            // Never posted (given up): there is nothing to edit.
            report(service.delivered(&delivery, None).await);
            return;
        }
        Some(Err(error)) => {
            let wait = with_jitter(settings.backoff(delivery.attempt));
            let why = format!("cannot read the review's progress message: {error}");
            report(service.retry_delivery(&delivery, wait, &why).await);
            return;
        }
        None => made,
    };
    let lapsed_message = match made {
        Some((game_id, made)) => {
            let posted = match made {
                Some(made) => service.message_of(game_id, made).await,
                None => Ok(None),
            };
            match posted {
                Ok(Some(message)) => Some(serenity::MessageId::new(message)),
                Ok(None) => {
                    // Never posted (given up): nothing shows buttons to take away.
                    report(service.delivered(&delivery, None).await);
                    return;
                }
                Err(error) => {
                    let wait = with_jitter(settings.backoff(delivery.attempt));
                    let why = format!("cannot read the offer's message: {error}");
                    report(service.retry_delivery(&delivery, wait, &why).await);
                    return;
                }
            }
        }
        _ => None,
    };
    let sent = tokio::time::timeout(
        settings.send_timeout(),
        send(
            &service,
            &http,
            channel,
            &delivery,
            announcement,
            lapsed_message,
        ),
    )
    .await;
    let (id, kind, attempt) = (delivery.id, announcement.kind(), delivery.attempt);
    let (failure, can_succeed) = match sent {
        Ok(Ok(posted)) => {
            if attempt > 1 {
                tracing::info!(%id, kind, %channel, attempt, "announcement delivered after a retry");
            }
            record_posted(&service, &delivery, posted).await;
            return;
        }
        // Not posted: the database went away while the post was being made ready. The claim
        // runs out, and the announcement is posted once the database is back.
        Ok(Err(SendError::Database(error))) => {
            if let Some(error) = error.storage() {
                service.store().note_error(error);
            }
            tracing::debug!(%id, kind, %channel, %error, "announcement waits for the database");
            return;
        }
        Ok(Err(SendError::Discord(error))) => (describe(&error), may_succeed_later(&error)),
        Err(_) => (
            format!("no answer within {:?}", settings.send_timeout()),
            true,
        ),
    };
    if can_succeed {
        let wait = with_jitter(settings.backoff(attempt));
        tracing::warn!(%id, kind, %channel, attempt, ?wait, "announcement not posted, will retry: {failure}");
        report(service.retry_delivery(&delivery, wait, &failure).await);
    } else {
        tracing::error!(%id, kind, %channel, attempt, "announcement refused by Discord, given up: {failure}");
        report(service.abandon_delivery(&delivery, &failure).await);
    }
}

/// Edits a review's progress message (`message`) to say how far it has gone.
async fn edit_progress(
    service: Service,
    http: Arc<serenity::Http>,
    settings: Delivery,
    delivery: service::Delivery,
    channel: serenity::ChannelId,
    message: u64,
) {
    let Ok(Announcement::ReviewProgress(progress)) = &delivery.announcement else {
        return;
    };
    let lang = match announcement_lang(
        &service,
        &delivery,
        &Announcement::ReviewProgress(progress.clone()),
    )
    .await
    {
        Ok(lang) => lang,
        Err(error) => {
            tracing::debug!(%error, "a review's progress waits for the database");
            return;
        }
    };
    let edit = serenity::EditMessage::new().content(review::progress_text(lang, progress));
    let sent = tokio::time::timeout(
        settings.send_timeout(),
        channel.edit_message(&http, serenity::MessageId::new(message), edit),
    )
    .await;
    match sent {
        Ok(Ok(edited)) => record_posted(&service, &delivery, Some(edited.id.get())).await,
        Ok(Err(error)) if !may_succeed_later(&error) => {
            let why = describe(&error);
            tracing::warn!(id = %delivery.id, %channel, "a review's progress edit was refused: {why}");
            report(service.abandon_delivery(&delivery, &why).await);
        }
        failed => {
            let why = match failed {
                Ok(Err(error)) => describe(&error),
                _ => format!("no answer within {:?}", settings.send_timeout()),
            };
            let wait = with_jitter(settings.backoff(delivery.attempt));
            report(service.retry_delivery(&delivery, wait, &why).await);
        }
    }
}

/// Why an announcement was not said.
enum SendError {
    /// Discord did not take it.
    Discord(serenity::Error),
    /// The database, which says in which language it is posted, cannot be reached.
    Database(service::ServiceError),
}

impl From<serenity::Error> for SendError {
    fn from(error: serenity::Error) -> Self {
        Self::Discord(error)
    }
}

/// Says one announcement to Discord: posts it (returning the message's id), or, for a
/// thread to archive, archives it (asking again is harmless).
async fn send(
    service: &Service,
    http: &serenity::Http,
    channel: serenity::ChannelId,
    delivery: &service::Delivery,
    announcement: &Announcement,
    lapsed_message: Option<serenity::MessageId>,
) -> Result<Option<u64>, SendError> {
    let lang = announcement_lang(service, delivery, announcement)
        .await
        .map_err(SendError::Database)?;
    if let Some(message) = lapsed_message {
        // The buttons go, the text says the offer lapsed, or how it was answered.
        let text = match announcement {
            Announcement::OfferAnswered(answered) => format::offer_answered(
                lang,
                answered.variant,
                answered.game_id,
                &answered.offer,
                answered.accepted,
                answered.by,
            ),
            Announcement::OfferLapsed(lapsed) => format::offer_lapsed(lang, lapsed),
            // Only offers' messages are edited.
            _ => String::new(),
        };
        let edit = serenity::EditMessage::new()
            .content(text)
            .components(Vec::new());
        let edited = channel.edit_message(http, message, edit).await?;
        return Ok(Some(edited.id.get()));
    }
    if let Announcement::ArchiveThread(_) = announcement {
        let archive = serenity::EditThread::new().archived(true);
        channel.edit_thread(http, archive).await?;
        return Ok(None);
    }
    // A direct message goes to the player's own channel with the bot (opening it is safe
    // to repeat); it is not a post of the game's channel, so no message id is kept for it.
    let recipient = announcement.recipient().and_then(ids::discord_user);
    let target = match recipient {
        Some(user) => user.create_dm_channel(http).await?.id,
        None => channel,
    };
    let message = post_of(service, lang, announcement)
        .await
        .map_err(SendError::Database)?
        .within(CHANNEL_ATTACHMENT_LIMIT)
        .into_message()
        .nonce(serenity::Nonce::String(nonce(
            delivery.created_at,
            delivery.id,
        )))
        .enforce_nonce(true);
    let posted = target.send_message(http, message).await?;
    Ok(recipient.is_none().then_some(posted.id.get()))
}

/// Logs a failure to record how a delivery went: the claim then runs out, and the
/// announcement is tried again (the nonce keeps it from being posted twice).
fn report(recorded: service::ServiceResult<bool>) {
    match recorded {
        Ok(true) => {}
        Ok(false) => tracing::warn!("a delivery's claim ran out before its outcome was recorded"),
        // The outage is logged once; the claim runs out and the delivery is tried again.
        Err(error) if error.is_unavailable() => {
            tracing::debug!(%error, "cannot record how a delivery went");
        }
        Err(error) => tracing::error!(%error, "cannot record how a delivery went"),
    }
}

/// Records that an announcement was posted (as `message`). When the database cannot be
/// reached, waits for it and records then: a post made during an outage is not made again
/// after it (Discord's nonce would catch a retry only for a few minutes).
async fn record_posted(service: &Service, delivery: &service::Delivery, message: Option<u64>) {
    loop {
        match service.delivered(delivery, message).await {
            Err(error) if service.wait_out_outage(&error).await => {}
            recorded => return report(recorded),
        }
    }
}

/// The nonce of an announcement's post: the same for every attempt, different for every
/// announcement (the time of the change keeps a new database's first announcements apart
/// from an old one's).
fn nonce(created_at: i64, id: AnnouncementId) -> String {
    let nonce = format!("{created_at}-{id}");
    if nonce.chars().count() <= MAX_NONCE_CHARS {
        nonce
    } else {
        id.to_string()
    }
}

/// A failed post in words for the log and the outbox: Discord's status and error code
/// where it answered (serenity's own text has only the message).
fn describe(error: &serenity::Error) -> String {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => format!(
            "Discord answered {}: {} (code {})",
            response.status_code, response.error.message, response.error.code
        ),
        other => other.to_string(),
    }
}

/// Whether a post Discord refused may go through if tried again: not when the channel is
/// unknown or closed to the bot, or the message is one Discord never takes.
fn may_succeed_later(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            status_may_pass(response.status_code.as_u16())
        }
        // No answer, a dropped connection, an answer that does not read back (the message
        // may exist: the nonce makes the retry safe).
        _ => true,
    }
}

/// Whether a post Discord answered with `status` may go through if tried again.
fn status_may_pass(status: u16) -> bool {
    match status {
        // Bad token: everything fails until it is fixed, so keep what is to be said.
        401 => true,
        // Timeout, conflict, too many requests (past the rate limiter).
        408 | 409 | 425 | 429 => true,
        // Unknown channel (404), missing access or permissions (403), a message Discord
        // will not take (400, 413): the same post always fails.
        400..=499 => false,
        _ => true,
    }
}

/// `wait` and up to a fifth more, so that many channels failing at once do not all come
/// back at the same moment.
fn with_jitter(wait: Duration) -> Duration {
    let extra = rand::thread_rng().gen_range(0.0..0.2);
    wait.mul_f64(1.0 + extra)
}

/// The language an announcement is posted in: its server's (see [`game::server_lang`]).
/// A direct message (the turn message, the digest) is in its player's language (their
/// client's as their latest command reported it), else that of the server of its (first)
/// game. A database that cannot be reached is an error: nothing is posted in a language
/// picked for want of it.
async fn announcement_lang(
    service: &Service,
    delivery: &service::Delivery,
    announcement: &Announcement,
) -> Result<Lang, service::ServiceError> {
    let reader = match announcement {
        Announcement::TurnMessage(message) => Some(message.player.user_id),
        Announcement::Digest(digest) => Some(digest.user_id),
        _ => None,
    };
    if let Some(user) = reader {
        match service.player_language(user).await {
            Ok(Some(locale)) => return Ok(Lang::from_discord(&locale)),
            Ok(None) => {}
            Err(error) if error.is_unavailable() => return Err(error),
            Err(error) => {
                tracing::warn!(%error, %user, "cannot read a player's language; using the server's");
            }
        }
    }
    let guild = match announcement {
        Announcement::Outcome(outcome) => Some(outcome.guild_id),
        Announcement::GameStarted(view) => Some(view.guild_id),
        Announcement::Challenge(view) | Announcement::ChallengeExpired(view) => Some(view.guild_id),
        Announcement::Replay(view) => Some(view.guild_id),
        Announcement::TurnMessage(message) => Some(message.guild_id),
        Announcement::Digest(digest) => digest.games.first().map(|game| game.guild_id),
        Announcement::ReviewStarted(progress) | Announcement::ReviewProgress(progress) => {
            Some(progress.guild_id)
        }
        Announcement::ReviewDone(done) => Some(done.guild_id),
        Announcement::DailyPuzzle(daily) => Some(daily.guild_id),
        _ => None,
    };
    let guild = match (guild, delivery.game_id) {
        (Some(guild), _) => guild,
        (None, Some(game)) => match service.guild_of_game(game).await {
            Ok(guild) => guild,
            Err(error) if error.is_unavailable() => return Err(error),
            Err(error) => {
                tracing::warn!(%error, %game, "cannot find a game's server; posting in English");
                return Ok(Lang::En);
            }
        },
        (None, None) => return Ok(Lang::En),
    };
    game::server_lang(service, guild).await
}

/// The message of an announcement in `lang`, with its board drawn. What the database adds
/// (who is not to be mentioned, the board to link to, the replay) is left out when it cannot
/// be read, except when the database cannot be reached: then the error comes back, and the
/// announcement is posted whole once the database is back.
pub(crate) async fn post_of(
    service: &Service,
    lang: Lang,
    announcement: &Announcement,
) -> Result<Post, service::ServiceError> {
    Ok(match announcement {
        Announcement::Outcome(outcome) => {
            let image = match &outcome.picture {
                Some(picture) => {
                    game::draw_for_channel(lang, picture, outcome.result.as_ref()).await
                }
                None => None,
            };
            let post = game::outcome_post(lang, outcome, image.as_ref());
            without_quiet(service, post, format::outcome_pings(outcome)).await?
        }
        Announcement::GameStarted(view) => {
            let image = game::draw_for_channel(lang, &view.picture, None).await;
            let post = game::start_post(lang, view, image.as_ref());
            let players = view.to_move.iter().map(|p| p.user_id).collect();
            without_quiet(service, post, players).await?
        }
        Announcement::Challenge(view) => challenge::challenge_post(lang, view),
        Announcement::ChallengeExpired(view) => {
            Post::new(format::challenge_expired(lang, view)).ping([view.challenger.user_id])
        }
        Announcement::OfferMade(made) => offers::offer_post(lang, made),
        Announcement::OfferDeclined(declined) => {
            Post::new(format::offer_declined(lang, declined)).ping([declined.offer.by.user_id])
        }
        Announcement::OfferLapsed(lapsed) => Post::new(format::offer_lapsed(lang, lapsed)),
        Announcement::OfferAnswered(answered) => Post::new(format::offer_answered(
            lang,
            answered.variant,
            answered.game_id,
            &answered.offer,
            answered.accepted,
            answered.by,
        )),
        Announcement::Reminder(reminder) => {
            let post = Post::new(format::reminder(
                lang,
                reminder.variant,
                reminder.game_id,
                &reminder.player,
                reminder.deadline_at,
            ))
            .ping([reminder.player.user_id]);
            without_quiet(service, post, vec![reminder.player.user_id]).await?
        }
        Announcement::Vacation(notice) => {
            let pings: Vec<_> = notice.to_move.iter().map(|p| p.user_id).collect();
            let post =
                Post::new(super::vacation::vacation_notice(lang, notice)).ping(pings.clone());
            without_quiet(service, post, pings).await?
        }
        Announcement::TurnMessage(message) => {
            let board = board_message(service, message.game_id, message.channel_id).await?;
            settings::turn_post(service, lang, message, board).await
        }
        Announcement::Digest(digest) => {
            let mut boards = Vec::new();
            for game in &digest.games {
                boards.push(board_message(service, game.game_id, game.channel_id).await?);
            }
            Post::new(settings::digest(lang, digest, &boards))
        }
        Announcement::Replay(view) => {
            let post = replay::announced_post(service, lang, view).await?;
            // Anyone may also ask for the finished game's review.
            match review::analyse_button(lang, view.game_id) {
                Some(button) => post.button(button),
                None => post,
            }
        }
        Announcement::DailyPuzzle(daily) => super::puzzle::daily_post(lang, daily)?,
        Announcement::ThreadResult(result) => {
            Post::new(format::threads::thread_result(lang, result))
        }
        // Not a post: `deliver` archives the thread instead.
        Announcement::ArchiveThread(_) => Post::new(String::new()),
        Announcement::ReviewStarted(progress) | Announcement::ReviewProgress(progress) => {
            Post::new(review::progress_text(lang, progress))
        }
        Announcement::ReviewDone(done) => review::done_post(service, lang, done).await?,
    })
}

/// A post's pings without the players who asked not to be mentioned on their turn (quiet,
/// or the daily digest instead). If their settings cannot be read, everyone is mentioned:
/// a mention too many loses less than a turn nobody heard of.
async fn without_quiet(
    service: &Service,
    post: Post,
    players: Vec<UserId>,
) -> Result<Post, service::ServiceError> {
    match service.unmentioned(&players).await {
        Ok(quiet) => Ok(post.unping(&quiet)),
        Err(error) if error.is_unavailable() => Err(error),
        Err(error) => {
            tracing::warn!(%error, "cannot read notification settings; mentioning everyone");
            Ok(post)
        }
    }
}

/// The last message posted about a game in its channel, which direct messages link to;
/// `None` (no link) if there is none or it cannot be read.
async fn board_message(
    service: &Service,
    game: crate::store::GameId,
    channel: crate::store::ChannelId,
) -> Result<Option<crate::store::MessageId>, service::ServiceError> {
    match service.game_board_message(game, channel).await {
        Ok(message) => Ok(message),
        Err(error) if error.is_unavailable() => Err(error),
        Err(error) => {
            tracing::warn!(%game, %error, "cannot find the game's board to link to");
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_that_can_never_succeed_are_given_up() {
        for status in [400, 403, 404, 413] {
            assert!(!status_may_pass(status), "{status}");
        }
        for status in [401, 408, 429, 500, 502, 503, 504] {
            assert!(status_may_pass(status), "{status}");
        }
    }

    #[test]
    fn nonces_fit_discords_limit_and_differ_by_announcement() {
        let first = nonce(1_790_000_000, AnnouncementId(1));
        assert_eq!(first, "1790000000-1");
        assert_ne!(first, nonce(1_790_000_000, AnnouncementId(2)));
        assert_ne!(first, nonce(1_790_000_001, AnnouncementId(1)));
        let huge = nonce(1_790_000_000, AnnouncementId(i64::MAX));
        assert!(huge.chars().count() <= MAX_NONCE_CHARS, "{huge}");
    }

    #[test]
    fn jitter_adds_at_most_a_fifth() {
        for _ in 0..100 {
            let wait = with_jitter(Duration::from_secs(10));
            assert!(wait >= Duration::from_secs(10) && wait <= Duration::from_secs(12));
        }
    }
}
