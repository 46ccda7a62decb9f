//! Typed errors of the engine: why a move is refused, why text does not parse.

use thiserror::Error;

use super::variant_id::SeatName;

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
    /// Dai dai shogi's repetition rule holds the mover responsible for the repetition.
    #[error("this move would repeat the position a fourth time, and the side that {} must play something else", .0.describe())]
    MustDeviate(RepetitionCulprit),
    #[error("drops are not allowed in this variant")]
    NoDrops,
    #[error("that square is not on the board")]
    OffBoard,
    #[error("a {0} cannot be dropped")]
    CannotDrop(String),
    #[error("you have no {0} on the board")]
    NoPieceOfKind(String),
    #[error("you have no such piece on the board")]
    NoSuchPiece,
    #[error("the piece on {square} is a {piece}")]
    OtherPiece { square: String, piece: String },
    /// A seat prefix names a player whose turn it is not (yonin's `W: P-5f`).
    #[error("it is {to_move}'s turn, not {named}'s")]
    WrongSeat { to_move: SeatName, named: SeatName },
    #[error("a move must go somewhere (a pass steps to an empty square and back)")]
    NoMovement,
    #[error("a pass is never legal while in check")]
    PassInCheck,
    /// A pass over another empty square than the one its canonical form names.
    #[error("this pass is written {0}")]
    PassWrittenAs(String),
    #[error("a {0} cannot pass here")]
    CannotPass(String),
    #[error("a {0} promotes on its first capture: the move must promote")]
    MustPromote(String),
    #[error("a {0} does not promote with this move")]
    DoesNotPromote(String),
    #[error("a {piece} cannot capture on {square} without moving")]
    NoIgui { piece: String, square: String },
    /// The destination is within reach, but not by the squares the move names.
    #[error("a {piece} cannot go from {from} to {to} that way")]
    WrongPath {
        piece: String,
        from: String,
        to: String,
    },
    /// A move that names the square its piece already stands on (`５九玉` at the start).
    #[error("your {piece} is already on {square}")]
    AlreadyThere { piece: String, square: String },
}

/// Why a position text could not be read: first what the text says (its fields and their
/// syntax), then what the rules cannot accept in the position it describes. Seats are
/// named as the variant names them (`black`, `S`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("the position text is empty")]
    Empty,
    #[error("the position text has no {0}")]
    MissingField(&'static str),
    #[error("unexpected text after the move number: '{0}'")]
    TrailingText(String),
    #[error("the board part must have {expected} ranks separated by '/', found {found}")]
    RankCount { expected: usize, found: usize },
    #[error("rank {rank} of the board describes {found} squares instead of {expected}")]
    RankWidth {
        rank: usize,
        expected: usize,
        found: usize,
    },
    #[error("rank {0} has an empty item (items are separated by single commas)")]
    EmptyItem(usize),
    #[error("'{item}' is not a run of 1 to {max} squares")]
    BadRun { item: String, max: usize },
    #[error("unknown piece '{0}'")]
    UnknownPiece(String),
    /// A four-seat piece that does not start with its owner's seat letter.
    #[error("unknown piece '{0}': a piece is a seat letter s, w, n or e, then its code")]
    SeatLetter(String),
    #[error("'{0}': write Black's pieces in upper case and White's in lower case")]
    MixedCase(String),
    #[error("'{item}': a {piece} has no promotion")]
    NoPromotion { item: String, piece: &'static str },
    #[error("bad side to move '{0}'")]
    SideToMove(String),
    #[error("bad hand '{0}'")]
    Hand(String),
    #[error("bad hands '{0}': write four hands S/W/N/E, '-' for an empty one")]
    HandCount(String),
    /// A third field other than `-` in a variant without hands: read as a move number,
    /// and not one.
    #[error(
        "'{0}' is not a move number (dai dai shogi has no pieces in hand: the third field is '-')"
    )]
    NoHands(String),
    #[error("bad list of seats alive '{0}' (seat letters S, W, N, E in that order)")]
    AliveLetter(String),
    #[error("bad list of seats alive '{0}' (each seat once, in the order S, W, N, E)")]
    AliveOrder(String),
    #[error("nobody is alive")]
    NobodyAlive,
    #[error("bad move number '{0}'")]
    MoveNumber(String),
    #[error("{seat}'s {piece} on {square} stands too far forward and could never move")]
    DeadPiece {
        seat: &'static str,
        piece: &'static str,
        square: String,
    },
    #[error("{seat} has two unpromoted pawns on one {line} (nifu), one on {square}")]
    Nifu {
        seat: &'static str,
        /// `file`, or `rank` for yonin's sideways seats.
        line: &'static str,
        square: String,
    },
    /// More pieces of a kind (promoted ones counted as what they came from) than the
    /// game's sets hold, on the board and in hand together.
    #[error("more than {max} {piece}s")]
    TooMany { max: u32, piece: &'static str },
    /// More pieces of a kind on one side than its set holds.
    #[error("{seat} has {count} {piece}s{}, but a set has {set}", if *.with_promoted { " (counting the pieces promoted from them)" } else { "" })]
    TooManyOnOneSide {
        seat: &'static str,
        count: u32,
        piece: &'static str,
        /// The count includes pieces promoted from the kind.
        with_promoted: bool,
        set: u32,
    },
    #[error("no piece promotes to a {0} under these rules")]
    NeverPromoted(&'static str),
    #[error("{seat} has {count} kings, and may have one at most")]
    ExtraKings { seat: &'static str, count: u8 },
    #[error("{seat} must have exactly one king on the board, and has {count}")]
    KingCount { seat: &'static str, count: u8 },
    #[error("the side not to move is in check")]
    WaitingInCheck,
    #[error("{0} is to move but is out of the game")]
    MoverOut(&'static str),
    #[error("{0} is to move but has no legal move, so it would be out of the game")]
    MoverStuck(&'static str),
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
    #[error("'{text}' is ambiguous: it could be {}", candidates.iter().map(|c| c.western.as_str()).collect::<Vec<_>>().join(" or "))]
    Ambiguous {
        text: String,
        candidates: Vec<Candidate>,
    },
    #[error("'{0}' matches no legal move")]
    NoSuchMove(String),
    /// Japanese 同 ("the same square") names the square of the move before, and there is
    /// none: the game has no move yet.
    #[error("'{0}': 同 means the square of the previous move, and no move has been played yet")]
    SameWithoutPrevious(String),
}

impl MoveParseError {
    /// The error as if `text` had been read: the engine reads 同 as the square it stands
    /// for, and the player is answered about what they typed.
    pub fn for_text(self, text: &str) -> MoveParseError {
        let text = text.to_owned();
        match self {
            MoveParseError::Syntax { examples, .. } => MoveParseError::Syntax { text, examples },
            MoveParseError::Illegal { reason, .. } => MoveParseError::Illegal { text, reason },
            MoveParseError::Ambiguous { candidates, .. } => {
                MoveParseError::Ambiguous { text, candidates }
            }
            MoveParseError::NoSuchMove(_) => MoveParseError::NoSuchMove(text),
            MoveParseError::SameWithoutPrevious(_) => MoveParseError::SameWithoutPrevious(text),
        }
    }
}

/// One of the moves an ambiguous text could mean, in the notations players write it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The canonical coordinate form (`6i5h`).
    pub coordinate: String,
    /// Western notation (`G6i-5h`).
    pub western: String,
    /// Japanese notation (`５八金右`), in the variants that write it.
    pub japanese: Option<String>,
}

/// Why a side is held responsible for a repetition.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum RepetitionCulprit {
    /// It gave check with every move of the cycle.
    PerpetualCheck,
    /// It attacked with every move of the cycle and the other side did not.
    PerpetualAttack,
    /// It began the run of passes.
    FirstPasser,
}

impl RepetitionCulprit {
    /// What the side did, as a refusal names it ("the side that ...").
    pub fn describe(self) -> &'static str {
        match self {
            RepetitionCulprit::PerpetualCheck => "gave check with every move of the cycle",
            RepetitionCulprit::PerpetualAttack => "attacked with every move of the cycle",
            RepetitionCulprit::FirstPasser => "began the run of passes",
        }
    }
}
