//! Move generation and the attack test: ordinary rays, the lion's double moves, the lion
//! dog's moves along its lines, hook moves, and the self-check filter; plus the reasons
//! given for a refused move.

use super::*;
use crate::engine::sink::Sink;
use crate::engine::tables::{opposite, UNLIMITED};

/// Stops at the first move that takes something.
struct CaptureProbe<'a> {
    board: &'a [u16; MAX_CELLS],
    found: bool,
}

impl Sink for CaptureProbe<'_> {
    fn push(&mut self, m: Move) -> bool {
        let takes = |sq: Sq| !sq.is_none() && self.board[sq.index()] != EMPTY;
        self.found = takes(m.via[0]) || (m.to != m.from && takes(m.to));
        self.found
    }
}

/// A square index no board uses, for unused overlay slots (index 0 is a wall a three-square
/// jump can land on, so it cannot serve).
const NOWHERE: Sq = Sq(u16::MAX);

/// The board as it would be after a move, seen through the few cells the move changes, so
/// the attack test needs no copy of the board.
#[derive(Copy, Clone)]
pub(super) struct Overlay {
    from: Sq,
    to: Sq,
    to_cell: u16,
    gone: [Sq; 2],
}

impl Overlay {
    pub(super) const NONE: Overlay = Overlay {
        from: NOWHERE,
        to: NOWHERE,
        to_cell: WALL,
        gone: [NOWHERE; 2],
    };

    #[inline]
    fn of(m: &Move, cell: u16) -> Overlay {
        let slot = |s: Sq| if s.is_none() { NOWHERE } else { s };
        Overlay {
            from: m.from,
            to: m.to,
            to_cell: cell,
            gone: [slot(m.via[0]), slot(m.via[1])],
        }
    }
}

/// Per-square marks of [`DaiDaiPosition::danger_map`]: the square lies on a line from the
/// king (direction in the low three bits) nearer than an enemy slider that could reach the
/// king down it, or on a path an enemy hook piece could take to the king.
const LINE: u8 = 0x08;
const HOOK: u8 = 0x10;
const DIR_MASK: u8 = 0x07;

/// Which squares' emptying could expose the king, and how (see [`LINE`] and [`HOOK`]).
type DangerMap = [u8; MAX_CELLS];

/// What one generation run knows about the side to move.
struct Ctx {
    me: Seat,
    king: Sq,
    in_check: bool,
    /// Squares whose emptying could expose the king to a slider or a hook move; a move
    /// that empties none of them cannot (when not in check), and one that does needs only
    /// the lines and hook paths its emptied squares lie on tested.
    danger: DangerMap,
    /// Filter out moves that leave the king attacked (off for attack probes).
    legal: bool,
    /// The enemy's hook pieces, listed once for the many attack tests of one run.
    enemy_hooks: ArrayVec<HookPiece, MAX_HOOKS>,
}

/// A hook piece as the attack test needs it: where it stands, its cell, its column and
/// row, and whether its legs are diagonal.
#[derive(Copy, Clone)]
struct HookPiece {
    sq: Sq,
    cell: u16,
    col: i32,
    row: i32,
    diagonal: bool,
}

/// One two-leg path: the first leg's step and its length up to and including the corner,
/// the second leg's step and its length up to the target.
type HookPath = (i16, i32, i16, i32);

impl HookPiece {
    /// The two paths by which the piece could reach the square at column `tc` and row
    /// `tr` (none when the squares share a line, which is a one-leg move, or, for a
    /// diagonal hook, have different colours). A corner off the board is not excluded
    /// here: the first leg finds it by reaching a wall.
    #[inline]
    fn paths_to(&self, tc: u8, tr: u8) -> Option<[HookPath; 2]> {
        let (dx, dy) = (i32::from(tc) - self.col, i32::from(tr) - self.row);
        if self.diagonal {
            if (dx + dy) % 2 != 0 || dx.abs() == dy.abs() {
                return None;
            }
            // Along the piece's two diagonals to where they cross the target's others.
            let (a, b) = ((dx + dy) / 2, (dx - dy) / 2);
            let along_a = GEOMETRY.delta(a.signum(), a.signum());
            let along_b = GEOMETRY.delta(b.signum(), -b.signum());
            return Some([
                (along_a, a.abs(), along_b, b.abs()),
                (along_b, b.abs(), along_a, a.abs()),
            ]);
        }
        if dx == 0 || dy == 0 {
            return None;
        }
        let vertical = GEOMETRY.delta(0, dy.signum());
        let horizontal = GEOMETRY.delta(dx.signum(), 0);
        Some([
            (vertical, dy.abs(), horizontal, dx.abs()),
            (horizontal, dx.abs(), vertical, dy.abs()),
        ])
    }
}

/// The most squares one move empties: the mover's own and two it captures on the way. A
/// line or hook path with more pieces on it than this stays blocked whatever one move does.
const MOST_EMPTIED: u32 = 3;

impl Ctx {
    /// A context that generates every pseudo-legal move of `me` (king safety ignored).
    fn pseudo(me: Seat) -> Ctx {
        Ctx {
            me,
            king: Sq::NONE,
            in_check: false,
            danger: [0; MAX_CELLS],
            legal: false,
            enemy_hooks: ArrayVec::new(),
        }
    }

    /// Whether the moves of a piece on `from` that capture nothing on the way need no
    /// king-safety test: no legality filter, or not in check and `from` is neither the
    /// king's square nor one whose emptying could expose the king.
    #[inline]
    fn free_from(&self, from: Sq) -> bool {
        !self.legal
            || self.king.is_none()
            || (!self.in_check && from != self.king && self.danger[from.index()] == 0)
    }
}

const NO_VIA: [Sq; 2] = [Sq::NONE; 2];

/// The bits of a cell that say it holds a piece and whose it is.
const OWNER_BITS: u16 = 0x8180;

/// A cell's [`OWNER_BITS`] when it holds a piece of `seat`. A wall has seat 3's bits and
/// an empty cell none, so for a dai dai side the one comparison finds its own pieces.
#[inline]
fn owner_tag(seat: Seat) -> u16 {
    Piece::new(0, seat, false).cell() & OWNER_BITS
}

const _: () = assert!(WALL & OWNER_BITS == OWNER_BITS && EMPTY & OWNER_BITS == 0);

impl DaiDaiPosition {
    #[inline]
    fn cell(&self, sq: Sq, ov: &Overlay) -> u16 {
        if sq == ov.to {
            ov.to_cell
        } else if sq == ov.from || sq == ov.gone[0] || sq == ov.gone[1] {
            EMPTY
        } else {
            self.board[sq.index()]
        }
    }

    /// An enemy piece that may be taken (kings never are: check is enforced).
    #[inline]
    fn capturable(&self, cell: u16, me: Seat) -> bool {
        match Piece::from_cell(cell) {
            Some(p) => p.owner() != me && !self.data.kinds[p.kind() as usize].royal,
            None => false,
        }
    }

    /// Empty or capturable: a square a move may end on.
    #[inline]
    fn landable(&self, cell: u16, me: Seat) -> bool {
        cell == EMPTY || self.capturable(cell, me)
    }

    /// Whether a piece of `by` attacks `target` on the board seen through `ov`. The
    /// overlay must change only pieces of the other side.
    pub(super) fn attacked(&self, target: Sq, by: Seat, ov: &Overlay) -> bool {
        self.attacked_with(target, by, &self.hook_pieces(by), ov)
    }

    /// [`Self::attacked`] with `by`'s hook pieces already listed.
    fn attacked_with(&self, target: Sq, by: Seat, hooks: &[HookPiece], ov: &Overlay) -> bool {
        (0..8).any(|dir| self.ray_attack(target, by, dir, ov))
            || self.leap_attack(target, by, ov)
            || self.hooks_reach(hooks, target, ov)
    }

    /// Whether the first piece from `target` in direction `dir` belongs to `by` and
    /// reaches back to `target` along that line.
    #[inline]
    fn ray_attack(&self, target: Sq, by: Seat, dir: usize, ov: &Overlay) -> bool {
        let delta = self.data.dir_delta[dir];
        let mut sq = target;
        let mut dist = 1u8;
        loop {
            sq = sq.offset(delta);
            let c = self.cell(sq, ov);
            if c == EMPTY {
                dist += 1;
                continue;
            }
            return match Piece::from_cell(c) {
                Some(p) if p.owner() == by => {
                    let reach = self.data.tables.reach(by, p.kind(), opposite(dir));
                    reach == UNLIMITED || reach >= dist
                }
                _ => false,
            };
        }
    }

    /// Whether a piece of `by` attacks `target` with a jump (never blocked).
    #[inline]
    fn leap_attack(&self, target: Sq, by: Seat, ov: &Overlay) -> bool {
        // The overlay empties the mover's square and fills the destination with the mover,
        // neither of them `by`'s, so it changes what a jump source holds only when it
        // takes a piece of `by` on the way or on a destination other than `target`. Without
        // that (king moves, the check test) the board is read directly.
        let leaps = self.data.tables.leaps(by);
        let tag = owner_tag(by);
        let mask = OWNER_BITS;
        if ov.gone == [NOWHERE; 2] && (ov.to == target || ov.to == NOWHERE) {
            // A wall cell carries seat 3's owner bits and so never matches a dai dai side.
            return leaps.iter().any(|leap| {
                let c = self.board[target.offset(-leap.delta).index()];
                c & mask == tag && leap.kinds & (1u128 << (c & 0x7F)) != 0
            });
        }
        leaps.iter().any(|leap| {
            let c = self.cell(target.offset(-leap.delta), ov);
            c & mask == tag && leap.kinds & (1u128 << (c & 0x7F)) != 0
        })
    }

    /// The hook pieces of `seat` on the board.
    fn hook_pieces(&self, seat: Seat) -> ArrayVec<HookPiece, MAX_HOOKS> {
        let mut out = ArrayVec::new();
        for &sq in &self.hooks[..self.hook_count as usize] {
            let Some(p) = self.piece_at(sq) else { continue };
            if p.owner() != seat || !self.data.is_hook[p.kind() as usize] {
                continue;
            }
            let (col, row) = GEOMETRY.col_row(sq);
            out.push(HookPiece {
                sq,
                cell: p.cell(),
                col: i32::from(col),
                row: i32::from(row),
                diagonal: self.data.kinds[p.kind() as usize].special == Special::HookDiagonal,
            });
        }
        out
    }

    /// Whether one of `hooks` (still on its square under `ov`) reaches `target` with a
    /// two-leg move on the board seen through `ov`.
    fn hooks_reach(&self, hooks: &[HookPiece], target: Sq, ov: &Overlay) -> bool {
        if hooks.is_empty() {
            return false;
        }
        let (tc, tr) = GEOMETRY.col_row(target);
        for hook in hooks {
            // The move may have taken it.
            if self.cell(hook.sq, ov) != hook.cell {
                continue;
            }
            let Some(paths) = hook.paths_to(tc, tr) else {
                continue;
            };
            for (first, n1, second, n2) in paths {
                // The target's end first: near a king the squares are seldom empty.
                if self.clear_run(target, -second, n2 - 1, ov)
                    && self.clear_run(hook.sq, first, n1, ov)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the `n` squares after `from` in steps of `step` are all empty (stops at the
    /// first that is not, so a run towards the edge ends at the wall).
    #[inline]
    fn clear_run(&self, from: Sq, step: i16, n: i32, ov: &Overlay) -> bool {
        let mut sq = from;
        for _ in 0..n {
            sq = sq.offset(step);
            if self.cell(sq, ov) != EMPTY {
                return false;
            }
        }
        true
    }

    /// Squares whose emptying could uncover an attack on `king`, marked with how: along
    /// each line from the king, those nearer than the farthest enemy piece that could
    /// reach the king down that line if nothing stood between, with no more pieces before
    /// it than one move can empty ([`LINE`] and the line's direction); and every square of
    /// a path of one of the enemy's `hooks` to the king that one move could clear
    /// ([`HOOK`]).
    fn danger_map(&self, king: Sq, enemy: Seat, hooks: &[HookPiece]) -> DangerMap {
        let t = &self.data.tables;
        let theirs = owner_tag(enemy);
        let mut map = [0u8; MAX_CELLS];
        for dir in 0..8 {
            let delta = self.data.dir_delta[dir];
            let mut sq = king;
            let mut dist = 0u8;
            let mut farthest = 0u8;
            let mut pieces = 0u32;
            loop {
                sq = sq.offset(delta);
                dist += 1;
                let c = self.board[sq.index()];
                if c == EMPTY {
                    continue;
                }
                if c == WALL {
                    break;
                }
                if c & OWNER_BITS == theirs {
                    let reach = t.reach(enemy, (c & 0x7F) as KindId, opposite(dir));
                    if dist >= 2 && (reach == UNLIMITED || reach >= dist) {
                        farthest = dist;
                    }
                }
                pieces += 1;
                if pieces > MOST_EMPTIED {
                    break;
                }
            }
            let mut sq = king;
            for _ in 1..farthest {
                sq = sq.offset(delta);
                map[sq.index()] = LINE | dir as u8;
            }
        }
        let (kc, kr) = GEOMETRY.col_row(king);
        for hook in hooks {
            let Some(paths) = hook.paths_to(kc, kr) else {
                continue;
            };
            for (first, n1, second, n2) in paths {
                let corner = hook.sq.offset(first * n1 as i16);
                let squares = (1..=n1)
                    .map(|k| hook.sq.offset(first * k as i16))
                    .chain((1..n2).map(|k| corner.offset(second * k as i16)));
                let mut pieces = 0u32;
                for sq in squares.clone() {
                    match self.board[sq.index()] {
                        EMPTY => {}
                        // The corner is off the board: no such path.
                        WALL => pieces = u32::MAX,
                        _ => pieces += 1,
                    }
                    if pieces > MOST_EMPTIED {
                        break;
                    }
                }
                if pieces <= MOST_EMPTIED {
                    for sq in squares {
                        map[sq.index()] |= HOOK;
                    }
                }
            }
        }
        map
    }

    pub(in crate::engine) fn generate<S: Sink>(&self, sink: &mut S) {
        let me = self.to_move;
        let enemy = opponent(me);
        let king = self.kings[me.index()];
        let enemy_hooks = self.hook_pieces(enemy);
        let in_check =
            !king.is_none() && self.attacked_with(king, enemy, &enemy_hooks, &Overlay::NONE);
        let danger = if king.is_none() || in_check {
            [0; MAX_CELLS]
        } else {
            self.danger_map(king, enemy, &enemy_hooks)
        };
        let ctx = Ctx {
            me,
            king,
            in_check,
            danger,
            legal: true,
            enemy_hooks,
        };
        if let Some(from) = sink.only_from() {
            if let Some(p) = self.piece_at(from).filter(|p| p.owner() == me) {
                self.generate_piece(&ctx, from, p, sink);
            }
            return;
        }
        // The side's pieces in reading order, from its occupancy bits.
        for (word, &bits) in self.occupied[me.index() & 1].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let sq = Sq((word * 64) as u16 + bits.trailing_zeros() as u16);
                bits &= bits - 1;
                if let Some(p) = self.piece_at(sq) {
                    if self.generate_piece(&ctx, sq, p, sink) {
                        return;
                    }
                }
            }
        }
    }

    /// Whether the piece on `sq` (owned by `owner`) could capture some enemy piece with
    /// its next move, ignoring whether that move would expose its own king.
    pub(super) fn attacks_enemy_piece(&self, sq: Sq, owner: Seat) -> bool {
        let Some(p) = self.piece_at(sq) else {
            return false;
        };
        let ctx = Ctx::pseudo(owner);
        let mut probe = CaptureProbe {
            board: &self.board,
            found: false,
        };
        self.generate_piece(&ctx, sq, p, &mut probe);
        probe.found
    }

    /// Every move of one piece; `true` when the sink asked to stop.
    fn generate_piece<S: Sink>(&self, ctx: &Ctx, from: Sq, piece: Piece, sink: &mut S) -> bool {
        let data = self.data;
        let me = ctx.me;
        let plan = data.plan(me, piece.kind());
        let promotes = plan.promotes && !piece.promoted();
        let free = ctx.free_from(from);
        let own = owner_tag(me);
        for ray in data.plain(plan) {
            let mut to = from;
            let mut steps = 0u8;
            loop {
                to = to.offset(ray.delta);
                let c = self.board[to.index()];
                // Most rays end at once on the mover's own pieces: one test finds them.
                if c & OWNER_BITS == own {
                    break;
                }
                if c == EMPTY {
                    if !S::CAPTURES_ONLY
                        && self.emit(ctx, free, sink, from, NO_VIA, to, piece, false)
                    {
                        return true;
                    }
                } else {
                    if self.capturable(c, me)
                        && self.emit(ctx, free, sink, from, NO_VIA, to, piece, promotes)
                    {
                        return true;
                    }
                    break;
                }
                steps += 1;
                if ray.dir.is_none() || (ray.range != 0 && steps >= ray.range) {
                    break;
                }
            }
        }
        if plan.lion && self.generate_lion(ctx, free, from, piece, promotes, sink) {
            return true;
        }
        if plan.dog_lines != 0 && self.generate_dog(ctx, free, plan, from, piece, promotes, sink) {
            return true;
        }
        if plan.hook_dirs != 0
            && self.generate_hook(ctx, free, plan.hook_dirs, from, piece, promotes, sink)
        {
            return true;
        }
        false
    }

    /// Passes a move to the sink if it does not leave the king attacked. `free` says the
    /// mover's square needs no test ([`Ctx::free_from`]): a move of it that captures
    /// nothing on the way goes straight to the sink, which for a counter is bulk counting.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn emit<S: Sink>(
        &self,
        ctx: &Ctx,
        free: bool,
        sink: &mut S,
        from: Sq,
        via: [Sq; 2],
        to: Sq,
        piece: Piece,
        promote: bool,
    ) -> bool {
        let m = Move {
            from,
            to,
            via,
            drop: None,
            promote,
        };
        let checked = !(free && via[0].is_none());
        if checked && ctx.legal && !ctx.king.is_none() && !self.king_safe_after(ctx, &m, piece) {
            return false;
        }
        sink.push(m)
    }

    #[inline]
    fn king_safe_after(&self, ctx: &Ctx, m: &Move, piece: Piece) -> bool {
        let enemy = opponent(ctx.me);
        let ov = Overlay::of(m, piece.cell());
        if m.from == ctx.king {
            return !self.attacked_with(m.to, enemy, &ctx.enemy_hooks, &ov);
        }
        if ctx.in_check {
            return !self.attacked_with(ctx.king, enemy, &ctx.enemy_hooks, &ov);
        }
        // Not in check: an attack can only be uncovered through a square the move empties
        // (the mover's square, the squares it captures on the way), down the line from the
        // king that square lies on or along a hook path through it. Pieces taken on the
        // destination are replaced by the mover, and taking an enemy piece never adds an
        // attack of its side. `Sq::NONE` is a wall cell, never marked.
        let from = if m.to != m.from { m.from } else { Sq::NONE };
        let mut hooks = 0u8;
        for sq in [from, m.via[0], m.via[1]] {
            let mark = ctx.danger[sq.index()];
            if mark & LINE != 0 && self.ray_attack(ctx.king, enemy, (mark & DIR_MASK) as usize, &ov)
            {
                return false;
            }
            hooks |= mark;
        }
        hooks & HOOK == 0 || !self.hooks_reach(&ctx.enemy_hooks, ctx.king, &ov)
    }

    /// The lion's moves: single steps, jumps to distance two, a capture on an adjacent
    /// square followed by a second step anywhere (igui when it returns), and one pass.
    #[allow(clippy::too_many_arguments)]
    fn generate_lion<S: Sink>(
        &self,
        ctx: &Ctx,
        free: bool,
        from: Sq,
        piece: Piece,
        promotes: bool,
        sink: &mut S,
    ) -> bool {
        let me = ctx.me;
        let dd = &self.data.dir_delta;
        // Single steps, then jumps to distance two (two loops: chaining the tables costs
        // the hot loop more than it saves).
        let single = |to: Sq, sink: &mut S| {
            let c = self.board[to.index()];
            self.landable(c, me)
                && self.emit(
                    ctx,
                    free,
                    sink,
                    from,
                    NO_VIA,
                    to,
                    piece,
                    promotes && c != EMPTY,
                )
        };
        for &delta in dd {
            if single(from.offset(delta), sink) {
                return true;
            }
        }
        for &delta in &self.data.lion_jumps {
            if single(from.offset(delta), sink) {
                return true;
            }
        }
        for &delta in dd {
            let a = from.offset(delta);
            if !self.capturable(self.board[a.index()], me) {
                continue;
            }
            let via = [a, Sq::NONE];
            if self.emit(ctx, free, sink, from, via, from, piece, promotes) {
                return true;
            }
            for &second in dd {
                let b = a.offset(second);
                if b != from
                    && self.landable(self.board[b.index()], me)
                    && self.emit(ctx, free, sink, from, via, b, piece, promotes)
                {
                    return true;
                }
            }
        }
        if !ctx.in_check {
            for &delta in dd {
                let a = from.offset(delta);
                if self.board[a.index()] == EMPTY {
                    return self.emit(ctx, free, sink, from, [a, Sq::NONE], from, piece, false);
                }
            }
        }
        false
    }

    /// Lion-dog moves along each of the plan's lines (squares s1, s2, s3 from the piece).
    /// A piece that also has lion power already made every outcome within distance two
    /// except the retreat (capture on s2, end on s1), so it gets only that and the third
    /// squares here. Under the range reading the lines are plain slides to s3.
    #[allow(clippy::too_many_arguments)]
    fn generate_dog<S: Sink>(
        &self,
        ctx: &Ctx,
        free: bool,
        plan: &Plan,
        from: Sq,
        piece: Piece,
        promotes: bool,
        sink: &mut S,
    ) -> bool {
        let me = ctx.me;
        let mut pass_via = Sq::NONE;
        for (d, &delta) in self.data.dir_delta.iter().enumerate() {
            if plan.dog_lines & (1 << d) == 0 {
                continue;
            }
            let s1 = from.offset(delta);
            let s2 = s1.offset(delta);
            let s3 = s2.offset(delta);
            let (c1, c2, c3) = (
                self.board[s1.index()],
                self.board[s2.index()],
                self.board[s3.index()],
            );
            let (cap1, cap2, cap3) = (
                self.capturable(c1, me),
                self.capturable(c2, me),
                self.capturable(c3, me),
            );
            if plan.dog_slide {
                // Lion power has covered s1 and s2; the slide adds s3.
                if c1 == EMPTY
                    && c2 == EMPTY
                    && (c3 == EMPTY || cap3)
                    && self.emit(ctx, free, sink, from, NO_VIA, s3, piece, promotes && cap3)
                {
                    return true;
                }
                continue;
            }
            if !plan.lion {
                if pass_via.is_none() && c1 == EMPTY {
                    pass_via = s1;
                }
                // End on s1; igui on s1; jump to s2; capture s1 and go on to s2.
                if (c1 == EMPTY || cap1)
                    && self.emit(ctx, free, sink, from, NO_VIA, s1, piece, promotes && cap1)
                {
                    return true;
                }
                if cap1 && self.emit(ctx, free, sink, from, [s1, Sq::NONE], from, piece, promotes) {
                    return true;
                }
                if c2 == EMPTY || cap2 {
                    if self.emit(ctx, free, sink, from, NO_VIA, s2, piece, promotes && cap2) {
                        return true;
                    }
                    if cap1 && self.emit(ctx, free, sink, from, [s1, Sq::NONE], s2, piece, promotes)
                    {
                        return true;
                    }
                }
            }
            // Capture on s2 and come back to s1 (taking s1 too if an enemy stands there).
            if cap2
                && (c1 == EMPTY || cap1)
                && self.emit(ctx, free, sink, from, [s2, Sq::NONE], s1, piece, promotes)
            {
                return true;
            }
            if c3 == EMPTY || cap3 {
                // Jump to s3; jump to s2 and step on; step all the way.
                if self.emit(ctx, free, sink, from, NO_VIA, s3, piece, promotes && cap3) {
                    return true;
                }
                if cap2 && self.emit(ctx, free, sink, from, [s2, Sq::NONE], s3, piece, promotes) {
                    return true;
                }
                if cap1
                    && c2 == EMPTY
                    && self.emit(ctx, free, sink, from, [s1, Sq::NONE], s3, piece, promotes)
                {
                    return true;
                }
                if cap1 && cap2 && self.emit(ctx, free, sink, from, [s1, s2], s3, piece, promotes) {
                    return true;
                }
            }
            // The great elephant slides on past s3 along its lion-dog lines.
            if plan.slide_on & (1 << d) != 0 && c1 == EMPTY && c2 == EMPTY && c3 == EMPTY {
                let mut to = s3;
                loop {
                    to = to.offset(delta);
                    let c = self.board[to.index()];
                    if c == EMPTY {
                        if self.emit(ctx, free, sink, from, NO_VIA, to, piece, false) {
                            return true;
                        }
                        continue;
                    }
                    if self.capturable(c, me)
                        && self.emit(ctx, free, sink, from, NO_VIA, to, piece, promotes)
                    {
                        return true;
                    }
                    break;
                }
            }
        }
        if !plan.lion && !ctx.in_check && !pass_via.is_none() {
            return self.emit(
                ctx,
                free,
                sink,
                from,
                [pass_via, Sq::NONE],
                from,
                piece,
                false,
            );
        }
        false
    }

    /// Two-leg hook moves: a slide through empty squares, a 90° turn on an empty square,
    /// a second slide that may end with a capture. One-leg moves are the plan's rays. A
    /// square reachable through both corners is one move.
    #[allow(clippy::too_many_arguments)]
    fn generate_hook<S: Sink>(
        &self,
        ctx: &Ctx,
        free: bool,
        hook_dirs: u8,
        from: Sq,
        piece: Piece,
        promotes: bool,
        sink: &mut S,
    ) -> bool {
        let me = ctx.me;
        let dd = &self.data.dir_delta;
        let mut seen = SquareSet::default();
        for d1 in 0..8 {
            if hook_dirs & (1 << d1) == 0 {
                continue;
            }
            let mut corner = from.offset(dd[d1]);
            while self.board[corner.index()] == EMPTY {
                for d2 in [(d1 + 2) & 7, (d1 + 6) & 7] {
                    let mut to = corner;
                    loop {
                        to = to.offset(dd[d2]);
                        let c = self.board[to.index()];
                        let occupied = c != EMPTY;
                        if occupied && !self.capturable(c, me) {
                            break;
                        }
                        let (i, b) = bit(to);
                        if seen[i] & b == 0 {
                            seen[i] |= b;
                            if self.emit(
                                ctx,
                                free,
                                sink,
                                from,
                                NO_VIA,
                                to,
                                piece,
                                promotes && occupied,
                            ) {
                                return true;
                            }
                        }
                        if occupied {
                            break;
                        }
                    }
                }
                corner = corner.offset(dd[d1]);
            }
        }
        false
    }

    /// Why `m` is not legal (`Ok` if it is), naming the rule that forbids it.
    pub fn check_move(&self, m: &Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            return Ok(());
        }
        Err(self.explain_illegal(m))
    }

    fn explain_illegal(&self, m: &Move) -> IllegalMove {
        let name = |sq: Sq| GEOMETRY.name(sq).to_string();
        let me = self.to_move;
        if m.is_drop() {
            return IllegalMove::NoDrops;
        }
        let on_board = |sq: Sq| GEOMETRY.contains(sq);
        if !on_board(m.from) || !on_board(m.to) || m.middles().any(|s| !on_board(s)) {
            return IllegalMove::OffBoard;
        }
        let Some(piece) = self.piece_at(m.from) else {
            return IllegalMove::NoPiece(name(m.from));
        };
        if piece.owner() != me {
            return IllegalMove::NotYourPiece(name(m.from));
        }
        let def = self.kind(piece.kind());
        let cannot_reach = || IllegalMove::CannotReach {
            piece: def.name.into(),
            from: name(m.from),
            to: name(m.to),
        };
        for sq in m.middles().chain((m.to != m.from).then_some(m.to)) {
            if let Some(p) = self.piece_at(sq) {
                if p.owner() == me {
                    return IllegalMove::OwnPiece(name(sq));
                }
                if self.kind(p.kind()).royal {
                    return IllegalMove::CaptureKing(name(sq));
                }
            }
        }
        if m.to == m.from && m.via[0].is_none() {
            return IllegalMove::NoMovement;
        }
        // Compare with what the piece could do if its king did not matter.
        let ctx = Ctx::pseudo(me);
        let mut pseudo = Vec::new();
        self.generate_piece(&ctx, m.from, piece, &mut pseudo);
        if self.is_pass(m) {
            let canonical = pseudo.iter().find(|o| self.is_pass(o));
            return match canonical {
                Some(_) if self.in_check(me) => IllegalMove::PassInCheck,
                Some(o) => IllegalMove::PassWrittenAs(super::notation::to_coordinate(self, o)),
                None => IllegalMove::CannotPass(def.name.into()),
            };
        }
        let same_path = |o: &Move| o.from == m.from && o.to == m.to && o.via == m.via;
        if let Some(o) = pseudo.iter().find(|o| same_path(o)) {
            if o.promote != m.promote {
                return if o.promote {
                    IllegalMove::MustPromote(def.name.into())
                } else {
                    IllegalMove::DoesNotPromote(def.name.into())
                };
            }
            return IllegalMove::SelfCheck;
        }
        if m.to == m.from && m.via[1].is_none() {
            return IllegalMove::NoIgui {
                piece: def.name.into(),
                square: name(m.via[0]),
            };
        }
        if pseudo.iter().any(|o| o.to == m.to) {
            // The destination is right; the middle squares are not a path it can take.
            return IllegalMove::WrongPath {
                piece: def.name.into(),
                from: name(m.from),
                to: name(m.to),
            };
        }
        // Reachable on an empty board? Then something stands in the way.
        let mut lone = DaiDaiPosition::empty(self.data.rules);
        lone.set_piece(m.from, Some(piece));
        let mut open = Vec::new();
        lone.generate_piece(&ctx, m.from, piece, &mut open);
        if open.iter().any(|o| o.to == m.to) {
            return IllegalMove::Blocked {
                from: name(m.from),
                to: name(m.to),
            };
        }
        cannot_reach()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position::Position;

    /// A middle game from a random game: lions, hook movers and promoted pieces out.
    const MIDDLE_GAME: &str = "3,fd,1,r,1,ft,4,dh,sd,vm,2/1,po,1,bm,so,1,kr,nk,1,k,3,or,2,rv/\
7,s,1,rg,5,bd,1/1,rc,dv,1,eb,1,i,g,lg,g,2,ef,2,wbr,1/4,dk,5,sg,1,no,2,+cs,1/\
1,we,2,ab,ea,2,fl,5,p,1,sm/1,p,4,p,3,i,5,p/17/9,W,2,VO,4/6,P,10/12,I,3,P/\
2,SM,1,AB,2,C,9/3,EF,WBR,1,S,2,C,2,DK,EW,SM,1,RC/2,DH,3,I,3,FL,lc,4,RV/\
3,RA,2,CS,1,LG,1,G,+FD,1,EB,1,SO,1/10,KR,R,2,DV,BM,L/4,PS,1,PH,G,GD,RG,K,SQ,3,HM,1 b - 427";

    /// The legal moves by brute force: every pseudo-legal move, in the generator's order,
    /// kept when the full attack test finds the mover's king safe after it is made.
    fn brute_force(pos: &DaiDaiPosition) -> Vec<Move> {
        let me = pos.turn();
        let ctx = Ctx::pseudo(me);
        let mut pseudo = Vec::new();
        for (sq, p) in pos.pieces() {
            if p.owner() == me {
                pos.generate_piece(&ctx, sq, p, &mut pseudo);
            }
        }
        pseudo.retain(|m| {
            let mut next = pos.clone();
            next.make(m);
            !next.in_check(me)
        });
        pseudo
    }

    /// The generator's shortcuts (lines and hook paths from the king, pieces that need no
    /// test, the counting path) against brute force, on the positions of games played
    /// from `from` with a fixed choice of moves that prefers captures, so lions, lion dogs
    /// and hook movers meet, pieces promote on capture and kings come under attack.
    fn agree_along_games(from: &DaiDaiPosition, games: u64, plies: usize) -> (usize, usize) {
        let (mut compared, mut in_check) = (0, 0);
        let mut moves = Vec::new();
        for game in 0..games {
            let mut pos = from.clone();
            let mut seed = game.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..plies {
                pos.legal_moves(&mut moves);
                let text = to_text(&pos);
                assert_eq!(moves, brute_force(&pos), "{text}");
                assert_eq!(pos.count_legal_moves(), moves.len(), "{text}");
                assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{text}");
                compared += 1;
                in_check += usize::from(pos.in_check(pos.turn()));
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let captures: Vec<&Move> = moves
                    .iter()
                    .filter(|m| {
                        let takes = |sq: Sq| !sq.is_none() && pos.piece_at(sq).is_some();
                        takes(m.via[0]) || (m.to != m.from && takes(m.to))
                    })
                    .collect();
                let m = if !captures.is_empty() && seed % 4 != 0 {
                    *captures[(seed >> 8) as usize % captures.len()]
                } else {
                    moves[(seed >> 8) as usize % moves.len()]
                };
                pos.apply(&m);
            }
        }
        (compared, in_check)
    }

    #[test]
    fn generator_and_counter_agree_with_brute_force_from_the_start() {
        let (compared, _) = agree_along_games(&start(), 6, 120);
        assert!(compared > 300);
    }

    #[test]
    fn generator_and_counter_agree_with_brute_force_from_a_middle_game() {
        let middle = from_text(MIDDLE_GAME).expect("valid position");
        let (compared, in_check) = agree_along_games(&middle, 12, 60);
        assert!(compared > 300);
        assert!(in_check > 0, "no position with the side to move in check");
    }
}
