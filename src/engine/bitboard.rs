//! Bitboards of the 9x9 drop-shogi boards: a set of squares is a `u128` with bit
//! `row * 9 + col` (so increasing bits run in board order, row by row from the top-left,
//! like the mailbox), the map between those bits and mailbox squares, and attack tables
//! compiled from a variant's [`Tables`] (so each seat's orientation comes from the piece
//! data): per seat, kind and square the squares a step or jump reaches, the directions the
//! kind slides in, and per seat the squares within each depth of its far edge.
//!
//! A slider's attacks come from the ray from its square to the edge, cut behind the
//! nearest occupied square (the lowest set bit for a direction that increases the bit
//! index, the highest for one that decreases it). Where the processor extracts bits in
//! one instruction, counting looks them up instead: a [`LineTable`] holds, per line through
//! a square and per arrangement of the pieces on it, the squares a slide along it reaches.
//!
//! Kinds that only step or jump, and alike in their moves, promotion and dead squares,
//! form a [`Group`]: a position keeps each group's pieces as one set, so a counter takes
//! the moves of all of them along one step as one shift of that set (every piece of the
//! set lands on a different square, so the shifted set has one square per move). The
//! same tables give, per square, the squares a grouped piece can attack a king there or
//! a square next to it from, so a king's destinations are tested only against the
//! grouped pieces that stand there.

use arrayvec::ArrayVec;

use super::geometry::{Geometry, Seat, Sq, DIRECTIONS, PAD};
use super::piece::{KindDef, KindId};
use super::tables::Tables;

/// A set of squares of a 9x9 board.
pub type Bits = u128;

/// Board side and squares of the boards these bitboards cover.
pub const SIDE: usize = 9;
pub const SQUARES: usize = SIDE * SIDE;

/// Every square of the board.
pub const ALL: Bits = (1 << SQUARES) - 1;

/// Mailbox stride of a 9x9 board (its side plus the wall rings).
const STRIDE: usize = SIDE + 2 * PAD;
/// Mailbox cells of a 9x9 board.
pub const CELLS: usize = STRIDE * STRIDE;
/// The bit of a wall cell in [`BIT_OF`]: no square.
const NO_BIT: u8 = u8::MAX;

/// Mailbox cell to bit index ([`NO_BIT`] on walls).
static BIT_OF: [u8; CELLS] = {
    let mut map = [NO_BIT; CELLS];
    let mut bit = 0;
    while bit < SQUARES {
        map[(bit / SIDE + PAD) * STRIDE + bit % SIDE + PAD] = bit as u8;
        bit += 1;
    }
    map
};

/// Bit index to mailbox square.
static SQ_OF: [Sq; SQUARES] = {
    let mut map = [Sq::NONE; SQUARES];
    let mut bit = 0;
    while bit < SQUARES {
        map[bit] = Sq(((bit / SIDE + PAD) * STRIDE + bit % SIDE + PAD) as u16);
        bit += 1;
    }
    map
};

/// The bit index of an on-board square of a 9x9 mailbox.
#[inline]
pub fn bit_of(sq: Sq) -> usize {
    let bit = BIT_OF[sq.index()];
    debug_assert!(bit != NO_BIT, "a wall has no bit");
    bit as usize
}

/// The one-square set of a mailbox cell, `None` on a wall.
#[inline]
pub fn try_bit(sq: Sq) -> Option<Bits> {
    match BIT_OF.get(sq.index()) {
        Some(&b) if b != NO_BIT => Some(1 << b),
        _ => None,
    }
}

/// The one-square set of an on-board square.
#[inline]
pub fn bit(sq: Sq) -> Bits {
    1 << bit_of(sq)
}

/// The mailbox square of a bit index.
#[inline]
pub fn sq_of(bit: usize) -> Sq {
    SQ_OF[bit]
}

/// The squares of a set in increasing bit order (board order).
#[inline]
pub fn squares(bits: Bits) -> impl Iterator<Item = Sq> {
    indices(bits).map(|i| SQ_OF[i])
}

/// The number of squares in a set. Without a popcount instruction (the baseline x86-64
/// target has none) this is bit-twiddling; counting move generation is also compiled
/// with the instruction, chosen at run time (see `ShogiPosition::count_legal_moves`).
#[inline(always)]
pub fn count(bits: Bits) -> u32 {
    bits.count_ones()
}

/// The bit indices of a set, in increasing order (board order).
#[inline]
pub fn indices(mut bits: Bits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// Whether a step in direction `dir` (an index into [`DIRECTIONS`]) increases the bit index.
const fn increasing(dir: usize) -> bool {
    let (dx, dy) = DIRECTIONS[dir];
    dy * SIDE as i32 + dx > 0
}

/// The directions a kind slides in for one seat.
#[derive(Copy, Clone, Debug, Default)]
struct Slides {
    /// Directions that increase the bit index, then those that decrease it.
    up: ArrayDirs,
    down: ArrayDirs,
    /// Some slide has a limited range: attacks are cut to `reach`.
    limited: bool,
    /// The same slides for [`LineTable`] lookups: the lines (`dir % 4`) slid along both
    /// ways, and the directions slid along without their opposite.
    both_ways: ArrayDirs,
    one_way: ArrayDirs,
}

#[derive(Copy, Clone, Debug, Default)]
struct ArrayDirs {
    dirs: [u8; 8],
    len: u8,
}

impl ArrayDirs {
    fn push(&mut self, dir: u8) {
        self.dirs[self.len as usize] = dir;
        self.len += 1;
    }

    #[inline]
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.dirs[..self.len as usize].iter().map(|&d| d as usize)
    }
}

/// Attack tables of one 9x9 variant (see the module doc).
pub struct Board81 {
    kinds: usize,
    /// Per (seat, kind, square): the squares its steps and jumps reach.
    steps: Vec<Bits>,
    /// Per (seat, kind): its slides.
    slides: Vec<Slides>,
    /// Per (seat, kind, square), for kinds with a limited slide: the squares its slides
    /// could reach on an empty board.
    reach: Vec<Bits>,
    /// Per square and direction: the squares from it (excluded) to the edge.
    rays: [[Bits; 8]; SQUARES],
    /// Per square: the eight squares around it (those on the board).
    around: [Bits; SQUARES],
    /// Per seat and depth `d` (0..=9): the squares fewer than `d` lines from its far edge.
    near_far: [[Bits; SIDE + 1]; 4],
    /// The squares of each column, then of each row.
    lines: [[Bits; SIDE]; 2],
    /// Groups of kinds that only step or jump and move alike (see the module doc).
    groups: ArrayVec<Group, MAX_GROUPS>,
    /// Per kind: its group's index, or [`NO_GROUP`].
    group_of: Vec<u8>,
    /// Per (seat, kind, square): the squares it attacks on an empty board.
    empty_board: Vec<Bits>,
    /// Per square: the squares from which a grouped piece of any seat attacks the square or
    /// one next to it (where a king on the square may step).
    king_guard: [Bits; SQUARES],
    /// Slides looked up along whole lines (the same for every 9x9 variant).
    line_table: &'static LineTable,
}

/// The most groups a variant's kinds form; kinds beyond them are not grouped.
pub const MAX_GROUPS: usize = 6;
/// The group index of a kind in no group.
pub const NO_GROUP: u8 = u8::MAX;

/// A step or jump as a shift of bit indices: the squares it may start from (those whose
/// destination is on the board) and the distance in bits (bits run row by row, so every
/// displacement on the board is one distance).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shift {
    pub from: Bits,
    pub by: i8,
}

impl Shift {
    /// The destinations of the pieces on `set` (those that can make this step).
    #[inline(always)]
    pub fn apply(self, set: Bits) -> Bits {
        let set = set & self.from;
        if self.by >= 0 {
            set << self.by
        } else {
            set >> -self.by
        }
    }
}

/// Kinds that only step or jump, with the same moves for every seat, the same promotion
/// (whether they promote) and the same dead squares: a position keeps their pieces as
/// one set, whose moves are counted by shifts.
#[derive(Clone, Debug)]
pub struct Group {
    /// The kinds in the group (bit per kind id).
    pub kinds: u64,
    /// Per seat, the kinds' steps and jumps.
    pub shifts: [ArrayVec<Shift, 8>; 4],
    pub promotes: bool,
    pub dead_depth: u8,
}

impl Board81 {
    /// The tables of a variant on a 9x9 board, or `None` for another board size.
    pub fn new(t: &Tables, defs: &[KindDef]) -> Option<Box<Board81>> {
        let g: Geometry = t.geometry;
        if g.size() as usize != SIDE {
            return None;
        }
        let kinds = t.kind_count();
        let mut rays = [[0; 8]; SQUARES];
        for (b, rays_from) in rays.iter_mut().enumerate() {
            for (dir, ray) in rays_from.iter_mut().enumerate() {
                let mut sq = sq_of(b).offset(t.dir_delta(dir));
                while g.contains(sq) {
                    *ray |= bit(sq);
                    sq = sq.offset(t.dir_delta(dir));
                }
            }
        }
        let mut around = [0; SQUARES];
        for (b, squares) in around.iter_mut().enumerate() {
            for dir in 0..8 {
                let next = sq_of(b).offset(t.dir_delta(dir));
                if g.contains(next) {
                    *squares |= bit(next);
                }
            }
        }
        let mut steps = vec![0; 4 * kinds * SQUARES];
        let mut slides = vec![Slides::default(); 4 * kinds];
        let mut reach = vec![0; 4 * kinds * SQUARES];
        for seat in (0..4).map(Seat) {
            for kind in 0..kinds {
                let at = seat.index() * kinds + kind;
                for ray in t.rays(seat, kind as u8) {
                    match ray.dir {
                        Some(dir) if ray.range != 1 => {
                            let s = &mut slides[at];
                            if increasing(dir as usize) {
                                s.up.push(dir);
                            } else {
                                s.down.push(dir);
                            }
                            s.limited |= ray.range != 0;
                        }
                        // A step or a jump: the square it lands on, if on the board.
                        _ => {
                            for b in 0..SQUARES {
                                let to = sq_of(b).offset(ray.delta);
                                if g.contains(to) {
                                    steps[at * SQUARES + b] |= bit(to);
                                }
                            }
                        }
                    }
                }
                for b in 0..SQUARES {
                    for ray in t.rays(seat, kind as u8) {
                        let Some(dir) = ray.dir.filter(|_| ray.range != 1) else {
                            continue;
                        };
                        let mut sq = sq_of(b);
                        let mut steps_left = if ray.range == 0 { u8::MAX } else { ray.range };
                        loop {
                            sq = sq.offset(t.dir_delta(dir as usize));
                            if !g.contains(sq) || steps_left == 0 {
                                break;
                            }
                            reach[at * SQUARES + b] |= bit(sq);
                            steps_left -= 1;
                        }
                    }
                }
            }
        }
        for s in slides.iter_mut() {
            let dirs: Vec<u8> = s.up.iter().chain(s.down.iter()).map(|d| d as u8).collect();
            for &dir in &dirs {
                let line = dir % 4;
                if !dirs.contains(&(line + 4)) || !dirs.contains(&line) {
                    s.one_way.push(dir);
                } else if dir == line {
                    s.both_ways.push(line);
                }
            }
        }
        let mut near_far = [[0; SIDE + 1]; 4];
        for (seat, masks) in near_far.iter_mut().enumerate() {
            for (depth, mask) in masks.iter_mut().enumerate() {
                for sq in g.squares() {
                    if usize::from(t.far_depth(sq, Seat(seat as u8))) < depth {
                        *mask |= bit(sq);
                    }
                }
            }
        }
        let mut lines = [[0; SIDE]; 2];
        for b in 0..SQUARES {
            lines[0][b % SIDE] |= 1 << b;
            lines[1][b / SIDE] |= 1 << b;
        }
        let mut groups: ArrayVec<Group, MAX_GROUPS> = ArrayVec::new();
        let mut group_of = vec![NO_GROUP; kinds];
        for (kind, def) in defs.iter().enumerate() {
            // A group's set is a u64 of kind bits; the royal kinds need a legality test
            // for every move, so they are never counted in bulk.
            if def.royal || kind >= 64 {
                continue;
            }
            let Some(shifts) = kind_shifts(t, kind as KindId) else {
                continue;
            };
            let promotes = def.promotes_to.is_some();
            let alike = |g: &Group| {
                g.shifts == shifts && g.promotes == promotes && g.dead_depth == def.dead_depth
            };
            match groups.iter().position(alike) {
                Some(g) => {
                    groups[g].kinds |= 1 << kind;
                    group_of[kind] = g as u8;
                }
                None if !groups.is_full() => {
                    group_of[kind] = groups.len() as u8;
                    groups.push(Group {
                        kinds: 1 << kind,
                        shifts,
                        promotes,
                        dead_depth: def.dead_depth,
                    });
                }
                None => {}
            }
        }
        // Per square, the squares a grouped piece of any seat attacks it from.
        let mut attackers = [0; SQUARES];
        for group in &groups {
            for shift in group.shifts.iter().flatten() {
                for from in indices(shift.from) {
                    attackers[bit_of_index(shift.apply(1 << from))] |= 1 << from;
                }
            }
        }
        let mut king_guard = [0; SQUARES];
        for (sq, guard) in king_guard.iter_mut().enumerate() {
            for to in indices(around[sq] | 1 << sq) {
                *guard |= attackers[to];
            }
        }
        let line_table = LineTable::get(&rays);
        let mut board = Box::new(Board81 {
            kinds,
            steps,
            slides,
            reach,
            rays,
            around,
            near_far,
            lines,
            groups,
            group_of,
            king_guard,
            empty_board: Vec::new(),
            line_table,
        });
        board.empty_board = (0..4 * kinds * SQUARES)
            .map(|i| {
                let (at, from) = (i / SQUARES, i % SQUARES);
                board.attacks(Seat((at / kinds) as u8), (at % kinds) as u8, from, 0)
            })
            .collect();
        Some(board)
    }

    /// The squares a piece of `kind` owned by `seat` on square `from` (a bit index)
    /// attacks, the board's occupied squares being `occupied`.
    #[inline(always)]
    pub fn attacks(&self, seat: Seat, kind: u8, from: usize, occupied: Bits) -> Bits {
        let at = seat.index() * self.kinds + kind as usize;
        let mut attacks = self.steps[at * SQUARES + from];
        let slides = &self.slides[at];
        let rays = &self.rays[from];
        for dir in slides.up.iter() {
            let ray = rays[dir];
            let blockers = ray & occupied;
            attacks |= if blockers == 0 {
                ray
            } else {
                ray & !self.rays[blockers.trailing_zeros() as usize][dir]
            };
        }
        for dir in slides.down.iter() {
            let ray = rays[dir];
            let blockers = ray & occupied;
            attacks |= if blockers == 0 {
                ray
            } else {
                ray & !self.rays[127 - blockers.leading_zeros() as usize][dir]
            };
        }
        if slides.limited {
            // Steps lie within one square, always inside the slides' reach or not slid
            // along at all: cut only what the slides added.
            let steps = self.steps[at * SQUARES + from];
            attacks = steps | (attacks & self.reach[at * SQUARES + from]);
        }
        attacks
    }

    /// [`Self::attacks`], its slides looked up in the [`LineTable`] when `LOOKUP` is set.
    /// `LOOKUP` may be set only where [`LineTable::fast`] holds: the caller is compiled
    /// with the bit-extract instruction, which the running processor has.
    #[inline(always)]
    pub fn attacks_by<const LOOKUP: bool>(
        &self,
        seat: Seat,
        kind: u8,
        from: usize,
        occupied: Bits,
    ) -> Bits {
        if !LOOKUP {
            return self.attacks(seat, kind, from, occupied);
        }
        let at = seat.index() * self.kinds + kind as usize;
        let steps = self.steps[at * SQUARES + from];
        let slides = &self.slides[at];
        let mut attacks = steps;
        for line in slides.both_ways.iter() {
            attacks |= self.line_table.line(line, from, occupied);
        }
        for dir in slides.one_way.iter() {
            attacks |= self.line_table.line(dir % 4, from, occupied) & self.rays[from][dir];
        }
        if slides.limited {
            attacks = steps | (attacks & self.reach[at * SQUARES + from]);
        }
        attacks
    }

    /// The squares a piece of `kind` owned by `seat` on square `from` (a bit index)
    /// would attack on an empty board.
    #[inline]
    pub fn empty_board_attacks(&self, seat: Seat, kind: u8, from: usize) -> Bits {
        self.empty_board[(seat.index() * self.kinds + kind as usize) * SQUARES + from]
    }

    /// The squares fewer than `depth` lines from `seat`'s far edge (its promotion zone for
    /// the zone's depth; where a kind with that dead depth may not stand).
    #[inline]
    pub fn near_far(&self, seat: Seat, depth: u8) -> Bits {
        self.near_far[seat.index()][usize::from(depth).min(SIDE)]
    }

    /// The squares from `from` (a bit index, excluded) along direction `dir` to the edge.
    #[inline]
    pub fn ray(&self, from: usize, dir: usize) -> Bits {
        self.rays[from][dir]
    }

    /// The squares around `sq` (a bit index).
    #[inline]
    pub fn around(&self, sq: usize) -> Bits {
        self.around[sq]
    }

    /// The squares from `from` (a bit index, excluded) along direction `dir` up to and
    /// including `to` (a bit index on that ray).
    #[inline]
    pub fn segment(&self, from: usize, dir: usize, to: usize) -> Bits {
        self.rays[from][dir] & !self.rays[to][dir]
    }

    /// The groups of kinds counted by shifts.
    #[inline]
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// The squares from which a grouped piece can attack a king on `sq` (a bit index) or
    /// a square it may step to: only grouped pieces there matter to the king's moves.
    #[inline]
    pub fn king_guard(&self, sq: usize) -> Bits {
        self.king_guard[sq]
    }

    /// The group of a kind, or [`NO_GROUP`].
    #[inline]
    pub fn group_of(&self, kind: KindId) -> u8 {
        self.group_of[usize::from(kind)]
    }

    /// The whole lines holding a square of `bits`: columns, or rows if `rows`.
    #[inline]
    pub fn line_fill(&self, bits: Bits, rows: bool) -> Bits {
        if rows {
            return self.lines[1]
                .iter()
                .filter(|&&row| bits & row != 0)
                .fold(0, |all, row| all | row);
        }
        // Each square spread down its column (towards lower bits), then the result up.
        let mut fill = bits;
        for shift in [9, 18, 36, 72] {
            fill |= fill >> shift;
        }
        for shift in [9, 18, 36, 72] {
            fill |= fill << shift;
        }
        fill & ALL
    }

    /// The squares of the lines whose bits `set` holds: columns (0 = leftmost), or rows
    /// (0 = top) if `rows`.
    #[inline]
    pub fn lines(&self, mut set: u32, rows: bool) -> Bits {
        let lines = &self.lines[usize::from(rows)];
        let mut bits = 0;
        while set != 0 {
            bits |= lines[set.trailing_zeros() as usize % SIDE];
            set &= set - 1;
        }
        bits
    }
}

/// Per line through a square (a column, a diagonal, a row or the other diagonal: the
/// direction index modulo 4) and per arrangement of pieces on it: the squares a piece
/// sliding both ways along it reaches. The arrangement is read with the bit-extract
/// instruction (`pext`) from the line's squares, less its ends (a piece there blocks
/// nothing beyond), at most 7 squares: 128 entries at most per line and square. One
/// lookup replaces a walk along two rays, where that instruction is fast.
pub struct LineTable {
    masks: [[LineMask; SQUARES]; 4],
    attacks: Vec<Bits>,
}

#[derive(Copy, Clone, Debug, Default)]
struct LineMask {
    /// The squares read, as the board's low and high words.
    lo: u64,
    hi: u64,
    /// How many squares the low word holds.
    lo_len: u32,
    /// Where the line's entries start in `attacks`.
    start: u32,
}

impl LineTable {
    /// The table, built once from a board's rays: they are the same on every 9x9 board.
    fn get(rays: &[[Bits; 8]; SQUARES]) -> &'static LineTable {
        static TABLE: std::sync::OnceLock<LineTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| LineTable::build(rays))
    }

    fn build(rays: &[[Bits; 8]; SQUARES]) -> LineTable {
        // A ray less its last square.
        let inner = |ray: Bits, dir: usize| -> Bits {
            match ray {
                0 => 0,
                _ if increasing(dir) => ray & !(1 << (127 - ray.leading_zeros())),
                _ => ray & (ray - 1),
            }
        };
        let mut masks = [[LineMask::default(); SQUARES]; 4];
        let mut attacks = Vec::new();
        for (line, masks) in masks.iter_mut().enumerate() {
            for (from, mask) in masks.iter_mut().enumerate() {
                let read = inner(rays[from][line], line) | inner(rays[from][line + 4], line + 4);
                *mask = LineMask {
                    lo: read as u64,
                    hi: (read >> 64) as u64,
                    lo_len: (read as u64).count_ones(),
                    start: attacks.len() as u32,
                };
                // Entry i holds the arrangement whose k-th square (from the lowest bit) is
                // occupied where bit k of i is set: the order `pext` gathers them in.
                let squares: Vec<usize> = indices(read).collect();
                for i in 0..1usize << squares.len() {
                    let occupied = squares
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| i & 1 << k != 0)
                        .fold(0 as Bits, |all, (_, &b)| all | 1 << b);
                    attacks.push(
                        slide(rays, from, line, occupied) | slide(rays, from, line + 4, occupied),
                    );
                }
            }
        }
        LineTable { masks, attacks }
    }

    /// Whether lookups pay here: the processor has the bit-extract instruction, and runs
    /// it in one step (AMD's processors before Zen 3 take hundreds of cycles over it).
    pub fn fast() -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            *FAST.get_or_init(|| {
                if !std::arch::is_x86_feature_detected!("bmi2") {
                    return false;
                }
                let v = std::arch::x86_64::__cpuid(0);
                let (vendor, signature) =
                    ([v.ebx, v.edx, v.ecx], std::arch::x86_64::__cpuid(1).eax);
                let amd = vendor == [0x6874_7541, 0x6974_6e65, 0x444d_4163];
                let base = (signature >> 8) & 0xf;
                let family = if base == 0xf {
                    base + ((signature >> 20) & 0xff)
                } else {
                    base
                };
                !amd || family >= 0x19
            })
        }
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// The squares a piece on `from` sliding both ways along `line` reaches.
    #[inline(always)]
    fn line(&self, line: usize, from: usize, occupied: Bits) -> Bits {
        let mask = &self.masks[line][from];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: called only on processors with the instruction (see `attacks_by`).
        let index = unsafe {
            use std::arch::x86_64::_pext_u64;
            _pext_u64(occupied as u64, mask.lo)
                | _pext_u64((occupied >> 64) as u64, mask.hi) << mask.lo_len
        };
        #[cfg(not(target_arch = "x86_64"))]
        let index = {
            let _ = occupied;
            unreachable!("line lookups need the bit-extract instruction")
        };
        self.attacks[mask.start as usize + index as usize]
    }

    /// [`Self::line`] with the arrangement gathered bit by bit, for any processor.
    #[cfg(test)]
    fn line_gathered_by_hand(&self, line: usize, from: usize, occupied: Bits) -> Bits {
        let mask = &self.masks[line][from];
        let read = Bits::from(mask.hi) << 64 | Bits::from(mask.lo);
        let index = indices(read)
            .enumerate()
            .filter(|&(_, b)| occupied & 1 << b != 0)
            .fold(0, |index, (k, _)| index | 1 << k);
        self.attacks[mask.start as usize + index]
    }
}

/// The squares a piece on `from` (a bit index) reaches sliding along direction `dir`, the
/// board's occupied squares being `occupied`: the ray up to the first of them.
fn slide(rays: &[[Bits; 8]; SQUARES], from: usize, dir: usize, occupied: Bits) -> Bits {
    let ray = rays[from][dir];
    match ray & occupied {
        0 => ray,
        blockers if increasing(dir) => ray & !rays[blockers.trailing_zeros() as usize][dir],
        blockers => ray & !rays[127 - blockers.leading_zeros() as usize][dir],
    }
}

/// The bit index of a one-square set.
fn bit_of_index(one: Bits) -> usize {
    debug_assert_eq!(one.count_ones(), 1);
    one.trailing_zeros() as usize
}

/// Every move of a kind as shifts, per seat: `None` if the kind slides.
fn kind_shifts(t: &Tables, kind: KindId) -> Option<[ArrayVec<Shift, 8>; 4]> {
    let mut all: [ArrayVec<Shift, 8>; 4] = Default::default();
    for (seat, shifts) in all.iter_mut().enumerate() {
        for ray in t.rays(Seat(seat as u8), kind) {
            if ray.dir.is_some() && ray.range != 1 {
                return None;
            }
            let mut from = 0;
            let mut by = None;
            for b in 0..SQUARES {
                let to = sq_of(b).offset(ray.delta);
                if t.geometry.contains(to) {
                    from |= 1 << b;
                    by = Some(bit_of(to) as i32 - b as i32);
                }
            }
            if let Some(by) = by {
                shifts.try_push(Shift { from, by: by as i8 }).ok()?;
            }
        }
    }
    Some(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Geometry;

    #[test]
    fn bits_and_squares_map_both_ways_in_board_order() {
        let g = Geometry::new(9);
        let squares: Vec<Sq> = g.squares().collect();
        for (b, &sq) in squares.iter().enumerate() {
            assert_eq!(bit_of(sq), b);
            assert_eq!(sq_of(b), sq);
        }
        let all: Bits = (1 << SQUARES) - 1;
        assert_eq!(super::squares(all).collect::<Vec<_>>(), squares);
    }

    /// Arrangements of pieces: empty, full, and pseudo-random ones of every density.
    fn arrangements() -> Vec<Bits> {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut all = vec![0, ALL];
        for _ in 0..300 {
            let words = (Bits::from(next()) << 64 | Bits::from(next())) & ALL;
            // Thinned by one to three further draws: from about half the board to a few.
            let thin = (0..next() % 3).fold(words, |w, _| {
                w & (Bits::from(next()) << 64 | Bits::from(next()))
            });
            all.push(thin);
        }
        all
    }

    #[test]
    fn line_lookups_reach_the_squares_the_ray_walk_reaches() {
        let g = Geometry::new(9);
        for t in [
            Tables::new(g, &crate::engine::kinds::STANDARD_KINDS, 2, [0, 2, 0, 2]),
            Tables::new(g, &crate::engine::kinds::STANDARD_KINDS, 4, [0, 1, 2, 3]),
        ] {
            let b81 = Board81::new(&t, &crate::engine::kinds::STANDARD_KINDS).expect("9x9 tables");
            let lines = b81.line_table;
            for occupied in arrangements() {
                for from in 0..SQUARES {
                    for line in 0..4 {
                        let walked = slide(&b81.rays, from, line, occupied)
                            | slide(&b81.rays, from, line + 4, occupied);
                        assert_eq!(lines.line_gathered_by_hand(line, from, occupied), walked);
                    }
                }
            }
            // The instruction's own gathering, through every kind's attacks, where the
            // processor has it (the lookups are used only there).
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("bmi2") {
                for occupied in arrangements() {
                    for seat in (0..4).map(Seat) {
                        for kind in 0..t.kind_count() as u8 {
                            for from in indices(ALL & !occupied) {
                                assert_eq!(
                                    b81.attacks_by::<true>(seat, kind, from, occupied),
                                    b81.attacks(seat, kind, from, occupied),
                                    "seat {seat:?} kind {kind} from {from}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn line_fill_covers_exactly_the_lines_holding_a_square() {
        let g = Geometry::new(9);
        let t = Tables::new(g, &crate::engine::kinds::STANDARD_KINDS, 2, [0, 2, 0, 2]);
        let b81 = Board81::new(&t, &crate::engine::kinds::STANDARD_KINDS).expect("9x9 tables");
        let sets: [Bits; 6] = [0, 1, ALL, 1 << 80, 1 << 40 | 1 << 9, 0x5555 << 60];
        for set in sets {
            for rows in [false, true] {
                let want = squares(ALL)
                    .filter(|&sq| {
                        let (c, r) = g.col_row(sq);
                        squares(set).any(|s| {
                            let (sc, sr) = g.col_row(s);
                            if rows {
                                sr == r
                            } else {
                                sc == c
                            }
                        })
                    })
                    .fold(0, |all, sq| all | bit(sq));
                assert_eq!(b81.line_fill(set, rows), want, "{set:#x} rows: {rows}");
            }
        }
    }

    #[test]
    fn counts_squares_of_sets_across_both_words() {
        let sets: [Bits; 6] = [
            0,
            1,
            ALL,
            ALL & !1,
            1 << 80 | 1 << 64 | 1 << 63,
            0x5555 << 60,
        ];
        for set in sets {
            assert_eq!(count(set), set.count_ones(), "{set:#x}");
        }
    }
}
