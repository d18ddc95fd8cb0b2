"""A new value that refines the old one rather than replacing it (pure logic).

"The server runs on Ubuntu" / "The server migrated from Ubuntu to Ubuntu 24.04", "The app uses
PostgreSQL" / "... to Aurora PostgreSQL", "User works at Kaiser" / "left Kaiser and joined Kaiser
Permanente": a new value that holds the old value's name whole (as words) is a version, an edition,
a managed flavour or a unit of it, and the old one is still in use. A new value built on the old
one without naming it ("Kubernetes" -> "EKS", "React" -> "Next.js", "Linux" -> "NixOS") is read from
a small lexicon of "Y runs on X" pairs. Places are not read here ("York" / "New York").
"""

from __future__ import annotations

import re

from festinger.core.contradiction.lexicon import BUILT_ON
from festinger.core.contradiction.values import Value

__all__ = ["contrasts_a_kind_of", "refines"]

_OLD_ALIASES = {"postgres": "postgresql", "postgresql": "postgresql", "k8s": "kubernetes", "reactjs": "react",
                "vuejs": "vue", "nodejs": "node", "mongo": "mongodb"}


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[\w.+#-]+", text.lower()) if w not in ("the", "a", "an")]


def _squash(words: list[str]) -> str:
    return "".join(words).replace(".", "").replace("-", "").replace("_", "").replace("!", "")


def refines(old: str, new: str) -> bool:
    """Whether `new` is a version, edition, flavour, unit or layer of `old` (never a move off it)."""
    o, n = _words(old), _words(new)
    if not o or not n or o == n:
        return False
    if any(n[i:i + len(o)] == o for i in range(len(n) - len(o) + 1)):
        return True  # "Ubuntu 24.04" of "Ubuntu", "Aurora PostgreSQL" of "PostgreSQL"
    if (len(n) >= len(o) and n[:len(o) - 1] == o[:-1] and o[-1][:1].isdigit()
            and n[len(o) - 1].startswith(o[-1] + ".")):
        return True  # "Python 3.12" of "Python 3": a point release of the same version
    key = _squash(o)
    key = _OLD_ALIASES.get(key, key)
    body = [w for w in n if w not in ("generic", "managed", "hosted")]
    for cut in (body, body[:1], body[:2]):
        built = BUILT_ON.get(_squash(cut))
        if built and (key in built or _OLD_ALIASES.get(key, key) in {_OLD_ALIASES.get(b, b) for b in built}):
            return True
    return False


# The ", not Y" tail of a sentence ("The user's favourite drink is espresso, not coffee with milk").
_NOT_TAIL_RE = re.compile(r",\s+(?:and\s+)?not\s+(?:(?:a|an|the)\s+)?([^,;:]{1,60}?)\s*[.!]?\s*$", re.I)


def contrasts_a_kind_of(old: Value, sentence: str) -> bool:
    """Whether the incoming sentence sets its value against a narrower kind of the old value: the
    tail's "not Y" holds every word of the old value and more, so what it replaces is that kind,
    and the old value may well be the family the new one belongs to (only two known tools of one
    kind are sure alternatives: "VS Code, not Vim with plugins")."""
    m = _NOT_TAIL_RE.search(sentence)
    if m is None:
        return False
    named, words = set(m.group(1).lower().split()), set(old.display.lower().split())
    return bool(words) and words < named
