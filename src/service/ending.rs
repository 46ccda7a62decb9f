//! Ending a game: the stored result, the places, and the rating changes, written in one
//! transaction with the final state (and the final move, if a move ended it) and the
//! announcement of the result.

use std::sync::Mutex;

use crate::engine::{EndReason, GameResult, Variant};
use crate::store::{
    self, Ending, GameEnd, GameStatus, NewMove, RatingUpdate, RatingValue, SeatPlace, SeatRating,
    StoreResult,
};

use super::announce::ThreadResult;
use super::ratings::{rate_game, RatingError, RatingSystem, Standings};
use super::replays::replay_at_end;
use super::table::{players_of, StoredResult, Table};
use super::{
    Announcement, GameOver, Outcome, PlayerView, RatingChange, Service, ServiceResult, Standing,
};

/// The seats of the two pairs of yonin doubles: S and N against W and E.
const DOUBLES_PAIRS: [[u8; 2]; 2] = [[0, 2], [1, 3]];

/// A rating as players see it, from the stored number alone (both systems map the rating
/// number to the display scale without its deviation).
pub(super) fn shown_rating(system: RatingSystem, rating: f64) -> i32 {
    system.display(&RatingValue {
        rating,
        deviation: 0.0,
        volatility: None,
    })
}

/// A seat's rating before and after a rated game as players see them; a first game
/// starts from the system's initial rating. `None` if the game changed no rating.
pub(super) fn shown_change(
    system: RatingSystem,
    before: Option<f64>,
    after: Option<f64>,
) -> Option<(i32, i32)> {
    let after = shown_rating(system, after?);
    let before = before.map_or_else(
        || system.display(&system.initial()),
        |before| shown_rating(system, before),
    );
    Some((before, after))
}

/// The rating system of a variant.
pub(super) fn rating_system(variant: Variant) -> RatingSystem {
    RatingSystem::for_seats(usize::from(variant.seats()))
}

/// One line saying how a game ended.
pub(super) fn describe_result(result: &GameResult, players: &[PlayerView]) -> String {
    let reason = result.reason.describe();
    match result.reason {
        EndReason::Aborted => return "the game was aborted".into(),
        EndReason::DrawAgreed => return "drawn by agreement".into(),
        _ => {}
    }
    if result.is_void() {
        return format!("the game is void ({reason})");
    }
    if result.is_draw() {
        return format!("draw ({reason})");
    }
    let winners: Vec<String> = result
        .winners()
        .into_iter()
        .map(|seat| {
            players
                .iter()
                .find(|p| p.seat == seat.0)
                .map_or_else(|| format!("seat {}", seat.0), ToString::to_string)
        })
        .collect();
    let verb = if winners.len() == 1 { "wins" } else { "win" };
    format!("{} {verb} ({reason})", winners.join(" and "))
}

/// The rating sides of a finished game: every seat for itself, except the pairs of yonin
/// doubles.
fn standings_of(variant: Variant, places: &[SeatPlace]) -> Result<Standings, RatingError> {
    if !variant.in_pairs() {
        return Standings::singles(places);
    }
    let place_of = |seat: u8| {
        places
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| p.place)
            .ok_or(RatingError::SeatWithoutPlace(seat))
    };
    let mut sides = Vec::new();
    for pair in DOUBLES_PAIRS {
        sides.push((pair.to_vec(), place_of(pair[0])?));
    }
    Standings::sides(sides)
}

impl Service {
    /// Computes again the ratings the database asks to have computed again (see
    /// [`Store::recompute_ratings`](crate::store::Store::recompute_ratings)): each server
    /// and variant from its rated games, in the order they ended, as they were rated then.
    /// Run at start-up, after the migrations; each is done once, whichever process gets
    /// there first, and a server and variant that cannot be done (a game that no longer
    /// rates) is logged and left as it was, to be tried at the next start. Returns how
    /// many this process did.
    pub async fn recompute_ratings_asked(&self) -> ServiceResult<usize> {
        let mut done = 0;
        for job in self.store().pending_rating_recomputations().await? {
            let variant = match job.variant.parse::<Variant>() {
                Ok(variant) => variant,
                Err(error) => {
                    tracing::error!(guild = %job.guild_id, variant = job.variant, %error,
                        "ratings of an unknown variant not computed again");
                    continue;
                }
            };
            let system = rating_system(variant);
            let rate = |game: &store::RatedGame, seats: &[SeatRating]| {
                rate_game(system, &standings_of(variant, &game.places)?, seats)
            };
            match self.store().recompute_ratings(&job, rate, self.now()).await {
                Ok(true) => {
                    done += 1;
                    tracing::info!(guild = %job.guild_id, variant = job.variant,
                        reason = job.reason, "ratings computed again from the rated games");
                }
                Ok(false) => {}
                Err(error) => tracing::error!(guild = %job.guild_id, variant = job.variant,
                    %error, "ratings not computed again; tried again at the next start"),
            }
        }
        Ok(done)
    }
}

/// Whether a new rating is provisional, noted while the ratings are computed.
struct Provisional {
    seat: u8,
    provisional: bool,
}

impl Service {
    /// Stores the end of a game in one transaction: the final state (and the final move, if
    /// given), the result and places, for a rated result the new ratings, and the
    /// announcements: `outcome` with the result as the transaction wrote it, then `also`
    /// (the edit of an offer's message the end answered), then the replay. Returns the
    /// result.
    pub(super) async fn store_end(
        &self,
        table: &Table,
        result: &GameResult,
        final_move: Option<&NewMove>,
        outcome: &Outcome,
        also: &[Announcement],
        now: i64,
    ) -> ServiceResult<GameOver> {
        let variant = table.variant();
        let ending = match (result.reason, result.is_void()) {
            (_, false) => Ending::Finished,
            (EndReason::Aborted, true) => Ending::Aborted,
            (_, true) => Ending::Void,
        };
        let places: Vec<SeatPlace> = result
            .places
            .iter()
            .flatten()
            .zip(0u8..)
            .map(|(&place, seat)| SeatPlace { seat, place })
            .collect();
        let summary = describe_result(result, &table.players());
        let stored = StoredResult {
            reason: result.reason,
            places: result.places.clone(),
            summary: summary.clone(),
        };
        let end = GameEnd {
            ending,
            result: serde_json::to_value(&stored)
                .map_err(|e| super::ServiceError::Corrupt(format!("result: {e}")))?,
            places: places.clone(),
        };

        // A game in a thread of its own also says how it ended where the thread hangs from.
        let thread = self.store().game_thread(table.id()).await?;

        let system = rating_system(variant);
        let standings = standings_of(variant, &places);
        // Noted while the ratings are computed, read when the result is described.
        let provisional: Mutex<Vec<Provisional>> = Mutex::new(Vec::new());
        let notes = &provisional;
        let rate = move |seats: &[SeatRating]| -> Result<Vec<RatingUpdate>, RatingError> {
            let updates = rate_game(system, &standings?, seats)?;
            let mut notes = notes
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            for update in &updates {
                let played_before = seats
                    .iter()
                    .find(|s| s.seat == update.seat)
                    .and_then(|s| s.current.as_ref())
                    .map_or(0, |c| c.games_played);
                notes.push(Provisional {
                    seat: update.seat,
                    provisional: system.is_provisional(played_before + 1, update.value.deviation),
                });
            }
            Ok(updates)
        };
        let over_of = |row: &store::Game| {
            let notes = provisional
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            game_over(row, variant, system, result, &summary, &notes)
        };
        let announce = |row: &store::Game| {
            let over = over_of(row);
            let mut said = outcome.clone();
            said.result = Some(over.clone());
            let mut announcements = vec![Announcement::Outcome(Box::new(said))];
            announcements.extend(also.iter().cloned());
            // The replay follows the result, in the same channel.
            if let Some(replay) = replay_at_end(table, &summary, &over) {
                announcements.push(Announcement::Replay(Box::new(replay)));
            }
            let mut stored = announcements
                .iter()
                .map(|announcement| announcement.stored_in(row.channel_id, Some(row.id), None))
                .collect::<StoreResult<Vec<_>>>()?;
            if let Some(thread) = &thread {
                let line = Announcement::ThreadResult(Box::new(ThreadResult {
                    game_id: row.id,
                    variant,
                    thread_id: row.channel_id,
                    summary: summary.clone(),
                    over: Some(over.clone()),
                }));
                stored.push(line.stored_in(thread.parent_channel_id, Some(row.id), None)?);
            }
            Ok(stored)
        };

        let state = table.game.to_state();
        let at = table.row.at_version();
        let row = match final_move {
            Some(mv) => {
                self.store()
                    .apply_final_move(at, mv, &state, &end, rate, announce, now)
                    .await?
            }
            None => {
                self.store()
                    .finish_game(at, Some(&state), &end, rate, announce, now)
                    .await?
            }
        };
        Ok(over_of(&row))
    }
}

/// How a game ended, as the row of the ended game says: the places, and the ratings before
/// and after (`provisional` notes which new ratings are still provisional).
fn game_over(
    row: &store::Game,
    variant: Variant,
    system: RatingSystem,
    result: &GameResult,
    summary: &str,
    provisional: &[Provisional],
) -> GameOver {
    let mut standings: Vec<Standing> = players_of(row, variant)
        .into_iter()
        .zip(&row.seats)
        .map(|(player, seat)| Standing {
            place: seat.place,
            rating: shown_change(system, seat.rating_before, seat.rating_after).map(
                |(before, after)| RatingChange {
                    before,
                    after,
                    provisional: provisional
                        .iter()
                        .find(|p| p.seat == seat.seat)
                        .is_some_and(|p| p.provisional),
                },
            ),
            player,
        })
        .collect();
    standings.sort_by_key(|s| (s.place.unwrap_or(u8::MAX), s.player.seat));
    GameOver {
        status: row.status,
        reason: result.reason,
        summary: summary.to_owned(),
        rated: row.rated && row.status == GameStatus::Finished,
        standings,
    }
}
