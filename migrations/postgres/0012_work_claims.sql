-- Work done once across processes (as migrations/sqlite/0012_work_claims.sql): one row per
-- item of scheduled work under way, naming the process that claimed it and until when
-- (UNIX seconds by the service's clock) its lease holds.
CREATE TABLE work_claims (
    kind        TEXT    NOT NULL,
    item        BIGINT  NOT NULL,
    claimed_by  TEXT    NOT NULL,
    lease_until BIGINT  NOT NULL,
    PRIMARY KEY (kind, item)
);
