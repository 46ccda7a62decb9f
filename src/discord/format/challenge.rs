//! The words of challenges: the challenge as posted, who is challenged, the seats, the
//! rules that differ from the defaults, and a challenge that expired.

use std::fmt::Write as _;

use crate::service::{computer_level, ChallengeView, Participant};
use crate::store::{ChallengeStatus, InviteResponse, UserId};

use super::{duration, join_words, mention, relative_time, seat_name, variant_title};
use crate::discord::i18n::{tr, Lang};

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
pub(super) fn challenged(lang: Lang, view: &ChallengeView) -> String {
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

pub(super) fn fixed_seats(lang: Lang, view: &ChallengeView) -> String {
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
pub(super) fn rules_note(lang: Lang, view: &ChallengeView) -> Option<String> {
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
