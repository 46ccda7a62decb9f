-- Rating history: each rated seat notes the player's rating deviation after the game
-- beside the rating, so /profile can chart the rating over time with its interval.
-- Seats rated before this column existed get theirs when the ratings are computed again
-- from the rated games (queued here, done at start-up as for 0013).
ALTER TABLE seats ADD COLUMN deviation_after REAL CHECK (deviation_after >= 0);

INSERT INTO rating_recomputations (guild_id, variant, reason, requested_at)
SELECT guild_id, variant, 'rating-history', CAST(strftime('%s', 'now') AS INTEGER)
  FROM (SELECT DISTINCT guild_id, variant FROM games WHERE rated = 1 AND status = 'finished');
