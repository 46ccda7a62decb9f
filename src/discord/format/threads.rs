//! The words of game threads: their names, the one-line result in the channel they hang
//! from, and why a game could not have its thread.

use crate::engine::Variant;
use crate::service::ThreadResult;

use super::{channel, result_line, variant_title};
use crate::discord::i18n::{tr, Lang};

/// A game thread's name: "alice vs bob · Shogi".
pub(crate) fn thread_name(lang: Lang, players: &[String], variant: Variant) -> String {
    format!(
        "{} · {}",
        players.join(&tr!(lang, "thread-versus")),
        variant_title(lang, variant)
    )
}

/// The result of a game played in a thread, for the channel it hangs from.
pub(crate) fn thread_result(lang: Lang, result: &ThreadResult) -> String {
    tr!(
        lang,
        "thread-result",
        variant = variant_title(lang, result.variant),
        game = result.game_id.to_string(),
        thread = channel(result.thread_id),
        result = result
            .over
            .as_ref()
            .map_or_else(|| result.summary.clone(), |over| result_line(lang, over))
    )
}

/// Why the game of a new challenge will be played in the channel although a thread was
/// asked for.
pub(crate) fn missing_permissions(lang: Lang, missing: &[&str]) -> String {
    let names: Vec<String> = missing
        .iter()
        .map(|key| format!("**{}**", permission_name(lang, key)))
        .collect();
    tr!(
        lang,
        "thread-missing-permissions",
        permissions = names.join(&tr!(lang, "thread-and")),
        count = missing.len()
    )
}

/// Discord refused to open the thread when the game started.
pub(crate) fn refused_by_discord(lang: Lang) -> String {
    tr!(
        lang,
        "thread-refused",
        permission = format!("**{}**", permission_name(lang, "create-public-threads"))
    )
}

/// A permission's name as Discord shows it to a reader of `lang`.
fn permission_name(lang: Lang, key: &str) -> String {
    tr!(lang, &format!("permission-{key}"))
}

pub(crate) fn already_in_a_thread(lang: Lang) -> String {
    tr!(lang, "thread-already")
}

pub(crate) fn not_with_computers_only(lang: Lang) -> String {
    tr!(lang, "thread-computers-only")
}

/// Discord did not open the thread for another reason (it failed, or did not answer).
pub(crate) fn not_opened(lang: Lang) -> String {
    tr!(lang, "thread-not-opened")
}
