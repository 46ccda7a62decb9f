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

pub mod any_position;
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
pub mod notation;
pub mod outcome;
pub mod perft;
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
pub mod yonin;
pub mod zobrist;

use std::fmt;
use std::str::FromStr;

pub use any_position::AnyPosition;
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
pub use sink::Sink;
pub use state::{StateError, STATE_VERSION};

/// A game variant.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    Standard,
    Yonin,
    YoninDoubles,
    #[serde(rename = "daidai")]
    DaiDai,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Standard,
        Variant::Yonin,
        Variant::YoninDoubles,
        Variant::DaiDai,
    ];

    /// The name used on the command line and in commands.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Yonin => "yonin",
            Variant::YoninDoubles => "yonin-doubles",
            Variant::DaiDai => "daidai",
        }
    }

    /// A human title.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Standard => "Shogi",
            Variant::Yonin => "Yonin shogi",
            Variant::YoninDoubles => "Yonin shogi (doubles)",
            Variant::DaiDai => "Dai dai shogi",
        }
    }

    /// How players and messages name a seat: black/white, or S/W/N/E in yonin.
    pub fn seat_name(self, seat: Seat) -> &'static str {
        match (self.seats(), seat.0) {
            (2, 0) => "black",
            (2, _) => "white",
            (_, 0) => "S",
            (_, 1) => "W",
            (_, 2) => "N",
            _ => "E",
        }
    }

    /// Reads a seat name (`black`/`white`/`b`/`w`, or `S`/`W`/`N`/`E`).
    pub fn parse_seat(self, text: &str) -> Option<Seat> {
        let t = text.trim().to_ascii_lowercase();
        let seat = match (self.seats(), t.as_str()) {
            (2, "black" | "b" | "sente") => 0,
            (2, "white" | "w" | "gote") => 1,
            (4, "s" | "south") => 0,
            (4, "w" | "west") => 1,
            (4, "n" | "north") => 2,
            (4, "e" | "east") => 3,
            _ => return None,
        };
        Some(Seat(seat))
    }

    /// Number of seats at the table.
    pub fn seats(self) -> u8 {
        match self {
            Variant::Yonin | Variant::YoninDoubles => 4,
            Variant::Standard | Variant::DaiDai => 2,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{0}' (choose standard, yonin, yonin-doubles or daidai)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "standard" | "shogi" | "hon-shogi" => Ok(Variant::Standard),
            "yonin" | "yonin-singles" | "4p" => Ok(Variant::Yonin),
            "yonin-doubles" | "doubles" => Ok(Variant::YoninDoubles),
            "daidai" | "dai-dai" | "daidai-shogi" => Ok(Variant::DaiDai),
            _ => Err(UnknownVariant(s.into())),
        }
    }
}
