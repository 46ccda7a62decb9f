//! Posts what the service's clock finds due in the game's channel: reminders, timeouts and
//! expired challenges.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;

use crate::service::{Notice, Service};

use super::post::{Post, CHANNEL_ATTACHMENT_LIMIT};
use super::{format, game, ids};

/// Runs the service's scheduler until `stopped` completes, posting every notice.
pub(crate) async fn run(
    service: Service,
    http: Arc<serenity::Http>,
    stopped: impl std::future::Future<Output = ()>,
) {
    tracing::info!("scheduler started");
    service
        .run_scheduler(
            |notice| {
                let http = Arc::clone(&http);
                async move { deliver(&http, notice).await }
            },
            stopped,
        )
        .await;
    tracing::info!("scheduler stopped");
}

/// Completes once `true` is sent, or the sender is gone.
pub(crate) async fn stopped(mut stop: watch::Receiver<bool>) {
    while !*stop.borrow_and_update() {
        if stop.changed().await.is_err() {
            return;
        }
    }
}

/// The message of a notice and the channel it goes to.
fn notice_post(notice: &Notice) -> (crate::store::ChannelId, Post) {
    match notice {
        Notice::Reminder {
            game_id,
            channel_id,
            variant,
            player,
            deadline_at,
            ..
        } => (
            *channel_id,
            Post::new(format::reminder(*variant, game_id, player, *deadline_at))
                .ping([player.user_id]),
        ),
        Notice::Timeout(outcome) => (outcome.channel_id, game::outcome_post(outcome)),
        Notice::ChallengeExpired(challenge) => (
            challenge.channel_id,
            Post::new(format::challenge_expired(challenge)).ping([challenge.challenger.user_id]),
        ),
    }
}

async fn deliver(http: &serenity::Http, notice: Notice) {
    let (channel, post) = notice_post(&notice);
    let Some(channel) = ids::discord_channel(channel) else {
        tracing::warn!(?notice, "a notice without a channel");
        return;
    };
    let message = post.within(CHANNEL_ATTACHMENT_LIMIT).into_message();
    if let Err(why) = channel.send_message(http, message).await {
        // The game stands as stored; only the announcement is lost.
        tracing::warn!(%channel, "could not post a notice: {why}");
    }
}
