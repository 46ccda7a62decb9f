//! The correspondence clock: reminders, timeouts and challenge expiry. Everything due is
//! read from the database, so a restarted bot finds every deadline where it was, and each
//! is announced in the game's channel by the write that applies it. Each item is claimed
//! first, so that of several processes on one database only one does it.

use std::future::Future;
use std::time::Duration;

use crate::engine::Seat;
use crate::store::{self, ChallengeId, GameId, WorkKind};

use super::announce::{ArchiveThread, Reminder};
use super::challenges::expiry_announcements;
use super::play::Write;
use super::table::Table;
use super::{Announcement, ChallengeView, Event, Notice, Service, ServiceError, ServiceResult};

/// The longest the scheduler sleeps without looking at the schedule again.
const MAX_SLEEP: Duration = Duration::from_secs(60);
/// The shortest pause between two rounds, so a game that cannot be processed is not
/// retried in a busy loop.
const MIN_SLEEP: Duration = Duration::from_secs(1);

impl Service {
    /// Does what is due at `now`: expires challenges, ends vacations, applies timeouts (a
    /// loss in two-player games, an elimination in yonin), archives the threads of games
    /// over, sends digests and reminders (when a quarter of a turn's time is left), each
    /// stored with its announcement. Returns what was done. Safe to run from several places
    /// at once, in this process or others on the same database: each item is claimed by one
    /// of them before it is done (see the `work` module), and its write is guarded, so each
    /// notice is produced (and announced) once.
    ///
    /// An item that cannot be processed is logged and left for the next round; the others
    /// go ahead. A database that cannot be reached ends the round at once with its error
    /// (see [`ServiceError::is_unavailable`]): nothing more can be done until it is back.
    pub async fn tick(&self, now: i64) -> ServiceResult<Vec<Notice>> {
        let mut notices = Vec::new();
        for challenge in self.store().challenges_due_to_expire(now).await? {
            let id = challenge.id;
            match self
                .once(WorkKind::ChallengeExpiry, id.0, now, self.expire(id, now))
                .await
            {
                Ok(Some(view)) => notices.push(Notice::ChallengeExpired(view)),
                Ok(None) => {}
                Err(error) if error.is_unavailable() => return Err(error),
                Err(error) => tracing::error!(challenge = %id, %error, "challenge not expired"),
            }
        }
        self.end_due_vacations(now).await?;
        for row in self.store().due_deadlines(now).await? {
            let game_id = row.id;
            match self
                .once(
                    WorkKind::Timeout,
                    game_id.0,
                    now,
                    self.time_out(game_id, now),
                )
                .await
            {
                Ok(Some(outcome)) => notices.push(Notice::Timeout(Box::new(outcome))),
                Ok(None) => {}
                // A move or another sweep got there first; the next round looks again.
                Err(ServiceError::Raced | ServiceError::GameOver(_)) => {}
                Err(error) if error.is_unavailable() => return Err(error),
                Err(error) => tracing::error!(game = %game_id, %error, "timeout not applied"),
            }
        }
        for thread in self.store().due_thread_archives(now).await? {
            let game_id = thread.game_id;
            let archive = self.archive(thread, now);
            match self
                .once(WorkKind::ThreadArchive, game_id.0, now, archive)
                .await
            {
                Ok(_) => {}
                Err(error) if error.is_unavailable() => return Err(error),
                Err(error) => tracing::error!(game = %game_id, %error, "thread not archived"),
            }
        }
        match self.send_due_digests(now).await {
            Ok(_) => {}
            Err(error) if error.is_unavailable() => return Err(error),
            Err(error) => tracing::error!(%error, "digests not sent"),
        }
        for row in self.store().due_reminders(now).await? {
            let game_id = row.id;
            match self
                .once(
                    WorkKind::Reminder,
                    game_id.0,
                    now,
                    self.remind(game_id, now),
                )
                .await
            {
                Ok(Some(notice)) => notices.push(notice),
                Ok(None) => {}
                Err(error) if error.is_unavailable() => return Err(error),
                Err(error) => tracing::error!(game = %game_id, %error, "reminder not sent"),
            }
        }
        Ok(notices)
    }

    /// When the next deadline, reminder or challenge expiry falls, if anything is
    /// scheduled.
    pub async fn next_wakeup(&self) -> ServiceResult<Option<i64>> {
        Ok(self.store().next_scheduled_at().await?)
    }

    /// Runs the clock until `shutdown` completes: ticks whenever something falls due (and
    /// at least once a minute). What it does is announced through the outbox. While the
    /// database cannot be reached it waits for it, quietly, and catches up as soon as it is
    /// back (see [`Service::wait_out_outage`]).
    pub async fn run_scheduler(&self, shutdown: impl Future<Output = ()>) {
        tokio::pin!(shutdown);
        loop {
            match self.tick(self.now()).await {
                Ok(notices) => {
                    for notice in notices {
                        tracing::debug!(?notice, "scheduled change applied");
                    }
                }
                Err(error) => {
                    let waited = tokio::select! {
                        () = &mut shutdown => return,
                        waited = self.wait_out_outage(&error) => waited,
                    };
                    if waited {
                        continue;
                    }
                    tracing::error!(%error, "scheduler round failed");
                }
            }
            let pause = match self.next_wakeup().await {
                Ok(Some(at)) => {
                    let seconds = u64::try_from(at.saturating_sub(self.now())).unwrap_or(0);
                    Duration::from_secs(seconds).clamp(MIN_SLEEP, MAX_SLEEP)
                }
                Ok(None) => MAX_SLEEP,
                Err(error) => {
                    let waited = tokio::select! {
                        () = &mut shutdown => return,
                        waited = self.wait_out_outage(&error) => waited,
                    };
                    if waited {
                        continue;
                    }
                    tracing::error!(%error, "could not read the schedule");
                    MAX_SLEEP
                }
            };
            tokio::select! {
                () = &mut shutdown => return,
                () = tokio::time::sleep(pause) => {}
                () = self.inner.schedule_changed.notified() => {
                    tokio::time::sleep(MIN_SLEEP.min(pause)).await;
                }
            }
        }
    }

    /// Expires the challenge `id` if it is still open and due, announcing it.
    async fn expire(&self, id: ChallengeId, now: i64) -> ServiceResult<Option<ChallengeView>> {
        let Some(expired) = self
            .store()
            .expire_challenge(id, expiry_announcements, now)
            .await?
        else {
            return Ok(None);
        };
        self.announced();
        Ok(Some(self.challenge_view(&expired).await?))
    }

    /// Archives a finished game's thread, unless it already is, announcing it.
    async fn archive(&self, thread: store::GameThread, now: i64) -> ServiceResult<Option<()>> {
        let archive = Announcement::ArchiveThread(Box::new(ArchiveThread {
            game_id: thread.game_id,
            thread_id: thread.thread_id,
        }));
        let announce = |thread: &store::GameThread| {
            Ok(vec![archive.stored_in(
                thread.thread_id,
                Some(thread.game_id),
                None,
            )?])
        };
        if !self.store().archive_thread(&thread, announce, now).await? {
            return Ok(None);
        }
        self.announced();
        Ok(Some(()))
    }

    /// The player to move in the game `id`, if it is past its deadline (read afresh),
    /// runs out of time.
    async fn time_out(&self, id: GameId, now: i64) -> ServiceResult<Option<super::Outcome>> {
        let Some(row) = self.store().due_deadline(id, now).await? else {
            return Ok(None);
        };
        let mut table = Table::from_row(row)?;
        let seat = table
            .seat_to_move()
            .ok_or(ServiceError::GameOver(table.id()))?;
        let report = table.game.timeout(Seat(seat))?;
        let event = Event::Timeout {
            by: table.player(seat),
        };
        self.settle(table, event, report, Write::State, None, now)
            .await
            .map(Some)
    }

    /// The reminder of the game `id`'s current turn, if it is due (read afresh), stored
    /// with its announcement, unless another round sent it already.
    async fn remind(&self, id: GameId, now: i64) -> ServiceResult<Option<Notice>> {
        let Some(row) = self.store().due_reminder(id, now).await? else {
            return Ok(None);
        };
        let table = Table::from_row(row)?;
        let (Some(seat), Some(deadline_at)) = (table.seat_to_move(), table.row.deadline_at) else {
            return Ok(None);
        };
        let announcement = Announcement::Reminder(Box::new(Reminder {
            game_id: table.id(),
            variant: table.variant(),
            player: table.player(seat),
            deadline_at,
        }));
        let announcements =
            vec![announcement.stored_in(table.row.channel_id, Some(table.id()), None)?];
        match self
            .store()
            .mark_reminder_sent(table.row.at_version(), announcements, now)
            .await
        {
            Ok(true) => self.announced(),
            Ok(false)
            | Err(store::StoreError::Conflict { .. } | store::StoreError::GameNotActive { .. }) => {
                return Ok(None)
            }
            Err(error) => return Err(error.into()),
        }
        Ok(Some(Notice::Reminder {
            game_id: table.id(),
            guild_id: table.row.guild_id,
            channel_id: table.row.channel_id,
            variant: table.variant(),
            player: table.player(seat),
            deadline_at,
        }))
    }
}
