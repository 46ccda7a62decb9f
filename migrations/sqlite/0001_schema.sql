-- The shogiban schema: people and servers, challenges, games with their seats and move log,
-- ratings and per-server settings.
--
-- Conventions
-- * Discord ids (users, guilds, channels) are 64-bit unsigned; they are stored bit for bit
--   in INTEGER columns (SQLite integers are signed 64-bit).
-- * Times are UNIX seconds (INTEGER), always supplied by the caller.
-- * Enumerations are lowercase TEXT guarded by CHECK constraints.
-- * JSON columns are TEXT guarded by json_valid().

CREATE TABLE users (
    id           INTEGER PRIMARY KEY,
    -- Cached for leaderboards and histories; NULL until the front end has seen a name.
    display_name TEXT,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

CREATE TABLE guilds (
    id         INTEGER PRIMARY KEY,
    name       TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

CREATE TABLE guild_settings (
    guild_id   INTEGER NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

-- A challenge invites players to a game; accepting it creates the game.
CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL REFERENCES guilds (id),
    channel_id      INTEGER NOT NULL,
    challenger_id   INTEGER NOT NULL REFERENCES users (id),
    variant         TEXT    NOT NULL,
    -- Rule options and clock for the game to be created (owned by the service).
    options         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    -- 'random': seats are drawn when the game starts; 'fixed': every participant's seat is
    -- given (challenger_seat here, challenge_invitees.seat for the others).
    seat_mode       TEXT    NOT NULL CHECK (seat_mode IN ('random', 'fixed')),
    challenger_seat INTEGER CHECK (challenger_seat >= 0),
    status          TEXT    NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    resolved_at     INTEGER,
    CHECK ((seat_mode = 'fixed') = (challenger_seat IS NOT NULL)),
    CHECK ((status = 'open') = (resolved_at IS NULL))
);

-- The expiry sweep: open challenges by expiry time.
CREATE INDEX challenges_open_by_expiry ON challenges (expires_at) WHERE status = 'open';
-- Open challenges in a channel, and a challenger's open challenges.
CREATE INDEX challenges_open_by_channel ON challenges (channel_id, created_at) WHERE status = 'open';
CREATE INDEX challenges_open_by_challenger ON challenges (challenger_id) WHERE status = 'open';

CREATE TABLE challenge_invitees (
    challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL REFERENCES users (id),
    -- The order in which the challenger named the invitees.
    invite_order INTEGER NOT NULL,
    seat         INTEGER CHECK (seat >= 0),
    response     TEXT    NOT NULL DEFAULT 'pending'
                 CHECK (response IN ('pending', 'accepted', 'declined')),
    responded_at INTEGER,
    PRIMARY KEY (challenge_id, user_id),
    CHECK ((response = 'pending') = (responded_at IS NULL))
) WITHOUT ROWID;

CREATE INDEX challenge_invitees_by_user ON challenge_invitees (user_id);
CREATE UNIQUE INDEX challenge_invitees_one_per_seat
    ON challenge_invitees (challenge_id, seat) WHERE seat IS NOT NULL;

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL REFERENCES guilds (id),
    channel_id       INTEGER NOT NULL,
    -- The challenge this game was created from, if any (at most one game per challenge).
    challenge_id     INTEGER UNIQUE REFERENCES challenges (id),
    variant          TEXT    NOT NULL,
    rule_options     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(rule_options)),
    rated            INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    status           TEXT    NOT NULL DEFAULT 'active'
                     CHECK (status IN ('active', 'finished', 'aborted', 'void')),
    -- The engine's serialized state: opaque to the store.
    state            TEXT    NOT NULL,
    -- Optimistic concurrency: every write to state or status bumps the version, and only
    -- succeeds if the version is still the one the writer read.
    version          INTEGER NOT NULL DEFAULT 0,
    -- Moves played so far; the last row in moves has this ply.
    ply              INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    -- Correspondence clock: NULL means no time limit.
    seconds_per_move INTEGER CHECK (seconds_per_move > 0),
    deadline_at      INTEGER,
    remind_at        INTEGER,
    reminder_sent    INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
    -- How the game ended (owned by the service); NULL while active.
    result           TEXT    CHECK (result IS NULL OR json_valid(result)),
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    finished_at      INTEGER,
    CHECK ((status = 'active') = (finished_at IS NULL)),
    CHECK (status = 'active' OR (deadline_at IS NULL AND remind_at IS NULL))
);

-- Exactly one active game per channel.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';
-- The scheduler: expired turns and reminders to send, surviving restarts.
CREATE INDEX games_active_by_deadline ON games (deadline_at)
    WHERE status = 'active' AND deadline_at IS NOT NULL;
CREATE INDEX games_active_by_reminder ON games (remind_at)
    WHERE status = 'active' AND reminder_sent = 0 AND remind_at IS NOT NULL;
-- Active games of a guild.
CREATE INDEX games_active_by_guild ON games (guild_id) WHERE status = 'active';

CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- Seat index in the engine's turn order (standard: 0 black, 1 white;
    -- yonin: 0 S, 1 W, 2 N, 3 E).
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    user_id       INTEGER NOT NULL REFERENCES users (id),
    -- Filled in when the game ends: final place (1 best; ties share a place) and the
    -- player's rating before and after, if the game was rated.
    place         INTEGER CHECK (place >= 1),
    rating_before REAL,
    rating_after  REAL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- A user's games (active list and history).
CREATE INDEX seats_by_user ON seats (user_id, game_id);

-- The move log: append-only.
CREATE TABLE moves (
    game_id   INTEGER NOT NULL,
    ply       INTEGER NOT NULL CHECK (ply >= 1),
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL REFERENCES users (id),
    -- Canonical coordinate notation (USI or the variant's USI-like form).
    notation  TEXT    NOT NULL,
    -- Human-readable form, as announced.
    readable  TEXT    NOT NULL,
    -- Position text after the move.
    position  TEXT    NOT NULL,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TRIGGER moves_are_append_only
BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;

-- One rating per guild, variant and user. Glicko-2 (two-player variants) uses rating,
-- deviation and volatility; Weng-Lin (four-player variants) uses rating (mu) and
-- deviation (sigma) and leaves volatility NULL.
CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL REFERENCES guilds (id),
    variant      TEXT    NOT NULL,
    user_id      INTEGER NOT NULL REFERENCES users (id),
    rating       REAL    NOT NULL,
    deviation    REAL    NOT NULL CHECK (deviation >= 0),
    volatility   REAL,
    games_played INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    losses       INTEGER NOT NULL DEFAULT 0,
    draws        INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, variant, user_id),
    CHECK (games_played = wins + losses + draws)
) WITHOUT ROWID;

-- In leaderboard order, so a page is read without sorting.
CREATE INDEX ratings_leaderboard
    ON ratings (guild_id, variant, rating DESC, games_played DESC, user_id);
CREATE INDEX ratings_by_user ON ratings (user_id);
