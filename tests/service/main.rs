//! The game table through its public API (and `shogiban migrate-db` between its two
//! databases), one module per area, on SQLite and PostgreSQL. They are one test binary so
//! that the shared set-up is compiled and linked once.

#[path = "../support/postgres.rs"]
mod postgres;
#[macro_use]
#[path = "../support/backends.rs"]
mod backends;
#[path = "../service_support/mod.rs"]
mod service_support;

mod claims;
mod clock;
mod computers;
mod daidai;
mod migrate_db;
mod puzzles;
mod rating_history;
mod reviews;
mod table;
mod vacation;
mod yonin;
