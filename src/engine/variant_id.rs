//! [`Variant`], the name of a variant: its names and titles, how its seats are named, how
//! many seats it has, and reading it from text. It names no position type, so the
//! positions can name their variant without depending on the file that names them all
//! (`variant.rs`, which re-exports it).

use std::fmt;
use std::str::FromStr;

use super::geometry::{Geometry, Seat};

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
        self.named_seat(seat).as_str()
    }

    /// A seat by its name: Black/White, or South/West/North/East in yonin.
    pub fn named_seat(self, seat: Seat) -> SeatName {
        match (self.seats(), seat.0) {
            (2, 0) => SeatName::Black,
            (2, _) => SeatName::White,
            (_, 0) => SeatName::South,
            (_, 1) => SeatName::West,
            (_, 2) => SeatName::North,
            _ => SeatName::East,
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

    /// The board: 9x9, or 17x17 in dai dai shogi.
    pub const fn geometry(self) -> Geometry {
        match self {
            Variant::Standard | Variant::Yonin | Variant::YoninDoubles => Geometry::new(9),
            Variant::DaiDai => Geometry::new(17),
        }
    }

    /// Whether partners play in pairs (yonin doubles: S+N against W+E), so that pairs win
    /// or lose together.
    pub fn in_pairs(self) -> bool {
        matches!(self, Variant::YoninDoubles)
    }

    /// Number of seats at the table.
    pub fn seats(self) -> u8 {
        match self {
            Variant::Yonin | Variant::YoninDoubles => 4,
            Variant::Standard | Variant::DaiDai => 2,
        }
    }
}

/// A seat as players know it, whatever its index: two-player variants seat Black and
/// White, yonin shogi South, West, North and East. Stored as the names older builds
/// wrote (`black`, `S`, ...).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum SeatName {
    #[serde(rename = "black")]
    Black,
    #[serde(rename = "white")]
    White,
    #[serde(rename = "S")]
    South,
    #[serde(rename = "W")]
    West,
    #[serde(rename = "N")]
    North,
    #[serde(rename = "E")]
    East,
}

impl SeatName {
    /// Every seat name, two-player seats first.
    pub const ALL: [SeatName; 6] = [
        SeatName::Black,
        SeatName::White,
        SeatName::South,
        SeatName::West,
        SeatName::North,
        SeatName::East,
    ];

    /// The name records, notations and the command line write: `black`, `white`, or the
    /// yonin seats' letters `S`, `W`, `N`, `E`.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatName::Black => "black",
            SeatName::White => "white",
            SeatName::South => "S",
            SeatName::West => "W",
            SeatName::North => "N",
            SeatName::East => "E",
        }
    }
}

impl fmt::Display for SeatName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Compares with the written name, as records and tests spell it.
impl PartialEq<&str> for SeatName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
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
