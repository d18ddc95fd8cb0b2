"""The user's instructions to the assistant (updates/instructions.py): a later instruction that reverses
("don't X" / "X is fine now") or replaces ("imperial" / "switch to metric") a stored one deprecates it;
a scoped, one-off, conditional, reported, hedged or additional instruction, or one about another thing
of the same kind, leaves it alone."""

from __future__ import annotations

import pytest

from festinger import detect_contradiction
from festinger.core.contradiction.updates.instructions import by_instruction

REVERSED_OR_REPLACED = [
    ("## Preferences\n- No emojis in replies", "Emojis are fine now, go ahead and use them."),
    ("Always give code examples in Python.", "Use TypeScript for examples from now on instead of Python."),
    ("User wants a daily summary at 8am.", "Stop sending the daily summary."),
    ("Assistant should ask before running shell commands.",
     "You don't need to ask before running shell commands anymore, just run them."),
    ("Tone: formal", "Let's drop the formal tone, casual is fine."),
    # (after a dash, "- I misremembered what I told you" is a tail no rule reads: unsure, test_dash_tails)
    ("Max answer length: 200 words", "The limit is 100 words, not 200. I misremembered what I told you."),
    ("Units: imperial", "Switch to metric units please."),
    ("Date format: MM/DD/YYYY", "Use DD/MM/YYYY for dates please."),
    ("User prefers short answers.", "I want more detailed explanations from now on, the short answers skip too much."),
    ("You can run shell commands without asking.", "From now on, ask before running shell commands."),
    ("Keep answers under 100 words.", "Keep answers under 300 words from now on."),
    ("Temperatures in Fahrenheit.", "Switch temperatures to Celsius please."),
    ("Always ask before pushing to main.", "You can push to main without asking now."),
    ("Units: metric", "I'd like imperial units from now on."),
]


@pytest.mark.parametrize("existing,incoming", REVERSED_OR_REPLACED)
def test_a_reversed_or_replaced_instruction_is_deprecated(existing, incoming):
    assert by_instruction(existing, incoming) is not None
    assert detect_contradiction(existing, incoming) is not None


LEFT_ALONE = [
    # scoped to one answer, a thread, or another target
    ("No emojis in replies.", "Use emojis for this answer only, it's for a party invite."),
    ("Tone: formal", "In this chat you can be casual."),
    ("Use American spelling.", "For the README use British spelling."),
    ("No emojis in commit messages.", "Emojis are fine in chat."),
    ("Units: imperial", "Use metric in the lab reports."),
    # one-off requests
    ("Always give code examples in Python.", "Give me this one in TypeScript."),
    ("Units: imperial", "Give me the answer in metric."),
    ("Stop sending the weekly report.", "Send me the weekly report."),
    # another thing of the same kind
    ("User wants a daily summary at 8am.", "Stop sending the weekly report."),
    ("Assistant should ask before deleting files.", "You don't need to ask before running shell commands anymore."),
    ("Units: imperial", "Switch temperatures to Celsius please."),
    ("The user prefers concise answers.", "The user prefers detailed explanations."),
    ("User wants a daily summary at 8am.", "Stop sending the daily summary at 7am."),
    # additions, questions, habits, other people, conditions, hedges, plans
    ("Always give code examples in Python.", "Also include Go examples."),
    ("Units: imperial", "Can you use metric?"),
    ("Units: imperial", "I use metric at work."),
    ("Tone: casual", "My manager says use formal tone."),
    ("Tone: casual", "If it's for a client, be formal."),
    ("Always give code examples in Python.", "The coding agent should give examples in TypeScript."),
    ("User prefers short answers.", "Maybe longer answers?"),
    ("Units: imperial", "Next month I'll want metric units when I move to Berlin."),
    # the user's own acts and facts, not instructions
    ("The user wants answers in German.", "The user replies in English."),
    ("The user wants answers in German.", "The user wants the answers in English."),
    ("Code examples in Java.", "I prefer Python."),
    ("No pets.", "Pets are fine now."),
    ("User wants a dog.", "No dogs."),
    ("Stop sending the daily summary.", "The daily summary is fine."),
    ("## Commit messages\n- No emojis", "Emojis are fine now."),
]


@pytest.mark.parametrize("existing,incoming", LEFT_ALONE)
def test_a_scoped_or_unrelated_instruction_deprecates_nothing(existing, incoming):
    assert by_instruction(existing, incoming) is None
    assert detect_contradiction(existing, incoming) is None


def test_the_verdict_names_the_setting_and_both_values():
    found = by_instruction("Units: imperial", "Switch to metric units please.")
    assert found is not None and (found.old_value, found.new_value) == ("imperial", "metric")
    assert "units" in found.subject


def test_a_correction_naming_the_old_value_is_a_correction():
    found = by_instruction("Max answer length: 200 words", "The limit is 100 words, not 200.")
    assert found is not None and found.kind == "correction" and found.new_value == "words:100"
