"""Accepted means durable: only the operation's own data can get it rejected."""

from __future__ import annotations

import json

import asyncpg
import pytest
from asyncpg.exceptions import _base as apg_base

from festinger.graph import store
from festinger.graph.journal import Op

from .conftest import settle


@pytest.mark.parametrize("exc, data", [
    (apg_base.InternalClientError("cannot switch to state 15; another operation (2) is in "
                                  "progress"), False),
    (asyncpg.exceptions.ObjectNotInPrerequisiteStateError(
        'database "x" is not currently accepting connections'), False),  # 55000
    (asyncpg.exceptions.AdminShutdownError("terminating connection"), False),  # 57P01
    (asyncpg.exceptions.CannotConnectNowError("starting up"), False),  # 57P03
    (asyncpg.exceptions.SerializationError("could not serialize"), False),  # 40001
    (asyncpg.exceptions.DeadlockDetectedError("deadlock"), False),  # 40P01
    (asyncpg.exceptions.TooManyConnectionsError("too many"), False),  # 53300
    (asyncpg.exceptions.ConnectionDoesNotExistError("closed"), False),
    (ConnectionResetError("reset by peer"), False),
    (TimeoutError(), False),
    (asyncpg.exceptions.UndefinedTableError("relation does not exist"), False),
    (asyncpg.exceptions.ForeignKeyViolationError("no such concept"), True),  # 23503
    (asyncpg.exceptions.CheckViolationError("source"), True),  # 23514
    (asyncpg.exceptions.NumericValueOutOfRangeError("out of range"), True),  # 22003
    (apg_base.DataError("invalid input for query argument $1"), True),
    (store.OpDataError("missing concept_id"), True),
])
def test_only_the_operations_own_data_is_a_data_error(exc, data):
    assert store.is_data_error(exc) is data


def test_a_data_error_is_rejected_and_the_caller_told_not_stored(graph_factory, tmp_path):
    """An edge naming concept ids that do not exist violates a foreign key: that operation
    alone is dropped (kept in rejected.jsonl), the ones after it are written."""
    svc, graph = graph_factory()
    bad = Op("edge", {"concept_id": 999_999, "parent_id": 999_998, "dim_id": 999_997,
                      "is_isa": True, "confidence": 1.0, "last_confirmed": None,
                      "source": "gutask"})
    import concurrent.futures

    fut: concurrent.futures.Future = concurrent.futures.Future()
    graph._waiters[bad.id] = fut
    svc.io.call(graph._enqueue([bad]))
    assert settle(svc, graph)
    result = fut.result(5)
    assert result["outcome"] == "error" and "ForeignKeyViolation" in result["reason"]
    assert graph.counters["rejected"] == 1
    lines = (svc.home / "journal" / "rejected.jsonl").read_text().splitlines()
    assert [json.loads(x)["op"] for x in lines] == [bad.id]


def test_iknowthat_cli_exits_non_zero_when_not_stored(graph_factory):
    from festinger.graph.iknowthat import _from_result
    from festinger.graph.models import Triple

    svc, graph = graph_factory()
    t = Triple("a", "b", "type", True, 1.0, "gutask")
    r = _from_result(graph, t, {"outcome": "error",
                                "reason": "CheckViolationError: postgresql://u:pw@h/db"})
    assert not r.ok and r.message.startswith("not stored") and "pw@" not in r.message
