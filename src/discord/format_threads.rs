//! The words of game threads: their names, the one-line result in the channel they hang
//! from, and why a game could not have its thread.

use crate::engine::Variant;
use crate::service::ThreadResult;

use super::format::channel;

/// A game thread's name: "alice vs bob · Shogi".
pub(crate) fn thread_name(players: &[String], variant: Variant) -> String {
    format!("{} · {}", players.join(" vs "), variant.title())
}

/// The result of a game played in a thread, for the channel it hangs from.
pub(crate) fn thread_result(result: &ThreadResult) -> String {
    format!(
        "**{} #{}** in {}: {}.",
        result.variant.title(),
        result.game_id,
        channel(result.thread_id),
        result.summary
    )
}

/// Why the game of a new challenge will be played in the channel although a thread was
/// asked for.
pub(crate) fn missing_permissions(missing: &[&str]) -> String {
    let names: Vec<String> = missing.iter().map(|name| format!("**{name}**")).collect();
    format!(
        "I cannot open a game thread here: I need the {} permission{} in this channel. The \
         game will be played in this channel; a server admin can grant {} for the next one.",
        names.join(" and "),
        if missing.len() == 1 { "" } else { "s" },
        if missing.len() == 1 { "it" } else { "them" }
    )
}

/// Discord refused to open the thread when the game started.
pub(crate) fn refused_by_discord() -> String {
    missing_permissions(&["Create Public Threads"]).replace(
        "The game will be played",
        "Discord refused to open the thread, so the game is played",
    )
}

pub(crate) fn already_in_a_thread() -> String {
    "This is a thread already: the game will be played right here.".to_owned()
}

pub(crate) fn not_with_computers_only() -> String {
    "A game against the computer alone starts at once in this channel, without a thread.".to_owned()
}

/// Discord did not open the thread for another reason (it failed, or did not answer).
pub(crate) fn not_opened() -> String {
    "Discord did not open the game's thread, so the game has not started; nothing changed. \
     Press Accept again in a moment."
        .to_owned()
}
