"""A behaviour the user asks of the assistant, or forbids it (pure logic): "No emojis in replies",
"Stop sending the daily summary", "You don't need to ask before running shell commands anymore".

A behaviour clause is a frame (who asks, and whether the thing is done) around an object. The object
is kept as a key of stemmed words, so "sending the daily summary" and "a daily summary at 8am" are
one key ("daily summary") and "swearing" / "swear" one; a target other than the replies ("in commit
messages", "for the README") and a time ("at 8am") are kept beside the key, never dropped.

Why the object must be something the assistant puts in a reply or does: memorizer shorthand looks the
same ("No pets", "No kids", "User wants a dog" are facts about the user), so a frame that does not
speak to the assistant ("no X", "X is fine", "never X", "stop X", "the user wants X") only counts when
the object's head is a thing replies are made of (emojis, tables, jokes, summaries, sources ...), the
assistant's own acts ("ask before ...", "run ..."), or the object is said to be in the replies.
A frame that addresses the assistant ("you can", "you don't need to", "the assistant should") needs no
such noun. "Send me the report" / "add emojis" alone may be a request for this once: only "always",
"keep" or a change marker make a bare imperative a rule.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.updates.instruction_reading import Reading, stem, words

__all__ = ["read_behaviour"]

# Negative frames first: "you can stop X" is not "you can X".
_NEG_FRAMES = [re.compile(p) for p in (
    r"^(?P<you>you )?(?:do not|no longer) (?:need|have) to (?P<obj>.+)$",
    r"^(?P<you>there is )?no need to (?P<obj>.+)$",
    r"^(?P<you>you )(?:can|may) stop (?P<obj>.+)$",
    r"^(?:please )?(?:stop|quit|avoid|cancel|disable|turn off) (?P<obj>.+)$",
    r"^(?:please )?(?:do not|never|no longer) (?P<obj>.+)$",
    r"^(?:the )?user (?:does not want|would rather not have) (?P<obj>.+)$",
    r"^(?P<you>(?:the )?assistant )(?:should not|must not|should never|must never|never|does not need to) (?P<obj>.+)$",
    r"^i (?:do not want|would rather not have) (?P<obj>.+)$",
    r"^no more (?P<obj>.+)$",
    r"^no (?P<obj>.+)$",
    r"^(?P<obj>.+?) (?:is|are) (?:not (?:allowed|okay|ok|fine|wanted|needed)|banned|forbidden)$",
)]
_POS_FRAMES = [re.compile(p) for p in (
    r"^(?P<you>you )(?:can|may) (?:now )?(?P<obj>.+)$",
    r"^(?P<you>feel free to )(?P<obj>.+)$",
    r"^(?P<obj>.+?) (?:is|are) (?:now )?(?:fine|okay|ok|allowed|welcome)(?: with me)?(?P<tail> (?:in|for|on) .+)?$",
    r"^(?:the )?user (?:wants|would like|asked for|asks for) (?!to )(?P<obj>.+)$",
    r"^(?P<you>(?:the )?assistant )(?:should always|must always|should|must|needs to|has to) (?P<obj>.+)$",
    r"^(?P<you>you )(?:should always|must always|should|must|need to|have to) (?P<obj>.+)$",
    r"^i (?:want|would like) (?!to )(?P<obj>.+)$",
    r"^(?:please )?(?:always )?(?P<obj>(?:use|include|add|send|give|put|ask|cite|end|keep|swear|curse)\b.+)$",
)]
_PERMISSIVE = re.compile(r"^(?:you )?(?:can|may) |^feel free|(?:is|are) (?:now )?(?:fine|okay|ok|allowed|welcome)")
_PERMISSIVE_FRAME = _POS_FRAMES[2]
_CONTENT_VERBS = frozenset("use using include including add adding send sending give giving put putting have provide "
                           "providing keep".split())
_DETS = frozenset("a an the any your some".split())
_DEFAULT_TARGETS = re.compile(r"\s+(?:in|to|for)\s+(?:your\s+|the\s+|all\s+)?(?:replies|answers|responses|chat|"
                              r"messages to me|replies to me|answers to me)(?:\s+to\s+me)?$|\s+to\s+me$")
_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend)"
_TIME_DETAIL = re.compile(rf"\s+(?P<when>at\s+\d{{1,2}}(?::\d\d)?\s*(?:am|pm)?|every\s+(?:morning|evening|day|week|"
                          rf"{_DAYS})|on\s+{_DAYS}s?)$")
_TARGET = re.compile(r"^(?P<obj>.+?)\s+(?:in|on|for)\s+(?P<target>(?:the\s+|my\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)$")
_WITHOUT_ASKING = re.compile(r"^(?P<act>.+?)\s+without\s+asking(?:\s+me|\s+first)*$")
_OBJ_WORD = re.compile(r"^[a-z][a-z-]*$")
_NOT_OBJECT = frozenset("me i you it them my metric".split())
# What replies are made of, and what the assistant does: an object with one of these (stemmed) is the
# assistant's behaviour even when the frame does not address it ("No emojis", "Stop the daily summary").
_OUTPUT = frozenset(stem(w) for w in (
    "emoji emojis emoticon emoticons markdown table tables bullet bullets list lists header headers heading headings "
    "exclamation joke jokes pun puns swear swearing profanity curse cursing summary summaries recap recaps tldr "
    "report reports digest digests briefing briefings update updates reminder reminders notification notifications "
    "question questions source sources citation citations link links reference references example examples comment "
    "comments disclaimer disclaimers caveat caveats apology apologies hashtag hashtags signature sign-off greeting "
    "greetings preamble jargon slang abbreviation abbreviations acronym acronyms dash dashes semicolon semicolons bold "
    "italics formatting gif gifs image images diagram diagrams chart charts translation translations emoji-free "
    "check-in check-ins newsletter alert alerts ask run execute confirm confirmation cite").split())


def _object_key(obj: str) -> tuple[tuple[str, ...], tuple[str, ...], str, bool, bool] | None:
    """(stemmed key, target, time, flipped, said of the replies) of a behaviour's object, or None."""
    obj = obj.strip()
    when, to_replies = "", False
    for _ in range(2):
        stripped = _DEFAULT_TARGETS.sub("", obj)
        to_replies = to_replies or stripped != obj
        t = _TIME_DETAIL.search(stripped)
        when = when or (t.group("when") if t else "")
        obj = _TIME_DETAIL.sub("", stripped)
    flipped = False
    m = _WITHOUT_ASKING.match(obj)
    if m:  # "run shell commands without asking" is "not: ask before running shell commands"
        obj, flipped = "ask before " + m.group("act"), True
    target: tuple[str, ...] = ()
    t = _TARGET.match(obj)
    if t and not obj.startswith(("ask ", "end ")) and " before " not in obj:
        obj, target = t.group("obj"), tuple(stem(w) for w in t.group("target").split() if w not in _DETS)
    ws = obj.split()
    while ws and (ws[0] in _CONTENT_VERBS or ws[0] in _DETS or ws[0] in ("me", "always")):
        ws = ws[1:]
    if not ws or len(ws) > 7 or any(not _OBJ_WORD.match(w) or w in _NOT_OBJECT for w in ws):
        return None
    return tuple(stem(w) for w in ws if w not in _DETS), target, when, flipped, to_replies


def read_behaviour(clause: str) -> Reading | None:
    """A behaviour clause: a frame of the shapes above around a plain object."""
    text = " ".join(words(clause))
    for frames, on in ((_NEG_FRAMES, False), (_POS_FRAMES, True)):
        for rx in frames:
            m = rx.match(text)
            if m is None:
                continue
            if rx is _PERMISSIVE_FRAME and m.group("obj").split()[0] in ("the", "this", "that", "my", "your", "it"):
                return None  # "the daily summary is fine": how good it is, not a permission
            found = _object_key(m.group("obj") + (m.groupdict().get("tail") or ""))
            if found is None:
                return None
            key, target, when, flipped, to_replies = found
            addressed = bool(m.groupdict().get("you"))
            if not (addressed or to_replies or set(key) & _OUTPUT):
                return None  # "No pets", "User wants a dog": the user's facts, not the assistant's replies
            # a bare "send me the report" / "add emojis" may be a request for now: it only counts as a
            # rule with "always" or "keep", or said as a change (`instructions`)
            bare = rx is _POS_FRAMES[-1] and not re.match(r"^(?:please )?(?:always|keep) ", text)
            return Reading("do", key, target, on != flipped, frozenset(), not bare, frozenset(), frozenset(),
                           when=when)
    return None
