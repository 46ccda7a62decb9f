//! Computer players at the table: seats held by the computer (a user id of its own per
//! level and seat, far below any Discord id: see `views`), challenges that seat them, their turns played
//! through the same path as a person's move, and their answers to offers.
//!
//! Thinking runs on blocking threads, at most [`THINKERS`] at once, so that many games
//! against the computer never hold up the async runtime or one another beyond that.
//! [`Service::run_computer_players`] plays the computers' turns in the background, one
//! after the other while computers are to move; each is stored like a person's move, so
//! its board follows the move it answers in the channel (announcements of a channel are
//! delivered in order). In games of more than two seats a computer's move is announced
//! only when it hands the turn to a person (see `play`). Games with a computer seat are
//! never rated, and a computer's turn has no deadline.

use std::collections::HashSet;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::computer::{self, Level, Limits};
use crate::store::{
    ChallengeId, ChannelId, GameId, InviteResponse, NewInvitee, OfferKind, SeatMode, UserId,
    WorkKind,
};

use super::challenges::{challenge_level, first_free_seat};
use super::offers::Answered;
use super::table::{parse_variant, Table};
use super::views::{computer_level, computer_person, FIRST_ID};
use super::{AcceptOutcome, OfferView, Outcome, Service, ServiceError, ServiceResult};

/// Searches running at once across all games.
pub const THINKERS: usize = 2;

/// How often the games are looked over for a computer to move: often enough that the
/// computer's reply comes within its think time and 200 ms.
const POLL: Duration = Duration::from_millis(100);

/// What a computer answered to a standing offer.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerAnswer {
    /// The draw was accepted, or the takeback granted: what followed.
    Accepted(Box<Outcome>),
    /// Declined by the computer `by`; the offer is gone.
    Declined { offer: OfferView, by: UserId },
}

/// The semaphore that bounds concurrent searches, shared by every clone of a service.
#[derive(Clone, Debug)]
pub(super) struct Thinkers(pub(super) Arc<Semaphore>);

impl Default for Thinkers {
    fn default() -> Self {
        Thinkers(Arc::new(Semaphore::new(THINKERS)))
    }
}

/// The computer to move in a game, with its level; `None` if a person is to move or the
/// game is over.
fn computer_to_move(table: &Table) -> Option<(UserId, Level)> {
    let user = table.player(table.seat_to_move()?).user_id;
    Some((user, computer_level(user)?))
}

impl Service {
    /// Seats computers of the challenge's level in every seat of a challenge still open and
    /// starts the game (the "Fill with computers" button). Any seated player or the
    /// challenger may ask. The game is unrated, whatever the challenge said.
    pub async fn fill_with_computers(
        &self,
        challenge_id: ChallengeId,
        user: UserId,
    ) -> ServiceResult<AcceptOutcome> {
        let now = self.now();
        let challenge = self.open_challenge(challenge_id, now).await?;
        let involved =
            challenge.challenger_id == user || challenge.invitees.iter().any(|i| i.user_id == user);
        if !involved {
            return Err(ServiceError::NotInvited(challenge_id));
        }
        let variant = parse_variant(&challenge.variant)?;
        let level = challenge_level(&challenge)?;
        let wanted = usize::from(variant.seats()) - 1;
        let mut updated = challenge;
        let mut slot = updated
            .invitees
            .iter()
            .filter(|i| computer_level(i.user_id).is_some())
            .count() as u8;
        while updated.invitees.len() < wanted {
            let person = computer_person(level, slot);
            slot += 1;
            self.store()
                .upsert_user(person.id, &person.name, now)
                .await?;
            let seat = match updated.seat_mode {
                SeatMode::Fixed => Some(first_free_seat(&updated, variant)?),
                SeatMode::Random => None,
            };
            updated = self
                .store()
                .add_invitee(
                    challenge_id,
                    NewInvitee {
                        user_id: person.id,
                        seat,
                    },
                    InviteResponse::Accepted,
                    Some(wanted),
                    now,
                )
                .await?;
        }
        if updated.invitees.len() == wanted && updated.all_accepted() {
            self.start_game(updated, now).await
        } else {
            // A named player has still to accept.
            Ok(AcceptOutcome::Waiting(self.challenge_view(&updated).await?))
        }
    }

    /// The channels whose game waits for a computer's move, so that a restarted bot plays
    /// every move a computer owed.
    pub async fn computer_turns(&self) -> ServiceResult<Vec<ChannelId>> {
        let mut channels = Vec::new();
        for row in self
            .store()
            .active_games_seating(UserId(FIRST_ID), UserId(FIRST_ID + 99))
            .await?
        {
            let table = Table::from_row(row)?;
            if computer_to_move(&table).is_some() {
                channels.push(table.row.channel_id);
            }
        }
        Ok(channels)
    }

    /// Plays the computer's move in the channel's game if a computer is to move: it
    /// thinks on a blocking thread (at most [`THINKERS`] at once), then plays through
    /// [`Service::play`] like a person, or resigns a hopeless game. The move is claimed
    /// first, so that of several processes on one database only one thinks about it.
    /// `None` when no computer is to move (a person moved first, or the game ended) or
    /// another process is playing the move.
    pub async fn play_computer_turn(&self, channel: ChannelId) -> ServiceResult<Option<Outcome>> {
        let table = self.table_in_channel(channel).await?;
        if computer_to_move(&table).is_none() {
            return Ok(None);
        }
        let game_id = table.id();
        let turn = self.think_and_play(channel, game_id);
        self.once(WorkKind::ComputerMove, game_id.0, self.now(), turn)
            .await
    }

    /// The computer's move in the game `game_id` in `channel`, if a computer is still to
    /// move there (read afresh, once the move is claimed).
    async fn think_and_play(
        &self,
        channel: ChannelId,
        game_id: GameId,
    ) -> ServiceResult<Option<Outcome>> {
        let table = self.table_in_channel(channel).await?;
        if table.id() != game_id {
            return Ok(None);
        }
        let Some((user, level)) = computer_to_move(&table) else {
            return Ok(None);
        };
        let game = table.game.clone();
        let permit = self
            .inner
            .thinkers
            .0
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ServiceError::Corrupt("the computer players were shut down".into()))?;
        // Waiting for a thinker may have taken long (many games owe a move): the claim is
        // renewed for the search, unless another process has taken the move over.
        if !self.renew_claim(WorkKind::ComputerMove, game_id.0).await? {
            return Ok(None);
        }
        let choice = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            computer::choose(&game, level, Limits::default())
        })
        .await
        .map_err(|e| ServiceError::Corrupt(format!("the computer player failed: {e}")))??;
        if choice.resign {
            return self.resign(channel, user).await.map(Some);
        }
        self.play(channel, user, &choice.text).await.map(Some)
    }

    /// Lets a computer answer the offer standing against it in the channel's game: a draw
    /// when its side stands no better, a takeback in unrated games. `None` when no computer
    /// has an offer to answer.
    pub async fn computer_answers(
        &self,
        channel: ChannelId,
    ) -> ServiceResult<Option<ComputerAnswer>> {
        let table = self.table_in_channel(channel).await?;
        for offer in self.store().offers(table.id()).await? {
            let other = 1 - offer.seat.min(1);
            let user = table.player(other).user_id;
            let Some(level) = computer_level(user) else {
                continue;
            };
            // The offer's message loses its buttons, as when a person answers it.
            let elsewhere = Answered::Elsewhere;
            let yes = match offer.kind {
                OfferKind::Draw => {
                    computer::accepts_draw(&table.game, crate::engine::Seat(other), level)
                }
                OfferKind::Takeback => !table.row.rated,
            };
            let answer = match (offer.kind, yes) {
                (OfferKind::Draw, true) => ComputerAnswer::Accepted(Box::new(
                    self.accept_draw_as(channel, user, elsewhere).await?,
                )),
                (OfferKind::Takeback, true) => ComputerAnswer::Accepted(Box::new(
                    self.accept_takeback_as(channel, user, elsewhere).await?,
                )),
                (kind, false) => ComputerAnswer::Declined {
                    offer: self.decline_offer(channel, user, kind, elsewhere).await?,
                    by: user,
                },
            };
            return Ok(Some(answer));
        }
        Ok(None)
    }
}

impl Service {
    /// Plays the computers' turns until `stopped` completes: every game waiting for a
    /// computer's move (read from the database, so a move owed when the bot stopped is
    /// played after the restart) gets it, at most one under way per game. Interaction
    /// answers never wait for it. While the database cannot be reached it waits for it
    /// (see [`Service::wait_out_outage`]), then plays what is owed.
    pub async fn run_computer_players(&self, stopped: impl Future<Output = ()>) {
        let in_flight: Arc<Mutex<HashSet<ChannelId>>> = Arc::default();
        // Told to the games being played on, so that they stop between two moves.
        let stopping = Arc::new(AtomicBool::new(false));
        let watch = async {
            loop {
                match self.computer_turns().await {
                    Ok(channels) => {
                        for channel in channels {
                            let fresh = in_flight
                                .lock()
                                .map(|mut set| set.insert(channel))
                                .unwrap_or(false);
                            if fresh {
                                let service = self.clone();
                                let in_flight = Arc::clone(&in_flight);
                                let stopping = Arc::clone(&stopping);
                                tokio::spawn(async move {
                                    service.computer_turn(channel, &stopping).await;
                                    if let Ok(mut set) = in_flight.lock() {
                                        set.remove(&channel);
                                    }
                                });
                            }
                        }
                    }
                    Err(error) => {
                        if !self.wait_out_outage(&error).await {
                            tracing::warn!(%error, "cannot list the computer's turns");
                        }
                    }
                }
                tokio::time::sleep(POLL).await;
            }
        };
        tokio::select! {
            () = watch => {}
            () = stopped => {}
        }
        stopping.store(true, Ordering::Relaxed);
    }

    /// Plays the computers' moves in the channel's game until a person is to move or the
    /// game ends (a yonin game with three computers, or one whose people are all out, is
    /// played on at once rather than a move per look at the games); what each move did is
    /// stored and announced with it.
    async fn computer_turn(&self, channel: ChannelId, stopping: &AtomicBool) {
        while !stopping.load(Ordering::Relaxed) {
            match self.play_computer_turn(channel).await {
                Ok(Some(outcome))
                    if outcome
                        .next
                        .as_ref()
                        .is_some_and(|next| computer_level(next.user_id).is_some()) => {}
                Ok(_) => return,
                // A person acted first (a resignation, an abort): nothing to play.
                Err(ServiceError::Raced | ServiceError::NoGameHere | ServiceError::GameOver(_)) => {
                    return
                }
                // The move is played once the database is back: the runner waits for it.
                Err(error) if error.is_unavailable() => {
                    if let Some(error) = error.storage() {
                        self.store().note_error(error);
                    }
                    tracing::debug!(%error, ?channel, "the computer's move waits for the database");
                    return;
                }
                Err(error) => {
                    tracing::warn!(%error, ?channel, "the computer could not move");
                    return;
                }
            }
        }
    }
}
