-- Computers never make a game rated (as migrations/sqlite/0013_computers_unrated.sql):
-- games a computer sat in become unrated, their seats lose the ratings noted on them, and
-- every server and variant is queued for its ratings to be computed again at start-up.
-- Computer players hold the user ids 110 to 189.
UPDATE games SET rated = FALSE
 WHERE rated
   AND EXISTS (SELECT 1 FROM seats s
                WHERE s.game_id = games.id AND s.user_id BETWEEN 110 AND 189);

UPDATE seats SET rating_before = NULL, rating_after = NULL
 WHERE game_id IN (SELECT s.game_id FROM seats s WHERE s.user_id BETWEEN 110 AND 189);

CREATE TABLE rating_recomputations (
    guild_id     BIGINT NOT NULL REFERENCES guilds (id),
    variant      TEXT   NOT NULL,
    reason       TEXT   NOT NULL,
    requested_at BIGINT NOT NULL,
    done_at      BIGINT,
    PRIMARY KEY (guild_id, variant, reason)
);

CREATE INDEX rating_recomputations_pending ON rating_recomputations (guild_id, variant)
    WHERE done_at IS NULL;

INSERT INTO rating_recomputations (guild_id, variant, reason, requested_at)
SELECT guild_id, variant, 'computers-unrated', CAST(EXTRACT(EPOCH FROM now()) AS BIGINT)
  FROM (SELECT guild_id, variant FROM ratings
        UNION
        SELECT guild_id, variant FROM games WHERE rated AND status = 'finished') AS pairs;
