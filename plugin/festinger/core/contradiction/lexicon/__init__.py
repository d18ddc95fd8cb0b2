"""Word lists of the contradiction detector, one module per topic (data only, no logic).

Every list is deliberately closed: the detector only fires on what it recognises, so a word
missing from a list costs recall (a redundant memory), never precision (a wrongly deprecated one).
Callers read them as ``lexicon.NAME``; this module gathers the topics into one namespace.
"""

from __future__ import annotations

from .events import *  # noqa: F401,F403
from .markers import *  # noqa: F401,F403
from .means import *  # noqa: F401,F403
from .names import *  # noqa: F401,F403
from .nouns import *  # noqa: F401,F403
from .places import *  # noqa: F401,F403
from .states import *  # noqa: F401,F403
from .tech import *  # noqa: F401,F403
from .timezones import *  # noqa: F401,F403
from .tz_links import *  # noqa: F401,F403
from .units import *  # noqa: F401,F403
from .anchors import *  # noqa: F401,F403
