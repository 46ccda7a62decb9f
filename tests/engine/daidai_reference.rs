//! A deliberately naive dai dai shogi move generator, written straight from the rules
//! file's wording (paths of steps and jumps, then a brute-force king-safety test), to
//! check the engine's fast generator against on many positions.

use std::collections::BTreeSet;

use shogiban::engine::daidai::{self, DaiDaiPosition, BLACK};
use shogiban::engine::piece::Special;
use shogiban::engine::{Move, Piece, Position, Seat, Sq};

const N: i32 = 17;

type Grid = [[Option<Piece>; 17]; 17];

fn grid(pos: &DaiDaiPosition) -> Grid {
    let g = pos.geometry();
    let mut out = [[None; 17]; 17];
    for (sq, p) in pos.pieces() {
        let (c, r) = g.col_row(sq);
        out[r as usize][c as usize] = Some(p);
    }
    out
}

fn at(grid: &Grid, (c, r): (i32, i32)) -> Option<Option<Piece>> {
    ((0..N).contains(&c) && (0..N).contains(&r)).then(|| grid[r as usize][c as usize])
}

/// One way a piece can end its move: where it ends and what it takes on the way.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Outcome {
    end: (i32, i32),
    /// Captured squares in the order taken.
    taken: Vec<(i32, i32)>,
    /// Stepped over this empty square and back.
    pass_over: Option<(i32, i32)>,
}

struct Walker<'a> {
    grid: &'a Grid,
    me: Seat,
    /// Kings may be taken (for the attack test).
    kings_fall: bool,
    kinds: &'a [shogiban::engine::KindDef],
}

impl Walker<'_> {
    /// A square a move may land on: empty, or an enemy piece (not a king unless
    /// `kings_fall`).
    fn landable(&self, sq: (i32, i32)) -> bool {
        match at(self.grid, sq) {
            None => false,
            Some(None) => true,
            Some(Some(p)) => {
                p.owner() != self.me && (self.kings_fall || !self.kinds[p.kind() as usize].royal)
            }
        }
    }

    fn enemy(&self, sq: (i32, i32)) -> bool {
        matches!(at(self.grid, sq), Some(Some(p)) if p.owner() != self.me)
    }

    fn empty(&self, sq: (i32, i32)) -> bool {
        matches!(at(self.grid, sq), Some(None))
    }

    /// A path of landings from `from`; `None` if some landing is not allowed.
    fn path(&self, from: (i32, i32), landings: &[(i32, i32)]) -> Option<Outcome> {
        let mut taken = Vec::new();
        for &sq in landings {
            if sq == from {
                continue;
            }
            if !self.landable(sq) {
                return None;
            }
            if self.enemy(sq) && !taken.contains(&sq) {
                taken.push(sq);
            }
        }
        let end = *landings.last()?;
        let pass_over = (end == from && taken.is_empty()).then(|| landings[0]);
        Some(Outcome {
            end,
            taken,
            pass_over,
        })
    }

    fn outcomes(&self, from: (i32, i32), piece: Piece) -> Vec<Outcome> {
        let def = &self.kinds[piece.kind() as usize];
        let flip = if piece.owner() == BLACK { 1 } else { -1 };
        let mut out = Vec::new();
        let add = |out: &mut Vec<Outcome>, o: Option<Outcome>| {
            if let Some(o) = o {
                out.push(o);
            }
        };
        let slide = |out: &mut Vec<Outcome>, (dx, dy): (i32, i32), range: i32| {
            let mut sq = from;
            for _ in 0..(if range == 0 { N } else { range }) {
                sq = (sq.0 + dx, sq.1 + dy);
                if !self.landable(sq) {
                    break;
                }
                out.push(Outcome {
                    end: sq,
                    taken: if self.enemy(sq) { vec![sq] } else { vec![] },
                    pass_over: None,
                });
                if !self.empty(sq) {
                    break;
                }
            }
        };
        let eight = [
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
        ];
        let dog = |out: &mut Vec<Outcome>, (dx, dy): (i32, i32)| {
            let s = |k: i32| (from.0 + dx * k, from.1 + dy * k);
            for path in [
                vec![1],
                vec![1, 0],
                vec![2],
                vec![1, 2],
                vec![1, 2, 1],
                vec![2, 1],
                vec![3],
                vec![2, 3],
                vec![1, 2, 3],
            ] {
                let landings: Vec<(i32, i32)> = path.iter().map(|&k| s(k)).collect();
                add(out, self.path(from, &landings));
            }
        };
        let lion = |out: &mut Vec<Outcome>| {
            for dy in -2i32..=2 {
                for dx in -2i32..=2 {
                    if dx.abs().max(dy.abs()) == 2 {
                        add(out, self.path(from, &[(from.0 + dx, from.1 + dy)]));
                    }
                }
            }
            for a in eight {
                let a = (from.0 + a.0, from.1 + a.1);
                add(out, self.path(from, &[a]));
                for b in eight {
                    let b = (a.0 + b.0, a.1 + b.1);
                    add(out, self.path(from, &[a, b]));
                }
            }
        };
        match def.special {
            Special::None => {
                for ray in def.rays {
                    let (dx, dy) = (ray.dx as i32 * flip, ray.dy as i32 * flip);
                    if ray.is_jump() {
                        add(&mut out, self.path(from, &[(from.0 + dx, from.1 + dy)]));
                    } else {
                        slide(&mut out, (dx, dy), ray.range as i32);
                    }
                }
            }
            Special::Lion => lion(&mut out),
            Special::LionDog => {
                for d in eight {
                    dog(&mut out, d);
                }
            }
            Special::FuriousFiend => {
                lion(&mut out);
                if def.rays.iter().any(|r| r.range == 3) {
                    // Range reading: slides of up to three squares.
                    for d in eight {
                        slide(&mut out, d, 3);
                    }
                } else {
                    for d in eight {
                        dog(&mut out, d);
                    }
                }
            }
            Special::GreatElephant => {
                // R bB fB2, and lion-dog power on the orthogonals and back diagonals.
                for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0), (1, 1), (-1, 1)] {
                    slide(&mut out, (dx * flip, dy * flip), 0);
                    dog(&mut out, (dx * flip, dy * flip));
                }
                for (dx, dy) in [(1, -1), (-1, -1)] {
                    slide(&mut out, (dx * flip, dy * flip), 2);
                }
            }
            Special::HookOrthogonal | Special::HookDiagonal => {
                let legs: &[(i32, i32)] = if def.special == Special::HookOrthogonal {
                    &[(0, -1), (1, 0), (0, 1), (-1, 0)]
                } else {
                    for w in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                        add(&mut out, self.path(from, &[(from.0 + w.0, from.1 + w.1)]));
                    }
                    &[(1, -1), (1, 1), (-1, 1), (-1, -1)]
                };
                for &(dx, dy) in legs {
                    let mut corner = from;
                    loop {
                        corner = (corner.0 + dx, corner.1 + dy);
                        if !self.landable(corner) {
                            break;
                        }
                        out.push(Outcome {
                            end: corner,
                            taken: if self.enemy(corner) {
                                vec![corner]
                            } else {
                                vec![]
                            },
                            pass_over: None,
                        });
                        if !self.empty(corner) {
                            break;
                        }
                        for (ex, ey) in [(-dy, dx), (dy, -dx)] {
                            let mut sq = corner;
                            loop {
                                sq = (sq.0 + ex, sq.1 + ey);
                                if !self.landable(sq) {
                                    break;
                                }
                                out.push(Outcome {
                                    end: sq,
                                    taken: if self.enemy(sq) { vec![sq] } else { vec![] },
                                    pass_over: None,
                                });
                                if !self.empty(sq) {
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

fn attacked(
    grid: &Grid,
    kinds: &[shogiban::engine::KindDef],
    target: (i32, i32),
    by: Seat,
) -> bool {
    let walker = Walker {
        grid,
        me: by,
        kings_fall: true,
        kinds,
    };
    for r in 0..N {
        for c in 0..N {
            if let Some(p) = grid[r as usize][c as usize] {
                if p.owner() == by
                    && walker
                        .outcomes((c, r), p)
                        .iter()
                        .any(|o| o.end == target || o.taken.contains(&target))
                {
                    return true;
                }
            }
        }
    }
    false
}

fn king_of(grid: &Grid, kinds: &[shogiban::engine::KindDef], seat: Seat) -> Option<(i32, i32)> {
    (0..N)
        .flat_map(|r| (0..N).map(move |c| (c, r)))
        .find(|&(c, r)| {
            grid[r as usize][c as usize]
                .is_some_and(|p| p.owner() == seat && kinds[p.kind() as usize].royal)
        })
}

/// Whether the side's king is attacked, by brute force.
pub fn in_check(pos: &DaiDaiPosition, seat: Seat) -> bool {
    let g = grid(pos);
    let kinds = pos.kinds();
    king_of(&g, kinds, seat).is_some_and(|k| attacked(&g, kinds, k, Seat(seat.0 ^ 1)))
}

/// The legal moves of the side to move, as canonical [`Move`]s.
pub fn legal_moves(pos: &DaiDaiPosition) -> BTreeSet<(u16, [u16; 2], u16, bool)> {
    let geometry = pos.geometry();
    let g = grid(pos);
    let kinds = pos.kinds();
    let me = pos.turn();
    let checked = in_check(pos, me);
    let sq = |(c, r): (i32, i32)| geometry.square(c as u8, r as u8);
    let walker = Walker {
        grid: &g,
        me,
        kings_fall: false,
        kinds,
    };
    let mut out = BTreeSet::new();
    for r in 0..N {
        for c in 0..N {
            let Some(piece) = g[r as usize][c as usize] else {
                continue;
            };
            if piece.owner() != me {
                continue;
            }
            let from = (c, r);
            let def = &kinds[piece.kind() as usize];
            let promotes = def.promotes_to.is_some() && !piece.promoted();
            let mut passed = false;
            let mut outcomes = walker.outcomes(from, piece);
            outcomes.sort();
            for o in outcomes {
                if o.end == from && o.taken.is_empty() {
                    // A pass: one per piece, never in check.
                    if o.pass_over.is_none() || checked || passed {
                        continue;
                    }
                }
                let mut after = g;
                for &t in &o.taken {
                    after[t.1 as usize][t.0 as usize] = None;
                }
                after[r as usize][c as usize] = None;
                after[o.end.1 as usize][o.end.0 as usize] = Some(piece);
                if let Some(k) = king_of(&after, kinds, me) {
                    if attacked(&after, kinds, k, Seat(me.0 ^ 1)) {
                        continue;
                    }
                }
                let mut via = [Sq::NONE; 2];
                if o.end == from && o.taken.is_empty() {
                    passed = true;
                    // The canonical pass goes over the first empty neighbour clockwise
                    // from the one towards rank a, on one of the piece's lines.
                    let eight = [
                        (0, -1),
                        (1, -1),
                        (1, 0),
                        (1, 1),
                        (0, 1),
                        (-1, 1),
                        (-1, 0),
                        (-1, -1),
                    ];
                    let first = eight
                        .iter()
                        .map(|d| (from.0 + d.0, from.1 + d.1))
                        .find(|&a| {
                            walker.empty(a) && walker.path(from, &[a, from]).is_some() && {
                                // The great elephant passes only along its lion-dog lines.
                                def.special != Special::GreatElephant || {
                                    let flip = if me == BLACK { 1 } else { -1 };
                                    let (dx, dy) = ((a.0 - from.0) * flip, (a.1 - from.1) * flip);
                                    !(dy == -1 && dx != 0)
                                }
                            }
                        })
                        .expect("a pass has an empty neighbour");
                    via[0] = sq(first);
                } else {
                    for (i, &t) in o.taken.iter().filter(|&&t| t != o.end).enumerate() {
                        via[i] = sq(t);
                    }
                }
                let m = Move::through(sq(from), via, sq(o.end), promotes && !o.taken.is_empty());
                out.insert(key(&m));
            }
        }
    }
    out
}

pub fn key(m: &Move) -> (u16, [u16; 2], u16, bool) {
    (m.from.0, [m.via[0].0, m.via[1].0], m.to.0, m.promote)
}

/// The engine's legal moves in the same form.
pub fn engine_moves(pos: &DaiDaiPosition) -> BTreeSet<(u16, [u16; 2], u16, bool)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let set: BTreeSet<_> = moves.iter().map(key).collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "duplicate moves in {}",
        daidai::to_text(pos)
    );
    set
}
