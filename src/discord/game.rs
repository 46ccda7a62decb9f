//! What the commands and buttons share about games: where an interaction happens, the
//! posts of an outcome and of a board, the private confirmation of a change, and finding
//! the user's game in a channel.

use poise::serenity_prelude as serenity;

use crate::render::PieceStyle;
use crate::service::{
    BoardImage, BoardPicture, BoardView, GameOver, GameSummary, Notation, Outcome, Service,
    ServiceError,
};
use crate::store::{ChannelId, GameId, GuildId, UserId};

use super::custom_id::CustomId;
use super::i18n::{default_notation, tr, Lang, Text};
use super::post::{File, Post};
use super::{format, ids, Context, Error};

/// The verb of the "My view" button: `view:<game id>`.
pub(crate) const VIEW_VERB: &str = "view";

/// Where a command was used and by whom, as the service knows them, and the language of
/// the user's Discord client (for private answers).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Here {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub user: UserId,
    pub lang: Lang,
}

impl Here {
    /// Where a command was used; commands about games work only in servers.
    pub fn of(ctx: Context<'_>) -> Result<Self, Error> {
        let guild = ctx.guild_id().ok_or_else(only_in_servers)?;
        Ok(Self {
            guild: ids::guild(guild),
            channel: ids::channel(ctx.channel_id()),
            user: ids::user(ctx.author().id),
            lang: lang_of(ctx),
        })
    }

    /// Where a button was clicked.
    pub fn of_click(click: &serenity::ComponentInteraction) -> Result<Self, Error> {
        let guild = click.guild_id.ok_or_else(only_in_servers)?;
        Ok(Self {
            guild: ids::guild(guild),
            channel: ids::channel(click.channel_id),
            user: ids::user(click.user.id),
            lang: Lang::from_discord(&click.locale),
        })
    }
}

/// The language of a server's channel posts: its `language` setting, else the
/// `guild_locale` Discord last reported for it, else English. A read that fails is logged
/// and answered in English (a post is never held back for its language), unless the
/// database cannot be reached: then the error comes back, so that nothing is said in a
/// language picked for want of the database, and the caller tries again once it is back.
pub(crate) async fn server_lang(
    service: &Service,
    guild: GuildId,
) -> Result<Lang, crate::service::ServiceError> {
    match service.server_language(guild).await {
        Ok(Some(code)) => Ok(Lang::from_discord(&code)),
        Ok(None) => Ok(Lang::En),
        Err(error) if error.is_unavailable() => Err(error),
        Err(error) => {
            tracing::warn!(%error, %guild, "cannot read a server's language; writing English");
            Ok(Lang::En)
        }
    }
}

/// The language of a command's user: their Discord client's.
pub(crate) fn lang_of(ctx: Context<'_>) -> Lang {
    Lang::from_discord(ctx.locale().unwrap_or_default())
}

fn only_in_servers() -> Error {
    Error::refused("error-only-in-servers")
}

/// The largest file a command's answer may carry.
pub(crate) fn upload_limit(ctx: Context<'_>) -> u64 {
    match ctx {
        poise::Context::Application(app) => u64::from(app.interaction.attachment_size_limit),
        poise::Context::Prefix(_) => super::post::CHANNEL_ATTACHMENT_LIMIT,
    }
}

/// Sends a command's answer, within the upload limit.
pub(crate) async fn send(ctx: Context<'_>, post: Post) -> Result<(), Error> {
    let post = post.within(upload_limit(ctx));
    ctx.send(post.into_reply()).await?;
    Ok(())
}

/// A board picture as an attachment named after the game and move.
pub(crate) fn image_file(image: Option<&BoardImage>, game: GameId, ply: u32) -> Option<File> {
    image.map(|image| File {
        name: format!(
            "game-{game}-move-{ply}-{}.png",
            image.seat_name.as_str().to_lowercase()
        ),
        bytes: image.png.clone(),
    })
}

/// The close-up beside a board image, where there is one (dai dai shogi), as an attachment.
pub(crate) fn close_up_file(image: Option<&BoardImage>, game: GameId, ply: u32) -> Option<File> {
    let image = image?;
    Some(File {
        name: format!(
            "game-{game}-move-{ply}-{}-close-up.png",
            image.seat_name.as_str().to_lowercase()
        ),
        bytes: image.close_up.clone()?,
    })
}

/// The "My view" button of a game: the board from the clicker's seat, privately.
pub(crate) fn view_button(lang: Lang, game: GameId) -> Option<serenity::CreateButton> {
    let id = CustomId::new(VIEW_VERB, [game]).ok()?;
    Some(
        serenity::CreateButton::new(id.to_string())
            .label(tr!(lang, "button-my-view"))
            .style(serenity::ButtonStyle::Secondary),
    )
}

/// What an action did, for the channel: the text, the board for whoever is to move (drawn
/// as `image`), a "My view" button while the game goes on, and a ping for the player to
/// move (or, at the end, for everyone).
pub(crate) fn outcome_post(lang: Lang, outcome: &Outcome, image: Option<&BoardImage>) -> Post {
    let mut post = Post::new(format::outcome(lang, outcome))
        .ping(format::outcome_pings(outcome))
        .file(image_file(image, outcome.game_id, outcome.ply))
        .file(close_up_file(image, outcome.game_id, outcome.ply));
    if outcome.result.is_none() {
        if let Some(button) = view_button(lang, outcome.game_id) {
            post = post.button(button);
        }
    }
    post
}

/// A board for one player, privately, the last move in their `notation`.
pub(crate) fn board_post(lang: Lang, notation: Notation, view: &BoardView) -> Post {
    let image = view.image.as_ref();
    Post::private(format::board(lang, notation, view))
        .file(image_file(image, view.game_id, view.ply))
        .file(close_up_file(image, view.game_id, view.ply))
}

/// The first board of a game (drawn as `image`), for the channel, pinging the first player
/// to move.
pub(crate) fn start_post(lang: Lang, view: &BoardView, image: Option<&BoardImage>) -> Post {
    let mut post = Post::new(format::game_started(lang, view))
        .ping(view.to_move.iter().map(|p| p.user_id))
        .file(image_file(image, view.game_id, view.ply));
    if let Some(button) = view_button(lang, view.game_id) {
        post = post.button(button);
    }
    post
}

/// The channel's game for the user of `here`, drawn from their seat with their pieces and
/// in their language, with the notation their moves are written in.
pub(crate) async fn board_for(
    service: &Service,
    here: Here,
) -> Result<(BoardView, Notation), ServiceError> {
    let mut view = service.board_undrawn(here.channel, here.user).await?;
    let notation = player_notation(service, here.user, here.lang).await;
    let style = service.piece_style_of(here.user).await;
    let words = format::pictures::picture_words(here.lang, notation, &view.picture, None);
    view.image = view.picture.draw_with(style, &words).await;
    Ok((view, notation))
}

/// A channel board in `lang`: drawn with the channel's words, its caption in the
/// channel's notation, and for a finished game how it ended for each seat.
pub(crate) async fn draw_for_channel(
    lang: Lang,
    picture: &BoardPicture,
    over: Option<&GameOver>,
) -> Option<BoardImage> {
    let words =
        format::pictures::picture_words(lang, format::channel_notation(lang), picture, over);
    picture.draw_with(PieceStyle::Kanji, &words).await
}

/// Tells the user who made a change, privately, that it was made: the command's answer.
/// The change is stored and announced in the channel whatever happens here, so a failure
/// to say so is never turned into an error (that would invite the user to do it again):
/// the answer is tried twice, then as a follow-up (which works if Discord took the answer
/// after all), and otherwise only logged.
pub(crate) async fn confirm(ctx: Context<'_>, text: String) -> Result<(), Error> {
    let reply = || Post::private(text.clone()).into_reply();
    let first = match ctx.send(reply()).await {
        Ok(_) => return Ok(()),
        Err(why) => why,
    };
    tracing::warn!("could not confirm a change to its author ({first}); trying again");
    let second = match ctx.send(reply()).await {
        Ok(_) => return Ok(()),
        Err(why) => why,
    };
    if let poise::Context::Application(app) = ctx {
        let followup = Post::private(text.clone()).into_followup();
        match app.interaction.create_followup(ctx.http(), followup).await {
            Ok(_) => return Ok(()),
            Err(third) => tracing::warn!(
                "the author of a change was not told it was made ({second}; then {third}); \
                 it is announced in the channel"
            ),
        }
    }
    Ok(())
}

/// The user's game in progress in a channel.
pub(crate) async fn my_game_here(service: &Service, here: Here) -> Result<GameSummary, Error> {
    service
        .active_games(here.user)
        .await?
        .into_iter()
        .find(|game| game.channel_id == here.channel)
        .ok_or_else(|| Error::refused("error-no-game-of-yours-here"))
}

/// The user's game in the channel, checked to be the one a button was made for (the
/// button may be days old, and the channel may have a new game by now).
pub(crate) async fn game_of_button(
    service: &Service,
    here: Here,
    game: GameId,
) -> Result<GameSummary, Error> {
    let stale =
        || Error::Refused(Text::new("error-button-other-game").arg("game", game.to_string()));
    match my_game_here(service, here).await {
        Ok(current) if current.game_id == game => Ok(current),
        Ok(_) => Err(stale()),
        Err(Error::Refused(_)) => Err(stale()),
        Err(error) => Err(error),
    }
}

/// Reads the game id argument of a button.
pub(crate) fn game_id_arg(arg: &str) -> Option<GameId> {
    arg.parse().ok().map(GameId)
}

/// The notation of `user`, who reads `lang`: their setting, else the language's default.
/// Used where a message is already being written (announcements to others), so a failed
/// read falls back to the default rather than stopping.
pub(crate) async fn player_notation(service: &Service, user: UserId, lang: Lang) -> Notation {
    match service.player_settings(user).await {
        Ok(settings) => settings.notation.unwrap_or_else(|| default_notation(lang)),
        Err(error) => {
            tracing::warn!(%error, "cannot read a player's settings; using the defaults");
            default_notation(lang)
        }
    }
}
