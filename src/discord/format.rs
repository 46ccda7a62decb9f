//! Every text users read about games: moves and their consequences, boards, challenges,
//! lists, leaderboards and profiles, and the durations users type. Pure functions of the
//! service's views and a [`Lang`], each sentence a message of `locales/<lang>/*.ftl`, so
//! each can be tested without Discord.

use std::fmt::Write as _;

use crate::engine::EliminationReason;
use crate::engine::{EndReason, Variant};
use crate::service::{
    computer_level, BoardView, ChallengeView, Eliminated, Event, GameOver, GameSummary,
    LeaderboardRow, MoveText, Notation, OfferDeclined, OfferLapsed, OfferMade, OfferView, Outcome,
    Participant, PlayerView, Profile, PromotionQuestion, SinceTurn, Standing,
};
use crate::store::{ChallengeStatus, ChannelId, GameStatus, InviteResponse, OfferKind, UserId};

use super::i18n::{tr, Lang};

/// How Discord writes a mention of a user; a computer player is named, as it has no
/// Discord account.
pub(crate) fn mention(lang: Lang, user: UserId) -> String {
    match computer_level(user) {
        Some(level) => format!("**{}**", computer(lang, level)),
        None => format!("<@{user}>"),
    }
}

/// A computer player's name in `lang`: "shogiban · level 3" (`shogiban レベル3`).
pub(crate) fn computer(lang: Lang, level: crate::computer::Level) -> String {
    tr!(lang, "computer-name", level = level.number())
}

/// A player's name for a one-line text: a computer's in `lang`, a person's as Discord
/// last showed it.
fn display_name(lang: Lang, player: &PlayerView) -> Option<String> {
    match computer_level(player.user_id) {
        Some(level) => Some(computer(lang, level)),
        None => player.name.clone(),
    }
}

/// A channel link.
pub(crate) fn channel(channel: ChannelId) -> String {
    format!("<#{channel}>")
}

/// A seat's name in `lang`: black/white (先手/後手), or S/W/N/E in yonin.
pub(crate) fn seat_name(lang: Lang, seat_name: &str) -> String {
    let key = match seat_name {
        "black" => "seat-black",
        "white" => "seat-white",
        "S" => "seat-south",
        "W" => "seat-west",
        "N" => "seat-north",
        "E" => "seat-east",
        // The service names no other seat; an unknown one is shown as it came.
        other => return other.to_owned(),
    };
    tr!(lang, key)
}

/// A variant's name in `lang`.
pub(crate) fn variant_title(lang: Lang, variant: Variant) -> String {
    let key = match variant {
        Variant::Standard => "variant-standard",
        Variant::Yonin => "variant-yonin",
        Variant::YoninDoubles => "variant-yonin-doubles",
        Variant::DaiDai => "variant-daidai",
    };
    tr!(lang, key)
}

/// A computer player in a seat, named with the seat so that the computers of one game
/// are told apart: `shogiban · level 3 (E)` (`shogiban レベル3（東）`); `None` for a
/// person.
pub(crate) fn computer_in_seat(lang: Lang, player: &PlayerView) -> Option<String> {
    let level = computer_level(player.user_id)?;
    Some(tr!(
        lang,
        "computer-in-seat",
        level = level.number(),
        seat = seat_name(lang, player.seat_name)
    ))
}

/// A player: seat and mention, e.g. `black <@1>` (`先手 <@1>`); a computer by its name,
/// which says its seat: `**shogiban · level 3 (E)**`.
pub(crate) fn player(lang: Lang, player: &PlayerView) -> String {
    if let Some(computer) = computer_in_seat(lang, player) {
        return format!("**{computer}**");
    }
    let seat = seat_name(lang, player.seat_name);
    if player.user_id.0 == 0 {
        let name = match &player.name {
            Some(name) => name.clone(),
            None => tr!(lang, "nobody"),
        };
        return tr!(lang, "player", seat = seat, who = name);
    }
    tr!(
        lang,
        "player",
        seat = seat,
        who = mention(lang, player.user_id)
    )
}

/// A player with their name rather than a mention (for one-line results): `black (alice)`;
/// a computer as `shogiban · level 3 (E)`.
pub(crate) fn named_player(lang: Lang, player: &PlayerView) -> String {
    if let Some(computer) = computer_in_seat(lang, player) {
        return computer;
    }
    let seat = seat_name(lang, player.seat_name);
    match &display_name(lang, player) {
        Some(name) => tr!(lang, "player-named", seat = seat, name = name),
        None => tr!(
            lang,
            "player-unnamed",
            seat = seat,
            user = player.user_id.to_string()
        ),
    }
}

/// Players joined with commas and "and".
pub(crate) fn players<'a>(lang: Lang, list: impl IntoIterator<Item = &'a PlayerView>) -> String {
    join_words(lang, list.into_iter().map(|p| player(lang, p)).collect())
}

/// Words joined as `lang` lists them: "a, b and c" (「a、b、c」).
fn join_words(lang: Lang, mut words: Vec<String>) -> String {
    match words.len() {
        0 => String::new(),
        1 => words.remove(0),
        _ => {
            let last = words.pop().unwrap_or_default();
            let rest = words.join(&tr!(lang, "list-separator"));
            tr!(lang, "list-and", rest = rest, last = last)
        }
    }
}

/// A point in time as Discord shows it to each reader, in their language, relative
/// ("in 3 days").
pub(crate) fn relative_time(unix_seconds: i64) -> String {
    format!("<t:{unix_seconds}:R>")
}

/// A duration in words: "3 days", "12 hours", "1 day 12 hours" (「1日 12時間」).
pub(crate) fn duration(lang: Lang, seconds: i64) -> String {
    const UNITS: [(i64, &str); 4] = [
        (86_400, "duration-days"),
        (3_600, "duration-hours"),
        (60, "duration-minutes"),
        (1, "duration-seconds"),
    ];
    let mut left = seconds.max(0);
    let mut parts = Vec::new();
    for (size, key) in UNITS {
        let count = left / size;
        if count > 0 {
            parts.push(tr!(lang, key, n = count));
            left -= count * size;
        }
    }
    if parts.is_empty() {
        tr!(lang, "duration-seconds", n = 0i64)
    } else {
        parts.join(&tr!(lang, "duration-separator"))
    }
}

/// A time left as people say it, not to the second: whole days from three days on
/// ("29 days", 「29日」), days and hours below that ("1 day 12 hours"), hours from three
/// hours ("3 hours"), hours and minutes below that, minutes below an hour, and "less than
/// a minute"; each rounded to its last unit.
pub(crate) fn duration_left(lang: Lang, seconds: i64) -> String {
    const DAY: i64 = 86_400;
    const HOUR: i64 = 3_600;
    const MINUTE: i64 = 60;
    let seconds = seconds.max(0);
    let rounded = |unit: i64| (seconds + unit / 2) / unit * unit;
    // From a day down to three hours, to the hour.
    let kept = if seconds >= 3 * DAY - HOUR / 2 {
        rounded(DAY)
    } else if seconds >= 3 * HOUR - MINUTE / 2 {
        rounded(HOUR)
    } else if seconds >= MINUTE - 1 {
        rounded(MINUTE)
    } else {
        return tr!(lang, "duration-under-a-minute");
    };
    duration(lang, kept)
}

/// Reads a time per move as users type it: `3d`, `12h`, `90m`, `1d12h`, `2 days`.
/// Returns the seconds, or a sentence (in `lang`) saying what to type instead.
pub(crate) fn parse_duration(lang: Lang, text: &str) -> Result<i64, String> {
    let bad = || tr!(lang, "bad-duration", text = format!("{text:?}"));
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
    let word: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    matches!(
        word.as_str(),
        "none" | "no" | "unlimited" | "off" | "nolimit" | "∞" | "なし" | "없음"
    )
}

/// The title of a game: `**Shogi #12**` (`**将棋 #12**`).
pub(crate) fn game_title(lang: Lang, variant: Variant, game: impl std::fmt::Display) -> String {
    tr!(
        lang,
        "game-title",
        variant = variant_title(lang, variant),
        game = game.to_string()
    )
}

/// "Your move, X" with the deadline where there is one (and the bank left in a game with
/// a time bank); for a computer, which moves at once and has no deadline, that it is
/// thinking.
fn your_move(
    lang: Lang,
    next: &PlayerView,
    deadline: Option<i64>,
    bank_left: Option<i64>,
) -> String {
    if computer_level(next.user_id).is_some() {
        return tr!(lang, "computer-thinking", player = player(lang, next));
    }
    match deadline {
        Some(deadline) => tr!(
            lang,
            "your-move-deadline",
            player = player(lang, next),
            when = super::clock::deadline_when(lang, deadline, bank_left)
        ),
        None => tr!(lang, "your-move", player = player(lang, next)),
    }
}

/// What an action did, for everyone in the channel: the event, checks, eliminations, the
/// result, and who is to move now.
pub(crate) fn outcome(lang: Lang, outcome: &Outcome) -> String {
    // Moves gathered while no person was to move are listed together; their last is the
    // event.
    let happened = match &outcome.since_turn {
        Some(since) if since.moves.len() > 1 => gathered_moves(lang, since),
        _ => event(lang, &outcome.event, outcome.ply),
    };
    let mut text = format!(
        "{} · {happened}",
        game_title(lang, outcome.variant, outcome.game_id)
    );
    for eliminated in &outcome.eliminated {
        let _ = write!(text, "\n{}", elimination(lang, eliminated));
    }
    if outcome.result.is_none() && !outcome.checks.is_empty() {
        let _ = write!(
            text,
            "\n{}",
            tr!(lang, "check-on", players = players(lang, &outcome.checks))
        );
        let answers_first = outcome.variant.seats() > 2
            && outcome
                .next
                .as_ref()
                .is_some_and(|next| outcome.checks.iter().any(|c| c.seat == next.seat));
        if answers_first {
            let _ = write!(text, " {}", tr!(lang, "check-priority"));
        }
    }
    if let Some(over) = &outcome.result {
        let _ = write!(text, "\n{}", game_over(lang, over));
    }
    if let Some(next) = &outcome.next {
        let _ = write!(
            text,
            "\n{}",
            your_move(lang, next, outcome.deadline_at, outcome.bank_left)
        );
    }
    text
}

/// The moves played since a person's last turn, in their notation: "moves 5–7: W: **P-4e**,
/// N: **P-5d**, E: **Sx4c**".
fn gathered_moves(lang: Lang, since: &SinceTurn) -> String {
    let notation = since
        .notation
        .unwrap_or_else(|| super::settings::default_notation(lang));
    let moves: Vec<String> = since
        .moves
        .iter()
        .map(|m| {
            let shown = move_text(
                notation,
                &MoveText {
                    coordinate: m.coordinate.clone(),
                    western: m.readable.clone(),
                    japanese: m.japanese.clone(),
                },
            );
            // Yonin's Western form names the seat (`W: P-4e`); the list names it already.
            let prefix = format!("{}: ", m.by.seat_name);
            let shown = shown.strip_prefix(&prefix).unwrap_or(&shown);
            tr!(
                lang,
                "gathered-move",
                seat = seat_name(lang, m.by.seat_name),
                played = format!("**{shown}**")
            )
        })
        .collect();
    let ply = |m: Option<&crate::service::GatheredMove>| m.map_or(0, |m| m.ply);
    tr!(
        lang,
        "gathered-moves",
        first = ply(since.moves.first()),
        last = ply(since.moves.last()),
        moves = moves.join(&tr!(lang, "list-separator"))
    )
}

/// Who an outcome should notify: the player to move, or everyone once the game is over.
pub(crate) fn outcome_pings(outcome: &Outcome) -> Vec<UserId> {
    match (&outcome.result, &outcome.next) {
        (Some(over), _) => over.standings.iter().map(|s| s.player.user_id).collect(),
        (None, Some(next)) => vec![next.user_id],
        (None, None) => Vec::new(),
    }
}

/// `lang`'s way of saying how many moves: "1 move", "3 moves" (「3手」).
fn moves_count(lang: Lang, n: u32) -> String {
    tr!(lang, "moves-count", n = n)
}

/// The notation of a channel's posts, which everyone there reads: the default of the
/// channel's language.
pub(crate) fn channel_notation(lang: Lang) -> Notation {
    super::settings::default_notation(lang)
}

/// A move as a reader with `notation` writes it: Japanese (`７六歩`), Western (`P-7f`) or
/// the coordinate form (`7g7f`). Every move shown to a reader is worded here. A move
/// without a Japanese form (one stored before the variant's records kept it) reads in the
/// coordinate form.
pub(crate) fn move_text(notation: Notation, text: &MoveText) -> String {
    match (notation, &text.japanese) {
        (Notation::Japanese, Some(japanese)) => japanese.clone(),
        (Notation::Japanese | Notation::Coordinate, _) => text.coordinate.clone(),
        (Notation::Western, _) => text.western.clone(),
    }
}

/// A move in bold in the reader's notation, and the coordinate form the move command
/// takes beside it where it differs: `**７六歩**（`7g7f`）`.
pub(crate) fn move_with_coordinate(lang: Lang, notation: Notation, text: &MoveText) -> String {
    let shown = move_text(notation, text);
    if shown == text.coordinate {
        return format!("**{shown}**");
    }
    tr!(
        lang,
        "move-and-coordinate",
        played = format!("**{shown}**"),
        coordinate = text.coordinate.clone()
    )
}

/// A move as a channel post shows it: [`move_with_coordinate`], and for readers of
/// Western notation the Japanese form too, as the board's kanji write it
/// (`**P-7f** (`7g7f`, ７六歩)`).
fn move_in_channel(lang: Lang, notation: Notation, text: &MoveText) -> String {
    match (&text.japanese, notation) {
        // Dai dai's Japanese form is its kanji and the coordinates already shown.
        (Some(japanese), Notation::Western)
            if !japanese.contains(&text.coordinate) && text.western != text.coordinate =>
        {
            tr!(
                lang,
                "move-and-forms",
                played = format!("**{}**", text.western),
                coordinate = text.coordinate.clone(),
                japanese = japanese.clone()
            )
        }
        _ => move_with_coordinate(lang, notation, text),
    }
}

/// A move with who played it, for lists and captions: `☗７六歩` in two-player games; in
/// yonin the seat's name before it (`南 ５六歩`), which Western notation already writes
/// (`S: P-5f`).
pub(crate) fn move_by(
    lang: Lang,
    notation: Notation,
    variant: Variant,
    seat: u8,
    text: &MoveText,
) -> String {
    if variant.seats() == 2 {
        let mark = if seat == 0 { '☗' } else { '☖' };
        return format!("{mark}{}", move_text(notation, text));
    }
    move_named(lang, notation, variant, seat, text)
}

/// A move where the text around it does not say who played it: in yonin with the seat's
/// name before it, as [`move_by`]; in two-player games alone.
pub(crate) fn move_named(
    lang: Lang,
    notation: Notation,
    variant: Variant,
    seat: u8,
    text: &MoveText,
) -> String {
    let shown = move_text(notation, text);
    if variant.seats() == 2 || (notation == Notation::Western && shown == text.western) {
        return shown;
    }
    format!(
        "{} {shown}",
        seat_name(lang, variant.seat_name(crate::engine::Seat(seat)))
    )
}

fn event(lang: Lang, event: &Event, ply: u32) -> String {
    match event {
        Event::Move {
            by,
            readable,
            coordinate,
            japanese,
        } => {
            let text = MoveText {
                coordinate: coordinate.clone(),
                western: readable.clone(),
                japanese: japanese.clone(),
            };
            tr!(
                lang,
                "event-move",
                ply = ply,
                player = player(lang, by),
                played = move_in_channel(lang, channel_notation(lang), &text)
            )
        }
        Event::Resignation { by } => tr!(lang, "event-resigned", player = player(lang, by)),
        Event::Timeout { by } => tr!(lang, "event-timeout", player = player(lang, by)),
        Event::Declaration { by } => tr!(lang, "event-declared", player = player(lang, by)),
        Event::DrawAgreed {
            offered_by,
            accepted_by,
        } => tr!(
            lang,
            "event-draw-agreed",
            accepted = player(lang, accepted_by),
            offered = player(lang, offered_by)
        ),
        Event::Aborted { by, moderator } => tr!(
            lang,
            if *moderator {
                "event-aborted-moderator"
            } else {
                "event-aborted"
            },
            who = mention(lang, *by)
        ),
        Event::TakeBack {
            plies,
            requested_by,
        } => tr!(
            lang,
            "event-takeback",
            moves = moves_count(lang, *plies),
            player = player(lang, requested_by)
        ),
    }
}

fn elimination(lang: Lang, eliminated: &Eliminated) -> String {
    let why = tr!(
        lang,
        match eliminated.reason {
            EliminationReason::Mate => "elimination-mate",
            EliminationReason::NoMove => "elimination-no-move",
            EliminationReason::Timeout => "elimination-timeout",
            EliminationReason::Resignation => "elimination-resignation",
        }
    );
    let who = player(lang, &eliminated.player);
    match &eliminated.by {
        Some(by) => tr!(
            lang,
            "eliminated-by",
            player = who,
            why = why,
            by = player(lang, by)
        ),
        None => tr!(lang, "eliminated", player = who, why = why),
    }
}

/// Why a game ended, in a word or two.
pub(crate) fn end_reason(lang: Lang, reason: EndReason) -> String {
    let key = match reason {
        EndReason::Checkmate => "reason-checkmate",
        EndReason::NoLegalMove => "reason-no-legal-move",
        EndReason::Resignation => "reason-resignation",
        EndReason::Timeout => "reason-timeout",
        EndReason::Repetition => "reason-repetition",
        EndReason::PerpetualCheck => "reason-perpetual-check",
        EndReason::Declaration => "reason-declaration",
        EndReason::MoveLimit => "reason-move-limit",
        EndReason::DrawAgreed => "reason-draw-agreed",
        EndReason::Aborted => "reason-aborted",
        EndReason::LastSurvivor => "reason-last-survivor",
        EndReason::PairEliminated => "reason-pair-eliminated",
    };
    tr!(lang, key)
}

/// How a game ended in one line, from its result: "black (alice) wins (checkmate)".
pub(crate) fn result_line(lang: Lang, over: &GameOver) -> String {
    let reason = end_reason(lang, over.reason);
    match (over.status, over.reason) {
        (GameStatus::Aborted, _) | (_, EndReason::Aborted) => return tr!(lang, "result-aborted"),
        (_, EndReason::DrawAgreed) => return tr!(lang, "result-draw-agreed"),
        (GameStatus::Finished, _) => {}
        _ => return tr!(lang, "result-void", reason = reason),
    }
    let winners: Vec<&PlayerView> = over
        .standings
        .iter()
        .filter(|s| s.place == Some(1))
        .map(|s| &s.player)
        .collect();
    if winners.is_empty() || winners.len() == over.standings.len() {
        // Without places (an older stored result) the service's own line says it.
        if over.standings.is_empty() {
            return over.summary.clone();
        }
        return tr!(lang, "result-draw", reason = reason);
    }
    let names = winners.iter().map(|p| named_player(lang, p)).collect();
    tr!(
        lang,
        "result-wins",
        winners = join_words(lang, names),
        count = winners.len(),
        reason = reason
    )
}

/// How a game ended: the summary, the places and rating changes.
fn game_over(lang: Lang, over: &GameOver) -> String {
    let mut text = tr!(lang, "game-over", result = result_line(lang, over));
    let placed = over.standings.iter().any(|s| s.place.is_some());
    if placed && over.standings.len() > 2 || over.rated {
        for standing in &over.standings {
            let _ = write!(text, "\n{}", standing_line(lang, standing));
        }
    }
    if !over.rated && over.status == GameStatus::Finished {
        let _ = write!(text, "\n{}", tr!(lang, "game-over-unrated"));
    } else if over.status != GameStatus::Finished {
        let _ = write!(text, "\n{}", tr!(lang, "game-over-no-result"));
    }
    let _ = write!(text, "\n{}", tr!(lang, "game-over-export"));
    text
}

fn standing_line(lang: Lang, standing: &Standing) -> String {
    let place = standing
        .place
        .map_or_else(|| "–".to_owned(), |place| tr!(lang, "place", place = place));
    let mut line = format!("{place} {}", player(lang, &standing.player));
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

/// A game as it stands, for the player looking at it privately, the last move in their
/// `notation`.
pub(crate) fn board(lang: Lang, notation: Notation, view: &BoardView) -> String {
    let mut text = tr!(
        lang,
        "board-head",
        title = game_title(lang, view.variant, view.game_id),
        ply = view.ply,
        players = players(lang, &view.players)
    );
    let last = match (&view.last_played, &view.last_move) {
        (Some(last), _) => Some(move_named(
            lang,
            notation,
            view.variant,
            last.seat,
            &last.text,
        )),
        // A view stored before every notation was kept.
        (None, last) => last.clone(),
    };
    if let Some(last) = last {
        let _ = write!(
            text,
            "\n{}",
            tr!(lang, "board-last-move", played = format!("**{last}**"))
        );
    }
    if !view.checks.is_empty() {
        let _ = write!(
            text,
            "\n{}",
            tr!(lang, "board-check", players = players(lang, &view.checks))
        );
    }
    if let Some(to_move) = &view.to_move {
        let who = player(lang, to_move);
        let line = match view.deadline_at {
            _ if computer_level(to_move.user_id).is_some() => {
                tr!(lang, "computer-thinking", player = who)
            }
            Some(deadline) => tr!(
                lang,
                "board-to-move-deadline",
                player = who,
                when = super::clock::deadline_when(lang, deadline, view.bank_left)
            ),
            None => tr!(lang, "board-to-move", player = who),
        };
        let _ = write!(text, "\n{line}");
    }
    for offer in &view.offers {
        let _ = write!(text, "\n{}", standing_offer(lang, offer));
    }
    if let Some(image) = &view.image {
        let _ = write!(
            text,
            "\n{}",
            tr!(
                lang,
                "board-seen-from",
                seat = seat_name(lang, image.seat_name)
            )
        );
    }
    text
}

fn standing_offer(lang: Lang, offer: &OfferView) -> String {
    let by = player(lang, &offer.by);
    match offer.kind {
        OfferKind::Draw => tr!(lang, "offer-draw-standing", player = by),
        OfferKind::Takeback => tr!(lang, "offer-takeback-standing", player = by),
    }
}

/// A new draw offer or takeback request, for the channel.
pub(crate) fn offer_made(lang: Lang, made: &OfferMade) -> String {
    let others: Vec<&PlayerView> = made
        .players
        .iter()
        .filter(|p| p.user_id != made.offer.by.user_id)
        .collect();
    let key = match made.offer.kind {
        OfferKind::Draw => "offer-draw-ask",
        OfferKind::Takeback => "offer-takeback-ask",
    };
    format!(
        "{} · {}\n{}",
        game_title(lang, made.variant, made.game_id),
        standing_offer(lang, &made.offer),
        tr!(lang, key, players = players(lang, others))
    )
}

fn offer_name(lang: Lang, kind: OfferKind) -> String {
    match kind {
        OfferKind::Draw => tr!(lang, "offer-draw-name"),
        OfferKind::Takeback => tr!(lang, "offer-takeback-name"),
    }
}

/// An offer turned down, for the channel.
pub(crate) fn offer_declined(lang: Lang, declined: &OfferDeclined) -> String {
    format!(
        "{} · {}",
        game_title(lang, declined.variant, declined.game_id),
        tr!(
            lang,
            "offer-declined",
            by = mention(lang, declined.by),
            offer = offer_name(lang, declined.offer.kind),
            player = player(lang, &declined.offer.by)
        )
    )
}

/// An offer's message once it has been answered (its buttons are gone): what was offered
/// and the answer.
pub(crate) fn offer_answered(
    lang: Lang,
    variant: Variant,
    game: impl std::fmt::Display,
    offer: &OfferView,
    accepted: bool,
    by: UserId,
) -> String {
    let answer = if accepted {
        "offer-accepted-by"
    } else {
        "offer-declined-by"
    };
    format!(
        "{} · {}\n{}",
        game_title(lang, variant, game),
        standing_offer(lang, offer),
        tr!(lang, answer, by = mention(lang, by))
    )
}

/// The private answer to the player who made an offer or request: it is posted for the
/// others to answer.
pub(crate) fn offer_sent(
    lang: Lang,
    offer: &OfferView,
    variant: Variant,
    game: impl std::fmt::Display,
) -> String {
    tr!(
        lang,
        "offer-sent",
        offer = offer_name(lang, offer.kind),
        game = game_title(lang, variant, game)
    )
}

/// The autocomplete note that no legal move matches what was typed.
pub(crate) fn no_move_matches(lang: Lang, typed: &str) -> String {
    tr!(lang, "no-move-matches", typed = typed.trim())
}

/// The autocomplete note of a list cut short: how many of how many, and how to narrow.
pub(crate) fn choices_cut(lang: Lang, shown: usize, matching: usize) -> String {
    tr!(lang, "choices-cut", shown = shown, matching = matching)
}

/// The label of the button that plays the promoting move.
pub(crate) fn promote_label(lang: Lang) -> String {
    tr!(lang, "button-promote")
}

/// The label of the button that plays the move without promoting.
pub(crate) fn stay_label(lang: Lang) -> String {
    tr!(lang, "button-stay")
}

/// The private question of a move whose text leaves the promotion open, the moves in the
/// player's `notation`.
pub(crate) fn promotion_question(
    lang: Lang,
    notation: Notation,
    question: &PromotionQuestion,
) -> String {
    tr!(
        lang,
        "promotion-question",
        promote = move_with_coordinate(lang, notation, &question.promote_text),
        stay = move_with_coordinate(lang, notation, &question.stay_text),
        game = game_title(lang, question.variant, question.game_id)
    )
}

/// The private answer to the player whose action changed a game: what was done, the move
/// written in their `notation`. The channel is told (with the board) by the announcement.
pub(crate) fn change_made(lang: Lang, notation: Notation, outcome: &Outcome) -> String {
    let game = game_title(lang, outcome.variant, outcome.game_id);
    let mut text = match &outcome.event {
        Event::Move { .. } => tr!(
            lang,
            "change-move",
            played = outcome
                .event_move()
                .map(|text| move_with_coordinate(lang, notation, &text))
                .unwrap_or_default(),
            ply = outcome.ply,
            game = game
        ),
        Event::Resignation { .. } => tr!(lang, "change-resigned", game = game),
        Event::Timeout { by } => tr!(
            lang,
            "change-timeout",
            player = player(lang, by),
            game = game
        ),
        Event::Declaration { .. } => tr!(lang, "change-declared", game = game),
        Event::DrawAgreed { .. } => tr!(lang, "change-draw", game = game),
        Event::Aborted { .. } => tr!(lang, "change-aborted", game = game),
        Event::TakeBack { plies, .. } => tr!(
            lang,
            "change-takeback",
            game = game,
            moves = moves_count(lang, *plies)
        ),
    };
    if let Some(over) = &outcome.result {
        let _ = write!(
            text,
            "\n{}",
            tr!(lang, "game-over", result = result_line(lang, over))
        );
    }
    text
}

/// The private answer to the player who made a challenge.
pub(crate) fn challenge_made(lang: Lang, view: &ChallengeView) -> String {
    match view.status {
        ChallengeStatus::Accepted => tr!(
            lang,
            "challenge-made-started",
            variant = variant_title(lang, view.variant)
        ),
        _ => tr!(lang, "challenge-made-posted", id = view.id.to_string()),
    }
}

/// A challenge and where it stands.
pub(crate) fn challenge(lang: Lang, view: &ChallengeView) -> String {
    let mut text = tr!(
        lang,
        "challenge-head",
        id = view.id.to_string(),
        challenger = mention(lang, view.challenger.user_id),
        challenged = challenged(lang, view),
        variant = variant_title(lang, view.variant)
    );
    let clock = match (view.seconds_per_move, view.bank_seconds) {
        (Some(seconds), None) => tr!(lang, "challenge-per-move", time = duration(lang, seconds)),
        (Some(seconds), Some(bank)) => tr!(
            lang,
            "challenge-per-move-bank",
            time = duration(lang, seconds),
            bank = duration(lang, bank)
        ),
        (None, _) => tr!(lang, "challenge-no-clock"),
    };
    let rated = tr!(
        lang,
        if view.rated {
            "challenge-rated"
        } else {
            "challenge-unrated"
        }
    );
    let seats = match view.seat_mode {
        crate::store::SeatMode::Random => tr!(lang, "challenge-seats-random"),
        crate::store::SeatMode::Fixed => {
            tr!(
                lang,
                "challenge-seats-fixed",
                seats = fixed_seats(lang, view)
            )
        }
    };
    let _ = write!(
        text,
        "\n{}",
        tr!(
            lang,
            "challenge-terms",
            rated = rated,
            clock = clock,
            seats = seats
        )
    );
    if let Some(rules) = rules_note(lang, view) {
        let _ = write!(text, "\n{}", tr!(lang, "challenge-rules", rules = rules));
    }
    let line = match view.status {
        ChallengeStatus::Open => {
            let waiting: Vec<String> = view
                .invitees
                .iter()
                .filter(|i| i.response == InviteResponse::Pending)
                .map(|i| mention(lang, i.user_id))
                .collect();
            if !waiting.is_empty() {
                let _ = write!(
                    text,
                    "\n{}",
                    tr!(
                        lang,
                        "challenge-waiting",
                        players = join_words(lang, waiting)
                    )
                );
            }
            if view.open_seats > 0 {
                let _ = write!(
                    text,
                    "\n{}",
                    tr!(lang, "challenge-open-seats", n = view.open_seats as u64)
                );
            }
            tr!(
                lang,
                "challenge-expires",
                when = relative_time(view.expires_at)
            )
        }
        ChallengeStatus::Accepted => tr!(lang, "challenge-accepted"),
        ChallengeStatus::Declined => {
            let by: Vec<String> = view
                .invitees
                .iter()
                .filter(|i| i.response == InviteResponse::Declined)
                .map(|i| mention(lang, i.user_id))
                .collect();
            tr!(lang, "challenge-declined", players = join_words(lang, by))
        }
        ChallengeStatus::Cancelled => tr!(lang, "challenge-cancelled"),
        ChallengeStatus::Expired => tr!(lang, "challenge-expired-state"),
    };
    let _ = write!(text, "\n{line}");
    text
}

/// Whom a challenge names, with the open seats; computers of one level once, with how
/// many there are (their seats are drawn when the game starts).
fn challenged(lang: Lang, view: &ChallengeView) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut computers: Vec<(u8, u64)> = Vec::new();
    for invitee in &view.invitees {
        match computer_level(invitee.user_id) {
            Some(level) => match computers.iter_mut().find(|(l, _)| *l == level.number()) {
                Some((_, count)) => *count += 1,
                None => computers.push((level.number(), 1)),
            },
            None => names.push(mention(lang, invitee.user_id)),
        }
    }
    for (level, count) in computers {
        names.push(tr!(lang, "computers-of-level", level = level, n = count));
    }
    if view.open_seats > 0 {
        names.push(tr!(lang, "challenge-anyone", n = view.open_seats as u64));
    }
    join_words(lang, names)
}

fn fixed_seats(lang: Lang, view: &ChallengeView) -> String {
    let seat_of = |participant: &Participant| {
        format!(
            "{} {}",
            participant
                .seat_name
                .map_or_else(|| "?".to_owned(), |seat| seat_name(lang, seat)),
            mention(lang, participant.user_id)
        )
    };
    let mut seats: Vec<(Option<u8>, String)> = std::iter::once(&view.challenger)
        .chain(&view.invitees)
        .map(|p| (p.seat, seat_of(p)))
        .collect();
    seats.sort_by_key(|(seat, _)| *seat);
    let mut list: Vec<String> = seats.into_iter().map(|(_, text)| text).collect();
    if view.open_seats > 0 {
        list.push(tr!(lang, "seats-open", n = view.open_seats as u64));
    }
    list.join(&tr!(lang, "list-separator"))
}

/// The rules a challenge changes from the variant's defaults, in words.
fn rules_note(lang: Lang, view: &ChallengeView) -> Option<String> {
    let defaults = crate::engine::RuleOptions::defaults(view.variant);
    if view.rules == defaults {
        return None;
    }
    let mut notes = Vec::new();
    if view.rules.hand_to_eliminator {
        notes.push(tr!(lang, "rule-hand-to-eliminator"));
    }
    match (view.rules.move_limit, defaults.move_limit) {
        (None, Some(_)) => notes.push(tr!(lang, "rule-no-move-limit")),
        (Some(limit), default) if Some(limit) != default => {
            notes.push(tr!(lang, "rule-move-limit", limit = limit));
        }
        _ => {}
    }
    if defaults.declaration_after.is_some() && view.rules.declaration_after.is_none() {
        notes.push(tr!(lang, "rule-no-declaration"));
    }
    if defaults.resignation_needs_two && !view.rules.resignation_needs_two {
        notes.push(tr!(lang, "rule-resign-any-time"));
    }
    if defaults.repetition_voids && !view.rules.repetition_voids {
        notes.push(tr!(lang, "rule-repetition-stands"));
    }
    if defaults.impasse_declaration && !view.rules.impasse_declaration {
        notes.push(tr!(lang, "rule-no-impasse"));
    }
    (!notes.is_empty()).then(|| notes.join(&tr!(lang, "rules-separator")))
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
pub(crate) fn game_started(lang: Lang, view: &BoardView) -> String {
    let mut text = tr!(
        lang,
        "game-begins",
        title = game_title(lang, view.variant, view.game_id),
        players = players(lang, &view.players)
    );
    if !view.pairs.is_empty() {
        let pairs: Vec<String> = view
            .pairs
            .iter()
            .map(|pair| pair_line(lang, pair))
            .collect();
        let _ = write!(
            text,
            "\n{}",
            tr!(
                lang,
                "game-pairs",
                pairs = pairs.join(&tr!(lang, "pairs-against"))
            )
        );
    }
    if let Some(to_move) = &view.to_move {
        let _ = write!(
            text,
            "\n{}",
            your_move(lang, to_move, view.deadline_at, view.bank_left)
        );
        if computer_level(to_move.user_id).is_none() {
            let _ = write!(text, " {}", tr!(lang, "play-with-move"));
        }
    }
    text
}

/// A pair as the start message names it: `**S+N** (@a, @c)`.
fn pair_line(lang: Lang, pair: &[PlayerView]) -> String {
    let seats: Vec<String> = pair.iter().map(|p| seat_name(lang, p.seat_name)).collect();
    let names: Vec<String> = pair
        .iter()
        .map(|p| match computer_in_seat(lang, p) {
            Some(computer) => format!("**{computer}**"),
            None => mention(lang, p.user_id),
        })
        .collect();
    format!("**{}** ({})", seats.join("+"), names.join(", "))
}

/// What a lapsed offer's message says once its buttons are gone.
pub(crate) fn offer_lapsed(lang: Lang, lapsed: &OfferLapsed) -> String {
    format!(
        "{} · {}",
        game_title(lang, lapsed.variant, lapsed.game_id),
        tr!(
            lang,
            "offer-lapsed",
            player = player(lang, &lapsed.offer.by),
            offer = offer_name(lang, lapsed.offer.kind)
        )
    )
}

/// A reminder that a player's time is running out.
pub(crate) fn reminder(
    lang: Lang,
    variant: Variant,
    game: impl std::fmt::Display,
    to_move: &PlayerView,
    deadline: i64,
) -> String {
    format!(
        "{} · {}",
        game_title(lang, variant, game),
        tr!(
            lang,
            "reminder",
            player = player(lang, to_move),
            when = relative_time(deadline)
        )
    )
}

/// A challenge nobody completed in time.
pub(crate) fn challenge_expired(lang: Lang, view: &ChallengeView) -> String {
    tr!(
        lang,
        "challenge-expired",
        id = view.id.to_string(),
        challenger = mention(lang, view.challenger.user_id),
        variant = variant_title(lang, view.variant)
    )
}

/// One game in a list.
pub(crate) fn game_line(lang: Lang, game: &GameSummary) -> String {
    game_line_for(lang, game, None).1
}

/// A game in one line, starting with **Your turn** where `you` are to move; says whether
/// it is.
fn game_line_for(lang: Lang, game: &GameSummary, you: Option<UserId>) -> (bool, String) {
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
fn lines_within_limit(lang: Lang, heading: &str, lines: Vec<String>) -> String {
    // Room for the note on what was left out.
    const RESERVE: usize = 40;
    let limit = super::post::MAX_CONTENT_CHARS - RESERVE;
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
fn places_record(lang: Lang, games: u32, places: &[u32]) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EndReason;
    use crate::service::Notation;
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
        assert_eq!(parse_duration(Lang::En, "1d"), Ok(86_400));
        assert_eq!(parse_duration(Lang::En, "3d"), Ok(3 * 86_400));
        assert_eq!(parse_duration(Lang::En, "12h"), Ok(12 * 3_600));
        assert_eq!(parse_duration(Lang::En, "30m"), Ok(1_800));
        assert_eq!(parse_duration(Lang::En, "1d12h"), Ok(86_400 + 12 * 3_600));
        assert_eq!(parse_duration(Lang::En, " 2 Days "), Ok(2 * 86_400));
        for bad in ["", "d", "3", "3x", "-3d", "99999999999999999999d", "1.5d"] {
            let error = parse_duration(Lang::En, bad).unwrap_err();
            assert!(error.contains("`3d`"), "{bad}: {error}");
        }
        assert!(means_no_clock("None"));
        assert!(!means_no_clock("3d"));
    }

    #[test]
    fn times_left_are_said_as_people_say_them() {
        let (day, hour, minute) = (86_400, 3_600, 60);
        let said = |seconds| duration_left(Lang::En, seconds);
        assert_eq!(said(29 * day + 23 * hour + 59 * minute + 58), "30 days");
        assert_eq!(said(29 * day + 2 * hour), "29 days");
        assert_eq!(said(day + 12 * hour + 40 * minute), "1 day 13 hours");
        assert_eq!(said(2 * day + 23 * hour + 50 * minute), "3 days");
        assert_eq!(said(3 * hour + 10 * minute), "3 hours");
        assert_eq!(said(2 * hour + 14 * minute + 50), "2 hours 15 minutes");
        assert_eq!(said(45 * minute + 20), "45 minutes");
        assert_eq!(said(20), "less than a minute");
        assert_eq!(
            duration_left(Lang::Ja, 29 * day + 23 * hour + 59 * minute + 58),
            "30日"
        );
        assert_eq!(duration_left(Lang::Ja, 3 * hour + 5), "3時間");
        assert_eq!(duration_left(Lang::Ja, day + hour), "1日1時間");
        assert_eq!(duration_left(Lang::Ko, day + hour), "1일 1시간");
    }

    #[test]
    fn durations_print_in_words() {
        assert_eq!(duration(Lang::En, 3 * 86_400), "3 days");
        assert_eq!(duration(Lang::En, 86_400 + 3_600), "1 day 1 hour");
        assert_eq!(duration(Lang::En, 60), "1 minute");
        assert_eq!(duration(Lang::En, 0), "0 seconds");
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
            since_turn: None,
        }
    }

    #[test]
    fn the_mover_is_told_privately_what_was_played() {
        let mut outcome = move_outcome();
        assert_eq!(
            change_made(Lang::En, Notation::Western, &outcome),
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
            change_made(Lang::En, Notation::Western, &outcome),
            "You resigned **Shogi #7**.\n**Game over**: black (user11) wins (checkmate)."
        );
    }

    #[test]
    fn a_move_names_the_mover_the_move_and_who_is_next() {
        let outcome = move_outcome();
        let text = super::outcome(Lang::En, &outcome);
        assert_eq!(
            text,
            "**Shogi #7** · move 1: black <@11> played **P-7f** (`7g7f`, ７六歩)\n\
             Your move, white <@22> (time runs out <t:1000:R>)."
        );
        assert_eq!(outcome_pings(&outcome), [UserId(22)]);
    }

    #[test]
    fn japanese_and_korean_readers_read_their_own_shogi_words() {
        let mut outcome = move_outcome();
        outcome.checks = vec![seat(1, "white", 22)];
        // The channel reads moves in the notation of its language: Japanese.
        assert_eq!(
            super::outcome(Lang::Ja, &outcome),
            "**将棋 #7** · 1手目　先手 <@11> **７六歩**（`7g7f`）\n\
             後手 <@22>に**王手**！\n\
             後手 <@22>の手番です（期限 <t:1000:R>）。"
        );
        assert_eq!(
            super::outcome(Lang::Ko, &outcome),
            "**쇼기 #7** · 1수째: 선수 <@11> **７六歩** (`7g7f`)\n\
             후수 <@22> 님에게 **장군**!\n\
             후수 <@22> 님의 차례입니다 (마감 <t:1000:R>)."
        );
        // A Japanese reader's own move is written the Japanese way; a Western one's too.
        assert_eq!(
            change_made(Lang::Ja, Notation::Japanese, &outcome),
            "**７六歩**（`7g7f`）を指しました（**将棋 #7**の1手目）。"
        );
        assert_eq!(
            change_made(Lang::Ja, Notation::Western, &outcome),
            "**P-7f**（`7g7f`）を指しました（**将棋 #7**の1手目）。"
        );
        assert_eq!(
            change_made(Lang::Ko, Notation::Japanese, &outcome),
            "수를 두었습니다: **７六歩** (`7g7f`) (**쇼기 #7**의 1수째)."
        );
        assert_eq!(duration(Lang::Ja, 86_400 + 3_600), "1日1時間");
        assert_eq!(
            parse_duration(Lang::Ko, "soon").unwrap_err(),
            "한 수당 시간 \"soon\"을 읽을 수 없습니다. `1d`, `3d`, `12h`, `30m`처럼 숫자와 단위(`d` = 일, `h` = 시간, `m` = 분)로 쓰거나, 시간 제한이 없으면 `none`이라고 쓰세요."
        );
    }

    #[test]
    fn a_result_is_said_from_the_places_in_each_language() {
        let over = GameOver {
            status: GameStatus::Finished,
            reason: EndReason::Resignation,
            summary: "white (user22) wins (resignation)".into(),
            rated: false,
            standings: vec![
                Standing {
                    player: seat(1, "white", 22),
                    place: Some(1),
                    rating: None,
                },
                Standing {
                    player: seat(0, "black", 11),
                    place: Some(2),
                    rating: None,
                },
            ],
        };
        assert_eq!(result_line(Lang::En, &over), over.summary);
        assert_eq!(result_line(Lang::Ja, &over), "後手（user22）の勝ち（投了）");
        assert_eq!(result_line(Lang::Ko, &over), "후수 (user22) 승리 (투료)");
        let drawn = GameOver {
            reason: EndReason::Repetition,
            standings: over
                .standings
                .iter()
                .map(|s| Standing {
                    place: Some(1),
                    ..s.clone()
                })
                .collect(),
            ..over.clone()
        };
        assert_eq!(result_line(Lang::En, &drawn), "draw (fourfold repetition)");
        assert_eq!(result_line(Lang::Ja, &drawn), "引き分け（千日手）");
    }

    /// A computer of `level` in a seat, as the service names the seat.
    fn computer(seat: u8, seat_name: &'static str, level: u8) -> PlayerView {
        let level = crate::computer::Level::new(level).expect("a level");
        PlayerView {
            seat,
            seat_name,
            user_id: crate::service::computer_user(level, seat),
            name: Some(crate::service::computer_name(level)),
        }
    }

    #[test]
    fn computers_are_named_by_their_seats_and_think_without_a_deadline() {
        let mut outcome = move_outcome();
        outcome.variant = Variant::Yonin;
        outcome.next = Some(computer(3, "E", 3));
        outcome.deadline_at = None;
        let text = super::outcome(Lang::En, &outcome);
        assert!(
            text.ends_with("**shogiban · level 3 (E)** is thinking…"),
            "{text}"
        );
        assert_eq!(
            super::outcome(Lang::Ja, &outcome).lines().last(),
            Some("**shogiban レベル3（東）**が考えています…")
        );
        assert_eq!(
            named_player(Lang::Ko, &computer(1, "white", 2)),
            "shogiban 레벨 2 (후수)"
        );
        // People keep their seat and mention.
        assert_eq!(player(Lang::En, &seat(0, "S", 11)), "S <@11>");
    }

    #[test]
    fn moves_gathered_since_a_persons_turn_are_listed_in_their_notation() {
        let gathered = |ply: u32, by: PlayerView, western: &str, coordinate: &str| {
            crate::service::GatheredMove {
                ply,
                by,
                readable: western.into(),
                coordinate: coordinate.into(),
                japanese: None,
            }
        };
        let mut outcome = move_outcome();
        outcome.variant = Variant::Yonin;
        outcome.ply = 8;
        outcome.next = Some(seat(0, "S", 11));
        outcome.since_turn = Some(SinceTurn {
            moves: vec![
                gathered(6, computer(1, "W", 1), "W: P-4e", "4f4e"),
                gathered(7, computer(2, "N", 1), "N: P-5d", "5c5d"),
                gathered(8, computer(3, "E", 1), "E: Sx4c", "3c4c"),
            ],
            notation: None,
        });
        outcome.event = Event::Move {
            by: computer(3, "E", 1),
            readable: "E: Sx4c".into(),
            coordinate: "3c4c".into(),
            japanese: None,
        };
        let text = super::outcome(Lang::En, &outcome);
        assert!(
            text.starts_with(
                "**Yonin shogi #7** · moves 6–8: W: **P-4e**, N: **P-5d**, E: **Sx4c**\n"
            ),
            "{text}"
        );
        assert!(text.ends_with("Your move, S <@11> (time runs out <t:1000:R>)."));
        if let Some(since) = &mut outcome.since_turn {
            since.notation = Some(Notation::Coordinate);
        }
        let text = super::outcome(Lang::Ja, &outcome);
        assert!(
            text.contains("6〜8手目：西：**4f4e**、北：**5c5d**、東：**3c4c**"),
            "{text}"
        );
        // One move alone is said as always.
        if let Some(since) = &mut outcome.since_turn {
            since.moves.drain(..2);
        }
        let text = super::outcome(Lang::En, &outcome);
        assert!(
            text.contains("move 8: **shogiban · level 1 (E)** played **E: Sx4c**"),
            "{text}"
        );
    }

    #[test]
    fn four_player_records_say_places() {
        assert_eq!(
            places_record(Lang::En, 4, &[1, 2, 0, 1]).as_deref(),
            Some("4 games (1st ×1, 2nd ×2, 4th ×1)")
        );
        assert_eq!(
            places_record(Lang::Ja, 1, &[0, 1]).as_deref(),
            Some("1局（2位×1）")
        );
        assert_eq!(places_record(Lang::En, 3, &[]), None);
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
        let text = super::outcome(Lang::En, &outcome);
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
        let text = super::outcome(Lang::En, &outcome);
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
            reason: None,
            created_at: 0,
            finished_at: None,
        };
        let games = vec![game; 100];
        let text = game_list(Lang::En, "**Games**", &games, "none");
        assert!(text.chars().count() <= super::super::post::MAX_CONTENT_CHARS);
        assert!(text.contains("more."), "{text}");
        assert_eq!(
            game_list(Lang::En, "**Games**", &[], "No games."),
            "**Games**\nNo games."
        );
    }
}
