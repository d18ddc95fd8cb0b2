"""Where two places stand to each other: known containment, and the region written after a
comma (pure logic).

"Portland, Oregon" and "Portland, Maine" are two cities that share a name. The region narrows the
place down: it never makes a place unknown ("Lisbon, Portugal" is still Lisbon), but two namesakes
in different regions are different places, and a denial of one ("does not live in Portland,
Maine") says nothing of the other or of the bare name.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.normalise import fold
from festinger.core.contradiction.grammar.values import Relation, Value

__all__ = ["compare_place_values", "compare_places", "is_known_place", "left_lone_district", "place_chain", "same_place",
           "software_namesake"]


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


def compare_places(x: str, y: str, *, as_listed: bool = False) -> Relation:
    """Two places by the lexicon. A district written alone ("Kensington", "Brooklyn") is the
    lexicon's district only against its own city, its country, or another district of that city:
    against any other place it may be a namesake ("Kensington" of Philadelphia, "Brooklyn" of
    Wellington or Baltimore), so is never judged, unless `as_listed` (its region confirmed it)."""
    cx, cy = place_chain(x), place_chain(y)
    if cx is None or cy is None:
        # "Brooklyn" may well be inside "New York": unknown places are never judged.
        return Relation.SAME if _place_key(x) == _place_key(y) else Relation.UNKNOWN
    if cx[0] == cy[0]:
        return Relation.SAME
    if cx[0] in cy or cy[0] in cx:
        return Relation.COMPATIBLE  # "Berlin" vs "Germany"
    if _region_namesake(x, cy[0]) or _region_namesake(y, cx[0]):
        return Relation.UNKNOWN  # "Quebec" / "Montreal": the province may be meant, and Montreal is in it
    x_district, y_district = cx[0] in lx.DISTRICT_BOROUGHS, cy[0] in lx.DISTRICT_BOROUGHS
    if x_district and y_district and cx[1:] == cy[1:]:
        return _compare_districts(cx[0], cy[0])
    if (x_district or y_district) and not as_listed:
        return Relation.UNKNOWN  # "Philadelphia" / "Kensington": maybe Philadelphia's Kensington
    x_city, y_city = cx[0] not in lx.COUNTRIES, cy[0] not in lx.COUNTRIES
    if x_city != y_city and (cx[0] if x_city else cy[0]) in lx.AMBIGUOUS_CITIES:
        # City vs country where the city has a famous namesake abroad ("Vancouver, WA").
        return Relation.UNKNOWN
    return Relation.CONFLICT


def _region_namesake(written: str, city: str) -> bool:
    """Whether a place, as written, may be the region a listed city lies in: "New York" may be the
    state Buffalo is in, "NYC" and "New York City" are the city only."""
    return city in lx.REGION_NAMESAKE_CITIES.get(fold(_place_key(written)), ())


def _compare_districts(x: str, y: str) -> Relation:
    """Two districts of one city, by the boroughs they lie in: a borough contains its
    neighbourhoods ("Brooklyn" / "Park Slope"), two boroughs or two districts in no common borough
    are two places ("Brooklyn" / "Manhattan", "Bushwick" / "Harlem"), and two neighbourhoods of one
    borough may overlap or be named loosely ("Kensington" / "Notting Hill"), so are never judged."""
    bx, by = lx.DISTRICT_BOROUGHS[x], lx.DISTRICT_BOROUGHS[y]
    if x in by or y in bx:
        return Relation.COMPATIBLE
    if bx & by:
        return Relation.UNKNOWN
    return Relation.CONFLICT


def _region_chain(region: str) -> tuple[list[str] | None, bool]:
    """The region and what contains it ("Oregon" -> oregon, united states), and whether it was
    written as a short code ("OR", "MA"), which may name another region too ("CA" is also Canada)."""
    low = _place_key(region.replace(".", "") if len(region) <= 4 else region)
    short = len(low) <= 3 and low not in lx.COUNTRY_ALIASES
    low = lx.REGION_ALIASES.get(low, low)
    if low in lx.REGIONS:
        return [low] + (place_chain(lx.REGIONS[low]) or []), short
    return place_chain(low), short


def _compare_regions(x: str, y: str) -> Relation:
    (cx, short_x), (cy, short_y) = _region_chain(x), _region_chain(y)
    if cx is None or cy is None:
        return Relation.SAME if _place_key(x) == _place_key(y) else Relation.UNKNOWN
    if cx[0] == cy[0]:
        return Relation.SAME
    if cx[0] in cy or cy[0] in cx:
        return Relation.COMPATIBLE  # "Cambridge, England" / "Cambridge, UK"
    # Two regions written out that exclude each other; a code only ever says "maybe not the same".
    return Relation.UNKNOWN if short_x or short_y else Relation.CONFLICT


def _district_namesake(district: Value, other: Value) -> Relation | None:
    """A district written with a region after it, judged by that region when the region is not
    where the lexicon puts the district: "Islington, Toronto" and "Brixton, Johannesburg" are
    namesakes of London's, somewhere inside Toronto and Johannesburg. None when the region
    confirms the lexicon's district ("Brooklyn, New York", "Shoreditch, London")."""
    chain = place_chain(district.norm)
    if chain is None or chain[0] not in lx.DISTRICT_BOROUGHS or not district.region:
        return None
    region, short = _region_chain(district.region)
    if region is None:
        return Relation.UNKNOWN  # an unknown region may name another place of that name
    if region[0] in chain or lx.CITY_REGIONS.get(chain[1]) == region[0]:
        return None
    found = place_chain(other.norm)
    if found is None or other.region:
        return Relation.UNKNOWN
    if found[0] in region:
        return Relation.COMPATIBLE  # "Toronto" / "Islington, Toronto": inside the stored place
    if region[0] not in lx.REGIONS and region[0] not in lx.COUNTRIES and region[0] not in found:
        # The region is a city: two cities are two places ("Vancouver" / "Islington, Toronto").
        return Relation.CONFLICT if compare_places(other.norm, region[0]) is Relation.CONFLICT else Relation.UNKNOWN
    if set(found) & set(region) or short or found[0] in lx.AMBIGUOUS_CITIES:
        # "Sydney" / "Kensington, NSW": the region holds more than the stored place, or its
        # containment is not known ("Montreal" / "Hampstead, Quebec").
        return Relation.UNKNOWN
    return Relation.CONFLICT  # "Chicago" / "Brixton, Johannesburg": another country


def compare_place_values(a: Value, b: Value) -> Relation:
    """Two places as stated: the cities, then, for one city name, the regions written after them.
    A district whose region says it is a namesake is judged by that region, never by the lexicon."""
    for district, other in ((a, b), (b, a)):
        namesake = _district_namesake(district, other)
        if namesake is not None:
            return namesake
    # "Brooklyn, NY" / "Chicago": a region that confirms the district makes it the lexicon's
    found = compare_places(a.norm, b.norm, as_listed=_listed_district(a) or _listed_district(b))
    if found is Relation.CONFLICT and (_state_named(a, b) or _state_named(b, a)):
        return Relation.UNKNOWN
    if found is Relation.SAME and a.region and b.region:
        regions = _compare_regions(a.region, b.region)
        if regions in (Relation.CONFLICT, Relation.UNKNOWN):
            return regions  # "Portland, Oregon" / "Portland, Maine": two cities
    return found


def _state_named(bare: Value, other: Value) -> bool:
    """"New York" / "Buffalo, NY": a city written alone whose name is also its state's, against a
    place written in that state, may be the state ("I live in New York" of someone in Buffalo)."""
    chain = place_chain(bare.norm)
    if chain is None or bare.region or not other.region or chain[0] not in lx.CITY_REGIONS:
        return False
    if _place_key(bare.norm) != chain[0]:
        return False  # "NYC" is only the city
    region, _ = _region_chain(other.region)
    return region is not None and region[0] in (chain[0], lx.CITY_REGIONS[chain[0]])  # "NY", "New York"


def _listed_district(v: Value) -> bool:
    """A district written with the region of its lexicon city ("Brooklyn, NY", "Islington, London")."""
    chain = place_chain(v.norm)
    if chain is None or chain[0] not in lx.DISTRICT_BOROUGHS or not v.region:
        return False
    region, _ = _region_chain(v.region)
    return region is not None and (region[0] in chain or lx.CITY_REGIONS.get(chain[1]) == region[0])


def left_lone_district(old: Value, new: Value) -> bool:
    """"lives in Brooklyn" / "just moved to Jersey City": a move to a city or country away from the
    lexicon's district leaves the stored district written alone, wherever that one lies (a move
    would not name the city around a namesake the user already lives in). Never when the new place
    is itself a district written alone ("moved to Kensington" may be Brooklyn's)."""
    if old.kind != "place" or new.kind != "place":
        return False
    chain, found = place_chain(old.norm), place_chain(new.norm)
    if chain is None or found is None or chain[0] not in lx.DISTRICT_BOROUGHS or old.region:
        return False
    if found[0] in lx.DISTRICT_BOROUGHS:
        return False
    return compare_places(old.norm, new.norm, as_listed=True) is Relation.CONFLICT


def same_place(denied: Value, stated: Value) -> bool:
    """Whether a denied place (first) is the stated one, as far as their regions tell: "not in
    Portland, Maine" is not about "Portland, Oregon", nor about a bare "Portland" (which may be the
    other one); a bare "not in Portland" is about every Portland."""
    if not denied.region:
        return True
    return bool(stated.region) and _compare_regions(denied.region, stated.region) in (
        Relation.SAME, Relation.COMPATIBLE)


# A word written in CamelCase ("LiveView", "GitHub", "PostgreSQL"): the shape of a product's name.
_CAMEL_RE = re.compile(r"(?<![\w'])[A-Z][a-z]+[A-Z][\w]*")
_WORD_RE = re.compile(r"[A-Za-z][\w.#+-]*")


def software_namesake(place: str, text: str) -> bool:
    """Whether a place is also a software name the lexicon knows ("Phoenix", the Elixir framework)
    in a memory that names other software (a known software name, or a CamelCase word): "I moved to
    Phoenix last week. I use LiveView for everything now." is a stack moved, not a home (the
    twenty-fifth attack)."""
    low = _place_key(place)
    if low not in lx.TECH_NAMES:
        return False
    words = {w.lower().rstrip(".") for w in _WORD_RE.findall(text)} - {low}
    return bool(words & lx.TECH_NAMES) or any(m.group().lower() != low for m in _CAMEL_RE.finditer(text))
