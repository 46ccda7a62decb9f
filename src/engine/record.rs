//! The plain record of a game of any variant: its tags (variant, players, start position,
//! result), then one numbered move per line. Standard shogi's KIF and CSA records are
//! written in [`super::standard::record`] from the game's state and read back in
//! [`super::standard::kif_reader`]; this file, above the game, is their public face.

use super::game::Game;
use super::geometry::Seat;
use super::position::Position;

use super::standard::record as standard;

pub use super::standard::kif_reader::from_kif;
pub use super::standard::record::{KifEncoding, RecordError};

/// The game as a KIF file declaring UTF-8 (a `.kifu` file).
pub fn to_kif(game: &Game, names: &[String]) -> Result<String, RecordError> {
    standard::to_kif(game.state(), names)
}

/// The game as a KIF file whose first line declares `encoding`, as Kifu for Windows and
/// Japanese sites write it (`#KIF version=2.0 encoding=Shift_JIS`). The text is the same
/// either way: whoever writes the file encodes it as declared.
pub fn to_kif_declaring(
    game: &Game,
    names: &[String],
    encoding: KifEncoding,
) -> Result<String, RecordError> {
    standard::to_kif_declaring(game.state(), names, encoding)
}

/// The game as a CSA file (version 3.0, UTF-8: %MAX_MOVES is a code of that version).
pub fn to_csa(game: &Game, names: &[String]) -> Result<String, RecordError> {
    standard::to_csa(game.state(), names)
}

/// A plain record for any variant: tags, then one numbered move per line.
pub fn to_text(game: &Game, names: &[String]) -> String {
    let variant = game.variant();
    let mut out = format!("[Variant \"{}\"]\n", variant.name());
    for seat in 0..variant.seats() {
        let seat_name = variant.seat_name(Seat(seat));
        out.push_str(&format!(
            "[{}{} \"{}\"]\n",
            seat_name[..1].to_uppercase(),
            &seat_name[1..],
            names.get(seat as usize).map_or("?", String::as_str)
        ));
    }
    out.push_str(&format!(
        "[Start \"{}\"]\n",
        game.start_position().to_text()
    ));
    if let Some(result) = game.result() {
        let text = if result.is_void() {
            "void".to_string()
        } else if result.is_draw() {
            "draw".to_string()
        } else {
            let winners: Vec<&str> = result
                .winners()
                .into_iter()
                .map(|s| variant.seat_name(s))
                .collect();
            format!("{} won", winners.join(" and "))
        };
        out.push_str(&format!(
            "[Result \"{text} ({})\"]\n",
            result.reason.describe()
        ));
    }
    out.push_str(&format!("[Position \"{}\"]\n\n", game.position().to_text()));
    let first = game.start_position().ply() as usize;
    for (i, m) in game.history().iter().enumerate() {
        out.push_str(&format!(
            "{}. {} {} ({})\n",
            first + i + 1,
            variant.seat_name(m.seat),
            m.coordinate,
            m.western
        ));
    }
    out
}
