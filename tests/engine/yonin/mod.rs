//! Yonin shogi (singles and doubles): a scenario test for every rule of
//! `shared/rules/yonin.md`, written as positions in the yonin position text. Perft from
//! the start is in `perft.rs`.

mod doubles;
mod elimination;
mod forbidden;
mod game;
mod notation;
mod outside;
mod playouts;
mod support;
mod turn_order;
