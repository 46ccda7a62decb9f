//! Standard shogi: the rules data for the shared drop-shogi position, SFEN, and the game
//! rules the variant answers for (sennichite, the 27-point impasse declaration, the
//! record's Japanese, KIF and CSA forms).

use std::sync::OnceLock;

use super::error::PositionError;
use super::game::Game;
use super::geometry::{Geometry, Seat, Sq};
use super::kinds::*;
use super::moves::Move;
use super::notation;
use super::outcome::{DeclarationFailure, EndReason, GameError, GameResult, PlayedMove, Refusal};
use super::position::Position;
use super::record;
use super::rules::{RuleOptions, VariantRules};
use super::shogi::{ShogiPosition, ShogiSpec};
use super::Variant;

pub const BLACK: Seat = Seat(0);
pub const WHITE: Seat = Seat(1);

/// The start position in SFEN.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

pub static SPEC: ShogiSpec = ShogiSpec {
    variant: Variant::Standard,
    geometry: Geometry::new(9),
    kinds: &STANDARD_KINDS,
    hand_kinds: &[ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN],
    seats: 2,
    quarter_turns: [0, 2, 0, 2],
    zone_depth: 3,
    doubles: false,
    king: KING,
    pawn: PAWN,
    move_examples: "7g7f, P*5e, P-7f, Bx2b+",
    names_mover: false,
    board_kinds: None,
    // Both sides' pieces of one full set.
    set_counts: &[
        (KING, 2),
        (ROOK, 2),
        (BISHOP, 2),
        (GOLD, 4),
        (SILVER, 4),
        (KNIGHT, 4),
        (LANCE, 4),
        (PAWN, 18),
    ],
    kings_required: false,
    tables: OnceLock::new(),
    board81: OnceLock::new(),
};

/// The standard start position.
pub fn start() -> ShogiPosition {
    from_sfen(START_SFEN).expect("the start position is valid")
}

/// Reads an SFEN position (`board side hands [move-number]`).
pub fn from_sfen(text: &str) -> Result<ShogiPosition, PositionError> {
    ShogiPosition::from_text(&SPEC, text)
}

/// Writes a position as SFEN.
pub fn to_sfen(pos: &ShogiPosition) -> String {
    pos.to_text()
}

/// Why an impasse declaration fails, if it does (27-point rule).
pub fn declaration_failure(pos: &ShogiPosition) -> Option<DeclarationFailure> {
    /// Pieces besides the king the declaring side needs in its zone.
    const PIECES_IN_ZONE: usize = 10;
    let me = pos.turn();
    let Some(king) = pos.king_square(me) else {
        return Some(DeclarationFailure::NoKing);
    };
    if !pos.in_zone(king, me) {
        return Some(DeclarationFailure::KingOutsideZone);
    }
    if pos.in_check(me) {
        return Some(DeclarationFailure::InCheck);
    }
    let g = SPEC.geometry;
    let in_zone = g
        .squares()
        .filter(|&sq| sq != king && pos.in_zone(sq, me))
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.owner() == me))
        .count();
    if in_zone < PIECES_IN_ZONE {
        return Some(DeclarationFailure::TooFewPiecesInZone {
            needed: PIECES_IN_ZONE,
            have: in_zone,
        });
    }
    let points = pos.points(me, true);
    let needed = if me == BLACK { 28 } else { 27 };
    if points < needed {
        return Some(DeclarationFailure::TooFewPoints {
            needed,
            have: points,
        });
    }
    None
}

/// Standard shogi's game rules, as the game asks them of the variant: sennichite, the
/// impasse declaration, and the record's Japanese, KIF and CSA forms.
pub(crate) struct StandardRules;

impl VariantRules for StandardRules {
    fn default_options(&self) -> RuleOptions {
        RuleOptions {
            move_limit: Some(500),
            impasse_declaration: true,
            ..RuleOptions::none()
        }
    }

    /// Destination of the last move, read back from its coordinate text.
    fn previous_destination(&self, game: &Game) -> Option<Sq> {
        notation::destination(SPEC.geometry, &game.history().last()?.coordinate)
    }

    fn record_forms(&self, game: &Game, m: &Move, legal: &[Move], played: &mut PlayedMove) {
        let Some(p) = game.position().as_shogi() else {
            return;
        };
        let previous = self.previous_destination(game);
        played.japanese = notation::to_japanese(p, m, legal, previous);
        played.kif = record::kif_move(p, m, legal, previous);
        played.csa = record::csa_move(p, m);
    }

    /// Sennichite: the fourth occurrence of the current position is a draw, unless one
    /// side checked with every move of the cycle, which then loses.
    fn repetition_result(&self, game: &Game, first: usize) -> Option<GameResult> {
        let cycle = &game.history()[first..];
        for seat in [BLACK, WHITE] {
            let mut mine = cycle.iter().filter(|m| m.seat == seat).peekable();
            if mine.peek().is_some() && mine.all(|m| !m.checks.is_empty()) {
                let other = if seat == BLACK { WHITE } else { BLACK };
                return Some(GameResult::win(other, EndReason::PerpetualCheck));
            }
        }
        Some(GameResult::draw(2, EndReason::Repetition))
    }

    /// The 27-point impasse declaration: it wins, or it fails and the game goes on.
    fn declare(&self, game: &Game) -> Result<GameResult, GameError> {
        if !game.options().impasse_declaration {
            return Err(Refusal::ImpasseDeclarationsOff.into());
        }
        let Some(p) = game.position().as_shogi() else {
            return Err(Refusal::NoDeclaration.into());
        };
        if let Some(why) = declaration_failure(p) {
            return Err(GameError::Declaration(why));
        }
        Ok(GameResult::win(p.turn(), EndReason::Declaration))
    }
}
