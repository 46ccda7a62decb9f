//! The correspondence clock: reminders, timeouts and challenge expiry. Everything due is
//! read from the database, so a restarted bot finds every deadline where it was, and each
//! is announced in the game's channel by the write that applies it.

use std::future::Future;
use std::time::Duration;

use crate::engine::Seat;
use crate::store;

use super::announce::{ArchiveThread, Reminder};
use super::challenges::expiry_announcements;
use super::play::Write;
use super::table::Table;
use super::{Announcement, Event, Notice, Service, ServiceError, ServiceResult};

/// The longest the scheduler sleeps without looking at the schedule again.
const MAX_SLEEP: Duration = Duration::from_secs(60);
/// The shortest pause between two rounds, so a game that cannot be processed is not
/// retried in a busy loop.
const MIN_SLEEP: Duration = Duration::from_secs(1);

impl Service {
    /// Does what is due at `now`: expires challenges, applies timeouts (a loss in
    /// two-player games, an elimination in yonin) and sends reminders when a quarter of a
    /// turn's time is left, each stored with its announcement. Returns what was done. Safe
    /// to run from several places at once: each notice is produced (and announced) once.
    ///
    /// A game that cannot be processed is logged and left for the next round; the others
    /// go ahead.
    pub async fn tick(&self, now: i64) -> ServiceResult<Vec<Notice>> {
        let mut notices = Vec::new();
        let expired = self
            .store()
            .expire_due_challenges(expiry_announcements, now)
            .await?;
        if !expired.is_empty() {
            self.announced();
        }
        for challenge in expired {
            notices.push(Notice::ChallengeExpired(
                self.challenge_view(&challenge).await?,
            ));
        }
        self.end_due_vacations(now).await?;
        for row in self.store().due_deadlines(now).await? {
            let game_id = row.id;
            match self.time_out(row, now).await {
                Ok(outcome) => notices.push(Notice::Timeout(Box::new(outcome))),
                // A move or another sweep got there first; the next round looks again.
                Err(ServiceError::Raced | ServiceError::GameOver(_)) => {}
                Err(error) => tracing::error!(game = %game_id, %error, "timeout not applied"),
            }
        }
        for thread in self.store().due_thread_archives(now).await? {
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
            match self.store().archive_thread(&thread, announce, now).await {
                Ok(true) => self.announced(),
                Ok(false) => {}
                Err(error) => {
                    tracing::error!(game = %thread.game_id, %error, "thread not archived")
                }
            }
        }
        if let Err(error) = self.send_due_digests(now).await {
            tracing::error!(%error, "digests not sent");
        }
        for row in self.store().due_reminders(now).await? {
            let game_id = row.id;
            match self.remind(row, now).await {
                Ok(Some(notice)) => notices.push(notice),
                Ok(None) => {}
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
    /// at least once a minute). What it does is announced through the outbox.
    pub async fn run_scheduler(&self, shutdown: impl Future<Output = ()>) {
        tokio::pin!(shutdown);
        loop {
            match self.tick(self.now()).await {
                Ok(notices) => {
                    for notice in notices {
                        tracing::debug!(?notice, "scheduled change applied");
                    }
                }
                Err(error) => tracing::error!(%error, "scheduler round failed"),
            }
            let pause = match self.next_wakeup().await {
                Ok(Some(at)) => {
                    let seconds = u64::try_from(at.saturating_sub(self.now())).unwrap_or(0);
                    Duration::from_secs(seconds).clamp(MIN_SLEEP, MAX_SLEEP)
                }
                Ok(None) => MAX_SLEEP,
                Err(error) => {
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

    /// The player to move in a game past its deadline runs out of time.
    async fn time_out(&self, row: store::Game, now: i64) -> ServiceResult<super::Outcome> {
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
    }

    /// The reminder of a game's current turn, stored with its announcement, unless another
    /// round sent it already.
    async fn remind(&self, row: store::Game, now: i64) -> ServiceResult<Option<Notice>> {
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
