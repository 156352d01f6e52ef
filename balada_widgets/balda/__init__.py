"""Balda: add a letter to a shared grid and read a word through it.

The room holds the pure rules (:mod:`.lexicon`, :mod:`.position`,
:mod:`.movegen`, :mod:`.rules`), the bots (:mod:`.bots`) and the Solara view
(:mod:`.view`, imported only when a game is shown, so ``import
balada_widgets.balda`` loads no UI package).

>>> from balada_widgets import balda
>>> lex = balda.Lexicon.from_words(["balda", "ball", "bad", "lab"], name="demo")
>>> [m.word for m in balda.legal_moves(balda.Position.new("balda"), lex)][:2]
['bad', 'ball']
>>> balda.explain_path(balda.Position.new("balda"), lex, "c4", "l", "a3-b3-c3-c4")[0]
True
"""

from __future__ import annotations

from ..core.spec import GameSpec, Option, bot_levels, lazy_module, register

_TIERS = {None: "every word", "common": "common words", "everyday": "everyday words", "basic": "basic words"}


#: the one declaration of the game (see :mod:`balada_widgets.core.spec`): ``new_game``, ``make_bot``,
#: the app's pages and the fuzz read it
SPEC = register(GameSpec(
    name="balda", title="Balda", game_class="balada_widgets.balda.rules:BaldaGame",
    options=(Option("size", 5, (5, 7), label="Grid", words={5: "5×5", 7: "7×7"}, fuzz=(5, 5, 7), strict=False),
             Option("language", "en", ("en", "ru"), label="Language", words={"en": "English", "ru": "Русский"},
                    fuzz=("en", "en", "ru")),
             # the classroom default (lexicon.DEFAULT_TIER): common nouns a class knows, for the referee and the
             # bots; a teacher can choose every word (None) and add words (docs/balda.md, "Word lists")
             Option("tier", "common", tuple(_TIERS), label="Words", words=_TIERS, fuzz=()),
             Option("bot_tier", "common", tuple(_TIERS), label="Bot knows", words=_TIERS, game=False, bot="tier"),
             Option("start_word", None, kind="text", form=False),
             Option("add_words", (), kind="any", form=False),
             Option("remove_words", (), kind="any", form=False),
             Option("word_list", None, kind="any", form=False),  # a file, read once: the game then carries `words`
             Option("words", None, kind="any", form=False, keep=True),
             Option("min_length", 2, form=False, fuzz=()),
             Option("lexicon", None, kind="any", form=False)),
    players=(1, 4), bots=bot_levels("balada_widgets.balda.bots:make_bot", "random", "greedy", "strong"),
    default_bot="strong", languages=(("en", "English"), ("ru", "Русский")), lesson="balada_widgets.balda.tutorial",
    lesson_languages=(("ru", "правила по-русски"),),  # balda/lessons/ru.yaml: the lesson on Russian words
    views={"board": "balada_widgets.balda.view:BaldaView", "lab": "balada_widgets.balda.lab:BaldaLab"},
    blurb="The word game on a 5x5 grid: add one letter, read a word through it along neighbouring cells."))

new_game, make_bot = SPEC.notebook_face(__name__)

_NAMES = {
    "Lexicon": "lexicon", "Position": "position",
    **dict.fromkeys(("Move", "check_move", "explain_path", "legal_moves"), "movegen"),
    **dict.fromkeys(("BaldaGame", "Pass", "hints"), "rules"),
}
__all__ = sorted([*_NAMES, "SPEC", "make_bot", "new_game"])

#: the rules and ``balda.tutorial`` load on first use (``balda.tutorial.step("readable")``)
__getattr__, __dir__ = lazy_module(__name__, _NAMES)
