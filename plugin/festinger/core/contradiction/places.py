"""Whether two place names are one place, one inside the other, or two places (pure logic).

Only places of the lexicon are judged: "Brooklyn" may well be inside "New York", so an unknown place
is never in conflict with anything but is the same as itself.
"""

from __future__ import annotations

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.normalise import fold
from festinger.core.contradiction.values import Relation

__all__ = ["compare_places", "is_known_place", "place_chain"]


def _place_key(name: str) -> str:
    low = " ".join(name.lower().split())
    if low.startswith("the ") and low not in lx.CITIES:
        low = low[4:]
    return low


def place_chain(name: str) -> list[str] | None:
    """The place followed by every known place containing it, or None if the place is unknown."""
    low = _place_key(name)
    low = lx.COUNTRY_ALIASES.get(low, low)
    if low in lx.COUNTRIES:
        chain = [low]
        while lx.COUNTRIES.get(chain[-1]) and len(chain) < 4:
            chain.append(lx.COUNTRIES[chain[-1]])
        return chain
    if low in lx.CITIES:
        # "Malmö" and "Malmo" are one city: the name that identifies it is the folded one.
        return [fold(lx.CITY_ALIASES.get(low, low))] + (place_chain(lx.CITIES[low]) or [])
    folded = fold(low)
    if folded != low and folded in lx.CITIES:
        return place_chain(folded)
    return None


def is_known_place(name: str) -> bool:
    return place_chain(name) is not None


def compare_places(x: str, y: str) -> Relation:
    cx, cy = place_chain(x), place_chain(y)
    if cx is None or cy is None:
        # "Brooklyn" may well be inside "New York": unknown places are never judged.
        return Relation.SAME if _place_key(x) == _place_key(y) else Relation.UNKNOWN
    if cx[0] == cy[0]:
        return Relation.SAME
    if cx[0] in cy or cy[0] in cx:
        return Relation.COMPATIBLE  # "Berlin" vs "Germany"
    x_city, y_city = cx[0] not in lx.COUNTRIES, cy[0] not in lx.COUNTRIES
    if x_city != y_city and (cx[0] if x_city else cy[0]) in lx.AMBIGUOUS_CITIES:
        # City vs country where the city has a famous namesake abroad ("Vancouver, WA").
        return Relation.UNKNOWN
    return Relation.CONFLICT
