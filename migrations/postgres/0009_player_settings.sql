-- Each player's own settings, the same in every server: how moves are written for them
-- (`japanese`, `western`, `coordinate`) and which pieces their boards are drawn with
-- (`kanji`, `international`). A column left NULL follows the default (the notation by the
-- player's language, kanji pieces), so each option is saved on its own.
CREATE TABLE player_settings (
    user_id    BIGINT NOT NULL PRIMARY KEY REFERENCES users (id),
    notation   TEXT,
    pieces     TEXT,
    updated_at BIGINT NOT NULL
);
