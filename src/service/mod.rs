//! The game table: challenges, seats, moves, clocks, ratings and leaderboards, over the
//! engine, the renderer and the store. Returns domain results; knows nothing of Discord.

pub mod ratings;
