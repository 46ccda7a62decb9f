//! [`Variant`], the name of a variant: its names and titles, how its seats are named, how
//! many seats it has, and reading it from text. It names no position type, so the
//! positions can name their variant without depending on the file that names them all
//! (`variant.rs`, which re-exports it).

use std::fmt;
use std::str::FromStr;

use super::geometry::Seat;

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
