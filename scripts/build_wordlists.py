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
=====================  ===================  ===================================

These are heavy and must NOT go into the project venv.  Make a throw-away venv::

    python3 -m venv /tmp/wordlist-venv
    /tmp/wordlist-venv/bin/pip install spacy-lookups-data==1.0.5 \\
        lemminflect==0.2.3 english-words==2.0.2 pymorphy3==2.0.6 \\
        pymorphy3-dicts-ru==2.4.417150.4580142 wordfreq==3.1.1
    /tmp/wordlist-venv/bin/python scripts/build_wordlists.py      # both
    /tmp/wordlist-venv/bin/python scripts/build_wordlists.py --only en

Install takes ~10 s; the English build ~2 s; the Russian one ~50 s (pymorphy3
walks all ~5.1M word forms of the dictionary once).  Then run
``pytest tests/balda/test_wordlists.py`` with the project venv.

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

Frequency (zipf column)
-----------------------
``wordfreq.word_frequency(spelling, lang, wordlist="large")``, converted to
Zipf (log10 of frequency per billion words) and rounded to one decimal; 0.0
when wordfreq does not know the word.  For Russian, the frequencies of every
original spelling (with and without ё) are added up before the log, since
texts write "елка" and "ёлка" for one word.  wordfreq counts spellings, not
senses: "march" also counts the month, "лен" also counts other words spelled
so.

Suggested tiers (the consumer derives them; the lists ship only the number):

==========  ===============  =========================================
tier        zipf             meaning
==========  ===============  =========================================
common      >= 3.0           at least ~1 per million words
familiar    2.0 .. < 3.0     known to most adult readers
rare        > 0.0 .. < 2.0   dictionary words, seldom seen
unattested  0.0              not in wordfreq's list
==========  ===============  =========================================

The script prints counts per tier and per length; the numbers for the
committed files are in ``balada_widgets/balda/data/LICENSES.md``.
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

REPO = Path(__file__).resolve().parent.parent
DATA_DIR = REPO / "balada_widgets" / "balda" / "data"

# Suggested tier cut-offs (lower bounds, inclusive), documented above.
TIERS = (("common", 3.0), ("familiar", 2.0), ("rare", 0.1), ("unattested", 0.0))

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
        print(f"   built in {time.perf_counter() - t0:.1f} s")

    if args.only in (None, "ru"):
        t0 = time.perf_counter()
        folded, steps = build_russian()
        rows = [(w, zipf_of(folded[w] | {w}, "ru")) for w in sorted(folded)]
        path = args.out_dir / "ru_nouns.tsv.gz"
        write_tsv_gz(path, header_ru(), rows)
        report("ru", rows, steps, path)
        print(f"   built in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
