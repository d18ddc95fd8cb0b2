"""When the word "user" is the speaker and when it is someone else (pure logic).

In a memory "the user" is the speaker only as the bare head of a subject: "the user", "the user's",
"user's" with nothing but "the" before it ("The user lives in Leeds", "The user's email is now ...",
"User's timezone: CET"). After a possessive or any other determiner or modifier the word is a plain
noun, never the speaker:

* a third person: "my user lives in York", "my user's name is Bob" (a developer's app user, an
  admin's customer), "the user's user", "the end user";
* the first half of a compound: "my user name", "my user rating", "the router's user password" are
  slots of their own, not the name, the rating or the router's password.

A third person with no owner before it ("a user's email", "this user's timezone") names nobody the
memories know, so the subject is refused, as "his name" is.
"""

from __future__ import annotations

# "the" is the only word that may stand before the speaker's "user" ("the user", "the user's").
SPEAKER_LEAD = frozenset({"the"})
# The words that read as the speaker at the head of a subject (the possessive determiners "my" and
# "mine" are the speaker wherever they lead, and are not handled here).
USER_WORDS = frozenset({"user", "user's", "users'"})


def user_as_noun(before: list[str], word: str) -> bool:
    """Whether this "user" word, after the subject's words `before`, is a plain noun (someone else,
    or a compound's first half) rather than the speaker."""
    return word in USER_WORDS and not all(w in SPEAKER_LEAD for w in before)
