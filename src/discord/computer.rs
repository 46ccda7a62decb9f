//! Plays the computer's turns in the background and posts each like a person's move: the
//! board for the next seat and a mention of whoever is to move. Interaction answers never
//! wait for it, and each game has at most one computer move under way.
//!
//! The games owing a computer move are read from the database, so a move the computer was
//! thinking about when the bot stopped is played after the restart.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::service::{Service, ServiceError};
use crate::store::ChannelId;

use super::post::CHANNEL_ATTACHMENT_LIMIT;
use super::{game, ids};

/// How often the games are looked over for a computer to move.
const POLL: Duration = Duration::from_millis(400);
/// How long a computer waits before thinking, so that the answer to the move before it
/// (the mover's own board, sent while the computer could already start) comes first in
/// the channel.
const LET_THE_MOVE_LAND: Duration = Duration::from_millis(700);

/// Games whose computer move is under way.
type InFlight = Arc<Mutex<HashSet<ChannelId>>>;

/// Runs until `stopped` completes.
pub(crate) async fn run(
    service: Service,
    http: Arc<serenity::Http>,
    stopped: impl std::future::Future<Output = ()>,
) {
    let in_flight: InFlight = Arc::default();
    let watch = async {
        loop {
            match service.computer_turns().await {
                Ok(channels) => {
                    for channel in channels {
                        let fresh = in_flight
                            .lock()
                            .map(|mut set| set.insert(channel))
                            .unwrap_or(false);
                        if fresh {
                            tokio::spawn(turn(
                                service.clone(),
                                Arc::clone(&http),
                                channel,
                                Arc::clone(&in_flight),
                            ));
                        }
                    }
                }
                Err(error) => tracing::warn!(%error, "cannot list the computer's turns"),
            }
            tokio::time::sleep(POLL).await;
        }
    };
    tokio::select! {
        () = watch => {}
        () = stopped => {}
    }
}

/// Plays and announces one computer move.
async fn turn(
    service: Service,
    http: Arc<serenity::Http>,
    channel: ChannelId,
    in_flight: InFlight,
) {
    tokio::time::sleep(LET_THE_MOVE_LAND).await;
    match service.play_computer_turn(channel).await {
        Ok(Some(outcome)) => {
            let post = game::outcome_post(&outcome).within(CHANNEL_ATTACHMENT_LIMIT);
            match ids::discord_channel(channel) {
                Some(target) => {
                    if let Err(why) = target.send_message(&http, post.into_message()).await {
                        tracing::warn!(%target, "could not post the computer's move: {why}");
                    }
                }
                None => tracing::warn!(?channel, "a game without a channel"),
            }
        }
        Ok(None) => {}
        // A person acted first (a resignation, an abort): nothing to play.
        Err(ServiceError::Raced | ServiceError::NoGameHere | ServiceError::GameOver(_)) => {}
        Err(error) => tracing::warn!(%error, ?channel, "the computer could not move"),
    }
    if let Ok(mut set) = in_flight.lock() {
        set.remove(&channel);
    }
}
