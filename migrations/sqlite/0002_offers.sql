-- Standing draw offers and takeback requests, one of each kind per game, so the buttons
-- that answer them keep working after a restart. The service decides when an offer has
-- lapsed from the ply it was made at; ending a game or taking moves back clears them.
CREATE TABLE offers (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('draw', 'takeback')),
    -- Who made it: the seat and its player.
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    user_id    INTEGER NOT NULL REFERENCES users (id),
    -- Moves played in the game when it was made.
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;
