//! Animated replays as a player gets them: GIFs that decode to one frame per position,
//! each showing the board as the PNG images do with its last move marked, small enough for
//! chat, and shortened (and saying so) when a long game would pass the size limit.

use std::sync::{Arc, Mutex};

use image::RgbImage;
use shogiban::engine::Position;
use shogiban::engine::{notation, Game, RuleOptions, Seat, Variant};
use shogiban::render::layout::Layout;
use shogiban::render::{
    position_scene, render_scene, replay_gif, Replay, ReplayFrame, ReplayOptions, Square,
};

/// The moves of a game in `tests/games/` (comment lines start with `#`).
fn fixture_moves(text: &str) -> Vec<String> {
    let moves: String = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    notation::split_moves(&moves)
}

const STANDARD_GAME: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/games/standard.moves"
));
const DAIDAI_GAME: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/games/daidai.moves"
));
const YONIN_GAME: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/games/yonin.moves"
));

/// The game of `variant` after the first `count` moves of a fixture.
fn game_of(variant: Variant, fixture: &str, count: usize) -> Game {
    let mut game = Game::new(variant, RuleOptions::defaults(variant));
    let moves = fixture_moves(fixture);
    assert!(
        moves.len() >= count,
        "the fixture has {} moves",
        moves.len()
    );
    for text in &moves[..count] {
        let m = game.parse_move(text).expect("a fixture move reads");
        game.play(&m).expect("a fixture move is legal");
    }
    game
}

fn caption(ply: u32, played: Option<&shogiban::engine::PlayedMove>) -> String {
    match played {
        None => "Start".to_string(),
        Some(m) => format!("Move {ply}: {}", m.western),
    }
}

/// A decoded replay: each frame composed over the previous ones, with its delay.
struct Decoded {
    frames: Vec<(RgbImage, u16)>,
}

fn decode(gif: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(gif).expect("a GIF");
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut canvas = RgbImage::new(w, h);
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame decodes") {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        for y in 0..u32::from(frame.height) {
            for x in 0..u32::from(frame.width) {
                let i = ((y * u32::from(frame.width) + x) * 4) as usize;
                let px = &frame.buffer[i..i + 4];
                if px[3] != 0 {
                    let at = (x + u32::from(frame.left), y + u32::from(frame.top));
                    canvas.put_pixel(at.0, at.1, image::Rgb([px[0], px[1], px[2]]));
                }
            }
        }
        frames.push((canvas.clone(), frame.delay));
    }
    Decoded { frames }
}

/// The board image of a replay frame as the PNGs draw it (no caption, no turn plate).
fn board_image(frame: &ReplayFrame, seat: Seat) -> RgbImage {
    let mut scene = position_scene(&frame.position, seat, frame.last_move.as_ref());
    scene.to_move = None;
    let pixmap = render_scene(&scene);
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect();
    RgbImage::from_raw(pixmap.width(), pixmap.height(), rgb).expect("an image")
}

fn distance(a: &image::Rgb<u8>, b: &image::Rgb<u8>) -> i32 {
    (0..3)
        .map(|i| (i32::from(a.0[i]) - i32::from(b.0[i])).abs())
        .sum()
}

fn standard_replay(moves: usize) -> (Vec<ReplayFrame>, Replay) {
    let game = game_of(Variant::Standard, STANDARD_GAME, moves);
    let frames = ReplayFrame::from_game(&game, caption).expect("the record replays");
    let replay = replay_gif(&frames, &ReplayOptions::default()).expect("a replay");
    (frames, replay)
}

#[test]
fn a_replay_has_a_frame_per_position_each_showing_its_board_and_last_move() {
    let (frames, replay) = standard_replay(16);
    assert_eq!(frames.len(), 17, "the start and one frame per move");
    assert_eq!((replay.frames, replay.every), (17, 1));
    let decoded = decode(&replay.gif);
    assert_eq!(decoded.frames.len(), 17);
    let seat = Seat(0);
    for (i, (frame, (image, _))) in frames.iter().zip(&decoded.frames).enumerate() {
        let board = board_image(frame, seat);
        // The board is the top of the frame, as the PNG draws it up to the palette's
        // rounding: close on average, and hardly a pixel far off.
        let (mut total, mut far) = (0i64, 0usize);
        for (x, y, px) in board.enumerate_pixels() {
            let d = distance(px, image.get_pixel(x, y));
            total += i64::from(d);
            far += usize::from(d > 40);
        }
        let pixels = (board.width() * board.height()) as usize;
        let mean = total as f64 / pixels as f64;
        assert!(mean < 3.0, "frame {i}: mean error {mean:.2}");
        assert!(far * 1000 < pixels, "frame {i}: {far} pixels far off");
        // The last move is marked: a corner of its squares shows the highlight, which
        // an unmarked board does not have there.
        let Some(last) = &frame.last_move else {
            continue;
        };
        let scene = position_scene(&frame.position, seat, Some(last));
        let layout = Layout::new(&scene);
        let unmarked = {
            let plain = ReplayFrame {
                last_move: None,
                ..frame.clone()
            };
            board_image(&plain, seat)
        };
        let g = frame.position.geometry();
        for sq in last.from.into_iter().chain([last.to]) {
            let (col, row) = g.col_row(sq);
            let cell = layout.cell_rect(Square::new(col, row));
            // A patch in the cell's corner, clear of the piece, averaged over the grain.
            let (x0, y0) = (cell.left() as u32 + 3, cell.top() as u32 + 3);
            let patch = |other: &RgbImage| -> i32 {
                let mut sum = 0;
                for y in y0..y0 + 5 {
                    for x in x0..x0 + 5 {
                        sum += distance(image.get_pixel(x, y), other.get_pixel(x, y));
                    }
                }
                sum / 25
            };
            let (to_marked, to_plain) = (patch(&board), patch(&unmarked));
            // The lighter "from" mark lies about 35 apart from the bare wood.
            assert!(
                to_marked < 12 && to_plain > 24,
                "frame {i}: the move's square {col},{row} is marked \
                 ({to_marked} from the marked board, {to_plain} from the plain one)"
            );
        }
    }
    // Each position shows for the same time but the last, which is held longer.
    let delays: Vec<u16> = decoded.frames.iter().map(|f| f.1).collect();
    assert!(delays[..16].iter().all(|&d| d == 80), "{delays:?}");
    assert!(delays[16] >= 300, "{delays:?}");
}

#[test]
fn yonin_replays_in_the_international_style_keep_their_colours() {
    let game = game_of(Variant::Yonin, YONIN_GAME, 12);
    let frames = ReplayFrame::from_game(&game, caption).expect("the record replays");
    let options = ReplayOptions {
        seat: Seat(3),
        piece_style: shogiban::render::PieceStyle::International,
        ..ReplayOptions::default()
    };
    let replay = replay_gif(&frames, &options).expect("a replay");
    let decoded = decode(&replay.gif);
    assert_eq!(decoded.frames.len(), 13);
    let last = frames.last().expect("frames");
    let mut scene = shogiban::render::position_scene_styled(
        &last.position,
        Seat(3),
        last.last_move.as_ref(),
        shogiban::render::PieceStyle::International,
    );
    scene.to_move = None;
    let layout = Layout::new(&scene);
    let pixmap = render_scene(&scene);
    let image = &decoded.frames[12].0;
    // Compare the board (the caption line differs: the replay writes its own).
    let wood = layout.wood;
    let (mut total, mut far, mut pixels) = (0i64, 0usize, 0usize);
    for y in wood.top() as u32..wood.bottom() as u32 {
        for x in wood.left() as u32..wood.right() as u32 {
            let px = pixmap.pixel(x, y).expect("inside");
            let want = image::Rgb([px.red(), px.green(), px.blue()]);
            let d = distance(&want, image.get_pixel(x, y));
            total += i64::from(d);
            far += usize::from(d > 40);
            pixels += 1;
        }
    }
    let mean = total as f64 / pixels as f64;
    assert!(mean < 3.0, "mean error {mean:.2}");
    assert!(far * 1000 < pixels, "{far} pixels far off");
}

#[test]
fn a_100_move_standard_game_is_well_under_2_mb() {
    let (_, replay) = standard_replay(100);
    assert_eq!((replay.frames, replay.every), (101, 1));
    assert!(replay.gif.len() < 2_000_000, "{} bytes", replay.gif.len());
    assert_eq!(decode(&replay.gif).frames.len(), 101);
}

#[test]
fn a_300_move_dai_dai_game_past_its_limit_keeps_every_nth_position_and_says_so() {
    let game = game_of(Variant::DaiDai, DAIDAI_GAME, 300);
    let frames = ReplayFrame::from_game(&game, caption).expect("the record replays");
    assert_eq!(frames.len(), 301);
    let limit = 1_000_000;
    let asked = Arc::new(Mutex::new(Vec::new()));
    let heard = Arc::clone(&asked);
    let options = ReplayOptions {
        seat: Seat(1),
        byte_limit: limit,
        skip_note: Arc::new(move |every| {
            heard.lock().expect("lock").push(every);
            format!("one position in {every}")
        }),
        ..ReplayOptions::default()
    };
    let replay = replay_gif(&frames, &options).expect("a replay");
    assert!(replay.gif.len() <= limit, "{} bytes", replay.gif.len());
    assert!(replay.every > 1, "positions left out");
    // The first, every Nth, and the last.
    let expected = 300 / replay.every + 1 + usize::from(300 % replay.every != 0);
    assert_eq!(replay.frames, expected);
    let decoded = decode(&replay.gif);
    assert_eq!(decoded.frames.len(), expected);
    // Not far from the limit: positions are left out only as needed.
    assert!(
        replay.gif.len() > limit / 2,
        "{} bytes for a limit of {limit}",
        replay.gif.len()
    );
    assert!(asked.lock().expect("lock").contains(&replay.every));
    // The first and last frames are the start and the final position.
    for (frame, (image, _)) in [
        (&frames[0], &decoded.frames[0]),
        (&frames[300], &decoded.frames[expected - 1]),
    ] {
        let board = board_image(frame, Seat(1));
        let close = board
            .enumerate_pixels()
            .filter(|(x, y, px)| distance(px, image.get_pixel(*x, *y)) < 40)
            .count();
        assert!(close * 1000 > 999 * (board.width() * board.height()) as usize);
    }
    // The caption's note is drawn: the right of the caption band has text that the same
    // replay without the note lacks.
    let full = replay_gif(
        &frames[..12],
        &ReplayOptions {
            seat: Seat(1),
            ..ReplayOptions::default()
        },
    )
    .expect("a replay");
    let plain = &decode(&full.gif).frames[0].0;
    let noted = &decoded.frames[0].0;
    assert_eq!(plain.dimensions(), noted.dimensions());
    let (w, h) = plain.dimensions();
    let band_top = board_image(&frames[0], Seat(1)).height();
    let differing = (band_top..h)
        .flat_map(|y| (w / 2..w).map(move |x| (x, y)))
        .filter(|&(x, y)| distance(plain.get_pixel(x, y), noted.get_pixel(x, y)) > 60)
        .count();
    assert!(differing > 200, "{differing} pixels of the note");
}

#[test]
fn a_game_whose_player_timed_out_replays_to_its_final_position() {
    // Yonin: W runs out of time after 20 moves and the others play on without W.
    let mut game = game_of(Variant::Yonin, YONIN_GAME, 20);
    game.timeout(Seat(1)).expect("W times out");
    for _ in 0..6 {
        let m = game.legal_moves()[0];
        game.play(&m).expect("legal");
    }
    let frames = ReplayFrame::from_game(&game, caption).expect("the record replays");
    assert_eq!(frames.len(), 27);
    let last = frames.last().expect("frames");
    assert_eq!(last.position.to_text(), game.position().to_text());
    assert!(!last.position.alive().contains(Seat(1)), "W is out");
    assert_eq!(
        frames[26].caption,
        format!(
            "Move {}: {}",
            game.position().ply(),
            game.history().last().expect("moves").western
        )
    );
    let replay = replay_gif(
        &frames,
        &ReplayOptions {
            seat: Seat(2),
            ..ReplayOptions::default()
        },
    )
    .expect("a replay");
    assert_eq!(decode(&replay.gif).frames.len(), 27);
}

#[test]
fn a_replay_of_no_positions_is_refused() {
    assert!(replay_gif(&[], &ReplayOptions::default()).is_err());
}
