//! Why an action at the game table was refused: typed reasons, each saying what is wrong.
//! The English here is for logs and tools; players read each reason in their own language
//! (the Discord layer words it from the message files).

use crate::computer::ComputerError;
use crate::engine::record::RecordError;
use crate::engine::{GameError, Variant};
use crate::store::{ChallengeId, ChallengeStatus, ChannelId, GameId, OfferKind, StoreError};

use super::PlayerView;

/// Why the service refused or could not complete an action.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("There is no game in progress in this channel. Start one with a challenge.")]
    NoGameHere,

    /// The user's last game in the channel is over (and none has started since).
    #[error("Your game #{game_id} ended: {result}. `/challenge` starts a new one.")]
    YourGameEnded {
        game_id: GameId,
        result: String,
        /// How it ended, for the front end to say in its reader's language.
        over: Option<Box<super::GameOver>>,
    },

    /// No game is played in the channel itself, but games are played in threads under
    /// it: the user's own (`yours`), else every one going on there.
    #[error("Games here are played in their threads: {}.", threads.iter().map(|t| format!("<#{t}>")).collect::<Vec<_>>().join(", "))]
    PlayedInThreads {
        threads: Vec<ChannelId>,
        yours: bool,
    },

    #[error("There is no game #{0}.")]
    GameNotFound(GameId),

    #[error("Game #{0} has already ended.")]
    GameOver(GameId),

    #[error("You are not playing in this game.")]
    NotAPlayer,

    /// `to_move` names the seat (and player) whose turn it is.
    #[error("It is not your turn: {to_move} is to move.")]
    NotYourTurn { to_move: PlayerView },

    /// The player was eliminated (yonin) and has no more turns.
    #[error("You are out of this game: you were eliminated.")]
    Eliminated,

    /// An eliminated player asked to resign.
    #[error("You are already out of this game (you were eliminated), so there is nothing to resign. You can still follow it here to the end.")]
    NothingToResign,

    /// Yonin's rule against resigning while `alive` (three or more) players are in.
    #[error("This game's rules do not allow resigning while three or more players are still in ({alive} are). Play on: you can resign once only two of you are left.")]
    ResignationNeedsTwo { alive: usize },

    /// Players abort only until every seat has moved.
    #[error("Every player has moved, so the game can no longer be aborted. Resign, offer a draw, or ask a moderator.")]
    TooLateToAbort,

    /// Draw offers and takebacks are for two-player games.
    #[error("{} are for two-player games.", agreements(*.0))]
    TwoPlayersOnly(OfferKind),

    /// The player's own draw offer is still waiting for an answer.
    #[error("You have already offered a draw; wait for your opponent's answer.")]
    AlreadyOffered,

    /// A takeback request stands already: the user's own (`by` is `None`) or another's.
    #[error("{} for a takeback; it must be answered first.", match by { Some(by) => format!("{by} has asked"), None => "You have already asked".to_owned() })]
    TakebackPending { by: Option<PlayerView> },

    #[error("There is no {} to answer.", offer_name(*.0))]
    NoOfferToAnswer(OfferKind),

    /// The offer was made before the game moved on.
    #[error("The {} by {by} lapsed when the game moved on, so there is nothing to answer now.", offer_name(*kind))]
    OfferLapsed { kind: OfferKind, by: PlayerView },

    #[error("The {} is yours; your opponent has to answer it.", offer_name(*.0))]
    OwnOffer(OfferKind),

    #[error("There is no move of yours to take back.")]
    NothingToTakeBack,

    /// The rules refuse the move or declaration: unreadable, ambiguous or illegal move
    /// text, or a declaration whose conditions are not met. The message says which and why.
    #[error("{0}")]
    Rules(GameError),

    /// An answer given for a game that has moved on since the question was asked.
    #[error("Game #{game_id} has moved on since you were asked ({}), so nothing was played. Look at the board and use `/move` again.", moves_since(*asked_at, *now_at))]
    MovedOn {
        game_id: GameId,
        asked_at: u32,
        now_at: u32,
    },

    /// Another action on the game landed between reading it and writing this one.
    #[error("The game changed while this was being done (someone acted first), so nothing was done; look at the game and try again.")]
    Raced,

    #[error("This channel already has a game in progress. Finish it first, or play in another channel or a thread.")]
    ChannelBusy,

    #[error("There is no challenge #{0}.")]
    ChallengeNotFound(ChallengeId),

    #[error("Challenge #{id} was {status}; it can no longer be answered.")]
    ChallengeClosed {
        id: ChallengeId,
        status: ChallengeStatus,
    },

    #[error("Challenge #{0} has expired. Make a new one if you still want to play.")]
    ChallengeExpired(ChallengeId),

    #[error("Challenge #{0} is not for you: you were not invited and it has no open seat.")]
    NotInvited(ChallengeId),

    #[error("Every seat of challenge #{0} is taken.")]
    ChallengeFull(ChallengeId),

    #[error("Challenge #{0} is yours: wait for the others to answer, or cancel it.")]
    OwnChallenge(ChallengeId),

    #[error("Only the player who made challenge #{0} can cancel it.")]
    NotChallenger(ChallengeId),

    /// More opponents named than the variant has seats for.
    #[error("{} is for {} players: name at most {} opponent{}.", variant.title(), variant.seats(), variant.seats() - 1, if variant.seats() == 2 { "" } else { "s" })]
    TooManyOpponents { variant: Variant },

    #[error("You cannot challenge yourself.")]
    ChallengeYourself,

    /// A rated game asked for with a computer in it: computers play unrated games only.
    #[error("Games with the computer are never rated: leave `rated` out, or challenge people only for a rated game.")]
    RatedWithComputer,

    #[error("Name each opponent only once.")]
    OpponentTwice,

    /// Seats given for a challenge, but not one for each seat of the variant.
    #[error("{} has {} seats ({}): give one player or an open seat for each.", variant.title(), variant.seats(), seat_list(*variant))]
    SeatsForVariant { variant: Variant },

    /// Seats given for a challenge, but none for one of its players.
    #[error("Every player of the challenge needs a seat.")]
    SeatlessPlayer,

    #[error("A player can take only one seat.")]
    OneSeatEach,

    /// A seat of a challenge given to someone neither challenging nor named.
    #[error("Only the challenger and the named opponents can be given seats.")]
    SeatForStranger,

    #[error("A vacation lasts at least one day.")]
    VacationTooShort,

    /// A replay asked at a move the game has not reached.
    #[error(
        "Game #{game} has {last_ply} moves so far: choose a move from 0 (the start) to {last_ply}."
    )]
    NoSuchMove { game: GameId, last_ply: u32 },

    /// A review asked for a game still being played.
    #[error("Game #{0} is still being played: it can be analysed once it has ended.")]
    ReviewUnfinished(GameId),

    /// A review asked for a game that ended before its first move.
    #[error("Game #{0} ended before its first move: there is nothing to analyse.")]
    ReviewNoMoves(GameId),

    /// The server has its limit of reviews waiting or running.
    #[error("This server has {pending} reviews waiting or under way; ask again once one is done.")]
    ReviewsBusy { pending: u32 },

    /// A replay asked from a seat the variant does not have.
    #[error("{} has {} seats ({}).", variant.title(), variant.seats(), seat_list(*variant))]
    NoSuchSeat { variant: Variant },

    /// A record that cannot be written for this game (KIF or CSA of a variant).
    #[error("{0}.")]
    Record(#[from] RecordError),

    /// The computer found nothing to play.
    #[error("The computer cannot play: {0}.")]
    Computer(#[from] ComputerError),

    #[error("You are already on vacation until <t:{until}:f>; end it with `/vacation end` first.")]
    OnVacation { until: i64 },

    #[error("You are not on vacation.")]
    NotOnVacation,

    #[error("You have {} of vacation left this year (the allowance here is {allowance_days} days), not {asked_days} days.", whole_days(*left_seconds))]
    VacationAllowance {
        asked_days: i64,
        left_seconds: i64,
        allowance_days: i64,
    },

    #[error(
        "A time bank adds to the time per move: give the game a time limit, or leave the bank out."
    )]
    BankWithoutClock,

    #[error("The time per move must be between {} and {}.", describe(*min), describe(*max))]
    TimePerMoveOutOfRange { min: i64, max: i64 },

    #[error("The time bank must be between 1 second and {}.", describe(*max))]
    BankOutOfRange { max: i64 },

    #[error("The vacation allowance is between 0 and {max} days a year.")]
    VacationDaysOutOfRange { max: i64 },

    #[error("There is no time zone called `{name}`: give an IANA name such as `Europe/Paris`, `America/New_York` or `Asia/Tokyo`.")]
    UnknownTimeZone { name: String },

    /// A game's replay could not be drawn.
    #[error("The replay of game #{game} could not be made: {reason}.")]
    Replay { game: GameId, reason: String },

    #[error("The game database failed ({0}). Please try again; if it keeps happening, tell a server admin.")]
    Storage(#[source] StoreError),

    /// A stored game or challenge that no longer reads back.
    #[error("Stored data cannot be read back: {0}. A moderator can abort a broken game; tell a server admin.")]
    Corrupt(String),
}

/// The seats of `variant` as the engine names them: `black, white`.
fn seat_list(variant: Variant) -> String {
    (0..variant.seats())
        .map(|seat| variant.seat_name(crate::engine::Seat(seat)))
        .collect::<Vec<_>>()
        .join(", ")
}

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Conflict { .. } => Self::Raced,
            StoreError::GameNotFound(id) => Self::GameNotFound(id),
            StoreError::GameNotActive { game_id, .. } => Self::GameOver(game_id),
            StoreError::ChannelBusy(_) => Self::ChannelBusy,
            StoreError::ChallengeNotFound(id) => Self::ChallengeNotFound(id),
            StoreError::ChallengeNotOpen { id, status } => Self::ChallengeClosed { id, status },
            StoreError::NotInvited { challenge_id, .. } => Self::NotInvited(challenge_id),
            StoreError::ChallengeFull(id) => Self::ChallengeFull(id),
            other => Self::Storage(other),
        }
    }
}

impl From<GameError> for ServiceError {
    fn from(error: GameError) -> Self {
        Self::Rules(error)
    }
}

impl ServiceError {
    /// Whether the database could not be reached or could not take a write (see
    /// [`StoreError::is_unavailable`]): the action may pass once it is back.
    pub fn is_unavailable(&self) -> bool {
        matches!(self, Self::Storage(error) if error.is_unavailable())
    }

    /// The store's error underneath, if this is one.
    pub fn storage(&self) -> Option<&StoreError> {
        match self {
            Self::Storage(error) => Some(error),
            _ => None,
        }
    }
}

/// A number of seconds in words, for the messages above.
fn describe(seconds: i64) -> String {
    describe_duration(seconds)
}

/// An offer's name in the messages above.
fn offer_name(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw offer",
        OfferKind::Takeback => "takeback request",
    }
}

/// What a kind of offer agrees on, for [`ServiceError::TwoPlayersOnly`].
fn agreements(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "Draws by agreement",
        OfferKind::Takeback => "Takebacks",
    }
}

/// What happened to a game between two plies: "1 move played since", "a takeback since".
fn moves_since(asked_at: u32, now_at: u32) -> String {
    match now_at.checked_sub(asked_at) {
        Some(1) => "1 move played since".into(),
        Some(n) => format!("{n} moves played since"),
        None => "a takeback since".into(),
    }
}

/// The service's result type.
pub type ServiceResult<T> = Result<T, ServiceError>;

/// A service error met while a store transaction decides its announcements (the store's
/// error is given back as it was; anything else, such as stored data that no longer reads
/// back, is reported as corrupt data).
pub(super) fn into_store_error(error: ServiceError) -> StoreError {
    match error {
        ServiceError::Storage(error) => error,
        other => StoreError::Corrupt(other.to_string()),
    }
}

/// A span of seconds in whole days, as a refusal words it ("1 day", "12 days").
fn whole_days(seconds: i64) -> String {
    match seconds / 86_400 {
        1 => "1 day".to_owned(),
        days => format!("{days} days"),
    }
}

/// A duration in words: "1 minute", "30 days".
fn describe_duration(seconds: i64) -> String {
    let (count, unit) = match seconds {
        s if s % 86_400 == 0 => (s / 86_400, "day"),
        s if s % 3_600 == 0 => (s / 3_600, "hour"),
        s if s % 60 == 0 => (s / 60, "minute"),
        s => (s, "second"),
    };
    format!("{count} {unit}{}", if count == 1 { "" } else { "s" })
}
