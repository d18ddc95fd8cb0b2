"""Role-aware hybrid recall: what Agent Zero's model sees of its memory each turn.

Modules: ``service``
(``RecallService``: query, embedding, dense + BM25 retrieval), ``pipeline`` (selection),
``bm25_index`` (incremental BM25), ``role_files`` (roles/*.json, reloaded on change),
``access_tracker`` (access counts, batched saves), ``a0_settings`` (Agent Zero's recall
settings). The hook handlers (the race-free takeover of Agent Zero's recall) are in
``festinger.a0.handlers.recall``; the benchmark and its evaluation in ``festinger_testkit``.
"""
