"""Every problem of a hand-made Baldur's Gate position (the lab's positions, save files' starts).

:func:`validate_state` never raises: it returns ``(rule, text)`` pairs, all of
them, so the lab can show the whole list. It checks the shapes a Python
caller could get wrong, then the rules' bookkeeping: the 36 tokens (bag,
tracks, hidden token), parcels (available / banned / built agree with the
tracks), pieces (kinds on the right spots, owners, cards), each card in
exactly one place, cubes, resources, prestige equal to its reasons, the
attack log against the tracks and the strength marker, workers, and the
pending steps.
"""

from __future__ import annotations

from collections import Counter

from .effects import WORDS
from .state import (
    CHANCE, DECISIONS, HIDDEN, MASK, OFFER, TASKS, BaldursGateState, BottomCard, ChooseSpot, Effect, KeepAgenda,
    PlaceBuilding, Player, Piece, Src,
)

BUILDING_KINDS = ("inn", "hall", "market", "temple")
FORT_KINDS = ("tower", "keep", "gate")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def validate_state(game, s) -> list:
    problems: list = []

    def bad(rule, text):
        problems.append((rule, text))

    if not isinstance(s, BaldursGateState):
        return [(None, f"not a Baldur's Gate position: {type(s).__name__}")]
    n, city, c = game.players, game.city, game.content
    shape = shape_problems(game, s)
    if shape:  # the bookkeeping checks below need the right kinds of values
        return shape

    # --- masked views cannot be played
    masked = (s.hidden == HIDDEN and not s.revealed) or any(MASK in x for x in (s.deck, s.bottom, s.agenda_deck,
                                                                                 s.agenda_bottom)) \
        or any(MASK in pl.hand or MASK in pl.agendas for pl in s.players)
    if masked:
        bad("C18", "this position hides cards or the hidden token ('?'): it is a player's or spectator's view; "
                   "load the save file (or a full position) to play it")
        return problems

    # --- tokens: 36 in bag + tracks + hidden
    all_tokens = set(city.parcels)
    seen = Counter()
    for x in s.bag:
        seen[x] += 1
    for k, tr in enumerate(s.tracks):
        for x in tr:
            seen[x] += 1
            if _is_int(x) and x in game.parcel_district and game.parcel_district[x] != city.districts[k]:
                bad("BLD7", f"token {x} lies on the track of {city.districts[k]}, but parcel {x} is in "
                            f"{game.parcel_district[x]}")
        if len(tr) > 4:
            bad("BLD8", f"the attack track of {city.districts[k]} holds {len(tr)} tokens; the 4th starts the attack")
    if s.hidden is not None:
        seen[s.hidden] += 1
    unknown = sorted(str(x) for x in seen if x not in all_tokens)
    if unknown:
        bad("S7", f"unknown parcel tokens: {', '.join(unknown)}")
    twice = sorted(x for x, k in seen.items() if k > 1 and x in all_tokens)
    if twice:
        bad("S7", f"tokens in two places at once: {twice}")
    missing = sorted(all_tokens - set(seen))
    if missing:
        bad("S7", f"tokens missing from the bag, the tracks and the hidden space: {missing}")
    if s.hidden is not None and s.hidden in game.parcel_district:
        k = game.district_index[game.parcel_district[s.hidden]]
        if len(s.tracks[k]) > 3:
            bad("C6", f"the hidden token's district {city.districts[k]} has {len(s.tracks[k])} tokens on its track; "
                      f"it can never get a 4th")

    # --- parcels
    on_track = {x for tr in s.tracks for x in tr}
    for name, nums in (("available", s.avail), ("banned", s.banned)):
        for x in nums:
            if x not in city.parcel_index:
                bad("BLD2", f"{name} parcel {x} does not exist")
            elif x not in on_track:
                bad("BLD7", f"parcel {x} is {name} but its token is not on a track")
        if list(nums) != sorted(set(nums)):
            bad(None, f"{name} parcels must be listed once each, in order")
    both = set(s.avail) & set(s.banned)
    if both:
        bad("P23", f"parcels both available and banned: {sorted(both)}")
    if len(s.banned) > {2: 8, 3: 4}.get(n, 0):
        bad("P23", f"{len(s.banned)} banned parcels in a {n}-player game (at most {({2: 8, 3: 4}.get(n, 0))})")
    if len(s.avail) > 8:
        bad("S7", f"{len(s.avail)} available parcels; there are never more than 8")
    building_cards_on_board = []
    for i, pc in enumerate(s.pieces):
        if pc is None:
            continue
        node = city.nodes[i]
        if not isinstance(pc, Piece) or not isinstance(pc.kind, str) or not _is_int(pc.owner) \
                or not isinstance(pc.damaged, bool) or not isinstance(pc.card, str):
            bad(None, f"{node}: a piece is (kind, owner, damaged, card)")
            continue
        if not 0 <= pc.owner < n:
            bad(None, f"{node}: owner p{pc.owner + 1} is not in the game")
            continue
        kind = city.kind[i]
        if kind == "parcel":
            num = city.parcel_number[i]
            if pc.kind not in BUILDING_KINDS:
                bad("BLD2", f"parcel {num} holds a {pc.kind}; parcels take buildings")
            elif pc.card not in c.buildings or c.buildings[pc.card].type != pc.kind:
                bad("BLD2", f"parcel {num}: the {pc.kind} must come from a {pc.kind} card, not {pc.card!r}")
            else:
                building_cards_on_board.append((pc.owner, pc.card))
                if pc.card not in s.players[pc.owner].portfolio:
                    bad("BLD1", f"parcel {num}: {pc.card} is not in p{pc.owner + 1}'s portfolio")
            if num in s.avail or num in s.banned:
                bad("BLD2", f"parcel {num} holds a building but is marked available or banned")
            if num not in on_track:
                bad("BLD7", f"parcel {num} holds a building but its token was never drawn")
        elif kind == "hq":
            if pc.kind != "hq":
                bad("S3", f"{node} holds a {pc.kind}; HQ spots take HQ tiles")
            elif c.hqs.get(s.players[pc.owner].hq) is None or c.hqs[s.players[pc.owner].hq].district != city.district_of[i]:
                bad("S3", f"{node}: p{pc.owner + 1}'s HQ card does not name {city.district_of[i]}")
            if pc.damaged:
                bad("A8", f"{node}: HQs are never damaged")
        else:
            if pc.kind not in FORT_KINDS:
                bad("C11", f"{node} holds a {pc.kind}; fortification spots take towers, keeps and gates")
            if pc.damaged:
                bad("A8", f"{node}: fortifications are never damaged")
            if pc.kind == "gate" and (pc.card not in c.gate_map or pc.card not in s.players[pc.owner].portfolio):
                bad("C11", f"{node}: a gate needs its gate card in p{pc.owner + 1}'s portfolio")
    for x in on_track:
        if x in city.parcel_index and x not in s.avail and x not in s.banned \
                and s.pieces[city.parcel_index[x]] is None:
            bad("BLD7", f"parcel {x}'s token was drawn but the parcel is neither available, banned nor built")

    # --- cards: each in exactly one place
    pending_builds = [tk.card for tk in s.tasks if type(tk) is PlaceBuilding]
    places = Counter()
    for zone in (s.deck, s.bottom, s.discard, s.offer):
        places.update(zone)
    for pl in s.players:
        places.update(pl.hand)
        places.update(x for x in pl.portfolio if x in c.buildings)
    for card, k in places.items():
        if card not in c.buildings:
            bad("S4", f"{card!r} is not a building card of this game's content")
        elif k > 1:
            bad("S4", f"building card {card} is in {k} places at once")
    lost = sorted(set(c.buildings) - set(places))
    if lost:
        bad("S4", f"building cards missing everywhere: {', '.join(lost)}")
    on_board = Counter(card for _, card in building_cards_on_board)
    for p, pl in enumerate(s.players):
        for card in pl.portfolio:
            if card in c.buildings and on_board[card] == 0 and card not in pending_builds:
                bad("BLD2", f"p{p + 1}'s {card} is in the portfolio but on no parcel")
    ag = Counter()
    for zone in (s.agenda_deck, s.agenda_bottom):
        ag.update(zone)
    for pl in s.players:
        ag.update(pl.agendas)
    for tk in s.tasks:
        if type(tk) is KeepAgenda and isinstance(tk.drawn, tuple):
            ag.update(tk.drawn)
    for card, k in ag.items():
        if card not in c.agendas:
            bad("S5", f"{card!r} is not an agenda card of this game's content")
        elif k > 1:
            bad("S5", f"agenda card {card} is in {k} places at once")
    lost = sorted(set(c.agendas) - set(ag))
    if lost:
        bad("S5", f"agenda cards missing everywhere: {', '.join(lost)}")
    gates = Counter(s.gates)
    for pl in s.players:
        gates.update(x for x in pl.portfolio if x in c.gate_map)
    gate_ids = [g.id for g in c.gates]
    for card, k in gates.items():
        if card not in c.gate_map:
            bad("C11", f"{card!r} is not a gate card")
        elif k > 1:
            bad("C11", f"gate card {card} is in {k} places at once")
    if sorted(set(gate_ids) - set(gates)):
        bad("C11", f"gate cards missing everywhere: {sorted(set(gate_ids) - set(gates))}")
    if list(s.gates) != [g for g in gate_ids if g in s.gates]:
        bad("C11", "the gate deck keeps its printed order (the top card is taken)")
    gate_pieces = Counter(pc.card for pc in s.pieces if pc is not None and pc.kind == "gate")
    for p, pl in enumerate(s.players):
        for card in pl.portfolio:
            if card in c.gate_map and gate_pieces[card] == 0:
                bad("C11", f"p{p + 1}'s gate card {card} has no gate on the board")
    hqs = Counter(list(s.hq_deck) + list(s.hq_offer) + [pl.hq for pl in s.players if pl.hq])
    for card, k in hqs.items():
        if card not in c.hqs:
            bad("S3", f"{card!r} is not an HQ card")
        elif k > 1:
            bad("S3", f"HQ card {card} is in {k} places at once")
    setup_done = not _in_setup(s)
    for p, pl in enumerate(s.players):
        who = f"p{p + 1}"
        if setup_done and not pl.hq:
            bad("S3", f"{who} has no HQ card")
        if pl.hq and pl.hq in c.hqs:
            spot = city.hq_spot[c.hqs[pl.hq].district]
            if s.pieces[spot] is None or s.pieces[spot].owner != p or s.pieces[spot].kind != "hq":
                bad("S3", f"{who}'s HQ tile is missing from {city.nodes[spot]}")
        for name in ("gold", "supply", "favor", "prestige"):
            v = getattr(pl, name)
            if not _is_int(v) or v < 0:
                bad("R5", f"{who}: {name} must be a whole number 0 or more, not {v!r}")
        if not isinstance(pl.influence, tuple) or len(pl.influence) != len(game.faction_ids) \
                or not all(_is_int(v) and v >= 0 for v in pl.influence):
            bad("F3", f"{who}: influence is one whole number 0 or more per faction")
        if pl.worker and pl.worker not in city.districts:
            bad("W2", f"{who}'s worker stands on an unknown location {pl.worker!r}")
        for card in pl.used:
            if card != pl.hq and card not in pl.portfolio:
                bad("I2", f"{who}: used card {card} is not in the portfolio")
        for card in pl.portfolio:
            if card not in c.buildings and card not in c.gate_map:
                bad("BLD1", f"{who}'s portfolio holds {card!r}, neither a building nor a gate card")
        if not all(hasattr(g, "points") and _is_int(g.points) for g in pl.gains):
            bad("E6", f"{who}: each prestige reason is (rule, points, kind, ref, extra)")
        elif sum(g.points for g in pl.gains) != pl.prestige:
            bad("E6", f"{who}: prestige {pl.prestige} is not the sum of its reasons "
                      f"({sum(g.points for g in pl.gains)})")
        free = game.free_cubes(s, p)
        if free < 0:
            bad("R10", f"{who} uses {game.cubes - free} cubes; a house has {game.cubes}")
    workers = [pl.worker for pl in s.players if pl.worker]
    dup = sorted({w for w in workers if workers.count(w) > 1})
    if dup:
        bad("W2", f"two workers on one location: {dup}")

    # --- attacks
    mid = [a for a in s.attacks if not getattr(a, "final", False)]
    if not _is_int(s.strength) or not 0 <= s.strength < len(c.strength_track):
        bad("C6", f"the attack-strength marker must be on space 1-{len(c.strength_track)}")
    elif s.strength != min(len(mid), len(c.strength_track) - 1):
        bad("C6", f"the attack-strength marker is on space {s.strength + 1} after {len(mid)} attacks; it moves one "
                  f"space per attack")
    four = {city.districts[k] for k, tr in enumerate(s.tracks) if len(tr) == 4}
    hit = [a.district for a in mid]
    if sorted(hit) != sorted(four):
        bad("BLD8", f"districts with 4 tokens {sorted(four)} and districts attacked {sorted(hit)} must agree")
    failed = {a.district for a in s.attacks if not a.defended}
    if set(s.damage) != failed:
        bad("A6", f"damage tokens {sorted(s.damage)} must lie on the locations of the failed attacks {sorted(failed)}")
    for k, a in enumerate(mid):
        if k < len(c.strength_track) and a.strength != c.strength_track[k]:
            bad("C6", f"attack {k + 1} ({a.district}) had strength {a.strength}; the track says "
                      f"{c.strength_track[k]}")
    for i, pc in enumerate(s.pieces):
        if pc is not None and getattr(pc, "damaged", False) and city.district_of[i] not in failed:
            bad("A7", f"{city.nodes[i]} is damaged, but {city.district_of[i]} was never attacked successfully")

    # --- turn and end
    if not _is_int(s.active) or not 0 <= s.active < n:
        bad("T2", f"the active player must be p1..p{n}")
    if s.end_by is not None and (not _is_int(s.end_by) or not 0 <= s.end_by < n):
        bad("E1", "end_by must be a player")
    if setup_done and not s.bag and s.end_by is None:
        bad("E1", "the bag is empty, so the end was triggered: end_by must name who drew the last token")
    if s.bag and s.end_by is not None and not game.stuck(s):
        bad("E1", "the end is triggered only when the bag is empty (or nobody can build any more: BG9)")
    if s.final_left is not None and (s.end_by is None or not _is_int(s.final_left) or not 0 <= s.final_left <= n):
        bad("C15", f"final_left counts the final round's turns (0-{n}) after the end is triggered")
    if s.over and s.tasks:
        bad("E5", "a finished game has no steps left")
    if not s.over and not s.tasks:
        bad("T1", "the position waits for nothing: add the pending step (e.g. the active player's Turn)")
    for tk in s.tasks:
        for text in _task_problems(game, s, tk):
            bad("T1", text)
    if s.tasks and not problems:
        if game.mode(s, s.tasks[0]) == "auto":
            bad("T1", f"the first pending step {type(s.tasks[0]).__name__} is automatic: a position waits for a "
                      f"decision or a draw")
    return problems


def _ints(v) -> bool:
    return isinstance(v, tuple) and all(_is_int(x) for x in v)


def _strs(v) -> bool:
    return isinstance(v, tuple) and all(isinstance(x, str) for x in v)


def _atom_ok(a) -> bool:
    if not isinstance(a, tuple) or not a or a[0] not in WORDS:
        return False
    w = a[0]
    if w == "gain":
        return len(a) == 2 and isinstance(a[1], tuple) and all(
            isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) and _is_int(x[1]) for x in a[1])
    if w == "influence":
        return len(a) == 3 and _is_int(a[1]) and isinstance(a[2], str)
    if w in ("draw", "offer", "build", "prestige_per_connection"):
        return len(a) == 2 and _is_int(a[1])
    if w == "agendas":
        return len(a) == 3 and _is_int(a[1]) and _is_int(a[2])
    if w == "fortify":
        return len(a) == 3 and a[1] in FORT_KINDS and a[2] in ("here", "hq", "any")
    return len(a) == 1


def shape_problems(game, s) -> list:
    """Values of the wrong kind (a caller-made state); empty when every field has its shape."""
    from .state import Attack, Gain

    out = []
    n, city = game.players, game.city

    def bad(text):
        out.append((None, text))

    if not isinstance(s.players, tuple) or len(s.players) != n or not all(isinstance(p, Player) for p in s.players):
        return [(None, f"the position needs {n} players (Player values)")]
    for p, pl in enumerate(s.players):
        who = f"p{p + 1}"
        for name in ("gold", "supply", "favor", "prestige"):
            if not _is_int(getattr(pl, name)):
                bad(f"{who}: {name} must be a whole number")
        if not _ints(pl.influence) or len(pl.influence) != len(game.faction_ids):
            bad(f"{who}: influence is one whole number per faction")
        for name in ("hand", "agendas", "portfolio", "used"):
            if not _strs(getattr(pl, name)):
                bad(f"{who}: {name} must be a tuple of card ids")
        for name in ("hq", "worker"):
            if not isinstance(getattr(pl, name), str):
                bad(f"{who}: {name} must be a text")
        if not isinstance(pl.gains, tuple) or not all(
                isinstance(g, Gain) and isinstance(g.rule, str) and _is_int(g.points)
                and all(isinstance(x, str) for x in (g.kind, g.ref, g.extra)) for g in pl.gains):
            bad(f"{who}: gains must be Gain(rule, points, kind, ref, extra) values")
    if not isinstance(s.pieces, tuple) or len(s.pieces) != len(city.nodes):
        bad(f"the position needs one entry per board spot ({len(city.nodes)})")
    else:
        for i, pc in enumerate(s.pieces):
            if pc is not None and not (isinstance(pc, Piece) and isinstance(pc.kind, str) and _is_int(pc.owner)
                                       and isinstance(pc.damaged, bool) and isinstance(pc.card, str)):
                bad(f"{city.nodes[i]}: a piece is Piece(kind, owner, damaged, card) or None")
    for name in ("avail", "banned", "bag"):
        if not _ints(getattr(s, name)):
            bad(f"{name} must be a tuple of parcel numbers")
    if not isinstance(s.tracks, tuple) or len(s.tracks) != len(city.districts) or not all(_ints(t) for t in s.tracks):
        bad(f"the position needs one attack track (a tuple of tokens) per district ({len(city.districts)})")
    if s.hidden is not None and not _is_int(s.hidden):
        bad("the hidden token is a parcel number or None")
    for name in ("revealed", "over"):
        if not isinstance(getattr(s, name), bool):
            bad(f"{name} must be true or false")
    if not _is_int(s.strength) or not _is_int(s.active):
        bad("strength and active must be whole numbers")
    for name in ("end_by", "final_left"):
        if getattr(s, name) is not None and not _is_int(getattr(s, name)):
            bad(f"{name} must be a whole number or None")
    for name in ("damage", "deck", "bottom", "discard", "offer", "agenda_deck", "agenda_bottom", "gates", "hq_deck",
                 "hq_offer"):
        if not _strs(getattr(s, name)):
            bad(f"{name} must be a tuple of texts")
    if not isinstance(s.attacks, tuple) or not all(
            isinstance(a, Attack) and isinstance(a.district, str) and _is_int(a.strength) and _is_int(a.defence)
            and isinstance(a.defended, bool) and isinstance(a.final, bool) and _ints(a.contributions)
            and len(a.contributions) == n and _ints(a.rewards) and len(a.rewards) == n and _ints(a.damaged)
            for a in s.attacks):
        bad("attacks must be Attack values (district, strength, defence, defended, final, contributions and "
            "rewards per player, damaged parcels)")
    if not isinstance(s.tasks, tuple):
        bad("tasks must be a tuple of steps")
    else:
        for tk in s.tasks:
            out += [(None, text) for text in _task_problems(game, s, tk)]
    return out


def _in_setup(s: BaldursGateState, names=None) -> bool:
    names = names or ("DealHQ", "PickHQ", "Special", "BottomCard", "HideToken", "Begin")
    for tk in s.tasks:
        nm = type(tk).__name__
        if nm in names:
            return True
        if nm == "DrawToken" and getattr(tk, "purpose", "") in ("open", "ban"):
            return True
    return False


def _task_problems(game, s, tk) -> list[str]:
    out = []
    name = type(tk).__name__
    if type(tk) not in TASKS:
        return [f"unknown step {tk!r}"]
    n = game.players
    p = getattr(tk, "player", getattr(tk, "to", None))
    if p is not None and (not _is_int(p) or not (0 <= p < n or (p == OFFER and hasattr(tk, "to")))):
        out.append(f"{name}: player {p!r} is not in the game")
    c = game.content
    if hasattr(tk, "src") and not (isinstance(tk.src, Src) and all(isinstance(x, str) for x in tk.src)):
        out.append(f"{name}: src is (rule, kind, ref, district, extra)")
    if type(tk) is Effect:
        if not isinstance(tk.atoms, tuple) or not all(_atom_ok(a) for a in tk.atoms):
            out.append(f"{name}: atoms must be effect words ({', '.join(WORDS)}) with their values")
    if type(tk) is PlaceBuilding and (not isinstance(tk.card, str) or tk.card not in c.buildings):
        out.append(f"{name}: {tk.card!r} is not a building card")
    if type(tk) is ChooseSpot and (tk.fort not in FORT_KINDS or not _strs(tk.districts)
                                   or any(d not in game.city.districts for d in tk.districts)):
        out.append(f"{name}: a tower, keep or gate and known districts")
    if hasattr(tk, "district") and (not isinstance(tk.district, str) or tk.district not in game.city.districts):
        out.append(f"{name}: unknown district {tk.district!r}")
    if hasattr(tk, "amount") and (not _is_int(tk.amount) or tk.amount < 1):
        out.append(f"{name}: amount must be 1 or more")
    if hasattr(tk, "discount") and (not _is_int(tk.discount) or tk.discount < 0):
        out.append(f"{name}: discount must be 0 or more")
    if type(tk) is KeepAgenda and (not _is_int(tk.count) or not _is_int(tk.keep) or not 1 <= tk.keep
                                   or not _strs(tk.drawn)):
        out.append(f"{name}: count, keep (1 or more) and the drawn cards")
    if type(tk) is BottomCard and tk.what not in ("building", "agenda"):
        out.append(f"{name}: what is 'building' or 'agenda'")
    if hasattr(tk, "purpose") and tk.purpose not in ("open", "ban", "build"):
        out.append(f"{name}: purpose is open, ban or build")
    return out
