//! Storage: the SQLite pool, migrations and typed queries. Knows nothing of Discord.
