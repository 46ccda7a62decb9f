//! Looking back and around: game records, lists of games, histories, leaderboards and
//! profiles.

use crate::engine::{record, Variant};
use crate::store::{self, ChannelId, GameId, GameStatus, GuildId, UserId};

use super::ending::{rating_system, shown_change};
use super::table::{parse_variant, players_of, StoredResult, Table};
use super::{
    GameRef, GameSummary, LeaderboardRow, Profile, Record, RecordFormat, SeatSummary, Service,
    ServiceError, ServiceResult, VariantRating,
};

/// Games shown as "recent" on a profile.
const RECENT_GAMES: u32 = 5;

impl Service {
    /// A game's record: KIF or CSA (standard shogi), or the plain record (start position,
    /// final position and numbered moves) for every variant. By channel, the active game
    /// there or else the last one played there.
    pub async fn export(&self, game: GameRef, format: RecordFormat) -> ServiceResult<Record> {
        let row = self.game_row(game).await?;
        let table = Table::from_row(row)?;
        let names = table.names();
        let text = match format {
            RecordFormat::Kif => {
                record::to_kif_declaring(&table.game, &names, record::KifEncoding::ShiftJis)
            }
            RecordFormat::Kifu => {
                record::to_kif_declaring(&table.game, &names, record::KifEncoding::Utf8)
            }
            RecordFormat::Csa => record::to_csa(&table.game, &names),
            RecordFormat::Text => Ok(record::to_text(&table.game, &names)),
        }?;
        Ok(Record {
            game_id: table.id(),
            format,
            filename: format!("shogiban-game-{}.{}", table.id(), format.extension()),
            text,
        })
    }

    /// Why a user finds no game to play in a channel: the game they played there last if
    /// it has ended (a timeout they have not seen yet, say), else that there is none.
    pub(super) async fn no_game_for(&self, channel: ChannelId, user: UserId) -> ServiceError {
        let latest = match self.store().latest_game_in_channel(channel).await {
            Ok(latest) => latest,
            Err(error) => return error.into(),
        };
        // Games in threads under the channel: the user's own are where they mean to play.
        let threads = match self.store().active_game_threads_under(channel).await {
            Ok(threads) => threads,
            Err(error) => return error.into(),
        };
        let yours: Vec<ChannelId> = threads
            .iter()
            .filter(|(_, players)| players.contains(&user))
            .map(|(thread, _)| thread.thread_id)
            .collect();
        if !yours.is_empty() {
            return ServiceError::PlayedInThreads {
                threads: yours,
                yours: true,
            };
        }
        match latest {
            Some(row)
                if row.status != GameStatus::Active && row.seats_of(user).next().is_some() =>
            {
                match summary(&row) {
                    Ok(game) => ServiceError::YourGameEnded {
                        game_id: game.game_id,
                        over: game.over().map(Box::new),
                        result: game.result.unwrap_or_else(|| "it is over".into()),
                    },
                    Err(error) => error,
                }
            }
            _ if !threads.is_empty() => ServiceError::PlayedInThreads {
                threads: threads
                    .into_iter()
                    .map(|(thread, _)| thread.thread_id)
                    .collect(),
                yours: false,
            },
            _ => ServiceError::NoGameHere,
        }
    }

    /// The games a user is playing, in every guild, oldest first.
    pub async fn active_games(&self, user: UserId) -> ServiceResult<Vec<GameSummary>> {
        let rows = self.store().active_games_of_user(user, None).await?;
        rows.iter().map(summary).collect()
    }

    /// One game of a guild by number, whatever its status.
    pub async fn game_in_guild(&self, guild: GuildId, id: GameId) -> ServiceResult<GameSummary> {
        let row = self
            .store()
            .game(id)
            .await?
            .filter(|row| row.guild_id == guild)
            .ok_or(ServiceError::GameNotFound(id))?;
        summary(&row)
    }

    /// The games going on in a guild, oldest first.
    pub async fn games_in_guild(&self, guild: GuildId) -> ServiceResult<Vec<GameSummary>> {
        let rows = self.store().active_games_in_guild(guild).await?;
        rows.iter().map(summary).collect()
    }

    /// A user's ended games, most recent first: in one guild or everywhere; a page of
    /// `limit` games after `offset`.
    pub async fn history(
        &self,
        user: UserId,
        guild: Option<GuildId>,
        limit: u32,
        offset: u32,
    ) -> ServiceResult<Vec<GameSummary>> {
        let rows = self
            .store()
            .game_history(user, guild, limit, offset)
            .await?;
        rows.iter().map(summary).collect()
    }

    /// A guild's ratings in a variant, best first: a page of `limit` rows after `offset`.
    /// With `established_only`, provisional ratings are left out (ranks count established
    /// ratings only); otherwise they are listed and flagged.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        variant: Variant,
        established_only: bool,
        limit: u32,
        offset: u32,
    ) -> ServiceResult<Vec<LeaderboardRow>> {
        let system = rating_system(variant);
        let query = if established_only {
            system.established(limit, offset)
        } else {
            store::LeaderboardQuery {
                limit,
                offset,
                ..Default::default()
            }
        };
        let ratings = self
            .store()
            .leaderboard(guild, variant.name(), &query)
            .await?;
        let users: Vec<UserId> = ratings.iter().map(|r| r.user_id).collect();
        let places = self.places_of(guild, variant, &users).await?;
        Ok((offset + 1..)
            .zip(ratings)
            .map(|(rank, rating)| LeaderboardRow {
                places: places_for(&places, rating.user_id),
                rank,
                user_id: rating.user_id,
                name: rating.display_name,
                rating: system.display(&rating.value),
                games: rating.games_played,
                wins: rating.wins,
                losses: rating.losses,
                draws: rating.draws,
                provisional: system.is_provisional(rating.games_played, rating.value.deviation),
            })
            .collect())
    }

    /// A player in a guild: ratings per variant (with their place among established
    /// ratings), games going on there and the latest results.
    pub async fn profile(&self, guild: GuildId, user: UserId) -> ServiceResult<Profile> {
        let name = self.store().user(user).await?.and_then(|u| u.display_name);
        let mut ratings = Vec::new();
        for rating in self.store().ratings_of_user(guild, user).await? {
            let Ok(variant) = rating.variant.parse::<Variant>() else {
                continue;
            };
            let system = rating_system(variant);
            let provisional = system.is_provisional(rating.games_played, rating.value.deviation);
            let rank = if provisional {
                None
            } else {
                self.store()
                    .leaderboard_rank(guild, variant.name(), user, &system.established(1, 0))
                    .await?
            };
            let places = self.places_of(guild, variant, &[user]).await?;
            ratings.push(VariantRating {
                places: places_for(&places, user),
                variant,
                rating: system.display(&rating.value),
                games: rating.games_played,
                wins: rating.wins,
                losses: rating.losses,
                draws: rating.draws,
                provisional,
                rank,
            });
        }
        let active = self.store().active_games_of_user(user, Some(guild)).await?;
        let recent = self
            .store()
            .game_history(user, Some(guild), RECENT_GAMES, 0)
            .await?;
        Ok(Profile {
            user_id: user,
            name,
            ratings,
            active_games: active.iter().map(summary).collect::<ServiceResult<_>>()?,
            recent_games: recent.iter().map(summary).collect::<ServiceResult<_>>()?,
        })
    }
}

impl Service {
    /// How often each of `users` finished in each place of the rated games of a guild in a
    /// four-player singles variant, where a result is a place rather than a win or a loss;
    /// nothing for the other variants.
    async fn places_of(
        &self,
        guild: GuildId,
        variant: Variant,
        users: &[UserId],
    ) -> ServiceResult<Vec<(UserId, u8, u32)>> {
        if !counts_places(variant) || users.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self
            .store()
            .rated_places(guild, variant.name(), users)
            .await?)
    }
}

/// Whether a variant's results are places, every seat for itself (yonin singles); in
/// two-player games and in doubles, where pairs win or lose, they are wins and losses.
fn counts_places(variant: Variant) -> bool {
    variant.seats() > 2 && !variant.in_pairs()
}

/// One user's count of games per place (index 0 for 1st), from [`Service::places_of`].
fn places_for(places: &[(UserId, u8, u32)], user: UserId) -> Vec<u32> {
    let mut counts = Vec::new();
    for &(_, place, games) in places.iter().filter(|(u, ..)| *u == user) {
        let index = usize::from(place.max(1)) - 1;
        if counts.len() <= index {
            counts.resize(index + 1, 0);
        }
        counts[index] += games;
    }
    counts
}

/// A game in a list. The seat to move is read from the state of active games; a state
/// that no longer reads back shows no one to move rather than failing the list.
fn summary(row: &store::Game) -> ServiceResult<GameSummary> {
    let variant = parse_variant(&row.variant)?;
    let system = rating_system(variant);
    let to_move = if row.status == GameStatus::Active {
        engine_seat_to_move(row).map(|seat| super::table::player_at(row, variant, seat))
    } else {
        None
    };
    let stored = StoredResult::of(row);
    let reason = stored.as_ref().map(|stored| stored.reason);
    let result = stored.map(|stored| stored.summary);
    let players = players_of(row, variant)
        .into_iter()
        .zip(&row.seats)
        .map(|(player, seat)| {
            let change = shown_change(system, seat.rating_before, seat.rating_after);
            SeatSummary {
                player,
                place: seat.place,
                rating_before: change.map(|(before, _)| before),
                rating_after: change.map(|(_, after)| after),
            }
        })
        .collect();
    Ok(GameSummary {
        game_id: row.id,
        guild_id: row.guild_id,
        channel_id: row.channel_id,
        variant,
        status: row.status,
        rated: row.rated,
        ply: row.ply,
        players,
        to_move,
        deadline_at: row.deadline_at,
        result,
        reason,
        created_at: row.created_at,
        finished_at: row.finished_at,
    })
}

fn engine_seat_to_move(row: &store::Game) -> Option<u8> {
    crate::engine::Game::from_state(&row.state)
        .ok()?
        .seat_to_move()
        .map(|seat| seat.0)
}
