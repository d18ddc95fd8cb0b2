"""How people phrase an update, rewritten into the few forms the grammar reads (pure logic).

"stopped using Docker" is "no longer use Docker"; "switched from MySQL to PostgreSQL" is "uses
PostgreSQL instead of MySQL"; "my name is not Jon but John" is "my name is John instead of Jon";
"left Acme and now works at Globex" is "works at Globex instead of Acme". Each rewrite also says
whether the sentence announces a change ("now", "switched to", ...), which lets a non-exclusive
relation ("uses") be replaced, exactly like an explicit "actually". Every pattern is bounded
(no nested repetition; lazy spans are capped), so rewriting stays linear in the sentence length.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.grammar.objects import ITEM_STOPS
from festinger.core.contradiction.grammar.values import singular
from festinger.core.contradiction.text.cues import Says

__all__ = ["reaches_a_weight", "rephrase"]

_CHANGE_VERBS = r"(?:switched|migrated|moved(?:\s+over)?|changed|upgraded|downgraded|transitioned|went)"
_HAVE = r"(?:(?:has|have)\s+(?:now\s+|since\s+)?)?"
_SPAN = r"([^,;:]{1,60}?)"  # one short object, lazily (bounded: constant work per start position)

# "stopped using X", "has quit drinking coffee": the relation no longer holds.
_STOPPED_RE = re.compile(rf"(?<![\w'])(?:{_HAVE})(?:stopped|quit|ceased)\s+(\w+ing)(?![\w'])", re.I)
# "switched from X to Y" (before the history check: "from" here is not about the past).
_FROM_TO_RE = re.compile(
    rf"(?<![\w']){_HAVE}{_CHANGE_VERBS}\s+(?:(?:the|my|our|their|all|all\s+(?:my|their|the))\s+[^,;:]{{1,30}}?\s+)?"
    rf"(?:away\s+)?(?:from|off)\s+{_SPAN}\s+to\s+(.+)$", re.I)
# "moved the recipes from Notion to Google Docs": a thing named between the verb and "from" is what moved
# (content out of the tool, which may stay in use); only "all"/"everything" is the whole use moving.
_THING_MOVED_RE = re.compile(rf"{_HAVE}(?:moved|migrated)(?:\s+over)?\s+(?!(?:over\s+)?(?:away\s+)?(?:from|off)\s)"
                             r"(?!all\b|everything\b)", re.I)
# "upgraded to Y", "has switched to Y".
_TO_RE = re.compile(
    rf"(?<![\w']){_HAVE}(?:switched|migrated|upgraded|downgraded|changed|transitioned|moved\s+(?:over|on))"
    r"\s+to\s+(?!be\b)", re.I)
# "moved to Berlin", "relocated to Lisbon": where someone lives now.
_MOVED_RE = re.compile(rf"(?<![\w']){_HAVE}(?:just\s+|recently\s+)?(?:moved|relocated)\s+to\s+(?=[A-Z])"
                       r"(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b)")
# "moved to 3 Harbour Road": a new street address.
_MOVED_ADDRESS_RE = re.compile(rf"(?<![\w']){_HAVE}(?:just\s+|recently\s+)?(?:moved|relocated)\s+to\s+(?=\d{{1,5}}[a-z]?\s+[A-Z])")
# "Standup moved to 10:00", "The meeting was moved to 3 pm": a new time of day.
_TIME_MOVED_RE = re.compile(
    r"\s+(?:was\s+|has\s+been\s+|got\s+)?(?:moved|changed|shifted|rescheduled|pushed)\s+to\s+(?=\d)", re.I)
# "moved to Denver last month": when the move happened, not where the user lived before it.
_RECENT_TAIL_RE = re.compile(
    r"\s+(?:last\s+(?:week|month|year|weekend)|this\s+(?:week|month|year)|recently|yesterday|today|"
    r"over\s+the\s+weekend)$", re.I)
# "left Acme and now works at Globex".
_LEFT_RE = re.compile(
    rf"(?<![\w']){_HAVE}left\s+{_SPAN}(?:[,;]\s*(?:and\s+)?|\s+and\s+)(?:now\s+|has\s+)?(?:since\s+)?"
    r"(works|work|joined|is\s+working)\s+(?:(at|for)\s+)?(.+)$", re.I)
# "After the CDN change, page load time is 1.1 seconds": what holds since an event that changed it.
_AFTER_EVENT_RE = re.compile(
    r"^after\s+(?:the|a|my|our|this|that)\s+(?:[\w-]+\s+){0,3}?(?:" + "|".join(sorted(lx.CHANGE_EVENT_NOUNS))
    + r")s?\s*,\s+(?=\S)", re.I)
# "The user sold the Golf and now drives a Skoda Enyaq": the first clause is past, the second the present.
_AND_NOW_RE = re.compile(
    r"^((?:the\s+)?user|i|we-group)\s+(?:has\s+|have\s+|just\s+)?(?:[a-z]+ed|sold|left|quit|got|bought|gave|took|made|"
    r"became|went|sent|lost|broke|found|won|swapped|traded)\s[^,;]{1,80}?\s+and\s+now\s+"
    r"(?!(?:is|are|am)\b)([a-z]+s?\b.+)$", re.I)
# "is not X but Y", "does not use X but Y".
_NOT_BUT_RE = re.compile(
    rf"(?<![\w'])(?:(is|are|am)\s+not|(?:does|do)\s+not\s+(\w+))\s+{_SPAN},?\s+but\s+(?:rather\s+)?(.+)$", re.I)
_OWNER = r"(?:my|the\s+user's|user's)"
_SET_VERBS = (r"(?:raised|lowered|increased|decreased|reduced|changed|updated|bumped|cut|moved|set|switched|renamed"
              r"|upgraded|downgraded|migrated)")
# "I changed my shell to fish", "The user raised the user's budget to $500" -> "my shell is fish".
_ACTOR_SET_RE = re.compile(
    rf"^(?:i|the\s+user|user)\s+(?:have\s+|has\s+|just\s+)?{_SET_VERBS}\s+({_OWNER})\s+{_SPAN}\s+to\s+(.+)$", re.I)
# "My credit limit was raised to $8,000", "the user's FTP went up to 235 W", "... is down to 59".
_PASSIVE_SET_RE = re.compile(
    rf"^({_OWNER})\s+{_SPAN}\s+(?:(?:(?:was|has\s+been|have\s+been|has|have|got|is|are)\s+(?:now\s+)?)?{_SET_VERBS}"
    r"|went\s+(?:up|down)|went(?=\s+from\s)|(?:dropped|rose|grew|fell|climbed|jumped)|(?:is|are)\s+(?:now\s+)?(?:up|down))"
    r"(?:\s+from\s+[^,;:]{1,30}?)?(?:\s+to\s+|:\s+)(.+)$", re.I)
# "The API rate limit was raised to 200", "The wifi password changed to hunter3": a bare slot set to a
# value (never "moved/switched to", which say where something went or what it uses).
_BARE_PASSIVE_SET_RE = re.compile(
    r"^(the)\s+(?!user\b)([^,;:]{1,60}?)\s+(?:(?:was|has\s+been|got|is)\s+)?(?:raised|lowered|increased|decreased|"
    r"reduced|changed|updated|bumped|cut|set|went\s+(?:up|down)|dropped|rose|grew|fell|climbed|jumped)"
    r"(?:\s+from\s+[^,;:]{1,30}?)?\s+to\s+(.+)$", re.I)
# An upgrade keeps the thing and changes its tier, version or parts; only a slot that IS a tier or a
# version takes the new value ("My plan was upgraded to Premium", "The OS version was upgraded to 14").
def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


# "I upgraded my phone to a Pixel 8": the user's upgrade to a thing named (every word a name or a number)
# is a new one; "a Bose sound system", "a new SSD" and what "My car was upgraded to" got are parts.
_A_NEW_THING_RE = re.compile(r"(?:a|an)\s+[A-Z][\w-]*(?:\s+(?:[A-Z0-9][\w.-]*))*$")
_UPGRADED_RE = re.compile(r"(?<![\w'])(?:upgraded|downgraded)(?![\w'])", re.I)
# "The user's family moved to York": where they live, not a value of "family".
_OWNER_MOVED_RE = re.compile(rf"^(?i:{_OWNER})\s+[^,;:]{{1,40}}?\s+{_MOVED_RE.pattern}")
# "my new manager is Daniel": for a one-at-a-time attribute, "new" announces the replacement.
_NEW_HEADS = sorted(set("manager employer address email phone number name surname boss doctor dentist landlord job "
                        "title role salary rent bank carrier provider username handle city".split())
                    | lx.STRONG_SETTING_HEADS)
_NEW_RE = re.compile(
    rf"^({_OWNER})\s+new\s+(?=(?:[\w-]+\s+){{0,2}}(?:{'|'.join(_NEW_HEADS)})\s+(?:is|are)\b)", re.I)
_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|december"
           "|spring|summer|autumn|fall|winter")
# After "now", a trailing "after the wedding" / "since May" says why or since when, not where.
_CAUSE_TAIL_RE = re.compile(
    r",?\s+(?:after|since|following|due\s+to|because\s+of|starting|to\s+be|in\s+order\s+to)"
    r"\s+[^,;]{1,60}$|\s+in\s+(?:" + _MONTHS + r")$", re.I)
# In a denial only a reason is dropped ("no longer eats meat since the diagnosis"): "no longer drinks
# coffee after 2pm" or "... in winter" ends the habit in that window, never the habit (attack 27).
_DENIAL_CAUSE_TAIL_RE = re.compile(
    r",?\s+(?:(?:since|due\s+to|because\s+of|in\s+order\s+to)\s+[^,;]{1,60}|after\s+(?:the|my|a|an|that)\s+"
    r"(?:[\w-]+\s+){0,2}(?:" + "|".join(sorted(lx.MISHAP_NOUNS)) + r"))$", re.I)
_DENIES_RE = re.compile(r"(?<![\w'])(?:not|never|no\s+longer)(?![\w'])|n't", re.I)
# "moved to Berlin for work": why someone moved, not a scope ("no longer uses Slack for work" is).
_MOVE_PURPOSE_RE = re.compile(r"\s+for\s+(?:work|a\s+(?:new\s+)?job)$", re.I)
# "is written not in Java but in Kotlin", "uses not MySQL but Postgres".
_NOT_BUT_ANY_RE = re.compile(
    rf"(?<![\w'])not\s+(?:(in|on|at|with|to|for)\s+)?{_SPAN},?\s+but\s+(?:rather\s+)?(?:(?:in|on|at|with|to|for)\s+)?(.+)$",
    re.I)
# "The API port is 8081, not 8080": a single value restated against the one it replaces.
_IS_NOT_TAIL_RE = re.compile(
    r"^(.{1,80}?\s(?:is|are|am)\s+(?!an?\s)[^,;]{1,60}?),?\s+(?:and\s+)?not\s+([^,;]{1,60})$", re.I)
_NOT_AMOUNT_TAIL_RE = re.compile(r"\s(?:is|are|am)\s+[$€£]?\d[^;]{0,40}?,?\s+not\s+[$€£]?\d[\d.,]*\s*\S{0,12}$", re.I)
# "was upgraded to Django 5.0": said of the present in an incoming memory.
_WAS_CHANGED_TO_RE = re.compile(
    r"(?<![\w'])(?:was|were|has\s+been|have\s+been|got)\s+(?:upgraded|migrated|switched|moved|changed)\s+to\s+", re.I)
# "The user was promoted to Staff Engineer": the user's title now.
_PROMOTED_RE = re.compile(
    r"^((?:the\s+)?user|i)\s+(?:was\s+|has\s+been\s+|have\s+been\s+|got\s+|just\s+got\s+)?promoted\s+to\s+"
    r"(?:a\s+|an\s+)?(?=[A-Z])", re.I)
_CHANGED_JOBS_RE = re.compile(
    r"(?<![\w'])(?:changed|switched)\s+(?:jobs|employers|companies)\s+and\s+(?:now\s+)?", re.I)
# "The user's name is spelled John, not Jon": a spelling set against another is the name itself.
_SPELLED_RE = re.compile(r"(?<![\w'])((?:is|are)\s+)spelled\s+(?=[A-Z][\w'-]*,?\s+not\s+[A-Z][\w'-]*$)")
# "The user weighs 84 kg" is "The user's weight is 84 kg".
_WEIGHS_RE = re.compile(r"^(?:(the\s+user|user)|(i))\s+(?:now\s+)?weighs?\s+", re.I)
# "I'm down to 76 kg now", "The user is up to 90 kg": a body weight reached (a weight unit and nothing
# after it: "down to 2 kg of flour" is a stock, not the user).
_DOWN_TO_WEIGHT_RE = re.compile(
    r"^(?:(the\s+user|user)\s+is|(i)\s+am)\s+(?:now\s+)?(?:down|up)\s+to\s+"
    r"(?=\d[\d.,]*\s*(?:kg|kgs|kilos?|kilograms?|lbs?|pounds?|st|stone)(?:\s+now)?\s*$)", re.I)


def reaches_a_weight(sentence: str) -> bool:
    """"I am down to 76 kg now": a weight reached, read as the user's body weight (`told_first` asks
    that nothing before it names another thing)."""
    return bool(_DOWN_TO_WEIGHT_RE.match(sentence.strip().rstrip(".!").strip()))


# "User switched LLM provider to Anthropic" -> "User's LLM provider is Anthropic".
_USER_SET_RE = re.compile(
    rf"^(?:the\s+)?user\s+(?:has\s+|just\s+)?{_SET_VERBS}\s+(?:the\s+|their\s+)?(?!to\s|from\s){_SPAN}\s+to\s+(.+)$", re.I)
# "We increased the trip budget to $4,500", "We moved our standup to 10:00": the group's own slot.
_WE_SET_RE = re.compile(
    rf"^we-group\s+(?:have\s+|just\s+)?{_SET_VERBS}\s+(?:the\s+|(we-group's)\s+)(?!to\s){_SPAN}\s+to\s+(.+)$", re.I)
_BARE_VERSION_RE = re.compile(r"^v?\d+(?:\.\d+){0,3}$", re.I)
_VERSION_VERBS_RE = re.compile(r"(?<![\w'])(?:upgraded|downgraded|updated|bumped)(?![\w'])", re.I)


_PERSON_MOVE_RE = re.compile(rf"(?<![\w']){_HAVE}(?:moved|relocated)\s+(?:away\s+)?from\s", re.I)  # no object
# "The dentist appointment was rescheduled to Thursday": the day it is on now.
_DAY_MOVED_RE = re.compile(
    r"\s+(?:was\s+|has\s+been\s+|got\s+)?(?:moved|changed|shifted|rescheduled|pushed|postponed|brought\s+forward)"
    r"\s+to\s+(?=(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"[a-z]*\.?\s+\d{1,2}\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))", re.I)
# "The user quit Stripe", "I left Acme": no longer works there (a place one leaves is not an
# employer, and "works at" never meets "lives in").
_QUIT_RE = re.compile(r"^((?i:(?:the\s+)?user|i))\s+(?:has\s+|have\s+|just\s+)?(?:quit|left)\s+(?=[A-Z][\w&.'-]*"
                      r"(?:\s+[A-Z][\w&.'-]*){0,3}$)")


def _is_person(mover: str) -> bool:
    low = mover.lower()
    return low in ("i", "user", "the user", "we-group") or bool(re.match(rf"^(?i:{_OWNER})\s", low))


_FROM_OLD_RE = re.compile(r"^(.{1,40}?)\s+(?:away\s+)?(?:from|off)\s+(\S.{0,30})$", re.I)


def _from_old(slot: str) -> tuple[str, str | None]:
    """"the database from PostgreSQL" -> ("the database", "PostgreSQL"): the slot and the value it left."""
    m = _FROM_OLD_RE.match(slot)
    return (m.group(1), m.group(2)) if m else (slot, None)


def _slot(m: re.Match[str], slot: str, value: str) -> str:
    """"upgraded node to 20": a bare number after an upgrade is the slot's version."""
    if (_BARE_VERSION_RE.match(value.strip().rstrip(".")) and _VERSION_VERBS_RE.search(m.group(0))
            and not slot.lower().endswith("version")):
        return f"{slot} version"
    return slot


_NOW_RE = re.compile(r"(?<![\w'])(?:now|no\s+longer|any\s+more|anymore)(?![\w'])", re.I)
_GERUND_BASE = {"using": "use", "running": "run", "living": "live", "working": "work", "drinking": "drink",
                "eating": "eat", "smoking": "smoke", "driving": "drive", "deploying": "deploy", "hosting": "host",
                "playing": "play", "doing": "do", "wearing": "wear", "taking": "take", "writing": "write", "building": "build"}


def _base(gerund: str) -> str | None:
    low = gerund.lower()
    if low in _GERUND_BASE:
        return _GERUND_BASE[low]
    if len(low) > 5:
        stem = low[:-3]
        return stem
    return None


# A denied tail that is one thing alone ("not Anna", "not the Corolla"): no clause, scope or reason
# after it ("not pizza as the form said", "not 9 since March" only say what the old value was once).
_DENIED_ALONE_RE = re.compile(r"^(?:(?:a|an|the)\s+)?[\w@.+'&-]+(?:\s+[\w@.+'&-]+){0,2}$", re.I)
_TAIL_STOPS = frozenset(ITEM_STOPS | {"and", "or", "but", "because", "since", "anymore", "yet", "any", "more",
                                      "just", "only", "really", "though", "either", "even", "ever"})


def _denied_tail(head: str, tail: str) -> str:
    """"is Hannah, not Anna" keeps the value it corrects ("is Hannah instead of Anna"): the grammar then
    names Anna as denied, and a stored "Anna" of the same slot is the one corrected. Any other tail
    is dropped as before (the sentence still announces its value): a clause or reason, a number or
    date (the grammar reads "is $1,650, not $1,500" itself, and "June 19 instead of June 9" is not
    one date), and a tail that shares a word with the new value ("allergic to cat dander, not cats",
    "Swiss German, not German"): a part set against its whole, which may both hold."""
    tail = tail.strip().rstrip(".!")
    words = tail.lower().split()
    if not _DENIED_ALONE_RE.match(tail) or any(w in _TAIL_STOPS for w in words) or re.search(r"\d", tail):
        return ""
    said = {singular(w) for w in re.findall(r"[\w@.+'&-]+", head.lower().split(" not ")[0])}
    if {singular(w) for w in words} & said - {"a", "an", "the"}:
        return ""
    return f" instead of {tail}"


def rephrase(sentence: str, *, incoming: bool) -> tuple[str, bool]:
    """The sentence in canonical form, and whether it announces a change of state.

    Only an incoming memory is read as an update: in a stored memory, "moved to Berlin" or
    "switched to Vim" may be long past, so those stay history (unparsed) there.
    """
    s = sentence
    says = Says(s)
    changed = says("now", "longer", "more") and bool(_NOW_RE.search(s))

    def stopped(m: re.Match[str]) -> str:
        base = _base(m.group(1))
        return f"no longer {base}" if base else m.group(0)

    if says("stopped", "quit", "ceased"):
        s, n = _STOPPED_RE.subn(stopped, s, count=1)
        changed = changed or n > 0
        says = Says(s)
    m = _NOT_BUT_RE.search(s) if says("but") and says("not") else None
    if m:
        verb = m.group(1) or m.group(2)
        return f"{s[:m.start()]}{verb} {m.group(4)} instead of {m.group(3)}", True
    m = _NOT_BUT_ANY_RE.search(s) if says("but") and says("not") else None
    if m:
        prep = f"{m.group(1)} " if m.group(1) else ""
        return f"{s[:m.start()]}{prep}{m.group(3)} instead of {prep}{m.group(2)}", True
    # (read the same way in a stored memory)
    m = _WEIGHS_RE.match(s) or _DOWN_TO_WEIGHT_RE.match(s) if says("weigh", "down", "up") else None
    if m:
        changed = changed or m.re is _DOWN_TO_WEIGHT_RE  # "down to" says the weight changed
        s = ("my weight is " if m.group(2) else "the user's weight is ") + s[m.end():]
    s = _SPELLED_RE.sub(r"\1", s, count=1) if "spelled" in s else s
    if not incoming:
        return s, False
    says = Says(s)
    if says("after"):
        s, n = _AFTER_EVENT_RE.subn("", s, count=1)
        changed = changed or n > 0
    if not says("not"):
        pass
    elif _NOT_AMOUNT_TAIL_RE.search(s):
        changed = True  # "is $1,650, not $1,500": the grammar reads the denied amount itself
    else:
        m = _IS_NOT_TAIL_RE.match(s)
        if m:
            s, changed = m.group(1) + _denied_tail(m.group(1), m.group(2)), True
    says = Says(s)
    m = None if not says("to", ":") or _OWNER_MOVED_RE.match(s) else (
        _ACTOR_SET_RE.match(s) or _PASSIVE_SET_RE.match(s) or _BARE_PASSIVE_SET_RE.match(s))
    if m and _UPGRADED_RE.search(m.group(0)) and not set(m.group(2).lower().split()[-1:]) & ch.TIER_SLOTS and not (
            m.re is _ACTOR_SET_RE and _A_NEW_THING_RE.match(m.group(3).rstrip(". "))
            and not set(m.group(3).lower().split()) & ch.SETTING_NOUNS):
        m = None  # "My gym was upgraded to Black Card": a tier or a part of the same gym, not another gym
    if m and set(_words(m.group(3))) & ch.SETTING_NOUNS and not set(_words(m.group(2))) & ch.SETTING_NOUNS:
        m = None  # "My OS was switched to Dark Mode": a setting of the same OS ("The theme ... Dark Mode" is one)
    if m:
        return f"{m.group(1)} {_slot(m, m.group(2), m.group(3))} is {m.group(3)}", True
    m = _PROMOTED_RE.match(s) if says("promoted") else None
    if m:
        return f"{m.group(1)} {'am' if m.group(1).lower() == 'i' else 'is'} a {s[m.end():]}", True
    m = _USER_SET_RE.match(s) if says("to") else None
    if m:
        slot, old_value = _from_old(m.group(1))
        if old_value is None:
            return f"The user's {_slot(m, slot, m.group(2))} is {m.group(2)}", True
        if slot.split()[0].lower() not in ("all", "every", "both"):  # "moved all accounts": no slot named
            return f"The user's {_slot(m, slot, m.group(2))} is {m.group(2)}, not {old_value}", True
    m = _WE_SET_RE.match(s) if says("we-group") else None
    if m:
        owner = "we-group's" if m.group(1) else "the"
        return f"{owner} {_slot(m, m.group(2), m.group(3))} is {m.group(3)}", True
    s, n = _WAS_CHANGED_TO_RE.subn("uses ", s, count=1) if says("to") else (s, 0)
    s, n2 = _CHANGED_JOBS_RE.subn("", s, count=1) if says("jobs", "employers", "companies") else (s, 0)
    changed = changed or n > 0 or n2 > 0
    says = Says(s) if n or n2 else says
    s, n = _NEW_RE.subn(r"\1 ", s, count=1) if says("new") else (s, 0)
    changed = changed or n > 0
    if changed:
        # a denial's "after 2pm", "before work", "in winter" is its scope: it ends the habit there only
        s = (_DENIAL_CAUSE_TAIL_RE if _DENIES_RE.search(s) else _CAUSE_TAIL_RE).sub("", s, count=1)
    says = Says(s)
    m = _FROM_TO_RE.search(s) if says("from", "off") else None
    if m and _THING_MOVED_RE.match(m.group(0)):
        m = None
    if m:
        mover = s[:m.start()].strip()
        if _PERSON_MOVE_RE.match(m.group(0)) and _is_person(mover) and m.group(1)[:1].isupper():
            # "The user moved from Denver to Austin last month": where the user lives now
            new = _RECENT_TAIL_RE.sub("", m.group(2).rstrip(". "))
            return f"{s[:m.start()]}lives in {new} instead of {m.group(1)}", True
        return f"{s[:m.start()]}uses {m.group(2)} instead of {m.group(1)}", True
    m = _AND_NOW_RE.match(s) if says("now") else None
    if m:  # "The user sold the Golf and now drives a Skoda": what holds now, of the same subject
        return f"{m.group(1)} {m.group(2)}", True
    m = _LEFT_RE.search(s) if says("left") else None
    if m:
        prep = m.group(3) or "at"
        new = _RECENT_TAIL_RE.sub("", m.group(4).rstrip(". "))  # "... joined Globex last week"
        return f"{s[:m.start()]}works {prep} {new} instead of {m.group(1)}", True
    moves = says("moved", "relocated", "changed", "shifted", "rescheduled", "pushed", "postponed", "brought")
    s, n = _MOVED_ADDRESS_RE.subn("lives at ", s, count=1) if moves else (s, 0)
    if n:
        return s, True
    s, n = _TIME_MOVED_RE.subn(" is at ", s, count=1) if moves else (s, 0)
    if n:
        return s, True
    s, n = _DAY_MOVED_RE.subn(" is on ", s, count=1) if moves else (s, 0)
    if n:
        return s, True
    m = _QUIT_RE.match(s) if says("quit", "left") else None
    if m:
        return f"{m.group(1)} no longer {'work' if m.group(1).lower() == 'i' else 'works'} at {s[m.end():]}", True
    m = _MOVED_RE.search(s) if says("moved", "relocated") else None
    if m:
        # People live somewhere; "The office moved to X" / "Our headquarters moved to X" is where it is.
        person = _is_person(s[:m.start()].strip())
        s, n = s[:m.start()] + ("lives in " if person else "is in ") + s[m.end():], 1
    else:
        n = 0
    if n:
        return _CAUSE_TAIL_RE.sub("", _MOVE_PURPOSE_RE.sub("", _RECENT_TAIL_RE.sub("", s), count=1), count=1), True
    s, n = _TO_RE.subn("uses ", s, count=1) if says("to") else (s, 0)
    if n:  # "upgraded to Windows 11 over the weekend": when, not a scope
        s = _RECENT_TAIL_RE.sub("", s.rstrip(". "))
    return s, changed or n > 0
