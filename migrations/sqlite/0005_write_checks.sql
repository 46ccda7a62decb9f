-- Start-up proves the database takes a real, committed write by updating this one row: a
-- database that can only be read (a read-only file, folder, mount or open mode) fails
-- there, before Discord is reached, rather than at the first move.
CREATE TABLE write_checks (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at INTEGER NOT NULL
);
