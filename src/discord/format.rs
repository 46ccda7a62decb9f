//! Every text users read about games: moves and their consequences, boards, challenges,
//! lists, leaderboards and profiles, and the durations users type. Pure functions of the
//! service's views, so each can be tested without Discord.

use std::fmt::Write as _;

use crate::engine::shogi::EliminationReason;
use crate::engine::Variant;
use crate::service::{
    computer_level, computer_name, BoardView, ChallengeView, Eliminated, Event, GameOver,
    GameSummary, LeaderboardRow, OfferDeclined, OfferLapsed, OfferMade, OfferView, Outcome,
    Participant, PlayerView, Profile, PromotionQuestion, Standing,
};
use crate::store::{ChallengeStatus, ChannelId, GameStatus, InviteResponse, OfferKind, UserId};

/// How Discord writes a mention of a user; a computer player is named, as it has no
/// Discord account.
pub(crate) fn mention(user: UserId) -> String {
    match computer_level(user) {
        Some(level) => format!("**{}**", computer_name(level)),
        None => format!("<@{user}>"),
    }
}

/// A channel link.
pub(crate) fn channel(channel: ChannelId) -> String {
    format!("<#{channel}>")
}

/// A player: seat and mention, e.g. `black <@1>`.
pub(crate) fn player(player: &PlayerView) -> String {
    if player.user_id.0 == 0 {
        let name = player.name.as_deref().unwrap_or("nobody");
        return format!("{} {name}", player.seat_name);
    }
    format!("{} {}", player.seat_name, mention(player.user_id))
}

/// Players joined with commas and "and".
fn players<'a>(list: impl IntoIterator<Item = &'a PlayerView>) -> String {
    join_words(list.into_iter().map(player).collect())
}

fn join_words(mut words: Vec<String>) -> String {
    match words.len() {
        0 => String::new(),
        1 => words.remove(0),
        _ => {
            let last = words.pop().unwrap_or_default();
            format!("{} and {last}", words.join(", "))
        }
    }
}

/// A point in time as Discord shows it to each reader, relative ("in 3 days").
pub(crate) fn relative_time(unix_seconds: i64) -> String {
    format!("<t:{unix_seconds}:R>")
}

/// A duration in words: "3 days", "12 hours", "1 day 12 hours".
pub(crate) fn duration(seconds: i64) -> String {
    const UNITS: [(i64, &str); 4] = [
        (86_400, "day"),
        (3_600, "hour"),
        (60, "minute"),
        (1, "second"),
    ];
    let mut left = seconds.max(0);
    let mut parts = Vec::new();
    for (size, name) in UNITS {
        let count = left / size;
        if count > 0 {
            parts.push(format!(
                "{count} {name}{}",
                if count == 1 { "" } else { "s" }
            ));
            left -= count * size;
        }
    }
    if parts.is_empty() {
        "0 seconds".to_owned()
    } else {
        parts.join(" ")
    }
}

/// Reads a time per move as users type it: `3d`, `12h`, `90m`, `1d12h`, `2 days`.
/// Returns the seconds, or a sentence saying what to type instead.
pub(crate) fn parse_duration(text: &str) -> Result<i64, String> {
    let bad = || {
        format!(
            "I could not read the time per move {text:?}. Write a number and a unit, such as \
             `1d`, `3d`, `12h` or `30m` (d = days, h = hours, m = minutes), or `none` for no \
             clock."
        )
    };
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    if compact.is_empty() {
        return Err(bad());
    }
    let mut total: i64 = 0;
    let mut rest = compact.as_str();
    while !rest.is_empty() {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            return Err(bad());
        }
        let count: i64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let unit_len = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .len();
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let size = match unit {
            "d" | "day" | "days" => 86_400,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3_600,
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            _ => return Err(bad()),
        };
        total = count
            .checked_mul(size)
            .and_then(|seconds| total.checked_add(seconds))
            .ok_or_else(bad)?;
    }
    Ok(total)
}

/// The words for "no time limit" in the time-per-move option.
pub(crate) fn means_no_clock(text: &str) -> bool {
    matches!(
        text.trim().to_lowercase().as_str(),
        "none" | "no" | "unlimited" | "off" | "no limit" | "∞"
    )
}

/// The title of a game: `**Shogi #12**`.
pub(crate) fn game_title(variant: Variant, game: impl std::fmt::Display) -> String {
    format!("**{} #{game}**", variant.title())
}

/// What an action did, for everyone in the channel: the event, checks, eliminations, the
/// result, and who is to move now.
pub(crate) fn outcome(outcome: &Outcome) -> String {
    let mut text = format!(
        "{} · {}",
        game_title(outcome.variant, outcome.game_id),
        event(&outcome.event, outcome.ply)
    );
    for eliminated in &outcome.eliminated {
        let _ = write!(text, "\n{}", elimination(eliminated));
    }
    if outcome.result.is_none() && !outcome.checks.is_empty() {
        let _ = write!(text, "\n**Check** on {}!", players(&outcome.checks));
        let answers_first = outcome.variant.seats() > 2
            && outcome
                .next
                .as_ref()
                .is_some_and(|next| outcome.checks.iter().any(|c| c.seat == next.seat));
        if answers_first {
            text.push_str(" The checked player answers at once (check priority).");
        }
    }
    if let Some(over) = &outcome.result {
        let _ = write!(text, "\n{}", game_over(over));
    }
    if let Some(next) = &outcome.next {
        let _ = write!(text, "\nYour move, {}", player(next));
        if let Some(deadline) = outcome.deadline_at {
            text.push_str(&super::clock::time_left(deadline, outcome.bank_left));
        }
        text.push('.');
    }
    text
}

/// Who an outcome should notify: the player to move, or everyone once the game is over.
pub(crate) fn outcome_pings(outcome: &Outcome) -> Vec<UserId> {
    match (&outcome.result, &outcome.next) {
        (Some(over), _) => over.standings.iter().map(|s| s.player.user_id).collect(),
        (None, Some(next)) => vec![next.user_id],
        (None, None) => Vec::new(),
    }
}

fn event(event: &Event, ply: u32) -> String {
    match event {
        Event::Move {
            by,
            readable,
            coordinate,
            japanese,
        } => {
            let mut forms = Vec::new();
            if coordinate != readable {
                forms.push(format!("`{coordinate}`"));
            }
            if let Some(japanese) = japanese {
                forms.push(japanese.clone());
            }
            let forms = if forms.is_empty() {
                String::new()
            } else {
                format!(" ({})", forms.join(", "))
            };
            format!("move {ply}: {} played **{readable}**{forms}", player(by))
        }
        Event::Resignation { by } => format!("{} resigned.", player(by)),
        Event::Timeout { by } => format!("{} ran out of time.", player(by)),
        Event::Declaration { by } => format!("{} declared the game over.", player(by)),
        Event::DrawAgreed {
            offered_by,
            accepted_by,
        } => format!(
            "{} accepted the draw offered by {}.",
            player(accepted_by),
            player(offered_by)
        ),
        Event::Aborted { by, moderator } => format!(
            "{} aborted the game{}.",
            mention(*by),
            if *moderator { " as a moderator" } else { "" }
        ),
        Event::TakeBack {
            plies,
            requested_by,
        } => format!(
            "{} taken back at the request of {}.",
            count(u64::from(*plies), "move"),
            player(requested_by)
        ),
    }
}

fn elimination(eliminated: &Eliminated) -> String {
    let why = match eliminated.reason {
        EliminationReason::Mate => "checkmated",
        EliminationReason::NoMove => "left without a legal move",
        EliminationReason::Timeout => "out of time",
        EliminationReason::Resignation => "resigned",
    };
    let by = match &eliminated.by {
        Some(by) => format!(" by {}", player(by)),
        None => String::new(),
    };
    format!(
        "**{} is eliminated**: {why}{by}.",
        player(&eliminated.player)
    )
}

/// How a game ended: the summary, the places and rating changes.
fn game_over(over: &GameOver) -> String {
    let mut text = format!("**Game over**: {}.", over.summary);
    let placed = over.standings.iter().any(|s| s.place.is_some());
    if placed && over.standings.len() > 2 || over.rated {
        for standing in &over.standings {
            let _ = write!(text, "\n{}", standing_line(standing));
        }
    }
    if !over.rated && over.status == GameStatus::Finished {
        text.push_str("\nUnrated: ratings do not change.");
    } else if over.status != GameStatus::Finished {
        text.push_str("\nNo result: ratings do not change.");
    }
    text.push_str("\nUse `/export` for the game record.");
    text
}

fn standing_line(standing: &Standing) -> String {
    let place = standing
        .place
        .map_or_else(|| "–".to_owned(), |place| format!("{place}."));
    let mut line = format!("{place} {}", player(&standing.player));
    if let Some(rating) = standing.rating {
        let _ = write!(
            line,
            ": {} → {}{} ({:+})",
            rating.before,
            rating.after,
            if rating.provisional { "?" } else { "" },
            rating.delta()
        );
    }
    line
}

/// `1 move`, `3 moves`.
fn count(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// A game as it stands, for the player looking at it privately.
pub(crate) fn board(view: &BoardView) -> String {
    let mut text = format!(
        "{} · move {} · {}",
        game_title(view.variant, view.game_id),
        view.ply,
        players(&view.players)
    );
    if let Some(last) = &view.last_move {
        let _ = write!(text, "\nLast move: **{last}**.");
    }
    if !view.checks.is_empty() {
        let _ = write!(text, "\n**Check** on {}.", players(&view.checks));
    }
    if let Some(to_move) = &view.to_move {
        let _ = write!(text, "\nTo move: {}", player(to_move));
        if let Some(deadline) = view.deadline_at {
            text.push_str(&super::clock::time_left(deadline, view.bank_left));
        }
        text.push('.');
    }
    for offer in &view.offers {
        let _ = write!(text, "\n{}", standing_offer(offer));
    }
    if let Some(image) = &view.image {
        let _ = write!(text, "\nSeen from {}.", image.seat_name);
    }
    text
}

fn standing_offer(offer: &OfferView) -> String {
    match offer.kind {
        OfferKind::Draw => format!("{} offers a draw.", player(&offer.by)),
        OfferKind::Takeback => format!("{} asks to take back a move.", player(&offer.by)),
    }
}

/// A new draw offer or takeback request, for the channel.
pub(crate) fn offer_made(made: &OfferMade) -> String {
    let others: Vec<&PlayerView> = made
        .players
        .iter()
        .filter(|p| p.user_id != made.offer.by.user_id)
        .collect();
    let ask = match made.offer.kind {
        OfferKind::Draw => "accept the draw, or play on",
        OfferKind::Takeback => "allow the takeback, or refuse it",
    };
    format!(
        "{} · {}\n{}: {ask} with the buttons below.",
        game_title(made.variant, made.game_id),
        standing_offer(&made.offer),
        players(others)
    )
}

fn offer_name(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw offer",
        OfferKind::Takeback => "takeback request",
    }
}

/// An offer turned down, for the channel.
pub(crate) fn offer_declined(declined: &OfferDeclined) -> String {
    format!(
        "{} · {} declined the {} of {}. The game goes on.",
        game_title(declined.variant, declined.game_id),
        mention(declined.by),
        offer_name(declined.offer.kind),
        player(&declined.offer.by)
    )
}

/// An offer's message once it has been answered (its buttons are gone): what was offered
/// and the answer.
pub(crate) fn offer_answered(
    variant: Variant,
    game: impl std::fmt::Display,
    offer: &OfferView,
    accepted: bool,
    by: UserId,
) -> String {
    format!(
        "{} · {}\n{} by {}.",
        game_title(variant, game),
        standing_offer(offer),
        if accepted { "Accepted" } else { "Declined" },
        mention(by)
    )
}

/// The private answer to the player who made an offer or request: it is posted for the
/// others to answer.
pub(crate) fn offer_sent(
    offer: &OfferView,
    variant: Variant,
    game: impl std::fmt::Display,
) -> String {
    format!(
        "Your {} in {} is posted in the channel for your opponent to answer.",
        offer_name(offer.kind),
        game_title(variant, game)
    )
}

/// The private answer to the player whose action changed a game: what was done. The
/// channel is told (with the board) by the announcement.
/// The autocomplete note that no legal move matches what was typed.
pub(crate) fn no_move_matches(typed: &str) -> String {
    format!("No legal move matches \"{}\"", typed.trim())
}

/// The autocomplete note of a list cut short: how many of how many, and how to narrow.
pub(crate) fn choices_cut(shown: usize, matching: usize) -> String {
    format!("{shown} of {matching} — type a piece or square")
}

/// The label of the button that plays the promoting move.
pub(crate) const PROMOTE_LABEL: &str = "Promote";
/// The label of the button that plays the move without promoting.
pub(crate) const STAY_LABEL: &str = "Don't promote";

/// The private question of a move whose text leaves the promotion open.
pub(crate) fn promotion_question(question: &PromotionQuestion) -> String {
    format!(
        "Promote or not? **{}** (`{}`) or **{}** (`{}`). Nothing is played in {} until you \
         choose.",
        question.promote.label,
        question.promote.value,
        question.stay.label,
        question.stay.value,
        game_title(question.variant, question.game_id),
    )
}

pub(crate) fn change_made(outcome: &Outcome) -> String {
    let game = game_title(outcome.variant, outcome.game_id);
    let mut text = match &outcome.event {
        Event::Move {
            readable,
            coordinate,
            ..
        } => {
            let coordinate = if coordinate == readable {
                String::new()
            } else {
                format!(" (`{coordinate}`)")
            };
            format!(
                "Your move **{readable}**{coordinate} was played: move {} of {game}.",
                outcome.ply
            )
        }
        Event::Resignation { .. } => format!("You resigned {game}."),
        Event::Timeout { by } => format!("{} ran out of time in {game}.", player(by)),
        Event::Declaration { .. } => format!("Your declaration in {game} was accepted."),
        Event::DrawAgreed { .. } => format!("You accepted the draw in {game}."),
        Event::Aborted { .. } => format!("You aborted {game}."),
        Event::TakeBack { plies, .. } => format!(
            "You allowed the takeback in {game}: {} taken back.",
            count(u64::from(*plies), "move")
        ),
    };
    if let Some(over) = &outcome.result {
        let _ = write!(text, "\n**Game over**: {}.", over.summary);
    }
    text
}

/// The private answer to the player who made a challenge.
pub(crate) fn challenge_made(view: &ChallengeView) -> String {
    match view.status {
        ChallengeStatus::Accepted => format!(
            "Your **{}** game begins: its first board is posted in the channel.",
            view.variant.title()
        ),
        _ => format!(
            "Your **Challenge #{}** is posted in the channel for the players to answer.",
            view.id
        ),
    }
}

/// A challenge and where it stands.
pub(crate) fn challenge(view: &ChallengeView) -> String {
    let mut text = format!(
        "**Challenge #{}**: {} challenges {} to **{}**.",
        view.id,
        mention(view.challenger.user_id),
        challenged(view),
        view.variant.title()
    );
    let clock = match (view.seconds_per_move, view.bank_seconds) {
        (Some(seconds), None) => format!("{} per move", duration(seconds)),
        (Some(seconds), Some(bank)) => format!(
            "{} per move and a time bank of {}",
            duration(seconds),
            duration(bank)
        ),
        (None, _) => "no time limit".to_owned(),
    };
    let rated = if view.rated { "rated" } else { "unrated" };
    let seats = match view.seat_mode {
        crate::store::SeatMode::Random => "seats drawn at random".to_owned(),
        crate::store::SeatMode::Fixed => format!("seats: {}", fixed_seats(view)),
    };
    let _ = write!(text, "\n{rated}, {clock}, {seats}.");
    if let Some(rules) = rules_note(view) {
        let _ = write!(text, "\nRules: {rules}.");
    }
    match view.status {
        ChallengeStatus::Open => {
            let waiting: Vec<String> = view
                .invitees
                .iter()
                .filter(|i| i.response == InviteResponse::Pending)
                .map(|i| mention(i.user_id))
                .collect();
            if !waiting.is_empty() {
                let _ = write!(text, "\nWaiting for {} to accept.", join_words(waiting));
            }
            if view.open_seats > 0 {
                let _ = write!(
                    text,
                    "\n{} open: anyone may join.",
                    count(view.open_seats as u64, "seat")
                );
            }
            let _ = write!(
                text,
                "\nThe challenge expires {}.",
                relative_time(view.expires_at)
            );
        }
        ChallengeStatus::Accepted => text.push_str("\nAccepted: the game has begun."),
        ChallengeStatus::Declined => {
            let by: Vec<String> = view
                .invitees
                .iter()
                .filter(|i| i.response == InviteResponse::Declined)
                .map(|i| mention(i.user_id))
                .collect();
            let _ = write!(text, "\nDeclined by {}.", join_words(by));
        }
        ChallengeStatus::Cancelled => text.push_str("\nWithdrawn by the challenger."),
        ChallengeStatus::Expired => text.push_str("\nExpired before everyone had joined."),
    }
    text
}

/// Whom a challenge names, with the open seats.
fn challenged(view: &ChallengeView) -> String {
    let mut names: Vec<String> = view
        .invitees
        .iter()
        .map(|invitee| mention(invitee.user_id))
        .collect();
    if view.open_seats > 0 {
        names.push(if view.open_seats == 1 {
            "anyone who joins".to_owned()
        } else {
            format!("{} who join", count(view.open_seats as u64, "player"))
        });
    }
    join_words(names)
}

fn fixed_seats(view: &ChallengeView) -> String {
    let seat_of = |participant: &Participant| {
        format!(
            "{} {}",
            participant.seat_name.unwrap_or("?"),
            mention(participant.user_id)
        )
    };
    let mut seats: Vec<(Option<u8>, String)> = std::iter::once(&view.challenger)
        .chain(&view.invitees)
        .map(|p| (p.seat, seat_of(p)))
        .collect();
    seats.sort_by_key(|(seat, _)| *seat);
    let mut list: Vec<String> = seats.into_iter().map(|(_, text)| text).collect();
    if view.open_seats > 0 {
        list.push(format!("{} open", count(view.open_seats as u64, "seat")));
    }
    list.join(", ")
}

/// The rules a challenge changes from the variant's defaults, in words.
fn rules_note(view: &ChallengeView) -> Option<String> {
    let defaults = crate::engine::RuleOptions::defaults(view.variant);
    if view.rules == defaults {
        return None;
    }
    let mut notes = Vec::new();
    if view.rules.hand_to_eliminator {
        notes.push("an eliminated player's hand goes to the eliminator".to_owned());
    }
    match (view.rules.move_limit, defaults.move_limit) {
        (None, Some(_)) => notes.push("no move limit".to_owned()),
        (Some(limit), default) if Some(limit) != default => {
            notes.push(format!("the game ends after move {limit}"));
        }
        _ => {}
    }
    if defaults.declaration_after.is_some() && view.rules.declaration_after.is_none() {
        notes.push("no entering-king declaration".to_owned());
    }
    if defaults.resignation_needs_two && !view.rules.resignation_needs_two {
        notes.push("resignation allowed at any time".to_owned());
    }
    if defaults.repetition_voids && !view.rules.repetition_voids {
        notes.push("repetition does not void the game".to_owned());
    }
    if defaults.impasse_declaration && !view.rules.impasse_declaration {
        notes.push("no impasse declaration".to_owned());
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// Who a challenge's message should notify: the players still to answer.
pub(crate) fn challenge_pings(view: &ChallengeView) -> Vec<UserId> {
    view.invitees
        .iter()
        .filter(|i| i.response == InviteResponse::Pending)
        .map(|i| i.user_id)
        .collect()
}

/// The start of a game, over its first board.
pub(crate) fn game_started(view: &BoardView) -> String {
    let mut text = format!(
        "{} begins: {}.",
        game_title(view.variant, view.game_id),
        players(&view.players)
    );
    if !view.pairs.is_empty() {
        let pairs: Vec<String> = view.pairs.iter().map(|pair| pair_line(pair)).collect();
        let _ = write!(text, "\nPairs: {}.", pairs.join(" against "));
    }
    if let Some(to_move) = &view.to_move {
        let _ = write!(text, "\nYour move, {}", player(to_move));
        if let Some(deadline) = view.deadline_at {
            text.push_str(&super::clock::time_left(deadline, view.bank_left));
        }
        text.push_str(". Play with `/move`.");
    }
    text
}

/// A pair as the start message names it: `**S+N** (@a, @c)`.
fn pair_line(pair: &[PlayerView]) -> String {
    let seats: Vec<&str> = pair.iter().map(|p| p.seat_name).collect();
    let names: Vec<String> = pair.iter().map(|p| mention(p.user_id)).collect();
    format!("**{}** ({})", seats.join("+"), names.join(", "))
}

/// What a lapsed offer's message says once its buttons are gone.
pub(crate) fn offer_lapsed(lapsed: &OfferLapsed) -> String {
    let what = match lapsed.offer.kind {
        OfferKind::Draw => "draw offer",
        OfferKind::Takeback => "takeback request",
    };
    format!(
        "{} · {}'s {what} lapsed: the game moved on before it was answered.",
        game_title(lapsed.variant, lapsed.game_id),
        player(&lapsed.offer.by)
    )
}

/// A reminder that a player's time is running out.
pub(crate) fn reminder(
    variant: Variant,
    game: impl std::fmt::Display,
    to_move: &PlayerView,
    deadline: i64,
) -> String {
    format!(
        "{} · reminder: your move, {}. Time runs out {}.",
        game_title(variant, game),
        player(to_move),
        relative_time(deadline)
    )
}

/// A challenge nobody completed in time.
pub(crate) fn challenge_expired(view: &ChallengeView) -> String {
    format!(
        "**Challenge #{}** of {} to **{}** has expired: not everyone joined in time.",
        view.id,
        mention(view.challenger.user_id),
        view.variant.title()
    )
}

/// One game in a list.
pub(crate) fn game_line(game: &GameSummary) -> String {
    game_line_for(game, None)
}

/// A game in one line, starting with **Your turn** where `you` are to move.
fn game_line_for(game: &GameSummary, you: Option<UserId>) -> String {
    let your_turn = you.is_some_and(|you| game.to_move.as_ref().is_some_and(|p| p.user_id == you));
    let seats: Vec<String> = game.players.iter().map(|s| player(&s.player)).collect();
    let mut line = format!(
        "{}{} in {}: {}, move {}",
        if your_turn { "**Your turn** · " } else { "" },
        game_title(game.variant, game.game_id),
        channel(game.channel_id),
        seats.join(", "),
        game.ply
    );
    match (&game.result, &game.to_move) {
        (Some(result), _) => {
            let _ = write!(line, ", {result}");
        }
        (None, Some(to_move)) => {
            let _ = write!(line, "; {} to move", player(to_move));
            if let Some(deadline) = game.deadline_at {
                let _ = write!(line, ", time runs out {}", relative_time(deadline));
            }
        }
        (None, None) => {}
    }
    line
}

/// A list of games under a heading, cut short (with a count of the rest) to fit a message.
pub(crate) fn game_list(heading: &str, games: &[GameSummary], empty: &str) -> String {
    your_game_list(heading, games, empty, None)
}

/// A list of games as [`game_list`], the games where `you` are to move marked and first.
pub(crate) fn your_game_list(
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
            let line = game_line_for(game, you);
            (!line.starts_with("**Your turn**"), line)
        })
        .collect();
    // Stable: the games where it is your turn first, each group in its order.
    lines.sort_by_key(|(waiting, _)| *waiting);
    lines_within_limit(heading, lines.into_iter().map(|(_, line)| line).collect())
}

/// A heading and lines, as many as fit in a message with a note of how many were left out.
fn lines_within_limit(heading: &str, lines: Vec<String>) -> String {
    // Room for the note on what was left out.
    const RESERVE: usize = 40;
    let limit = super::post::MAX_CONTENT_CHARS - RESERVE;
    let mut text = heading.to_owned();
    let total = lines.len();
    for (shown, line) in lines.into_iter().enumerate() {
        if text.chars().count() + 1 + line.chars().count() > limit {
            let _ = write!(text, "\n… and {} more.", total - shown);
            return text;
        }
        let _ = write!(text, "\n{line}");
    }
    text
}

/// A page of a leaderboard.
pub(crate) fn leaderboard(variant: Variant, rows: &[LeaderboardRow], page: u32) -> String {
    let heading = format!("**{} leaderboard**, page {page}", variant.title());
    if rows.is_empty() {
        return format!(
            "{heading}\nNo rated games yet{}. Play one with `/challenge`.",
            if page > 1 { " on this page" } else { "" }
        );
    }
    let lines = rows
        .iter()
        .map(|row| {
            let name = match &row.name {
                Some(name) => format!("{} ({name})", mention(row.user_id)),
                None => mention(row.user_id),
            };
            format!(
                "{}. {name}: **{}**{} · {} ({}–{}–{})",
                row.rank,
                row.rating,
                if row.provisional { "?" } else { "" },
                count(u64::from(row.games), "game"),
                row.wins,
                row.losses,
                row.draws
            )
        })
        .collect();
    let mut text = lines_within_limit(&heading, lines);
    if rows.iter().any(|row| row.provisional) {
        text.push_str("\n? provisional: few games yet.");
    }
    text
}

/// A player's ratings, games on and recent results.
pub(crate) fn profile(profile: &Profile) -> String {
    let mut text = format!("**Profile of {}**", mention(profile.user_id));
    if profile.ratings.is_empty() {
        text.push_str("\nNo rated games in this server yet.");
    }
    for rating in &profile.ratings {
        let rank = match rating.rank {
            Some(rank) => format!(", #{rank} on the leaderboard"),
            None => String::new(),
        };
        let _ = write!(
            text,
            "\n{}: **{}**{} · {} ({} won, {} lost, {} drawn){rank}",
            rating.variant.title(),
            rating.rating,
            if rating.provisional {
                "? (provisional)"
            } else {
                ""
            },
            count(u64::from(rating.games), "game"),
            rating.wins,
            rating.losses,
            rating.draws
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
        ("**Playing**", active),
        ("**Recent games**", recent),
        ("**Against the computer: playing**", computer_active),
        ("**Against the computer: recent games**", computer_recent),
    ] {
        if !games.is_empty() {
            lines.push(title.to_owned());
            lines.extend(games.into_iter().map(game_line));
        }
    }
    if lines.is_empty() {
        return text;
    }
    lines_within_limit(&text, lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EndReason;
    use crate::service::{RatingChange, SeatSummary};
    use crate::store::GameId;

    fn seat(seat: u8, seat_name: &'static str, user: u64) -> PlayerView {
        PlayerView {
            seat,
            seat_name,
            user_id: UserId(user),
            name: Some(format!("user{user}")),
        }
    }

    #[test]
    fn durations_read_as_users_type_them() {
        assert_eq!(parse_duration("1d"), Ok(86_400));
        assert_eq!(parse_duration("3d"), Ok(3 * 86_400));
        assert_eq!(parse_duration("12h"), Ok(12 * 3_600));
        assert_eq!(parse_duration("30m"), Ok(1_800));
        assert_eq!(parse_duration("1d12h"), Ok(86_400 + 12 * 3_600));
        assert_eq!(parse_duration(" 2 Days "), Ok(2 * 86_400));
        for bad in ["", "d", "3", "3x", "-3d", "99999999999999999999d", "1.5d"] {
            let error = parse_duration(bad).unwrap_err();
            assert!(error.contains("`3d`"), "{bad}: {error}");
        }
        assert!(means_no_clock("None"));
        assert!(!means_no_clock("3d"));
    }

    #[test]
    fn durations_print_in_words() {
        assert_eq!(duration(3 * 86_400), "3 days");
        assert_eq!(duration(86_400 + 3_600), "1 day 1 hour");
        assert_eq!(duration(60), "1 minute");
        assert_eq!(duration(0), "0 seconds");
    }

    fn move_outcome() -> Outcome {
        Outcome {
            game_id: GameId(7),
            guild_id: crate::store::GuildId(1),
            channel_id: ChannelId(2),
            variant: Variant::Standard,
            event: Event::Move {
                by: seat(0, "black", 11),
                readable: "P-7f".into(),
                coordinate: "7g7f".into(),
                japanese: Some("７六歩".into()),
            },
            ply: 1,
            checks: Vec::new(),
            eliminated: Vec::new(),
            result: None,
            next: Some(seat(1, "white", 22)),
            deadline_at: Some(1_000),
            bank_left: None,
            picture: None,
        }
    }

    #[test]
    fn the_mover_is_told_privately_what_was_played() {
        let mut outcome = move_outcome();
        assert_eq!(
            change_made(&outcome),
            "Your move **P-7f** (`7g7f`) was played: move 1 of **Shogi #7**."
        );
        outcome.result = Some(GameOver {
            status: GameStatus::Finished,
            reason: EndReason::Checkmate,
            summary: "black (user11) wins (checkmate)".into(),
            rated: false,
            standings: Vec::new(),
        });
        outcome.event = Event::Resignation {
            by: seat(1, "white", 22),
        };
        assert_eq!(
            change_made(&outcome),
            "You resigned **Shogi #7**.\n**Game over**: black (user11) wins (checkmate)."
        );
    }

    #[test]
    fn a_move_names_the_mover_the_move_and_who_is_next() {
        let outcome = move_outcome();
        let text = super::outcome(&outcome);
        assert_eq!(
            text,
            "**Shogi #7** · move 1: black <@11> played **P-7f** (`7g7f`, ７六歩)\n\
             Your move, white <@22> (time runs out <t:1000:R>)."
        );
        assert_eq!(outcome_pings(&outcome), [UserId(22)]);
    }

    #[test]
    fn yonin_check_priority_and_eliminations_are_announced() {
        let mut outcome = move_outcome();
        outcome.variant = Variant::Yonin;
        outcome.event = Event::Move {
            by: seat(0, "S", 11),
            readable: "R-5c".into(),
            coordinate: "5h5c".into(),
            japanese: None,
        };
        outcome.checks = vec![seat(2, "N", 33)];
        outcome.eliminated = vec![Eliminated {
            player: seat(3, "E", 44),
            reason: EliminationReason::Mate,
            by: Some(seat(0, "S", 11)),
        }];
        outcome.next = Some(seat(2, "N", 33));
        let text = super::outcome(&outcome);
        assert!(
            text.contains("**E <@44> is eliminated**: checkmated by S <@11>."),
            "{text}"
        );
        assert!(text.contains("**Check** on N <@33>!"), "{text}");
        assert!(text.contains("check priority"), "{text}");
        assert!(
            text.ends_with("Your move, N <@33> (time runs out <t:1000:R>)."),
            "{text}"
        );
    }

    #[test]
    fn the_end_shows_places_and_rating_changes_and_pings_everyone() {
        let mut outcome = move_outcome();
        outcome.next = None;
        outcome.deadline_at = None;
        outcome.result = Some(GameOver {
            status: GameStatus::Finished,
            reason: EndReason::Checkmate,
            summary: "black (user11) wins (checkmate)".into(),
            rated: true,
            standings: vec![
                Standing {
                    player: seat(0, "black", 11),
                    place: Some(1),
                    rating: Some(RatingChange {
                        before: 1500,
                        after: 1662,
                        provisional: true,
                    }),
                },
                Standing {
                    player: seat(1, "white", 22),
                    place: Some(2),
                    rating: Some(RatingChange {
                        before: 1500,
                        after: 1338,
                        provisional: true,
                    }),
                },
            ],
        });
        let text = super::outcome(&outcome);
        assert!(
            text.contains("**Game over**: black (user11) wins (checkmate)."),
            "{text}"
        );
        assert!(
            text.contains("1. black <@11>: 1500 → 1662? (+162)"),
            "{text}"
        );
        assert!(
            text.contains("2. white <@22>: 1500 → 1338? (-162)"),
            "{text}"
        );
        assert!(!text.contains("Your move"), "{text}");
        assert_eq!(outcome_pings(&outcome), [UserId(11), UserId(22)]);
    }

    #[test]
    fn long_lists_are_cut_with_a_count() {
        let game = GameSummary {
            game_id: GameId(1),
            guild_id: crate::store::GuildId(1),
            channel_id: ChannelId(2),
            variant: Variant::Standard,
            status: GameStatus::Active,
            rated: true,
            ply: 3,
            players: vec![SeatSummary {
                player: seat(0, "black", 11),
                place: None,
                rating_before: None,
                rating_after: None,
            }],
            to_move: Some(seat(0, "black", 11)),
            deadline_at: None,
            result: None,
            created_at: 0,
            finished_at: None,
        };
        let games = vec![game; 100];
        let text = game_list("**Games**", &games, "none");
        assert!(text.chars().count() <= super::super::post::MAX_CONTENT_CHARS);
        assert!(text.contains("more."), "{text}");
        assert_eq!(
            game_list("**Games**", &[], "No games."),
            "**Games**\nNo games."
        );
    }
}
