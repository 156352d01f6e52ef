"""The turn machine of Heroes of Barcadia: what each pending step waits for, and what each move does.

A state's ``stack`` holds the pending steps (frames of :mod:`.state`), the
top last. :func:`run` resolves every step that needs nobody (moving in,
battle results, a window's players with an empty hand...) and stops at the
first one that waits for a decision or for chance: the state "at rest".
:func:`waiting` reads who that is; :func:`legal` lists the moves;
:func:`outcomes` lists chance's; :func:`act` plays one move and runs on.
With an empty stack during play, the active player is between moves of
their turn ("idle"): the three actions, Pourtals, duels, Loot Cards played
during their turn, abilities, and ending the turn.

The rules themselves are described in :mod:`.rules`; this module follows
them step by step and names them in comments by their ids.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from .effects import (  # noqa: F401 (battle_numbers: read as engine.battle_numbers by .explain)
    VERBS, battle_numbers, battle_totals, battle_won, card_playable, losing_side, roll_bonuses,
)
from .ops import (
    ability_total, abilities, enter_length, enterable, gain_powerups, hurt, heal, is_hoard, is_pourtal_for,
    loot_deck, max_pourtal_uses, move_in, occupied_set, over_cap, power_pool, release_power_trap,
    resolve_deaths, trap_room_ok,
)
from .state import (
    START, Battle, BarcadiaState, Build, CritGive, Death, DrawLoot, DrawPower, Duel, DuelSwap, FirstRoll,
    FrenzySteal, Guardian, HoardClaim, Move, NextTurn, Peek, PlaceExtra, PowerDisarm, Resolve, Reveal, Room,
    Steal, Traps, TurnStart, Walk, Window, add_sorted, clockwise, pop, push, remove_one, set_player, set_room,
    set_top,
)

D20 = tuple(range(1, 21))


# ================================================================ helpers


def finish(state: BarcadiaState, winners, reason: str) -> BarcadiaState:
    return replace(state, phase="over", winners=tuple(sorted(winners)), end=reason, stack=(), in_turn=False)


def frenzy_result(game, state, reason="frenzy") -> BarcadiaState:
    counts = [len(p.powerups) for p in state.players]
    best = max(counts)
    return finish(state, [p for p, c in enumerate(counts) if c == best], reason)


def all_revealed(state) -> bool:
    return all(r.up for r in state.rooms[1:])


def start_action(state) -> BarcadiaState:
    return replace(state, actions=state.actions - 1, acted=state.acted + 1, steps=0)


def end_turn(game, state) -> BarcadiaState:
    """The active player's turn is over: the between-turns window opens, then the next turn (H-TURN7..8)."""
    order = clockwise(state.active, game.players)
    return replace(state, in_turn=False, actions=0, steps=0,
                   stack=(NextTurn(), Window("between_turns", order, 0, 0)))


def end_turn_now(game, state) -> BarcadiaState:
    """The turn ends at once (H4): deaths still pending are resolved first, nothing else of the turn."""
    deaths = tuple(f for f in state.stack if isinstance(f, Death))
    state = end_turn(game, state)
    return replace(state, stack=state.stack + deaths)


def idle(state) -> bool:
    return state.phase == "play" and not state.stack


def rollers(b: Battle) -> tuple:
    return (b.hero,) if b.battle == "monster" else (b.hero, b.other)


def next_die(b: Battle) -> int:
    """Index (in :func:`rollers` order) of the die to roll next; a 0 marks a die to roll again."""
    return b.dice.index(0) if 0 in b.dice else len(b.dice)


def dice_done(b: Battle) -> bool:
    return len(b.dice) == len(rollers(b)) and 0 not in b.dice


def shielded(game, state, p: int, damage: int, context: str) -> tuple:
    """Damage after ``p``'s shields in a lost battle of kind ``context``, and the shields used."""
    used = []
    for args, src in abilities(game, state, p, "shield"):
        amount, least, ctxs = args
        if context in ctxs and damage >= least and damage > 0:
            cut = min(amount, damage)
            damage -= cut
            used.append((cut, src))
    return damage, used


# ================================================================ battle arithmetic
#
# battle_numbers, battle_totals and battle_won live in .effects, beside the bonuses they add up (a
# Redo's check needs who lost); imported above so engine.battle_totals and the rest still read.


def duel_bonus(game, state, p) -> int:
    return sum(x.amount for x in roll_bonuses(game, state, p, "duel"))


# ================================================================ room identities


def identity_outcomes(game, state) -> list:
    """The identities a face-down room not yet seen may have, with probabilities.

    Identities are drawn when a room is first seen (revealed or peeked) from
    the tiles not drawn yet. This equals the hidden seeded shuffle of H2: the
    unseen rooms hold a uniformly random arrangement of the undrawn tiles, so
    any one of them is each undrawn tile with equal chance, whatever was seen
    before. With the 2-3 player removal, the type is drawn in proportion to
    the rooms of that type still unseen in the dungeon, then the tile
    uniformly among that type's undrawn tiles: removing tiles at random and
    shuffling the rest gives exactly that.
    """
    drawn = Counter(r.card for r in state.rooms[1:] if r.card is not None)
    left_type = dict(game.dungeon_counts)
    unused: dict = {}
    for c in game.content.rooms.values():
        k = c.count - drawn[c.id]
        left_type[c.type] -= drawn[c.id]
        if k > 0:
            unused.setdefault(c.type, []).append((c.id, k))
    total = sum(v for v in left_type.values() if v > 0)
    out = []
    if total <= 0:
        return out
    for t, cards in unused.items():
        if left_type.get(t, 0) <= 0:
            continue
        n_t = sum(k for _, k in cards)
        pt = left_type[t] / total
        out += [(cid, pt * k / n_t) for cid, k in cards]
    return out


# ================================================================ what the state waits for


def waiting(game, state) -> tuple:
    """``("over",)``, ``("chance",)``, or ``("player", p)`` for a state at rest (reads, never computes)."""
    if state.phase == "over":
        return ("over",)
    f = state.top
    if f is None:
        return ("player", state.active) if state.phase == "play" else ("over",)
    k = f.kind
    if k == "build":
        return ("chance",) if game.build == "auto" else ("player", f.idx)
    if k == "window":
        return ("player", f.order[f.idx])
    if k in ("resolve", "placeextra", "critgive", "frenzysteal", "death", "place"):
        return ("player", f.who)
    if k == "battle" and f.stage == "choose":
        return ("player", f.hero)
    return ("chance",)


# ================================================================ idle: the active player's own moves


def reachable_region(game, state, p) -> set:
    """Rooms reachable from ``p``'s room through face-up rooms, ignoring cups (H14)."""
    start = state.players[p].at
    seen, todo = set(), [start]
    while todo:
        i = todo.pop()
        if i in seen:
            continue
        seen.add(i)
        for j in state.layout.neighbours(i):
            if j not in seen and state.rooms[j].up and (not is_hoard(game, state, j) or state.hoard_beaten):
                todo.append(j)
    return seen


def stranded(game, state, p) -> bool:
    """H14: fewer than 3 Power-Ups, no Pourtal or face-down room within reach, nothing to escape with."""
    pl = state.players[p]
    if len(pl.powerups) >= game.content.guardian.power_ups:
        return False
    region = reachable_region(game, state, p)
    if START in region or any(is_pourtal_for(game, state, i, p) for i in region):
        return False
    for i in region:
        if any(not state.rooms[j].up for j in state.layout.neighbours(i)):
            return False
    for c in set(pl.hand):
        card = game.content.loot.get(c)
        if card is None or any(v in ("move", "room_swap") for v, _ in card.effects):
            return False  # a hidden card (in a view) or an escape card
    if ability_total(game, state, p, "pocket_pourtal") and not pl.pocket_used:
        return False
    return True


def action_moves(game, state, p) -> list:
    """The actions open to the active player now (reveal, enter, claim, home), if an action is left."""
    if state.actions <= 0:
        return []
    pl = state.players[p]
    at = pl.at
    occ = occupied_set(state)
    out = []
    for j in state.layout.neighbours(at):
        r = state.rooms[j]
        if not r.up:
            out.append(Move(p, "reveal", (j,)))
        elif enterable(game, state, j, occ):
            out.append(Move(p, "enter", (j,)))
        elif (is_hoard(game, state, j) and not state.hoard_beaten
              and len(pl.powerups) >= game.content.guardian.power_ups):
            out.append(Move(p, "claim", ()))
    if stranded(game, state, p):
        out.append(Move(p, "home", ()))
    return out


def idle_moves(game, state) -> list:
    p = state.active
    pl = state.players[p]
    at = pl.at
    occ = occupied_set(state)
    out = []
    can_port = is_pourtal_for(game, state, at, p) and state.ported < max_pourtal_uses(game, state, p)
    # duels: before the first action, once a turn (H-DUEL2, H-DUEL7); through a Pourtal (H-DUEL8)
    if state.acted == 0 and not state.dueled:
        adjacent = set(state.layout.neighbours(at))
        for q, other in enumerate(state.players):
            if q == p or other.at == START or other.at == at:
                continue
            if other.at in adjacent:
                out.append(Move(p, "duel", (other.at, 0)))
            elif can_port and is_pourtal_for(game, state, other.at, p):
                out.append(Move(p, "duel", (other.at, 1)))
    # Pourtals (H-POR2..5)
    if can_port:
        for i in range(len(state.rooms)):
            if i != at and is_pourtal_for(game, state, i, p) and (i == START or i not in occ):
                out.append(Move(p, "teleport", (i,)))
    # the rest of an Enter Revealed Rooms action (H3)
    acts = action_moves(game, state, p)
    if state.steps > 0:
        cont = [Move(p, "enter", (j,)) for j in state.layout.neighbours(at) if enterable(game, state, j, occ)]
        seen = set(cont)
        out += cont + [m for m in acts if m not in seen]
    else:
        out += acts
    # Loot Cards played during your turn (H12)
    for c in sorted(set(pl.hand)):
        card = game.content.loot.get(c)
        if card is not None and card.window == "your_turn" and card_playable(game, state, p, card):
            out.append(Move(p, "play", (c,)))
    # abilities
    if not state.scouted and ability_total(game, state, p, "scout"):
        for j in state.layout.neighbours(at):
            r = state.rooms[j]
            if not r.up and not r.public and p not in r.seen:
                out.append(Move(p, "scout", (j,)))
    if game.power_traps:
        for pu in sorted(set(pl.power_traps)):
            if pu not in state.disarmed:
                out.append(Move(p, "disarm", (pu,)))
    if (ability_total(game, state, p, "pocket_pourtal") and not pl.pocket_used and at != START
            and state.rooms[at].up and not is_hoard(game, state, at)):
        out.append(Move(p, "mark", ()))
    out += rig_moves(game, state, p, occ)
    # ending the turn: once an action was taken, or when none is possible (H4)
    if state.acted >= 1 or not acts:
        out.append(Move(p, "end", ()))
    return out


def rig_moves(game, state, p, occ=None) -> list:
    pl = state.players[p]
    if pl.pouch <= 0:
        return []
    occ = occupied_set(state) if occ is None else occ
    return [Move(p, "rig", (i,)) for i in range(1, len(state.rooms)) if trap_room_ok(state, i, occ)]


def window_options(game, state, w: Window, p: int) -> list:
    """What ``p`` may do with priority in window ``w`` (besides passing)."""
    pl = state.players[p]
    out = []
    for c in sorted(set(pl.hand)):
        card = game.content.loot.get(c)
        if card is not None and card.window == w.window and card_playable(game, state, p, card):
            out.append(Move(p, "play", (c,)))
    return out + public_options(game, state, w, p)


def public_options(game, state, w: Window, p: int) -> list:
    """``p``'s moves in window ``w`` that come from public facts (Power-Ups, the trap pouch), not from the hand."""
    out = []
    if w.window == "after_loss":
        b = state.stack[-2] if len(state.stack) >= 2 else None
        if (isinstance(b, Battle) and b.battle in ("monster", "team") and p in rollers(b) and p not in state.rerolled
                and ability_total(game, state, p, "second_try")):
            out.append(Move(p, "reroll", ()))
    elif w.window == "between_turns":
        out += rig_moves(game, state, p)
    return out


def asked(game, state, w: Window, p: int) -> bool:
    """Is ``p`` asked when priority reaches them in window ``w``? (ruling H19)

    Only public facts count: a hand that holds at least one Loot Card
    (hand sizes are public, H16), whatever the cards are, or a move that
    comes from a Power-Up or the trap pouch. So who is asked, and in what
    order, is the same in every player's view and says nothing about a hand.
    """
    return bool(state.players[p].hand) or bool(public_options(game, state, w, p))


# ================================================================ legal moves and chance


def legal(game, state, player=None) -> list:
    """Every legal move of ``player`` (None: of whoever is waited for) in a state at rest."""
    w = waiting(game, state)
    if w[0] == "over":
        return []
    if w[0] == "chance":
        return [m for m, _ in outcomes(game, state)]
    p = w[1]
    if player is not None and player != p:
        return []
    f = state.top
    if f is None:
        return idle_moves(game, state)
    k = f.kind
    if k == "build":
        return [Move(p, "build", h) for h in state.layout.frontier()]
    if k == "window":
        return window_options(game, state, f, p) + [Move(p, "pass", ())]
    if k == "resolve":
        card = game.content.loot[f.card]
        verb, amount = card.effects[f.index]
        opts = VERBS[verb].next_pick(game, state, f.who, amount, f.picks) or []
        return [Move(p, "pick", o) for o in opts]
    if k == "battle":  # choose the teammate / Boss-player (H-TEAM1, H-BOSS1)
        return [Move(p, "choose", (q,)) for q in range(game.players) if q != p]
    if k == "death":
        pl = state.players[p]
        if f.stage == "drop":
            return [Move(p, "drop", (x,)) for x in sorted(set(pl.powerups))]
        return [Move(p, "keep", (x,)) for x in sorted(set(pl.hand))]
    if k == "place":
        pl = state.players[p]
        occ = occupied_set(state)
        rooms = [i for i in range(1, len(state.rooms))
                 if i not in occ and not (is_hoard(game, state, i) and state.rooms[i].up)]
        return [Move(p, "place", (x, i)) for x in sorted(set(pl.powerups)) for i in rooms]
    if k == "critgive":
        pl = state.players[p]
        return [Move(p, "give", (c, q)) for c in sorted(set(pl.hand)) for q in range(game.players) if q != p]
    if k == "frenzysteal":
        out = [Move(p, "take", (q, x)) for q, other in enumerate(state.players) if q != p
               for x in sorted(set(other.powerups))]
        return out + [Move(p, "take", ())]
    return []  # pragma: no cover


def roller_of(game, state) -> int | None:
    """Whose d20 chance rolls next, if a roll is awaited."""
    f = state.top
    k = f.kind if f else None
    if k == "battle" and f.stage == "roll":
        return rollers(f)[next_die(f)]
    if k == "guardian":
        return f.who
    if k == "duel":
        return (f.attacker, f.defender)[len(f.dice)]
    if k in ("traps", "powerdisarm"):
        return f.who
    if k == "first":
        return f.contenders[len(f.rolls)]
    return None


def roll_waits_for(state) -> tuple:
    """The players a battle's die waits for (ruling P24): the hero, and the teammate or Boss-player.

    Only the first die of an attempt, once the card window has closed: a
    team's second die, a Lucky Bottle Cap's reroll, traps, duels and the
    Guardian roll at once; a Boss battle's tie (dice rolled again) waits again.
    """
    f = state.top
    if state.phase != "play" or not isinstance(f, Battle) or f.stage != "roll" or f.dice:
        return ()
    return (f.hero,) if f.other < 0 else (f.hero, f.other)


def outcomes(game, state) -> list:
    """Chance's possible moves now with their probabilities (empty in a view where they are hidden)."""
    f = state.top
    if state.phase == "over" or f is None:
        return []
    k = f.kind
    r = roller_of(game, state)
    if r is not None:
        return [(Move(None, "roll", (r, v)), 1 / 20) for v in D20]
    if state.masked and k in ("draw", "steal", "reveal", "peek", "power"):
        return []
    if k == "build":
        hexes = state.layout.frontier()
        return [(Move(None, "build", h), 1 / len(hexes)) for h in hexes]
    if k == "draw":
        deck = loot_deck(game, state)
        n = sum(deck.values())
        return [(Move(None, "draw", (f.who, c)), k_ / n) for c, k_ in sorted(deck.items())]
    if k == "power":
        pool = power_pool(game, state)
        n = sum(pool.values())
        if n:
            return [(Move(None, "power", (f.who, c)), k_ / n) for c, k_ in sorted(pool.items())]
        return [(Move(None, "power", (f.who, state.pu_bottom[0])), 1.0)]
    if k == "reveal":
        return [(Move(None, "room", (f.room, c)), pr) for c, pr in identity_outcomes(game, state)]
    if k == "peek":
        return [(Move(None, "peek", (f.who, f.room, c)), pr) for c, pr in identity_outcomes(game, state)]
    if k == "steal":
        hand = Counter(state.players[f.victim].hand)
        n = sum(hand.values())
        return [(Move(None, "steal", (f.thief, f.victim, c)), k_ / n) for c, k_ in sorted(hand.items())]
    return []


# ================================================================ running the automatic steps


def run(game, state) -> BarcadiaState:
    """Resolve every step that needs nobody; return the state at rest."""
    for _ in range(10_000):
        if state.phase == "over":
            return state
        f = state.top
        if f is None:
            if state.phase != "play":
                return state
            if game.frenzy and all_revealed(state):
                return frenzy_result(game, state)
            moves = idle_moves(game, state)
            if len(moves) == 1 and moves[0].verb == "end":
                state = end_turn(game, state)  # the only thing left to do (auto end)
                continue
            return state
        nxt = STEP[f.kind](game, state, f)
        if nxt is None:
            return state
        state = nxt
    raise RuntimeError("barcadia: the turn machine did not come to rest")  # pragma: no cover


def _step_build(game, state, f: Build):
    if sum(f.left) == 0:
        return pop(state)
    if f.left[f.idx] == 0:
        return set_top(state, replace(f, idx=(f.idx + 1) % len(f.left)))
    return None


def _step_draw(game, state, f: DrawLoot):
    if f.n <= 0:
        return pop(state)
    if state.masked:
        return None
    if not loot_deck(game, state):
        if state.discard:  # H-LOOT5: shuffle the discards into a new deck
            return replace(state, discard=())
        return pop(state)  # nothing left to draw (G38)
    return None


def _step_power(game, state, f: DrawPower):
    if f.n <= 0:
        return pop(state)
    if not power_pool(game, state) and not state.pu_bottom:
        if game.frenzy:  # H-EXP11: steal instead
            return set_top(state, FrenzySteal(f.who, f.n))
        return pop(state)  # G38: the reward is lost
    return None


def _step_first(game, state, f: FirstRoll):
    if len(f.rolls) < len(f.contenders):
        return None
    best = max(f.rolls)
    tied = tuple(p for p, v in zip(f.contenders, f.rolls) if v == best)
    if len(tied) > 1:  # G50: ties reroll among themselves
        return set_top(state, FirstRoll(tied, ()))
    state = replace(pop(state), phase="play", active=tied[0], turn=1)
    return push(state, TurnStart(tied[0]))


def _step_turnstart(game, state, f: TurnStart):
    p = f.who
    state = replace(pop(state), in_turn=True, actions=1, acted=0, steps=0, dueled=False, ported=0, scouted=False,
                    rerolled=(), disarmed=())
    refresh = ability_total(game, state, p, "refresh")
    if refresh:
        state = heal(game, state, p, refresh)
    for args, _ in abilities(game, state, p, "arcane_draw"):
        if len(state.players[p].hand) < args[0]:
            state = push(state, DrawLoot(p, 1))
            break
    return state


def _step_nextturn(game, state, f):
    state = pop(state)
    if game.frenzy and all_revealed(state):
        return frenzy_result(game, state)
    if game.turn_limit and state.turn >= game.turn_limit:
        return frenzy_result(game, state, "turn limit")
    nxt = (state.active + 1) % game.players
    return push(replace(state, active=nxt, turn=state.turn + 1), TurnStart(nxt))


def _step_window(game, state, f: Window):
    if f.passes >= len(f.order):
        return pop(state)
    p = f.order[f.idx]
    if not asked(game, state, f, p):  # an empty hand (public) is passed over (ruling H19)
        return set_top(state, replace(f, idx=(f.idx + 1) % len(f.order), passes=f.passes + 1))
    return None


def _step_resolve(game, state, f: Resolve):
    card = game.content.loot[f.card]
    if f.index >= len(card.effects):
        return pop(state)
    verb, amount = card.effects[f.index]
    spec = VERBS[verb]
    opts = spec.next_pick(game, state, f.who, amount, f.picks)
    if opts is None:
        state = set_top(state, replace(f, index=f.index + 1, picks=()))
        return spec.apply(game, state, f.who, amount, f.picks, f.card)
    if not opts:  # no target left: this effect does nothing
        return set_top(state, replace(f, index=f.index + 1, picks=()))
    if len(opts) == 1:  # a forced pick is made at once
        return set_top(state, replace(f, picks=f.picks + (opts[0],)))
    return None


def _step_battle(game, state, f: Battle):
    if f.stage == "choose":
        others = [q for q in range(game.players) if q != f.hero]
        if len(others) == 1:
            return set_top(state, replace(f, other=others[0], stage="cards"))
        return None
    if f.stage == "cards":  # H6: the battle window opens before the roll
        state = set_top(state, replace(f, stage="roll"))
        return push(state, Window("battle", clockwise(state.active, game.players), 0, 0))
    if f.stage == "roll":
        if not dice_done(f):
            return None
        if f.battle == "boss":
            hb, ob = battle_totals(game, state, f)
            if f.dice[0] + hb == f.dice[1] + ob:  # H5: ties reroll with the same modifiers
                return set_top(state, replace(f, dice=()))
        return set_top(state, replace(f, stage="result"))
    if f.stage == "result":
        losers = losing_side(game, state, f)
        if not losers:
            return set_top(state, replace(f, stage="finish"))
        order = tuple(p for p in clockwise(state.active, game.players) if p in losers)
        state = set_top(state, replace(f, stage="after"))
        return push(state, Window("after_loss", order, 0, 0))
    if f.stage == "after":
        return set_top(state, replace(f, stage="finish"))
    return finish_battle(game, pop(state), f)


def finish_battle(game, state, b: Battle):
    """H6: damage, face up or down, entry and rewards, once the Redo window has closed."""
    won = battle_won(game, state, b)
    card = game.content.rooms[state.rooms[b.room].card]
    hurt_players = []
    if b.battle == "boss":
        winners = (b.hero,) if won else (b.other,)
        losers = (b.other,) if won else (b.hero,)
    else:
        winners = rollers(b) if won else ()
        losers = () if won else rollers(b)
    for p in losers:
        dmg, _ = shielded(game, state, p, card.damage, b.battle)
        if dmg:
            state = hurt(game, state, p, dmg)
            hurt_players.append(p)
    rewarded = (b.hero,) if b.battle != "team" else rollers(b)
    if won:
        state = set_room(state, b.room, up=True, public=True)
        for p in reversed(rewarded):
            if card.power:
                state = push(state, DrawPower(p, card.power))
        for p in reversed(winners):
            extra = ability_total(game, state, p, "loot_on_win")
            n = (card.loot if p in rewarded else 0) + extra
            if n:
                state = push(state, DrawLoot(p, n))
        state = move_in(game, state, b.hero, b.room)
    else:
        state = set_room(state, b.room, up=False, public=True)  # H15: face down, identity public
        for p in winners:  # a Boss-player who wins the battle
            extra = ability_total(game, state, p, "loot_on_win")
            if extra:
                state = push(state, DrawLoot(p, extra))
    return resolve_deaths(game, state, hurt_players)


def _step_guardian(game, state, f: Guardian):
    if not f.dice:
        return None
    g = game.content.guardian
    state = pop(state)
    if f.dice[0] >= g.level:  # H8: a plain d20, nothing added
        if not game.frenzy:
            state = set_player(state, f.who, at=f.room)
            return finish(state, [f.who], "guardian")
        state = replace(state, hoard_beaten=True)  # H-EXP9: two Power-Ups instead of the win
        state = push(state, DrawPower(f.who, 2))
        return move_in(game, state, f.who, f.room)
    state = hurt(game, state, f.who, g.damage)
    return resolve_deaths(game, state, (f.who,))


def _step_duel(game, state, f: Duel):
    if len(f.dice) < 2:
        return None
    a = f.dice[0] + duel_bonus(game, state, f.attacker)
    d = f.dice[1] + duel_bonus(game, state, f.defender)
    if a == d:  # H-DUEL3: reroll
        return set_top(state, replace(f, dice=()))
    state = pop(state)
    won = a > d
    loser = f.defender if won else f.attacker
    state = hurt(game, state, loser, game.content.duel_damage)
    if won:  # H10: damage (and death) first, then the swap
        state = push(state, DuelSwap(f.attacker, f.defender, f.room, state.players[f.attacker].at))
        if ability_total(game, state, f.attacker, "sticky_fingers"):
            state = push(state, Steal(f.attacker, f.defender))
    return resolve_deaths(game, state, (loser,))


def _step_duelswap(game, state, f: DuelSwap):
    state = pop(state)
    if state.players[f.defender].at == f.room:
        state = set_player(state, f.defender, at=f.origin)
        return set_player(state, f.attacker, at=f.room)
    return move_in(game, state, f.attacker, f.room)  # the defender died: the room is empty (G33)


def _step_traps(game, state, f: Traps):
    if state.rooms[f.room].traps <= 0:
        return pop(state)
    return None


def _step_walk(game, state, f: Walk):
    if f.stage == "traps":
        state = set_top(state, replace(f, stage="in"))
        if state.rooms[f.room].traps > 0:  # G11: traps first, then in
            return push(state, Traps(f.who, f.room))
        return state
    return move_in(game, pop(state), f.who, f.room)


def _step_reveal(game, state, f: Reveal):
    if f.stage == "traps":
        state = set_top(state, replace(f, stage="identify"))
        if state.rooms[f.room].traps > 0:  # H13: each trap is rolled for before the reveal
            return push(state, Traps(f.who, f.room))
        return state
    if f.stage == "identify":
        if state.rooms[f.room].card is None:
            return None  # chance draws the identity
        return set_top(state, replace(f, stage="dispatch"))
    state = pop(state)
    room = state.rooms[f.room]
    card = game.content.rooms[room.card]
    state = set_room(state, f.room, up=True, public=True)
    t = card.type
    if t == "monster":
        return push(state, Battle("monster", f.room, f.who, -1, "cards"))
    if t in ("team", "boss"):
        return push(state, Battle(t, f.room, f.who, -1, "choose"))
    if t == "reward":  # H-REW1
        if card.power:
            state = push(state, DrawPower(f.who, card.power))
        if card.loot:
            state = push(state, DrawLoot(f.who, card.loot))
        return move_in(game, state, f.who, f.room)
    if t == "pourtal":  # H-POR1
        return move_in(game, state, f.who, f.room)
    # the Drink Hoard (H-HOARD1, H4)
    if len(state.players[f.who].powerups) >= game.content.guardian.power_ups:
        return push(state, Guardian(f.who, f.room))
    return end_turn_now(game, state)


def _step_claim(game, state, f: HoardClaim):
    if f.stage == "traps":
        state = set_top(state, replace(f, stage="fight"))
        if state.rooms[f.room].traps > 0:  # H8: traps on the Hoard still resolve first
            return push(state, Traps(f.who, f.room))
        return state
    return push(pop(state), Guardian(f.who, f.room))


def _step_peek(game, state, f: Peek):
    room = state.rooms[f.room]
    if room.card is None:
        return None  # chance draws what the peek shows
    state = pop(state)
    return set_room(state, f.room, seen=tuple(sorted(set(room.seen) | {f.who})))


def _step_steal(game, state, f: Steal):
    if not state.players[f.victim].hand:
        return pop(state)
    return None


def _step_death(game, state, f: Death):
    pl = state.players[f.who]
    if f.stage == "drop":
        kinds = sorted(set(pl.powerups))
        if len(kinds) > 1:
            return None
        if kinds:
            state = drop_powerup(game, state, f, kinds[0])
        return set_top(state, replace(f, stage="keep"))
    if f.stage == "keep":
        kinds = sorted(set(pl.hand))
        if len(kinds) > 1:
            return None
        return set_top(keep_card(state, f.who, kinds[0] if kinds else None), replace(f, stage="home"))
    # H-DEATH5: back to START with FULL HP
    state = set_player(pop(state), f.who, at=START, hp=game.content.hp_full)
    if f.who == state.active and state.in_turn:  # G34: the active player's turn ends
        return end_turn_now(game, state)
    return state


def drop_powerup(game, state, f: Death, pu: str):
    """H-DEATH3: the Power-Up stays in the room of the death; on START it goes under the deck."""
    pl = state.players[f.who]
    state = release_power_trap(state, f.who, pu)
    state = set_player(state, f.who, powerups=remove_one(pl.powerups, pu))
    if f.room == START:
        return replace(state, pu_bottom=state.pu_bottom + (pu,))
    return set_room(state, f.room, powerups=add_sorted(state.rooms[f.room].powerups, pu))


def keep_card(state, p: int, card):
    """H-DEATH4: all Loot Cards but ``card`` go to the discard pile."""
    hand = state.players[p].hand
    kept = (card,) if card is not None else ()
    rest = remove_one(hand, card) if card is not None else hand
    state = set_player(state, p, hand=kept)
    return replace(state, discard=add_sorted(state.discard, *rest))


def _step_place(game, state, f: PlaceExtra):
    if not over_cap(game, state, f.who):
        return pop(state)
    return None


def _step_critgive(game, state, f: CritGive):
    if not state.players[f.who].hand:
        return pop(state)
    return None


def _step_powerdisarm(game, state, f):
    return None


def _step_frenzysteal(game, state, f: FrenzySteal):
    if f.n <= 0 or not any(pl.powerups for q, pl in enumerate(state.players) if q != f.who):
        return pop(state)
    return None


STEP = {
    "build": _step_build, "draw": _step_draw, "power": _step_power, "first": _step_first,
    "turnstart": _step_turnstart, "nextturn": _step_nextturn, "window": _step_window, "resolve": _step_resolve,
    "battle": _step_battle, "guardian": _step_guardian, "duel": _step_duel, "duelswap": _step_duelswap,
    "traps": _step_traps, "walk": _step_walk, "reveal": _step_reveal, "claim": _step_claim, "peek": _step_peek,
    "steal": _step_steal, "death": _step_death, "place": _step_place, "critgive": _step_critgive,
    "powerdisarm": _step_powerdisarm, "frenzysteal": _step_frenzysteal,
}


# ================================================================ playing a move


def crit(game, state, p: int, v: int):
    """Crit variant (H17): a 1 gives a Loot Card away, a 20 draws one (never changes a result)."""
    if not game.crits:
        return state
    if v == 1:
        return push(state, CritGive(p))
    if v == 20:
        return push(state, DrawLoot(p, 1))
    return state


def act(game, state, m: Move) -> BarcadiaState:
    """Play a legal move ``m`` on a state at rest and run on to the next rest."""
    return run(game, _act(game, state, m))


def _act(game, state, m: Move):
    f = state.top
    if m.player is None:
        return _chance(game, state, f, m)
    p, v, a = m.player, m.verb, m.args
    if f is None:
        return _idle_act(game, state, m)
    k = f.kind
    if k == "build":
        left = list(f.left)
        left[f.idx] -= 1
        state = replace(state, layout=state.layout.add(a), rooms=state.rooms + (Room(),))
        return set_top(state, Build(tuple(left), (f.idx + 1) % len(left)))
    if k == "window":
        if v == "pass":
            return set_top(state, replace(f, idx=(f.idx + 1) % len(f.order), passes=f.passes + 1))
        state = set_top(state, replace(f, passes=0))
        if v == "reroll":  # Lucky Bottle Cap: roll own die again, card effects stay
            b = state.stack[-2]
            i = rollers(b).index(p)
            nb = replace(b, dice=b.dice[:i] + (0,) + b.dice[i + 1:], stage="roll")
            return replace(state, stack=state.stack[:-2] + (nb,), rerolled=state.rerolled + (p,))
        if v == "rig":
            return _rig(state, p, a[0])
        return _play(game, state, p, a[0])
    if k == "resolve":
        return set_top(state, replace(f, picks=f.picks + (a,)))
    if k == "battle":
        return set_top(state, replace(f, other=a[0], stage="cards"))
    if k == "death":
        if v == "drop":
            return set_top(drop_powerup(game, state, f, a[0]), replace(f, stage="keep"))
        return set_top(keep_card(state, p, a[0]), replace(f, stage="home"))
    if k == "place":
        pl = state.players[p]
        state = release_power_trap(state, p, a[0])
        state = set_player(state, p, powerups=remove_one(pl.powerups, a[0]))
        return set_room(state, a[1], powerups=add_sorted(state.rooms[a[1]].powerups, a[0]))
    if k == "critgive":
        pl, other = state.players[p], state.players[a[1]]
        state = set_player(state, p, hand=remove_one(pl.hand, a[0]))
        return pop(set_player(state, a[1], hand=add_sorted(other.hand, a[0])))
    if k == "frenzysteal":
        if not a:
            return pop(state)
        q, pu = a
        state = release_power_trap(state, q, pu)
        state = set_player(state, q, powerups=remove_one(state.players[q].powerups, pu))
        state = set_top(state, replace(f, n=f.n - 1))
        return gain_powerups(game, state, p, (pu,))
    raise AssertionError(f"no handler for {m} at {k}")  # pragma: no cover


def _rig(state, p, room):
    pl = state.players[p]
    state = set_player(state, p, pouch=pl.pouch - 1)
    return set_room(state, room, traps=state.rooms[room].traps + 1)


def _play(game, state, p, cid):
    pl = state.players[p]
    state = set_player(state, p, hand=remove_one(pl.hand, cid))
    state = replace(state, discard=add_sorted(state.discard, cid))  # H-LOOT3
    return push(state, Resolve(p, cid))


def _idle_act(game, state, m: Move):
    p, v, a = m.player, m.verb, m.args
    if v == "end":
        return end_turn(game, state)
    if v == "reveal":
        return push(start_action(state), Reveal(p, a[0]))
    if v == "enter":
        if state.steps > 0:
            state = replace(state, steps=state.steps - 1)
        else:
            state = replace(start_action(state), steps=enter_length(game, state, p) - 1)
        return push(state, Walk(p, a[0]))
    if v == "claim":
        hoard = next(j for j in state.layout.neighbours(state.players[p].at) if is_hoard(game, state, j))
        return push(start_action(state), HoardClaim(p, hoard))
    if v == "home":
        return set_player(start_action(state), p, at=START)
    if v == "teleport":
        return push(replace(state, ported=state.ported + 1), Walk(p, a[0]))
    if v == "duel":
        room, via = a
        q = next(q for q, pl in enumerate(state.players) if pl.at == room)
        state = replace(state, dueled=True, ported=state.ported + (1 if via else 0))
        return push(state, Duel(p, q, room))
    if v == "play":
        return _play(game, state, p, a[0])
    if v == "scout":
        return push(replace(state, scouted=True), Peek(p, a[0]))
    if v == "disarm":
        return push(replace(state, disarmed=state.disarmed + (a[0],)), PowerDisarm(p, a[0]))
    if v == "mark":
        at = state.players[p].at
        state = set_player(state, p, pocket_used=True)
        return set_room(state, at, pocket=p)
    if v == "rig":
        return _rig(state, p, a[0])
    raise AssertionError(m)  # pragma: no cover


def _chance(game, state, f, m: Move):
    v, a = m.verb, m.args
    k = f.kind
    if v == "roll":
        p, x = a
        if k == "first":
            return set_top(state, replace(f, rolls=f.rolls + (x,)))
        if k == "battle":
            i = next_die(f)
            state = set_top(state, replace(f, dice=f.dice[:i] + (x,) + f.dice[i + 1:]))
            return crit(game, state, p, x)
        if k == "guardian":
            return crit(game, set_top(state, replace(f, dice=(x,))), p, x)
        if k == "duel":
            return crit(game, set_top(state, replace(f, dice=f.dice + (x,))), p, x)
        if k == "traps":
            return crit(game, _trap_roll(game, state, f, x), p, x)
        if k == "powerdisarm":
            return crit(game, _power_disarm(game, pop(state), f, x), p, x)
    if v == "build":
        return _act(game, state, Move(f.idx, "build", a)) if k == "build" else state
    if v == "draw":
        p, c = a
        pl = state.players[p]
        state = set_player(state, p, hand=add_sorted(pl.hand, c))
        return set_top(state, replace(f, n=f.n - 1)) if f.n > 1 else pop(state)
    if v == "power":
        p, c = a
        if not power_pool(game, state):
            state = replace(state, pu_bottom=state.pu_bottom[1:])
        state = set_top(state, replace(f, n=f.n - 1)) if f.n > 1 else pop(state)
        return gain_powerups(game, state, p, (c,))
    if v == "room":
        return set_top(set_room(state, f.room, card=a[1]), replace(f, stage="dispatch"))
    if v == "peek":
        p, room, c = a
        state = pop(state)
        return set_room(state, room, card=c, seen=tuple(sorted(set(state.rooms[room].seen) | {p})))
    if v == "steal":
        thief, victim, c = a
        state = set_player(state, victim, hand=remove_one(state.players[victim].hand, c))
        state = set_player(state, thief, hand=add_sorted(state.players[thief].hand, c))
        return pop(state)
    raise AssertionError(m)  # pragma: no cover


def disarm_bonus(game, state, p, context="disarm") -> int:
    return sum(b.amount for b in roll_bonuses(game, state, p, context))


def _trap_roll(game, state, f: Traps, x: int):
    """H13: 10+ (with disarm bonuses) disarms; a failure costs 10 HP. Either way the trap is gone."""
    p = f.who
    ok = x + disarm_bonus(game, state, p) >= game.content.disarm
    state = set_room(state, f.room, traps=state.rooms[f.room].traps - 1)
    if ok:
        pouch = ability_total(game, state, p, "trap_pouch")
        if pouch and state.players[p].pouch < pouch:  # Rogue: the disarmed trap goes to the pouch
            state = set_player(state, p, pouch=state.players[p].pouch + 1)
        return state
    state = hurt(game, state, p, game.content.trap_damage)
    return resolve_deaths(game, state, (p,))


def _power_disarm(game, state, f: PowerDisarm, x: int):
    p = f.who
    if x + disarm_bonus(game, state, p, "power_disarm") < game.content.disarm:
        return state  # H-EXP5: it stays; try again next turn
    state = release_power_trap(state, p, f.pu)
    pouch = ability_total(game, state, p, "trap_pouch")
    if pouch and state.players[p].pouch < pouch:
        state = set_player(state, p, pouch=state.players[p].pouch + 1)
    return state
