//! The one file that names every variant's position: [`AnyPosition`], which picks a
//! variant's position type for its start and its text, and is the one place that dispatches
//! to the position types. A new variant adds a line here, its rules' line to `rules_of` in
//! `engine/mod.rs`, and a name to [`Variant`], which lives in `variant_id.rs` (re-exported
//! here) so that the positions can name their variant without naming this file. This file
//! sits below the game's state and the rules that read it, and names no rules: the registry
//! of each variant's rules is above them.

use super::daidai::{self, DaiDaiPosition};
use super::error::{IllegalMove, MoveParseError, PositionError};
use super::geometry::{Geometry, Seat, SeatSet, Sq};
use super::moves::Move;
use super::options::RuleOptions;
use super::piece::{KindDef, KindId, Piece};
use super::position::{MoveEffects, Position};
use super::shogi::ShogiPosition;
use super::sink::Sink;
use super::{standard, yonin};

pub use super::variant_id::{SeatName, UnknownVariant, Variant};

/// A position of any variant.
// Dai dai's position is several times the size of the 9x9 one. Positions live one per game
// or per search frame and are copied whole: a box would add an allocation to every copy of
// a dai dai position and save nothing where a 9x9 one is held.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// Standard and yonin shogi.
    Shogi(ShogiPosition),
    DaiDai(DaiDaiPosition),
}

impl AnyPosition {
    /// The start position of a variant.
    pub fn start(variant: Variant, options: &RuleOptions) -> AnyPosition {
        let mut start = match variant {
            Variant::Standard => AnyPosition::Shogi(standard::start()),
            Variant::Yonin => AnyPosition::Shogi(yonin::start(false)),
            Variant::YoninDoubles => AnyPosition::Shogi(yonin::start(true)),
            Variant::DaiDai => AnyPosition::DaiDai(DaiDaiPosition::start(options.daidai)),
        };
        start.apply_options(options);
        start
    }

    /// Reads a position in the variant's text format.
    pub fn from_text(variant: Variant, text: &str) -> Result<AnyPosition, PositionError> {
        match variant {
            Variant::Standard => standard::from_sfen(text).map(AnyPosition::Shogi),
            Variant::Yonin => yonin::from_text(text, false).map(AnyPosition::Shogi),
            Variant::YoninDoubles => yonin::from_text(text, true).map(AnyPosition::Shogi),
            Variant::DaiDai => daidai::from_text(text).map(AnyPosition::DaiDai),
        }
    }

    /// Sets the rule options a position carries (yonin's original-rules hand transfer,
    /// dai dai's historical readings); position texts do not hold them.
    pub(super) fn apply_options(&mut self, options: &RuleOptions) {
        match self {
            AnyPosition::Shogi(p) => p.set_hand_to_eliminator(options.hand_to_eliminator),
            AnyPosition::DaiDai(p) => {
                if p.rules() != options.daidai {
                    if let Ok(q) = daidai::from_text_with(&daidai::to_text(p), options.daidai) {
                        *p = q;
                    }
                }
            }
        }
    }

    /// The drop-shogi position, for standard and yonin games.
    pub fn as_shogi(&self) -> Option<&ShogiPosition> {
        match self {
            AnyPosition::Shogi(p) => Some(p),
            AnyPosition::DaiDai(_) => None,
        }
    }

    /// Pieces in a seat's hand with their counts (empty for variants without drops).
    pub fn hand(&self, seat: Seat) -> Vec<(KindId, u8)> {
        self.hand_kinds()
            .iter()
            .map(|&kind| (kind, self.hand_count(seat, kind)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }
}

/// Forwards a call to the position inside an [`AnyPosition`].
macro_rules! dispatch {
    ($self:expr, $p:ident => $call:expr) => {
        match $self {
            AnyPosition::Shogi($p) => $call,
            AnyPosition::DaiDai($p) => $call,
        }
    };
}

impl Position for AnyPosition {
    fn variant(&self) -> Variant {
        dispatch!(self, p => Position::variant(p))
    }
    fn geometry(&self) -> Geometry {
        dispatch!(self, p => Position::geometry(p))
    }
    fn kind(&self, kind: KindId) -> &'static KindDef {
        dispatch!(self, p => Position::kind(p, kind))
    }
    fn kinds(&self) -> &'static [KindDef] {
        dispatch!(self, p => Position::kinds(p))
    }
    fn piece_at(&self, sq: Sq) -> Option<Piece> {
        dispatch!(self, p => Position::piece_at(p, sq))
    }
    fn hand_count(&self, seat: Seat, kind: KindId) -> u8 {
        dispatch!(self, p => Position::hand_count(p, seat, kind))
    }
    fn hand_kinds(&self) -> &'static [KindId] {
        dispatch!(self, p => Position::hand_kinds(p))
    }
    fn turn(&self) -> Seat {
        dispatch!(self, p => Position::turn(p))
    }
    fn seat_to_move(&self) -> Option<Seat> {
        dispatch!(self, p => Position::seat_to_move(p))
    }
    fn alive(&self) -> SeatSet {
        dispatch!(self, p => Position::alive(p))
    }
    fn ply(&self) -> u32 {
        dispatch!(self, p => Position::ply(p))
    }
    fn hash(&self) -> u64 {
        dispatch!(self, p => Position::hash(p))
    }
    fn to_text(&self) -> String {
        dispatch!(self, p => Position::to_text(p))
    }
    fn in_check(&self, seat: Seat) -> bool {
        dispatch!(self, p => Position::in_check(p, seat))
    }
    fn checked_seats(&self) -> SeatSet {
        dispatch!(self, p => Position::checked_seats(p))
    }
    fn king_square(&self, seat: Seat) -> Option<Sq> {
        dispatch!(self, p => Position::king_square(p, seat))
    }
    fn partner(&self, seat: Seat) -> Option<Seat> {
        dispatch!(self, p => Position::partner(p, seat))
    }
    fn in_zone(&self, sq: Sq, seat: Seat) -> bool {
        dispatch!(self, p => Position::in_zone(p, sq, seat))
    }
    fn advancement(&self, sq: Sq, seat: Seat) -> u8 {
        dispatch!(self, p => Position::advancement(p, sq, seat))
    }
    fn generate<S: Sink>(&self, sink: &mut S) {
        dispatch!(self, p => Position::generate(p, sink))
    }
    fn check_move(&self, m: &Move) -> Result<(), IllegalMove> {
        dispatch!(self, p => Position::check_move(p, m))
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        dispatch!(self, p => Position::parse_move(p, text))
    }
    fn coordinate(&self, m: &Move) -> String {
        dispatch!(self, p => Position::coordinate(p, m))
    }
    fn western(&self, m: &Move, legal: &[Move]) -> String {
        dispatch!(self, p => Position::western(p, m, legal))
    }
    fn play_unchecked(&mut self, m: &Move) -> MoveEffects {
        dispatch!(self, p => Position::play_unchecked(p, m))
    }
    fn is_attacked_by(&self, target: Sq, by: SeatSet) -> bool {
        dispatch!(self, p => Position::is_attacked_by(p, target, by))
    }
    fn gives_check_unplayed(&self, m: &Move) -> Option<bool> {
        dispatch!(self, p => Position::gives_check_unplayed(p, m))
    }
    fn attacked_after(&self, m: &Move, target: Sq, by: SeatSet) -> Option<bool> {
        dispatch!(self, p => Position::attacked_after(p, m, target, by))
    }
    fn play_null(&mut self) -> bool {
        dispatch!(self, p => Position::play_null(p))
    }
    fn play_quiet(&mut self, m: &Move) {
        dispatch!(self, p => Position::play_quiet(p, m))
    }
    fn generate_checks<S: Sink>(&self, sink: &mut S) {
        dispatch!(self, p => Position::generate_checks(p, sink))
    }
    fn generate_captures<S: Sink>(&self, sink: &mut S) {
        dispatch!(self, p => Position::generate_captures(p, sink))
    }
    /// Dispatches once, so the whole count runs on the concrete position.
    fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, p => Position::perft(p, depth))
    }
}
