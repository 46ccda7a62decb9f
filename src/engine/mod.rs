//! The rules engine: board geometry, piece tables, move generation and the rules of each
//! variant. Pure: no I/O, no async, no Discord, no database.
