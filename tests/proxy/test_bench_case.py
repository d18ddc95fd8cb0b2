"""The proxy's benchmark case (`festinger bench --only proxy`) in quick mode: its three processes
(client, proxy, fake upstream) start and stop, and 200 simultaneous streaming clients through the
proxy all get their whole answer. No timing is asserted (figures are the benchmark's, not a test's)."""

from __future__ import annotations

import multiprocessing

from festinger_testkit.bench.proxy import CONCURRENT, bench_proxy


def test_200_concurrent_streams_through_the_proxy_all_complete():
    rows = bench_proxy(quick=True)
    assert [r["name"].split(" (")[0].split(",")[0] for r in rows] == [
        "proxy overhead per request", "proxy overhead per request without the graph",
        "proxy time-to-first-byte overhead", f"{CONCURRENT} concurrent streaming clients through the proxy"]
    streams = rows[-1]
    assert streams["extra"]["errors"] == 0 and streams["n"] == CONCURRENT
    assert all(r["n"] > 0 for r in rows)
    assert not multiprocessing.active_children()  # the proxy and the upstream were stopped
