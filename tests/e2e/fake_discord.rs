//! The fake Discord itself: its fixtures are readable by serenity, and it refuses, and
//! records, what real Discord would refuse; it deduplicates posts by nonce and fails on
//! purpose when asked. Driven with serenity's own REST client (its rate limiter on, as the
//! bot runs it), without the bot, so each rule can be broken on purpose.

use crate::support;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use serenity::builder::CreateAttachment;
use serenity::http::{Http, HttpBuilder};
use support::fake_discord::{
    check_interaction_payload, Failure, FakeDiscord, SentInteraction, CHANNEL_MESSAGES,
    INTERACTION_CALLBACKS,
};
use support::fixtures::{self, bob, kind, InteractionBuilder};

fn client(fake: &FakeDiscord) -> Http {
    support::bot::prepare_process();
    HttpBuilder::new(fake.token())
        .application_id(fixtures::APPLICATION_ID.into())
        .proxy(fake.api_base())
        .build()
}

async fn respond(
    http: &Http,
    sent: &SentInteraction,
    body: Value,
    files: Vec<CreateAttachment>,
) -> serenity::Result<()> {
    http.create_interaction_response(sent.id.into(), &sent.token, &body, files)
        .await
}

fn buttons(row_count: usize, per_row: usize, id_len: usize) -> Value {
    let rows: Vec<Value> = (0..row_count)
        .map(|row| {
            let buttons: Vec<Value> = (0..per_row)
                .map(|n| {
                    let prefix = format!("b{row}-{n}:");
                    let custom_id = format!("{prefix}{}", "x".repeat(id_len - prefix.len()));
                    json!({ "type": 2, "style": 2, "label": "Go", "custom_id": custom_id })
                })
                .collect();
            json!({ "type": 1, "components": buttons })
        })
        .collect();
    Value::Array(rows)
}

fn message_response(components: Value) -> Value {
    json!({ "type": 4, "data": { "content": "hi", "components": components } })
}

#[test]
fn every_kind_of_fixture_is_readable_by_serenity() {
    let clicked = fixtures::message(9, fixtures::CHANNEL_ID, "board", buttons(1, 2, 10));
    let fixtures = [
        InteractionBuilder::slash("help"),
        InteractionBuilder::slash("challenge")
            .user("opponent", &bob())
            .string("variant", "standard")
            .boolean("rated", true)
            .integer("days", 3)
            .number("komi", 0.5),
        InteractionBuilder::slash("challenge")
            .in_dm(77)
            .user("opponent", &bob()),
        InteractionBuilder::autocomplete("move").focused("move", "7g"),
        InteractionBuilder::click("b0-0:xxxxx", clicked.clone()).by(&bob()),
        InteractionBuilder::select("b0-1:xxxxx", &["a"], clicked),
    ];
    for (n, fixture) in fixtures.iter().enumerate() {
        let payload = fixture.build(1000 + n as u64, "token", Some(1));
        check_interaction_payload(&payload, fixture.kind()).unwrap();
    }
}

#[test]
fn unreadable_payloads_are_caught() {
    let mut payload = InteractionBuilder::slash("help").build(1, "token", None);
    payload.as_object_mut().unwrap().remove("token");
    assert!(check_interaction_payload(&payload, kind::COMMAND).is_err());

    let payload = InteractionBuilder::slash("help").build(1, "token", None);
    assert!(check_interaction_payload(&payload, kind::COMPONENT).is_err());
}

#[tokio::test]
async fn a_valid_answer_is_accepted() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let sent = fake.open_interaction(&InteractionBuilder::slash("help"));

    respond(&http, &sent, message_response(buttons(5, 5, 100)), vec![])
        .await
        .expect("5 rows of 5 buttons with 100-character ids are fine");
    let followup = http
        .create_followup_message(&sent.token, &json!({ "content": "more" }), vec![])
        .await
        .expect("follow-up after the answer");
    assert_eq!(followup.content, "more");

    fake.assert_no_violations();
    let call = fake.response_to(&sent).await;
    assert_eq!(call.custom_ids().len(), 25);
}

#[tokio::test]
async fn component_limits_are_enforced() {
    let cases = [
        ("six rows", buttons(6, 1, 10)),
        ("six buttons in a row", buttons(1, 6, 10)),
        ("a 101-character custom id", buttons(1, 1, 101)),
    ];
    for (what, components) in cases {
        let fake = FakeDiscord::start().await;
        let http = client(&fake);
        let sent = fake.open_interaction(&InteractionBuilder::slash("help"));

        let result = respond(&http, &sent, message_response(components), vec![]).await;

        assert!(result.is_err(), "{what} must be refused");
        assert_eq!(
            fake.violations().len(),
            1,
            "{what}: {:?}",
            fake.violations()
        );
    }
}

#[tokio::test]
async fn at_most_25_autocomplete_choices() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let choices = |count: usize| -> Value {
        (0..count)
            .map(|n| json!({ "name": format!("move {n}"), "value": format!("m{n}") }))
            .collect()
    };

    let ok = fake.open_interaction(&InteractionBuilder::autocomplete("move").focused("move", ""));
    let answer = json!({ "type": 8, "data": { "choices": choices(25) } });
    respond(&http, &ok, answer, vec![])
        .await
        .expect("25 choices");
    fake.assert_no_violations();

    let too_many =
        fake.open_interaction(&InteractionBuilder::autocomplete("move").focused("move", ""));
    let answer = json!({ "type": 8, "data": { "choices": choices(26) } });
    assert!(respond(&http, &too_many, answer, vec![]).await.is_err());
    assert!(fake.violations()[0].contains("26 autocomplete choices"));
}

#[tokio::test]
async fn late_or_missing_answers_are_violations() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);

    let late = fake.open_interaction(&InteractionBuilder::slash("help"));
    fake.age_interaction(&late, Duration::from_secs(4));
    let result = respond(&http, &late, message_response(json!([])), vec![]).await;
    assert!(result.is_err(), "Discord forgets an interaction after 3 s");

    let unanswered = fake.open_interaction(&InteractionBuilder::slash("help"));
    let violations = fake.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    fake.age_interaction(&unanswered, Duration::from_secs(4));
    let violations = fake.violations();
    assert_eq!(violations.len(), 2, "{violations:?}");
    assert!(violations[1].contains("no response"), "{violations:?}");
}

#[tokio::test]
async fn answering_twice_or_following_up_too_early_is_refused() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let sent = fake.open_interaction(&InteractionBuilder::slash("help"));

    let early = http
        .create_followup_message(&sent.token, &json!({ "content": "early" }), vec![])
        .await;
    assert!(early.is_err(), "no follow-up before the first answer");

    respond(&http, &sent, message_response(json!([])), vec![])
        .await
        .expect("first answer");
    let again = respond(&http, &sent, message_response(json!([])), vec![]).await;
    assert!(again.is_err(), "an interaction is answered once");

    assert_eq!(fake.violations().len(), 2, "{:?}", fake.violations());
}

#[tokio::test]
async fn uploads_are_recorded_and_checked_against_the_size_limit() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let png = vec![0x89, b'P', b'N', b'G', 1, 2, 3];

    let fits = fake.open_interaction(&InteractionBuilder::slash("board").attachment_size_limit(7));
    let file = CreateAttachment::bytes(png.clone(), "board.png");
    respond(&http, &fits, message_response(json!([])), vec![file])
        .await
        .expect("a file within the limit");
    let call = fake.response_to(&fits).await;
    assert_eq!(call.files.len(), 1);
    assert_eq!(call.files[0].field, "files[0]");
    assert_eq!(call.files[0].filename, "board.png");
    assert_eq!(call.files[0].bytes, png);
    assert_eq!(call.content(), Some("hi"), "payload_json is read");
    fake.assert_no_violations();

    let too_big =
        fake.open_interaction(&InteractionBuilder::slash("board").attachment_size_limit(6));
    let file = CreateAttachment::bytes(png, "board.png");
    let result = respond(&http, &too_big, message_response(json!([])), vec![file]).await;
    assert!(result.is_err());
    assert!(fake.violations()[0].contains("attachment size limit"));
}

#[tokio::test]
async fn requests_without_the_token_are_refused() {
    let fake = FakeDiscord::start().await;
    support::bot::prepare_process();
    let http = HttpBuilder::new("someone-else")
        .proxy(fake.api_base())
        .build();

    assert!(http.get_gateway().await.is_err());
    assert_eq!(fake.violations().len(), 1);
}

#[test]
fn options_read_as_poise_reads_them() {
    use serenity::model::application::{Interaction, ResolvedValue};

    let typed = InteractionBuilder::autocomplete("move")
        .string("game", "12")
        .focused("move", "7g")
        .build(1, "token", Some(1));
    let Ok(Interaction::Autocomplete(typed)) = serde_json::from_value(typed) else {
        panic!("an autocomplete interaction");
    };
    let focused = typed.data.autocomplete().expect("a focused option");
    assert_eq!((focused.name, focused.value), ("move", "7g"));

    let challenge = InteractionBuilder::slash("challenge")
        .user("opponent", &bob())
        .build(2, "token", Some(1));
    let Ok(Interaction::Command(challenge)) = serde_json::from_value(challenge) else {
        panic!("a command interaction");
    };
    let options = challenge.data.options();
    let ResolvedValue::User(user, member) = &options[0].value else {
        panic!("a resolved user, not {:?}", options[0].value);
    };
    assert_eq!(user.name, "bob");
    assert!(member.is_some(), "in a guild the member is resolved too");
    assert_eq!(
        challenge.member.as_ref().map(|m| m.user.name.as_str()),
        Some("alice")
    );
}

#[tokio::test]
async fn messages_are_kept_and_edited_in_place() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let sent = fake.open_interaction(&InteractionBuilder::slash("board"));
    respond(&http, &sent, message_response(json!([])), vec![])
        .await
        .expect("first answer");

    let original = http
        .edit_original_interaction_response(&sent.token, &json!({ "content": "7g7f" }), vec![])
        .await
        .expect("edit the answer");
    assert_eq!(original.content, "7g7f");
    let followup = http
        .create_followup_message(&sent.token, &json!({ "content": "your turn" }), vec![])
        .await
        .expect("follow-up");
    http.edit_followup_message(
        &sent.token,
        followup.id,
        &json!({ "content": "done" }),
        vec![],
    )
    .await
    .expect("edit the follow-up");
    let kept = fake.message(&followup.id.to_string()).expect("kept");
    assert_eq!(kept["content"], "done");

    let channel = serenity::model::id::ChannelId::new(fixtures::CHANNEL_ID);
    let notice = http
        .send_message(channel, vec![], &json!({ "content": "bob to move" }))
        .await
        .expect("a channel message");
    http.edit_message(
        channel,
        notice.id,
        &json!({ "content": "game over" }),
        vec![],
    )
    .await
    .expect("edit it");
    assert_eq!(
        fake.message(&notice.id.to_string()).unwrap()["content"],
        "game over"
    );
    fake.assert_no_violations();

    let unknown = http
        .edit_message(channel, 424242.into(), &json!({ "content": "?" }), vec![])
        .await;
    assert!(unknown.is_err(), "a message never sent cannot be edited");
    assert_eq!(fake.violations().len(), 1);
}

/// A channel message with an enforced nonce, as the bot posts its announcements.
fn post(content: &str, nonce: &str) -> Value {
    json!({ "content": content, "nonce": nonce, "enforce_nonce": true })
}

#[tokio::test]
async fn a_repeated_nonce_returns_the_message_already_made() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let channel = serenity::model::id::ChannelId::new(fixtures::CHANNEL_ID);
    let first = http
        .send_message(channel, vec![], &post("move 1", "1790000000-1"))
        .await
        .unwrap();
    let again = http
        .send_message(channel, vec![], &post("move 1", "1790000000-1"))
        .await
        .unwrap();
    assert_eq!(again.id, first.id, "the same message comes back");
    let other = http
        .send_message(channel, vec![], &post("move 2", "1790000000-2"))
        .await
        .unwrap();
    assert_ne!(other.id, first.id);
    // Without enforce_nonce the nonce is only echoed: a new message each time.
    let loose = json!({ "content": "move 1", "nonce": "1790000000-1" });
    let unenforced = http.send_message(channel, vec![], &loose).await.unwrap();
    assert_ne!(unenforced.id, first.id);
    let made: Vec<String> = fake
        .channel_posts(fixtures::CHANNEL_ID)
        .iter()
        .map(|call| call.content().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(made, ["move 1", "move 2", "move 1"]);
    fake.assert_no_violations();
}

#[tokio::test]
async fn failures_on_purpose_apply_to_their_route_for_their_count() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let channel = serenity::model::id::ChannelId::new(fixtures::CHANNEL_ID);
    let elsewhere = serenity::model::id::ChannelId::new(fixtures::CHANNEL_ID + 1);
    let path = format!("/api/v10/channels/{}/messages", fixtures::CHANNEL_ID);
    fake.fail("POST", &path, 2, Failure::Status(500));
    // Another channel is not affected.
    http.send_message(elsewhere, vec![], &post("there", "n0"))
        .await
        .expect("another route works");
    for _ in 0..2 {
        let error = http
            .send_message(channel, vec![], &post("here", "n1"))
            .await
            .unwrap_err();
        let serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response)) =
            &error
        else {
            panic!("{error}");
        };
        assert_eq!(response.status_code.as_u16(), 500);
    }
    http.send_message(channel, vec![], &post("here", "n1"))
        .await
        .expect("the third call works");
    assert_eq!(
        fake.channel_posts(fixtures::CHANNEL_ID).len(),
        1,
        "nothing made by a 500"
    );

    // Until recovered.
    fake.fail("POST", CHANNEL_MESSAGES, u32::MAX, Failure::Status(503));
    for _ in 0..3 {
        assert!(http
            .send_message(channel, vec![], &post("down", "n2"))
            .await
            .is_err());
    }
    fake.recover();
    http.send_message(channel, vec![], &post("up", "n3"))
        .await
        .expect("Discord is back");
    let statuses: Vec<u16> = fake
        .calls()
        .iter()
        .filter(|call| call.is("POST", &path))
        .map(|call| call.status)
        .collect();
    assert_eq!(statuses, [500, 500, 200, 503, 503, 503, 200]);
    fake.assert_no_violations();
}

#[tokio::test]
async fn a_429_is_waited_out_and_retried_by_serenitys_rate_limiter() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let channel = serenity::model::id::ChannelId::new(fixtures::CHANNEL_ID);
    let retry_after = Duration::from_millis(300);
    fake.fail(
        "POST",
        CHANNEL_MESSAGES,
        2,
        Failure::RateLimited {
            retry_after,
            global: false,
        },
    );
    let started = Instant::now();
    let message = http
        .send_message(channel, vec![], &post("after the limit", "n1"))
        .await
        .expect("the limiter retries until it goes through");
    assert_eq!(message.content, "after the limit");
    // Discord's retry-after header is in whole seconds: a second for each 429.
    assert!(
        started.elapsed() >= Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let calls: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|call| call.path.ends_with("/messages"))
        .collect();
    assert_eq!(
        calls.iter().map(|call| call.status).collect::<Vec<_>>(),
        [429, 429, 200]
    );
    assert_eq!(
        fake.channel_posts(fixtures::CHANNEL_ID).len(),
        1,
        "made once"
    );
    // A global limit holds every route back, and is waited out as well.
    fake.fail(
        "POST",
        INTERACTION_CALLBACKS,
        1,
        Failure::RateLimited {
            retry_after,
            global: true,
        },
    );
    let sent = fake.open_interaction(&InteractionBuilder::slash("help"));
    respond(&http, &sent, message_response(json!([])), vec![])
        .await
        .expect("answered after the global limit");
    fake.assert_no_violations();
}

#[tokio::test]
async fn dropped_connections_fail_before_or_after_the_work() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let channel = serenity::model::id::ChannelId::new(fixtures::CHANNEL_ID);
    // Dropped before: nothing is made, the client sees no answer.
    fake.fail("POST", CHANNEL_MESSAGES, 1, Failure::Drop);
    let error = http
        .send_message(channel, vec![], &post("lost", "n1"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            serenity::Error::Http(serenity::http::HttpError::Request(_))
        ),
        "{error}"
    );
    assert!(fake.channel_posts(fixtures::CHANNEL_ID).is_empty());
    // Dropped after: the message is made, but the client cannot know; trying again with
    // the same nonce gets it back rather than a second one.
    fake.fail("POST", CHANNEL_MESSAGES, 1, Failure::DropAfter);
    assert!(http
        .send_message(channel, vec![], &post("made", "n2"))
        .await
        .is_err());
    assert_eq!(fake.channel_posts(fixtures::CHANNEL_ID).len(), 1);
    let again = http
        .send_message(channel, vec![], &post("made", "n2"))
        .await
        .expect("the retry gets the message");
    assert_eq!(again.content, "made");
    assert_eq!(fake.channel_posts(fixtures::CHANNEL_ID).len(), 1);

    // An interaction answered, its answer lost: the retry is told it was answered, which
    // is no breach, and a follow-up reaches the user.
    fake.fail("POST", INTERACTION_CALLBACKS, 1, Failure::DropAfter);
    let sent = fake.open_interaction(&InteractionBuilder::slash("help"));
    assert!(respond(&http, &sent, message_response(json!([])), vec![])
        .await
        .is_err());
    assert!(respond(&http, &sent, message_response(json!([])), vec![])
        .await
        .is_err());
    http.create_followup_message(&sent.token, &json!({ "content": "done" }), vec![])
        .await
        .expect("the follow-up works: the answer did land");
    fake.assert_no_violations();
    let recorded: Vec<(u16, Option<Failure>)> = fake
        .calls()
        .into_iter()
        .filter(|call| call.is_callback_for(&sent))
        .map(|call| (call.status, call.fault))
        .collect();
    assert_eq!(recorded, [(0, Some(Failure::DropAfter)), (400, None)]);
}
