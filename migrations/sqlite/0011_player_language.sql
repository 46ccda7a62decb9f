-- The language of each player's Discord client as their latest command reported it (its
-- `locale`, such as `ja` or `en-US`), for what is sent to them alone without an interaction
-- (the turn message, the daily digest). NULL until they use a command: their messages are
-- then in the language of the server of the game.
ALTER TABLE player_settings ADD COLUMN language TEXT;
