"""Make-believe around an update: a game, a play, a costume, a dream, a prank or an exercise the
incoming memory sets up ("We're playing The Sims. I moved to Porto.", "Got cast in the school play!
My name is Juliet now.", "April fools! My dentist is Dr. Evil now.", "I had a dream. My manager is
Bob now."). The news inside it is the game's, not the user's: the whole memory is left unread.
attack61 (blind) found the statement path and `role_holders` reading the sentence after such a
frame on its own; the rules that already refused a frame in the news sentence itself (clause_end,
thing_end, named_end, role_holders: `lx.EVENT_FRAME_WORDS`) keep doing so. Pure logic.

A frame word the stored memory also uses is its topic, not a frame: "My main game is Elden Ring" /
"My main game these days is Zelda", "I play tennis" / "I stopped playing tennis". "Play" itself sets
no frame ("Sold the PS5, not enough time to play"), nor does "no joke" ("No joke, I moved to Porto"),
a "gaming PC", a "story" ("Long story short, ...") or a "script".
"""

from __future__ import annotations

import re

__all__ = ["in_make_believe"]

# Families of words that set up make-believe; a family the stored memory uses is its topic.
_FAMILIES: tuple[frozenset[str], ...] = tuple(frozenset(f.split()) for f in (
    "game games play plays playing played sim sims campaign campaigns larp larping "
    "roleplay role-play roleplaying rp cosplay cosplaying costume costumes cast savefile",
    "dream dreams dreamt dreamed dreaming daydream daydreaming",
    "pretend pretends pretending pretended imagine imagined imagining make-believe hypothetical hypothetically",
    "novel novels fiction fictional screenplay",
    "prank pranked pranking fools joke joking kidding",
    "exercise exercises drill testing",
))
# "Play" itself only says the stored memory is about playing (a topic), never sets a frame.
_ALL = frozenset().union(*_FAMILIES) - {"play", "plays", "played"}
_WORD_RE = re.compile(r"[a-z][a-z'-]*")
# "No kidding!", "not joking": the opposite of a frame, said to stress the news.
_NOT_KIDDING_RE = re.compile(r"\b(?:no|not|never)\s+(?:a\s+)?(?:kidding|joking|joke|prank|pranking)\b", re.I)


def in_make_believe(existing: str, incoming: str) -> bool:
    """Whether the incoming memory frames what it says as a game, play, dream, prank, story or
    exercise that the stored memory is not itself about."""
    low = incoming.lower()
    found = set(_WORD_RE.findall(low.replace("save file", "savefile"))) & _ALL
    if found and _NOT_KIDDING_RE.search(low):
        found -= {"kidding", "joking", "joke", "prank", "pranking"}
    if not found:
        return False
    stored = set(_WORD_RE.findall(existing.lower()))
    return any(found & family and not stored & family for family in _FAMILIES)
