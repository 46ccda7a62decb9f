//! What the game table announces in channels, and the outbox it is delivered from.
//!
//! Every change players must hear about (the board for the next player after a move, a
//! new game's first board, a result, an elimination, an offer and its answer, a reminder,
//! a challenge and its expiry) is decided here as an [`Announcement`] and stored by the
//! store in the same transaction as the change. The front end claims what is due
//! ([`Service::claim_deliveries`]), formats and posts it, and reports back; whatever is not
//! reported delivered is claimed again later, after a restart too.
//!
//! Announcements are in domain terms (the service's views, and boards as
//! [`BoardPicture`]s drawn when posted); the front end decides how they read. They wait in
//! the database as JSON until delivered, so their shape follows the rule of the views
//! (fields are added with defaults, never renamed or removed).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::engine::Variant;
use crate::store::{
    AnnouncementId, ChallengeId, ChannelId, Claim, ClaimedAnnouncement, GameId, MessageId,
    NewAnnouncement, StoreError, StoreResult, UserId,
};

use super::{
    BoardView, ChallengeView, Event, OfferAnswered, OfferDeclined, OfferLapsed, OfferMade, Outcome,
    PlayerView, ReplayView, Service, ServiceResult,
};

/// Something to say in a channel because of a change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Announcement {
    /// What an action did to a game (a move, a resignation, a timeout, a declaration, a
    /// draw, an abort, a takeback): the board for whoever is to move, or the result.
    Outcome(Box<Outcome>),
    /// A game begins: its first board, for the first player to move.
    GameStarted(Box<BoardView>),
    /// A challenge, for its players to answer.
    Challenge(Box<ChallengeView>),
    /// A challenge nobody completed in time.
    ChallengeExpired(Box<ChallengeView>),
    /// A draw offer or takeback request, for the other player to answer.
    OfferMade(Box<OfferMade>),
    /// An offer or request turned down.
    OfferDeclined(Box<OfferDeclined>),
    /// A quarter of the player's time is left.
    Reminder(Box<Reminder>),
    /// A game ended: its replay, after the result.
    Replay(Box<ReplayView>),
    /// The one-line result of a game played in a thread, in the channel the thread hangs
    /// from.
    ThreadResult(Box<ThreadResult>),
    /// A game's thread is archived, a day after the game ended: said to Discord, not posted.
    ArchiveThread(Box<ArchiveThread>),
    /// An offer or request that lapsed when the game moved on: its message is edited
    /// (its buttons removed) rather than a new one posted.
    OfferLapsed(Box<OfferLapsed>),
    /// An offer or request answered otherwise than by its buttons (by a computer, or by a
    /// `/draw` of the other player): its message is edited to say how, its buttons removed.
    OfferAnswered(Box<OfferAnswered>),
    /// A player's vacation starts or ends: the game's clock waits, or runs again.
    Vacation(Box<super::VacationNotice>),
    /// A direct message to the player whose turn it is, who asked for one; stored in the
    /// game's channel so that it follows the board it links to.
    TurnMessage(Box<super::TurnMessage>),
    /// A player's daily digest, by direct message; stored under the player's id.
    Digest(Box<super::Digest>),
    /// A game's review begins: the progress message.
    ReviewStarted(Box<super::views::ReviewProgress>),
    /// A game's review goes on: its progress message is edited.
    ReviewProgress(Box<super::views::ReviewProgress>),
    /// A game's review is done (its graph and judged moves), or failed.
    ReviewDone(Box<super::views::ReviewDone>),
    /// A server's daily tsume, in its puzzle channel.
    DailyPuzzle(Box<super::views::DailyPuzzle>),
}

/// How a game played in a thread ended, for the channel the thread hangs from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThreadResult {
    pub game_id: GameId,
    pub variant: Variant,
    pub thread_id: ChannelId,
    /// How the game ended, in one line.
    pub summary: String,
    /// How the game ended, for the front end to say in its reader's language (absent from
    /// announcements stored before it was added).
    #[serde(default)]
    pub over: Option<super::GameOver>,
}

/// A game's thread to archive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchiveThread {
    pub game_id: GameId,
    pub thread_id: ChannelId,
}

/// A reminder that a player's time runs out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reminder {
    pub game_id: GameId,
    pub variant: Variant,
    pub player: PlayerView,
    pub deadline_at: i64,
}

impl Announcement {
    /// The announcement in a word, as the outbox lists it.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Outcome(outcome) if outcome.result.is_some() => "result",
            Self::Outcome(outcome) => match outcome.event {
                Event::Move { .. } => "move",
                Event::TakeBack { .. } => "takeback",
                // A yonin player out of time while the others play on.
                Event::Timeout { .. } => "timeout",
                _ => "turn",
            },
            Self::GameStarted(_) => "game_started",
            Self::Challenge(_) => "challenge",
            Self::ChallengeExpired(_) => "challenge_expired",
            Self::OfferMade(_) => "offer",
            Self::OfferDeclined(_) => "offer_declined",
            Self::Reminder(_) => "reminder",
            Self::Vacation(notice) if notice.started => "vacation_started",
            Self::Vacation(_) => "vacation_ended",
            Self::TurnMessage(_) => "turn_message",
            Self::Digest(_) => "digest",
            Self::DailyPuzzle(_) => "daily_puzzle",
            Self::Replay(_) => "replay",
            Self::ThreadResult(_) => "thread_result",
            Self::ArchiveThread(_) => "archive_thread",
            Self::OfferLapsed(_) => "offer_lapsed",
            Self::OfferAnswered(_) => "offer_answered",
            Self::ReviewStarted(_) => "review_started",
            Self::ReviewProgress(_) => "review_progress",
            Self::ReviewDone(_) => "review_done",
        }
    }

    /// The player an announcement is said to by direct message; `None` for what is posted
    /// in a channel.
    pub fn recipient(&self) -> Option<UserId> {
        match self {
            Self::TurnMessage(message) => Some(message.player.user_id),
            Self::Digest(digest) => Some(digest.user_id),
            _ => None,
        }
    }

    /// The announcement as the store keeps it: said in `channel`, about a game or a
    /// challenge.
    pub(super) fn stored_in(
        &self,
        channel: ChannelId,
        game: Option<GameId>,
        challenge: Option<ChallengeId>,
    ) -> StoreResult<NewAnnouncement> {
        let payload = serde_json::to_value(self)
            .map_err(|e| StoreError::Invalid(format!("announcement {}: {e}", self.kind())))?;
        Ok(NewAnnouncement {
            channel_id: channel,
            game_id: game,
            challenge_id: challenge,
            kind: self.kind().to_owned(),
            payload,
        })
    }
}

/// An announcement claimed for delivery: post it, then report with
/// [`Service::delivered`], [`Service::retry_delivery`] or [`Service::abandon_delivery`].
#[derive(Clone, Debug, PartialEq)]
pub struct Delivery {
    pub id: AnnouncementId,
    pub channel_id: ChannelId,
    pub game_id: Option<GameId>,
    /// When the change was made (UNIX seconds).
    pub created_at: i64,
    /// 1 for the first attempt.
    pub attempt: u32,
    /// What to say; an error (the stored payload no longer reads back) can only be given
    /// up.
    pub announcement: Result<Announcement, String>,
    claim: Claim,
}

impl Delivery {
    fn from_claimed(claimed: ClaimedAnnouncement) -> Self {
        let announcement = serde_json::from_value(claimed.payload)
            .map_err(|e| format!("announcement {} does not read back: {e}", claimed.kind));
        Self {
            id: claimed.id,
            channel_id: claimed.channel_id,
            game_id: claimed.game_id,
            created_at: claimed.created_at,
            attempt: claimed.claim.attempt,
            announcement,
            claim: claimed.claim,
        }
    }
}

/// Milliseconds since the UNIX epoch by the system clock: delivery is timed in real time,
/// whatever clock the games run on.
pub fn now_ms() -> i64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

impl Service {
    /// Claims for `worker` (a name unique to this process), for `lease`, the first
    /// undelivered announcement of every channel that is due, at most `limit`: see
    /// [`crate::store::Store::claim_announcements`].
    pub async fn claim_deliveries(
        &self,
        worker: &str,
        lease: Duration,
        limit: usize,
    ) -> ServiceResult<Vec<Delivery>> {
        let limit = u32::try_from(limit).unwrap_or(u32::MAX);
        let claimed = self
            .store()
            .claim_announcements(worker, now_ms(), millis(lease), limit)
            .await?;
        Ok(claimed.into_iter().map(Delivery::from_claimed).collect())
    }

    /// Records that `delivery` was posted, as Discord message `message` if known. `false`
    /// if its claim had run out and been taken over (the taker records its own outcome).
    pub async fn delivered(
        &self,
        delivery: &Delivery,
        message: Option<u64>,
    ) -> ServiceResult<bool> {
        let done = self
            .store()
            .mark_delivered(
                delivery.id,
                &delivery.claim,
                message.map(MessageId),
                now_ms(),
            )
            .await?;
        // The channel's next announcement can go now.
        self.announced();
        Ok(done)
    }

    /// The Discord message an announcement of `game` was posted as, once delivered.
    pub async fn message_of(
        &self,
        game: GameId,
        announcement: AnnouncementId,
    ) -> ServiceResult<Option<u64>> {
        let stored = self.store().announcements_of_game(game).await?;
        Ok(stored
            .into_iter()
            .find(|stored| stored.id == announcement)
            .and_then(|stored| stored.message_id)
            .map(|message| message.0))
    }

    /// Puts `delivery` back, to be tried again `after` from now; `why` is kept for
    /// operators.
    pub async fn retry_delivery(
        &self,
        delivery: &Delivery,
        after: Duration,
        why: &str,
    ) -> ServiceResult<bool> {
        let at = now_ms().saturating_add(millis(after));
        Ok(self
            .store()
            .schedule_retry(delivery.id, &delivery.claim, at, why)
            .await?)
    }

    /// Gives `delivery` up for good (Discord refuses it and always will): the channel's
    /// later announcements go ahead.
    pub async fn abandon_delivery(&self, delivery: &Delivery, why: &str) -> ServiceResult<bool> {
        let done = self
            .store()
            .abandon_announcement(delivery.id, &delivery.claim, why, now_ms())
            .await?;
        self.announced();
        Ok(done)
    }

    /// How long until an announcement not yet delivered may be claimed (zero if one may be
    /// now); `None` when every announcement is delivered.
    pub async fn next_delivery_in(&self) -> ServiceResult<Option<Duration>> {
        let due = self.store().next_announcement_due_ms().await?;
        Ok(due.map(|at| {
            let wait = at.saturating_sub(now_ms()).max(0);
            Duration::from_millis(u64::try_from(wait).unwrap_or(0))
        }))
    }

    /// Completes when an announcement may have become deliverable (a change was stored with
    /// one, or a channel's earlier one was delivered), or at once if that happened since
    /// the last call.
    pub async fn announcements_waiting(&self) {
        self.inner.announced.notified().await;
    }

    /// Wakes the delivery worker: announcements were stored.
    pub(super) fn announced(&self) {
        self.inner.announced.notify_one();
    }
}
