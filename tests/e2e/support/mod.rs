//! Shared pieces of the end-to-end tests: a fake Discord, the interaction payloads it
//! sends, the Discord limits it enforces, a handle on the real bot running against it, bot
//! processes on a sharded gateway; and, from `common`, the databases a test runs on (a
//! PostgreSQL cluster per test binary) and known games.

pub mod bot;
pub mod fake_discord;
pub mod fixtures;
pub mod limits;
pub mod shards;
pub mod table;

pub use common::{backends, games, postgres};
