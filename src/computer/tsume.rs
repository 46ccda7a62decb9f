//! Tsume (詰将棋, mate problems) in standard shogi: the proof that a position is a
//! proper problem ([`prove_tsume`]) and a composer that makes them ([`compose`]), both
//! over the mate solver of [`super::mate`].
//!
//! The conventions proven, as tsume collections state them:
//! - Black (sente) attacks and moves first, with no king of its own; White (gote) holds
//!   every piece that is neither on the board nor in Black's hand.
//! - Every attacking move checks, and the problem's length is the shortest forced mate
//!   against the longest defence.
//! - The defence takes the longest line; among lines of equal length, the one after
//!   which Black has no hand piece left (a line that leaves Black pieces to spare, 駒余り,
//!   is not the answer). A problem whose answer leaves pieces to spare whatever the
//!   defence is refused.
//! - The answer is unique at every attacking move of the main line (no 余詰): every
//!   other check is proven not to mate within the moves left plus [`EXTRA_PLIES`], and
//!   a further unbounded search of [`LOOK_NODES`] nodes finds no longer mate either (a
//!   mate of any length found rejects the problem). Proving that no mate exists at all,
//!   with the defender holding most of the set in hand, is beyond a bounded budget.
//! - No piece of Black's on the board is redundant: without it (given to White's hand)
//!   there is no mate in as many moves.
//! - The main line's defence never drops an interposing piece (合駒): whether such a
//!   drop is a useless interposition (無駄合) that does not count is a judgement the
//!   conventions leave to people, so those problems are not kept.
//!
//! Every solve is bounded by nodes, not time, so a proof or a composition repeats
//! exactly whatever the machine's load.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::shogi::ShogiPosition;
use crate::engine::standard::{self, BLACK, WHITE};
use crate::engine::{Move, Position};

use super::mate::{solve_for, MateLimits, MateResult};

/// The longest problem the prover looks for, in plies.
pub const MAX_LENGTH: usize = 11;

/// Nodes each solve of a proof may expand.
pub const PROOF_NODES: u64 = 200_000;

/// How much longer than the answer an alternative check is proven not to mate.
pub const EXTRA_PLIES: usize = 4;

/// Nodes of the unbounded search for a longer mate after each alternative check.
pub const LOOK_NODES: u64 = 20_000;

/// A proven problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tsume {
    /// The position, SFEN, Black to move.
    pub sfen: String,
    /// Plies of the answer (3 for a mate in three).
    pub length: usize,
    /// The answer: Black's moves and White's longest defence, the last move mating.
    pub solution: Vec<Move>,
}

impl Tsume {
    /// The problem's position.
    pub fn position(&self) -> ShogiPosition {
        standard::from_sfen(&self.sfen).expect("a proven problem's position reads back")
    }

    /// The answer in USI coordinates.
    pub fn solution_usi(&self) -> Vec<String> {
        let mut pos = self.position();
        let mut out = Vec::with_capacity(self.solution.len());
        for m in &self.solution {
            out.push(pos.coordinate(m));
            pos.play_quiet(m);
        }
        out
    }
}

/// Why a position is not a proper problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotTsume {
    #[error("the position cannot be read: {0}")]
    Unreadable(String),
    #[error("Black must be to move")]
    WhiteToMove,
    #[error("Black may have no king in a tsume, and White must have one")]
    Kings,
    #[error("White is already in check")]
    AlreadyInCheck,
    #[error(
        "White's hand must hold every piece that is not on the board or in Black's hand ({0})"
    )]
    DefenderHand(String),
    #[error("no forced mate within {MAX_LENGTH} plies")]
    NoMate,
    #[error("the solver could not decide within its budget ({0})")]
    Undecided(String),
    #[error("more than one answer at ply {ply}: {moves} all mate (余詰)")]
    Alternative { ply: usize, moves: String },
    #[error("the answer leaves Black with pieces to spare (駒余り)")]
    SparePieces,
    #[error("the longest defence at ply {ply} is an interposing drop ({mv})")]
    Interposition { ply: usize, mv: String },
    #[error("the piece on {0} is redundant: the mate works without it")]
    Redundant(String),
}

/// The letters of the SFEN piece kinds below the king, in hand order, with a full set's
/// count of each (both sides together).
const KINDS: [(char, u8); 7] = [
    ('R', 2),
    ('B', 2),
    ('G', 4),
    ('S', 4),
    ('N', 4),
    ('L', 4),
    ('P', 18),
];

/// A board as SFEN letters, for building and checking positions as text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Diagram {
    /// Row 0 is rank a, column 0 file 9; each piece its SFEN letter (upper case Black)
    /// and whether it is promoted.
    cells: [[Option<(char, bool)>; 9]; 9],
    /// Hands of Black and White, counts per [`KINDS`].
    hands: [[u8; 7]; 2],
}

impl Diagram {
    fn empty() -> Diagram {
        Diagram {
            cells: [[None; 9]; 9],
            hands: [[0; 7]; 2],
        }
    }

    fn read(sfen: &str) -> Option<Diagram> {
        let mut fields = sfen.split_whitespace();
        let board = fields.next()?;
        let _side = fields.next()?;
        let hands = fields.next()?;
        let mut d = Diagram::empty();
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 9 {
            return None;
        }
        for (r, row) in rows.iter().enumerate() {
            let mut c = 0usize;
            let mut promoted = false;
            for ch in row.chars() {
                if let Some(n) = ch.to_digit(10) {
                    c += n as usize;
                } else if ch == '+' {
                    promoted = true;
                } else {
                    if c >= 9 {
                        return None;
                    }
                    d.cells[r][c] = Some((ch, promoted));
                    promoted = false;
                    c += 1;
                }
            }
        }
        if hands != "-" {
            let mut n = 0u32;
            for ch in hands.chars() {
                if let Some(digit) = ch.to_digit(10) {
                    n = n * 10 + digit;
                    continue;
                }
                let slot = KINDS
                    .iter()
                    .position(|&(k, _)| k == ch.to_ascii_uppercase())?;
                let side = usize::from(ch.is_ascii_lowercase());
                d.hands[side][slot] += n.max(1) as u8;
                n = 0;
            }
        }
        Some(d)
    }

    fn sfen(&self) -> String {
        let mut board = String::new();
        for (r, row) in self.cells.iter().enumerate() {
            if r > 0 {
                board.push('/');
            }
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some((ch, promoted)) => {
                        if empty > 0 {
                            board.push_str(&empty.to_string());
                            empty = 0;
                        }
                        if *promoted {
                            board.push('+');
                        }
                        board.push(*ch);
                    }
                }
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
            }
        }
        let mut hands = String::new();
        for side in 0..2 {
            for (slot, &(k, _)) in KINDS.iter().enumerate() {
                let n = self.hands[side][slot];
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                if n > 0 {
                    hands.push(if side == 0 { k } else { k.to_ascii_lowercase() });
                }
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        format!("{board} b {hands} 1")
    }

    /// How many of each kind the board and both hands hold.
    fn totals(&self) -> [u8; 7] {
        let mut totals = [0u8; 7];
        for row in &self.cells {
            for (ch, _) in row.iter().flatten() {
                if let Some(slot) = KINDS
                    .iter()
                    .position(|&(k, _)| k == ch.to_ascii_uppercase())
                {
                    totals[slot] += 1;
                }
            }
        }
        for hand in &self.hands {
            for (slot, n) in hand.iter().enumerate() {
                totals[slot] += n;
            }
        }
        totals
    }

    /// White's hand made of every piece not placed elsewhere; `false` if some kind is
    /// over a set's count.
    fn fill_defender_hand(&mut self) -> bool {
        self.hands[1] = [0; 7];
        let totals = self.totals();
        for (slot, &(_, full)) in KINDS.iter().enumerate() {
            if totals[slot] > full {
                return false;
            }
            self.hands[1][slot] = full - totals[slot];
        }
        true
    }

    fn kings(&self) -> (usize, usize) {
        let mut kings = (0, 0);
        for (ch, _) in self.cells.iter().flatten().flatten() {
            match ch {
                'K' => kings.0 += 1,
                'k' => kings.1 += 1,
                _ => {}
            }
        }
        kings
    }

    /// The same position seen from the other side: the board turned round, every piece
    /// changing colour, the hands swapped. A game's position with White to move becomes
    /// one with Black to move.
    fn flipped(&self) -> Diagram {
        let mut d = Diagram::empty();
        for r in 0..9 {
            for c in 0..9 {
                d.cells[8 - r][8 - c] = self.cells[r][c].map(|(ch, promoted)| {
                    let turned = if ch.is_ascii_uppercase() {
                        ch.to_ascii_lowercase()
                    } else {
                        ch.to_ascii_uppercase()
                    };
                    (turned, promoted)
                });
            }
        }
        d.hands = [self.hands[1], self.hands[0]];
        d
    }

    /// The square of a cell in SFEN coordinates (`5b`).
    fn square_name(r: usize, c: usize) -> String {
        format!("{}{}", 9 - c, (b'a' + r as u8) as char)
    }
}

/// Whether `sfen` is a proper problem (see the module's conventions), with its answer.
pub fn prove_tsume(sfen: &str) -> Result<Tsume, NotTsume> {
    prove_tsume_with(sfen, PROOF_NODES)
}

/// [`prove_tsume`] with each solve bounded at `nodes`.
pub fn prove_tsume_with(sfen: &str, nodes: u64) -> Result<Tsume, NotTsume> {
    let pos = standard::from_sfen(sfen).map_err(|e| NotTsume::Unreadable(e.to_string()))?;
    let sfen = pos.to_text();
    let diagram = Diagram::read(&sfen).ok_or_else(|| NotTsume::Unreadable(sfen.clone()))?;
    if pos.turn() != BLACK {
        return Err(NotTsume::WhiteToMove);
    }
    if diagram.kings() != (0, 1) {
        return Err(NotTsume::Kings);
    }
    if pos.in_check(WHITE) {
        return Err(NotTsume::AlreadyInCheck);
    }
    let mut full = diagram.clone();
    if !full.fill_defender_hand() || full.hands[1] != diagram.hands[1] {
        return Err(NotTsume::DefenderHand(full.sfen()));
    }
    let prover = Prover::new(nodes);
    let length = prover
        .exact_length(&pos, MAX_LENGTH)?
        .ok_or(NotTsume::NoMate)?;
    let solution = prover.main_line(&pos, length, 0)?;
    // Black's hand after the answer: every piece it held must have been dropped.
    let mut end = pos.clone();
    for m in &solution {
        end.play_quiet(m);
    }
    let end_diagram = Diagram::read(&end.to_text()).expect("a position's own text reads");
    if end_diagram.hands[0] != [0; 7] {
        return Err(NotTsume::SparePieces);
    }
    prover.no_redundant_piece(&diagram, length)?;
    Ok(Tsume {
        sfen,
        length,
        solution,
    })
}

/// The solves of one proof, each bounded by the same number of nodes.
struct Prover {
    limits: MateLimits,
}

impl Prover {
    fn new(nodes: u64) -> Prover {
        Prover {
            limits: MateLimits {
                nodes: Some(nodes),
                deadline: None,
            },
        }
    }

    fn undecided(pos: &ShogiPosition) -> NotTsume {
        NotTsume::Undecided(pos.to_text())
    }

    /// The plies of the shortest forced mate from `pos` (Black to move, or White to
    /// answer an attacking move), if there is one within `max` plies: solved for a mate
    /// within 1, 3, 5, ... plies (2, 4, ... from a defence) until one is proven.
    fn exact_length(&self, pos: &ShogiPosition, max: usize) -> Result<Option<usize>, NotTsume> {
        let start = if pos.turn() == BLACK { 1 } else { 0 };
        for bound in (start..=max).step_by(2) {
            match solve_for(pos, BLACK, self.limits, Some(bound)) {
                MateResult::Mate(_) => return Ok(Some(bound)),
                MateResult::NoMate => {}
                MateResult::Unknown => return Err(Prover::undecided(pos)),
            }
        }
        Ok(None)
    }

    /// Whether Black mates after its move to `after` (White to answer, `remaining`
    /// plies of the problem left): proven either way within `remaining` plies and
    /// [`EXTRA_PLIES`] more, then a short unbounded search ([`LOOK_NODES`]) for a longer
    /// mate. A mate of any length found counts.
    fn mates_after(&self, after: &ShogiPosition, remaining: usize) -> Result<bool, NotTsume> {
        match solve_for(after, BLACK, self.limits, Some(remaining + EXTRA_PLIES)) {
            MateResult::Mate(_) => return Ok(true),
            MateResult::NoMate => {}
            MateResult::Unknown => return Err(Prover::undecided(after)),
        }
        let look = MateLimits {
            nodes: Some(LOOK_NODES),
            deadline: None,
        };
        Ok(matches!(
            solve_for(after, BLACK, look, None),
            MateResult::Mate(_)
        ))
    }

    /// The main line from `pos` (Black to move, shortest mate `plies` long): Black's
    /// only mating check, White's longest defence (ties broken by the convention), and
    /// so on to the mate.
    fn main_line(
        &self,
        pos: &ShogiPosition,
        plies: usize,
        ply: usize,
    ) -> Result<Vec<Move>, NotTsume> {
        let mut checks = Vec::new();
        pos.generate_checks(&mut checks);
        let mut mating = Vec::new();
        for m in &checks {
            let mut after = pos.clone();
            after.play_quiet(m);
            if self.mates_after(&after, plies - 1)? {
                mating.push(*m);
            }
        }
        let answer = match mating.as_slice() {
            [one] => *one,
            [] => return Err(Prover::undecided(pos)),
            many => {
                let moves: Vec<String> = many.iter().map(|m| pos.coordinate(m)).collect();
                return Err(NotTsume::Alternative {
                    ply: ply + 1,
                    moves: moves.join(", "),
                });
            }
        };
        let mut defence = pos.clone();
        defence.play_quiet(&answer);
        if plies == 1 {
            if defence.has_legal_move() {
                return Err(Prover::undecided(pos));
            }
            return Ok(vec![answer]);
        }
        let mut replies = Vec::new();
        defence.legal_moves(&mut replies);
        // Each reply's shortest mate; the longest are the candidates.
        let mut candidates = Vec::new();
        for r in &replies {
            let mut next = defence.clone();
            next.play_quiet(r);
            match self.exact_length(&next, plies - 2)? {
                Some(len) if len == plies - 2 => candidates.push((*r, next)),
                Some(_) => {}
                None => return Err(Prover::undecided(&next)),
            }
        }
        if candidates.is_empty() {
            return Err(Prover::undecided(&defence));
        }
        // Among equal lengths: the line leaving Black no piece to spare, then a move on
        // the board before a drop.
        let mut best: Option<(bool, bool, Move, Vec<Move>)> = None;
        for (r, next) in candidates {
            let rest = self.main_line(&next, plies - 2, ply + 2)?;
            let mut end = next.clone();
            for m in &rest {
                end.play_quiet(m);
            }
            let spare = Diagram::read(&end.to_text()).is_some_and(|d| d.hands[0] != [0; 7]);
            let drop = r.drop.is_some();
            let better = match &best {
                None => true,
                Some((b_spare, b_drop, _, _)) => (spare, drop) < (*b_spare, *b_drop),
            };
            if better {
                best = Some((spare, drop, r, rest));
            }
        }
        let (_, drop, reply, rest) = best.expect("at least one candidate");
        if drop {
            return Err(NotTsume::Interposition {
                ply: ply + 2,
                mv: defence.coordinate(&reply),
            });
        }
        let mut line = vec![answer, reply];
        line.extend(rest);
        Ok(line)
    }

    /// Each of Black's pieces on the board taken off (to White's hand): no mate within
    /// `length` plies may remain.
    fn no_redundant_piece(&self, diagram: &Diagram, length: usize) -> Result<(), NotTsume> {
        for r in 0..9 {
            for c in 0..9 {
                let Some((ch, _)) = diagram.cells[r][c] else {
                    continue;
                };
                if !ch.is_ascii_uppercase() {
                    continue;
                }
                let mut without = diagram.clone();
                without.cells[r][c] = None;
                without.fill_defender_hand();
                let Ok(pos) = standard::from_sfen(&without.sfen()) else {
                    continue;
                };
                if pos.in_check(WHITE) {
                    continue;
                }
                match solve_for(&pos, BLACK, self.limits, Some(length)) {
                    MateResult::Mate(_) => {
                        return Err(NotTsume::Redundant(Diagram::square_name(r, c)))
                    }
                    MateResult::NoMate => {}
                    MateResult::Unknown => return Err(Prover::undecided(&pos)),
                }
            }
        }
        Ok(())
    }
}

/// Tries to compose one problem of `length` plies from `rng`: a random mating net
/// (White's king near its edge, a few defenders, Black's pieces around it and in hand),
/// kept if its shortest mate is that long; then pieces are taken away one at a time
/// (Black's to White's hand, White's own to White's hand) while the mate keeps its
/// length, and the rest must pass [`prove_tsume_with`]. `None` when this try fails.
pub fn compose_once(length: usize, rng: &mut StdRng, nodes: u64) -> Option<Tsume> {
    let diagram = random_net(rng)?;
    // Nets are screened and thinned with a tenth of the proof's budget: a problem of a
    // few moves is settled in far fewer nodes, and a net that needs more is dropped.
    let prover = Prover::new((nodes / 10).max(1_000));
    let len_of = |d: &Diagram| -> Option<usize> {
        let pos = standard::from_sfen(&d.sfen()).ok()?;
        if pos.in_check(WHITE) {
            return None;
        }
        prover.exact_length(&pos, length).ok().flatten()
    };
    if len_of(&diagram) != Some(length) {
        return None;
    }
    let current = thinned(diagram, length, len_of);
    prove_tsume_with(&current.sfen(), nodes)
        .ok()
        .filter(|t| t.length == length)
}

/// `diagram` with pieces taken away, one at a time, while `len_of` still finds a mate of
/// `length` plies: board pieces first (Black's and White's, never White's king; each
/// goes to White's hand), then Black's hand.
fn thinned(diagram: Diagram, length: usize, len_of: impl Fn(&Diagram) -> Option<usize>) -> Diagram {
    let mut current = diagram;
    loop {
        let mut removed = false;
        for r in 0..9 {
            for c in 0..9 {
                match current.cells[r][c] {
                    Some((ch, _)) if ch != 'k' => {
                        let mut lighter = current.clone();
                        lighter.cells[r][c] = None;
                        lighter.fill_defender_hand();
                        if len_of(&lighter) == Some(length) {
                            current = lighter;
                            removed = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        for slot in 0..7 {
            if current.hands[0][slot] > 0 {
                let mut lighter = current.clone();
                lighter.hands[0][slot] -= 1;
                lighter.fill_defender_hand();
                if len_of(&lighter) == Some(length) {
                    current = lighter;
                    removed = true;
                }
            }
        }
        if !removed {
            return current;
        }
    }
}

/// The shortest lengths a problem made from a game may have: a mate in one is too
/// plain to post.
pub const GAME_LENGTHS: [usize; 3] = [3, 5, 7];

/// Makes a problem of a game's position in which the side to move (the attacker) has a
/// forced mate by checks: seen from the attacker's side (Black), without the attacker's
/// king, every piece not on the board or in the attacker's hand given to the defender,
/// then thinned like a composed net while the mate keeps its length, and kept only if
/// [`prove_tsume_with`] accepts it. The shortest mate is looked for within 3, 5 and 7
/// plies. `None` when the position yields no problem.
pub fn from_game_position(sfen: &str, nodes: u64) -> Option<Tsume> {
    let diagram = Diagram::read(sfen)?;
    let black_to_move = sfen.split_whitespace().nth(1)? == "b";
    let mut diagram = if black_to_move {
        diagram
    } else {
        diagram.flipped()
    };
    for cell in diagram.cells.iter_mut().flatten() {
        if matches!(cell, Some(('K', _))) {
            *cell = None;
        }
    }
    if diagram.kings() != (0, 1) || !diagram.fill_defender_hand() {
        return None;
    }
    let prover = Prover::new((nodes / 10).max(1_000));
    let len_within = |d: &Diagram, most: usize| -> Option<usize> {
        let pos = standard::from_sfen(&d.sfen()).ok()?;
        if pos.in_check(WHITE) {
            return None;
        }
        prover.exact_length(&pos, most).ok().flatten()
    };
    let length = len_within(&diagram, *GAME_LENGTHS.last()?)?;
    if !GAME_LENGTHS.contains(&length) {
        return None;
    }
    let current = thinned(diagram, length, |d| len_within(d, length));
    prove_tsume_with(&current.sfen(), nodes)
        .ok()
        .filter(|t| t.length == length)
}

/// How many plies before a game's end [`game_positions`] looks for a problem's start.
pub const GAME_PLIES_BACK: usize = 8;

/// Why a game's moves were not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} ({text}): {why}")]
pub struct GameMovesError {
    pub ply: usize,
    pub text: String,
    pub why: String,
}

/// The positions (SFEN) of a standard game played from `start` (SFEN) with `moves` (USI,
/// or any notation the engine reads), within [`GAME_PLIES_BACK`] plies of its end, in which
/// the side that played the last move is to move: where a problem of the game's final
/// attack may start.
pub fn game_positions<'a>(
    start: &str,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<String>, GameMovesError> {
    let mut pos = standard::from_sfen(start).map_err(|e| GameMovesError {
        ply: 0,
        text: start.to_owned(),
        why: e.to_string(),
    })?;
    let mut texts = vec![pos.to_text()];
    for (i, text) in moves.into_iter().enumerate() {
        let m = pos.parse_move(text).map_err(|e| GameMovesError {
            ply: i + 1,
            text: text.to_owned(),
            why: e.to_string(),
        })?;
        pos.check_move(&m).map_err(|e| GameMovesError {
            ply: i + 1,
            text: text.to_owned(),
            why: e.to_string(),
        })?;
        pos.play_quiet(&m);
        texts.push(pos.to_text());
    }
    // texts[k] is the position before ply k + 1; the last move is ply texts.len() - 1,
    // made from texts[len - 2]: the winner moves in every other position back from it.
    let plies = texts.len() - 1;
    if plies == 0 {
        return Ok(Vec::new());
    }
    let first = plies.saturating_sub(GAME_PLIES_BACK);
    Ok((first..plies)
        .filter(|k| (plies - 1 - k) % 2 == 0)
        .map(|k| texts[k].clone())
        .collect())
}

/// The best problem among a finished game's positions (SFEN, oldest first) in which the
/// winner is to move: the longest mate made by [`from_game_position`], the earliest
/// position among equals. Returns the position's index with the problem.
pub fn from_game(positions: &[String], nodes: u64) -> Option<(usize, Tsume)> {
    let mut best: Option<(usize, Tsume)> = None;
    for (i, sfen) in positions.iter().enumerate() {
        let Some(t) = from_game_position(sfen, nodes) else {
            continue;
        };
        if best.as_ref().map_or(true, |(_, b)| t.length > b.length) {
            best = Some((i, t));
        }
    }
    best
}

/// Composes problems of `length` plies from `seed`, calling `found` with each kept one
/// (and the tries it took) until it returns `false`.
pub fn compose(length: usize, seed: u64, nodes: u64, mut found: impl FnMut(Tsume, u64) -> bool) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut tries = 0u64;
    loop {
        tries += 1;
        if let Some(t) = compose_once(length, &mut rng, nodes) {
            if !found(t, tries) {
                return;
            }
            tries = 0;
        }
    }
}

/// A random mating net: White's king on one of its first three ranks, up to three of
/// White's pieces near it, one to four of Black's near it and up to three in Black's
/// hand; White's hand the rest. `None` when the draw breaks a rule of placement.
fn random_net(rng: &mut StdRng) -> Option<Diagram> {
    let mut d = Diagram::empty();
    let king = (
        rng.gen_range(0..3usize).min(rng.gen_range(0..3)),
        rng.gen_range(0..9usize),
    );
    d.cells[king.0][king.1] = Some(('k', false));
    let near = |rng: &mut StdRng, reach: i32| -> (usize, usize) {
        let r = (king.0 as i32 + rng.gen_range(-reach..=reach)).clamp(0, 8);
        let c = (king.1 as i32 + rng.gen_range(-reach..=reach)).clamp(0, 8);
        (r as usize, c as usize)
    };
    // White's defenders: golds and silvers mostly, some pawns, lances, knights.
    const WHITE_KINDS: [(char, bool); 7] = [
        ('g', false),
        ('g', false),
        ('s', false),
        ('s', false),
        ('p', false),
        ('l', false),
        ('n', false),
    ];
    for _ in 0..rng.gen_range(0..=3) {
        let (r, c) = near(rng, 2);
        let piece = WHITE_KINDS[rng.gen_range(0..WHITE_KINDS.len())];
        if d.cells[r][c].is_none() {
            d.cells[r][c] = Some(piece);
        }
    }
    const BLACK_KINDS: [(char, bool); 13] = [
        ('R', true),
        ('B', true),
        ('R', false),
        ('B', false),
        ('G', false),
        ('G', false),
        ('S', false),
        ('S', false),
        ('N', false),
        ('L', false),
        ('P', false),
        ('P', false),
        ('P', true),
    ];
    for _ in 0..rng.gen_range(1..=4) {
        let (r, c) = near(rng, 3);
        let piece = BLACK_KINDS[rng.gen_range(0..BLACK_KINDS.len())];
        if d.cells[r][c].is_none() {
            d.cells[r][c] = Some(piece);
        }
    }
    for _ in 0..rng.gen_range(0..=3) {
        // Golds, silvers and the major pieces in hand more often than the rest.
        const HAND: [usize; 10] = [0, 1, 2, 2, 3, 3, 4, 5, 6, 6];
        d.hands[0][HAND[rng.gen_range(0..HAND.len())]] += 1;
    }
    // Placement rules: no piece without a move, no two unpromoted pawns of a side on a
    // file.
    for r in 0..9 {
        for c in 0..9 {
            let Some((ch, promoted)) = d.cells[r][c] else {
                continue;
            };
            if promoted {
                continue;
            }
            let dead = match ch {
                'P' | 'L' => r == 0,
                'N' => r <= 1,
                'p' | 'l' => r == 8,
                'n' => r >= 7,
                _ => false,
            };
            if dead {
                return None;
            }
        }
    }
    for c in 0..9 {
        for pawn in ['P', 'p'] {
            let n = (0..9)
                .filter(|&r| d.cells[r][c] == Some((pawn, false)))
                .count();
            if n > 1 {
                return None;
            }
        }
    }
    if !d.fill_defender_hand() {
        return None;
    }
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_reads_back_as_written() {
        let sfen = "7nl/6+Rk1/7p1/9/9/9/9/9/9 b GSr2b3g3s3n3l17p 1";
        let d = Diagram::read(sfen).unwrap();
        assert_eq!(d.sfen(), sfen);
        let mut full = d.clone();
        assert!(full.fill_defender_hand());
        assert_eq!(full, d);
    }
}
