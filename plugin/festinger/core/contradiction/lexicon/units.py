"""Units of measure and the words that are not units."""

from __future__ import annotations

# Counts written out, by value ("two kids" is "2 kids"; "Biscuit is four"): the grammar and the age rules
NUMBER_WORDS = tuple("zero one two three four five six seven eight nine ten eleven twelve".split())

# unit surface -> (dimension, factor to the dimension's base unit)
UNITS: dict[str, tuple[str, float]] = {}
for _names, _dim, _factor in (
    (("ms", "msec", "millisecond", "milliseconds"), "time", 0.001),
    (("s", "sec", "secs", "second", "seconds"), "time", 1.0),
    (("min", "mins", "minute", "minutes"), "time", 60.0),
    (("h", "hr", "hrs", "hour", "hours"), "time", 3600.0),
    (("day", "days"), "time", 86400.0),
    (("week", "weeks"), "time", 604800.0),
    (("byte", "bytes"), "bytes", 1.0),
    (("kb", "kib", "kilobyte", "kilobytes"), "bytes", 1e3),
    (("mb", "mib", "megabyte", "megabytes"), "bytes", 1e6),
    (("gb", "gib", "gigabyte", "gigabytes"), "bytes", 1e9),
    (("tb", "tib", "terabyte", "terabytes"), "bytes", 1e12),
    (("mm", "millimeter", "millimeters", "millimetre", "millimetres"), "length", 0.001),
    (("cm", "centimeter", "centimeters", "centimetre", "centimetres"), "length", 0.01),
    (("meter", "meters", "metre", "metres"), "length", 1.0),
    (("km", "kilometer", "kilometers", "kilometre", "kilometres"), "length", 1000.0),
    (("inch", "inches"), "length", 0.0254),
    (("%", "percent", "pct"), "percent", 1.0),
    (("usd", "$", "dollars", "dollar"), "usd", 1.0),
    (("eur", "€", "euros", "euro"), "eur", 1.0),
    (("gbp", "£", "pounds"), "gbp", 1.0),
    (("years", "year", "yrs"), "years", 1.0),
    (("kg", "kilogram", "kilograms", "kilo", "kilos"), "mass", 1.0),
    (("gram", "grams"), "mass", 0.001),
    (("lb", "lbs"), "mass", 0.4536),
    (("kbps", "kbit/s"), "bandwidth", 1e3),
    (("mbps", "mbit/s"), "bandwidth", 1e6),
    (("gbps", "gbit/s"), "bandwidth", 1e9),
    (("ghz",), "frequency", 1e9),
    (("mhz",), "frequency", 1e6),
):
    for _n in _names:
        UNITS[_n] = (_dim, _factor)
# Ambiguous abbreviations are left out on purpose: "5m" (minutes, metres, millions), "7b" (bytes or
# billions), "5g" (grams or 5G). Unknown units are still compared, but only with the same spelling.

# Words that may not be read as the unit of a count ("has 5 of them").
NOT_COUNT_NOUNS = frozenset(
    "of the a an and or to in on at for with by from per times x more less than".split()
)

# Dimensions a subject can stand "at" ("the fund is at $9,500", "the battery is at 40%"): never a
# time or a length, where "at 5 km" is a place on a route.
LEVEL_DIMS = frozenset("usd eur gbp percent".split())
