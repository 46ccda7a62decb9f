-- Rating history (as migrations/sqlite/0014_rating_history.sql): each rated seat notes the
-- player's rating deviation after the game; seats rated before get theirs when the ratings
-- are computed again at start-up.
ALTER TABLE seats ADD COLUMN deviation_after DOUBLE PRECISION CHECK (deviation_after >= 0);

INSERT INTO rating_recomputations (guild_id, variant, reason, requested_at)
SELECT guild_id, variant, 'rating-history', CAST(EXTRACT(EPOCH FROM now()) AS BIGINT)
  FROM (SELECT DISTINCT guild_id, variant FROM games WHERE rated AND status = 'finished') AS pairs;
