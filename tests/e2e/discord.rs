//! The real bot against a fake Discord: start-up, command registration, `/help`, buttons,
//! error replies and shutdown.

use crate::support;

use std::time::Duration;

use serde_json::Value;
use shogiban::discord::{Config, ConfigError};
use support::bot::shogiban_command;
use support::bot::RunningBot;
#[cfg(unix)]
use support::bot::{stop_with_sigterm, ChildGuard};
use support::fake_discord::{callback, FakeDiscord, DEFAULT_WAIT};
use support::fixtures::{self, alice, bob, InteractionBuilder, CHANNEL_ID, GUILD_ID};
#[cfg(unix)]
use support::postgres;

/// The names of the commands in a registration call.
fn command_names(registration: &support::fake_discord::RestCall) -> Vec<String> {
    registration
        .json
        .as_ref()
        .and_then(Value::as_array)
        .expect("a command list")
        .iter()
        .filter_map(|command| command["name"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn registers_commands_in_the_configured_guild() {
    let fake = FakeDiscord::start().await;
    let guild = GUILD_ID.to_string();
    let bot = RunningBot::start(&fake, &[("DISCORD_GUILD_ID", &guild)]);

    let registration = fake.registered_commands(Some(GUILD_ID)).await;
    assert_eq!(registration.status, 200);
    assert!(command_names(&registration).contains(&"help".to_owned()));
    assert!(
        !fake
            .calls()
            .iter()
            .any(|call| call.is_command_registration(None)),
        "with a guild configured nothing is registered globally"
    );

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn registers_commands_globally_without_a_guild() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[]);

    let registration = fake.registered_commands(None).await;
    assert_eq!(registration.status, 200);
    assert!(command_names(&registration).contains(&"help".to_owned()));
    // Japanese and Korean clients read the commands in their language (the fake refuses
    // names and descriptions Discord would refuse).
    let commands = registration
        .json
        .as_ref()
        .and_then(Value::as_array)
        .expect("a command list");
    let play = commands
        .iter()
        .find(|c| c["name"] == "move")
        .expect("/move is registered");
    assert_eq!(play["name_localizations"]["ja"], "指す");
    assert_eq!(play["name_localizations"]["ko"], "착수");
    let variants = commands
        .iter()
        .find(|c| c["name"] == "challenge")
        .expect("/challenge")["options"]
        .as_array()
        .expect("options")
        .iter()
        .find(|o| o["name"] == "variant")
        .expect("a variant option")["choices"]
        .clone();
    assert!(variants
        .as_array()
        .expect("choices")
        .iter()
        .any(|choice| choice["name_localizations"]["ja"] == "四人将棋（4人）"));
    // Owners are not looked up: no owner-only commands exist.
    assert!(!fake
        .calls()
        .iter()
        .any(|call| call.path.contains("oauth2/applications")));

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn help_explains_the_variants_privately() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[("DISCORD_GUILD_ID", "4242")]);
    fake.registered_commands(Some(GUILD_ID)).await;

    let sent = fake.send(&InteractionBuilder::slash("help")).await;
    let reply = fake.response_to(&sent).await;

    assert_eq!(reply.status, 204);
    assert_eq!(reply.callback_type(), Some(callback::MESSAGE));
    assert!(reply.is_ephemeral());
    let content = reply.content().expect("help has text");
    for variant in ["standard", "yonin", "yonin-doubles", "daidai"] {
        assert!(
            content.contains(variant),
            "{variant} missing from {content}"
        );
    }
    assert!(content.contains("7g7f"));
    assert_eq!(
        reply.custom_ids(),
        [
            "help:start",
            "help:computer",
            "help:variants",
            "help:notation",
            "help:commands",
            "help:rules-standard",
            "help:rules-yonin",
            "help:rules-daidai"
        ]
    );
    assert!(reply.pngs().is_empty(), "the first page has no board");

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn help_topic_option_opens_that_page() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[]);
    fake.registered_commands(None).await;

    // A choice parameter arrives as the index of the choice: 2 is "Move notation".
    let sent = fake
        .send(
            &InteractionBuilder::slash("help")
                .integer("topic", 2)
                .by(&bob()),
        )
        .await;
    let reply = fake.response_to(&sent).await;

    let content = reply.content().expect("help has text");
    for example in ["`7g7f`", "`P*5e`", "`P-7f`", "`8h2b+`"] {
        assert!(
            content.contains(example),
            "{example} missing from {content}"
        );
    }

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn a_rules_page_shows_the_variants_start_position() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[]);
    fake.registered_commands(None).await;

    // 6 is "Rules of dai dai shogi": its text and the 17x17 start drawn from black's seat.
    let sent = fake
        .send(&InteractionBuilder::slash("help").integer("topic", 6))
        .await;
    let reply = fake.answer_to(&sent).await;
    let content = reply.content().expect("the page has text");
    assert!(content.contains("Dai dai shogi"), "{content}");
    assert!(content.contains("`8h7g6f`"), "{content}");
    let pngs = reply.pngs();
    // The start, then the pages of every piece: code, kanji, English name and moves.
    let names: Vec<&str> = pngs.iter().map(|png| png.filename.as_str()).collect();
    assert_eq!(
        names,
        [
            "start-daidai.png",
            "daidai-pieces-1.png",
            "daidai-pieces-2.png",
            "daidai-pieces-3.png",
            "daidai-pieces-4.png",
            "daidai-pieces-5.png"
        ],
        "{content}"
    );
    assert!(content.contains("code · kanji · English name"), "{content}");
    let (width, height) = pngs[0].png_size();
    assert!(width >= 17 * 20 && height >= 17 * 20, "{width}x{height}");

    // Turning to the yonin page swaps the picture for the 9x9 four-player start.
    let message = reply.message.clone().expect("the answer is a message");
    let click = fake
        .send(&InteractionBuilder::click("help:rules-yonin", message))
        .await;
    let update = fake.answer_to(&click).await;
    let content = update.content().expect("the page has text");
    assert!(content.contains("Check priority"), "{content}");
    let pngs = update.pngs();
    assert_eq!(pngs.len(), 1, "{content}");
    assert!(
        pngs[0].png_size().0 < width,
        "a 9x9 board is smaller than 17x17"
    );

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn help_buttons_turn_the_page_in_place() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[]);
    fake.registered_commands(None).await;

    let help = fake.send(&InteractionBuilder::slash("help")).await;
    let reply = fake.response_to(&help).await;
    let message = reply.message.clone().expect("the reply is a message");

    let click = fake
        .send(&InteractionBuilder::click("help:commands", message))
        .await;
    let update = fake.response_to(&click).await;

    assert_eq!(update.status, 204);
    assert_eq!(update.callback_type(), Some(callback::UPDATE_MESSAGE));
    let content = update.content().expect("the page has text");
    assert!(content.contains("`/help`"), "{content}");
    let shown = update
        .message
        .clone()
        .expect("the clicked message is updated");
    assert_eq!(shown["content"].as_str(), Some(content));

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn stale_button_gets_a_private_explanation() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[]);
    fake.registered_commands(None).await;

    let old_message = fixtures::message(
        77,
        fixtures::CHANNEL_ID,
        "bob challenges you to standard shogi",
        serde_json::json!([{ "type": 1, "components": [
            { "type": 2, "style": 3, "label": "Accept", "custom_id": "accept:123456" }
        ]}]),
    );
    for custom_id in [
        "accept:123456",
        "no such thing",
        "help:a-page-that-was-removed",
    ] {
        let click = fake
            .send(&InteractionBuilder::click(custom_id, old_message.clone()))
            .await;
        let reply = fake.response_to(&click).await;

        assert_eq!(reply.status, 204, "{custom_id}");
        assert_eq!(
            reply.callback_type(),
            Some(callback::MESSAGE),
            "{custom_id}"
        );
        assert!(
            reply.is_ephemeral(),
            "{custom_id}: the explanation must be private"
        );
        let content = reply.content().unwrap_or_default();
        assert!(
            content.contains("no longer"),
            "{custom_id}: unhelpful explanation {content:?}"
        );
    }

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn unknown_command_gets_a_private_explanation() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[]);
    fake.registered_commands(None).await;

    let sent = fake.send(&InteractionBuilder::slash("teleport")).await;
    let reply = fake.response_to(&sent).await;

    assert_eq!(reply.callback_type(), Some(callback::MESSAGE));
    assert!(reply.is_ephemeral());

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn shutdown_ends_run_and_closes_the_gateway() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[]);
    fake.wait_until_ready(DEFAULT_WAIT).await;
    fake.registered_commands(None).await;
    assert!(!bot.has_stopped());

    bot.stop()
        .await
        .expect("run returns Ok after a requested shutdown");

    let gateway = fake.wait_for_gateway_close(Duration::from_secs(5)).await;
    assert_eq!(gateway.close_codes, [1000]);
    assert_eq!(gateway.identifies, 1, "the bot connected once");
    fake.assert_no_violations();
}

#[tokio::test]
async fn heartbeats_keep_one_gateway_session() {
    let fake = FakeDiscord::start_with_heartbeat(Duration::from_millis(100)).await;
    let bot = RunningBot::start(&fake, &[]);

    // A heartbeat left unacknowledged makes serenity reconnect at the next one.
    let gateway = fake.wait_for_heartbeats(3, DEFAULT_WAIT).await;
    assert_eq!(gateway.connections, 1, "{gateway:?}");
    assert_eq!(gateway.identifies, 1, "{gateway:?}");
    assert_eq!(
        gateway.intents,
        Some(1),
        "only the GUILDS intent: {gateway:?}"
    );

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn shutdown_right_after_start_still_ends_run() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[]);

    bot.stop()
        .await
        .expect("run returns Ok after a requested shutdown");
    if fake.gateway_status().connections > 0 {
        let gateway = fake.wait_for_gateway_close(Duration::from_secs(5)).await;
        assert_eq!(gateway.close_codes, [1000], "a connection made is closed");
    }
    fake.assert_no_violations();
}

#[tokio::test]
async fn the_token_never_shows_in_the_configuration() {
    let fake = FakeDiscord::start().await;
    let config = Config::from_lookup(|name| match name {
        "DISCORD_TOKEN" => Some(fake.token().to_owned()),
        "DISCORD_API_BASE" => Some(fake.api_base()),
        _ => None,
    })
    .expect("valid settings");
    let shown = format!("{config:?}");
    assert!(!shown.contains(fake.token()), "{shown}");
}

#[test]
fn missing_token_gives_a_clear_error() {
    let error = Config::from_lookup(|name| match name {
        "DISCORD_API_BASE" => Some("http://127.0.0.1:9".to_owned()),
        _ => None,
    })
    .expect_err("no token, no bot");
    assert_eq!(error, ConfigError::MissingToken);
    assert!(error.to_string().contains("DISCORD_TOKEN"), "{error}");
}

#[tokio::test]
async fn unreachable_api_base_is_an_error_not_a_fallback_to_discord() {
    support::bot::prepare_process();
    // A port nobody listens on: take one and let it go.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    drop(listener);
    let config = Config::from_lookup(|name| match name {
        "DISCORD_TOKEN" => Some("token".to_owned()),
        "DISCORD_API_BASE" => Some(base.clone()),
        _ => None,
    })
    .expect("valid settings");

    let service = shogiban::service::Service::open(
        "sqlite::memory:",
        shogiban::service::SystemClock,
        shogiban::service::Settings::default(),
    )
    .await
    .expect("an in-memory database opens");
    let result = tokio::time::timeout(
        DEFAULT_WAIT,
        shogiban::discord::run(
            config,
            shogiban::discord::Data::new(service),
            std::future::pending(),
        ),
    )
    .await
    .expect("run gives up instead of hanging");
    let error = result.expect_err("nothing to connect to");
    assert!(error.to_string().contains(&base), "{error}");
}

#[test]
fn serve_without_a_token_says_which_variable_is_missing() {
    let output = shogiban_command()
        .arg("serve")
        .env("DISCORD_API_BASE", "http://127.0.0.1:9")
        .output()
        .expect("run shogiban serve");

    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
}

#[cfg(unix)]
#[tokio::test]
async fn serve_answers_and_stops_cleanly_on_sigterm() {
    let fake = FakeDiscord::start().await;
    // The log goes to a file: a pipe nobody reads until the end could fill up and stall it.
    let log = tempfile::NamedTempFile::new().expect("a log file");
    let child = shogiban_command()
        .arg("serve")
        .env("DISCORD_TOKEN", fake.token())
        .env("DISCORD_API_BASE", fake.api_base())
        .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
        .stdout(std::process::Stdio::null())
        .stderr(log.reopen().expect("the log file"))
        .spawn()
        .expect("start shogiban serve");
    let mut child = ChildGuard(child);

    fake.registered_commands(Some(GUILD_ID)).await;
    let sent = fake.send(&InteractionBuilder::slash("help")).await;
    let reply = fake.response_to(&sent).await;
    assert!(reply.content().unwrap_or_default().contains("yonin"));

    let status = stop_with_sigterm(&mut child).await;
    let stderr = std::fs::read_to_string(log.path()).expect("read the log");
    assert!(status.success(), "exit {status}; log:\n{stderr}");
    assert!(stderr.contains("shutting down"), "{stderr}");
    assert!(!stderr.contains(fake.token()), "the token was logged");
    let gateway = fake.wait_for_gateway_close(Duration::from_secs(5)).await;
    assert_eq!(gateway.close_codes, [1000]);
    fake.assert_no_violations();
}

#[cfg(unix)]
#[tokio::test]
async fn after_a_clean_stop_the_database_file_alone_holds_every_game() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("games.db");
    serve_a_game_then_stop(&format!("sqlite://{}", file.display())).await;

    // Only the database file is copied, as a backup of the file alone would be.
    let copy_dir = tempfile::tempdir().expect("a temporary directory");
    let copy = copy_dir.path().join("copy.db");
    std::fs::copy(&file, &copy).expect("copy the database file");
    let store = shogiban::store::Store::open(&format!("sqlite://{}", copy.display()))
        .await
        .expect("the copy opens");
    let game = store
        .active_game_in_channel(shogiban::store::ChannelId(CHANNEL_ID))
        .await
        .expect("the copy reads")
        .expect("the game is in the copy");
    assert_eq!(game.seats.len(), 2);
    store.close().await;
}

/// `serve` with `DATABASE_URL=postgres://...`: the bot migrates a fresh PostgreSQL
/// database, a challenge made and accepted through Discord becomes a game there, and the
/// game is there after the bot stops.
#[cfg(unix)]
#[tokio::test]
async fn serve_on_postgresql_stores_the_game_there() {
    let url = postgres::fresh_database().await;
    serve_a_game_then_stop(&url).await;
    let store = shogiban::store::Store::open(&url)
        .await
        .expect("the database opens");
    assert_eq!(store.backend(), shogiban::store::Backend::Postgres);
    let game = store
        .active_game_in_channel(shogiban::store::ChannelId(CHANNEL_ID))
        .await
        .expect("the database reads")
        .expect("the game is there");
    assert_eq!(game.seats.len(), 2);
    let announced = store.announcements_of_game(game.id).await.unwrap();
    assert!(
        announced.iter().any(|a| a.delivered_ms.is_some()),
        "the first board's delivery is recorded there: {announced:?}"
    );
    store.close().await;
}

/// Runs `shogiban serve` on `database_url` against a fake Discord: Alice challenges Bob,
/// Bob accepts, the first board is posted; then SIGTERM, and a clean exit.
#[cfg(unix)]
async fn serve_a_game_then_stop(database_url: &str) {
    let fake = FakeDiscord::start().await;
    let log = tempfile::NamedTempFile::new().expect("a log file");
    let child = shogiban_command()
        .arg("serve")
        .env("DISCORD_TOKEN", fake.token())
        .env("DISCORD_API_BASE", fake.api_base())
        .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
        .env("DATABASE_URL", database_url)
        // The most verbose level still logs no token.
        .env("RUST_LOG", "trace")
        .stdout(std::process::Stdio::null())
        .stderr(log.reopen().expect("the log file"))
        .spawn()
        .expect("start shogiban serve");
    let mut child = ChildGuard(child);
    fake.registered_commands(Some(GUILD_ID)).await;

    // Alice challenges Bob, who accepts: a game is stored.
    let sent = fake
        .send(
            &InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .by(&alice()),
        )
        .await;
    let answer = fake.answer_to(&sent).await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    let challenge = fake
        .posted(
            CHANNEL_ID,
            sent.sent_at,
            "the challenge",
            support::fake_discord::DEFAULT_WAIT,
            |call| !call.custom_ids().is_empty(),
        )
        .await;
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .expect("an accept button");
    let click = fake
        .send(&InteractionBuilder::click(&accept, challenge.message.clone().unwrap()).by(&bob()))
        .await;
    fake.posted(
        CHANNEL_ID,
        click.sent_at,
        "the first board",
        support::fake_discord::DEFAULT_WAIT,
        |call| !call.files.is_empty(),
    )
    .await;

    let status = stop_with_sigterm(&mut child).await;
    let stderr = std::fs::read_to_string(log.path()).expect("read the log");
    assert!(status.success(), "exit {status}; log:\n{stderr}");
    assert!(!stderr.contains(fake.token()), "the token was logged");
}
