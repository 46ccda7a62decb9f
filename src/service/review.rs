//! Game reviews at the table: asking for the review of a finished game, the queue the
//! background worker analyses them from, its progress announced as it goes, and the
//! finished review kept so that asking again is answered at once.
//!
//! A request queues the game in the database (`reviews`, see the store), at most
//! [`ReviewSettings::per_server`] reviews of one server waiting or running at once. The
//! worker ([`Service::run_reviews`], one review at a time per process) claims the oldest
//! with a lease, so several processes never analyse one game twice and a review whose
//! process died is taken over; a process that stops puts its review back in the queue. The
//! search (`computer::analysis`, or the USI engine for standard shogi) runs on a blocking
//! thread and gives way to the computer players: between two positions it waits while any
//! of them is thinking. Its progress is stored every [`ReviewSettings::progress_every`]
//! with an announcement (the first posts the progress message, the later ones edit it),
//! and the finished review is stored as JSON with the announcement of its result, which the
//! front end draws from the stored review.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::computer::analysis::{self, Curve, Judgement, ReviewLimits};
use crate::computer::usi::UsiEngine;
use crate::engine::{Game, Seat, Variant};
use crate::store::{self, ChannelId, GameId, GameStatus, GuildId, NewReview, Queued, UserId};

use super::analysis::{evaluation_chart_of, EvaluationText, Mark};
use super::announce::Announcement;
use super::table::{parse_variant, Table};
use super::{GameRef, MoveText, PlayerView, Service, ServiceError, ServiceResult, THINKERS};
use crate::engine::Position;

pub use super::views::{ReviewDone, ReviewProgress};

/// Reviews of one server waiting or running at once, by default: the one being analysed
/// and one waiting.
pub const REVIEWS_PER_SERVER: u32 = 2;

/// How often, at most, a review's progress message is edited.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(3);

/// How long a process's claim on a review holds without news from it, in seconds: renewed
/// with every progress report, so a process that died is replaced within this.
pub const REVIEW_LEASE: i64 = 30;

/// How often the worker looks for a review to do when it has none.
const POLL: Duration = Duration::from_millis(500);

/// How reviews are made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// The search per position (default: the built-in computer, 300 ms).
    pub limits: ReviewLimits,
    /// Reviews of one server waiting or running at once.
    pub per_server: u32,
    /// The shortest time between two edits of the progress message.
    pub progress_every: Duration,
    /// Search standard shogi with the USI engine named by `SHOGIBAN_USI_ENGINE`, if set.
    pub usi_engine: bool,
}

impl Default for ReviewSettings {
    fn default() -> Self {
        ReviewSettings {
            limits: ReviewLimits::default(),
            per_server: REVIEWS_PER_SERVER,
            progress_every: PROGRESS_EVERY,
            usi_engine: true,
        }
    }
}

/// One move of a stored review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewedMove {
    /// 1 for the first move.
    pub ply: u32,
    pub seat: u8,
    pub played: MoveText,
    /// The search's choice in the position before the move.
    pub best: Option<MoveText>,
    /// The score before the move and after it, from the mover's side, in hundredths of a
    /// pawn (mates beyond ±990000).
    pub before: i32,
    pub after: i32,
    pub judgement: Option<Judgement>,
}

/// A line of the evaluation graph, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredCurve {
    pub seats: Vec<u8>,
    /// (ply, score from this side).
    pub points: Vec<(u32, i32)>,
}

/// A finished review as kept in the database: enough to write its list and draw its graph
/// again without searching.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredReview {
    pub variant: Variant,
    pub moves: Vec<ReviewedMove>,
    pub curves: Vec<StoredCurve>,
    pub searches: usize,
    pub nodes: u64,
    pub elapsed_ms: u64,
    /// What searched: `built-in` or the USI engine's program.
    pub engine: String,
    /// The search per position.
    pub movetime_ms: u64,
    pub nodes_per_position: Option<u64>,
}

impl StoredReview {
    /// The moves judged an inaccuracy, a mistake or a blunder, in order.
    pub fn judged(&self) -> impl Iterator<Item = &ReviewedMove> {
        self.moves.iter().filter(|m| m.judgement.is_some())
    }

    /// The evaluation graph as a PNG.
    pub fn chart_png(&self, text: &EvaluationText) -> ServiceResult<Vec<u8>> {
        let curves: Vec<Curve> = self
            .curves
            .iter()
            .map(|curve| Curve {
                seats: curve.seats.iter().map(|&s| Seat(s)).collect(),
                points: curve
                    .points
                    .iter()
                    .map(|&(ply, score)| (ply as usize, score))
                    .collect(),
            })
            .collect();
        let marks: Vec<Mark> = self
            .moves
            .iter()
            .filter_map(|m| {
                Some(Mark {
                    ply: m.ply as usize,
                    seat: Seat(m.seat),
                    after: m.after,
                    judgement: m.judgement?,
                })
            })
            .collect();
        evaluation_chart_of(&curves, &marks, self.moves.len(), text)
            .png()
            .map_err(|e| ServiceError::Corrupt(format!("the evaluation graph: {e}")))
    }
}

/// A finished review with the game it is of.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewReport {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub variant: Variant,
    pub players: Vec<PlayerView>,
    pub review: StoredReview,
}

/// The answer to a request for a review.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewAnswer {
    /// Analysed before: here it is.
    Ready(Box<ReviewReport>),
    /// Queued now; `place` 1 is analysed next (or now).
    Queued { game_id: GameId, place: u32 },
    /// Asked for before and not done yet: where it stands.
    Waiting {
        game_id: GameId,
        place: u32,
        running: bool,
        done: u32,
        total: u32,
    },
}

impl Service {
    /// Asks for the review of the game `which` of `guild`, for `user` in `channel` (where its
    /// progress and result are posted). A game analysed before is answered at once; one
    /// being analysed or waiting says where it stands; otherwise it is queued, unless the
    /// server has its limit of reviews waiting already. A game of another server, one not
    /// finished, or one without moves is refused.
    pub async fn request_review(
        &self,
        guild: GuildId,
        channel: ChannelId,
        which: GameRef,
        user: UserId,
    ) -> ServiceResult<ReviewAnswer> {
        let row = self.game_row(which).await?;
        let game_id = row.id;
        if row.guild_id != guild {
            return Err(ServiceError::GameNotFound(game_id));
        }
        if row.status == GameStatus::Active {
            return Err(ServiceError::ReviewUnfinished(game_id));
        }
        let table = Table::from_row(row)?;
        if table.game.history().is_empty() {
            return Err(ServiceError::ReviewNoMoves(game_id));
        }
        let limit = self.settings().review.per_server.max(1);
        let new = NewReview {
            game_id,
            guild_id: guild,
            channel_id: channel,
            requested_by: user,
        };
        match self.store().queue_review(&new, limit, self.now()).await? {
            Queued::Queued(_) => {
                self.inner.reviews_queued.notify_one();
                let place = self.store().review_place(game_id).await?.unwrap_or(1);
                Ok(ReviewAnswer::Queued { game_id, place })
            }
            Queued::Exists(row) if row.status == store::ReviewStatus::Done => {
                let report = report_of(&table, &row)?;
                Ok(ReviewAnswer::Ready(Box::new(report)))
            }
            Queued::Exists(row) => {
                let place = self.store().review_place(game_id).await?.unwrap_or(1);
                Ok(ReviewAnswer::Waiting {
                    game_id,
                    place,
                    running: row.status == store::ReviewStatus::Running,
                    done: row.progress_done,
                    total: row.progress_total,
                })
            }
            Queued::Full { pending } => Err(ServiceError::ReviewsBusy { pending }),
        }
    }

    /// The finished review of game `game_id` of `guild`; `None` if it has none (yet).
    pub async fn review_report(
        &self,
        guild: GuildId,
        game_id: GameId,
    ) -> ServiceResult<Option<ReviewReport>> {
        let Some(row) = self.store().review(game_id).await? else {
            return Ok(None);
        };
        if row.status != store::ReviewStatus::Done || row.guild_id != guild {
            return Ok(None);
        }
        let table = Table::from_row(self.game_row(GameRef::InGuild(guild, game_id)).await?)?;
        report_of(&table, &row).map(Some)
    }

    /// Draws a review's graph (on a blocking thread).
    pub async fn review_chart(
        &self,
        review: StoredReview,
        text: EvaluationText,
    ) -> ServiceResult<Vec<u8>> {
        tokio::task::spawn_blocking(move || review.chart_png(&text))
            .await
            .map_err(|e| ServiceError::Corrupt(format!("the evaluation graph: {e}")))?
    }

    /// Analyses the queued reviews, one at a time, until `stopped` completes; a review
    /// under way then goes back to the queue (analysed again from its start by whichever
    /// process claims it next). While the database cannot be reached it waits for it.
    pub async fn run_reviews(&self, stopped: impl Future<Output = ()>) {
        tokio::pin!(stopped);
        loop {
            let claimed = self
                .store()
                .claim_review(self.process_id(), REVIEW_LEASE, self.now())
                .await;
            let pause = match claimed {
                Ok(Some(row)) => {
                    let cancel = Arc::new(AtomicBool::new(false));
                    let game_id = row.game_id;
                    let run = self.run_review(row, Arc::clone(&cancel));
                    tokio::select! {
                        () = run => continue,
                        () = &mut stopped => {
                            cancel.store(true, Ordering::Relaxed);
                            if let Err(error) = self.store().requeue_review(game_id, self.process_id()).await {
                                tracing::warn!(%error, %game_id, "a review under way is left to its lease");
                            }
                            return;
                        }
                    }
                }
                // With no review waiting and no computer player thinking, a finished
                // game is looked at for a tsume.
                Ok(None) if self.inner.thinkers.0.available_permits() == THINKERS => {
                    tokio::select! {
                        made = self.make_game_puzzle() => match made {
                            Ok(true) => continue,
                            Ok(false) => POLL,
                            Err(error) => {
                                tracing::warn!(%error, "cannot make a tsume from a game");
                                POLL
                            }
                        },
                        () = &mut stopped => return,
                    }
                }
                Ok(None) => POLL,
                Err(error) => {
                    let error = ServiceError::from(error);
                    if !self.wait_out_outage(&error).await {
                        tracing::warn!(%error, "cannot look for a review to do");
                    }
                    POLL
                }
            };
            tokio::select! {
                () = &mut stopped => return,
                () = self.inner.reviews_queued.notified() => {}
                () = tokio::time::sleep(pause) => {}
            }
        }
    }

    /// Analyses one claimed review, announcing its progress, and stores the result.
    async fn run_review(&self, row: store::ReviewRow, cancel: Arc<AtomicBool>) {
        let game_id = row.game_id;
        let outcome = self.analyse(&row, cancel).await;
        let worker = self.process_id().to_owned();
        // A failed review is announced under its game's title too.
        let variant = match &outcome {
            Ok((stored, _)) => stored.variant,
            Err(_) => match self.store().game(game_id).await {
                Ok(Some(game)) => parse_variant(&game.variant).unwrap_or(Variant::Standard),
                _ => Variant::Standard,
            },
        };
        let done = ReviewDone {
            game_id,
            guild_id: row.guild_id,
            variant,
            requested_by: row.requested_by,
            failed: outcome.is_err(),
        };
        let (text, done, last) = match outcome {
            Ok((stored, last)) => match serde_json::to_string(&stored) {
                Ok(text) => (Ok(text), done, last),
                Err(error) => (
                    Err(error.to_string()),
                    ReviewDone {
                        failed: true,
                        ..done
                    },
                    None,
                ),
            },
            Err(error) => {
                tracing::warn!(%error, %game_id, "a review failed");
                (Err(error.to_string()), done, None)
            }
        };
        let mut announcements = Vec::new();
        if let Some(last) = last {
            announcements.push(Announcement::ReviewProgress(Box::new(last)));
        }
        announcements.push(Announcement::ReviewDone(Box::new(done)));
        let stored = announcements
            .iter()
            .map(|a| a.stored_in(row.channel_id, Some(game_id), None))
            .collect::<Result<Vec<_>, _>>();
        let result = match stored {
            Ok(stored) => {
                self.store()
                    .end_review(
                        game_id,
                        &worker,
                        text.as_deref().map_err(String::as_str),
                        self.now(),
                        &stored,
                    )
                    .await
            }
            Err(error) => Err(error),
        };
        match result {
            Ok(true) => self.announced(),
            Ok(false) => tracing::info!(%game_id, "a review was taken over by another process"),
            Err(error) => tracing::warn!(%error, %game_id, "cannot store a finished review"),
        }
    }

    /// Searches the game of a claimed review: the stored review and the progress to
    /// announce with it (the last, complete).
    async fn analyse(
        &self,
        row: &store::ReviewRow,
        cancel: Arc<AtomicBool>,
    ) -> ServiceResult<(StoredReview, Option<ReviewProgress>)> {
        let table = Table::from_row(
            self.game_row(GameRef::InGuild(row.guild_id, row.game_id))
                .await?,
        )?;
        let variant = table.variant();
        let (start, moves) = replayed(&table)?;
        let total = u32::try_from(moves.len() + 1).unwrap_or(u32::MAX);
        let progress = |done: u32| ReviewProgress {
            game_id: row.game_id,
            guild_id: row.guild_id,
            variant,
            done,
            total,
        };
        if !self
            .report_progress(row, &progress(0), Announcement::ReviewStarted)
            .await?
        {
            return Err(ServiceError::Raced);
        }
        let settings = self.settings().review.clone();
        let limits = settings.limits;
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel::<u32>();
        let thinkers = Arc::clone(&self.inner.thinkers.0);
        let search_cancel = Arc::clone(&cancel);
        let history = table.game.history().to_vec();
        let usi = settings.usi_engine && variant == Variant::Standard;
        let search = tokio::task::spawn_blocking(move || {
            let mut engine = if usi { UsiEngine::from_env() } else { None };
            let engine_name = engine
                .as_ref()
                .map_or_else(|| "built-in".to_owned(), |e| e.program().to_owned());
            let reviewed =
                analysis::review_with(&start, &moves, limits, engine.as_mut(), |done, _total| {
                    let _ = sender.send(u32::try_from(done).unwrap_or(u32::MAX));
                    // The computer players go first: wait while any of them thinks.
                    while thinkers.available_permits() < THINKERS
                        && !search_cancel.load(Ordering::Relaxed)
                    {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                });
            reviewed
                .map(|r| stored_review(variant, &start, &moves, &history, &r, engine_name, limits))
        });
        tokio::pin!(search);
        let mut last_report = Instant::now();
        let mut done = 0;
        let mut renewed = Instant::now();
        let reviewed = loop {
            tokio::select! {
                finished = &mut search => break finished,
                Some(n) = receiver.recv() => {
                    done = n;
                    if last_report.elapsed() >= settings.progress_every && done < total {
                        last_report = Instant::now();
                        renewed = Instant::now();
                        if !self.report_progress(row, &progress(done), Announcement::ReviewProgress).await? {
                            cancel.store(true, Ordering::Relaxed);
                        }
                    }
                }
                () = tokio::time::sleep(Duration::from_secs(5)) => {
                    // Waiting for the computer players: the claim is kept alive.
                    if renewed.elapsed() >= Duration::from_secs(5) {
                        renewed = Instant::now();
                        if !self.report_progress(row, &progress(done), |_| None).await? {
                            cancel.store(true, Ordering::Relaxed);
                        }
                    }
                }
            }
        };
        let reviewed = reviewed
            .map_err(|e| ServiceError::Corrupt(format!("the review failed: {e}")))?
            .map_err(|e| ServiceError::Corrupt(format!("game #{}: {e}", row.game_id)))?;
        Ok((reviewed, Some(progress(total))))
    }

    /// Stores a review's progress with its announcement, renewing the claim: `false` if
    /// the review is no longer this process's.
    async fn report_progress<A>(
        &self,
        row: &store::ReviewRow,
        progress: &ReviewProgress,
        announce: impl FnOnce(Box<ReviewProgress>) -> A,
    ) -> ServiceResult<bool>
    where
        A: Into<Option<Announcement>>,
    {
        let announcement: Option<Announcement> = announce(Box::new(progress.clone())).into();
        let stored = match announcement {
            Some(a) => vec![a.stored_in(row.channel_id, Some(row.game_id), None)?],
            None => Vec::new(),
        };
        let written = self
            .store()
            .review_progress(
                row.game_id,
                self.process_id(),
                progress.done,
                progress.total,
                REVIEW_LEASE,
                self.now(),
                &stored,
            )
            .await?;
        if written && !stored.is_empty() {
            self.announced();
        }
        Ok(written)
    }
}

/// The start of a stored game and its moves, played again from its start position.
fn replayed(table: &Table) -> ServiceResult<(Game, Vec<crate::engine::Move>)> {
    let corrupt = |e: String| ServiceError::Corrupt(format!("game #{}: {e}", table.id()));
    let start = Game::from_position(
        table.variant(),
        table.game.options().clone(),
        &table.game.start_position().to_text(),
    )
    .map_err(|e| corrupt(e.to_string()))?;
    let mut game = start.clone();
    let mut moves = Vec::with_capacity(table.game.history().len());
    for played in table.game.history() {
        let m = game
            .parse_move(&played.coordinate)
            .map_err(|e| corrupt(e.to_string()))?;
        game.play(&m).map_err(|e| corrupt(e.to_string()))?;
        moves.push(m);
    }
    Ok((start, moves))
}

/// A review in the form it is kept: each move in every notation, the better move too.
fn stored_review(
    variant: Variant,
    start: &Game,
    moves: &[crate::engine::Move],
    history: &[crate::engine::PlayedMove],
    review: &analysis::Review,
    engine: String,
    limits: ReviewLimits,
) -> StoredReview {
    let mut game = start.clone();
    let mut reviewed = Vec::with_capacity(review.moves.len());
    for (i, m) in review.moves.iter().enumerate() {
        let best = m.best.filter(|b| *b != m.played).and_then(|b| {
            let mut after = game.clone();
            after.play(&b).ok()?;
            after.history().last().map(MoveText::of)
        });
        let played = history.get(i).map(MoveText::of).unwrap_or(MoveText {
            coordinate: m.played_text.clone(),
            western: m.played_text.clone(),
            japanese: None,
        });
        reviewed.push(ReviewedMove {
            ply: u32::try_from(m.ply).unwrap_or(u32::MAX),
            seat: m.seat.0,
            played,
            best,
            before: m.before,
            after: m.after,
            judgement: m.judgement,
        });
        if let Some(next) = moves.get(i) {
            let _ = game.play(next);
        }
    }
    StoredReview {
        variant,
        moves: reviewed,
        curves: review
            .curves
            .iter()
            .map(|c| StoredCurve {
                seats: c.seats.iter().map(|s| s.0).collect(),
                points: c
                    .points
                    .iter()
                    .map(|&(ply, score)| (u32::try_from(ply).unwrap_or(u32::MAX), score))
                    .collect(),
            })
            .collect(),
        searches: review.searches,
        nodes: review.nodes,
        elapsed_ms: u64::try_from(review.elapsed.as_millis()).unwrap_or(u64::MAX),
        engine,
        movetime_ms: u64::try_from(limits.movetime.as_millis()).unwrap_or(u64::MAX),
        nodes_per_position: limits.nodes,
    }
}

/// A stored, finished review with its game.
fn report_of(table: &Table, row: &store::ReviewRow) -> ServiceResult<ReviewReport> {
    let text = row.review.as_deref().unwrap_or_default();
    let review: StoredReview = serde_json::from_str(text)
        .map_err(|e| ServiceError::Corrupt(format!("the review of game #{}: {e}", row.game_id)))?;
    Ok(ReviewReport {
        game_id: table.id(),
        guild_id: table.row.guild_id,
        variant: table.variant(),
        players: table.players(),
        review,
    })
}
