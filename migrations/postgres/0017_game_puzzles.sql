-- As migrations/sqlite/0017_game_puzzles.sql.
-- Tsume the bot makes from its servers' finished games of standard shogi: each game is
-- looked at once (its row is claimed before the search, whichever process gets there
-- first), and the problem found, if any, is kept with the server's day it became the
-- daily puzzle of. A game without a problem keeps its row with NULL in the problem's
-- columns, so it is not looked at again.
CREATE TABLE game_puzzles (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id   BIGINT NOT NULL,
    claimed_at BIGINT NOT NULL,
    -- The game's ply the problem's position was taken at.
    ply        BIGINT,
    length     BIGINT,
    sfen       TEXT,
    -- The answer in USI, moves separated by spaces.
    solution   TEXT,
    made_at    BIGINT,
    -- The server's date (YYYY-MM-DD) whose daily puzzle it is, once chosen.
    day        TEXT
);

-- A server's day has one puzzle, whichever process chooses it.
CREATE UNIQUE INDEX game_puzzles_day ON game_puzzles (guild_id, day);

-- The next problem of a server to post: made, not yet posted, oldest first.
CREATE INDEX game_puzzles_waiting ON game_puzzles (guild_id, made_at)
    WHERE day IS NULL AND sfen IS NOT NULL;
