//! The errors of the Discord layer, and the one place that turns any of them into a private
//! reply to the user who caused it.

use poise::serenity_prelude as serenity;
use poise::FrameworkError;

use crate::service::ServiceError;

use super::i18n::{tr, Lang, Text};
use super::post::fit_content;
use super::{refusals, Data};

/// An error from a command or a button handler.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The user asked for something that cannot be done; the message tells them why, in
    /// their language.
    #[error("{}", .0.render(Lang::En))]
    Refused(Text),
    /// As [`Error::Refused`], said already in the language of the user it is for.
    #[error("{0}")]
    Said(String),
    /// The game service refused or failed; its messages are written for players.
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// Talking to Discord failed (boxed: serenity's error is large).
    #[error("Discord request failed: {0}")]
    Discord(Box<serenity::Error>),
    /// The database could not be reached or could not take the write (see
    /// `deadline`): what the user is told depends on what had been saved.
    #[error("the database cannot be reached ({0:?})")]
    Outage(Outage),
    /// An error found after the answer was deferred: it must be told in a follow-up, and a
    /// public deferral must be removed first so the explanation can stay private.
    #[error("{error}")]
    Late {
        error: Box<Error>,
        public_deferral: bool,
    },
}

/// What a command or click that met a database outage had saved, which decides what its
/// user is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outage {
    /// Nothing: no write committed, and none can any more. Try again in a minute.
    NothingChanged,
    /// Some of its writes committed before the database stopped answering.
    Partly,
    /// A write was being committed when the database stopped answering, and whether it
    /// landed could not be found out.
    Unknown,
}

impl Outage {
    /// The message telling it.
    fn key(self) -> &'static str {
        match self {
            Self::NothingChanged => "error-database-down",
            Self::Partly => "error-database-partly",
            Self::Unknown => "error-database-unknown",
        }
    }
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Self {
        Self::Discord(Box::new(error))
    }
}

impl Error {
    /// A refusal with the message `key` (and no arguments).
    pub fn refused(key: &'static str) -> Self {
        Self::Refused(Text::new(key))
    }

    /// `error`, found after the answer was deferred (publicly or not).
    pub fn late(error: Error, public_deferral: bool) -> Self {
        match error {
            late @ Self::Late { .. } => late,
            error => Self::Late {
                error: Box::new(error),
                public_deferral,
            },
        }
    }

    /// What the user is told, in `lang`. Failures of the bot get a generic text; the
    /// details go to the log.
    pub fn user_message(&self, lang: Lang) -> String {
        match self {
            Self::Refused(why) => why.render(lang),
            Self::Said(text) => text.clone(),
            Self::Service(error) => refusals::service_error(lang, error),
            Self::Discord(_) => tr!(lang, "error-something-went-wrong"),
            Self::Outage(outage) => Text::new(outage.key()).render(lang),
            Self::Late { error, .. } => error.user_message(lang),
        }
    }

    /// Whether the bot failed (worth logging), rather than refusing a request.
    /// An outage is not counted here: the database's errors are counted and logged by the
    /// store, once per outage.
    fn is_failure(&self) -> bool {
        match self {
            Self::Refused(_) | Self::Said(_) | Self::Outage(_) => false,
            Self::Service(error) => {
                matches!(error, ServiceError::Storage(_) | ServiceError::Corrupt(_))
            }
            Self::Discord(_) => true,
            Self::Late { error, .. } => error.is_failure(),
        }
    }

    /// Whether the interaction was answered (deferred) before the error was found.
    fn after_deferral(&self) -> Option<bool> {
        match self {
            Self::Late {
                public_deferral, ..
            } => Some(*public_deferral),
            _ => None,
        }
    }
}

/// The framework's one error handler: logs failures and tells the user privately.
pub(crate) async fn on_error(error: FrameworkError<'_, Data, Error>) {
    match error {
        FrameworkError::Setup { error, .. } => {
            tracing::error!("start-up failed: {error}");
        }
        FrameworkError::EventHandler {
            error,
            event,
            framework,
            ..
        } => {
            if error.is_failure() {
                framework.user_data.counters().error();
                tracing::error!("handling {} failed: {error}", event.snake_case_name());
            }
            if let serenity::FullEvent::InteractionCreate {
                interaction: serenity::Interaction::Component(click),
            } = event
            {
                let ctx = framework.serenity_context;
                let answered = error.after_deferral().is_some();
                let lang = Lang::from_discord(&click.locale);
                let text = error.user_message(lang);
                if let Err(why) = tell_clicker(ctx, click, &text, answered).await {
                    tracing::warn!("could not explain a failed button click: {why}");
                }
            }
        }
        FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            tracing::warn!("unknown command /{}", interaction.data.name);
            let lang = Lang::from_discord(&interaction.locale);
            let reply = private_response(&tr!(lang, "error-unknown-command"));
            let http = &framework.serenity_context.http;
            if let Err(why) = interaction.create_response(http, reply).await {
                tracing::warn!("could not answer an unknown command: {why}");
            }
        }
        other => {
            let Some(ctx) = other.ctx() else {
                // Only prefix commands end up here, and the bot has none.
                tracing::warn!("{other}");
                return;
            };
            let lang = Lang::from_discord(ctx.locale().unwrap_or_default());
            let message = command_error_message(lang, &other, ctx.data().counters());
            let public_deferral = match &other {
                FrameworkError::Command { error, .. } => error.after_deferral() == Some(true),
                _ => false,
            };
            if public_deferral {
                // A follow-up to a public deferral would replace it, publicly: remove it.
                if let poise::Context::Application(app) = ctx {
                    if let Err(why) = app.interaction.delete_response(ctx.http()).await {
                        tracing::warn!("could not remove a deferred answer: {why}");
                    }
                }
            }
            // Refusals quote what was typed: cut to Discord's limit, or nothing is shown.
            let reply = poise::CreateReply::default()
                .content(fit_content(message))
                .ephemeral(true);
            if let Err(why) = ctx.send(reply).await {
                tracing::warn!("could not send an error reply: {why}");
            }
        }
    }
}

/// The text a user sees when their command fails, logging what the bot did wrong.
/// Each failure of the bot is counted in `counters`.
fn command_error_message(
    lang: Lang,
    error: &FrameworkError<'_, Data, Error>,
    counters: &super::health::Counters,
) -> String {
    match error {
        FrameworkError::Command { error: inner, .. } => {
            if inner.is_failure() {
                counters.error();
                tracing::error!("{error}: {inner}");
            }
            inner.user_message(lang)
        }
        FrameworkError::ArgumentParse { error: inner, .. } => {
            tr!(lang, "error-option-unreadable", detail = inner.to_string())
        }
        FrameworkError::CommandStructureMismatch { description, .. } => {
            counters.error();
            tracing::error!("{error}: {description}");
            tr!(lang, "error-option-mismatch")
        }
        FrameworkError::CooldownHit {
            remaining_cooldown, ..
        } => tr!(
            lang,
            "error-cooldown",
            seconds = remaining_cooldown.as_secs().max(1)
        ),
        FrameworkError::MissingBotPermissions {
            missing_permissions,
            ..
        } => tr!(
            lang,
            "error-bot-permissions",
            permissions = missing_permissions.to_string()
        ),
        FrameworkError::MissingUserPermissions {
            missing_permissions: Some(missing),
            ..
        } => tr!(
            lang,
            "error-user-permissions-missing",
            permissions = missing.to_string()
        ),
        FrameworkError::MissingUserPermissions { .. } => tr!(lang, "error-user-permissions"),
        FrameworkError::GuildOnly { .. } => tr!(lang, "error-guild-only"),
        FrameworkError::DmOnly { .. } => tr!(lang, "error-dm-only"),
        FrameworkError::CommandCheckFailed {
            error: Some(inner), ..
        } => inner.user_message(lang),
        FrameworkError::CommandCheckFailed { error: None, .. }
        | FrameworkError::NotAnOwner { .. }
        | FrameworkError::NsfwOnly { .. } => tr!(lang, "error-not-here"),
        _ => {
            counters.error();
            tracing::error!("{error}");
            tr!(lang, "error-something-went-wrong")
        }
    }
}

/// A private interaction response with `text`.
pub(crate) fn private_response(text: &str) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(fit_content(text.to_owned()))
            .ephemeral(true),
    )
}

/// Tells whoever clicked a button, privately, why nothing happened: as the answer to the
/// click, or in a follow-up if the click was `answered` (deferred) already.
async fn tell_clicker(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    text: &str,
    answered: bool,
) -> Result<(), serenity::Error> {
    if !answered {
        return click.create_response(ctx, private_response(text)).await;
    }
    let followup = serenity::CreateInteractionResponseFollowup::new()
        .content(fit_content(text.to_owned()))
        .ephemeral(true);
    click.create_followup(ctx, followup).await.map(drop)
}
