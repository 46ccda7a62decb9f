//! Yonin shogi (singles and doubles): perft from the start, and a scenario test for every
//! rule of `shared/rules/yonin.md`, written as positions in the yonin position text.

mod perft;
