"""Exclusive states, preference groups, weekdays and languages."""

from __future__ import annotations

# Mutually exclusive states: each surface form maps to (base, polarity).
STATE_FORMS: dict[str, tuple[str, bool]] = {
    "enabled": ("enabled", True), "disabled": ("enabled", False),
    "turned on": ("enabled", True), "turned off": ("enabled", False),
    "switched on": ("enabled", True), "switched off": ("enabled", False),
    "on": ("enabled", True), "off": ("enabled", False),
    "activated": ("enabled", True), "deactivated": ("enabled", False),
    "true": ("true", True), "false": ("true", False),
    "public": ("public", True), "private": ("public", False),
    "online": ("online", True), "offline": ("online", False),
    "open": ("open", True), "closed": ("open", False),
    "running": ("running", True), "stopped": ("running", False),
    "active": ("active", True), "inactive": ("active", False),
    "available": ("available", True), "unavailable": ("available", False),
    "visible": ("visible", True), "hidden": ("visible", False),
    "required": ("required", True), "optional": ("required", False),
    "mandatory": ("required", True),
    "locked": ("locked", True), "unlocked": ("locked", False),
    "synchronous": ("synchronous", True), "asynchronous": ("synchronous", False),
    "sync": ("synchronous", True), "async": ("synchronous", False),
    "valid": ("valid", True), "invalid": ("valid", False),
    "installed": ("installed", True), "uninstalled": ("installed", False),
    "connected": ("connected", True), "disconnected": ("connected", False),
    "encrypted": ("encrypted", True), "unencrypted": ("encrypted", False),
    "healthy": ("healthy", True), "unhealthy": ("healthy", False),
    "stateful": ("stateful", True), "stateless": ("stateful", False),
    "supported": ("supported", True), "unsupported": ("supported", False),
    "allowed": ("allowed", True), "forbidden": ("allowed", False), "blocked": ("allowed", False),
    "married": ("married", True), "single": ("married", False), "divorced": ("married", False),
    "widowed": ("married", False),
    "employed": ("employed", True), "unemployed": ("employed", False),
}

# Exclusive preference groups: "prefers dark mode" vs "prefers light mode".
PREFERENCE_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"dark", "light"}),
    frozenset({"metric", "imperial"}),
    frozenset({"celsius", "fahrenheit"}),
    frozenset({"tabs", "spaces"}),
    frozenset({"12-hour", "24-hour"}),
)
# Suffixes dropped before looking a preference value up in a group.
PREFERENCE_SUFFIXES = ("mode", "theme", "ui", "units", "unit", "system", "clock", "time", "format", "degrees")

WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())

LANGUAGES = frozenset(
    "english german french spanish italian portuguese dutch polish russian ukrainian chinese mandarin "
    "cantonese japanese korean arabic hindi turkish swedish norwegian danish finnish greek czech "
    "hungarian romanian hebrew vietnamese thai indonesian".split()
)
# A variety or another name of a language -> the language it belongs to: "Mandarin" is Chinese,
# "Farsi" is Persian, so the two are never two different native languages.
LANGUAGE_FAMILY = {
    "mandarin": "chinese", "cantonese": "chinese", "putonghua": "chinese", "farsi": "persian", "dari": "persian",
    "tagalog": "filipino", "serbo-croatian": "serbian", "croatian": "serbian", "bosnian": "serbian",
    "montenegrin": "serbian", "valencian": "catalan", "flemish": "dutch", "castilian": "spanish",
    "brazilian portuguese": "portuguese", "swiss german": "german", "moldovan": "romanian", "bokmal": "norwegian",
    "bokmål": "norwegian", "nynorsk": "norwegian", "hindustani": "hindi", "urdu": "hindi", "malay": "indonesian",
    "bahasa": "indonesian", "american english": "english", "british english": "english", "scots": "english",
}
LANGUAGES = LANGUAGES | frozenset(LANGUAGE_FAMILY) | frozenset(LANGUAGE_FAMILY.values()) | frozenset(
    "persian filipino serbian catalan swahili bengali punjabi tamil telugu marathi gujarati malayalam "
    "estonian latvian lithuanian slovak slovenian bulgarian icelandic irish welsh basque galician".split())

# What a person eats, as one word: two of one group exclude each other ("vegetarian" / "pescatarian").
# A vegan is also a vegetarian, so the two never share a group.
DIET_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"omnivore", "omnivorous", "vegetarian", "pescatarian", "pescetarian", "carnivore"}),
    frozenset({"omnivore", "omnivorous", "vegan", "pescatarian", "pescetarian", "carnivore"}),
)
