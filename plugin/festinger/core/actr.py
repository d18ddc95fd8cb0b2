"""ACT-R base-level activation of a memory, measured in cycles, from what its lineage keeps.

ACT-R's base-level learning equation gives a chunk's activation from the times it was used:

    B = ln( sum_j t_j ** -d )

where ``t_j`` is the time since the j-th presentation (its creation counts as one) and ``d``
the decay (0.5 is the human-calibrated value; cognitive-architecture.md asks to keep the
shape and treat the parameters as tunable starting points). Recent and frequent use raises
B; disuse lowers it. Maintenance uses B as its single measure of "age and use".

Time unit. The classification spec counts in cycles (``archival_threshold_cycles`` = 50,
``deprecation_retention_cycles`` = 100), so ``t`` is measured in monologue ends of the
memory store's agents, not seconds: an idle weekend does not age a memory, a busy hour does.
:class:`CycleClock` turns the wall-clock timestamps of lineage into cycle ages.

Approximation. Lineage keeps only ``created_at``, ``access_count`` and ``last_accessed``
(plus the pack's own ``archived_at`` / ``archived_access_count`` stamps), not every access
time. Following the hybrid approximation of Petrov (2006) -- keep the most recent use exact,
spread the others evenly -- the creation and the last access are exact presentations, and
the remaining ``access_count - 1`` accesses are assumed evenly spread between them (between
creation and archival, and archival and the last access, when the archival stamp tells how
many came before it). The mean of ``t ** -d`` over an even spread on ``[a, b]`` has a closed
form, so no individual times are invented. With no accesses the formula is exact:
``B = -d * ln(age)``, which is why ``threshold_activation(50)`` reproduces the spec's
"never accessed for 50 cycles" rule exactly.

Ages under one cycle (something that happened during the current cycle) are counted as one
cycle: the sum diverges at ``t = 0`` and the clock cannot resolve finer than a cycle.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

DEFAULT_DECAY = 0.5
MIN_AGE = 1.0


@dataclass(frozen=True)
class AccessSpan:
    """``count`` presentations assumed evenly spread between two ages (``newer <= older``)."""

    count: int
    newer_age: float
    older_age: float


def _mean_power(a: float, b: float, d: float) -> float:
    """Mean of t**-d for t uniform on [a, b] (a <= b, both >= MIN_AGE)."""
    if b - a < 1e-9:
        return a ** -d
    if abs(d - 1.0) < 1e-12:
        return math.log(b / a) / (b - a)
    return (b ** (1.0 - d) - a ** (1.0 - d)) / ((1.0 - d) * (b - a))


def base_level_activation(exact_ages: Iterable[float], spans: Sequence[AccessSpan] = (),
                          decay: float = DEFAULT_DECAY) -> float:
    """B = ln(sum t_j^-d) over exact presentations and evenly spread spans of them.

    Returns ``-inf`` when there is no presentation at all.
    """
    total = 0.0
    for age in exact_ages:
        total += max(float(age), MIN_AGE) ** -decay
    for span in spans:
        if span.count <= 0:
            continue
        a = max(min(span.newer_age, span.older_age), MIN_AGE)
        b = max(span.newer_age, span.older_age, MIN_AGE)
        total += span.count * _mean_power(a, b, decay)
    return math.log(total) if total > 0 else float("-inf")


def threshold_activation(cycles: float, decay: float = DEFAULT_DECAY) -> float:
    """The activation of something presented once, ``cycles`` ago: ``-d * ln(cycles)``.

    A spec threshold in cycles becomes an activation threshold with this: a memory never used
    since its creation falls below ``threshold_activation(N)`` exactly when it is older than
    N cycles; any use keeps it above for longer.
    """
    return -decay * math.log(max(float(cycles), MIN_AGE))


@dataclass(frozen=True)
class UseHistory:
    """What lineage tells about a memory's use, already converted to cycle ages."""

    age: float                                  # cycles since creation
    access_count: int = 0
    last_access_age: Optional[float] = None     # cycles since the last access
    archived_age: Optional[float] = None        # cycles since the pack archived it
    accesses_before_archival: Optional[int] = None

    @property
    def accesses_since_archival(self) -> int:
        if self.accesses_before_archival is None:
            return 0
        return max(0, self.access_count - self.accesses_before_archival)


def history_activation(h: UseHistory, decay: float = DEFAULT_DECAY) -> float:
    """Base-level activation reconstructed from lineage (see the module notes)."""
    age = max(h.age, MIN_AGE)
    exact = [age]
    n = max(0, h.access_count)
    last = h.last_access_age
    if n == 0 and last is not None:
        n = 1  # a last_accessed without a count (hand-edited or other tools): one use
    if n == 0:
        return base_level_activation(exact, (), decay)
    if last is None:
        # count without a time: spread every access over the whole lifetime
        return base_level_activation(exact, [AccessSpan(n, MIN_AGE, age)], decay)
    last = min(max(last, MIN_AGE), age)
    exact.append(last)
    rest = n - 1
    spans: list[AccessSpan] = []
    arch = h.archived_age
    before = h.accesses_before_archival
    if rest and arch is not None and before is not None and last <= arch <= age:
        after = max(0, n - before)          # accesses after archival, the last one included
        spans.append(AccessSpan(min(before, rest), arch, age))
        spans.append(AccessSpan(max(0, after - 1), last, arch))
    elif rest:
        spans.append(AccessSpan(rest, last, age))
    return base_level_activation(exact, spans, decay)


# --- the cycle clock -------------------------------------------------------------------------

MAX_CHECKPOINTS = 1024


def _epoch_of(checkpoint: tuple[int, float]) -> float:
    return checkpoint[1]


@dataclass
class CycleClock:
    """Maps wall-clock times to cycle numbers, so lineage timestamps become cycle ages.

    Each completed cycle adds a checkpoint ``(cycle, epoch seconds)``; a time between two
    checkpoints maps by linear interpolation. To stay small forever the older half is thinned
    (every other checkpoint dropped) when there are more than ``MAX_CHECKPOINTS``; that
    only blurs the ages of old events, which matter least. Times before the first
    checkpoint map to the first cycle: the clock cannot know how many cycles passed before
    it started, and counting them as none never archives or purges anything early.
    """

    cycle: int = 0
    checkpoints: list[tuple[int, float]] = field(default_factory=list)

    @classmethod
    def started(cls, epoch: float, cycle: int = 0) -> "CycleClock":
        return cls(cycle=cycle, checkpoints=[(cycle, float(epoch))])

    def tick(self, epoch: float) -> int:
        """One cycle completed at ``epoch``; returns the new cycle number."""
        if self.checkpoints:
            epoch = max(float(epoch), self.checkpoints[-1][1])  # the wall clock may step back
        self.cycle += 1
        self.checkpoints.append((self.cycle, float(epoch)))
        if len(self.checkpoints) > MAX_CHECKPOINTS:
            half = MAX_CHECKPOINTS // 2
            older, newer = self.checkpoints[:-half], self.checkpoints[-half:]
            self.checkpoints = older[::2] + newer
        return self.cycle

    def cycle_at(self, epoch: float) -> float:
        """The (fractional) cycle count at wall time ``epoch``."""
        cps = self.checkpoints
        if not cps:
            return float(self.cycle)
        if epoch <= cps[0][1]:
            return float(cps[0][0])
        if epoch >= cps[-1][1]:
            return float(self.cycle)
        i = bisect.bisect_right(cps, epoch, key=_epoch_of)
        (c0, t0), (c1, t1) = cps[i - 1], cps[i]
        if t1 - t0 <= 0:
            return float(c1)
        return c0 + (c1 - c0) * (epoch - t0) / (t1 - t0)

    def age(self, epoch: Optional[float]) -> Optional[float]:
        """Cycles completed since ``epoch`` (None stays None)."""
        if epoch is None:
            return None
        return max(0.0, self.cycle - self.cycle_at(epoch))

    def to_dict(self) -> dict:
        return {"cycle": self.cycle, "checkpoints": [[c, t] for c, t in self.checkpoints]}

    @classmethod
    def from_dict(cls, data: object) -> Optional["CycleClock"]:
        """Tolerant reader: None when the data is not a usable clock."""
        if not isinstance(data, dict):
            return None
        cycle = data.get("cycle")
        raw = data.get("checkpoints")
        if not isinstance(cycle, int) or isinstance(cycle, bool) or cycle < 0 or not isinstance(raw, list):
            return None
        cps: list[tuple[int, float]] = []
        for item in raw:
            if (isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[0], int)
                    and isinstance(item[1], (int, float)) and not isinstance(item[1], bool)):
                if cps and (item[0] <= cps[-1][0] or item[1] < cps[-1][1]):
                    return None  # not monotonic: corrupt
                cps.append((int(item[0]), float(item[1])))
            else:
                return None
        if cps and cps[-1][0] > cycle:
            return None
        return cls(cycle=cycle, checkpoints=cps)
