"""A lesson's words as data: one YAML file per language per game, read, checked and handed to the lesson's oracles.

Pure Python (no UI), so a lesson's oracles and the tests use it without a
browser. The format is documented for teachers and translators in
``docs/lessons.md``; in short, ``balada_widgets/<game>/lessons/<language>.yaml``
is a mapping of mappings whose leaves are texts (or lists of texts)::

    language: en
    title: Balda
    steps:
      score:
        title: Scoring
        points:
          prompt: >-
            Player 1 just wrote **{letter} on {cell}** and read **{word}**. **How many points?**

A lesson reads its words by dotted key (``steps.score.points.prompt``) and
fills their ``{placeholders}``. Everything is checked, with messages that
name the file and the key:

- when the file is read (:func:`load`): YAML that does not parse (with its
  line), a key given twice, a key that is not a plain name, an empty text, a
  value that is not a text, a list of texts or a mapping, a broken
  ``{placeholder}`` (only plain names, with an optional ``!r`` or format
  spec), a ``language`` that is not the file's;
- when the lesson reads a key (:meth:`LessonWords.text`): a key the file
  lacks, a placeholder the lesson does not fill;
- when the lesson is built (:meth:`LessonWords.finish`, called by
  :func:`build`): keys of the file that no step read (a misspelt key, a
  step that no longer exists).

Every scalar is read as text (``No`` stays ``"No"``, ``5`` stays ``"5"``): a
translator never meets YAML's booleans.

>>> words = parse('''
... language: en
... steps:
...   idea:
...     title: The idea
...     right: "{a} scored {n} {points}"
...     points: [point, points]
... ''', "en.yaml")
>>> idea = words.scope("steps.idea")
>>> idea.text("title"), idea.text("right", a="Player 1", n=3, points=idea.plural("points", 3))
('The idea', 'Player 1 scored 3 points')
>>> idea.text("right", a="Ada")
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: en.yaml: the text 'steps.idea.right' uses {n}, which the lesson does not fill (it fills: a)
>>> words.unused()
['language']
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

from .errors import InvalidInput
from .files import read_data_text

__all__ = ["LESSON_FILE_CAP", "LessonWords", "Sentences", "Template", "build", "language_files", "load", "parse",
           "plural_form"]

#: the cap of one lesson file (the largest is some 40 KB)
LESSON_FILE_CAP = 512 * 1024

_KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")  # the lesson's names; a language's words are values
_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_FORMATTER = string.Formatter()
#: a lesson file's name is its language code (``en``, ``cs``, ``pt-br``); another YAML file in the folder
#: (Baldur's Gate's ``material.yaml``, the positions every language shares) is no language
_LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,8})?$")


# ------------------------------------------------------------------------------------------ plurals


def plural_form(language: str, n: int, forms: Sequence[str]) -> str:
    """The form of a counted word for ``n`` in ``language``: English and most others ``[one, other]``; Russian
    (and Czech) ``[one, few, many]`` (1 очко, 2 очка, 5 очков; 21 очко, 11 очков).

    >>> [plural_form("ru", n, ["очко", "очка", "очков"]) for n in (1, 2, 5, 11, 21, 24)]
    ['очко', 'очка', 'очков', 'очков', 'очко', 'очка']
    >>> plural_form("en", 1, ["point", "points"]), plural_form("en", 0, ["point", "points"])
    ('point', 'points')
    """
    n = abs(int(n))
    if language in ("ru", "uk") and len(forms) == 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        return forms[1] if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else forms[2]
    if language == "cs" and len(forms) == 3:
        return forms[0] if n == 1 else forms[1] if 2 <= n <= 4 else forms[2]
    return forms[0] if n == 1 else forms[-1]


# ------------------------------------------------------------------------------------------ texts


def _fields(text: str, where: str) -> tuple[str, ...]:
    """The placeholders of ``text`` (``{name}``, ``{name!r}``, ``{name:>3}``), checked."""
    out = []
    try:
        parsed = list(_FORMATTER.parse(text))
    except ValueError as e:
        raise InvalidInput(f"{where}: a broken {{placeholder}} ({e}); write {{{{ and }}}} for a brace itself") from None
    for _literal, name, spec, conversion in parsed:
        if name is None:
            continue
        if not _FIELD.match(name) or (conversion not in (None, "r", "s")) or "{" in (spec or ""):
            raise InvalidInput(f"{where}: {{{name}}} is not a placeholder: use a plain name such as {{word}}")
        out.append(name)
    return tuple(dict.fromkeys(out))


class Template:
    """A text of the lesson with the placeholders the lesson promised to fill (``LessonWords.template``)."""

    def __init__(self, key: str, text: str, fields: tuple):
        self.key, self.text, self.fields = key, text, fields

    def __call__(self, **fields) -> str:
        return self.text.format(**fields)

    def __repr__(self) -> str:
        return f"Template({self.key!r})"


class LessonWords:
    """The words of one lesson in one language: dotted keys to texts (or lists of texts), and which were read.

    ``source`` names the file in messages (its base name only). Read with
    :meth:`text`, :meth:`template`, :meth:`list`, :meth:`plural`,
    :meth:`section`; :meth:`scope` gives the same reader under a prefix.
    """

    def __init__(self, entries: Mapping[str, Any], language: str, source: str):
        self.entries, self.language, self.source = dict(entries), language, source
        self.read: set = set()

    # -- reading

    def _get(self, key: str, kind: type) -> Any:
        if key not in self.entries:
            near = sorted(k for k in self.entries if k.rsplit(".", 1)[0] == key.rsplit(".", 1)[0])
            tail = f" (beside it: {', '.join(k.rsplit('.', 1)[1] for k in near)})" if near else ""
            raise InvalidInput(f"{self.source}: no text {key!r}{tail}")
        value = self.entries[key]
        if not isinstance(value, kind):
            want = "a list of texts" if kind is tuple else "one text"
            raise InvalidInput(f"{self.source}: {key!r} must be {want}")
        return value

    def template(self, key: str, *fields: str) -> Template:
        """The text ``key`` as a :class:`Template` the lesson fills later with ``fields`` (checked now)."""
        text = self._get(key, str)
        extra = [f for f in _fields(text, f"{self.source}: {key!r}") if f not in fields]
        if extra:
            raise InvalidInput(f"{self.source}: the text {key!r} uses {{{extra[0]}}}, which the lesson does not "
                               f"fill (it fills: {', '.join(fields) or 'nothing'})")
        self.read.add(key)
        return Template(key, text, tuple(fields))

    def text(self, key: str, **fields) -> str:
        """The text ``key`` with ``fields`` filled in."""
        return self.template(key, *fields)(**fields)

    def list(self, key: str) -> tuple:
        """The list of texts ``key``."""
        value = self._get(key, tuple)
        self.read.add(key)
        return value

    def plural(self, key: str, n: int) -> str:
        """The form of the counted word ``key`` (a list of forms, see :func:`plural_form`) for ``n``."""
        return plural_form(self.language, n, self.list(key))

    def section(self, prefix: str) -> dict:
        """Every text under ``prefix`` (``{"check": "Check", ...}`` for ``kit``), all marked read."""
        out = {k[len(prefix) + 1:]: v for k, v in self.entries.items() if k.startswith(prefix + ".")}
        self.read.update(f"{prefix}.{k}" for k in out)
        return out

    def has(self, key: str) -> bool:
        return key in self.entries

    def sentences(self, prefix: str, reference: Optional["LessonWords"] = None) -> "Sentences":
        """Every text under ``prefix`` as :class:`Sentences` the lesson says later (all marked read now)."""
        return Sentences(self, prefix, reference)

    def scope(self, prefix: str) -> "Scope":
        """The same reader with keys under ``prefix`` (``words.scope("steps.idea").text("title")``)."""
        return Scope(self, prefix)

    # -- checking

    def keys(self) -> set:
        return set(self.entries)

    def unused(self) -> list[str]:
        """The keys of the file no step read."""
        return sorted(set(self.entries) - self.read)

    def finish(self) -> None:
        """:raises InvalidInput: the file holds keys the lesson never read (misspelt, or a step gone)."""
        self.read.add("language")
        left = self.unused()
        if left:
            raise InvalidInput(f"{self.source}: {len(left)} key{'s' if len(left) > 1 else ''} that no step reads: "
                               f"{', '.join(left[:8])}{' ...' if len(left) > 8 else ''}")


class Scope:
    """:class:`LessonWords` under a key prefix (one step's words)."""

    def __init__(self, words: LessonWords, prefix: str):
        self.words, self.prefix = words, prefix

    def key(self, key: str) -> str:
        return f"{self.prefix}.{key}"

    def text(self, key: str, **fields) -> str:
        return self.words.text(self.key(key), **fields)

    __call__ = text

    def template(self, key: str, *fields: str) -> Template:
        return self.words.template(self.key(key), *fields)

    def list(self, key: str) -> tuple:
        return self.words.list(self.key(key))

    def plural(self, key: str, n: int) -> str:
        return self.words.plural(self.key(key), n)

    def section(self, key: str) -> dict:
        return self.words.section(self.key(key))

    def has(self, key: str) -> bool:
        return self.words.has(self.key(key))

    def sentences(self, key: str, reference: Optional[LessonWords] = None) -> "Sentences":
        return self.words.sentences(self.key(key), reference)

    def scope(self, key: str) -> "Scope":
        return Scope(self.words, self.key(key))

    @property
    def language(self) -> str:
        return self.words.language


class Sentences:
    """The texts of a section a lesson says *later*, each with the fields it fills then (a check's replies, which
    say what the learner's answer did): ``sentences("checks")("not", answer=2, text="...")``.

    Every key of the section is read when the lesson is built. A translation's placeholders are checked then
    against the ``reference`` file's (English: "keep them, leave one out, never invent one"); each use checks that
    the lesson fills every placeholder of the text, and ``used`` collects the keys said, so that a lesson's tests
    can show that every sentence is said.

    >>> words = parse('language: en\\nchecks:\\n  not: "Not {answer}."\\n', "en.yaml")
    >>> said = words.sentences("checks")
    >>> said("not", answer=2), words.unused(), sorted(said.used)
    ('Not 2.', ['language'], ['not'])
    >>> said("not")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: en.yaml: the text 'checks.not' uses {answer}, which the lesson does not fill here (it fills: nothing)
    >>> parse('language: de\\nchecks:\\n  not: "Nicht {antwort}."\\n', "de.yaml").sentences("checks", words)
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: de.yaml: the text 'checks.not' uses {antwort}, which en.yaml does not (it has: answer)
    """

    def __init__(self, words: LessonWords, prefix: str, reference: Optional[LessonWords] = None):
        self.source, self.prefix, self.used = words.source, prefix, set()
        self.texts = words.section(prefix)
        self.fields = {key: _fields(text, f"{words.source}: {prefix}.{key!r}") for key, text in self.texts.items()}
        if reference is not None:
            theirs = {key: _fields(text, key) for key, text in reference.entries.items()
                      if key.startswith(prefix + ".")}
            for key, fields in self.fields.items():
                allowed = theirs.get(f"{prefix}.{key}", ())
                extra = [f for f in fields if f not in allowed]
                if extra:
                    raise InvalidInput(f"{self.source}: the text '{prefix}.{key}' uses {{{extra[0]}}}, which "
                                       f"{reference.source} does not (it has: {', '.join(allowed) or 'nothing'})")

    def __call__(self, key: str, /, **fields) -> str:
        if key not in self.texts:
            raise InvalidInput(f"{self.source}: no text '{self.prefix}.{key}'")
        missing = [f for f in self.fields[key] if f not in fields]
        if missing:
            raise InvalidInput(f"{self.source}: the text '{self.prefix}.{key}' uses {{{missing[0]}}}, which the "
                               f"lesson does not fill here (it fills: {', '.join(fields) or 'nothing'})")
        self.used.add(key)
        return self.texts[key].format(**fields)

    def under(self, key: str) -> dict:
        """The texts under ``key`` (``{"sword": "use a sword", ...}`` for ``option``), marked said."""
        found = {k[len(key) + 1:]: v for k, v in self.texts.items() if k.startswith(key + ".")}
        self.used.update(f"{key}.{k}" for k in found)
        return found


# ------------------------------------------------------------------------------------------ reading a file


def _loader(source: str):
    import yaml

    class Loader(yaml.BaseLoader):  # every scalar is text: no booleans, numbers or dates
        pass

    def mapping(loader, node):
        out = {}
        for key_node, value_node in node.value:
            key = loader.construct_scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            line = key_node.start_mark.line + 1
            if not isinstance(key, str) or not _KEY.match(key):
                raise InvalidInput(f"{source}, line {line}: {key!r} is not a key: use letters, digits, - and _")
            if key in out:
                raise InvalidInput(f"{source}, line {line}: the key {key!r} is given twice")
            out[key] = loader.construct_object(value_node, deep=True)
        return out

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    return Loader


def _flatten(value, key: str, source: str, out: dict) -> None:
    where = f"{source}: {key!r}"
    if isinstance(value, dict):
        if not value:
            raise InvalidInput(f"{where} is empty")
        for k, v in value.items():
            _flatten(v, f"{key}.{k}" if key else k, source, out)
    elif isinstance(value, list):
        if not value or not all(isinstance(v, str) and v.strip() for v in value):
            raise InvalidInput(f"{where} must be a list of texts, none empty")
        for v in value:
            _fields(v, where)
        out[key] = tuple(value)
    elif isinstance(value, str):
        if not value.strip():
            raise InvalidInput(f"{where} is empty: write its text (a translation left out?)")
        _fields(value, where)
        out[key] = value
    else:  # pragma: no cover - the loader makes only texts, lists and mappings
        raise InvalidInput(f"{where} is not a text")


def parse(text: str, source: str = "lesson file", language: Optional[str] = None) -> LessonWords:
    """The :class:`LessonWords` of a lesson file's ``text`` (``source``: the file's name, for messages).

    :raises InvalidInput: see the module docstring.
    """
    import yaml

    try:
        data = yaml.load(text, Loader=_loader(source))  # noqa: S506 - a BaseLoader: texts, lists and mappings only
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        line = f", line {mark.line + 1}" if mark is not None else ""
        raise InvalidInput(f"{source}{line}: not YAML: {e.problem} (a text starting with * or {{ needs quotes "
                           f"or a block: >-)") from None
    except yaml.YAMLError as e:
        raise InvalidInput(f"{source}: not YAML: {type(e).__name__}") from None
    if not isinstance(data, dict):
        raise InvalidInput(f"{source}: a lesson file is a mapping of keys to texts")
    entries: dict = {}
    _flatten(data, "", source, entries)
    found = entries.get("language")
    if not isinstance(found, str):
        raise InvalidInput(f"{source}: the file must say its language (language: en)")
    if language is not None and found != language:
        raise InvalidInput(f"{source}: the file says language {found!r}, its name says {language!r}")
    return LessonWords(entries, found, source)


def load(path, language: Optional[str] = None) -> LessonWords:
    """Read a shipped lesson file (``core.files.read_data_text``: a regular file, at most :data:`LESSON_FILE_CAP`)."""
    path = Path(path)
    text = read_data_text(path, what="lesson file", cap=LESSON_FILE_CAP)
    return parse(text, f"{path.parent.parent.name}/{path.parent.name}/{path.name}",
                 language if language is not None else path.stem)


def language_files(folder) -> dict[str, Path]:
    """``{language: path}`` of the lesson files in ``folder`` (``<game>/lessons``), English first; a file whose name
    is not a language code (``material.yaml``) is not a lesson."""
    folder = Path(folder)
    found = sorted(p for p in folder.glob("*.yaml") if p.is_file() and _LANGUAGE_CODE.match(p.stem)) \
        if folder.is_dir() else []
    return dict(sorted(((p.stem, p) for p in found), key=lambda kv: (kv[0] != "en", kv[0])))


def build(folder, language: str, builder: Callable[[LessonWords], Any]) -> Any:
    """``builder(words)`` with the words of ``language`` from ``folder``; then every key must have been read.

    :raises InvalidInput: no file for that language (the message lists those there are), or a check fails.
    """
    files = language_files(folder)
    if language not in files:
        have = ", ".join(files) or "none"
        raise InvalidInput(f"no lesson in the language {language!r}; there are: {have}", move=str(language)[:20])
    words = load(files[language], language)
    out = builder(words)
    words.finish()
    return out
