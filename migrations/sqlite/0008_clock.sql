-- The correspondence clock that fits real lives: when each turn started (deadlines are
-- computed from it, the time per move, the mover's time bank and the pauses), the time
-- bank of a game and of each seat, and the players' vacations.

-- When the current turn began; NULL for games without a clock.
ALTER TABLE games ADD COLUMN turn_started_at INTEGER;
-- The reserve each player starts with (a challenge option); NULL for no time bank.
ALTER TABLE games ADD COLUMN bank_seconds INTEGER CHECK (bank_seconds > 0);
-- What is left of a seat's reserve; NULL while it is untouched (full).
ALTER TABLE seats ADD COLUMN bank_left INTEGER CHECK (bank_left >= 0);

-- Games already under way: their turn began a move's time before the deadline.
UPDATE games SET turn_started_at = deadline_at - seconds_per_move
 WHERE status = 'active' AND deadline_at IS NOT NULL AND seconds_per_move IS NOT NULL;

-- A player's vacation: every clock of their games stands still from starts_at to ends_at.
-- Ending it early moves ends_at back, which gives the rest of the allowance back.
CREATE TABLE vacations (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL REFERENCES users (id),
    starts_at     INTEGER NOT NULL,
    ends_at       INTEGER NOT NULL,
    -- Set once the end has been announced in the games' channels.
    end_announced INTEGER NOT NULL DEFAULT 0 CHECK (end_announced IN (0, 1)),
    created_at    INTEGER NOT NULL,
    CHECK (ends_at >= starts_at)
);

-- A player's vacations in time order (the one under way, the allowance used in a year).
CREATE INDEX vacations_by_user ON vacations (user_id, starts_at);
-- The scheduler: vacations whose end is still to be announced.
CREATE INDEX vacations_to_announce ON vacations (ends_at) WHERE end_announced = 0;
