//! Board images as a player gets them: PNGs that decode at the size of their variant, one
//! image per seat, squares and pieces where that seat's view puts them.

use image::RgbImage;
use shogiban::render::{
    render_png, samples, BoardStyle, Mark, QuarterTurns, Scene, ScenePiece, Square,
};

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgb8()
}

fn image_of(scene: &Scene) -> RgbImage {
    decode(&render_png(scene).expect("encodes"))
}

fn sq(size: usize, text: &str) -> Square {
    Square::parse(size, text).expect("square")
}

const VIEWS: [QuarterTurns; 4] = [
    QuarterTurns::SOUTH,
    QuarterTurns::WEST,
    QuarterTurns::NORTH,
    QuarterTurns::EAST,
];

#[test]
fn images_decode_at_the_size_of_their_variant_from_every_seat() {
    let cases = [
        (
            samples::standard_midgame(),
            [QuarterTurns::SOUTH, QuarterTurns::NORTH].to_vec(),
            (890, 844),
        ),
        (samples::yonin_midgame(), VIEWS.to_vec(), (828, 938)),
        (
            samples::daidai_midgame(),
            [QuarterTurns::SOUTH, QuarterTurns::NORTH].to_vec(),
            (1196, 1444),
        ),
    ];
    for (scene, views, (width, height)) in cases {
        for view in views {
            let image = image_of(&samples::seen_from(scene.clone(), view));
            assert_eq!(
                image.dimensions(),
                (width, height),
                "{:?} seen from {view:?}",
                scene.style
            );
        }
    }
}

#[test]
fn pngs_stay_small() {
    let mut scenes = samples::gallery();
    for view in VIEWS {
        scenes.push(("yonin", samples::seen_from(samples::yonin_midgame(), view)));
    }
    scenes.push((
        "daidai from White",
        samples::seen_from(samples::daidai_midgame(), QuarterTurns::NORTH),
    ));
    for (name, scene) in scenes {
        let png = render_png(&scene).expect("encodes");
        let limit = if scene.size() == 17 { 400 } else { 150 } * 1024;
        assert!(png.len() < limit, "{name}: {} bytes", png.len());
    }
}

#[test]
fn the_four_yonin_seats_give_four_different_images() {
    let images: Vec<RgbImage> = VIEWS
        .iter()
        .map(|&view| image_of(&samples::seen_from(samples::yonin_midgame(), view)))
        .collect();
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(images[i], images[j], "seats {i} and {j} look the same");
        }
    }
}

/// The box of pixels that differ between two images of the same size.
fn changed_box(a: &RgbImage, b: &RgbImage) -> Option<(u32, u32, u32, u32)> {
    assert_eq!(a.dimensions(), b.dimensions());
    let mut bounds: Option<(u32, u32, u32, u32)> = None;
    for (x, y, pa) in a.enumerate_pixels() {
        if pa != b.get_pixel(x, y) {
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((l, t, r, bt)) => (l.min(x), t.min(y), r.max(x), bt.max(y)),
            });
        }
    }
    bounds
}

/// Where (as fractions of the image) marking `square` shows up, seen from `view`.
fn where_square_lands(style: BoardStyle, square: &str, view: QuarterTurns) -> (f32, f32) {
    let mut scene = Scene::new(style);
    scene.view = view;
    let plain = image_of(&scene);
    let square = sq(scene.size(), square);
    scene.mark_move(None, &[], &[], square);
    let marked = image_of(&scene);
    let (l, t, r, b) = changed_box(&plain, &marked).expect("the mark shows");
    let (w, h) = plain.dimensions();
    // One cell, not a spread of changes.
    assert!(
        (r - l) < w / 8 && (b - t) < h / 8,
        "mark spreads over {l},{t}..{r},{b}"
    );
    (
        (l + r) as f32 / 2.0 / w as f32,
        (t + b) as f32 / 2.0 / h as f32,
    )
}

fn assert_near(got: (f32, f32), want: (f32, f32), what: &str) {
    assert!(
        (got.0 - want.0).abs() < 0.1 && (got.1 - want.1).abs() < 0.1,
        "{what}: at {got:?}, expected near {want:?}"
    );
}

#[test]
fn squares_land_where_each_seat_sees_them() {
    // 9a is Black's (S's) top-left corner.
    let corner = |style, view| where_square_lands(style, "9a", view);
    // Standard: board between the piece stands, a little below the middle.
    let black = corner(BoardStyle::Standard, QuarterTurns::SOUTH);
    let white = corner(BoardStyle::Standard, QuarterTurns::NORTH);
    assert!(
        black.0 < 0.3 && black.1 < 0.3,
        "Black sees 9a top left: {black:?}"
    );
    assert!(
        white.0 > 0.7 && white.1 > 0.7,
        "White sees 9a bottom right: {white:?}"
    );
    // 1i, the other corner, swaps with it.
    let far = where_square_lands(BoardStyle::Standard, "1i", QuarterTurns::NORTH);
    assert_near(far, black, "1i seen by White");

    // Yonin: turned a quarter for W and E.
    let s = corner(BoardStyle::Yonin, QuarterTurns::SOUTH);
    let w = corner(BoardStyle::Yonin, QuarterTurns::WEST);
    let n = corner(BoardStyle::Yonin, QuarterTurns::NORTH);
    let e = corner(BoardStyle::Yonin, QuarterTurns::EAST);
    assert!(s.0 < 0.3 && s.1 < 0.4, "S sees 9a top left: {s:?}");
    assert!(w.0 < 0.3 && w.1 > 0.6, "W sees 9a bottom left: {w:?}");
    assert!(n.0 > 0.7 && n.1 > 0.6, "N sees 9a bottom right: {n:?}");
    assert!(e.0 > 0.7 && e.1 < 0.4, "E sees 9a top right: {e:?}");
    // Each seat's own king square is at the bottom middle of its own image.
    for (view, king) in [
        (QuarterTurns::SOUTH, "5i"),
        (QuarterTurns::WEST, "9e"),
        (QuarterTurns::NORTH, "5a"),
        (QuarterTurns::EAST, "1e"),
    ] {
        let at = where_square_lands(BoardStyle::Yonin, king, view);
        assert!(
            (at.0 - 0.5).abs() < 0.05 && at.1 > 0.7,
            "{view:?} king {king} at {at:?}"
        );
    }

    // Dai dai: 17x17, 9q is the middle of Black's back rank.
    let king = where_square_lands(BoardStyle::DaiDai, "9q", QuarterTurns::SOUTH);
    assert!((king.0 - 0.5).abs() < 0.03 && king.1 > 0.8, "{king:?}");
    let king = where_square_lands(BoardStyle::DaiDai, "9q", QuarterTurns::NORTH);
    assert!((king.0 - 0.5).abs() < 0.03 && king.1 < 0.2, "{king:?}");
    let corner = where_square_lands(BoardStyle::DaiDai, "17a", QuarterTurns::NORTH);
    assert!(corner.0 > 0.9 && corner.1 > 0.8, "{corner:?}");
}

/// Pixel counts of the changed region's first and last thirds, along x and along y.
fn thirds(plain: &RgbImage, with: &RgbImage) -> ((u32, u32), (u32, u32)) {
    let (l, t, r, b) = changed_box(plain, with).expect("the piece shows");
    let (mut left, mut right, mut top, mut bottom) = (0, 0, 0, 0);
    for y in t..=b {
        for x in l..=r {
            if plain.get_pixel(x, y) != with.get_pixel(x, y) {
                let (fx, fy) = (
                    (x - l) as f32 / (r - l) as f32,
                    (y - t) as f32 / (b - t) as f32,
                );
                left += u32::from(fx < 0.3);
                right += u32::from(fx > 0.7);
                top += u32::from(fy < 0.3);
                bottom += u32::from(fy > 0.7);
            }
        }
    }
    ((left, right), (top, bottom))
}

/// Which way a lone piece of `owner` on 5e points in the image seen from `view`.
fn pointing(owner: usize, view: QuarterTurns) -> &'static str {
    let mut scene = Scene::new(BoardStyle::Yonin);
    scene.view = view;
    let plain = image_of(&scene);
    let facing = scene.players[owner].edge;
    scene.set_piece(sq(9, "5e"), Some(ScenePiece::new("銀", owner, facing, 1)));
    let with = image_of(&scene);
    // The point of the pentagon is narrow: fewer changed pixels at that end.
    let ((left, right), (top, bottom)) = thirds(&plain, &with);
    let (x_ratio, y_ratio) = (left as f32 / right as f32, top as f32 / bottom as f32);
    if (x_ratio - 1.0).abs() > (y_ratio - 1.0).abs() {
        if x_ratio < 1.0 {
            "left"
        } else {
            "right"
        }
    } else if y_ratio < 1.0 {
        "up"
    } else {
        "down"
    }
}

#[test]
fn pieces_point_toward_their_owners_forward_direction() {
    // Seen from S: S up, W right (toward file 1), N down, E left.
    assert_eq!(pointing(0, QuarterTurns::SOUTH), "up");
    assert_eq!(pointing(1, QuarterTurns::SOUTH), "right");
    assert_eq!(pointing(2, QuarterTurns::SOUTH), "down");
    assert_eq!(pointing(3, QuarterTurns::SOUTH), "left");
    // Every seat sees its own pieces pointing up, and the seat on its left pointing right.
    for (seat, view) in VIEWS.iter().enumerate() {
        assert_eq!(pointing(seat, *view), "up", "seat {seat}");
        assert_eq!(pointing((seat + 1) % 4, *view), "right", "seat {seat}");
    }
}

/// Counts pixels in the cell of `square` that are red ink, and that are dark ink.
fn inks(image: &RgbImage, scene: &Scene, square: Square) -> (usize, usize) {
    let layout = shogiban::render::layout::Layout::new(scene);
    // Inside the grid lines.
    let cell = layout.cell_rect(square);
    let (mut red, mut dark) = (0, 0);
    for y in cell.top() as u32 + 3..cell.bottom() as u32 - 3 {
        for x in cell.left() as u32 + 3..cell.right() as u32 - 3 {
            let [r, g, b] = image.get_pixel(x, y).0;
            red += usize::from(r > 150 && g < 70 && b < 70);
            dark += usize::from(r < 70 && g < 70 && b < 70);
        }
    }
    (red, dark)
}

#[test]
fn promoted_pieces_are_red_and_powerless_ones_grey() {
    let square = sq(9, "5e");
    let draw = |piece: ScenePiece| {
        let mut scene = Scene::new(BoardStyle::Yonin);
        scene.set_piece(square, Some(piece));
        let image = image_of(&scene);
        inks(&image, &scene, square)
    };
    let plain = ScenePiece::new("銀", 0, QuarterTurns::SOUTH, 1);
    let (red, dark) = draw(plain.clone());
    assert!(red == 0 && dark > 100, "plain: {red} red, {dark} dark");
    let (red, _) = draw(ScenePiece::new("全", 0, QuarterTurns::SOUTH, 1).promoted());
    assert!(red > 100, "promoted: {red} red");
    let (red, dark) = draw(plain.clone().powerless());
    assert!(red == 0 && dark == 0, "powerless: {red} red, {dark} dark");
    let (red, dark) = draw(ScenePiece::new("玉", 0, QuarterTurns::SOUTH, 3).face_down());
    assert!(red == 0 && dark == 0, "face down: no label ({dark} dark)");
}

#[test]
fn the_last_move_and_check_are_marked() {
    let scene = samples::standard_midgame();
    let plain = {
        let mut s = scene.clone();
        s.highlights.clear();
        s.checked.clear();
        image_of(&s)
    };
    let marked = image_of(&scene);
    let layout = shogiban::render::layout::Layout::new(&scene);
    for square in ["3c", "2b"] {
        // A corner of the cell, clear of the piece.
        let cell = layout.cell_rect(sq(9, square));
        let (x, y) = (cell.left() as u32 + 3, cell.top() as u32 + 3);
        assert_ne!(
            plain.get_pixel(x, y),
            marked.get_pixel(x, y),
            "{square} marked"
        );
    }
    // The lion's double capture: the route and the cross over the captured pawn.
    let scene = samples::daidai_midgame();
    assert_eq!(samples::marks(&scene, Mark::Captured), vec![sq(17, "15f")]);
    let image = image_of(&scene);
    let (red, _) = inks(&image, &scene, sq(17, "15f"));
    assert!(red > 100, "captured square crossed in red: {red}");
}

#[test]
fn any_name_draws() {
    let mut scene = samples::standard_start();
    let base = image_of(&scene);
    for name in [
        "Łukasz Ž.",
        "Дмитрий",
        "😀 日本語 名前 ✓",
        "",
        "A very long name that does not fit in the bar at all, surely not",
    ] {
        scene.players[0].name = name.to_string();
        let image = image_of(&scene);
        assert_eq!(image.dimensions(), base.dimensions());
        if !name.is_empty() {
            assert_ne!(image, base, "{name}");
        }
    }
}

#[test]
fn engine_positions_render_from_either_seat() {
    use shogiban::engine::{Game, RuleOptions, Seat, Variant};
    use shogiban::render::{board_png, LastMove};
    let mut game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
    let before = game.position().clone();
    let m = game.parse_move("7g7f").expect("move");
    game.play(&m).expect("legal");
    let last = LastMove::new(&before, &m);
    let black = decode(&board_png(game.position(), Seat(0), Some(&last)).expect("png"));
    let white = decode(&board_png(game.position(), Seat(1), Some(&last)).expect("png"));
    assert_eq!(black.dimensions(), (890, 844));
    assert_eq!(white.dimensions(), (890, 844));
    // The marked move (7g to 7f) shows lower left for Black and upper right for White.
    let unmarked = decode(&board_png(game.position(), Seat(0), None).expect("png"));
    let (l, t, r, b) = changed_box(&unmarked, &black).expect("the move is marked");
    let (w, h) = black.dimensions();
    let centre = (
        (l + r) as f32 / 2.0 / w as f32,
        (t + b) as f32 / 2.0 / h as f32,
    );
    assert!(
        centre.0 < 0.5 && centre.1 > 0.5,
        "Black sees 7g7f at {centre:?}"
    );
    let unmarked = decode(&board_png(game.position(), Seat(1), None).expect("png"));
    let (l, t, r, b) = changed_box(&unmarked, &white).expect("the move is marked");
    let centre = (
        (l + r) as f32 / 2.0 / w as f32,
        (t + b) as f32 / 2.0 / h as f32,
    );
    assert!(
        centre.0 > 0.5 && centre.1 < 0.5,
        "White sees 7g7f at {centre:?}"
    );
}

// The international piece style.

use shogiban::engine::kinds::{self as standard_kinds, STANDARD_KINDS};
use shogiban::render::{move_marks, PieceStyle, YONIN_COLOURS};

/// Whether every pixel of the cell of `square` (inside its grid lines) is the same in two
/// images of one scene.
fn cell_same(a: &RgbImage, b: &RgbImage, scene: &Scene, square: Square) -> bool {
    let layout = shogiban::render::layout::Layout::new(scene);
    let cell = layout.cell_rect(square);
    (cell.top() as u32 + 3..cell.bottom() as u32 - 3).all(|y| {
        (cell.left() as u32 + 3..cell.right() as u32 - 3)
            .all(|x| a.get_pixel(x, y) == b.get_pixel(x, y))
    })
}

#[test]
fn international_pieces_differ_from_kanji_exactly_where_pieces_stand_from_every_seat() {
    let cases: Vec<(Scene, Scene, Vec<QuarterTurns>)> = vec![
        (
            samples::standard_every_kind(PieceStyle::Kanji),
            samples::standard_every_kind(PieceStyle::International),
            vec![QuarterTurns::SOUTH, QuarterTurns::NORTH],
        ),
        (
            samples::yonin_midgame_in(PieceStyle::Kanji),
            samples::yonin_midgame_in(PieceStyle::International),
            VIEWS.to_vec(),
        ),
    ];
    for (kanji, international, views) in cases {
        for view in views {
            let kanji = samples::seen_from(kanji.clone(), view);
            let international = samples::seen_from(international.clone(), view);
            let (a, b) = (image_of(&kanji), image_of(&international));
            assert_eq!(a.dimensions(), b.dimensions());
            let n = kanji.size() as u8;
            for col in 0..n {
                for row in 0..n {
                    let square = Square::new(col, row);
                    let piece = kanji.piece(square);
                    let same = cell_same(&a, &b, &kanji, square);
                    // A flipped king has no face to draw either way.
                    let faced = piece.is_some_and(|p| !p.face_down);
                    assert_eq!(
                        same, !faced,
                        "{:?} from {view:?}: square {col},{row} holds {:?}",
                        kanji.style, piece
                    );
                }
            }
        }
    }
}

#[test]
fn international_pieces_show_the_western_letter_and_the_tables_moves_in_hand_too() {
    let scene = samples::standard_every_kind(PieceStyle::International);
    let labels: std::collections::BTreeSet<&str> =
        scene.pieces().map(|(_, p)| p.label.as_str()).collect();
    let codes: std::collections::BTreeSet<&str> =
        STANDARD_KINDS.iter().map(|kind| kind.code).collect();
    assert_eq!(labels, codes, "every kind of the table is on the board");
    for (_, piece) in scene.pieces() {
        let kind = STANDARD_KINDS
            .iter()
            .find(|kind| kind.code == piece.label)
            .expect("a code of the table");
        assert_eq!(piece.moves.as_deref(), Some(move_marks(kind).as_slice()));
        assert_eq!(piece.promoted, kind.promoted, "{}", kind.code);
    }
    let black_hand: Vec<&str> = scene.players[0]
        .hand
        .iter()
        .map(|h| h.label.as_str())
        .collect();
    assert_eq!(black_hand, ["S", "N", "P"]);
    assert!(scene.players[0].hand.iter().all(|h| h.moves.is_some()));
    // The hands look different too: compare the two piece stands.
    let kanji = image_of(&samples::standard_every_kind(PieceStyle::Kanji));
    let international = image_of(&scene);
    let layout = shogiban::render::layout::Layout::new(&scene);
    for edge in [
        shogiban::render::layout::ScreenEdge::Top,
        shogiban::render::layout::ScreenEdge::Bottom,
    ] {
        let stand = layout.hand_area(scene.style, edge);
        let differs = (stand.top() as u32..stand.bottom() as u32).any(|y| {
            (stand.left() as u32..stand.right() as u32)
                .any(|x| kanji.get_pixel(x, y) != international.get_pixel(x, y))
        });
        assert!(differs, "the {edge:?} stand shows the international pieces");
    }
}

#[test]
fn dai_dai_keeps_its_kanji_in_the_international_style() {
    use shogiban::engine::{Game, RuleOptions, Seat, Variant};
    use shogiban::render::{board_png, board_png_styled, position_scene_styled};
    let game = Game::new(Variant::DaiDai, RuleOptions::defaults(Variant::DaiDai));
    let scene = position_scene_styled(game.position(), Seat(0), None, PieceStyle::International);
    assert!(scene
        .pieces()
        .all(|(_, p)| p.moves.is_none() && p.label.chars().count() == 2));
    assert_eq!(
        board_png_styled(game.position(), Seat(0), None, PieceStyle::International).unwrap(),
        board_png(game.position(), Seat(0), None).unwrap()
    );
}

/// The pixels of `image` in the cell of `square` within `tolerance` of `colour`, as offsets
/// from the cell's centre.
fn pixels_near(
    image: &RgbImage,
    scene: &Scene,
    square: Square,
    colour: [u8; 3],
    tolerance: i32,
) -> Vec<(f32, f32)> {
    let layout = shogiban::render::layout::Layout::new(scene);
    let cell = layout.cell_rect(square);
    let (cx, cy) = layout.cell_centre(square);
    let mut found = Vec::new();
    for y in cell.top() as u32..cell.bottom() as u32 {
        for x in cell.left() as u32..cell.right() as u32 {
            let [r, g, b] = image.get_pixel(x, y).0;
            let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
            if d(r, colour[0]) + d(g, colour[1]) + d(b, colour[2]) <= tolerance {
                found.push((x as f32 - cx, y as f32 - cy));
            }
        }
    }
    found
}

#[test]
fn yonin_move_marks_are_in_the_seat_colour_and_turn_with_the_piece() {
    let pawn = &STANDARD_KINDS[usize::from(standard_kinds::PAWN)];
    let square = sq(9, "5e");
    for view in VIEWS {
        for (owner, seat) in YONIN_COLOURS.iter().enumerate() {
            let mut scene = Scene::new(BoardStyle::Yonin);
            scene.view = view;
            let facing = scene.players[owner].edge;
            let piece = ScenePiece::new("P", owner, facing, 0).with_moves(move_marks(pawn));
            scene.set_piece(square, Some(piece));
            let image = image_of(&scene);
            // The marks' ink: the seat colour deepened a little toward black.
            let deep = |c: u8| (f32::from(c) * 0.78 + 22.0 * 0.22).round() as u8;
            let ink = [deep(seat.r), deep(seat.g), deep(seat.b)];
            let dot = pixels_near(&image, &scene, square, ink, 24);
            assert!(
                dot.len() >= 12,
                "seat {owner} from {view:?}: {} pixels of the mark colour",
                dot.len()
            );
            // The pawn's one step is a dot in front of it: where it points on screen.
            let n = dot.len() as f32;
            let (mx, my) = dot.iter().fold((0.0, 0.0), |(x, y), p| (x + p.0, y + p.1));
            let (mx, my) = (mx / n, my / n);
            let expected = match facing.relative_to(view).get() {
                0 => "up",
                1 => "right",
                2 => "down",
                _ => "left",
            };
            let seen = if mx.abs() > my.abs() {
                if mx > 0.0 {
                    "right"
                } else {
                    "left"
                }
            } else if my > 0.0 {
                "down"
            } else {
                "up"
            };
            assert_eq!(
                seen, expected,
                "seat {owner} from {view:?}: dot at {mx:.1},{my:.1}"
            );
            assert!(mx.abs().max(my.abs()) > 12.0, "the dot sits near the edge");
        }
    }
}

#[test]
fn engine_positions_render_in_the_international_style_for_both_seats() {
    use shogiban::engine::{Game, RuleOptions, Seat, Variant};
    use shogiban::render::{board_png, board_png_styled, LastMove};
    let mut game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
    let mut last = None;
    for text in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
        let before = game.position().clone();
        let m = game.parse_move(text).expect("move");
        game.play(&m).expect("legal");
        last = Some(LastMove::new(&before, &m));
    }
    for seat in [Seat(0), Seat(1)] {
        let kanji = decode(&board_png(game.position(), seat, last.as_ref()).unwrap());
        let international = decode(
            &board_png_styled(
                game.position(),
                seat,
                last.as_ref(),
                PieceStyle::International,
            )
            .unwrap(),
        );
        assert_eq!(kanji.dimensions(), international.dimensions());
        assert_ne!(kanji, international, "seat {seat:?}");
    }
}
