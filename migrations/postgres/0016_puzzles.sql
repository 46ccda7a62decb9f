-- As migrations/sqlite/0016_puzzles.sql.
-- The daily tsume (mate problem) of each server: the channel it is posted in, the hour
-- of the day (in the server's time zone) it is posted at, and when the next post is due
-- (UNIX seconds).
CREATE TABLE puzzle_channels (
    guild_id     BIGINT PRIMARY KEY,
    channel_id   BIGINT NOT NULL,
    hour         BIGINT  NOT NULL CHECK (hour BETWEEN 0 AND 23),
    next_post_at BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

-- The scheduler: posts by when they fall due.
CREATE INDEX puzzle_channels_due ON puzzle_channels (next_post_at);

-- Each day's post: one per server and day (the server's date, YYYY-MM-DD), whichever
-- process makes it, stored with its announcement.
CREATE TABLE puzzle_posts (
    guild_id   BIGINT NOT NULL,
    day        TEXT    NOT NULL,
    channel_id BIGINT NOT NULL,
    posted_at  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, day)
);

-- Each player's work on a server's puzzle of a day: the attacking moves found so far,
-- when it was solved, whether they gave up (and saw the answer).
CREATE TABLE puzzle_progress (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    day        TEXT    NOT NULL,
    sfen       TEXT    NOT NULL,
    found      BIGINT  NOT NULL DEFAULT 0,
    solved_at  BIGINT,
    gave_up    BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id, day)
);

-- Streaks and the leaderboard: a server's solved puzzles.
CREATE INDEX puzzle_progress_solved ON puzzle_progress (guild_id, user_id, day)
    WHERE solved_at IS NOT NULL;
