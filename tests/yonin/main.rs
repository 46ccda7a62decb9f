//! Yonin shogi (singles and doubles): perft from the start, and a scenario test for every
//! rule of `shared/rules/yonin.md`, written as positions in the yonin position text.

mod common;
mod doubles;
mod elimination;
mod forbidden;
mod game;
mod notation;
mod outside;
mod perft;
mod playouts;
mod turn_order;
