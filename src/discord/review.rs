//! Game reviews in Discord: `/analyse`, the **Analyse** button under a finished game's
//! replay, the progress message edited as the review goes, and the review's post: the
//! evaluation graph, the inaccuracies, mistakes and blunders with the better move and the
//! scores, and a button per listed move that opens the replay at that move, privately.
//!
//! The buttons are stateless: `analyse:<game>` asks for the review as the command does,
//! `review-move:<game>:<ply>` shows the board after that move (the `/replay` view).

use poise::serenity_prelude as serenity;

use crate::computer::analysis::Judgement;
use crate::service::analysis::EvaluationText;
use crate::service::{
    GameRef, Notation, ReviewAnswer, ReviewDone, ReviewProgress, ReviewReport, ReviewedMove,
    Service, ServiceError,
};
use crate::store::{GameId, UserId};

use super::custom_id::CustomId;
use super::deadline::{self, Click, ClickAnswer};
use super::format::pictures::replay_words;
use super::format::{self, game_title};
use super::game::{self, Here};
use super::i18n::{tr, Lang};
use super::post::{File, Post};
use super::replay::board_post;
use super::settings::notation_for;
use super::{Context, Data, Error};

/// The verb of the button under a finished game's replay that asks for its review.
pub(crate) const ANALYSE_VERB: &str = "analyse";
/// The verb of a listed move's button: `review-move:<game>:<ply>`.
pub(crate) const REVIEW_MOVE_VERB: &str = "review-move";
/// The announcement whose message shows a review's progress (its later progress edits
/// it).
pub(crate) const PROGRESS_KIND: &str = "review_started";
/// Listed moves that get a button (four rows of five).
const MOVE_BUTTONS: usize = 20;
/// Judged moves listed in the text; the graph marks them all.
const LISTED: usize = 25;
/// Cells of the text progress bar.
const BAR_CELLS: u32 = 20;
/// Scores past this are mates.
const MATE_SCORE: i32 = 990_000;

/// Reviews a finished game of this server: the evaluation graph and its mistakes.
#[poise::command(slash_command, guild_only)]
pub async fn analyse(
    ctx: Context<'_>,
    #[description = "Game number (default: this channel's last game)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let which = game.map_or(GameRef::Channel(here.channel), |id| {
        GameRef::InGuild(here.guild, GameId(id))
    });
    let service = ctx.data().service();
    let post = deadline::command(ctx, true, async {
        let answer = service
            .request_review(here.guild, here.channel, which, here.user)
            .await?;
        answer_post(service, here, answer).await
    })
    .await?;
    game::send(ctx, post).await
}

/// A click on **Analyse**: as `/analyse` for that game.
pub(crate) async fn analyse_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    arg: &str,
) -> Result<(), Error> {
    let game = game::game_id_arg(arg).ok_or_else(stale)?;
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        let answer = service
            .request_review(
                here.guild,
                here.channel,
                GameRef::InGuild(here.guild, game),
                here.user,
            )
            .await?;
        answer_post(service, here, answer).await
    };
    let (click, post) = Click::run(ctx, data, click, ClickAnswer::Private, work).await?;
    click.answer(post).await
}

/// A click on a listed move: the board after it, privately, with the replay's buttons.
pub(crate) async fn move_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    [game, ply]: [&String; 2],
) -> Result<(), Error> {
    let game = game::game_id_arg(game).ok_or_else(stale)?;
    let ply: u32 = ply.parse().map_err(|_| stale())?;
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        let notation = notation_for(service, here).await?;
        let board = service
            .replay_board(
                GameRef::InGuild(here.guild, game),
                Some(ply),
                None,
                here.user,
                replay_words(here.lang, notation, None),
            )
            .await?;
        Ok((board, notation))
    };
    let (click, (board, notation)) =
        Click::run(ctx, data, click, ClickAnswer::Private, work).await?;
    click.answer(board_post(here.lang, notation, &board)).await
}

/// The **Analyse** button for a finished game.
pub(crate) fn analyse_button(lang: Lang, game: GameId) -> Option<serenity::CreateButton> {
    let id = CustomId::new(ANALYSE_VERB, [game]).ok()?;
    Some(
        serenity::CreateButton::new(id.to_string())
            .label(tr!(lang, "button-analyse"))
            .style(serenity::ButtonStyle::Secondary),
    )
}

fn stale() -> Error {
    Error::refused("error-button-gone-review")
}

/// The answer to a request, for its user alone: the review at once if it was made before,
/// else where it stands in the queue.
async fn answer_post(service: &Service, here: Here, answer: ReviewAnswer) -> Result<Post, Error> {
    Ok(match answer {
        ReviewAnswer::Ready(report) => {
            let notation = notation_for(service, here).await?;
            review_post(service, here.lang, notation, &report, None)
                .await?
                .privately()
        }
        ReviewAnswer::Queued { game_id, place } => Post::private(tr!(
            here.lang,
            "review-queued",
            game = game_id.to_string(),
            place = place,
            channel = format::channel(here.channel)
        )),
        ReviewAnswer::Waiting {
            game_id,
            running: true,
            done,
            total,
            ..
        } => {
            let progress = ReviewProgress {
                game_id,
                guild_id: here.guild,
                variant: crate::engine::Variant::Standard,
                done,
                total,
            };
            let (moves_done, moves) = progress.moves();
            Post::private(tr!(
                here.lang,
                "review-already-running",
                game = game_id.to_string(),
                done = moves_done,
                total = moves
            ))
        }
        ReviewAnswer::Waiting { game_id, place, .. } => Post::private(tr!(
            here.lang,
            "review-already-queued",
            game = game_id.to_string(),
            place = place
        )),
    })
}

/// The progress message of a review: the game, the move reached and a bar.
pub(crate) fn progress_text(lang: Lang, progress: &ReviewProgress) -> String {
    let (done, moves) = progress.moves();
    let filled = (done * BAR_CELLS / moves.max(1)).min(BAR_CELLS);
    let bar: String = "█".repeat(filled as usize) + &"░".repeat((BAR_CELLS - filled) as usize);
    let percent = done * 100 / moves.max(1);
    let key = if done >= moves {
        "review-progress-done"
    } else {
        "review-progress"
    };
    tr!(
        lang,
        key,
        title = game_title(lang, progress.variant, progress.game_id),
        done = done,
        total = moves,
        bar = format!("`{bar}` {percent}%")
    )
}

/// The post announcing a finished review in its channel, in the channel's notation, or
/// saying that it failed.
pub(crate) async fn done_post(
    service: &Service,
    lang: Lang,
    done: &ReviewDone,
) -> Result<Post, ServiceError> {
    if done.failed {
        return Ok(Post::new(tr!(
            lang,
            "review-failed",
            title = game_title(lang, done.variant, done.game_id),
            game = done.game_id.to_string()
        )));
    }
    match service.review_report(done.guild_id, done.game_id).await? {
        Some(report) => {
            let notation = format::channel_notation(lang);
            let post = review_post(service, lang, notation, &report, Some(done.requested_by));
            Ok(post.await?.ping([done.requested_by]))
        }
        // The review is no longer stored as done: nothing to show.
        None => Ok(Post::new(tr!(
            lang,
            "review-failed",
            title = game_title(lang, done.variant, done.game_id),
            game = done.game_id.to_string()
        ))),
    }
}

/// A review: the graph, the judged moves with the better move and the scores, and a button
/// per listed move that opens the replay there.
pub(crate) async fn review_post(
    service: &Service,
    lang: Lang,
    notation: Notation,
    report: &ReviewReport,
    asked_by: Option<UserId>,
) -> Result<Post, ServiceError> {
    let review = &report.review;
    let variant = report.variant;
    let title = tr!(
        lang,
        "review-title",
        title = game_title(lang, variant, report.game_id)
    );
    let sides = review
        .curves
        .iter()
        .map(|curve| {
            curve
                .seats
                .iter()
                .map(|&seat| format::seat_name(lang, variant.named_seat(crate::engine::Seat(seat))))
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect();
    let engine = engine_name(lang, &review.engine);
    let subtitle = match review.nodes_per_position {
        Some(nodes) => tr!(
            lang,
            "review-search-nodes",
            engine = engine.clone(),
            nodes = nodes
        ),
        None => tr!(
            lang,
            "review-search-time",
            engine = engine.clone(),
            ms = review.movetime_ms
        ),
    };
    let text = EvaluationText {
        title: tr!(
            lang,
            "review-graph-title",
            title = format::variant_title(lang, variant),
            game = report.game_id.to_string(),
            moves = review.moves.len()
        ),
        subtitle: subtitle.clone(),
        sides,
    };
    let png = service.review_chart(review.clone(), text).await?;
    let judged: Vec<&ReviewedMove> = review.judged().collect();
    let mut body = match asked_by {
        Some(user) => tr!(
            lang,
            "review-title-asked",
            title = title,
            player = format::mention(lang, user)
        ),
        None => title,
    };
    body.push('\n');
    if judged.is_empty() {
        body.push_str(&tr!(lang, "review-no-mistakes"));
        body.push('\n');
    }
    for m in judged.iter().take(LISTED) {
        body.push_str(&move_line(lang, notation, variant, m));
        body.push('\n');
    }
    if judged.len() > LISTED {
        body.push_str(&tr!(lang, "review-more", count = judged.len() - LISTED));
        body.push('\n');
    }
    body.push_str(&format!("-# {subtitle}"));
    let mut post = Post::new(body)
        .file(Some(File {
            name: format!("review-game-{}.png", report.game_id),
            bytes: png,
        }))
        .per_row(5);
    for m in judged.iter().take(MOVE_BUTTONS) {
        if let Some(button) = move_button(lang, notation, variant, report.game_id, m) {
            post = post.button(button);
        }
    }
    Ok(post)
}

/// A judged move in the list: `23. ☗P-2d?? blunder · better ☗S-2d · +0.4 → -6.2`.
fn move_line(
    lang: Lang,
    notation: Notation,
    variant: crate::engine::Variant,
    m: &ReviewedMove,
) -> String {
    let judgement = m.judgement.unwrap_or(Judgement::Inaccuracy);
    let played = format::move_by(lang, notation, variant, m.seat, &m.played);
    let best = m
        .best
        .as_ref()
        .map(|best| format::move_by(lang, notation, variant, m.seat, best))
        .unwrap_or_else(|| "—".to_owned());
    tr!(
        lang,
        "review-move-line",
        ply = m.ply,
        played = played,
        sign = sign(judgement),
        judgement = judgement_word(lang, judgement),
        best = best,
        before = score(lang, m.before),
        after = score(lang, m.after)
    )
}

fn move_button(
    lang: Lang,
    notation: Notation,
    variant: crate::engine::Variant,
    game: GameId,
    m: &ReviewedMove,
) -> Option<serenity::CreateButton> {
    let id = CustomId::new(REVIEW_MOVE_VERB, [game.to_string(), m.ply.to_string()]).ok()?;
    let judgement = m.judgement?;
    let label = tr!(
        lang,
        "review-move-button",
        ply = m.ply,
        played = format::move_by(lang, notation, variant, m.seat, &m.played),
        sign = sign(judgement)
    );
    let label: String = label.chars().take(80).collect();
    Some(
        serenity::CreateButton::new(id.to_string())
            .label(label)
            .style(if judgement == Judgement::Blunder {
                serenity::ButtonStyle::Danger
            } else {
                serenity::ButtonStyle::Secondary
            }),
    )
}

/// The annotation chess and shogi sites write after a move.
fn sign(judgement: Judgement) -> &'static str {
    crate::service::analysis::judgement_mark(judgement).1
}

fn judgement_word(lang: Lang, judgement: Judgement) -> String {
    match judgement {
        Judgement::Inaccuracy => tr!(lang, "review-inaccuracy"),
        Judgement::Mistake => tr!(lang, "review-mistake"),
        Judgement::Blunder => tr!(lang, "review-blunder"),
    }
}

/// A score in pawns from the mover's side (`+0.4`, `-6.2`), or a mate.
fn score(lang: Lang, score: i32) -> String {
    if score >= MATE_SCORE {
        tr!(lang, "review-score-mate-for")
    } else if score <= -MATE_SCORE {
        tr!(lang, "review-score-mate-against")
    } else {
        format!("{:+.1}", f64::from(score) / 100.0)
    }
}

/// What searched, as readers see it.
fn engine_name(lang: Lang, engine: &str) -> String {
    if engine == "built-in" {
        tr!(lang, "review-engine-built-in")
    } else {
        let name = std::path::Path::new(engine)
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or(engine);
        format!("`{name}`")
    }
}
