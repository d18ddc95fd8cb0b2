"""Common English for saliency (wordfreq's lists: read from files, so not in core).

The scoring itself (natural log, thresholds) is pure: core/graph/saliency.py.
"""

from __future__ import annotations

import logging
from functools import lru_cache

from ..core.graph.saliency import *  # noqa: F401,F403  (SaliencyPolicy, thresholds)
from ..core.graph.saliency import DEFAULT_COMMON_MIN_ZIPF

log = logging.getLogger(__name__)


@lru_cache(maxsize=4)
def english_common_words(min_zipf: float = DEFAULT_COMMON_MIN_ZIPF,
                         scan: int = 20000) -> frozenset:
    """Common English words (wordfreq, Zipf >= `min_zipf`), lowercased.

    Falls back to the tokenizer's function words if wordfreq is not installed: saliency then
    still works, common words just take longer to be recognised as noise by frequency.
    """
    try:
        import wordfreq  # a runtime dependency, imported lazily: ~50 ms to load its lists
    except ImportError:
        from .tokenizer import STOPWORDS
        log.warning("wordfreq is not installed: common English detection uses stopwords only")
        return frozenset(STOPWORDS)
    out = []
    for w in wordfreq.top_n_list("en", scan):
        if wordfreq.zipf_frequency(w, "en") < min_zipf:
            break  # the list is sorted by frequency
        out.append(w.lower())
    return frozenset(out)
