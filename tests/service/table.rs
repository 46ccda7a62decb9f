//! The game table through its public API on a temporary database file: standard games
//! from challenge to leaderboard, refusals that change nothing, challenges, agreements
//! between players, records and lists.

use common::backends::Backend;

use crate::support::*;
use shogiban::engine::{EndReason, SeatName, Variant};
use shogiban::service::Notation::Western;
use shogiban::service::{
    AcceptOutcome, Announcement, ChallengeRequest, Event, GameRef, OfferOutcome, RecordFormat,
    ReplaySeat, Seating, ServiceError, TimeLimit,
};
use shogiban::store::{ChallengeStatus, GameStatus, InviteResponse, OfferKind, Pool, SeatMode};

async fn a_standard_game_from_challenge_to_leaderboard(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;

    let mut request = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);
    request.seating = Seating::Fixed(vec![Some(ALICE), Some(BOB)]);
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Open);
    assert_eq!(challenge.challenger.name.as_deref(), Some("Alice"));
    assert_eq!(challenge.challenger.seat_name, Some(SeatName::Black));
    assert_eq!(challenge.invitees.len(), 1);
    assert_eq!(challenge.invitees[0].seat_name, Some(SeatName::White));
    assert_eq!(challenge.invitees[0].response, InviteResponse::Pending);
    assert_eq!(challenge.open_seats, 0);
    assert_eq!(challenge.seconds_per_move, Some(3 * DAY));
    assert_eq!(challenge.expires_at, T0 + DAY);
    assert!(challenge.rated);

    f.clock.advance(60);
    let AcceptOutcome::Started { challenge, game } = s
        .accept_challenge(challenge.id, &person(BOB))
        .await
        .unwrap()
    else {
        panic!("accepting a two-player challenge starts the game");
    };
    assert_eq!(challenge.status, ChallengeStatus::Accepted);
    assert_eq!(game.ply, 0);
    let to_move = game.to_move.clone().unwrap();
    assert_eq!(
        (to_move.user_id, to_move.seat_name),
        (ALICE, SeatName::Black)
    );
    assert_eq!(to_move.to_string(), "black (Alice)");
    assert_eq!(game.deadline_at, Some(T0 + 60 + 3 * DAY));
    let image = drawn(Some(&game.picture)).await;
    assert!(is_png(&image.png));
    assert_eq!(image.seat_name, "black");

    let mut outcomes = Vec::new();
    for (i, text) in STANDARD_MATE.iter().enumerate() {
        f.clock.advance(HOUR);
        let mover = if i % 2 == 0 { ALICE } else { BOB };
        outcomes.push(s.play(CHANNEL, mover, text).await.unwrap());
    }
    let first = &outcomes[0];
    let Event::Move {
        by,
        readable,
        coordinate,
        japanese,
    } = &first.event
    else {
        panic!("a move event");
    };
    assert_eq!(
        (by.user_id, &readable[..], &coordinate[..]),
        (ALICE, "P-9f", "9g9f")
    );
    assert_eq!(japanese.as_deref(), Some("９六歩"));
    assert_eq!(first.ply, 1);
    assert_eq!(first.next.as_ref().unwrap().user_id, BOB);
    assert_eq!(first.deadline_at, Some(T0 + 60 + HOUR + 3 * DAY));
    let image = drawn(first.picture.as_ref()).await;
    assert!(is_png(&image.png));
    // The channel's board stays on the challenger's side whoever is to move.
    assert_eq!(image.seat_name, "black", "drawn from the challenger's seat");
    assert!(first.result.is_none());

    let last = outcomes.last().unwrap();
    let Event::Move { readable, .. } = &last.event else {
        panic!("a move event");
    };
    assert_eq!(readable, "S*5c");
    assert_eq!(last.checks.len(), 1);
    assert_eq!(last.checks[0].user_id, BOB);
    assert!(last.next.is_none());
    assert!(last.deadline_at.is_none());
    let over = last.result.as_ref().expect("checkmate ends the game");
    assert_eq!(over.status, GameStatus::Finished);
    assert_eq!(over.reason, EndReason::Checkmate);
    assert_eq!(over.summary, "black (Alice) wins (checkmate)");
    assert!(over.rated);
    let places: Vec<_> = over
        .standings
        .iter()
        .map(|s| (s.player.user_id, s.place))
        .collect();
    assert_eq!(places, [(ALICE, Some(1)), (BOB, Some(2))]);
    let winner = over.standings[0].rating.unwrap();
    let loser = over.standings[1].rating.unwrap();
    assert_eq!((winner.before, loser.before), (1500, 1500));
    assert!(
        winner.after > 1500 && loser.after < 1500,
        "{winner:?} {loser:?}"
    );
    assert_eq!(winner.delta(), -loser.delta());
    assert!(winner.provisional && loser.provisional);
    let image = drawn(last.picture.as_ref()).await;
    assert!(is_png(&image.png));
    assert_eq!(image.seat_name, "black");

    // The game is over: the channel is free and the move stands in the records.
    assert!(matches!(
        s.play(CHANNEL, BOB, "5b4b").await,
        Err(ServiceError::NoGameHere)
    ));
    let rows = s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap();
    let board: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r.rank,
                r.user_id,
                r.name.as_deref(),
                r.rating,
                r.games,
                r.wins,
                r.losses,
            )
        })
        .collect();
    assert_eq!(
        board,
        [
            (1, ALICE, Some("Alice"), winner.after, 1, 1, 0),
            (2, BOB, Some("Bob"), loser.after, 1, 0, 1)
        ]
    );
    assert!(rows.iter().all(|r| r.provisional));
    assert!(s
        .leaderboard(GUILD, Variant::Standard, true, 10, 0)
        .await
        .unwrap()
        .is_empty());
    assert!(s
        .leaderboard(OTHER_GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap()
        .is_empty());
    assert!(s
        .leaderboard(GUILD, Variant::Yonin, false, 10, 0)
        .await
        .unwrap()
        .is_empty());

    let profile = s.profile(GUILD, ALICE).await.unwrap();
    assert_eq!(profile.name.as_deref(), Some("Alice"));
    assert_eq!(profile.ratings.len(), 1);
    let rating = &profile.ratings[0];
    assert_eq!(
        (
            rating.variant,
            rating.rating,
            rating.games,
            rating.wins,
            rating.provisional,
            rating.rank
        ),
        (Variant::Standard, winner.after, 1, 1, true, None)
    );
    assert!(profile.active_games.is_empty());
    assert_eq!(profile.recent_games.len(), 1);

    let history = s.history(BOB, None, 10, 0).await.unwrap();
    assert_eq!(history.len(), 1);
    let played = &history[0];
    assert_eq!((played.status, played.ply), (GameStatus::Finished, 7));
    assert_eq!(
        played.result.as_deref(),
        Some("black (Alice) wins (checkmate)")
    );
    assert_eq!(played.players[1].place, Some(2));
    assert_eq!(played.players[1].rating_before, Some(1500));
    assert_eq!(played.players[1].rating_after, Some(loser.after));
    assert!(s.active_games(ALICE).await.unwrap().is_empty());

    let log = s.store().moves(played.game_id).await.unwrap();
    let notation: Vec<&str> = log.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(
        notation,
        ["9g9f", "5a5b", "8h9g", "5c5d", "9g3a+", "4a5a", "S*5c"]
    );
    assert_eq!(log[2].readable, "B-9g");
}

async fn refused_moves_change_nothing(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Default,
    )
    .await;
    let before = f.row(CHANNEL).await;

    assert!(matches!(
        s.play(CHANNEL, CAROL, "7g7f").await,
        Err(ServiceError::NotAPlayer)
    ));
    assert_eq!(
        message(s.play(CHANNEL, BOB, "3c3d").await),
        "It is not your turn: black (Alice) is to move."
    );
    let illegal = message(s.play(CHANNEL, ALICE, "7g7e").await);
    assert!(illegal.contains("7g7e"), "{illegal}");
    let not_mine = message(s.play(CHANNEL, ALICE, "3c3d").await);
    assert!(not_mine.contains("not yours"), "{not_mine}");
    let unreadable = message(s.play(CHANNEL, ALICE, "hello").await);
    assert!(unreadable.contains("hello"), "{unreadable}");
    assert!(matches!(
        s.play(OTHER_CHANNEL, ALICE, "7g7f").await,
        Err(ServiceError::NoGameHere)
    ));
    // Strangers and players out of turn get nothing from the game's actions either.
    assert!(matches!(
        s.resign(CHANNEL, CAROL).await,
        Err(ServiceError::NotAPlayer)
    ));
    assert!(matches!(
        s.declare(CHANNEL, BOB).await,
        Err(ServiceError::NotYourTurn { .. })
    ));
    assert!(matches!(
        s.offer_draw(CHANNEL, CAROL).await,
        Err(ServiceError::NotAPlayer)
    ));
    assert!(matches!(
        s.abort(CHANNEL, CAROL, false).await,
        Err(ServiceError::NotAPlayer)
    ));

    let after = f.row(CHANNEL).await;
    assert_eq!(after, before);
    assert!(s.store().moves(after.id).await.unwrap().is_empty());
}

async fn autocomplete_offers_legal_moves_in_both_notations(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Default,
    )
    .await;

    let all = s
        .legal_moves_for(CHANNEL, ALICE, "", 25, Western)
        .await
        .unwrap();
    assert_eq!(all.moves.len(), 25, "as many as asked for");
    assert_eq!(all.matching, 30, "of the 30 legal moves");
    let by_coordinate = s
        .legal_moves_for(CHANNEL, ALICE, "7g", 25, Western)
        .await
        .unwrap()
        .moves;
    let values: Vec<&str> = by_coordinate.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(values, ["7g7f"]);
    assert_eq!(by_coordinate[0].label, "P-7f (7g7f, ７六歩)");
    let by_western = s
        .legal_moves_for(CHANNEL, ALICE, "p-7", 25, Western)
        .await
        .unwrap()
        .moves;
    assert_eq!(by_western.len(), 1);
    assert_eq!(by_western[0].value, "7g7f");
    // A destination finds the moves that go there.
    let to_square = s
        .legal_moves_for(CHANNEL, ALICE, "7f", 25, Western)
        .await
        .unwrap()
        .moves;
    assert_eq!(to_square[0].value, "7g7f");
    let rook = s
        .legal_moves_for(CHANNEL, ALICE, "R", 25, Western)
        .await
        .unwrap()
        .moves;
    assert!(!rook.is_empty() && rook.iter().all(|c| c.value.starts_with("2h")));
    assert!(s
        .legal_moves_for(CHANNEL, ALICE, "zz", 25, Western)
        .await
        .unwrap()
        .moves
        .is_empty());
    // Every offered value plays.
    let choice = &s
        .legal_moves_for(CHANNEL, ALICE, "2g", 25, Western)
        .await
        .unwrap()
        .moves[0];
    s.play(CHANNEL, ALICE, &choice.value).await.unwrap();
    assert!(matches!(
        s.legal_moves_for(CHANNEL, ALICE, "", 25, Western).await,
        Err(ServiceError::NotYourTurn { .. })
    ));
    assert!(matches!(
        s.legal_moves_for(CHANNEL, CAROL, "", 25, Western).await,
        Err(ServiceError::NotAPlayer)
    ));
    assert!(!s
        .legal_moves_for(CHANNEL, BOB, "", 25, Western)
        .await
        .unwrap()
        .moves
        .is_empty());
}

async fn the_board_is_drawn_for_the_asking_player(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Default,
    )
    .await;
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    let board = s.board(CHANNEL, ALICE).await.unwrap();
    assert_eq!(board.image.as_ref().unwrap().seat_name, "black");
    assert_eq!(board.last_move.as_deref(), Some("P-7f"));
    assert_eq!(
        board.position,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    );
    assert_eq!(board.to_move.as_ref().unwrap().user_id, BOB);
    assert_eq!(board.players.len(), 2);
    let bob = s.board(CHANNEL, BOB).await.unwrap();
    assert_eq!(bob.image.as_ref().unwrap().seat_name, "white");
    // A spectator sees the board from the first seat, whoever is to move.
    let spectator = s.board(CHANNEL, CAROL).await.unwrap();
    assert_eq!(spectator.image.as_ref().unwrap().seat_name, "black");
    assert!(matches!(
        s.board(OTHER_CHANNEL, ALICE).await,
        Err(ServiceError::NoGameHere)
    ));
}

async fn each_player_s_board_and_replay_are_drawn_with_their_own_pieces(backend: Backend) {
    use shogiban::render::PieceStyle;
    use shogiban::service::{PieceSet, PlayerSettings};
    let f = Fixture::on(backend).await;
    let s = &f.service;
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Default,
    )
    .await;
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    s.change_player_settings(
        ALICE,
        PlayerSettings {
            pieces: Some(PieceSet::International),
            ..PlayerSettings::default()
        },
    )
    .await
    .unwrap();
    let alice = s.board(CHANNEL, ALICE).await.unwrap();
    let drawn = &alice.image.as_ref().unwrap().png;
    assert_eq!(
        drawn,
        &alice.picture.png_styled(PieceStyle::International).unwrap()
    );
    assert_ne!(drawn, &alice.picture.png().unwrap());
    // Bob keeps the kanji of the default.
    let bob = s.board(CHANNEL, BOB).await.unwrap();
    assert_eq!(bob.image.as_ref().unwrap().png, bob.picture.png().unwrap());

    // The replay one steps through privately follows the viewer's setting too.
    let game = GameRef::InGuild(GUILD, alice.game_id);
    let replay = |viewer| s.replay_board(game, Some(1), Some(0), viewer, plain_captions());
    let (for_alice, for_bob) = (replay(ALICE).await.unwrap(), replay(BOB).await.unwrap());
    assert_ne!(
        for_alice.image.as_ref().unwrap().png,
        for_bob.image.as_ref().unwrap().png
    );
}

async fn challenges_are_answered_cancelled_and_checked(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let alice = person(ALICE);
    let request = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);

    // Declined: closed for good.
    let challenge = s.challenge(GUILD, CHANNEL, &alice, &request).await.unwrap();
    assert_eq!(challenge.seat_mode, SeatMode::Random);
    assert!(matches!(
        s.decline_challenge(challenge.id, CAROL).await,
        Err(ServiceError::NotInvited(_))
    ));
    assert!(matches!(
        s.accept_challenge(challenge.id, &alice).await,
        Err(ServiceError::OwnChallenge(_))
    ));
    let declined = s.decline_challenge(challenge.id, BOB).await.unwrap();
    assert_eq!(declined.status, ChallengeStatus::Declined);
    assert_eq!(
        message(s.accept_challenge(challenge.id, &person(BOB)).await),
        format!(
            "Challenge #{} was declined; it can no longer be answered.",
            challenge.id
        )
    );

    // Cancelled: only by the challenger.
    let challenge = s.challenge(GUILD, CHANNEL, &alice, &request).await.unwrap();
    assert!(matches!(
        s.cancel_challenge(challenge.id, BOB).await,
        Err(ServiceError::NotChallenger(_))
    ));
    let cancelled = s.cancel_challenge(challenge.id, ALICE).await.unwrap();
    assert_eq!(cancelled.status, ChallengeStatus::Cancelled);

    // Strangers cannot take a seat that was offered to someone by name.
    let challenge = s.challenge(GUILD, CHANNEL, &alice, &request).await.unwrap();
    assert!(matches!(
        s.accept_challenge(challenge.id, &person(CAROL)).await,
        Err(ServiceError::NotInvited(_))
    ));
    assert_eq!(s.open_challenges(CHANNEL).await.unwrap().len(), 1);
    assert_eq!(s.challenges_of(BOB).await.unwrap().len(), 1);
    assert!(s.challenges_of(CAROL).await.unwrap().is_empty());

    // Random seats: both players get one.
    let AcceptOutcome::Started { game, .. } = s
        .accept_challenge(challenge.id, &person(BOB))
        .await
        .unwrap()
    else {
        panic!("started");
    };
    let mut seated: Vec<_> = game.players.iter().map(|p| p.user_id).collect();
    seated.sort();
    assert_eq!(seated, [ALICE, BOB]);
    assert!(s.open_challenges(CHANNEL).await.unwrap().is_empty());

    // One game per channel: no new challenge there while it runs.
    assert!(matches!(
        s.challenge(
            GUILD,
            CHANNEL,
            &person(CAROL),
            &ChallengeRequest::new(Variant::Standard, vec![person(DAVE)])
        )
        .await,
        Err(ServiceError::ChannelBusy)
    ));
}

async fn challenges_that_cannot_be_played_are_refused(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let alice = person(ALICE);
    let refused = |request: ChallengeRequest| {
        let s = s.clone();
        let alice = alice.clone();
        async move { message(s.challenge(GUILD, CHANNEL, &alice, &request).await) }
    };

    let too_many = ChallengeRequest::new(Variant::Standard, vec![person(BOB), person(CAROL)]);
    assert_eq!(
        refused(too_many).await,
        "Shogi is for 2 players: name at most 1 opponent."
    );
    let yonin_crowd = ChallengeRequest::new(
        Variant::Yonin,
        vec![person(BOB), person(CAROL), person(DAVE), person(ERIN)],
    );
    assert_eq!(
        refused(yonin_crowd).await,
        "Yonin shogi is for 4 players: name at most 3 opponents."
    );
    let myself = ChallengeRequest::new(Variant::Standard, vec![person(ALICE)]);
    assert_eq!(refused(myself).await, "You cannot challenge yourself.");
    let twice = ChallengeRequest::new(Variant::Yonin, vec![person(BOB), person(BOB)]);
    assert_eq!(refused(twice).await, "Name each opponent only once.");

    let mut short_seats = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);
    short_seats.seating = Seating::Fixed(vec![Some(ALICE)]);
    assert!(refused(short_seats).await.contains("black, white"));
    let mut unseated = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);
    unseated.seating = Seating::Fixed(vec![Some(ALICE), None]);
    assert_eq!(
        refused(unseated).await,
        "Every player of the challenge needs a seat."
    );
    let mut stranger_seated = ChallengeRequest::new(Variant::Standard, vec![]);
    stranger_seated.seating = Seating::Fixed(vec![Some(ALICE), Some(CAROL)]);
    assert_eq!(
        refused(stranger_seated).await,
        "Only the challenger and the named opponents can be given seats."
    );
    let mut two_seats = ChallengeRequest::new(Variant::Standard, vec![]);
    two_seats.seating = Seating::Fixed(vec![Some(ALICE), Some(ALICE)]);
    assert_eq!(refused(two_seats).await, "A player can take only one seat.");

    let mut hasty = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);
    hasty.time_limit = TimeLimit::PerMove(10);
    assert_eq!(
        refused(hasty).await,
        "The time per move must be between 1 minute and 30 days."
    );
    assert!(s.open_challenges(CHANNEL).await.unwrap().is_empty());
}

async fn an_open_challenge_is_taken_up_by_the_first_comer(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let mut request = ChallengeRequest::new(Variant::Standard, vec![]);
    request.seating = Seating::Fixed(vec![None, Some(ALICE)]);
    request.rated = Some(false);
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert_eq!(challenge.open_seats, 1);
    assert_eq!(challenge.challenger.seat_name, Some(SeatName::White));

    let AcceptOutcome::Started { challenge, game } = s
        .accept_challenge(challenge.id, &person(CAROL))
        .await
        .unwrap()
    else {
        panic!("started");
    };
    assert_eq!(challenge.invitees[0].user_id, CAROL);
    assert_eq!(challenge.invitees[0].seat_name, Some(SeatName::Black));
    assert_eq!(game.to_move.unwrap().user_id, CAROL);
    assert!(matches!(
        s.accept_challenge(challenge.id, &person(DAVE)).await,
        Err(ServiceError::ChallengeClosed { .. })
    ));

    // Unrated: a result changes no rating.
    s.resign(CHANNEL, ALICE).await.unwrap();
    assert!(s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap()
        .is_empty());
}

async fn challenges_expire(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let request = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);
    let first = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    let second = s
        .challenge(GUILD, OTHER_CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert_eq!(s.next_wakeup().await.unwrap(), Some(T0 + DAY));

    // Answering after the expiry time is refused even before the scheduler ran.
    f.clock.set(T0 + DAY);
    assert!(matches!(
        s.accept_challenge(first.id, &person(BOB)).await,
        Err(ServiceError::ChallengeExpired(_))
    ));
    assert!(s.active_games(BOB).await.unwrap().is_empty());

    // The scheduler announces each expiry once.
    let notices = s.tick(T0 + DAY).await.unwrap();
    let expired: Vec<_> = notices
        .iter()
        .map(|n| match n {
            shogiban::service::Notice::ChallengeExpired(c) => (c.id, c.status),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(expired, [(second.id, ChallengeStatus::Expired)]);
    assert!(s.tick(T0 + DAY + 1).await.unwrap().is_empty());
    // Each expiry is announced once in its channel, whether the sweep or a late answer
    // found it.
    for (channel, id) in [(CHANNEL, first.id), (OTHER_CHANNEL, second.id)] {
        let said = f.announced(channel).await;
        let kinds: Vec<&str> = said.iter().map(Announcement::kind).collect();
        assert_eq!(kinds, ["challenge", "challenge_expired"]);
        let Announcement::ChallengeExpired(view) = &said[1] else {
            panic!("{said:?}");
        };
        assert_eq!((view.id, view.status), (id, ChallengeStatus::Expired));
        assert_eq!(view.challenger.name.as_deref(), Some("Alice"));
    }
    assert_eq!(s.next_wakeup().await.unwrap(), None);
    assert!(matches!(
        s.accept_challenge(second.id, &person(BOB)).await,
        Err(ServiceError::ChallengeClosed {
            status: ChallengeStatus::Expired,
            ..
        })
    ));
}

async fn draws_are_offered_declined_and_agreed(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let game = f
        .start(
            CHANNEL,
            Variant::Standard,
            &[ALICE, BOB],
            TimeLimit::Default,
        )
        .await;
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();

    assert_eq!(
        message(s.accept_draw(CHANNEL, BOB).await),
        "There is no draw offer to answer."
    );
    let OfferOutcome::Made(offer) = s.offer_draw(CHANNEL, ALICE).await.unwrap() else {
        panic!("an offer");
    };
    assert_eq!((offer.kind, offer.by.user_id), (OfferKind::Draw, ALICE));
    assert_eq!(
        message(s.offer_draw(CHANNEL, ALICE).await),
        "You have already offered a draw; wait for your opponent's answer."
    );
    assert_eq!(
        message(s.accept_draw(CHANNEL, ALICE).await),
        "The draw offer is yours; your opponent has to answer it."
    );
    let standing = s.board(CHANNEL, BOB).await.unwrap().offers;
    assert_eq!(standing, vec![offer.clone()]);

    // Declined: gone.
    assert_eq!(s.decline_draw(CHANNEL, BOB).await.unwrap(), offer);
    assert!(s.board(CHANNEL, BOB).await.unwrap().offers.is_empty());

    // Moving on lapses an offer: Bob's offer stands through his own move, not Alice's.
    s.offer_draw(CHANNEL, BOB).await.unwrap();
    s.play(CHANNEL, BOB, "3c3d").await.unwrap();
    assert_eq!(s.board(CHANNEL, ALICE).await.unwrap().offers.len(), 1);
    s.play(CHANNEL, ALICE, "2g2f").await.unwrap();
    assert!(s.board(CHANNEL, ALICE).await.unwrap().offers.is_empty());
    assert_eq!(
        message(s.accept_draw(CHANNEL, ALICE).await),
        "The draw offer by white (Bob) lapsed when the game moved on, so there is nothing \
         to answer now."
    );

    // An offer survives a restart; offering back agrees to it.
    s.offer_draw(CHANNEL, BOB).await.unwrap();
    let restarted = f.reopen().await;
    let OfferOutcome::Agreed(outcome) = restarted.offer_draw(CHANNEL, ALICE).await.unwrap() else {
        panic!("offering back agrees");
    };
    assert!(matches!(outcome.event, Event::DrawAgreed { .. }));
    let over = outcome.result.unwrap();
    assert_eq!(over.reason, EndReason::DrawAgreed);
    assert_eq!(over.summary, "drawn by agreement");
    assert!(over.standings.iter().all(|s| s.place == Some(1)));
    let rows = s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap();
    assert!(
        rows.iter().all(|r| (r.draws, r.rating) == (1, 1500)),
        "{rows:?}"
    );
    let ended = s.store().game(game.game_id).await.unwrap().unwrap();
    assert_eq!(ended.status, GameStatus::Finished);
}

async fn takebacks_need_the_opponents_consent(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Default,
    )
    .await;
    assert_eq!(
        message(s.request_takeback(CHANNEL, ALICE).await),
        "There is no move of yours to take back."
    );
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    s.play(CHANNEL, BOB, "3c3d").await.unwrap();

    // Alice asks after Bob answered: both moves go, and it is her turn again.
    let request = s.request_takeback(CHANNEL, ALICE).await.unwrap();
    assert_eq!(request.kind, OfferKind::Takeback);
    assert_eq!(
        message(s.request_takeback(CHANNEL, BOB).await),
        "black (Alice) has asked for a takeback; it must be answered first."
    );
    assert!(matches!(
        s.accept_takeback(CHANNEL, ALICE).await,
        Err(ServiceError::OwnOffer(OfferKind::Takeback))
    ));
    f.clock.advance(HOUR);
    let outcome = s.accept_takeback(CHANNEL, BOB).await.unwrap();
    assert!(matches!(outcome.event, Event::TakeBack { plies: 2, .. }));
    assert_eq!(outcome.ply, 0);
    assert_eq!(outcome.next.as_ref().unwrap().user_id, ALICE);
    assert_eq!(outcome.deadline_at, Some(T0 + HOUR + 3 * DAY));
    let row = f.row(CHANNEL).await;
    assert_eq!(row.ply, 0);
    assert!(s.store().moves(row.id).await.unwrap().is_empty());
    assert!(s.board(CHANNEL, ALICE).await.unwrap().last_move.is_none());

    // A request lapses when anyone moves; a declined one is gone.
    s.play(CHANNEL, ALICE, "2g2f").await.unwrap();
    s.request_takeback(CHANNEL, ALICE).await.unwrap();
    s.play(CHANNEL, BOB, "8c8d").await.unwrap();
    assert_eq!(
        message(s.accept_takeback(CHANNEL, BOB).await),
        "The takeback request by black (Alice) lapsed when the game moved on, so there is \
         nothing to answer now."
    );
    s.request_takeback(CHANNEL, BOB).await.unwrap();
    assert_eq!(
        s.decline_takeback(CHANNEL, ALICE).await.unwrap().by.user_id,
        BOB
    );
    assert_eq!(
        message(s.accept_takeback(CHANNEL, ALICE).await),
        "There is no takeback request to answer."
    );
    // Bob's own move only: one ply back.
    s.request_takeback(CHANNEL, BOB).await.unwrap();
    let outcome = s.accept_takeback(CHANNEL, ALICE).await.unwrap();
    assert!(matches!(outcome.event, Event::TakeBack { plies: 1, .. }));
    assert_eq!(outcome.next.unwrap().user_id, BOB);
    let log = s.store().moves(row.id).await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].notation, "2g2f");
    s.play(CHANNEL, BOB, "3c3d").await.unwrap();
    assert_eq!(s.store().moves(row.id).await.unwrap().len(), 2);
}

async fn resignation_declaration_and_abort(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;

    // Resignation any time, even out of turn.
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Default,
    )
    .await;
    let outcome = s.resign(CHANNEL, BOB).await.unwrap();
    assert!(matches!(&outcome.event, Event::Resignation { by } if by.user_id == BOB));
    let over = outcome.result.unwrap();
    assert_eq!(over.summary, "black (Alice) wins (resignation)");
    assert!(outcome.next.is_none());
    // The channel's board stays on the challenger's side.
    assert_eq!(drawn(outcome.picture.as_ref()).await.seat_name, "black");

    // An impasse declaration far from the conditions is refused with the reason.
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Default,
    )
    .await;
    let refusal = message(s.declare(CHANNEL, ALICE).await);
    assert!(refusal.starts_with("the declaration fails"), "{refusal}");

    // Players may abort until both have moved; a moderator any time. No rating changes.
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    let aborted = s.abort(CHANNEL, BOB, false).await.unwrap();
    assert!(matches!(
        aborted.event,
        Event::Aborted {
            by: BOB,
            moderator: false
        }
    ));
    let over = aborted.result.unwrap();
    assert_eq!(over.status, GameStatus::Aborted);
    assert!(!over.rated);
    assert!(over
        .standings
        .iter()
        .all(|s| s.place.is_none() && s.rating.is_none()));

    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Default,
    )
    .await;
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    s.play(CHANNEL, BOB, "3c3d").await.unwrap();
    assert_eq!(
        message(s.abort(CHANNEL, ALICE, false).await),
        "Every player has moved, so the game can no longer be aborted. Resign, offer a draw, or ask a moderator."
    );
    let by_moderator = s.abort(CHANNEL, CAROL, true).await.unwrap();
    assert!(matches!(
        by_moderator.event,
        Event::Aborted {
            by: CAROL,
            moderator: true
        }
    ));

    // Only the resignation counted.
    let rows = s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap();
    let games: Vec<_> = rows.iter().map(|r| (r.user_id, r.games, r.wins)).collect();
    assert_eq!(games, [(ALICE, 1, 1), (BOB, 1, 0)]);
    let history = s.history(ALICE, Some(GUILD), 10, 0).await.unwrap();
    let statuses: Vec<_> = history.iter().map(|g| g.status).collect();
    assert_eq!(
        statuses,
        [
            GameStatus::Aborted,
            GameStatus::Aborted,
            GameStatus::Finished
        ]
    );
}

async fn a_moderator_can_abort_a_game_that_no_longer_reads_back(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let game = f
        .start(
            CHANNEL,
            Variant::Standard,
            &[ALICE, BOB],
            TimeLimit::Default,
        )
        .await;
    let garble = "UPDATE games SET state = 'garbage' WHERE id = $1";
    match s.store().pool() {
        Pool::Sqlite(pool) => sqlx::query(garble)
            .bind(game.game_id)
            .execute(pool)
            .await
            .map(|_| ()),
        Pool::Postgres(pool) => sqlx::query(garble)
            .bind(game.game_id)
            .execute(pool)
            .await
            .map(|_| ()),
    }
    .unwrap();
    assert!(matches!(
        s.play(CHANNEL, ALICE, "7g7f").await,
        Err(ServiceError::Corrupt(_))
    ));
    assert!(matches!(
        s.abort(CHANNEL, ALICE, false).await,
        Err(ServiceError::Corrupt(_))
    ));
    // Lists still show it.
    assert_eq!(s.active_games(ALICE).await.unwrap().len(), 1);
    let aborted = s.abort(CHANNEL, CAROL, true).await.unwrap();
    assert_eq!(aborted.result.unwrap().status, GameStatus::Aborted);
    assert!(matches!(
        s.board(CHANNEL, ALICE).await,
        Err(ServiceError::NoGameHere)
    ));
}

async fn records_and_lists(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let game = f
        .start(
            CHANNEL,
            Variant::Standard,
            &[ALICE, BOB],
            TimeLimit::Default,
        )
        .await;
    f.start(
        OTHER_CHANNEL,
        Variant::Standard,
        &[CAROL, ALICE],
        TimeLimit::Unlimited,
    )
    .await;
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();

    let active = s.active_games(ALICE).await.unwrap();
    let seen: Vec<_> = active
        .iter()
        .map(|g| {
            (
                g.channel_id,
                g.to_move.as_ref().map(|p| p.user_id),
                g.deadline_at.is_some(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (CHANNEL, Some(BOB), true),
            (OTHER_CHANNEL, Some(CAROL), false)
        ]
    );
    assert_eq!(s.games_in_guild(GUILD).await.unwrap().len(), 2);
    assert!(s.games_in_guild(OTHER_GUILD).await.unwrap().is_empty());

    let text = s
        .export(GameRef::Channel(CHANNEL), RecordFormat::Text)
        .await
        .unwrap();
    assert_eq!(text.filename, format!("shogiban-game-{}.txt", game.game_id));
    assert!(text.text.contains("[Black \"Alice\"]"), "{}", text.text);
    assert!(text.text.contains("1. black 7g7f (P-7f)"), "{}", text.text);

    s.resign(CHANNEL, BOB).await.unwrap();
    // After the game ends the channel still exports it; so does its number.
    let kif = s
        .export(GameRef::Channel(CHANNEL), RecordFormat::Kif)
        .await
        .unwrap();
    assert!(kif.text.contains("先手：Alice"), "{}", kif.text);
    assert!(kif.text.contains("７六歩(77)"), "{}", kif.text);
    assert!(kif.text.contains("投了"), "{}", kif.text);
    let csa = s
        .export(GameRef::InGuild(GUILD, game.game_id), RecordFormat::Csa)
        .await
        .unwrap();
    assert!(csa.text.contains("+7776FU"), "{}", csa.text);
    assert!(csa.text.contains("%TORYO"), "{}", csa.text);
    assert!(csa.filename.ends_with(".csa"));
    assert!(matches!(
        s.export(GameRef::Channel(THIRD_CHANNEL), RecordFormat::Kif)
            .await,
        Err(ServiceError::NoGameHere)
    ));
    assert!(matches!(
        s.export(
            GameRef::InGuild(GUILD, shogiban::store::GameId(999)),
            RecordFormat::Kif
        )
        .await,
        Err(ServiceError::GameNotFound(_))
    ));
    // Another server cannot read this server's game by its number.
    assert!(matches!(
        s.export(
            GameRef::InGuild(OTHER_GUILD, game.game_id),
            RecordFormat::Kif
        )
        .await,
        Err(ServiceError::GameNotFound(_))
    ));
}

async fn every_change_is_stored_with_its_announcement(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let mut request = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);
    request.seating = Seating::Fixed(vec![Some(ALICE), Some(BOB)]);
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    let AcceptOutcome::Started { game, .. } = s
        .accept_challenge(challenge.id, &person(BOB))
        .await
        .unwrap()
    else {
        panic!("the game starts");
    };
    let moved = s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    let OfferOutcome::Made(_) = s.offer_draw(CHANNEL, BOB).await.unwrap() else {
        panic!("an offer");
    };
    s.decline_draw(CHANNEL, ALICE).await.unwrap();
    let resigned = s.resign(CHANNEL, BOB).await.unwrap();

    let said = f.announced(CHANNEL).await;
    let kinds: Vec<&str> = said.iter().map(Announcement::kind).collect();
    assert_eq!(
        kinds,
        [
            "challenge",
            "game_started",
            "move",
            "offer",
            "offer_declined",
            "result",
            "replay"
        ]
    );
    let Announcement::Challenge(posted) = &said[0] else {
        panic!("{:?}", said[0]);
    };
    assert_eq!(posted.id, challenge.id);
    assert_eq!(posted.status, ChallengeStatus::Open);
    assert_eq!(posted.invitees[0].seat_name, Some(SeatName::White));
    let Announcement::GameStarted(start) = &said[1] else {
        panic!("{:?}", said[1]);
    };
    assert_eq!(**start, *game);
    assert_eq!(start.picture.seat_name(), "black");
    // The move's announcement is what the mover was told, with the board from the
    // challenger's seat (black, as every board of the game in the channel) and the move
    // marked from the position it was played in.
    let Announcement::Outcome(move_said) = &said[2] else {
        panic!("{:?}", said[2]);
    };
    assert_eq!(**move_said, moved);
    let picture = move_said.picture.as_ref().unwrap();
    assert_eq!(picture.seat_name(), "black");
    let last = picture.last_move.as_ref().unwrap();
    assert_eq!(last.coordinate, "7g7f");
    assert_eq!(last.before, game.position);
    assert!(is_png(&drawn(Some(picture)).await.png));
    let Announcement::OfferMade(offer) = &said[3] else {
        panic!("{:?}", said[3]);
    };
    assert_eq!(
        (offer.offer.kind, offer.offer.by.user_id),
        (OfferKind::Draw, BOB)
    );
    assert_eq!(offer.players.len(), 2);
    let Announcement::OfferDeclined(declined) = &said[4] else {
        panic!("{:?}", said[4]);
    };
    assert_eq!(declined.by, ALICE);
    // The result carries the rating changes the ending wrote.
    let Announcement::Outcome(result) = &said[5] else {
        panic!("{:?}", said[5]);
    };
    assert_eq!(**result, resigned);
    let over = result.result.as_ref().unwrap();
    assert!(over.standings.iter().all(|s| s.rating.is_some()));
    assert_eq!(result.picture.as_ref().unwrap().seat_name(), "black");

    // A second decline of the same offer finds nothing and announces nothing.
    assert!(s.decline_draw(CHANNEL, ALICE).await.is_err());
    assert_eq!(f.announced(CHANNEL).await.len(), 7);
}

async fn a_challenge_the_computer_completes_starts_at_once_and_announces_the_game(
    backend: Backend,
) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let level = shogiban::computer::Level::new(2).unwrap();
    let computer = shogiban::service::computer_person(level, 0);
    let mut request = ChallengeRequest::new(Variant::Standard, vec![computer.clone()]);
    request.seating = Seating::Fixed(vec![Some(ALICE), Some(computer.id)]);
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Accepted);
    assert_eq!(challenge.invitees[0].response, InviteResponse::Accepted);
    // Only the game's first board: an accepted challenge has nothing left to answer.
    let said = f.announced(CHANNEL).await;
    let kinds: Vec<&str> = said.iter().map(Announcement::kind).collect();
    assert_eq!(kinds, ["game_started"]);

    // A yonin challenge with one computer and open seats is announced, the computer in.
    let mut request = ChallengeRequest::new(Variant::Yonin, vec![computer.clone()]);
    request.seating = Seating::Random;
    let open = s
        .challenge(GUILD, OTHER_CHANNEL, &person(BOB), &request)
        .await
        .unwrap();
    assert_eq!(open.status, ChallengeStatus::Open);
    assert_eq!(open.open_seats, 2);
    let said = f.announced(OTHER_CHANNEL).await;
    let [Announcement::Challenge(posted)] = &said[..] else {
        panic!("{said:?}");
    };
    assert_eq!(posted.invitees[0].response, InviteResponse::Accepted);
}

/// Captions as the tests read them: the move number, or "start".
fn plain_captions() -> shogiban::service::ReplayWords {
    shogiban::service::ReplayWords::with_captions(std::sync::Arc::new(
        |caption: &shogiban::service::Caption<'_>| match caption.played {
            Some(played) => format!("{} {}", caption.ply, played.western),
            None => "start".to_owned(),
        },
    ))
}

async fn the_replay_after_a_result_is_drawn_from_the_winners_seat_or_the_first_for_a_draw(
    backend: Backend,
) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let mut request = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);
    request.seating = Seating::Fixed(vec![Some(ALICE), Some(BOB)]);
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    s.accept_challenge(challenge.id, &person(BOB))
        .await
        .unwrap();
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    s.play(CHANNEL, BOB, "3c3d").await.unwrap();
    // Black resigns: white wins, and the replay is seen from white's side.
    s.resign(CHANNEL, ALICE).await.unwrap();
    let said = f.announced(CHANNEL).await;
    let Some(Announcement::Replay(replay)) = said.last() else {
        panic!("the replay comes last: {said:?}");
    };
    assert_eq!(replay.seat, 1);
    assert!(replay.summary.contains("wins"), "{}", replay.summary);
    let file = s
        .replay_gif(
            GameRef::InGuild(GUILD, replay.game_id),
            ReplaySeat::Seat(replay.seat),
            shogiban::render::DEFAULT_BYTE_LIMIT,
            plain_captions(),
        )
        .await
        .unwrap();
    assert_eq!((file.positions, file.frames, file.every), (3, 3, 1));
    assert_eq!(file.seat_name, "white");
    assert!(file.gif.starts_with(b"GIF89a"));
    assert!(file.finished);

    // A draw by agreement in a new game: seen from the first seat.
    let challenge = s
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    s.accept_challenge(challenge.id, &person(BOB))
        .await
        .unwrap();
    s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    s.offer_draw(CHANNEL, BOB).await.unwrap();
    s.offer_draw(CHANNEL, ALICE).await.unwrap();
    let said = f.announced(CHANNEL).await;
    let Some(Announcement::Replay(drawn)) = said.last() else {
        panic!("the replay comes last: {said:?}");
    };
    assert_ne!(drawn.game_id, replay.game_id);
    assert_eq!(drawn.seat, 0);
    assert!(drawn.summary.contains("draw"), "{}", drawn.summary);

    // The board after any move, with the moves around it, from the seat asked for.
    let board = s
        .replay_board(
            GameRef::InGuild(GUILD, replay.game_id),
            Some(1),
            None,
            BOB,
            plain_captions(),
        )
        .await
        .unwrap();
    assert_eq!((board.ply, board.last_ply, board.seat), (1, 2, 1));
    assert_eq!(board.viewer_seat, Some(1));
    let moves: Vec<&str> = board
        .moves
        .iter()
        .map(|m| m.text.western.as_str())
        .collect();
    assert_eq!(moves, ["P-7f", "P-3d"]);
    assert!(board.image.is_some());
    // Another server cannot read it.
    assert!(matches!(
        s.replay_board(
            GameRef::InGuild(OTHER_GUILD, replay.game_id),
            None,
            None,
            BOB,
            plain_captions()
        )
        .await,
        Err(ServiceError::GameNotFound(_))
    ));
}

/// A game in a thread of its own: recorded with the channel it hangs from, its result said
/// there too, and the thread archived once, a day after the end, however many schedulers
/// (here two services on one database, as two processes) tick at that moment.
async fn a_game_in_its_own_thread_is_announced_under_its_channel_and_archived_once(
    backend: Backend,
) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    // The thread the front end opened for the game: a channel of its own.
    let thread = THIRD_CHANNEL;
    let game = f.start_in_thread(CHANNEL, thread).await;
    assert!(s
        .store()
        .active_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .is_none());
    let recorded = s.store().game_thread(game.id).await.unwrap().unwrap();
    assert_eq!(
        (
            recorded.thread_id,
            recorded.parent_channel_id,
            recorded.archived_at
        ),
        (thread, CHANNEL, None)
    );

    s.play(thread, ALICE, "7g7f").await.unwrap();
    s.play(thread, BOB, "3c3d").await.unwrap();
    s.resign(thread, ALICE).await.unwrap();
    let results: Vec<_> = f
        .announced(CHANNEL)
        .await
        .into_iter()
        .filter_map(|a| match a {
            Announcement::ThreadResult(result) => Some(result),
            _ => None,
        })
        .collect();
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(
        (results[0].game_id, results[0].thread_id),
        (game.id, thread)
    );
    assert!(
        results[0].summary.contains("wins"),
        "{}",
        results[0].summary
    );

    // Nothing else is scheduled: the scheduler wakes for the archive, a day after the end.
    assert_eq!(s.next_wakeup().await.unwrap(), Some(T0 + DAY));
    s.tick(T0 + DAY - 1).await.unwrap();
    assert!(s
        .store()
        .due_thread_archives(T0 + DAY - 1)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        s.store().due_thread_archives(T0 + DAY).await.unwrap(),
        std::slice::from_ref(&recorded)
    );
    let archives = |said: Vec<Announcement>| {
        said.into_iter()
            .filter(|a| matches!(a, Announcement::ArchiveThread(_)))
            .count()
    };
    assert_eq!(archives(f.announced(thread).await), 0);

    let other = f.reopen().await;
    let (here, there) = tokio::join!(s.tick(T0 + DAY), other.tick(T0 + DAY));
    here.unwrap();
    there.unwrap();
    s.tick(T0 + DAY + 1).await.unwrap();
    assert_eq!(archives(f.announced(thread).await), 1);
    let archived = s.store().game_thread(game.id).await.unwrap().unwrap();
    assert_eq!(archived.archived_at, Some(T0 + DAY));
    assert!(s
        .store()
        .due_thread_archives(T0 + 2 * DAY)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(s.next_wakeup().await.unwrap(), None);
}

on_both_backends! {
    a_standard_game_from_challenge_to_leaderboard,
    refused_moves_change_nothing,
    autocomplete_offers_legal_moves_in_both_notations,
    the_board_is_drawn_for_the_asking_player,
    challenges_are_answered_cancelled_and_checked,
    challenges_that_cannot_be_played_are_refused,
    an_open_challenge_is_taken_up_by_the_first_comer,
    challenges_expire,
    draws_are_offered_declined_and_agreed,
    takebacks_need_the_opponents_consent,
    resignation_declaration_and_abort,
    a_moderator_can_abort_a_game_that_no_longer_reads_back,
    records_and_lists,
    every_change_is_stored_with_its_announcement,
    a_challenge_the_computer_completes_starts_at_once_and_announces_the_game,
    the_replay_after_a_result_is_drawn_from_the_winners_seat_or_the_first_for_a_draw,
    a_game_in_its_own_thread_is_announced_under_its_channel_and_archived_once(multi),
    each_player_s_board_and_replay_are_drawn_with_their_own_pieces,
}
