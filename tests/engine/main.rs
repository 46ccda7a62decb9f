//! The engine's tests, one module per area: standard shogi's rules, notation and
//! properties, yonin shogi's scenarios (singles and doubles), dai dai shogi against a naive
//! reference generator, perft counts of every variant, and the stored format of games. They
//! are one test binary so that it is compiled and linked once.

mod daidai;
mod daidai_reference;
mod golden_state;
mod perft;
mod standard_notation;
mod standard_properties;
mod standard_rules;
mod yonin;
