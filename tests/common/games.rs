//! Games the tests share: a game of a variant from its start or from a position text,
//! moves played from text in any notation (each must be accepted), and move lines that
//! reach a known position.

use shogiban::engine::{Game, RuleOptions, Variant};

/// A game of `variant` from its start, under the variant's default rules.
pub fn new_game(variant: Variant) -> Game {
    Game::new(variant, RuleOptions::defaults(variant))
}

/// A game of `variant` from a position text, under the variant's default rules.
pub fn game_at(variant: Variant, text: &str) -> Game {
    Game::from_position(variant, RuleOptions::defaults(variant), text)
        .unwrap_or_else(|e| panic!("bad position {text:?}: {e}"))
}

/// Plays move text (any notation the variant reads) for the seat to move.
pub fn play(game: &mut Game, text: &str) {
    let m = game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    game.play(&m).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Plays moves separated by white space.
pub fn play_all(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        play(game, text);
    }
}

/// A shortest checkmate from the start, with both sides playing along (black mates
/// white), in several notations: the bishop comes round through 9g to promote on 3a, and
/// a silver dropped on 5c mates the king on 5b.
pub const STANDARD_MATE: [&str; 7] = ["9g9f", "5a5b", "B-9g", "5c5d", "9g3a+", "4a5a", "S*5c"];

/// Dai dai shogi from the start: black's lion leaves 15p by jumps over its own pieces
/// (15p-15o, 15o-15m over the neighbour ox, 15m-14k, 14k-15i, 15i-15g) once the 15-file
/// pawn and violent ox have stepped up, while white walks pawns on the far files. On 15g
/// it stands in front of white's 15-file pawn with white's violent ox behind it: it takes
/// both in one move (15g15f15e) and promotes on that capture.
pub const TO_LION: [&str; 16] = [
    "15l15k", "1f1g", "15k15j", "2f2g", "15m15k", "3f3g", "15p15o", "4f4g", //
    "15o15m", "1g1h", "15m14k", "2g2h", "14k15i", "3g3h", "15i15g", "4g4h",
];

/// The S pawn walks up the 5-file while N moves its golds aside; taking N's rook with
/// promotion then mates the boxed-in N king, with S's rook guarding the tokin from 5h.
/// W and E shuffle silvers meanwhile.
pub const YONIN_TO_ELIMINATION: [&str; 17] = [
    "5g5f", "9c8c", "6a7b", "1c2c", // S, W, N, E
    "5f5e", "8c9b", "4a3b", "2c1b", //
    "5e5d", "9b8c", "3a2b", "1b2c", //
    "P-5c=", "8c9b", "7a8b", "2c1b",  // S says not to promote, or is asked
    "5c5b+", // S mates N
];
