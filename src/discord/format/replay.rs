//! The words of replays: the replay announced at the end of a game, the one `/export`
//! gives, and the board `/replay` pages through (the captions under replayed positions are
//! `pictures`').

use std::fmt::Write as _;

use crate::engine::{Seat, Variant};
use crate::service::{GameSummary, Notation, ReplayBoard, ReplayFile, ReplayView};
use crate::store::{GameId, GameStatus, MessageId};

use super::{move_by, player, result_line, seat_name, variant_title};
use crate::discord::i18n::{tr, Lang};

fn title(lang: Lang, variant: Variant, game: impl std::fmt::Display) -> String {
    tr!(
        lang,
        "game-title",
        variant = variant_title(lang, variant),
        game = game.to_string()
    )
}

/// A shortened replay says which positions it shows.
fn shortened(lang: Lang, file: &ReplayFile) -> String {
    if file.every > 1 {
        format!(
            " {}",
            tr!(
                lang,
                "replay-shortened",
                frames = file.frames,
                positions = file.positions,
                every = file.every
            )
        )
    } else {
        String::new()
    }
}

/// How a replayed game ended, in `lang` where the announcement says how.
pub(crate) fn replay_result(lang: Lang, view: &ReplayView) -> String {
    match &view.over {
        Some(over) => result_line(lang, over),
        None => view.summary.clone(),
    }
}

/// The replay posted when a game ends (`file` is `None` if it could not be drawn).
pub(crate) fn announced(lang: Lang, view: &ReplayView, file: Option<&ReplayFile>) -> String {
    let seat = seat_name(lang, view.variant.named_seat(Seat(view.seat)));
    let title = title(lang, view.variant, view.game_id);
    let result = replay_result(lang, view);
    match file {
        Some(file) => tr!(
            lang,
            "replay-announced",
            title = title,
            seat = seat,
            result = result,
            shortened = shortened(lang, file),
            game = view.game_id.to_string()
        ),
        None => tr!(
            lang,
            "replay-not-drawn",
            title = title,
            result = result,
            game = view.game_id.to_string()
        ),
    }
}

/// The replay `/export` gives.
pub(crate) fn exported(lang: Lang, file: &ReplayFile) -> String {
    tr!(
        lang,
        if file.finished {
            "replay-exported"
        } else {
            "replay-exported-so-far"
        },
        game = file.game_id.to_string(),
        positions = file.positions,
        seat = seat_name(lang, file.seat_name),
        shortened = shortened(lang, file)
    )
}

/// The label of the button that turns the board to the player's own side.
pub(crate) fn my_seat_label(lang: Lang) -> String {
    tr!(lang, "button-my-seat")
}

/// The label of the button that turns the board to the first seat's side.
pub(crate) fn first_seat_label(lang: Lang, variant: Variant) -> String {
    tr!(
        lang,
        "button-first-seat",
        seat = seat_name(lang, variant.named_seat(Seat(0)))
    )
}

/// The board `/replay` shows: which move of how many, the players, the result, and the
/// moves around it (in the reader's `notation`) with the one shown in bold.
pub(crate) fn board(lang: Lang, notation: Notation, board: &ReplayBoard) -> String {
    let seat = seat_name(lang, board.variant.named_seat(Seat(board.seat)));
    let position = if board.ply == 0 {
        tr!(lang, "replay-at-start")
    } else {
        tr!(lang, "replay-after-move", ply = board.ply)
    };
    let mut text = tr!(
        lang,
        "replay-board-head",
        title = title(lang, board.variant, board.game_id),
        position = position,
        last = board.last_ply,
        seat = seat
    );
    let players: Vec<String> = board.players.iter().map(|p| player(lang, p)).collect();
    let _ = write!(text, "\n{}", players.join(&tr!(lang, "list-separator")));
    match (&board.result, board.status) {
        (Some(result), _) => {
            let result = board
                .over
                .as_ref()
                .map_or_else(|| result.clone(), |over| result_line(lang, over));
            let _ = write!(text, " · {result}");
        }
        (None, GameStatus::Active) => {
            let _ = write!(text, " · {}", tr!(lang, "replay-still-played"));
        }
        (None, _) => {}
    }
    if board.viewer_seat.is_none() {
        let _ = write!(text, "\n{}", tr!(lang, "replay-watching"));
    }
    if board.moves.is_empty() {
        let _ = write!(text, "\n{}", tr!(lang, "replay-no-moves"));
    }
    for played in &board.moves {
        let line = format!(
            "{}. {}",
            played.ply,
            move_by(lang, notation, board.variant, played.seat, &played.text)
        );
        if played.ply == board.ply {
            let _ = write!(text, "\n**{line}**  ◀");
        } else {
            let _ = write!(text, "\n{line}");
        }
    }
    text
}

/// A list of games with each game's line ending in a link to its latest board, where one
/// was posted (the game's line is found by its title, `**Shogi #12**`). Lines cut from the
/// list stay cut; a link that would not fit is left out. A line may begin with a mark
/// ("**Your turn**"), so the title is looked for anywhere in it.
pub(crate) fn linked(
    lang: Lang,
    list: String,
    games: &[GameSummary],
    links: &[(GameId, MessageId)],
) -> String {
    const LIMIT: usize = crate::discord::post::MAX_CONTENT_CHARS;
    let mut total = list.chars().count();
    let mut lines: Vec<String> = list.lines().map(str::to_owned).collect();
    for game in games {
        let Some((_, message)) = links.iter().find(|(id, _)| *id == game.game_id) else {
            continue;
        };
        let title = title(lang, game.variant, game.game_id);
        let Some(line) = lines.iter_mut().find(|line| line.contains(&title)) else {
            continue;
        };
        let link = format!(
            " · [{}](https://discord.com/channels/{}/{}/{message})",
            tr!(lang, "link-board"),
            game.guild_id,
            game.channel_id
        );
        let added = link.chars().count();
        if total + added > LIMIT {
            break;
        }
        total += added;
        line.push_str(&link);
    }
    lines.join("\n")
}
