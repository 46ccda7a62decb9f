//! Standard shogi: the rules data for the shared drop-shogi position, SFEN, and the
//! impasse (27-point) declaration.

use std::sync::OnceLock;

use super::error::PositionError;
use super::geometry::{Geometry, Seat};
use super::kinds::*;
use super::piece::Piece;
use super::shogi::{ShogiPosition, ShogiSpec};
use super::Variant;

pub const BLACK: Seat = Seat(0);
pub const WHITE: Seat = Seat(1);

/// The start position in SFEN.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Pieces of one full standard set per kind (both sides together), for validation.
const SET_COUNTS: [(u8, u8); 8] = [
    (KING, 2),
    (ROOK, 2),
    (BISHOP, 2),
    (GOLD, 4),
    (SILVER, 4),
    (KNIGHT, 4),
    (LANCE, 4),
    (PAWN, 18),
];

pub static SPEC: ShogiSpec = ShogiSpec {
    variant: Variant::Standard,
    geometry: Geometry::new(9),
    kinds: &STANDARD_KINDS,
    hand_kinds: &[ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN],
    seats: 2,
    quarter_turns: [0, 2, 0, 2],
    zone_depth: 3,
    doubles: false,
    king: KING,
    pawn: PAWN,
    tables: OnceLock::new(),
};

/// The standard start position.
pub fn start() -> ShogiPosition {
    from_sfen(START_SFEN).expect("the start position is valid")
}

/// Reads an SFEN position (`board side hands [move-number]`).
pub fn from_sfen(text: &str) -> Result<ShogiPosition, PositionError> {
    let mut parts = text.split_whitespace();
    let board = parts.next().ok_or(PositionError::Empty)?;
    let side = parts
        .next()
        .ok_or_else(|| PositionError::SideToMove(String::new()))?;
    let hands = parts
        .next()
        .ok_or_else(|| PositionError::Hand(String::new()))?;
    let number = parts.next();
    if let Some(extra) = parts.next() {
        return Err(PositionError::TrailingText(extra.into()));
    }
    let mut pos = ShogiPosition::empty(&SPEC);
    let g = SPEC.geometry;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(PositionError::RankCount {
            expected: 9,
            found: ranks.len(),
        });
    }
    for (row, rank) in ranks.iter().enumerate() {
        let mut col = 0usize;
        let mut chars = rank.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(PositionError::UnknownPiece("0".into()));
                }
                col += d as usize;
                continue;
            }
            let promoted = c == '+';
            let letter = if promoted {
                chars
                    .next()
                    .ok_or_else(|| PositionError::UnknownPiece("+".into()))?
            } else {
                c
            };
            let code = letter.to_ascii_uppercase().to_string();
            let code = if promoted { format!("+{code}") } else { code };
            let kind = STANDARD_KINDS
                .iter()
                .position(|k| k.code == code)
                .ok_or_else(|| PositionError::UnknownPiece(code.clone()))?;
            let owner = if letter.is_ascii_uppercase() {
                BLACK
            } else {
                WHITE
            };
            if col >= 9 {
                return Err(PositionError::RankWidth {
                    rank: row + 1,
                    expected: 9,
                    found: col + 1,
                });
            }
            pos.set_piece(
                g.square(col as u8, row as u8),
                Some(Piece::new(kind as u8, owner, promoted)),
            );
            col += 1;
        }
        if col != 9 {
            return Err(PositionError::RankWidth {
                rank: row + 1,
                expected: 9,
                found: col,
            });
        }
    }
    match side {
        "b" => pos.set_turn(BLACK),
        "w" => pos.set_turn(WHITE),
        other => return Err(PositionError::SideToMove(other.into())),
    }
    if hands != "-" {
        let mut count: u32 = 0;
        let mut seen_digit = false;
        for c in hands.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d;
                seen_digit = true;
                if count > 18 {
                    return Err(PositionError::Hand(hands.into()));
                }
                continue;
            }
            let code = c.to_ascii_uppercase().to_string();
            let kind = SPEC
                .hand_kinds
                .iter()
                .copied()
                .find(|&k| STANDARD_KINDS[k as usize].code == code)
                .ok_or_else(|| PositionError::Hand(hands.into()))?;
            let owner = if c.is_ascii_uppercase() { BLACK } else { WHITE };
            let n = if seen_digit { count } else { 1 };
            if n == 0 || pos.hand_count(owner, kind) != 0 {
                return Err(PositionError::Hand(hands.into()));
            }
            pos.set_hand_count(owner, kind, n as u8);
            count = 0;
            seen_digit = false;
        }
        if seen_digit {
            return Err(PositionError::Hand(hands.into()));
        }
    }
    if let Some(n) = number {
        let n: u32 = n
            .parse()
            .ok()
            .filter(|&n| (1..=100_000).contains(&n))
            .ok_or_else(|| PositionError::MoveNumber(n.into()))?;
        pos.set_ply(n - 1);
    }
    validate(&pos)?;
    Ok(pos)
}

/// Refuses positions the rules could never reach in a way that matters to play: too many
/// pieces of a kind, two kings for one side, dead pieces, two pawns on a file, or the side
/// not to move in check.
fn validate(pos: &ShogiPosition) -> Result<(), PositionError> {
    let g = SPEC.geometry;
    let mut counts = [0u8; 14];
    let mut kings = [0u8; 2];
    let mut pawn_files = [[false; 9]; 2];
    for sq in g.squares() {
        if let Some(p) = pos.piece_at(sq) {
            let def = &STANDARD_KINDS[p.kind() as usize];
            counts[def.base as usize] += 1;
            if p.kind() == KING {
                kings[p.owner().index()] += 1;
            }
            if def.dead_depth > 0 && SPEC.tables().far_depth(sq, p.owner()) < def.dead_depth {
                return Err(PositionError::DeadPiece {
                    seat: Variant::Standard.seat_name(p.owner()),
                    piece: def.name,
                    square: g.name(sq).to_string(),
                });
            }
            if p.kind() == PAWN {
                let file = &mut pawn_files[p.owner().index()][g.col_row(sq).0 as usize];
                if *file {
                    return Err(PositionError::Nifu {
                        seat: Variant::Standard.seat_name(p.owner()),
                        line: "file",
                        square: g.name(sq).to_string(),
                    });
                }
                *file = true;
            }
        }
    }
    for seat in [BLACK, WHITE] {
        for (kind, n) in pos.hand(seat) {
            counts[kind as usize] += n;
        }
    }
    for (kind, max) in SET_COUNTS {
        if counts[kind as usize] > max {
            return Err(PositionError::TooMany {
                max: max.into(),
                piece: STANDARD_KINDS[kind as usize].name,
            });
        }
    }
    for seat in [BLACK, WHITE] {
        if kings[seat.index()] > 1 {
            return Err(PositionError::TwoKings(Variant::Standard.seat_name(seat)));
        }
    }
    let waiting = SPEC.next_seat(pos.turn());
    if pos.in_check(waiting) {
        return Err(PositionError::WaitingInCheck);
    }
    Ok(())
}

/// Writes a position as SFEN.
pub fn to_sfen(pos: &ShogiPosition) -> String {
    let g = SPEC.geometry;
    let mut out = String::new();
    for row in 0..9 {
        if row > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for col in 0..9 {
            match pos.piece_at(g.square(col, row)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let code = STANDARD_KINDS[p.kind() as usize].code;
                    if p.owner() == BLACK {
                        out.push_str(code);
                    } else {
                        out.push_str(&code.to_ascii_lowercase());
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push_str(if pos.turn() == BLACK { " b " } else { " w " });
    let mut hands = String::new();
    for seat in [BLACK, WHITE] {
        for (kind, n) in pos.hand(seat) {
            if n > 1 {
                hands.push_str(&n.to_string());
            }
            let code = STANDARD_KINDS[kind as usize].code;
            if seat == BLACK {
                hands.push_str(code);
            } else {
                hands.push_str(&code.to_ascii_lowercase());
            }
        }
    }
    if hands.is_empty() {
        hands.push('-');
    }
    out.push_str(&hands);
    out.push(' ');
    out.push_str(&(pos.ply() + 1).to_string());
    out
}

/// Why an impasse declaration fails, if it does (27-point rule).
pub fn declaration_failure(pos: &ShogiPosition) -> Option<String> {
    let me = pos.turn();
    let Some(king) = pos.king_square(me) else {
        return Some("you have no king on the board".into());
    };
    if !pos.in_zone(king, me) {
        return Some("your king is not in the promotion zone".into());
    }
    if pos.in_check(me) {
        return Some("you are in check".into());
    }
    let g = SPEC.geometry;
    let in_zone = g
        .squares()
        .filter(|&sq| sq != king && pos.in_zone(sq, me))
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.owner() == me))
        .count();
    if in_zone < 10 {
        return Some(format!(
            "you need at least 10 pieces besides the king in the zone, and have {in_zone}"
        ));
    }
    let points = pos.points(me, true);
    let needed = if me == BLACK { 28 } else { 27 };
    if points < needed {
        return Some(format!("you need {needed} points and have {points}"));
    }
    None
}
