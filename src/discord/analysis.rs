//! Charts in messages: the rating history attached to `/profile` and, on request, to
//! `/leaderboard`, with their words in the reader's language.

use crate::engine::Variant;
use crate::service::{rating_chart_png, Profile, RatingChartText, RatingLine, Service, CHART_TOP};
use crate::store::GuildId;

use super::format::variant_title;
use super::i18n::{tr, Lang};
use super::post::File;
use super::Error;

/// The rating history of a profile's player, a line per variant with its interval shaded;
/// `None` before their first rated game.
pub(crate) async fn profile_chart(
    service: &Service,
    lang: Lang,
    guild: GuildId,
    profile: &Profile,
) -> Result<Option<File>, Error> {
    let lines = service.rating_history(guild, profile.user_id).await?;
    let title = match &profile.name {
        Some(name) => tr!(lang, "rating-chart-title", player = name.as_str()),
        None => tr!(lang, "rating-chart-title-anonymous"),
    };
    let labels = lines
        .iter()
        .map(|line| legend(lang, variant_title(lang, line.variant), line))
        .collect();
    let text = RatingChartText {
        title,
        subtitle: tr!(lang, "rating-chart-interval"),
        labels,
    };
    Ok(rating_chart_png(lines, text, true).await.map(|bytes| File {
        name: format!("rating-history-{}.png", profile.user_id),
        bytes,
    }))
}

/// The history of a server's top ten in a variant, a line each; `None` when no one is
/// rated yet.
pub(crate) async fn leaderboard_chart(
    service: &Service,
    lang: Lang,
    guild: GuildId,
    variant: Variant,
) -> Result<Option<File>, Error> {
    let lines = service.leaderboard_history(guild, variant).await?;
    let labels = lines
        .iter()
        .map(|line| {
            let name = line
                .name
                .clone()
                .unwrap_or_else(|| line.user_id.to_string());
            legend(lang, name, line)
        })
        .collect();
    let text = RatingChartText {
        title: tr!(
            lang,
            "rating-chart-top-title",
            variant = variant_title(lang, variant),
            n = CHART_TOP
        ),
        subtitle: String::new(),
        labels,
    };
    Ok(rating_chart_png(lines, text, false)
        .await
        .map(|bytes| File {
            name: format!("leaderboard-{}.png", variant.name()),
            bytes,
        }))
}

/// A line in the legend: its name and the latest rating.
fn legend(lang: Lang, name: String, line: &RatingLine) -> String {
    let rating = line.points.last().map_or(0, |point| point.rating);
    tr!(lang, "rating-chart-legend", name = name, rating = rating)
}
