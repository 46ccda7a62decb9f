-- Game reviews (as migrations/sqlite/0015_reviews.sql): the queue of games to analyse,
-- claimed by one process for a lease while it runs, and the finished reviews as JSON.
CREATE TABLE reviews (
    game_id        BIGINT  PRIMARY KEY REFERENCES games (id),
    guild_id       BIGINT  NOT NULL,
    channel_id     BIGINT  NOT NULL,
    requested_by   BIGINT  NOT NULL,
    requested_at   BIGINT  NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
    claimed_by     TEXT,
    lease_until    BIGINT,
    progress_done  INTEGER NOT NULL DEFAULT 0,
    progress_total INTEGER NOT NULL DEFAULT 0,
    finished_at    BIGINT,
    review         TEXT,
    error          TEXT
);
CREATE INDEX reviews_by_status ON reviews (status, requested_at);
CREATE INDEX reviews_by_guild ON reviews (guild_id, status);
