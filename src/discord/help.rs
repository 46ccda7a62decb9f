//! `/help`: how to play. All help text lives here, one page per topic, with buttons to turn
//! the pages; each variant's rules page shows its start position.

use std::sync::OnceLock;

use poise::serenity_prelude as serenity;

use crate::engine::{AnyPosition, RuleOptions, Seat, Variant};

use super::custom_id::CustomId;
use super::deadline::{self, Click, ClickAnswer};
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
}

/// One help page: the topic, the key used in its button's custom id, the button label, the
/// text (`None` for pages put together from the registered commands) and the variant whose
/// start position it shows.
struct Page {
    topic: HelpTopic,
    key: &'static str,
    label: &'static str,
    text: Option<&'static str>,
    start_of: Option<Variant>,
}

/// Page buttons per row: the general pages, then the rules.
const BUTTONS_PER_ROW: usize = 4;

const PAGES: [Page; 7] = [
    Page {
        topic: HelpTopic::Start,
        key: "start",
        label: "Getting started",
        text: Some(START),
        start_of: None,
    },
    Page {
        topic: HelpTopic::Variants,
        key: "variants",
        label: "Variants",
        text: Some(VARIANTS),
        start_of: None,
    },
    Page {
        topic: HelpTopic::Notation,
        key: "notation",
        label: "Move notation",
        text: Some(NOTATION),
        start_of: None,
    },
    Page {
        topic: HelpTopic::Commands,
        key: "commands",
        label: "Commands",
        text: None,
        start_of: None,
    },
    Page {
        topic: HelpTopic::StandardRules,
        key: "rules-standard",
        label: "Rules of shogi",
        text: Some(STANDARD_RULES),
        start_of: Some(Variant::Standard),
    },
    Page {
        topic: HelpTopic::YoninRules,
        key: "rules-yonin",
        label: "Rules of yonin shogi",
        text: Some(YONIN_RULES),
        start_of: Some(Variant::Yonin),
    },
    Page {
        topic: HelpTopic::DaiDaiRules,
        key: "rules-daidai",
        label: "Rules of dai dai shogi",
        text: Some(DAIDAI_RULES),
        start_of: Some(Variant::DaiDai),
    },
];

const START: &str = "\
**Start a game with `/challenge`**: choose the variant, name your opponent (or leave the \
seat open for anyone), and play with `/move` once it is accepted.

**Shogi in this channel, one move at a time.** Nobody has to be online at the same time: \
after every move I post the board and mention the player to move.

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

const STANDARD_RULES: &str = "\
**Shogi** (standard): two players, black (moves first, at the bottom) and white, on 9×9.
- Pieces: king, rook, bishop, gold, silver, knight, lance, pawn. Gold moves one step any way \
but diagonally back; silver one step diagonally or straight ahead; knight jumps two ahead \
and one aside; lance slides straight ahead; pawn steps straight ahead.
- **Captures join your hand**: instead of moving, drop one on any empty square (`P*5e`).
- **Promotion**: a move into, within or out of the far three ranks may promote (rook → \
dragon, bishop → horse, the small pieces → gold). Pawns and lances must promote on the last \
rank, knights on the last two.
- Forbidden: two unpromoted pawns of yours on one file (nifu); mating with a dropped pawn; \
leaving your king attacked.
- The game ends by **checkmate** (no legal move loses), resignation, or time. Fourfold \
repetition is a draw, but the side giving perpetual check loses. With your king and ten \
pieces in the far zone and 28 points (white 27: rook and bishop 5, others 1), `/declare` \
wins (impasse). Move 500 is a draw.";

const YONIN_RULES: &str = "\
**Yonin shogi**: four players on 9×9, **S** (bottom), **W**, **N**, **E**, moving clockwise \
S → W → N → E. Each has a king, rook, two golds, two silvers and three pawns; forward is \
away from your own edge.
- Captures join your hand and may be dropped, as in shogi; promotion in your far three lines.
- **Check priority**: after any move, a player whose king is attacked moves next, out of \
turn; play then goes on clockwise from them.
- **Elimination**: a player with no legal move on their turn is out. Their king stays as an \
obstacle, their hand is frozen, their pieces stay powerless until captured. The last player \
standing wins; places count for ratings.
- Federation rules (the default): the game ends at move 300, scored by points (rook 5, \
others 1); after move 250 a player whose king reached their far zone may `/declare`; no \
resignation while three or more play; fourfold repetition voids the game.
- **Doubles** (`yonin-doubles`): S and N against W and E. You cannot capture your partner's \
pieces; the first player eliminated loses the game for their pair.
- Original 1992/93 rules (a `/challenge` option): no extras, and an eliminated player's hand \
goes to whoever eliminated them.";

const DAIDAI_RULES: &str = "\
**Dai dai shogi**: two players on 17×17, 96 pieces a side of 64 kinds. Files run 17 to 1, \
ranks a to q.
- **No drops**: captured pieces leave the game.
- **Promotion by capture only**: a piece that can promote does so at the end of its first \
capturing move, and stays promoted.
- **Lion**: moves twice in one turn, one king step each: it can capture two pieces in one \
move, capture and step back (igui), or jump to any square two away. Write the squares where \
it captures between origin and destination: `8h7g6f` takes on 7g and goes on to 6f, \
`8h7g8h` takes on 7g and stays (igui); in piece notation `Lnx7gx6f`, `Lnx!7g`. The lion dog \
moves up to three squares along one line the same way.
- **Hook movers** slide, turn 90° once on an empty square, and slide on.
- Check is enforced: you may not leave your king attacked. No legal move loses; resignation \
at any time.
- Moves read in coordinates (`9q9p`) or piece notation with the code, the kanji or the \
English name (`P-8g`, `Lnx7c`, `獅子x7c`); type a code or kanji in `/move` to list that \
piece's moves.
- The pictures below name every piece (code · kanji · English name), what it promotes to, \
and how it moves. After each move, a close-up of the board around it follows the whole \
board.";

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
    let commands = &ctx.framework().options().commands;
    let post = deadline::command(ctx, true, async { Ok(page_post(topic, commands).await) }).await?;
    game::send(ctx, post.privately()).await
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
    let commands = &framework.options().commands;
    let work = async { Ok(page_post(topic, commands).await) };
    let (click, post) =
        Click::run(ctx, framework.user_data, click, ClickAnswer::Update, work).await?;
    click.answer(post).await
}

/// A help page: its text, the start position of its variant, and the page buttons.
async fn page_post(topic: HelpTopic, commands: &[poise::Command<Data, Error>]) -> Post {
    let image = match topic.page().start_of {
        Some(variant) => start_image(variant).await,
        None => None,
    };
    let references = match topic {
        HelpTopic::DaiDaiRules => daidai_reference_images().await,
        _ => Vec::new(),
    };
    let post = page_buttons(topic)
        .into_iter()
        .fold(Post::new(page_text(topic, commands)), Post::button)
        .per_row(BUTTONS_PER_ROW)
        .file(image);
    references.into_iter().map(Some).fold(post, Post::file)
}

/// The pages of dai dai shogi's pieces (code, kanji, English name, promotion and a move
/// diagram for each), drawn once and kept.
async fn daidai_reference_images() -> Vec<File> {
    static DRAWN: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
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
    if let Some(pages) = DRAWN.get() {
        return files(pages);
    }
    let drawn = tokio::task::spawn_blocking(|| {
        crate::render::daidai_reference(&crate::render::ReferenceText::default())
    })
    .await;
    match drawn {
        Ok(Ok(pages)) => {
            files(DRAWN.get_or_init(|| pages.into_iter().map(|page| page.png).collect()))
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

/// The start position of a variant, drawn from the first seat once and kept.
async fn start_image(variant: Variant) -> Option<File> {
    static IMAGES: [OnceLock<Vec<u8>>; Variant::ALL.len()] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let index = Variant::ALL.iter().position(|&v| v == variant)?;
    let file = |bytes: &Vec<u8>| File {
        name: format!("start-{}.png", variant.name()),
        bytes: bytes.clone(),
    };
    if let Some(bytes) = IMAGES[index].get() {
        return Some(file(bytes));
    }
    let drawn = tokio::task::spawn_blocking(move || {
        let start = AnyPosition::start(variant, &RuleOptions::defaults(variant));
        crate::render::board_png(&start, Seat(0), None)
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
fn page_buttons(shown: HelpTopic) -> Vec<serenity::CreateButton> {
    PAGES
        .iter()
        .map(|page| {
            serenity::CreateButton::new(page.topic.custom_id())
                .label(page.label)
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
    fn rules_pages_fit_a_message_and_show_their_variant() {
        for page in PAGES.iter().filter(|page| page.start_of.is_some()) {
            let text = page.text.expect("rules pages have text");
            assert!(
                text.chars().count() <= super::super::post::MAX_CONTENT_CHARS,
                "{}",
                page.key
            );
        }
        let yonin = page_text(HelpTopic::YoninRules, &[]);
        assert!(yonin.contains("Check priority"), "{yonin}");
        assert!(yonin.contains("Elimination"), "{yonin}");
        let daidai = page_text(HelpTopic::DaiDaiRules, &[]);
        assert!(daidai.contains("`8h7g6f`"), "{daidai}");
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
