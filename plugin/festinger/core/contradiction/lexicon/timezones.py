"""Time zones: abbreviations and names, each with the UTC offsets (hours) it may mean (data only).

An abbreviation that names two zones ("CST": US Central or China; "IST": India or Ireland) or a
zone with daylight saving ("CET" is +1 in winter, +2 in summer; "EST" is said of Eastern time all year,
so "EST" and "EDT" are one zone) lists every offset it may mean, so two zones only differ for sure
when their offsets share none. Offsets alone miss most moves ("PST" and "MST" share -7 in summer),
so every abbreviation, region name and common IANA name also lists the regions that keep it
(`TIMEZONE_REGIONS`): two names of no common region are two zones ("PST" / "MST", "EST" / "CST"),
and the standard and summer names of one region are one zone ("PST" / "PDT", "GMT" / "BST").
"""

from __future__ import annotations

__all__ = ["IANA_ZONE_REGIONS", "TIMEZONE_OFFSETS", "TIMEZONE_REGIONS", "TIMEZONE_REGION_NAMES"]

TIMEZONE_OFFSETS: dict[str, frozenset[float]] = {k: frozenset(v) for k, v in {
    "utc": (0,), "gmt": (0,), "wet": (0, 1), "west": (0, 1), "bst": (0, 1), "cet": (1, 2), "cest": (1, 2),
    "met": (1, 2), "eet": (2, 3), "eest": (2, 3), "msk": (3,), "gst": (4,), "pkt": (5,), "ist": (5.5, 1),
    "npt": (5.75,), "ict": (7,), "wib": (7,), "sgt": (8,), "hkt": (8,), "awst": (8,), "pht": (8,),
    "cst": (-6, -5, 8), "jst": (9,), "kst": (9,), "acst": (9.5, 10.5), "acdt": (9.5, 10.5),
    "aest": (10, 11), "aedt": (10, 11), "nzst": (12, 13), "nzdt": (12, 13), "est": (-5, -4), "edt": (-5, -4),
    "cdt": (-6, -5), "mst": (-7, -6), "mdt": (-7, -6), "pst": (-8, -7), "pdt": (-8, -7), "akst": (-9, -8),
    "akdt": (-9, -8), "hst": (-10,), "ast": (-4, 3),
    "brt": (-3,), "art": (-3,), "clt": (-4, -3), "cat": (2,), "eat": (3,), "wat": (1,), "sast": (2,),
    # the region's zone whatever the season: "PT", "ET", "AET"
    "pt": (-8, -7), "mt": (-7, -6), "ct": (-6, -5), "et": (-5, -4), "akt": (-9, -8), "aet": (10, 11),
}.items()}
# "Pacific time", "Eastern time": the region's zone, standard or daylight.
TIMEZONE_REGION_NAMES: dict[str, frozenset[float]] = {k: frozenset(v) for k, v in {
    "pacific": (-8, -7), "mountain": (-7, -6), "central": (-6, -5), "eastern": (-5, -4), "atlantic": (-4, -3),
    "alaska": (-9, -8), "hawaii": (-10,), "greenwich": (0,), "central european": (1, 2), "eastern european": (2, 3),
    "western european": (0, 1), "british": (0, 1), "india": (5.5,), "indian": (5.5,), "japan": (9,), "china": (8,),
    "korea": (9,), "moscow": (3,),
}.items()}

# The regions that keep a zone under that name. "GMT" and "UTC" are said of the UK, Ireland,
# Portugal and Iceland in winter; "IST" is India or Ireland; "CST" US Central or China; "AST"
# Atlantic or Arabia. A name missing here is only compared by its offsets.
_ZERO = ("utc", "uk", "ireland", "portugal", "iceland", "west-africa")
TIMEZONE_REGIONS: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "utc": _ZERO, "gmt": _ZERO, "wet": ("portugal", "canary"), "west": ("portugal", "canary"), "bst": ("uk",),
    "cet": ("cet",), "cest": ("cet",), "met": ("cet",), "eet": ("eet",), "eest": ("eet",), "msk": ("moscow",),
    "gst": ("gulf",), "pkt": ("pakistan",), "ist": ("india", "ireland"), "npt": ("nepal",), "ict": ("indochina",),
    "wib": ("west-indonesia",), "sgt": ("singapore",), "hkt": ("hong-kong",), "awst": ("aus-west",),
    "pht": ("philippines",), "cst": ("us-central", "china"), "cdt": ("us-central",), "jst": ("japan",),
    "kst": ("korea",), "acst": ("aus-central",), "acdt": ("aus-central",), "aest": ("aus-east",),
    "aedt": ("aus-east",), "nzst": ("nz",), "nzdt": ("nz",), "est": ("us-eastern",), "edt": ("us-eastern",),
    "mst": ("us-mountain",), "mdt": ("us-mountain",), "pst": ("us-pacific",), "pdt": ("us-pacific",),
    "akst": ("alaska",), "akdt": ("alaska",), "hst": ("hawaii",), "ast": ("atlantic", "arabia"),
    "adt": ("atlantic",), "brt": ("brasilia",), "art": ("argentina",), "clt": ("chile",), "cat": ("central-africa",),
    "eat": ("east-africa",), "wat": ("west-africa",), "sast": ("south-africa",), "pt": ("us-pacific",),
    "mt": ("us-mountain",), "ct": ("us-central",), "et": ("us-eastern",), "akt": ("alaska",), "aet": ("aus-east",),
    # region names: "Pacific time", "Central European Time"
    "pacific": ("us-pacific",), "mountain": ("us-mountain",), "central": ("us-central",),
    "eastern": ("us-eastern",), "atlantic": ("atlantic",), "alaska": ("alaska",), "hawaii": ("hawaii",),
    "greenwich": _ZERO, "central european": ("cet",), "eastern european": ("eet",),
    "western european": ("portugal", "canary"), "british": ("uk",), "india": ("india",), "indian": ("india",),
    "japan": ("japan",), "china": ("china",), "korea": ("korea",), "moscow": ("moscow",),
}.items()}
# Common IANA names and the region whose zone they are; any other IANA name is compared by name only.
IANA_ZONE_REGIONS: dict[str, str] = {
    **dict.fromkeys(("america/los_angeles", "america/vancouver", "america/tijuana", "us/pacific"), "us-pacific"),
    **dict.fromkeys(("america/denver", "america/phoenix", "america/edmonton", "america/boise", "us/mountain",
                     "us/arizona"), "us-mountain"),
    **dict.fromkeys(("america/chicago", "america/winnipeg", "america/mexico_city", "us/central"), "us-central"),
    **dict.fromkeys(("america/new_york", "america/toronto", "america/detroit", "america/montreal",
                     "us/eastern"), "us-eastern"),
    "america/halifax": "atlantic", "america/anchorage": "alaska", "pacific/honolulu": "hawaii",
    "europe/london": "uk", "europe/dublin": "ireland", "europe/lisbon": "portugal", "atlantic/reykjavik": "iceland",
    **dict.fromkeys(("europe/" + c for c in ("paris berlin amsterdam madrid rome brussels vienna zurich stockholm "
                                             "oslo copenhagen prague warsaw budapest belgrade luxembourg "
                                             "zagreb ljubljana bratislava").split()), "cet"),
    **dict.fromkeys(("europe/" + c for c in "athens helsinki kiev kyiv bucharest sofia riga tallinn vilnius".split()),
                    "eet"),
    "africa/cairo": "eet", "europe/moscow": "moscow", "asia/kolkata": "india", "asia/calcutta": "india",
    "asia/tokyo": "japan", "asia/seoul": "korea", "asia/shanghai": "china", "asia/hong_kong": "hong-kong",
    "asia/singapore": "singapore", "asia/manila": "philippines", "australia/sydney": "aus-east",
    "australia/melbourne": "aus-east", "australia/brisbane": "aus-east", "australia/perth": "aus-west",
    "australia/adelaide": "aus-central", "pacific/auckland": "nz", "asia/dubai": "gulf", "asia/karachi": "pakistan",
    "asia/bangkok": "indochina", "asia/ho_chi_minh": "indochina", "asia/jakarta": "west-indonesia",
    "america/sao_paulo": "brasilia", "america/argentina/buenos_aires": "argentina", "america/santiago": "chile",
    "africa/lagos": "west-africa", "africa/nairobi": "east-africa", "africa/johannesburg": "south-africa",
}
