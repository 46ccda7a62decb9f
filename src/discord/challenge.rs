//! `/challenge` and the buttons of a challenge: accept (or join an open seat), decline,
//! withdraw.

use poise::serenity_prelude as serenity;

use crate::computer::Level;
use crate::engine::{RuleOptions, Variant};
use crate::service::{
    computer_level, computer_person, AcceptOutcome, ChallengeRequest, ChallengeView, Seating,
    ServiceError, TimeLimit,
};
use crate::store::{ChallengeId, ChallengeStatus, InviteResponse};

use super::custom_id::CustomId;
use super::deadline::{self, Click, ClickAnswer};
use super::game::{self, Here};
use super::i18n::{tr, Lang, Text};
use super::post::Post;
use super::{format, ids, threads, Context, Data, Error};

pub(crate) const ACCEPT_VERB: &str = "accept";
pub(crate) const DECLINE_VERB: &str = "decline";
pub(crate) const WITHDRAW_VERB: &str = "withdraw";
pub(crate) const FILL_VERB: &str = "fill";

/// The variants, as the commands offer them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum VariantChoice {
    #[name = "Shogi (standard, 2 players)"]
    Standard,
    #[name = "Yonin shogi (4 players)"]
    Yonin,
    #[name = "Yonin shogi doubles (2 teams of 2)"]
    YoninDoubles,
    #[name = "Dai dai shogi (17x17, 2 players)"]
    DaiDai,
}

impl From<VariantChoice> for Variant {
    fn from(choice: VariantChoice) -> Self {
        match choice {
            VariantChoice::Standard => Variant::Standard,
            VariantChoice::Yonin => Variant::Yonin,
            VariantChoice::YoninDoubles => Variant::YoninDoubles,
            VariantChoice::DaiDai => Variant::DaiDai,
        }
    }
}

/// How players get their seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SeatsChoice {
    #[name = "Drawn at random"]
    Random,
    #[name = "As listed: you, then the opponents in order"]
    AsListed,
}

/// Rule sets of yonin shogi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum YoninRules {
    #[name = "Federation (move limit, declaration, repetition)"]
    Federation,
    #[name = "Original 1992/93 (eliminated hand to the eliminator)"]
    Original,
    #[name = "Federation without the extras"]
    NoExtras,
}

impl YoninRules {
    fn options(self, variant: Variant) -> RuleOptions {
        let federation = RuleOptions::defaults(variant);
        let no_extras = RuleOptions {
            move_limit: None,
            declaration_after: None,
            resignation_needs_two: false,
            repetition_voids: false,
            perpetual_check_must_deviate: false,
            ..federation.clone()
        };
        match self {
            Self::Federation => federation,
            Self::NoExtras => no_extras,
            Self::Original => RuleOptions {
                hand_to_eliminator: true,
                ..no_extras
            },
        }
    }
}

/// The time banks `/challenge` offers: a reserve each player may draw on after a move's
/// time has run out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BankChoice {
    #[name = "None"]
    NoBank,
    #[name = "1 day"]
    OneDay,
    #[name = "3 days"]
    ThreeDays,
    #[name = "7 days"]
    SevenDays,
}

impl BankChoice {
    /// The reserve in seconds; `None` for no bank.
    fn seconds(self) -> Option<i64> {
        const DAY: i64 = 86_400;
        match self {
            Self::NoBank => None,
            Self::OneDay => Some(DAY),
            Self::ThreeDays => Some(3 * DAY),
            Self::SevenDays => Some(7 * DAY),
        }
    }
}

/// Suggestions for the time per move.
pub(crate) async fn time_suggestions(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    // Each value with its seconds (`None`: no clock); labels are written in the reader's
    // language.
    const SUGGESTIONS: [(&str, Option<i64>); 7] = [
        ("1d", Some(86_400)),
        ("3d", Some(3 * 86_400)),
        ("7d", Some(7 * 86_400)),
        ("12h", Some(12 * 3_600)),
        ("1h", Some(3_600)),
        ("10m", Some(600)),
        ("none", None),
    ];
    let lang = game::lang_of(ctx);
    let label = |seconds: Option<i64>| format::time_per_move_label(lang, seconds);
    let typed = partial.trim().to_lowercase();
    let mut choices: Vec<serenity::AutocompleteChoice> = Vec::new();
    if !typed.is_empty() {
        if let Ok(seconds) = format::parse_duration(lang, &typed) {
            choices.push(serenity::AutocompleteChoice::new(
                label(Some(seconds)),
                typed.clone(),
            ));
        }
    }
    choices.extend(
        SUGGESTIONS
            .iter()
            .map(|(value, seconds)| (label(*seconds), *value))
            .filter(|(label, value)| {
                value.starts_with(&typed) || label.to_lowercase().contains(&typed)
            })
            .filter(|(_, value)| *value != typed)
            .map(|(label, value)| serenity::AutocompleteChoice::new(label, value)),
    );
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Challenges players to a game here: name your opponents, or leave seats open for anyone.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play (leave out to let anyone join)"] opponent: Option<serenity::User>,
    #[description = "What to play (default: standard shogi)"] variant: Option<VariantChoice>,
    #[description = "Second opponent (yonin)"] opponent2: Option<serenity::User>,
    #[description = "Third opponent (yonin)"] opponent3: Option<serenity::User>,
    #[description = "Time for each move, e.g. 1d, 3d, 12h, or none (default: the server's, else 3d)"]
    #[autocomplete = "time_suggestions"]
    #[max_length = 30]
    time_per_move: Option<String>,
    #[description = "Seats drawn at random (default) or as listed (you first)"] seats: Option<
        SeatsChoice,
    >,
    #[description = "Whether the result changes ratings (default: the server's setting, else yes)"]
    rated: Option<bool>,
    #[description = "Yonin rule set (default: the federation's)"] yonin_rules: Option<YoninRules>,
    #[description = "The computer's strength, 1 (beginner) to 8 (strongest); default 3"]
    #[min = 1]
    #[max = 8]
    level: Option<u8>,
    #[description = "Seats the computer fills at once (yonin: 0 to 3)"]
    #[min = 0]
    #[max = 3]
    computers: Option<u8>,
    #[description = "Play in a new thread under this channel (default: the server's setting, else no)"]
    thread: Option<bool>,
    #[description = "A reserve each player draws on once a move's time is spent (default: none)"]
    bank: Option<BankChoice>,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let variant: Variant = variant.map_or(Variant::Standard, Variant::from);
    let level = match level {
        None => Level::DEFAULT,
        Some(n) => Level::new(n).ok_or_else(|| Error::refused("error-computer-levels"))?,
    };
    // Naming this bot as an opponent means playing the computer.
    let me = ctx.framework().bot_id();
    let mut computer_seats = usize::from(computers.unwrap_or(0));
    let opponents: Vec<&serenity::User> = [&opponent, &opponent2, &opponent3]
        .into_iter()
        .flatten()
        .filter(|user| {
            let computer = user.id == me;
            computer_seats += usize::from(computer);
            !computer
        })
        .collect();
    if computer_seats > 0 && opponents.len() + computer_seats >= usize::from(variant.seats()) {
        return Err(Error::Refused(
            Text::new("error-too-many-computers")
                .arg("variant", format::variant_title(here.lang, variant))
                .arg("seats", variant.seats())
                .arg("computers", computer_seats)
                .arg(
                    "room",
                    usize::from(variant.seats()).saturating_sub(1 + computer_seats),
                ),
        ));
    }
    if let Some(bot) = opponents.iter().find(|user| user.bot) {
        return Err(Error::Refused(
            Text::new("error-bot-opponent").arg("name", bot.display_name()),
        ));
    }
    let time_limit = match time_per_move.as_deref() {
        None => TimeLimit::Default,
        Some(text) if format::means_no_clock(text) => TimeLimit::Unlimited,
        Some(text) => {
            TimeLimit::PerMove(format::parse_duration(here.lang, text).map_err(Error::Said)?)
        }
    };
    let seating = match seats.unwrap_or(SeatsChoice::Random) {
        SeatsChoice::Random => Seating::Random,
        SeatsChoice::AsListed => {
            // You take the first seat, the opponents the next ones in order; seats of
            // opponents not named stay open.
            // The bot named as an opponent is a computer in that seat; further computers
            // take the seats left open.
            let mut computer_ids =
                (0..computer_seats).map(|slot| computer_person(level, slot as u8).id);
            let mut by_seat: Vec<Option<crate::store::UserId>> = vec![Some(here.user)];
            by_seat.extend([&opponent, &opponent2, &opponent3].into_iter().map(
                |user| match user {
                    Some(user) if user.id == me => computer_ids.next(),
                    Some(user) => Some(ids::user(user.id)),
                    None => None,
                },
            ));
            by_seat.truncate(usize::from(variant.seats()));
            for seat in by_seat.iter_mut().filter(|seat| seat.is_none()) {
                *seat = computer_ids.next();
            }
            Seating::Fixed(by_seat)
        }
    };
    let rules = match (yonin_rules, variant) {
        (None, _) => None,
        (Some(rules), yonin) if yonin.seats() == 4 => Some(rules.options(yonin)),
        (Some(_), other) => {
            return Err(Error::Refused(
                Text::new("error-yonin-rules-not-yonin")
                    .arg("variant", format::variant_title(here.lang, other)),
            ))
        }
    };
    let mut players: Vec<_> = opponents.iter().map(|user| ids::person(user)).collect();
    players.extend((0..computer_seats).map(|slot| computer_person(level, slot as u8)));
    start_challenge(
        ctx,
        here,
        variant,
        players,
        seating,
        time_limit,
        rules,
        rated,
        computer_seats,
        thread,
        bank.and_then(BankChoice::seconds),
        level,
    )
    .await
}

/// Makes the challenge; the computers in it accept at once, which may start the game.
#[allow(clippy::too_many_arguments)]
async fn start_challenge(
    ctx: Context<'_>,
    here: Here,
    variant: Variant,
    opponents: Vec<crate::service::Person>,
    seating: Seating,
    time_limit: TimeLimit,
    rules: Option<RuleOptions>,
    rated: Option<bool>,
    computer_seats: usize,
    thread: Option<bool>,
    bank: Option<i64>,
    level: Level,
) -> Result<(), Error> {
    let computers_only = computer_seats > 0
        && opponents.iter().all(|p| computer_level(p.id).is_some())
        && opponents.len() + 1 == usize::from(variant.seats());
    let challenger = ids::person(ctx.author());
    let service = ctx.data().service();
    let work = async {
        let asked = match thread {
            Some(asked) => asked,
            None => threads::by_default(service, here.guild).await?,
        };
        let (thread, thread_note) = match threads::wanted(ctx, asked, computers_only) {
            Ok(thread) => (thread, None),
            Err(note) => (false, Some(note)),
        };
        let request = ChallengeRequest {
            variant,
            opponents,
            seating,
            time_limit,
            rules,
            rated,
            thread,
            bank,
            level: Some(level),
        };
        let view = service
            .challenge(here.guild, here.channel, &challenger, &request)
            .await?;
        Ok((view, thread_note))
    };
    // The challenge (or, when computers fill it, the game's first board) is announced in
    // the channel; the challenger is told privately.
    let (view, thread_note) = deadline::command(ctx, true, work).await?;
    let mut said = format::challenge_made(here.lang, &view);
    if let Some(note) = thread_note {
        said = format!("{said}\n{note}");
    }
    game::confirm(ctx, said).await
}

/// A challenge's message: the text, its buttons while it is open, and pings for the
/// players still to answer.
pub(crate) fn challenge_post(lang: Lang, view: &ChallengeView) -> Post {
    let mut post = Post::new(format::challenge(lang, view)).ping(format::challenge_pings(view));
    if view.status != ChallengeStatus::Open {
        return post;
    }
    let pending = view
        .invitees
        .iter()
        .any(|i| i.response == InviteResponse::Pending);
    let accept_label = match (pending, view.open_seats > 0) {
        (true, true) => "button-accept-or-join",
        (false, true) => "button-join",
        _ => "button-accept",
    };
    let buttons = [
        (
            ACCEPT_VERB,
            accept_label,
            serenity::ButtonStyle::Success,
            true,
        ),
        (
            DECLINE_VERB,
            "button-decline",
            serenity::ButtonStyle::Danger,
            pending,
        ),
        (
            WITHDRAW_VERB,
            "button-withdraw",
            serenity::ButtonStyle::Secondary,
            true,
        ),
        (
            FILL_VERB,
            "button-fill",
            serenity::ButtonStyle::Primary,
            view.open_seats > 0 && view.variant.seats() == 4,
        ),
    ];
    for (verb, label, style, shown) in buttons {
        if let (true, Ok(id)) = (shown, CustomId::new(verb, [view.id])) {
            post = post.button(
                serenity::CreateButton::new(id.to_string())
                    .label(tr!(lang, label))
                    .style(style),
            );
        }
    }
    post
}

/// Reads the challenge id argument of a button.
fn challenge_id(arg: &str) -> Result<ChallengeId, Error> {
    arg.parse()
        .map(ChallengeId)
        .map_err(|_| Error::refused("error-button-gone-challenge"))
}

/// Refuses a click on a challenge's button made anywhere but the challenge's own channel
/// (a direct message, another channel or server): buttons act only where they were posted.
async fn check_channel(
    data: &Data,
    click: &serenity::ComponentInteraction,
    id: ChallengeId,
) -> Result<(), Error> {
    let here = Here::of_click(click)?;
    let view = data
        .service()
        .challenge_by_id(id)
        .await
        .map_err(explain_stale)?;
    if view.channel_id != here.channel || view.guild_id != here.guild {
        return Err(Error::refused("error-challenge-other-channel"));
    }
    Ok(())
}

/// A stale button's challenge: the refusal says the button no longer works.
fn explain_stale(error: ServiceError) -> Error {
    match error {
        ServiceError::ChallengeNotFound(id) => {
            Error::Refused(Text::new("error-button-no-challenge").arg("id", id.to_string()))
        }
        other => other.into(),
    }
}

/// The Accept (or Join) button: takes a seat; the last one in starts the game, whose first
/// board is announced below the challenge.
pub(crate) async fn accept(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    arg: &str,
) -> Result<(), Error> {
    let id = challenge_id(arg)?;
    let person = ids::person(&click.user);
    let mut refusal = None;
    let work = async {
        check_channel(data, click, id).await?;
        let langs = click_langs(data, click).await?;
        // The last player in opens the game's thread, if the challenge asks for one.
        let view = data
            .service()
            .challenge_by_id(id)
            .await
            .map_err(explain_stale)?;
        let mut thread = None;
        if view.in_thread && threads::completes(&view, person.id) {
            let server = game::server_lang(data.service(), view.guild_id).await?;
            let lang = Lang::from_discord(&click.locale);
            match threads::open(
                &ctx.http,
                click.channel_id,
                click.message.id,
                &view,
                &person,
                (lang, server),
            )
            .await?
            {
                threads::Opened::Thread(opened) => thread = Some(opened),
                threads::Opened::Refused(why) => refusal = Some(why),
            }
        }
        let outcome = data
            .service()
            .accept_challenge_in(id, &person, thread)
            .await
            .map_err(explain_stale)?;
        if let (AcceptOutcome::Started { game, .. }, Some(thread)) = (&outcome, thread) {
            threads::add_players(&ctx.http, thread, &game.players).await;
        }
        Ok((outcome, langs))
    };
    let (click, (outcome, langs)) = Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    answer_seated(&click, outcome, langs).await?;
    if let Some(why) = refusal {
        let followup = Post::private(why).into_followup();
        if let Err(error) = click.click.create_followup(click.ctx, followup).await {
            tracing::warn!("could not say why the game has no thread: {error}");
        }
    }
    Ok(())
}

/// The languages of a click on a challenge: the clicker's (for the private answer) and
/// the server's (for the challenge's message, which the channel reads).
async fn click_langs(
    data: &Data,
    click: &serenity::ComponentInteraction,
) -> Result<(Lang, Lang), Error> {
    let own = Lang::from_discord(&click.locale);
    let server = match click.guild_id {
        Some(guild) => game::server_lang(data.service(), ids::guild(guild)).await?,
        None => Lang::En,
    };
    Ok((own, server))
}

/// Answers a click that seated someone: the challenge as it now stands (when that started
/// the game, its first board is announced below it), in the clicker's and the server's
/// languages (`langs`).
async fn answer_seated(
    click: &Click<'_>,
    outcome: AcceptOutcome,
    (lang, server): (Lang, Lang),
) -> Result<(), Error> {
    match outcome {
        AcceptOutcome::Waiting(view) => {
            let truth = tr!(lang, "challenge-joined", id = view.id.to_string());
            click.confirm(challenge_post(server, &view), &truth).await
        }
        AcceptOutcome::Started { challenge, game } => {
            let truth = tr!(
                lang,
                "challenge-started",
                id = challenge.id.to_string(),
                variant = format::variant_title(lang, game.variant),
                game = game.game_id.to_string()
            );
            click
                .confirm(challenge_post(server, &challenge), &truth)
                .await
        }
    }
}

/// The Fill with computers button: computers (at the challenge's level) take every open
/// seat of a yonin challenge and the game starts, unrated.
pub(crate) async fn fill(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    arg: &str,
) -> Result<(), Error> {
    let id = challenge_id(arg)?;
    let user = ids::user(click.user.id);
    let work = async {
        check_channel(data, click, id).await?;
        let langs = click_langs(data, click).await?;
        let outcome = data
            .service()
            .fill_with_computers(id, user)
            .await
            .map_err(explain_stale)?;
        Ok((outcome, langs))
    };
    let (click, (outcome, langs)) = Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    answer_seated(&click, outcome, langs).await
}

/// The Decline button: an invitee turns the challenge down, which closes it.
pub(crate) async fn decline(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    arg: &str,
) -> Result<(), Error> {
    let id = challenge_id(arg)?;
    let user = ids::user(click.user.id);
    let work = async {
        check_channel(data, click, id).await?;
        let langs = click_langs(data, click).await?;
        let view = data
            .service()
            .decline_challenge(id, user)
            .await
            .map_err(explain_stale)?;
        Ok((view, langs))
    };
    let (click, (view, (lang, server))) =
        Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    let truth = tr!(lang, "challenge-you-declined", id = view.id.to_string());
    click.confirm(challenge_post(server, &view), &truth).await
}

/// The Withdraw button: the challenger takes the challenge back.
pub(crate) async fn withdraw(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    arg: &str,
) -> Result<(), Error> {
    let id = challenge_id(arg)?;
    let user = ids::user(click.user.id);
    let work = async {
        check_channel(data, click, id).await?;
        let langs = click_langs(data, click).await?;
        let view = data
            .service()
            .cancel_challenge(id, user)
            .await
            .map_err(explain_stale)?;
        Ok((view, langs))
    };
    let (click, (view, (lang, server))) =
        Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    let truth = tr!(lang, "challenge-you-withdrew", id = view.id.to_string());
    click.confirm(challenge_post(server, &view), &truth).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yonin_rule_sets_differ_as_documented() {
        let variant = Variant::Yonin;
        assert_eq!(
            YoninRules::Federation.options(variant),
            RuleOptions::defaults(variant)
        );
        let original = YoninRules::Original.options(variant);
        assert!(original.hand_to_eliminator);
        assert_eq!(original.move_limit, None);
        assert!(!original.repetition_voids);
        let plain = YoninRules::NoExtras.options(variant);
        assert!(!plain.hand_to_eliminator);
        assert_eq!(plain.declaration_after, None);
    }
}
