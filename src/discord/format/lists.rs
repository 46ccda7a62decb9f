//! The words of lists: games in progress or finished, leaderboards and profiles, cut to
//! what one Discord message holds.

use std::fmt::Write as _;

use crate::engine::Variant;
use crate::service::{computer_level, GameSummary, LeaderboardRow, Profile};
use crate::store::UserId;

use super::{channel, game_title, mention, player, relative_time, result_line, variant_title};
use crate::discord::i18n::{tr, Lang};

/// One game in a list.
pub(crate) fn game_line(lang: Lang, game: &GameSummary) -> String {
    game_line_for(lang, game, None).1
}

/// A game in one line, starting with **Your turn** where `you` are to move; says whether
/// it is.
pub(super) fn game_line_for(lang: Lang, game: &GameSummary, you: Option<UserId>) -> (bool, String) {
    let your_turn = you.is_some_and(|you| game.to_move.as_ref().is_some_and(|p| p.user_id == you));
    let seats: Vec<String> = game
        .players
        .iter()
        .map(|s| player(lang, &s.player))
        .collect();
    let mut line = tr!(
        lang,
        "game-line",
        title = game_title(lang, game.variant, game.game_id),
        channel = channel(game.channel_id),
        players = seats.join(&tr!(lang, "list-separator")),
        ply = game.ply
    );
    if your_turn {
        line = format!("{} · {line}", tr!(lang, "your-turn"));
    }
    match (&game.result, &game.to_move) {
        (Some(result), _) => {
            // Said from the stored reason and places, in the reader's language.
            let result = game
                .over()
                .map_or_else(|| result.clone(), |over| result_line(lang, &over));
            let _ = write!(line, "{}", tr!(lang, "game-line-result", result = result));
        }
        (None, Some(to_move)) => {
            let who = player(lang, to_move);
            let _ = write!(
                line,
                "{}",
                match game.deadline_at {
                    Some(deadline) => tr!(
                        lang,
                        "game-line-to-move-deadline",
                        player = who,
                        when = relative_time(deadline)
                    ),
                    None => tr!(lang, "game-line-to-move", player = who),
                }
            );
        }
        (None, None) => {}
    }
    (your_turn, line)
}

/// A list of games under a heading, cut short (with a count of the rest) to fit a message.
pub(crate) fn game_list(lang: Lang, heading: &str, games: &[GameSummary], empty: &str) -> String {
    your_game_list(lang, heading, games, empty, None)
}

/// A list of games as [`game_list`], the games where `you` are to move marked and first.
pub(crate) fn your_game_list(
    lang: Lang,
    heading: &str,
    games: &[GameSummary],
    empty: &str,
    you: Option<UserId>,
) -> String {
    if games.is_empty() {
        return format!("{heading}\n{empty}");
    }
    let mut lines: Vec<(bool, String)> = games
        .iter()
        .map(|game| {
            let (your_turn, line) = game_line_for(lang, game, you);
            (!your_turn, line)
        })
        .collect();
    // Stable: the games where it is your turn first, each group in its order.
    lines.sort_by_key(|(waiting, _)| *waiting);
    lines_within_limit(
        lang,
        heading,
        lines.into_iter().map(|(_, line)| line).collect(),
    )
}

/// A heading and lines, as many as fit in a message with a note of how many were left out.
pub(super) fn lines_within_limit(lang: Lang, heading: &str, lines: Vec<String>) -> String {
    // Room for the note on what was left out.
    const RESERVE: usize = 40;
    let limit = crate::discord::post::MAX_CONTENT_CHARS - RESERVE;
    let mut text = heading.to_owned();
    let total = lines.len();
    for (shown, line) in lines.into_iter().enumerate() {
        if text.chars().count() + 1 + line.chars().count() > limit {
            let _ = write!(text, "\n{}", tr!(lang, "and-more", n = total - shown));
            return text;
        }
        let _ = write!(text, "\n{line}");
    }
    text
}

/// A page of a leaderboard.
pub(crate) fn leaderboard(
    lang: Lang,
    variant: Variant,
    rows: &[LeaderboardRow],
    page: u32,
) -> String {
    let heading = tr!(
        lang,
        "leaderboard-head",
        variant = variant_title(lang, variant),
        page = page
    );
    if rows.is_empty() {
        let key = if page > 1 {
            "leaderboard-empty-page"
        } else {
            "leaderboard-empty"
        };
        return format!("{heading}\n{}", tr!(lang, key));
    }
    let lines = rows
        .iter()
        .map(|row| {
            // A computer's mention is its name already.
            let name = match (&row.name, computer_level(row.user_id)) {
                (Some(name), None) => format!("{} ({name})", mention(lang, row.user_id)),
                _ => mention(lang, row.user_id),
            };
            let record = match places_record(lang, row.games, &row.places) {
                Some(places) => places,
                None => tr!(
                    lang,
                    "leaderboard-record",
                    games = row.games,
                    wins = row.wins,
                    losses = row.losses,
                    draws = row.draws
                ),
            };
            format!(
                "{}. {name}: **{}**{} · {record}",
                row.rank,
                row.rating,
                if row.provisional { "?" } else { "" },
            )
        })
        .collect();
    let mut text = lines_within_limit(lang, &heading, lines);
    if rows.iter().any(|row| row.provisional) {
        let _ = write!(text, "\n{}", tr!(lang, "leaderboard-provisional"));
    }
    text
}

/// A four-player record as places, where a game ends in a place rather than a win or a
/// loss: "3 games (1st ×1, 2nd ×2)"; `None` where results are wins and losses (`places`
/// empty).
pub(super) fn places_record(lang: Lang, games: u32, places: &[u32]) -> Option<String> {
    if places.is_empty() {
        return None;
    }
    let finishes: Vec<String> = (1u32..)
        .zip(places)
        .filter(|(_, &n)| n > 0)
        .map(|(place, &n)| tr!(lang, "place-finishes", place = place, n = n))
        .collect();
    Some(tr!(
        lang,
        "places-record",
        games = games,
        places = finishes.join(&tr!(lang, "list-separator"))
    ))
}

/// A player's ratings, games on and recent results.
pub(crate) fn profile(lang: Lang, profile: &Profile) -> String {
    let mut text = tr!(
        lang,
        "profile-head",
        player = mention(lang, profile.user_id)
    );
    if profile.ratings.is_empty() {
        let _ = write!(text, "\n{}", tr!(lang, "profile-no-ratings"));
    }
    for rating in &profile.ratings {
        let rank = match rating.rank {
            Some(rank) => tr!(lang, "profile-rank", rank = rank),
            None => String::new(),
        };
        let record = match places_record(lang, rating.games, &rating.places) {
            Some(places) => places,
            None => tr!(
                lang,
                "profile-record",
                games = rating.games,
                wins = rating.wins,
                losses = rating.losses,
                draws = rating.draws
            ),
        };
        let _ = write!(
            text,
            "\n{}: **{}**{} · {record}{rank}",
            variant_title(lang, rating.variant),
            rating.rating,
            if rating.provisional {
                tr!(lang, "profile-provisional")
            } else {
                String::new()
            },
        );
    }
    // Games against the computer are listed apart from games between people.
    let against_computer = |game: &&GameSummary| {
        game.players
            .iter()
            .any(|seat| computer_level(seat.player.user_id).is_some())
    };
    let (computer_active, active): (Vec<&GameSummary>, Vec<&GameSummary>) =
        profile.active_games.iter().partition(against_computer);
    let (computer_recent, recent): (Vec<&GameSummary>, Vec<&GameSummary>) =
        profile.recent_games.iter().partition(against_computer);
    let mut lines: Vec<String> = Vec::new();
    for (title, games) in [
        ("profile-playing", active),
        ("profile-recent", recent),
        ("profile-computer-playing", computer_active),
        ("profile-computer-recent", computer_recent),
    ] {
        if !games.is_empty() {
            lines.push(tr!(lang, title));
            lines.extend(games.into_iter().map(|game| game_line(lang, game)));
        }
    }
    if lines.is_empty() {
        return text;
    }
    lines_within_limit(lang, &text, lines)
}
