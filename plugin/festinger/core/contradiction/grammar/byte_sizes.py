"""One size written in two notations (pure logic): "1024Mi" is "1Gi", "4g" is "4096m", "-Xmx8g" is "8192m".

Kubernetes writes a quantity with a bare binary suffix (Ki, Mi, Gi, Ti, Pi, Ei: powers of 1024, no "B");
Docker and the JVM read a single letter k, m, g, t after a number (either case) as KiB, MiB, GiB, TiB.
The unit table does not read these (a bare "m" is also minutes, metres, a CPU's millicores, millions),
so two such values were compared as words and one size in two notations read as a change (attack70).

A single letter is read as a size only against another size, where bytes are a reading both sides
share: the other value carries a byte unit (Gi, GiB, MB, bytes) or is itself a letter size and one of
the two letters is a "g" or a "t" (no duration, length or CPU share is written so), both are the same
letter, or a JVM flag ("-Xmx", "-Xss") says the value is a size. Against a bare number, seconds or cores
("500m" / "0.5", "1m" / "60s") nothing is read here; "k" / "m" ("1024k" / "1m") is also a thousand / a
million, so it is not read either.

Only a size the unit table leaves unread is compared here ("2 GiB" / "2048 MiB" stay with `comparison`).
"""

from __future__ import annotations

import math
import re

from festinger.core.contradiction.grammar.values import Relation, Value

_POWERS = "kmgtpe"  # the prefix's power: "k" 1, "m" 2, "g" 3 ...
_SIZE_RE = re.compile(
    r"^(?P<flag>-X(?:mx|ms|ss|mn))?(?P<n>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)"
    r"(?:(?P<letter>[kmgtKMGT])|\s?(?P<iec>[KMGTPE]i)|\s?(?P<unit>[kmgtpKMGTP]i?[bB]|bytes?|B))$"
)


class _Size:
    """A size as read: its flag ("-Xmx"), its letter ("g" in "4g"), and the size in bytes; `unit`
    is the prefix's power and whether it counts in 1024s ("m", "Mi" and "MiB" are one unit)."""

    def __init__(self, flag: str, letter: str, number: float, power: int, binary: bool) -> None:
        self.flag, self.letter, self.unit = flag, letter, (power, binary)
        self.bytes = number * (1024.0 if binary else 1000.0) ** power


def _read(text: str) -> _Size | None:
    m = _SIZE_RE.match(text.strip())
    if m is None:
        return None
    flag, number = m.group("flag") or "", float(m.group("n").replace(",", ""))
    if m.group("letter"):  # Docker and the JVM: "4g" is 4 GiB, "4096m" 4096 MiB
        letter = m.group("letter").lower()
        return _Size(flag, letter, number, _POWERS.index(letter) + 1, True)
    if m.group("iec"):  # Kubernetes: "1Gi"
        return _Size(flag, "", number, _POWERS.index(m.group("iec")[0].lower()) + 1, True)
    unit = m.group("unit").lower()
    if unit.startswith("b"):
        return _Size(flag, "", number, 0, False)
    return _Size(flag, "", number, _POWERS.index(unit[0]) + 1, unit[1] == "i")


def byte_size_relation(a: Value, b: Value) -> Relation | None:
    """How two sizes relate when one of them is written in a notation the unit table does not read
    (a Kubernetes suffix or a Docker / JVM letter) and bytes are a reading both share, else None."""
    x, y = _read(a.display), _read(b.display)
    if x is None or y is None or (x.flag and y.flag and x.flag != y.flag):
        return None  # "-Xms1g" / "-Xmx1g": the initial heap and the maximum are two settings
    if not (x.flag or x.letter or y.flag or y.letter or a.dim != "bytes" or b.dim != "bytes"):
        return None  # "2 GiB" / "2048 MiB": the unit table reads both already
    if x.letter and y.letter and x.letter != y.letter and not {x.letter, y.letter} & {"g", "t"} \
            and not (x.flag or y.flag):
        return None  # "1024k" / "1m": also a thousand and a million, which differ ("-Xss1024k" is a size)
    if math.isclose(x.bytes, y.bytes, rel_tol=1e-9):
        return Relation.SAME
    if x.unit == y.unit:
        return Relation.CONFLICT  # "512Mi" / "768Mi"
    # Said in another prefix, a size is rounded ("500Gi" / "0.5Ti"), and binary and decimal prefixes are
    # mixed ("1Gi" / "1 GB"): as for any capacity (`comparison`), a tenth apart is one size.
    gap = abs(x.bytes - y.bytes) / max(x.bytes, y.bytes)
    return Relation.COMPATIBLE if gap <= 0.1 else Relation.CONFLICT
