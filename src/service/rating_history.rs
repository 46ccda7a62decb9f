//! Rating history: a player's rating per variant over time, and the top of a server's
//! leaderboard over time, as lines for a chart (drawn by `render::chart`, with the words
//! the front end gives).

use crate::engine::Variant;
use crate::render::chart::{self, Axis, Chart, ChartPoint, Series, SERIES_COLOURS};
use crate::store::{self, GameId, GuildId, RatingValue, UserId};

use super::ending::rating_system;
use super::{Service, ServiceResult};

/// Lines on the leaderboard's chart.
pub const CHART_TOP: u32 = 10;

/// Twice the deviation either side of the rating: the 95 % interval of Glicko (and of
/// Weng-Lin's normal skill), as lishogi and lichess shade it.
const INTERVAL_DEVIATIONS: f64 = 2.0;

/// One player's rating after one rated game, on the scale players see.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HistoryPoint {
    pub game_id: GameId,
    /// When the game ended (UNIX seconds).
    pub at: i64,
    pub rating: i32,
    /// The interval (low, high) on the same scale, when the game noted a deviation.
    pub interval: Option<(i32, i32)>,
}

/// One player's ratings in one variant, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingLine {
    pub variant: Variant,
    pub user_id: UserId,
    pub name: Option<String>,
    pub points: Vec<HistoryPoint>,
}

/// The words of a rating chart, in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChartText {
    pub title: String,
    /// What the shading means (empty when nothing is shaded).
    pub subtitle: String,
    /// The legend's label per line, in the order of the lines.
    pub labels: Vec<String>,
}

impl Service {
    /// A player's rating history in a guild: a line per variant they have been rated in,
    /// in the order of [`Variant::ALL`].
    pub async fn rating_history(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> ServiceResult<Vec<RatingLine>> {
        let points = self.store().rating_history(guild, None, &[user]).await?;
        let name = self.store().user(user).await?.and_then(|u| u.display_name);
        Ok(Variant::ALL
            .into_iter()
            .filter_map(|variant| {
                let line = line_of(variant, user, name.clone(), &points);
                (!line.points.is_empty()).then_some(line)
            })
            .collect())
    }

    /// The history of the [`CHART_TOP`] best ratings of a guild in a variant (the first
    /// rows of its leaderboard), best first.
    pub async fn leaderboard_history(
        &self,
        guild: GuildId,
        variant: Variant,
    ) -> ServiceResult<Vec<RatingLine>> {
        let query = store::LeaderboardQuery {
            limit: CHART_TOP,
            offset: 0,
            ..Default::default()
        };
        let top = self
            .store()
            .leaderboard(guild, variant.name(), &query)
            .await?;
        let users: Vec<UserId> = top.iter().map(|r| r.user_id).collect();
        let points = self
            .store()
            .rating_history(guild, Some(variant.name()), &users)
            .await?;
        Ok(top
            .into_iter()
            .map(|rating| line_of(variant, rating.user_id, rating.display_name, &points))
            .filter(|line| !line.points.is_empty())
            .collect())
    }
}

fn line_of(
    variant: Variant,
    user: UserId,
    name: Option<String>,
    points: &[store::RatingPoint],
) -> RatingLine {
    let system = rating_system(variant);
    let shown = |rating: f64| {
        system.display(&RatingValue {
            rating,
            deviation: 0.0,
            volatility: None,
        })
    };
    RatingLine {
        variant,
        user_id: user,
        name,
        points: points
            .iter()
            .filter(|p| p.user_id == user && p.variant == variant.name())
            .map(|p| HistoryPoint {
                game_id: p.game_id,
                at: p.finished_at,
                rating: shown(p.rating),
                interval: p.deviation.map(|d| {
                    (
                        shown(p.rating - INTERVAL_DEVIATIONS * d),
                        shown(p.rating + INTERVAL_DEVIATIONS * d),
                    )
                }),
            })
            .collect(),
    }
}

/// The chart of `lines`: dates across, ratings up, one colour per line with its interval
/// shaded when `intervals`. `None` when there is nothing to draw.
pub fn rating_chart(
    lines: &[RatingLine],
    text: &RatingChartText,
    intervals: bool,
) -> Option<Chart> {
    let all = || lines.iter().flat_map(|line| line.points.iter());
    let from = all().map(|p| p.at).min()?;
    let to = all().map(|p| p.at).max()?;
    let low = all()
        .map(|p| match (intervals, p.interval) {
            (true, Some((low, _))) => low,
            _ => p.rating,
        })
        .min()?;
    let high = all()
        .map(|p| match (intervals, p.interval) {
            (true, Some((_, high))) => high,
            _ => p.rating,
        })
        .max()?;
    let series = lines
        .iter()
        .enumerate()
        .map(|(index, line)| Series {
            label: text.labels.get(index).cloned().unwrap_or_default(),
            colour: SERIES_COLOURS[index % SERIES_COLOURS.len()],
            points: line
                .points
                .iter()
                .map(|p| ChartPoint {
                    x: p.at as f64,
                    y: f64::from(p.rating),
                    band: p
                        .interval
                        .filter(|_| intervals)
                        .map(|(low, high)| (f64::from(low), f64::from(high))),
                })
                .collect(),
            area_to: None,
            dots: line.points.len() <= 40,
        })
        .collect();
    let y: Axis = chart::value_axis(f64::from(low), f64::from(high), 5.0);
    Some(Chart {
        title: text.title.clone(),
        subtitle: text.subtitle.clone(),
        x: chart::date_axis(from, to),
        y,
        baseline: None,
        series,
        markers: Vec::new(),
        legend: true,
    })
}

/// [`rating_chart`] as PNG bytes, drawn off the async threads; `None` when there is
/// nothing to draw or drawing failed (logged): the chart is then left out.
pub async fn rating_chart_png(
    lines: Vec<RatingLine>,
    text: RatingChartText,
    intervals: bool,
) -> Option<Vec<u8>> {
    let drawn = tokio::task::spawn_blocking(move || {
        rating_chart(&lines, &text, intervals).map(|chart| chart.png())
    })
    .await;
    match drawn {
        Ok(Some(Ok(png))) => Some(png),
        Ok(None) => None,
        Ok(Some(Err(error))) => {
            tracing::error!(%error, "could not draw the rating chart");
            None
        }
        Err(error) => {
            tracing::error!(%error, "the rating chart task failed");
            None
        }
    }
}
