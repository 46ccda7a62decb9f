//! Shared pieces of the end-to-end tests: a fake Discord, the interaction payloads it
//! sends, the Discord limits it enforces, a handle on the real bot running against it, bot
//! processes on a sharded gateway, and the databases a test runs on (a PostgreSQL cluster
//! per test binary).
//! `games.rs` (game set-up and known move lines) and `ids.rs` (the service and store tests'
//! ids) are shared with the other tests too, which include them by path alone.

// Each test binary uses a different part of the support code.
#![allow(dead_code)]

#[macro_use]
pub mod backends;
pub mod bot;
pub mod fake_discord;
pub mod fixtures;
pub mod games;
pub mod limits;
pub mod postgres;
pub mod shards;
pub mod table;
