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
            (1078, 1496),
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
        let limit = if scene.size() == 17 { 480 } else { 150 } * 1024;
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

// Dai dai at chat width, doubles pairs, the dai dai piece reference.

use image::imageops::FilterType;
use shogiban::render::{crop_window, daidai_reference, render_crop, ReferenceText};

/// `image` scaled to `width` pixels wide, as a chat client shows it.
fn shown_at(image: &RgbImage, width: u32) -> RgbImage {
    let height = (image.height() as f32 * width as f32 / image.width() as f32).round() as u32;
    image::imageops::resize(image, width, height, FilterType::Triangle)
}

fn to_rgb(pixmap: &tiny_skia::Pixmap) -> RgbImage {
    let data: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect();
    RgbImage::from_raw(pixmap.width(), pixmap.height(), data).expect("an image")
}

/// The height in pixels of the label of the piece on `square` once the image is shown
/// `width` pixels wide (or at its own size if narrower: chat clients do not enlarge): the
/// rows where the image differs clearly from the same image with that piece's label blank.
fn label_height(
    scene: &Scene,
    square: Square,
    width: u32,
    draw: impl Fn(&Scene) -> RgbImage,
) -> u32 {
    let with = draw(scene);
    let mut blank = scene.clone();
    let mut piece = scene.piece(square).expect("a piece there").clone();
    // Two spaces: the same stacked piece with nothing written on it.
    piece.label = "  ".to_string();
    blank.set_piece(square, Some(piece));
    let without = draw(&blank);
    let width = width.min(with.width());
    let (with, without) = (shown_at(&with, width), shown_at(&without, width));
    let luma = |p: &image::Rgb<u8>| {
        (u32::from(p.0[0]) * 299 + u32::from(p.0[1]) * 587 + u32::from(p.0[2]) * 114) / 1000
    };
    let rows: Vec<u32> = (0..with.height())
        .filter(|&y| {
            (0..with.width())
                .any(|x| luma(with.get_pixel(x, y)).abs_diff(luma(without.get_pixel(x, y))) > 64)
        })
        .collect();
    match (rows.first(), rows.last()) {
        (Some(top), Some(bottom)) => bottom - top + 1,
        _ => 0,
    }
}

// What "reads" means here: Discord writes messages at 16 px, its ideographs about 15 px
// tall, and Noto's kanji lose their inner strokes to blur below about 11 px. Before the
// dai dai board was reworked for chat width a two-kanji label stood 20 to 22 px tall at
// 550 px (10 px a kanji; the issue measured 8 px, and 猛牛/猛虎/猛豹/猛熊 blurred); it now
// stands 26 to 28 px, and 52 px in the close-up.

#[test]
fn dai_dai_labels_read_on_the_whole_board_at_chat_width() {
    let scene = samples::daidai_start();
    // Black's king, 玉将, and a violent bear, 猛熊, whose strokes are the densest.
    for square in ["9q", "12m"] {
        let height = label_height(&scene, sq(17, square), 550, image_of);
        println!("whole board at 550 px: the label on {square} is {height} px tall");
        // Two kanji of 12 to 13 px each: small, but their strokes apart.
        assert!(
            height >= 25,
            "{square}: the label is {height} px tall at 550 px"
        );
    }
}

#[test]
fn the_dai_dai_close_up_reads_like_chat_text_on_desktop_and_phone() {
    let scene = samples::daidai_midgame();
    let window = crop_window(&scene).expect("a last move to show");
    let layout = shogiban::render::layout::Layout::new(&scene);
    // The lion that just moved, on 15e, is in the close-up.
    let (x, y) = layout.screen_cell(sq(17, "15e"));
    assert!(window.contains(x, y), "{window:?}");
    let close_up = |s: &Scene| to_rgb(&render_crop(s).expect("a close-up"));
    let own = close_up(&scene);
    assert!(
        own.width() <= 550,
        "shown at its own size: {} px",
        own.width()
    );
    // White's side mover beside the lion, on 16e.
    for (width, least) in [(550, 48), (350, 36)] {
        let height = label_height(&scene, sq(17, "16e"), width, close_up);
        println!("close-up at {width} px: the label on 16e is {height} px tall");
        // Desktop: each kanji half again as tall as chat text; phone: taller than it.
        assert!(
            height >= least,
            "at {width} px the label is {height} px tall"
        );
    }
}

#[test]
fn the_close_up_is_the_board_itself_around_the_move() {
    for view in [QuarterTurns::SOUTH, QuarterTurns::NORTH] {
        let scene = samples::seen_from(samples::daidai_midgame(), view);
        let board = image_of(&scene);
        let window = crop_window(&scene).expect("a window");
        let crop = to_rgb(&render_crop(&scene).expect("a close-up"));
        let layout = shogiban::render::layout::Layout::new(&scene);
        let first = layout.screen_cell_rect(window.left, window.top);
        let (cols, rows) = (window.cols as u32, window.rows as u32);
        let m = layout.metrics;
        let (cw, ch) = (
            (cols as f32 * m.cell_w) as u32,
            (rows as f32 * m.cell_h) as u32,
        );
        // Find the board's cells in the close-up: they are copied pixel for pixel.
        let (bx, by) = (first.left() as u32, first.top() as u32);
        let found = (0..crop.height() - ch).find_map(|oy| {
            (0..crop.width() - cw).find_map(|ox| {
                let same = (0..ch).step_by(7).all(|y| {
                    (0..cw)
                        .step_by(5)
                        .all(|x| crop.get_pixel(ox + x, oy + y) == board.get_pixel(bx + x, by + y))
                });
                same.then_some((ox, oy))
            })
        });
        assert!(
            found.is_some(),
            "{view:?}: the board's cells are in the close-up"
        );
    }
}

#[test]
fn doubles_boards_name_the_pairs() {
    let doubles = samples::yonin_doubles();
    assert_eq!(doubles.pairs, Some([[0, 2], [1, 3]]));
    assert_eq!(samples::yonin_midgame().pairs, None);
    // The seat chips in the legend's rows: S and N in the first, W and E in the second.
    let chips_in_rows = |scene: &Scene| -> Vec<Vec<usize>> {
        let image = image_of(scene);
        let layout = shogiban::render::layout::Layout::new(scene);
        let legend = layout.legend.expect("a legend");
        let row_h = legend.height() / 2.0;
        (0..2)
            .map(|row| {
                let top = (legend.top() + row as f32 * row_h) as u32;
                (0..4)
                    .filter(|&seat| {
                        let c = YONIN_COLOURS[seat];
                        let count = (top..top + row_h as u32)
                            .flat_map(|y| {
                                (legend.left() as u32..legend.right() as u32).map(move |x| (x, y))
                            })
                            .filter(|&(x, y)| image.get_pixel(x, y).0 == [c.r, c.g, c.b])
                            .count();
                        count > 100
                    })
                    .collect()
            })
            .collect()
    };
    assert_eq!(chips_in_rows(&doubles), [[0, 2], [1, 3]]);
    // Singles (no one out, so every chip has its colour): S and W, then N and E.
    assert_eq!(
        chips_in_rows(&Scene::new(BoardStyle::Yonin)),
        [[0, 1], [2, 3]]
    );
}

/// The areas of the connected regions of pixels of exactly `colour` (4-neighbours).
fn regions_of(image: &RgbImage, colour: [u8; 3]) -> Vec<usize> {
    let (w, h) = image.dimensions();
    let mut seen = vec![false; (w * h) as usize];
    let mut areas = Vec::new();
    for start in 0..w * h {
        let (x, y) = (start % w, start / w);
        if seen[start as usize] || image.get_pixel(x, y).0 != colour {
            continue;
        }
        let mut stack = vec![(x, y)];
        seen[start as usize] = true;
        let mut area = 0;
        while let Some((x, y)) = stack.pop() {
            area += 1;
            let near = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (nx, ny) in near {
                if nx < w && ny < h {
                    let i = (ny * w + nx) as usize;
                    if !seen[i] && image.get_pixel(nx, ny).0 == colour {
                        seen[i] = true;
                        stack.push((nx, ny));
                    }
                }
            }
        }
        areas.push(area);
    }
    areas
}

#[test]
fn the_dai_dai_reference_has_a_cell_for_every_kind_of_the_table() {
    use shogiban::engine::daidai;
    use shogiban::render::DIAGRAM_CENTRE;
    let pages = daidai_reference(&ReferenceText::default()).expect("pages");
    let mut shown: Vec<u8> = pages.iter().flat_map(|p| p.kinds.iter().copied()).collect();
    shown.sort_unstable();
    let all: Vec<u8> = (0..daidai::kinds().len() as u8).collect();
    assert_eq!(shown, all, "each kind once");
    for (i, page) in pages.iter().enumerate() {
        let image = decode(&page.png);
        // One move diagram per cell, found by the square its piece stands on.
        let diagrams = regions_of(&image, DIAGRAM_CENTRE)
            .into_iter()
            .filter(|&area| area > 100)
            .count();
        assert_eq!(diagrams, page.kinds.len(), "page {}", i + 1);
        // Readable at chat width without opening it: two columns of cells.
        assert!(
            image.width() <= 800,
            "page {} is {} px wide",
            i + 1,
            image.width()
        );
    }
}

#[test]
fn a_close_up_of_an_engine_position_needs_a_move_or_a_check() {
    use shogiban::engine::{Game, RuleOptions, Seat, Variant};
    use shogiban::render::{crop_png, LastMove};
    let mut game = Game::new(Variant::DaiDai, RuleOptions::defaults(Variant::DaiDai));
    assert_eq!(crop_png(game.position(), Seat(0), None).unwrap(), None);
    let before = game.position().clone();
    let m = game.parse_move("6p7o").expect("a move");
    game.play(&m).expect("legal");
    let last = LastMove::new(&before, &m);
    for seat in [Seat(0), Seat(1)] {
        let png = crop_png(game.position(), seat, Some(&last))
            .unwrap()
            .expect("a close-up");
        let image = decode(&png);
        assert!(
            image.width() < 550 && image.height() < 700,
            "{:?}",
            image.dimensions()
        );
    }
}

// The international style through the engine: every seat of every variant that has it,
// each kind its own face, each pattern facing the way its piece moves.

/// A game of `variant` after `moves` (each legal), with its last move marked.
fn played_game(
    variant: shogiban::engine::Variant,
    moves: &str,
) -> (shogiban::engine::Game, Option<shogiban::render::LastMove>) {
    use shogiban::engine::{Game, RuleOptions};
    let mut game = Game::new(variant, RuleOptions::defaults(variant));
    let mut last = None;
    for text in moves.split_whitespace() {
        let before = game.position().clone();
        let m = game.parse_move(text).expect("a move");
        game.play(&m).expect("legal");
        last = Some(shogiban::render::LastMove::new(&before, &m));
    }
    (game, last)
}

#[test]
fn international_pieces_render_for_every_seat_of_standard_and_yonin_singles_and_doubles() {
    use shogiban::engine::{Seat, Variant};
    use shogiban::render::{board_png, board_png_styled, position_scene_styled};
    // Openings with a promotion and pieces in hand: standard's bishop exchange, and the
    // first moves of the yonin fixture game (drops of a silver included).
    let yonin = "7i7h 8d7d 5c5d 2d3d 5g5f 9g8g 4b4c 1c2c 7h8g 9f8g 3a2b 1d2d \
                 3i3h 8g7f 2b2c 2d2c 3h4g 9c8d S*7g";
    for (variant, moves) in [
        (Variant::Standard, "7g7f 3c3d 8h2b+ 3a2b"),
        (Variant::Yonin, yonin),
        (Variant::YoninDoubles, yonin),
    ] {
        let (game, last) = played_game(variant, moves);
        for seat in (0..variant.seats()).map(Seat) {
            let scene = position_scene_styled(
                game.position(),
                seat,
                last.as_ref(),
                PieceStyle::International,
            );
            let hands: usize = scene.players.iter().map(|p| p.hand.len()).sum();
            assert!(hands > 0, "{variant} from {seat:?}: pieces in hand");
            assert!(scene
                .pieces()
                .all(|(_, p)| p.moves.as_ref().is_some_and(|m| !m.is_empty())));
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
            let n = scene.size() as u8;
            for col in 0..n {
                for row in 0..n {
                    let square = Square::new(col, row);
                    let same = cell_same(&kanji, &international, &scene, square);
                    assert_eq!(
                        same,
                        scene.piece(square).is_none(),
                        "{variant} from {seat:?}: square {col},{row}"
                    );
                }
            }
        }
    }
}

/// The pixels that differ between two images of one scene, as offsets from the centre of
/// the cell of `square`.
fn cell_difference(a: &RgbImage, b: &RgbImage, scene: &Scene, square: Square) -> Vec<(f32, f32)> {
    let layout = shogiban::render::layout::Layout::new(scene);
    let cell = layout.cell_rect(square);
    let (cx, cy) = layout.cell_centre(square);
    let mut found = Vec::new();
    for y in cell.top() as u32..cell.bottom() as u32 {
        for x in cell.left() as u32..cell.right() as u32 {
            if a.get_pixel(x, y) != b.get_pixel(x, y) {
                found.push((x as f32 - cx, y as f32 - cy));
            }
        }
    }
    found
}

#[test]
fn a_pawns_dot_is_in_front_of_it_from_every_seat() {
    use shogiban::engine::{Game, RuleOptions, Seat, Variant};
    use shogiban::render::position_scene_styled;
    for variant in [Variant::Standard, Variant::Yonin, Variant::YoninDoubles] {
        let game = Game::new(variant, RuleOptions::defaults(variant));
        for viewer in (0..variant.seats()).map(Seat) {
            let scene =
                position_scene_styled(game.position(), viewer, None, PieceStyle::International);
            let image = image_of(&scene);
            let layout = shogiban::render::layout::Layout::new(&scene);
            let n = scene.size() as u8;
            let board_centre = layout.cell_centre(Square::new(n / 2, n / 2));
            let pawns: Vec<(Square, ScenePiece)> = scene
                .pieces()
                .filter(|(_, p)| p.label == "P")
                .map(|(square, p)| (square, p.clone()))
                .collect();
            assert_eq!(pawns.len(), if variant.seats() == 2 { 18 } else { 12 });
            for (square, pawn) in pawns {
                // The pawn without its dot: what differs is the dot.
                let mut bare = scene.clone();
                bare.set_piece(square, Some(pawn.clone().with_moves(Vec::new())));
                let dot = cell_difference(&image, &image_of(&bare), &scene, square);
                assert!(dot.len() >= 12, "{variant} from {viewer:?}: {square:?}");
                let k = dot.len() as f32;
                let (dx, dy) = dot.iter().fold((0.0, 0.0), |(x, y), p| (x + p.0, y + p.1));
                let (dx, dy) = (dx / k, dy / k);
                // A pawn steps away from its own side of the board: from where its
                // king starts, in the middle of that side, toward the middle of the board.
                let king = scene
                    .pieces()
                    .find(|(_, p)| p.label == "K" && p.owner == pawn.owner)
                    .map(|(at, _)| layout.cell_centre(at))
                    .expect("every seat has its king");
                let (fx, fy) = (board_centre.0 - king.0, board_centre.1 - king.1);
                let reach = (fx * fx + fy * fy).sqrt();
                let (fx, fy) = (fx / reach, fy / reach);
                let along = dx * fx + dy * fy;
                let across = (dx * fy - dy * fx).abs();
                assert!(
                    along > 10.0 && across < 3.0,
                    "{variant} from {viewer:?}: the dot of the pawn on {square:?} (seat {}) \
                     is at {dx:.1},{dy:.1}",
                    pawn.owner
                );
                // The viewer's own pawns point up the image, the opposite seat's down.
                if pawn.owner == viewer.index() {
                    assert!(dy < -10.0, "{variant} from {viewer:?}: own pawn at {dy:.1}");
                } else if variant.seats() == 2 || (pawn.owner + 2) % 4 == viewer.index() {
                    assert!(
                        dy > 10.0,
                        "{variant} from {viewer:?}: opposite pawn at {dy:.1}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_international_kind_has_its_own_face_at_chat_width() {
    // Each kind of the table alone on the board, shown 550 px wide as on desktop chat, and
    // 350 px as on a phone: every two kinds differ in a good number of clearly different
    // pixels (the letter, the promotion colour, the pattern).
    let square = sq(9, "5e");
    let faces = |width: u32| -> Vec<(&'static str, RgbImage)> {
        STANDARD_KINDS
            .iter()
            .map(|kind| {
                let mut scene = Scene::new(BoardStyle::Standard);
                let mut piece = ScenePiece::new(kind.code, 0, QuarterTurns::SOUTH, kind.draw_class)
                    .with_moves(move_marks(kind));
                piece.promoted = kind.promoted;
                scene.set_piece(square, Some(piece));
                let shown = shown_at(&image_of(&scene), width);
                // The cell of 5e, scaled as the image is.
                let layout = shogiban::render::layout::Layout::new(&scene);
                let cell = layout.cell_rect(square);
                let scale = width as f32 / layout.width as f32;
                let (x, y) = ((cell.left() * scale) as u32, (cell.top() * scale) as u32);
                let side = (cell.width() * scale) as u32;
                let face = image::imageops::crop_imm(&shown, x, y, side, side).to_image();
                (kind.code, face)
            })
            .collect()
    };
    for (width, least) in [(550, 20), (350, 8)] {
        let faces = faces(width);
        for (i, (a, fa)) in faces.iter().enumerate() {
            for (b, fb) in &faces[i + 1..] {
                let differing = fa
                    .pixels()
                    .zip(fb.pixels())
                    .filter(|(p, q)| {
                        let d: i32 = (0..3)
                            .map(|c| (i32::from(p.0[c]) - i32::from(q.0[c])).abs())
                            .sum();
                        d > 120
                    })
                    .count();
                assert!(
                    differing >= least,
                    "{a} and {b} at {width} px: {differing} pixels apart"
                );
            }
        }
    }
}

#[test]
fn the_dai_dai_close_up_keeps_its_kanji_in_the_international_style() {
    use shogiban::engine::Seat;
    use shogiban::engine::Variant;
    use shogiban::render::{crop_png, crop_png_styled};
    let (game, last) = played_game(Variant::DaiDai, "6p7o");
    for seat in [Seat(0), Seat(1)] {
        let kanji = crop_png(game.position(), seat, last.as_ref()).unwrap();
        assert!(kanji.is_some());
        assert_eq!(
            crop_png_styled(
                game.position(),
                seat,
                last.as_ref(),
                PieceStyle::International
            )
            .unwrap(),
            kanji
        );
    }
}
