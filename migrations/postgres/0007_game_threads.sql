-- Game threads (as migrations/sqlite/0007_game_threads.sql): a game played in a public
-- thread of its own under a channel (games.channel_id is then the thread's id, so the
-- one-active-game rule holds per thread). The row says which channel the thread hangs from
-- (the game's one-line result is posted there too) and when the thread was archived: a day
-- after the game ends, by the scheduler, which finds the threads to archive from
-- games.finished_at, so a restart loses none.
CREATE TABLE game_threads (
    game_id           BIGINT PRIMARY KEY REFERENCES games (id),
    parent_channel_id BIGINT NOT NULL,
    archived_at       BIGINT
);

-- The scheduler: threads not yet archived.
CREATE INDEX game_threads_unarchived ON game_threads (game_id) WHERE archived_at IS NULL;
