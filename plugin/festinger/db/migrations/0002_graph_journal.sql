-- Concept graph write path (issue 5): exactly-once journal replay, one queue row per
-- collision, and the novelty default the in-memory cache uses.

-- Ids of journal operations already applied. A process writes every graph change to its
-- on-disk journal first; an operation is applied in one transaction together with its row
-- here, so replaying a journal after a crash (or after a restart between "applied" and
-- "journal truncated") skips what is already in the database instead of counting it twice.
CREATE TABLE journal_applied (
    op_id       VARCHAR(64) PRIMARY KEY,
    applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX journal_applied_age ON journal_applied (applied_at);

-- A token added by any path but the dictionary bootstrap is not common English; whether it
-- is domain-specific is unknown until a write path confirms it (1.0). The dictionary
-- bootstrap writes 0 explicitly.
ALTER TABLE soas ALTER COLUMN novelty SET DEFAULT 0.5;

-- The same collision (concept, dimension, rejected parent) is queued once while pending,
-- even when several processes (Agent Zero, the CLI, other containers) see it at once.
CREATE UNIQUE INDEX resolution_queue_one_pending
    ON resolution_queue (concept_id, dim_id, incoming_parent_id) WHERE status = 'pending';
