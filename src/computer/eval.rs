//! Static evaluation for every variant, from the point of view of one team (a seat, or a
//! doubles pair): material on the board and in hand (and yonin's points), where pieces stand (in the 9x9
//! variants: small pieces forward, the king back), promotion potential, king shelter and the threat around the
//! king.
//!
//! Standard and yonin shogi use the piece values shogi programs agree on; dai dai's 68
//! kinds are valued from the piece table itself (how many squares each reaches on an
//! empty board, with the lion and hook powers counted), so no list of numbers is kept.

use crate::engine::piece::{Ray, Special};
use crate::engine::{Geometry, KindDef, KindId, Position, Seat, SeatSet, Variant};

/// A score in hundredths of a pawn, from the team's point of view.
pub type Score = i32;

/// Beyond any material count: a won or lost game (less the plies to get there).
pub const MATE: Score = 1_000_000;

/// Piece values of one variant, by kind id.
#[derive(Clone, Debug)]
pub struct Evaluator {
    variant: Variant,
    board: Vec<Score>,
    hand: Vec<Score>,
    /// What promoting adds, by kind id (0 when the kind does not promote).
    promotion_gain: Vec<Score>,
    pawn: Score,
}

/// Values of standard shogi's pieces by code, as shogi programs use them (pawn = 100).
fn shogi_value(code: &str) -> Score {
    match code {
        "P" => 100,
        "L" => 330,
        "N" => 420,
        "S" => 520,
        "G" => 570,
        "B" => 850,
        "R" => 1000,
        "+P" | "+L" | "+N" | "+S" => 560,
        "+B" => 1050,
        "+R" => 1250,
        _ => 0,
    }
}

impl Evaluator {
    /// The values for the variant of `pos`.
    pub fn new(pos: &impl Position) -> Evaluator {
        let variant = pos.variant();
        let kinds = pos.kinds();
        let board: Vec<Score> = match variant {
            Variant::DaiDai => {
                let g = pos.geometry();
                kinds.iter().map(|k| derived_value(k, g)).collect()
            }
            _ => kinds.iter().map(|k| shogi_value(k.code)).collect(),
        };
        // A piece in hand can go almost anywhere, so it is worth a little more.
        let hand = board.iter().map(|v| v + v / 8).collect();
        let promotion_gain = kinds
            .iter()
            .map(|k| match k.promotes_to {
                Some(to) => (board[to as usize] - board[kind_index(kinds, k)]).max(0),
                None => 0,
            })
            .collect();
        let pawn = match variant {
            Variant::DaiDai => kinds
                .iter()
                .find(|k| k.code == "P")
                .map_or(100, |k| derived_value(k, pos.geometry()))
                .max(1),
            _ => 100,
        };
        Evaluator {
            variant,
            board,
            hand,
            promotion_gain,
            pawn,
        }
    }

    /// The board value of a kind.
    pub fn value(&self, kind: KindId) -> Score {
        self.board.get(kind as usize).copied().unwrap_or(0)
    }

    /// The value of one pawn in this variant's scale, for thresholds (resigning, noise).
    pub fn pawn(&self) -> Score {
        self.pawn
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// How good `pos` is for `team`: its seats' worth less the opponents' (in yonin
    /// singles, the average of the opponents still playing, so that the player neither
    /// ignores nor overrates any single one of them).
    pub fn evaluate<P: Position>(&self, pos: &P, team: SeatSet) -> Score {
        let seats = pos.seats() as usize;
        let alive = pos.alive();
        let mut worth = [0 as Score; 4];
        let g = pos.geometry();
        for sq in g.squares() {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let owner = piece.owner();
            if !alive.contains(owner) {
                continue;
            }
            let kind = piece.kind();
            let mut v = self.value(kind);
            let gain = self.promotion_gain[kind as usize];
            if gain > 0 && pos.in_zone(sq, owner) {
                // Already where it can promote: part of the promotion is as good as made.
                v += gain / 3;
            }
            v += self.placement(pos, sq, owner, kind);
            if seats == 4 {
                v += self.points_worth(pos.kind(kind));
            }
            worth[owner.index()] += v;
        }
        for seat in 0..seats {
            let seat = Seat(seat as u8);
            if !alive.contains(seat) {
                continue;
            }
            for &kind in pos.hand_kinds() {
                let n = pos.hand_count(seat, kind) as Score;
                worth[seat.index()] += n * self.hand[kind as usize];
                if seats == 4 {
                    worth[seat.index()] += n * self.points_worth(pos.kind(kind));
                }
            }
            worth[seat.index()] += self.king_safety(pos, seat, g);
        }
        let mut mine = 0;
        let mut theirs = 0;
        let mut opponents = 0;
        for seat in 0..seats {
            let seat = Seat(seat as u8);
            if team.contains(seat) {
                mine += worth[seat.index()];
            } else if alive.contains(seat) {
                theirs += worth[seat.index()];
                opponents += 1;
            }
        }
        let team_size = team.len().max(1) as Score;
        let mine = mine / team_size;
        let theirs = if opponents == 0 {
            0
        } else {
            theirs / opponents
        };
        // In four-player games each opponent out is a step to the win (and a partner out
        // is the loss), worth more than any material.
        let mut standing = 0;
        if seats == 4 {
            for seat in 0..4u8 {
                let seat = Seat(seat);
                if !alive.contains(seat) {
                    standing += if team.contains(seat) { -1 } else { 1 };
                }
            }
        }
        mine - theirs + standing * 40 * self.pawn
    }

    /// In yonin a game cut short (by the move limit or a declaration) is placed by points,
    /// counted on the board and in hand: each point is worth a fifth of a pawn beyond the
    /// piece's material.
    fn points_worth(&self, kind: &KindDef) -> Score {
        Score::from(kind.points) * self.pawn / 5
    }

    /// The piece-square term: small pieces gain by moving forward (they attack and go on
    /// to promote), while a king is safest near its own back line until the endgame.
    fn placement<P: Position>(
        &self,
        pos: &P,
        sq: crate::engine::Sq,
        owner: Seat,
        kind: KindId,
    ) -> Score {
        // Dai dai's armies start far apart and win by mating with the big pieces; the
        // term measured no better there, so it is left to material and king safety.
        if self.variant == Variant::DaiDai {
            return 0;
        }
        let lines = Score::from(pos.advancement(sq, owner));
        let unit = (self.pawn / 25).max(1);
        if pos.kind(kind).royal {
            -(lines - 1).max(0) * 4 * unit
        } else if self.value(kind) <= 6 * self.pawn {
            lines.min(6) * unit
        } else {
            0
        }
    }

    /// Shelter and danger around `seat`'s king: own pieces next to it help, enemy pieces
    /// within two squares threaten, and a king in check is in danger.
    fn king_safety<P: Position>(&self, pos: &P, seat: Seat, g: Geometry) -> Score {
        let Some(king) = pos.king_square(seat) else {
            return 0;
        };
        let partner = pos.partner(seat);
        let (kc, kr) = g.col_row(king);
        let size = g.size() as i32;
        let mut shelter = 0;
        let mut threat = 0;
        for dr in -2i32..=2 {
            for dc in -2i32..=2 {
                let (c, r) = (kc as i32 + dc, kr as i32 + dr);
                if (dr == 0 && dc == 0) || c < 0 || r < 0 || c >= size || r >= size {
                    continue;
                }
                let Some(piece) = pos.piece_at(g.square(c as u8, r as u8)) else {
                    continue;
                };
                let owner = piece.owner();
                let near = dr.abs() <= 1 && dc.abs() <= 1;
                if owner == seat || Some(owner) == partner {
                    if near {
                        shelter += 1;
                    }
                } else if pos.alive().contains(owner) {
                    threat += if near { 2 } else { 1 };
                }
            }
        }
        let unit = self.pawn / 4;
        let mut score = shelter.min(4) * unit - threat * unit;
        if pos.in_check(seat) {
            score -= unit * 2;
        }
        score
    }
}

fn kind_index(kinds: &[KindDef], k: &KindDef) -> usize {
    kinds
        .iter()
        .position(|other| std::ptr::eq(other, k))
        .unwrap_or(0)
}

/// A dai dai piece's value from its moves alone: the squares it reaches from every square
/// of an empty board, averaged, grown more than linearly (a piece that reaches twice as far
/// is worth more than twice as much in a crowded game), with the multi-step powers of
/// lions and hook movers counted as what they reach.
fn derived_value(kind: &KindDef, g: Geometry) -> Score {
    if kind.royal {
        return 0;
    }
    let size = g.size() as i32;
    let mut total = 0.0f64;
    let mut squares = 0.0f64;
    for row in 0..size {
        for col in 0..size {
            total += reach(kind, col, row, size) as f64;
            squares += 1.0;
        }
    }
    let mobility = total / squares.max(1.0);
    (40.0 * mobility.powf(0.85) + 30.0).round() as Score
}

/// Squares `kind` reaches from (col, row) on an empty board of `size`.
fn reach(kind: &KindDef, col: i32, row: i32, size: i32) -> u32 {
    let inside = |c: i32, r: i32| c >= 0 && r >= 0 && c < size && r < size;
    let along = |ray: &Ray| -> u32 {
        if ray.is_jump() {
            return inside(col + ray.dx as i32, row + ray.dy as i32) as u32;
        }
        let limit = if ray.range == 0 {
            size
        } else {
            ray.range as i32
        };
        (1..=limit)
            .take_while(|&n| inside(col + ray.dx as i32 * n, row + ray.dy as i32 * n))
            .count() as u32
    };
    let rays: u32 = kind.rays.iter().map(along).sum();
    let lion_area = |radius: i32| -> u32 {
        let mut n = 0;
        for dr in -radius..=radius {
            for dc in -radius..=radius {
                if (dr != 0 || dc != 0) && inside(col + dc, row + dr) {
                    n += 1;
                }
            }
        }
        n
    };
    let extra = match kind.special {
        Special::None => 0,
        // Two king steps reach the 5x5 square, and the lion can capture twice.
        Special::Lion => lion_area(2) + 8,
        Special::LionDog => 24,
        Special::FuriousFiend => lion_area(2) + 24,
        Special::GreatElephant => 18,
        // A turn on the way reaches a second line from every square of the first.
        Special::HookOrthogonal | Special::HookDiagonal => rays,
    };
    rays + extra
}
