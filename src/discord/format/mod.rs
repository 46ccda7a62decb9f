//! Every text users read about games: moves and their consequences, boards, challenges,
//! lists, leaderboards and profiles, and the durations users type. Pure functions of the
//! service's views and a [`Lang`], each sentence a message of `locales/<lang>/*.ftl`, so
//! each can be tested without Discord.
//!
//! This file holds the words every other part uses (players, seats, variants, durations,
//! moves, results); `game`, `challenge`, `offers` and `lists` the texts of each kind of
//! message (re-exported here), `pictures` the words drawn on board images, `replay` those
//! of replays and `threads` those of game threads.

use crate::engine::{EndReason, SeatName, Variant};
use crate::service::{computer_level, GameOver, MoveText, Notation, PlayerView};
use crate::store::{ChannelId, GameStatus, UserId};

use super::i18n::{tr, Lang};

mod challenge;
mod durations;
mod game;
mod lists;
mod offers;
pub(crate) mod pictures;
pub(crate) mod replay;
pub(crate) mod threads;

pub(crate) use challenge::*;
pub(crate) use durations::*;
pub(crate) use game::*;
pub(crate) use lists::*;
pub(crate) use offers::*;

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
pub(crate) fn seat_name(lang: Lang, seat: SeatName) -> String {
    let key = match seat {
        SeatName::Black => "seat-black",
        SeatName::White => "seat-white",
        SeatName::South => "seat-south",
        SeatName::West => "seat-west",
        SeatName::North => "seat-north",
        SeatName::East => "seat-east",
    };
    tr!(lang, key)
}

/// A variant's name in `lang`.
pub(crate) fn variant_title(lang: Lang, variant: Variant) -> String {
    // Each variant's title is the message `variant-` and its name: a new variant adds the
    // message, not a line here.
    tr!(lang, &format!("variant-{}", variant.name()))
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

/// The title of a game: `**Shogi #12**` (`**将棋 #12**`).
pub(crate) fn game_title(lang: Lang, variant: Variant, game: impl std::fmt::Display) -> String {
    tr!(
        lang,
        "game-title",
        variant = variant_title(lang, variant),
        game = game.to_string()
    )
}

/// The notation of a channel's posts, which everyone there reads: the default of the
/// channel's language.
pub(crate) fn channel_notation(lang: Lang) -> Notation {
    crate::discord::i18n::default_notation(lang)
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
        seat_name(lang, variant.named_seat(crate::engine::Seat(seat)))
    )
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::EliminationReason;

    #[test]
    fn every_variant_has_its_title_in_every_language() {
        let expected = [
            (Lang::En, Variant::Standard, "Shogi"),
            (Lang::En, Variant::YoninDoubles, "Yonin shogi (doubles)"),
            (Lang::Ja, Variant::DaiDai, "大大将棋"),
            (Lang::Ja, Variant::Yonin, "四人将棋"),
            (Lang::Ko, Variant::Standard, "쇼기"),
        ];
        for (lang, variant, title) in expected {
            assert_eq!(variant_title(lang, variant), title);
        }
        for lang in Lang::ALL {
            for variant in Variant::ALL {
                let title = variant_title(lang, variant);
                assert!(
                    !title.is_empty() && !title.starts_with("variant-"),
                    "{variant} in {lang:?}: {title}"
                );
            }
        }
    }
    use crate::engine::EndReason;
    use crate::service::Notation;
    use crate::service::{Eliminated, Event, GameSummary, Outcome, SinceTurn, Standing};
    use crate::service::{RatingChange, SeatSummary};
    use crate::store::GameId;

    /// The seat written `name`, as the service's views name it.
    pub(super) fn named(name: &str) -> SeatName {
        SeatName::ALL
            .into_iter()
            .find(|seat| seat.as_str() == name)
            .expect("a seat name")
    }

    fn seat(seat: u8, seat_name: &'static str, user: u64) -> PlayerView {
        PlayerView {
            seat,
            seat_name: named(seat_name),
            user_id: UserId(user),
            name: Some(format!("user{user}")),
        }
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
            seat_name: named(seat_name),
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
        assert!(text.chars().count() <= crate::discord::post::MAX_CONTENT_CHARS);
        assert!(text.contains("more."), "{text}");
        assert_eq!(
            game_list(Lang::En, "**Games**", &[], "No games."),
            "**Games**\nNo games."
        );
    }
}
