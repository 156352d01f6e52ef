"""Word lists for Balda: which words count (rules D2, D7).

A :class:`Lexicon` is an immutable set of normalised words with an optional
Zipf frequency per word and a trie the move generator walks.  Teachers change
a lexicon for a class by making a new one: :meth:`Lexicon.add` and
:meth:`Lexicon.remove` return a new lexicon and leave the old one untouched.

Normalisation (rule D7): words are lowercased and the Russian ``ё`` is read
as ``е``, so ``"Ёлка"``, ``"ЕЛКА"`` and ``"елка"`` are one word.

Shipped lists
-------------
:meth:`Lexicon.english` and :meth:`Lexicon.russian` load the word lists that
ship in ``balada_widgets/balda/data`` (common nouns, singular, base form).
Each word carries its Zipf frequency from *wordfreq* (``0.0`` when unknown).
A ``tier`` keeps the words a class accepts as common nouns: the words at or
above a Zipf cut-off that are not left out by ``data/tier_exclusions_<lang>.tsv``
(names, adjectives and verbs WordNet or OpenCorpora also list as nouns, forms
of verbs, slang and abusive words; built with the reason for each word by
``scripts/build_wordlists.py``) nor by ``data/tier_review_<lang>.txt`` (what
a review by hand found, short words first):

==============  ============  ==============  ==============  ==========================
tier            Zipf cut-off  English words   Russian words   meant for
==============  ============  ==============  ==============  ==========================
``None``        --            34,420          61,294          the whole list, club play
``"common"``    >= 3.0         9,638           7,428          the classroom default
``"everyday"``  >= 3.5         5,965           3,855          younger classes
``"basic"``     >= 4.0         3,199           1,672          first lessons, easy bots
==============  ============  ==============  ==============  ==========================

:data:`DEFAULT_TIER` (``"common"``) is what the app, the notebooks' ``new_game``
and a class table play and what their bots know, unless a teacher chooses
otherwise; ``BaldaGame(...)`` in Python still takes the whole list unless
given a tier.  Frequency alone would not do: wordfreq counts spellings, so
"tera" (WordNet knows only Tera, a language) scores 2.7 and "think" 6; the
WordNet and OpenCorpora signals leave such words out.  :func:`frequency_shares`
measures a lexicon (docs/balda.md has the figures before and after).

A short blocklist (``data/blocklist_en.txt``, ``data/blocklist_ru.txt``)
leaves out slurs and vulgar words with no ordinary everyday sense from every
list, the full one too (24 English and 23 Russian words). English
two-letter words are kept only if ``data/two_letter_en.txt`` lists them
(WordNet's lower-cased index makes most of them abbreviations and symbols:
"in", "it", "us", "fe"); 46 entries go. Words with an innocent main sense
stay in the full list; a teacher can put any word back with :meth:`Lexicon.add`.

Zipf 3 is about once per million words, 4 about ten times per million.
Russian base forms score lower than English ones (the frequency of a
Russian noun is spread over its case forms), so the same cut-off keeps
fewer Russian words.  (Counts for the lists shipped in November 2026.)
The files are parsed once per process; the lexicon for each
``(language, min_length, tier)`` is cached too, which is safe because a
lexicon never changes.

Examples
--------
>>> lex = Lexicon.from_words(["Balda", "lad", "dal", "Ёлка"], name="demo")
>>> lex
<Lexicon 'demo': 4 words, min_length=2>
>>> "ЕЛКА" in lex, "ёлка" in lex, "elk" in lex
(True, True, False)
>>> lex.words_of_length(3)
('dal', 'lad')
>>> bigger = lex.add(["bald"])
>>> len(bigger), len(lex)
(5, 4)
>>> sorted(bigger.remove(["lad", "dal"]))
['bald', 'balda', 'елка']
"""

from __future__ import annotations

import functools
import gc
import math
import os
import time
import zlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Optional, Union

from ..core.errors import InvalidInput, short_text
from ..core.files import DATA_FILE_CAP, read_data_bytes, read_data_text, read_user_bytes, read_user_text, \
    refuse_path_in_untrusted

__all__ = ["Lexicon", "TIERS", "DEFAULT_TIER", "ENGLISH_ALPHABET", "RUSSIAN_ALPHABET", "MAX_WORDS", "MAX_WORD_LENGTH",
           "check_words", "frequency_shares", "normalise_word", "parse_word_text", "read_word_list",
           "tier_exclusions"]

#: Named tiers: the lowest Zipf frequency a word needs to be kept. On a shipped list a tier also leaves
#: out the words of ``data/tier_exclusions_<lang>.tsv`` and ``data/tier_review_<lang>.txt`` (see above).
TIERS: dict[str, float] = {"common": 3.0, "everyday": 3.5, "basic": 4.0}
#: The classroom default: the words the app, ``new_game`` and a class table play and their bots know.
DEFAULT_TIER = "common"

ENGLISH_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
#: The 32 Russian letters once ``ё`` is read as ``е`` (rule D7).
RUSSIAN_ALPHABET = "абвгдежзийклмнопрстуфхцчшщъыьэюя"

DATA_DIR = Path(__file__).resolve().parent / "data"
_SHIPPED = {
    "english": ("en_nouns.tsv.gz", ENGLISH_ALPHABET, "English"),
    "russian": ("ru_nouns.tsv.gz", RUSSIAN_ALPHABET, "Russian"),
}

#: Key of the end-of-word marker in a trie node; its value is the whole word.
END = ""

#: The most words a custom word list may hold (a teacher's file, or the ``words`` option of a save).
MAX_WORDS = 200_000
#: The longest word a custom word list may hold (a 7x7 grid has 49 cells; dictionary words stay under 50).
MAX_WORD_LENGTH = 64
#: The most bytes a gzipped word list may unpack to.
UNPACKED_CAP = DATA_FILE_CAP


def normalise_word(word: str) -> str:
    """Return ``word`` as the lexicon stores it: stripped, lowercase, ``ё`` as ``е`` (D7).

    >>> normalise_word(" Ёжик ")
    'ежик'
    """
    return word.strip().lower().replace("ё", "е")


def _insert(trie: dict, word: str) -> None:
    node = trie
    for ch in word:
        nxt = node.get(ch)
        if nxt is None:
            nxt = node[ch] = {}
        node = nxt
    node[END] = word


class Lexicon:
    """An immutable set of playable words (rules D2, D7).

    Build one with :meth:`from_words`, :meth:`from_file`, :meth:`english` or
    :meth:`russian`; do not call the constructor directly.

    Attributes
    ----------
    name:
        Shown in messages: ``"'xyz' is not in the English dictionary"``.
    min_length:
        Shortest word kept (at least 2, rule D2).
    alphabet:
        ``frozenset`` of the letters that may be written on the grid.
    words:
        ``frozenset`` of every word.
    """

    __slots__ = ("name", "min_length", "alphabet", "words", "_zipf", "_trie", "_by_length",
                 "_fixed", "_pairs", "_shipped", "_tiered", "__weakref__")

    def __init__(self, words: frozenset, zipf: dict, *, min_length: int, alphabet: frozenset,
                 name: str, trie: Optional[dict] = None, fixed_alphabet: bool = True,
                 shipped: Optional[str] = None):
        self._fixed = fixed_alphabet  # False: the alphabet is the words' letters and grows with them
        self._shipped = shipped  # "english" / "russian": made from a shipped list, whose tiers leave words out
        self.name = name
        self.min_length = min_length
        self.alphabet = alphabet
        self.words = words
        self._zipf = zipf
        self._tiered = any(zipf.values())  # a list without frequencies (a teacher's words) has no tiers
        self._trie = trie
        self._by_length: Optional[dict] = None
        self._pairs: Optional[dict] = None

    # ----------------------------------------------------------- building
    @classmethod
    def from_words(cls, words: Union[Iterable[str], Mapping[str, float]], *, min_length: int = 2,
                   alphabet: Optional[Iterable[str]] = None, name: Optional[str] = None) -> "Lexicon":
        """Build a lexicon from words.

        Parameters
        ----------
        words:
            Words (any case; ``ё`` is read as ``е``), or a mapping word -> Zipf
            frequency, or ``(word, zipf)`` pairs.
        min_length:
            Shorter words are left out; at least 2 (rule D2).
        alphabet:
            The letters of the grid.  ``None``: the letters of the words.
            A word with a letter outside a given alphabet is refused.
        name:
            Name used in messages (default ``"custom"``).

        :raises InvalidInput: a word is not made of letters, uses a letter
            outside ``alphabet``, or ``min_length`` is below 2.

        >>> Lexicon.from_words(["ox", "Cat", "cat"], min_length=3).words
        frozenset({'cat'})
        >>> Lexicon.from_words(["ice cream"])
        Traceback (most recent call last):
        ...
        balada_widgets.core.errors.InvalidInput: invalid input 'ice cream': a word must be made of letters only (rule D2)
        """
        if isinstance(min_length, bool) or not isinstance(min_length, int) or min_length < 2:
            raise InvalidInput(f"min_length must be an integer of at least 2, got {min_length!r}",
                               rule="D2")
        items = words.items() if isinstance(words, Mapping) else words
        zipf: dict[str, float] = {}
        for item in items:
            if isinstance(item, str):
                raw, freq = item, 0.0
            else:
                try:
                    raw, freq = item
                    freq = float(freq)
                except (TypeError, ValueError):
                    raise InvalidInput(f"expected a word or a (word, zipf) pair, got {item!r}") from None
                if not isinstance(raw, str):
                    raise InvalidInput(f"expected a word, got {raw!r}")
            word = normalise_word(raw)
            if not word.isalpha():
                raise InvalidInput("a word must be made of letters only", rule="D2", move=raw)
            if len(word) < min_length:
                continue
            if zipf.get(word, -1.0) < freq:
                zipf[word] = freq
        return cls._build(zipf, min_length=min_length, alphabet=alphabet, name=name or "custom")

    @classmethod
    def _build(cls, zipf: dict, *, min_length: int, alphabet, name: str) -> "Lexicon":
        words = frozenset(zipf)
        letters = frozenset("".join(words))
        if alphabet is None:
            alpha = letters
        else:
            alpha = _normalise_alphabet(alphabet)
            extra = letters - alpha
            if extra:
                bad = sorted(w for w in words if not set(w) <= alpha)
                shown = ", ".join(repr(w) for w in bad[:5]) + (" ..." if len(bad) > 5 else "")
                raise InvalidInput(f"{len(bad)} word(s) use letters outside the alphabet "
                                   f"({''.join(sorted(extra))}): {shown}", rule="D7")
        return cls(words, zipf, min_length=min_length, alphabet=alpha, name=name,
                   fixed_alphabet=alphabet is not None)

    @classmethod
    def from_file(cls, path: Union[str, os.PathLike], *, min_length: int = 2,
                  alphabet: Optional[Iterable[str]] = None, name: Optional[str] = None) -> "Lexicon":
        """Read a plain word list: one word per line, ``#`` starts a comment line.

        A line may also be ``word<TAB>zipf`` (the shipped format); files ending
        in ``.gz`` are read through gzip.  The name defaults to the file name
        without its suffixes.  The file is read by :func:`read_word_list`
        (a regular file, at most a few MB, UTF-8, :data:`MAX_WORDS` words;
        refused while a save file loads).

        :raises InvalidInput: the file cannot be read, or holds a bad word
            (the message names the line, never its content).
        """
        alpha = _normalise_alphabet(alphabet) if alphabet is not None else None
        zipf = read_word_list(path, alphabet=alpha)
        if name is None:
            name = os.path.basename(os.fspath(path)).split(".")[0] or "custom"
        return cls.from_words(zipf, min_length=min_length, alphabet=alpha, name=name)

    @classmethod
    def english(cls, min_length: int = 2, tier: Optional[str] = None) -> "Lexicon":
        """The shipped English nouns (a-z), optionally only a frequency ``tier``.

        See the module docstring for the tiers.  Cached per process.
        """
        return _shipped_lexicon("english", min_length, tier)

    @classmethod
    def russian(cls, min_length: int = 2, tier: Optional[str] = None) -> "Lexicon":
        """The shipped Russian nouns (32 letters, ``ё`` read as ``е``), optionally a ``tier``.

        See the module docstring for the tiers.  Cached per process.
        """
        return _shipped_lexicon("russian", min_length, tier)

    # ------------------------------------------------------------ queries
    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and normalise_word(word) in self.words

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        """Iterate the words in sorted order."""
        return iter(sorted(self.words))

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self.words)} words, min_length={self.min_length}>"

    def words_of_length(self, n: int) -> tuple[str, ...]:
        """All words of exactly ``n`` letters, sorted (e.g. candidate start words, D1)."""
        if self._by_length is None:
            by: dict[int, list[str]] = {}
            for w in self.words:
                by.setdefault(len(w), []).append(w)
            self._by_length = {k: tuple(sorted(v)) for k, v in by.items()}
        return self._by_length.get(n, ())

    def zipf(self, word: str) -> float:
        """The Zipf frequency of ``word`` (``0.0`` when unknown).

        :raises InvalidInput: the word is not in the lexicon.
        """
        w = normalise_word(word) if isinstance(word, str) else word
        try:
            return self._zipf[w]
        except (KeyError, TypeError):
            raise InvalidInput(f"{word!r} is not in the {self.name} dictionary", rule="D2") from None

    def in_tier(self, word: str, tier: Optional[str]) -> bool:
        """Whether ``word`` is in this lexicon and in ``tier`` (``None``: any word of the lexicon).

        On a lexicon made from a shipped list (its tiers, plus or minus a
        teacher's words) a tier is the shipped tier: the Zipf cut-off and the
        words the tiers leave out (module docstring); a word a teacher added
        is in no tier unless the shipped tier has it. On any other lexicon a
        tier is its Zipf cut-off alone; a list with no frequencies at all (a
        teacher's own words) has no tiers: each tier is every word of it, so a
        bot on the default tier plays the teacher's words.

        >>> lex = Lexicon.english()
        >>> lex.in_tier("tera", None), lex.in_tier("tera", "common"), lex.in_tier("house", "basic")
        (True, False, True)
        >>> Lexicon.from_words(["ball", "lad"]).in_tier("ball", "common")
        True
        """
        w = normalise_word(word) if isinstance(word, str) else None
        if w is None or w not in self.words:
            return False
        if tier is None:
            return True
        if tier not in TIERS:
            raise InvalidInput(f"unknown tier {tier!r}; choose None or one of {', '.join(map(repr, TIERS))}")
        if self._shipped is not None:
            return w in _shipped_lexicon(self._shipped, 2, tier).words
        if not self._tiered:
            return True
        return self._zipf.get(w, 0.0) >= TIERS[tier]

    @property
    def trie(self) -> dict:
        """The trie: nested dicts letter -> node; key ``""`` marks a word end and holds the word.

        Built on first use.  Treat it as read-only: it is shared between
        lexicons made by :meth:`add` / :meth:`remove`.
        """
        trie = self._trie
        if trie is None:
            trie = {}
            enabled = gc.isenabled()
            gc.disable()  # hundreds of thousands of small dicts: skip needless collections
            try:
                for w in self.words:
                    _insert(trie, w)
            finally:
                if enabled:
                    gc.enable()
            self._trie = trie
        return trie

    @property
    def pairs(self) -> dict:
        """Second letter -> tuple of ``(first letter, trie node after both letters)``.

        Lets the move generator start a word at the new letter and go straight
        to a neighbour's letter without trying every first letter.  Built on
        first use; read-only.

        >>> sorted(Lexicon.from_words(["ox", "ax", "xa"]).pairs["x"])[0][0]
        'a'
        """
        pairs = self._pairs
        if pairs is None:
            table: dict = {}
            for first, node in self.trie.items():
                if first:
                    for second, sub in node.items():
                        if second:
                            table.setdefault(second, []).append((first, sub))
            pairs = self._pairs = {k: tuple(v) for k, v in table.items()}
        return pairs

    def require_words(self) -> None:
        """Raise :class:`InvalidInput` if the lexicon is empty (no move can exist)."""
        if not self.words:
            raise InvalidInput(f"the {self.name} lexicon is empty: add words before playing", rule="D2")

    # ---------------------------------------------------------- new lexicons
    def add(self, words: Union[Iterable[str], Mapping[str, float]]) -> "Lexicon":
        """A new lexicon with ``words`` added (this one is unchanged).

        Words take a Zipf frequency of ``0.0`` unless given as a mapping or
        ``(word, zipf)`` pairs.

        :raises InvalidInput: a word is not letters, is shorter than
            ``min_length``, or uses a letter outside the alphabet.
        """
        if isinstance(words, str):
            words = [words]
        if not isinstance(words, Mapping):
            words = list(words)
        new = Lexicon.from_words(words, min_length=2, name=self.name)
        given = words.keys() if isinstance(words, Mapping) else (
            w if isinstance(w, str) else w[0] for w in words)
        short = sorted({normalise_word(w) for w in given if len(normalise_word(w)) < self.min_length})
        if short:
            raise InvalidInput(f"shorter than min_length={self.min_length}: {', '.join(short)}",
                               rule="D2")
        extra = new.alphabet - self.alphabet
        if extra and self._fixed:
            raise InvalidInput(f"letters outside the {self.name} alphabet: {''.join(sorted(extra))}",
                               rule="D7")
        zipf = dict(self._zipf)
        zipf.update(new._zipf)
        added = [w for w in new.words if w not in self.words]
        trie = None
        if self._trie is not None:
            trie = _trie_copy_edit(self._trie, added, insert=True)
        alphabet = self.alphabet | new.alphabet
        return Lexicon(frozenset(zipf), zipf, min_length=self.min_length, alphabet=alphabet,
                       name=self.name, trie=trie, fixed_alphabet=self._fixed, shipped=self._shipped)

    def remove(self, words: Iterable[str]) -> "Lexicon":
        """A new lexicon without ``words``; words not in the lexicon are ignored."""
        if isinstance(words, str):
            words = [words]
        gone = {normalise_word(w) for w in words if isinstance(w, str)} & self.words
        if not gone:
            return self
        zipf = {w: f for w, f in self._zipf.items() if w not in gone}
        trie = None
        if self._trie is not None:
            trie = _trie_copy_edit(self._trie, sorted(gone), insert=False)
        return Lexicon(frozenset(zipf), zipf, min_length=self.min_length, alphabet=self.alphabet,
                       name=self.name, trie=trie, fixed_alphabet=self._fixed, shipped=self._shipped)


def _normalise_alphabet(alphabet: Iterable[str]) -> frozenset:
    letters = set()
    for a in alphabet:
        if not isinstance(a, str):
            raise InvalidInput(f"alphabet letters must be strings, got {a!r}")
        for ch in normalise_word(a):
            if not ch.isalpha():
                raise InvalidInput(f"alphabet entry {a!r} is not a letter", rule="D7")
            letters.add(ch)
    return frozenset(letters)


def _trie_copy_edit(trie: dict, words: Iterable[str], *, insert: bool) -> dict:
    """Path-copying edit: nodes on the words' paths are copied, the rest is shared."""
    root = dict(trie)
    fresh = {id(root)}
    for word in words:
        node = root
        stack = []
        for ch in word:
            child = node.get(ch)
            if child is None:
                if not insert:
                    break
                child = {}
            elif id(child) not in fresh:
                child = dict(child)
            fresh.add(id(child))
            node[ch] = child
            stack.append((node, ch))
            node = child
        else:
            if insert:
                node[END] = word
                continue
            node.pop(END, None)
            # prune nodes left without words
            while stack and not node:
                parent, ch = stack.pop()
                del parent[ch]
                node = parent
    return root


def _zipf_value(value) -> Optional[float]:
    """A Zipf frequency (a number from 0 to 10, or its text), or ``None`` if it is not one."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    try:
        f = float(value)
    except (ValueError, OverflowError):
        return None
    return f if math.isfinite(f) and 0.0 <= f <= 10.0 else None


def _add_word(zipf: dict, raw: str, freq: float, where: str, alphabet, alphabet_name: str) -> None:
    word = normalise_word(raw)
    if not word.isalpha():
        raise InvalidInput(f"{where}: a word must be made of letters only", rule="D2")
    if len(word) > MAX_WORD_LENGTH:
        raise InvalidInput(f"{where}: a word of {len(word):,} letters; the limit is {MAX_WORD_LENGTH}", rule="D2")
    if alphabet is not None and not set(word) <= alphabet:
        raise InvalidInput(f"{where}: a letter outside the {alphabet_name} alphabet", rule="D7")
    if zipf.get(word, -1.0) < freq:
        zipf[word] = freq


def _too_many(source: str) -> InvalidInput:
    return InvalidInput(f"{source} has more than {MAX_WORDS:,} words: a custom word list holds at most "
                        f"{MAX_WORDS:,}", rule="D2")


def parse_word_text(text: str, *, source: str = "the word list", alphabet=None,
                    alphabet_name: str = "game's") -> dict:
    """The words of a word list's text: word -> Zipf frequency, normalised (D7).

    One word a line, or ``word<TAB>zipf``; blank lines and lines starting with
    ``#`` are skipped; a word given twice keeps its highest frequency. Every
    word is letters only, at most :data:`MAX_WORD_LENGTH` letters, and (with
    ``alphabet``) only letters of that alphabet; at most :data:`MAX_WORDS`
    words. Messages name the line, never its content (the text is a file's).

    >>> parse_word_text("# class 3b\\nCat\\ndog\\t4.5\\n")
    {'cat': 0.0, 'dog': 4.5}
    >>> parse_word_text("cat\\nice cream\\n", source="the word list 'w.txt'")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: the word list 'w.txt', line 2: a word must be made of letters only (rule D2)
    """
    zipf: dict[str, float] = {}
    count = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        count += 1
        if count > MAX_WORDS:
            raise _too_many(source)
        word, tab, freq = line.partition("\t")
        f = 0.0
        if tab:
            f = _zipf_value(freq.strip())
            if f is None:
                raise InvalidInput(f"{source}, line {lineno}: bad frequency: after the tab comes a Zipf "
                                   f"frequency, a number from 0 to 10")
        _add_word(zipf, word.strip(), f, f"{source}, line {lineno}", alphabet, alphabet_name)
    return zipf


def check_words(words, *, source: str = "the 'words' option", alphabet=None, alphabet_name: str = "game's") -> dict:
    """Words given as data (a save's ``words`` option): word -> Zipf frequency, checked like a word list.

    ``words`` is a list of words, or an object (mapping) of words and their Zipf
    frequencies (numbers from 0 to 10). The same checks as :func:`parse_word_text`.

    >>> check_words(["Cat", "dog", "cat"])
    {'cat': 0.0, 'dog': 0.0}
    >>> check_words({"cat": 4.2})
    {'cat': 4.2}
    >>> check_words("cat dog")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: the 'words' option lists the words (["cat", "dog"]) or maps them to their frequencies ({"cat": 4.2}), not a text
    """
    if isinstance(words, Mapping):
        items = list(words.items()) if len(words) <= MAX_WORDS else None
    elif isinstance(words, (list, tuple)):
        items = [(w, 0.0) for w in words] if len(words) <= MAX_WORDS else None
    else:
        kind = "a text" if isinstance(words, str) else f"{short_text(repr(words))}"
        raise InvalidInput(f"{source} lists the words ([\"cat\", \"dog\"]) or maps them to their frequencies "
                           f"({{\"cat\": 4.2}}), not {kind}")
    if items is None:
        raise _too_many(source)
    zipf: dict[str, float] = {}
    for i, (raw, freq) in enumerate(items, 1):
        if not isinstance(raw, str):
            raise InvalidInput(f"{source}, word {i:,}: {short_text(repr(raw))} is not a word", rule="D2")
        f = _zipf_value(freq)
        if f is None:
            raise InvalidInput(f"{source}, word {i:,} ({short_text(raw)!r}): its frequency must be a number "
                               f"from 0 to 10, not {short_text(repr(freq))}")
        _add_word(zipf, raw, f, f"{source}, word {i:,} ({short_text(raw)!r})", alphabet, alphabet_name)
    return zipf


def _gunzip(data: bytes, what: str, shown: str) -> bytes:
    """``data`` unpacked (gzip), at most :data:`UNPACKED_CAP` bytes."""
    unpack = zlib.decompressobj(wbits=31)
    try:
        out = unpack.decompress(data, UNPACKED_CAP + 1)
    except zlib.error:
        raise InvalidInput(f"the {what} {shown!r} is not a valid gzip file") from None
    if len(out) > UNPACKED_CAP or unpack.unconsumed_tail:
        raise InvalidInput(f"the {what} {shown!r} unpacks to more than {UNPACKED_CAP:,} bytes "
                           f"({UNPACKED_CAP // (1024 * 1024)} MB)")
    return out


def read_word_list(path, *, alphabet=None, alphabet_name: str = "game's", what: str = "word list") -> dict:
    """A word list file a Python caller named, read once: word -> Zipf frequency (see :func:`parse_word_text`).

    The file goes through :mod:`balada_widgets.core.files` (a regular file, at
    most a few MB, UTF-8; a name ending in ``.gz`` is unpacked, at most
    :data:`UNPACKED_CAP` bytes). While a save file or a pasted text loads
    (:func:`~balada_widgets.core.files.untrusted`) it is refused before the
    file system is touched. Messages name the file's base name and a line
    number, never an absolute path nor a line of the file.
    """
    refuse_path_in_untrusted(what)
    name = os.fspath(path) if isinstance(path, (str, os.PathLike)) else None
    if isinstance(name, str) and name.endswith(".gz"):
        shown = os.path.basename(name)
        data = _gunzip(read_user_bytes(path, what=what), what, shown)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise InvalidInput(f"the {what} {shown!r} is not UTF-8 text once unpacked (byte {e.start:,} "
                               f"is not)") from None
    else:
        text = read_user_text(path, what=what)  # checks the type of path, refuses in untrusted()
    shown = os.path.basename(os.fspath(path))
    if isinstance(shown, bytes):
        shown = shown.decode("utf-8", "replace")
    return parse_word_text(text, source=f"the {what} {short_text(shown)!r}", alphabet=alphabet,
                           alphabet_name=alphabet_name)


@functools.lru_cache(maxsize=None)
def _load_shipped(language: str) -> dict:
    """Parse a shipped list once per process: word -> zipf, normalised (D7)."""
    filename, alphabet, _ = _SHIPPED[language]
    path = DATA_DIR / filename
    what = f"{language} word list"
    try:
        text = _gunzip(read_data_bytes(path, what=what), what, filename).decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(f"the {what} {filename!r} is not UTF-8 text") from None
    text = text.lower().replace("ё", "е")
    lines = text.split("\n")
    start = 0
    while start < len(lines) and lines[start].startswith("#"):
        start += 1
    body = [line for line in lines[start:] if line and not line.startswith("#")]
    cells = "\t".join(body).split("\t")
    if len(cells) == 2 * len(body):  # the shipped shape: one tab a line
        it = iter(cells)
        try:
            zipf = dict(zip(it, map(float, it)))
        except ValueError:  # a bad frequency: the line-by-line reading below names it
            zipf = {}
    else:
        zipf = {}
    if len(zipf) != len(body):  # odd lines, or duplicates once folded: keep the highest zipf
        zipf = {}
        for line in body:
            word, _, freq = line.partition("\t")
            f = _zipf_value(freq.strip()) if freq.strip() else 0.0
            if f is None:
                raise InvalidInput(f"the {what} {filename!r} has a bad frequency (not a number from 0 to 10)")
            if zipf.get(word, -1.0) < f:
                zipf[word] = f
    short = [w for w in zipf if len(w) < 2]
    for w in short:
        del zipf[w]
    for w in _blocklist(language):  # slurs and vulgar words: the classroom default
        zipf.pop(w, None)
    keep = _two_letter_words(language)
    if keep is not None:  # abbreviations and symbols among the two-letter entries
        for w in [w for w in zipf if len(w) == 2 and w not in keep]:
            del zipf[w]
    letters = set("".join(zipf))
    if not letters <= set(alphabet):
        bad = [w for w in zipf if not set(w) <= set(alphabet)]
        raise InvalidInput(f"the {what} {filename!r} has {len(bad):,} word(s) with letters outside its alphabet")
    return zipf


def _word_file(path) -> list[str]:
    """The words of a data file, one a line; ``#`` starts a comment line."""
    text = read_data_text(path, what="word list")
    return [ln.strip().lower().replace("ё", "е") for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def _blocklist(language: str) -> list[str]:
    """Words the shipped list leaves out (``data/blocklist_<lang>.txt``, one a line)."""
    path = DATA_DIR / f"blocklist_{'en' if language == 'english' else 'ru'}.txt"
    return _word_file(path) if path.exists() else []


def _two_letter_words(language: str) -> Optional[frozenset]:
    """The two-letter words the shipped list keeps (``data/two_letter_<lang>.txt``), or ``None``: keep all.

    English only: WordNet's lower-cased index makes most two-letter entries abbreviations and
    symbols; the Russian list has none of those (OpenCorpora tags them, and they are filtered out).
    """
    path = DATA_DIR / f"two_letter_{'en' if language == 'english' else 'ru'}.txt"
    return frozenset(_word_file(path)) if path.exists() else None


@functools.lru_cache(maxsize=None)
def tier_exclusions(language: str) -> dict:
    """The words a shipped list's tiers leave out, with the reason: ``{word: reason}``.

    ``data/tier_exclusions_<lang>.tsv`` (``word<TAB>reason``, built by
    ``scripts/build_wordlists.py``) and ``data/tier_review_<lang>.txt`` (one
    word a line, reason ``"review"``). ``language`` is ``"english"`` or ``"russian"``.

    >>> tier_exclusions("english")["find"], tier_exclusions("english")["nice"]
    ('verb', 'name')
    """
    if language not in _SHIPPED:
        raise InvalidInput(f"no shipped list for {language!r}; choose one of {', '.join(_SHIPPED)}")
    code = "en" if language == "english" else "ru"
    out: dict[str, str] = {}
    path = DATA_DIR / f"tier_exclusions_{code}.tsv"
    for line in read_data_text(path, what="tier list").splitlines():
        if line.strip() and not line.startswith("#"):
            word, _, reason = line.partition("\t")
            out[normalise_word(word)] = reason.strip() or "excluded"
    review = DATA_DIR / f"tier_review_{code}.txt"
    if review.exists():
        for word in _word_file(review):
            out.setdefault(word, "review")
    return out


def frequency_shares(lexicon: "Lexicon") -> dict:
    """How a lexicon's words spread over the Zipf bands: counts and shares, for the docs and the tests.

    Bands: ``unattested`` (Zipf 0: not in wordfreq's list), ``rare`` (below
    2), ``familiar`` (2 to 3), ``frequent`` (3 and more); ``rare_or_unattested``
    adds the first two. Shares are fractions of ``words``.

    >>> frequency_shares(Lexicon.from_words({"cat": 4.5, "geta": 2.1, "tera": 0.0}))["rare_or_unattested"]
    0.3333333333333333
    """
    bands = {"unattested": 0, "rare": 0, "familiar": 0, "frequent": 0}
    for word in lexicon.words:
        z = lexicon._zipf.get(word, 0.0)
        bands["unattested" if z <= 0.0 else "rare" if z < 2.0 else "familiar" if z < 3.0 else "frequent"] += 1
    n = len(lexicon.words)
    out = {"words": n, **{f"{k}_words": v for k, v in bands.items()}}
    out.update({k: (v / n if n else 0.0) for k, v in bands.items()})
    out["rare_or_unattested"] = out["unattested"] + out["rare"]
    return out


@functools.lru_cache(maxsize=None)
def _shipped_lexicon(language: str, min_length: int, tier: Optional[str]) -> Lexicon:
    if isinstance(min_length, bool) or not isinstance(min_length, int) or min_length < 2:
        raise InvalidInput(f"min_length must be an integer of at least 2, got {min_length!r}", rule="D2")
    if tier is not None and tier not in TIERS:
        raise InvalidInput(f"unknown tier {tier!r}; choose None or one of {', '.join(map(repr, TIERS))}")
    _, alphabet, name = _SHIPPED[language]
    zipf = _load_shipped(language)
    cut = TIERS[tier] if tier is not None else None
    if cut is None and min_length <= 2:
        kept = zipf
    elif cut is None:
        kept = {w: f for w, f in zipf.items() if len(w) >= min_length}
    else:
        left_out = tier_exclusions(language)
        kept = {w: f for w, f in zipf.items() if len(w) >= min_length and f >= cut and w not in left_out}
    label = name if tier is None else f"{name} ({tier})"
    return Lexicon(frozenset(kept), kept, min_length=min_length, alphabet=frozenset(alphabet),
                   name=label, shipped=language)


def load_times(language: str = "english") -> dict:
    """Seconds to parse the shipped file and to build its trie (uncached), for benchmarks."""
    t0 = time.perf_counter()
    zipf = _load_shipped.__wrapped__(language)
    t1 = time.perf_counter()
    lex = Lexicon(frozenset(zipf), zipf, min_length=2, alphabet=frozenset(_SHIPPED[language][1]),
                  name=language)
    lex.trie
    t2 = time.perf_counter()
    return {"language": language, "words": len(zipf), "parse_s": t1 - t0, "trie_s": t2 - t1}
