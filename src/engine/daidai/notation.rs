//! Dai dai shogi move notation, read and written.
//!
//! - **Coordinate form** (canonical; what `moves` prints and autocomplete offers): the
//!   origin, the middle squares, the destination, then `+` when the move promotes:
//!   `9q9p`, `8d7c+` (a capture that promotes), `8h7g6f` (a lion taking on 7g and going
//!   on to 6f), `8h7g8h` (igui on 7g, or a pass over an empty 7g), `9i9h9g9f` (a lion dog
//!   taking three pieces). Only squares where a piece is taken are written in the middle,
//!   but reading also accepts any middle square the piece really passes (a lion's empty
//!   first step, a hook move's turning square, any empty neighbour for a pass). The `+`
//!   is optional when reading (promotion on capture is compulsory) but refused on a move
//!   that does not promote.
//! - **Hodges form** (the seed's "Game notation"): piece code, `-` or `x`, destination:
//!   `P-8g`, `Lnx7c`; `+` before the code of the kind a promoted piece came from
//!   (`+BM-5e` is a mountain witch); `+` at the end when the capture promotes (`CSx7c+`);
//!   each further square of a multi-step move follows with its own `-` or `x`
//!   (`Lnx7cx7d`, `Lnx7c-6c`, `LDx9hx9gx9f`); igui is `x!` and the captured square
//!   (`Lnx!7c`), a pass `-!` and the square stepped over (`Ln-!7c`); the origin follows the
//!   code when the piece would be ambiguous (`G8q-8p`). Reading accepts codes without
//!   regard to case when that is unambiguous, the aliases `SG`, `SVT`, `WBR`, `WEL`, and
//!   the kanji names (`獅子x7c`).

use super::*;
use crate::engine::error::{Candidate, MoveParseError};

/// The canonical coordinate form of a move.
pub fn to_coordinate(_pos: &DaiDaiPosition, m: &Move) -> String {
    let mut out = GEOMETRY.name(m.from).to_string();
    for sq in m.middles() {
        out.push_str(&GEOMETRY.name(sq).to_string());
    }
    out.push_str(&GEOMETRY.name(m.to).to_string());
    if m.promote {
        out.push('+');
    }
    out
}

/// The piece as Hodges notation names it: its code, or `+` and the code of the kind it
/// promoted from.
pub fn piece_code(p: Piece) -> String {
    match (p.promoted(), promoted_from_kind(p.kind())) {
        (true, Some(source)) => format!("+{}", kinds()[source as usize].code),
        _ => kinds()[p.kind() as usize].code.to_string(),
    }
}

/// Hodges notation, with the origin square only when the text would otherwise name
/// another move too. `legal` is the position's legal moves.
pub fn to_hodges(pos: &DaiDaiPosition, m: &Move, legal: &[Move]) -> String {
    let Some(piece) = pos.piece_at(m.from) else {
        return to_coordinate(pos, m);
    };
    let code = piece_code(piece);
    let tail = hodges_tail(pos, m);
    // Reading the text back is the test of ambiguity: it decides as a reader would,
    // including the cases where a pass or an empty middle square could be another
    // piece's move.
    let short = format!("{code}{tail}");
    if resolve(pos, &short, legal) == Ok(*m) {
        return short;
    }
    let long = format!("{code}{}{tail}", GEOMETRY.name(m.from));
    if resolve(pos, &long, legal) == Ok(*m) {
        long
    } else {
        to_coordinate(pos, m)
    }
}

/// Everything after the piece and origin: the squares with their `-`/`x`, and the `+`.
fn hodges_tail(pos: &DaiDaiPosition, m: &Move) -> String {
    let sep = |sq: Sq| {
        if pos.piece_at(sq).is_some() {
            'x'
        } else {
            '-'
        }
    };
    let mut out = String::new();
    if m.to == m.from && !m.via[0].is_none() {
        out.push(sep(m.via[0]));
        out.push('!');
        out.push_str(&GEOMETRY.name(m.via[0]).to_string());
    } else {
        for sq in m.middles().chain(std::iter::once(m.to)) {
            out.push(sep(sq));
            out.push_str(&GEOMETRY.name(sq).to_string());
        }
    }
    if m.promote {
        out.push('+');
    }
    out
}

/// Which pieces a move text names.
#[derive(Debug, Clone)]
enum PieceSpec {
    /// Pieces of these kinds, promoted or not (`Ln`, `獅子`, `FF`).
    Kinds(Vec<KindId>),
    /// Promoted pieces that came from these kinds (`+BM`).
    PromotedFrom(Vec<KindId>),
}

impl PieceSpec {
    /// Whether this is how Hodges notation writes the piece (`+FD` for a promoted flying
    /// dragon, not `DK`).
    fn names_exactly(&self, p: Option<Piece>) -> bool {
        p.is_some_and(|p| {
            self.matches(p)
                && match self {
                    PieceSpec::Kinds(_) => !p.promoted() || kinds()[p.kind() as usize].promoted,
                    PieceSpec::PromotedFrom(_) => true,
                }
        })
    }

    fn matches(&self, p: Piece) -> bool {
        match self {
            PieceSpec::Kinds(kinds) => kinds.contains(&p.kind()),
            PieceSpec::PromotedFrom(sources) => {
                p.promoted() && promoted_from_kind(p.kind()).is_some_and(|s| sources.contains(&s))
            }
        }
    }
}

/// What a move text says, before it is matched against the legal moves.
#[derive(Debug, Clone, Default)]
struct Spec {
    piece: Option<PieceSpec>,
    origin: Option<Sq>,
    /// The squares the piece lands on, in order (the last is the destination unless
    /// `back` is set).
    path: ArrayVec<Sq, 4>,
    /// Igui or pass: after the one square of `path` the piece returns to its origin.
    back: bool,
    /// A `+` at the end.
    promote_mark: bool,
}

/// Reads a move in either notation and finds it among the legal moves.
pub fn parse_move(pos: &DaiDaiPosition, text: &str) -> Result<Move, MoveParseError> {
    let text = text.trim();
    if text.contains('*') {
        return Err(MoveParseError::Illegal {
            text: text.into(),
            reason: IllegalMove::NoDrops,
        });
    }
    read_spec(text).ok_or_else(|| syntax(text))?;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    resolve(pos, text, &legal)
}

/// The error for text in neither notation, with dai dai examples (a lion's double capture
/// among them).
fn syntax(text: &str) -> MoveParseError {
    MoveParseError::Syntax {
        text: text.to_string(),
        examples: "9l9k, P-9k, 15g15f15e, Lnx15fx15e",
    }
}

/// Finds the move `text` names among `legal`, the position's legal moves.
fn resolve(pos: &DaiDaiPosition, text: &str, legal: &[Move]) -> Result<Move, MoveParseError> {
    let spec = read_spec(text).ok_or_else(|| syntax(text))?;
    let mut found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| matches_spec(pos, &spec, m, legal))
        .collect();
    if found.len() > 1 {
        // `DK` may name a promoted flying dragon too, but where an unpromoted dragon king
        // can make the move as well, the code means the piece it names exactly.
        let exact: Vec<Move> = found
            .iter()
            .copied()
            .filter(|m| {
                spec.piece
                    .as_ref()
                    .is_some_and(|s| s.names_exactly(pos.piece_at(m.from)))
            })
            .collect();
        if exact.len() == 1 {
            found = exact;
        }
    }
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(explain_no_match(pos, &spec, text, legal)),
        many => Err(MoveParseError::Ambiguous {
            text: text.into(),
            candidates: many
                .iter()
                .map(|m| {
                    let piece = pos.piece_at(m.from).map(piece_code).unwrap_or_default();
                    Candidate {
                        coordinate: to_coordinate(pos, m),
                        western: format!("{piece}{}{}", GEOMETRY.name(m.from), hodges_tail(pos, m)),
                        japanese: None,
                    }
                })
                .collect(),
        }),
    }
}

/// Parses the text's shape; `None` when it is neither notation.
fn read_spec(text: &str) -> Option<Spec> {
    let mut spec = Spec::default();
    let mut rest = text;
    if rest.is_empty() || rest.len() > 64 {
        return None;
    }
    if !rest.starts_with(|c: char| c.is_ascii_digit()) {
        let promoted = match rest.strip_prefix('+') {
            Some(r) => {
                rest = r;
                true
            }
            None => false,
        };
        let (kinds, after) = read_piece_name(rest)?;
        rest = after;
        spec.piece = Some(if promoted {
            let sources: Vec<KindId> = kinds
                .into_iter()
                .filter(|&k| kinds_table_promotes(k))
                .collect();
            if sources.is_empty() {
                return None;
            }
            PieceSpec::PromotedFrom(sources)
        } else {
            PieceSpec::Kinds(kinds)
        });
    }
    // Squares written back to back: an origin, or the whole coordinate form.
    let mut squares: ArrayVec<Sq, 5> = ArrayVec::new();
    while let Some((sq, after)) = GEOMETRY.parse_square_prefix(rest) {
        if squares.try_push(sq).is_err() {
            return None;
        }
        rest = after;
    }
    let has_legs = rest.starts_with(['-', 'x', 'X', '!']);
    match (squares.len(), has_legs) {
        (0, false) => return None,
        (0, true) => {}
        (1, true) => spec.origin = Some(squares[0]),
        (1, false) if spec.piece.is_some() => spec.path.push(squares[0]),
        (1, false) => return None,
        (_, false) => {
            spec.origin = Some(squares[0]);
            let tail = &squares[1..];
            if tail.len() == 2 && tail[1] == squares[0] {
                spec.path.push(tail[0]);
                spec.back = true;
            } else {
                spec.path.extend(tail.iter().copied());
            }
        }
        (_, true) => return None,
    }
    if has_legs {
        while let Some(c) = rest.chars().next() {
            if !matches!(c, '-' | 'x' | 'X' | '!') || spec.back {
                break;
            }
            rest = &rest[1..];
            if c != '!' {
                if let Some(r) = rest.strip_prefix('!') {
                    rest = r;
                    spec.back = true;
                }
            } else {
                spec.back = true;
            }
            let (sq, after) = GEOMETRY.parse_square_prefix(rest)?;
            rest = after;
            if spec.back && !spec.path.is_empty() {
                return None;
            }
            spec.path.try_push(sq).ok()?;
        }
    }
    match rest {
        "" => {}
        "+" => spec.promote_mark = true,
        _ => return None,
    }
    (!spec.path.is_empty()).then_some(spec)
}

/// Whether a kind has a promotion under the default rules (the `+X` of Hodges notation).
fn kinds_table_promotes(kind: KindId) -> bool {
    kinds()[kind as usize].promotes_to.is_some()
}

/// The piece name at the start of `text`: ASCII letters (a code or alias, possibly
/// followed by the capture mark `x`) or kanji. Returns the kinds it may mean and the rest.
fn read_piece_name(text: &str) -> Option<(Vec<KindId>, &str)> {
    let ascii = text.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
    if ascii > 0 {
        let letters = &text[..ascii];
        // The longest known name, leaving nothing or a capture mark of the letters.
        for len in (1..=ascii).rev() {
            let tail = &letters[len..];
            if !(tail.is_empty() || tail == "x" || tail == "X") {
                continue;
            }
            let kinds = kinds_named(&letters[..len]);
            if !kinds.is_empty() {
                return Some((kinds, &text[len..]));
            }
        }
        return None;
    }
    let end = text
        .char_indices()
        .find(|(_, c)| c.is_ascii())
        .map_or(text.len(), |(i, _)| i);
    let kinds = kinds_named(&text[..end]);
    (!kinds.is_empty()).then_some((kinds, &text[end..]))
}

/// King distance between two squares.
fn king_distance(a: Sq, b: Sq) -> i32 {
    let (dx, dy) = GEOMETRY.displacement(a, b);
    dx.abs().max(dy.abs())
}

/// Whether `middles` then `to` is a path the piece on `from` could take on an empty
/// board: a lion's two king steps, steps and jumps along one lion-dog line (at most three
/// squares' worth, never behind the start), or a hook move's turning square.
fn plausible_path(pos: &DaiDaiPosition, from: Sq, piece: Piece, middles: &[Sq], to: Sq) -> bool {
    if middles.is_empty() {
        return true;
    }
    let plan = pos.data.plan(piece.owner(), piece.kind());
    if plan.lion
        && middles.len() == 1
        && king_distance(from, middles[0]) == 1
        && king_distance(middles[0], to) == 1
    {
        return true;
    }
    if plan.dog_lines != 0 && !plan.dog_slide {
        // Each square's distance along one line from `from`.
        let (dx, dy) = GEOMETRY.displacement(from, middles[0]);
        let unit = (dx.signum(), dy.signum());
        let dir = crate::engine::geometry::DIRECTIONS
            .iter()
            .position(|&d| d == unit);
        if dir.is_some_and(|d| plan.dog_lines & (1 << d) != 0) {
            let along = |sq: Sq| {
                let (x, y) = GEOMETRY.displacement(from, sq);
                let k = x.abs().max(y.abs());
                ((x, y) == (unit.0 * k, unit.1 * k) && k <= 3).then_some(k)
            };
            let mut at = 0;
            let mut travelled = 0;
            let mut ok = true;
            for (i, &sq) in middles.iter().chain(std::iter::once(&to)).enumerate() {
                match along(sq) {
                    Some(k) if k >= 1 || i == middles.len() => {
                        travelled += (k - at).abs();
                        at = k;
                    }
                    _ => ok = false,
                }
            }
            if ok && travelled <= 3 {
                return true;
            }
        }
    }
    if plan.hook_dirs != 0 && middles.len() == 1 {
        let corner = middles[0];
        let (ax, ay) = GEOMETRY.displacement(from, corner);
        let (bx, by) = GEOMETRY.displacement(corner, to);
        let unit_a = (ax.signum(), ay.signum());
        let first_leg = crate::engine::geometry::DIRECTIONS
            .iter()
            .position(|&d| d == unit_a)
            .filter(|&d| plan.hook_dirs & (1 << d) != 0);
        let straight = |x: i32, y: i32| (x == 0) != (y == 0) || (x != 0 && x.abs() == y.abs());
        if first_leg.is_some() && straight(ax, ay) && straight(bx, by) && ax * bx + ay * by == 0 {
            return true;
        }
    }
    false
}

/// Whether the legal move `m` is what `spec` says.
fn matches_spec(pos: &DaiDaiPosition, spec: &Spec, m: &Move, legal: &[Move]) -> bool {
    if spec.origin.is_some_and(|o| o != m.from) {
        return false;
    }
    let Some(piece) = pos.piece_at(m.from) else {
        return false;
    };
    if spec.piece.as_ref().is_some_and(|s| !s.matches(piece)) {
        return false;
    }
    if spec.promote_mark && !m.promote {
        return false;
    }
    spec_as_move(pos, spec, m.from, piece, legal).is_some_and(|typed| typed == (m.via, m.to))
}

/// The middle captures and destination `spec` means for the piece on `from`, in the
/// canonical form of [`Move`] (a pass is the piece's one pass move); `None` if the path is
/// not one the piece could take.
fn spec_as_move(
    pos: &DaiDaiPosition,
    spec: &Spec,
    from: Sq,
    piece: Piece,
    legal: &[Move],
) -> Option<([Sq; 2], Sq)> {
    let mut full: ArrayVec<Sq, 5> = spec.path.iter().copied().collect();
    if spec.back {
        full.push(from);
    }
    let (&to, middles) = full.split_last()?;
    if !plausible_path(pos, from, piece, middles, to) {
        return None;
    }
    let empty = |sq: Sq| pos.piece_at(sq).is_none();
    if to == from && middles.len() == 1 && empty(middles[0]) {
        // Any empty square the piece can step over and back is its one pass.
        return legal
            .iter()
            .find(|o| o.from == from && pos.is_pass(o))
            .map(|o| (o.via, o.to));
    }
    let mut via = [Sq::NONE; 2];
    let mut n = 0;
    for &sq in middles {
        if sq == to || sq == from || empty(sq) || via.contains(&sq) {
            continue;
        }
        if n == 2 {
            return None;
        }
        via[n] = sq;
        n += 1;
    }
    Some((via, to))
}

/// The most useful error when no legal move matches.
fn explain_no_match(
    pos: &DaiDaiPosition,
    spec: &Spec,
    text: &str,
    legal: &[Move],
) -> MoveParseError {
    let illegal = |reason: IllegalMove| MoveParseError::Illegal {
        text: text.into(),
        reason,
    };
    let me = pos.turn();
    if let Some(from) = spec.origin {
        match pos.piece_at(from) {
            None => return illegal(IllegalMove::NoPiece(GEOMETRY.name(from).to_string())),
            Some(p) if p.owner() != me => {
                return illegal(IllegalMove::NotYourPiece(GEOMETRY.name(from).to_string()))
            }
            Some(p) => {
                if spec.piece.as_ref().is_some_and(|s| !s.matches(p)) {
                    return illegal(IllegalMove::OtherPiece {
                        square: GEOMETRY.name(from).to_string(),
                        piece: pos.kind(p.kind()).name.into(),
                    });
                }
                let mut full: ArrayVec<Sq, 5> = spec.path.iter().copied().collect();
                if spec.back {
                    full.push(from);
                }
                if let Some((&to, middles)) = full.split_last() {
                    let mut via = [Sq::NONE; 2];
                    let mut n = 0;
                    for &sq in middles {
                        let taken = pos.piece_at(sq).is_some() && sq != to && !via.contains(&sq);
                        let pass_square = to == from && middles.len() == 1;
                        if (taken || pass_square) && n < 2 {
                            via[n] = sq;
                            n += 1;
                        }
                    }
                    let promote = legal
                        .iter()
                        .any(|o| o.from == from && o.to == to && o.via == via && o.promote);
                    let m = Move::through(from, via, to, promote);
                    if spec.promote_mark && !promote && pos.check_move(&m).is_ok() {
                        return illegal(IllegalMove::DoesNotPromote(
                            pos.kind(p.kind()).name.into(),
                        ));
                    }
                    if let Err(reason) = pos.check_move(&m) {
                        return illegal(reason);
                    }
                    if middles.len() > n {
                        return illegal(IllegalMove::WrongPath {
                            piece: pos.kind(p.kind()).name.into(),
                            from: GEOMETRY.name(from).to_string(),
                            to: GEOMETRY.name(to).to_string(),
                        });
                    }
                }
            }
        }
    } else if let Some(piece) = &spec.piece {
        if !pos
            .pieces()
            .any(|(_, p)| p.owner() == me && piece.matches(p))
        {
            return illegal(IllegalMove::NoSuchPiece);
        }
    }
    MoveParseError::NoSuchMove(text.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_start_move_round_trips_in_both_notations() {
        let pos = start();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        assert!(!legal.is_empty());
        for m in &legal {
            let coord = to_coordinate(&pos, m);
            assert_eq!(parse_move(&pos, &coord).as_ref(), Ok(m), "{coord}");
            let hodges = to_hodges(&pos, m, &legal);
            assert_eq!(parse_move(&pos, &hodges).as_ref(), Ok(m), "{hodges}");
        }
    }

    #[test]
    fn shapes_that_are_not_moves_are_syntax_errors() {
        let pos = start();
        for bad in [
            "",
            "9",
            "9q",
            "q9",
            "Ln",
            "Lnx",
            "9q9p9o9n9m9l",
            "9q-",
            "Lnx7c!",
            "Zz-5e",
            "9q9p++",
            "!!",
            "+P-9p",
            "Ln9q9p-9o",
            "\u{1F600}",
        ] {
            assert!(
                matches!(parse_move(&pos, bad), Err(MoveParseError::Syntax { .. })),
                "{bad}: {:?}",
                parse_move(&pos, bad)
            );
        }
        assert!(matches!(
            parse_move(&pos, "P*5e"),
            Err(MoveParseError::Illegal {
                reason: IllegalMove::NoDrops,
                ..
            })
        ));
    }
}
