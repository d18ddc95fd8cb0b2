"""Time zones: abbreviations and names, each with the UTC offsets (hours) it may mean (data only).

An abbreviation that names two zones ("CST": US Central or China; "IST": India or Ireland) or a
zone with daylight saving ("CET" is +1 in winter, +2 in summer; "EST" is said of Eastern time all year,
so "EST" and "EDT" are one zone) lists every offset it may mean, so two zones only differ for sure
when their offsets share none.
"""

from __future__ import annotations

__all__ = ["TIMEZONE_OFFSETS", "TIMEZONE_REGION_NAMES"]

TIMEZONE_OFFSETS: dict[str, frozenset[float]] = {k: frozenset(v) for k, v in {
    "utc": (0,), "gmt": (0,), "wet": (0, 1), "west": (0, 1), "bst": (0, 1), "cet": (1, 2), "cest": (1, 2),
    "met": (1, 2), "eet": (2, 3), "eest": (2, 3), "msk": (3,), "gst": (4,), "pkt": (5,), "ist": (5.5, 1),
    "npt": (5.75,), "ict": (7,), "wib": (7,), "sgt": (8,), "hkt": (8,), "awst": (8,), "pht": (8,),
    "cst": (-6, -5, 8), "jst": (9,), "kst": (9,), "acst": (9.5, 10.5), "acdt": (9.5, 10.5),
    "aest": (10, 11), "aedt": (10, 11), "nzst": (12, 13), "nzdt": (12, 13), "est": (-5, -4), "edt": (-5, -4),
    "cdt": (-6, -5), "mst": (-7, -6), "mdt": (-7, -6), "pst": (-8, -7), "pdt": (-8, -7), "akst": (-9, -8),
    "akdt": (-9, -8), "hst": (-10,), "ast": (-4, 3),
    "brt": (-3,), "art": (-3,), "clt": (-4, -3), "cat": (2,), "eat": (3,), "wat": (1,), "sast": (2,),
}.items()}
# "Pacific time", "Eastern time": the region's zone, standard or daylight.
TIMEZONE_REGION_NAMES: dict[str, frozenset[float]] = {k: frozenset(v) for k, v in {
    "pacific": (-8, -7), "mountain": (-7, -6), "central": (-6, -5), "eastern": (-5, -4), "atlantic": (-4, -3),
    "alaska": (-9, -8), "hawaii": (-10,), "greenwich": (0,),
}.items()}
