//! The store against a real SQLite file and a real PostgreSQL database: schema, every
//! query, the optimistic move race, restarts, and game endings with their rating updates.
//! One module per module of `src/store/` it tests (`open` for the store's root, `mod.rs`);
//! one test binary, so that the shared set-up is compiled and linked once.

#[macro_use]
mod support;

mod announcements;
mod challenges;
mod claims;
mod games;
mod model;
mod notifications;
mod offers;
mod open;
mod people;
mod play;
mod preferences;
mod ratings;
mod vacations;
