-- A channel's games, newest first (exporting the game just finished in a channel).
CREATE INDEX games_by_channel ON games (channel_id, id);
