//! Dai dai shogi through the game table: challenge, accept, moves with the 17x17 board for
//! the player to move, a lion taking two pieces in one move, refusals that change nothing,
//! then a resignation, the ratings and the leaderboard, and the record.

use common::backends::Backend;

use crate::support::*;
use shogiban::engine::{EndReason, SeatName, Variant};
use shogiban::service::{AcceptOutcome, ChallengeRequest, Event, GameRef, RecordFormat, Seating};
use shogiban::store::GameStatus;

/// Width of a PNG from its header.
fn png_width(png: &[u8]) -> u32 {
    u32::from_be_bytes(png[16..20].try_into().expect("a PNG header"))
}

async fn a_dai_dai_game_from_challenge_to_leaderboard(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;

    let mut request = ChallengeRequest::new(Variant::DaiDai, vec![person(BOB)]);
    request.seating = Seating::Fixed(vec![Some(ALICE), Some(BOB)]);
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert_eq!(challenge.challenger.seat_name, Some(SeatName::Black));
    let AcceptOutcome::Started { game, .. } = s
        .accept_challenge(challenge.id, &person(BOB))
        .await
        .unwrap()
    else {
        panic!("accepting a two-player challenge starts the game");
    };
    assert_eq!(game.variant, Variant::DaiDai);
    let start_image = drawn(Some(&game.picture)).await;
    assert!(is_png(&start_image.png));
    assert_eq!(start_image.seat_name, "black");

    // Refusals change nothing: an illegal move (pawns step one square), a move out of turn,
    // a stranger, and text that is no move at all.
    let illegal = message(s.play(CHANNEL, ALICE, "15l15j").await);
    assert!(!illegal.is_empty());
    let early = message(s.play(CHANNEL, BOB, "1f1g").await);
    assert!(early.contains("not your turn"), "{early}");
    let stranger = message(s.play(CHANNEL, CAROL, "15l15k").await);
    assert!(stranger.contains("not playing"), "{stranger}");
    let garbage = message(s.play(CHANNEL, ALICE, "lion to the moon").await);
    assert!(!garbage.is_empty());
    assert_eq!(f.row(CHANNEL).await.ply, 0, "nothing was stored");

    let outcomes = f.play_all(CHANNEL, &TO_LION).await;
    for (ply, outcome) in outcomes.iter().enumerate() {
        let image = drawn(outcome.picture.as_ref()).await;
        assert_eq!(
            image.seat_name, "black",
            "drawn from the challenger's seat, {ply}"
        );
        assert_eq!(png_width(&image.png), png_width(&start_image.png));
    }

    // The lion takes the pawn on 15f and the violent ox on 15e, and promotes.
    let before = s.board(CHANNEL, ALICE).await.unwrap();
    let lion = s.play(CHANNEL, ALICE, "Lnx15fx15e").await.unwrap();
    let Event::Move {
        readable,
        coordinate,
        ..
    } = &lion.event
    else {
        panic!("a move event");
    };
    assert!(readable.starts_with("Lnx15fx15e"), "{readable}");
    assert_eq!(coordinate, "15g15f15e+");
    let after = s.board(CHANNEL, BOB).await.unwrap();
    assert_ne!(before.position, after.position);
    assert!(
        after.position.contains("rc,sm,+LN,ab"),
        "the promoted lion stands on 15e: {}",
        after.position
    );
    assert_eq!(after.last_move.as_deref(), Some(&readable[..]));

    // White resigns: black wins, the ratings move apart, the leaderboard shows it.
    let over = s.resign(CHANNEL, BOB).await.unwrap().result.unwrap();
    assert_eq!(over.status, GameStatus::Finished);
    assert_eq!(over.reason, EndReason::Resignation);
    assert_eq!(over.summary, "black (Alice) wins (resignation)");
    let changes: Vec<(i32, i32)> = over
        .standings
        .iter()
        .map(|s| {
            let r = s.rating.expect("rated");
            (r.before, r.after)
        })
        .collect();
    assert!(changes[0].1 > changes[0].0, "{changes:?}");
    assert!(changes[1].1 < changes[1].0, "{changes:?}");

    let board = s
        .leaderboard(GUILD, Variant::DaiDai, false, 10, 0)
        .await
        .unwrap();
    let rows: Vec<_> = board
        .iter()
        .map(|r| (r.user_id, r.wins, r.losses, r.provisional))
        .collect();
    assert_eq!(rows, [(ALICE, 1, 0, true), (BOB, 0, 1, true)]);
    assert!(s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap()
        .is_empty());

    // The record: the position and the moves; KIF is for standard shogi only.
    let record = s
        .export(GameRef::Channel(CHANNEL), RecordFormat::Text)
        .await
        .unwrap();
    assert!(
        record.text.contains("[Variant \"daidai\"]"),
        "{}",
        record.text
    );
    assert!(record.text.contains("15g15f15e+"), "{}", record.text);
    let kif = message(s.export(GameRef::Channel(CHANNEL), RecordFormat::Kif).await);
    assert!(
        kif.starts_with("KIF records are for standard shogi"),
        "{kif}"
    );
}

on_both_backends! {
    a_dai_dai_game_from_challenge_to_leaderboard,
}
