//! Challenges: made by one player for a variant, with named opponents and/or open seats;
//! answered by the invitees, joined by anyone while seats are open, cancelled by the
//! challenger, expired by the scheduler. The last acceptance starts the game.

use std::collections::HashSet;

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::computer::Level;
use crate::engine::{self, RuleOptions, Seat, Variant};
use crate::store::{
    Challenge, ChallengeClosure, ChallengeId, ChallengeStatus, ChannelId, GuildId, InviteResponse,
    NewAnnouncement, NewChallenge, NewGame, NewInvitee, SeatMode, StoreError, UserId,
};

use super::error::into_store_error;
use super::table::{parse_variant, Table};
use super::time_control::{TimeControl, MAX_BANK_SECONDS};
use super::views::computer_level;
use super::{
    AcceptOutcome, Announcement, BoardView, ChallengeRequest, ChallengeView, Participant, Person,
    Seating, Service, ServiceError, ServiceResult, TimeLimit,
};

/// The game a challenge will create, as `challenges.options` keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct ChallengeOptions {
    /// Time per move; `None` for no limit.
    seconds_per_move: Option<i64>,
    rules: RuleOptions,
    rated: bool,
    /// The game is to be played in a thread of its own.
    #[serde(default)]
    thread: bool,
    /// Each player's time bank; `None` for none.
    #[serde(default)]
    bank_seconds: Option<i64>,
    /// The level of the computers the challenge seats (named, or filling open seats);
    /// `None` in challenges stored before it was kept: the default level.
    #[serde(default)]
    level: Option<u8>,
}

impl ChallengeOptions {
    /// The level of the computers that fill the challenge's open seats.
    fn computer_level(&self) -> Level {
        self.level.and_then(Level::new).unwrap_or(Level::DEFAULT)
    }
}

impl Service {
    /// Makes a challenge in a channel, announced there for its players to answer. Refused
    /// if the channel already has a game going, or if the players, seats or time limit do
    /// not fit the variant. Computer players named in it accept at once; when that fills
    /// it, the game starts at once (the challenge comes back accepted, and the game's first
    /// board is announced instead of the challenge).
    pub async fn challenge(
        &self,
        guild: GuildId,
        channel: ChannelId,
        challenger: &Person,
        request: &ChallengeRequest,
    ) -> ServiceResult<ChallengeView> {
        let now = self.now();
        let variant = request.variant;
        let seats = usize::from(variant.seats());
        let opponents: Vec<UserId> = request.opponents.iter().map(|p| p.id).collect();
        if opponents.len() >= seats {
            return Err(ServiceError::TooManyOpponents { variant });
        }
        if opponents.contains(&challenger.id) {
            return Err(ServiceError::ChallengeYourself);
        }
        let mut named = HashSet::new();
        if !opponents.iter().all(|&id| named.insert(id)) {
            return Err(ServiceError::OpponentTwice);
        }
        let (challenger_seat, opponent_seats) =
            seats_asked(variant, challenger.id, &opponents, &request.seating)?;
        let server = self.server_settings(guild).await?;
        let seconds_per_move = self.seconds_per_move(request.time_limit, server.time_per_move)?;
        let with_computer = opponents.iter().any(|&id| computer_level(id).is_some());
        // A computer's result says nothing of a person's strength: games with a computer
        // change no rating, and asking for one that does is refused.
        if with_computer && request.rated == Some(true) {
            return Err(ServiceError::RatedWithComputer);
        }
        let options = ChallengeOptions {
            bank_seconds: bank_asked(request.bank, seconds_per_move)?,
            seconds_per_move,
            rules: request
                .rules
                .clone()
                .unwrap_or_else(|| RuleOptions::defaults(variant)),
            rated: request.rated.unwrap_or(server.rated) && !with_computer,
            thread: request.thread,
            level: Some(request.level.unwrap_or(Level::DEFAULT).number()),
        };
        if self
            .store()
            .active_game_in_channel(channel)
            .await?
            .is_some()
        {
            return Err(ServiceError::ChannelBusy);
        }

        for person in std::iter::once(challenger).chain(&request.opponents) {
            self.store()
                .upsert_user(person.id, &person.name, now)
                .await?;
        }
        let computers: Vec<UserId> = opponents
            .iter()
            .copied()
            .filter(|&id| computer_level(id).is_some())
            .collect();
        let complete = computers.len() == opponents.len() && opponents.len() + 1 == seats;
        let new = NewChallenge {
            guild_id: guild,
            channel_id: channel,
            challenger_id: challenger.id,
            variant: variant.name().into(),
            options: serde_json::to_value(&options)
                .map_err(|e| ServiceError::Corrupt(format!("challenge options: {e}")))?,
            challenger_seat,
            invitees: opponents
                .iter()
                .zip(opponent_seats)
                .map(|(&user_id, seat)| NewInvitee { user_id, seat })
                .collect(),
            accepted: computers,
            expires_at: now + self.settings().challenge_lifetime,
        };
        // A challenge the computers complete is not announced: its game starts at once, and
        // the game's first board is.
        let announce = |created: &Challenge| {
            if complete {
                return Ok(Vec::new());
            }
            let view = view_of(created).map_err(into_store_error)?;
            let announcement = Announcement::Challenge(Box::new(view));
            Ok(vec![announcement.stored_in(
                channel,
                None,
                Some(created.id),
            )?])
        };
        let created = self.store().create_challenge(&new, announce, now).await?;
        self.schedule_changed();
        if !complete {
            self.announced();
            return view_of(&created);
        }
        match self.start_game(created, now).await? {
            AcceptOutcome::Started { challenge, .. } | AcceptOutcome::Waiting(challenge) => {
                Ok(challenge)
            }
        }
    }

    /// Accepts a challenge: an invitee's answer, or anyone taking an open seat. When the
    /// last seat is filled and everyone has accepted, the game starts in the challenge's
    /// channel.
    pub async fn accept_challenge(
        &self,
        challenge_id: ChallengeId,
        user: &Person,
    ) -> ServiceResult<AcceptOutcome> {
        self.accept_challenge_in(challenge_id, user, None).await
    }

    /// [`Service::accept_challenge`], with the thread the front end opened for the game of
    /// a challenge that asks for one: if this acceptance starts the game, it is played
    /// there (without one, it is played in the challenge's channel).
    pub async fn accept_challenge_in(
        &self,
        challenge_id: ChallengeId,
        user: &Person,
        thread: Option<ChannelId>,
    ) -> ServiceResult<AcceptOutcome> {
        let now = self.now();
        let challenge = self.open_challenge(challenge_id, now).await?;
        if user.id == challenge.challenger_id {
            return Err(ServiceError::OwnChallenge(challenge_id));
        }
        let variant = parse_variant(&challenge.variant)?;
        let wanted = usize::from(variant.seats()) - 1;
        self.store().upsert_user(user.id, &user.name, now).await?;
        let invited = challenge.invitees.iter().find(|i| i.user_id == user.id);
        let updated = match invited {
            Some(invitee) if invitee.response == InviteResponse::Accepted => challenge,
            Some(_) => {
                self.store()
                    .respond_to_challenge(challenge_id, user.id, InviteResponse::Accepted, now)
                    .await?
            }
            None if challenge.invitees.len() < wanted => {
                let seat = match challenge.seat_mode {
                    SeatMode::Fixed => Some(first_free_seat(&challenge, variant)?),
                    SeatMode::Random => None,
                };
                let joiner = NewInvitee {
                    user_id: user.id,
                    seat,
                };
                self.store()
                    .add_invitee(
                        challenge_id,
                        joiner,
                        InviteResponse::Accepted,
                        Some(wanted),
                        now,
                    )
                    .await?
            }
            None => return Err(ServiceError::NotInvited(challenge_id)),
        };
        if updated.invitees.len() == wanted && updated.all_accepted() {
            self.start_game_in(updated, thread, now).await
        } else {
            Ok(AcceptOutcome::Waiting(self.challenge_view(&updated).await?))
        }
    }

    /// Declines a challenge the user was invited to; it closes, as the game cannot be
    /// played as asked.
    pub async fn decline_challenge(
        &self,
        challenge_id: ChallengeId,
        user: UserId,
    ) -> ServiceResult<ChallengeView> {
        let now = self.now();
        let challenge = self.open_challenge(challenge_id, now).await?;
        if user == challenge.challenger_id {
            return Err(ServiceError::OwnChallenge(challenge_id));
        }
        self.store()
            .respond_to_challenge(challenge_id, user, InviteResponse::Declined, now)
            .await?;
        let closed = self
            .store()
            .close_challenge(challenge_id, ChallengeClosure::Declined, (), now)
            .await?;
        view_of(&closed)
    }

    /// Withdraws a challenge; only its challenger may.
    pub async fn cancel_challenge(
        &self,
        challenge_id: ChallengeId,
        user: UserId,
    ) -> ServiceResult<ChallengeView> {
        let now = self.now();
        let challenge = self.open_challenge(challenge_id, now).await?;
        if user != challenge.challenger_id {
            return Err(ServiceError::NotChallenger(challenge_id));
        }
        let closed = self
            .store()
            .close_challenge(challenge_id, ChallengeClosure::Cancelled, (), now)
            .await?;
        view_of(&closed)
    }

    /// Whether a server's games go in threads of their own unless a challenge says
    /// otherwise: its setting [`GAME_THREADS_SETTING`].
    pub async fn threads_by_default(&self, guild: GuildId) -> ServiceResult<bool> {
        Ok(self.server_settings(guild).await?.game_threads)
    }

    /// A challenge by id, whatever its status.
    pub async fn challenge_by_id(&self, challenge_id: ChallengeId) -> ServiceResult<ChallengeView> {
        let challenge = self
            .store()
            .challenge(challenge_id)
            .await?
            .ok_or(ServiceError::ChallengeNotFound(challenge_id))?;
        self.challenge_view(&challenge).await
    }

    /// The open challenges of a channel, oldest first.
    pub async fn open_challenges(&self, channel: ChannelId) -> ServiceResult<Vec<ChallengeView>> {
        let challenges = self.store().open_challenges_in_channel(channel).await?;
        self.challenge_views(&challenges).await
    }

    /// The open challenges a user made or is invited to, oldest first.
    pub async fn challenges_of(&self, user: UserId) -> ServiceResult<Vec<ChallengeView>> {
        let challenges = self.store().open_challenges_of_user(user).await?;
        self.challenge_views(&challenges).await
    }

    /// A challenge that can still be answered; one whose time is up is closed on the spot.
    pub(super) async fn open_challenge(
        &self,
        id: ChallengeId,
        now: i64,
    ) -> ServiceResult<Challenge> {
        let challenge = self
            .store()
            .challenge(id)
            .await?
            .ok_or(ServiceError::ChallengeNotFound(id))?;
        if challenge.status != ChallengeStatus::Open {
            return Err(ServiceError::ChallengeClosed {
                id,
                status: challenge.status,
            });
        }
        if challenge.expires_at <= now {
            // The scheduler may be closing it at the same moment: either way it is closed,
            // and announced once.
            let announce = |closed: &Challenge| expiry_announcements(std::slice::from_ref(closed));
            match self
                .store()
                .close_challenge(id, ChallengeClosure::Expired, announce, now)
                .await
            {
                Ok(_) => self.announced(),
                Err(error) => {
                    tracing::debug!(%error, challenge = %id, "expired challenge already closed");
                }
            }
            return Err(ServiceError::ChallengeExpired(id));
        }
        Ok(challenge)
    }

    /// Starts the game of a full, accepted challenge.
    pub(super) async fn start_game(
        &self,
        challenge: Challenge,
        now: i64,
    ) -> ServiceResult<AcceptOutcome> {
        self.start_game_in(challenge, None, now).await
    }

    /// Starts the game of a full, accepted challenge, in `thread` if the challenge asks for
    /// a thread and the front end opened one.
    async fn start_game_in(
        &self,
        challenge: Challenge,
        thread: Option<ChannelId>,
        now: i64,
    ) -> ServiceResult<AcceptOutcome> {
        let variant = parse_variant(&challenge.variant)?;
        let options = challenge_options(&challenge)?;
        let seats = seating(&challenge, variant)?;
        let game = engine::Game::new(variant, options.rules.clone());
        let control = options.seconds_per_move.map(|per_move| TimeControl {
            per_move,
            bank: options.bank_seconds,
        });
        let clock = self
            .first_turn_clock(challenge.guild_id, &seats, control, now)
            .await?;
        let thread = thread.filter(|_| options.thread);
        let first_told = match seats.first() {
            Some(&first) => self.wants_turn_message(first).await?,
            None => false,
        };
        let new = NewGame {
            guild_id: challenge.guild_id,
            channel_id: thread.unwrap_or(challenge.channel_id),
            challenge_id: Some(challenge.id),
            variant: variant.name().into(),
            rule_options: serde_json::to_value(&options.rules)
                .map_err(|e| ServiceError::Corrupt(format!("rule options: {e}")))?,
            // Computers that filled open seats make the game unrated, whatever the
            // challenge said.
            rated: options.rated && !seats.iter().any(|&user| computer_level(user).is_some()),
            state: game.to_state(),
            seats,
            seconds_per_move: options.seconds_per_move,
            bank_seconds: options.bank_seconds,
            clock,
        };
        let announce = |created: &crate::store::Game| {
            let view = start_view(created, challenge.challenger_id).map_err(into_store_error)?;
            let message = first_told
                .then(|| super::notifications::turn_message_at_start(&view))
                .flatten();
            let announcement = Announcement::GameStarted(Box::new(view));
            std::iter::once(announcement)
                .chain(message)
                .map(|said| said.stored_in(created.channel_id, Some(created.id), None))
                .collect()
        };
        let created = match thread {
            Some(_) => {
                self.store()
                    .create_game_in_thread(&new, challenge.channel_id, announce, now)
                    .await
            }
            None => self.store().create_game(&new, announce, now).await,
        };
        let row = match created {
            Ok(row) => row,
            // Two last acceptances raced: the other one started the game.
            Err(crate::store::StoreError::ChallengeNotOpen {
                status: ChallengeStatus::Accepted,
                ..
            }) => self
                .store()
                .active_game_in_channel(new.channel_id)
                .await?
                .filter(|g| g.challenge_id == Some(challenge.id))
                .ok_or(ServiceError::ChallengeClosed {
                    id: challenge.id,
                    status: ChallengeStatus::Accepted,
                })?,
            Err(error) => return Err(error.into()),
        };
        self.schedule_changed();
        self.announced();
        let game = start_view(&row, challenge.challenger_id)?;
        let challenge = self.challenge_by_id(challenge.id).await?;
        Ok(AcceptOutcome::Started {
            challenge,
            game: Box::new(game),
        })
    }

    /// The time per move a challenge asks for, checked against the table's limits; when it
    /// asks for none, the server's default, else the table's.
    fn seconds_per_move(
        &self,
        limit: TimeLimit,
        server_default: TimeLimit,
    ) -> ServiceResult<Option<i64>> {
        let limit = match limit {
            TimeLimit::Default => server_default,
            asked => asked,
        };
        match limit {
            TimeLimit::Default => Ok(Some(self.settings().default_seconds_per_move)),
            TimeLimit::Unlimited => Ok(None),
            TimeLimit::PerMove(seconds) => {
                self.check_time_per_move(seconds)?;
                Ok(Some(seconds))
            }
        }
    }

    /// Refuses a time per move outside the table's limits.
    pub(super) fn check_time_per_move(&self, seconds: i64) -> ServiceResult<()> {
        let settings = self.settings();
        if (settings.min_seconds_per_move..=settings.max_seconds_per_move).contains(&seconds) {
            Ok(())
        } else {
            Err(ServiceError::TimePerMoveOutOfRange {
                min: settings.min_seconds_per_move,
                max: settings.max_seconds_per_move,
            })
        }
    }
}

/// The time bank a challenge asks for, checked: a reserve needs a time per move to add to,
/// and is at most [`MAX_BANK_SECONDS`].
fn bank_asked(bank: Option<i64>, seconds_per_move: Option<i64>) -> ServiceResult<Option<i64>> {
    match (bank, seconds_per_move) {
        (None, _) => Ok(None),
        (Some(_), None) => Err(ServiceError::BankWithoutClock),
        (Some(seconds), Some(_)) if (1..=MAX_BANK_SECONDS).contains(&seconds) => Ok(Some(seconds)),
        (Some(_), Some(_)) => Err(ServiceError::BankOutOfRange {
            max: MAX_BANK_SECONDS,
        }),
    }
}

/// The challenger's seat and the opponents' seats asked for, checked against the variant.
fn seats_asked(
    variant: Variant,
    challenger: UserId,
    opponents: &[UserId],
    seating: &Seating,
) -> ServiceResult<(Option<u8>, Vec<Option<u8>>)> {
    let by_seat = match seating {
        Seating::Random => return Ok((None, vec![None; opponents.len()])),
        Seating::Fixed(by_seat) => by_seat,
    };
    if by_seat.len() != usize::from(variant.seats()) {
        return Err(ServiceError::SeatsForVariant { variant });
    }
    let seat_of = |user: UserId| -> ServiceResult<u8> {
        let mut found = (0u8..).zip(by_seat).filter(|(_, u)| **u == Some(user));
        match (found.next(), found.next()) {
            (Some((seat, _)), None) => Ok(seat),
            (None, _) => Err(ServiceError::SeatlessPlayer),
            (Some(_), Some(_)) => Err(ServiceError::OneSeatEach),
        }
    };
    let challenger_seat = seat_of(challenger)?;
    let opponent_seats = opponents
        .iter()
        .map(|&user| seat_of(user).map(Some))
        .collect::<ServiceResult<Vec<_>>>()?;
    let seated = by_seat.iter().flatten().count();
    if seated != opponents.len() + 1 {
        return Err(ServiceError::SeatForStranger);
    }
    Ok((Some(challenger_seat), opponent_seats))
}

/// The lowest seat nobody holds in a challenge with fixed seats.
pub(super) fn first_free_seat(challenge: &Challenge, variant: Variant) -> ServiceResult<u8> {
    (0..variant.seats())
        .find(|&seat| {
            challenge.challenger_seat != Some(seat)
                && challenge.invitees.iter().all(|i| i.seat != Some(seat))
        })
        .ok_or(ServiceError::ChallengeFull(challenge.id))
}

/// The players by seat: as given, or drawn at random.
fn seating(challenge: &Challenge, variant: Variant) -> ServiceResult<Vec<UserId>> {
    let mut players: Vec<(Option<u8>, UserId)> =
        std::iter::once((challenge.challenger_seat, challenge.challenger_id))
            .chain(challenge.invitees.iter().map(|i| (i.seat, i.user_id)))
            .collect();
    if players.len() != usize::from(variant.seats()) {
        return Err(ServiceError::Corrupt(format!(
            "challenge #{} has {} players for {} seats",
            challenge.id,
            players.len(),
            variant.seats()
        )));
    }
    match challenge.seat_mode {
        SeatMode::Random => players.shuffle(&mut rand::thread_rng()),
        SeatMode::Fixed => players.sort_by_key(|(seat, _)| *seat),
    }
    Ok(players.into_iter().map(|(_, user)| user).collect())
}

/// The level of the computers that fill a challenge's open seats: the one it was made
/// with.
pub(super) fn challenge_level(challenge: &Challenge) -> ServiceResult<Level> {
    Ok(challenge_options(challenge)?.computer_level())
}

fn challenge_options(challenge: &Challenge) -> ServiceResult<ChallengeOptions> {
    serde_json::from_value(challenge.options.clone())
        .map_err(|e| ServiceError::Corrupt(format!("challenge #{} options: {e}", challenge.id)))
}

impl Service {
    /// A stored challenge as the front end sees it.
    pub(super) async fn challenge_view(
        &self,
        challenge: &Challenge,
    ) -> ServiceResult<ChallengeView> {
        view_of(challenge)
    }

    async fn challenge_views(&self, challenges: &[Challenge]) -> ServiceResult<Vec<ChallengeView>> {
        challenges.iter().map(view_of).collect()
    }
}

/// The first board of a game just created, seen from the seat every board of the game in
/// its channel is seen from: the challenger's.
fn start_view(row: &crate::store::Game, challenger: UserId) -> ServiceResult<BoardView> {
    let table = Table::from_row(row.clone())?;
    let seat = super::table::channel_seat(row, Some(challenger));
    Ok(table.board(seat, None))
}

/// The announcements of challenges that expired.
pub(super) fn expiry_announcements(
    expired: &[Challenge],
) -> Result<Vec<NewAnnouncement>, StoreError> {
    expired
        .iter()
        .map(|challenge| {
            let view = view_of(challenge).map_err(into_store_error)?;
            let announcement = Announcement::ChallengeExpired(Box::new(view));
            announcement.stored_in(challenge.channel_id, None, Some(challenge.id))
        })
        .collect()
}

fn view_of(challenge: &Challenge) -> ServiceResult<ChallengeView> {
    let variant = parse_variant(&challenge.variant)?;
    let options = challenge_options(challenge)?;
    let seat_name = |seat: Option<u8>| seat.map(|s| variant.named_seat(Seat(s)));
    let invitees: Vec<Participant> = challenge
        .invitees
        .iter()
        .map(|i| Participant {
            user_id: i.user_id,
            name: i.display_name.clone(),
            seat: i.seat,
            seat_name: seat_name(i.seat),
            response: i.response,
        })
        .collect();
    Ok(ChallengeView {
        id: challenge.id,
        guild_id: challenge.guild_id,
        channel_id: challenge.channel_id,
        variant,
        challenger: Participant {
            user_id: challenge.challenger_id,
            name: challenge.challenger_name.clone(),
            seat: challenge.challenger_seat,
            seat_name: seat_name(challenge.challenger_seat),
            response: InviteResponse::Accepted,
        },
        open_seats: usize::from(variant.seats())
            .saturating_sub(1)
            .saturating_sub(invitees.len()),
        invitees,
        seat_mode: challenge.seat_mode,
        seconds_per_move: options.seconds_per_move,
        bank_seconds: options.bank_seconds,
        // As the game will be: computers in it (named, or filling open seats) leave it
        // unrated.
        rated: options.rated
            && !challenge
                .invitees
                .iter()
                .any(|i| computer_level(i.user_id).is_some()),
        in_thread: options.thread,
        rules: options.rules,
        status: challenge.status,
        created_at: challenge.created_at,
        expires_at: challenge.expires_at,
    })
}
