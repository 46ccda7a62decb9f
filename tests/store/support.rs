//! What the store tests share: a store on a fresh database, games to create, moves to
//! play and endings to write, and SQL run by hand on either backend.

use common::backends::{fresh_db, Backend, TestDb};
use common::ids::*;
use serde_json::json;
use shogiban::service::ratings::{rate_game, Outcome, RatingSystem, Standings};
use shogiban::store::{
    ChannelId, Ending, GameEnd, GameVersion, NewChallenge, NewGame, NewInvitee, NewMove, NextTurn,
    SeatRating, Store, TurnClock, UserId,
};

/// Runs hand-written SQL on either backend's pool (the body is expanded once per backend).
macro_rules! on_pool {
    ($store:expr, $p:ident => $body:expr) => {
        match $store.pool() {
            shogiban::store::Pool::Sqlite($p) => $body,
            shogiban::store::Pool::Postgres($p) => $body,
        }
    };
}

pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
pub const AFTER_7G7F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
pub const AFTER_2G2F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2";

pub async fn fresh(backend: Backend) -> (TestDb, Store) {
    let db = fresh_db(backend).await;
    let store = Store::open(&db.url).await.expect("open store");
    (db, store)
}

pub fn standard_game(channel: ChannelId, black: UserId, white: UserId) -> NewGame {
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

pub fn yonin_game(channel: ChannelId, variant: &str) -> NewGame {
    NewGame {
        variant: variant.into(),
        state: "yonin start".into(),
        seats: vec![ALICE, BOB, CAROL, DAVE],
        ..standard_game(channel, ALICE, BOB)
    }
}

pub fn move_by(seat: u8, user: UserId, notation: &str, position: &str) -> NewMove {
    NewMove {
        seat,
        user_id: user,
        notation: notation.into(),
        readable: format!("☗{notation}"),
        position: position.into(),
    }
}

pub fn next_turn(state: &str, now: i64) -> NextTurn {
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

pub fn two_player_end(result_for_black: Outcome) -> GameEnd {
    let standings = Standings::two_player(result_for_black);
    GameEnd {
        ending: Ending::Finished,
        result: json!({ "reason": "resignation" }),
        places: standings.seat_places(),
    }
}

/// Ends a two-player game with Glicko-2 updates.
pub async fn finish_two_player(
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

pub fn yonin_challenge() -> NewChallenge {
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
