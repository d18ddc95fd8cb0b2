"""Loop detection over the tail of one session's action history.

Four kinds, checked most specific first (only one is reported per action):

- ``exact``: the same tool call (or the same text) issued repeatedly in a row;
- ``near``: the same tool with arguments that differ only in volatile parts (counting numbers,
  timestamps, ids, whitespace) and results that bring nothing new;
- ``cycle``: a short sequence (A B, A B C) repeated with nothing new coming back;
- ``stagnation``: the same error three times in a row, whatever the attempts were.

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
    members: tuple[Action, ...] = ()  # every action of the loop when they differ (stagnation)
    loop_keys: tuple[str, ...] = ()   # near keys of the loop's actions (for history truncation)


LONG_VALUE_CHARS = 80


def _similar(a: str, b: str, threshold: float) -> bool:
    if a == b:
        return True
    # a cheap length bound first: ratio cannot reach the threshold when lengths differ a lot
    la, lb = len(a), len(b)
    if not la or not lb or min(la, lb) * 200 < threshold * (la + lb):
        return False
    return fuzz.ratio(a, b, score_cutoff=threshold) >= threshold


def _near_args(a: ActionKeys, b: ActionKeys, threshold: float, *, targets: bool = True) -> bool:
    """Same tool, same argument names, and every argument value similar on its own (so a
    long unchanged envelope cannot hide a different command inside one argument)."""
    if a.tool != b.tool:
        return False
    if a.near == b.near:
        return True
    if len(a.parts) != len(b.parts):
        return False
    for (ka, va), (kb, vb) in zip(a.parts, b.parts):
        if ka != kb:
            return False
        if va == vb:
            continue
        # A short value (a path, a name, a flag) that still differs once its volatile parts are
        # normalised names another target: `cat widget_a.py`, `cat widget_b.py` is reading
        # several files, not a loop. Only inside a long value (a script, a query) can a small
        # non-volatile edit be noise around the same repeated action.
        # (`targets=False`: only asks whether two calls are variants of one command, as the
        # stagnation check does to exempt a growing backoff.)
        if (targets and min(len(va), len(vb)) < LONG_VALUE_CHARS) or not _similar(va, vb, threshold):
            return False
    return True


def _same_outcome(a: ActionKeys, b: ActionKeys, threshold: float) -> bool:
    """Both brought the same (normalised) result, or both brought nothing.

    A result that echoes the number that changed in the arguments (``write svc2.conf`` ->
    "wrote svc2.conf", ``page=3`` -> "page 3 of 9") is about a different target: progress,
    even though the normalised texts match. A counter the result does not echo
    (``?attempt=3`` -> "connection refused after 1203 ms") is the loop's own noise.
    """
    if a.outcome is None or b.outcome is None:
        return a.outcome is None and b.outcome is None
    if a.out_digest != b.out_digest or not _similar(a.outcome, b.outcome, threshold):
        return False
    if a.numbers == b.numbers or a.out_numbers == b.out_numbers:
        return True  # no counter moved in the arguments, or nothing numeric moved in the result
    changed_args = set(a.numbers) ^ set(b.numbers)
    if changed_args and changed_args & (set(a.out_numbers) ^ set(b.out_numbers)):
        return False
    return True


def _is_backoff(run: Sequence[ActionKeys], growth: float) -> bool:
    """Some number in the arguments grows by at least ``growth`` on every call of the run's
    tail (the first call of a poll often has no wait at all: ``curl``, then ``sleep 2 && curl``)."""
    width = len(run[-1].numbers)
    tail: list[ActionKeys] = []
    for k in reversed(run):
        if len(k.numbers) != width:
            break
        tail.append(k)
    tail.reverse()
    if len(tail) < 2 or len(tail) < len(run) - 1:  # at most one leading call without the wait
        return False
    for pos in range(width):
        values = [k.numbers[pos] for k in tail]
        if values[0] > 0 and all(b >= a * growth for a, b in zip(values, values[1:])):
            return True
    return False


def _walk(s: LoopSettings) -> int:
    """How far back a run is followed: enough for every rule (counts saturate there; the
    breaker has acted long before)."""
    return 2 * max(s.repeat_count, s.stagnation_count, s.backoff_max_polls + 1, 2 * s.max_cycle_length)


def _exact(tail: Sequence[Recorded], s: LoopSettings) -> Optional[Detection]:
    last = tail[-1].keys
    run = 1
    for rec in reversed(tail[-_walk(s):-1]):
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
    return Detection("exact", last.near, (tail[-1].action,), run, tail[-1].action.outcome(),
                     loop_keys=(last.near,))


def _near(tail: Sequence[Recorded], s: LoopSettings) -> Optional[Detection]:
    last = tail[-1].keys
    run_keys = [last]
    for rec in reversed(tail[-_walk(s):-1]):
        prev = run_keys[-1]
        if not _near_args(rec.keys, last, s.similarity):
            break
        if not _same_outcome(rec.keys, prev, s.similarity):
            break  # something new came back: progress, not a loop
        if rec.keys.outcome is not None and not rec.keys.outcome.strip() \
                and rec.keys.exact != prev.exact:
            break  # silent successes on different targets (mv a1 b, mv a2 b) are batch work
        run_keys.append(rec.keys)
    run = len(run_keys)
    if run < s.repeat_count:
        return None
    if _is_backoff(run_keys[::-1], s.backoff_growth) and run <= s.backoff_max_polls:
        return None
    # keyed by the run's first action: the key stays put while the counter moves
    return Detection("near", run_keys[-1].near, (tail[-1].action,), run, tail[-1].action.outcome(),
                     loop_keys=tuple(dict.fromkeys(k.near for k in run_keys)))


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
            return Detection("cycle", key, steps, run // period, tail[-1].action.outcome(),
                             loop_keys=tuple(dict.fromkeys(block)))
    return None


def _stagnation(tail: Sequence[Recorded], s: LoopSettings) -> Optional[Detection]:
    k = s.stagnation_count
    if len(tail) < k:
        return None
    window = tail[-k:]
    outcome = window[-1].keys.outcome
    if not outcome:
        return None
    if not all(_same_outcome(a.keys, b.keys, s.similarity) for a, b in zip(window, window[1:])):
        return None
    raw = window[-1].action.outcome() or ""
    if not _ERRORISH.search(raw):
        return None  # "ok" or "file saved" three times after three different actions is work
    keys = [r.keys for r in window]
    related = all(_near_args(r, keys[-1], s.similarity * 0.75, targets=False) for r in keys)
    if related and _is_backoff(keys, s.backoff_growth) and k <= s.backoff_max_polls:
        return None  # waiting longer each time for a service to come back is deliberate
    run = k
    newer = window[0].keys
    for rec in reversed(tail[:-k]):
        if not _same_outcome(rec.keys, newer, s.similarity):
            break
        newer = rec.keys
        run += 1
    members = tuple(r.action for r in tail[-run:])
    return Detection("stagnation", "result:" + outcome[:300], (window[-1].action,), run, raw,
                     members, tuple(dict.fromkeys(r.keys.near for r in tail[-run:])))


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
