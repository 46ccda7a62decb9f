//! `/puzzle`: the server's daily tsume — today's problem, answered move by move with the
//! defence played back, given up, yesterday's answer, the solvers' leaderboard — and the
//! daily post in the server's puzzle channel.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::service::puzzles::{self, DailyPuzzle, PuzzleAnswer, PuzzleView};
use crate::service::{MoveText, Notation, Service, ServiceError};
use crate::store::GameId;

use super::deadline;
use super::game::{self, Here};
use super::i18n::{tr, Lang};
use super::post::{File, Post};
use super::settings::notation_for;
use super::{format, Context, Error};

/// The most choices Discord shows in an autocomplete list.
const MAX_CHOICES: usize = 25;
/// How long an autocomplete may wait for the database.
const AUTOCOMPLETE_BUDGET: Duration = Duration::from_millis(1500);

/// The server's daily tsume (mate problem): see it, answer it, or see who solves them.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("today", "answer", "give_up", "solution", "leaderboard"),
    subcommand_required
)]
pub async fn puzzle(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Today's tsume of this server: the board, and in how many moves Black mates.
#[poise::command(slash_command, guild_only)]
pub async fn today(
    ctx: Context<'_>,
    #[description = "Show it in the channel for everyone (default: only to you)"] public: Option<
        bool,
    >,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let public = public.unwrap_or(false);
    let (view, notation, lang) = deadline::command(ctx, !public, async {
        let view = service.puzzle_today(here.guild, here.user).await?;
        // A post everyone sees reads as the channel's posts do; a private one as its reader's.
        if public {
            let lang = game::server_lang(service, here.guild).await?;
            Ok((view, format::channel_notation(lang), lang))
        } else {
            Ok((view, notation_for(service, here).await?, here.lang))
        }
    })
    .await?;
    let mut text = title(lang, &view);
    if !public {
        text.push('\n');
        text.push_str(&status(lang, notation, &view)?);
    }
    let post = if public {
        Post::new(text)
    } else {
        Post::private(text)
    };
    game::send(ctx, post.file(Some(board_file(&view)?))).await
}

/// Plays your next move of today's tsume; the defence answers.
#[poise::command(slash_command, guild_only)]
pub async fn answer(
    ctx: Context<'_>,
    #[rename = "move"]
    #[description = "Your move, e.g. G*5b, 5b5a+ or ５二金 (the list shows the checks)"]
    #[autocomplete = "checks"]
    #[max_length = 100]
    text: String,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let (answer, notation) = deadline::command(ctx, true, async {
        let notation = notation_for(service, here).await?;
        Ok((
            service.answer_puzzle(here.guild, here.user, &text).await?,
            notation,
        ))
    })
    .await?;
    let lang = here.lang;
    let say = |m: &MoveText| format::move_with_coordinate(lang, notation, m);
    let post = match answer {
        PuzzleAnswer::Right {
            played,
            defence,
            view,
            streak,
        } => {
            let text = match (defence, streak) {
                (_, Some(streak)) => tr!(
                    lang,
                    "puzzle-solved",
                    mv = say(&played),
                    length = view.length,
                    streak = streak
                ),
                (Some(reply), None) => tr!(
                    lang,
                    "puzzle-right",
                    mv = say(&played),
                    reply = say(&reply),
                    found = view.found,
                    total = view.moves_to_find()
                ),
                (None, None) => tr!(lang, "puzzle-already-solved"),
            };
            Post::private(text).file(Some(board_file(&view)?))
        }
        PuzzleAnswer::NotCheck { played } => {
            Post::private(tr!(lang, "puzzle-not-check", mv = say(&played)))
        }
        PuzzleAnswer::NotTheAnswer { played } => {
            Post::private(tr!(lang, "puzzle-not-answer", mv = say(&played)))
        }
        PuzzleAnswer::AlreadySolved(_) => Post::private(tr!(lang, "puzzle-already-solved")),
        PuzzleAnswer::GaveUp(_) => Post::private(tr!(lang, "puzzle-gave-up-already")),
    };
    game::send(ctx, post).await
}

/// Gives today's tsume up and shows its answer (it then counts for no streak).
#[poise::command(slash_command, guild_only, rename = "give-up")]
pub async fn give_up(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let (view, notation) = deadline::command(ctx, true, async {
        let notation = notation_for(service, here).await?;
        Ok((
            service.give_up_puzzle(here.guild, here.user).await?,
            notation,
        ))
    })
    .await?;
    let moves = answer_line(service, here.lang, notation, &view)?;
    let text = tr!(
        here.lang,
        "puzzle-answer",
        source = source(view.game_id),
        number = view.number,
        length = view.length,
        moves = moves
    );
    let full = PuzzleView {
        played: Vec::new(),
        ..view
    };
    game::send(ctx, Post::private(text).file(Some(board_file(&full)?))).await
}

/// The answer of yesterday's tsume, whose day is over.
#[poise::command(slash_command, guild_only)]
pub async fn solution(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let (view, notation) = deadline::command(ctx, true, async {
        let notation = notation_for(service, here).await?;
        Ok((
            service.puzzle_yesterday(here.guild, here.user).await?,
            notation,
        ))
    })
    .await?;
    let moves = answer_line(service, here.lang, notation, &view)?;
    let text = tr!(
        here.lang,
        "puzzle-yesterday",
        source = source(view.game_id),
        number = view.number,
        day = view.day.clone(),
        length = view.length,
        moves = moves
    );
    let start = PuzzleView {
        played: Vec::new(),
        ..view
    };
    game::send(ctx, Post::private(text).file(Some(board_file(&start)?))).await
}

/// This server's tsume solvers: puzzles solved and the current streak of days.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let (board, lang) = deadline::command(ctx, false, async {
        let lang = game::server_lang(service, here.guild).await?;
        Ok((service.puzzle_leaderboard(here.guild).await?, lang))
    })
    .await?;
    let mut text = tr!(lang, "puzzle-leaderboard-title");
    if board.is_empty() {
        text.push('\n');
        text.push_str(&tr!(lang, "puzzle-leaderboard-empty"));
    }
    for (rank, standing) in board.iter().enumerate() {
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "puzzle-leaderboard-line",
            rank = rank + 1,
            player = format::mention(lang, standing.user_id),
            solved = standing.solved,
            streak = standing.streak
        ));
    }
    // Names, not pings: a leaderboard mentions nobody.
    let post = Post::new(text);
    game::send(
        ctx,
        post.unping(&board.iter().map(|s| s.user_id).collect::<Vec<_>>()),
    )
    .await
}

/// The checks of today's puzzle as it stands for the player, matching what they typed.
async fn checks(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let Ok(here) = Here::of(ctx) else {
        return serenity::CreateAutocompleteResponse::new();
    };
    let service = ctx.data().service();
    let found = deadline::autocomplete(ctx.data(), AUTOCOMPLETE_BUDGET, async {
        let notation = notation_for(service, here).await?;
        Ok::<_, Error>((
            service.puzzle_checks(here.guild, here.user).await?,
            notation,
        ))
    })
    .await;
    let Some(Ok((moves, notation))) = found else {
        return serenity::CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().to_lowercase();
    let choices: Vec<serenity::AutocompleteChoice> = moves
        .iter()
        .filter(|m| {
            typed.is_empty()
                || [Some(&m.coordinate), Some(&m.western), m.japanese.as_ref()]
                    .into_iter()
                    .flatten()
                    .any(|form| form.to_lowercase().contains(&typed))
        })
        .take(MAX_CHOICES)
        .map(|m| {
            serenity::AutocompleteChoice::new(format::move_text(notation, m), m.coordinate.clone())
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Where a problem comes from, for the messages' `$source`: the bank, or a game of the
/// server (then `$number` is the game's).
fn source(game: Option<GameId>) -> &'static str {
    if game.is_some() {
        "game"
    } else {
        "bank"
    }
}

/// The problem's name and length, with how it is played.
fn title(lang: Lang, view: &PuzzleView) -> String {
    tr!(
        lang,
        "puzzle-today",
        source = source(view.game_id),
        number = view.number,
        day = view.day.clone(),
        length = view.length
    )
}

/// Where the player stands: the moves so far, or solved, or given up.
fn status(lang: Lang, notation: Notation, view: &PuzzleView) -> Result<String, Error> {
    if view.solved {
        return Ok(tr!(lang, "puzzle-already-solved"));
    }
    if view.gave_up {
        return Ok(tr!(lang, "puzzle-gave-up-already"));
    }
    if view.played.is_empty() {
        return Ok(tr!(lang, "puzzle-first-move"));
    }
    let texts = puzzles::solution_texts(&view.sfen, &view.played)?;
    let moves: Vec<String> = texts
        .iter()
        .map(|m| format::move_text(notation, m))
        .collect();
    Ok(tr!(
        lang,
        "puzzle-so-far",
        moves = moves.join(" "),
        found = view.found,
        total = view.moves_to_find()
    ))
}

/// The whole answer of a view's problem in `notation`.
fn answer_line(
    service: &Service,
    _lang: Lang,
    notation: Notation,
    view: &PuzzleView,
) -> Result<String, Error> {
    let texts = service.puzzle_solution(view)?;
    Ok(texts
        .iter()
        .map(|m| format::move_text(notation, m))
        .collect::<Vec<_>>()
        .join(" "))
}

/// The board of a view: the problem with the moves played so far, from Black's side.
fn board_file(view: &PuzzleView) -> Result<File, ServiceError> {
    Ok(File {
        name: format!("tsume-{}-{}.png", view.number, view.played.len()),
        bytes: puzzles::puzzle_png(&view.sfen, &view.played)?,
    })
}

/// The daily post in a server's puzzle channel, in the server's language.
pub(crate) fn daily_post(lang: Lang, daily: &DailyPuzzle) -> Result<Post, ServiceError> {
    let text = tr!(
        lang,
        "puzzle-daily",
        source = source(daily.game_id),
        number = daily.number,
        day = daily.day.clone(),
        length = daily.length
    );
    let file = File {
        name: format!("tsume-{}.png", daily.number),
        bytes: puzzles::puzzle_png(&daily.sfen, &[])?,
    };
    Ok(Post::new(text).file(Some(file)))
}
