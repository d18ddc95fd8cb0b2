-- The concept graph of festinger-concept-graph.md, Phase 2 (T07-T13), column for column.

-- LLM providers for the write path and the resolution job; api_key holds a Fernet token,
-- never the plain key (the Fernet key lives outside the database).
CREATE TABLE models (
    id          SERIAL PRIMARY KEY,
    provider    VARCHAR NOT NULL CHECK (provider IN ('claude', 'openai')),
    model_name  VARCHAR NOT NULL CHECK (length(model_name) BETWEEN 1 AND 200),
    api_key     VARCHAR,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Runtime settings changeable without redeployment.
CREATE TABLE config (
    key         VARCHAR PRIMARY KEY,
    value       TEXT,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO config (key, value) VALUES
    ('write_model_id', NULL),
    ('resolve_model_id', NULL),
    ('saliency_read_threshold', '0.5'),
    ('saliency_write_threshold', '1.2'),
    ('recollection_confidence_floor', '0.6'),
    ('recollection_recency_days', '90'),
    ('resolution_schedule', '0 2 * * *');

-- SOAS: concept vocabulary and saliency. Dimensions are SOAS concepts too.
CREATE TABLE soas (
    id               SERIAL PRIMARY KEY,
    token            VARCHAR NOT NULL UNIQUE,
    encounter_count  INT NOT NULL DEFAULT 0,
    last_seen        TIMESTAMPTZ,
    saliency         FLOAT NOT NULL DEFAULT 0,
    novelty          FLOAT NOT NULL DEFAULT 0
);

-- URD: the acyclic IN relation. PK = full triple; UNIQUE (id, dim_id) = one parent per
-- concept per dimension. Root nodes are the one allowed self-reference (id = parent_id = dim_id).
CREATE TABLE urd (
    id              INT NOT NULL REFERENCES soas (id),
    parent_id       INT NOT NULL REFERENCES soas (id),
    dim_id          INT NOT NULL REFERENCES soas (id),
    is_isa          BOOLEAN NOT NULL,
    confidence      FLOAT NOT NULL DEFAULT 1.0 CHECK (confidence >= 0 AND confidence <= 1),
    last_confirmed  TIMESTAMPTZ NOT NULL DEFAULT now(),
    source          VARCHAR NOT NULL CHECK (source IN ('cloud_llm', 'inferred', 'festinger', 'gutask')),
    PRIMARY KEY (id, parent_id, dim_id),
    CHECK (id <> parent_id OR id = dim_id)
);
CREATE UNIQUE INDEX urd_one_parent_per_dimension ON urd (id, dim_id);
CREATE INDEX urd_by_parent ON urd (parent_id, dim_id);

-- Collisions waiting for the resolution job.
CREATE TABLE resolution_queue (
    id                   SERIAL PRIMARY KEY,
    concept_id           INT NOT NULL REFERENCES soas (id),
    existing_parent_id   INT REFERENCES soas (id),
    incoming_parent_id   INT NOT NULL REFERENCES soas (id),
    dim_id               INT NOT NULL REFERENCES soas (id),
    collision_type       VARCHAR NOT NULL CHECK (collision_type IN ('isa_isa', 'ispart_ispart', 'misclassification')),
    status               VARCHAR NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'resolved', 'dismissed')),
    resolution           JSONB,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    resolved_at          TIMESTAMPTZ,
    -- iknowthat (gutask) collisions are reviewed first
    priority             BOOLEAN NOT NULL DEFAULT false,
    incoming_is_isa      BOOLEAN NOT NULL DEFAULT true,
    incoming_confidence  FLOAT NOT NULL DEFAULT 1.0,
    incoming_source      VARCHAR NOT NULL DEFAULT 'inferred',
    attempts             INT NOT NULL DEFAULT 0,
    error                TEXT
);
CREATE INDEX resolution_queue_pending ON resolution_queue (status, priority DESC, created_at);

-- Concepts whose saliency crossed the write threshold, for the LLM write path.
CREATE TABLE write_queue (
    id            SERIAL PRIMARY KEY,
    concept_id    INT NOT NULL REFERENCES soas (id),
    status        VARCHAR NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
    attempts      INT NOT NULL DEFAULT 0,
    error         TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    processed_at  TIMESTAMPTZ
);
CREATE UNIQUE INDEX write_queue_one_pending ON write_queue (concept_id) WHERE status = 'pending';

-- History of resolution job runs (the admin page's "last run").
CREATE TABLE resolution_runs (
    id           SERIAL PRIMARY KEY,
    trigger      VARCHAR NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at  TIMESTAMPTZ,
    processed    INT NOT NULL DEFAULT 0,
    failed       INT NOT NULL DEFAULT 0,
    note         TEXT
);

-- T13: the six seed dimensions and their self-referential root nodes.
INSERT INTO soas (token) VALUES
    ('type'), ('membership'), ('runs-on'), ('tech'), ('owned-by'), ('geography');
INSERT INTO urd (id, parent_id, dim_id, is_isa, confidence, source)
    SELECT id, id, id, token = 'type', 1.0, 'festinger' FROM soas
    WHERE token IN ('type', 'membership', 'runs-on', 'tech', 'owned-by', 'geography');
