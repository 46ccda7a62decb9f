//! The plain record of a game of any variant: its tags (variant, players, start position,
//! result), then one numbered move per line. Standard shogi's KIF and CSA records live in
//! [`super::standard::record`], re-exported here beside it.

use super::game::Game;
use super::geometry::Seat;
use super::position::Position;

pub use super::standard::record::{
    from_kif, to_csa, to_kif, to_kif_declaring, KifEncoding, RecordError,
};

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
