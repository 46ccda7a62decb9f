//! The end-to-end tests: the real bot against a fake Discord on loopback, one module per
//! area; the program's command line as a user runs it (`cli`: the engine tools, and
//! `serve` refusing to start without what it needs); and the message files the bot speaks
//! from (`locales`). They are one test binary so that the fake Discord and the other
//! support code are compiled and linked once.

#[macro_use]
extern crate common;

mod support;

mod charts;
mod cli;
mod clock;
mod computer;
mod computer_seats;
mod discord;
mod fake_discord;
mod games;
mod languages;
mod latency;
mod locales;
mod notifications;
mod outage;
mod outbox;
mod playing;
mod puzzles;
mod replays;
mod reviews;
mod security;
mod shards;
mod variants;
