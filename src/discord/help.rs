//! `/help`: how to play. All help text lives here, one page per topic, with buttons to turn
//! the pages.

use poise::serenity_prelude as serenity;

use super::custom_id::CustomId;
use super::{Context, Data, Error};

/// A page of the help.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum HelpTopic {
    #[name = "Getting started"]
    Start,
    #[name = "Variants"]
    Variants,
    #[name = "Move notation"]
    Notation,
    #[name = "Commands"]
    Commands,
}

/// One help page: the topic, the key used in its button's custom id, the button label and the
/// text (`None` for pages put together from the registered commands).
struct Page {
    topic: HelpTopic,
    key: &'static str,
    label: &'static str,
    text: Option<&'static str>,
}

const PAGES: [Page; 4] = [
    Page {
        topic: HelpTopic::Start,
        key: "start",
        label: "Getting started",
        text: Some(START),
    },
    Page {
        topic: HelpTopic::Variants,
        key: "variants",
        label: "Variants",
        text: Some(VARIANTS),
    },
    Page {
        topic: HelpTopic::Notation,
        key: "notation",
        label: "Move notation",
        text: Some(NOTATION),
    },
    Page {
        topic: HelpTopic::Commands,
        key: "commands",
        label: "Commands",
        text: None,
    },
];

const START: &str = "\
**Shogi in this channel, one move at a time.** Nobody has to be online at the same time: \
after every move I post the board as seen by the player to move and mention them.

Variants you can play:
- `standard`: shogi, two players on a 9×9 board
- `yonin`: yonin shogi, four players on a 9×9 board, each for themselves
- `yonin-doubles`: yonin shogi in two teams of two
- `daidai`: dai dai shogi, two players on a 17×17 board

Moves are typed in coordinates, e.g. `7g7f`, or `P*5e` to drop a pawn from your hand.
Use the buttons below for more.";

const VARIANTS: &str = "\
**Variants**
- `standard`: shogi for two on a 9×9 board. Captured pieces join your hand and can be \
dropped back on the board as your own.
- `yonin`: yonin shogi, four players on a 9×9 board, one on each side, each for themselves. \
Players without a legal move on their turn are out; the last one left wins. A player in \
check answers at once, out of turn.
- `yonin-doubles`: yonin shogi for two teams of two, partners sitting opposite each other. \
The first player out loses the game for their team.
- `daidai`: dai dai shogi, two players on a 17×17 board with 96 pieces a side of 64 kinds. \
Captured pieces leave the game: there are no drops.";

const NOTATION: &str = "\
**Move notation**
Squares are named by file number then rank letter, as on the board image: `7g` is file 7, \
rank g.
- `7g7f`: move the piece on 7g to 7f
- `8h2b+`: move from 8h to 2b and promote (leave out the `+` to stay unpromoted)
- `P*5e`: drop a pawn from your hand on 5e
- `P-7f`: the same move in piece notation: the pawn goes to 7f (`x` for a capture, \
`*` for a drop)
On the 17×17 dai dai board files run from 17 to 1 and ranks from a to q.";

impl HelpTopic {
    fn page(self) -> &'static Page {
        PAGES
            .iter()
            .find(|page| page.topic == self)
            .unwrap_or(&PAGES[0])
    }

    fn from_key(key: &str) -> Option<Self> {
        PAGES
            .iter()
            .find(|page| page.key == key)
            .map(|page| page.topic)
    }

    /// The custom id of this page's button.
    fn custom_id(self) -> String {
        CustomId::new(HELP_VERB, [self.page().key])
            .map(|id| id.to_string())
            .unwrap_or_else(|_| HELP_VERB.to_owned())
    }
}

/// The verb of help page buttons: `help:<page key>`.
pub(crate) const HELP_VERB: &str = "help";

/// Explains how to play: the variants, the move notation and the commands.
#[poise::command(slash_command)]
pub async fn help(
    ctx: Context<'_>,
    #[description = "What to explain"] topic: Option<HelpTopic>,
) -> Result<(), Error> {
    let topic = topic.unwrap_or(HelpTopic::Start);
    let reply = poise::CreateReply::default()
        .content(page_text(topic, &ctx.framework().options().commands))
        .components(page_buttons(topic))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Turns the help to the page named by a `help:<page key>` button.
pub(crate) async fn show_page(
    ctx: &serenity::Context,
    framework: poise::FrameworkContext<'_, Data, Error>,
    click: &serenity::ComponentInteraction,
    key: &str,
) -> Result<(), Error> {
    let topic = HelpTopic::from_key(key)
        .ok_or_else(|| Error::refused("That help page no longer exists. Try `/help` again."))?;
    let update = serenity::CreateInteractionResponseMessage::new()
        .content(page_text(topic, &framework.options().commands))
        .components(page_buttons(topic));
    click
        .create_response(
            ctx,
            serenity::CreateInteractionResponse::UpdateMessage(update),
        )
        .await?;
    Ok(())
}

/// The text of a page. The command list is read from the registered commands, so it never
/// goes stale.
fn page_text(topic: HelpTopic, commands: &[poise::Command<Data, Error>]) -> String {
    if let Some(text) = topic.page().text {
        return text.to_owned();
    }
    let mut text = String::from("**Commands**");
    for command in commands {
        let description = command.description.as_deref().unwrap_or("");
        text.push_str(&format!("\n- `/{}`: {description}", command.name));
    }
    text
}

/// One button per page; the page shown is greyed out.
fn page_buttons(shown: HelpTopic) -> Vec<serenity::CreateActionRow> {
    let buttons = PAGES
        .iter()
        .map(|page| {
            serenity::CreateButton::new(page.topic.custom_id())
                .label(page.label)
                .style(serenity::ButtonStyle::Secondary)
                .disabled(page.topic == shown)
        })
        .collect();
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    #[test]
    fn every_topic_has_one_page_with_a_distinct_key() {
        for topic in [
            HelpTopic::Start,
            HelpTopic::Variants,
            HelpTopic::Notation,
            HelpTopic::Commands,
        ] {
            assert_eq!(topic.page().topic, topic);
            assert_eq!(HelpTopic::from_key(topic.page().key), Some(topic));
            assert_eq!(topic.page().label, topic.name());
        }
        assert_eq!(HelpTopic::list().len(), PAGES.len());
    }

    #[test]
    fn first_page_names_every_variant_and_the_notation() {
        let text = page_text(HelpTopic::Start, &[]);
        for variant in ["`standard`", "`yonin`", "`yonin-doubles`", "`daidai`"] {
            assert!(text.contains(variant), "{variant} missing from {text}");
        }
        assert!(text.contains("`7g7f`"));
    }

    #[test]
    fn notation_page_shows_each_form() {
        let text = page_text(HelpTopic::Notation, &[]);
        for example in ["`7g7f`", "`P*5e`", "`P-7f`", "`8h2b+`"] {
            assert!(text.contains(example), "{example} missing from {text}");
        }
    }

    #[test]
    fn commands_page_lists_the_registered_commands() {
        let text = page_text(HelpTopic::Commands, &[help()]);
        assert!(text.contains("`/help`: Explains how to play"), "{text}");
    }

    #[test]
    fn page_buttons_fit_discord_limits() {
        let buttons = PAGES.len();
        assert!(buttons <= 5, "one row holds at most 5 buttons");
        for page in &PAGES {
            let id = page.topic.custom_id();
            assert_eq!(id, format!("help:{}", page.key));
            assert!(id.len() <= super::super::custom_id::MAX_LEN);
        }
    }
}
