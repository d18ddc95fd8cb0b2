"""An 8-bit shadow of Agent Zero's vectors, so the conflict check need not read them all.

Why: the conflict check's neighbour search is an exact scan of Agent Zero's ``IndexFlatIP``
(100k memories x 384 float32 = 154 MB read per new memory, memory-bandwidth bound: most of
the check's time). The shadow holds the same rows as signed 8-bit codes with a per-dimension
scale (FAISS ``QT_8bit_direct_signed``: 38 MB, scanned on one FAISS thread); its scan picks
a shortlist (``widen`` x n rows), the shortlist is re-scored exactly against Agent Zero's own
float32 rows, and the answer is used only when it is provably the exact scan's
(:func:`.shortlist.certified`, with the error bound measured while encoding). Otherwise, and
whenever the shadow cannot be trusted, the caller scans exactly: the shadow can cost time,
never a neighbour.

The query goes to FAISS as integer codes too, so the 8-bit scan is exact integer arithmetic
however a FAISS version computes it: 1.15 turns the query into bytes itself when d % 16 == 0
(a float query would be truncated to zeros), 1.11 multiplies in float32 (exact for integers
below 2**24). :func:`_exact_integer_scan` checks that once per process before trusting it.

Staying in step (every call, under the store's lock, which Agent Zero's wrapped writes take:
:mod:`.memory_events`):

- Rows are only ever appended (langchain's ``add`` grows the index and adds to the same
  ``index_to_docstore_id`` dict): rows ``[0, covered)`` keep their positions and values, and
  the new ones are encoded, up to ``rows_per_call`` per call so no call holds the lock long;
  rows not encoded yet are re-scored exactly with the shortlist (the answer stays exact).
- Anything else drops the shadow and it is rebuilt from row 0: another index object (Agent
  Zero reloaded the store), another ``index_to_docstore_id`` object (langchain's ``delete``
  compacts positions and replaces the dict), fewer rows than covered, a mapping whose size is
  not the index's, or a spot check of three encoded rows against the live ones failing.
- Fewer than ``min_rows`` rows, another index type, a non-float32 query, a FAISS without the
  quantizer: no shadow (the exact scan is fast there, or the only one that is right).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from .faiss_store import _flat_ip_view, one_faiss_thread
from .shortlist import (CODE_MAX, RowErrors, certified, error_bound, query_codes, rounding_band, settle,
                        top_n)

MIN_ROWS = 20_000      # below this the exact scan takes ~2 ms: not worth 25% more memory
ROWS_PER_CALL = 16384  # ~1 us a row to encode: 100k memories are shadowed in 7 calls
WIDEN = 16             # shortlist = 16 x n rows (336 for the default conflict_top_k)
MIN_SHORTLIST = 64
_SCALE_MARGIN = 1.05   # room for later rows a little outside the range seen at the start
_RANGE_CHUNK = 16384   # rows per step of the range pass (bounded temporaries)
MAX_OUTLIERS = 256     # or 1% of the rows: more outliers than that and the scale is redone


@dataclass
class ShadowStats:
    shortlist: int = 0     # answered from the shortlist (certified)
    uncertified: int = 0   # shortlist not certified: the caller scanned exactly
    rebuilds: int = 0      # shadow dropped because it fell out of step


class VectorShadow:
    """The 8-bit shadow of one store's flat index. Only ever called under that store's lock."""

    def __init__(self, min_rows: int = MIN_ROWS, rows_per_call: int = ROWS_PER_CALL,
                 widen: int = WIDEN) -> None:
        self.min_rows = min_rows
        self.rows_per_call = max(1, rows_per_call)
        self.widen = max(1, widen)
        self.stats = ShadowStats()
        self._reset()

    def drop(self) -> None:
        """Forget the shadow (the next call rebuilds it); frees its memory."""
        self._reset()

    def _reset(self) -> None:
        self._index_ref: Optional[weakref.ref] = None
        self._mapping: Any = None  # a strong reference: its identity is the delete detector
        self._codes: Any = None    # faiss.IndexScalarQuantizer over rows [0, covered)
        self._scale = np.ones(0, dtype=np.float32)
        self._errors = RowErrors(self._scale)
        # Rows outside the scale's range (added after the scale was set): clamping would
        # widen everyone's bound, so they are kept out of it and always re-scored exactly.
        self._outliers: list[int] = []
        self._checks = 0
        self.covered = 0

    def search(self, db: Any, vector: np.ndarray, n: int) -> Optional[tuple[np.ndarray, np.ndarray]]:
        """(1 x n scores, 1 x n positions) exactly as the exact scan ranks them, or None: the
        caller scans exactly. The caller holds the store's lock."""
        # Every FAISS call on one OpenMP thread: even a one-row decode (the spot check's
        # reconstruct) opens a parallel region, and the woken thread then spins beside the
        # scan (FAISS 1.11 on a busy 2-core host: 45 ms a search instead of 7).
        with one_faiss_thread():
            return self._search(db, vector, n)

    def _search(self, db: Any, vector: np.ndarray, n: int) -> Optional[tuple[np.ndarray, np.ndarray]]:
        xb = _flat_ip_view(db.index)
        if (xb is None or xb.shape[0] < self.min_rows or n <= 0 or vector.dtype != np.float32
                or vector.shape != (1, xb.shape[1])):
            if self._codes is not None:
                self._reset()  # shrunk, or replaced by another index: free the codes
            return None
        if self._codes is not None and not self._in_step(db, xb):
            self.stats.rebuilds += 1
            self._reset()
        if len(db.index_to_docstore_id) != xb.shape[0] or not self._extend(db, xb):
            return None
        m = max(self.widen * n, MIN_SHORTLIST)
        if m >= self.covered:
            return None  # barely started: the shortlist would be most of the shadow
        query = np.ascontiguousarray(vector)
        codes, t, query_err = query_codes(query, self._scale)
        if t == 0.0:
            return None  # a zero or non-finite query: nothing to shortlist by
        approx, short = self._codes.search(codes.astype(np.float32).reshape(1, -1), m)
        # Re-scored exactly: the shortlist, the outliers and the rows not encoded yet (a
        # slice: no copy). Same BLAS dot products as the full scan, so the same floats.
        picked = np.union1d(short[0][short[0] >= 0], np.asarray(self._outliers, dtype=np.int64))
        cand = np.concatenate([picked, np.arange(self.covered, xb.shape[0])])  # sorted
        exact = np.concatenate([xb[picked] @ query[0], xb[self.covered:] @ query[0]])
        best = top_n(exact, n)
        if best.size < n:
            return None
        # Certified with room for the float32 rounding of the re-scoring, so every row that
        # settle() could rank into the n is in the candidates, as it is in the full scan.
        band = rounding_band(query, self._errors.row_norm)
        bound = error_bound(query, query_err, self._errors)
        if not certified(float(exact[best[-1]]) - 2.0 * band, float(approx[0][-1]) / t, bound):
            self.stats.uncertified += 1
            return None
        self.stats.shortlist += 1
        scores, positions = settle(xb, cand, exact, n, query, band)
        return scores.reshape(1, -1), positions.reshape(1, -1)

    def _in_step(self, db: Any, xb: np.ndarray) -> bool:
        """Do rows [0, covered) of the live index still hold what the shadow encoded?"""
        index = self._index_ref() if self._index_ref is not None else None
        if (index is not db.index or db.index_to_docstore_id is not self._mapping
                or xb.shape[0] < self.covered or xb.shape[1] != self._codes.d):
            return False
        # The identity checks catch langchain's delete; the spot check catches writers that
        # bypass it (a row changed in place, positions compacted under the same dict).
        self._checks += 1
        for pos in {0, self.covered - 1, (self._checks * 7919) % self.covered}:
            if not np.array_equal(self._codes.reconstruct(pos), self._encode(xb[pos:pos + 1])[0]):
                return False
        return True

    def _extend(self, db: Any, xb: np.ndarray) -> bool:
        """Encode up to ``rows_per_call`` rows past ``covered``; False: no shadow possible."""
        if self._codes is None and not self._start(db, xb):
            return False
        self._mapping = db.index_to_docstore_id
        end = min(xb.shape[0], self.covered + self.rows_per_call)
        if end <= self.covered:
            return True
        rows = xb[self.covered:end]
        norms = np.einsum("ij,ij->i", rows, rows)
        if not np.isfinite(norms.max()):
            return False  # a NaN row: no bound holds for it (the exact scan ranks it as ever)
        codes = np.rint(rows * self._scale)
        if codes.max() > CODE_MAX or codes.min() < -CODE_MAX:
            clamped = np.flatnonzero(np.abs(codes).max(axis=1) > CODE_MAX)
            self._outliers.extend((clamped + self.covered).tolist())
            if len(self._outliers) > max(MAX_OUTLIERS, self.covered // 100):
                self.stats.rebuilds += 1  # the vectors drifted: a new scale from all rows
                self._reset()
                return self._extend(db, xb)
            np.clip(codes, -CODE_MAX, CODE_MAX, out=codes)
            keep = np.ones(rows.shape[0], dtype=bool)
            keep[clamped] = False
            self._errors.add(norms[keep], codes[keep])
        else:
            self._errors.add(norms, codes)
        self._codes.add_sa_codes(_code_bytes(codes))  # a copy: FAISS's own add is 3x slower
        self.covered = end
        return True

    def _start(self, db: Any, xb: np.ndarray) -> bool:
        try:
            import faiss

            kind = faiss.ScalarQuantizer.QT_8bit_direct_signed  # FAISS >= 1.8
            self._index_ref = weakref.ref(db.index)
        except (ImportError, AttributeError, TypeError):
            return False
        if not _exact_integer_scan(xb.shape[1]):
            return False
        # Per-dimension scale: the full 8 bits for each dimension's range over all rows (one
        # pass, once), with a margin for later rows; a row outside it becomes an outlier.
        amax = np.zeros(xb.shape[1], dtype=np.float32)
        for start in range(0, xb.shape[0], _RANGE_CHUNK):
            chunk = xb[start:start + _RANGE_CHUNK]
            amax = np.maximum(amax, np.maximum(chunk.max(axis=0), -chunk.min(axis=0)))
        if not np.all(np.isfinite(amax)):
            return False
        floor = max(float(amax.max()) * 0.05, 1e-6)  # a dimension (nearly) always zero
        self._scale = (CODE_MAX / (np.maximum(amax, floor) * _SCALE_MARGIN)).astype(np.float32)
        self._codes = faiss.IndexScalarQuantizer(xb.shape[1], kind, faiss.METRIC_INNER_PRODUCT)
        try:  # capacity for the store and a quarter more: appends then never reallocate
            self._codes.codes.resize(int(xb.shape[0] * 1.25) * xb.shape[1])
            self._codes.codes.resize(0)
        except Exception:  # another FAISS layout: it grows as it goes
            pass
        self._errors = RowErrors(self._scale)
        return True

    def _encode(self, rows: np.ndarray) -> np.ndarray:
        codes = np.rint(rows * self._scale)
        np.clip(codes, -CODE_MAX, CODE_MAX, out=codes)
        return codes



def _code_bytes(codes: np.ndarray) -> np.ndarray:
    """FAISS's bytes for ``QT_8bit_direct_signed`` codes in [-127, 127]: ``code + 128``, i.e.
    the two's-complement byte with its top bit flipped (:func:`_exact_integer_scan` and the
    spot checks confirm FAISS reads them back as ``codes``)."""
    out = codes.astype(np.int8).view(np.uint8)
    np.bitwise_xor(out, 0x80, out=out)
    return out


_integer_scan_ok: dict[int, bool] = {}


def _exact_integer_scan(d: int) -> bool:
    """Does this FAISS's 8-bit scan give exact integer dot products at dimension ``d``?

    Checked once per dimension on two rows of extreme codes (a FAISS whose scan decodes or
    rounds differently would make the bound wrong, so it gets no shadow)."""
    ok = _integer_scan_ok.get(d)
    if ok is None:
        try:
            import faiss

            rng = np.random.default_rng(d)
            rows = rng.integers(-127, 128, size=(2, d)).astype(np.float32)
            rows[1] = CODE_MAX
            query = rng.integers(-127, 128, size=(1, d)).astype(np.float32)
            probe = faiss.IndexScalarQuantizer(d, faiss.ScalarQuantizer.QT_8bit_direct_signed,
                                               faiss.METRIC_INNER_PRODUCT)
            probe.add_sa_codes(_code_bytes(rows))
            scores, labels = probe.search(query, 2)
            want = rows.astype(np.float64) @ query[0].astype(np.float64)
            ok = bool(np.array_equal(scores[0], want[labels[0]]))
        except Exception:
            ok = False
        _integer_scan_ok[d] = ok
    return ok
