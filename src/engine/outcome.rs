//! What playing a game produces: moves as the record keeps them, players leaving a
//! four-player game, results with places, and the reasons an action is refused.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::error::{IllegalMove, MoveParseError};
use super::geometry::{Seat, SeatSet};
use super::Variant;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    Checkmate,
    /// The side to move had no legal move while not in check (a loss in shogi).
    NoLegalMove,
    Resignation,
    Timeout,
    /// Fourfold repetition: a draw (standard), void (yonin).
    Repetition,
    /// Fourfold repetition with one side checking throughout: that side loses.
    PerpetualCheck,
    /// A valid impasse / entering-king declaration.
    Declaration,
    MoveLimit,
    DrawAgreed,
    Aborted,
    /// Yonin singles: one player left.
    LastSurvivor,
    /// Yonin doubles: a player was eliminated, so their pair lost.
    PairEliminated,
}

impl EndReason {
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::Repetition => "fourfold repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::Declaration => "declaration",
            EndReason::MoveLimit => "move limit",
            EndReason::DrawAgreed => "draw by agreement",
            EndReason::Aborted => "aborted",
            EndReason::LastSurvivor => "last player standing",
            EndReason::PairEliminated => "a pair lost a player",
        }
    }
}

/// How a game ended: the reason, and each seat's place (1 = first; equal places share).
/// A void game (aborted, or voided by yonin repetition) has no places and changes no rating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub reason: EndReason,
    /// Place per seat, indexed by seat; `None` for a void game.
    pub places: Option<Vec<u8>>,
}

impl GameResult {
    pub fn void(reason: EndReason) -> GameResult {
        GameResult {
            reason,
            places: None,
        }
    }

    /// A two-seat win for `winner`.
    pub fn win(winner: Seat, reason: EndReason) -> GameResult {
        let places = (0..2).map(|s| if s == winner.0 { 1 } else { 2 }).collect();
        GameResult {
            reason,
            places: Some(places),
        }
    }

    pub fn draw(seats: u8, reason: EndReason) -> GameResult {
        GameResult {
            reason,
            places: Some(vec![1; seats as usize]),
        }
    }

    pub fn is_void(&self) -> bool {
        self.places.is_none()
    }

    /// Seats in first place (several for a draw or a winning pair).
    pub fn winners(&self) -> Vec<Seat> {
        match &self.places {
            Some(p) => (0..p.len())
                .filter(|&i| p[i] == 1)
                .map(|i| Seat(i as u8))
                .collect(),
            None => Vec::new(),
        }
    }

    pub fn is_draw(&self) -> bool {
        matches!(&self.places, Some(p) if p.iter().all(|&x| x == 1))
    }
}

/// Why a player left the game.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EliminationReason {
    /// No legal move while in check.
    Mate,
    /// No legal move while not in check.
    NoMove,
    /// Ran out of time (no credit to anyone).
    Timeout,
    /// Resigned (where the rules allow it).
    Resignation,
}

/// One player leaving a four-player game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Elimination {
    pub seat: Seat,
    /// The player whose move caused it, if any (none for timeouts and resignations).
    pub by: Option<Seat>,
    pub reason: EliminationReason,
    /// Moves played when it happened.
    pub ply: u32,
}

/// A move in the record, with its notations and what it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMove {
    pub seat: Seat,
    /// Canonical coordinate form (USI for standard shogi).
    pub coordinate: String,
    /// Readable Western form.
    pub western: String,
    /// Japanese form: standard and yonin shogi (`７六歩`); dai dai shogi, which has no
    /// Japanese notation in use, writes the piece's kanji before the coordinate form
    /// (`獅子 9i7c`). Empty in records stored before a variant kept it.
    #[serde(default)]
    pub japanese: String,
    /// KIF record form with origin, e.g. `７六歩(77)` (standard shogi).
    #[serde(default)]
    pub kif: String,
    /// CSA form, e.g. `+7776FU` (standard shogi).
    #[serde(default)]
    pub csa: String,
    /// Seats in check after the move.
    pub checks: SeatSet,
    /// Hash of the position after the move.
    pub hash: u64,
    /// Dai dai repetition rule: the moved piece attacks an enemy piece.
    #[serde(default)]
    pub attacked: bool,
    /// Dai dai repetition rule: the move was a pass.
    #[serde(default)]
    pub passed: bool,
}

/// What one action changed, for announcing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The move as recorded (absent for resignations, timeouts and declarations).
    pub played: Option<PlayedMove>,
    pub eliminated: Vec<Elimination>,
    pub result: Option<GameResult>,
    /// Who is to move now, if the game goes on.
    pub next: Option<Seat>,
}

/// Why an action on a game was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error(transparent)]
    Parse(#[from] MoveParseError),
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    #[error("the declaration fails: {0}")]
    Declaration(DeclarationFailure),
    #[error("{0}")]
    NotAllowed(#[from] Refusal),
}

/// Why a declaration (impasse or entering king) by the seat to move fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum DeclarationFailure {
    #[error("the game is over")]
    GameOver,
    #[error("you have no king on the board")]
    NoKing,
    #[error("your king is not in your promotion zone")]
    KingOutsideZone,
    #[error("you are in check")]
    InCheck,
    #[error("you need at least {needed} pieces besides the king in the zone, and have {have}")]
    TooFewPiecesInZone { needed: usize, have: usize },
    #[error("you need {needed} points and have {have}")]
    TooFewPoints { needed: u32, have: u32 },
    #[error("you have no legal move")]
    NoLegalMove,
}

/// Why the rules of this game do not allow an action other than a move (an offer, a
/// declaration, a resignation or takeback): named reasons, so that every reader gets them
/// in their own words; the English here is for logs and the command-line tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Refusal {
    #[error("impasse declarations are off in this game")]
    ImpasseDeclarationsOff,
    #[error("entering-king declarations are off in this game")]
    EnteringKingDeclarationsOff,
    #[error("the entering-king declaration is available once {after} moves have been played")]
    DeclarationTooEarly { after: u32 },
    #[error("this variant has no declaration")]
    NoDeclaration,
    #[error("this is not a four-player game")]
    NotFourPlayers,
    #[error("{} is already out of the game", .variant.seat_name(*.seat))]
    AlreadyOut { variant: Variant, seat: Seat },
    #[error("resignation is not allowed while three or more players are alive ({alive} are)")]
    ResignationNeedsTwo { alive: usize },
    #[error("draws by agreement are for two-player games")]
    DrawsTwoPlayers,
    #[error("takebacks are for two-player games")]
    TakebacksTwoPlayers,
    #[error("there is no move to take back")]
    NothingToTakeBack,
}
