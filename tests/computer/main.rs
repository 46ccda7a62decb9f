//! The computer's tests, one module per area: its players in every variant and the outside
//! USI engine (`players`), the mate solver (`mate`), the tsume bank (`tsume`) and game
//! review (`analysis`). They are one test binary so that it is compiled and linked once.

mod analysis;
mod mate;
mod players;
mod tsume;
