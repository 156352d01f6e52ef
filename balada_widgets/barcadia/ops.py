"""Small operations on a state that need the game's content: supplies, damage, deaths, moving in.

Shared by the turn machine (:mod:`.engine`) and the card effects
(:mod:`.effects`). Every function takes the game (for content and variants)
and a state, and returns a new state or a derived fact.

Derived, never stored: the Loot deck (every card not in a hand or the
discard pile), the Power-Up deck (every Power-Up not held, not lying in a
room and not put at the bottom), the trap supply (16 minus the traps in
rooms, on Power-Ups and in the Rogue's pouch). A state therefore cannot lose
or duplicate a card: conservation is built in, and :func:`validate` only has
to check that no count goes negative.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from .state import (
    MOVEMENT, START, BarcadiaState, Death, PlaceExtra, add_sorted, clockwise, push, set_player, set_room,
)


# ---------------------------------------------------------------- supplies


def trap_supply(game, state: BarcadiaState) -> int:
    """Trap tokens left in the box (H-TRAP, G51)."""
    used = sum(r.traps for r in state.rooms) + sum(len(p.power_traps) + p.pouch for p in state.players)
    return game.content.trap_tokens - used


def loot_deck(game, state: BarcadiaState) -> Counter:
    """The Loot Cards in the deck (the whole truth; a view hides hands, so ask only of a full state)."""
    deck = Counter(game.loot_total)
    for p in state.players:
        deck.subtract(p.hand)
    deck.subtract(state.discard)
    return +deck


def loot_deck_count(game, state: BarcadiaState) -> int:
    """How many Loot Cards the deck holds (public: hand sizes and the discard pile are public)."""
    return sum(game.loot_total.values()) - sum(len(p.hand) for p in state.players) - len(state.discard)


def power_pool(game, state: BarcadiaState) -> Counter:
    """Power-Ups in the shuffled part of the deck (public: every Power-Up elsewhere is face up)."""
    pool = Counter(game.pu_total)
    for p in state.players:
        pool.subtract(p.powerups)
    for r in state.rooms:
        pool.subtract(r.powerups)
    pool.subtract(state.pu_bottom)
    return +pool


def power_deck_count(game, state: BarcadiaState) -> int:
    return sum(power_pool(game, state).values()) + len(state.pu_bottom)


# ---------------------------------------------------------------- abilities


def abilities(game, state: BarcadiaState, p: int, kind: str) -> list:
    """``(args, source)`` of every working ability of ``kind`` that player ``p`` has.

    Sources are the player's Power-Ups (not those blocked by a Power Trap) and
    their Signature Move. ``args`` are the ability's numbers from the content.
    """
    pl = state.players[p]
    out = []
    blocked = Counter(pl.power_traps)
    for pu in pl.powerups:
        if blocked[pu]:
            blocked[pu] -= 1
            continue
        card = game.content.powerups[pu]
        for ab in card.abilities:
            if ab[0] == kind:
                out.append((ab[1:], f"{card.name} (Power-Up)"))
    ch = game.content.characters[pl.character]
    for ab in ch.abilities:
        if ab[0] == kind:
            out.append((ab[1:], f"{ch.signature} (Signature Move)"))
    return out


def ability_total(game, state, p: int, kind: str) -> int:
    return sum(args[0] for args, _ in abilities(game, state, p, kind))


def max_pourtal_uses(game, state, p: int) -> int:
    return 1 + ability_total(game, state, p, "extra_pourtal")


def enter_length(game, state, p: int) -> int:
    """Rooms one Enter Revealed Rooms action may take (2, more with abilities: H3)."""
    return 2 + ability_total(game, state, p, "extra_steps")


# ---------------------------------------------------------------- rooms


def is_pourtal_for(game, state: BarcadiaState, i: int, p: int) -> bool:
    """START, a face-up Pourtal, or ``p``'s own Pocket Pourtal (H-POR, Wizard)."""
    if i == START:
        return True
    r = state.rooms[i]
    if r.pocket == p:
        return True
    return r.up and r.card is not None and game.content.rooms[r.card].type == "pourtal"


def is_hoard(game, state, i: int) -> bool:
    c = state.rooms[i].card
    return i != START and c is not None and game.content.rooms[c].type == "hoard"


def enterable(game, state: BarcadiaState, i: int, occ=None) -> bool:
    """Face up, not the Drink Hoard (unless beaten in Frenzy), and empty - START always (H3, G6)."""
    if i == START:
        return True
    r = state.rooms[i]
    if not r.up:
        return False
    if is_hoard(game, state, i) and not state.hoard_beaten:
        return False
    occ = occupied_set(state) if occ is None else occ
    return i not in occ


def occupied_set(state) -> set:
    return {pl.at for pl in state.players}


def trap_room_ok(state, i: int, occ=None) -> bool:
    """Can a trap go into room ``i``? Not START, not occupied, fewer than 3 (H-TRAP1..2, H13)."""
    if i == START:
        return False
    occ = occupied_set(state) if occ is None else occ
    return i not in occ and state.rooms[i].traps < 3


# ---------------------------------------------------------------- damage and death


def hurt(game, state: BarcadiaState, p: int, amount: int) -> BarcadiaState:
    """``p`` drinks ``amount`` HP (H9: in full, before any healing; HP stops at 0)."""
    pl = state.players[p]
    return set_player(state, p, hp=max(0, pl.hp - amount))


def heal(game, state: BarcadiaState, p: int, amount: int) -> BarcadiaState:
    pl = state.players[p]
    return set_player(state, p, hp=min(game.content.hp_full, pl.hp + amount))


def resolve_deaths(game, state: BarcadiaState, players) -> BarcadiaState:
    """Push a :class:`Death` for each of ``players`` with no HP left, in turn order from the active player (H10).

    The dying player's pending moves into a room are dropped (a trap that
    kills you stops you at the door).
    """
    dead = [p for p in clockwise(state.active, game.players) if p in players and state.players[p].hp <= 0]
    if not dead:
        return state
    stack = tuple(f for f in state.stack if not (isinstance(f, MOVEMENT) and f.who in dead))
    already = {f.who for f in stack if isinstance(f, Death)}
    frames = [Death(p, state.players[p].at) for p in dead if p not in already]
    return replace(state, stack=stack + tuple(reversed(frames)))


# ---------------------------------------------------------------- Power-Ups


def over_cap(game, state, p: int) -> bool:
    return game.cap is not None and len(state.players[p].powerups) > game.cap


def gain_powerups(game, state: BarcadiaState, p: int, pus) -> BarcadiaState:
    """``p`` takes Power-Ups; beyond the cap they must place one at once (H11)."""
    if not pus:
        return state
    pl = state.players[p]
    state = set_player(state, p, powerups=add_sorted(pl.powerups, *pus))
    if over_cap(game, state, p) and not any(isinstance(f, PlaceExtra) and f.who == p for f in state.stack[-1:]):
        state = push(state, PlaceExtra(p))
    return state


def move_in(game, state: BarcadiaState, p: int, room: int) -> BarcadiaState:
    """``p``'s cup goes into ``room`` and claims every Power-Up lying there (H11, G36)."""
    state = set_player(state, p, at=room)
    pus = state.rooms[room].powerups
    if pus:
        state = set_room(state, room, powerups=())
        state = gain_powerups(game, state, p, pus)
    return state


def release_power_trap(state, p: int, pu: str) -> BarcadiaState:
    """A Power-Up leaving ``p`` takes its Power Trap off, back to the box (H-EXP6).

    With two copies of one Power-Up, one of them trapped, the trapped copy is
    the one that leaves (our ruling: the owner gives up the blocked card).
    """
    pl = state.players[p]
    if pu in pl.power_traps:
        lst = list(pl.power_traps)
        lst.remove(pu)
        return set_player(state, p, power_traps=tuple(lst))
    return state
