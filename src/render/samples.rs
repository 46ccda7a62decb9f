//! Sample scenes of every variant: the image gallery, the render tests and the benchmarks
//! draw these. Each is an engine position (a position text and moves played from it in
//! the variant's notation), so the samples can only show what the rules allow.

use crate::engine::{daidai, standard, Game, RuleOptions, Seat, Variant};

use super::position::{position_scene_styled, LastMove};
use super::scene::{Mark, PieceStyle, QuarterTurns, Scene, Square};
use crate::engine::Position;

/// A position of `variant` from its text, with `moves` played from it, drawn from `seat`
/// with the last move marked, the players named and a caption naming the last move.
/// Panics on a sample the engine refuses, which is a bug in this file.
fn game_scene(variant: Variant, text: &str, moves: &[&str], seat: Seat, names: &[&str]) -> Scene {
    styled_game_scene(variant, text, moves, seat, names, PieceStyle::Kanji)
}

/// [`game_scene`] with the pieces drawn in `style`.
fn styled_game_scene(
    variant: Variant,
    text: &str,
    moves: &[&str],
    seat: Seat,
    names: &[&str],
    style: PieceStyle,
) -> Scene {
    let mut game = Game::from_position(variant, RuleOptions::defaults(variant), text)
        .expect("sample position");
    let mut last = None;
    for text in moves {
        let before = game.position().clone();
        let m = game.parse_move(text).expect("sample move");
        game.play(&m).expect("sample move is legal");
        last = Some(LastMove::new(&before, &m));
    }
    let mut scene = position_scene_styled(game.position(), seat, last.as_ref(), style);
    for (player, name) in scene.players.iter_mut().zip(names) {
        player.name = (*name).to_string();
    }
    // `ply` counts from the position text's move number, so a sample may start mid-game.
    let number = game.position().ply() + 1;
    scene.caption = Some(match game.history().last() {
        Some(played) => format!("Move {}: {}", number - 1, played.western),
        None => format!("Move {number}"),
    });
    scene
}

const STANDARD_NAMES: [&str; 2] = ["Sakura さくら", "Tomás"];

/// Standard shogi, the start position, Black to move.
pub fn standard_start() -> Scene {
    game_scene(
        Variant::Standard,
        standard::START_SFEN,
        &[],
        Seat(0),
        &STANDARD_NAMES,
    )
}

const STANDARD_MIDGAME: &str =
    "ln5nl/1r3g1k1/p1sppg1pp/2p2p3/3P+B4/2P3P2/1PS1PP1+pP/1KG4R1/LN6L b GSN2Pbsp 47";

/// Standard shogi in the middle game: Black has just dropped a gold on 3c, checking
/// White's king; a horse and a tokin on the board, pieces in both hands.
pub fn standard_midgame() -> Scene {
    standard_midgame_in(PieceStyle::Kanji)
}

/// [`standard_midgame`] with the pieces in `style`.
pub fn standard_midgame_in(style: PieceStyle) -> Scene {
    styled_game_scene(
        Variant::Standard,
        STANDARD_MIDGAME,
        &["G*3c"],
        Seat(0),
        &STANDARD_NAMES,
        style,
    )
}

/// Standard shogi with every kind of piece on the board, each promoted kind included
/// (Black's rook and bishop promoted, White's not), and pieces in both hands. Drawn in the
/// international style, it shows every move pattern.
pub fn standard_every_kind(style: PieceStyle) -> Scene {
    styled_game_scene(
        Variant::Standard,
        "l+n1gk4/1r4+sb1/p+p1sp1n+lp/2p3p2/9/2P3P2/P+P2P2+LP/1+B4+S+R1/L+N1GK1G2 b SN3Pg3p 81",
        &["5g5f"],
        Seat(0),
        &STANDARD_NAMES,
        style,
    )
}

/// Yonin shogi in the middle game: N is out (king flipped on 5a, pieces powerless, hand
/// frozen); S's dragon takes E's pawn on 3e and checks E's king, who is to move.
pub fn yonin_midgame() -> Scene {
    yonin_midgame_in(PieceStyle::Kanji)
}

/// [`yonin_midgame`] with the pieces in `style`.
pub fn yonin_midgame_in(style: PieceStyle) -> Scene {
    styled_game_scene(
        Variant::Yonin,
        "2nSnGnK4/3nP1nPs+R2/wS7eS/wGwP5ePeG/wKwR4eP1eK/wGwP5ePeG/wS3sP2eReS/3sP1sP3/\
         2sSsGsKsGsS2 S RP/G/P/S SWE 58",
        &["3b3e"],
        Seat(0),
        &["Mika", "Oliver", "José", "Дмитрий"],
        style,
    )
}

/// Yonin doubles early on: S and N (partners) against W and E, S's pawn on 5e.
pub fn yonin_doubles() -> Scene {
    game_scene(
        Variant::YoninDoubles,
        crate::engine::yonin::START_TEXT,
        &["5g5f", "8d7d", "5c5d", "2f3f", "5f5e"],
        Seat(0),
        &["Mika", "Oliver", "José", "Дмитрий"],
    )
}

const DAIDAI_NAMES: [&str; 2] = ["Hiro", "Anna"];

/// Dai dai shogi, the start position, Black to move.
pub fn daidai_start() -> Scene {
    game_scene(
        Variant::DaiDai,
        daidai::START_TEXT,
        &[],
        Seat(0),
        &DAIDAI_NAMES,
    )
}

/// Dai dai shogi in the middle game: Black's lion has jumped out over its own pieces and
/// now takes White's pawn on 15f and violent ox on 15e in one move, promoting to a furious
/// fiend on that capture; White's howling dog has taken Black's on 12k.
pub fn daidai_midgame() -> Scene {
    game_scene(
        Variant::DaiDai,
        daidai::START_TEXT,
        &[
            "15l15k",
            "1f1g",
            "15k15j",
            "12g12k",
            "15m15k",
            "3f3g",
            "15p15o",
            "4f4g",
            "15o15m",
            "1g1h",
            "15m14k",
            "2f2g",
            "14k15i",
            "3g3h",
            "15i15g",
            "4g4h",
            "15g15f15e+",
        ],
        Seat(0),
        &DAIDAI_NAMES,
    )
}

/// The same scene drawn from another seat.
pub fn seen_from(mut scene: Scene, view: QuarterTurns) -> Scene {
    scene.view = view;
    scene
}

/// The gallery (`cargo run --example gallery` writes it to `docs/`): a file stem and a
/// scene for each sample image.
pub fn gallery() -> Vec<(&'static str, Scene)> {
    vec![
        ("standard-start", standard_start()),
        ("standard-midgame", standard_midgame()),
        (
            "standard-midgame-white",
            seen_from(standard_midgame(), QuarterTurns::NORTH),
        ),
        ("yonin-midgame-s", yonin_midgame()),
        (
            "yonin-midgame-w",
            seen_from(yonin_midgame(), QuarterTurns::WEST),
        ),
        (
            "standard-international",
            standard_every_kind(PieceStyle::International),
        ),
        (
            "yonin-international-w",
            seen_from(
                yonin_midgame_in(PieceStyle::International),
                QuarterTurns::WEST,
            ),
        ),
        ("yonin-doubles", yonin_doubles()),
        ("daidai-start", daidai_start()),
        ("daidai-midgame", daidai_midgame()),
    ]
}

/// The close-ups in the gallery (`crop-<stem>.png`): scenes whose last move the close-up
/// shows.
pub fn close_ups() -> Vec<(&'static str, Scene)> {
    vec![
        ("daidai-midgame", daidai_midgame()),
        (
            "daidai-midgame-white",
            seen_from(daidai_midgame(), QuarterTurns::NORTH),
        ),
    ]
}

/// The marks of a scene's last move, for tests.
pub fn marks(scene: &Scene, mark: Mark) -> Vec<Square> {
    scene
        .highlights
        .iter()
        .filter(|h| h.mark == mark)
        .map(|h| h.square)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_hold_whole_sets() {
        let hands = |scene: &Scene| -> usize {
            scene
                .players
                .iter()
                .flat_map(|p| p.hand.iter().map(|h| usize::from(h.count)))
                .sum()
        };
        for (scene, pieces) in [
            (standard_start(), 40),
            (standard_midgame(), 40),
            (yonin_midgame(), 36),
        ] {
            assert_eq!(scene.pieces().count() + hands(&scene), pieces);
        }
        assert_eq!(daidai_start().pieces().count(), 192);
        // No drops in dai dai: the lion's two captures and the dog's leave the game.
        assert_eq!(daidai_midgame().pieces().count(), 192 - 3);
    }

    #[test]
    fn the_samples_show_what_their_captions_say() {
        let scene = yonin_midgame();
        assert!(scene.players[2].eliminated, "N is out");
        assert!(scene.players[3].in_check, "E is in check");
        assert_eq!(scene.to_move, Some(3));
        let fiend = daidai_midgame();
        let at = |s: &str| fiend.piece(Square::parse(17, s).expect("square")).cloned();
        let lion = at("15e").expect("the lion stands on 15e");
        assert_eq!((lion.label.as_str(), lion.owner), ("奮迅", 0));
        assert!(at("15f").is_none() && at("15g").is_none());
        assert_eq!(
            marks(&fiend, Mark::Captured),
            [Square::parse(17, "15f").unwrap()]
        );
        assert_eq!(
            fiend.caption.as_deref(),
            Some("Move 17: Lnx15fx15e+"),
            "{:?}",
            fiend.caption
        );
    }
}
