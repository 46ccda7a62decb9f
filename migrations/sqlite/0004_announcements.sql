-- The outbox: everything the bot must say in a channel because of a change (the next board
-- after a move, a result, a new game's first board, an offer and its answer, a reminder, an
-- expired challenge, ...), written in the same transaction as the change and delivered
-- afterwards, so a change is never stored without what it must announce, whatever Discord
-- or the bot does in between. Delivered rows stay as the record of what was said.
--
-- Delivery times (next_attempt_ms, lease_until_ms, delivered_ms, abandoned_ms) are UNIX
-- milliseconds of the delivering process's clock: retries can be sub-second apart, and
-- Discord's retry_after has millisecond precision. created_at is the change's time in UNIX
-- seconds, like every other table.
CREATE TABLE announcements (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id      INTEGER NOT NULL,
    game_id         INTEGER REFERENCES games (id),
    challenge_id    INTEGER REFERENCES challenges (id),
    -- What is announced, in a word, and what to say: owned by the service, in its own
    -- terms (no Discord types); the store never looks inside.
    kind            TEXT    NOT NULL,
    payload         TEXT    NOT NULL CHECK (json_valid(payload)),
    created_at      INTEGER NOT NULL,
    -- Claims so far: each claim is one delivery attempt.
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- Not to be tried before this (a retry's backoff, Discord's retry_after).
    next_attempt_ms INTEGER NOT NULL DEFAULT 0,
    -- The process delivering it and until when it may: a claim whose process died is taken
    -- over once its lease has run out.
    claimed_by      TEXT,
    lease_until_ms  INTEGER,
    delivered_ms    INTEGER,
    -- The Discord message it became.
    message_id      INTEGER,
    -- Given up: Discord refused it for good (an unknown channel, no access to it).
    abandoned_ms    INTEGER,
    last_error      TEXT,
    CHECK (delivered_ms IS NULL OR abandoned_ms IS NULL),
    CHECK ((claimed_by IS NULL) = (lease_until_ms IS NULL))
);

-- The queue: the undelivered announcements of each channel, in order.
CREATE INDEX announcements_undelivered ON announcements (channel_id, id)
    WHERE delivered_ms IS NULL AND abandoned_ms IS NULL;
-- What was announced about a game.
CREATE INDEX announcements_by_game ON announcements (game_id, id) WHERE game_id IS NOT NULL;
