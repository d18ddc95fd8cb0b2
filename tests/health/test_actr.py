"""ACT-R base-level activation and the cycle clock that measures ages in cycles."""

import math

import pytest

from festinger.core.actr import (AccessSpan, CycleClock, UseHistory, base_level_activation,
                                 history_activation, threshold_activation)


def exact(ages, d=0.5):
    return math.log(sum(a ** -d for a in ages))


def test_formula_is_ln_of_summed_power_decay():
    assert base_level_activation([4.0]) == pytest.approx(-0.5 * math.log(4))
    assert base_level_activation([1.0, 4.0, 9.0]) == pytest.approx(math.log(1 + 1 / 2 + 1 / 3))
    assert base_level_activation([]) == float("-inf")


def test_never_accessed_memory_crosses_the_threshold_exactly_at_the_threshold_age():
    tau = threshold_activation(50)
    assert history_activation(UseHistory(age=50)) == pytest.approx(tau)
    assert history_activation(UseHistory(age=51)) < tau
    assert history_activation(UseHistory(age=49)) > tau


def test_use_raises_activation_and_recency_matters():
    old = history_activation(UseHistory(age=100))
    used_long_ago = history_activation(UseHistory(age=100, access_count=1, last_access_age=90))
    used_recently = history_activation(UseHistory(age=100, access_count=1, last_access_age=2))
    used_often = history_activation(UseHistory(age=100, access_count=10, last_access_age=2))
    assert old < used_long_ago < used_recently < used_often


def test_even_spread_approximation_is_close_to_the_exact_sum():
    # created 200 cycles ago, accessed every 20 cycles, last 10 cycles ago
    ages = [200.0] + [10.0 + 20 * k for k in range(10)]
    approx = history_activation(UseHistory(age=200, access_count=10, last_access_age=10))
    assert approx == pytest.approx(exact(ages), abs=0.1)


def test_archival_split_puts_recent_accesses_after_the_archival():
    # created 300 ago, archived 100 ago with 0 accesses, then 3 accesses, the last 2 ago:
    # the other two are spread over the 98 cycles between the archival and the last access
    split = history_activation(UseHistory(age=300, access_count=3, last_access_age=2,
                                          archived_age=100, accesses_before_archival=0))
    assert split == pytest.approx(exact([300, 2, 2 + 98 / 3, 2 + 2 * 98 / 3]), abs=0.1)
    unsplit = history_activation(UseHistory(age=300, access_count=3, last_access_age=2))
    assert split > unsplit  # knowing they came after the archival makes them recent


def test_spans_and_decay_one():
    assert base_level_activation([], [AccessSpan(2, 5, 5)]) == pytest.approx(math.log(2 * 5 ** -0.5))
    assert math.isfinite(base_level_activation([2], [AccessSpan(3, 2, 40)], decay=1.0))


def test_clock_maps_times_to_cycles_and_interpolates():
    clock = CycleClock.started(1000.0)
    for t in (1010.0, 1020.0, 1030.0):
        clock.tick(t)
    assert clock.cycle == 3
    assert clock.cycle_at(900.0) == 0          # before the clock started: counted as cycle 0
    assert clock.cycle_at(1015.0) == pytest.approx(1.5)
    assert clock.age(1015.0) == pytest.approx(1.5)
    assert clock.age(2000.0) == 0               # during the current cycle
    assert clock.age(None) is None


def test_clock_stays_bounded_and_monotonic():
    clock = CycleClock.started(0.0)
    for i in range(1, 5001):
        clock.tick(float(i))
    assert clock.cycle == 5000 and len(clock.checkpoints) <= 1024
    assert clock.cycle_at(2500.0) == pytest.approx(2500.0, abs=8)   # thinned, still close
    clock.tick(10.0)                     # the wall clock stepped back: never goes backwards
    assert clock.checkpoints[-1][1] == 5000.0


def test_clock_round_trips_and_rejects_corrupt_data():
    clock = CycleClock.started(5.0)
    clock.tick(6.0)
    assert CycleClock.from_dict(clock.to_dict()) == clock
    for bad in (None, [], {"cycle": -1, "checkpoints": []}, {"cycle": 2, "checkpoints": [[0, 1.0], [0, 2.0]]},
                {"cycle": 1, "checkpoints": [[0, "x"]]}, {"cycle": 1, "checkpoints": [[5, 1.0]]},
                {"cycle": True, "checkpoints": []}):
        assert CycleClock.from_dict(bad) is None
