-- How each player is told it is their turn (as migrations/sqlite/0010_notifications.sql):
-- a mention in the channel (the default, also when a player has no row), a direct message
-- as well, no mention at all, or one daily digest of the games waiting for them.
CREATE TABLE notification_settings (
    user_id        BIGINT PRIMARY KEY REFERENCES users (id),
    mode           TEXT   NOT NULL CHECK (mode IN ('mention', 'dm', 'quiet', 'digest')),
    -- With the digest: when the next one is due (UNIX seconds). It comes at the same time
    -- of day, every day; NULL for the other modes.
    digest_next_at BIGINT,
    updated_at     BIGINT NOT NULL,
    CHECK ((mode = 'digest') = (digest_next_at IS NOT NULL))
);

-- The scheduler: digests by when they fall due.
CREATE INDEX notification_digests_due ON notification_settings (digest_next_at)
    WHERE digest_next_at IS NOT NULL;
