"""Parser for `iknowthat` facts (festinger-concept-graph.md "gutask iknowthat", T21).

    gnommoweb -isa repo in context of type
    gnommoweb -ispart Glitch University in context of membership
    dobby -ispart agent_pool                      (dimension defaults to membership)
    gnommoweb -isa service                        (dimension defaults to type)

Subject, parent and dimension go through the prompt tokenizer, so `Glitch University` and
`glitch_university` name the same concept. Facts come from an agent, so every failure is a
`FactError` whose message is one line telling the agent what to change.
"""

from __future__ import annotations

import re

from .models import (DEFAULT_ISA_DIMENSION, DEFAULT_ISPART_DIMENSION, SOURCE_IKNOWTHAT, Triple)
from .tokenizer import MAX_TOKEN_CHARS, concept_words, single_concept

MAX_FACT_CHARS = 300
USAGE = "expected 'X -isa Y in context of Z' or 'X -ispart Y in context of Z'"

_OP_RE = re.compile(r"(?<!\S)-(isa|ispart)(?!\S)", re.IGNORECASE)
_CONTEXT_RE = re.compile(r"\s+in\s+context\s+of\s+", re.IGNORECASE)
_PLACEHOLDER_RE = re.compile(r"<[^<>]{0,40}>")
_COMMAND_PREFIX_RE = re.compile(r"^\s*(?:gutask\s+)?iknowthat\s+", re.IGNORECASE)
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class FactError(ValueError):
    """A fact that cannot be stored; the message is for the agent that wrote it."""


def _strip_quotes(text: str) -> str:
    text = text.strip()
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"`":
        text = text[1:-1].strip()
    return text


def _concept(role: str, text: str) -> str:
    text = text.strip()
    if not text:
        raise FactError(f"the {role} is missing: {USAGE}")
    token = single_concept(text)
    if token is not None:
        return token
    found = concept_words(text)
    if not found:
        raise FactError(f"the {role} {text[:60]!r} names no concept (letters or digits)")
    if any(len(w) > MAX_TOKEN_CHARS for w in found):
        raise FactError(f"the {role} is longer than {MAX_TOKEN_CHARS} characters")
    joined = "_".join(found)
    raise FactError(f"the {role} {text[:60]!r} must be one concept: write {joined!r} "
                    "(words joined with _) or Capitalise Each Word")


def parse_fact(fact: str) -> Triple:
    """One `iknowthat` fact -> Triple(confidence=1.0, source='gutask'); FactError otherwise."""
    if not isinstance(fact, str):
        raise FactError(f"a fact is text, not {type(fact).__name__}")
    if len(fact) > MAX_FACT_CHARS:
        raise FactError(f"the fact is {len(fact)} characters long (at most {MAX_FACT_CHARS}):"
                        " state one relation")
    text = _strip_quotes(_COMMAND_PREFIX_RE.sub("", fact, count=1))
    if not text:
        raise FactError(f"the fact is empty: {USAGE}")
    if "\n" in text or "\r" in text:
        raise FactError("a fact is one line: store one relation per call")
    if _CONTROL_RE.search(text):
        raise FactError("the fact contains control characters")
    if _PLACEHOLDER_RE.search(text):
        raise FactError("replace the <placeholders> with real concepts, e.g. "
                        "'gnommoweb -isa repo in context of type'")
    ops = _OP_RE.findall(text)
    if not ops:
        raise FactError(f"no -isa or -ispart in the fact: {USAGE}")
    if len(ops) > 1:
        raise FactError("one relation per fact: use -isa or -ispart once")
    is_isa = ops[0].lower() == "isa"
    subject_text, _, rest = _OP_RE.split(text, maxsplit=1)
    parts = _CONTEXT_RE.split(" " + rest + " ")
    if len(parts) > 2:
        raise FactError("'in context of' appears more than once: give one dimension")
    parent_text = parts[0]
    concept = _concept("subject (before -isa/-ispart)", subject_text)
    parent = _concept("parent (after -isa/-ispart)", parent_text)
    if len(parts) == 2:
        dimension = _concept("dimension (after 'in context of')", parts[1])
    else:
        dimension = DEFAULT_ISA_DIMENSION if is_isa else DEFAULT_ISPART_DIMENSION
    if concept == parent:
        raise FactError(f"{concept} cannot be inside itself: name a different parent")
    if concept == dimension:
        raise FactError(f"{concept} cannot be placed inside its own dimension: "
                        "name a different dimension")
    return Triple(concept, parent, dimension, is_isa, 1.0, SOURCE_IKNOWTHAT)
