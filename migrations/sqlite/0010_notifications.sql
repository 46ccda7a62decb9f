-- How each player is told it is their turn: a mention in the channel (the default, also
-- when a player has no row), a direct message as well, no mention at all, or one daily
-- digest of the games waiting for them.
CREATE TABLE notification_settings (
    user_id        INTEGER PRIMARY KEY REFERENCES users (id),
    mode           TEXT    NOT NULL CHECK (mode IN ('mention', 'dm', 'quiet', 'digest')),
    -- With the digest: when the next one is due (UNIX seconds). It comes at the same time
    -- of day, every day; NULL for the other modes.
    digest_next_at INTEGER,
    updated_at     INTEGER NOT NULL,
    CHECK ((mode = 'digest') = (digest_next_at IS NOT NULL))
);

-- The scheduler: digests by when they fall due.
CREATE INDEX notification_digests_due ON notification_settings (digest_next_at)
    WHERE digest_next_at IS NOT NULL;
