"""A thing of the user's sold or replaced: "I drive a 2018 Toyota Corolla" / "I sold the Corolla
and bought a Mazda 3", "User's laptop is a ThinkPad X1 Carbon" / "User replaced their ThinkPad
with a MacBook Air" (pure logic).

The grammar reads "drives a Corolla" and "the laptop is a ThinkPad", but not the event that ends
them. This rule reads two one-sentence memories whole:

* the existing memory names ONE thing the user has, by its product name (capitalised words, a
  model number, a year before it): "<user> drives/owns/has/uses/rides a <Name>", or "<user>'s
  [main/current/work] car/phone/laptop/... is a <Name>" ("...: <Name>");
* the incoming memory says the same person sold, replaced, traded in, got rid of, gave away or
  scrapped THAT thing, named as stored or by part of its name that still picks it out: its model
  without the year and the maker ("the Corolla" for a 2018 Toyota Corolla), or the maker or line
  without the model ("the ThinkPad" for a ThinkPad X1 Carbon, "the iPhone" for an iPhone 14), and
  nothing else may follow but what a replacement says ("with a Pixel 8", "and now drives a Tesla",
  "and bought a Mazda 3", "and doesn't own one now") and a recent time tail ("last week", "in May").

Refused: someone else, a plan ("is selling", "wants to sell"), a question, reported speech, a
thing named with a lowercase word ("my old Corolla", "a Corolla": one of several, or someone's),
a part of the thing ("the Corolla's tyres", "the MacBook Pro keyboard"), a name that adds or swaps
a model ("the iPhone 12" for an iPhone 14, "Tesla stock" is not "the Tesla"), a replacement that is
the stored thing itself, a year (biography), a stored memory with a scope or two things, and any
other tail ("to my brother", "and bought it back").

After the fifteenth attack: a maker named alone ("the Canon" of a Canon EOS R6) names the stored
thing only when the maker makes one kind of thing in a small lexicon (or the stored memory names
the kind) and the successor, if said, is of that kind; a company said bare after "got rid of" with
a switch or use tail ("got rid of Google and switched to Proton") is its services.

After the sixteenth attack: "upgraded to" a newer model of the stored line ("iPhone 12" -> "iPhone 15
Pro"; a stored line with no model may stay beside it), "switched my phone to" against a stored phone,
"sold my only guitar" (the only one of its kind), "My Trek got stolen" (kind words after the name
must be what the maker makes).
"""

from __future__ import annotations

import re
from typing import Sequence

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.name_parts import part_named
from festinger.core.contradiction.updates.rescheduled import one_sentence_matches

__all__ = ["possession_ended"]

# A product name: capitalised words or model numbers, "iPhone"-style names, an optional year first.
_TOKEN = r"(?-i:[A-Z][\w+-]*|i[A-Z][\w+-]*|\d[\w+-]*)"
_THING = rf"(?:(?:19|20)\d\d\s+)?(?-i:[A-Z][\w+-]*|i[A-Z][\w+-]*)(?:\s+{_TOKEN}){{0,3}}"
_U = r"(?:(?:the\s+)?user|i)"
_DEVICES = r"(?:car|phone|laptop|computer|tablet|watch|bike|motorbike|motorcycle|camera|console|smartphone|van|truck)"
_WHEN = (r"(?:\s+(?:last\s+(?:week|month|year|weekend)|recently|this\s+(?:week|month|year)|yesterday|today|"
         r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|"
         r"(?:a|one|two|three|\d{1,2})\s+(?:weeks?|months?)\s+ago))?")

_EXISTING = [
    re.compile(rf"^{_U}\s+(?:drives|drive|owns|own|has|have|uses|use|rides|ride)\s+(?:an?\s+)?(?P<thing>{_THING})"
               rf"(?:\s+as\s+(?:my|their|the\s+user's)\s+(?P<dev>{_DEVICES}))?$", re.I),
    re.compile(rf"^(?:(?:the\s+)?user's|my)\s+(?:(?:main|current|primary|work|daily)\s+)?{_DEVICES}"
               rf"(?:\s+is|:)\s+(?:an?\s+)?(?P<thing>{_THING})$", re.I),
]
_DET = r"(?:(?:the|my|their|his|her)\s+)?"
_NEW = rf"(?:an?\s+|the\s+)?(?:new\s+)?(?P<new>{_THING})"
_INCOMING = re.compile(
    rf"^{_U}\s+(?:(?:has|have|just|recently|finally)\s+){{0,2}}"
    rf"(?P<verb>sold|replaced|traded\s+in|got\s+rid\s+of|gave\s+away|scrapped)\s+{_DET}(?P<old>{_THING}){_WHEN}"
    rf"(?P<tail>\s+(?:with|for)\s+{_NEW.replace('new>', 'new1>')}(?:\s+and\s+uses\s+(?:that|it)(?:\s+now)?)?"
    rf"|(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:has\s+)?(?:now\s+)?(?:drives?|bought|got|uses?|owns?|rides?|has|have|"
    rf"switched\s+to|replaced\s+it\s+with)\s+{_NEW}(?:\s+now)?"
    rf"|\s+and\s+(?:does\s*n[o']t|no\s+longer)\s+(?:own|have|drive)\s+(?:one|a\s+[a-z]+|it)"
    rf"(?:\s+(?:now|anymore|any\s+more))?)?{_WHEN}$", re.I)


def _words(text: str) -> list[str]:
    return text.split()


def _designation(word: str) -> bool:
    """A word of a model name: a number, or a capitalised word ("X1", "Carbon", "Pro", "14")."""
    return word[:1].isdigit() or word[:1].isupper()


def _names(said: str, stored: str) -> bool:
    """Whether `said` picks out the stored thing: the same words, or a run of them with only a year
    or capitalised maker words before it ("the Corolla" of a 2018 Toyota Corolla) and only model
    designations after it ("the ThinkPad" of a ThinkPad X1 Carbon, "the XPS" of a Dell XPS 13)."""
    s, t = [w.lower() for w in _words(said)], _words(stored)
    low = [w.lower() for w in t]
    n = len(s)
    for i in range(len(low) - n + 1):
        if low[i:i + n] == s:
            return (all(re.fullmatch(r"(?:19|20)\d\d", w) or w[:1].isupper() for w in t[:i])
                    and all(_designation(w) for w in t[i + n:])
                    and (n == len(low) or _maker_only(said, stored) or part_named(stored, said)))
            # (a part that may be another thing is refused by the shared matcher: "the Pixel" of a
            # "Pixel Watch", "Camden" of "PureGym Camden", "the 7"; a maker alone is `_maker_only`'s)
    return False


# Makers and companies whose name alone is no model: "the Canon", "the Dyson", "Amazon".
_MAKERS = frozenset(lx.PRODUCT_MAKES) | frozenset(
    """canon nikon fujifilm fuji olympus panasonic leica pentax gopro dji lg dyson shark roomba irobot bose
    sennheiser jbl beats garmin fitbit amazon nintendo valve razer logitech philips miele bosch
    kitchenaid breville nespresso vespa piaggio bmc orbea cube canyon scott""".split())


def _maker_only(said: str, stored: str) -> bool:
    """Whether `said` is only the maker of a stored thing that names a model after it."""
    s = [w.lower() for w in _words(said) if not re.fullmatch(r"(?:19|20)\d\d", w)]
    t = [w.lower() for w in _words(stored) if not re.fullmatch(r"(?:19|20)\d\d", w)]
    return bool(s) and len(t) > len(s) and all(w in _MAKERS for w in s)


# What a maker makes, for the makers of one kind of thing (or two): "the Mazda" is the car.
_CAR = "car"
_MOTO = "motorbike"
_KINDS: dict[str, frozenset[str]] = {m: frozenset((_CAR,)) for m in (
    "toyota chevrolet volkswagen mercedes tesla subaru volvo mazda kia hyundai ford nissan audi porsche jeep "
    "dodge gmc lexus acura infiniti jaguar mini fiat peugeot renault skoda seat citroen opel vauxhall "
    "mitsubishi genesis polestar rivian lucid cadillac buick lincoln chrysler alfa land ram").split()}
_KINDS.update({m: frozenset((_CAR, _MOTO)) for m in "honda bmw suzuki".split()})
_KINDS.update({m: frozenset((_MOTO,)) for m in "ducati kawasaki harley triumph yamaha vespa piaggio".split()})
_KINDS.update({m: frozenset(("bike",)) for m in "specialized trek giant cannondale cervelo bianchi brompton".split()})
_KINDS.update({m: frozenset(("laptop",)) for m in "dell asus acer".split()})
# Lines that say their kind when a successor is named by them ("a MacBook Pro").
_LINE_KINDS: dict[str, str] = {"macbook": "laptop", "thinkpad": "laptop", "xps": "laptop", "chromebook": "laptop",
                               "iphone": "phone", "pixel": "phone", "kindle": "ereader",
                               "kobo": "ereader"}
_DEVICE_KIND = {"motorcycle": _MOTO, "smartphone": "phone", "computer": "laptop"}
_KIND_WORD_RE = re.compile(r"(?:own|have|drive)\s+(?:one|it|an?\s+(?P<kind>[a-z]+))", re.I)


def _kinds_of(name: str) -> frozenset[str]:
    words = [w.lower() for w in _words(name) if not re.fullmatch(r"(?:19|20)\d\d", w)]
    if not words:
        return frozenset()
    if words[0] in _LINE_KINDS:
        return frozenset((_LINE_KINDS[words[0]],))
    if len(words) > 1 and words[1] in _LINE_KINDS:
        return frozenset((_LINE_KINDS[words[1]],))
    return _KINDS.get(words[0], frozenset())


def _one_kind(o: re.Match, n: re.Match, thing: str) -> bool:
    """Whether a maker named alone still picks out the stored thing: the maker makes one kind of
    thing (or the stored memory names its kind) and what replaced it, if said, is of that kind
    ("sold the Toyota and now drives a Honda Civic", "sold the Mazda and doesn't have a car")."""
    device = re.search(rf"\b({_DEVICES})\b", o.group(0).split(thing)[0], re.I)
    kinds = (frozenset((_DEVICE_KIND.get(device.group(1).lower(), device.group(1).lower()),)) if device
             else _kinds_of(thing))
    if len(kinds) != 1:
        return False  # "the Sony", "the Canon", "the Dyson": several kinds of things
    successor = n.groupdict().get("new") or n.groupdict().get("new1")  # not every ending shape names one
    if successor is not None:
        return bool(_kinds_of(successor) & kinds)
    tail = n.groupdict().get("tail") or ""
    said = _KIND_WORD_RE.search(tail)
    if said is not None:
        kind = (said.group("kind") or "").lower()
        return not kind or _DEVICE_KIND.get(kind, kind) in kinds
    return not tail


# "got rid of Amazon and switched to Walmart": a company said without "the", then a switch or a use.
_SERVICE_TAIL_RE = re.compile(r"\bgot\s+rid\s+of\s+(?!the\s|my\s|their\s|his\s|her\s)[A-Z]\S*(?:\s+[A-Z]\S*)*"
                              r"\s*,?\s+and\s+(?:now\s+)?(?:switched\s+to|uses?|moved\s+to)\s", re.I)


def _service_named(sentence: str, said: str) -> bool:
    words = [w.lower() for w in _words(said)]
    return (len(words) == 1 and words[0] in (_MAKERS | lx.EMPLOYER_BRANDS | lx.DESKTOP_APPS)
            and _SERVICE_TAIL_RE.search(sentence) is not None)


# The cue the incoming memory must show before it is segmented (`one_sentence_matches`).
_CUE_RE = re.compile(r"(?<![\w'])(?:sold|replaced|traded\s+in|got\s+rid|gave\s+away|scrapped)\s", re.I)


def possession_ended(existing: str, incoming: str) -> tuple[str, str] | None:
    """(the stored thing, what happened to it) when the incoming memory says the user sold or replaced it."""
    found = one_sentence_matches(existing, incoming, _CUE_RE, _INCOMING, _EXISTING)
    if found is None:
        return (_upgraded(existing, incoming) or _switched_device(existing, incoming)
                or _only_one_sold(existing, incoming) or _stolen(existing, incoming))
    o, n = found
    thing = o.group("thing")
    if not _names(n.group("old"), thing):
        return None
    if _maker_only(n.group("old"), thing) and not _one_kind(o, n, thing):
        return None  # "sold the Canon" of a Canon EOS R6: the maker names no model of its own
    if _service_named(n.string, n.group("old")):
        return None  # "got rid of Google and switched to Proton": the company's services, not the device
    successor = n.groupdict().get("new") or n.groupdict().get("new1")  # not every ending shape names one
    if successor is not None and (_names(successor, thing) or _names(n.group("old"), successor)):
        return None  # "replaced the iPhone with an iPhone 14": the stored one may be the new one
    if n.group("verb").lower() == "replaced" and n.groupdict().get("tail") is None:
        return None  # "replaced the ThinkPad": its battery? the words do not say the thing is gone
    verb = " ".join(n.group("verb").lower().split())
    return thing, f"{verb} {n.group('old')}" + (f" -> {successor}" if successor else "")


def _line(thing: str) -> list[str]:
    return [w.lower() for w in _words(thing) if not re.fullmatch(r"(?:19|20)\d\d", w)]


# "I have an iPhone 12" / "I upgraded to an iPhone 15 Pro": a newer model of the same line (a line
# the lexicon knows, or the same maker and line words) replaces the stored model. A stored name with
# no model after its line ("a Nintendo Switch" / "a Nintendo Switch 2") may be kept beside the new one.
_UPGRADED = re.compile(rf"^{_U}\s+(?:(?:has|have|just|recently|finally)\s+){{0,2}}upgraded\s+to\s+{_NEW}{_WHEN}$", re.I)
_UPGRADED_CUE_RE = re.compile(r"(?<![\w'])upgraded\s+to\s", re.I)


# Tier words a numbered model may carry before its number ("MacBook Air M1", "Galaxy Z Fold 5" is not one).
_TIERS = frozenset("pro air max ultra plus mini lite se fe xl".split())


def _model_number(words: list[str]) -> str:
    """The letters before the number of a numbered model after the line ("" of "15", "s" of "S24", "m"
    of "Air M1"), or "#" when there is none: a word with no digit that is no tier ("Buds", "Watch",
    "Unlimited") names another kind, a service or an accessory; other letters ("VR2" after "4")
    another product of the line."""
    i = 0
    while i < len(words) - 1 and words[i] in _TIERS:
        i += 1
    m = re.fullmatch(r"([a-z]*)\d[\w+-]*", words[i])
    if m is None or any(w not in _TIERS and not re.search(r"\d", w) for w in words[i + 1:]):
        return "#"  # "iPhone 15 Case", "Galaxy S24 Charger": a thing for the model, not the model
    return m.group(1)


def _upgraded(existing: str, incoming: str) -> tuple[str, str] | None:
    found = _one_persons(existing, incoming, _UPGRADED_CUE_RE, _UPGRADED, _EXISTING)
    if found is None:
        return None
    o, n = found
    old, new = _line(o.group("thing")), _line(n.group("new"))
    shared = 1 if old[0] in _LINE_KINDS else 2  # "iPhone 12", "Samsung Galaxy S22", "Tesla Model 3"
    if old[0] not in _LINE_KINDS and old[0] not in _MAKERS:
        return None  # a line or maker the lexicon does not know: what kind of thing it is is unknown
    if len(old) <= shared or len(new) <= shared or old[:shared] != new[:shared] or new[:len(old)] == old:
        return None  # another line, no model stored, or the stored model itself ("iPhone 15 Pro" of "iPhone 15")
    was, now = _model_number(old[shared:]), _model_number(new[shared:])
    if "#" in (was, now) or was != now:
        return None  # "Kindle Unlimited", "Pixel Buds Pro", "Galaxy Watch 6": a service, an accessory or
        # another kind of device of the line; only a numbered model ("12" -> "15 Pro", "S22" -> "S24") is a newer one
    return o.group("thing"), f"upgraded to {n.group('new')}"


# "I use a Pixel 7 as my phone" / "I switched my phone to a Samsung Galaxy S24": the device named.
_SWITCHED = re.compile(rf"^{_U}\s+(?:(?:has|have|just|recently|finally)\s+){{0,2}}(?:switched|changed)\s+"
                       rf"(?:my|their)\s+(?P<dev>{_DEVICES})\s+to\s+{_NEW}{_WHEN}$", re.I)
_SWITCHED_CUE_RE = re.compile(rf"(?:switched|changed)\s+(?:my|their)\s+{_DEVICES}\s+to\s", re.I)


def _switched_device(existing: str, incoming: str) -> tuple[str, str] | None:
    found = _one_persons(existing, incoming, _SWITCHED_CUE_RE, _SWITCHED, _EXISTING)
    if found is None:
        return None
    o, n = found
    stored = o.groupdict().get("dev") or (re.search(rf"\b({_DEVICES})\b", o.group(0), re.I) or [None])[0]
    if stored is None or stored.lower() != n.group("dev").lower() or _names(n.group("new"), o.group("thing")):
        return None  # the stored memory must name that device ("as my phone", "User's phone is ...")
    if not _a_device(n.group("new"), stored.lower()):
        return None  # "to Verizon", "to Ubuntu", "to Dark Mode": a carrier, a system, a setting, not a device
    return o.group("thing"), f"switched {stored.lower()} to {n.group('new')}"


def _a_device(name: str, device: str) -> bool:
    """Whether `name` is a device of that kind: a line the lexicon knows of that kind ("an iPhone"),
    or a maker the lexicon knows (of that kind, if it knows its kinds) with a numbered model after it."""
    words = _line(name)
    kind = _DEVICE_KIND.get(device, device)
    if words[0] in _LINE_KINDS:
        return _LINE_KINDS[words[0]] == kind
    if len(words) > 1 and words[1] in _LINE_KINDS:
        return words[0] in _MAKERS and _LINE_KINDS[words[1]] == kind
    return (words[0] in _MAKERS and kind in _KINDS.get(words[0], frozenset((kind,)))
            and any(_model_number([w]) != "#" for w in words[1:]))


# "I own a Yamaha acoustic guitar" / "I sold my only guitar": the only one of its kind is gone.
_HAS_ONE = [re.compile(rf"^{_U}\s+(?:owns?|has|have)\s+an?\s+(?P<desc>(?:[\w-]+\s+){{0,3}})(?P<noun>[a-z]+)$", re.I)]
_SOLD_ONLY = re.compile(
    rf"^{_U}\s+(?:(?:has|have|just|recently|finally)\s+){{0,2}}(?:sold|gave\s+away|got\s+rid\s+of)\s+"
    r"(?P<det>my|their)\s+"
    rf"only\s+(?P<adj>(?:[a-z]+\s+){{0,2}})(?P<noun>[a-z]+){_WHEN}(?:\s*,\s*so\s+(?:i|they|the\s+user)\s+"
    rf"(?:do\s*n[o']t|does\s*n[o']t|no\s+longer)\s+(?:own|have)\s+one(?:\s+(?:now|anymore|any\s+more))?)?$", re.I)
_ONLY_CUE_RE = re.compile(r"\sonly\s", re.I)


def _only_one_sold(existing: str, incoming: str) -> tuple[str, str] | None:
    found = _one_persons(existing, incoming, _ONLY_CUE_RE, _SOLD_ONLY, _HAS_ONE)
    if found is None:
        return None
    o, n = found
    desc = {w.lower() for w in o.group("desc").split()}
    if n.group("noun").lower() != o.group("noun").lower() or not set(n.group("adj").lower().split()) <= desc:
        return None  # "my only acoustic guitar" of a stored electric one: another of its kind
    return f"{o.group('desc')}{o.group('noun')}", f"sold the only {n.group('noun').lower()}"


def _one_persons(existing: str, incoming: str, cue: re.Pattern[str], incoming_re: re.Pattern[str],
                 existing_res: Sequence[re.Pattern[str]]) -> tuple[re.Match[str], re.Match[str]] | None:
    """`one_sentence_matches`, kept only when both sentences are one person's (`_same_person`)."""
    found = one_sentence_matches(existing, incoming, cue, incoming_re, existing_res)
    return found if found is not None and _same_person(*found) else None


def _same_person(o: re.Match[str], n: re.Match[str]) -> bool:
    """One person in both ("I" twice, or the user), and "my" only of "I", "their" only of the user."""
    who_o, who_n = o.group(0).split()[0].lower(), n.group(0).split()[0].lower()
    if (who_o == "i") != (who_n == "i"):
        return False
    det = (n.groupdict().get("det") or "").lower()
    dev_det = re.search(r"\b(my|their)\s+", n.group(0), re.I) if n.re is _SWITCHED else None
    det = det or (dev_det.group(1).lower() if dev_det else "")
    return not det or (det == "my") == (who_n == "i")


# "I ride a Trek road bike" / "My Trek got stolen, so I bought a Specialized Allez": the thing lost.
# The stored kind words ("road bike") must be what the maker makes: "a Tesla charger" is no Tesla.
_HAS_KIND = [re.compile(rf"^{_U}\s+(?:drives?|owns?|has|have|rides?)\s+an?\s+(?P<thing>{_THING})"
                        r"(?:\s+(?P<kind>[a-z]+(?:\s+[a-z]+)?))?$", re.I)]
_STOLEN = re.compile(rf"^(?P<det>my|the\s+user's)\s+(?P<old>{_THING})\s+(?:got|was)\s+(?:stolen|written\s+off)"
                     rf"{_WHEN}"
                     rf"(?:\s*,\s*so\s+(?:i|the\s+user)\s+(?:bought|got)\s+{_NEW})?$", re.I)
_STOLEN_CUE_RE = re.compile(r"\s(?:got|was)\s+(?:stolen|written\s+off)", re.I)


def _stolen(existing: str, incoming: str) -> tuple[str, str] | None:
    found = one_sentence_matches(existing, incoming, _STOLEN_CUE_RE, _STOLEN, _HAS_KIND)
    if found is None:
        return None
    o, n = found
    thing, kind = o.group("thing"), (o.group("kind") or "").lower().split()
    mine = o.group(0).split()[0].lower() == "i"
    if (n.group("det").lower() == "my") != mine or not _names(n.group("old"), thing):
        return None  # "My Trek" of the user's memory in the third person; another thing
    if kind and _DEVICE_KIND.get(kind[-1], kind[-1]) not in _kinds_of(thing):
        return None  # "a Tesla charger", "a Yamaha guitar": the maker's name is not the thing
    if _maker_only(n.group("old"), thing) and not (kind or _one_kind(o, n, thing)):
        return None
    successor = n.group("new")
    if successor is not None and (_names(successor, thing) or _names(n.group("old"), successor)):
        return None  # "... so I bought a Trek": maybe the same again
    if re.search(r"\b(?:last|this)\s+year\b", n.group(0), re.I):
        return None  # a loss a year back is biography: the stored memory may be of the thing bought since
    return thing, f"{n.group('old')} stolen" + (f" -> {successor}" if successor else "")
