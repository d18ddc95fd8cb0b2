"""What the other sentences of an incoming memory may say beside a clause that ends a stored thing
(pure logic), for `thing_end`: "Miso passed away last week. Still very sad about it." is news;
"Karaoke night. Biscuit passed away last week." is a line of a song, "Biscuit died. It was my
Tamagotchi." another Biscuit, "Our dog died. I have a beagle." maybe the same dog still.

A sentence the rule cannot account for leaves the stored thing standing. Before the ending, a
sentence must tell news of its own (a verb, no one else brought in) or be a news lead ("Rough week.",
"Sad news:"); a piece with no verb or one opened by a gerund ("Rehearsing my lines.") labels what
follows. After it, a sentence may give the aftermath (a verb, no stop word) or a feeling ("Still very
sad about it."). Anywhere: no word of a story, a plan, a hedge, a return (`CONTEXT_STOPS`); the
thing not named again, nor another of a kind (a pet or a person: "I have a beagle", "I walk Biscuit
every day"); no he/she/it that may tell what the name was ("He was 92", "I'm his executor").
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon.life_events import CONTEXT_STOPS, PET_KINDS
from festinger.core.contradiction.lexicon.names import NICKNAMES
from festinger.core.contradiction.updates.stored_thing import Thing, fold

__all__ = ["context_refuses", "others_before"]

_STOPS_RE = re.compile(rf"(?<![\w'])(?:{CONTEXT_STOPS}|psych|jk|lol|haha|figurative\w*|literally|executor|estate|"
                       r"tribute|funeral\s+of|rip|allegedly|memoir|diary|lines?|audition|practice|exercise|test\w*|"
                       r"sample|example|prompt|caption|meme|homework|sentence|draft\w*)(?![\w'])", re.I)
# A he/she/it that tells what the name was ("He was 92", "It was my Tamagotchi"), or whose a thing is
# ("I'm his executor", "his record collection"); an object pronoun ("buried her in the garden",
# "cancelled him") refers back to the thing and is news.
_PRONOUN_RE = re.compile(r"(?<![\w'])(?:(?:he|she|it)\s+(?:was|is|'s|were)\s+(?:my|our|a|an|the|\d|just|only|not|never)|"
                         r"his|its|hers|their|her\s+(?!(?:in|at|to|for|on|with|off|out|up|down|away|back|and|now|"
                         r"too|go|again|last|this|yesterday|today)\b)[a-z])", re.I)
_KINDS = frozenset(PET_KINDS) | lx.PERSON_ROLES
_NEWS_LEAD_RE = re.compile(r"^(?:(?:quick|big|small|good|sad|bad|some|life|family|home|little|rough|tough|hard|long|"
                           r"busy|crazy|awful|terrible)\s+)*(?:update|news|fyi|heads\s+up|psa|week|day|month|year|"
                           r"weekend)$", re.I)
# A feeling or a reason said after the news with no verb: "Still very sad about it.", "Too expensive."
_FEELING_RE = re.compile(r"^(?:(?:still|feeling|very|so|really|pretty|quite|absolutely|a\s+bit)\s+)*"
                         r"(?:sad|gutted|heartbroken|devastated|upset|relieved|happy|glad|pleased|thrilled|"
                         r"weird|strange|amazing|great|good)(?:\s+about\s+it|\s+to\s+be\s+honest)?$|"
                         r"^(?:(?:it\s+)?feels|feeling)\s+(?:so\s+|really\s+)?(?:amazing|great|good|weird|strange|sad)$|"
                         r"^(?:so\s+)?(?:relieved|sad|gutted|happy|glad)$|^finally$|^(?:what\s+a\s+)?relief$|"
                         r"^(?:(?:way|far|much)\s+)?too\s+(?:expensive|noisy|much|slow|pricey|busy|tired|far)(?:\s+[\w' ]{1,40})?$|"
                         r"^not\s+worth\s+(?:it|the\s+money)$|^no\s+time(?:\s+any\s*more)?$", re.I)
_VERBS = frozenset("is are was were am be been being have has had do does did can could will would 's 'm 're 've "
                   "go goes went get gets got come comes came make makes made take takes took feel feels felt "
                   "need needs hit hits run runs pay pays use uses keep keeps live lives work works cost costs "
                   "miss misses know knows see sees want wants".split())
_GERUND_RE = re.compile(r"^[a-z]+ing\b", re.I)
_OTHERS_RE = re.compile(r"(?<![\w'])(?:he|she|they|his|her|their|him|them|mum|mom|dad|mother|father|sister|brother|"
                        r"friend|friends|neighbou?rs?|colleague|boss|wife|husband|partner|son|daughter|kids?|parents?|"
                        r"landlord|agency|council|company|team|office|family|roommates?|flatmates?|[A-Z][a-z]+'s)"
                        r"(?![\w'])", re.I)
_CAPITAL_RE = re.compile(r"(?<=\s)(?-i:[A-Z][a-z]+)(?![\w'])")
_GIVEN = frozenset(NICKNAMES) | frozenset(n for full in NICKNAMES.values() for n in full)


def _has_verb(sentence: str, gerund: bool = False) -> bool:
    for w in re.findall(r"[a-z']+", sentence.lower()):
        if gerund and w.endswith("ing") and len(w) > 4:
            return True  # "Doing it ourselves."
        if w in _VERBS or w.endswith(("ed", "n't")) or "'" in w and w.split("'")[-1] in ("s", "m", "re", "ve", "d"):
            return True
    return False


def others_before(text: str, thing: Thing) -> bool:
    """Whether the text brings in someone else: a pronoun, a person by role or a group, a
    possessive name, a capitalised name that is none of the stored thing's (not a sentence's first word)."""
    if _OTHERS_RE.search(text):
        return True
    own = {w for n in thing.names for w in n.split()} | {thing.owner.lower()}
    names = {w.lower() for w in _CAPITAL_RE.findall(" " + text)} - own
    first = re.findall(r"(?:^|[.!?]\s+)([A-Z][a-z]+)", text.strip())
    return bool(names - {f.lower() for f in first if f.lower() not in _GIVEN})


def context_refuses(thing: Thing, sentences: list[str], at: int) -> bool:
    """Whether a sentence beside the ending one (at index `at`) leaves the stored thing standing."""
    for j, raw in enumerate(sentences):
        if j == at:
            continue
        s = raw.strip().rstrip(".!").strip()
        if not s:
            continue
        if j > at and _FEELING_RE.match(s):
            continue
        if _STOPS_RE.search(s) or _PRONOUN_RE.search(s) or _names_again(thing, s):
            return True
        if j < at:
            if _NEWS_LEAD_RE.match(s):
                continue
            if len(s.split()) < 3 or not _has_verb(s) or _GERUND_RE.match(s) or others_before(s, thing):
                return True  # a label, a scene, someone else's news
        else:
            return True  # news before a sentence not read is not sure ("... The house feels empty.", "He was 14.")
    return False


def _names_again(thing: Thing, s: str) -> bool:
    """The stored thing named again, or another of a kind of living thing ("I have a beagle")."""
    toks = re.findall(r"[\w'-]+", s.lower())
    ws = {fold(w) for w in toks}
    said = f" {' '.join(toks)} "
    return bool(ws & ({thing.head} | _KINDS) or any(f" {n} " in said for n in thing.names))
