"""What Loot Cards, Power-Ups and Signature Moves do: one registry, data-driven.

Two vocabularies, both used by the content file (:mod:`.content`):

**Loot effects** (``VERBS``): a Loot Card is a name, a colour, a timing
window and a list of ``(verb, amount)`` effects resolved in order. The
shipped cards and the learner's DIY cards use the same verbs, so a new card
is a line of data, and a new verb is one :class:`Verb` subclass here.

============  ===============  =======================================  =============================
verb          amounts          what it does                             windows (DIY cost)
============  ===============  =======================================  =============================
heal          10, 20, 30       the player refills that many HP          your turn, between (1 per 10)
damage        10, 20           an opponent of their choice drinks       your turn, between (2 per 10)
draw          1, 2             the player draws Loot Cards              your turn, between, battle (1 each)
roll_mod      -3..3            one side's roll in the coming battle     battle (1 per point)
level_mod     -4..4            the Monster's level in this battle       battle (1 per 2 points)
extra_action  1                one more action this turn (Dash)         your turn (3)
move          start, pourtal   to START / to an open empty Pourtal      your turn (2)
shove         1                an opponent into an open room by them    your turn, between (2)
place_trap    1                a trap token into an empty room          your turn, between (2)
remove_traps  1                every trap off a room next to you        your turn (1)
peek          1                secretly look at a face-down room        your turn (1)
steal         1                a random card of a nearby opponent       your turn (2)
room_swap     1                swap two empty rooms with their contents your turn (3)
redo          1                void a lost attempt and fight again      after a loss (3)
flee          1                leave your own battle before the roll    battle (2)
============  ===============  =======================================  =============================

Windows (H12): ``your_turn`` (the active player, between their moves),
``between_turns`` (anyone, after a turn), ``battle`` (anyone, after a
battle is declared and before the dice), ``after_loss`` (the losing side,
after the dice). A DIY card costs at most ``budget`` (3) and holds at most 3
effects, each allowed in the card's window.

**Abilities** (``ABILITIES``): the lasting powers of Power-Ups and Signature
Moves: ``roll_bonus``, ``low_hp_bonus``, ``shield``, ``extra_steps``,
``extra_pourtal``, ``scout``, ``loot_on_win``, ``refresh``,
``second_try``, ``sticky_fingers``, ``trap_pouch``, ``pocket_pourtal``,
``arcane_draw``. :func:`roll_bonuses` lists every bonus a player has in a
kind of roll with where it comes from, for the battle explanations.

>>> VERBS["heal"].cost(20), VERBS["level_mod"].cost(-3), VERBS["redo"].windows
(2, 2, ('after_loss',))
>>> VERBS["roll_mod"].words(2)
'+2 to one side of the battle'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .ops import (
    abilities, enterable, heal, hurt, is_pourtal_for, loot_deck_count, max_pourtal_uses, occupied_set,
    resolve_deaths, trap_room_ok, trap_supply,
)
from .state import (
    START, Battle, BarcadiaState, DrawLoot, Peek, Resolve, Steal, Walk, Window, push, set_player, set_room,
)

WINDOWS = ("your_turn", "between_turns", "battle", "after_loss")
WINDOW_WORDS = {"your_turn": "during your turn", "between_turns": "between turns",
                "battle": "in a battle, before the roll", "after_loss": "after a lost battle roll"}
COLOURS = ("green", "blue", "red", "orange", "purple")
#: kinds of roll a bonus can apply to
CONTEXTS = ("monster", "team", "boss", "duel", "disarm", "power_disarm")


# ---------------------------------------------------------------- helpers on the stack


def battle_in_play(state: BarcadiaState):
    """``(index, Battle)`` of the battle the open window belongs to, or ``(None, None)``."""
    for i in range(len(state.stack) - 1, -1, -1):
        f = state.stack[i]
        if isinstance(f, (Resolve, Window)):
            continue
        if isinstance(f, Battle):
            return i, f
        return None, None
    return None, None


def open_window(state: BarcadiaState):
    for f in reversed(state.stack):
        if isinstance(f, Window):
            return f
        if not isinstance(f, Resolve):
            return None
    return None


def battle_sides(b: Battle) -> dict:
    """side representative -> players on that side (the hero's side, and the Boss-player's)."""
    if b.battle == "team":
        return {b.hero: (b.hero, b.other)}
    if b.battle == "boss":
        return {b.hero: (b.hero,), b.other: (b.other,)}
    return {b.hero: (b.hero,)}


def battle_numbers(game, state, b: Battle) -> dict:
    """Target level and bonuses of a battle as it stands (H5): everything the roll is compared with."""
    card = game.content.rooms[state.rooms[b.room].card]
    ctx = b.battle
    out = {"kind": ctx, "card": card, "hero_bonus": [], "other_bonus": [], "level": None, "level_mods": [],
           "hero_mods": [], "other_mods": []}
    out["hero_bonus"] = roll_bonuses(game, state, b.hero, ctx)
    if b.battle in ("team", "boss") and b.other >= 0:
        out["other_bonus"] = roll_bonuses(game, state, b.other, ctx)
    if b.battle in ("monster", "team"):
        out["level"] = card.level
        out["level_mods"] = list(b.level_mods)
    for side, amount, cid, by in b.roll_mods:
        (out["hero_mods"] if side == b.hero or b.battle != "boss" else out["other_mods"]).append((amount, cid, by))
    return out


def battle_totals(game, state, b: Battle) -> tuple:
    """``(hero_side_bonus, target)``: for Monster/Team ``target`` is the level to meet; for a Boss the Boss side's bonus."""
    n = battle_numbers(game, state, b)
    hb = sum(x.amount for x in n["hero_bonus"]) + sum(a for a, _, _ in n["hero_mods"])
    if b.battle == "team":
        hb += sum(x.amount for x in n["other_bonus"])
    if b.battle == "boss":
        ob = sum(x.amount for x in n["other_bonus"]) + sum(a for a, _, _ in n["other_mods"])
        return hb, ob
    return hb, n["level"] + sum(a for a, _, _ in n["level_mods"])


def battle_won(game, state, b: Battle) -> bool:
    """Did the hero's side win the attempt just rolled? (H5)"""
    hb, t = battle_totals(game, state, b)
    if b.battle == "boss":
        return b.dice[0] + hb > b.dice[1] + t
    return sum(b.dice) + hb >= t


def losing_side(game, state, b: Battle) -> tuple:
    """Players on the side that lost the attempt just rolled (see :mod:`.engine`)."""
    won = battle_won(game, state, b)
    if b.battle == "boss":
        return (b.other,) if won else (b.hero,)
    if won:
        return ()
    return (b.hero, b.other) if b.battle == "team" else (b.hero,)


def near(game, state, a: int, b: int) -> bool:
    """Rooms ``a`` and ``b`` are the same or adjacent."""
    return a == b or b in state.layout.neighbours(a)


# ---------------------------------------------------------------- the Loot verbs


@dataclass(frozen=True)
class Verb:
    """One Loot effect. Subclasses say when it can be played, what it targets, and what it does."""

    name: str = ""
    amounts: tuple = (1,)
    windows: tuple = ()
    text: str = ""

    def cost(self, amount) -> int:
        return 1

    def words(self, amount) -> str:
        return self.text.format(a=amount, s=f"{amount:+d}" if isinstance(amount, int) else amount)

    # --- play time
    def ok(self, game, state, who, amount) -> bool:
        """Can a card with this effect be played now (context and targets)?"""
        return True

    def useful(self, game, state, who, amount) -> bool:
        """Would it change anything? (A card with no useful effect is not offered.)"""
        return True

    def next_pick(self, game, state, who, amount, picks):
        """Options for the next target (tagged tuples), or None when the targets are complete."""
        return None

    def apply(self, game, state, who, amount, picks, card) -> BarcadiaState:
        raise NotImplementedError  # pragma: no cover


class Heal(Verb):
    def cost(self, amount):
        return amount // 10

    def useful(self, game, state, who, amount):
        return state.players[who].hp < game.content.hp_full

    def apply(self, game, state, who, amount, picks, card):
        return heal(game, state, who, amount)


class Damage(Verb):
    def cost(self, amount):
        return 2 * (amount // 10)

    def next_pick(self, game, state, who, amount, picks):
        if picks:
            return None
        return [("p", p) for p in range(game.players) if p != who]

    def apply(self, game, state, who, amount, picks, card):
        target = picks[0][1]
        state = hurt(game, state, target, amount)
        return resolve_deaths(game, state, (target,))


class Draw(Verb):
    def cost(self, amount):
        return amount

    def useful(self, game, state, who, amount):
        return loot_deck_count(game, state) + len(state.discard) > 0

    def apply(self, game, state, who, amount, picks, card):
        return push(state, DrawLoot(who, amount))


class RollMod(Verb):
    def cost(self, amount):
        return abs(amount)

    def ok(self, game, state, who, amount):
        _, b = battle_in_play(state)
        w = open_window(state)
        return b is not None and w is not None and w.window == "battle"

    def next_pick(self, game, state, who, amount, picks):
        if picks:
            return None
        _, b = battle_in_play(state)
        if b is None:
            return []
        return [("p", side) for side in battle_sides(b)]

    def apply(self, game, state, who, amount, picks, card):
        i, b = battle_in_play(state)
        if b is None:
            return state
        b = replace(b, roll_mods=b.roll_mods + ((picks[0][1], amount, card, who),))
        return replace(state, stack=state.stack[:i] + (b,) + state.stack[i + 1:])


class LevelMod(Verb):
    def cost(self, amount):
        return (abs(amount) + 1) // 2

    def ok(self, game, state, who, amount):
        _, b = battle_in_play(state)
        w = open_window(state)
        return b is not None and w is not None and w.window == "battle" and b.battle in ("monster", "team")

    def apply(self, game, state, who, amount, picks, card):
        i, b = battle_in_play(state)
        if b is None or b.battle not in ("monster", "team"):
            return state
        b = replace(b, level_mods=b.level_mods + ((amount, card, who),))
        return replace(state, stack=state.stack[:i] + (b,) + state.stack[i + 1:])


class ExtraAction(Verb):
    def cost(self, amount):
        return 3

    def ok(self, game, state, who, amount):
        return state.in_turn and who == state.active

    def apply(self, game, state, who, amount, picks, card):
        return replace(state, actions=state.actions + amount)


class MoveTo(Verb):
    def cost(self, amount):
        return 2

    def words(self, amount):
        return "go to the Starting Point" if amount == "start" else "jump to an open, empty Pourtal"

    def _targets(self, game, state, who):
        at = state.players[who].at
        occ = occupied_set(state)
        return [("r", i) for i in range(len(state.rooms))
                if i != at and is_pourtal_for(game, state, i, who) and (i == START or i not in occ)]

    def ok(self, game, state, who, amount):
        if amount == "start":
            return state.players[who].at != START
        if who == state.active and state.ported >= max_pourtal_uses(game, state, who):
            return False
        return bool(self._targets(game, state, who))

    def next_pick(self, game, state, who, amount, picks):
        if amount == "start" or picks:
            return None
        return self._targets(game, state, who)

    def apply(self, game, state, who, amount, picks, card):
        if amount == "start":
            state = set_player(state, who, at=START)
            return replace(state, steps=0) if who == state.active else state
        if who == state.active:
            state = replace(state, ported=state.ported + 1)
        return push(state, Walk(who, picks[0][1]))


class Shove(Verb):
    def cost(self, amount):
        return 2

    def _rooms(self, game, state, p, occ):
        at = state.players[p].at
        return [i for i in state.layout.neighbours(at) if enterable(game, state, i, occ)]

    def ok(self, game, state, who, amount):
        occ = occupied_set(state)
        return any(self._rooms(game, state, p, occ) for p in range(game.players) if p != who)

    def next_pick(self, game, state, who, amount, picks):
        occ = occupied_set(state)
        if not picks:
            return [("p", p) for p in range(game.players) if p != who and self._rooms(game, state, p, occ)]
        if len(picks) == 1:
            return [("r", i) for i in self._rooms(game, state, picks[0][1], occ)]
        return None

    def apply(self, game, state, who, amount, picks, card):
        return push(state, Walk(picks[0][1], picks[1][1]))


class PlaceTrap(Verb):
    def cost(self, amount):
        return 2

    def _targets(self, game, state, who):
        occ = occupied_set(state)
        out = [("r", i) for i in range(1, len(state.rooms)) if trap_room_ok(state, i, occ)]
        if game.power_traps:
            for p, pl in enumerate(state.players):
                if p == who:
                    continue
                for pu in sorted(set(pl.powerups)):
                    if pl.power_traps.count(pu) < pl.powerups.count(pu):
                        out.append(("u", p, pu))
        return out

    def ok(self, game, state, who, amount):
        return trap_supply(game, state) > 0 and bool(self._targets(game, state, who))

    def next_pick(self, game, state, who, amount, picks):
        if picks:
            return None
        return self._targets(game, state, who) if trap_supply(game, state) > 0 else []

    def apply(self, game, state, who, amount, picks, card):
        t = picks[0]
        if t[0] == "r":
            return set_room(state, t[1], traps=state.rooms[t[1]].traps + 1)
        pl = state.players[t[1]]
        return set_player(state, t[1], power_traps=tuple(sorted(pl.power_traps + (t[2],))))


class RemoveTraps(Verb):
    def _targets(self, game, state, who):
        at = state.players[who].at
        return [("r", i) for i in state.layout.neighbours(at) if i != START and state.rooms[i].traps > 0]

    def ok(self, game, state, who, amount):
        return bool(self._targets(game, state, who))

    def next_pick(self, game, state, who, amount, picks):
        return None if picks else self._targets(game, state, who)

    def apply(self, game, state, who, amount, picks, card):
        return set_room(state, picks[0][1], traps=0)


class PeekVerb(Verb):
    def _targets(self, game, state, who):
        return [("r", i) for i in range(1, len(state.rooms))
                if not state.rooms[i].up and not state.rooms[i].public and who not in state.rooms[i].seen]

    def ok(self, game, state, who, amount):
        return bool(self._targets(game, state, who))

    def next_pick(self, game, state, who, amount, picks):
        return None if picks else self._targets(game, state, who)

    def apply(self, game, state, who, amount, picks, card):
        return push(state, Peek(who, picks[0][1]))


class StealVerb(Verb):
    def cost(self, amount):
        return 2

    def _targets(self, game, state, who):
        at = state.players[who].at
        return [("p", p) for p, pl in enumerate(state.players)
                if p != who and pl.hand and near(game, state, at, pl.at)]

    def ok(self, game, state, who, amount):
        return bool(self._targets(game, state, who))

    def next_pick(self, game, state, who, amount, picks):
        return None if picks else self._targets(game, state, who)

    def apply(self, game, state, who, amount, picks, card):
        return push(state, Steal(who, picks[0][1]))


class RoomSwap(Verb):
    def cost(self, amount):
        return 3

    def _rooms(self, state):
        occ = occupied_set(state)
        return [i for i in range(1, len(state.rooms)) if i not in occ]

    def ok(self, game, state, who, amount):
        return len(self._rooms(state)) >= 2

    def next_pick(self, game, state, who, amount, picks):
        if len(picks) >= 2:
            return None
        taken = {p[1] for p in picks}
        return [("r", i) for i in self._rooms(state) if i not in taken]

    def apply(self, game, state, who, amount, picks, card):
        a, b = picks[0][1], picks[1][1]
        rooms = list(state.rooms)
        rooms[a], rooms[b] = rooms[b], rooms[a]
        return replace(state, rooms=tuple(rooms))


class Redo(Verb):
    def cost(self, amount):
        return 3

    def ok(self, game, state, who, amount):
        w = open_window(state)
        _, b = battle_in_play(state)
        return (w is not None and w.window == "after_loss" and b is not None
                and who in losing_side(game, state, b))

    def apply(self, game, state, who, amount, picks, card):
        i, b = battle_in_play(state)
        if b is None:
            return state
        b = replace(b, stage="cards", dice=(), level_mods=(), roll_mods=(), attempt=b.attempt + 1)
        top = state.stack[-1]
        # the Redo window closes; the battle starts over from its card window (H6)
        return replace(state, stack=state.stack[:i] + (b,) + ((top,) if isinstance(top, Resolve) else ()))


class Flee(Verb):
    def cost(self, amount):
        return 2

    def ok(self, game, state, who, amount):
        _, b = battle_in_play(state)
        w = open_window(state)
        return b is not None and w is not None and w.window == "battle" and b.hero == who

    def apply(self, game, state, who, amount, picks, card):
        i, b = battle_in_play(state)
        if b is None:
            return state
        top = state.stack[-1]
        state = replace(state, stack=state.stack[:i] + ((top,) if isinstance(top, Resolve) else ()))
        return set_room(state, b.room, up=False, public=True)


VERBS: dict[str, Verb] = {
    "heal": Heal("heal", (10, 20, 30), ("your_turn", "between_turns"), "refill {a} HP"),
    "damage": Damage("damage", (10, 20), ("your_turn", "between_turns"), "an opponent drinks {a} HP"),
    "draw": Draw("draw", (1, 2), ("your_turn", "between_turns", "battle"), "draw {a} Loot Card(s)"),
    "roll_mod": RollMod("roll_mod", (-3, -2, -1, 1, 2, 3), ("battle",), "{s} to one side of the battle"),
    "level_mod": LevelMod("level_mod", (-4, -3, -2, -1, 1, 2, 3, 4), ("battle",), "{s} to the Monster's level"),
    "extra_action": ExtraAction("extra_action", (1,), ("your_turn",), "one more action this turn"),
    "move": MoveTo("move", ("start", "pourtal"), ("your_turn",), ""),
    "shove": Shove("shove", (1,), ("your_turn", "between_turns"), "push an opponent into an open room next to them"),
    "place_trap": PlaceTrap("place_trap", (1,), ("your_turn", "between_turns"), "put a trap in an empty room"),
    "remove_traps": RemoveTraps("remove_traps", (1,), ("your_turn",), "remove the traps of a room next to you"),
    "peek": PeekVerb("peek", (1,), ("your_turn",), "secretly look at a face-down room"),
    "steal": StealVerb("steal", (1,), ("your_turn",), "take a random Loot Card from an opponent near you"),
    "room_swap": RoomSwap("room_swap", (1,), ("your_turn",), "swap two empty rooms with their traps and Power-Ups"),
    "redo": Redo("redo", (1,), ("after_loss",), "forget the lost attempt and fight again"),
    "flee": Flee("flee", (1,), ("battle",), "leave your own battle before the roll"),
}


def card_playable(game, state: BarcadiaState, who: int, card) -> bool:
    """Every effect's context holds and at least one effect would do something."""
    effects = card.effects
    return (all(VERBS[v].ok(game, state, who, a) for v, a in effects)
            and any(VERBS[v].useful(game, state, who, a) for v, a in effects))


def card_words(card) -> str:
    return "; ".join(VERBS[v].words(a) for v, a in card.effects)


# ---------------------------------------------------------------- abilities (Power-Ups, Signature Moves)


@dataclass(frozen=True)
class Ability:
    """A lasting power; ``args`` names its numbers (``contexts``: a list of roll kinds)."""

    name: str
    args: tuple
    text: str


ABILITIES: dict[str, Ability] = {a.name: a for a in (
    Ability("roll_bonus", ("amount", "contexts"), "+{0} to your rolls in {1}"),
    Ability("low_hp_bonus", ("amount", "threshold", "contexts"), "+{0} to your rolls in {2} while your HP is {1} or less"),
    Ability("shield", ("amount", "min_damage", "contexts"), "drink {0} less when you lose a {2} battle costing {1}+"),
    Ability("extra_steps", ("amount",), "Enter Revealed Rooms takes {0} more room(s)"),
    Ability("extra_pourtal", ("amount",), "{0} more Pourtal use(s) a turn"),
    Ability("scout", ("amount",), "once a turn look at a face-down room next to you"),
    Ability("loot_on_win", ("amount",), "{0} more Loot Card(s) when you win a battle"),
    Ability("refresh", ("amount",), "heal {0} HP at the start of your turn"),
    Ability("second_try", ("amount",), "once a turn reroll your own die after losing a Monster or Team battle"),
    Ability("sticky_fingers", ("amount",), "take a random Loot Card from a player you beat in a duel you started"),
    Ability("trap_pouch", ("amount",), "keep up to {0} disarmed traps and set them later"),
    Ability("pocket_pourtal", ("amount",), "once a game mark a room as your own Pourtal"),
    Ability("arcane_draw", ("amount",), "draw a Loot Card at the start of your turn if you hold fewer than {0}"),
)}


@dataclass(frozen=True)
class Bonus:
    """One number added to a roll, and where it comes from."""

    amount: int
    source: str
    rule: str
    note: str = ""

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.source}" + (f" ({self.note})" if self.note else "")


def roll_bonuses(game, state: BarcadiaState, p: int, context: str) -> list:
    """Every lasting bonus of player ``p`` to a roll of kind ``context``, with its source.

    Power-Ups blocked by a Power Trap are listed with +0 so an explanation can
    say why they do not count.
    """
    out = []
    for args, src in abilities(game, state, p, "roll_bonus"):
        if context in args[1]:
            out.append(Bonus(args[0], src, "H-SIG2" if "Signature" in src else "H-PWR2"))
    for args, src in abilities(game, state, p, "low_hp_bonus"):
        if context in args[2]:
            hp = state.players[p].hp
            if hp <= args[1]:
                out.append(Bonus(args[0], src, "H-SIG2", f"HP {hp} is {args[1]} or less"))
    pl = state.players[p]
    for pu in sorted(set(pl.power_traps)):
        card = game.content.powerups.get(pu)
        if card and any(ab[0] == "roll_bonus" and context in ab[2] for ab in card.abilities):
            out.append(Bonus(0, f"{card.name} (Power-Up)", "H17", "blocked by a Power Trap"))
    return out
