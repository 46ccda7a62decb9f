//! The store against a real SQLite file: schema, every query, the optimistic move race,
//! restarts, and game endings with their rating updates.

use std::collections::HashSet;
use std::convert::Infallible;

use serde_json::json;
use shogiban::service::ratings::{rate_game, Outcome, RatingSystem, Standings};
use shogiban::store::Pool;
use shogiban::store::{
    unrated, Challenge, ChallengeClosure, ChallengeStatus, ChannelId, Ending, Game, GameEnd,
    GameId, GameStatus, GameVersion, InviteResponse, LeaderboardQuery, MessageId, NewAnnouncement,
    NewChallenge, NewGame, NewInvitee, NewMove, NewOffer, NextTurn, Offer, OfferKind,
    PlayerSettingsRow, RatingUpdate, SeatMode, SeatPlace, SeatRating, Store, StoreError, Tally,
    TurnClock, UserId, WorkClaim, WorkKind,
};
use tempfile::TempDir;

use common::ids;

use ids::*;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const AFTER_7G7F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
const AFTER_2G2F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2";

use common::{backends, on_both_backends};

use backends::{fresh_db, Backend, TestDb};

async fn fresh(backend: Backend) -> (TestDb, Store) {
    let db = fresh_db(backend).await;
    let store = Store::open(&db.url).await.expect("open store");
    (db, store)
}

/// Runs hand-written SQL on either backend's pool (the body is expanded once per backend).
macro_rules! on_pool {
    ($store:expr, $p:ident => $body:expr) => {
        match $store.pool() {
            Pool::Sqlite($p) => $body,
            Pool::Postgres($p) => $body,
        }
    };
}

fn standard_game(channel: ChannelId, black: UserId, white: UserId) -> NewGame {
    NewGame {
        guild_id: GUILD,
        channel_id: channel,
        challenge_id: None,
        variant: "standard".into(),
        rule_options: json!({}),
        rated: true,
        state: START.into(),
        seats: vec![black, white],
        seconds_per_move: Some(DAY),
        bank_seconds: None,
        clock: TurnClock {
            started_at: Some(T0),
            deadline_at: Some(T0 + DAY),
            remind_at: Some(T0 + DAY * 3 / 4),
        },
    }
}

fn yonin_game(channel: ChannelId, variant: &str) -> NewGame {
    NewGame {
        variant: variant.into(),
        state: "yonin start".into(),
        seats: vec![ALICE, BOB, CAROL, DAVE],
        ..standard_game(channel, ALICE, BOB)
    }
}

fn move_by(seat: u8, user: UserId, notation: &str, position: &str) -> NewMove {
    NewMove {
        seat,
        user_id: user,
        notation: notation.into(),
        readable: format!("☗{notation}"),
        position: position.into(),
    }
}

fn next_turn(state: &str, now: i64) -> NextTurn {
    NextTurn {
        state: state.into(),
        clock: TurnClock {
            started_at: Some(now),
            deadline_at: Some(now + DAY),
            remind_at: Some(now + DAY * 3 / 4),
        },
        bank: None,
    }
}

fn two_player_end(result_for_black: Outcome) -> GameEnd {
    let standings = Standings::two_player(result_for_black);
    GameEnd {
        ending: Ending::Finished,
        result: json!({ "reason": "resignation" }),
        places: standings.seat_places(),
    }
}

/// Ends a two-player game with Glicko-2 updates.
async fn finish_two_player(
    store: &Store,
    at: GameVersion,
    result_for_black: Outcome,
    now: i64,
) -> shogiban::store::Game {
    let standings = Standings::two_player(result_for_black);
    store
        .finish_game(
            at,
            None,
            &two_player_end(result_for_black),
            |seats: &[SeatRating]| rate_game(RatingSystem::Glicko2, &standings, seats),
            (),
            now,
        )
        .await
        .expect("finish game")
}

async fn migrations_create_every_table_and_index(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let names: Vec<String> = match store.pool() {
        Pool::Sqlite(pool) => sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger')",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        Pool::Postgres(pool) => sqlx::query_scalar(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public'
             UNION ALL SELECT indexname::text FROM pg_indexes WHERE schemaname = 'public'
             UNION ALL SELECT tgname::text FROM pg_trigger WHERE NOT tgisinternal",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    };
    let names: HashSet<&str> = names.iter().map(String::as_str).collect();
    for expected in [
        "users",
        "guilds",
        "guild_settings",
        "challenges",
        "challenge_invitees",
        "games",
        "seats",
        "moves",
        "ratings",
        "games_one_active_per_channel",
        "games_active_by_deadline",
        "games_active_by_reminder",
        "challenges_open_by_expiry",
        "seats_by_user",
        "ratings_leaderboard",
        "moves_are_append_only",
        "offers",
        "games_by_channel",
        "announcements",
        "announcements_undelivered",
        "announcements_by_game",
        "write_checks",
        "game_threads",
        "game_threads_unarchived",
        "player_settings",
        "vacations",
        "vacations_by_user",
        "vacations_to_announce",
        "notification_settings",
        "notification_digests_due",
        "work_claims",
        "rating_recomputations",
    ] {
        assert!(names.contains(expected), "missing {expected}");
    }
    if let Pool::Sqlite(pool) = store.pool() {
        let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(pool)
            .await
            .unwrap();
        assert_eq!(journal, "wal");
        let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
            .fetch_one(pool)
            .await
            .unwrap();
        assert_eq!(foreign_keys, 1);
    }
}

#[tokio::test]
async fn open_accepts_urls_and_paths_and_creates_the_file() {
    let dir = TempDir::new().unwrap();
    let by_url = dir.path().join("by-url.db");
    assert!(!by_url.exists());
    let store = Store::open(&format!("sqlite://{}", by_url.display()))
        .await
        .unwrap();
    store.upsert_user(ALICE, "Alice", T0).await.unwrap();
    store.close().await;
    assert!(by_url.exists());

    let by_path = dir.path().join("by-path.db");
    Store::open(by_path.to_str().unwrap())
        .await
        .unwrap()
        .close()
        .await;
    assert!(by_path.exists());

    let memory = Store::open("sqlite::memory:").await.unwrap();
    memory.upsert_user(BOB, "Bob", T0).await.unwrap();
    assert!(memory.user(BOB).await.unwrap().is_some());

    let missing_dir = dir.path().join("no-such-dir").join("x.db");
    let error = Store::open(missing_dir.to_str().unwrap())
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Open { .. }), "{error}");
    assert!(error.to_string().contains("no-such-dir"), "{error}");
}

async fn users_guilds_and_settings_round_trip(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    // Discord ids use all 64 bits.
    let big = UserId(u64::MAX - 7);
    store.upsert_user(big, "Big", T0).await.unwrap();
    let user = store.upsert_user(big, "Big Renamed", T0 + 5).await.unwrap();
    assert_eq!(user.id, big);
    assert_eq!(user.display_name.as_deref(), Some("Big Renamed"));
    assert_eq!((user.created_at, user.updated_at), (T0, T0 + 5));
    assert_eq!(store.user(big).await.unwrap(), Some(user));
    assert_eq!(store.user(ALICE).await.unwrap(), None);

    let guild = store.upsert_guild(GUILD, "Shogi Club", T0).await.unwrap();
    assert_eq!(guild.name.as_deref(), Some("Shogi Club"));
    assert_eq!(store.guild(GUILD).await.unwrap(), Some(guild));

    assert_eq!(store.setting(GUILD, "time").await.unwrap(), None);
    store.set_setting(GUILD, "time", "3d", T0).await.unwrap();
    store.set_setting(GUILD, "time", "1d", T0).await.unwrap();
    store
        .set_setting(GUILD, "announce", "on", T0)
        .await
        .unwrap();
    // Settings of a guild never seen before create the guild.
    store
        .set_setting(OTHER_GUILD, "time", "7d", T0)
        .await
        .unwrap();
    assert_eq!(
        store.setting(GUILD, "time").await.unwrap().as_deref(),
        Some("1d")
    );
    assert_eq!(
        store.settings(GUILD).await.unwrap(),
        [
            ("announce".into(), "on".into()),
            ("time".into(), "1d".into())
        ]
    );
    assert!(store.remove_setting(GUILD, "time").await.unwrap());
    assert!(!store.remove_setting(GUILD, "time").await.unwrap());
    assert_eq!(store.setting(GUILD, "time").await.unwrap(), None);
    assert_eq!(
        store.setting(OTHER_GUILD, "time").await.unwrap().as_deref(),
        Some("7d")
    );
}

fn yonin_challenge() -> NewChallenge {
    NewChallenge {
        guild_id: GUILD,
        channel_id: CHANNEL,
        challenger_id: ALICE,
        variant: "yonin".into(),
        options: json!({ "move_limit": true, "seconds_per_move": DAY }),
        challenger_seat: Some(0),
        invitees: vec![
            NewInvitee {
                user_id: CAROL,
                seat: Some(2),
            },
            NewInvitee {
                user_id: BOB,
                seat: Some(1),
            },
            NewInvitee {
                user_id: DAVE,
                seat: Some(3),
            },
        ],
        accepted: Vec::new(),
        expires_at: T0 + DAY,
    }
}

async fn challenge_lifecycle(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    store.upsert_user(BOB, "Bob", T0).await.unwrap();
    let challenge = store
        .create_challenge(&yonin_challenge(), (), T0)
        .await
        .unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Open);
    assert_eq!(challenge.seat_mode, SeatMode::Fixed);
    assert_eq!(challenge.options["move_limit"], json!(true));
    let invited: Vec<(UserId, Option<u8>)> = challenge
        .invitees
        .iter()
        .map(|i| (i.user_id, i.seat))
        .collect();
    assert_eq!(invited, [(CAROL, Some(2)), (BOB, Some(1)), (DAVE, Some(3))]);
    assert_eq!(challenge.invitees[1].display_name.as_deref(), Some("Bob"));
    assert!(challenge
        .invitees
        .iter()
        .all(|i| i.response == InviteResponse::Pending));
    assert_eq!(
        store.challenge(challenge.id).await.unwrap().as_ref(),
        Some(&challenge)
    );
    assert_eq!(
        store.open_challenges_in_channel(CHANNEL).await.unwrap(),
        std::slice::from_ref(&challenge)
    );
    assert!(store
        .open_challenges_in_channel(OTHER_CHANNEL)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.open_challenges_of_user(ALICE).await.unwrap().len(), 1);
    assert_eq!(store.open_challenges_of_user(DAVE).await.unwrap().len(), 1);

    let after = store
        .respond_to_challenge(challenge.id, BOB, InviteResponse::Accepted, T0 + 10)
        .await
        .unwrap();
    let bob = after.invitees.iter().find(|i| i.user_id == BOB).unwrap();
    assert_eq!(
        (bob.response, bob.responded_at),
        (InviteResponse::Accepted, Some(T0 + 10))
    );
    assert!(!after.all_accepted());
    let after = store
        .respond_to_challenge(challenge.id, CAROL, InviteResponse::Declined, T0 + 20)
        .await
        .unwrap();
    assert!(after.any_declined());

    let stranger = UserId(1);
    let error = store
        .respond_to_challenge(challenge.id, stranger, InviteResponse::Accepted, T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::NotInvited { .. }), "{error}");
    let error = store
        .respond_to_challenge(challenge.id, BOB, InviteResponse::Pending, T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Invalid(_)), "{error}");

    let closed = store
        .close_challenge(challenge.id, ChallengeClosure::Declined, (), T0 + 30)
        .await
        .unwrap();
    assert_eq!(closed.status, ChallengeStatus::Declined);
    assert_eq!(closed.resolved_at, Some(T0 + 30));
    assert!(store
        .open_challenges_of_user(ALICE)
        .await
        .unwrap()
        .is_empty());
    let error = store
        .respond_to_challenge(challenge.id, DAVE, InviteResponse::Accepted, T0 + 40)
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::ChallengeNotOpen {
                status: ChallengeStatus::Declined,
                ..
            }
        ),
        "{error}"
    );
    let error = store
        .close_challenge(challenge.id, ChallengeClosure::Cancelled, (), T0 + 40)
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::ChallengeNotOpen { .. }),
        "{error}"
    );
    let missing = shogiban::store::ChallengeId(12345);
    assert!(store.challenge(missing).await.unwrap().is_none());
    let error = store
        .close_challenge(missing, ChallengeClosure::Cancelled, (), T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::ChallengeNotFound(_)), "{error}");
}

async fn challenges_refuse_contradictions(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let mut mixed = yonin_challenge();
    mixed.invitees[0].seat = None;
    let mut twice = yonin_challenge();
    twice.invitees[0].user_id = BOB;
    let mut self_invite = yonin_challenge();
    self_invite.invitees[0].user_id = ALICE;
    let mut same_seat = yonin_challenge();
    same_seat.invitees[0].seat = Some(0);
    for bad in [mixed, twice, self_invite, same_seat] {
        let error = store.create_challenge(&bad, (), T0).await.unwrap_err();
        assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    }
    assert!(store
        .open_challenges_of_user(ALICE)
        .await
        .unwrap()
        .is_empty());
}

async fn open_challenge_taken_up_by_anyone(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let open = NewChallenge {
        challenger_seat: None,
        invitees: Vec::new(),
        variant: "standard".into(),
        ..yonin_challenge()
    };
    let challenge = store.create_challenge(&open, (), T0).await.unwrap();
    assert_eq!(challenge.seat_mode, SeatMode::Random);
    assert!(challenge.invitees.is_empty());
    let joined = store
        .add_invitee(
            challenge.id,
            NewInvitee {
                user_id: BOB,
                seat: None,
            },
            InviteResponse::Accepted,
            None,
            T0 + 5,
        )
        .await
        .unwrap();
    assert_eq!(joined.invitees.len(), 1);
    assert!(joined.all_accepted());
    assert_eq!(joined.invitees[0].responded_at, Some(T0 + 5));
    for (user, seat) in [(BOB, None), (ALICE, None), (CAROL, Some(1))] {
        let error = store
            .add_invitee(
                challenge.id,
                NewInvitee {
                    user_id: user,
                    seat,
                },
                InviteResponse::Accepted,
                None,
                T0,
            )
            .await
            .unwrap_err();
        assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    }
    // A challenge with room for one opponent, already taken: the next player is refused.
    let error = store
        .add_invitee(
            challenge.id,
            NewInvitee {
                user_id: CAROL,
                seat: None,
            },
            InviteResponse::Accepted,
            Some(1),
            T0 + 6,
        )
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::ChallengeFull(id) if id == challenge.id),
        "{error}"
    );
    let full = store.challenge(challenge.id).await.unwrap().unwrap();
    assert_eq!(full.invitees.len(), 1);
}

async fn challenges_expire_once(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let soon = store
        .create_challenge(
            &NewChallenge {
                expires_at: T0 + 60,
                ..yonin_challenge()
            },
            (),
            T0,
        )
        .await
        .unwrap();
    let later = store
        .create_challenge(
            &NewChallenge {
                expires_at: T0 + 600,
                channel_id: OTHER_CHANNEL,
                ..yonin_challenge()
            },
            (),
            T0,
        )
        .await
        .unwrap();
    let cancelled = store
        .create_challenge(
            &NewChallenge {
                expires_at: T0 + 30,
                ..yonin_challenge()
            },
            (),
            T0,
        )
        .await
        .unwrap();
    store
        .close_challenge(cancelled.id, ChallengeClosure::Cancelled, (), T0 + 1)
        .await
        .unwrap();

    assert!(store
        .challenges_due_to_expire(T0 + 59)
        .await
        .unwrap()
        .is_empty());
    let due: Vec<_> = store
        .challenges_due_to_expire(T0 + 60)
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(due, [soon.id]);
    assert_eq!(store.next_scheduled_at().await.unwrap(), Some(T0 + 60));

    // One challenge at a time: only when it is due, and only while it is open.
    assert_eq!(
        store
            .expire_challenge(later.id, (), T0 + 599)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        store
            .expire_challenge(cancelled.id, (), T0 + 700)
            .await
            .unwrap(),
        None
    );
    let alone = store
        .expire_challenge(soon.id, (), T0 + 60)
        .await
        .unwrap()
        .expect("the due challenge expires");
    assert_eq!(
        (alone.id, alone.status, alone.resolved_at),
        (soon.id, ChallengeStatus::Expired, Some(T0 + 60))
    );
    assert_eq!(
        store.expire_challenge(soon.id, (), T0 + 61).await.unwrap(),
        None
    );
    assert_eq!(
        store.challenge(later.id).await.unwrap().unwrap().status,
        ChallengeStatus::Open
    );

    let expired = store.expire_due_challenges((), T0 + 700).await.unwrap();
    let expired_ids: Vec<_> = expired.iter().map(|c| c.id).collect();
    assert_eq!(expired_ids, [later.id]);
    assert!(expired
        .iter()
        .all(|c| c.status == ChallengeStatus::Expired && c.resolved_at == Some(T0 + 700)));
    assert_eq!(expired[0].invitees.len(), 3);
    assert_eq!(alone.invitees.len(), 3);
    assert!(store
        .expire_due_challenges((), T0 + 800)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.next_scheduled_at().await.unwrap(), None);
}

async fn accepting_a_challenge_creates_the_game_once(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    store.upsert_user(ALICE, "Alice", T0).await.unwrap();
    let challenge = store
        .create_challenge(&yonin_challenge(), (), T0)
        .await
        .unwrap();
    let new_game = NewGame {
        challenge_id: Some(challenge.id),
        ..yonin_game(CHANNEL, "yonin")
    };
    let game = store.create_game(&new_game, (), T0 + 100).await.unwrap();
    assert_eq!(game.challenge_id, Some(challenge.id));
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!((game.version, game.ply), (0, 0));
    assert_eq!(game.state, "yonin start");
    let seats: Vec<(u8, UserId)> = game.seats.iter().map(|s| (s.seat, s.user_id)).collect();
    assert_eq!(seats, [(0, ALICE), (1, BOB), (2, CAROL), (3, DAVE)]);
    assert_eq!(game.seats[0].display_name.as_deref(), Some("Alice"));
    assert_eq!(game.user_at(2), Some(CAROL));
    assert_eq!(game.seats_of(DAVE).collect::<Vec<_>>(), [3]);
    let accepted = store.challenge(challenge.id).await.unwrap().unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(accepted.resolved_at, Some(T0 + 100));

    // A second acceptance (say, a double click) creates nothing.
    let again = NewGame {
        channel_id: OTHER_CHANNEL,
        ..new_game
    };
    let error = store.create_game(&again, (), T0 + 101).await.unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::ChallengeNotOpen {
                status: ChallengeStatus::Accepted,
                ..
            }
        ),
        "{error}"
    );
    assert!(store
        .active_game_in_channel(OTHER_CHANNEL)
        .await
        .unwrap()
        .is_none());
}

async fn one_active_game_per_channel(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let first = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    // A challenge accepted into a busy channel stays open: nothing is written.
    let challenge = store
        .create_challenge(
            &NewChallenge {
                variant: "standard".into(),
                challenger_seat: None,
                invitees: vec![NewInvitee {
                    user_id: DAVE,
                    seat: None,
                }],
                challenger_id: CAROL,
                ..yonin_challenge()
            },
            (),
            T0,
        )
        .await
        .unwrap();
    let second = NewGame {
        challenge_id: Some(challenge.id),
        ..standard_game(CHANNEL, CAROL, DAVE)
    };
    let error = store.create_game(&second, (), T0 + 1).await.unwrap_err();
    assert!(matches!(error, StoreError::ChannelBusy(CHANNEL)), "{error}");
    assert_eq!(
        store.challenge(challenge.id).await.unwrap().unwrap().status,
        ChallengeStatus::Open
    );
    assert!(store
        .active_games_of_user(CAROL, None)
        .await
        .unwrap()
        .is_empty());

    // Another channel is fine, and so is this one once its game has ended.
    store
        .create_game(&standard_game(OTHER_CHANNEL, CAROL, DAVE), (), T0 + 2)
        .await
        .unwrap();
    store
        .finish_game(
            first.at_version(),
            None,
            &GameEnd {
                ending: Ending::Aborted,
                result: json!({ "reason": "aborted" }),
                places: Vec::new(),
            },
            unrated,
            (),
            T0 + 3,
        )
        .await
        .unwrap();
    let replacement = store.create_game(&second, (), T0 + 4).await.unwrap();
    assert_eq!(
        store
            .active_game_in_channel(CHANNEL)
            .await
            .unwrap()
            .map(|g| g.id),
        Some(replacement.id)
    );
}

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

async fn scheduler_finds_deadlines_and_reminders(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let early = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let late = store
        .create_game(
            &NewGame {
                clock: next_turn(START, T0 + 3600).clock,
                ..standard_game(OTHER_CHANNEL, CAROL, DAVE)
            },
            (),
            T0 + 3600,
        )
        .await
        .map(|g| g.at_version())
        .unwrap();
    let untimed = store
        .create_game(
            &NewGame {
                seconds_per_move: None,
                clock: TurnClock::default(),
                ..standard_game(ChannelId(3), ALICE, CAROL)
            },
            (),
            T0,
        )
        .await
        .unwrap();
    assert_eq!(untimed.deadline_at, None);

    let remind_early = T0 + DAY * 3 / 4;
    assert_eq!(store.next_scheduled_at().await.unwrap(), Some(remind_early));
    assert!(store
        .due_reminders(remind_early - 1)
        .await
        .unwrap()
        .is_empty());
    let due: Vec<GameId> = store
        .due_reminders(remind_early)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(due, [early.id]);

    // Two sweeps: the reminder is claimed once.
    assert!(store
        .mark_reminder_sent(early.at_version(), (), T0)
        .await
        .unwrap());
    assert!(!store
        .mark_reminder_sent(early.at_version(), (), T0)
        .await
        .unwrap());
    assert!(store.due_reminders(remind_early).await.unwrap().is_empty());
    // Next up: the late game's reminder (it was created an hour later).
    assert_eq!(
        store.next_scheduled_at().await.unwrap(),
        Some(remind_early + 3600)
    );

    // Past both deadlines: both games are due, earliest first; no reminders for turns that
    // have already run out.
    let due: Vec<GameId> = store
        .due_deadlines(T0 + DAY + 3600)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(due, [early.id, late.id]);
    assert!(store.due_deadlines(T0 + DAY - 1).await.unwrap().is_empty());
    assert!(store
        .due_reminders(T0 + DAY + 3600)
        .await
        .unwrap()
        .is_empty());

    // A move starts a new turn: new deadline, reminder pending again; a reminder claim for
    // the old turn is refused.
    let moved = store
        .apply_move(
            early.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 1000),
            (),
            T0 + 1000,
        )
        .await
        .unwrap();
    assert!(!moved.reminder_sent);
    let error = store
        .mark_reminder_sent(early.at_version(), (), T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Conflict { .. }), "{error}");
    assert!(store
        .mark_reminder_sent(moved.at_version(), (), T0)
        .await
        .unwrap());

    // Ended games leave the schedule.
    finish_two_player(&store, late, Outcome::Win, T0 + 2000).await;
    let due: Vec<GameId> = store
        .due_deadlines(T0 + 10 * DAY)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(due, [early.id]);
    let error = store.mark_reminder_sent(late, (), T0).await.unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::GameNotActive {
                status: GameStatus::Finished,
                ..
            }
        ),
        "{error}"
    );
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

async fn yonin_singles_and_doubles_rate_by_places_and_pairs(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let singles = store
        .create_game(&yonin_game(CHANNEL, "yonin"), (), T0)
        .await
        .unwrap();
    // Carol survives; Alice 2nd, Dave 3rd, Bob out first.
    let standings = Standings::singles(&[
        SeatPlace { seat: 0, place: 2 },
        SeatPlace { seat: 1, place: 4 },
        SeatPlace { seat: 2, place: 1 },
        SeatPlace { seat: 3, place: 3 },
    ])
    .unwrap();
    store
        .finish_game(
            singles.at_version(),
            None,
            &GameEnd {
                ending: Ending::Finished,
                result: json!({ "eliminated": ["W", "E", "S"] }),
                places: standings.seat_places(),
            },
            |seats: &[SeatRating]| rate_game(RatingSystem::WengLin, &standings, seats),
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    let board = store
        .leaderboard(GUILD, "yonin", &LeaderboardQuery::default())
        .await
        .unwrap();
    let order: Vec<UserId> = board.iter().map(|r| r.user_id).collect();
    assert_eq!(order, [CAROL, ALICE, DAVE, BOB]);
    assert!(board.iter().all(|r| r.value.volatility.is_none()));
    assert_eq!(board[0].wins, 1);
    assert_eq!(board[1].losses, 1);

    let doubles = store
        .create_game(&yonin_game(CHANNEL, "yonin-doubles"), (), T0 + 2)
        .await
        .unwrap();
    // W and E (Bob and Dave) win as a pair.
    let standings = Standings::doubles([1, 3], [0, 2], Outcome::Win).unwrap();
    let ended = store
        .finish_game(
            doubles.at_version(),
            None,
            &GameEnd {
                ending: Ending::Finished,
                result: json!({ "winners": ["W", "E"] }),
                places: standings.seat_places(),
            },
            |seats: &[SeatRating]| rate_game(RatingSystem::WengLin, &standings, seats),
            (),
            T0 + 3,
        )
        .await
        .unwrap();
    let start = RatingSystem::WengLin.initial().rating;
    for seat in &ended.seats {
        let won = seat.user_id == BOB || seat.user_id == DAVE;
        assert_eq!(seat.place, Some(if won { 1 } else { 2 }));
        assert_eq!(seat.rating_after.unwrap() > start, won, "{seat:?}");
    }
    // Doubles keeps its own ratings, apart from singles.
    let bob_singles = store.rating(GUILD, "yonin", BOB).await.unwrap().unwrap();
    let bob_doubles = store
        .rating(GUILD, "yonin-doubles", BOB)
        .await
        .unwrap()
        .unwrap();
    assert!(bob_singles.value.rating < start && bob_doubles.value.rating > start);
    assert_eq!(store.ratings_of_user(GUILD, BOB).await.unwrap().len(), 2);
}

async fn leaderboard_orders_filters_and_ranks(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    // Alice beats Bob three times, Bob beats Carol once.
    let mut channel = 10;
    let mut play = |black, white| {
        channel += 1;
        standard_game(ChannelId(channel), black, white)
    };
    for (black, white) in [(ALICE, BOB), (ALICE, BOB), (ALICE, BOB), (BOB, CAROL)] {
        let game = store
            .create_game(&play(black, white), (), T0)
            .await
            .unwrap();
        finish_two_player(&store, game.at_version(), Outcome::Win, T0 + 10).await;
    }
    let all = store
        .leaderboard(GUILD, "standard", &LeaderboardQuery::default())
        .await
        .unwrap();
    let order: Vec<UserId> = all.iter().map(|r| r.user_id).collect();
    assert_eq!(order, [ALICE, BOB, CAROL]);
    assert!(all
        .windows(2)
        .all(|w| w[0].value.rating >= w[1].value.rating));

    let page = store
        .leaderboard(
            GUILD,
            "standard",
            &LeaderboardQuery {
                limit: 1,
                offset: 1,
                ..LeaderboardQuery::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(page.len(), 1);
    assert_eq!(page[0].user_id, BOB);

    let veterans = LeaderboardQuery {
        min_games: 3,
        ..LeaderboardQuery::default()
    };
    let listed: Vec<UserId> = store
        .leaderboard(GUILD, "standard", &veterans)
        .await
        .unwrap()
        .iter()
        .map(|r| r.user_id)
        .collect();
    assert_eq!(listed, [ALICE, BOB]);
    assert_eq!(
        store
            .leaderboard_rank(GUILD, "standard", BOB, &veterans)
            .await
            .unwrap(),
        Some(2)
    );
    assert_eq!(
        store
            .leaderboard_rank(GUILD, "standard", CAROL, &veterans)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        store
            .leaderboard_rank(GUILD, "standard", CAROL, &LeaderboardQuery::default())
            .await
            .unwrap(),
        Some(3)
    );

    // Everyone here is provisional: the established board is empty, and the flag agrees.
    let established = RatingSystem::Glicko2.established(10, 0);
    assert!(store
        .leaderboard(GUILD, "standard", &established)
        .await
        .unwrap()
        .is_empty());
    assert!(all
        .iter()
        .all(|r| RatingSystem::Glicko2.is_provisional(r.games_played, r.value.deviation)));
    assert!(store
        .leaderboard(OTHER_GUILD, "standard", &LeaderboardQuery::default())
        .await
        .unwrap()
        .is_empty());
}

async fn active_games_and_history_of_a_user(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let here = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let there = store
        .create_game(
            &NewGame {
                guild_id: OTHER_GUILD,
                ..standard_game(OTHER_CHANNEL, CAROL, ALICE)
            },
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    let ids = |games: Vec<shogiban::store::Game>| games.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.active_games_of_user(ALICE, None).await.unwrap()),
        [here.id, there.id]
    );
    assert_eq!(
        ids(store
            .active_games_of_user(ALICE, Some(OTHER_GUILD))
            .await
            .unwrap()),
        [there.id]
    );
    assert_eq!(
        ids(store.active_games_of_user(BOB, None).await.unwrap()),
        [here.id]
    );
    assert_eq!(
        ids(store.active_games_in_guild(GUILD).await.unwrap()),
        [here.id]
    );
    assert_eq!(
        ids(store.active_games_in_guild(OTHER_GUILD).await.unwrap()),
        [there.id]
    );
    assert!(store
        .game_history(ALICE, None, 10, 0)
        .await
        .unwrap()
        .is_empty());

    finish_two_player(&store, here.at_version(), Outcome::Win, T0 + 100).await;
    finish_two_player(&store, there.at_version(), Outcome::Loss, T0 + 200).await;
    let third = store
        .create_game(&standard_game(CHANNEL, BOB, ALICE), (), T0 + 300)
        .await
        .unwrap();
    finish_two_player(&store, third.at_version(), Outcome::Draw, T0 + 400).await;

    assert!(store
        .active_games_of_user(ALICE, None)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        ids(store.game_history(ALICE, None, 10, 0).await.unwrap()),
        [third.id, there.id, here.id]
    );
    assert_eq!(
        ids(store.game_history(ALICE, Some(GUILD), 10, 0).await.unwrap()),
        [third.id, here.id]
    );
    assert_eq!(
        ids(store.game_history(ALICE, None, 1, 1).await.unwrap()),
        [there.id]
    );
    let history = store.game_history(BOB, None, 10, 0).await.unwrap();
    assert_eq!(ids(history.clone()), [third.id, here.id]);
    // History shows how each game went for whom.
    let bob_first = &history[1].seats[1];
    assert_eq!((bob_first.user_id, bob_first.place), (BOB, Some(2)));
}

async fn everything_survives_a_restart(backend: Backend) {
    let db = fresh_db(backend).await;
    let path = db.url.as_str();

    let store = Store::open(path).await.unwrap();
    store.upsert_user(ALICE, "Alice", T0).await.unwrap();
    store.set_setting(GUILD, "time", "1d", T0).await.unwrap();
    let challenge = store
        .create_challenge(&yonin_challenge(), (), T0)
        .await
        .unwrap();
    let finished = store
        .create_game(&standard_game(OTHER_CHANNEL, BOB, CAROL), (), T0)
        .await
        .unwrap();
    let finished = finish_two_player(&store, finished.at_version(), Outcome::Win, T0 + 5).await;
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
    let moves = store.moves(game.id).await.unwrap();
    let board = store
        .leaderboard(GUILD, "standard", &LeaderboardQuery::default())
        .await
        .unwrap();
    let next = store.next_scheduled_at().await.unwrap();
    store.close().await;
    drop(store);

    let store = Store::open(path).await.unwrap();
    assert_eq!(
        store.active_game_in_channel(CHANNEL).await.unwrap(),
        Some(game.clone())
    );
    assert_eq!(store.game(finished.id).await.unwrap(), Some(finished));
    assert_eq!(store.moves(game.id).await.unwrap(), moves);
    assert_eq!(
        store.challenge(challenge.id).await.unwrap(),
        Some(challenge)
    );
    assert_eq!(
        store.setting(GUILD, "time").await.unwrap().as_deref(),
        Some("1d")
    );
    assert_eq!(
        store
            .leaderboard(GUILD, "standard", &LeaderboardQuery::default())
            .await
            .unwrap(),
        board
    );
    assert_eq!(store.next_scheduled_at().await.unwrap(), next);
    assert_eq!(
        store
            .due_deadlines(T0 + 10 + DAY)
            .await
            .unwrap()
            .first()
            .map(|g| g.id),
        Some(game.id)
    );
    // And play goes on from where it was.
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
    assert_eq!(game.ply, 2);
}

async fn playing_yourself_is_allowed_but_never_rated(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let error = store
        .create_game(&standard_game(CHANNEL, ALICE, ALICE), (), T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    let practice = store
        .create_game(
            &NewGame {
                rated: false,
                ..standard_game(CHANNEL, ALICE, ALICE)
            },
            (),
            T0,
        )
        .await
        .unwrap();
    assert_eq!(practice.seats_of(ALICE).collect::<Vec<_>>(), [0, 1]);
    let moved = store
        .apply_move(
            practice.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 1),
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    store
        .apply_move(
            moved.at_version(),
            &move_by(1, ALICE, "3c3d", "after 3c3d"),
            &next_turn("after 3c3d", T0 + 2),
            (),
            T0 + 2,
        )
        .await
        .unwrap();
    assert_eq!(store.moves(practice.id).await.unwrap().len(), 2);
}

async fn statuses_display_as_stored(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let stored: String = on_pool!(store, p => sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
        .bind(game.id.0)
        .fetch_one(p)
        .await
        .unwrap());
    assert_eq!(game.status.to_string(), stored);
    assert_eq!(GameStatus::Void.to_string(), "void");
    assert_eq!(ChallengeStatus::Cancelled.to_string(), "cancelled");
}

async fn offers_stand_until_answered_replaced_or_the_game_ends(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let game = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 1),
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    let draw = NewOffer {
        kind: OfferKind::Draw,
        seat: 0,
        user_id: ALICE,
    };
    let offer = store
        .put_offer(game.at_version(), &draw, (), T0 + 2)
        .await
        .unwrap();
    assert_eq!(
        (offer.game_id, offer.seat, offer.user_id),
        (game.id, 0, ALICE)
    );
    assert_eq!(
        (offer.kind, offer.ply, offer.created_at),
        (OfferKind::Draw, 1, T0 + 2)
    );
    // Offers do not change the game, so a move computed before still lands.
    assert_eq!(
        store.game(game.id).await.unwrap().unwrap().version,
        game.version
    );

    // Someone else's seat, or an old version, records nothing.
    let wrong_seat = NewOffer { seat: 1, ..draw };
    let error = store
        .put_offer(game.at_version(), &wrong_seat, (), T0 + 3)
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::NotSeated { seat: 1, .. }),
        "{error}"
    );
    let stale = GameVersion {
        version: 0,
        ..game.at_version()
    };
    let error = store.put_offer(stale, &draw, (), T0 + 3).await.unwrap_err();
    assert!(matches!(error, StoreError::Conflict { .. }), "{error}");

    // A new offer of the same kind replaces the old one; kinds stand side by side.
    let by_bob = NewOffer {
        seat: 1,
        user_id: BOB,
        ..draw
    };
    store
        .put_offer(game.at_version(), &by_bob, (), T0 + 4)
        .await
        .unwrap();
    let takeback = NewOffer {
        kind: OfferKind::Takeback,
        ..draw
    };
    store
        .put_offer(game.at_version(), &takeback, (), T0 + 5)
        .await
        .unwrap();
    let standing = store.offers(game.id).await.unwrap();
    let kinds: Vec<(OfferKind, UserId)> = standing.iter().map(|o| (o.kind, o.user_id)).collect();
    assert_eq!(
        kinds,
        [(OfferKind::Draw, BOB), (OfferKind::Takeback, ALICE)]
    );

    assert!(store
        .remove_offer(game.id, OfferKind::Takeback, (), T0)
        .await
        .unwrap());
    assert!(!store
        .remove_offer(game.id, OfferKind::Takeback, (), T0)
        .await
        .unwrap());
    assert_eq!(store.offers(game.id).await.unwrap().len(), 1);

    // Ending the game withdraws what still stands.
    let ended = store
        .finish_game(
            game.at_version(),
            None,
            &GameEnd {
                ending: Ending::Aborted,
                result: json!({ "reason": "aborted" }),
                places: Vec::new(),
            },
            unrated,
            (),
            T0 + 6,
        )
        .await
        .unwrap();
    assert!(store.offers(game.id).await.unwrap().is_empty());
    let error = store
        .put_offer(ended.at_version(), &draw, (), T0 + 7)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::GameNotActive { .. }), "{error}");
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

async fn the_latest_game_of_a_channel_outlives_its_end(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    assert_eq!(store.latest_game_in_channel(CHANNEL).await.unwrap(), None);
    let first = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    finish_two_player(&store, first.at_version(), Outcome::Win, T0 + 1).await;
    let second = store
        .create_game(&standard_game(CHANNEL, CAROL, DAVE), (), T0 + 2)
        .await
        .unwrap();
    store
        .create_game(&standard_game(OTHER_CHANNEL, ALICE, DAVE), (), T0 + 3)
        .await
        .unwrap();
    let latest = store
        .latest_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(latest.id, second.id);
    finish_two_player(&store, second.at_version(), Outcome::Draw, T0 + 4).await;
    let latest = store
        .latest_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (latest.id, latest.status),
        (second.id, GameStatus::Finished)
    );
}

/// An announcement about a game in its channel, saying `what`.
fn note(game: &Game, what: &str) -> NewAnnouncement {
    NewAnnouncement {
        channel_id: game.channel_id,
        game_id: Some(game.id),
        challenge_id: None,
        kind: "test".into(),
        payload: json!({ "say": what, "ply": game.ply }),
    }
}

/// What the announcements of a list say, in order.
fn said(announcements: &[shogiban::store::ClaimedAnnouncement]) -> Vec<String> {
    announcements
        .iter()
        .map(|a| a.payload["say"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn announcements_are_stored_with_their_change_or_not_at_all(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(
            &standard_game(CHANNEL, ALICE, BOB),
            |created: &Game| Ok(vec![note(created, "the game begins")]),
            T0,
        )
        .await
        .unwrap();
    // The function deciding a move's announcement sees the game as the move leaves it.
    let moved = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 1),
            |after: &Game| Ok(vec![note(after, "black played 7g7f")]),
            T0 + 1,
        )
        .await
        .unwrap();
    // A move that loses the race stores neither itself nor its announcement.
    let error = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "2g2f", AFTER_2G2F),
            &next_turn(AFTER_2G2F, T0 + 1),
            vec![note(&game, "black played 2g2f")],
            T0 + 1,
        )
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Conflict { .. }), "{error}");
    // An announcement that cannot be made takes its change back with it.
    let error = store
        .apply_move(
            moved.at_version(),
            &move_by(1, BOB, "3c3d", "after 3c3d"),
            &next_turn("after 3c3d", T0 + 2),
            |_: &Game| Err(StoreError::Invalid("cannot say it".into())),
            T0 + 2,
        )
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    assert_eq!(store.game(game.id).await.unwrap().unwrap().ply, 1);

    let stored = store.announcements_of_game(game.id).await.unwrap();
    let texts: Vec<(&str, u64)> = stored
        .iter()
        .map(|a| {
            (
                a.payload["say"].as_str().unwrap(),
                a.payload["ply"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(texts, [("the game begins", 0), ("black played 7g7f", 1)]);
    assert_eq!(stored[1].created_at, T0 + 1);
    assert!(stored
        .iter()
        .all(|a| a.delivered_ms.is_none() && a.attempts == 0));
    assert_eq!(store.undelivered_announcements().await.unwrap(), 2);

    // Offers, reminders, endings and expiry announce in their own transactions too.
    let offered = store
        .put_offer(
            moved.at_version(),
            &NewOffer {
                kind: OfferKind::Draw,
                seat: 1,
                user_id: BOB,
            },
            |offer: &Offer| {
                Ok(vec![NewAnnouncement {
                    payload: json!({ "say": format!("seat {} offers a draw", offer.seat) }),
                    ..note(&moved, "")
                }])
            },
            T0 + 3,
        )
        .await
        .unwrap();
    assert_eq!(offered.seat, 1);
    assert!(store
        .remove_offer(
            game.id,
            OfferKind::Draw,
            vec![note(&moved, "the draw is declined")],
            T0 + 4
        )
        .await
        .unwrap());
    // Nothing to remove: nothing announced.
    assert!(!store
        .remove_offer(
            game.id,
            OfferKind::Draw,
            vec![note(&moved, "declined twice")],
            T0 + 5
        )
        .await
        .unwrap());
    assert!(store
        .mark_reminder_sent(moved.at_version(), vec![note(&moved, "reminder")], T0 + 6)
        .await
        .unwrap());
    assert!(!store
        .mark_reminder_sent(
            moved.at_version(),
            vec![note(&moved, "reminder again")],
            T0 + 7
        )
        .await
        .unwrap());
    store
        .finish_game(
            moved.at_version(),
            None,
            &two_player_end(Outcome::Win),
            unrated,
            |ended: &Game| Ok(vec![note(ended, &format!("the game is {}", ended.status))]),
            T0 + 8,
        )
        .await
        .unwrap();
    let challenge = store
        .create_challenge(
            &NewChallenge {
                expires_at: T0 + 10,
                ..yonin_challenge()
            },
            |made: &Challenge| {
                Ok(vec![NewAnnouncement {
                    channel_id: made.channel_id,
                    game_id: None,
                    challenge_id: Some(made.id),
                    kind: "challenge".into(),
                    payload: json!({ "say": format!("challenge {}", made.id) }),
                }])
            },
            T0 + 9,
        )
        .await
        .unwrap();
    store
        .expire_due_challenges(
            |expired: &[Challenge]| {
                Ok(expired
                    .iter()
                    .map(|c| NewAnnouncement {
                        channel_id: c.channel_id,
                        game_id: None,
                        challenge_id: Some(c.id),
                        kind: "expired".into(),
                        payload: json!({ "say": format!("challenge {} expired", c.id) }),
                    })
                    .collect())
            },
            T0 + 11,
        )
        .await
        .unwrap();
    let said: Vec<String> = store
        .announcements_in_channel(CHANNEL)
        .await
        .unwrap()
        .iter()
        .map(|a| a.payload["say"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        said,
        [
            "the game begins".to_owned(),
            "black played 7g7f".into(),
            "seat 1 offers a draw".into(),
            "the draw is declined".into(),
            "reminder".into(),
            "the game is finished".into(),
            format!("challenge {}", challenge.id),
            format!("challenge {} expired", challenge.id),
        ]
    );
}

async fn each_channel_delivers_in_order_one_at_a_time(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let here = store
        .create_game(
            &standard_game(CHANNEL, ALICE, BOB),
            |g: &Game| Ok(vec![note(g, "here 1"), note(g, "here 2")]),
            T0,
        )
        .await
        .unwrap();
    store
        .create_game(
            &standard_game(OTHER_CHANNEL, CAROL, DAVE),
            |g: &Game| Ok(vec![note(g, "there 1")]),
            T0,
        )
        .await
        .unwrap();
    store
        .mark_reminder_sent(here.at_version(), vec![note(&here, "here 3")], T0)
        .await
        .unwrap();

    // The first of each channel, oldest first; the limit keeps the oldest.
    let first = store
        .claim_announcements("w1", 1_000, 60_000, 1)
        .await
        .unwrap();
    assert_eq!(said(&first), ["here 1"]);
    let rest = store
        .claim_announcements("w1", 1_000, 60_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&rest), ["there 1"]);
    // Both channels are busy: nothing more, for anyone, while the claims last.
    assert!(store
        .claim_announcements("w2", 2_000, 60_000, 10)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        store.next_announcement_due_ms().await.unwrap(),
        Some(61_000)
    );

    // Nothing delivered yet: no message shows where the game stands.
    assert_eq!(
        store.last_game_message(here.id, CHANNEL).await.unwrap(),
        None
    );

    // Delivered: the channel's next one goes.
    assert!(store
        .mark_delivered(first[0].id, &first[0].claim, Some(MessageId(77)), 3_000)
        .await
        .unwrap());
    assert_eq!(
        store.last_game_message(here.id, CHANNEL).await.unwrap(),
        Some(MessageId(77))
    );
    assert_eq!(
        store
            .last_game_message(here.id, OTHER_CHANNEL)
            .await
            .unwrap(),
        None
    );
    let next = store
        .claim_announcements("w1", 3_000, 60_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&next), ["here 2"]);
    assert_eq!(next[0].claim.attempt, 1);

    // A failed attempt waits for its retry, and holds back the rest of its channel.
    assert!(store
        .schedule_retry(next[0].id, &next[0].claim, 5_000, "Discord answered 500")
        .await
        .unwrap());
    assert!(store
        .claim_announcements("w1", 4_999, 60_000, 10)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.next_announcement_due_ms().await.unwrap(), Some(5_000));
    let retried = store
        .claim_announcements("w2", 5_000, 60_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&retried), ["here 2"]);
    assert_eq!(retried[0].claim.attempt, 2);
    assert_eq!(retried[0].claim.worker, "w2");

    // Given up: the channel goes on with the next.
    assert!(store
        .abandon_announcement(retried[0].id, &retried[0].claim, "Unknown Channel", 6_000)
        .await
        .unwrap());
    let last = store
        .claim_announcements("w1", 6_000, 60_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&last), ["here 3"]);
    // A given-up announcement left no message: the game's last one is still the first.
    assert_eq!(
        store.last_game_message(here.id, CHANNEL).await.unwrap(),
        Some(MessageId(77))
    );
    assert!(store
        .mark_delivered(last[0].id, &last[0].claim, Some(MessageId(79)), 6_500)
        .await
        .unwrap());
    assert_eq!(
        store.last_game_message(here.id, CHANNEL).await.unwrap(),
        Some(MessageId(79))
    );

    let stored = store.announcements_in_channel(CHANNEL).await.unwrap();
    assert_eq!(stored[0].message_id, Some(MessageId(77)));
    assert_eq!(stored[0].delivered_ms, Some(3_000));
    assert_eq!(stored[1].abandoned_ms, Some(6_000));
    assert_eq!(stored[1].attempts, 2);
    assert_eq!(stored[1].last_error.as_deref(), Some("Unknown Channel"));
    assert_eq!(store.undelivered_announcements().await.unwrap(), 1);
}

async fn a_claim_whose_process_died_is_taken_over_after_its_lease(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    store
        .create_game(
            &standard_game(CHANNEL, ALICE, BOB),
            |g: &Game| Ok(vec![note(g, "the game begins")]),
            T0,
        )
        .await
        .unwrap();
    let dead = store
        .claim_announcements("dead", 1_000, 5_000, 10)
        .await
        .unwrap();
    assert_eq!(dead.len(), 1);
    assert!(store
        .claim_announcements("alive", 5_999, 5_000, 10)
        .await
        .unwrap()
        .is_empty());
    let taken = store
        .claim_announcements("alive", 6_000, 5_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&taken), ["the game begins"]);
    assert_eq!(taken[0].claim.attempt, 2);
    // The first claimer comes back to life: its outcome is not written over the taker's.
    assert!(!store
        .mark_delivered(dead[0].id, &dead[0].claim, Some(MessageId(1)), 6_500)
        .await
        .unwrap());
    assert!(!store
        .schedule_retry(dead[0].id, &dead[0].claim, 9_000, "late")
        .await
        .unwrap());
    assert!(store
        .mark_delivered(taken[0].id, &taken[0].claim, Some(MessageId(2)), 7_000)
        .await
        .unwrap());
    let stored = store.announcements_in_channel(CHANNEL).await.unwrap();
    assert_eq!(stored[0].message_id, Some(MessageId(2)));
    assert_eq!(stored[0].claimed_by.as_deref(), Some("alive"));
    assert_eq!(store.next_announcement_due_ms().await.unwrap(), None);
}

async fn racing_claimers_never_claim_the_same_announcement(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    for n in 0..20 {
        store
            .create_game(
                &standard_game(ChannelId(5000 + n), ALICE, BOB),
                |g: &Game| Ok(vec![note(g, "begins")]),
                T0,
            )
            .await
            .unwrap();
    }
    let claimers: Vec<_> = (0..4)
        .map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut mine = Vec::new();
                for _ in 0..10 {
                    let claimed = store
                        .claim_announcements(&format!("w{n}"), 1_000, 60_000, 3)
                        .await
                        .unwrap();
                    mine.extend(claimed.into_iter().map(|a| a.id));
                }
                mine
            })
        })
        .collect();
    let mut all = Vec::new();
    for claimer in claimers {
        all.extend(claimer.await.unwrap());
    }
    let distinct: HashSet<_> = all.iter().collect();
    assert_eq!(all.len(), 20, "{all:?}");
    assert_eq!(distinct.len(), 20);
}

on_both_backends! {
    migrations_create_every_table_and_index,
    users_guilds_and_settings_round_trip,
    challenge_lifecycle,
    challenges_refuse_contradictions,
    open_challenge_taken_up_by_anyone,
    challenges_expire_once,
    accepting_a_challenge_creates_the_game_once,
    one_active_game_per_channel,
    moves_advance_the_game_and_append_to_the_log,
    racing_moves_exactly_one_lands (multi),
    a_move_racing_a_timeout_either_lands_or_loses_cleanly (multi),
    state_changes_without_a_move,
    scheduler_finds_deadlines_and_reminders,
    finishing_a_rated_game_updates_ratings_in_the_same_transaction,
    the_final_move_and_the_result_land_together,
    void_aborted_and_unrated_games_change_no_rating,
    a_refused_rating_writes_nothing,
    yonin_singles_and_doubles_rate_by_places_and_pairs,
    leaderboard_orders_filters_and_ranks,
    active_games_and_history_of_a_user,
    playing_yourself_is_allowed_but_never_rated,
    statuses_display_as_stored,
    offers_stand_until_answered_replaced_or_the_game_ends,
    taking_moves_back_shortens_the_log_and_restarts_the_turn,
    the_latest_game_of_a_channel_outlives_its_end,
    announcements_are_stored_with_their_change_or_not_at_all,
    each_channel_delivers_in_order_one_at_a_time,
    a_claim_whose_process_died_is_taken_over_after_its_lease,
    racing_claimers_never_claim_the_same_announcement (multi),
    everything_survives_a_restart,
    a_players_settings_are_saved_one_at_a_time_and_read_back_after_reopening,
}

/// A database file written before PostgreSQL came (migrations 0001 to 0005 applied, their
/// checksums recorded as sqlx records them, a game in progress): it opens without a
/// complaint about changed migrations, keeps its game, and the game goes on.
#[tokio::test]
async fn an_sqlite_file_from_before_postgres_opens_and_plays_on() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("shogiban.db");
    std::fs::copy("tests/fixtures/shogiban-sqlite-0005.db", &path).unwrap();
    let store = Store::open(path.to_str().unwrap())
        .await
        .expect("the migrations it recorded are the ones the store runs");
    let game = store
        .active_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .expect("its game");
    assert_eq!((game.ply, game.version), (1, 1));
    assert_eq!(game.user_at(0), Some(ALICE));
    assert_eq!(store.moves(game.id).await.unwrap()[0].notation, "7g7f");
    let after = store
        .apply_move(
            game.at_version(),
            &move_by(1, BOB, "3c3d", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 60),
            (),
            T0 + 60,
        )
        .await
        .unwrap();
    assert_eq!(after.ply, 2);
}

async fn a_players_settings_are_saved_one_at_a_time_and_read_back_after_reopening(
    backend: Backend,
) {
    let db = fresh_db(backend).await;
    let path = db.url.as_str();
    let store = Store::open(path).await.unwrap();
    assert_eq!(
        store.player_settings(ALICE).await.unwrap(),
        PlayerSettingsRow::default()
    );
    let notation = PlayerSettingsRow {
        notation: Some("coordinate".into()),
        pieces: None,
    };
    let now = store
        .set_player_settings(ALICE, &notation, 10)
        .await
        .unwrap();
    assert_eq!(now, notation);
    let pieces = PlayerSettingsRow {
        notation: None,
        pieces: Some("international".into()),
    };
    let now = store.set_player_settings(ALICE, &pieces, 20).await.unwrap();
    assert_eq!(now.notation.as_deref(), Some("coordinate"), "kept");
    assert_eq!(now.pieces.as_deref(), Some("international"));
    drop(store);

    let store = Store::open(path).await.unwrap();
    assert_eq!(store.player_settings(ALICE).await.unwrap(), now);
    assert_eq!(
        store.player_settings(BOB).await.unwrap(),
        PlayerSettingsRow::default(),
        "one player's settings are not another's"
    );
}

/// A player's notification mode and daily digest: the digest's time of day is kept when
/// the digest is chosen again, another mode forgets it, and a due digest is sent (its
/// announcement stored) by exactly one of two rounds that saw it due.
async fn a_digest_is_due_once_a_day_and_sent_once(backend: Backend) {
    use shogiban::store::NotificationMode;
    let (_db, store) = fresh(backend).await;
    assert_eq!(store.notification_setting(ALICE).await.unwrap(), None);
    let dm = store
        .set_notification_mode(ALICE, NotificationMode::Dm, T0 + 100, T0)
        .await
        .unwrap();
    assert_eq!((dm.mode, dm.digest_next_at), (NotificationMode::Dm, None));
    let digest = store
        .set_notification_mode(ALICE, NotificationMode::Digest, T0 + 100, T0)
        .await
        .unwrap();
    assert_eq!(digest.digest_next_at, Some(T0 + 100));
    // Choosing the digest again keeps its time of day.
    let again = store
        .set_notification_mode(ALICE, NotificationMode::Digest, T0 + 500, T0 + 1)
        .await
        .unwrap();
    assert_eq!(again.digest_next_at, Some(T0 + 100));
    assert_eq!(store.next_scheduled_at().await.unwrap(), Some(T0 + 100));
    assert!(store.due_digests(T0 + 99).await.unwrap().is_empty());
    assert_eq!(store.due_digests(T0 + 100).await.unwrap(), vec![again]);

    let digest_note = NewAnnouncement {
        channel_id: CHANNEL,
        game_id: None,
        challenge_id: None,
        kind: "digest".into(),
        payload: json!({ "say": "two games wait for you" }),
    };
    let next_day = T0 + 100 + 86_400;
    let first = store
        .send_digest(
            ALICE,
            T0 + 100,
            next_day,
            std::slice::from_ref(&digest_note),
            T0 + 100,
        )
        .await
        .unwrap();
    let second = store
        .send_digest(
            ALICE,
            T0 + 100,
            next_day,
            std::slice::from_ref(&digest_note),
            T0 + 101,
        )
        .await
        .unwrap();
    assert!(first && !second, "the digest is sent once");
    let kinds: Vec<String> = store
        .announcements_in_channel(CHANNEL)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.kind)
        .collect();
    assert_eq!(kinds, ["digest"]);
    assert!(store.due_digests(T0 + 200).await.unwrap().is_empty());
    assert!(matches!(
        store.send_digest(ALICE, next_day, next_day, &[], T0).await,
        Err(StoreError::Invalid(_))
    ));

    // Another mode forgets the digest's time.
    let quiet = store
        .set_notification_mode(ALICE, NotificationMode::Quiet, T0 + 900, T0 + 2)
        .await
        .unwrap();
    assert_eq!(
        (quiet.mode, quiet.digest_next_at),
        (NotificationMode::Quiet, None)
    );
    assert_eq!(store.next_scheduled_at().await.unwrap(), None);
}

/// Vacations as stored: one under way at a time, the seconds used in a period, those of
/// several players, the due ends announced once, and an early end kept within the
/// vacation.
async fn vacations_are_stored_used_and_ended_once(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let day = 86_400;
    let alice = store
        .start_vacation(ALICE, T0, T0 + 3 * day, &[], Vec::new(), T0)
        .await
        .unwrap();
    assert!(!alice.end_announced);
    assert!(matches!(
        store
            .start_vacation(ALICE, T0 + day, T0 + 2 * day, &[], Vec::new(), T0 + day)
            .await,
        Err(StoreError::Invalid(_))
    ));
    let bob = store
        .start_vacation(BOB, T0 + day, T0 + 2 * day, &[], Vec::new(), T0 + day)
        .await
        .unwrap();
    assert_eq!(
        store.current_vacation(ALICE, T0 + day).await.unwrap(),
        Some(alice)
    );
    assert_eq!(store.current_vacation(CAROL, T0 + day).await.unwrap(), None);
    assert_eq!(
        store
            .vacation_used(ALICE, T0 - day, T0 + day)
            .await
            .unwrap(),
        3 * day
    );
    assert_eq!(store.vacation_used(CAROL, T0, T0 + day).await.unwrap(), 0);
    assert_eq!(
        store
            .vacations_of(&[BOB, ALICE, CAROL], T0)
            .await
            .unwrap()
            .iter()
            .map(|v| v.user_id)
            .collect::<Vec<_>>(),
        [ALICE, BOB],
        "in start order"
    );
    assert_eq!(store.next_scheduled_at().await.unwrap(), Some(T0 + 2 * day));
    assert_eq!(
        store.due_vacation_ends(T0 + 2 * day).await.unwrap(),
        vec![bob]
    );

    // Alice ends hers early: the end is now, and is announced once.
    let ended = store
        .end_vacation(alice.id, T0 + day, &[], Vec::new(), T0 + day)
        .await
        .unwrap()
        .expect("ended");
    assert_eq!((ended.ends_at, ended.end_announced), (T0 + day, true));
    assert_eq!(
        store
            .end_vacation(alice.id, T0 + day, &[], Vec::new(), T0 + day)
            .await
            .unwrap(),
        None
    );
    assert_eq!(store.vacation_used(ALICE, T0, T0 + 1).await.unwrap(), day);
    // Bob's end, asked after his planned end, stays at the planned end.
    let ended = store
        .end_vacation(bob.id, T0 + 5 * day, &[], Vec::new(), T0 + 5 * day)
        .await
        .unwrap()
        .expect("ended");
    assert_eq!(ended.ends_at, T0 + 2 * day);
    assert!(store
        .due_vacation_ends(T0 + 9 * day)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.next_scheduled_at().await.unwrap(), None);
}

on_both_backends! {
    a_digest_is_due_once_a_day_and_sent_once,
    vacations_are_stored_used_and_ended_once,
}

/// The claim on an item of scheduled work: one process holds it until its lease runs out,
/// renews it while it holds it, and gives it up when done; another takes it over only once
/// the lease has run out, and then the first one's release leaves it alone.
async fn work_is_claimed_by_one_process_until_its_lease_runs_out(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let kind = WorkKind::Reminder;
    assert_eq!(store.work_claim(kind, 7).await.unwrap(), None);
    assert!(store.claim_work(kind, 7, "one", 60, T0).await.unwrap());
    assert!(!store.claim_work(kind, 7, "two", 60, T0).await.unwrap());
    assert!(!store.claim_work(kind, 7, "two", 60, T0 + 59).await.unwrap());
    // The holder renews its own claim; other kinds and other items are free.
    assert!(store.claim_work(kind, 7, "one", 60, T0 + 30).await.unwrap());
    assert!(!store.claim_work(kind, 7, "two", 60, T0 + 60).await.unwrap());
    assert!(store
        .claim_work(WorkKind::Timeout, 7, "two", 60, T0)
        .await
        .unwrap());
    assert!(store.claim_work(kind, 8, "two", 60, T0).await.unwrap());
    assert_eq!(
        store.work_claim(kind, 7).await.unwrap(),
        Some(WorkClaim {
            claimed_by: "one".into(),
            lease_until: T0 + 90
        })
    );
    // Once the lease has run out, another takes it over; the old holder's release is
    // ignored, the new holder's deletes the claim.
    assert!(store.claim_work(kind, 7, "two", 60, T0 + 90).await.unwrap());
    store.release_work(kind, 7, "one").await.unwrap();
    assert_eq!(
        store.work_claim(kind, 7).await.unwrap().unwrap().claimed_by,
        "two"
    );
    store.release_work(kind, 7, "two").await.unwrap();
    assert_eq!(store.work_claim(kind, 7).await.unwrap(), None);
    // Released, the item is free at once.
    assert!(store.claim_work(kind, 7, "one", 60, T0 + 91).await.unwrap());
}

/// Processes claiming one item at the same moment (each with its own pool, as separate
/// processes have): exactly one wins each item.
async fn of_processes_claiming_at_once_exactly_one_wins(backend: Backend) {
    let (db, _store) = fresh(backend).await;
    let mut stores = Vec::new();
    for _ in 0..4 {
        stores.push(Store::open(&db.url).await.expect("open store"));
    }
    for item in 0..10 {
        let claims: Vec<_> = stores
            .iter()
            .enumerate()
            .map(|(n, store)| {
                let store = store.clone();
                tokio::spawn(async move {
                    store
                        .claim_work(WorkKind::ComputerMove, item, &format!("p{n}"), 60, T0)
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut won = 0;
        for claim in claims {
            won += usize::from(claim.await.unwrap());
        }
        assert_eq!(won, 1, "item {item}");
    }
}

on_both_backends! {
    work_is_claimed_by_one_process_until_its_lease_runs_out,
    of_processes_claiming_at_once_exactly_one_wins (multi),
}
