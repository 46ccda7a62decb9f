//! The words of a game in play: the board message and its caption lines, moves and what
//! they did (checks, eliminations, the end), the move picker's words, the start of a game
//! and the reminders of a running clock.

use std::fmt::Write as _;

use crate::engine::EliminationReason;
use crate::engine::Variant;
use crate::service::{
    computer_level, BoardView, Eliminated, Event, GameOver, MoveText, Notation, Outcome,
    PlayerView, PromotionQuestion, SinceTurn, Standing,
};
use crate::store::{GameStatus, UserId};

use super::{
    channel_notation, computer_in_seat, game_title, mention, move_named, move_text,
    move_with_coordinate, player, players, relative_time, result_line, seat_name, standing_offer,
};
use crate::discord::i18n::{tr, Lang};

/// "Your move, X" with the deadline where there is one (and the bank left in a game with
/// a time bank); for a computer, which moves at once and has no deadline, that it is
/// thinking.
pub(super) fn your_move(
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
            when = super::deadline_when(lang, deadline, bank_left)
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
pub(super) fn gathered_moves(lang: Lang, since: &SinceTurn) -> String {
    let notation = since
        .notation
        .unwrap_or_else(|| crate::discord::i18n::default_notation(lang));
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
pub(super) fn moves_count(lang: Lang, n: u32) -> String {
    tr!(lang, "moves-count", n = n)
}

/// A move as a channel post shows it: [`move_with_coordinate`], and for readers of
/// Western notation the Japanese form too, as the board's kanji write it
/// (`**P-7f** (`7g7f`, ７六歩)`).
pub(super) fn move_in_channel(lang: Lang, notation: Notation, text: &MoveText) -> String {
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

pub(super) fn event(lang: Lang, event: &Event, ply: u32) -> String {
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

pub(super) fn elimination(lang: Lang, eliminated: &Eliminated) -> String {
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

/// How a game ended: the summary, the places and rating changes.
pub(super) fn game_over(lang: Lang, over: &GameOver) -> String {
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

pub(super) fn standing_line(lang: Lang, standing: &Standing) -> String {
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
                when = super::deadline_when(lang, deadline, view.bank_left)
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
pub(super) fn pair_line(lang: Lang, pair: &[PlayerView]) -> String {
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
