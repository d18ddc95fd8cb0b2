-- LLM write path and resolution job (issue 6): backoff bookkeeping and provenance.

-- An OpenAI-compatible server (Ollama, vLLM) or a proxy in front of Anthropic; NULL = the
-- provider's default endpoint (or ANTHROPIC_BASE_URL / OPENAI_BASE_URL).
ALTER TABLE models ADD COLUMN base_url VARCHAR CHECK (base_url IS NULL OR length(base_url) <= 500);

-- Retries with backoff: a failed item is not claimed again before next_attempt_at. `result`
-- records what the LLM proposed and what the graph did with it.
ALTER TABLE write_queue ADD COLUMN next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now();
ALTER TABLE write_queue ADD COLUMN result JSONB;
CREATE INDEX write_queue_due ON write_queue (status, next_attempt_at);

-- When the resolution job last tried a still-pending item (its `error` says why it failed).
ALTER TABLE resolution_queue ADD COLUMN last_attempt_at TIMESTAMPTZ;

-- Which process ran a job (host:pid), for the admin page.
ALTER TABLE resolution_runs ADD COLUMN runner VARCHAR;
