"""The twenty-ninth attack (blind, corpus_attack29_findings.md): a stored kind of thing ("I have a car")
replaced by another of its kind ("traded in my car for a hybrid") still holds; an ending of it does not."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

SILENT = [
    ("I have a car.", "I traded in my car for a newer model."),
    ("The user has a phone.", "The user traded in their phone for the latest model."),
    ("The user has a TV.", "The user replaced the TV with a 65-inch OLED."),
    ("I own a laptop.", "I replaced my laptop with a ThinkPad."),
    ("The user has a couch.", "The user swapped the couch for a sectional."),
    ("I have a printer.", "I replaced the printer with a laser model."),
    ("I drive a car to work.", "I traded in my car for a hybrid."),
    # own look-alikes
    ("I have a bike.", "I replaced my bike with an e-bike."),
    ("I own a PC.", "I swapped my PC for a newer build."),
    ("We have a dishwasher.", "We replaced the dishwasher with a Bosch."),
]
CAUGHT = [
    ("I have a car.", "I sold my car."),
    ("I have a parrot.", "I rehomed my parrot with a friend who has more space."),
    ("I drive a 2014 Honda Civic.", "I traded in the Civic for a Toyota RAV4 hybrid."),
    ("I use vim.", "I replaced vim with neovim."),
]


@pytest.mark.parametrize("existing,incoming", SILENT)
def test_a_kind_replaced_by_another_of_its_kind_still_holds(existing: str, incoming: str) -> None:
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_an_ending_or_a_named_thing_replaced_is_still_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)
