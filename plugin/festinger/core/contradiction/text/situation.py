"""What a whole memory says about the situation its sentences hold in (pure logic).

A sentence is read on its own by the grammar, but its memory may have set a scene first: "The
user is on holiday. The user's alarm is at 9:00, not 6:00." is the holiday alarm; "Lesson
learned by the agent on this task. I use the browser tool" is the agent speaking; "The user's
gaming group. We switched to Discord." is that group's "we"; "The staging environment is cheaper.
The database is SQLite." is staging's database. These functions find such scenes, so that the
pipeline (`statements`) can scope what follows them instead of comparing it with the user's
standing facts.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.cues import Cue, Says
from festinger.core.contradiction.text.scope import ANNOUNCING, EVENT_PARTICIPLES, normalise_label

__all__ = ["hands_voice_over", "is_afterthought", "is_headline", "names_environment", "opens_agent_voice", "sets_activity",
           "sets_passing_state", "sets_temporary_scene"]

# A moment or a passing state: "this week", "next quarter", "on holiday", "in the shop".
_TEMPORARY_RE = re.compile(
    r"(?<![\w'])(?:(?:this|next|coming|the\s+coming)\s+(?:week|weekend|sprint|month|quarter|semester|term|season|"
    r"trip|visit|stay|year)|for\s+the\s+(?:week|weekend|time\s+being|holidays?|summer|winter)|temporarily|"
    r"for\s+(?:a|one|two|three|four|five|six|eight|nine|ten|a\s+few|\d{1,2})\s+(?:days?|weeks?|months?)|"
    r"on\s+(?:vacation|holiday|holidays|leave|sabbatical|parental\s+leave|a\s+trip|the\s+road|call\s+this)|"
    r"in\s+the\s+shop|at\s+the\s+mechanic|under\s+repair|closed\s+for|out\s+of\s+order|while\s+\w+ing|"
    r"(?:in|during)\s+(?:the\s+)?(?:winter|summer|spring|autumn|fall|holidays|rainy\s+season|exam\s+season)|"
    r"on\s+(?:antibiotics|medication|a\s+diet|a\s+cleanse|bed\s+rest)|until\s+(?:spring|summer|autumn|fall|winter|"
    r"further\s+notice|[A-Z][a-z]+))(?![\w'])", re.I)
# A passing state of the user's: a fact in itself ("The user is pregnant." / "... is not pregnant"),
# and a scene for the memory's other sentences.
_PASSING_STATE_RE = re.compile(
    r"(?<![\w'])(?:is|are|am)\s+(?:visiting|traveling|travelling|staying|sick|ill|away|abroad|pregnant|"
    r"recovering)(?![\w'])", re.I)
# "I am working from a hotel room", "The user is recovering": a present progressive says what is
# going on at the moment (only when the grammar did not read the sentence as a fact of its own).
_PROGRESSIVE_RE = re.compile(r"(?<![\w'])(?:is|are|am)\s+(?:now\s+|currently\s+)?[a-z]{3,}ing(?![\w'])", re.I)
# A note the agent wrote about its own work: its first person is the agent's.
_AGENT_NOTE_RE = re.compile(
    r"(?<![\w'])(?:agent(?:\s+zero)?|assistant|a0|the\s+bot|chatbot|self-note|note\s+to\s+self|lessons?\s+learned|"
    r"(?:task|tool|working|session|solution)\s+notes?|on\s+this\s+task|for\s+this\s+task|"
    r"from\s+the\s+[\w -]{1,30}?\s(?:tool|agent|subordinate))(?![\w'])", re.I)
# (both looked for as cues: `cues.Cue`; under re.I "[A-Z]" is "[a-z]")
_TEMPORARY, _AGENT_NOTE = Cue(_TEMPORARY_RE.pattern.replace("[A-Z]", "[a-z]")), Cue(_AGENT_NOTE_RE.pattern)
# Every match of `_TEMPORARY_RE` holds one of these (a gate: most sentences hold none).
_TEMPORARY_WORDS = tuple("this next coming for temporarily vacation holiday leave sabbatical trip road call shop mechanic "
                         "repair closed order while winter summer spring autumn fall season antibiotics medication diet "
                         "cleanse rest until".split())
_USER_LED_RE = re.compile(r"^\W*(?:(?:the\s+)?user(?:'s)?|i|my|me)\b", re.I)
_ENVIRONMENT_RE = re.compile(
    r"(?<![\w'])(?:staging|production|prod|dev|development|test|testing|qa|uat|sandbox|preview|local)"
    r"(?:\s+(?:environment|env|server|cluster|stack|setup|instance|box))?(?![\w'])", re.I)


def sets_temporary_scene(sentence: str, parsed: bool) -> bool:
    """Whether the sentence, and the memory with it, holds for a moment only (this week, a trip, a
    repair, something going on that the grammar did not read as a fact)."""
    return bool(Says(sentence)(*_TEMPORARY_WORDS) and _TEMPORARY.search(sentence)
                or (not parsed and _PROGRESSIVE_RE.search(sentence)))


# "is doing a diet", "is working from a hotel": as `_PROGRESSIVE_RE`, short verbs included ("going to"
# is a plan, which the grammar never reads).
_ACTIVITY_RE = re.compile(r"(?<![\w'])(?:is|are|am)\s+(?:now\s+|currently\s+)?(?!going\s+to\b)[a-z]{2,}ing(?![\w'])",
                          re.I)
# "is working at Google", "is living in Leeds": a standing fact worded as going on, not an activity.
_STANDING_PROGRESSIVE_RE = re.compile(
    r"(?<![\w'])(?:is|are|am)\s+(?:now\s+|currently\s+)?(?:living|residing|staying\s+in|working\s+(?:at|for|as|in)|"
    r"studying\s+at|employed)(?![\w'])", re.I)


def sets_activity(sentence: str) -> bool:
    """"The user is doing an elimination diet.", "The user is working from a hotel room.": something
    going on that the grammar did read, a fact of its own, which makes the user's other facts in the
    same memory hold while it lasts ("... The user does not eat gluten.")."""
    return bool(_ACTIVITY_RE.search(sentence)) and not _STANDING_PROGRESSIVE_RE.search(sentence)


def sets_passing_state(sentence: str) -> bool:
    """"The user is pregnant.", "The user is away.": a fact of its own that makes the memory's
    other sentences hold for a while only."""
    says = Says(sentence)("visiting", "travel", "staying", "sick", "ill", "away", "abroad", "pregnant", "recovering")
    return says and bool(_PASSING_STATE_RE.search(sentence))


def opens_agent_voice(first_sentence: str) -> bool:
    """"Lesson learned by the agent on this task.", "Agent Zero self-note.": the memory's later
    "I" and "my" are the agent's (a memory the user wrote starts with them, not with the agent)."""
    if not Says(first_sentence)("agent", "assistant", "a0", "bot", "note", "learned", "task", "tool", "subordinate"):
        return False  # none of the words every agent note holds
    return _AGENT_NOTE.search(first_sentence) and not _USER_LED_RE.match(first_sentence)


# The user named in the third person: a memory written about the user, whose "I" is not the user.
_THIRD_PERSON_USER_RE = re.compile(r"(?<![\w'])(?:the\s+user(?:'s)?|user's)(?![\w'])|^\W*user\s", re.I)
_USER_SOURCE_RE = re.compile(r"(?<![\w'])(?:from|by)\s+the\s+user(?![\w'])", re.I)
_USER_VOICE_RE = re.compile(r"(?<![\w'])(?:i|my|me|mine|myself)(?![\w])", re.I)


def hands_voice_over(sentence: str, parsed: bool) -> bool:
    """Whether a sentence makes the memory's later "I" and "my" someone other than the user's.

    One memory has one voice. A memory that names the user in the third person ("Tom's text to
    the user.", "Company issued the user a ThinkPad, and my OS is ...") is written about the user,
    so a later "I" is whoever it quotes; so is a memory that opens with a line the parser did not
    understand and that is not the user's own ("Reply from Tom", "Tom's LinkedIn post.", "Interview
    notes, candidate Tom."). A neutral label ("Update.", "Big news!"), a headline ("Migration
    done.") or the user's news without a subject ("Moved to Munich last month.") keep the voice."""
    if _THIRD_PERSON_USER_RE.search(sentence):
        return not _USER_SOURCE_RE.search(sentence)  # "Big news from the user - I ...": the user's words
    if not parsed and _OTHER_TEXT_RE.search(sentence):
        return True  # "Quote from a blog post I liked.", "Writing a cover letter for my wife.": not the user's news
    if parsed or _USER_VOICE_RE.search(sentence):  # "Company issued me a ThinkPad": the user's own voice
        return False
    words = [w.strip(".,!?;:*_\"'()") for w in sentence.lower().split()]
    words = [w for w in words if w]
    if not words or words[0] in ANNOUNCING or any(w in EVENT_PARTICIPLES for w in words[-1:]):
        return False
    if _EXCLAMATION_RE.match(sentence.strip()):
        return False  # "Hi!", "New job!", "Big news!": the writer's own exclamation
    return normalise_label(" ".join(words)) != ""


# Text written for, by or as someone else, or made up, that the next sentences may be quoting.
_OTHER_TEXT_RE = re.compile(
    r"(?<![\w'])(?:quote|quoting|quoted|excerpt|draft|drafting|cover\s+letter|letter\s+(?:for|to|from)|speech|toast|"
    r"eulogy|blog\s+post|tweet|story|novel|script|screenplay|plot|lyrics|poem|role-?play|pretend|hypothetical|"
    r"template|sample\s+(?:answer|text|bio)|writing\s+(?:a|an|the|this)?\s*\w+\s+for|"
    r"(?:message|text|email|e-mail|note|voicemail|dm|letter)\s+from|forward(?:ing|ed)?|"
    r"\w+'s\s+(?:update|news|post|message|status))(?![\w'])", re.I)
# A short exclamation with no name in it after its first word.
_EXCLAMATION_RE = re.compile(r"^\W*[A-Za-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}\s*!+$")


def names_environment(sentence: str) -> bool:
    """"The staging environment is cheaper.": a bare "The database ..." after it may be staging's."""
    says = Says(sentence)("stag", "prod", "dev", "test", "qa", "uat", "sandbox", "preview", "local")  # (a gate)
    return says and bool(_ENVIRONMENT_RE.search(sentence))


# "That was until 2019.", "Only during the week.", "- on the server": a later sentence that
# scopes what came before it. A limiting word scopes by itself; a pointing "That was ..." only
# with a time or place in it ("It was a misdiagnosis." explains, it does not scope).
_LIMITING_RE = re.compile(r"^\W*(?:but\s+)?(?:only|just|except|mostly|mainly)\b", re.I)
_POINTING_RE = re.compile(r"^\W*(?:that|this|it|which)\s+(?:was|were|is|applies|holds|only|ended|changed)\b", re.I)
_SCOPE_WORD_RE = re.compile(
    r"(?<![\w'])(?:until|till|during|before|after|when|while|at|in|on|only|since|back|old|previous|former|"
    r"(?:19|20)\d\d)(?![\w'])", re.I)
_SCOPE_FRAGMENT_RE = re.compile(r"^\W*(?:on|at|in|for|during|until|till|when|while|before|after)\s", re.I)


def is_afterthought(sentence: str) -> bool:
    """Whether a sentence after the first scopes what came before ("That was until 2019."); one
    that undoes it ("I started again in May.") is `retraction.takes_back`'s."""
    if _LIMITING_RE.match(sentence):
        return True
    if _POINTING_RE.match(sentence):
        return bool(_SCOPE_WORD_RE.search(sentence))
    return bool(_SCOPE_FRAGMENT_RE.match(sentence)) and len(sentence.split()) <= 6



def is_headline(sentence: str) -> bool:
    """"Migration done.", "Cutover finished!": news that something happened, which brings in no
    thing a later "The X" could belong to (unlike "Old laptop for sale.")."""
    words = sentence.strip(" .!").split()
    return 1 < len(words) <= 3 and words[-1].lower() in EVENT_PARTICIPLES and not any(
        any(c.isdigit() for c in w) or w.lower() in ("a", "an") for w in words)
