-- The language of each player's Discord client as their latest command reported it (as
-- migrations/sqlite/0011_player_language.sql), for the turn message and the daily digest.
ALTER TABLE player_settings ADD COLUMN language TEXT;
