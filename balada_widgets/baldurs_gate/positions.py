"""A position described in a few lines, made whole and valid: the houses, the pieces (``"P26 inn 0"``), the open
and banned parcels, the attacks so far; everything else is filled in consistently (the HQs, the tokens on the
attack tracks, the bag, the attacks' contributions, the decks) and the engine's own check
(:meth:`~.rules.BaldursGateGame.validate`) must find nothing wrong. The tutorial's positions
(``lessons/material.yaml``) and the tests' are made this way.

>>> from balada_widgets.baldurs_gate import BaldursGateGame
>>> g = BaldursGateGame(players=3)
>>> s = position(g, pieces=["P26 inn 0", "F-EAS-c keep 2"], avail=(7, 25), houses=[{"hq": "EAS", "gold": 5}])
>>> s.players[0].gold, s.pieces[g.city.index["P26"]].kind, len(s.tracks[g.district_index["EAS"]]), g.validate(s)
(5, 'inn', 2, [])
"""

from __future__ import annotations

import random

from ..core.errors import InvalidInput
from .rules import BaldursGateGame
from .state import Attack, BaldursGateState, DealHQ, Done, DrawToken, EndTurn, Gain, Income, Piece, Player, Token, Turn

__all__ = ["income_turn", "late_position", "played", "position", "seeded_chance", "setup_played"]

BUILDINGS = ("inn", "hall", "market", "temple")


def _piece(text: str) -> tuple:
    """``"P31 temple 0 - damaged"`` -> ``("P31", "temple", 0, "", True)``."""
    node, kind, owner, *rest = text.split()
    card = rest[0] if rest and rest[0] != "-" else ""
    return node, kind, int(owner), card, len(rest) > 1


def position(game: BaldursGateGame, *, pieces=(), avail=(), banned=(), hidden=None, houses=(), attacks=(),
             active: int = 0, draw: bool = False, offer=None, end_by=None, final_left=None, over: bool = False,
             check: bool = True, tasks=None, players=None) -> BaldursGateState:
    """A whole, valid position built from what a step needs (see the material file's head for the fields;
    ``players`` ``{house: {...}}`` says the houses too, ``pieces`` may be tuples ``(spot, kind, house)``).

    Every built, available or banned parcel's token lies on its district's attack track, in number order;
    each attack's contributions come from the fortifications on the board (its result must fit them); a
    house without given agendas holds three, a house but you without a given hand two building cards.
    """
    city, content, n = game.city, game.content, game.players
    houses = [dict(h) for h in (houses or [(players or {}).get(p, {}) for p in range(n)])]
    houses += [{} for _ in range(n - len(houses))]
    pieces = [_piece(p) if isinstance(p, str) else tuple(p) + ("", False)[len(p) - 3:] for p in pieces]
    board: list = [None] * len(city.nodes)
    used = {c for h in houses for c in (*h.get("hand", ()), *h.get("portfolio", ()))} | set(offer or ())
    used |= {p[3] for p in pieces if p[3]}
    gates_left = [g.id for g in content.gates if g.id not in used]
    portfolios = {p: list(houses[p].get("portfolio", ())) for p in range(n)}
    for node, kind, owner, card, damaged in pieces:
        if kind in BUILDINGS and not card:
            card = next(b for b in sorted(content.buildings) if content.buildings[b].type == kind and b not in used)
        if kind == "gate" and not card:
            card = gates_left.pop(0)
        if card:
            used.add(card)
            portfolios[owner] += [] if card in portfolios[owner] else [card]
        board[city.index[node]] = Piece(kind, owner, damaged, card)
    free = [d for d in city.districts if d not in {h.get("hq") for h in houses}]
    hqs = {p: houses[p].get("hq") or free.pop(0) for p in range(n)}
    for p, d in hqs.items():
        board[city.hq_spot[d]] = Piece("hq", p)
    drawn = set(avail) | set(banned)
    drawn |= {city.parcel_number[i] for i, pc in enumerate(board) if pc is not None and city.kind[i] == "parcel"}
    tracks = {d: [] for d in city.districts}
    for x in sorted(drawn):
        tracks[city.district_of_parcel(x)].append(x)
    bag = tuple(sorted(set(city.parcels) - drawn - ({hidden} if hidden else set())))
    log, damage = [], []
    for k, (d, result) in enumerate(attacks):
        strength, contrib = content.strength_track[k], [0] * n
        for i in city.forts_of[d]:
            if board[i] is not None:
                contrib[board[i].owner] += content.defence.get(board[i].kind, 0)
        held, top = result == "held", max(contrib)
        if held != (sum(contrib) >= strength):
            raise InvalidInput(f"the tutorial's attack on {d} ({result}) does not fit its defence {sum(contrib)} "
                               f"against strength {strength}")
        rewards = tuple(strength * (2 if v == top and contrib.count(top) == 1 else 1) if held and v else 0
                        for v in contrib)
        hit = tuple(city.parcel_number[i] for i in sorted(city.parcel_index[x] for x in city.parcels_of[d])
                    if board[i] is not None and board[i].damaged)
        log.append(Attack(d, strength, sum(contrib), held, False, tuple(contrib), rewards, hit))
        damage += [] if held else [d]
    hands = {c for h in houses for c in h.get("hand", ())}
    spare = [b for b in sorted(content.buildings) if b not in used and b not in hands]
    offer = tuple(offer) if offer is not None else tuple(spare[:4])
    deck = [b for b in spare if b not in offer]
    agendas = [a for a in sorted(content.agendas) if a not in {x for h in houses for x in h.get("agendas", ())}]
    players = []
    for p, h in enumerate(houses):
        if "agendas" not in h:
            h["agendas"], agendas = agendas[:3], agendas[3:]
        if p and "hand" not in h:
            h["hand"], deck = deck[:2], deck[2:]
        prestige = h.get("prestige", 0)
        gains = tuple(Gain(*x) for x in h["gains"]) if "gains" in h else \
            ((Gain("OV1", prestige, "other"),) if prestige else ())
        players.append(Player(
            gold=h.get("gold", 6), supply=h.get("supply", 1), favor=h.get("favor", 1), prestige=prestige,
            influence=tuple(h.get("influence", (0, 0, 0))), hand=tuple(h.get("hand", ())),
            agendas=tuple(h["agendas"]), hq=f"hq-{hqs[p]}", portfolio=tuple(portfolios[p]),
            worker=h.get("worker", ""), used=tuple(h.get("used", ())), gains=gains))
    if tasks is None:
        tasks = () if over else ((DrawToken("build"), EndTurn(active)) if draw else (Turn(active), EndTurn(active)))
    state = BaldursGateState(
        players=tuple(players), pieces=tuple(board), avail=tuple(sorted(avail)), banned=tuple(sorted(banned)),
        bag=bag, tracks=tuple(tuple(tracks[d]) for d in city.districts), hidden=hidden, revealed=False,
        strength=min(len(log), len(content.strength_track) - 1), damage=tuple(damage), attacks=tuple(log),
        deck=tuple(deck), offer=offer, agenda_deck=tuple(agendas), gates=tuple(gates_left),
        hq_deck=tuple(h for h in sorted(content.hqs) if h not in {f"hq-{d}" for d in hqs.values()}),
        active=active, end_by=end_by, final_left=final_left, tasks=tuple(tasks), over=over)
    problems = game.validate(state) if check else []
    if problems:
        raise InvalidInput("the tutorial's position is not valid: " + "; ".join(
            f"{text} ({rule})" if rule else text for rule, text in problems))
    return state


def late_position(game: BaldursGateGame, *, pieces=(), avail=(), banned=(), attacks=(), fillers=(1, 2),
                  **spec) -> BaldursGateState:
    """A position late in the game: every attacked district's other parcels hold the ``fillers``' buildings
    (in turn), damaged where the attack fell and their owner had no tower or keep there, and a held attack
    gets the fillers' keeps until its defence reaches the strength. The rest is :func:`position`'s."""
    city, content = game.city, game.content
    pieces = [_piece(p) for p in pieces]
    taken = {p[0] for p in pieces}
    owners, kinds = 0, 0  # the next filler (keeps and buildings in turn), the next kind of building
    for k, (d, result) in enumerate(attacks):
        spots = [city.nodes[i] for i in city.forts_of[d]]
        forts = [p for p in pieces if p[0] in spots]
        while result == "held" and sum(content.defence.get(p[1], 0) for p in forts) < content.strength_track[k]:
            keep = (next(s for s in spots if s not in taken), "keep", fillers[owners % len(fillers)], "", False)
            owners += 1
            forts.append(keep)
            pieces.append(keep)
            taken.add(keep[0])
        defenders = {p[2] for p in forts if content.defence.get(p[1], 0)}
        for x in city.parcels_of[d]:
            if f"P{x}" in taken or x in avail or x in banned:
                continue
            owner = fillers[owners % len(fillers)]
            pieces.append((f"P{x}", BUILDINGS[kinds % 4], owner, "", result == "fell" and owner not in defenders))
            owners, kinds = owners + 1, kinds + 1
            taken.add(f"P{x}")
    return position(game, pieces=pieces, avail=avail, banned=banned, attacks=attacks, **spec)


def played(game: BaldursGateGame, state: BaldursGateState, choose, until=lambda s: s.over):
    """The states from ``state`` on (itself first), each after the move ``choose(state)``, until ``until(state)``:
    the engine played with a script (its chance outcomes chosen, the houses' moves given).

    >>> g = BaldursGateGame(players=2)
    >>> *_, done = played(g, g.initial_state(), lambda s: g.chance_outcomes(s)[0][0], lambda s: not g.is_chance(s))
    >>> g.pending(done).kind, g.bag_count(done)
    ('turn', 19)
    """
    yield state
    while not until(state):
        state = game.apply(state, choose(state))
        yield state


def seeded_chance(game: BaldursGateGame, state: BaldursGateState, seed):
    """The engine's chance outcome drawn by a generator seeded by ``seed`` and the position only (the same position
    draws the same): chance scripted without being chosen."""
    outcomes = game.chance_outcomes(state)
    rng = random.Random(f"{seed}-{len(state.bag)}-{len(state.deck)}-{len(state.agenda_deck)}-{len(state.tasks)}")
    return rng.choices([m for m, _ in outcomes], weights=[q for _, q in outcomes])[0]


def income_turn(game: BaldursGateGame, state: BaldursGateState):
    """The move of a turn played by taking income and finishing it."""
    player = state.tasks[0].player
    return Income(player) if game.pending(state).kind == "turn" else Done(player)


def setup_played(game: BaldursGateGame, hq: str = "", opening=()) -> list:
    """The engine's setup (S1-S10, P23; ADV1-ADV3) from the start to the first turn, its states in order: you (player
    1) are dealt the HQ card ``hq`` if named, the opening draws take the tokens of ``opening`` first (a token put
    back makes another draw), any other chance outcome is the engine's first and any decision (the advanced
    game's HQ picks) the first legal move.

    >>> g = BaldursGateGame(players=2)
    >>> *_, first = setup_played(g, "hq-BLO", (21, 22, 24))
    >>> first.players[0].hq, sorted(set(first.avail) & {21, 22, 24}), g.pending(first).kind
    ('hq-BLO', [21, 22, 24], 'turn')
    """
    opening = list(opening)

    def chosen(s):
        if not game.is_chance(s):
            return game.legal_moves(s, game.to_move(s)[0])[0]
        task, outcomes = s.tasks[0], [m for m, _ in game.chance_outcomes(s)]
        if hq and type(task) is DealHQ and task.to == 0:
            return next(m for m in outcomes if m.card == hq)
        return Token(opening.pop(0)) if type(task) is DrawToken and task.purpose == "open" and opening else outcomes[0]

    return list(played(game, game.initial_state(), chosen, lambda s: s.over or (
        not game.is_chance(s) and game.pending(s).kind == "turn")))
