//! The rules engine: board geometry, piece tables, move generation and the rules of each
//! variant. Pure: no I/O, no async, no Discord, no database.
//!
//! The core (geometry, piece tables, precomputed rays, the move type) serves every
//! variant; standard shogi and yonin shogi share one drop-shogi position
//! ([`shogi::ShogiPosition`]) configured by their rule modules. Both position types
//! implement [`Position`], which perft, the game and the computer players are written
//! against; [`AnyPosition`] holds either. Position text is read by one reader into a
//! [`Setup`] that each position type checks ([`setup`]). A [`Game`] keeps the rules every
//! variant shares and asks each variant for the rest ([`rules`]).
//!
//! This file also registers each variant's rules ([`rules_of`]), beside the line that
//! declares the variant's module: the rules files (`standard/rules.rs`, `yonin/rules.rs`,
//! `daidai/rules.rs`) read a game's state below them ([`state`]), and the game ([`game`])
//! asks this registry for them.

pub mod bitboard;
pub mod captures;
pub mod checks;
pub mod control;
pub mod daidai;
pub mod error;
pub mod game;
pub mod geometry;
pub mod kinds;
pub mod moves;
pub mod options;
pub mod outcome;
pub mod piece;
pub mod position;
pub mod record;
pub mod rules;
pub mod setup;
pub mod shogi;
pub mod sink;
pub mod standard;
pub mod state;
pub mod tables;
pub mod variant;
pub mod variant_id;
pub mod yonin;
pub mod zobrist;

pub use error::{Candidate, IllegalMove, MoveParseError, PositionError};
pub use game::Game;
pub use geometry::{Geometry, Seat, SeatSet, Sq};
pub use moves::Move;
pub use outcome::{
    DeclarationFailure, Elimination, EliminationReason, EndReason, GameError, GameResult,
    MoveReport, PlayedMove, Refusal,
};
pub use piece::{KindDef, KindId, Piece};
pub use position::{MoveEffects, Position};
pub use rules::RuleOptions;
pub use setup::{Setup, TextFormat};
pub use shogi::notation;
pub use sink::Sink;
pub use state::{StateError, STATE_VERSION};
pub use variant::{AnyPosition, UnknownVariant, Variant};
pub use variant_id::SeatName;

use self::daidai::rules::DaiDaiRules;
use self::rules::VariantRules;
use self::standard::rules::StandardRules;
use self::yonin::rules::YoninRules;

/// The rules of a variant: the one place a variant picks them.
pub(crate) fn rules_of(variant: Variant) -> &'static dyn VariantRules {
    match variant {
        Variant::Standard => &StandardRules,
        Variant::Yonin | Variant::YoninDoubles => &YoninRules,
        Variant::DaiDai => &DaiDaiRules,
    }
}

// The options are defined below the positions (`options.rs`); their defaults are each
// variant's rules' to say, so they are implemented here.
impl RuleOptions {
    /// The options a game of `variant` plays by unless it chooses others.
    pub fn defaults(variant: Variant) -> RuleOptions {
        rules_of(variant).default_options()
    }
}

/// Standard shogi's defaults, which stored options missing a field also read as.
impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::defaults(Variant::Standard)
    }
}
