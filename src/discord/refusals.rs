//! What each refusal of the game service and of the rules says, in the reader's language:
//! the service's and the engine's typed errors turned into messages of
//! `locales/<lang>/errors.ftl`.

use crate::computer::ComputerError;
use crate::engine::daidai;
use crate::engine::daidai::RepetitionCulprit;
use crate::engine::kinds::STANDARD_KINDS;
use crate::engine::record::RecordError;
use crate::engine::{
    Candidate, DeclarationFailure, GameError, IllegalMove, MoveParseError, Refusal, Seat, Variant,
};
use crate::service::ServiceError;
use crate::store::OfferKind;

use super::format;
use super::i18n::{tr, Lang};

/// What the player is told when the service refuses or fails.
pub(crate) fn service_error(lang: Lang, error: &ServiceError) -> String {
    use ServiceError as E;
    match error {
        E::NoGameHere => tr!(lang, "error-no-game-here"),
        E::YourGameEnded {
            game_id,
            result,
            over,
        } => tr!(
            lang,
            "error-your-game-ended",
            game = game_id.to_string(),
            result = over
                .as_deref()
                .map_or_else(|| result.clone(), |over| format::result_line(lang, over))
        ),
        E::PlayedInThreads { threads, yours } => tr!(
            lang,
            if *yours {
                "error-your-game-in-thread"
            } else {
                "error-games-in-threads"
            },
            threads = threads
                .iter()
                .map(|thread| format::channel(*thread))
                .collect::<Vec<_>>()
                .join(&tr!(lang, "list-separator")),
            count = threads.len()
        ),
        E::GameNotFound(game) => tr!(lang, "error-game-not-found", game = game.to_string()),
        E::GameOver(game) => tr!(lang, "error-game-over", game = game.to_string()),
        E::NotAPlayer => tr!(lang, "error-not-a-player"),
        E::NotYourTurn { to_move } => tr!(
            lang,
            "error-not-your-turn",
            player = format::named_player(lang, to_move)
        ),
        E::Eliminated => tr!(lang, "error-eliminated"),
        E::NothingToResign => tr!(lang, "error-nothing-to-resign"),
        E::ResignationNeedsTwo { alive } => {
            tr!(lang, "error-resignation-needs-two", alive = *alive)
        }
        E::TooLateToAbort => tr!(lang, "error-too-late-to-abort"),
        E::TwoPlayersOnly(kind) => tr!(
            lang,
            match kind {
                OfferKind::Draw => "error-draws-two-players",
                OfferKind::Takeback => "error-takebacks-two-players",
            }
        ),
        E::AlreadyOffered => tr!(lang, "error-already-offered"),
        E::TakebackPending { by: None } => tr!(lang, "error-takeback-pending-yours"),
        E::TakebackPending { by: Some(by) } => tr!(
            lang,
            "error-takeback-pending",
            player = format::named_player(lang, by)
        ),
        E::NoOfferToAnswer(kind) => tr!(
            lang,
            "error-no-offer-to-answer",
            offer = offer_name(lang, *kind)
        ),
        E::OfferLapsed { kind, by } => tr!(
            lang,
            "error-offer-lapsed",
            offer = offer_name(lang, *kind),
            player = format::named_player(lang, by)
        ),
        E::OwnOffer(kind) => tr!(lang, "error-own-offer", offer = offer_name(lang, *kind)),
        E::NothingToTakeBack => tr!(lang, "error-nothing-to-take-back"),
        E::Rules(error) => game_error(lang, error),
        E::MovedOn {
            game_id,
            asked_at,
            now_at,
        } => {
            let since = match now_at.checked_sub(*asked_at) {
                Some(n) => tr!(lang, "error-moves-since", n = n),
                None => tr!(lang, "error-takeback-since"),
            };
            tr!(
                lang,
                "error-moved-on",
                game = game_id.to_string(),
                since = since
            )
        }
        E::Raced => tr!(lang, "error-raced"),
        E::ChannelBusy => tr!(lang, "error-channel-busy"),
        E::ChallengeNotFound(id) => {
            tr!(lang, "error-challenge-not-found", id = id.to_string())
        }
        E::ChallengeClosed { id, status } => tr!(
            lang,
            "error-challenge-closed",
            id = id.to_string(),
            status = tr!(lang, &format!("challenge-status-{status}"))
        ),
        E::ChallengeExpired(id) => tr!(lang, "error-challenge-expired", id = id.to_string()),
        E::NotInvited(id) => tr!(lang, "error-not-invited", id = id.to_string()),
        E::ChallengeFull(id) => tr!(lang, "error-challenge-full", id = id.to_string()),
        E::OwnChallenge(id) => tr!(lang, "error-own-challenge", id = id.to_string()),
        E::NotChallenger(id) => tr!(lang, "error-not-challenger", id = id.to_string()),
        E::TooManyOpponents { variant } => tr!(
            lang,
            "error-too-many-opponents",
            variant = format::variant_title(lang, *variant),
            seats = variant.seats(),
            most = variant.seats() - 1
        ),
        E::ChallengeYourself => tr!(lang, "error-challenge-yourself"),
        E::RatedWithComputer => tr!(lang, "error-rated-with-computer"),
        E::OpponentTwice => tr!(lang, "error-opponent-twice"),
        E::SeatsForVariant { variant } => tr!(
            lang,
            "error-seats-for-variant",
            variant = format::variant_title(lang, *variant),
            seats = variant.seats(),
            names = seat_names(lang, *variant)
        ),
        E::SeatlessPlayer => tr!(lang, "error-seatless-player"),
        E::OneSeatEach => tr!(lang, "error-one-seat-each"),
        E::SeatForStranger => tr!(lang, "error-seat-for-stranger"),
        E::VacationTooShort => tr!(lang, "error-vacation-too-short"),
        E::ReviewUnfinished(game) => {
            tr!(lang, "error-review-unfinished", game = game.to_string())
        }
        E::ReviewNoMoves(game) => tr!(lang, "error-review-no-moves", game = game.to_string()),
        E::ReviewsBusy { pending } => tr!(lang, "error-reviews-busy", pending = *pending),
        E::NoSuchMove { game, last_ply } => tr!(
            lang,
            "error-replay-no-such-move",
            game = game.to_string(),
            last = *last_ply
        ),
        E::NoSuchSeat { variant } => tr!(
            lang,
            "error-replay-no-such-seat",
            variant = format::variant_title(lang, *variant),
            seats = variant.seats(),
            names = seat_names(lang, *variant)
        ),
        E::Record(RecordError::WrongVariant { format, variant }) => tr!(
            lang,
            "error-record-wrong-variant",
            format = *format,
            variant = format::variant_title(lang, *variant)
        ),
        E::Record(RecordError::Kif { line, reason }) => {
            tr!(lang, "error-record-kif", line = *line, reason = reason)
        }
        E::Computer(ComputerError::GameOver) => tr!(lang, "error-computer-game-over"),
        E::Computer(ComputerError::NoLegalMove) => tr!(lang, "error-computer-no-move"),
        E::OnVacation { until } => tr!(lang, "error-on-vacation", until = format!("<t:{until}:f>")),
        E::NotOnVacation => tr!(lang, "error-not-on-vacation"),
        E::BankWithoutClock => tr!(lang, "error-bank-without-clock"),
        E::VacationAllowance {
            asked_days,
            left_seconds,
            allowance_days,
        } => tr!(
            lang,
            "error-vacation-allowance",
            left = left_seconds / 86_400,
            allowance = *allowance_days,
            asked = *asked_days
        ),
        E::TimePerMoveOutOfRange { min, max } => tr!(
            lang,
            "error-time-per-move-range",
            min = format::duration(lang, *min),
            max = format::duration(lang, *max)
        ),
        E::BankOutOfRange { max } => {
            tr!(lang, "error-bank-range", max = format::duration(lang, *max))
        }
        E::VacationDaysOutOfRange { max } => tr!(lang, "error-vacation-days-range", max = *max),
        E::UnknownTimeZone { name } => tr!(lang, "error-unknown-time-zone", name = name),
        E::Replay { game, reason } => tr!(
            lang,
            "error-replay",
            game = game.to_string(),
            reason = reason
        ),
        E::Storage(error) => tr!(lang, "error-storage", detail = error.to_string()),
        E::Corrupt(detail) => tr!(lang, "error-corrupt", detail = detail),
    }
}

/// The seats of `variant` in the reader's words, in order ("black, white").
fn seat_names(lang: Lang, variant: Variant) -> String {
    (0..variant.seats())
        .map(|seat| format::seat_name(lang, variant.named_seat(Seat(seat))))
        .collect::<Vec<_>>()
        .join(&tr!(lang, "list-separator"))
}

fn offer_name(lang: Lang, kind: OfferKind) -> String {
    match kind {
        OfferKind::Draw => tr!(lang, "offer-draw-name"),
        OfferKind::Takeback => tr!(lang, "offer-takeback-name"),
    }
}

/// Why the rules refuse a move or declaration.
pub(crate) fn game_error(lang: Lang, error: &GameError) -> String {
    match error {
        GameError::GameOver => tr!(lang, "rules-game-over"),
        GameError::NotYourTurn => tr!(lang, "rules-not-your-turn"),
        GameError::Parse(error) => parse_error(lang, error),
        GameError::Illegal(illegal) => illegal_move(lang, illegal),
        GameError::Declaration(why) => tr!(
            lang,
            "rules-declaration",
            reason = declaration_failure(lang, *why)
        ),
        GameError::NotAllowed(refusal) => rule_refusal(lang, refusal),
    }
}

/// Why a declaration fails.
fn declaration_failure(lang: Lang, failure: DeclarationFailure) -> String {
    use DeclarationFailure as D;
    match failure {
        D::GameOver => tr!(lang, "rules-game-over"),
        D::NoKing => tr!(lang, "declaration-no-king"),
        D::KingOutsideZone => tr!(lang, "declaration-king-outside-zone"),
        D::InCheck => tr!(lang, "declaration-in-check"),
        D::TooFewPiecesInZone { needed, have } => tr!(
            lang,
            "declaration-pieces-in-zone",
            needed = needed,
            have = have
        ),
        D::TooFewPoints { needed, have } => {
            tr!(lang, "declaration-points", needed = needed, have = have)
        }
        D::NoLegalMove => tr!(lang, "declaration-no-legal-move"),
    }
}

/// Why the rules of the game do not allow an offer, declaration, resignation or takeback.
fn rule_refusal(lang: Lang, refusal: &Refusal) -> String {
    match refusal {
        Refusal::ImpasseDeclarationsOff => tr!(lang, "refusal-impasse-declarations-off"),
        Refusal::EnteringKingDeclarationsOff => {
            tr!(lang, "refusal-entering-king-declarations-off")
        }
        Refusal::DeclarationTooEarly { after } => {
            tr!(lang, "refusal-declaration-too-early", after = *after)
        }
        Refusal::NoDeclaration => tr!(lang, "refusal-no-declaration"),
        Refusal::NotFourPlayers => tr!(lang, "refusal-not-four-players"),
        Refusal::AlreadyOut { variant, seat } => tr!(
            lang,
            "refusal-already-out",
            seat = format::seat_name(lang, variant.named_seat(*seat))
        ),
        Refusal::ResignationNeedsTwo { alive } => {
            tr!(lang, "error-resignation-needs-two", alive = *alive)
        }
        Refusal::DrawsTwoPlayers => tr!(lang, "error-draws-two-players"),
        Refusal::TakebacksTwoPlayers => tr!(lang, "error-takebacks-two-players"),
        Refusal::NothingToTakeBack => tr!(lang, "refusal-nothing-to-take-back"),
    }
}

fn parse_error(lang: Lang, error: &MoveParseError) -> String {
    match error {
        MoveParseError::Syntax { text, examples } => {
            let examples: Vec<String> = examples.split(", ").map(|e| format!("`{e}`")).collect();
            tr!(
                lang,
                "parse-syntax",
                text = text,
                examples = examples.join(&tr!(lang, "list-separator"))
            )
        }
        MoveParseError::Illegal { text, reason } => tr!(
            lang,
            "parse-illegal",
            text = text,
            reason = illegal_move(lang, reason)
        ),
        MoveParseError::Ambiguous { text, candidates } => {
            let moves: Vec<String> = candidates
                .iter()
                .map(|candidate| candidate_text(lang, candidate))
                .collect();
            tr!(
                lang,
                "parse-ambiguous",
                text = text,
                candidates = moves.join(&tr!(lang, "parse-or"))
            )
        }
        MoveParseError::NoSuchMove(text) => tr!(lang, "parse-no-such-move", text = text),
        MoveParseError::SameWithoutPrevious(text) => {
            tr!(lang, "parse-same-without-previous", text = text)
        }
    }
}

/// One of the moves an ambiguous text could mean, as a reader of `lang` writes it: Western
/// in English, else Japanese where the variant writes it, else the coordinate form.
fn candidate_text(lang: Lang, candidate: &Candidate) -> String {
    match (lang, &candidate.japanese) {
        (Lang::En, _) => format!("**{}**", candidate.western),
        (_, Some(japanese)) => format!("**{japanese}**"),
        (_, None) => format!("`{}`", candidate.coordinate),
    }
}

/// A square as the engine names it (`7g`, `12k`), as a reader of `lang` reads it: as it is
/// in English; in Japanese and Korean as Japanese records write it, the file in full-width
/// digits and the rank in kanji numerals (`７七`, `１２十一`).
pub(crate) fn square(lang: Lang, name: &str) -> String {
    if lang == Lang::En {
        return name.to_owned();
    }
    japanese_square(name).unwrap_or_else(|| format!("`{name}`"))
}

/// `7g` → `７七`, `12k` → `１２十一`; `None` for anything else.
fn japanese_square(name: &str) -> Option<String> {
    const NUMERALS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let digits = name.bytes().take_while(u8::is_ascii_digit).count();
    let (file, rank) = name.split_at(digits);
    let mut letters = rank.chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return None;
    };
    if file.is_empty() || file.starts_with('0') || !letter.is_ascii_lowercase() {
        return None;
    }
    let rank = usize::from(letter as u8 - b'a' + 1);
    let file: String = file
        .chars()
        .filter_map(|d| char::from_u32(u32::from('０') + d.to_digit(10)?))
        .collect();
    let rank = match rank {
        1..=9 => NUMERALS[rank].to_owned(),
        10 => "十".to_owned(),
        11..=19 => format!("十{}", NUMERALS[rank - 10]),
        _ => return None,
    };
    Some(format!("{file}{rank}"))
}

/// A piece's name as the engine gives it ("pawn"), in `lang`: a standard piece by its
/// name in `pieces.ftl` (歩, 보병), a dai dai piece by its English name in English and by
/// its kanji, which is its Japanese name, for Japanese and Korean readers.
fn piece(lang: Lang, name: &str) -> String {
    if STANDARD_KINDS.iter().any(|kind| kind.name == name) {
        return tr!(lang, &format!("piece-{}", super::i18n::slug(name)));
    }
    if lang == Lang::En {
        return name.to_owned();
    }
    daidai::kinds()
        .iter()
        .find(|kind| kind.name == name)
        .map_or_else(|| name.to_owned(), |kind| kind.kanji.to_owned())
}

/// Why a move is not legal.
fn illegal_move(lang: Lang, illegal: &IllegalMove) -> String {
    use IllegalMove as I;
    match illegal {
        I::GameOver => tr!(lang, "illegal-game-over"),
        I::NoPiece(at) => tr!(lang, "illegal-no-piece", square = square(lang, at)),
        I::NotYourPiece(at) => tr!(lang, "illegal-not-your-piece", square = square(lang, at)),
        I::CannotReach { piece: p, from, to } => tr!(
            lang,
            "illegal-cannot-reach",
            piece = piece(lang, p),
            from = square(lang, from),
            to = square(lang, to)
        ),
        I::Blocked { from, to } => tr!(
            lang,
            "illegal-blocked",
            from = square(lang, from),
            to = square(lang, to)
        ),
        I::OwnPiece(at) => tr!(lang, "illegal-own-piece", square = square(lang, at)),
        I::PartnerPiece(at) => tr!(lang, "illegal-partner-piece", square = square(lang, at)),
        I::CaptureKing(at) => tr!(lang, "illegal-capture-king", square = square(lang, at)),
        I::NotInHand(p) => tr!(lang, "illegal-not-in-hand", piece = piece(lang, p)),
        I::DropOnOccupied(at) => tr!(lang, "illegal-drop-occupied", square = square(lang, at)),
        I::Nifu => tr!(lang, "illegal-nifu"),
        I::Uchifuzume => tr!(lang, "illegal-uchifuzume"),
        I::PawnBeforeDeadKing => tr!(lang, "illegal-pawn-before-dead-king"),
        I::DeadPiece {
            piece: p,
            square: at,
        } => tr!(
            lang,
            "illegal-dead-piece",
            piece = piece(lang, p),
            square = square(lang, at)
        ),
        I::CannotPromote(p) => tr!(lang, "illegal-cannot-promote", piece = piece(lang, p)),
        I::OutsideZone => tr!(lang, "illegal-outside-zone"),
        I::SelfCheck => tr!(lang, "illegal-self-check"),
        I::PerpetualCheck => tr!(lang, "illegal-perpetual-check"),
        I::NoDrops => tr!(lang, "illegal-no-drops"),
        I::OffBoard => tr!(lang, "illegal-off-board"),
        I::CannotDrop(p) => tr!(lang, "illegal-cannot-drop", piece = piece(lang, p)),
        I::NoPieceOfKind(p) => tr!(lang, "illegal-no-piece-of-kind", piece = piece(lang, p)),
        I::NoSuchPiece => tr!(lang, "illegal-no-such-piece"),
        I::OtherPiece {
            square: at,
            piece: p,
        } => tr!(
            lang,
            "illegal-other-piece",
            square = square(lang, at),
            piece = piece(lang, p)
        ),
        I::WrongSeat { to_move, named } => tr!(
            lang,
            "illegal-wrong-seat",
            to_move = format::seat_name(lang, *to_move),
            named = format::seat_name(lang, *named)
        ),
        I::MustDeviate(culprit) => tr!(
            lang,
            "illegal-must-deviate",
            culprit = match culprit {
                RepetitionCulprit::PerpetualCheck => "check",
                RepetitionCulprit::PerpetualAttack => "attack",
                RepetitionCulprit::FirstPasser => "passes",
            }
        ),
        I::NoMovement => tr!(lang, "illegal-no-movement"),
        I::PassInCheck => tr!(lang, "illegal-pass-in-check"),
        I::PassWrittenAs(written) => tr!(lang, "illegal-pass-written-as", written = written),
        I::CannotPass(p) => tr!(lang, "illegal-cannot-pass", piece = piece(lang, p)),
        I::MustPromote(p) => tr!(lang, "illegal-must-promote", piece = piece(lang, p)),
        I::DoesNotPromote(p) => tr!(lang, "illegal-does-not-promote", piece = piece(lang, p)),
        I::NoIgui {
            piece: p,
            square: at,
        } => tr!(
            lang,
            "illegal-no-igui",
            piece = piece(lang, p),
            square = square(lang, at)
        ),
        I::WrongPath { piece: p, from, to } => tr!(
            lang,
            "illegal-wrong-path",
            piece = piece(lang, p),
            from = square(lang, from),
            to = square(lang, to)
        ),
        I::AlreadyThere {
            piece: p,
            square: at,
        } => tr!(
            lang,
            "illegal-already-there",
            piece = piece(lang, p),
            square = square(lang, at)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rarer_refusals_of_passes_and_repetitions_are_worded_in_the_readers_language() {
        let deviate = GameError::Illegal(IllegalMove::MustDeviate(RepetitionCulprit::FirstPasser));
        let in_check = GameError::Illegal(IllegalMove::PassInCheck);
        // English says what the engine says.
        assert_eq!(game_error(Lang::En, &deviate), deviate.to_string());
        assert_eq!(game_error(Lang::En, &in_check), in_check.to_string());
        assert_eq!(
            game_error(Lang::Ja, &deviate),
            "この手で同じ局面が4回目になります。パスを始めた側が別の手を指さなければなりません"
        );
        assert_eq!(
            game_error(Lang::Ko, &in_check),
            "장군을 받고 있을 때는 패스할 수 없습니다"
        );
    }

    #[test]
    fn a_piece_that_cannot_go_there_is_named_in_the_readers_words() {
        let lion = GameError::Illegal(IllegalMove::CannotReach {
            piece: daidai::kinds()[daidai::LION as usize].name.into(),
            from: "9i".into(),
            to: "9e".into(),
        });
        let rook = GameError::Illegal(IllegalMove::CannotReach {
            piece: "rook".into(),
            from: "8h".into(),
            to: "7g".into(),
        });
        assert_eq!(game_error(Lang::En, &lion), lion.to_string());
        assert_eq!(game_error(Lang::Ja, &lion), "９九の獅子は９五へ動けません");
        assert_eq!(
            game_error(Lang::Ko, &rook),
            "８八의 비차는 ７七로 갈 수 없습니다"
        );
    }

    #[test]
    fn a_failed_declaration_says_why_in_the_readers_language() {
        let short = GameError::Declaration(DeclarationFailure::TooFewPoints {
            needed: 28,
            have: 27,
        });
        assert_eq!(game_error(Lang::En, &short), short.to_string());
        assert_eq!(
            game_error(Lang::Ja, &short),
            "宣言の条件を満たしていません（28点必要ですが、27点です）"
        );
    }
}
