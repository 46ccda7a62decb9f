-- Game reviews: the queue of games to analyse and the finished reviews, kept so that
-- asking again is answered from here. A row is queued by `/analyse` (or its button),
-- claimed by one process for a lease (`claimed_by`, `lease_until`, UNIX seconds) while it
-- runs, and holds the review as JSON once done. A process that dies mid-review leaves its
-- claim to run out; another takes the review over from the start. `channel_id` is where
-- its progress and result are posted.
CREATE TABLE reviews (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    requested_by   INTEGER NOT NULL,
    requested_at   INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
    claimed_by     TEXT,
    lease_until    INTEGER,
    progress_done  INTEGER NOT NULL DEFAULT 0,
    progress_total INTEGER NOT NULL DEFAULT 0,
    finished_at    INTEGER,
    review         TEXT,
    error          TEXT
);
CREATE INDEX reviews_by_status ON reviews (status, requested_at);
CREATE INDEX reviews_by_guild ON reviews (guild_id, status);
