//! What several test binaries share, compiled once as a library and linked into each only
//! as far as it is used: games from their start or a position with known move lines
//! (`games`), the ids and times of the store and service tests (`ids`), and the databases a
//! test runs on (`backends`, with `on_both_backends!`; `postgres`, a PostgreSQL cluster per
//! test binary). What one binary alone needs lives in that binary.

pub mod backends;
pub mod games;
pub mod ids;
pub mod postgres;
