//! Yonin shogi (four-player shogi), singles and doubles: the rules data for the shared
//! drop-shogi position, the start position, the position text format, seat names and the
//! seat-naming Western move form.
//!
//! The rules themselves (check priority, eliminations, powerless pieces, flipped kings,
//! nifu on rows for the sideways seats, uchifuzume against any opponent, pawn drops before
//! a flipped king, doubles partners) live in [`super::shogi::ShogiPosition`], configured by
//! [`SPEC`] and [`DOUBLES_SPEC`]. The game-level rules (move limit and declaration scored
//! by [`places`], resignation, timeouts, repetition and perpetual check) are in
//! its `rules` module, each a rule option, and the game asks them of the variant.
//!
//! The federation's three-on-one ban (3人攻撃禁止: no third player joining two others'
//! attack on one player) is not enforced: a referee judges it, under a definition the
//! federation never published in full.
//!
//! # Seats
//!
//! Seats are numbered in the clockwise turn order S → W → N → E (`Seat(0)` .. `Seat(3)`).
//! S sits at the bottom and moves towards rank a, W on the left moves towards file 1, N at
//! the top moves towards rank i, E on the right moves towards file 9. Squares are named
//! globally, as S sees the board (files 9..1 left to right, ranks a..i top to bottom).
//!
//! # Position text
//!
//! Five fields separated by single spaces, in the spirit of SFEN:
//!
//! ```text
//! <board> <to move> <hands> <alive> <move number>
//! ```
//!
//! - **board**: ranks a to i from the top, separated by `/`; within a rank, files 9 to 1.
//!   A run of empty squares is a digit `1`..`9`. A piece is its owner's seat letter in
//!   lower case (`s`, `w`, `n`, `e`) followed by the piece code in upper case: `K` king,
//!   `R` rook, `G` gold, `S` silver, `P` pawn, `+R` dragon, `+S` promoted silver, `+P`
//!   tokin. So `nK` is N's king and `e+P` is E's tokin.
//! - **to move**: the seat whose turn it is, `S`, `W`, `N` or `E`. Once the game has ended
//!   on the board this is the seat the turn last passed to.
//! - **hands**: the four hands in seat order S/W/N/E separated by `/`, each written like
//!   an SFEN hand (`R`, `2P`, `G2SP`: kinds in the order R G S P, a count before a kind
//!   held more than once) or `-` when empty. A frozen hand (its owner eliminated) is
//!   written the same way: it keeps its pieces.
//! - **alive**: the seats still playing, in seat order (`SWNE`, `SNE`). The king of every
//!   seat not listed is a flipped king (裏王), an obstacle nobody can capture, and its
//!   other pieces are powerless.
//! - **move number**: the number of the next move, counting every player's moves (1 at
//!   the start).
//!
//! The start position:
//!
//! ```text
//! 2nSnGnKnGnS2/3nPnRnP3/wS3nP3eS/wGwP5ePeG/wKwRwP3ePeReK/wGwP5ePeG/wS3sP3eS/3sPsRsP3/2sSsGsKsGsS2 S -/-/-/- SWNE 1
//! ```
//!
//! [`to_text`] writes exactly what [`from_text`] reads, so text written by one reads back
//! to an equal position and the same text. Rule options (such as the original rules'
//! hand transfer) are not part of the position text; the game stores them.
//!
//! # Moves
//!
//! The canonical form is the USI-like coordinate form of [`super::notation`]: `5g5f`,
//! `5h5c+`, `P*5e`. The readable form is Western notation prefixed with the mover's seat:
//! `S: P-5f`, `W: Gx8e`, `N: S*4d`. [`parse_move`] reads either, with or without a seat
//! prefix (which, when given, must name the seat to move), and Japanese move text.

pub(crate) mod rules;

use std::sync::OnceLock;

use super::error::{MoveParseError, PositionError};
use super::geometry::{Seat, SeatSet};
use super::kinds::*;
use super::moves::Move;
use super::notation;
use super::outcome::DeclarationFailure;
use super::piece::KindId;
use super::position::Position;
use super::shogi::{ShogiPosition, ShogiSpec};
use super::Variant;

pub const S: Seat = Seat(0);
pub const W: Seat = Seat(1);
pub const N: Seat = Seat(2);
pub const E: Seat = Seat(3);

/// The start position in the position text format.
pub const START_TEXT: &str = "2nSnGnKnGnS2/3nPnRnP3/wS3nP3eS/wGwP5ePeG/wKwRwP3ePeReK/wGwP5ePeG/wS3sP3eS/3sPsRsP3/2sSsGsKsGsS2 S -/-/-/- SWNE 1";

/// The kinds yonin shogi uses (the others in the shared table never appear).
const KINDS_USED: [KindId; 8] = [KING, ROOK, GOLD, SILVER, PAWN, DRAGON, PRO_SILVER, TOKIN];

/// Pieces of each base kind in the game (all four seats, board and hands together).
const SET_COUNTS: [(KindId, u8); 5] = [(KING, 4), (ROOK, 4), (GOLD, 8), (SILVER, 8), (PAWN, 12)];

/// Every piece of the game: 9 per seat.
pub const PIECES: u32 = 36;

const fn spec(variant: Variant, doubles: bool) -> ShogiSpec {
    ShogiSpec {
        variant,
        geometry: variant.geometry(),
        kinds: &STANDARD_KINDS,
        hand_kinds: &[ROOK, GOLD, SILVER, PAWN],
        seats: 4,
        // S faces up; each next seat clockwise is turned a further quarter.
        quarter_turns: [0, 1, 2, 3],
        zone_depth: 3,
        doubles,
        king: KING,
        pawn: PAWN,
        // No bishop, and seats that move in four directions.
        move_examples: "5g5f, P*5e, P-5f, Rx5c+",
        names_mover: true,
        board_kinds: Some(&KINDS_USED),
        set_counts: &SET_COUNTS,
        kings_required: true,
        tables: OnceLock::new(),
        board81: OnceLock::new(),
    }
}

/// Yonin shogi singles: every player for themselves.
pub static SPEC: ShogiSpec = spec(Variant::Yonin, false);

/// Yonin shogi doubles: S+N against W+E.
pub static DOUBLES_SPEC: ShogiSpec = spec(Variant::YoninDoubles, true);

/// The rules data for singles or doubles.
pub fn spec_for(doubles: bool) -> &'static ShogiSpec {
    if doubles {
        &DOUBLES_SPEC
    } else {
        &SPEC
    }
}

/// The start position, S to move.
pub fn start(doubles: bool) -> ShogiPosition {
    from_text(START_TEXT, doubles).expect("the start position is valid")
}

/// Why the seat to move is the one to move.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum TurnReason {
    /// Its king is attacked by the seats in the set, so it answers at once, out of turn if
    /// need be (check priority).
    AnsweringCheck { by: SeatSet },
    /// Ordinary clockwise order: nobody is in check.
    InTurn,
    /// The game has ended on the board: nobody is to move.
    GameOver,
}

/// Why [`ShogiPosition::turn`] is the seat to move.
pub fn turn_reason(pos: &ShogiPosition) -> TurnReason {
    if pos.is_decided() {
        return TurnReason::GameOver;
    }
    let me = pos.turn();
    let by = checking_seats(pos, me);
    if by.is_empty() {
        TurnReason::InTurn
    } else {
        TurnReason::AnsweringCheck { by }
    }
}

/// The live opponents whose pieces attack `seat`'s king (empty when `seat` is out).
pub fn checking_seats(pos: &ShogiPosition, seat: Seat) -> SeatSet {
    let Some(king) = pos.king_square(seat).filter(|_| pos.alive().contains(seat)) else {
        return SeatSet::EMPTY;
    };
    let mut by = SeatSet::EMPTY;
    for attacker in pos.attackers_of(seat).iter() {
        if pos.is_attacked(king, SeatSet::EMPTY.with(attacker)) {
            by = by.with(attacker);
        }
    }
    by
}

/// Points for ranking at the move limit or after a declaration: rook or dragon 5, every
/// other piece but the king 1, on the board and in hand.
pub fn points(pos: &ShogiPosition, seat: Seat) -> u32 {
    pos.points(seat, false)
}

/// Each seat's place (1 = first), indexed by seat. Players still alive rank above the
/// eliminated ones, by points (in doubles, each pair by the sum of its two players'
/// points), equal points sharing a place; eliminated players rank by the order they left
/// in, `eliminated` listing them first to last (a seat out but missing from the list, as
/// in a game set up from a position, shares the last place). In doubles a pair that lost
/// a player is second.
pub fn places(pos: &ShogiPosition, eliminated: &[Seat]) -> Vec<u8> {
    let alive = pos.alive();
    if pos.spec().doubles {
        // A pair's score: its points, or below everything once it has lost a player.
        let pair = |seat: Seat| {
            let partner = Seat((seat.0 + 2) % 4);
            if alive.contains(seat) && alive.contains(partner) {
                (points(pos, seat) + points(pos, partner)) as i64
            } else {
                -1
            }
        };
        return (0..4u8)
            .map(|s| 1 + u8::from(pair(Seat((s + 1) % 4)) > pair(Seat(s))))
            .collect();
    }
    // Sort key per seat: higher is better.
    let key: Vec<i64> = (0..4u8)
        .map(|s| {
            let seat = Seat(s);
            if alive.contains(seat) {
                // Above every eliminated player, whatever the points.
                1_000 + points(pos, seat) as i64
            } else {
                // Later eliminations rank higher; unlisted ones lowest.
                eliminated
                    .iter()
                    .position(|&e| e == seat)
                    .map_or(0, |i| i as i64 + 1)
            }
        })
        .collect();
    // Competition ranking: one more than the number of players strictly better.
    key.iter()
        .map(|k| 1 + key.iter().filter(|&other| other > k).count() as u8)
        .collect()
}

/// Why the seat to move may not make the entering-king declaration (入玉宣言) now, if it
/// may not: its king must stand in its promotion zone and not be in check. (The game
/// checks the move number and that a legal move exists.)
pub fn declaration_failure(pos: &ShogiPosition) -> Option<DeclarationFailure> {
    let me = pos.turn();
    if pos.is_decided() || !pos.alive().contains(me) {
        return Some(DeclarationFailure::GameOver);
    }
    let Some(king) = pos.king_square(me) else {
        return Some(DeclarationFailure::NoKing);
    };
    if !pos.in_zone(king, me) {
        return Some(DeclarationFailure::KingOutsideZone);
    }
    if pos.in_check(me) {
        return Some(DeclarationFailure::InCheck);
    }
    None
}

/// Reads a position in the text format described in the module documentation.
pub fn from_text(text: &str, doubles: bool) -> Result<ShogiPosition, PositionError> {
    ShogiPosition::from_text(spec_for(doubles), text)
}

/// Writes a position in the text format described in the module documentation.
pub fn to_text(pos: &ShogiPosition) -> String {
    pos.to_text()
}

/// The readable Western form of a legal move, naming the seat: `S: P-5f`, `W: Gx8e`.
pub fn to_western(pos: &ShogiPosition, m: &Move) -> String {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    notation::to_readable(pos, m, &legal)
}

/// The canonical coordinate form: `5g5f`, `5h5c+`, `P*5e`.
pub fn to_coordinate(pos: &ShogiPosition, m: &Move) -> String {
    notation::to_coordinate(pos, m)
}

/// Reads a move of the seat to move: the coordinate form, Western (`P-5f`) or Japanese,
/// optionally after the seat (`S: P-5f`, `W 9e8e`), which must then be the seat to move.
pub fn parse_move(pos: &ShogiPosition, text: &str) -> Result<Move, MoveParseError> {
    notation::parse_move(pos, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_text_round_trips_for_both_modes() {
        for doubles in [false, true] {
            let pos = start(doubles);
            assert_eq!(to_text(&pos), START_TEXT);
            assert_eq!(pos.spec().doubles, doubles);
            assert_eq!(pos.turn(), S);
            assert_eq!(pos.alive(), SeatSet::all(4));
        }
    }

    #[test]
    fn start_matches_the_rules_diagram() {
        let pos = start(false);
        let g = pos.geometry();
        let at = |name: &str| pos.piece_at(g.parse_square(name).unwrap()).unwrap();
        for (square, seat) in [("5i", S), ("9e", W), ("5a", N), ("1e", E)] {
            assert_eq!(at(square).kind(), KING);
            assert_eq!(at(square).owner(), seat);
            assert_eq!(pos.king_square(seat), g.parse_square(square));
        }
        assert_eq!(at("8e").kind(), ROOK);
        assert_eq!(at("8e").owner(), W);
        assert_eq!(at("5c").kind(), PAWN);
        assert_eq!(at("5c").owner(), N);
        assert_eq!(
            g.squares().filter(|&sq| pos.piece_at(sq).is_some()).count(),
            36
        );
    }

    #[test]
    fn seat_prefix_must_name_the_seat_to_move() {
        let pos = start(false);
        assert!(parse_move(&pos, "S: P-5f").is_ok());
        assert!(parse_move(&pos, "s 5g5f").is_ok());
        let err = parse_move(&pos, "W: P-5f").unwrap_err();
        assert!(err.to_string().contains("S's turn"), "{err}");
    }

    #[test]
    fn bad_text_gives_errors() {
        for text in [
            "",
            " ",
            "x",
            "9/9/9/9/9/9/9/9/9 S -/-/-/- SWNE 1",
            START_TEXT.replace(" 1", " 0").as_str(),
            START_TEXT.replace("SWNE", "SSWNE").as_str(),
            START_TEXT.replace("SWNE", "").as_str(),
            START_TEXT.replace(" S ", " X ").as_str(),
            START_TEXT.replace("-/-/-/-", "-/-/-").as_str(),
            START_TEXT.replace("-/-/-/-", "1P/-/-/-").as_str(),
            START_TEXT.replace("-/-/-/-", "PR/-/-/-").as_str(),
            START_TEXT.replace("-/-/-/-", "B/-/-/-").as_str(),
            START_TEXT.replace("2nSnG", "2nBnG").as_str(),
            START_TEXT.replace("2nSnG", "2n+GnG").as_str(),
            START_TEXT.replace("2nSnG", "2xSnG").as_str(),
            &format!("{START_TEXT} extra"),
        ] {
            assert!(from_text(text, false).is_err(), "accepted {text:?}");
        }
    }
}
