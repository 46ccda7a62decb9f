//! The words of replays: the captions under replayed positions, the replay announced at
//! the end of a game, the one `/export` gives, and the board `/replay` pages through.

use std::fmt::Write as _;

use crate::engine::{Seat, Variant};
use crate::service::{Caption, GameSummary, ReplayBoard, ReplayFile, ReplayView};
use crate::store::{GameId, GameStatus, MessageId};

use super::format::player;

/// The caption under a replayed position: "Start", "Move 12: ☖P-3d" ("Move 5: S: P-5f" in
/// yonin, whose Western form names the seat), the result after the last move.
pub(crate) fn caption(caption: &Caption<'_>) -> String {
    let mut text = match caption.played {
        None => "Start".to_owned(),
        Some(played) if caption.variant.seats() == 2 => {
            format!(
                "Move {}: {}{}",
                caption.ply,
                mark(played.seat),
                played.western
            )
        }
        Some(played) => format!("Move {}: {}", caption.ply, played.western),
    };
    if let Some(result) = caption.result {
        let _ = write!(text, " — {result}");
    }
    text
}

/// ☗ for the first player of a two-player game, ☖ for the second.
fn mark(seat: Seat) -> char {
    if seat.0 == 0 {
        '☗'
    } else {
        '☖'
    }
}

fn title(variant: Variant, game: impl std::fmt::Display) -> String {
    format!("**{} #{game}**", variant.title())
}

/// A shortened replay says which positions it shows.
fn shortened(file: &ReplayFile) -> String {
    if file.every > 1 {
        format!(
            " It is long, so the replay shows {} of its {} positions ({}).",
            file.frames,
            file.positions,
            crate::render::english_skip_note(file.every)
        )
    } else {
        String::new()
    }
}

/// The replay posted when a game ends (`file` is `None` if it could not be drawn).
pub(crate) fn announced(view: &ReplayView, file: Option<&ReplayFile>) -> String {
    let seat = view.variant.seat_name(Seat(view.seat));
    match file {
        Some(file) => format!(
            "{} · the whole game, seen from {seat}'s side: {}.{} `/replay game:{}` steps through it.",
            title(view.variant, view.game_id),
            view.summary,
            shortened(file),
            view.game_id
        ),
        None => format!(
            "{} · {}. The replay could not be drawn; `/export format:gif game:{}` tries again.",
            title(view.variant, view.game_id),
            view.summary,
            view.game_id
        ),
    }
}

/// The replay `/export` gives.
pub(crate) fn exported(file: &ReplayFile) -> String {
    let state = if file.finished { "" } else { " so far" };
    format!(
        "The replay of game #{}{state} ({} positions), seen from {}'s side.{}",
        file.game_id,
        file.positions,
        file.seat_name,
        shortened(file)
    )
}

/// The label of the button that turns the board to the player's own side.
pub(crate) fn my_seat_label() -> &'static str {
    "From my seat"
}

/// The label of the button that turns the board to the first seat's side.
pub(crate) fn first_seat_label(variant: Variant) -> String {
    format!("From {}'s seat", variant.seat_name(Seat(0)))
}

/// The board `/replay` shows: which move of how many, the players, the result, and the
/// moves around it with the one shown in bold.
pub(crate) fn board(board: &ReplayBoard) -> String {
    let seat = board.variant.seat_name(Seat(board.seat));
    let position = if board.ply == 0 {
        "the start".to_owned()
    } else {
        format!("after move {}", board.ply)
    };
    let mut text = format!(
        "{} · replay, {position} of {} (seen from {seat}'s side)",
        title(board.variant, board.game_id),
        board.last_ply
    );
    let players: Vec<String> = board.players.iter().map(player).collect();
    let _ = write!(text, "\n{}", players.join(", "));
    match (&board.result, board.status) {
        (Some(result), _) => {
            let _ = write!(text, " · {result}");
        }
        (None, GameStatus::Active) => text.push_str(" · still being played"),
        (None, _) => {}
    }
    if board.viewer_seat.is_none() {
        text.push_str("\nYou are watching: the board is seen from the first seat.");
    }
    if board.moves.is_empty() {
        text.push_str("\nNo move has been played yet.");
    }
    for played in &board.moves {
        let mover = if board.variant.seats() == 2 {
            mark(Seat(played.seat)).to_string()
        } else {
            String::new()
        };
        let line = format!("{}. {mover}{}", played.ply, played.western);
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
pub(crate) fn linked(list: String, games: &[GameSummary], links: &[(GameId, MessageId)]) -> String {
    const LIMIT: usize = super::post::MAX_CONTENT_CHARS;
    let mut total = list.chars().count();
    let mut lines: Vec<String> = list.lines().map(str::to_owned).collect();
    for game in games {
        let Some((_, message)) = links.iter().find(|(id, _)| *id == game.game_id) else {
            continue;
        };
        let title = title(game.variant, game.game_id);
        let Some(line) = lines.iter_mut().find(|line| line.contains(&title)) else {
            continue;
        };
        let link = format!(
            " · [board](https://discord.com/channels/{}/{}/{message})",
            game.guild_id, game.channel_id
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
