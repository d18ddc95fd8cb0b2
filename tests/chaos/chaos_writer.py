"""One writer process of the reliability suite: states its facts through `iknowthat` (the
same pipeline as `festinger iknowthat`), one JSON line per answer, then waits until its
journal is empty and writes a summary. Run by test_reliability.py, never by hand.

    python chaos_writer.py HOME DSN SCHEMA FACTS_FILE RESULTS_FILE
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def main() -> int:
    home, dsn, schema, facts_file, results_file = sys.argv[1:6]
    from festinger.config import load_config
    from festinger.graph.iknowthat import iknowthat
    from festinger.service import FestingerService

    facts = json.loads(Path(facts_file).read_text())
    svc = FestingerService(load_config(file_layer={}, environ={}), home=Path(home), dsn=dsn,
                           schema=schema)
    graph = svc.graph
    graph.auto_bootstrap = False
    graph.snapshots = False
    graph.wait_first_attempt(60)
    out = open(results_file, "a", encoding="utf-8")
    for fact in facts:
        r = svc.io.call(iknowthat(svc, fact, load_timeout=60), 120)
        out.write(json.dumps({"fact": fact, "ok": r.ok, "outcome": r.outcome,
                              "message": r.message}) + "\n")
        out.flush()
    # Counters so far (the suite may kill this process mid-replay: one more fault).
    out.write(json.dumps({"summary": True, "interim": True, **graph.counters}) + "\n")
    out.flush()
    # Everything accepted must reach the database before this process may end (a process that
    # ends earlier leaves its journal for the next start to replay; the suite checks both).
    deadline = time.monotonic() + 120
    settled = False
    while not settled and time.monotonic() < deadline:  # through outages: wait for the replay
        settled = svc.io.call(graph.settle(5), 30)
        if not settled:
            time.sleep(0.2)
    summary = {"summary": True, "settled": settled, "journal_left": len(graph.journal),
               **graph.counters}
    svc.close()
    out.write(json.dumps(summary) + "\n")
    out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
