//! The words drawn on board images, for the reader of each: the tags beside the names
//! ("to move", "check", "out"), the seats' names on yonin chips, how a finished game ended
//! for each seat, and the caption under a board or a replayed position. The renderer knows
//! no language; it draws what these give it.

use crate::engine::{EndReason, SeatName, Variant};
use crate::render::{BoardWords, Verdict, VerdictKind};
use crate::service::{
    BoardPicture, Caption, GameOver, MoveText, Notation, PictureWords, ReplayWords,
};
use crate::store::GameStatus;

use super::{move_by, seat_name};
use crate::discord::i18n::{tr, Lang};

/// The tags beside the names and the yonin seats' names, in `lang`.
pub(crate) fn board_words(lang: Lang) -> BoardWords {
    BoardWords {
        to_move: tr!(lang, "badge-to-move"),
        check: tr!(lang, "badge-check"),
        out: tr!(lang, "badge-out"),
        seats: [
            SeatName::South,
            SeatName::West,
            SeatName::North,
            SeatName::East,
        ]
        .map(|seat| seat_name(lang, seat)),
    }
}

/// How a finished game ended for each seat, by seat, in `lang`: the winner's tag and the
/// loser's reason in two-player games and doubles ("winner", "checkmate"), the places in
/// yonin singles ("winner", "2nd"), "draw" for all in a draw; nothing for a game aborted
/// or void, whose players keep their tags.
pub(crate) fn verdicts(lang: Lang, variant: Variant, over: &GameOver) -> Vec<Option<Verdict>> {
    let mut verdicts = vec![None; usize::from(variant.seats())];
    if over.status != GameStatus::Finished || over.reason == EndReason::Aborted {
        return verdicts;
    }
    let winners = over.standings.iter().filter(|s| s.place == Some(1)).count();
    let drawn = winners == over.standings.len();
    for standing in &over.standings {
        let Some(slot) = verdicts.get_mut(usize::from(standing.player.seat)) else {
            continue;
        };
        let Some(place) = standing.place else {
            continue;
        };
        *slot = Some(if drawn {
            Verdict {
                text: tr!(lang, "verdict-draw"),
                kind: VerdictKind::Drawn,
            }
        } else if place == 1 {
            Verdict {
                text: tr!(lang, "verdict-winner"),
                kind: VerdictKind::Won,
            }
        } else if variant.seats() > 2 && !variant.in_pairs() {
            Verdict {
                text: tr!(lang, "verdict-place", place = place),
                kind: VerdictKind::Lost,
            }
        } else {
            Verdict {
                text: loss(lang, over.reason),
                kind: VerdictKind::Lost,
            }
        });
    }
    verdicts
}

/// Why the loser of a two-player game (or the losing pair) lost, in a word or two.
fn loss(lang: Lang, reason: EndReason) -> String {
    let key = match reason {
        EndReason::Checkmate => "verdict-checkmated",
        EndReason::NoLegalMove => "verdict-no-legal-move",
        EndReason::Resignation => "verdict-resigned",
        EndReason::Timeout => "verdict-timeout",
        EndReason::PerpetualCheck => "verdict-perpetual-check",
        EndReason::Declaration => "verdict-declaration",
        _ => "verdict-lost",
    };
    tr!(lang, key)
}

/// The caption under a board or a replayed position: "Start", "Move 12: ☖P-3d" (in yonin
/// the seat names the mover), the move in the reader's `notation`.
fn move_caption(
    lang: Lang,
    notation: Notation,
    variant: Variant,
    ply: u32,
    seat: u8,
    text: &MoveText,
) -> String {
    tr!(
        lang,
        "caption-move",
        ply = ply,
        played = move_by(lang, notation, variant, seat, text)
    )
}

/// What a board picture shows its reader: the tags in `lang`, the caption with the last
/// move in `notation`, and how the game ended for each seat where `over` says it has.
pub(crate) fn picture_words(
    lang: Lang,
    notation: Notation,
    picture: &BoardPicture,
    over: Option<&GameOver>,
) -> PictureWords {
    PictureWords {
        board: board_words(lang),
        caption: picture.played.as_ref().map(|played| {
            move_caption(
                lang,
                notation,
                picture.variant,
                played.ply,
                played.seat,
                &played.text,
            )
        }),
        verdicts: over.map_or_else(Vec::new, |over| verdicts(lang, picture.variant, over)),
    }
}

/// The caption under a replayed position: "Start", "Move 12: ☖P-3d", with `result` (or
/// the service's own line) after the last move of a finished game.
pub(crate) fn caption(
    lang: Lang,
    notation: Notation,
    caption: &Caption<'_>,
    result: Option<&str>,
) -> String {
    let mut text = match caption.played {
        None => tr!(lang, "caption-start"),
        Some(played) => move_caption(
            lang,
            notation,
            caption.variant,
            caption.ply,
            played.seat.0,
            &MoveText::of(played),
        ),
    };
    if let Some(said) = caption.result {
        text.push_str(" — ");
        text.push_str(result.unwrap_or(said));
    }
    text
}

/// The words of replayed boards for a reader of `lang` and `notation`; `result`, where
/// given, is said after the last move instead of the service's own line.
pub(crate) fn replay_words(lang: Lang, notation: Notation, result: Option<String>) -> ReplayWords {
    ReplayWords {
        captions: std::sync::Arc::new(move |played: &Caption<'_>| {
            caption(lang, notation, played, result.as_deref())
        }),
        board: board_words(lang),
        verdicts: std::sync::Arc::new(move |variant: Variant, over: &GameOver| {
            verdicts(lang, variant, over)
        }),
        skip_note: std::sync::Arc::new(move |every: usize| {
            tr!(lang, "replay-every", every = every)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{PlayerView, Standing};
    use crate::store::UserId;

    fn standing(seat: u8, seat_name: &'static str, place: Option<u8>) -> Standing {
        Standing {
            player: PlayerView {
                seat,
                seat_name: crate::discord::format::tests::named(seat_name),
                user_id: UserId(11 + u64::from(seat)),
                name: None,
            },
            place,
            rating: None,
        }
    }

    fn over(status: GameStatus, reason: EndReason, standings: Vec<Standing>) -> GameOver {
        GameOver {
            status,
            reason,
            summary: String::new(),
            rated: false,
            standings,
        }
    }

    fn said(verdicts: &[Option<Verdict>]) -> Vec<Option<(&str, VerdictKind)>> {
        verdicts
            .iter()
            .map(|v| v.as_ref().map(|v| (v.text.as_str(), v.kind)))
            .collect()
    }

    #[test]
    fn the_winner_and_how_the_loser_lost_are_said_in_the_readers_language() {
        let mate = over(
            GameStatus::Finished,
            EndReason::Checkmate,
            vec![standing(1, "white", Some(1)), standing(0, "black", Some(2))],
        );
        assert_eq!(
            said(&verdicts(Lang::Ja, Variant::Standard, &mate)),
            [
                Some(("詰み", VerdictKind::Lost)),
                Some(("勝ち", VerdictKind::Won))
            ]
        );
        assert_eq!(
            said(&verdicts(Lang::En, Variant::Standard, &mate)),
            [
                Some(("checkmated", VerdictKind::Lost)),
                Some(("winner", VerdictKind::Won))
            ]
        );
        let resigned = over(
            GameStatus::Finished,
            EndReason::Resignation,
            mate.standings.clone(),
        );
        assert_eq!(
            said(&verdicts(Lang::Ko, Variant::Standard, &resigned))[0],
            Some(("투료", VerdictKind::Lost))
        );
        let drawn = over(
            GameStatus::Finished,
            EndReason::Repetition,
            vec![standing(0, "black", Some(1)), standing(1, "white", Some(1))],
        );
        assert_eq!(
            said(&verdicts(Lang::Ja, Variant::Standard, &drawn)),
            [
                Some(("引き分け", VerdictKind::Drawn)),
                Some(("引き分け", VerdictKind::Drawn))
            ]
        );
        // An aborted game has no result to draw: the tags of a game going on stay.
        let aborted = over(
            GameStatus::Aborted,
            EndReason::Aborted,
            vec![standing(0, "black", None), standing(1, "white", None)],
        );
        assert_eq!(
            said(&verdicts(Lang::Ja, Variant::Standard, &aborted)),
            [None, None]
        );
    }

    #[test]
    fn yonin_singles_say_each_place_and_doubles_the_winning_pair() {
        let places = vec![
            standing(2, "N", Some(1)),
            standing(0, "S", Some(2)),
            standing(3, "E", Some(3)),
            standing(1, "W", Some(4)),
        ];
        let singles = over(GameStatus::Finished, EndReason::LastSurvivor, places);
        assert_eq!(
            said(&verdicts(Lang::Ja, Variant::Yonin, &singles)),
            [
                Some(("2位", VerdictKind::Lost)),
                Some(("4位", VerdictKind::Lost)),
                Some(("勝ち", VerdictKind::Won)),
                Some(("3位", VerdictKind::Lost))
            ]
        );
        assert_eq!(
            said(&verdicts(Lang::En, Variant::Yonin, &singles))[0],
            Some(("2nd", VerdictKind::Lost))
        );
        let pairs = over(
            GameStatus::Finished,
            EndReason::PairEliminated,
            vec![
                standing(0, "S", Some(1)),
                standing(2, "N", Some(1)),
                standing(1, "W", Some(2)),
                standing(3, "E", Some(2)),
            ],
        );
        assert_eq!(
            said(&verdicts(Lang::Ko, Variant::YoninDoubles, &pairs)),
            [
                Some(("승리", VerdictKind::Won)),
                Some(("패배", VerdictKind::Lost)),
                Some(("승리", VerdictKind::Won)),
                Some(("패배", VerdictKind::Lost))
            ]
        );
    }

    #[test]
    fn the_tags_and_seats_are_the_readers() {
        let ja = board_words(Lang::Ja);
        assert_eq!(
            (ja.to_move.as_str(), ja.check.as_str(), ja.out.as_str()),
            ("手番", "王手", "脱落")
        );
        assert_eq!(ja.seats, ["南", "西", "北", "東"].map(String::from));
        assert_eq!(board_words(Lang::En), BoardWords::default());
        assert_eq!(
            board_words(Lang::Ko).seats,
            ["남", "서", "북", "동"].map(String::from)
        );
    }

    #[test]
    fn a_caption_names_the_move_in_the_readers_notation() {
        let played = crate::engine::PlayedMove {
            seat: crate::engine::Seat(1),
            coordinate: "3c3d".into(),
            western: "P-3d".into(),
            japanese: "３四歩".into(),
            kif: String::new(),
            csa: String::new(),
            checks: crate::engine::SeatSet::EMPTY,
            hash: 0,
            attacked: false,
            passed: false,
        };
        let caption = |lang, notation| {
            super::caption(
                lang,
                notation,
                &Caption {
                    variant: Variant::Standard,
                    ply: 2,
                    played: Some(&played),
                    result: None,
                },
                None,
            )
        };
        assert_eq!(caption(Lang::Ja, Notation::Japanese), "2手目 ☖３四歩");
        assert_eq!(caption(Lang::Ko, Notation::Japanese), "2수째 ☖３四歩");
        assert_eq!(caption(Lang::En, Notation::Western), "Move 2: ☖P-3d");
        assert_eq!(caption(Lang::En, Notation::Coordinate), "Move 2: ☖3c3d");
    }
}
