"""Build-time script (never imported by the detector): writes `word_senses_data.py` from Princeton
WordNet 3.0, the data the detector's `grammar/same_sense` reads to tell one value said in other
words ("eggplant" / "aubergine", "physician" / "doctor", "casual" / "informal") from a new value.

Run where WordNet's data files are installed (Debian: `apt-get install wordnet-base`):

    python plugin/festinger/core/contradiction/lexicon/make_word_senses.py [/usr/share/wordnet]

It reads data.noun, data.adj, their index files (sense order) and cntlist.rev (tag counts); data.verb
and data.adv are left out (a value a memory holds is named by a noun or an adjective). It keeps:

* lemmas of at most three words, letters only (with "-", "'", ".", " "), at least two characters,
  lowercased: "mail carrier", "laid-back"; no numerals ("10" / "ten" / "decade"), no single letters;
* no taxa of noun.animal and noun.plant ("Solanum melongena", "genus Solanum", anything written with
  a capital there);
* no people's names (noun.person written with a capital: "Mohammed" / "Muhammad" are two spellings
  of a name, and a name is compared as written);
* a lemma only in its usual part of speech, the one (noun or adjective) its senses were tagged more
  often in (cntlist.rev), else the one with more senses: "master" is a noun, so its adjective sense
  "chief, main, master" does not make "master" and "main" one value;
* a lemma in a synset only when that synset is among its first MAX_RANK senses (WordNet orders senses
  by how often they were tagged in text): "blue" meaning "down" is its third adjective sense and
  "down" meaning "blue" its ninth, so they are not kept as one sense;
* synsets that keep at least two lemmas, and adjective heads with their satellites ("informal" and
  "casual": WordNet's similar-to between a satellite and the head of its cluster; two satellites of
  one head, "detailed" and "thorough", are not joined).

Output: one line per lemma, "lemma<TAB>senses", its kept synsets numbered from 0 in base 36, a
satellite's written "N>H", H its head's number (loading is one split per line; numbers are read on use).
Regenerate the same way for another WordNet release; the licence is in WORDNET_LICENSE beside it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

MAX_RANK = 3  # a lemma's first senses only
MAX_WORDS = 3
_LEMMA_RE = re.compile(r"[a-z][a-z' .-]*[a-z.]")
_PERSONS = "18"  # noun.person
_TAXA_FILES = frozenset(("05", "20"))  # noun.animal, noun.plant
_TAXON_RANKS = frozenset("genus family order class phylum division subfamily suborder subclass superfamily "
                         "subgenus tribe kingdom superorder subphylum".split())
_OUT = Path(__file__).with_name("word_senses_data.py")


def _synsets(wordnet: Path, pos: str) -> dict[str, tuple[str, list[str], list[str]]]:
    """offset -> (synset type, lemmas as written, similar-to targets)."""
    found = {}
    for line in (wordnet / f"data.{pos}").open(encoding="latin-1"):
        if line.startswith("  "):
            continue  # the licence header
        f = line.split()
        n = int(f[3], 16)
        lemmas = [re.sub(r"\(\w+\)$", "", f[4 + 2 * i]).replace("_", " ") for i in range(n)]
        if f[1] in _TAXA_FILES:  # "Solanum melongena", "genus Solanum": no value a memory holds
            lemmas = [w for w in lemmas if not w[:1].isupper() and w.split()[0] not in _TAXON_RANKS]
        if f[1] == _PERSONS:  # "Mohammed" / "Muhammad": a person's name is compared as written
            lemmas = [w for w in lemmas if not w[:1].isupper()]
        lemmas = [w.lower() for w in lemmas]
        pointers = int(f[4 + 2 * n])
        sims = [f[6 + 2 * n + 4 * i] for i in range(pointers) if f[5 + 2 * n + 4 * i] == "&"]
        found[f[0]] = (f[2], lemmas, sims)
    return found


def _ranks(wordnet: Path, pos: str) -> dict[tuple[str, str], int]:
    """(lemma, offset) -> the sense's rank among the lemma's senses (1 = most frequent)."""
    ranks = {}
    for line in (wordnet / f"index.{pos}").open(encoding="latin-1"):
        if line.startswith("  "):
            continue
        f = line.split()
        offsets = f[6 + int(f[3]):]
        for i, offset in enumerate(offsets):
            ranks[(f[0].replace("_", " ").lower(), offset)] = i + 1
    return ranks


def _main_parts_of_speech(wordnet: Path) -> dict[str, set[str]]:
    """lemma -> its usual part(s) of speech among noun and adjective: the one its senses were tagged
    more often in (cntlist.rev), else the one with more senses; both when even."""
    tagged: dict[tuple[str, str], int] = {}
    for line in (wordnet / "cntlist.rev").open(encoding="latin-1"):
        key, _, count = line.split()
        lemma, _, rest = key.partition("%")
        pos = {"1": "n", "3": "a", "5": "a"}.get(rest[:1])
        if pos:
            lemma = lemma.replace("_", " ").lower()
            tagged[(lemma, pos)] = tagged.get((lemma, pos), 0) + int(count)
    senses: dict[tuple[str, str], int] = {}
    for pos, tag in (("noun", "n"), ("adj", "a")):
        for line in (wordnet / f"index.{pos}").open(encoding="latin-1"):
            if not line.startswith("  "):
                f = line.split()
                senses[(f[0].replace("_", " ").lower(), tag)] = int(f[2])
    main: dict[str, set[str]] = {}
    for lemma in {w for w, _ in senses}:
        weight = {t: (tagged.get((lemma, t), 0), senses.get((lemma, t), 0)) for t in "na"}
        main[lemma] = {t for t in "na" if weight[t] == max(weight.values())}
    return main


def _kept(lemma: str, offset: str, ranks: dict[tuple[str, str], int], usual: set[str], tag: str) -> bool:
    return (len(lemma.split()) <= MAX_WORDS and bool(_LEMMA_RE.fullmatch(lemma))
            and ranks.get((lemma, offset), 99) <= MAX_RANK and tag in usual)


def build(wordnet: Path) -> list[str]:
    lines = []
    main = _main_parts_of_speech(wordnet)
    for pos, tag in (("noun", "n"), ("adj", "a")):
        synsets, ranks = _synsets(wordnet, pos), _ranks(wordnet, pos)
        kept = {o: sorted({w for w in lemmas if _kept(w, o, ranks, main.get(w, set()), tag)})
                for o, (_, lemmas, _) in synsets.items()}
        heads = {}  # satellite offset -> head offset (adjective clusters)
        for o, (kind, _, sims) in synsets.items():
            if kind == "s" and kept[o] and sims and kept.get(sims[0]):
                heads[o] = sims[0]
        needed = set(heads.values())
        for o in sorted(synsets):
            if len(kept[o]) >= 2 or o in heads or o in needed:
                tail = f"\t>{tag}{heads[o]}" if o in heads else ""
                lines.append(f"{tag}{o}\t{'|'.join(kept[o])}{tail}")
    number = {line.split("\t")[0]: i for i, line in enumerate(lines)}
    senses: dict[str, list[str]] = {}
    for line in lines:
        synset, lemmas, *head = line.split("\t")
        sense = f"{_b36(number[synset])}>{_b36(number[head[0][1:]])}" if head else _b36(number[synset])
        for lemma in lemmas.split("|"):
            senses.setdefault(lemma, []).append(sense)
    return [f"{lemma}\t{' '.join(ids)}" for lemma, ids in sorted(senses.items())]


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return (_b36(n // 36) if n >= 36 else "") + digits[n % 36]


def main() -> None:
    wordnet = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet")
    lines = build(wordnet)
    text = "\n".join(lines)
    assert "\\" not in text and "\'\'\'" not in text
    _OUT.write_text(
        '"""Word senses shared by two words, from Princeton WordNet 3.0 (data only; generated by\n'
        "make_word_senses.py, see it for what is kept). WordNet 3.0 Copyright 2006 by Princeton University.\n"
        "All rights reserved. Used under the WordNet 3.0 licence, in WORDNET_LICENSE beside this file.\n"
        'One line per lemma, "lemma<TAB>senses": the synsets it shares, numbered in base 36; "N>H" is a satellite\n'
        'adjective N of the head H."""\n\n'
        f"SENSES = '''\\\n{text}\n'''\n", encoding="utf-8")
    print(f"{len(lines)} lemmas, {_OUT.stat().st_size} bytes -> {_OUT}")


if __name__ == "__main__":
    main()
