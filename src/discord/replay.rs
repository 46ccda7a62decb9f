//! Replays in Discord: the GIF posted when a game ends, `/replay` with its paging buttons
//! (⏮ ◀ ▶ ⏭ and "From my seat"), and the GIF `/export` gives.
//!
//! The paging buttons are stateless: `replay:<game>:<ply or end>:<seat>:<button>` says
//! which game, which position and which side to draw, so they work after a restart; a
//! click redraws only the clicker's own (private) message.

use poise::serenity_prelude as serenity;

use crate::render::DEFAULT_BYTE_LIMIT;
use crate::service::{GameRef, Notation, ReplayBoard, ReplayFile, ReplaySeat, ReplayView, Service};
use crate::store::GameId;

use super::custom_id::CustomId;
use super::deadline::{self, Click, ClickAnswer};
use super::format::pictures::replay_words;
use super::game::{self, Here};
use super::i18n::{tr, Lang};
use super::post::{File, Post, CHANNEL_ATTACHMENT_LIMIT};
use super::settings::notation_for;
use super::{format, Context, Data, Error};

/// The verb of the paging buttons.
pub(crate) const REPLAY_VERB: &str = "replay";
/// The last argument of a paging button: which one it is (Discord wants the ids of one
/// message's buttons to differ, and ⏮ and ◀ lead to the same position after move 1).
const FIRST: &str = "first";
const PREVIOUS: &str = "prev";
const NEXT: &str = "next";
const LAST: &str = "last";
const SEAT: &str = "seat";
/// The position argument of ⏭: the last move when clicked, however far the game has gone.
const END: &str = "end";
/// The verb of the button under a finished game's replay that steps through the game,
/// privately, from its start: `watch:<game>`.
pub(crate) const WATCH_VERB: &str = "watch";

/// Steps through a game of this server: the board after a move, with buttons to page.
#[poise::command(slash_command, guild_only)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "Game number (default: this channel's game, or its last one)"]
    #[min = 1]
    game: Option<i64>,
    #[description = "Show the board after this move (0: the start; default: the last move)"]
    #[min = 0]
    #[max = 100000]
    #[rename = "move"]
    ply: Option<u32>,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let which = game.map_or(GameRef::Channel(here.channel), |id| {
        GameRef::InGuild(here.guild, GameId(id))
    });
    let service = ctx.data().service();
    let (board, notation) = deadline::command(ctx, true, async {
        let notation = notation_for(service, here).await?;
        let board = service
            .replay_board(
                which,
                ply,
                None,
                here.user,
                replay_words(here.lang, notation, None),
            )
            .await?;
        Ok((board, notation))
    })
    .await?;
    game::send(ctx, board_post(here.lang, notation, &board)).await
}

/// A click on a paging button: the clicker's message shows the position asked for.
pub(crate) async fn page(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    args: &[String],
) -> Result<(), Error> {
    let [game, ply, seat, _button] = args else {
        return Err(stale());
    };
    let game = game::game_id_arg(game).ok_or_else(stale)?;
    let ply = match ply.as_str() {
        END => None,
        number => Some(number.parse::<u32>().map_err(|_| stale())?),
    };
    let seat: u8 = seat.parse().map_err(|_| stale())?;
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        let notation = notation_for(service, here).await?;
        let board = service
            .replay_board(
                GameRef::InGuild(here.guild, game),
                ply,
                Some(seat),
                here.user,
                replay_words(here.lang, notation, None),
            )
            .await?;
        Ok((board, notation))
    };
    let (click, (board, notation)) =
        Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    click.answer(board_post(here.lang, notation, &board)).await
}

/// The button under a finished game's replay: its first position, privately, with the
/// paging buttons (the `/replay` view), for whoever clicks.
pub(crate) async fn watch(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    arg: &str,
) -> Result<(), Error> {
    let game = game::game_id_arg(arg).ok_or_else(stale)?;
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        let notation = notation_for(service, here).await?;
        let board = service
            .replay_board(
                GameRef::InGuild(here.guild, game),
                Some(0),
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

/// The button that opens [`watch`] for a game.
fn watch_button(lang: Lang, game: GameId) -> Option<serenity::CreateButton> {
    let id = CustomId::new(WATCH_VERB, [game]).ok()?;
    Some(
        serenity::CreateButton::new(id.to_string())
            .label(tr!(lang, "button-watch-replay"))
            .style(serenity::ButtonStyle::Primary),
    )
}

fn stale() -> Error {
    Error::refused("error-button-gone-replay")
}

/// The board of a replay, privately, with its paging buttons.
pub(crate) fn board_post(lang: Lang, notation: Notation, board: &ReplayBoard) -> Post {
    let file = board.image.as_ref().map(|image| File {
        name: format!(
            "game-{}-move-{}-{}.png",
            board.game_id,
            board.ply,
            image.seat_name.as_str().to_lowercase()
        ),
        bytes: image.png.clone(),
    });
    let mut post = Post::private(format::replay::board(lang, notation, board))
        .file(file)
        .per_row(4);
    for button in buttons(lang, board) {
        post = post.button(button);
    }
    post
}

/// ⏮ ◀ ▶ ⏭, the ones leading nowhere greyed out, and "From my seat" (or back to the
/// first seat) for a player.
fn buttons(lang: Lang, board: &ReplayBoard) -> Vec<serenity::CreateButton> {
    let at_start = board.ply == 0;
    let at_end = board.ply >= board.last_ply;
    let target = |ply: u32| ply.to_string();
    let mut buttons = vec![
        page_button(board, target(0), board.seat, FIRST, "⏮", at_start),
        page_button(
            board,
            target(board.ply.saturating_sub(1)),
            board.seat,
            PREVIOUS,
            "◀",
            at_start,
        ),
        page_button(
            board,
            target((board.ply + 1).min(board.last_ply)),
            board.seat,
            NEXT,
            "▶",
            at_end,
        ),
        page_button(board, END.to_owned(), board.seat, LAST, "⏭", at_end),
    ];
    if let Some(mine) = board.viewer_seat {
        // Between the player's own side and the first seat's (the spectators' view).
        let (seat, label) = if board.seat == mine {
            (0, format::replay::first_seat_label(lang, board.variant))
        } else {
            (mine, format::replay::my_seat_label(lang))
        };
        if seat != board.seat {
            let toggle = page_button(board, target(board.ply), seat, SEAT, &label, false)
                .map(|button| button.style(serenity::ButtonStyle::Primary));
            buttons.push(toggle);
        }
    }
    buttons.into_iter().flatten().collect()
}

fn page_button(
    board: &ReplayBoard,
    ply: String,
    seat: u8,
    which: &str,
    label: &str,
    disabled: bool,
) -> Option<serenity::CreateButton> {
    let id = CustomId::new(
        REPLAY_VERB,
        [
            board.game_id.to_string(),
            ply,
            seat.to_string(),
            which.to_owned(),
        ],
    )
    .ok()?;
    Some(
        serenity::CreateButton::new(id.to_string())
            .label(label)
            .style(serenity::ButtonStyle::Secondary)
            .disabled(disabled),
    )
}

/// The replay announced at the end of a game, drawn now: the GIF from the winner's seat
/// with the result. If it cannot be drawn the text goes alone, saying where to get it;
/// if the database cannot be reached, the error comes back (it is posted once it is back).
pub(crate) async fn announced_post(
    service: &Service,
    lang: Lang,
    view: &ReplayView,
) -> Result<Post, crate::service::ServiceError> {
    let limit = usize::try_from(CHANNEL_ATTACHMENT_LIMIT)
        .unwrap_or(usize::MAX)
        .min(DEFAULT_BYTE_LIMIT);
    let drawn = service
        .replay_gif(
            GameRef::InGuild(view.guild_id, view.game_id),
            ReplaySeat::Seat(view.seat),
            limit,
            replay_words(
                lang,
                format::channel_notation(lang),
                Some(format::replay::replay_result(lang, view)),
            ),
        )
        .await;
    let post = match drawn {
        Ok(file) => {
            Post::new(format::replay::announced(lang, view, Some(&file))).file(Some(gif_file(file)))
        }
        Err(error) if error.is_unavailable() => return Err(error),
        Err(error) => {
            tracing::error!(%error, game = %view.game_id, "the replay could not be drawn");
            Post::new(format::replay::announced(lang, view, None))
        }
    };
    // Anyone may step through the game from there, privately (the outbox adds the review's
    // button after this one).
    Ok(match watch_button(lang, view.game_id) {
        Some(button) => post.button(button),
        None => post,
    })
}

/// A replay as an attachment.
pub(crate) fn gif_file(file: ReplayFile) -> File {
    File {
        name: file.filename,
        bytes: file.gif,
    }
}

/// `/export format:gif`: the game's replay, privately.
pub(crate) async fn export(ctx: Context<'_>, which: GameRef) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let limit = usize::try_from(game::upload_limit(ctx))
        .unwrap_or(usize::MAX)
        .min(DEFAULT_BYTE_LIMIT);
    let service = ctx.data().service();
    let file = deadline::command(ctx, true, async {
        let notation = notation_for(service, here).await?;
        Ok(service
            .replay_gif(
                which,
                ReplaySeat::For(here.user),
                limit,
                replay_words(here.lang, notation, None),
            )
            .await?)
    })
    .await?;
    let post = Post::private(format::replay::exported(here.lang, &file)).file(Some(gif_file(file)));
    game::send(ctx, post).await
}
