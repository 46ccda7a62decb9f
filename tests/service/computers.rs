//! Computer players at the game table: they never make a game rated (named, filling open
//! seats, or in games rated before that rule, made unrated by a migration and their
//! servers' ratings computed again), the Fill button seats the challenge's level, a
//! computer's turn has no deadline, its answers to offers take the buttons off the
//! offer's message, a yonin game with computers is announced once per person's turn and
//! played out quietly once every person is out, and four-player records count places.

use common::backends::Backend;

use crate::support::*;
use shogiban::computer::Level;
use shogiban::engine::Variant;
use shogiban::service::{
    computer_level, computer_person, AcceptOutcome, Announcement, ChallengeRequest, ComputerAnswer,
    Event, Notation, Notice, Outcome, Seating, Service, ServiceError, Settings, TimeLimit,
};
use shogiban::store::{ChannelId, GameId, OfferKind, Pool, UserId};

fn level(n: u8) -> Level {
    Level::new(n).expect("a level")
}

/// The kinds of the announcements stored for `channel`, in order.
async fn kinds(f: &Fixture, channel: ChannelId) -> Vec<String> {
    f.service
        .store()
        .announcements_in_channel(channel)
        .await
        .expect("read announcements")
        .into_iter()
        .map(|stored| stored.kind)
        .collect()
}

/// Runs one statement (with game ids bound as `$1`...) on the fixture's database, as an
/// older release or an operator would have.
async fn execute(f: &Fixture, sql: &str, ids: &[i64]) {
    match f.service.store().pool() {
        Pool::Sqlite(pool) => {
            let mut query = sqlx::query(sql);
            for id in ids {
                query = query.bind(*id);
            }
            query.execute(pool).await.expect(sql);
        }
        Pool::Postgres(pool) => {
            let mut query = sqlx::query(sql);
            for id in ids {
                query = query.bind(*id);
            }
            query.execute(pool).await.expect(sql);
        }
    }
}

async fn computers_never_make_a_game_rated(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;

    // Naming the computer and asking for a rated game is refused, and nothing is stored.
    let mut request = ChallengeRequest::new(Variant::Standard, vec![computer_person(level(2), 0)]);
    request.rated = Some(true);
    assert!(matches!(
        s.challenge(GUILD, CHANNEL, &person(ALICE), &request).await,
        Err(ServiceError::RatedWithComputer)
    ));
    assert!(s.open_challenges(CHANNEL).await.unwrap().is_empty());
    assert!(s
        .store()
        .active_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .is_none());

    // Three computers named on a server whose games are rated by default: unrated.
    let request = ChallengeRequest::new(
        Variant::Yonin,
        (0..3).map(|slot| computer_person(level(2), slot)).collect(),
    );
    let made = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert!(!made.rated);
    assert!(!f.row(CHANNEL).await.rated);

    // A rated yonin challenge to Bob at level 1, filled with computers once Bob is in: the
    // computers are the challenge's level, and the game is unrated.
    let mut request = ChallengeRequest::new(Variant::Yonin, vec![person(BOB)]);
    request.rated = Some(true);
    request.level = Some(level(1));
    let challenge = s
        .challenge(GUILD, OTHER_CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert!(challenge.rated, "rated while only people are in it");
    assert!(matches!(
        s.accept_challenge(challenge.id, &person(BOB))
            .await
            .unwrap(),
        AcceptOutcome::Waiting(_)
    ));
    let AcceptOutcome::Started { challenge, game } =
        s.fill_with_computers(challenge.id, BOB).await.unwrap()
    else {
        panic!("the Fill button starts the game");
    };
    assert!(!challenge.rated, "the filled challenge says unrated");
    let levels: Vec<u8> = game
        .players
        .iter()
        .filter_map(|p| computer_level(p.user_id))
        .map(Level::number)
        .collect();
    assert_eq!(levels, [1, 1], "{:?}", game.players);
    assert!(!f.row(OTHER_CHANNEL).await.rated);

    // A standard challenge with its seat filled by the computer ends: nobody gets a rating,
    // the computer least of all.
    let mut request = ChallengeRequest::new(Variant::Standard, vec![]);
    request.seating = Seating::Fixed(vec![Some(ALICE), None]);
    request.level = Some(level(2));
    let challenge = s
        .challenge(GUILD, THIRD_CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert!(challenge.rated);
    s.fill_with_computers(challenge.id, ALICE).await.unwrap();
    let computer = f.row(THIRD_CHANNEL).await.seats[1].user_id;
    assert_eq!(computer_level(computer), Some(level(2)));
    let over = s
        .resign(THIRD_CHANNEL, ALICE)
        .await
        .unwrap()
        .result
        .unwrap();
    assert!(!over.rated);
    assert!(over.standings.iter().all(|s| s.rating.is_none()));
    assert!(s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap()
        .is_empty());
    for user in [ALICE, computer] {
        assert!(s
            .store()
            .rating(GUILD, "standard", user)
            .await
            .unwrap()
            .is_none());
    }
    assert!(s.profile(GUILD, ALICE).await.unwrap().ratings.is_empty());
}

/// Plays a standard game of `black` against `white` in `channel` to `white`'s resignation
/// (`winner_black`) or `black`'s, at `at`.
async fn resigned_game(
    f: &Fixture,
    service: &Service,
    channel: ChannelId,
    [black, white]: [UserId; 2],
    black_wins: bool,
    at: i64,
) -> GameId {
    f.clock.set(at);
    start_on(
        service,
        channel,
        Variant::Standard,
        &[black, white],
        TimeLimit::Unlimited,
    )
    .await;
    let loser = if black_wins { white } else { black };
    let outcome = service.resign(channel, loser).await.unwrap();
    outcome.game_id
}

/// The ratings of a guild in standard shogi, comparable across databases: per user, the
/// numbers, the record and when it was last changed.
async fn ratings_of(service: &Service) -> Vec<(UserId, [u64; 3], [u32; 4], i64)> {
    let mut rows = Vec::new();
    for user in [ALICE, BOB, CAROL] {
        if let Some(r) = service
            .store()
            .rating(GUILD, "standard", user)
            .await
            .unwrap()
        {
            rows.push((
                user,
                [
                    r.value.rating.to_bits(),
                    r.value.deviation.to_bits(),
                    r.value.volatility.unwrap_or_default().to_bits(),
                ],
                [r.games_played, r.wins, r.losses, r.draws],
                r.updated_at,
            ));
        }
    }
    rows
}

/// The ratings noted on a game's seats, by seat.
async fn noted(service: &Service, game: GameId) -> Vec<(Option<u64>, Option<u64>)> {
    let row = service.store().game(game).await.unwrap().unwrap();
    row.seats
        .iter()
        .map(|s| {
            (
                s.rating_before.map(f64::to_bits),
                s.rating_after.map(f64::to_bits),
            )
        })
        .collect()
}

async fn rated_computer_games_of_the_past_are_unrated_and_ratings_computed_again(backend: Backend) {
    // The database as the release before this one left it: a rated game against the
    // computer among games between people, the computer on the leaderboard, and the
    // people's ratings moved by it.
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let first = resigned_game(&f, s, CHANNEL, [ALICE, BOB], false, T0 + HOUR).await;
    f.clock.set(T0 + 2 * HOUR);
    let mut request = ChallengeRequest::new(Variant::Standard, vec![]);
    request.seating = Seating::Fixed(vec![Some(ALICE), None]);
    request.level = Some(level(3));
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    s.fill_with_computers(challenge.id, ALICE).await.unwrap();
    let against_computer = f.row(CHANNEL).await;
    let computer = against_computer.seats[1].user_id;
    // The release before rated such a game.
    execute(
        &f,
        "UPDATE games SET rated = TRUE WHERE id = $1",
        &[against_computer.id.0],
    )
    .await;
    s.resign(CHANNEL, ALICE).await.unwrap();
    let third = resigned_game(&f, s, CHANNEL, [BOB, CAROL], true, T0 + 3 * HOUR).await;
    let fourth = resigned_game(&f, s, CHANNEL, [ALICE, CAROL], true, T0 + 4 * HOUR).await;
    let listed: Vec<UserId> = s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap()
        .iter()
        .map(|row| row.user_id)
        .collect();
    assert!(listed.contains(&computer), "the old bug: {listed:?}");
    assert!(noted(s, against_computer.id).await[0].1.is_some());
    // Before the migration that fixes it.
    execute(&f, "DROP TABLE rating_recomputations", &[]).await;
    execute(&f, "DELETE FROM _sqlx_migrations WHERE version = 13", &[]).await;

    // The same games between people, on a database of their own: what the ratings are
    // when no computer ever rated.
    let control = Fixture::on(backend).await;
    let c = &control.service;
    let control_games = [
        resigned_game(&control, c, CHANNEL, [ALICE, BOB], false, T0 + HOUR).await,
        resigned_game(&control, c, CHANNEL, [BOB, CAROL], true, T0 + 3 * HOUR).await,
        resigned_game(&control, c, CHANNEL, [ALICE, CAROL], true, T0 + 4 * HOUR).await,
    ];
    let expected = ratings_of(c).await;
    assert_eq!(expected.len(), 3);

    // Two processes start on the old database, together on PostgreSQL (an SQLite file
    // is migrated by the first process to open it): it is migrated once, and the ratings
    // are computed again once.
    f.clock.set(T0 + DAY);
    let open = || Service::open(&f.path, f.clock.clone(), Settings::default());
    let (one, two) = match backend {
        Backend::Postgres => tokio::join!(open(), open()),
        Backend::Sqlite => {
            let one = open().await;
            (one, open().await)
        }
    };
    let (one, two) = (one.expect("first start"), two.expect("second start"));
    for service in [&one, &two] {
        assert_eq!(ratings_of(service).await, expected);
        assert!(service
            .store()
            .pending_rating_recomputations()
            .await
            .unwrap()
            .is_empty());
    }
    let game = one
        .store()
        .game(against_computer.id)
        .await
        .unwrap()
        .unwrap();
    assert!(!game.rated, "the game against the computer is unrated");
    assert_eq!(noted(&one, against_computer.id).await, [(None, None); 2]);
    assert!(one
        .store()
        .rating(GUILD, "standard", computer)
        .await
        .unwrap()
        .is_none());
    let board: Vec<UserId> = one
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap()
        .iter()
        .map(|row| row.user_id)
        .collect();
    assert!(!board.contains(&computer), "{board:?}");
    assert_eq!(board.len(), 3);
    // The games between people note the ratings of a history without the computer.
    for (game, control_game) in [first, third, fourth].into_iter().zip(control_games) {
        assert_eq!(noted(&one, game).await, noted(c, control_game).await);
    }

    // A later start finds nothing to do and changes nothing; games go on being rated from
    // the ratings computed again.
    f.clock.set(T0 + 2 * DAY);
    let again = f.reopen().await;
    assert_eq!(again.recompute_ratings_asked().await.unwrap(), 0);
    assert_eq!(ratings_of(&again).await, expected);
    resigned_game(&f, &again, OTHER_CHANNEL, [BOB, ALICE], true, T0 + 3 * DAY).await;
    resigned_game(&control, c, OTHER_CHANNEL, [BOB, ALICE], true, T0 + 3 * DAY).await;
    assert_eq!(ratings_of(&again).await, ratings_of(c).await);
}

/// A yonin game of Alice (S) against three computers of level 1, with a day per move.
async fn alice_against_three_computers(f: &Fixture) {
    let computers: Vec<_> = (0..3).map(|slot| computer_person(level(1), slot)).collect();
    let mut seats = vec![Some(ALICE)];
    seats.extend(computers.iter().map(|c| Some(c.id)));
    let mut request = ChallengeRequest::new(Variant::Yonin, computers);
    request.seating = Seating::Fixed(seats);
    request.time_limit = TimeLimit::PerMove(DAY);
    f.service
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
}

/// Plays the computers' moves until a person is to move or the game ends; returns the
/// last outcome.
async fn computers_play(f: &Fixture) -> Option<Outcome> {
    let mut last = None;
    while let Some(outcome) = f.service.play_computer_turn(CHANNEL).await.unwrap() {
        let person_next = outcome
            .next
            .as_ref()
            .is_some_and(|next| computer_level(next.user_id).is_none());
        let over = outcome.result.is_some();
        last = Some(outcome);
        if person_next || over {
            break;
        }
    }
    last
}

async fn a_yonin_game_with_computers_is_announced_once_per_persons_turn(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    alice_against_three_computers(&f).await;
    assert_eq!(kinds(&f, CHANNEL).await, ["game_started"]);
    for turn in 1..=3 {
        let said = kinds(&f, CHANNEL).await.len();
        let first = s
            .legal_moves_for(CHANNEL, ALICE, "", 1, Notation::Coordinate)
            .await
            .unwrap()
            .moves[0]
            .value
            .clone();
        let mine = s.play(CHANNEL, ALICE, &first).await.unwrap();
        assert!(mine.next.is_some_and(|next| next.user_id != ALICE));
        // The computers' turn: nothing is announced until Alice's turn comes back.
        assert_eq!(kinds(&f, CHANNEL).await.len(), said, "turn {turn}");
        let back = computers_play(&f).await.expect("the computers moved");
        assert_eq!(back.next.as_ref().map(|p| p.user_id), Some(ALICE));
        let announced = f.announced(CHANNEL).await;
        assert_eq!(announced.len(), said + 1, "one post for turn {turn}");
        let Some(Announcement::Outcome(post)) = announced.last() else {
            panic!("the post of Alice's turn: {:?}", announced.last());
        };
        // It lists every move since Alice's own, from her seat.
        let since = post.since_turn.as_ref().expect("the moves since her turn");
        let record = s.store().moves(post.game_id).await.unwrap();
        let alice_last = record.iter().rposition(|m| m.user_id == ALICE).unwrap();
        let after: Vec<(u32, String)> = record[alice_last + 1..]
            .iter()
            .map(|m| (m.ply, m.notation.clone()))
            .collect();
        let listed: Vec<(u32, String)> = since
            .moves
            .iter()
            .map(|m| (m.ply, m.coordinate.clone()))
            .collect();
        assert_eq!(listed, after, "turn {turn}");
        assert!(!listed.is_empty());
        assert!(since.moves.iter().all(|m| m.by.seat != 0));
        assert_eq!(post.picture.as_ref().unwrap().seat, 0, "seen from S");
        assert!(matches!(&post.event, Event::Move { by, .. } if by.seat != 0));
    }
}

async fn a_yonin_game_whose_people_are_out_is_played_to_its_end_quietly(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    alice_against_three_computers(&f).await;
    // Alice lets her time run out: she is out, which the channel is told.
    let deadline = f.row(CHANNEL).await.deadline_at.expect("Alice's deadline");
    let notices = s.tick(deadline).await.unwrap();
    assert!(matches!(&notices[..], [Notice::Timeout(_)]), "{notices:?}");
    assert_eq!(kinds(&f, CHANNEL).await, ["game_started", "timeout"]);
    // The computers play it out: only the result, and its replay, are announced.
    let last = computers_play(&f).await.expect("the computers moved");
    let over = last.result.expect("the game is over");
    let said = kinds(&f, CHANNEL).await;
    let after: Vec<&str> = said[2..].iter().map(String::as_str).collect();
    let expected: &[&str] = if over.status == shogiban::store::GameStatus::Finished {
        &["result", "replay"]
    } else {
        // A game voided by repetition has no replay to show.
        &["result"]
    };
    assert_eq!(after, expected, "after {} moves", last.ply);
    assert!(last.ply > 3, "{}", last.ply);
    // No computer has a deadline: none was ever set while they played.
    assert!(s.tick(deadline + 30 * DAY).await.unwrap().is_empty());
}

async fn a_computers_turn_has_no_deadline(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let mut request = ChallengeRequest::new(Variant::Standard, vec![computer_person(level(1), 0)]);
    request.seating = Seating::Fixed(vec![Some(ALICE), Some(computer_person(level(1), 0).id)]);
    request.time_limit = TimeLimit::PerMove(DAY);
    s.challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert_eq!(f.row(CHANNEL).await.deadline_at, Some(T0 + DAY));
    let mine = s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    assert_eq!(mine.deadline_at, None, "the computer moves at once");
    let row = f.row(CHANNEL).await;
    assert_eq!((row.deadline_at, row.remind_at), (None, None));
    // However long the bot is away, the computer does not lose on time: it owes a move.
    f.clock.set(T0 + 10 * DAY);
    assert!(s.tick(T0 + 10 * DAY).await.unwrap().is_empty());
    let answer = s.play_computer_turn(CHANNEL).await.unwrap().unwrap();
    assert_eq!(answer.deadline_at, Some(T0 + 11 * DAY), "Alice's day");

    // A yonin game whose first seat is a computer starts without a deadline.
    let computers: Vec<_> = (0..3).map(|slot| computer_person(level(1), slot)).collect();
    let mut seats: Vec<Option<UserId>> = computers.iter().map(|c| Some(c.id)).collect();
    seats.insert(1, Some(BOB));
    let mut request = ChallengeRequest::new(Variant::Yonin, computers);
    request.seating = Seating::Fixed(seats);
    request.time_limit = TimeLimit::PerMove(DAY);
    s.challenge(GUILD, OTHER_CHANNEL, &person(BOB), &request)
        .await
        .unwrap();
    let row = f.row(OTHER_CHANNEL).await;
    assert_eq!(row.seats[1].user_id, BOB);
    assert_eq!(row.deadline_at, None);
    // S, a computer, hands the turn to Bob (W), whose day starts.
    f.clock.set(T0 + 12 * DAY);
    let handed = s.play_computer_turn(OTHER_CHANNEL).await.unwrap().unwrap();
    assert_eq!(handed.next.as_ref().map(|p| p.user_id), Some(BOB));
    assert_eq!(handed.deadline_at, Some(T0 + 13 * DAY));
}

async fn a_computers_answer_takes_the_buttons_off_the_offer(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let computer = computer_person(level(2), 0);
    let mut request = ChallengeRequest::new(Variant::Standard, vec![computer.clone()]);
    request.seating = Seating::Fixed(vec![Some(ALICE), Some(computer.id)]);
    s.challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    // A draw at the start, where the computer stands no worse, is declined.
    s.offer_draw(CHANNEL, ALICE).await.unwrap();
    let answer = s.computer_answers(CHANNEL).await.unwrap();
    assert!(
        matches!(answer, Some(ComputerAnswer::Declined { by, .. }) if by == computer.id),
        "{answer:?}"
    );
    let stored = s.store().announcements_in_channel(CHANNEL).await.unwrap();
    let said: Vec<Announcement> = stored
        .iter()
        .map(|a| serde_json::from_value(a.payload.clone()).unwrap())
        .collect();
    let made = stored[said.len() - 3].id;
    let [Announcement::OfferMade(_), Announcement::OfferDeclined(_), Announcement::OfferAnswered(edit)] =
        &said[said.len() - 3..]
    else {
        panic!("the offer, its refusal and the edit of its message: {said:?}");
    };
    assert_eq!(edit.made, Some(made), "the offer's own message");
    assert!(!edit.accepted);
    assert_eq!(edit.by, computer.id);
    assert_eq!(edit.offer.kind, OfferKind::Draw);

    // A takeback in an unrated game is granted: the request's message says so too.
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    s.play_computer_turn(CHANNEL).await.unwrap().unwrap();
    s.request_takeback(CHANNEL, ALICE).await.unwrap();
    let answer = s.computer_answers(CHANNEL).await.unwrap();
    assert!(
        matches!(answer, Some(ComputerAnswer::Accepted(_))),
        "{answer:?}"
    );
    let stored = s.store().announcements_in_channel(CHANNEL).await.unwrap();
    let said: Vec<Announcement> = stored
        .iter()
        .map(|a| serde_json::from_value(a.payload.clone()).unwrap())
        .collect();
    let request_id = stored
        .iter()
        .zip(&said)
        .rev()
        .find(
            |(_, a)| matches!(a, Announcement::OfferMade(m) if m.offer.kind == OfferKind::Takeback),
        )
        .map(|(stored, _)| stored.id);
    let [Announcement::Outcome(taken), Announcement::OfferAnswered(edit)] = &said[said.len() - 2..]
    else {
        panic!("the board after the takeback and the edit of the request: {said:?}");
    };
    assert!(matches!(taken.event, Event::TakeBack { plies: 2, .. }));
    assert_eq!(edit.made, request_id);
    assert!(edit.accepted);
}

async fn four_player_records_count_places(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    start_on(
        s,
        CHANNEL,
        Variant::Yonin,
        &[ALICE, BOB, CAROL, DAVE],
        TimeLimit::PerMove(DAY),
    )
    .await;
    // S (Alice) is mated by W (Bob); N (Carol) runs out of time; E (Dave) resigns, two
    // being left: Bob 1st, Dave 2nd, Carol 3rd, Alice 4th.
    f.play_all(
        CHANNEL,
        &[
            "6h6g", "8f7f", "7a7b", "1c2c", "5i6h", "8e8h", "6h7g", "9f8f", "9c8c",
        ],
    )
    .await;
    let deadline = f.row(CHANNEL).await.deadline_at.unwrap();
    s.tick(deadline).await.unwrap();
    s.resign(CHANNEL, DAVE).await.unwrap();

    let board = s
        .leaderboard(GUILD, Variant::Yonin, false, 10, 0)
        .await
        .unwrap();
    let places: Vec<(UserId, Vec<u32>)> = board
        .iter()
        .map(|row| (row.user_id, row.places.clone()))
        .collect();
    assert_eq!(
        places,
        [
            (BOB, vec![1]),
            (DAVE, vec![0, 1]),
            (CAROL, vec![0, 0, 1]),
            (ALICE, vec![0, 0, 0, 1]),
        ]
    );
    let profile = s.profile(GUILD, DAVE).await.unwrap();
    assert_eq!(profile.ratings.len(), 1);
    assert_eq!(profile.ratings[0].places, [0, 1], "2nd, not a loss");
    // Two-player records stay wins and losses.
    start_on(
        s,
        OTHER_CHANNEL,
        Variant::Standard,
        &[DAVE, ALICE],
        TimeLimit::Unlimited,
    )
    .await;
    s.resign(OTHER_CHANNEL, ALICE).await.unwrap();
    let profile = s.profile(GUILD, DAVE).await.unwrap();
    let standard = profile
        .ratings
        .iter()
        .find(|r| r.variant == Variant::Standard)
        .unwrap();
    assert!(standard.places.is_empty());
    assert_eq!((standard.wins, standard.losses), (1, 0));
}

on_both_backends!(
    computers_never_make_a_game_rated,
    rated_computer_games_of_the_past_are_unrated_and_ratings_computed_again(multi),
    a_yonin_game_with_computers_is_announced_once_per_persons_turn,
    a_yonin_game_whose_people_are_out_is_played_to_its_end_quietly,
    a_computers_turn_has_no_deadline,
    a_computers_answer_takes_the_buttons_off_the_offer,
    four_player_records_count_places,
);
