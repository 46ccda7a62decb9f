//! Square geometry for NxN boards up to 17x17: a padded mailbox, square names and seats.
//!
//! Squares are indices into a mailbox whose board is surrounded by `PAD` rings of wall
//! cells, so a step, a slide or a jump of up to three squares never needs a bounds check:
//! it simply lands on a wall. Coordinates are global, as Black (or S in yonin) sees the
//! board: files N..1 from left to right, ranks a.. from top to bottom.

use std::fmt;

/// Wall rings around the board; three covers the longest fixed jump (a lion dog's third square).
pub const PAD: usize = 3;
/// The largest board side supported.
pub const MAX_SIZE: usize = 17;
/// Cells in the largest padded mailbox; every board array has this length.
pub const MAX_CELLS: usize = (MAX_SIZE + 2 * PAD) * (MAX_SIZE + 2 * PAD);

/// The eight unit directions on the board, clockwise from "up" (towards rank a).
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// A square: an index into the padded mailbox of its board's [`Geometry`].
/// `Sq::NONE` (index 0) is always a wall, so it doubles as "no square".
#[derive(Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd, Default, Debug)]
pub struct Sq(pub u16);

impl Sq {
    pub const NONE: Sq = Sq(0);

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn offset(self, delta: i16) -> Sq {
        Sq((self.0 as i16 + delta) as u16)
    }
}

/// The shape of one board: its side length and the stride of its padded mailbox.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct Geometry {
    size: u8,
    stride: u16,
}

impl Geometry {
    pub const fn new(size: u8) -> Geometry {
        assert!(size as usize <= MAX_SIZE && size >= 3);
        Geometry {
            size,
            stride: size as u16 + 2 * PAD as u16,
        }
    }

    /// Board side length (9 or 17).
    #[inline]
    pub fn size(self) -> u8 {
        self.size
    }

    #[inline]
    pub fn stride(self) -> u16 {
        self.stride
    }

    /// Number of mailbox cells actually used by this geometry.
    #[inline]
    pub fn cells(self) -> usize {
        self.stride as usize * self.stride as usize
    }

    /// Mailbox offset of a displacement of `dx` columns (to the right, towards file 1) and
    /// `dy` rows (down, towards the last rank).
    #[inline]
    pub fn delta(self, dx: i32, dy: i32) -> i16 {
        (dy * self.stride as i32 + dx) as i16
    }

    /// The square at column `col` (0 = leftmost, file N) and row `row` (0 = top, rank a).
    #[inline]
    pub fn square(self, col: u8, row: u8) -> Sq {
        debug_assert!(col < self.size && row < self.size);
        Sq((row as u16 + PAD as u16) * self.stride + col as u16 + PAD as u16)
    }

    /// Column and row of an on-board square.
    #[inline]
    pub fn col_row(self, sq: Sq) -> (u8, u8) {
        let row = sq.0 / self.stride - PAD as u16;
        let col = sq.0 % self.stride - PAD as u16;
        (col as u8, row as u8)
    }

    /// Whether a mailbox index lies on the board (not in the wall rings).
    pub fn contains(self, sq: Sq) -> bool {
        let row = (sq.0 / self.stride) as usize;
        let col = (sq.0 % self.stride) as usize;
        (PAD..PAD + self.size as usize).contains(&row)
            && (PAD..PAD + self.size as usize).contains(&col)
            && (sq.0 as usize) < self.cells()
    }

    /// File number (N..1 from left to right).
    #[inline]
    pub fn file(self, sq: Sq) -> u8 {
        self.size - self.col_row(sq).0
    }

    /// Rank number, 1 for the top rank (a).
    #[inline]
    pub fn rank(self, sq: Sq) -> u8 {
        self.col_row(sq).1 + 1
    }

    /// The square with the given file (1..=N) and rank (1..=N), if on the board.
    pub fn from_file_rank(self, file: u8, rank: u8) -> Option<Sq> {
        if (1..=self.size).contains(&file) && (1..=self.size).contains(&rank) {
            Some(self.square(self.size - file, rank - 1))
        } else {
            None
        }
    }

    /// Every square of the board, row by row from the top-left corner.
    pub fn squares(self) -> impl Iterator<Item = Sq> {
        let n = self.size;
        (0..n).flat_map(move |row| (0..n).map(move |col| self.square(col, row)))
    }

    /// Square name in coordinate notation: file number then rank letter (`7g`, `12c`).
    pub fn name(self, sq: Sq) -> SquareName {
        SquareName {
            file: self.file(sq),
            rank: self.rank(sq),
        }
    }

    /// Reads a square name such as `7g` or `12c` (rank letters are case-insensitive).
    pub fn parse_square(self, text: &str) -> Option<Sq> {
        let (sq, rest) = self.parse_square_prefix(text)?;
        rest.is_empty().then_some(sq)
    }

    /// Reads a square name at the start of `text`, returning it and the rest of the text.
    pub fn parse_square_prefix(self, text: &str) -> Option<(Sq, &str)> {
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let file: u8 = text[..digits].parse().ok()?;
        let letter = *text.as_bytes().get(digits)?;
        if !letter.is_ascii_alphabetic() {
            return None;
        }
        let rank = letter.to_ascii_lowercase() - b'a' + 1;
        let sq = self.from_file_rank(file, rank)?;
        Some((sq, &text[digits + 1..]))
    }

    /// Signed column and row distance from `a` to `b`.
    #[inline]
    pub fn displacement(self, a: Sq, b: Sq) -> (i32, i32) {
        let (ac, ar) = self.col_row(a);
        let (bc, br) = self.col_row(b);
        (bc as i32 - ac as i32, br as i32 - ar as i32)
    }
}

/// A square's printable name (`7g`).
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct SquareName {
    pub file: u8,
    pub rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, (b'a' + self.rank - 1) as char)
    }
}

/// A seat at the table: 0 = Black (sente) or S; 1 = White (gote) or W; 2 = N; 3 = E.
/// In four-seat games the numbering follows the clockwise turn order S → W → N → E.
#[derive(
    Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd, Debug, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of seats, as a bit mask.
#[derive(
    Copy, Clone, Eq, PartialEq, Hash, Default, Debug, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    pub fn all(seats: u8) -> SeatSet {
        SeatSet((1u8 << seats) - 1)
    }

    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    #[inline]
    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat.0)
    }

    #[inline]
    pub fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..4u8).filter(move |s| self.0 & (1 << s) != 0).map(Seat)
    }
}

/// Rotates a displacement given in a seat's own frame (forward = up, `dy < 0`) by a number
/// of quarter turns clockwise as seen from above, giving the board displacement.
#[inline]
pub fn rotate(dx: i32, dy: i32, quarter_turns: u8) -> (i32, i32) {
    let (mut x, mut y) = (dx, dy);
    for _ in 0..quarter_turns % 4 {
        (x, y) = (-y, x);
    }
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_both_board_sizes() {
        for size in [9u8, 17] {
            let g = Geometry::new(size);
            for sq in g.squares() {
                let name = g.name(sq).to_string();
                assert_eq!(g.parse_square(&name), Some(sq), "{name}");
            }
        }
        let g = Geometry::new(9);
        assert_eq!(g.name(g.square(2, 6)).to_string(), "7g");
        assert_eq!(g.parse_square("0a"), None);
        assert_eq!(g.parse_square("10a"), None);
        assert_eq!(g.parse_square("1j"), None);
        let big = Geometry::new(17);
        assert_eq!(big.name(big.square(0, 16)).to_string(), "17q");
    }

    #[test]
    fn rotation_gives_each_seat_its_forward() {
        // S forward is up; W (one quarter turn) moves towards file 1 (right); N down; E left.
        assert_eq!(rotate(0, -1, 0), (0, -1));
        assert_eq!(rotate(0, -1, 1), (1, 0));
        assert_eq!(rotate(0, -1, 2), (0, 1));
        assert_eq!(rotate(0, -1, 3), (-1, 0));
    }
}
