//! Work done once across processes: two game tables (two bot processes, each with its own
//! process id) on one database and one clock, each ticking and playing the computer's
//! turns. Every timeout, reminder, challenge expiry, vacation end, thread archive, digest
//! and computer move is done and announced once, and an item claimed by a process that died
//! is left alone until the claim's lease runs out, then taken over and done once.

use common::backends::Backend;

use crate::support::*;
use shogiban::computer::Level;
use shogiban::engine::Variant;
use shogiban::service::{
    Announcement, ChallengeRequest, Event, Notice, Seating, Service, Settings, TimeLimit,
};
use shogiban::store::{ChallengeId, ChannelId, GameId, NotificationMode, UserId, WorkKind};

/// Where Erin plays her game with no clock (she is to move: her digest lists it).
const ERINS_CHANNEL: ChannelId = ChannelId(800_000_000_000_000_011);
/// The channel a game in a thread of its own hangs from, and the thread.
const PARENT_CHANNEL: ChannelId = ChannelId(800_000_000_000_000_012);
const THREAD: ChannelId = ChannelId(800_000_000_000_000_013);
/// Direct messages to Erin queue under her id.
const ERINS_DMS: ChannelId = ChannelId(ERIN.0);

/// A process id for claims that no live service uses: a process that died.
const GONE: &str = "gone-host-4242-deadbeef";

/// A service on the fixture's database and clock claiming work as `process`.
async fn process(f: &Fixture, process: &str) -> Service {
    let settings = Settings {
        process_id: Some(process.to_owned()),
        ..Settings::default()
    };
    let service = Service::open(&f.path, f.clock.clone(), settings)
        .await
        .expect("open service");
    assert_eq!(service.process_id(), process);
    service
}

/// How many of `channel`'s announcements `pick` picks.
async fn count(f: &Fixture, channel: ChannelId, pick: fn(&Announcement) -> bool) -> usize {
    f.announced(channel)
        .await
        .iter()
        .filter(|a| pick(a))
        .count()
}

/// The items of scheduled work all due at [`Due::at`].
struct Due {
    at: i64,
    /// Times out at `at` (a day per move, started at `T0`).
    timeout: GameId,
    /// Its player is reminded at `at` (an hour per move, started 45 minutes before).
    reminder: GameId,
    /// Bob's challenge, expiring at `at`.
    challenge: ChallengeId,
    /// Erin's vacation, ending at `at`.
    vacation: i64,
    /// A game in a thread of its own, ended at `T0`: archived a day later.
    thread_game: GameId,
    /// Erin's digest (she chose it at `T0`) comes at `at`.
    digest: UserId,
}

impl Due {
    /// Every item with its kind and the key it is claimed under.
    fn items(&self) -> [(WorkKind, i64); 6] {
        [
            (WorkKind::Timeout, self.timeout.0),
            (WorkKind::Reminder, self.reminder.0),
            (WorkKind::ChallengeExpiry, self.challenge.0),
            (WorkKind::VacationEnd, self.vacation),
            (WorkKind::ThreadArchive, self.thread_game.0),
            (WorkKind::Digest, i64::try_from(self.digest.0).unwrap()),
        ]
    }

    /// Each due item was done once: the ticks' notices name each once, each was announced
    /// once, and done work left no claim behind.
    async fn done_once(&self, f: &Fixture, done: Done) {
        assert_eq!(
            done,
            Done {
                timeouts: vec![self.timeout],
                reminders: vec![self.reminder],
                expired: vec![self.challenge],
            }
        );
        assert_eq!(announcements_of(f).await, [1; 6]);
        for (kind, item) in self.items() {
            assert_eq!(
                f.service.store().work_claim(kind, item).await.unwrap(),
                None,
                "{kind:?} {item}"
            );
        }
    }
}

/// Sets up one item of each kind of scheduled work, all falling due a day after `T0`.
async fn due_work(f: &Fixture) -> Due {
    let s = &f.service;
    let timeout = f
        .start(
            CHANNEL,
            Variant::Standard,
            &[ALICE, BOB],
            TimeLimit::PerMove(DAY),
        )
        .await
        .game_id;
    let challenge = s
        .challenge(
            GUILD,
            THIRD_CHANNEL,
            &person(BOB),
            &ChallengeRequest::new(Variant::Standard, vec![]),
        )
        .await
        .unwrap()
        .id;
    assert_eq!(Settings::default().challenge_lifetime, DAY);

    // Erin is to move in a game with no clock, asks for the digest and takes a day off.
    f.start(
        ERINS_CHANNEL,
        Variant::Standard,
        &[ERIN, ALICE],
        TimeLimit::Unlimited,
    )
    .await;
    s.set_notifications(ERIN, NotificationMode::Digest)
        .await
        .unwrap();
    s.start_vacation(GUILD, ERIN, 1).await.unwrap();
    let vacations = s.store().due_vacation_ends(T0 + DAY).await.unwrap();
    assert_eq!(vacations.len(), 1);

    // A game in its own thread, over at once.
    let thread_game = f.start_in_thread(PARENT_CHANNEL, THREAD).await.id;
    s.resign(THREAD, BOB).await.unwrap();

    // Three quarters of an hour before the others fall due, a game with an hour a move.
    f.clock.advance(DAY - 45 * 60);
    let reminder = f
        .start(
            OTHER_CHANNEL,
            Variant::Standard,
            &[CAROL, DAVE],
            TimeLimit::PerMove(HOUR),
        )
        .await
        .game_id;
    Due {
        at: T0 + DAY,
        timeout,
        reminder,
        challenge,
        vacation: vacations[0].id,
        thread_game,
        digest: ERIN,
    }
}

fn is_timeout(a: &Announcement) -> bool {
    matches!(a, Announcement::Outcome(o) if matches!(o.event, Event::Timeout { .. }))
}
fn is_reminder(a: &Announcement) -> bool {
    matches!(a, Announcement::Reminder(_))
}
fn is_expiry(a: &Announcement) -> bool {
    matches!(a, Announcement::ChallengeExpired(_))
}
fn is_vacation_end(a: &Announcement) -> bool {
    matches!(a, Announcement::Vacation(v) if !v.started)
}
fn is_archive(a: &Announcement) -> bool {
    matches!(a, Announcement::ArchiveThread(_))
}
fn is_digest(a: &Announcement) -> bool {
    matches!(a, Announcement::Digest(_))
}

/// How many times each item of `due` was announced, in the order of [`Due::items`].
async fn announcements_of(f: &Fixture) -> [usize; 6] {
    [
        count(f, CHANNEL, is_timeout).await,
        count(f, OTHER_CHANNEL, is_reminder).await,
        count(f, THIRD_CHANNEL, is_expiry).await,
        count(f, ERINS_CHANNEL, is_vacation_end).await,
        count(f, THREAD, is_archive).await,
        count(f, ERINS_DMS, is_digest).await,
    ]
}

/// What ticks returned: the games timed out, the games reminded, the challenges expired.
#[derive(Debug, Default, PartialEq)]
struct Done {
    timeouts: Vec<GameId>,
    reminders: Vec<GameId>,
    expired: Vec<ChallengeId>,
}

impl Done {
    fn add(&mut self, notices: Vec<Notice>) {
        for notice in notices {
            match notice {
                Notice::Timeout(outcome) => self.timeouts.push(outcome.game_id),
                Notice::Reminder { game_id, .. } => self.reminders.push(game_id),
                Notice::ChallengeExpired(view) => self.expired.push(view.id),
            }
        }
    }
}

async fn two_processes_do_every_due_item_once(backend: Backend) {
    let f = Fixture::on(backend).await;
    let due = due_work(&f).await;
    let (one, two) = (process(&f, "one").await, process(&f, "two").await);
    assert_eq!(announcements_of(&f).await, [0; 6]);

    // Both processes tick at the same moment, again and again.
    let mut done = Done::default();
    for _ in 0..3 {
        let (a, b) = tokio::join!(one.tick(due.at), two.tick(due.at));
        done.add(a.unwrap());
        done.add(b.unwrap());
    }
    due.done_once(&f, done).await;
}

async fn a_dead_processs_items_wait_for_its_lease_then_are_done_once(backend: Backend) {
    let f = Fixture::on(backend).await;
    let due = due_work(&f).await;
    let lease = Settings::default().work_lease;
    // The reminded game's turn runs out a quarter of an hour after the reminder.
    assert!(lease < 15 * 60, "the reminder is still due after the lease");
    // A process claimed every item as it fell due, then died before doing any.
    let store = f.service.store();
    for (kind, item) in due.items() {
        assert!(store
            .claim_work(kind, item, GONE, lease, due.at)
            .await
            .unwrap());
    }

    // The live process leaves them alone while the lease holds...
    let live = process(&f, "live").await;
    for at in [due.at, due.at + lease - 1] {
        let notices = live.tick(at).await.unwrap();
        assert!(notices.is_empty(), "at {at}: {notices:?}");
        assert_eq!(announcements_of(&f).await, [0; 6], "at {at}");
    }
    assert!(f
        .service
        .store()
        .game(due.timeout)
        .await
        .unwrap()
        .unwrap()
        .finished_at
        .is_none());
    assert_eq!(
        f.service
            .store()
            .game_thread(due.thread_game)
            .await
            .unwrap()
            .unwrap()
            .archived_at,
        None
    );

    // ...and takes each over once the lease has run out, once.
    let mut done = Done::default();
    done.add(live.tick(due.at + lease).await.unwrap());
    done.add(live.tick(due.at + lease + 1).await.unwrap());
    due.done_once(&f, done).await;
}

/// A game of Alice against the computer (level 1), Alice to move.
async fn against_the_computer(f: &Fixture) -> GameId {
    let mut request = ChallengeRequest::new(Variant::Standard, vec![]);
    request.seating = Seating::Fixed(vec![Some(ALICE), None]);
    request.rated = Some(false);
    request.level = Level::new(1);
    let challenge = f
        .service
        .challenge(GUILD, CHANNEL, &person(ALICE), &request)
        .await
        .unwrap();
    f.service
        .fill_with_computers(challenge.id, ALICE)
        .await
        .unwrap();
    f.row(CHANNEL).await.id
}

async fn two_processes_play_each_computer_move_once(backend: Backend) {
    let f = Fixture::on(backend).await;
    let game = against_the_computer(&f).await;
    let (one, two) = (process(&f, "one").await, process(&f, "two").await);
    // Edge pawns: legal whatever the computer answers in the first moves.
    for (round, text) in ["2g2f", "9g9f", "1g1f"].into_iter().enumerate() {
        f.service.play(CHANNEL, ALICE, text).await.unwrap();
        let ply = f.row(CHANNEL).await.ply;
        assert_eq!(one.computer_turns().await.unwrap(), [CHANNEL]);
        // Both processes see the computer's turn and go for it at once: one plays it,
        // the other finds it claimed or already played, and neither fails.
        let (a, b) = tokio::join!(
            one.play_computer_turn(CHANNEL),
            two.play_computer_turn(CHANNEL)
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(
            usize::from(a.is_some()) + usize::from(b.is_some()),
            1,
            "round {round}"
        );
        let row = f.row(CHANNEL).await;
        assert_eq!(row.ply, ply + 1, "round {round}: one move was played");
        assert_eq!(
            f.service.store().moves(game).await.unwrap().len(),
            row.ply as usize
        );
        assert!(one.computer_turns().await.unwrap().is_empty());
        assert_eq!(
            f.service
                .store()
                .work_claim(WorkKind::ComputerMove, game.0)
                .await
                .unwrap(),
            None
        );
    }
}

async fn a_dead_processs_computer_move_is_played_after_its_lease(backend: Backend) {
    let f = Fixture::on(backend).await;
    let game = against_the_computer(&f).await;
    f.service.play(CHANNEL, ALICE, "2g2f").await.unwrap();
    let lease = Settings::default().work_lease;
    assert!(f
        .service
        .store()
        .claim_work(WorkKind::ComputerMove, game.0, GONE, lease, T0)
        .await
        .unwrap());

    let live = process(&f, "live").await;
    assert_eq!(live.computer_turns().await.unwrap(), [CHANNEL]);
    f.clock.advance(lease - 1);
    assert!(live.play_computer_turn(CHANNEL).await.unwrap().is_none());
    assert_eq!(f.row(CHANNEL).await.ply, 1);
    f.clock.advance(1);
    assert!(live.play_computer_turn(CHANNEL).await.unwrap().is_some());
    assert_eq!(f.row(CHANNEL).await.ply, 2);
    assert!(live.computer_turns().await.unwrap().is_empty());
    assert!(live.play_computer_turn(CHANNEL).await.unwrap().is_none());
}

on_both_backends! {
    two_processes_do_every_due_item_once (multi),
    a_dead_processs_items_wait_for_its_lease_then_are_done_once,
    two_processes_play_each_computer_move_once (multi),
    a_dead_processs_computer_move_is_played_after_its_lease,
}
