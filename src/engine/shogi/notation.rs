//! Move notation for the drop-shogi variants: the coordinate form (USI: `7g7f`, `8h2b+`,
//! `P*5e`), Western/Hodges (`P-7f`, `Bx2b+`, `Bx2b=`, `G6i-5h`) and Japanese KIF style
//! (`▲７六歩`, `△同　銀`, `成`, `不成`, `打`, `右/左/上/引/寄/直`), read and written; beside
//! the Japanese form, the KIF record's move text (`７六歩(77)`), which names the origin.

use super::ShogiPosition;
use crate::engine::error::{Candidate, IllegalMove, MoveParseError};
use crate::engine::geometry::{Seat, Sq};
use crate::engine::moves::Move;
use crate::engine::piece::KindId;
use crate::engine::position::Position;

const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The canonical coordinate form (USI for standard shogi).
pub fn to_coordinate(pos: &ShogiPosition, m: &Move) -> String {
    let g = pos.geometry();
    match m.drop {
        Some(kind) => format!("{}*{}", pos.kind(kind).code, g.name(m.to)),
        None => format!(
            "{}{}{}",
            g.name(m.from),
            g.name(m.to),
            if m.promote { "+" } else { "" }
        ),
    }
}

/// The readable form a game record keeps: Western notation, after the mover's seat where
/// move text names the mover (`S: P-5f`, `W: Gx8e`).
pub fn to_readable(pos: &ShogiPosition, m: &Move, legal: &[Move]) -> String {
    let western = to_western(pos, m, legal);
    if pos.spec().names_mover {
        format!("{}: {western}", pos.variant().seat_name(pos.turn()))
    } else {
        western
    }
}

/// Western (Hodges) notation with the origin square only when needed.
pub fn to_western(pos: &ShogiPosition, m: &Move, legal: &[Move]) -> String {
    let g = pos.geometry();
    if let Some(kind) = m.drop {
        return format!("{}*{}", pos.kind(kind).code, g.name(m.to));
    }
    let piece = pos.piece_at(m.from).expect("a move starts on a piece");
    let def = pos.kind(piece.kind());
    let ambiguous = legal.iter().any(|o| {
        !o.is_drop()
            && o.from != m.from
            && o.to == m.to
            && pos.piece_at(o.from).map(|p| p.kind()) == Some(piece.kind())
    });
    let origin = if ambiguous {
        g.name(m.from).to_string()
    } else {
        String::new()
    };
    let sep = if pos.piece_at(m.to).is_some() {
        'x'
    } else {
        '-'
    };
    let could_promote = legal
        .iter()
        .any(|o| o.from == m.from && o.to == m.to && o.promote != m.promote);
    let suffix = match (m.promote, could_promote) {
        (true, _) => "+",
        (false, true) => "=",
        (false, false) => "",
    };
    format!("{}{origin}{sep}{}{suffix}", def.code, g.name(m.to))
}

/// The square a move in coordinate form goes to (`7g7f` → 7f, `P*5e` → 5e), for 同.
pub fn destination(g: crate::engine::geometry::Geometry, coordinate: &str) -> Option<Sq> {
    let text = coordinate.trim_end_matches('+');
    let to = match text.split_once('*') {
        Some((_, sq)) => sq,
        None => g.parse_square_prefix(text)?.1,
    };
    g.parse_square(to)
}

/// Japanese move text (`７六歩`, `同　銀`, `２二角成`, `５五角打`), without the side mark.
/// `previous_to` is the destination of the move before, for 同.
pub fn to_japanese(
    pos: &ShogiPosition,
    m: &Move,
    legal: &[Move],
    previous_to: Option<Sq>,
) -> String {
    let g = pos.geometry();
    let me = pos.turn();
    let mut out = String::new();
    if previous_to == Some(m.to) {
        out.push_str("同　");
    } else {
        out.push_str(&japanese_square(pos, m.to));
    }
    if let Some(kind) = m.drop {
        out.push_str(pos.kind(kind).kif);
        // 打 only when a board piece of the same kind could also go there.
        let board_alternative = legal.iter().any(|o| {
            !o.is_drop() && o.to == m.to && pos.piece_at(o.from).map(|p| p.kind()) == Some(kind)
        });
        if board_alternative {
            out.push('打');
        }
        return out;
    }
    let piece = pos.piece_at(m.from).expect("a move starts on a piece");
    out.push_str(pos.kind(piece.kind()).kif);
    let others: Vec<Sq> = legal
        .iter()
        .filter(|o| {
            !o.is_drop()
                && o.to == m.to
                && o.from != m.from
                && pos.piece_at(o.from).map(|p| p.kind()) == Some(piece.kind())
        })
        .map(|o| o.from)
        .collect();
    if !others.is_empty() {
        out.push_str(&disambiguation(pos, me, m, &others, g));
    }
    let could_promote = legal
        .iter()
        .any(|o| o.from == m.from && o.to == m.to && o.promote != m.promote);
    if m.promote {
        out.push('成');
    } else if could_promote {
        out.push_str("不成");
    }
    out
}

/// KIF record move text: `７六歩(77)`, `同　歩(23)`, `５五角打`, `２二角成(88)`.
pub(crate) fn kif_move(
    pos: &ShogiPosition,
    m: &Move,
    legal: &[Move],
    prev_to: Option<Sq>,
) -> String {
    let g = pos.geometry();
    let mut out = if prev_to == Some(m.to) {
        "同　".to_string()
    } else {
        japanese_square(pos, m.to)
    };
    match m.drop {
        Some(kind) => {
            out.push_str(pos.kind(kind).kif);
            out.push('打');
        }
        None => {
            let piece = pos.piece_at(m.from).expect("a move starts on a piece");
            out.push_str(pos.kind(piece.kind()).kif);
            let could_promote = legal
                .iter()
                .any(|o| o.from == m.from && o.to == m.to && o.promote != m.promote);
            if m.promote {
                out.push('成');
            } else if could_promote {
                out.push_str("不成");
            }
            out.push_str(&format!("({}{})", g.file(m.from), g.rank(m.from)));
        }
    }
    out
}

/// A square in Japanese: full-width file digit and kanji rank (`７六`). Boards larger
/// than 9 fall back to the coordinate name.
pub fn japanese_square(pos: &ShogiPosition, sq: Sq) -> String {
    let g = pos.geometry();
    let (file, rank) = (g.file(sq), g.rank(sq));
    if g.size() <= 9 {
        format!(
            "{}{}",
            FULL_WIDTH_DIGITS[file as usize - 1],
            KANJI_NUMERALS[rank as usize - 1]
        )
    } else {
        g.name(sq).to_string()
    }
}

/// Movement relative to the mover: forward (上), backward (引) or sideways (寄), and the
/// sideways displacement in the mover's frame (positive = to the mover's right).
fn relative_motion(pos: &ShogiPosition, seat: Seat, from: Sq, to: Sq) -> (i32, i32) {
    let g = pos.geometry();
    let (dx, dy) = g.displacement(from, to);
    // Undo the seat's rotation so that forward is -y in the mover's frame.
    let qt = pos.spec().quarter_turns[seat.index()];
    crate::engine::geometry::rotate(dx, dy, (4 - qt % 4) % 4)
}

fn disambiguation(
    pos: &ShogiPosition,
    me: Seat,
    m: &Move,
    others: &[Sq],
    g: crate::engine::geometry::Geometry,
) -> String {
    let vertical = |from: Sq| {
        let (_, dy) = relative_motion(pos, me, from, m.to);
        dy.signum()
    };
    let word = |v: i32| match v {
        -1 => "上",
        1 => "引",
        _ => "寄",
    };
    let mine = vertical(m.from);
    let same_direction: Vec<Sq> = others
        .iter()
        .copied()
        .filter(|&o| vertical(o) == mine)
        .collect();
    if same_direction.is_empty() {
        return word(mine).into();
    }
    let (rx, _) = relative_motion(pos, me, m.from, m.to);
    let kind = pos.piece_at(m.from).map(|p| p.kind());
    let long_range = kind.is_some_and(|k| pos.kind(k).points >= 5);
    if rx == 0 && mine == -1 && !long_range {
        return "直".into();
    }
    // Right or left of the others, as the mover sees the board.
    let x_of = |sq: Sq| {
        let (dx, _) = relative_motion(pos, me, g.square(0, 0), sq);
        dx
    };
    let mx = x_of(m.from);
    let side_of = |among: &[Sq]| {
        if among.iter().all(|&o| x_of(o) < mx) {
            Some("右")
        } else if among.iter().all(|&o| x_of(o) > mx) {
            Some("左")
        } else {
            None
        }
    };
    // The shortest form that names one piece, as KI2 records and Japanese sites write it:
    // 右/左 alone when it sets the piece apart from every other, else 右/左 among those
    // moving the same way, followed by the way (`４八金左寄`).
    if let Some(side) = side_of(others) {
        return side.into();
    }
    match side_of(&same_direction) {
        Some(side) => format!("{side}{}", word(mine)),
        None => format!("{}{}", if rx > 0 { "左" } else { "右" }, word(mine)),
    }
}

/// What a piece of move text says, before it is matched against the legal moves.
#[derive(Debug, Default)]
struct Pattern {
    kind: Option<KindId>,
    from: Option<Sq>,
    to: Option<Sq>,
    drop: bool,
    promote: Option<bool>,
}

/// Reads a move of the seat to move in any notation the drop-shogi variants support and
/// finds it among the legal moves; an illegal but well-formed move gets the rule that
/// forbids it. Where move text names the mover (yonin: `S: P-5f`, `W 9e8e`), a seat may
/// come first, and must then be the seat to move.
pub fn parse_move(pos: &ShogiPosition, text: &str) -> Result<Move, MoveParseError> {
    let trimmed = text.trim();
    if let Some(reason) = csa_side_refused(pos, trimmed) {
        return Err(MoveParseError::Illegal {
            text: trimmed.into(),
            reason,
        });
    }
    let Some((seat, body)) = split_seat_prefix(pos, trimmed) else {
        return parse_unnamed(pos, trimmed);
    };
    let refusal = |reason| MoveParseError::Illegal {
        text: trimmed.into(),
        reason,
    };
    if pos.is_decided() {
        return Err(refusal(IllegalMove::GameOver));
    }
    if seat != pos.turn() {
        let name = |seat| pos.variant().named_seat(seat);
        return Err(refusal(IllegalMove::WrongSeat {
            to_move: name(pos.turn()),
            named: name(seat),
        }));
    }
    parse_unnamed(pos, body)
}

/// Splits `S: P-5f` or `S P-5f` into the seat and the move text, where move text names
/// the mover.
fn split_seat_prefix<'t>(pos: &ShogiPosition, text: &'t str) -> Option<(Seat, &'t str)> {
    if !pos.spec().names_mover {
        return None;
    }
    let mut chars = text.chars();
    let seat = pos
        .variant()
        .parse_seat(chars.next()?.encode_utf8(&mut [0; 4]))?;
    let rest = chars.as_str();
    let rest = rest
        .strip_prefix(':')
        .or_else(|| rest.strip_prefix(' '))?
        .trim_start();
    Some((seat, rest))
}

/// [`parse_move`] of text without a seat.
fn parse_unnamed(pos: &ShogiPosition, trimmed: &str) -> Result<Move, MoveParseError> {
    let pattern = parse_coordinate(pos, trimmed)
        .or_else(|| parse_digits(pos, trimmed))
        .or_else(|| parse_csa(pos, trimmed))
        .or_else(|| parse_western(pos, trimmed))
        .or_else(|| parse_japanese(pos, trimmed))
        .ok_or_else(|| MoveParseError::Syntax {
            text: trimmed.into(),
            examples: pos.spec().move_examples,
        })?;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| pattern_matches(pos, &pattern, m))
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(explain_no_match(pos, &pattern, trimmed)),
        _ => Err(MoveParseError::Ambiguous {
            text: trimmed.into(),
            candidates: matches
                .iter()
                .map(|m| Candidate {
                    coordinate: to_coordinate(pos, m),
                    western: to_western(pos, m, &legal),
                    japanese: Some(to_japanese(pos, m, &legal, None)),
                })
                .collect(),
        }),
    }
}

fn pattern_matches(pos: &ShogiPosition, p: &Pattern, m: &Move) -> bool {
    if p.to.is_some_and(|to| to != m.to) {
        return false;
    }
    if p.drop != m.is_drop() {
        return false;
    }
    if p.from.is_some_and(|from| from != m.from) {
        return false;
    }
    if let Some(kind) = p.kind {
        let moved = match m.drop {
            Some(k) => k,
            None => match pos.piece_at(m.from) {
                Some(piece) => piece.kind(),
                None => return false,
            },
        };
        if moved != kind {
            return false;
        }
    }
    if p.promote.is_some_and(|pr| pr != m.promote) {
        return false;
    }
    true
}

fn explain_no_match(pos: &ShogiPosition, p: &Pattern, text: &str) -> MoveParseError {
    let me = pos.turn();
    let candidate = match (p.drop, p.kind, p.from, p.to) {
        (true, Some(kind), _, Some(to)) => Some(Move::drop(kind, to)),
        // A move to the square the piece stands on: said so, rather than that the square
        // holds one of the mover's own pieces.
        (false, _, Some(from), Some(to)) if from == to => {
            if let Some(piece) = pos.piece_at(from).filter(|pc| pc.owner() == me) {
                return MoveParseError::Illegal {
                    text: text.into(),
                    reason: IllegalMove::AlreadyThere {
                        piece: pos.kind(piece.kind()).name.into(),
                        square: pos.geometry().name(from).to_string(),
                    },
                };
            }
            Some(Move::board(from, to, p.promote.unwrap_or(false)))
        }
        (false, _, Some(from), Some(to)) => Some(Move::board(from, to, p.promote.unwrap_or(false))),
        (false, Some(kind), None, Some(to)) => {
            // A Western move without origin: if exactly one piece of that kind exists, say
            // why it cannot go there.
            let owned: Vec<Sq> = pos
                .geometry()
                .squares()
                .filter(|&sq| {
                    pos.piece_at(sq)
                        .is_some_and(|pc| pc.owner() == me && pc.kind() == kind)
                })
                .collect();
            match owned.as_slice() {
                [from] if *from == to => {
                    return MoveParseError::Illegal {
                        text: text.into(),
                        reason: IllegalMove::AlreadyThere {
                            piece: pos.kind(kind).name.into(),
                            square: pos.geometry().name(to).to_string(),
                        },
                    }
                }
                [from] => Some(Move::board(*from, to, p.promote.unwrap_or(false))),
                [] => {
                    return MoveParseError::Illegal {
                        text: text.into(),
                        reason: IllegalMove::NoPieceOfKind(pos.kind(kind).name.into()),
                    }
                }
                // None of several can go there: the reason of the nearest, the piece a
                // player most likely meant (`P-7e` is refused as `7g7e` is).
                several => several
                    .iter()
                    .min_by_key(|&&from| {
                        let (dx, dy) = pos.geometry().displacement(from, to);
                        (dx.abs() + dy.abs(), dx.abs())
                    })
                    .map(|&from| Move::board(from, to, p.promote.unwrap_or(false))),
            }
        }
        _ => None,
    };
    match candidate {
        Some(m) => match pos.check_move(&m) {
            Err(reason) => MoveParseError::Illegal {
                text: text.into(),
                reason,
            },
            // Legal without the promotion mark the text gave (e.g. `+` outside the zone).
            Ok(()) => MoveParseError::Illegal {
                text: text.into(),
                reason: if p.promote == Some(true) {
                    IllegalMove::OutsideZone
                } else {
                    IllegalMove::DeadPiece {
                        piece: pos
                            .piece_at(m.from)
                            .map_or("piece".into(), |pc| pos.kind(pc.kind()).name.to_string()),
                        square: pos.geometry().name(m.to).to_string(),
                    }
                },
            },
        },
        None => MoveParseError::NoSuchMove(text.into()),
    }
}

/// Finds a kind by its code, case-insensitively (`P`, `+r`).
fn kind_by_code(pos: &ShogiPosition, code: &str) -> Option<KindId> {
    pos.spec()
        .kinds
        .iter()
        .position(|k| k.code.eq_ignore_ascii_case(code))
        .map(|k| k as KindId)
}

fn parse_coordinate(pos: &ShogiPosition, text: &str) -> Option<Pattern> {
    let g = pos.geometry();
    if let Some((code, square)) = text.split_once('*') {
        let kind = kind_by_code(pos, code)?;
        let to = g.parse_square(square)?;
        return Some(Pattern {
            kind: Some(kind),
            to: Some(to),
            drop: true,
            ..Pattern::default()
        });
    }
    let (from, rest) = g.parse_square_prefix(text)?;
    let (to, rest) = g.parse_square_prefix(rest)?;
    let promote = match rest {
        "" => false,
        "+" => true,
        _ => return None,
    };
    Some(Pattern {
        from: Some(from),
        to: Some(to),
        promote: Some(promote),
        ..Pattern::default()
    })
}

/// Reads a move written in digits, as USI writes it with the ranks as numbers and as CSA
/// and KIF records name squares: `7776` (origin, then destination; promotion not said),
/// `8822+` (promoting). Boards of up to nine lines, whose squares are two digits.
fn parse_digits(pos: &ShogiPosition, text: &str) -> Option<Pattern> {
    let g = pos.geometry();
    if g.size() > 9 {
        return None;
    }
    let (digits, promote) = match text.strip_suffix('+') {
        Some(digits) => (digits, Some(true)),
        None => (text, None),
    };
    let [from_file, from_rank, to_file, to_rank] = digit_squares(digits)?;
    Some(Pattern {
        from: Some(g.from_file_rank(from_file, from_rank)?),
        to: Some(g.from_file_rank(to_file, to_rank)?),
        promote,
        ..Pattern::default()
    })
}

/// The four digits 1 to 9 of `text`, if it is exactly that (ASCII or full width).
fn digit_squares(text: &str) -> Option<[u8; 4]> {
    let mut digits = text.chars();
    let mut out = [0; 4];
    for slot in &mut out {
        let c = digits.next()?;
        if c.is_alphabetic() && !c.is_ascii() {
            // Kanji numerals name ranks in Japanese text, not here.
            return None;
        }
        *slot = digit_value(c)?;
    }
    digits.next().is_none().then_some(out)
}

/// The piece codes of CSA records, by kind of the standard table.
pub(in crate::engine) const CSA_CODES: [&str; 14] = [
    "OU", "HI", "KA", "KI", "GI", "KE", "KY", "FU", "RY", "UM", "NG", "NK", "NY", "TO",
];

/// Reads a move as CSA records write it: `+7776FU` or `7776FU` (the side mark, when
/// given, is checked by [`csa_side_refused`]), origin `00` for a drop
/// (`+0055KA`), and the piece as it stands after the move, so `+8822UM` promotes and
/// `+8822KA` does not. Two-player games only (CSA has two sides).
fn parse_csa(pos: &ShogiPosition, text: &str) -> Option<Pattern> {
    if pos.spec().seats != 2 || pos.geometry().size() != 9 {
        return None;
    }
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    if body.len() != 6 || !body.is_ascii() {
        return None;
    }
    let (squares, code) = body.split_at(4);
    let code = code.to_ascii_uppercase();
    let after = CSA_CODES.iter().position(|c| *c == code)? as KindId;
    let g = pos.geometry();
    let to_digits = |pair: &str| -> Option<(u8, u8)> {
        let mut chars = pair.chars();
        let file = chars.next()?.to_digit(10)? as u8;
        let rank = chars.next()?.to_digit(10)? as u8;
        Some((file, rank))
    };
    let (from_file, from_rank) = to_digits(&squares[..2])?;
    let (to_file, to_rank) = to_digits(&squares[2..])?;
    let to = g.from_file_rank(to_file, to_rank)?;
    if (from_file, from_rank) == (0, 0) {
        return Some(Pattern {
            kind: Some(after),
            to: Some(to),
            drop: true,
            ..Pattern::default()
        });
    }
    let from = g.from_file_rank(from_file, from_rank)?;
    // The code names the piece after the move: a promoted code on a piece that was not
    // promoted before says the move promotes.
    let before = pos.piece_at(from).map(|p| p.kind());
    let promote = match before {
        Some(kind) if kind == after => false,
        Some(kind) if pos.kind(kind).promotes_to == Some(after) => true,
        // Another piece than the one standing there: matched on the kind, and refused.
        _ => false,
    };
    Some(Pattern {
        kind: Some(if promote { before? } else { after }),
        from: Some(from),
        to: Some(to),
        promote: Some(promote),
        ..Pattern::default()
    })
}

/// Whether `text` is shaped like a CSA move (`+8822KA`), which says whether it promotes by
/// the piece it names: the promotion is never left open.
pub fn is_csa_move(text: &str) -> bool {
    let body = text.trim().strip_prefix(['+', '-']).unwrap_or(text.trim());
    body.len() == 6
        && body.is_char_boundary(4)
        && body[..4].bytes().all(|b| b.is_ascii_digit())
        && CSA_CODES.contains(&body[4..].to_ascii_uppercase().as_str())
}

/// The refusal of a CSA move whose side mark names the side not to move (`-3334FU` on
/// black's turn: `+` is black, `-` white).
fn csa_side_refused(pos: &ShogiPosition, text: &str) -> Option<IllegalMove> {
    parse_csa(pos, text)?;
    let named = match text.as_bytes().first()? {
        b'+' => Seat(0),
        b'-' => Seat(1),
        _ => return None,
    };
    let name = |seat| pos.variant().named_seat(seat);
    (named != pos.turn()).then(|| IllegalMove::WrongSeat {
        to_move: name(pos.turn()),
        named: name(named),
    })
}

fn parse_western(pos: &ShogiPosition, text: &str) -> Option<Pattern> {
    let g = pos.geometry();
    let (code_len, _) = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_digit() || matches!(c, '-' | 'x' | 'X' | '*'))?;
    let kind = kind_by_code(pos, &text[..code_len])?;
    let mut rest = &text[code_len..];
    let mut from = None;
    if let Some((sq, r)) = g.parse_square_prefix(rest) {
        from = Some(sq);
        rest = r;
    }
    let sep = rest.chars().next()?;
    rest = &rest[sep.len_utf8()..];
    let (to, rest) = g.parse_square_prefix(rest)?;
    let promote = match rest {
        "" => None,
        "+" => Some(true),
        "=" => Some(false),
        _ => return None,
    };
    match sep {
        '*' if from.is_none() && promote.is_none() => Some(Pattern {
            kind: Some(kind),
            to: Some(to),
            drop: true,
            ..Pattern::default()
        }),
        '-' | 'x' | 'X' => Some(Pattern {
            kind: Some(kind),
            from,
            to: Some(to),
            promote,
            ..Pattern::default()
        }),
        _ => None,
    }
}

/// Reads Japanese move text: `７六歩`, `76歩`, `▲２二角成`, `５五角打`, `４八金右`
/// (or `４八金右寄`), and KIF's origin form `７六歩(77)`. 同 needs the previous move, which a bare position does not know, so it is
/// not accepted here.
fn parse_japanese(pos: &ShogiPosition, text: &str) -> Option<Pattern> {
    let g = pos.geometry();
    let mut chars: Vec<char> = text
        .chars()
        .filter(|c| !matches!(c, '▲' | '△' | '☗' | '☖' | ' ' | '　'))
        .collect();
    if chars.len() < 3 {
        return None;
    }
    // KIF writes the origin after the move: `７六歩(77)`, `２二角不成(88)`.
    let mut origin = None;
    if let [.., '(', f, r, ')'] | [.., '（', f, r, '）'] = chars.as_slice() {
        let from = g.from_file_rank(digit_value(*f)?, digit_value(*r)?)?;
        origin = Some(from);
        chars.truncate(chars.len() - 4);
    }
    if chars.len() < 3 {
        return None;
    }
    let file = digit_value(chars[0])?;
    let rank = digit_value(chars[1])?;
    let to = g.from_file_rank(file, rank)?;
    chars.drain(..2);
    let rest: String = chars.into_iter().collect();
    // Longest kif name first (成銀 before 銀).
    let mut kinds: Vec<(usize, &str)> = pos
        .spec()
        .kinds
        .iter()
        .enumerate()
        .flat_map(|(i, k)| {
            let mut names = vec![(i, k.kif), (i, k.kanji)];
            if let Some(alt) = k.kanji_alt {
                names.push((i, alt));
            }
            names
        })
        .collect();
    kinds.push((pos.spec().kinds.iter().position(|k| k.code == "+R")?, "竜"));
    kinds.sort_by_key(|(_, name)| std::cmp::Reverse(name.chars().count()));
    let (kind, name) = kinds.into_iter().find(|(_, name)| rest.starts_with(name))?;
    let mut suffix = &rest[name.len()..];
    let mut pattern = Pattern {
        kind: Some(kind as KindId),
        from: origin,
        to: Some(to),
        ..Pattern::default()
    };
    if let Some(s) = suffix.strip_suffix("不成") {
        pattern.promote = Some(false);
        suffix = s;
    } else if let Some(s) = suffix.strip_suffix('成') {
        pattern.promote = Some(true);
        suffix = s;
    }
    if let Some(s) = suffix.strip_suffix('打') {
        pattern.drop = true;
        suffix = s;
    }
    if origin.is_some() {
        // The origin names the piece; relative words add nothing, and a drop has none.
        return (!pattern.drop && suffix.chars().all(|c| "右左上引寄直".contains(c)))
            .then_some(pattern);
    }
    // Relative words (右/左/上/引/寄/直) are resolved by matching: accept them and let
    // ambiguity, if any, be reported.
    if suffix.chars().any(|c| !"右左上引寄直".contains(c)) {
        return None;
    }
    if !pattern.drop {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        // A bare kanji move that only a drop can satisfy is a drop, when the piece is in
        // hand: otherwise it is a board move no piece can make, refused with the reason of
        // the board (`５五王` is a king that cannot reach 5e, not a king that cannot be
        // dropped).
        let board = legal
            .iter()
            .any(|m| !m.is_drop() && pattern_matches(pos, &pattern, m));
        let in_hand = pos.hand_count(pos.turn(), kind as KindId) > 0;
        if !board && in_hand && suffix.is_empty() {
            pattern.drop = true;
        } else if board && !suffix.is_empty() {
            let mut candidates: Vec<Sq> = legal
                .iter()
                .filter(|m| !m.is_drop() && pattern_matches(pos, &pattern, m))
                .map(|m| m.from)
                .collect();
            candidates.sort_unstable_by_key(|sq| sq.0);
            candidates.dedup();
            // When the words fit none or several, the match below reports the ambiguity.
            if let [from] = relative_words_select(pos, &candidates, to, suffix).as_slice() {
                pattern.from = Some(*from);
            }
        }
    }
    Some(pattern)
}

/// The origins among `candidates` that the relative words (右/左/上/引/寄/直) pick out, read
/// by meaning so that both the short form (`４八金右`) and the long one (`４八金右寄`) work:
/// the way words first, then 直, then 右/左 among the pieces left.
fn relative_words_select(pos: &ShogiPosition, candidates: &[Sq], to: Sq, words: &str) -> Vec<Sq> {
    let me = pos.turn();
    let g = pos.geometry();
    let mut left: Vec<Sq> = candidates.to_vec();
    for word in words.chars() {
        match word {
            '上' | '引' | '寄' => {
                let want = match word {
                    '上' => -1,
                    '引' => 1,
                    _ => 0,
                };
                left.retain(|&from| relative_motion(pos, me, from, to).1.signum() == want);
            }
            '直' => left.retain(|&from| {
                let (dx, dy) = relative_motion(pos, me, from, to);
                dx == 0 && dy < 0
            }),
            _ => {}
        }
    }
    let x_of = |sq: Sq| relative_motion(pos, me, g.square(0, 0), sq).0;
    let side = words.chars().find(|c| matches!(c, '右' | '左'));
    if let (Some(side), false) = (side, left.is_empty()) {
        let best = if side == '右' {
            left.iter().map(|&s| x_of(s)).max()
        } else {
            left.iter().map(|&s| x_of(s)).min()
        };
        left.retain(|&s| Some(x_of(s)) == best);
    }
    left
}

fn digit_value(c: char) -> Option<u8> {
    if let Some(d) = c.to_digit(10) {
        return (1..=9).contains(&d).then_some(d as u8);
    }
    FULL_WIDTH_DIGITS
        .iter()
        .chain(KANJI_NUMERALS.iter())
        .position(|&x| x == c)
        .map(|i| (i % 9) as u8 + 1)
}

/// Splits a list of moves on spaces. Japanese `同　銀` holds a (full-width) space inside
/// one move, so a lone 同 (with or without its side mark) joins the text after it.
pub fn split_moves(text: &str) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    let mut join_next = false;
    for word in text.split_whitespace() {
        match moves.last_mut() {
            Some(last) if join_next => last.push_str(word),
            _ => moves.push(word.to_string()),
        }
        join_next = word.trim_start_matches(['▲', '△', '☗', '☖']) == "同";
    }
    moves
}
