-- Work done once across processes: each item of scheduled work (a timeout, a reminder, a
-- challenge's expiry, a thread to archive, a vacation's end, a digest, a computer player's
-- move) is claimed by one process before it is done. A claim names the process
-- (`claimed_by`) and holds until `lease_until` (UNIX seconds by the service's clock); a
-- process that dies leaves its claim behind, and another takes the item over once that has
-- passed. `item` is the game, challenge, vacation or user the work is for. Done work
-- deletes its claim, so the table holds only the work under way (and a dead process's
-- claims until they are taken over).
CREATE TABLE work_claims (
    kind        TEXT    NOT NULL,
    item        INTEGER NOT NULL,
    claimed_by  TEXT    NOT NULL,
    lease_until INTEGER NOT NULL,
    PRIMARY KEY (kind, item)
);
