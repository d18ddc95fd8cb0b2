"""Top-n selection for the conflict check's neighbour search: pure numpy, no FAISS, no state.

Three jobs, shared by the exact scan and the shortlist path (:mod:`.vector_shadow`) so the
two give the same answer:

- :func:`top_n`: the ``n`` best scores in one fixed order (score descending, then position
  ascending). Duplicate memories (the same text saved twice) score exactly alike, and an
  order left to ``argpartition`` could differ between the two paths.
- :func:`error_bound` / :func:`certified`: when the exact top-n of a shortlist (chosen by
  approximate scores, re-scored exactly) is provably the exact top-n of the whole store.
  Every row left out of the shortlist has an approximate score at most the shortlist's
  lowest, so its exact score is at most that plus the approximation's error bound; when the
  shortlist's n-th exact score is strictly above that, no row left out can enter (nor tie
  into) the top-n.
- :func:`settle`: the last ranks re-scored in float64, so both paths agree to the bit even
  where BLAS's float32 blocking would not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

# float32 unit roundoff: each product and each addition of a float32 dot product may be off
# by this much relative to the terms' magnitude.
_U32 = 2.0 ** -24
CODE_MAX = 127.0  # codes in [-127, 127]: symmetric, so no offset enters the scores
_SETTLE_CHUNK = 4096  # rows re-scored in float64 at a time (many equal memories: bounded memory)


def top_n(scores: np.ndarray, n: int) -> np.ndarray:
    """Indices of the ``n`` largest ``scores``, best first; equal scores by index ascending.

    Callers pass scores in position order, so ties go to the older memory, on any path."""
    total = int(scores.shape[0])
    if n <= 0 or total == 0:
        return np.empty(0, dtype=np.int64)
    if n >= total:
        chosen = np.arange(total)
    else:
        chosen = _best_n(scores, n)
        if chosen.size < n:  # NaN sorts as largest and compares as nothing: rank it last
            scores = np.where(np.isnan(scores), -np.inf, scores)
            chosen = _best_n(scores, n)
    order = np.lexsort((chosen, -scores[chosen]))
    return chosen[order].astype(np.int64, copy=False)


def _best_n(scores: np.ndarray, n: int) -> np.ndarray:
    total = int(scores.shape[0])
    kth = np.partition(scores, total - n)[total - n]  # the n-th largest
    above = np.flatnonzero(scores > kth)
    ties = np.flatnonzero(scores == kth)[: n - above.size]  # lowest positions win a tie
    return np.concatenate([above, ties])


def query_codes(query: np.ndarray, scale: np.ndarray) -> tuple[np.ndarray, float, np.ndarray]:
    """The query as integer codes for the 8-bit scan: (codes, t, error per dimension).

    The scan's score of a row with codes ``c`` is ``sum(c * codes) / t``, an integer sum (exact
    in float32 below 2**24: 384 x 127 x 127 is 6.2 million); ``error`` is
    ``query / scale - codes / t``, what the query loses by being integer too."""
    qs = np.asarray(query, dtype=np.float64).reshape(-1) / np.asarray(scale, dtype=np.float64)
    top = float(np.abs(qs).max()) if qs.size else 0.0
    if not np.isfinite(top) or top == 0.0:
        return np.zeros_like(qs), 0.0, np.full_like(qs, np.inf)
    t = CODE_MAX / top
    codes = np.rint(qs * t)
    return codes, t, qs - codes / t


@dataclass
class RowErrors:
    """What encoding the shadowed rows lost, measured as they were encoded (maxima so far).

    Rows are encoded as ``codes = rint(x * scale)`` within [-127, 127] (rows that would need
    more are kept out: the shadow re-scores them exactly), so ``|x| <= 127.5 / scale``."""

    scale: np.ndarray
    code_norm: float = 0.0   # largest Euclidean norm of a row's codes
    row_norm: float = 0.0    # largest Euclidean norm of a row

    @property
    def dim_err(self) -> np.ndarray:
        """Per dimension, the most ``|x - codes / scale|`` can be: rint of a float32 product
        is within 0.5 of it, the product within a roundoff of ``x * scale`` (|.| <= 127.5).
        Known without looking at the rows, so encoding costs no pass for it."""
        return (0.5 + 128.0 * _U32) / self.scale.astype(np.float64)

    @property
    def abs_max(self) -> float:
        return float(np.max((CODE_MAX + 0.5) / self.scale.astype(np.float64))) if self.scale.size else 0.0

    def add(self, squared_norms: np.ndarray, codes: np.ndarray) -> None:
        """Rows just encoded: their squared norms and their codes (float32)."""
        if codes.shape[0] == 0:
            return
        self.row_norm = max(self.row_norm, float(np.sqrt(squared_norms.max())))
        self.code_norm = max(self.code_norm, float(np.sqrt(np.einsum("ij,ij->i", codes, codes).max())))


def error_bound(query: np.ndarray, query_err: np.ndarray, rows: RowErrors) -> float:
    """Most ``|exact - approximate|`` can be for any shadowed row against ``query``.

    With ``s`` the shadow's per-dimension scale, ``c`` a row's codes and ``k / t`` the query's
    (:func:`query_codes`), ``exact - approximate`` is

        sum((x - c / s) * q)   the row's rounding:   <= Hoelder bound with ``dim_err``
      + sum(c * query_err)     the query's rounding: <= min(Hoelder, Cauchy-Schwarz) bound

    plus float32 rounding of the exact BLAS dot product, at most (d + 2) roundoffs of the sum
    of |terms| (the integer scan has none), counted twice over for slack."""
    q = np.abs(np.asarray(query, dtype=np.float64).reshape(-1))
    e = np.abs(np.asarray(query_err, dtype=np.float64).reshape(-1))
    row_part = float(q @ rows.dim_err)
    query_part = min(CODE_MAX * float(e.sum()), rows.code_norm * float(np.sqrt(e @ e)))
    rounding = (q.size + 2) * _U32 * rows.abs_max * float(q.sum())
    return row_part + query_part + 4.0 * rounding


def rounding_band(query: np.ndarray, row_norm: float = 1.0) -> float:
    """How far a float32 BLAS score can be from the true one, doubled: (d + 2) roundoffs of
    ``|x| |q|`` each way. ``row_norm`` bounds the rows' length (Agent Zero's embedders give
    unit vectors; a longer row only risks the order of scores equal to the last bits)."""
    q = np.asarray(query, dtype=np.float64).reshape(-1)
    return 2.0 * (q.size + 2) * _U32 * max(1.0, float(row_norm)) * float(np.sqrt(q @ q)) + 1e-12


def settle(xb: np.ndarray, positions: Optional[np.ndarray], scores: np.ndarray, n: int,
           query: np.ndarray, band: float) -> tuple[np.ndarray, np.ndarray]:
    """The final ``n`` (float64 scores, positions), the same on every path.

    Why: BLAS computes a row's float32 score differently by where the row falls in its blocks
    (the last rows of a call, a thread's share), so the full scan and a shortlist's re-scoring
    can differ in the last bit, and equal memories can get unequal scores. So the rows whose
    float32 score is within ``band`` (:func:`rounding_band`) of the n-th are re-scored in
    float64 (products of float32 are exact there; one summation order per row) and ranked by
    score, then position. ``positions``: the rows ``scores`` belong to, ascending (None: 0..)."""
    best = top_n(scores, n)
    if best.size == 0:
        return np.empty(0), np.empty(0, dtype=np.int64)
    kth = float(scores[best[-1]])
    near = np.flatnonzero(scores >= kth - band) if np.isfinite(kth) else np.sort(best)
    rows = near if positions is None else positions[near]
    q64 = np.asarray(query, dtype=np.float64).reshape(-1)
    exact = np.concatenate([(xb[rows[i:i + _SETTLE_CHUNK]].astype(np.float64) * q64).sum(axis=1)
                            for i in range(0, rows.size, _SETTLE_CHUNK)])
    order = top_n(exact, n)  # rows ascending: ties go to the lower position
    return exact[order], rows[order].astype(np.int64, copy=False)


def certified(nth_exact: float, lowest_approx: float, bound: float) -> bool:
    """True when no row outside the shortlist can reach the shortlist's n-th exact score."""
    return bool(np.isfinite(nth_exact)) and float(nth_exact) > float(lowest_approx) + float(bound)
