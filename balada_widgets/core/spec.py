"""One declaration per game: a :class:`GameSpec`, registered once, read by everything above the core.

A game's room declares in its ``__init__`` what the layer above the core needs
to know about it, and nothing else: its name and title, its game class, its
options (each an :class:`Option`: name, default, the values it takes, a label),
its player count, its bots by level, its tutorial module, its views, and the
words of its card on the app's home page. Everything above the core reads the
declaration: ``balada_widgets.GAMES`` and ``balada_widgets.SPECS``, each room's
``new_game`` and ``make_bot``, save files (:func:`balada_widgets.core.session.game_class`),
the app's pages (``balada_widgets/app.py``), the fuzz's variants
(:mod:`balada_widgets.core.fuzz`), the class tables' bots
(:mod:`balada_widgets.classroom.bots`), the generic app
(:class:`balada_widgets.ui.app.GameApp`) and its new-game form
(:mod:`balada_widgets.ui.new_game`). A fifth game is one
``register(GameSpec(...))``: no table elsewhere names it.

A declaration is lazy: the game class, the bots, the views and the tutorial are
named as ``"module:Name"`` texts and imported on first use, so ``import
balada_widgets`` (which imports the rooms' ``__init__`` to register them) loads
no rules and no UI. This module is pure (no Solara).

**The public entry of every game**, the same names and signatures in every room
(``balada_widgets.<game>``):

- ``new_game(players=None, bots=None, seed=0, bot_level=None, **options)``: a
  playable game for a notebook, the app of :meth:`GameSpec.settings` (the last
  expression of a cell shows it live);
- ``make_bot(level=None, seed=0, **extra)``: a bot of ``level`` (``None``: the
  game's :attr:`GameSpec.default_bot`); ``extra`` goes to the bot (Balda:
  ``tier=``, the words it knows);
- the lesson, in the game's tutorial module (``<game>.tutorial``, named by
  :attr:`GameSpec.lesson`): ``lesson(language="en")`` (the kit's
  :class:`~balada_widgets.kit.lesson.Lesson`), ``tutorial(language="en")``
  (the whole tutorial to show in a notebook) and ``step(step_id,
  language="en")`` (one step of it); the spec opens them with
  :meth:`GameSpec.lesson_entry`.

**One policy for starting a game**, the same for every game
(:meth:`GameSpec.settings`, used by ``new_game``, the app's pages and the
generic app):

- ``players=None``: two players (:data:`DEFAULT_PLAYERS`, within the game's range), the
  quickest game to show in a notebook. The app's *Play against a bot* page opens
  the table the game is made for instead (:attr:`GameSpec.bot_page`: Heroes of
  Barcadia four players, Builders of Baldur's Gate three, you against the bots);
- ``bots=None``: every seat but the first is a bot (you against the bots;
  ``players=1`` is a solo game). The bots sit in the last seats;
- ``bot_level=None``: the game's :attr:`GameSpec.default_bot`;
- ``seed=0``: every chance draw of the session, and each bot's own seed
  ``f"{seed}:{seat}"``;
- every other keyword is an option of the game, checked against its
  :class:`Option` (unknown ones refused, naming the options there are);
  an option not given takes its default.

**One name per seat** (:func:`seat_name`), on every screen of every game: the
engine's ``Player 2`` (so the refusals and the logs, which say "Player 2 draws
...", name the seat as the panels do), with who plays it where there is a
choice: ``Player 1 (you)`` when one person plays against bots, ``Player 2
(greedy bot)``, hot-seat ``Player 2``; at a class table a classmate's seat is
the name they chose. A game in another language words it in that language
(:attr:`GameSpec.words`).

Examples
--------
>>> demo = GameSpec("demo-race", "Race to 10", "balada_widgets.core.demo:RaceGame", players=(1, 4),
...                 options=(Option("target", 10, range(5, 21), label="Target"),
...                          Option("doubles", False, label="Doubles count twice")),
...                 bots={"random": lambda seed=0: ("random", seed)}, default_bot="random")
>>> s = demo.settings()
>>> s.players, s.bots, s.bot_level, s.options
(2, 1, 'random', {'target': 10, 'doubles': False})
>>> demo.settings(players=1).bots, demo.settings(players=3).bots
(0, 2)
>>> demo.check_options({"target": 30})
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: Race to 10: the option target (Target) takes a whole number from 5 to 20, not 30
>>> demo.check_options({"colour": "red"})
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: Race to 10 has no option 'colour'; its options are target, doubles
>>> demo.make_bot(seed=3), s.seat_name(0), s.seat_name(1)
(('random', 3), 'Player 1 (you)', 'Player 2 (random bot)')
>>> demo.make_bot("genius")
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: unknown bot level 'genius'; choose one of random
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, Union

from .bots import check_level
from .errors import GameError, InvalidInput, short_text

__all__ = ["DEFAULT_PLAYERS", "GENERIC_APP", "KIT_WORDS", "LESSON_ENTRIES", "GameSpec", "Option", "Settings",
           "bot_levels", "bots_after", "lazy_module", "load", "register", "registered", "registry", "seat_name", "seat_names",
           "spec", "unregister", "you_seat"]

#: a class, a function, or ``"module:Name"`` (imported on first use)
Target = Union[str, Callable, type]

_KINDS = ("choice", "bool", "int", "text", "any")

#: the app of every game: the kit's generic one (:class:`balada_widgets.ui.app.GameApp`), imported on use
GENERIC_APP = "balada_widgets.ui.app:GameApp"

#: the players of ``new_game()`` when none are named (a game's own bot page may seat more: :attr:`GameSpec.bot_page`)
DEFAULT_PLAYERS = 2

#: the lesson entry of every game's tutorial module, with its one signature (see the module docstring)
LESSON_ENTRIES = ("lesson", "tutorial", "step")

#: the kit's words in English: the seats, the new-game form, the refusals of the settings. A game shown in
#: another language gives its own through :attr:`GameSpec.words` (Builders of Baldur's Gate in Czech); a
#: key it does not give is said in English. ``form.<option>`` is an option's label (default its
#: :attr:`Option.label`), ``level.<level>`` a bot level's name (default the level itself).
KIT_WORDS = {
    "seat.player": "Player {n}",
    "seat.you": "{name} (you)",
    "seat.bot": "{name} ({level} bot)",
    "seat.open": "{name} (open seat)",
    "form.title": "New game",
    "form.players": "Players",
    "form.bots": "Bots",
    "form.level": "Bot level",
    "form.seats": "the last seats are bots; the others take turns at this screen (hot-seat)",
    "form.seed": "Seed",
    "form.start": "Start",
    "form.cancel": "Cancel",
    "err.players": "{title} is for {count} players, not {n!r}",
    "err.bots": "bots must be 0 to {players} (the number of players), not {n!r}",
    "err.level": "unknown bot level {level!r}; choose one of {levels}",
    "err.seed": "the seed is a whole number (or a text), not {seed!r}",
}


def load(target: Target) -> Any:
    """The object a :data:`Target` names: ``"module:Name"`` imported (``"module"`` alone: the module);
    anything else as it is."""
    if not isinstance(target, str):
        return target
    module, _, name = target.partition(":")
    obj: Any = importlib.import_module(module)
    for part in name.split(".") if name else ():
        obj = getattr(obj, part)
    return obj


def _shown(value) -> str:
    return repr(value) if isinstance(value, str) else str(value)


class _Quoted:
    """A value as a message quotes it (``{n!r}`` in a template): its repr, cut when long."""

    def __init__(self, value):
        self.value = value

    def __repr__(self) -> str:
        return short_text(repr(self.value))

    def __str__(self) -> str:
        return str(self.value)


def _same(a, b) -> bool:
    """Equal, and a bool only equals a bool (``True`` is not the option value ``1``)."""
    return isinstance(a, bool) == isinstance(b, bool) and a == b


# ------------------------------------------------------------------------------------------ options


@dataclass(frozen=True)
class Option:
    """One option of a game: ``name``, ``default``, the values it takes, a ``label`` for the form.

    ``choices``: a tuple of the values it takes, a ``range`` (a whole number in
    it), or ``None`` (any value of its ``kind``). ``kind``: ``"choice"``,
    ``"bool"``, ``"int"``, ``"text"`` or ``"any"`` (the game checks it: a
    lexicon, a file of the notebook's); guessed from ``choices`` and ``default``
    when not given. ``None`` is taken when it is the default (or one of the
    choices). ``words``: the form's words for some values (``{"en": "English"}``).
    ``form``: shown in the new-game form. ``game``: passed to the game class
    (``False``: the app's or the bots'). ``bot``: the keyword each bot gets it
    as (Balda's ``bot_tier`` is the bots' ``tier``). ``keep``: a new game keeps
    the value the game reports (data read once: a word list, custom content),
    not the one given. ``players``: ``(min, max)`` player counts the option is
    for (Heroes of Barcadia's 2-3 player removal): the form hides it at other
    counts, and a new game of another count sets it back to its default unless
    given with it (a notebook may still give it for any count the game takes). ``fuzz``: the values the fuzz draws
    (default: the choices when they are few; ``()``: never drawn; repeat a
    value to draw it more often). ``strict=False``: the choices are the form's
    and the fuzz's, and the game also takes other values it checks itself
    (Balada's ``sheet``: a custom sheet's data).

    >>> Option("size", 5, (5, 7)).check(6)
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: the option size takes one of 5, 7, not 6
    >>> Option("easy", False).kind, Option("easy", False).check(True), Option("n", 3).takes()
    ('bool', True, 'a whole number')
    >>> Option("removal", None, (None, True, False), players=(2, 3)).applies(4)
    False
    """

    name: str
    default: Any = None
    choices: Optional[Sequence] = None
    label: str = ""
    kind: str = ""
    words: Mapping = field(default_factory=dict)
    form: bool = True
    game: bool = True
    bot: str = ""
    keep: bool = False
    players: Optional[tuple] = None
    fuzz: Optional[Sequence] = None
    strict: bool = True

    def __post_init__(self):
        if not self.name.isidentifier():
            raise InvalidInput(f"an option's name is a Python name, not {self.name!r}")
        if self.choices is not None and not isinstance(self.choices, range):
            object.__setattr__(self, "choices", tuple(self.choices))
        kind = self.kind
        if not kind:
            if self.choices is not None:
                kind = "choice"
            elif isinstance(self.default, bool):
                kind = "bool"
            elif isinstance(self.default, int):
                kind = "int"
            elif isinstance(self.default, str):
                kind = "text"
            else:
                kind = "any"
            object.__setattr__(self, "kind", kind)
        if kind not in _KINDS:
            raise InvalidInput(f"the option {self.name}: kind {kind!r} is not one of {', '.join(_KINDS)}")
        if kind == "choice" and not self.choices:
            raise InvalidInput(f"the option {self.name} is a choice without choices")
        if self.bot and not self.bot.isidentifier():
            raise InvalidInput(f"the option {self.name}: a bot's keyword is a Python name, not {self.bot!r}")
        self.check(self.default)  # a default the option itself refuses is a mistake of the declaration

    def applies(self, players: int) -> bool:
        """Is the option for a game of ``players`` (its :attr:`players` range, if any)?"""
        return self.players is None or self.players[0] <= players <= self.players[1]

    def values(self) -> Optional[tuple]:
        """The values it takes when they can be listed (a choice, a bool), else ``None``."""
        if self.kind == "bool":
            return (False, True) + ((None,) if self.default is None else ())
        if self.kind == "choice":
            return tuple(self.choices)
        return None

    def fuzz_values(self) -> tuple:
        """What the fuzz draws for it: ``fuzz``, or the values when there are at most 8; else nothing."""
        if self.fuzz is not None:
            return tuple(self.fuzz)
        if not self.game:
            return ()
        values = self.values()
        return values if values is not None and len(values) <= 8 else ()

    def takes(self) -> str:
        """What it takes, in words: ``"one of 5, 7"``, ``"True or False"``, ``"a whole number from 2 to 9"``."""
        if self.kind == "choice":
            c = self.choices
            if isinstance(c, range) and c.step == 1 and len(c) > 2:
                return f"a whole number from {c.start} to {c.stop - 1}"
            return "one of " + ", ".join(_shown(v) for v in c)
        return {"bool": "True or False", "int": "a whole number", "text": "a text", "any": "any value"}[self.kind]

    def label_of(self, value) -> str:
        """The form's words for ``value``."""
        for k, w in self.words.items():
            if _same(k, value):
                return w
        return "—" if value is None else str(value)

    def check(self, value) -> Any:
        """``value`` if the option takes it, else :class:`InvalidInput` naming the option and what it takes."""
        if self.kind == "any" or not self.strict or (value is None and (self.default is None or (
                self.kind == "choice" and any(c is None for c in self.choices)))):
            return value
        ok = {
            "bool": lambda: isinstance(value, bool),
            "int": lambda: isinstance(value, int) and not isinstance(value, bool),
            "text": lambda: isinstance(value, str),
            "choice": lambda: (isinstance(value, int) and not isinstance(value, bool) and value in self.choices)
            if isinstance(self.choices, range) else any(_same(value, c) for c in self.choices),
        }[self.kind]
        try:
            good = ok()
        except TypeError:  # an unhashable value against a range
            good = False
        if not good:
            what = f"{self.name} ({self.label})" if self.label else self.name
            raise InvalidInput(f"the option {what} takes {self.takes()}, not {short_text(repr(value))}")
        return value


# ------------------------------------------------------------------------------------------ bots


@dataclass(frozen=True)
class _LevelBot:
    """``target(level, seed=seed, **extra)``: one level of a room's ``make_bot``, imported on first use."""

    target: Target
    level: str

    def __call__(self, seed=0, **extra):
        return load(self.target)(self.level, seed=seed, **extra)


def bot_levels(make_bot: Target, *levels: str) -> dict[str, Callable]:
    """``{level: factory}`` for a room whose ``make_bot(level, seed=0, **extra)`` makes every level.

    >>> sorted(bot_levels("balada_widgets.balada.bots:make_bot", "random", "greedy"))
    ['greedy', 'random']
    """
    return {level: _LevelBot(make_bot, level) for level in levels}


# ------------------------------------------------------------------------------------------ seats


def seat_name(p: int, bots: Optional[Mapping] = None, players: Optional[int] = None, language: str = "en", *,
              you: Optional[int] = None, names: Optional[Mapping[int, str]] = None,
              spec: Optional["GameSpec"] = None) -> str:
    """A seat's one name on every screen (titles, panels, logs, the result, the review, the class tables).

    ``bots``: ``{seat: bot}`` of the seats played by bots (a bot's ``level``
    names it); a seat played on another device (``remote = True``,
    :class:`balada_widgets.classroom.live.RemoteSeat`) is its classmate's
    chosen ``name``, or a bot or an open seat of the table. ``players``: the
    number of seats; the one seat that is not a bot's, when there are bots, is
    ``you`` (or name ``you`` outright: a class table). ``names``: chosen names
    of seats (a class table's list). ``spec``: the game, for its words in
    ``language`` (:attr:`GameSpec.words`).

    >>> class Bot:
    ...     level = "greedy"
    >>> seat_name(0, {1: Bot()}, 2), seat_name(1, {1: Bot()}, 2), seat_name(1, {}, 2)
    ('Player 1 (you)', 'Player 2 (greedy bot)', 'Player 2')
    >>> seat_name(0, {}, 3, you=0, names={0: "Cleo"}), seat_name(2, {2: Bot()}, 3, you=0)
    ('Cleo (you)', 'Player 3 (greedy bot)')
    """
    bots = bots or {}
    word = spec.word if spec is not None else (lambda key, language="en", **fields: KIT_WORDS[key].format(**fields))
    name = (names or {}).get(p) or word("seat.player", language, n=p + 1)
    bot = bots.get(p) if p in bots else None
    if p in bots:
        kind = getattr(bot, "kind", "bot") if getattr(bot, "remote", False) else "bot"
        if kind == "human":  # a classmate at a class table: the name they chose
            return getattr(bot, "name", "") or name
        if kind == "open":
            return word("seat.open", language, name=name)
        level = getattr(bot, "level", "") or ""
        level_words = (spec.own_word(f"level.{level}", language) if spec is not None and level else None) or level
        return word("seat.bot", language, name=name, level=level_words) if level else f"{name} (bot)"
    if you is not None:
        return word("seat.you", language, name=name) if p == you else name
    if players is not None and you_seat(players, bots) == p:
        return word("seat.you", language, name=name)
    return name


def you_seat(players: int, bots: Optional[Mapping] = None) -> Optional[int]:
    """The seat of the one person playing against bots (the ``you`` of :func:`seat_name`), else ``None``.

    >>> you_seat(3, {1: None, 2: None}), you_seat(2, {}), you_seat(3, {2: None})
    (0, None, None)
    """
    people = [p for p in range(players) if p not in (bots or {})]
    return people[0] if bots and len(people) == 1 else None


def bots_after(players: int, before_players: int, before_bots: int) -> int:
    """The bots when the player count changes from ``before_players`` to ``players`` (a new game, the
    new-game form): one person against bots stays one (choosing 4 players on the *Play against a bot* page
    seats 3 bots, never two more people at one screen); any other table keeps its bots, at most one per player.

    >>> bots_after(4, 2, 1), bots_after(2, 4, 3), bots_after(1, 2, 1)
    (3, 1, 0)
    >>> bots_after(4, 2, 0), bots_after(2, 4, 1), bots_after(2, 4, 4)
    (0, 1, 2)
    """
    if before_bots and before_bots == before_players - 1:
        return max(0, players - 1)
    return min(before_bots, players)


def seat_names(game, bots: Optional[Mapping] = None, language: Optional[str] = None) -> list[str]:
    """The name of every seat of ``game`` (:func:`seat_name`), in the game's words: its spec's, and its
    ``language`` when the spec speaks it."""
    found = _REGISTRY.get(getattr(game, "name", None))
    if language is None:
        language = found.language_of(getattr(game, "language", None)) if found is not None else "en"
    return [seat_name(p, bots, game.num_players, language, spec=found) for p in range(game.num_players)]


# ------------------------------------------------------------------------------------------ settings


@dataclass(frozen=True)
class Settings:
    """What starts one game: the seats, the bots, the seed and the checked options (see the module docstring).

    Made by :meth:`GameSpec.settings`, never by hand: every value in it has been checked.
    """

    spec: "GameSpec" = field(repr=False, compare=False)
    players: int
    bots: int
    seed: Any
    bot_level: str
    options: Mapping[str, Any]

    def replace(self, **changes) -> "Settings":
        """The settings with some values changed (``players``, ``bots``, ``seed``, ``bot_level`` or an
        option), checked again; a new player count keeps one person against bots so (:func:`bots_after`), and
        an option that depends on the player count (:attr:`Option.players`) not changed with it takes its
        default (Barcadia's removal: on for 2-3 players)."""
        base = {"players": self.players, "bots": self.bots, "seed": self.seed, "bot_level": self.bot_level,
                **self.options}
        if "players" in changes and isinstance(changes["players"], int):
            if "bots" not in changes:
                changes["bots"] = bots_after(changes["players"], self.players, self.bots)
            for o in self.spec.options:  # an option that depends on the player count goes back to its default
                if o.players is not None and o.name in base and o.name not in changes \
                        and changes["players"] != self.players:
                    changes[o.name] = o.default
        return self.spec.settings(**{**base, **changes})

    def adopt(self, game) -> "Settings":
        """The settings of a game started elsewhere (a save file, a hand-made position) or just made: its
        players, and the options it reports: every form option, every :attr:`Option.keep` one, and the others
        given here; an option given here that the game does not report was read once (a file's name, a
        lexicon) and is dropped. The bots keep their seats (at most one per player)."""
        options = dict(self.options)
        given = getattr(game, "options", {}) or {}
        for opt in self.spec.options:
            if not opt.game:
                continue
            if opt.name in given:
                if opt.form or opt.keep or opt.name in options:
                    options[opt.name] = given[opt.name]
            elif not opt.form:
                options.pop(opt.name, None)
        players = game.num_players
        return self.spec.settings(players=players, bots=min(self.bots, players), seed=self.seed,
                                  bot_level=self.bot_level, **options)

    @property
    def language(self) -> str:
        """The language the game is shown in (its ``language`` option when the spec speaks it, else English)."""
        return self.spec.language_of(self.options.get("language"))

    @property
    def game_options(self) -> dict:
        """The options the game class takes: ``players`` and every option passed to the game."""
        names = {o.name for o in self.spec.options if o.game}
        return {"players": self.players, **{k: v for k, v in self.options.items() if k in names}}

    @property
    def bot_options(self) -> dict:
        """What every bot is given besides its level and seed: ``{keyword: value}`` of the :attr:`Option.bot`
        options (Balda: ``{"tier": "common"}``)."""
        return {o.bot: self.options.get(o.name, o.default) for o in self.spec.options if o.bot}

    def make_game(self):
        """The game these settings describe (``game_class(players=..., **options)``)."""
        return self.spec.game_class_loaded()(**self.game_options)

    @property
    def bot_seats(self) -> range:
        """The seats the bots play: the last ``bots``."""
        return range(self.players - self.bots, self.players)

    def make_bots(self) -> dict:
        """``{seat: bot}`` for the bot seats, each with its own seed ``f"{seed}:{seat}"``."""
        return {p: self.spec.make_bot(self.bot_level, seed=f"{self.seed}:{p}", **self.bot_options)
                for p in self.bot_seats}

    def seat_name(self, p: int, bots: Optional[Mapping] = None) -> str:
        """Seat ``p``'s one name (:func:`seat_name`); ``bots`` default: the bots these settings seat."""
        if bots is None:
            bots = {q: _Level(self.bot_level) for q in self.bot_seats}
        return seat_name(p, bots, self.players, self.language, spec=self.spec)


@dataclass(frozen=True)
class _Level:
    """A bot seat not made yet: its level names it."""

    level: str


# ------------------------------------------------------------------------------------------ the spec


@dataclass(frozen=True)
class GameSpec:
    """The one declaration of a game (see the module docstring).

    ``name``: the package and save-file name (``"balda"``); ``title``: in
    words; ``game_class``: the :class:`~balada_widgets.core.game.Game`
    subclass or ``"module:Class"``; ``options``: :class:`Option` s (the game
    class takes each ``game=True`` one as a keyword); ``players``: ``(min,
    max)``; ``players_rule``: the rule id a wrong count names; ``bots``:
    ``{level: factory(seed=0, **extra)}`` (:func:`bot_levels` makes them from
    a room's ``make_bot``); ``default_bot``: the level ``new_game`` seats
    (default: the last, strongest); ``languages``: ``(code, name)`` of the
    languages the game is shown in; ``words``: ``words(key, language) ->
    template or None``, the game's own words for the kit's keys
    (:data:`KIT_WORDS`, ``form.<option>``, ``level.<level>``, ``kit.<key>`` of
    the share panel) in a language it is shown in; ``lesson``: the tutorial
    module, with the lesson entry of the module docstring;
    ``lesson_languages``: ``(code, link label)`` of its further learn pages;
    ``views``: ``{"board": "module:View", "lab": "module:LabComponent",
    "drawing": "module:draw"}``: ``"board"`` is the component ``(session,
    bots, on_new_game)`` that shows a live game (in the app, a notebook, one
    seat of a class table); without it the kit's plain view draws
    ``views["drawing"]`` (``draw(game, state, targets) -> svg``);
    ``secret_saves``: the app's policy for a save file while a position holds
    secrets (``"ask"``, or ``"refuse"``: secrets that end with the turn, see
    :mod:`balada_widgets.ui.app`); ``blurb``, ``players_text``: the words of
    its home-page card; ``stem``: the path of its bot page (default: the
    name, ``_`` as ``-``); ``bot_page``, ``hot_seat``, ``solo``: ``(players,
    bots)`` of those app pages (``solo`` ``None``: no solo page); the bot
    page is one person against bots (``bots == players - 1``): a table that
    shows the game, not the smallest one.
    """

    name: str
    title: str
    game_class: Target
    options: Sequence[Option] = ()
    players: tuple = (1, 6)
    bots: Mapping[str, Callable] = field(default_factory=dict)
    default_bot: Optional[str] = None
    languages: tuple = (("en", "English"),)
    words: Optional[Target] = None
    lesson: Optional[str] = None
    lesson_languages: tuple = ()
    views: Mapping[str, str] = field(default_factory=dict)
    secret_saves: str = "ask"
    blurb: str = ""
    players_text: str = ""
    stem: str = ""
    bot_page: tuple = (2, 1)
    hot_seat: tuple = (2, 0)
    solo: Optional[tuple] = None
    players_rule: Optional[str] = None

    def __post_init__(self):
        object.__setattr__(self, "options", tuple(self.options))
        names = [o.name for o in self.options]
        clash = sorted({n for n in names if names.count(n) > 1} | (set(names) & {"players", "bots", "seed",
                                                                                 "bot_level"}))
        if clash:
            raise InvalidInput(f"{self.title}: options declared twice or named like a setting: {', '.join(clash)}")
        lo, hi = self.players
        if not 1 <= lo <= hi:
            raise InvalidInput(f"{self.title}: players ({lo}, {hi}) is not a range of player counts")
        if self.default_bot is None and self.bots:
            object.__setattr__(self, "default_bot", list(self.bots)[-1])
        if self.bots and self.default_bot not in self.bots:
            raise InvalidInput(f"{self.title}: the default bot {self.default_bot!r} is not one of its levels")
        if self.secret_saves not in ("ask", "refuse"):
            raise InvalidInput(f"{self.title}: secret_saves is 'ask' or 'refuse', not {self.secret_saves!r}")
        if not self.stem:
            object.__setattr__(self, "stem", self.name.replace("_", "-"))
        if not self.players_text:
            object.__setattr__(self, "players_text", f"{lo} player" if lo == hi == 1 else
                               f"{lo} players" if lo == hi else f"{lo} to {hi} players")
        if self.bots and (self.bot_page[1] != self.bot_page[0] - 1 or not lo <= self.bot_page[0] <= hi):
            raise InvalidInput(f"{self.title}: the bot page {self.bot_page} is not one person against bots at a "
                               f"table of {lo} to {hi}")

    # ------------------------------------------------------------------ the game
    def game_class_loaded(self):
        """The game class (imported on first use)."""
        return load(self.game_class)

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise InvalidInput(f"{self.title} has no option {name!r}; its options are {self._option_names()}")

    def _option_names(self) -> str:
        return ", ".join(o.name for o in self.options) or "none"

    def check_options(self, options: Mapping[str, Any]) -> dict:
        """The options checked: each given one against its :class:`Option`, each form option not given at its
        default; :class:`InvalidInput` naming an unknown option or a value out of range and what it takes."""
        known = {o.name: o for o in self.options}
        for key in options:
            if key not in known:
                raise InvalidInput(f"{self.title} has no option {short_text(repr(key))}; its options are "
                                   f"{self._option_names()}")
        out = {}
        for o in self.options:
            if o.name in options:
                try:
                    out[o.name] = o.check(options[o.name])
                except GameError as e:
                    raise InvalidInput(f"{self.title}: {e.reason}") from None
            elif o.form:
                out[o.name] = o.default
        return out

    def fuzz_variants(self) -> dict[str, list]:
        """``{option: values}`` the fuzz draws (:meth:`Option.fuzz_values`), in declaration order."""
        return {o.name: list(o.fuzz_values()) for o in self.options if o.fuzz_values()}

    # ------------------------------------------------------------------ words
    def language_of(self, language: Any) -> str:
        """``language`` if the game is shown in it, else English."""
        return language if isinstance(language, str) and language in dict(self.languages) else "en"

    def own_word(self, key: str, language: str = "en") -> Optional[str]:
        """The game's own template for a kit key in ``language`` (:attr:`words`), or ``None``."""
        if self.words is None:
            return None
        return load(self.words)(key, language)

    def word(self, key: str, language: str = "en", **fields) -> str:
        """A kit text in ``language``: the game's own words (:attr:`words`), else the kit's English
        (:data:`KIT_WORDS`; ``form.<option>``: the option's label; ``level.<level>``: the level), filled in.

        >>> spec("balada").word("form.easy"), spec("balada").word("seat.bot", name="Player 2", level="greedy")
        ('Easy version (deck A only, one round, rule B4)', 'Player 2 (greedy bot)')
        """
        template = self.own_word(key, language)
        if template is None:
            template = KIT_WORDS.get(key)
        if template is None:
            kind, _, rest = key.partition(".")
            if kind == "form" and rest in {o.name for o in self.options}:
                template = self.option(rest).label or rest
            elif kind == "level":
                template = rest
            else:
                raise InvalidInput(f"no kit text {key!r}")
        quoted = {k: _Quoted(v) if isinstance(v, (str, int, float, type(None))) else v for k, v in fields.items()}
        try:
            return template.format(**quoted) if fields else template
        except (KeyError, IndexError, ValueError) as e:
            raise InvalidInput(f"the text {key!r} needs the field {e}") from None

    def seat_name(self, p: int, bots: Optional[Mapping] = None, players: Optional[int] = None,
                  language: str = "en", **kwargs) -> str:
        """Seat ``p``'s one name in this game's words (:func:`seat_name`)."""
        return seat_name(p, bots, players, language, spec=self, **kwargs)

    # ------------------------------------------------------------------ seats and bots
    def check_level(self, level: Optional[str], language: str = "en") -> str:
        """``level`` (``None``: the default), or :class:`InvalidInput` naming the levels."""
        level = self.default_bot if level is None else level
        if self.own_word("err.level", language) is None:  # the one level check of every game's bots
            return check_level(level, tuple(self.bots))
        if not isinstance(level, str) or level not in self.bots:  # said in the game's language
            raise InvalidInput(self.word("err.level", language, level=level,
                                         levels=", ".join(self.bots) or "none (this game has no bots)"))
        return level

    def make_bot(self, level: Optional[str] = None, seed=0, **extra):
        """A bot of ``level`` (``None``: :attr:`default_bot`) with ``seed``; ``extra`` goes to its factory
        (Balda: ``tier="common"``)."""
        return load(self.bots[self.check_level(level)])(seed=seed, **extra)

    def settings(self, players: Optional[int] = None, bots: Optional[int] = None, seed=0,
                 bot_level: Optional[str] = None, **options) -> Settings:
        """The checked :class:`Settings` of a game, with the defaults of the module docstring; a refusal is
        worded in the game's language (its ``language`` option)."""
        language = self.language_of(options.get("language"))
        lo, hi = self.players
        if players is None:
            players = min(max(DEFAULT_PLAYERS, lo), hi)
        if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
            count = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise InvalidInput(self.word("err.players", language, title=self.title, count=count, n=players),
                               rule=self.players_rule)
        if bots is None:
            bots = players - 1 if self.bots else 0
        if not isinstance(bots, int) or isinstance(bots, bool) or not 0 <= bots <= players:
            raise InvalidInput(self.word("err.bots", language, players=players, n=bots))
        if bots or bot_level is not None:
            bot_level = self.check_level(bot_level, language)
        else:
            bot_level = self.default_bot or ""
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise InvalidInput(self.word("err.seed", language, seed=seed))
        return Settings(self, players, bots, seed, bot_level, self.check_options(options))

    # ------------------------------------------------------------------ the notebook face
    @property
    def app_name(self) -> str:
        """The name of its app class: ``BaldursGateApp``."""
        return "".join(part[:1].upper() + part[1:] for part in self.name.split("_")) + "App"

    def app_class(self) -> type:
        """Its app class, the kit's generic app named for it (:func:`balada_widgets.ui.app.app_class`,
        imported here, on use: this module imports no UI)."""
        return load("balada_widgets.ui.app:app_class")(self)

    def new_game(self, players: Optional[int] = None, bots: Optional[int] = None, seed=0,
                 bot_level: Optional[str] = None, **options):
        """A playable game for a notebook: the app of :meth:`settings` (the last expression of a cell shows it)."""
        return self.app_class()(players, bots, seed, bot_level, **options)

    def notebook_face(self, module: str) -> tuple[Callable, Callable]:
        """``(new_game, make_bot)`` for a room's ``__init__``: one signature for every game, the
        docstring listing this game's options and levels."""
        spec = self

        def new_game(players: Optional[int] = None, bots: Optional[int] = None, seed=0,
                     bot_level: Optional[str] = None, **options):
            return spec.new_game(players, bots, seed, bot_level, **options)

        def make_bot(level: Optional[str] = None, seed=0, **extra):
            return spec.make_bot(level, seed, **extra)

        listed = "\n".join(f"    - ``{o.name}`` ({o.label or 'no label'}): {o.takes()}, default {o.default!r}"
                           for o in self.options) or "    (none)"
        new_game.__doc__ = (
            f"A playable {self.title} game for a notebook (the last expression of a cell shows it).\n\n"
            f"    ``players`` ({self.players[0]} to {self.players[1]}; default "
            f"{min(max(DEFAULT_PLAYERS, self.players[0]), self.players[1])}), the last "
            f"``bots`` of them (default: all but the first) played by bots of ``bot_level`` "
            f"({', '.join(self.bots) or 'none'}; default {self.default_bot!r}), the others hot-seat; "
            f"``seed`` for chance. The defaults are one policy for every game: see "
            f":mod:`balada_widgets.core.spec`. The options:\n\n{listed}\n")
        make_bot.__doc__ = (f"A {self.title} bot: ``level`` one of {', '.join(self.bots) or 'none'} "
                            f"(default {self.default_bot!r}); ``extra`` goes to the bot (see its room's bots).")
        for fn in (new_game, make_bot):
            fn.__module__ = module
            fn.__qualname__ = fn.__name__
        return new_game, make_bot

    def lesson_entry(self, entry: str) -> Callable:
        """The tutorial module's ``lesson``, ``tutorial`` or ``step`` (:data:`LESSON_ENTRIES`: one signature
        for every game, see the module docstring), imported on use."""
        if entry not in LESSON_ENTRIES:
            raise InvalidInput(f"a lesson's entry is one of {', '.join(LESSON_ENTRIES)}, not {short_text(repr(entry))}")
        if self.lesson is None:
            raise InvalidInput(f"{self.title} has no lesson")
        return getattr(load(self.lesson), entry)

    def view(self, kind: str) -> Optional[str]:
        """The ``"module:Name"`` of a view (``"board"``, ``"lab"``, ``"drawing"``), ``None`` when it has none."""
        return self.views.get(kind)


# ------------------------------------------------------------------------------------------ the registry

_REGISTRY: dict[str, GameSpec] = {}


def register(game_spec: GameSpec) -> GameSpec:
    """Register a game's spec (again: the new declaration replaces the old); returns it."""
    if not isinstance(game_spec, GameSpec):
        raise InvalidInput(f"register takes a GameSpec, not {type(game_spec).__name__}")
    _REGISTRY[game_spec.name] = game_spec
    return game_spec


def unregister(name: str) -> None:
    """Forget a registered game (a test's extra game)."""
    _REGISTRY.pop(name, None)


@contextlib.contextmanager
def registered(game_spec: GameSpec) -> Iterator[GameSpec]:
    """Register ``game_spec`` for the ``with`` block only (what was registered under its name comes back)."""
    before = _REGISTRY.get(game_spec.name)
    register(game_spec)
    try:
        yield game_spec
    finally:
        if before is None:
            unregister(game_spec.name)
        else:
            _REGISTRY[game_spec.name] = before


def registry() -> dict[str, GameSpec]:
    """``{name: spec}`` of every registered game, in registration order (a copy)."""
    return dict(_REGISTRY)


def spec(name: str) -> GameSpec:
    """The registered spec of that name; :class:`InvalidInput` naming the games there are."""
    found = _REGISTRY.get(name) if isinstance(name, str) else None
    if found is None:
        raise InvalidInput(f"unknown game {short_text(repr(name))}; known: {', '.join(_REGISTRY) or 'none'}")
    return found


# ------------------------------------------------------------------------------------------ lazy rooms


def lazy_module(package: str, names: Mapping[str, str]) -> tuple[Callable, Callable]:
    """``(__getattr__, __dir__)`` for a room's ``__init__``: ``names`` maps a public name to the submodule
    that defines it, imported on first use; any submodule is also reached by its name (``balda.tutorial``).

    So declaring a room's spec imports none of its rules, and ``from balada_widgets.balda import Lexicon``
    still works.
    """

    def __getattr__(name: str):
        module = sys.modules[package]
        sub = names.get(name)
        if sub is not None:
            value = getattr(importlib.import_module(f"{package}.{sub}"), name)
            setattr(module, name, value)
            return value
        if name.isidentifier() and not name.startswith("_"):
            try:
                found = importlib.util.find_spec(f"{package}.{name}") is not None
            except (ImportError, ValueError):
                found = False
            if found:
                return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__():
        return sorted(set(vars(sys.modules[package])) | set(names))

    return __getattr__, __dir__
