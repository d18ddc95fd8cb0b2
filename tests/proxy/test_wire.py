"""The forwarded body: the same JSON whichever encoder writes it."""

from __future__ import annotations

import json

import pytest

from festinger.proxy import wire

BODY = {"model": "m", "stream": True, "options": {"temperature": 0.7, "seed": 3},
        "messages": [{"role": "system", "content": "<recollection>\nx: [type] y\n</recollection>"},
                     {"role": "user", "content": "Zürich naïve 東京 \"quoted\" \\ \n\t tab"}]}


def test_same_json_as_the_standard_library() -> None:
    assert json.loads(wire.dumps(BODY)) == BODY


@pytest.mark.parametrize("value", [2 ** 70, "lone \ud800 surrogate"])
def test_values_orjson_refuses_are_written_by_json(value) -> None:
    body = {"messages": [], "x": value}
    assert wire.dumps(body) == json.dumps(body).encode()


def test_without_orjson(monkeypatch) -> None:
    monkeypatch.setattr(wire, "orjson", None)
    assert wire.dumps(BODY) == json.dumps(BODY).encode()
