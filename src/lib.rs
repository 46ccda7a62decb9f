//! shogiban: a Discord bot for playing shogi variants asynchronously.
//!
//! The layers, from the bottom up: [`engine`] (the rules, pure), [`render`] (board images),
//! [`store`] (SQLite), [`service`] (the game table) and [`discord`] (the front end).
//! Dependencies point one way: discord → service → {store, render, engine}; render → engine.

pub mod computer;
pub mod discord;
pub mod engine;
pub mod render;
pub mod service;
pub mod store;
