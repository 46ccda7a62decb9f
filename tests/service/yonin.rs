//! Four-player games through the game table: yonin singles from challenge to leaderboard
//! (an elimination by mate, one by the clock, a resignation with two left), doubles ended
//! by a pair losing a player, the four-player clock, and what two-player agreements mean
//! here (nothing).

use common::backends::Backend;

use std::collections::HashMap;

use crate::support::*;
use shogiban::engine::EliminationReason;
use shogiban::engine::{EndReason, Variant};
use shogiban::service::{
    AcceptOutcome, ChallengeRequest, Event, GameRef, Notice, RecordFormat, ServiceError, TimeLimit,
};
use shogiban::store::{GameStatus, UserId};

/// Eight plies from the start after which S has no move while in check: S is mated by W
/// (W moves twice in a row: S must answer W's check at once, then play goes on from S).
const S_IS_MATED: [&str; 8] = [
    "6h6g", "8f7f", "7a7b", "1c2c", "5i6h", "8e8h", "6h7g", "9f8f",
];

/// Who sits in each seat (S, W, N, E).
fn seating(players: &[shogiban::service::PlayerView]) -> HashMap<&'static str, UserId> {
    players
        .iter()
        .map(|p| (p.seat_name.as_str(), p.user_id))
        .collect()
}

async fn a_yonin_game_from_challenge_to_leaderboard(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;

    // Seats are drawn at random, as the federation draws lots.
    let request = ChallengeRequest::new(
        Variant::Yonin,
        vec![person(BOB), person(CAROL), person(DAVE)],
    );
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert_eq!(challenge.invitees.len(), 3);
    assert!(challenge.rules.resignation_needs_two);
    let mut started = None;
    for (i, user) in [BOB, CAROL, DAVE].into_iter().enumerate() {
        match s
            .accept_challenge(challenge.id, &person(user))
            .await
            .unwrap()
        {
            AcceptOutcome::Waiting(waiting) => {
                assert!(i < 2, "the third acceptance starts the game");
                assert_eq!(waiting.invitees[i].user_id, user);
            }
            AcceptOutcome::Started { game, .. } => started = Some(game),
        }
    }
    let game = started.expect("started");
    let seat = seating(&game.players);
    let mut everyone: Vec<UserId> = seat.values().copied().collect();
    everyone.sort();
    assert_eq!(everyone, [ALICE, BOB, CAROL, DAVE]);
    assert_eq!(game.to_move.as_ref().unwrap().seat_name, "S");
    // Every board in the channel is seen from the challenger's seat, drawn by lot.
    let alice_seat = seating(&game.players)
        .into_iter()
        .find(|&(_, user)| user == ALICE)
        .map(|(name, _)| name)
        .unwrap();
    assert_eq!(game.picture.seat_name(), alice_seat);
    assert_eq!(drawn(Some(&game.picture)).await.seat_name, alice_seat);

    // Out of turn and stranger moves are refused; agreements are for two players.
    assert!(matches!(
        s.play(CHANNEL, seat["W"], "8f7f").await,
        Err(ServiceError::NotYourTurn { .. })
    ));
    assert!(matches!(
        s.play(CHANNEL, ERIN, "5g5f").await,
        Err(ServiceError::NotAPlayer)
    ));
    assert_eq!(
        message(s.offer_draw(CHANNEL, seat["S"]).await),
        "Draws by agreement are for two-player games."
    );
    assert_eq!(
        message(s.request_takeback(CHANNEL, seat["S"]).await),
        "Takebacks are for two-player games."
    );

    // S is mated by W: out of the game, which goes on with three.
    let outcomes = f.play_all(CHANNEL, &S_IS_MATED).await;
    let check = &outcomes[5];
    assert_eq!(check.checks.len(), 1);
    assert_eq!(check.checks[0].seat_name, "S");
    assert_eq!(
        check.next.as_ref().unwrap().seat_name,
        "S",
        "check priority"
    );
    let mate = outcomes.last().unwrap();
    let Event::Move { by, readable, .. } = &mate.event else {
        panic!("a move");
    };
    assert_eq!(by.seat_name, "W");
    assert_eq!(readable, "W: G-8f");
    assert_eq!(mate.eliminated.len(), 1);
    let out = &mate.eliminated[0];
    assert_eq!(
        (out.player.user_id, out.reason),
        (seat["S"], EliminationReason::Mate)
    );
    assert_eq!(out.by.as_ref().unwrap().user_id, seat["W"]);
    assert!(mate.result.is_none());
    // Play goes on clockwise from the eliminated S: W, who mated, moves again.
    let next = mate.next.clone().unwrap();
    assert_eq!(next.seat_name, "W");
    assert_eq!(drawn(mate.picture.as_ref()).await.seat_name, alice_seat);
    assert_eq!(
        message(s.play(CHANNEL, seat["S"], "5g5f").await),
        "You are out of this game: you were eliminated."
    );
    // Three alive: no resignation, with the reason and what to do; the eliminated S has
    // nothing to resign. The check before a confirmation says the same.
    let refused = "This game's rules do not allow resigning while three or more players are \
                   still in (3 are). Play on: you can resign once only two of you are left.";
    assert_eq!(message(s.resign(CHANNEL, seat["E"]).await), refused);
    assert_eq!(message(s.check_resign(CHANNEL, seat["E"]).await), refused);
    let out = message(s.check_resign(CHANNEL, seat["S"]).await);
    assert!(out.starts_with("You are already out of this game"), "{out}");
    assert_eq!(
        message(s.abort(CHANNEL, seat["N"], false).await),
        "Every player has moved, so the game can no longer be aborted. Resign, offer a draw, or ask a moderator."
    );

    let quiet = s.play(CHANNEL, seat["W"], "9c8c").await.unwrap();
    assert_eq!(quiet.next.as_ref().unwrap().seat_name, "N");
    assert_eq!(drawn(quiet.picture.as_ref()).await.seat_name, alice_seat);

    // N lets the clock run out: eliminated, no credit, play goes on with E.
    let deadline = f.row(CHANNEL).await.deadline_at.unwrap();
    let notices = s.tick(deadline).await.unwrap();
    let [Notice::Timeout(timeout)] = &notices[..] else {
        panic!("one timeout: {notices:?}");
    };
    assert!(matches!(&timeout.event, Event::Timeout { by } if by.seat_name == "N"));
    assert_eq!(timeout.eliminated.len(), 1);
    assert_eq!(timeout.eliminated[0].reason, EliminationReason::Timeout);
    assert!(timeout.eliminated[0].by.is_none());
    assert!(timeout.result.is_none());
    assert_eq!(timeout.next.as_ref().unwrap().seat_name, "E");

    // Two left: E may resign, and W wins.
    let resigned = s.resign(CHANNEL, seat["E"]).await.unwrap();
    let over = resigned.result.unwrap();
    assert_eq!(
        (over.status, over.reason),
        (GameStatus::Finished, EndReason::Resignation)
    );
    assert_eq!(
        over.summary,
        format!("W ({}) wins (resignation)", name_of(seat["W"]))
    );
    let places: Vec<(&str, Option<u8>)> = over
        .standings
        .iter()
        .map(|s| (s.player.seat_name.as_str(), s.place))
        .collect();
    assert_eq!(
        places,
        [
            ("W", Some(1)),
            ("E", Some(2)),
            ("N", Some(3)),
            ("S", Some(4))
        ]
    );
    let after: Vec<i32> = over
        .standings
        .iter()
        .map(|s| s.rating.unwrap().after)
        .collect();
    assert!(
        after.windows(2).all(|w| w[0] > w[1]),
        "ratings by place: {after:?}"
    );
    assert!(over
        .standings
        .iter()
        .all(|s| s.rating.unwrap().before == 1500));

    let board = s
        .leaderboard(GUILD, Variant::Yonin, false, 10, 0)
        .await
        .unwrap();
    let order: Vec<UserId> = board.iter().map(|r| r.user_id).collect();
    assert_eq!(order, [seat["W"], seat["E"], seat["N"], seat["S"]]);
    let tallies: Vec<(u32, u32)> = board.iter().map(|r| (r.wins, r.losses)).collect();
    assert_eq!(tallies, [(1, 0), (0, 1), (0, 1), (0, 1)]);
    assert!(board.iter().all(|r| r.provisional && r.games == 1));
    assert!(s
        .leaderboard(GUILD, Variant::YoninDoubles, false, 10, 0)
        .await
        .unwrap()
        .is_empty());

    // Records: the plain record for every variant; KIF and CSA are for standard shogi.
    let record = s
        .export(GameRef::Channel(CHANNEL), RecordFormat::Text)
        .await
        .unwrap();
    assert!(
        record.text.contains("[Variant \"yonin\"]"),
        "{}",
        record.text
    );
    assert!(
        record.text.contains("8. W 9f8f (W: G-8f)"),
        "{}",
        record.text
    );
    assert_eq!(
        message(s.export(GameRef::Channel(CHANNEL), RecordFormat::Kif).await),
        "KIF records are for standard shogi; use the plain record for yonin."
    );
}

fn name_of(user: UserId) -> String {
    person(user).name
}

async fn a_doubles_game_ends_when_a_pair_loses_a_player(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    // Alice (S) and Carol (N) against Bob (W) and Dave (E).
    let game = f
        .start(
            CHANNEL,
            Variant::YoninDoubles,
            &[ALICE, BOB, CAROL, DAVE],
            TimeLimit::Default,
        )
        .await;
    assert_eq!(seating(&game.players)["N"], CAROL);
    let outcomes = f.play_all(CHANNEL, &S_IS_MATED).await;
    let mate = outcomes.last().unwrap();
    assert_eq!(mate.eliminated[0].player.user_id, ALICE);
    let over = mate.result.as_ref().expect("a pair lost a player");
    assert_eq!(over.reason, EndReason::PairEliminated);
    assert_eq!(
        over.summary,
        "W (Bob) and E (Dave) win (a pair lost a player)"
    );
    let by_user: HashMap<UserId, (Option<u8>, i32)> = over
        .standings
        .iter()
        .map(|s| (s.player.user_id, (s.place, s.rating.unwrap().delta())))
        .collect();
    for winner in [BOB, DAVE] {
        let (place, delta) = by_user[&winner];
        assert_eq!(place, Some(1));
        assert!(delta > 0, "{winner}: {delta}");
    }
    for loser in [ALICE, CAROL] {
        let (place, delta) = by_user[&loser];
        assert_eq!(place, Some(2));
        assert!(delta < 0, "{loser}: {delta}");
    }
    // Partners with the same history move alike.
    assert_eq!(by_user[&BOB].1, by_user[&DAVE].1);
    let board = s
        .leaderboard(GUILD, Variant::YoninDoubles, false, 10, 0)
        .await
        .unwrap();
    let top: Vec<UserId> = board.iter().take(2).map(|r| r.user_id).collect();
    assert!(top.contains(&BOB) && top.contains(&DAVE), "{board:?}");
    assert!(s
        .leaderboard(GUILD, Variant::Yonin, false, 10, 0)
        .await
        .unwrap()
        .is_empty());
}

async fn a_four_player_clock_eliminates_and_play_goes_on(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let game = f
        .start(
            CHANNEL,
            Variant::Yonin,
            &[ALICE, BOB, CAROL, DAVE],
            TimeLimit::PerMove(HOUR),
        )
        .await;
    assert_eq!(game.deadline_at, Some(T0 + HOUR));
    f.clock.set(T0 + 10 * 60);
    s.play(CHANNEL, ALICE, "5g5f").await.unwrap();
    let w_deadline = T0 + 10 * 60 + HOUR;

    // W is reminded once, then times out: eliminated, and N's turn starts then.
    let notices = s.tick(w_deadline - 15 * 60).await.unwrap();
    assert!(matches!(&notices[..], [Notice::Reminder { player, .. }] if player.user_id == BOB));
    let notices = s.tick(w_deadline).await.unwrap();
    let [Notice::Timeout(outcome)] = &notices[..] else {
        panic!("one timeout: {notices:?}");
    };
    assert_eq!(outcome.eliminated[0].player.user_id, BOB);
    assert!(outcome.result.is_none());
    assert_eq!(outcome.next.as_ref().unwrap().user_id, CAROL);
    assert_eq!(outcome.deadline_at, Some(w_deadline + HOUR));
    assert_eq!(drawn(outcome.picture.as_ref()).await.seat_name, "S");

    // N and then E run out too (each turn its own hour): S is the last one left.
    let notices = s.tick(w_deadline + HOUR).await.unwrap();
    assert!(
        matches!(&notices[..], [Notice::Timeout(o)] if o.eliminated[0].player.user_id == CAROL)
    );
    let notices = s.tick(w_deadline + 2 * HOUR).await.unwrap();
    let [Notice::Timeout(last)] = &notices[..] else {
        panic!("one timeout: {notices:?}");
    };
    let over = last.result.as_ref().expect("one player left");
    assert_eq!(over.reason, EndReason::Timeout);
    let places: Vec<(UserId, Option<u8>)> = over
        .standings
        .iter()
        .map(|s| (s.player.user_id, s.place))
        .collect();
    assert_eq!(
        places,
        [
            (ALICE, Some(1)),
            (DAVE, Some(2)),
            (CAROL, Some(3)),
            (BOB, Some(4))
        ]
    );
    assert!(s.tick(w_deadline + 3 * HOUR).await.unwrap().is_empty());
    assert_eq!(
        s.history(ALICE, None, 10, 0).await.unwrap()[0].status,
        GameStatus::Finished
    );

    // In doubles one timeout settles it: the pair that lost a player loses.
    f.start(
        CHANNEL,
        Variant::YoninDoubles,
        &[ALICE, BOB, CAROL, DAVE],
        TimeLimit::PerMove(HOUR),
    )
    .await;
    let deadline = f.row(CHANNEL).await.deadline_at.unwrap();
    let notices = s.tick(deadline).await.unwrap();
    let [Notice::Timeout(outcome)] = &notices[..] else {
        panic!("one timeout: {notices:?}");
    };
    let over = outcome.result.as_ref().expect("the pair lost");
    assert_eq!(over.summary, "W (Bob) and E (Dave) win (timeout)");
}

/// One round in which every player steps a silver out and back: after three rounds the
/// start position stands for the fourth time.
const SHUFFLE: [&str; 8] = [
    "3i2h", "9g8h", "7a8b", "1c2b", "2h3i", "8h9g", "8b7a", "2b1c",
];

async fn a_game_voided_by_repetition_changes_no_rating(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let players = [ALICE, BOB, CAROL, DAVE];
    f.start(CHANNEL, Variant::Yonin, &players, TimeLimit::Default)
        .await;
    let rounds: Vec<&str> = SHUFFLE.iter().copied().cycle().take(24).collect();
    let outcomes = f.play_all(CHANNEL, &rounds[..23]).await;
    assert!(outcomes.iter().all(|o| o.result.is_none()));

    let last = f.play_all(CHANNEL, &rounds[23..]).await.pop().unwrap();
    let over = last.result.expect("the fourth repetition ends the game");
    assert_eq!(
        (over.status, over.reason),
        (GameStatus::Void, EndReason::Repetition)
    );
    assert!(over.standings.iter().all(|s| s.rating.is_none()));
    assert!(last.next.is_none());

    // Nobody is on the leaderboard, and the channel is free for a new game.
    assert!(s
        .leaderboard(GUILD, Variant::Yonin, false, 10, 0)
        .await
        .unwrap()
        .is_empty());
    let history = s.history(ALICE, Some(GUILD), 10, 0).await.unwrap();
    assert_eq!(history[0].status, GameStatus::Void);
    f.start(CHANNEL, Variant::Yonin, &players, TimeLimit::Default)
        .await;
}

on_both_backends! {
    a_yonin_game_from_challenge_to_leaderboard,
    a_doubles_game_ends_when_a_pair_loses_a_player,
    a_four_player_clock_eliminates_and_play_goes_on,
    a_game_voided_by_repetition_changes_no_rating,
}
