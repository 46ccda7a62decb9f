//! Typed errors of the engine: why a move is refused, why text does not parse.

use thiserror::Error;

/// Why a move is not legal in a position. Each variant names the rule that forbids it;
/// the messages are meant to be shown to the player as they are.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("there is no piece on {0}")]
    NoPiece(String),
    #[error("the piece on {0} is not yours")]
    NotYourPiece(String),
    #[error("a {piece} on {from} cannot move to {to}")]
    CannotReach {
        piece: String,
        from: String,
        to: String,
    },
    #[error("the path from {from} to {to} is blocked")]
    Blocked { from: String, to: String },
    #[error("{0} holds one of your own pieces")]
    OwnPiece(String),
    #[error("{0} holds your partner's piece, which may not be captured")]
    PartnerPiece(String),
    #[error("a king on {0} cannot be captured")]
    CaptureKing(String),
    #[error("you have no {0} in hand")]
    NotInHand(String),
    #[error("drops go on empty squares, and {0} is occupied")]
    DropOnOccupied(String),
    #[error("nifu: you already have an unpromoted pawn on that line")]
    Nifu,
    #[error("uchifuzume: a pawn drop may not give checkmate")]
    Uchifuzume,
    #[error("a pawn may not be dropped directly in front of an eliminated player's king")]
    PawnBeforeDeadKing,
    #[error("a {piece} on {square} could never move again, so it must promote there (and cannot be dropped there)")]
    DeadPiece { piece: String, square: String },
    #[error("a {0} cannot promote")]
    CannotPromote(String),
    #[error("promotion needs a move that starts or ends in the promotion zone")]
    OutsideZone,
    #[error("this move would leave your king in check")]
    SelfCheck,
    #[error("perpetual check: this check would repeat a position for the fourth time, so play something else")]
    PerpetualCheck,
    #[error("this move would repeat the position a fourth time, and the side that {0} must play something else")]
    MustDeviate(&'static str),
    #[error("drops are not allowed in this variant")]
    NoDrops,
    #[error("{0}")]
    Other(String),
}

/// Why a position text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("the position text is empty")]
    Empty,
    #[error("the board part must have {expected} ranks separated by '/', found {found}")]
    RankCount { expected: usize, found: usize },
    #[error("rank {rank} of the board describes {found} squares instead of {expected}")]
    RankWidth {
        rank: usize,
        expected: usize,
        found: usize,
    },
    #[error("unknown piece '{0}'")]
    UnknownPiece(String),
    #[error("bad side to move '{0}'")]
    SideToMove(String),
    #[error("bad hand '{0}'")]
    Hand(String),
    #[error("bad move number '{0}'")]
    MoveNumber(String),
    #[error("{0}")]
    Invalid(String),
}

/// Why move text could not be read as a move of the position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveParseError {
    /// Text in no notation of the variant; `examples` are moves in the forms it reads.
    #[error("'{text}' is not a move I can read (examples: {examples})")]
    Syntax {
        text: String,
        examples: &'static str,
    },
    #[error("'{text}' matches no legal move: {reason}")]
    Illegal { text: String, reason: IllegalMove },
    #[error("'{text}' is ambiguous: it could be {candidates}")]
    Ambiguous { text: String, candidates: String },
    #[error("'{0}' matches no legal move")]
    NoSuchMove(String),
}
