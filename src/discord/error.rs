//! The errors of the Discord layer, and the one place that turns any of them into a private
//! reply to the user who caused it.

use poise::serenity_prelude as serenity;
use poise::FrameworkError;

use crate::service::ServiceError;

use super::post::fit_content;
use super::Data;

/// An error from a command or a button handler.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The user asked for something that cannot be done; the text tells them why and is shown
    /// as it is.
    #[error("{0}")]
    Refused(String),
    /// The game service refused or failed; its messages are written for players.
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// Talking to Discord failed (boxed: serenity's error is large).
    #[error("Discord request failed: {0}")]
    Discord(Box<serenity::Error>),
    /// An error found after the answer was deferred: it must be told in a follow-up, and a
    /// public deferral must be removed first so the explanation can stay private.
    #[error("{error}")]
    Late {
        error: Box<Error>,
        public_deferral: bool,
    },
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Self {
        Self::Discord(Box::new(error))
    }
}

impl Error {
    /// Shorthand for [`Error::Refused`].
    pub fn refused(why: impl Into<String>) -> Self {
        Self::Refused(why.into())
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

    /// What the user is told. Failures of the bot get a generic text; the details go to the
    /// log.
    pub fn user_message(&self) -> String {
        match self {
            Self::Refused(why) => why.clone(),
            Self::Service(error) => error.to_string(),
            Self::Discord(_) => SOMETHING_WENT_WRONG.to_owned(),
            Self::Late { error, .. } => error.user_message(),
        }
    }

    /// Whether the bot failed (worth logging), rather than refusing a request.
    fn is_failure(&self) -> bool {
        match self {
            Self::Refused(_) => false,
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

const SOMETHING_WENT_WRONG: &str = "Something went wrong on my side. Please try again.";

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
                if let Err(why) = tell_clicker(ctx, click, &error.user_message(), answered).await {
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
            let reply = private_response(
                "This command no longer exists. Type `/` to see the current ones.",
            );
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
            let message = command_error_message(&other, ctx.data().counters());
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
    error: &FrameworkError<'_, Data, Error>,
    counters: &super::health::Counters,
) -> String {
    match error {
        FrameworkError::Command { error: inner, .. } => {
            if inner.is_failure() {
                counters.error();
                tracing::error!("{error}: {inner}");
            }
            inner.user_message()
        }
        FrameworkError::ArgumentParse { error: inner, .. } => {
            format!("I could not read that option ({inner}). Check it and try again.")
        }
        FrameworkError::CommandStructureMismatch { description, .. } => {
            counters.error();
            tracing::error!("{error}: {description}");
            "One of this command's options is not one I accept (a value out of its range, or \
             an older form of the command). Check the options and try again."
                .to_owned()
        }
        FrameworkError::CooldownHit {
            remaining_cooldown, ..
        } => format!(
            "Please wait {} s before using this command again.",
            remaining_cooldown.as_secs().max(1)
        ),
        FrameworkError::MissingBotPermissions {
            missing_permissions,
            ..
        } => format!("I need these permissions in this channel: {missing_permissions}."),
        FrameworkError::MissingUserPermissions {
            missing_permissions: Some(missing),
            ..
        } => format!("This command needs these permissions, which you do not have: {missing}."),
        FrameworkError::MissingUserPermissions { .. } => {
            "You do not have the permissions this command needs.".to_owned()
        }
        FrameworkError::GuildOnly { .. } => "This command works only in a server.".to_owned(),
        FrameworkError::DmOnly { .. } => "This command works only in direct messages.".to_owned(),
        FrameworkError::CommandCheckFailed {
            error: Some(inner), ..
        } => inner.user_message(),
        FrameworkError::CommandCheckFailed { error: None, .. }
        | FrameworkError::NotAnOwner { .. }
        | FrameworkError::NsfwOnly { .. } => "You cannot use this command here.".to_owned(),
        _ => {
            counters.error();
            tracing::error!("{error}");
            SOMETHING_WENT_WRONG.to_owned()
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
