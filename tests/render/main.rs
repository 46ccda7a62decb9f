//! The render layer's tests, one module per area: board images (`images`), animated
//! replays (`replay`), the rating charts (`chart`) and the embedded fonts (`fonts`). They
//! are one test binary so that it is compiled and linked once.

mod chart;
mod fonts;
mod images;
mod replay;
