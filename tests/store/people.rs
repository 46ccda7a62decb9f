//! Users, servers and their settings (`src/store/people.rs`).

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use shogiban::store::UserId;

use crate::support::*;

async fn users_guilds_and_settings_round_trip(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    // Discord ids use all 64 bits.
    let big = UserId(u64::MAX - 7);
    store.upsert_user(big, "Big", T0).await.unwrap();
    let user = store.upsert_user(big, "Big Renamed", T0 + 5).await.unwrap();
    assert_eq!(user.id, big);
    assert_eq!(user.display_name.as_deref(), Some("Big Renamed"));
    assert_eq!((user.created_at, user.updated_at), (T0, T0 + 5));
    assert_eq!(store.user(big).await.unwrap(), Some(user));
    assert_eq!(store.user(ALICE).await.unwrap(), None);

    let guild = store.upsert_guild(GUILD, "Shogi Club", T0).await.unwrap();
    assert_eq!(guild.name.as_deref(), Some("Shogi Club"));
    assert_eq!(store.guild(GUILD).await.unwrap(), Some(guild));

    assert_eq!(store.setting(GUILD, "time").await.unwrap(), None);
    store.set_setting(GUILD, "time", "3d", T0).await.unwrap();
    store.set_setting(GUILD, "time", "1d", T0).await.unwrap();
    store
        .set_setting(GUILD, "announce", "on", T0)
        .await
        .unwrap();
    // Settings of a guild never seen before create the guild.
    store
        .set_setting(OTHER_GUILD, "time", "7d", T0)
        .await
        .unwrap();
    assert_eq!(
        store.setting(GUILD, "time").await.unwrap().as_deref(),
        Some("1d")
    );
    assert_eq!(
        store.settings(GUILD).await.unwrap(),
        [
            ("announce".into(), "on".into()),
            ("time".into(), "1d".into())
        ]
    );
    assert!(store.remove_setting(GUILD, "time").await.unwrap());
    assert!(!store.remove_setting(GUILD, "time").await.unwrap());
    assert_eq!(store.setting(GUILD, "time").await.unwrap(), None);
    assert_eq!(
        store.setting(OTHER_GUILD, "time").await.unwrap().as_deref(),
        Some("7d")
    );
}

on_both_backends! {
    users_guilds_and_settings_round_trip,
}
