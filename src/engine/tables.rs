//! Precomputed move and attack tables for one variant: each kind's rays turned to each
//! seat's forward direction and converted to mailbox offsets, plus the reverse tables the
//! attack test reads ("which kinds reach this far in this direction"). Every variant
//! shares them; drop shogi's bitboard form of them belongs to its spec.

use super::geometry::{rotate, Geometry, Seat, Sq, DIRECTIONS, MAX_CELLS, PAD};
use super::piece::{KindDef, KindId, Ray};

/// Reach value meaning "any distance".
pub const UNLIMITED: u8 = u8::MAX;

/// A ray in board terms: a mailbox offset, its range and, for unit rays, the direction index.
#[derive(Copy, Clone, Debug)]
pub struct BoardRay {
    pub delta: i16,
    /// 0 = unlimited, otherwise the most squares it may travel.
    pub range: u8,
    /// Direction index into [`DIRECTIONS`], or `None` for a jump.
    pub dir: Option<u8>,
}

/// A jump some kinds can make, seen from the square it lands on.
#[derive(Clone, Debug)]
pub struct Leap {
    /// Offset from the jumping piece to the square it attacks.
    pub delta: i16,
    /// Kinds (bit per kind id) that make this jump.
    pub kinds: u128,
}

/// Tables for one variant (geometry, kind table and seat orientations).
pub struct Tables {
    pub geometry: Geometry,
    pub seats: u8,
    pub quarter_turns: [u8; 4],
    kinds: usize,
    /// Royal kinds (bit per kind id): pieces that are never captured.
    royal: u128,
    rays: Vec<BoardRay>,
    ray_spans: Vec<(u32, u32)>,
    reach: Vec<[u8; 8]>,
    leaps: [Vec<Leap>; 4],
    dir_delta: [i16; 8],
    /// Per cell and seat: lines between the square and the seat's far edge (0 on the last
    /// line); `u8::MAX` on walls.
    far_depth: Vec<[u8; 4]>,
    forward: [i16; 4],
    /// Column and row per cell, so hot paths avoid dividing by the stride.
    coords: Vec<(i8, i8)>,
}

impl Tables {
    pub fn new(geometry: Geometry, kinds: &[KindDef], seats: u8, quarter_turns: [u8; 4]) -> Tables {
        let n = kinds.len();
        let mut rays = Vec::new();
        let mut ray_spans = vec![(0, 0); 4 * n];
        let mut reach = vec![[0u8; 8]; 4 * n];
        let mut leaps: [Vec<Leap>; 4] = Default::default();
        for seat in 0..4usize {
            let qt = quarter_turns[seat];
            for (k, def) in kinds.iter().enumerate() {
                let start = rays.len() as u32;
                for ray in def.rays {
                    let board_ray = board_ray(geometry, *ray, qt);
                    rays.push(board_ray);
                    match board_ray.dir {
                        Some(d) => {
                            let r = if ray.range == 0 { UNLIMITED } else { ray.range };
                            let slot = &mut reach[seat * n + k][d as usize];
                            *slot = (*slot).max(r);
                        }
                        None => {
                            let bit = 1u128 << k;
                            match leaps[seat].iter_mut().find(|l| l.delta == board_ray.delta) {
                                Some(l) => l.kinds |= bit,
                                None => leaps[seat].push(Leap {
                                    delta: board_ray.delta,
                                    kinds: bit,
                                }),
                            }
                        }
                    }
                }
                ray_spans[seat * n + k] = (start, rays.len() as u32);
            }
        }
        let mut dir_delta = [0i16; 8];
        for (d, (dx, dy)) in DIRECTIONS.iter().enumerate() {
            dir_delta[d] = geometry.delta(*dx, *dy);
        }
        let mut coords = vec![(-1i8, -1i8); MAX_CELLS];
        for sq in geometry.squares() {
            let (c, r) = geometry.col_row(sq);
            coords[sq.index()] = (c as i8, r as i8);
        }
        let mut far_depth = vec![[u8::MAX; 4]; MAX_CELLS];
        let mut forward = [0i16; 4];
        let size = geometry.size() as i32;
        for seat in 0..4 {
            let (fx, fy) = rotate(0, -1, quarter_turns[seat]);
            forward[seat] = geometry.delta(fx, fy);
            for sq in geometry.squares() {
                let (c, r) = geometry.col_row(sq);
                let (c, r) = (c as i32, r as i32);
                let depth = match (fx, fy) {
                    (0, -1) => r,
                    (0, 1) => size - 1 - r,
                    (1, 0) => size - 1 - c,
                    _ => c,
                };
                far_depth[sq.index()][seat] = depth as u8;
            }
        }
        let royal = kinds
            .iter()
            .enumerate()
            .filter(|(_, def)| def.royal)
            .fold(0u128, |bits, (k, _)| bits | 1 << k);
        Tables {
            geometry,
            seats,
            quarter_turns,
            kinds: n,
            royal,
            rays,
            ray_spans,
            reach,
            leaps,
            dir_delta,
            far_depth,
            forward,
            coords,
        }
    }

    /// Number of kinds in the variant's kind table.
    #[inline]
    pub fn kind_count(&self) -> usize {
        self.kinds
    }

    /// The rays of `kind` for a piece owned by `seat`.
    #[inline]
    pub fn rays(&self, seat: Seat, kind: KindId) -> &[BoardRay] {
        let (a, b) = self.ray_spans[seat.index() * self.kinds + kind as usize];
        &self.rays[a as usize..b as usize]
    }

    /// How far `kind` owned by `seat` reaches in direction `dir` (0 none, [`UNLIMITED`]).
    #[inline]
    pub fn reach(&self, seat: Seat, kind: KindId, dir: usize) -> u8 {
        self.reach[seat.index() * self.kinds + kind as usize][dir]
    }

    /// Whether `kind` is royal (a king: never captured).
    #[inline]
    pub fn is_royal(&self, kind: KindId) -> bool {
        self.royal & (1u128 << kind) != 0
    }

    #[inline]
    pub fn leaps(&self, seat: Seat) -> &[Leap] {
        &self.leaps[seat.index()]
    }

    #[inline]
    pub fn dir_delta(&self, dir: usize) -> i16 {
        self.dir_delta[dir]
    }

    /// Lines between `sq` and the far edge for `seat` (0 on its last line).
    #[inline]
    pub fn far_depth(&self, sq: Sq, seat: Seat) -> u8 {
        self.far_depth[sq.index()][seat.index()]
    }

    /// Mailbox offset of one step forward for `seat`.
    #[inline]
    pub fn forward(&self, seat: Seat) -> i16 {
        self.forward[seat.index()]
    }

    /// Column and row of an on-board square (from a table: no division).
    #[inline]
    pub fn coords(&self, sq: Sq) -> (u8, u8) {
        let (c, r) = self.coords[sq.index()];
        (c as u8, r as u8)
    }

    /// Whether `a` and `b` share a rank, file or diagonal (so a slider could connect them).
    #[inline]
    pub fn aligned(&self, a: Sq, b: Sq) -> bool {
        let (ac, ar) = self.coords[a.index()];
        let (bc, br) = self.coords[b.index()];
        let (dx, dy) = (bc - ac, br - ar);
        dx == 0 || dy == 0 || dx.abs() == dy.abs()
    }
}

fn board_ray(geometry: Geometry, ray: Ray, quarter_turns: u8) -> BoardRay {
    let (dx, dy) = rotate(ray.dx as i32, ray.dy as i32, quarter_turns);
    let dir = DIRECTIONS
        .iter()
        .position(|&d| d == (dx, dy))
        .map(|d| d as u8);
    debug_assert!(dir.is_some() || (dx.abs() <= PAD as i32 && dy.abs() <= PAD as i32));
    BoardRay {
        delta: geometry.delta(dx, dy),
        range: ray.range,
        dir,
    }
}

/// Index of the direction opposite to `dir`.
#[inline]
pub fn opposite(dir: usize) -> usize {
    (dir + 4) & 7
}
