"""Loop detection over the tail of one session's action history.

Four kinds, checked most specific first (only one is reported per action):

- ``exact``: the same tool call (or the same text) issued repeatedly in a row;
- ``near``: the same tool with arguments that differ only in volatile parts (counting numbers,
  timestamps, ids, whitespace) and results that bring nothing new;
- ``cycle``: a short sequence (A B, A B C) repeated with nothing new coming back;
- ``stagnation``: the same result or error three times in a row from related attempts.

"Nothing new" is what separates a loop from normal work: paging, reading several files or
running the tests after each edit repeat a tool, but each call returns something different.
A poll whose wait grows (sleep 2, 4, 8...) is a deliberate backoff, exempt for a few polls.
Only the tail is examined, so the cost does not grow with the history.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Sequence

from rapidfuzz import fuzz

from .actions import Action, ActionKeys
from .settings import LoopSettings

_ERRORISH = re.compile(
    r"error|exception|traceback|fail|not found|no such|denied|refused|invalid|cannot|can't|"
    r"unable|timed out|timeout|exit code [1-9]|exit status [1-9]|forbidden|unauthori[sz]ed",
    re.IGNORECASE)


@dataclass(frozen=True)
class Recorded:
    action: Action
    keys: ActionKeys


@dataclass(frozen=True)
class Detection:
    kind: str                  # exact | near | cycle | stagnation
    key: str                   # what identifies this loop across calls (for escalation)
    actions: tuple[Action, ...]  # the repeated action(s), oldest first (one per cycle step)
    count: int                 # how many times it occurred in a row
    outcome: Optional[str]     # what the repeated action produced (raw text of the last one)


def _similar(a: str, b: str, threshold: float) -> bool:
    if a == b:
        return True
    # a cheap length bound first: ratio cannot reach the threshold when lengths differ a lot
    la, lb = len(a), len(b)
    if not la or not lb or min(la, lb) * 200 < threshold * (la + lb):
        return False
    return fuzz.ratio(a, b, score_cutoff=threshold) >= threshold


def _same_outcome(a: ActionKeys, b: ActionKeys, threshold: float) -> bool:
    """Both brought the same (normalised) result, or both brought nothing."""
    if a.outcome is None or b.outcome is None:
        return a.outcome is None and b.outcome is None
    return _similar(a.outcome, b.outcome, threshold)


def _is_backoff(run: Sequence[ActionKeys], growth: float) -> bool:
    """Some number in the arguments grows by at least ``growth`` on every call of the run."""
    counts = {len(k.numbers) for k in run}
    if len(run) < 2 or len(counts) != 1:
        return False
    for pos in range(counts.pop()):
        values = [k.numbers[pos] for k in run]
        if values[0] > 0 and all(b >= a * growth for a, b in zip(values, values[1:])):
            return True
    return False


def _exact(tail: Sequence[Recorded], s: LoopSettings) -> Optional[Detection]:
    last = tail[-1].keys
    run = 1
    for rec in reversed(tail[:-1]):
        if rec.keys.exact != last.exact:
            break
        run += 1
    if run < 2:
        return None
    # two identical calls with the same outcome are already a loop; with a changing outcome
    # (a retry that got a different answer) only a longer run is
    same = _same_outcome(tail[-2].keys, last, s.similarity)
    if run < s.repeat_count and not same:
        return None
    return Detection("exact", last.near, (tail[-1].action,), run, tail[-1].action.outcome())


def _near(tail: Sequence[Recorded], s: LoopSettings) -> Optional[Detection]:
    last = tail[-1].keys
    run_keys = [last]
    for rec in reversed(tail[:-1]):
        prev = run_keys[-1]
        if rec.keys.tool != last.tool or not _similar(rec.keys.near, last.near, s.similarity):
            break
        if not _same_outcome(rec.keys, prev, s.similarity):
            break  # something new came back: progress, not a loop
        if rec.keys.outcome is not None and not rec.keys.outcome.strip() \
                and rec.keys.near != last.near:
            break  # different targets that both came back empty prove nothing
        run_keys.append(rec.keys)
    run = len(run_keys)
    if run < s.repeat_count:
        return None
    if _is_backoff(run_keys[::-1], s.backoff_growth) and run <= s.backoff_max_polls:
        return None
    return Detection("near", last.near, (tail[-1].action,), run, tail[-1].action.outcome())


def _cycle(tail: Sequence[Recorded], s: LoopSettings) -> Optional[Detection]:
    n = len(tail)
    for period in range(2, s.max_cycle_length + 1):
        if n < 2 * period:
            break
        block = [r.keys.near for r in tail[-period:]]
        if len(set(block)) < 2:
            continue  # one action repeated is a repeat, not a cycle
        # length of the trailing run where every action equals the one `period` before it and
        # brought the same outcome
        run = period
        i = n - 1
        while i - period >= 0:
            a, b = tail[i].keys, tail[i - period].keys
            if a.near != b.near or not _same_outcome(a, b, s.similarity):
                break
            run += 1
            i -= 1
        if run >= 2 * period:
            steps = tuple(r.action for r in tail[-period:])
            key = "cycle:" + "|".join(sorted(set(block)))
            return Detection("cycle", key, steps, run // period, tail[-1].action.outcome())
    return None


def _stagnation(tail: Sequence[Recorded], s: LoopSettings) -> Optional[Detection]:
    k = s.stagnation_count
    if len(tail) < k:
        return None
    window = tail[-k:]
    outcome = window[-1].keys.outcome
    if not outcome:
        return None
    if not all(r.keys.outcome is not None and _similar(r.keys.outcome, outcome, s.similarity)
               for r in window):
        return None
    raw = window[-1].action.outcome() or ""
    related = all(r.keys.tool == window[-1].keys.tool for r in window) and all(
        _similar(r.keys.near, window[-1].keys.near, s.similarity * 0.75) for r in window)
    if not (_ERRORISH.search(raw) or related):
        return None  # "file saved" three times after three different writes is normal work
    keys = [r.keys for r in window]
    if related and _is_backoff(keys, s.backoff_growth) and k <= s.backoff_max_polls:
        return None
    run = k
    for rec in reversed(tail[:-k]):
        if rec.keys.outcome is None or not _similar(rec.keys.outcome, outcome, s.similarity):
            break
        run += 1
    return Detection("stagnation", "result:" + outcome[:300], (window[-1].action,), run, raw)


def detect(history: Sequence[Recorded], s: LoopSettings) -> Optional[Detection]:
    """The loop the newest action belongs to, if any."""
    if not history:
        return None
    # enough tail for the longest check: a cycle run, a repeat run, a backoff window
    span = max(2 * s.max_cycle_length, s.repeat_count, s.stagnation_count, s.backoff_max_polls) + 1
    tail = history[-(4 * span):]
    for check in (_exact, _near, _cycle, _stagnation):
        found = check(tail, s)
        if found is not None:
            return found
    return None
