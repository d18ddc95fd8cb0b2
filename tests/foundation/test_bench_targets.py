"""`festinger bench` says when a row misses its target, and `--check` turns a miss into exit 1."""

from __future__ import annotations

from festinger.bench import targets
from festinger.cli import main


def test_time_targets_are_checked_against_the_right_statistic():
    assert targets.misses({"target": "median <= 5 ms", "median_ms": 6.2, "p99_ms": 9}) == [
        "median 6.2 ms > 5 ms"]
    assert targets.misses({"target": "median <= 5 ms", "median_ms": 4.9, "p99_ms": 90}) == []
    assert targets.misses({"target": "median <= 10 ms; p99 <= 30 ms", "median_ms": 6,
                           "p99_ms": 31}) == ["p99 31 ms > 30 ms"]
    assert targets.misses({"target": "1M edges <= 5000 ms", "median_ms": 5100, "p99_ms": 1})
    assert targets.misses({"target": "<= 5 s", "median_ms": 4000, "p99_ms": 1}) == []
    # a target about something else is not a time target: nothing to check here
    assert targets.met({"target": "precision 1.00", "median_ms": 3}) is None
    assert targets.met({"name": "x", "error": "boom"}) is None


def _fake_cases(monkeypatch, median: float) -> None:
    def case(quick):
        return {"name": "fake hot path", "median_ms": median, "p99_ms": median, "n": 5,
                "target": "median <= 5 ms"}

    monkeypatch.setattr("festinger.bench.runner.load_cases", lambda: (case,))


def test_a_missed_target_is_marked_and_check_fails(monkeypatch, capsys):
    _fake_cases(monkeypatch, 6.2)
    assert main(["bench"]) == 0  # without --check a miss is reported, not fatal
    out = capsys.readouterr().out
    assert "MISSED: median 6.2 ms > 5 ms" in out and "1 row(s) missed their target" in out
    assert main(["bench", "--check"]) == 1


def test_check_passes_when_every_target_is_met(monkeypatch, capsys):
    _fake_cases(monkeypatch, 3.0)
    assert main(["bench", "--check"]) == 0
    assert "MISSED" not in capsys.readouterr().out
