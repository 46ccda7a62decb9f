//! Position text: one reader and one writer of the SFEN-style text every variant uses,
//! through a neutral [`Setup`] (board, hands, seat to move, seats alive, move number)
//! that each position type then checks against its own rules.
//!
//! What differs between the variants' texts is data, in a [`TextFormat`]:
//!
//! - **Board**: ranks from the top separated by `/`. Boards up to 9 wide write a rank as
//!   characters, a digit being a run of empty squares; wider boards separate items with
//!   commas, so that a run can take two digits.
//! - **Pieces**: the code of the kind, or `+` and the code of the kind it promoted from.
//!   With two seats the owner is the case (upper for the first seat, lower for the
//!   second); with four the owner is a lower-case seat letter before an upper-case code.
//! - **Fields**: board, seat to move (`b`/`w`, or `S`/`W`/`N`/`E`), hands, the seats still
//!   alive (four seats), the move number. Two-seat texts are split on any white space and
//!   may leave out the move number (and, without hands, the `-` for them); four-seat
//!   texts have five fields separated by single spaces.
//! - **Hands**: two seats share one SFEN hand, the owner given by case, in any order;
//!   four seats write four hands separated by `/`, in seat order, each in the written
//!   order of kinds with a count only from two on, so that each hand has one spelling.

use super::error::PositionError;
use super::geometry::{Seat, SeatSet};
use super::piece::{KindDef, KindId, Piece};
use super::position::Position;
use super::Variant;

/// How one variant writes positions, under the rules in force.
#[derive(Copy, Clone, Debug)]
pub struct TextFormat<'a> {
    /// The variant, which names the seats.
    pub variant: Variant,
    /// Board side.
    pub size: u8,
    /// The kind table (it decides which kinds promote, and to what).
    pub kinds: &'a [KindDef],
    /// The kinds a text names by their own code; `None` for every kind of the table.
    /// Promoted forms are always reachable as `+` and the code of their source.
    pub named: Option<&'a [KindId]>,
    /// Codes the text uses instead of a kind's table code (kinds whose codes differ only
    /// in case from another kind's).
    pub aliases: &'a [(KindId, &'static str)],
    /// Kinds held in hand, in the order a hand writes them; empty for variants without
    /// drops, whose hands field is always `-`.
    pub hand_kinds: &'a [KindId],
    /// The most pieces of one kind a hand can hold.
    pub hand_max: u8,
    /// The largest move number a text may give.
    pub max_move_number: u32,
}

/// A position as its text describes it, before any rule has looked at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board side.
    pub size: u8,
    /// The squares row by row from the top left (rank a, file N), `size * size` of them.
    pub board: Vec<Option<Piece>>,
    /// Pieces in hand: seat, kind and count, for the counts that are not zero.
    pub hands: Vec<(Seat, KindId, u8)>,
    /// The seat whose turn it is.
    pub turn: Seat,
    /// The seats still in the game.
    pub alive: SeatSet,
    /// The number of the next move, 1 at the start.
    pub move_number: u32,
}

impl Setup {
    /// The setup of a position, for writing it.
    pub fn of<P: Position>(pos: &P) -> Setup {
        let g = pos.geometry();
        let size = g.size();
        let mut board = Vec::with_capacity(usize::from(size) * usize::from(size));
        for row in 0..size {
            for col in 0..size {
                board.push(pos.piece_at(g.square(col, row)));
            }
        }
        let mut hands = Vec::new();
        for seat in (0..pos.seats()).map(Seat) {
            for &kind in pos.hand_kinds() {
                let n = pos.hand_count(seat, kind);
                if n > 0 {
                    hands.push((seat, kind, n));
                }
            }
        }
        Setup {
            size,
            board,
            hands,
            turn: pos.turn(),
            alive: pos.alive(),
            move_number: pos.ply() + 1,
        }
    }

    /// The piece on the square at `col` and `row`.
    pub fn piece(&self, col: u8, row: u8) -> Option<Piece> {
        self.board[usize::from(row) * usize::from(self.size) + usize::from(col)]
    }

    /// How many pieces of `kind` `seat` holds.
    pub fn hand_count(&self, seat: Seat, kind: KindId) -> u8 {
        self.hands
            .iter()
            .find(|&&(s, k, _)| s == seat && k == kind)
            .map_or(0, |&(_, _, n)| n)
    }
}

impl TextFormat<'_> {
    fn seats(&self) -> u8 {
        self.variant.seats()
    }

    /// Reads a position text into a setup. Errors name the first thing wrong,
    /// field by field: their presence, then the board, the seat to move, the hands, the
    /// seats alive and the move number.
    pub fn read(&self, text: &str) -> Result<Setup, PositionError> {
        let fields = self.fields(text)?;
        let mut setup = Setup {
            size: self.size,
            board: vec![None; usize::from(self.size) * usize::from(self.size)],
            hands: Vec::new(),
            turn: Seat(0),
            alive: SeatSet::all(self.seats()),
            move_number: 1,
        };
        self.read_board(fields.board, &mut setup)?;
        setup.turn = self.read_turn(fields.turn)?;
        if let Some(hands) = fields.hands {
            self.read_hands(hands, &mut setup)?;
        }
        if let Some(alive) = fields.alive {
            setup.alive = read_alive(alive)?;
        }
        if let Some(n) = fields.number {
            setup.move_number = n
                .parse()
                .ok()
                .filter(|n| (1..=self.max_move_number).contains(n))
                .ok_or_else(|| PositionError::MoveNumber(n.into()))?;
        }
        Ok(setup)
    }

    /// Splits the text into its fields, checking that the required ones are there and
    /// nothing follows the move number.
    fn fields<'t>(&self, text: &'t str) -> Result<Fields<'t>, PositionError> {
        if text.trim().is_empty() {
            return Err(PositionError::Empty);
        }
        if self.seats() == 4 {
            let mut fields = text.split(' ');
            let mut next = |what: &'static str| {
                fields
                    .next()
                    .filter(|f| !f.is_empty())
                    .ok_or(PositionError::MissingField(what))
            };
            let found = Fields {
                board: next("board")?,
                turn: next("seat to move")?,
                hands: Some(next("hands")?),
                alive: Some(next("list of seats alive")?),
                number: Some(next("move number")?),
            };
            return match fields.next() {
                Some(extra) => Err(PositionError::TrailingText(extra.into())),
                None => Ok(found),
            };
        }
        let mut fields = text.split_whitespace().peekable();
        let board = fields.next().ok_or(PositionError::Empty)?;
        let turn = fields
            .next()
            .ok_or(PositionError::MissingField("side to move"))?;
        let hands = if self.hand_kinds.is_empty() {
            // The `-` for no hands may be left out.
            fields.next_if_eq(&"-");
            None
        } else {
            Some(fields.next().ok_or(PositionError::MissingField("hands"))?)
        };
        let number = fields.next();
        if let Some(n) = number {
            // Without hands, the third field is read as the move number.
            if self.hand_kinds.is_empty() && !n.bytes().all(|b| b.is_ascii_digit()) {
                return Err(PositionError::NoHands(n.into()));
            }
        }
        if let Some(extra) = fields.next() {
            return Err(PositionError::TrailingText(extra.into()));
        }
        Ok(Fields {
            board,
            turn,
            hands,
            alive: None,
            number,
        })
    }

    fn read_board(&self, board: &str, setup: &mut Setup) -> Result<(), PositionError> {
        let size = usize::from(self.size);
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != size {
            return Err(PositionError::RankCount {
                expected: size,
                found: ranks.len(),
            });
        }
        for (row, rank) in ranks.into_iter().enumerate() {
            let too_wide = |found| PositionError::RankWidth {
                rank: row + 1,
                expected: size,
                found,
            };
            let mut col = 0usize;
            let mut items = Items::new(rank, self, row + 1);
            while let Some(item) = items.next_item()? {
                match item {
                    Item::Empty(run) => {
                        col += run;
                        if col > size {
                            return Err(too_wide(col));
                        }
                    }
                    Item::Piece(text) => {
                        let piece = self.read_piece(text)?;
                        if col >= size {
                            return Err(too_wide(col + 1));
                        }
                        setup.board[row * size + col] = Some(piece);
                        col += 1;
                    }
                }
            }
            if col != size {
                return Err(too_wide(col));
            }
        }
        Ok(())
    }

    /// One piece: `[+]CODE` with the owner in the case (two seats) or a seat letter before
    /// it (four seats).
    fn read_piece(&self, text: &str) -> Result<Piece, PositionError> {
        let unknown = || PositionError::UnknownPiece(text.into());
        let (owner, marked) = if self.seats() == 4 {
            let mut chars = text.chars();
            let seat = chars
                .next()
                .and_then(|c| seat_of_letter(c, false))
                .ok_or_else(unknown)?;
            (Some(seat), chars.as_str())
        } else {
            (None, text)
        };
        let (plus, code) = match marked.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, marked),
        };
        if code.is_empty() || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Err(unknown());
        }
        let owner = match owner {
            Some(seat) => seat,
            None if code.bytes().all(|b| b.is_ascii_uppercase()) => Seat(0),
            None if code.bytes().all(|b| b.is_ascii_lowercase()) => Seat(1),
            None => return Err(PositionError::MixedCase(text.into())),
        };
        // Two seats give the owner by case, so the code compares without it.
        let kind = self
            .named_kinds()
            .find(|&k| {
                let written = self.code(k);
                if self.seats() == 4 {
                    written == code
                } else {
                    written.eq_ignore_ascii_case(code)
                }
            })
            .ok_or_else(unknown)?;
        let def = &self.kinds[usize::from(kind)];
        if plus {
            let promoted = def.promotes_to.ok_or_else(|| PositionError::NoPromotion {
                item: text.into(),
                piece: def.name,
            })?;
            Ok(Piece::new(promoted, owner, true))
        } else {
            // A promoted-only kind is promoted whichever way it is written.
            Ok(Piece::new(kind, owner, def.promoted))
        }
    }

    fn named_kinds(&self) -> impl Iterator<Item = KindId> + '_ {
        (0..self.kinds.len() as KindId).filter(|k| self.named.map_or(true, |list| list.contains(k)))
    }

    /// The code the text writes for a kind.
    fn code(&self, kind: KindId) -> &'static str {
        self.aliases
            .iter()
            .find(|&&(k, _)| k == kind)
            .map_or(self.kinds[usize::from(kind)].code, |&(_, code)| code)
    }

    fn read_turn(&self, text: &str) -> Result<Seat, PositionError> {
        let seat = if self.seats() == 4 {
            let mut letters = text.chars();
            match (
                letters.next().and_then(|c| seat_of_letter(c, true)),
                letters.next(),
            ) {
                (Some(seat), None) => Some(seat),
                _ => None,
            }
        } else {
            match text {
                "b" => Some(Seat(0)),
                "w" => Some(Seat(1)),
                _ => None,
            }
        };
        seat.ok_or_else(|| PositionError::SideToMove(text.into()))
    }

    fn read_hands(&self, text: &str, setup: &mut Setup) -> Result<(), PositionError> {
        if self.seats() == 2 {
            return if text == "-" {
                Ok(())
            } else {
                self.read_hand(text, None, setup)
            };
        }
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != 4 {
            return Err(PositionError::HandCount(text.into()));
        }
        for (seat, part) in parts.into_iter().enumerate() {
            if part != "-" {
                self.read_hand(part, Some(Seat(seat as u8)), setup)?;
            }
        }
        Ok(())
    }

    /// One hand: kinds with counts before them. `seat` is the owner of a four-seat
    /// hand, which is written in one canonical way (the format's order of kinds, a count
    /// only from two on); a two-seat hand gives each owner by case, in any order.
    fn read_hand(
        &self,
        text: &str,
        seat: Option<Seat>,
        setup: &mut Setup,
    ) -> Result<(), PositionError> {
        let bad = || PositionError::Hand(text.into());
        let canonical = seat.is_some();
        let mut digits = "";
        let mut next_slot = 0usize;
        for (i, c) in text.char_indices() {
            if c.is_ascii_digit() {
                digits = &text[i - digits.len()..=i];
                continue;
            }
            let owner = match seat {
                Some(seat) => seat,
                None if c.is_ascii_uppercase() => Seat(0),
                None => Seat(1),
            };
            let letter = c.to_string();
            let slot = self
                .hand_kinds
                .iter()
                .position(|&k| match seat {
                    Some(_) => self.code(k) == letter,
                    None => self.code(k).eq_ignore_ascii_case(&letter),
                })
                .ok_or_else(bad)?;
            let n = match digits {
                "" => 1,
                _ => digits
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| (1..=self.hand_max).contains(&n))
                    .filter(|&n| !canonical || (n >= 2 && !digits.starts_with('0')))
                    .ok_or_else(bad)?,
            };
            let kind = self.hand_kinds[slot];
            let repeated = if canonical {
                slot < next_slot
            } else {
                setup.hand_count(owner, kind) != 0
            };
            if repeated {
                return Err(bad());
            }
            setup.hands.push((owner, kind, n));
            next_slot = slot + 1;
            digits = "";
        }
        if !digits.is_empty() || text.is_empty() {
            return Err(bad());
        }
        Ok(())
    }

    /// Writes a setup in this format.
    pub fn write(&self, setup: &Setup) -> String {
        let size = setup.size;
        let commas = size > 9;
        let mut out = String::with_capacity(if commas { 640 } else { 128 });
        for row in 0..size {
            if row > 0 {
                out.push('/');
            }
            let mut first = true;
            // Items of wide boards are separated by commas.
            let mut separate = |out: &mut String| {
                if commas && !first {
                    out.push(',');
                }
                first = false;
            };
            let mut empty = 0;
            for col in 0..size {
                match setup.piece(col, row) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            separate(&mut out);
                            push_number(&mut out, empty);
                            empty = 0;
                        }
                        separate(&mut out);
                        self.write_piece(p, &mut out);
                    }
                }
            }
            if empty > 0 {
                separate(&mut out);
                push_number(&mut out, empty);
            }
        }
        out.push(' ');
        out.push_str(&self.turn_text(setup.turn));
        out.push(' ');
        out.push_str(&self.hands_text(setup));
        if self.seats() == 4 {
            out.push(' ');
            for seat in setup.alive.iter() {
                out.push_str(self.variant.seat_name(seat));
            }
        }
        out.push(' ');
        push_number(&mut out, setup.move_number);
        out
    }

    /// Writes a piece as the board part does (`P`, `+p`, `+EA`, `nK`, `e+P`).
    fn write_piece(&self, p: Piece, out: &mut String) {
        let source = p
            .promoted()
            .then(|| {
                self.kinds
                    .iter()
                    .position(|k| k.promotes_to == Some(p.kind()))
            })
            .flatten();
        let code = match source {
            Some(source) => self.code(source as KindId),
            None => self.code(p.kind()),
        };
        if self.seats() == 4 {
            let letter = self.variant.seat_name(p.owner());
            out.extend(letter.chars().map(|c| c.to_ascii_lowercase()));
        }
        if source.is_some() {
            out.push('+');
        }
        match (self.seats(), p.owner()) {
            (4, _) => out.push_str(code),
            (_, Seat(0)) => out.extend(code.chars().map(|c| c.to_ascii_uppercase())),
            _ => out.extend(code.chars().map(|c| c.to_ascii_lowercase())),
        }
    }

    fn turn_text(&self, seat: Seat) -> String {
        match (self.seats(), seat) {
            (4, seat) => self.variant.seat_name(seat).to_string(),
            (_, Seat(0)) => "b".into(),
            _ => "w".into(),
        }
    }

    fn hands_text(&self, setup: &Setup) -> String {
        let hand = |seat: Seat, out: &mut String| {
            for &kind in self.hand_kinds {
                let n = setup.hand_count(seat, kind);
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                let code = self.code(kind);
                if self.seats() == 2 && seat != Seat(0) {
                    out.push_str(&code.to_ascii_lowercase());
                } else {
                    out.push_str(code);
                }
            }
        };
        let mut out = String::new();
        if self.seats() == 4 {
            for seat in (0..4).map(Seat) {
                if seat.0 > 0 {
                    out.push('/');
                }
                let before = out.len();
                hand(seat, &mut out);
                if out.len() == before {
                    out.push('-');
                }
            }
        } else {
            hand(Seat(0), &mut out);
            hand(Seat(1), &mut out);
            if out.is_empty() {
                out.push('-');
            }
        }
        out
    }
}

/// Appends a number in decimal.
fn push_number(out: &mut String, n: impl std::fmt::Display) {
    use std::fmt::Write;
    // Writing to a String cannot fail.
    let _ = write!(out, "{n}");
}

/// The fields of a position text, as written.
struct Fields<'t> {
    board: &'t str,
    turn: &'t str,
    hands: Option<&'t str>,
    alive: Option<&'t str>,
    number: Option<&'t str>,
}

/// One item of a rank: a run of empty squares or a piece's text.
enum Item<'t> {
    Empty(usize),
    Piece(&'t str),
}

/// Splits a rank into its items: characters (a digit for a run of empty squares), or on
/// boards wider than 9 comma-separated items.
struct Items<'t> {
    rest: &'t str,
    /// The items of a comma-separated rank.
    commas: Option<std::str::Split<'t, char>>,
    /// Pieces start with a seat letter (four seats).
    seat_letters: bool,
    /// The rank's number from the top, for errors.
    rank: usize,
    size: usize,
}

impl<'t> Items<'t> {
    fn new(rank_text: &'t str, format: &TextFormat<'_>, rank: usize) -> Items<'t> {
        let size = usize::from(format.size);
        Items {
            rest: rank_text,
            commas: (size > 9).then(|| rank_text.split(',')),
            seat_letters: format.seats() == 4,
            rank,
            size,
        }
    }

    fn next_item(&mut self) -> Result<Option<Item<'t>>, PositionError> {
        if let Some(commas) = &mut self.commas {
            let Some(item) = commas.next() else {
                return Ok(None);
            };
            if item.is_empty() {
                return Err(PositionError::EmptyItem(self.rank));
            }
            if !item.bytes().all(|b| b.is_ascii_digit()) {
                return Ok(Some(Item::Piece(item)));
            }
            return item
                .parse()
                .ok()
                .filter(|n| (1..=self.size).contains(n))
                .map(|n| Some(Item::Empty(n)))
                .ok_or_else(|| PositionError::BadRun {
                    item: item.into(),
                    max: self.size,
                });
        }
        let mut chars = self.rest.char_indices();
        let Some((_, first)) = chars.next() else {
            return Ok(None);
        };
        if let Some(d) = first.to_digit(10) {
            if d == 0 {
                return Err(PositionError::UnknownPiece("0".into()));
            }
            self.rest = &self.rest[1..];
            return Ok(Some(Item::Empty(d as usize)));
        }
        if self.seat_letters && seat_of_letter(first, false).is_none() {
            return Err(PositionError::SeatLetter(first.to_string()));
        }
        // A seat letter (four seats) and a `+` come before the code's one letter.
        let mut next = Some((0, first));
        if self.seat_letters {
            next = chars.next();
        }
        if next.is_some_and(|(_, c)| c == '+') {
            next = chars.next();
        }
        let Some((i, last)) = next else {
            return Err(PositionError::UnknownPiece(self.rest.into()));
        };
        let (item, rest) = self.rest.split_at(i + last.len_utf8());
        self.rest = rest;
        Ok(Some(Item::Piece(item)))
    }
}

/// The seats a list of seat letters names (`SWNE`, `SNE`): each once, in seat order.
fn read_alive(text: &str) -> Result<SeatSet, PositionError> {
    let mut set = SeatSet::EMPTY;
    let mut last: Option<Seat> = None;
    for c in text.chars() {
        let seat =
            seat_of_letter(c, true).ok_or_else(|| PositionError::AliveLetter(text.into()))?;
        if last.is_some_and(|l| l >= seat) {
            return Err(PositionError::AliveOrder(text.into()));
        }
        last = Some(seat);
        set = set.with(seat);
    }
    if set.is_empty() {
        return Err(PositionError::NobodyAlive);
    }
    Ok(set)
}

/// The four-seat seat a letter names: upper case for the seat to move and the seats
/// alive, lower case before a piece.
fn seat_of_letter(c: char, upper: bool) -> Option<Seat> {
    let right_case = if upper {
        c.is_ascii_uppercase()
    } else {
        c.is_ascii_lowercase()
    };
    let c = c.to_ascii_uppercase();
    (0..4u8)
        .map(Seat)
        .find(|&seat| right_case && Variant::Yonin.seat_name(seat).starts_with(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::daidai::{self, Rules};
    use crate::engine::AnyPosition;

    /// Damaged texts of every variant, each with the reason it is refused.
    #[test]
    fn every_refusal_names_its_reason() {
        use PositionError::*;
        use Variant::*;
        // A 17x17 board text whose first ranks are `first`, empty below.
        let rank17 = |first: &str, side: &str| {
            let empty = 17 - first.split('/').count();
            format!("{first}{} {side}", "/17".repeat(empty))
        };
        let yonin = |board: &str, rest: &str| format!("{board} {rest}");
        const YONIN_KINGS: &str = "4nK4/9/9/9/wK7eK/9/9/9/4sK4";
        let cases: Vec<(Variant, String, PositionError)> = vec![
            (Standard, "".into(), Empty),
            (Yonin, " ".into(), Empty),
            (Standard, "x".into(), MissingField("side to move")),
            (
                Standard,
                "9/9/9/9/9/9/9/9/9 b".into(),
                MissingField("hands"),
            ),
            (
                Yonin,
                yonin(YONIN_KINGS, "S -/-/-/-  1"),
                MissingField("list of seats alive"),
            ),
            (
                Standard,
                "4k4/9/9/9/9/9/9/9/4K4 b - 1 x".into(),
                TrailingText("x".into()),
            ),
            (DaiDai, rank17("17", "b 9 79"), TrailingText("79".into())),
            (
                Standard,
                "4k4/9/4K4 b - 1".into(),
                RankCount {
                    expected: 9,
                    found: 3,
                },
            ),
            (
                Standard,
                "4k5/9/9/9/9/9/9/9/4K4 b - 1".into(),
                RankWidth {
                    rank: 1,
                    expected: 9,
                    found: 10,
                },
            ),
            (DaiDai, rank17("17,", "b"), EmptyItem(1)),
            (
                DaiDai,
                rank17("18", "b"),
                BadRun {
                    item: "18".into(),
                    max: 17,
                },
            ),
            (
                Standard,
                "4q4/9/9/9/9/9/9/9/4K4 b - 1".into(),
                UnknownPiece("q".into()),
            ),
            (
                Standard,
                "4k3+/9/9/9/9/9/9/9/4K4 b - 1".into(),
                UnknownPiece("+".into()),
            ),
            (
                Yonin,
                yonin("4nB4/9/9/9/wK7eK/9/9/9/4sK4", "S -/-/-/- SWNE 1"),
                UnknownPiece("nB".into()),
            ),
            (
                Yonin,
                yonin("4K4/9/9/9/wK7eK/9/9/9/4sK4", "S -/-/-/- SWNE 1"),
                SeatLetter("K".into()),
            ),
            (DaiDai, rank17("16,Ln", "b"), MixedCase("Ln".into())),
            (
                DaiDai,
                rank17("16,+K", "b"),
                NoPromotion {
                    item: "+K".into(),
                    piece: "king",
                },
            ),
            (
                Standard,
                "4+k4/9/9/9/9/9/9/9/4K4 b - 1".into(),
                NoPromotion {
                    item: "+k".into(),
                    piece: "king",
                },
            ),
            (
                Standard,
                "4k4/9/9/9/9/9/9/9/4K4 x - 1".into(),
                SideToMove("x".into()),
            ),
            (
                Yonin,
                yonin(YONIN_KINGS, "s -/-/-/- SWNE 1"),
                SideToMove("s".into()),
            ),
            (
                Standard,
                "4k4/9/9/9/9/9/9/9/4K4 b K 1".into(),
                Hand("K".into()),
            ),
            (
                Standard,
                "4k4/9/9/9/9/9/9/9/4K4 b PP 1".into(),
                Hand("PP".into()),
            ),
            (
                Yonin,
                yonin(YONIN_KINGS, "S 1P/-/-/- SWNE 1"),
                Hand("1P".into()),
            ),
            (
                Yonin,
                yonin(YONIN_KINGS, "S PR/-/-/- SWNE 1"),
                Hand("PR".into()),
            ),
            (
                Yonin,
                yonin(YONIN_KINGS, "S -/-/- SWNE 1"),
                HandCount("-/-/-".into()),
            ),
            (DaiDai, rank17("17", "b x"), NoHands("x".into())),
            (
                Yonin,
                yonin(YONIN_KINGS, "S -/-/-/- swne 1"),
                AliveLetter("swne".into()),
            ),
            (
                Yonin,
                yonin(YONIN_KINGS, "S -/-/-/- NS 1"),
                AliveOrder("NS".into()),
            ),
            (
                Standard,
                "4k4/9/9/9/9/9/9/9/4K4 b - 0".into(),
                MoveNumber("0".into()),
            ),
            (
                DaiDai,
                rank17("16,k", "b - 1000001"),
                MoveNumber("1000001".into()),
            ),
            (
                Standard,
                "P3k4/9/9/9/9/9/9/9/4K4 b - 1".into(),
                DeadPiece {
                    seat: "black",
                    piece: "pawn",
                    square: "9a".into(),
                },
            ),
            (
                Yonin,
                yonin("4nK3sP/9/9/9/wK7eK/9/9/9/4sK4", "S -/-/-/- SWNE 1"),
                DeadPiece {
                    seat: "S",
                    piece: "pawn",
                    square: "1a".into(),
                },
            ),
            (
                Standard,
                "4k4/9/9/9/9/9/P8/P8/4K4 b - 1".into(),
                Nifu {
                    seat: "black",
                    line: "file",
                    square: "9h".into(),
                },
            ),
            (
                Yonin,
                yonin("4nK4/9/9/9/wK7eK/9/9/wP1wP6/4sK4", "S -/-/-/- SWNE 1"),
                Nifu {
                    seat: "W",
                    line: "rank",
                    square: "7h".into(),
                },
            ),
            (
                Standard,
                "4k4/9/9/9/9/9/9/9/4K4 b 3R 1".into(),
                TooMany {
                    max: 2,
                    piece: "rook",
                },
            ),
            (
                DaiDai,
                rank17("15,LN,LN", "b"),
                TooManyOnOneSide {
                    seat: "black",
                    count: 2,
                    piece: "lion",
                    with_promoted: false,
                    set: 1,
                },
            ),
            (
                Standard,
                "K3k4/9/9/9/9/9/9/9/4K4 b - 1".into(),
                ExtraKings {
                    seat: "black",
                    count: 2,
                },
            ),
            (
                Yonin,
                yonin("4nK4/9/9/9/wK8/9/9/9/4sK4", "S -/-/-/- SWNE 1"),
                KingCount {
                    seat: "E",
                    count: 0,
                },
            ),
            (
                Standard,
                "4k4/4R4/9/9/9/9/9/9/4K4 b - 1".into(),
                WaitingInCheck,
            ),
            (DaiDai, rank17("16,k/16,R", "b"), WaitingInCheck),
            (Yonin, yonin(YONIN_KINGS, "N -/-/-/- SW 1"), MoverOut("N")),
            (
                Yonin,
                "4nK4/9/sG8/9/wK7eK/9/sS8/1sR7/4sK4 W -/-/-/- SWNE 2".into(),
                MoverStuck("W"),
            ),
        ];
        for (variant, text, expected) in cases {
            let got = AnyPosition::from_text(variant, &text);
            assert_eq!(got.err(), Some(expected), "{variant} {text:?}");
        }
        // A kind no piece promotes to under the rules in force.
        let no_promotion = Rules {
            lion_dog_no_promotion: true,
            ..Rules::default()
        };
        assert_eq!(
            daidai::from_text_with(&rank17("16,GE", "b"), no_promotion).err(),
            Some(NeverPromoted("great elephant"))
        );
    }

    #[test]
    fn each_format_writes_what_it_reads() {
        for (variant, text) in [
            (Variant::Standard, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"),
            (Variant::Yonin, "3nGnK1nG2/5nPw+SeGeS/sPwGnSnPnP4/1wP4eP2/1sG4ePeR1/wKwP4ePeKeG/wSwG2sPsP3/2sSsPsR1eS2/2wS1sKsGsS1wR S R/-/-/- SWNE 41"),
            (Variant::DaiDai, "17/17/17/17/17/17/17/17/5,+EA,+LN,+bm,+ln,8/17/17/17/17/17/17/17/17 w - 12"),
        ] {
            let pos = AnyPosition::from_text(variant, text).unwrap();
            assert_eq!(pos.to_text(), text);
        }
        // Two-seat texts may leave out what defaults: the move number, dai dai's `-`.
        let short = AnyPosition::from_text(Variant::DaiDai, &("17/".repeat(16) + "17 w")).unwrap();
        assert_eq!(short.to_text(), "17/".repeat(16) + "17 w - 1");
    }
}
