"""Bounds and timings of the graph service (one place, imported by its parts)."""

# A prompt longer than this is a pasted document or an attack, not a message: the hook reads
# its first MAX_PROMPT_CHARS characters, the CLI and the HTTP API refuse it.
MAX_PROMPT_CHARS = 100_000
MAX_BACKLOG = 50  # prompts seen before the cache is loaded, processed once it is
SNAPSHOT_WAIT_S = 3.0  # how long start waits for Postgres before serving from the snapshot
CONNECT_TIMEOUT_S = 60.0  # the embedded server's first start (initdb) takes a while
RECONNECT_MAX_DELAY_S = 5.0
# Attempts of one operation before a transient error is handled like an outage (the
# operation then waits in the journal for the reconnect loop, which retries forever).
IN_PLACE_ATTEMPTS = 6
SNAPSHOT_MAX_AGE_S = 300.0  # a full load rewrites a snapshot older than this
