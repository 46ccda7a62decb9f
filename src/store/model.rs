//! The domain structs the store reads and writes.

use serde_json::Value;

use super::{ChallengeId, ChannelId, GameId, GuildId, UserId};

/// A user the bot has seen.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct User {
    pub id: UserId,
    pub display_name: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A guild the bot has seen.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct Guild {
    pub id: GuildId,
    pub name: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

/// How a challenge leaves the open state other than by being accepted (acceptance happens
/// only through [`Store::create_game`](super::Store::create_game), together with the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeClosure {
    Declined,
    Cancelled,
    Expired,
}

impl From<ChallengeClosure> for ChallengeStatus {
    fn from(closure: ChallengeClosure) -> Self {
        match closure {
            ChallengeClosure::Declined => Self::Declined,
            ChallengeClosure::Cancelled => Self::Cancelled,
            ChallengeClosure::Expired => Self::Expired,
        }
    }
}

/// How the players of a challenge get their seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatMode {
    /// Seats are drawn when the game starts.
    Random,
    /// Every participant's seat is given in the challenge.
    Fixed,
}

/// An invitee's answer to a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InviteResponse {
    Pending,
    Accepted,
    Declined,
}

/// A new challenge, before the store numbers it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewChallenge {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub challenger_id: UserId,
    pub variant: String,
    /// Rule options and clock for the game to be created; the service owns the shape.
    pub options: Value,
    /// `Some(seat)` for [`SeatMode::Fixed`], `None` for [`SeatMode::Random`].
    pub challenger_seat: Option<u8>,
    /// The invited players in the order the challenger named them, each with a seat when
    /// seats are fixed. Empty for a challenge open to anyone (players join with
    /// [`Store::add_invitee`](super::Store::add_invitee)).
    pub invitees: Vec<NewInvitee>,
    /// Invitees who accept as the challenge is made (computer players answer at once).
    pub accepted: Vec<UserId>,
    pub expires_at: i64,
}

/// A player named in a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewInvitee {
    pub user_id: UserId,
    pub seat: Option<u8>,
}

/// A stored challenge with its invitees.
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    pub id: ChallengeId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub challenger_id: UserId,
    /// The challenger's display name, if the bot has seen it.
    pub challenger_name: Option<String>,
    pub variant: String,
    pub options: Value,
    pub seat_mode: SeatMode,
    pub challenger_seat: Option<u8>,
    pub status: ChallengeStatus,
    pub created_at: i64,
    pub expires_at: i64,
    /// When it stopped being open.
    pub resolved_at: Option<i64>,
    /// In the order the challenger named them (joiners of an open challenge last).
    pub invitees: Vec<Invitee>,
}

impl Challenge {
    /// Whether every invitee has accepted.
    pub fn all_accepted(&self) -> bool {
        self.invitees
            .iter()
            .all(|i| i.response == InviteResponse::Accepted)
    }

    /// Whether any invitee has declined.
    pub fn any_declined(&self) -> bool {
        self.invitees
            .iter()
            .any(|i| i.response == InviteResponse::Declined)
    }
}

/// A player invited to a challenge and their answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Invitee {
    pub user_id: UserId,
    pub display_name: Option<String>,
    pub seat: Option<u8>,
    pub response: InviteResponse,
    pub responded_at: Option<i64>,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Being played.
    Active,
    /// Played to a result; rated games have updated the ratings.
    Finished,
    /// Stopped without a result (for example cancelled before it really began).
    Aborted,
    /// Ended without a result by the rules (yonin repetition); ratings never change.
    Void,
}

/// How a game ends; the status it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A result: places are recorded and, for a rated game, ratings change.
    Finished,
    /// No result: ratings never change.
    Aborted,
    /// No result by the rules: ratings never change.
    Void,
}

impl From<Ending> for GameStatus {
    fn from(ending: Ending) -> Self {
        match ending {
            Ending::Finished => Self::Finished,
            Ending::Aborted => Self::Aborted,
            Ending::Void => Self::Void,
        }
    }
}

/// Enumerations stored as lowercase TEXT (the schema's CHECK constraints list the words):
/// shown as stored, and encoded and decoded as text on either backend.
macro_rules! stored_as_text {
    ($($ty:ident { $($variant:ident => $word:literal),* $(,)? })*) => {$(
        impl $ty {
            /// The word the database stores.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $word,)*
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = String;

            fn from_str(word: &str) -> Result<Self, String> {
                match word {
                    $($word => Ok(Self::$variant),)*
                    _ => Err(format!("{word:?} is not a {}", stringify!($ty))),
                }
            }
        }

        impl<DB: sqlx::Database> sqlx::Type<DB> for $ty
        where
            str: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $ty
        where
            &'q str: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer<'q>,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&'q str as sqlx::Encode<'q, DB>>::encode(self.as_str(), buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $ty
        where
            &'r str: sqlx::Decode<'r, DB>,
        {
            fn decode(
                value: <DB as sqlx::Database>::ValueRef<'r>,
            ) -> Result<Self, sqlx::error::BoxDynError> {
                let word = <&'r str as sqlx::Decode<'r, DB>>::decode(value)?;
                Ok(word.parse::<$ty>()?)
            }
        }
    )*};
}
pub(super) use stored_as_text;

stored_as_text! {
    ChallengeStatus {
        Open => "open",
        Accepted => "accepted",
        Declined => "declined",
        Cancelled => "cancelled",
        Expired => "expired",
    }
    SeatMode { Random => "random", Fixed => "fixed" }
    InviteResponse { Pending => "pending", Accepted => "accepted", Declined => "declined" }
    GameStatus { Active => "active", Finished => "finished", Aborted => "aborted", Void => "void" }
    OfferKind { Draw => "draw", Takeback => "takeback" }
}

/// A new game, before the store numbers it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The challenge being accepted: it turns `accepted` in the same transaction, and the
    /// game is not created unless it was still open.
    pub challenge_id: Option<ChallengeId>,
    pub variant: String,
    pub rule_options: Value,
    pub rated: bool,
    /// The engine's serialized start state.
    pub state: String,
    /// The players by seat index: `seats[i]` sits in seat `i`.
    pub seats: Vec<UserId>,
    /// Time allowed per move; `None` for no limit.
    pub seconds_per_move: Option<i64>,
    /// The time bank each player starts with; `None` for none.
    pub bank_seconds: Option<i64>,
    /// The clock of the first turn.
    pub clock: TurnClock,
}

/// The correspondence clock of the turn being played. Both times are `None` when the game
/// has no time limit. The scheduler finds games by these times, so they survive restarts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnClock {
    /// When the turn began: deadlines are computed again from it when a pause changes.
    pub started_at: Option<i64>,
    /// When the turn runs out.
    pub deadline_at: Option<i64>,
    /// When to remind the player to move (a reminder is sent at most once per turn).
    pub remind_at: Option<i64>,
}

/// A seat at a game and who sits there.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub seat: u8,
    pub user_id: UserId,
    pub display_name: Option<String>,
    /// Final place once the game has finished (1 is best; ties share a place).
    pub place: Option<u8>,
    /// Rating before and after the game, if it was rated.
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
    /// What is left of the seat's time bank; `None` while untouched (full).
    pub bank_left: Option<i64>,
}

/// A stored game with its seats.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub id: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub challenge_id: Option<ChallengeId>,
    pub variant: String,
    pub rule_options: Value,
    pub rated: bool,
    pub status: GameStatus,
    /// The engine's serialized state.
    pub state: String,
    /// Bumped by every write to state or status; see [`GameVersion`].
    pub version: i64,
    /// Moves played so far.
    pub ply: u32,
    pub seconds_per_move: Option<i64>,
    /// The time bank each player started with, if the game has one.
    pub bank_seconds: Option<i64>,
    /// When the current turn began.
    pub turn_started_at: Option<i64>,
    pub deadline_at: Option<i64>,
    pub remind_at: Option<i64>,
    pub reminder_sent: bool,
    /// How the game ended; `None` while active.
    pub result: Option<Value>,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    /// Ordered by seat index.
    pub seats: Vec<Seat>,
}

impl Game {
    /// The game as read now: pass it to a write so the write only lands if nothing else
    /// changed the game in between.
    pub fn at_version(&self) -> GameVersion {
        GameVersion {
            id: self.id,
            version: self.version,
        }
    }

    /// The user in a seat.
    pub fn user_at(&self, seat: u8) -> Option<UserId> {
        self.seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.user_id)
    }

    /// The seats a user sits in (one, unless a user plays against themself).
    pub fn seats_of(&self, user_id: UserId) -> impl Iterator<Item = u8> + '_ {
        self.seats
            .iter()
            .filter(move |s| s.user_id == user_id)
            .map(|s| s.seat)
    }

    /// The clock of the current turn.
    pub fn clock(&self) -> TurnClock {
        TurnClock {
            started_at: self.turn_started_at,
            deadline_at: self.deadline_at,
            remind_at: self.remind_at,
        }
    }
}

/// A game at the version the caller read: the optimistic-concurrency token of every write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameVersion {
    pub id: GameId,
    pub version: i64,
}

/// A move to append to a game's log.
#[derive(Clone, Debug, PartialEq)]
pub struct NewMove {
    pub seat: u8,
    pub user_id: UserId,
    /// Canonical coordinate notation.
    pub notation: String,
    /// Human-readable form.
    pub readable: String,
    /// Position text after the move.
    pub position: String,
}

/// A played move from the log.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct MoveRecord {
    pub game_id: GameId,
    #[sqlx(try_from = "i64")]
    pub ply: u32,
    #[sqlx(try_from = "i64")]
    pub seat: u8,
    pub user_id: UserId,
    pub notation: String,
    pub readable: String,
    pub position: String,
    pub played_at: i64,
}

/// The game after a move or another change that keeps it going.
#[derive(Clone, Debug, PartialEq)]
pub struct NextTurn {
    /// The engine's serialized state after the change.
    pub state: String,
    /// The clock of the turn that now begins.
    pub clock: TurnClock,
    /// The time bank of the seat that just moved, as the move left it.
    pub bank: Option<SeatBank>,
}

/// What is left of one seat's time bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatBank {
    pub seat: u8,
    pub left: i64,
}

/// A game's turn clock computed again (a pause began or ended), guarded by the version it
/// was computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reclock {
    pub at: GameVersion,
    pub clock: TurnClock,
}

/// How a game ends.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub ending: Ending,
    /// The result as the service describes it (winner, reason, eliminations, ...).
    pub result: Value,
    /// Final places by seat (1 is best; ties share a place). May be empty for aborted or
    /// void games.
    pub places: Vec<SeatPlace>,
}

/// The final place of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatPlace {
    pub seat: u8,
    pub place: u8,
}

/// Rating numbers. Glicko-2 uses all three; Weng-Lin uses `rating` (mu) and `deviation`
/// (sigma) and has no volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingValue {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: Option<f64>,
}

/// A player's rating in one guild and variant.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    pub guild_id: GuildId,
    pub variant: String,
    pub user_id: UserId,
    pub display_name: Option<String>,
    pub value: RatingValue,
    pub games_played: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub updated_at: i64,
}

/// A seat of a finishing game with the player's current rating in its guild and variant;
/// `current` is `None` for a player's first rated game there.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRating {
    pub seat: u8,
    pub user_id: UserId,
    pub current: Option<PlayerRating>,
}

/// How a game counts in a player's win/loss/draw record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tally {
    Win,
    Loss,
    Draw,
}

/// A new rating for the player in one seat, computed from the [`SeatRating`]s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingUpdate {
    pub seat: u8,
    pub value: RatingValue,
    pub tally: Tally,
}

/// Which ratings a leaderboard lists.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeaderboardQuery {
    /// Leave out players with fewer rated games.
    pub min_games: u32,
    /// Leave out players whose deviation is above this.
    pub max_deviation: Option<f64>,
    pub limit: u32,
    pub offset: u32,
}

impl Default for LeaderboardQuery {
    fn default() -> Self {
        Self {
            min_games: 0,
            max_deviation: None,
            limit: 10,
            offset: 0,
        }
    }
}

/// What a standing offer asks of the other players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferKind {
    /// End the game as a draw.
    Draw,
    /// Take the offering player's last move back.
    Takeback,
}

/// A new draw offer or takeback request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewOffer {
    pub kind: OfferKind,
    /// Who makes it: the seat and the player sitting there.
    pub seat: u8,
    pub user_id: UserId,
}

/// A standing draw offer or takeback request. At most one of each kind per game; a new one
/// replaces the old.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Offer {
    pub game_id: GameId,
    pub kind: OfferKind,
    #[sqlx(try_from = "i64")]
    pub seat: u8,
    pub user_id: UserId,
    /// Moves played in the game when it was made.
    #[sqlx(try_from = "i64")]
    pub ply: u32,
    pub created_at: i64,
}
