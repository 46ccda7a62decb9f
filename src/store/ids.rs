//! Typed ids, so a user id can't be passed where a channel id belongs.
//!
//! Discord ids are unsigned 64-bit numbers; SQLite integers and PostgreSQL's BIGINT are
//! signed 64-bit. The store keeps them bit for bit (`u64` <-> `i64` reinterpretation), which is lossless both ways.

use std::fmt;

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Encode, Type};

macro_rules! discord_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize,
            serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl $name {
            /// The id as Discord spells it.
            pub const fn get(self) -> u64 {
                self.0
            }
        }

        impl From<u64> for $name {
            fn from(id: u64) -> Self {
                Self(id)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        // Stored bit for bit in a signed 64-bit column of either backend.
        impl<DB: Database> Type<DB> for $name
        where
            i64: Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <i64 as Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <i64 as Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: Database> Encode<'q, DB> for $name
        where
            i64: Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as Database>::ArgumentBuffer<'q>,
            ) -> Result<IsNull, BoxDynError> {
                <i64 as Encode<'q, DB>>::encode(i64::from_ne_bytes(self.0.to_ne_bytes()), buf)
            }
        }

        impl<'r, DB: Database> Decode<'r, DB> for $name
        where
            i64: Decode<'r, DB>,
        {
            fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                let stored = <i64 as Decode<'r, DB>>::decode(value)?;
                Ok(Self(u64::from_ne_bytes(stored.to_ne_bytes())))
            }
        }
    };
}

discord_id! {
    /// A Discord user.
    UserId
}

discord_id! {
    /// A Discord guild (server).
    GuildId
}

discord_id! {
    /// A Discord channel (or thread) where a game or challenge lives.
    ChannelId
}

discord_id! {
    /// A Discord message the bot posted.
    MessageId
}

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, sqlx::Type,
            serde::Serialize, serde::Deserialize,
        )]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

row_id! {
    /// A game, numbered by the store.
    GameId
}

row_id! {
    /// A challenge, numbered by the store.
    ChallengeId
}

row_id! {
    /// An announcement of the outbox, numbered by the store in the order they are made.
    AnnouncementId
}

#[cfg(test)]
mod tests {
    use sqlx::{Connection, SqliteConnection};

    use super::*;

    #[tokio::test]
    async fn discord_ids_keep_all_64_bits_in_sqlite() {
        let mut conn = SqliteConnection::connect("sqlite::memory:").await.unwrap();
        for id in [0, 1, i64::MAX as u64, i64::MAX as u64 + 1, u64::MAX] {
            let (back, stored): (UserId, i64) = sqlx::query_as("SELECT $1, $1")
                .bind(UserId(id))
                .fetch_one(&mut conn)
                .await
                .unwrap();
            assert_eq!(back, UserId(id));
            assert_eq!(stored.to_ne_bytes(), id.to_ne_bytes());
        }
        assert_eq!(ChannelId(u64::MAX).to_string(), "18446744073709551615");
    }
}
