//! The game table through its public API (and `shogiban migrate-db` between its two
//! databases), one module per area, on SQLite and PostgreSQL. They are one test binary so
//! that the shared set-up is compiled and linked once.

#[macro_use]
extern crate common;
mod support;

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
