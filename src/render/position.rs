//! From the engine to a scene: a position seen from one seat, with its last move. Labels,
//! sizes and promotion come from the engine's piece tables.

use crate::engine::{AnyPosition, KindDef, Move, Position, Seat, Sq, Variant};

use super::scene::{
    BoardStyle, HandPiece, MoveMark, PieceStyle, QuarterTurns, Reach, Scene, ScenePiece, Square,
};
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

/// The move lines of a kind as the international pieces draw them, read from the piece
/// table's rays (a unit ray is a step or a slide, any other a jump).
pub fn move_marks(kind: &KindDef) -> Vec<MoveMark> {
    kind.rays
        .iter()
        .map(|ray| MoveMark {
            dx: ray.dx,
            dy: ray.dy,
            reach: if ray.is_jump() {
                Reach::Jump
            } else if ray.range == 1 {
                Reach::Step
            } else {
                Reach::Slide(ray.range)
            },
        })
        .collect()
}

/// The piece styles a variant can be drawn in: dai dai shogi's two-kanji pieces have no
/// international set, so they keep their kanji whatever is asked.
fn effective_style(variant: Variant, asked: PieceStyle) -> PieceStyle {
    match variant {
        Variant::DaiDai => PieceStyle::Kanji,
        _ => asked,
    }
}

/// `position` drawn from `seat`, with `last_move` marked. Players are named by their seat
/// ("Black", "S", ...); set [`Scene::players`] names and [`Scene::caption`] to show more.
pub fn position_scene(position: &AnyPosition, seat: Seat, last_move: Option<&LastMove>) -> Scene {
    position_scene_styled(position, seat, last_move, PieceStyle::Kanji)
}

/// [`position_scene`] with the pieces in `style` (dai dai shogi keeps its kanji).
pub fn position_scene_styled(
    position: &AnyPosition,
    seat: Seat,
    last_move: Option<&LastMove>,
    style: PieceStyle,
) -> Scene {
    let variant = position.variant();
    let international = effective_style(variant, style) == PieceStyle::International;
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
        if international {
            drawn = ScenePiece {
                label: kind.code.to_string(),
                ..drawn
            }
            .with_moves(move_marks(kind));
        }
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
                if international {
                    HandPiece::new(def.code, count, def.draw_class).with_moves(move_marks(def))
                } else {
                    HandPiece::new(def.kanji, count, def.draw_class)
                }
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

    // Doubles: the pair of the first seat, and the other.
    if let Some(partner) = Position::partner(position, Seat(0)) {
        let first = [0, partner.index()];
        let mut others = (0..usize::from(seats)).filter(|i| !first.contains(i));
        if let (Some(a), Some(b)) = (others.next(), others.next()) {
            scene.pairs = Some([first, [a, b]]);
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

/// [`board_png`] with the pieces in `style`.
pub fn board_png_styled(
    position: &AnyPosition,
    seat: Seat,
    last_move: Option<&LastMove>,
    style: PieceStyle,
) -> Result<Vec<u8>, RenderError> {
    render_png(&position_scene_styled(position, seat, last_move, style))
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
    fn move_marks_read_the_piece_table() {
        use crate::engine::kinds::{DRAGON, GOLD, KNIGHT, LANCE, STANDARD_KINDS};
        let marks = |kind: u8| move_marks(&STANDARD_KINDS[usize::from(kind)]);
        let gold = marks(GOLD);
        assert_eq!(gold.len(), 6);
        assert!(gold.iter().all(|m| m.reach == Reach::Step));
        assert!(gold.iter().any(|m| (m.dx, m.dy) == (0, 1)), "a step back");
        assert!(
            !gold.iter().any(|m| (m.dx, m.dy) == (1, 1)),
            "no step back aslant"
        );
        let knight = marks(KNIGHT);
        assert!(knight.iter().all(|m| m.reach == Reach::Jump && m.dy == -2));
        assert_eq!(
            marks(LANCE),
            [MoveMark {
                dx: 0,
                dy: -1,
                reach: Reach::Slide(0)
            }]
        );
        let dragon = marks(DRAGON);
        let slides = dragon.iter().filter(|m| m.reach == Reach::Slide(0)).count();
        let steps = dragon.iter().filter(|m| m.reach == Reach::Step).count();
        assert_eq!((slides, steps), (4, 4));
    }

    #[test]
    fn the_international_style_labels_pieces_with_their_codes() {
        let start = crate::engine::standard::START_SFEN;
        let (position, last) = played(start, "7g7f");
        let scene =
            position_scene_styled(&position, Seat(0), Some(&last), PieceStyle::International);
        let at = |s: &str| scene.piece(Square::parse(9, s).expect("square")).cloned();
        let king = at("5a").expect("White's king");
        assert_eq!(
            (king.label.as_str(), king.moves.map(|m| m.len())),
            ("K", Some(8))
        );
        assert_eq!(at("8h").map(|p| p.label), Some("B".to_string()));
        assert_eq!(
            scene.highlights,
            position_scene(&position, Seat(0), Some(&last)).highlights
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
