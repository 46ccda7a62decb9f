//! Looking around: `/games`, `/leaderboard`, `/profile` and `/export`.

use poise::serenity_prelude as serenity;

use crate::engine::record::RecordError;
use crate::engine::Variant;
use crate::service::{GameRef, Record, RecordFormat, ServiceError};
use crate::store::GameId;

use super::challenge::VariantChoice;
use super::game::{self, Here};
use super::i18n::tr;
use super::post::{File, Post};
use super::{analysis, deadline, format, ids, replay, Context, Error};

/// Rows on one leaderboard page.
const LEADERBOARD_PAGE: u32 = 15;

/// Lists the games going on in this server, or only yours.
#[poise::command(slash_command, guild_only)]
pub async fn games(
    ctx: Context<'_>,
    #[description = "Only the games you play in (default: every game in this server)"] mine: Option<
        bool,
    >,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let text = deadline::command(ctx, false, async {
        // A public answer: the channel reads it in the server's language.
        let lang = game::server_lang(service, here.guild).await?;
        games_text(service, here, lang, mine.unwrap_or(false)).await
    })
    .await?;
    game::send(ctx, Post::new(text)).await
}

/// The list `/games` answers: every game of the server, or the user's (`mine`).
async fn games_text(
    service: &crate::service::Service,
    here: Here,
    lang: super::i18n::Lang,
    mine: bool,
) -> Result<String, Error> {
    Ok(if mine {
        let games: Vec<_> = service
            .active_games(here.user)
            .await?
            .into_iter()
            .filter(|game| game.guild_id == here.guild)
            .collect();
        let links = service.last_messages(&games).await?;
        format::replay::linked(
            lang,
            format::your_game_list(
                lang,
                &tr!(lang, "games-yours-head"),
                &games,
                &tr!(lang, "games-yours-none"),
                Some(here.user),
            ),
            &games,
            &links,
        )
    } else {
        let games = service.games_in_guild(here.guild).await?;
        let links = service.last_messages(&games).await?;
        format::replay::linked(
            lang,
            format::game_list(
                lang,
                &tr!(lang, "games-head"),
                &games,
                &tr!(lang, "games-none"),
            ),
            &games,
            &links,
        )
    })
}

/// Shows this server's best players in a variant.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which variant (default: standard shogi)"] variant: Option<VariantChoice>,
    #[description = "Page number (default: 1)"]
    #[min = 1]
    #[max = 1000]
    page: Option<u32>,
    #[description = "Also draw the top ten's ratings over time (default: no)"] chart: Option<bool>,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let variant: Variant = variant.map_or(Variant::Standard, Variant::from);
    let page = page.unwrap_or(1).max(1);
    let service = ctx.data().service();
    let (rows, lang, file) = deadline::command(ctx, false, async {
        let rows = service
            .leaderboard(
                here.guild,
                variant,
                false,
                LEADERBOARD_PAGE,
                (page - 1) * LEADERBOARD_PAGE,
            )
            .await?;
        let lang = game::server_lang(service, here.guild).await?;
        let file = if chart.unwrap_or(false) {
            analysis::leaderboard_chart(service, lang, here.guild, variant).await?
        } else {
            None
        };
        Ok((rows, lang, file))
    })
    .await?;
    game::send(
        ctx,
        Post::new(format::leaderboard(lang, variant, &rows, page)).file(file),
    )
    .await
}

/// Shows a player's ratings, games and recent results in this server.
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose profile (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let user = player.as_ref().unwrap_or_else(|| ctx.author());
    let service = ctx.data().service();
    let (profile, lang, chart) = deadline::command(ctx, false, async {
        let profile = service.profile(here.guild, ids::user(user.id)).await?;
        let lang = game::server_lang(service, here.guild).await?;
        let chart = analysis::profile_chart(service, lang, here.guild, &profile).await?;
        Ok((profile, lang, chart))
    })
    .await?;
    game::send(ctx, Post::new(format::profile(lang, &profile)).file(chart)).await
}

/// Game record formats, as `/export` offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "KIF (standard shogi)"]
    Kif,
    #[name = "CSA (standard shogi)"]
    Csa,
    #[name = "Position file: positions and moves (every variant)"]
    Text,
    #[name = "GIF: an animated replay, a picture per position (every variant)"]
    Gif,
    // Last, so that the choices before it keep their numbers.
    #[name = "KIFU: KIF in UTF-8 (standard shogi)"]
    Kifu,
}

impl FormatChoice {
    /// The record format chosen; `None` for the replay, which is a picture.
    fn record(self) -> Option<RecordFormat> {
        match self {
            Self::Kif => Some(RecordFormat::Kif),
            Self::Kifu => Some(RecordFormat::Kifu),
            Self::Csa => Some(RecordFormat::Csa),
            Self::Text => Some(RecordFormat::Text),
            Self::Gif => None,
        }
    }
}

/// Sends you a game's record or replay as a file: this channel's game, or the number you give.
#[poise::command(slash_command, guild_only)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "Record format (default: KIF for standard shogi, else the position file)"]
    format: Option<FormatChoice>,
    #[description = "Game number (default: this channel's game, or its last one)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let which = game.map_or(GameRef::Channel(here.channel), |id| {
        GameRef::InGuild(here.guild, GameId(id))
    });
    let format = match format.map(|format| (format, format.record())) {
        Some((_, None)) => return replay::export(ctx, which).await,
        Some((_, Some(format))) => Some(format),
        None => None,
    };
    let record = deadline::command(ctx, true, async {
        Ok(match format {
            Some(format) => service.export(which, format).await?,
            // KIF where the variant has it (standard shogi), else the position file.
            None => match service.export(which, RecordFormat::Kif).await {
                Err(ServiceError::Record(RecordError::WrongVariant { .. })) => {
                    service.export(which, RecordFormat::Text).await?
                }
                other => other?,
            },
        })
    })
    .await?;
    let post = Post::private(tr!(
        here.lang,
        "export-record",
        game = record.game_id.to_string(),
        format = record.format.extension().to_uppercase()
    ))
    .file(Some(File {
        name: record.filename.clone(),
        bytes: record_bytes(record),
    }));
    game::send(ctx, post).await
}

/// A record as its file's bytes: a `.kif` file in Shift_JIS (CP932), the encoding it
/// declares and the one Japanese kifu programs read `.kif` files in; every other record
/// in UTF-8.
fn record_bytes(record: Record) -> Vec<u8> {
    match record.format {
        RecordFormat::Kif => shift_jis(&record.text),
        _ => record.text.into_bytes(),
    }
}

/// `text` in Shift_JIS as Windows writes it (CP932, which is what the Encoding Standard
/// calls Shift_JIS). A character it cannot hold (a player's name in Hangul, an emoji)
/// becomes a full-width question mark: the file stays readable, and the `.kifu` export
/// keeps every character.
pub(crate) fn shift_jis(text: &str) -> Vec<u8> {
    const QUESTION_MARK: [u8; 2] = [0x81, 0x48];
    let mut encoder = encoding_rs::SHIFT_JIS.new_encoder();
    let mut out = Vec::with_capacity(text.len() * 2);
    let mut buffer = [0u8; 1024];
    let mut rest = text;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        out.extend_from_slice(&buffer[..written]);
        rest = &rest[read..];
        match result {
            encoding_rs::EncoderResult::InputEmpty => return out,
            encoding_rs::EncoderResult::OutputFull => {}
            encoding_rs::EncoderResult::Unmappable(_) => out.extend_from_slice(&QUESTION_MARK),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kif_file_is_written_in_shift_jis() {
        let bytes =
            shift_jis("#KIF version=2.0 encoding=Shift_JIS\n先手：alice\n   1 ７六歩(77)\n");
        let (back, _, errors) = encoding_rs::SHIFT_JIS.decode(&bytes);
        assert!(!errors);
        assert_eq!(
            back,
            "#KIF version=2.0 encoding=Shift_JIS\n先手：alice\n   1 ７六歩(77)\n"
        );
        // ７ is 0x82 0x56 in Shift_JIS.
        assert!(bytes.windows(2).any(|pair| pair == [0x82, 0x56]));
        // What Shift_JIS cannot hold becomes a full-width question mark.
        let bytes = shift_jis("後手：민수 🦊");
        let (back, _, _) = encoding_rs::SHIFT_JIS.decode(&bytes);
        assert_eq!(back, "後手：？？ ？");
    }
}
