//! `/help`: how to play, one page per topic (its text in `locales/<lang>/help.ftl`), with
//! buttons to turn the pages; each variant's rules page shows its start position.

use std::sync::OnceLock;

use poise::serenity_prelude as serenity;

use crate::engine::{AnyPosition, RuleOptions, Seat, Variant};

use super::custom_id::CustomId;
use super::deadline::{self, Click, ClickAnswer};
use super::i18n::{tr, Lang};
use super::post::{File, Post};
use super::{game, Context, Data, Error};

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
    #[name = "Rules of shogi"]
    StandardRules,
    #[name = "Rules of yonin shogi"]
    YoninRules,
    #[name = "Rules of dai dai shogi"]
    DaiDaiRules,
    // Last among the choices, so that the choices before it keep their numbers; second
    // among the pages.
    #[name = "Play the computer"]
    Computer,
}

/// One help page: the topic, the key used in its button's custom id and in its messages
/// (`help-label-<key>` for the button, `help-<key>` for the text, which pages put together
/// from the registered commands have not) and the variant whose start position it shows.
struct Page {
    topic: HelpTopic,
    key: &'static str,
    text: bool,
    start_of: Option<Variant>,
}

/// Page buttons per row: the general pages, then the rules.
const BUTTONS_PER_ROW: usize = 4;

const PAGES: [Page; 8] = [
    Page {
        topic: HelpTopic::Start,
        key: "start",
        text: true,
        start_of: None,
    },
    Page {
        topic: HelpTopic::Computer,
        key: "computer",
        text: true,
        start_of: None,
    },
    Page {
        topic: HelpTopic::Variants,
        key: "variants",
        text: true,
        start_of: None,
    },
    Page {
        topic: HelpTopic::Notation,
        key: "notation",
        text: true,
        start_of: None,
    },
    Page {
        topic: HelpTopic::Commands,
        key: "commands",
        text: false,
        start_of: None,
    },
    Page {
        topic: HelpTopic::StandardRules,
        key: "rules-standard",
        text: true,
        start_of: Some(Variant::Standard),
    },
    Page {
        topic: HelpTopic::YoninRules,
        key: "rules-yonin",
        text: true,
        start_of: Some(Variant::Yonin),
    },
    Page {
        topic: HelpTopic::DaiDaiRules,
        key: "rules-daidai",
        text: true,
        start_of: Some(Variant::DaiDai),
    },
];

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

/// Explains how to play: the variants and their rules, the move notation, the commands.
#[poise::command(slash_command)]
pub async fn help(
    ctx: Context<'_>,
    #[description = "What to explain"] topic: Option<HelpTopic>,
) -> Result<(), Error> {
    let topic = topic.unwrap_or(HelpTopic::Start);
    let lang = game::lang_of(ctx);
    let commands = &ctx.framework().options().commands;
    let post = deadline::command(ctx, true, async {
        Ok(page_post(lang, topic, commands).await)
    })
    .await?;
    game::send(ctx, post.privately()).await
}

/// Turns the help to the page named by a `help:<page key>` button.
pub(crate) async fn show_page(
    ctx: &serenity::Context,
    framework: poise::FrameworkContext<'_, Data, Error>,
    click: &serenity::ComponentInteraction,
    key: &str,
) -> Result<(), Error> {
    let topic = HelpTopic::from_key(key).ok_or_else(|| Error::refused("error-help-page-gone"))?;
    let commands = &framework.options().commands;
    let lang = Lang::from_discord(&click.locale);
    let work = async { Ok(page_post(lang, topic, commands).await) };
    let (click, post) =
        Click::run(ctx, framework.user_data, click, ClickAnswer::Update, work).await?;
    click.answer(post).await
}

/// A help page: its text, the start position of its variant, and the page buttons.
async fn page_post(lang: Lang, topic: HelpTopic, commands: &[poise::Command<Data, Error>]) -> Post {
    let image = match topic.page().start_of {
        Some(variant) => start_image(lang, variant).await,
        None => None,
    };
    let references = match topic {
        HelpTopic::DaiDaiRules => daidai_reference_images(lang).await,
        _ => Vec::new(),
    };
    let post = page_buttons(lang, topic)
        .into_iter()
        .fold(Post::new(page_text(lang, topic, commands)), Post::button)
        .per_row(BUTTONS_PER_ROW)
        .file(image);
    references.into_iter().map(Some).fold(post, Post::file)
}

/// The pages of dai dai shogi's pieces (code, kanji, English name, promotion and a move
/// diagram for each), drawn once and kept.
async fn daidai_reference_images(lang: Lang) -> Vec<File> {
    // Drawn once per language, with the words of that language.
    static DRAWN: [OnceLock<Vec<Vec<u8>>>; Lang::ALL.len()] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let index = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    let drawn_pages = &DRAWN[index];
    let files = |pages: &Vec<Vec<u8>>| {
        pages
            .iter()
            .enumerate()
            .map(|(n, bytes)| File {
                name: format!("daidai-pieces-{}.png", n + 1),
                bytes: bytes.clone(),
            })
            .collect()
    };
    if let Some(pages) = drawn_pages.get() {
        return files(pages);
    }
    let text = reference_text(lang);
    let drawn = tokio::task::spawn_blocking(move || crate::render::daidai_reference(&text)).await;
    match drawn {
        Ok(Ok(pages)) => {
            files(drawn_pages.get_or_init(|| pages.into_iter().map(|page| page.png).collect()))
        }
        Ok(Err(why)) => {
            tracing::error!("could not draw the dai dai pieces: {why}");
            Vec::new()
        }
        Err(why) => {
            tracing::error!("drawing the dai dai pieces failed: {why}");
            Vec::new()
        }
    }
}

/// The words drawn on the dai dai piece pages, in `lang`: the kinds by their English
/// names and codes for English readers; by their kanji, which are their Japanese names,
/// for Japanese and Korean readers.
pub(crate) fn reference_text(lang: Lang) -> crate::render::ReferenceText {
    let kinds = crate::engine::daidai::kinds();
    let by_kanji = lang != Lang::En;
    let name = |kind: &crate::engine::piece::KindDef| {
        if by_kanji {
            kind.kanji.to_owned()
        } else {
            kind.name.to_owned()
        }
    };
    // The piece a promotion names: its code for English readers, as Western moves write
    // it; its kanji for the others, as their moves write it.
    let named = |kind: &crate::engine::piece::KindDef| {
        if by_kanji {
            kind.kanji.to_owned()
        } else {
            kind.code.to_owned()
        }
    };
    crate::render::ReferenceText {
        title: tr!(lang, "reference-title"),
        step: tr!(lang, "reference-step"),
        slide: tr!(lang, "reference-slide"),
        limited: tr!(lang, "reference-limited"),
        jump: tr!(lang, "reference-jump"),
        lion: tr!(lang, "reference-lion"),
        hook: tr!(lang, "reference-hook"),
        names: kinds.iter().map(name).collect(),
        promotions: kinds
            .iter()
            .map(|kind| match (kind.promotes_to, kind.promoted) {
                (Some(to), _) => Some(tr!(
                    lang,
                    "reference-promotes-to",
                    piece = named(&kinds[usize::from(to)])
                )),
                (None, true) => Some(tr!(
                    lang,
                    "reference-promoted-from",
                    piece = named(&kinds[usize::from(kind.base)])
                )),
                (None, false) => None,
            })
            .collect(),
    }
}

/// The start position of a variant, drawn from the first seat with the words of `lang`,
/// once per language and kept.
async fn start_image(lang: Lang, variant: Variant) -> Option<File> {
    const COUNT: usize = Variant::ALL.len() * Lang::ALL.len();
    static IMAGES: [OnceLock<Vec<u8>>; COUNT] = [const { OnceLock::new() }; COUNT];
    let index = Variant::ALL.iter().position(|&v| v == variant)? * Lang::ALL.len()
        + Lang::ALL.iter().position(|&l| l == lang)?;
    let file = |bytes: &Vec<u8>| File {
        name: format!("start-{}.png", variant.name()),
        bytes: bytes.clone(),
    };
    if let Some(bytes) = IMAGES[index].get() {
        return Some(file(bytes));
    }
    let words = super::format::pictures::board_words(lang);
    let drawn = tokio::task::spawn_blocking(move || {
        let start = AnyPosition::start(variant, &RuleOptions::defaults(variant));
        let mut scene = crate::render::position_scene(&start, Seat(0), None);
        scene.words = words;
        crate::render::render_png(&scene)
    })
    .await;
    match drawn {
        Ok(Ok(bytes)) => Some(file(IMAGES[index].get_or_init(|| bytes))),
        Ok(Err(why)) => {
            tracing::error!(%variant, "could not draw the start position: {why}");
            None
        }
        Err(why) => {
            tracing::error!(%variant, "drawing the start position failed: {why}");
            None
        }
    }
}

/// The text of a page. The command list is read from the registered commands, so it never
/// goes stale.
fn page_text(lang: Lang, topic: HelpTopic, commands: &[poise::Command<Data, Error>]) -> String {
    let page = topic.page();
    if page.text {
        return tr!(lang, &format!("help-{}", page.key));
    }
    let mut text = tr!(lang, "help-commands-head");
    for command in commands {
        // The name and description Discord shows a reader of `lang`.
        let name = localized(lang, &command.name_localizations, &command.name);
        let description = localized(
            lang,
            &command.description_localizations,
            command.description.as_deref().unwrap_or(""),
        );
        text.push_str(&format!("\n- `/{name}`: {description}"));
    }
    text
}

/// A command's text for a reader of `lang`: its localization, else its English default.
fn localized(
    lang: Lang,
    localizations: &[(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )],
    default: &str,
) -> String {
    localizations
        .iter()
        .find(|(locale, _)| Lang::from_discord(locale) == lang)
        .map_or_else(|| default.to_owned(), |(_, text)| text.to_string())
}

/// One button per page; the page shown is greyed out.
fn page_buttons(lang: Lang, shown: HelpTopic) -> Vec<serenity::CreateButton> {
    PAGES
        .iter()
        .map(|page| {
            serenity::CreateButton::new(page.topic.custom_id())
                .label(tr!(lang, &format!("help-label-{}", page.key)))
                .style(serenity::ButtonStyle::Secondary)
                .disabled(page.topic == shown)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    #[test]
    fn every_topic_has_one_page_with_a_distinct_key() {
        for topic in HelpTopic::list()
            .iter()
            .filter_map(|choice| HelpTopic::from_name(&choice.name))
        {
            assert_eq!(topic.page().topic, topic);
            assert_eq!(HelpTopic::from_key(topic.page().key), Some(topic));
            assert_eq!(
                tr!(Lang::En, &format!("help-label-{}", topic.page().key)),
                topic.name()
            );
        }
        assert_eq!(HelpTopic::list().len(), PAGES.len());
    }

    #[test]
    fn first_page_names_every_variant_and_the_notation() {
        let text = page_text(Lang::En, HelpTopic::Start, &[]);
        for variant in ["`standard`", "`yonin`", "`yonin-doubles`", "`daidai`"] {
            assert!(text.contains(variant), "{variant} missing from {text}");
        }
        assert!(text.contains("`7g7f`"));
    }

    #[test]
    fn notation_page_shows_each_form() {
        let text = page_text(Lang::En, HelpTopic::Notation, &[]);
        for example in ["`7g7f`", "`P*5e`", "`P-7f`", "`8h2b+`"] {
            assert!(text.contains(example), "{example} missing from {text}");
        }
    }

    #[test]
    fn commands_page_lists_the_registered_commands() {
        let text = page_text(Lang::En, HelpTopic::Commands, &[help()]);
        assert!(text.contains("`/help`: Explains how to play"), "{text}");
    }

    #[test]
    fn rules_pages_fit_a_message_and_show_their_variant() {
        for page in PAGES.iter().filter(|page| page.start_of.is_some()) {
            assert!(page.text, "{}: rules pages have text", page.key);
            for lang in Lang::ALL {
                let text = page_text(lang, page.topic, &[]);
                assert!(
                    text.chars().count() <= super::super::post::MAX_CONTENT_CHARS,
                    "{} in {lang:?}",
                    page.key
                );
            }
        }
        let yonin = page_text(Lang::En, HelpTopic::YoninRules, &[]);
        assert!(yonin.contains("Check priority"), "{yonin}");
        assert!(yonin.contains("Elimination"), "{yonin}");
        let daidai = page_text(Lang::En, HelpTopic::DaiDaiRules, &[]);
        assert!(daidai.contains("`8h7g6f`"), "{daidai}");
    }

    #[test]
    fn pages_read_in_the_readers_language() {
        let japanese = page_text(Lang::Ja, HelpTopic::YoninRules, &[]);
        assert!(
            japanese.contains("王手優先") && japanese.contains("脱落"),
            "{japanese}"
        );
        let korean = page_text(Lang::Ko, HelpTopic::YoninRules, &[]);
        assert!(
            korean.contains("장군 우선") && korean.contains("탈락"),
            "{korean}"
        );
        let mut commands = vec![help()];
        super::super::i18n::localize_commands(&mut commands);
        let listed = page_text(Lang::Ja, HelpTopic::Commands, &commands);
        assert!(listed.contains("`/ヘルプ`: 遊び方を説明します"), "{listed}");
    }

    #[test]
    fn page_buttons_fit_discord_limits() {
        let rows = PAGES.len().div_ceil(BUTTONS_PER_ROW);
        assert!(rows <= 5 && BUTTONS_PER_ROW <= 5);
        for page in &PAGES {
            let id = page.topic.custom_id();
            assert_eq!(id, format!("help:{}", page.key));
            assert!(id.len() <= super::super::custom_id::MAX_LEN);
        }
    }
}
