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
from festinger.core.contradiction.grammar.comparison import compare
from festinger.core.contradiction.grammar.values import Relation, Statement, Value

__all__ = ["contrasts_a_kind_of", "corrects_another", "refines"]

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


def corrects_another(a: Statement, b: Statement) -> bool:
    """Whether the incoming statement names what it corrects ("is grunge, not metal", "moved from
    Denver to Austin") and that is not the stored value: the stored "rock" may be the family the new
    value belongs to ("grunge" is a rock), a thing the words do not tell (the twenty-seventh attack).
    The denied value is the corrected one only when it is the stored value itself."""
    if a.negated or b.negated or not a.values:
        return False
    if b.denied:
        return not any(_names(d, v) for d in b.denied for v in a.values)
    # a tail the grammar did not keep ("Lambda, not EC2", "Dr. Patel, not Dr. Shah"): read as written
    m = _NOT_TAIL_RE.search(b.sentence)
    if m is None:
        return False
    named = set(_words(m.group(1)))
    # "VS Code, not Vim with plugins" sets a kind of the stored "Vim" aside (`contrasts_a_kind_of`
    # judges it), unless the new value is itself a kind of the stored one ("Fedora, not Arch Linux")
    return not any(_squash(_words(m.group(1))) == _squash(_words(v.display))
                   or set(_words(v.display)) <= named and not any(refines(v.display, w.display) for w in b.values)
                   for v in a.values)


def _names(denied: Value, stored: Value) -> bool:
    """Whether the denied value is the stored one, or a shorter name of it ("Acme" of "Acme Corp",
    "analyst" of "data analyst", "PostgreSQL" of "PostgreSQL 15")."""
    if denied.norm == stored.norm or compare(denied, stored) is Relation.SAME or denied.norm == stored.unit:
        return True
    d, v = set(_words(denied.display)), set(_words(stored.display))
    return bool(d) and d <= v
