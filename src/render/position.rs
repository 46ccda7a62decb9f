//! From the engine to a scene: a position seen from one seat, with its last move. Labels,
//! sizes and promotion come from the engine's piece tables.

use crate::engine::{AnyPosition, Move, Seat, Sq, Variant};

use super::scene::{BoardStyle, HandPiece, QuarterTurns, Scene, ScenePiece, Square};
use super::{render_png, RenderError};

/// The last move as a board image marks it: where it started (none for a drop), the
/// squares it stepped through, the squares of those where it took a piece, where it ended.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct LastMove {
    pub from: Option<Sq>,
    pub middle: Vec<Sq>,
    pub captured: Vec<Sq>,
    pub to: Sq,
}

impl LastMove {
    /// `m` as played in `before` (the position it was played from), which tells which of
    /// its middle squares held a piece it took.
    pub fn new(before: &AnyPosition, m: &Move) -> LastMove {
        let mover = before.turn();
        let middle: Vec<Sq> = m.middles().collect();
        let captured = middle
            .iter()
            .copied()
            .filter(|&sq| before.piece_at(sq).is_some_and(|p| p.owner() != mover))
            .collect();
        LastMove {
            from: (!m.is_drop()).then_some(m.from),
            middle,
            captured,
            to: m.to,
        }
    }
}

/// The board style that draws `variant`.
pub fn style_of(variant: Variant) -> BoardStyle {
    match variant {
        Variant::Standard => BoardStyle::Standard,
        Variant::Yonin | Variant::YoninDoubles => BoardStyle::Yonin,
        Variant::DaiDai => BoardStyle::DaiDai,
    }
}

/// The edge a seat sits at: Black and White at the bottom and top, the yonin seats S, W,
/// N and E around the board.
fn edge_of(seats: u8, seat: Seat) -> QuarterTurns {
    if seats == 2 {
        QuarterTurns::new(2 * seat.0)
    } else {
        QuarterTurns::new(seat.0)
    }
}

/// `position` drawn from `seat`, with `last_move` marked. Players are named by their seat
/// ("Black", "S", ...); set [`Scene::players`] names and [`Scene::caption`] to show more.
pub fn position_scene(position: &AnyPosition, seat: Seat, last_move: Option<&LastMove>) -> Scene {
    let variant = position.variant();
    let seats = variant.seats();
    let geometry = position.geometry();
    let mut scene = Scene::new(style_of(variant));
    debug_assert_eq!(usize::from(geometry.size()), scene.size());
    scene.view = edge_of(seats, seat);
    let alive = position.alive();
    let square = |sq: Sq| {
        let (col, row) = geometry.col_row(sq);
        Square::new(col, row)
    };

    for sq in geometry.squares() {
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let kind = position.kind(piece.kind());
        let owner = piece.owner();
        // White's king wears the other face (王) in the two-player games.
        let label = match kind.kanji_alt {
            Some(alt) if seats == 2 && owner.0 == 1 => alt,
            _ => kind.kanji,
        };
        let mut drawn =
            ScenePiece::new(label, owner.index(), edge_of(seats, owner), kind.draw_class);
        drawn.promoted = piece.promoted() || kind.promoted;
        if !alive.contains(owner) {
            drawn.powerless = true;
            drawn.face_down = kind.royal;
        }
        scene.set_piece(square(sq), Some(drawn));
    }

    for index in 0..seats {
        let seat = Seat(index);
        let out = !alive.contains(seat);
        let player = &mut scene.players[seat.index()];
        player.hand = position
            .hand(seat)
            .into_iter()
            .map(|(kind, count)| {
                let def = position.kind(kind);
                HandPiece::new(def.kanji, count, def.draw_class)
            })
            .collect();
        player.eliminated = out;
        if !out && position.in_check(seat) {
            player.in_check = true;
            if let Some(king) = position.king_square(seat) {
                scene.checked.push(square(king));
            }
        }
    }

    let decided = position.as_shogi().is_some_and(|p| p.is_decided());
    scene.to_move = (!decided).then(|| position.turn().index());

    if let Some(last) = last_move {
        let middle: Vec<Square> = last.middle.iter().map(|&sq| square(sq)).collect();
        let captured: Vec<Square> = last.captured.iter().map(|&sq| square(sq)).collect();
        scene.mark_move(last.from.map(square), &middle, &captured, square(last.to));
    }
    scene
}

/// The PNG of `position` drawn from `seat`, with `last_move` marked.
pub fn board_png(
    position: &AnyPosition,
    seat: Seat,
    last_move: Option<&LastMove>,
) -> Result<Vec<u8>, RenderError> {
    render_png(&position_scene(position, seat, last_move))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, RuleOptions};

    fn played(sfen: &str, text: &str) -> (AnyPosition, LastMove) {
        let mut game = Game::from_position(
            Variant::Standard,
            RuleOptions::defaults(Variant::Standard),
            sfen,
        )
        .expect("position");
        let before = game.position().clone();
        let m = game.parse_move(text).expect("move");
        game.play(&m).expect("legal");
        (game.position().clone(), LastMove::new(&before, &m))
    }

    #[test]
    fn a_standard_position_becomes_a_scene() {
        let start = crate::engine::standard::START_SFEN;
        let (position, last) = played(start, "7g7f");
        let scene = position_scene(&position, Seat(1), Some(&last));
        assert_eq!(scene.style, BoardStyle::Standard);
        assert_eq!(scene.view, QuarterTurns::NORTH);
        assert_eq!(scene.pieces().count(), 40);
        let at = |s: &str| scene.piece(Square::parse(9, s).expect("square"));
        let white_king = at("5a").expect("white king");
        assert_eq!((white_king.label.as_str(), white_king.owner), ("王", 1));
        assert_eq!(white_king.facing, QuarterTurns::NORTH);
        assert_eq!(at("5i").map(|p| p.label.as_str()), Some("玉"));
        assert_eq!(
            at("7f").map(|p| (p.label.as_str(), p.size_class)),
            Some(("歩", 0))
        );
        assert!(at("7g").is_none());
        assert_eq!(scene.to_move, Some(1));
        let marks: Vec<_> = scene.highlights.iter().map(|h| h.square).collect();
        assert_eq!(
            marks,
            [Square::parse(9, "7g"), Square::parse(9, "7f")].map(|s| s.expect("square"))
        );
    }

    #[test]
    fn drops_hands_promotion_and_check() {
        // Black drops a gold on 3c, checking White's king on 2b.
        let before =
            "ln5nl/1r3g1k1/p1sppg1pp/2p2p3/3P+B4/2P3P2/1PS1PP1+pP/1KG4R1/LN6L b GSN2Pbsp 47";
        let (position, last) = played(before, "G*3c");
        assert_eq!(last.from, None);
        let scene = position_scene(&position, Seat(0), Some(&last));
        let sq = |s: &str| Square::parse(9, s).expect("square");
        assert_eq!(scene.checked, vec![sq("2b")]);
        assert!(scene.players[1].in_check && !scene.players[0].in_check);
        assert_eq!(
            scene.highlights.len(),
            1,
            "a drop marks only where it lands"
        );
        let horse = scene.piece(sq("5e")).expect("horse");
        assert!(horse.promoted && horse.label == "馬");
        let tokin = scene.piece(sq("2g")).expect("tokin");
        assert!(tokin.promoted && tokin.owner == 1);
        let hand: Vec<(&str, u8)> = scene.players[0]
            .hand
            .iter()
            .map(|h| (h.label.as_str(), h.count))
            .collect();
        assert_eq!(hand, [("銀", 1), ("桂", 1), ("歩", 2)]);
        assert!(!scene.players[1].hand.is_empty());
    }
}
