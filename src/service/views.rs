//! What the service hands back: plain domain structs the front end formats as it likes.
//!
//! The views an announcement carries are also stored, as JSON, in the outbox until they are
//! delivered (see `announce`), so a bot upgraded while announcements wait must still read
//! them: add fields with `#[serde(default)]`, never rename or remove one. The payloads of
//! announcements (turn messages, digests, offers, vacations, replays, daily puzzles, reviews'
//! progress and results) live here for that reason, and so does who a computer player is
//! ([`computer_user`], [`computer_level`]), beside [`Person`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::computer::Level;
use crate::engine::EliminationReason;
use crate::engine::{EndReason, RuleOptions, SeatName, Variant};
use crate::store::{
    AnnouncementId, ChallengeId, ChallengeStatus, ChannelId, GameId, GameStatus, GuildId,
    InviteResponse, OfferKind, SeatMode, UserId,
};

pub use super::image::{BoardPicture, NumberedMove, PictureWords, PlayedMove};

/// Someone acting at the table, as the caller knows them. The name is remembered for
/// leaderboards, histories and records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub id: UserId,
    pub name: String,
}

impl Person {
    pub fn new(id: impl Into<UserId>, name: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
        }
    }
}

/// Computer players' user ids start here: Discord ids are far larger (they hold a
/// timestamp), so these never belong to a person.
pub(super) const FIRST_ID: u64 = 100;

/// The user id of the computer at `level` holding the `slot`th computer seat of a game
/// (a yonin game may seat three computers of one level).
pub fn computer_user(level: Level, slot: u8) -> UserId {
    UserId(FIRST_ID + u64::from(level.number()) * 10 + u64::from(slot.min(9)))
}

/// The level of a computer player's user id; `None` for a person.
pub fn computer_level(user: UserId) -> Option<Level> {
    let n = user.0.checked_sub(FIRST_ID)?;
    if n >= 100 {
        return None;
    }
    Level::new((n / 10) as u8)
}

/// How a computer player is named in messages and on the board.
pub fn computer_name(level: Level) -> String {
    format!("shogiban · level {}", level.number())
}

/// The person record of a computer seat.
pub fn computer_person(level: Level, slot: u8) -> Person {
    Person::new(computer_user(level, slot), computer_name(level))
}

/// A player at a game: their seat and who sits there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Seat index in the engine's turn order (standard: 0 black, 1 white; yonin: 0 S,
    /// 1 W, 2 N, 3 E).
    pub seat: u8,
    /// How players name the seat: black/white or S/W/N/E, stored as `black`, `S`, ...
    pub seat_name: SeatName,
    pub user_id: UserId,
    /// The player's display name, if the bot has seen it.
    pub name: Option<String>,
}

impl fmt::Display for PlayerView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(name) => write!(f, "{} ({name})", self.seat_name),
            None => write!(f, "{} (user {})", self.seat_name, self.user_id),
        }
    }
}

/// A board picture: PNG bytes drawn from one seat's side of the table.
#[derive(Clone, PartialEq, Eq)]
pub struct BoardImage {
    pub seat: u8,
    pub seat_name: SeatName,
    pub png: Vec<u8>,
    /// A close-up around the last move and any king in check, where the whole board is
    /// too fine to read at chat width (dai dai shogi's 17x17), as PNG bytes.
    pub close_up: Option<Vec<u8>>,
}

impl fmt::Debug for BoardImage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoardImage")
            .field("seat", &self.seat)
            .field("seat_name", &self.seat_name)
            .field("png_bytes", &self.png.len())
            .field("close_up_bytes", &self.close_up.as_ref().map(Vec::len))
            .finish()
    }
}

/// A move as each notation writes it, for the front end to show in its reader's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveText {
    /// Canonical coordinate notation (USI for standard shogi: `7g7f`).
    pub coordinate: String,
    /// Western notation (`P-7f`), after the mover's seat in yonin (`S: P-5f`).
    pub western: String,
    /// Japanese notation (`７六歩`; in dai dai shogi, which has none in use, the piece's
    /// kanji before the coordinate form: `獅子 9i7c`); `None` where the record has none.
    #[serde(default)]
    pub japanese: Option<String>,
}

impl MoveText {
    /// The forms a game's record keeps of one move.
    pub fn of(played: &crate::engine::PlayedMove) -> MoveText {
        MoveText {
            coordinate: played.coordinate.clone(),
            western: played.western.clone(),
            japanese: (!played.japanese.is_empty()).then(|| played.japanese.clone()),
        }
    }
}

/// What happened to a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A move was played.
    Move {
        by: PlayerView,
        /// Western notation (`P-7f`, `Bx2b+`).
        readable: String,
        /// Canonical coordinate notation (USI for standard shogi: `7g7f`).
        coordinate: String,
        /// Japanese notation (`７六歩`), for standard shogi.
        japanese: Option<String>,
    },
    Resignation {
        by: PlayerView,
    },
    /// The player to move ran out of time.
    Timeout {
        by: PlayerView,
    },
    /// An impasse (standard) or entering-king (yonin) declaration.
    Declaration {
        by: PlayerView,
    },
    /// A draw offer was accepted.
    DrawAgreed {
        offered_by: PlayerView,
        accepted_by: PlayerView,
    },
    /// The game was stopped without a result, by a player (before everyone had moved) or
    /// by a moderator.
    Aborted {
        by: UserId,
        moderator: bool,
    },
    /// Moves were taken back by agreement.
    TakeBack {
        plies: u32,
        requested_by: PlayerView,
    },
}

/// A player leaving a four-player game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Eliminated {
    pub player: PlayerView,
    pub reason: EliminationReason,
    /// The player whose move caused it (none for timeouts and resignations).
    pub by: Option<PlayerView>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameOver {
    /// `Finished` with a result, `Aborted` or `Void` without one.
    pub status: GameStatus,
    pub reason: EndReason,
    /// One line for people, e.g. "black (Alice) wins by checkmate".
    pub summary: String,
    /// Whether the result changed ratings.
    pub rated: bool,
    /// Every seat, best place first.
    pub standings: Vec<Standing>,
}

/// One seat's final place and rating change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub player: PlayerView,
    /// 1 is best; ties share a place. `None` when the game has no result.
    pub place: Option<u8>,
    pub rating: Option<RatingChange>,
}

/// A player's rating before and after a rated game, as players see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: i32,
    pub after: i32,
    /// Whether the new rating is still provisional (few games, or not yet settled).
    pub provisional: bool,
}

impl RatingChange {
    pub fn delta(&self) -> i32 {
        self.after - self.before
    }
}

/// What an action changed: the event, its consequences, who is to move now, and the board
/// for that player (or the final position). Everything in it is already stored, and so is
/// its announcement in the game's channel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub variant: Variant,
    pub event: Event,
    /// Moves played in the game now.
    pub ply: u32,
    /// Players whose king is attacked after the event.
    pub checks: Vec<PlayerView>,
    /// Players eliminated by the event (four-player games).
    pub eliminated: Vec<Eliminated>,
    /// Set when the event ended the game.
    pub result: Option<GameOver>,
    /// Who is to move now, if the game goes on.
    pub next: Option<PlayerView>,
    /// When the next player's time runs out.
    pub deadline_at: Option<i64>,
    /// What is left of the next player's time bank, in a game with a bank (the deadline
    /// includes it).
    #[serde(default)]
    pub bank_left: Option<i64>,
    /// The board from the next player's seat, or from the last mover's seat once the game
    /// is over. `None` only for a game whose stored state no longer reads back (aborted by
    /// a moderator).
    pub picture: Option<BoardPicture>,
    /// In a four-player game with a computer, where nothing is posted while no person is
    /// to move: the moves since the person now to move last moved, gathered into this one
    /// post (the event is the last of them). `None` elsewhere.
    #[serde(default)]
    pub since_turn: Option<SinceTurn>,
}

/// The moves played since a person's last turn, for the post of their next turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SinceTurn {
    /// The moves, in the order played.
    pub moves: Vec<GatheredMove>,
    /// How the person to move reads moves (their setting; `None`: the default of the
    /// channel's language).
    pub notation: Option<super::Notation>,
}

/// One move of a [`SinceTurn`], in each of its notations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GatheredMove {
    /// The move's number in the game.
    pub ply: u32,
    pub by: PlayerView,
    /// Western notation (`P-7f`, `Sx4c`).
    pub readable: String,
    /// Coordinate notation.
    pub coordinate: String,
    /// Japanese notation, where the variant has it.
    pub japanese: Option<String>,
}

impl Outcome {
    /// The move of a move event, in every notation; `None` for other events.
    pub fn event_move(&self) -> Option<MoveText> {
        match &self.event {
            Event::Move {
                readable,
                coordinate,
                japanese,
                ..
            } => Some(MoveText {
                coordinate: coordinate.clone(),
                western: readable.clone(),
                japanese: japanese.clone(),
            }),
            _ => None,
        }
    }
}

/// A legal move offered for a move command's autocomplete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveChoice {
    /// What the player sees, e.g. `P-7f (7g7f)`.
    pub label: String,
    /// What the command receives: the canonical coordinate form.
    pub value: String,
}

/// The legal moves matching what a player typed, as many as were asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveChoices {
    /// The moves to offer, captures and checks first.
    pub moves: Vec<MoveChoice>,
    /// How many legal moves match in all.
    pub matching: usize,
}

/// What move text typed by a person came to.
#[derive(Clone, Debug)]
pub enum MoveAnswer {
    /// The move was played.
    Played(Box<Outcome>),
    /// Nothing was played: the text leaves open whether the piece promotes, and both
    /// are legal.
    PromotionOpen(Box<PromotionQuestion>),
}

/// Whether to promote, asked of the player to move. The answer is played only while the
/// game still stands at `ply`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionQuestion {
    pub game_id: GameId,
    pub variant: Variant,
    /// The moves played so far when the question was asked.
    pub ply: u32,
    /// The move that promotes.
    pub promote: MoveChoice,
    /// The same move without promoting.
    pub stay: MoveChoice,
    /// Both moves in every notation, for the question in the player's own.
    pub promote_text: MoveText,
    pub stay_text: MoveText,
}

/// A standing draw offer or takeback request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferView {
    pub kind: OfferKind,
    pub by: PlayerView,
}

/// A game in progress as it stands, with the board for one seat: described (`picture`),
/// and drawn (`image`) where the caller shows it at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub variant: Variant,
    pub ply: u32,
    pub players: Vec<PlayerView>,
    pub to_move: Option<PlayerView>,
    pub checks: Vec<PlayerView>,
    /// The last move in Western notation.
    pub last_move: Option<String>,
    /// The last move in every notation (absent from views stored before it was added).
    #[serde(default)]
    pub last_played: Option<NumberedMove>,
    pub deadline_at: Option<i64>,
    /// What is left of the time bank of the player to move, in a game with a bank (the
    /// deadline includes it).
    #[serde(default)]
    pub bank_left: Option<i64>,
    pub offers: Vec<OfferView>,
    /// The pairs playing together (yonin doubles: S+N against W+E), each in seat order;
    /// empty where everyone plays for themselves.
    #[serde(default)]
    pub pairs: Vec<Vec<PlayerView>>,
    /// The position in the variant's text form (SFEN for standard shogi).
    pub position: String,
    /// The board from one seat, as it is to be drawn.
    pub picture: BoardPicture,
    /// The picture drawn, for a board shown at once (`/board`); `None` when drawing failed
    /// (logged), and in announcements, whose boards are drawn when they are posted.
    #[serde(skip)]
    pub image: Option<BoardImage>,
}

/// A player named in a challenge, or the challenger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    pub user_id: UserId,
    pub name: Option<String>,
    /// The seat they will take, when seats are fixed.
    pub seat: Option<u8>,
    pub seat_name: Option<SeatName>,
    pub response: InviteResponse,
}

/// A challenge and where it stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeView {
    pub id: ChallengeId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub variant: Variant,
    pub challenger: Participant,
    /// Named players and those who joined, in order.
    pub invitees: Vec<Participant>,
    /// Seats nobody has been named for yet: anyone may join to take them.
    pub open_seats: usize,
    /// `Random`: seats are drawn when the game starts.
    pub seat_mode: SeatMode,
    /// Time per move; `None` for no limit.
    pub seconds_per_move: Option<i64>,
    /// Each player's time bank; `None` for none.
    #[serde(default)]
    pub bank_seconds: Option<i64>,
    pub rated: bool,
    pub rules: RuleOptions,
    /// Whether the game is to be played in a thread of its own.
    #[serde(default)]
    pub in_thread: bool,
    pub status: ChallengeStatus,
    pub created_at: i64,
    pub expires_at: i64,
}

/// What answering a challenge did.
#[derive(Clone, Debug, PartialEq)]
pub enum AcceptOutcome {
    /// Recorded; others still have to accept or join.
    Waiting(ChallengeView),
    /// Everyone is in: the game has begun.
    Started {
        challenge: ChallengeView,
        game: Box<BoardView>,
    },
}

/// Something the scheduler found due and did; each is announced in its channel by the write
/// that did it.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A quarter of the player's time is left.
    Reminder {
        game_id: GameId,
        guild_id: GuildId,
        channel_id: ChannelId,
        variant: Variant,
        player: PlayerView,
        deadline_at: i64,
    },
    /// A player ran out of time: the outcome says what followed (a loss in two-player
    /// games; an elimination in yonin, which may go on).
    Timeout(Box<Outcome>),
    /// A challenge nobody completed in time.
    ChallengeExpired(ChallengeView),
}

/// One seat of a game in a list: who, and for ended games the place and rating change.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatSummary {
    pub player: PlayerView,
    pub place: Option<u8>,
    pub rating_before: Option<i32>,
    pub rating_after: Option<i32>,
}

/// A game in a list (active games, a guild's games, a player's history).
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub variant: Variant,
    pub status: GameStatus,
    pub rated: bool,
    pub ply: u32,
    pub players: Vec<SeatSummary>,
    /// Who is to move, while the game is on.
    pub to_move: Option<PlayerView>,
    pub deadline_at: Option<i64>,
    /// How it ended, in one line; `None` while active.
    pub result: Option<String>,
    /// Why it ended, for the front end to say in its reader's language; `None` while
    /// active (and for results stored without one).
    pub reason: Option<EndReason>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

impl GameSummary {
    /// How the game ended, from its stored result and places: `None` while it goes on.
    pub fn over(&self) -> Option<GameOver> {
        let reason = self.reason?;
        Some(GameOver {
            status: self.status,
            reason,
            summary: self.result.clone().unwrap_or_default(),
            rated: self.rated && self.status == GameStatus::Finished,
            standings: self
                .players
                .iter()
                .map(|seat| Standing {
                    player: seat.player.clone(),
                    place: seat.place,
                    rating: None,
                })
                .collect(),
        })
    }
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardRow {
    /// 1 is the top.
    pub rank: u32,
    pub user_id: UserId,
    pub name: Option<String>,
    /// As players see it (the 1500 scale in every variant).
    pub rating: i32,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Few games yet, or not yet settled.
    pub provisional: bool,
    /// In four-player singles, where a game's result is a place: how many rated games
    /// ended in each place (index 0 for 1st); empty in the other variants.
    pub places: Vec<u32>,
}

/// A player's rating in one variant of a guild.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantRating {
    pub variant: Variant,
    pub rating: i32,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub provisional: bool,
    /// Place on the guild's leaderboard of established ratings; `None` while provisional.
    pub rank: Option<u32>,
    /// In four-player singles, where a game's result is a place: how many rated games
    /// ended in each place (index 0 for 1st); empty in the other variants.
    pub places: Vec<u32>,
}

/// A player in a guild: ratings, games on, recent results.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub user_id: UserId,
    pub name: Option<String>,
    pub ratings: Vec<VariantRating>,
    pub active_games: Vec<GameSummary>,
    pub recent_games: Vec<GameSummary>,
}

/// A game record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordFormat {
    /// KIF (standard shogi), declaring Shift_JIS: a `.kif` file, which the front end
    /// writes in CP932.
    Kif,
    /// KIF (standard shogi) in UTF-8: a `.kifu` file.
    Kifu,
    /// CSA (standard shogi).
    Csa,
    /// Start position, final position and the numbered move list (every variant).
    Text,
}

impl RecordFormat {
    pub fn extension(self) -> &'static str {
        match self {
            Self::Kif => "kif",
            Self::Kifu => "kifu",
            Self::Csa => "csa",
            Self::Text => "txt",
        }
    }
}

/// Which game a command means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameRef {
    /// The game in a channel: the active one, else the last one played there.
    Channel(ChannelId),
    /// A game by number, asked for in a server: only that server's games are found, so
    /// numbers cannot be used to read other servers' games.
    InGuild(GuildId, GameId),
}

/// A game record ready to attach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub game_id: GameId,
    pub format: RecordFormat,
    /// E.g. `shogiban-game-12.kif`.
    pub filename: String,
    pub text: String,
}

/// A new draw offer or takeback request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferMade {
    pub game_id: GameId,
    pub variant: Variant,
    pub offer: OfferView,
    /// Every player of the game.
    pub players: Vec<PlayerView>,
}

/// A draw offer or takeback request answered without its buttons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferAnswered {
    pub game_id: GameId,
    pub variant: Variant,
    pub offer: OfferView,
    pub accepted: bool,
    /// Who answered it.
    pub by: UserId,
    /// The announcement that made the offer, whose message shows its buttons.
    pub made: Option<AnnouncementId>,
}

/// An offer turned down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferDeclined {
    pub game_id: GameId,
    pub variant: Variant,
    pub offer: OfferView,
    /// Who declined it.
    pub by: UserId,
}

/// A draw offer or takeback request that lapsed unanswered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferLapsed {
    pub game_id: GameId,
    pub variant: Variant,
    pub offer: OfferView,
    /// The announcement that made the offer, whose message shows its buttons.
    pub made: Option<AnnouncementId>,
}

/// A direct message to the player whose turn it now is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnMessage {
    pub game_id: GameId,
    pub guild_id: GuildId,
    /// Where the game is played, whose last board the message links to.
    pub channel_id: ChannelId,
    pub variant: crate::engine::Variant,
    /// Who is told: the player to move.
    pub player: PlayerView,
    pub ply: u32,
    /// The move just played, in readable notation; `None` at the start.
    pub last_move: Option<String>,
    /// The move just played in every notation (absent from messages stored before it was
    /// added).
    #[serde(default)]
    pub last_played: Option<NumberedMove>,
    pub deadline_at: Option<i64>,
    pub bank_left: Option<i64>,
    /// The board from the player's own seat.
    pub picture: BoardPicture,
}

/// A player's daily digest: the games where it is their turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Digest {
    pub user_id: UserId,
    pub games: Vec<DigestGame>,
}

/// One game of a digest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigestGame {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub variant: crate::engine::Variant,
    pub ply: u32,
    /// The other players.
    pub opponents: Vec<PlayerView>,
    pub deadline_at: Option<i64>,
    pub bank_left: Option<i64>,
}

/// The end of a game as announced with its replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayView {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub variant: Variant,
    /// The seat the replay is drawn from: the winner's, or the first seat for a draw.
    pub seat: u8,
    /// How the game ended, in one line.
    pub summary: String,
    pub players: Vec<PlayerView>,
    /// How the game ended, for the front end to say in its reader's language (absent from
    /// announcements stored before it was added).
    #[serde(default)]
    pub over: Option<GameOver>,
}

/// A vacation that starts or ends, as said in one game's channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VacationNotice {
    pub game_id: GameId,
    pub variant: Variant,
    /// The player on vacation, in their seat of this game.
    pub player: PlayerView,
    /// Whether the vacation starts (or ends).
    pub started: bool,
    /// When it ends (as planned when it starts; when it ended once over).
    pub ends_at: i64,
    /// Whose turn it is, and the turn's deadline with the vacation counted.
    pub to_move: Option<PlayerView>,
    pub deadline_at: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Players and participants as older builds stored them, seat names written out.
    const OLD_PLAYERS: &str = r#"[
        {"seat":0,"seat_name":"black","user_id":11,"name":"alice"},
        {"seat":1,"seat_name":"white","user_id":22,"name":null},
        {"seat":0,"seat_name":"S","user_id":11,"name":null},
        {"seat":1,"seat_name":"W","user_id":22,"name":null},
        {"seat":2,"seat_name":"N","user_id":33,"name":null},
        {"seat":3,"seat_name":"E","user_id":44,"name":null}
    ]"#;

    #[test]
    fn seat_names_stored_by_older_builds_are_read_and_written_back_alike() {
        let players: Vec<PlayerView> = serde_json::from_str(OLD_PLAYERS).expect("old players");
        let names: Vec<SeatName> = players.iter().map(|p| p.seat_name).collect();
        assert_eq!(names, SeatName::ALL);
        assert_eq!(players[0].to_string(), "black (alice)");
        let written: serde_json::Value = serde_json::to_value(&players).expect("written");
        let old: serde_json::Value = serde_json::from_str(OLD_PLAYERS).expect("old json");
        assert_eq!(written, old);
    }

    #[test]
    fn a_participant_keeps_its_old_seat_name_or_none() {
        let seated = r#"{"user_id":5,"name":"bob","seat":3,"seat_name":"E","response":"pending"}"#;
        let seated: Participant = serde_json::from_str(seated).expect("seated");
        assert_eq!(seated.seat_name, Some(SeatName::East));
        let open = r#"{"user_id":5,"name":null,"seat":null,"seat_name":null,"response":"pending"}"#;
        let open: Participant = serde_json::from_str(open).expect("open");
        assert_eq!(open.seat_name, None);
    }

    #[test]
    fn an_unknown_seat_name_is_refused() {
        let unknown = r#"{"seat":0,"seat_name":"sente","user_id":1,"name":null}"#;
        assert!(serde_json::from_str::<PlayerView>(unknown).is_err());
    }
}

/// A day's puzzle posted in a server's puzzle channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPuzzle {
    pub guild_id: GuildId,
    /// The server's date, `YYYY-MM-DD`.
    pub day: String,
    /// The bank's number of the problem, or the game's number when it comes from one.
    pub number: usize,
    pub length: usize,
    pub sfen: String,
    /// The server's game the problem was made from (`None`: the bank's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<GameId>,
}

/// A review's progress, announced in its channel: the first posts the progress message,
/// the later ones edit it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewProgress {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub variant: Variant,
    /// Positions searched, of `total` (the start position and the one after each move).
    pub done: u32,
    pub total: u32,
}

impl ReviewProgress {
    /// The moves analysed, of the game's moves: the position before each move counts.
    pub fn moves(&self) -> (u32, u32) {
        let moves = self.total.saturating_sub(1).max(1);
        (self.done.min(moves), moves)
    }
}

/// A review finished (its result is drawn from the stored review when it is posted), or
/// failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewDone {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub variant: Variant,
    pub requested_by: UserId,
    pub failed: bool,
}
