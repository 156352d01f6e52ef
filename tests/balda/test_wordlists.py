"""Checks of the shipped Balda word lists (built by scripts/build_wordlists.py).

Pure stdlib + pytest: reads the gzip files directly, no package import needed.
"""

from __future__ import annotations

import gzip
import re
from functools import lru_cache
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "balada_widgets" / "balda" / "data"

SPEC = {
    # lang: (file, word regex, total range, 5-letter range, common (zipf>=3) range)
    "en": ("en_nouns.tsv.gz", re.compile(r"[a-z]{2,}"), (33_000, 36_000), (2_600, 2_900), (9_000, 12_000)),
    "ru": ("ru_nouns.tsv.gz", re.compile(r"[а-я]{2,}"), (60_000, 62_500), (3_900, 4_100), (6_500, 9_000)),
}
ZIPF_RE = re.compile(r"\d\.\d")

PRESENT = {
    "en": ["table", "house", "apple", "cat", "ox", "sheep", "species", "cactus", "march", "water"],
    "ru": ["стол", "дом", "кот", "мама", "балда", "елка", "небо", "лен", "ножик", "вода", "мороженое"],
}
ABSENT = {
    "en": ["tables", "children", "paris", "nasa", "london", "data", "mice", "geese",
           "glasses", "a", "x", "new-york", "boston"],
    "ru": ["столы", "стола", "ёлка", "лён", "москва", "иван", "ссср", "ножницы",
           "бессоница", "б", "синий", "быстро", "бежать"],
}


@lru_cache(maxsize=None)
def load(lang: str) -> tuple[str, list[tuple[str, str]]]:
    path = DATA / SPEC[lang][0]
    with gzip.open(path, "rt", encoding="utf-8", newline="\n") as fh:
        lines = fh.read().split("\n")
    assert lines[-1] == "", "file must end with a newline"
    header, body = lines[0], lines[1:-1]
    rows = []
    for line in body:
        parts = line.split("\t")
        assert len(parts) == 2, f"bad line {line!r}"
        rows.append((parts[0], parts[1]))
    return header, rows


def words(lang: str) -> list[str]:
    return [w for w, _ in load(lang)[1]]


@pytest.fixture(params=["en", "ru"])
def lang(request) -> str:
    return request.param


def test_files_exist_and_are_compact(lang):
    path = DATA / SPEC[lang][0]
    assert path.is_file()
    assert path.stat().st_size < 600_000


def test_header(lang):
    header, _ = load(lang)
    assert header.startswith("# source")
    assert "licence" in header
    assert "LICENSES.md" in header


def test_licenses_file():
    text = (DATA / "LICENSES.md").read_text(encoding="utf-8")
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in text
    assert "agrees to preserve same" in text
    assert "ExplosionAI GmbH" in text
    assert "OpenCorpora" in text and "by-sa/3.0" in text
    assert "wordfreq" in text and "by-sa/4.0" in text


def test_counts(lang):
    _, _, total, five, _ = SPEC[lang]
    ws = words(lang)
    assert total[0] <= len(ws) <= total[1]
    n5 = sum(1 for w in ws if len(w) == 5)
    assert five[0] <= n5 <= five[1]


def test_sorted_and_unique(lang):
    ws = words(lang)
    assert ws == sorted(ws)
    assert len(ws) == len(set(ws))


def test_alphabet(lang):
    pattern = SPEC[lang][1]
    bad = [w for w in words(lang) if not pattern.fullmatch(w)]
    assert not bad, bad[:20]


def test_no_yo_in_russian():
    assert not any("ё" in w for w in words("ru"))


def test_zipf_values(lang):
    _, rows = load(lang)
    bad = [(w, z) for w, z in rows if not ZIPF_RE.fullmatch(z) or not 0.0 <= float(z) <= 8.0]
    assert not bad, bad[:20]
    lo, hi = SPEC[lang][4]
    common = sum(1 for _, z in rows if float(z) >= 3.0)
    assert lo <= common <= hi


def test_zipf_ordering_spot_checks():
    en = dict(load("en")[1])
    ru = dict(load("ru")[1])
    assert float(en["house"]) >= 5.0 > float(en["aardvark"]) > 0.0
    assert float(ru["дом"]) >= 5.0 > float(ru["абажур"]) > 0.0
    # ё and е spellings are added up: "елка" is at least as frequent as "ёлка" alone
    assert float(ru["елка"]) >= 3.0


def test_present(lang):
    ws = set(words(lang))
    missing = [w for w in PRESENT[lang] if w not in ws]
    assert not missing


def test_absent(lang):
    ws = set(words(lang))
    found = [w for w in ABSENT[lang] if w in ws]
    assert not found
