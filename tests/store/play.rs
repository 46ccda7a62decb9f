//! Writes that move a game along (`src/store/play.rs`): moves and their races, state
//! changes, takebacks, and endings with their rating updates in one transaction.

use std::convert::Infallible;

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use serde_json::json;
use shogiban::service::ratings::{rate_game, Outcome, RatingSystem, Standings};
use shogiban::store::{
    unrated, ChannelId, Ending, GameEnd, GameId, GameStatus, GameVersion, NewGame, NewOffer,
    OfferKind, RatingUpdate, SeatPlace, SeatRating, StoreError, Tally, UserId,
};

use crate::support::*;

async fn moves_advance_the_game_and_append_to_the_log(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    assert_eq!(
        store.active_game_in_channel(CHANNEL).await.unwrap(),
        Some(game.clone())
    );

    let t1 = T0 + 600;
    let after = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, t1),
            (),
            t1,
        )
        .await
        .unwrap();
    assert_eq!((after.version, after.ply), (1, 1));
    assert_eq!(after.state, AFTER_7G7F);
    assert_eq!(after.deadline_at, Some(t1 + DAY));
    assert_eq!(after.remind_at, Some(t1 + DAY * 3 / 4));
    assert_eq!(after.updated_at, t1);

    let t2 = t1 + 600;
    let after = store
        .apply_move(
            after.at_version(),
            &move_by(1, BOB, "3c3d", "after 3c3d"),
            &next_turn("after 3c3d", t2),
            (),
            t2,
        )
        .await
        .unwrap();
    assert_eq!((after.version, after.ply), (2, 2));
    assert_eq!(store.game(game.id).await.unwrap(), Some(after.clone()));

    let moves = store.moves(game.id).await.unwrap();
    let log: Vec<(u32, u8, UserId, &str, &str, i64)> = moves
        .iter()
        .map(|m| {
            (
                m.ply,
                m.seat,
                m.user_id,
                &m.notation[..],
                &m.position[..],
                m.played_at,
            )
        })
        .collect();
    assert_eq!(
        log,
        [
            (1, 0, ALICE, "7g7f", AFTER_7G7F, t1),
            (2, 1, BOB, "3c3d", "after 3c3d", t2)
        ]
    );
    assert_eq!(moves[0].readable, "☗7g7f");
    assert_eq!(
        store.move_at(game.id, 2).await.unwrap().as_ref(),
        Some(&moves[1])
    );
    assert_eq!(store.move_at(game.id, 3).await.unwrap(), None);

    // A move from someone not in that seat lands nowhere.
    let error = store
        .apply_move(
            after.at_version(),
            &move_by(0, BOB, "2g2f", "x"),
            &next_turn("x", t2),
            (),
            t2,
        )
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::NotSeated { seat: 0, .. }),
        "{error}"
    );
    // A move computed from an old version lands nowhere.
    let error = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "2g2f", "x"),
            &next_turn("x", t2),
            (),
            t2,
        )
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::Conflict {
                expected: 0,
                found: 2,
                ..
            }
        ),
        "{error}"
    );
    assert_eq!(store.game(game.id).await.unwrap(), Some(after));
    assert_eq!(store.moves(game.id).await.unwrap().len(), 2);

    // The log is append-only, even for hand-written SQL.
    let rewrite = on_pool!(store, p => sqlx::query("UPDATE moves SET notation = 'x' WHERE game_id = $1")
        .bind(game.id.0)
        .execute(p)
        .await
        .map(|_| ()));
    assert!(rewrite.is_err());

    let missing = GameVersion {
        id: GameId(4242),
        version: 0,
    };
    let error = store
        .apply_move(
            missing,
            &move_by(0, ALICE, "7g7f", "x"),
            &next_turn("x", t2),
            (),
            t2,
        )
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::GameNotFound(GameId(4242))),
        "{error}"
    );
    assert_eq!(store.game(GameId(4242)).await.unwrap(), None);
}

async fn racing_moves_exactly_one_lands(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    for round in 0..10 {
        let channel = ChannelId(1000 + round);
        let game = store
            .create_game(&standard_game(channel, ALICE, BOB), (), T0)
            .await
            .unwrap();
        let at = game.at_version();
        let racer = |notation: &'static str, position: &'static str| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .apply_move(
                        at,
                        &move_by(0, ALICE, notation, position),
                        &next_turn(position, T0 + 1),
                        (),
                        T0 + 1,
                    )
                    .await
            })
        };
        let first = racer("7g7f", AFTER_7G7F);
        let second = racer("2g2f", AFTER_2G2F);
        let results = [first.await.unwrap(), second.await.unwrap()];

        let landed: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(landed.len(), 1, "round {round}: {results:?}");
        let lost = results.iter().find_map(|r| r.as_ref().err()).unwrap();
        assert!(
            matches!(
                lost,
                StoreError::Conflict {
                    expected: 0,
                    found: 1,
                    ..
                }
            ),
            "round {round}: {lost}"
        );

        let winner = landed[0];
        let stored = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((stored.version, stored.ply), (1, 1));
        assert_eq!(stored.state, winner.state);
        let moves = store.moves(game.id).await.unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].position, winner.state);
    }
}

async fn a_move_racing_a_timeout_either_lands_or_loses_cleanly(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    for round in 0..10 {
        let channel = ChannelId(2000 + round);
        let game = store
            .create_game(&standard_game(channel, ALICE, BOB), (), T0)
            .await
            .unwrap();
        let at = game.at_version();
        let mover = {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .apply_move(
                        at,
                        &move_by(0, ALICE, "7g7f", AFTER_7G7F),
                        &next_turn(AFTER_7G7F, T0 + DAY),
                        (),
                        T0 + DAY,
                    )
                    .await
            })
        };
        let timeout = {
            let store = store.clone();
            tokio::spawn(async move {
                let standings = Standings::two_player(Outcome::Loss);
                store
                    .finish_game(
                        at,
                        None,
                        &two_player_end(Outcome::Loss),
                        |seats: &[SeatRating]| rate_game(RatingSystem::Glicko2, &standings, seats),
                        (),
                        T0 + DAY,
                    )
                    .await
            })
        };
        let (moved, timed_out) = (mover.await.unwrap(), timeout.await.unwrap());
        assert!(moved.is_ok() != timed_out.is_ok(), "round {round}");
        let stored = store.game(game.id).await.unwrap().unwrap();
        let moves = store.moves(game.id).await.unwrap();
        let rated = store.rating(GUILD, "standard", BOB).await.unwrap();
        if moved.is_ok() {
            assert_eq!(stored.status, GameStatus::Active);
            assert_eq!(moves.len(), 1);
        } else {
            assert_eq!(stored.status, GameStatus::Finished);
            assert!(moves.is_empty());
            assert!(rated.is_some());
        }
    }
}

async fn state_changes_without_a_move(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&yonin_game(CHANNEL, "yonin"), (), T0)
        .await
        .unwrap();
    let after = store
        .update_state(
            game.at_version(),
            &next_turn("W eliminated on time", T0 + DAY),
            (),
            T0 + DAY,
        )
        .await
        .unwrap();
    assert_eq!((after.version, after.ply), (1, 0));
    assert_eq!(after.state, "W eliminated on time");
    assert_eq!(after.deadline_at, Some(T0 + 2 * DAY));
    assert!(store.moves(game.id).await.unwrap().is_empty());
    let error = store
        .update_state(game.at_version(), &next_turn("again", T0), (), T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Conflict { .. }), "{error}");
}

async fn finishing_a_rated_game_updates_ratings_in_the_same_transaction(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    store.upsert_user(ALICE, "Alice", T0).await.unwrap();
    store.upsert_user(BOB, "Bob", T0).await.unwrap();
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let seats = store.seat_ratings(game.id).await.unwrap();
    assert!(seats.iter().all(|s| s.current.is_none()));

    let finished = finish_two_player(&store, game.at_version(), Outcome::Win, T0 + 500).await;
    assert_eq!(finished.status, GameStatus::Finished);
    assert_eq!(finished.finished_at, Some(T0 + 500));
    assert_eq!(finished.result, Some(json!({ "reason": "resignation" })));
    assert_eq!((finished.deadline_at, finished.remind_at), (None, None));
    assert_eq!(finished.version, 1);
    assert_eq!(finished.state, START);
    let places: Vec<_> = finished.seats.iter().map(|s| s.place).collect();
    assert_eq!(places, [Some(1), Some(2)]);
    assert_eq!(finished.seats[0].rating_before, None);
    assert!(finished.seats[0].rating_after.unwrap() > 1500.0);
    assert!(finished.seats[1].rating_after.unwrap() < 1500.0);
    assert!(store
        .active_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .is_none());

    let alice = store
        .rating(GUILD, "standard", ALICE)
        .await
        .unwrap()
        .unwrap();
    let bob = store.rating(GUILD, "standard", BOB).await.unwrap().unwrap();
    assert_eq!((alice.games_played, alice.wins, alice.losses), (1, 1, 0));
    assert_eq!((bob.games_played, bob.wins, bob.losses), (1, 0, 1));
    assert_eq!(alice.display_name.as_deref(), Some("Alice"));
    assert!(alice.value.volatility.is_some());
    assert!(store
        .rating(OTHER_GUILD, "standard", ALICE)
        .await
        .unwrap()
        .is_none());
    assert!(store
        .rating(GUILD, "daidai", ALICE)
        .await
        .unwrap()
        .is_none());

    // A rematch starts from the stored ratings.
    let rematch = store
        .create_game(&standard_game(CHANNEL, BOB, ALICE), (), T0 + 600)
        .await
        .unwrap();
    let seats = store.seat_ratings(rematch.id).await.unwrap();
    assert_eq!(seats[0].current.as_ref().map(|c| c.value), Some(bob.value));
    let rematch = finish_two_player(&store, rematch.at_version(), Outcome::Draw, T0 + 700).await;
    assert_eq!(rematch.seats[0].rating_before, Some(bob.value.rating));
    let bob_after = store.rating(GUILD, "standard", BOB).await.unwrap().unwrap();
    assert!(
        bob_after.value.rating > bob.value.rating,
        "a draw with a stronger player"
    );
    assert_eq!((bob_after.games_played, bob_after.draws), (2, 1));
    assert_eq!(
        store.ratings_of_user(GUILD, BOB).await.unwrap(),
        std::slice::from_ref(&bob_after)
    );

    // Finishing twice is refused.
    let error = store
        .finish_game(
            rematch.at_version(),
            None,
            &two_player_end(Outcome::Win),
            unrated,
            (),
            T0,
        )
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::GameNotActive { .. }), "{error}");
}

async fn the_final_move_and_the_result_land_together(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let standings = Standings::two_player(Outcome::Win);
    let finished = store
        .apply_final_move(
            game.at_version(),
            &move_by(0, ALICE, "5b5a+", "mate"),
            "mate",
            &GameEnd {
                ending: Ending::Finished,
                result: json!({ "reason": "checkmate", "winner": 0 }),
                places: standings.seat_places(),
            },
            |seats: &[SeatRating]| rate_game(RatingSystem::Glicko2, &standings, seats),
            (),
            T0 + 60,
        )
        .await
        .unwrap();
    assert_eq!(finished.status, GameStatus::Finished);
    assert_eq!((finished.ply, finished.version), (1, 1));
    assert_eq!(finished.state, "mate");
    let moves = store.moves(game.id).await.unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].notation, "5b5a+");
    let alice = store
        .rating(GUILD, "standard", ALICE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(alice.wins, 1);
}

async fn void_aborted_and_unrated_games_change_no_rating(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let must_not_rate = |_: &[SeatRating]| -> Result<Vec<RatingUpdate>, Infallible> {
        panic!("rated a game that changes nothing")
    };

    let void = store
        .create_game(&yonin_game(CHANNEL, "yonin"), (), T0)
        .await
        .unwrap();
    let ended = store
        .finish_game(
            void.at_version(),
            Some("fourth repetition"),
            &GameEnd {
                ending: Ending::Void,
                result: json!({ "reason": "repetition" }),
                places: Vec::new(),
            },
            must_not_rate,
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    assert_eq!(ended.status, GameStatus::Void);
    assert_eq!(ended.state, "fourth repetition");

    let casual = store
        .create_game(
            &NewGame {
                rated: false,
                ..standard_game(CHANNEL, ALICE, BOB)
            },
            (),
            T0 + 2,
        )
        .await
        .unwrap();
    let ended = store
        .finish_game(
            casual.at_version(),
            None,
            &two_player_end(Outcome::Win),
            must_not_rate,
            (),
            T0 + 3,
        )
        .await
        .unwrap();
    assert_eq!(ended.status, GameStatus::Finished);
    assert_eq!(ended.seats[0].place, Some(1));
    assert_eq!(ended.seats[0].rating_after, None);

    for user in [ALICE, BOB, CAROL, DAVE] {
        assert!(store.ratings_of_user(GUILD, user).await.unwrap().is_empty());
    }
}

async fn a_refused_rating_writes_nothing(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&yonin_game(CHANNEL, "yonin"), (), T0)
        .await
        .unwrap();
    // Three of four seats placed: the rating maths refuses, the game stays as it was.
    let standings = Standings::singles(&[
        SeatPlace { seat: 0, place: 1 },
        SeatPlace { seat: 1, place: 2 },
        SeatPlace { seat: 2, place: 3 },
    ])
    .unwrap();
    let error = store
        .finish_game(
            game.at_version(),
            None,
            &GameEnd {
                ending: Ending::Finished,
                result: json!({}),
                places: standings.seat_places(),
            },
            |seats: &[SeatRating]| rate_game(RatingSystem::WengLin, &standings, seats),
            (),
            T0 + 1,
        )
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::RatingRejected(_)), "{error}");
    assert!(error.to_string().contains("seat 3"), "{error}");
    assert_eq!(store.game(game.id).await.unwrap(), Some(game.clone()));

    // Updates naming a seat the game lacks, or one seat twice, are refused too.
    let value = RatingSystem::WengLin.initial();
    for updates in [
        vec![RatingUpdate {
            seat: 7,
            value,
            tally: Tally::Win,
        }],
        vec![
            RatingUpdate {
                seat: 1,
                value,
                tally: Tally::Win,
            },
            RatingUpdate {
                seat: 1,
                value,
                tally: Tally::Loss,
            },
        ],
    ] {
        let error = store
            .finish_game(
                game.at_version(),
                None,
                &GameEnd {
                    ending: Ending::Finished,
                    result: json!({}),
                    places: Vec::new(),
                },
                move |_: &[SeatRating]| Ok::<_, Infallible>(updates),
                (),
                T0 + 1,
            )
            .await
            .unwrap_err();
        assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    }
    assert_eq!(store.game(game.id).await.unwrap(), Some(game));
    assert!(store
        .ratings_of_user(GUILD, ALICE)
        .await
        .unwrap()
        .is_empty());
}

async fn taking_moves_back_shortens_the_log_and_restarts_the_turn(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let game = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 10),
            (),
            T0 + 10,
        )
        .await
        .unwrap();
    let game = store
        .apply_move(
            game.at_version(),
            &move_by(1, BOB, "3c3d", "after 3c3d"),
            &next_turn("after 3c3d", T0 + 20),
            (),
            T0 + 20,
        )
        .await
        .unwrap();
    let takeback = NewOffer {
        kind: OfferKind::Takeback,
        seat: 1,
        user_id: BOB,
    };
    store
        .put_offer(game.at_version(), &takeback, (), T0 + 25)
        .await
        .unwrap();

    // More moves than were played: refused, nothing changes.
    let error = store
        .take_back(
            game.at_version(),
            3,
            &next_turn(START, T0 + 30),
            (),
            T0 + 30,
        )
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    assert_eq!(store.moves(game.id).await.unwrap().len(), 2);

    let back = store
        .take_back(
            game.at_version(),
            1,
            &next_turn(AFTER_7G7F, T0 + 30),
            (),
            T0 + 30,
        )
        .await
        .unwrap();
    assert_eq!((back.ply, back.version), (1, game.version + 1));
    assert_eq!(back.state, AFTER_7G7F);
    assert_eq!(back.deadline_at, Some(T0 + 30 + DAY));
    let log: Vec<String> = store
        .moves(game.id)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.notation)
        .collect();
    assert_eq!(log, ["7g7f"]);
    assert!(store.offers(game.id).await.unwrap().is_empty());

    // The next move takes the freed ply; an old version lands nowhere.
    let error = store
        .take_back(
            game.at_version(),
            1,
            &next_turn(START, T0 + 40),
            (),
            T0 + 40,
        )
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Conflict { .. }), "{error}");
    let again = store
        .apply_move(
            back.at_version(),
            &move_by(1, BOB, "8c8d", "after 8c8d"),
            &next_turn("after 8c8d", T0 + 50),
            (),
            T0 + 50,
        )
        .await
        .unwrap();
    assert_eq!(again.ply, 2);
    let last = store.moves(game.id).await.unwrap().pop().unwrap();
    assert_eq!((last.ply, &last.notation[..]), (2, "8c8d"));
}

on_both_backends! {
    moves_advance_the_game_and_append_to_the_log,
    racing_moves_exactly_one_lands (multi),
    a_move_racing_a_timeout_either_lands_or_loses_cleanly (multi),
    state_changes_without_a_move,
    finishing_a_rated_game_updates_ratings_in_the_same_transaction,
    the_final_move_and_the_result_land_together,
    void_aborted_and_unrated_games_change_no_rating,
    a_refused_rating_writes_nothing,
    taking_moves_back_shortens_the_log_and_restarts_the_turn,
}
