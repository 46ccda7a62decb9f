//! Yonin shogi (singles and doubles): a scenario test for every rule of
//! `shared/rules/yonin.md`, written as positions in the yonin position text. Perft from
//! the start is in `tests/perft.rs`.

mod common;
mod doubles;
mod elimination;
mod forbidden;
mod game;
use ::common::games;
mod notation;
mod outside;
mod playouts;
mod turn_order;
