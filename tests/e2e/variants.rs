//! The four-player and the large variant end to end: yonin shogi's check priority and
//! eliminations, and dai dai shogi's lion, announced in the channel as they happen.

use crate::support;

use shogiban::engine::{AnyPosition, Variant};
use shogiban::store::{ChannelId, UserId};
use support::fake_discord::RestCall;
use support::fixtures::{alice, bob, carol, dave, InteractionBuilder, TestUser};
use support::games::{TO_LION, YONIN_TO_ELIMINATION};
use support::table::{Table, DAIDAI, GAME_CHANNEL, YONIN};

/// The board image of an answer (followed, in dai dai shogi, by a close-up), checked to be
/// a valid PNG with `squares` squares a side, each big enough to read on a phone: returns
/// its width and height.
fn board_png(call: &RestCall, squares: u32) -> (u32, u32) {
    let pngs = call.pngs();
    let close_ups = pngs
        .iter()
        .skip(1)
        .filter(|png| png.filename.ends_with("-close-up.png"));
    assert!(
        !pngs.is_empty() && close_ups.count() == pngs.len() - 1,
        "one board image, and its close-up if any, in {:?}",
        call.content()
    );
    let (width, height) = pngs[0].png_size();
    assert!(
        width >= squares * 20 && height >= squares * 20,
        "{width}x{height}"
    );
    assert!(width <= 4096 && height <= 4096, "{width}x{height}");
    (width, height)
}

/// Seat names of a yonin game, in turn order; the players take them as listed.
const SEATS: [&str; 4] = ["S", "W", "N", "E"];

/// After N is out (E moves next, clockwise from N): E's pawn walks along rank e, taking W's
/// pawn and rook, and the last step checks W's king. W answers at once instead of S, who
/// would be next in turn; E moves after W, since N is out.
const TO_CHECK_PRIORITY: [(usize, &str); 14] = [
    (3, "3e4e"),
    (0, "6h6g"),
    (1, "9b8c"),
    (3, "4e5e"),
    (0, "6g6f"),
    (1, "8c9b"),
    (3, "5e6e"),
    (0, "4h4g"),
    (1, "9b8c"),
    (3, "Px7e="),
    (0, "4g4f"),
    (1, "8c9b"),
    (3, "Px8e="), // check on W
    (1, "9d8e"),  // W answers out of turn
];

#[tokio::test]
async fn yonin_announces_eliminations_and_check_priority() {
    let table = Table::open().await;
    let players: [TestUser; 4] = [alice(), bob(), carol(), dave()];
    let start = table
        .start_game(YONIN, &[&players[0], &players[1], &players[2], &players[3]])
        .await;
    let text = start.content().unwrap_or_default();
    assert!(text.contains("**Yonin shogi #"), "{text}");
    assert!(
        text.contains(&format!("Your move, S {}", players[0].mention())),
        "{text}"
    );
    let size = board_png(&start, 9);

    let mut text = String::new();
    for (ply, mv) in YONIN_TO_ELIMINATION.iter().enumerate() {
        let seat = ply % 4;
        let played = table.play(&players[seat], mv).await;
        assert_eq!(board_png(&played.answer, 9), size);
        text = played.content().to_owned();
        assert!(
            text.contains(&format!(
                "{} {} played",
                SEATS[seat],
                players[seat].mention()
            )),
            "{text}"
        );
        if ply + 1 < YONIN_TO_ELIMINATION.len() {
            let next = (seat + 1) % 4;
            assert!(
                text.contains(&format!(
                    "Your move, {} {}",
                    SEATS[next],
                    players[next].mention()
                )),
                "{text}"
            );
        }
    }
    assert!(
        text.contains(&format!(
            "**N {} is eliminated**: checkmated by S {}.",
            carol().mention(),
            alice().mention()
        )),
        "{text}"
    );
    assert!(!text.contains("Game over"), "three players go on: {text}");
    assert!(
        text.contains(&format!("Your move, E {}", dave().mention())),
        "play goes on clockwise from the eliminated seat: {text}"
    );

    // The eliminated player can no longer move.
    let refusal = table.refused_move(&carol(), "6b6c").await;
    assert!(
        !refusal.content().unwrap_or_default().is_empty(),
        "{:?}",
        refusal.content()
    );

    // Resigning: the eliminated player has nothing to resign, and with three players in,
    // the yonin rule refuses it. Either way a sentence, and no button to confirm.
    for (player, says) in [
        (carol(), "already out of this game"),
        (
            alice(),
            "do not allow resigning while three or more players are still in (3 are)",
        ),
    ] {
        let (_, answer) = table
            .ask(InteractionBuilder::slash("resign").by(&player))
            .await;
        assert!(answer.is_ephemeral());
        assert!(answer.custom_ids().is_empty(), "nothing to confirm");
        let text = answer.content().unwrap_or_default();
        assert!(text.contains(says), "{text}");
    }

    for (n, (seat, mv)) in TO_CHECK_PRIORITY.iter().enumerate() {
        let played = table.play(&players[*seat], mv).await;
        let text = played.content().to_owned();
        if *mv == "Px8e=" {
            assert!(
                text.contains(&format!("**Check** on W {}!", bob().mention())),
                "{text}"
            );
            assert!(text.contains("check priority"), "{text}");
            assert!(
                text.contains(&format!("Your move, W {}", bob().mention())),
                "W answers before S: {text}"
            );
            // S would be next in turn, but must wait.
            let early = table.refused_move(&alice(), "4f4e").await;
            assert!(
                early
                    .content()
                    .unwrap_or_default()
                    .contains("not your turn"),
                "{:?}",
                early.content()
            );
        }
        if n + 1 == TO_CHECK_PRIORITY.len() {
            assert!(
                text.contains(&format!("Your move, E {}", dave().mention())),
                "after W's answer play goes on from W, past the eliminated N: {text}"
            );
        }
    }
    table.close().await;
}

/// The piece code on a square of a 17x17 position text (`None` if empty).
fn piece_on(position: &str, file: usize, rank: char) -> Option<String> {
    let board = position.split_whitespace().next().unwrap_or_default();
    let row = board.split('/').nth(usize::from(rank as u8 - b'a'))?;
    let mut squares = Vec::new();
    for code in row.split(',') {
        match code.parse::<usize>() {
            Ok(empty) => squares.extend(std::iter::repeat(None).take(empty)),
            Err(_) => squares.push(Some(code.to_owned())),
        }
    }
    squares.get(17 - file).cloned().flatten()
}

/// White's pieces on the board, from the position text (lowercase codes are white's).
fn white_pieces(position: &str) -> usize {
    let board = position.split_whitespace().next().unwrap_or_default();
    board
        .split(['/', ','])
        .filter(|code| code.chars().any(|c| c.is_ascii_lowercase()))
        .count()
}

#[tokio::test]
async fn a_dai_dai_lion_takes_two_pieces_in_one_move() {
    let table = Table::open().await;
    let players = [alice(), bob()];
    let start = table.start_game(DAIDAI, &[&players[0], &players[1]]).await;
    let text = start.content().unwrap_or_default();
    assert!(text.contains("**Dai dai shogi #"), "{text}");
    let size = board_png(&start, 17);

    for (ply, mv) in TO_LION.iter().enumerate() {
        let played = table.play(&players[ply % 2], mv).await;
        assert_eq!(board_png(&played.answer, 17), size, "{}", played.content());
    }
    let channel = ChannelId(GAME_CHANNEL);
    let before = table
        .service
        .board(channel, UserId(alice().id))
        .await
        .expect("alice sees the board")
        .position;

    let played = table.play(&alice(), "15g15f15e+").await;
    // Beside the whole board, a close-up around the move, readable at chat width: fewer
    // pixels across than the whole board, for a fraction of its squares.
    let pngs = played.answer.pngs();
    assert_eq!(pngs.len(), 2, "the board and its close-up");
    assert!(
        pngs[1].filename.ends_with("-black-close-up.png"),
        "{}",
        pngs[1].filename
    );
    let (close_width, close_height) = pngs[1].png_size();
    assert!(
        close_width < size.0 && close_height < size.1,
        "{close_width}x{close_height}"
    );
    let text = played.content();
    assert!(
        text.contains("**Lnx15fx15e"),
        "the move names both captures: {text}"
    );
    assert!(
        text.contains(&format!("Your move, white {}", bob().mention())),
        "{text}"
    );
    assert_eq!(board_png(&played.answer, 17), size);

    let after = table
        .service
        .board(channel, UserId(bob().id))
        .await
        .expect("bob sees the board")
        .position;
    assert_eq!(white_pieces(&before) - white_pieces(&after), 2, "{after}");
    AnyPosition::from_text(Variant::DaiDai, &after).expect("the stored position reads back");
    assert_eq!(
        piece_on(&after, 15, 'e').as_deref(),
        Some("+LN"),
        "the lion stands on 15e, promoted: {after}"
    );
    assert_eq!(piece_on(&after, 15, 'f'), None, "15f is emptied: {after}");
    assert_eq!(
        piece_on(&after, 15, 'g'),
        None,
        "the lion left 15g: {after}"
    );
    table.close().await;
}
