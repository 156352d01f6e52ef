"""Free text that users bring (names and texts of custom cards, sheets, cities): checked before it is kept.

A teacher's own content travels inside save files and position texts, so its
free texts come from whoever pasted the save. They are shown on boards, in
lists and in messages, so a text is refused when it could change how the page
reads rather than what it says:

- control characters and line breaks (a name is one line);
- bidi controls (U+202A-202E, U+2066-2069, U+200E/F, U+061C): they reorder
  how the text is shown (a U+202E makes a pasted name read backwards);
- invisible characters (zero-width spaces and joiners, U+2060, U+FEFF and the
  other format characters) and lone surrogates;
- ``<`` and ``>``, and HTML character references such as ``&lt;`` or
  ``&#60;``: text that could read as HTML is said in words instead;
- more than :data:`MAX_MARKS` combining marks on one letter (a "Zalgo" pile that
  spills over the lines around it).

The message names the first wrong character by its code point and Unicode name
and says where it is; it never shows the text itself.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_MARKS", "char_words", "text_problem"]

_BIDI = frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C}
_ZERO_WIDTH = frozenset({0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF})
_CONTROL_NAMES = {0x00: "NULL", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED", 0x0D: "CARRIAGE RETURN",
                  0x1B: "ESCAPE", 0x7F: "DELETE", 0x85: "NEXT LINE"}
_REFERENCE = re.compile(r"&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8}|[A-Za-z][A-Za-z0-9]{1,31});")
#: the most combining marks one letter may carry (Vietnamese needs two, Czech and Russian one)
MAX_MARKS = 3


def char_words(ch: str) -> str:
    """A character as a message names it: its code point and Unicode name.

    >>> char_words("\\u202e"), char_words("\\n"), char_words("<")
    ('U+202E RIGHT-TO-LEFT OVERRIDE', 'U+000A LINE FEED', 'U+003C LESS-THAN SIGN')
    """
    cp = ord(ch)
    cat = unicodedata.category(ch)
    name = (unicodedata.name(ch, "") or _CONTROL_NAMES.get(cp)
            or {"Cc": "CONTROL CHARACTER", "Cs": "SURROGATE", "Co": "PRIVATE USE CHARACTER"}.get(cat, "CHARACTER"))
    return f"U+{cp:04X} {name}"


def _char_problem(ch: str) -> str | None:
    cp, cat = ord(ch), unicodedata.category(ch)
    if cp in _BIDI:
        return "a bidi control: it changes the order in which the text is shown"
    if cp in _ZERO_WIDTH:
        return "an invisible character"
    if cat == "Cc":
        return "a control character"
    if cat in ("Zl", "Zp"):
        return "a line break"
    if cat == "Cf":
        return "an invisible formatting character"
    if cat == "Cs":
        return "half of a character (a lone surrogate)"
    if ch in "<>":
        return "it could read as HTML: say it in words"
    return None


def text_problem(value, what: str, cap: int, required: bool = True) -> str | None:
    """What is wrong with a free text (a name, a card text), or ``None`` (see the module docstring).

    A text is also refused when it is not a text, empty (if ``required``) or
    longer than ``cap`` characters.

    >>> text_problem("Water\\u202eBreak", "DIY card 1's name", 30)
    "DIY card 1's name: character 6 is U+202E RIGHT-TO-LEFT OVERRIDE, a bidi control: it changes the order in which the text is shown"
    >>> text_problem("x" * 41, "the name", 40)
    'the name has 41 characters; at most 40'
    >>> text_problem("Fish &amp; Chips", "the name", 40)
    'the name: characters 6 to 10 read as an HTML character reference: say it in words'
    >>> text_problem("Z" + "\\u0301" * 4, "the name", 40)
    'the name: character 5 is U+0301 COMBINING ACUTE ACCENT, more than 3 marks on one letter'
    >>> text_problem("Water Break", "the name", 40) is None, text_problem("Příšerný kůň", "jméno", 40) is None
    (True, True)
    """
    if not isinstance(value, str):
        return f"{what} must be a text, not {type(value).__name__}"
    if required and not value.strip():
        return f"{what} is empty"
    if len(value) > cap:
        return f"{what} has {len(value):,} characters; at most {cap}"
    marks = 0
    for i, ch in enumerate(value, 1):
        why = _char_problem(ch)
        if why:
            return f"{what}: character {i} is {char_words(ch)}, {why}"
        marks = marks + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            return f"{what}: character {i} is {char_words(ch)}, more than {MAX_MARKS} marks on one letter"
    reference = _REFERENCE.search(value)
    if reference:
        return (f"{what}: characters {reference.start() + 1} to {reference.end()} read as an HTML character "
                f"reference: say it in words")
    return None
