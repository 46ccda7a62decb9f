-- Computers never make a game rated: a computer's result says nothing of a person's
-- strength, and a computer has no place on a leaderboard. Games a computer sat in were
-- rated when a rated challenge was filled with computers, or named the bot and said
-- `rated`; they become unrated here, their seats lose the ratings noted on them, and the
-- ratings of every server and variant are computed again from the rated games left.
--
-- Computer players hold the user ids 110 to 189 (100 + 10 x level + slot, levels 1 to 8;
-- Discord ids are far larger): see service::computer.
UPDATE games SET rated = 0
 WHERE rated = 1
   AND EXISTS (SELECT 1 FROM seats s
                WHERE s.game_id = games.id AND s.user_id BETWEEN 110 AND 189);

UPDATE seats SET rating_before = NULL, rating_after = NULL
 WHERE game_id IN (SELECT s.game_id FROM seats s WHERE s.user_id BETWEEN 110 AND 189);

-- Ratings to be computed again from a server's rated games in a variant, in the order the
-- games ended. Glicko-2 and Weng-Lin are not SQL: the bot does it at start-up (see
-- service::ratings), each server and variant in one transaction under the same lock a
-- finishing game takes, and sets done_at; a row whose done_at is set is the record that it
-- was done, and is never done again. `reason` names why it was asked for.
CREATE TABLE rating_recomputations (
    guild_id     INTEGER NOT NULL REFERENCES guilds (id),
    variant      TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    requested_at INTEGER NOT NULL,
    done_at      INTEGER,
    PRIMARY KEY (guild_id, variant, reason)
);

-- Start-up: what is still to do.
CREATE INDEX rating_recomputations_pending ON rating_recomputations (guild_id, variant)
    WHERE done_at IS NULL;

INSERT INTO rating_recomputations (guild_id, variant, reason, requested_at)
SELECT guild_id, variant, 'computers-unrated', CAST(strftime('%s', 'now') AS INTEGER)
  FROM (SELECT guild_id, variant FROM ratings
        UNION
        SELECT guild_id, variant FROM games WHERE rated = 1 AND status = 'finished');
