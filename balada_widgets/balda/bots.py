"""Balda bots, each with a vocabulary: the words it "knows".

- ``random``: any legal word it knows.
- ``greedy``: the longest word it knows (ties: at random).
- ``strong``: for each of its longest candidates, looks at the opponent's best
  reply after the move and maximises "my word minus the best reply", so it
  avoids handing over long words.

A bot plays only moves from :func:`~balada_widgets.balda.movegen.legal_moves`
under the game's dictionary; its vocabulary tier (``None``: every word,
``"common"``, ``"everyday"``, ``"basic"``) only narrows what it sees, which
makes it weaker, like a player with a smaller vocabulary. With no word it
knows, a bot passes.

>>> from balada_widgets.balda.lexicon import Lexicon
>>> from balada_widgets.balda.rules import BaldaGame
>>> lex = Lexicon.from_words(["balda", "ball", "bad", "lab", "lad"], name="demo")
>>> g = BaldaGame(players=2, start_word="balda", lexicon=lex)
>>> make_bot("greedy").choose(g, g.initial_state(), 0).word
'ball'
"""

from __future__ import annotations

import random
from typing import Optional

from ..core.bots import check_level, choose_best
from ..core.errors import InvalidInput
from .lexicon import TIERS
from .movegen import legal_moves
from .rules import BaldaGame, Pass

BOT_LEVELS = ("random", "greedy", "strong")


class BaldaBot:
    def __init__(self, level: str = "greedy", tier: Optional[str] = None, seed=0, width: int = 8):
        check_level(level, BOT_LEVELS)
        if tier is not None and tier not in TIERS:
            raise InvalidInput(f"unknown vocabulary tier {tier!r}; choose None or one of {', '.join(TIERS)}")
        self.level, self.tier, self.width = level, tier, width
        self.rng = random.Random(seed)
        self.name = f"{level} bot" + (f" ({tier} words)" if tier else "")

    def known(self, game: BaldaGame, moves):
        if self.tier is None:
            return moves
        lex = game.lexicon  # a shipped list's tier leaves out names, adjectives, slang (Lexicon.in_tier)
        return [m for m in moves if lex.in_tier(m.word, self.tier)]

    def choose(self, game: BaldaGame, state, player: int):
        moves = self.known(game, game.word_moves(state))
        if not moves:
            return Pass(player)
        if self.level == "random":
            return self.rng.choice(moves)
        moves.sort(key=lambda m: -m.score)
        if self.level == "greedy":
            return choose_best(moves, lambda m: m.score, self.rng)
        return self._strong(game, state, moves)

    def _strong(self, game, state, moves):
        # candidates: the longest few words, each at most once per (cell, letter)
        seen, cands = set(), []
        for m in moves:
            if (m.cell, m.letter) not in seen:
                seen.add((m.cell, m.letter))
                cands.append(m)
            if len(cands) >= self.width:
                break

        def margin(m) -> int:  # my word minus the longest reply it leaves
            pos = state.position.place(m.cell, m.letter).with_used(m.word)
            reply = 0 if pos.is_full() else max((r.score for r in legal_moves(pos, game.lexicon)), default=0)
            return m.score - reply

        return choose_best(cands, margin, self.rng)


def make_bot(level: str = "greedy", seed=0, tier: Optional[str] = None) -> BaldaBot:
    """A Balda bot: ``"random"``, ``"greedy"`` or ``"strong"``, knowing the words of a vocabulary ``tier``
    (``None``: every word); the same ``(level, seed, **extra)`` as every game's bots."""
    return BaldaBot(level, tier, seed)
