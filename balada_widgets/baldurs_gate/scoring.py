"""Scoring of Builders of Baldur's Gate, every point explained (pure functions).

Prestige comes during play (connections to your fortifications FT2, attack
rewards A3/A4, track rewards F2 and C10, cards, trades) and at the end in four
steps (C16):

- **E6 agendas**: score up to one agenda per faction where your influence
  level is at least 4. Agendas belong to no faction; each scores once; an
  unmet one scores 0. The engine picks the best ones for you (BG5: choosing
  fewer points never helps you, the TB3 tie-break included).
- **E7 largest network**: 2 prestige per piece (building, HQ, fortification)
  of your largest group of own undamaged pieces joined by solid lines (C2).
- **E8 districts**: 2 prestige per district where you have an undamaged
  building or your HQ (fortifications do not count).
- **E9 leftovers**: (gold + supplies + favor + building cards in hand) // 3.

Every prestige point a player holds is recorded in the state with its rule
and source (:class:`~.state.Gain`); :func:`prestige_trace` turns the record into
a :class:`~balada_widgets.core.trace.Trace` in English or Czech, whose sum is
the player's prestige.

Ties (C17): more buildings in the portfolio (TB1), more fortifications (TB2),
more prestige from agendas (TB3); still tied, a shared win (TB4, the
syndicate).
"""

from __future__ import annotations

from ..core.trace import Trace
from .content import AGENDA_LEVEL
from . import i18n
from .i18n import qty
from .state import Attack, BaldursGateState, Gain

NETWORK_POINTS = 2  # E7
DISTRICT_POINTS = 2  # E8 (R41)
LEFTOVER_DIVISOR = 3  # E9
BUILDING_KINDS = ("inn", "hall", "market", "temple")
FORT_KINDS = ("tower", "keep", "gate")
FINAL_RULES = ("E6", "E7", "E8", "E9")  # C16's four steps


# ---------------------------------------------------------------- board facts


def own_pieces(game, s: BaldursGateState, p: int) -> list[int]:
    """Indices of ``p``'s undamaged pieces (buildings, HQ, fortifications)."""
    return [i for i, pc in enumerate(s.pieces) if pc is not None and pc.owner == p and not pc.damaged]


def largest_network(game, s: BaldursGateState, p: int) -> list[int]:
    """C2, E7: the largest group of ``p``'s own undamaged pieces joined by solid lines (node indices, sorted)."""
    mine = set(own_pieces(game, s, p))
    adj = game.city.adj
    best: list[int] = []
    seen: set[int] = set()
    for start in sorted(mine):
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            comp.append(i)
            for j in adj[i]:
                if j in mine and j not in seen:
                    seen.add(j)
                    stack.append(j)
        if len(comp) > len(best) or (len(comp) == len(best) and min(comp) < min(best)):
            best = comp
    return sorted(best)


def districts_present(game, s: BaldursGateState, p: int) -> list[str]:
    """E8: districts where ``p`` has an undamaged building or the HQ (city order)."""
    city = game.city
    got = {city.district_of[i] for i, pc in enumerate(s.pieces)
           if pc is not None and pc.owner == p and not pc.damaged and (pc.kind in BUILDING_KINDS or pc.kind == "hq")}
    return [d for d in city.districts if d in got]


def leftovers(s: BaldursGateState, p: int) -> tuple[int, int]:
    """E9 (R42): ``(units, prestige)``: gold + supplies + favor + building cards in hand, divided by 3."""
    pl = s.players[p]
    units = pl.gold + pl.supply + pl.favor + len(pl.hand)
    return units, units // LEFTOVER_DIVISOR


def influence_level(game, s: BaldursGateState, p: int, faction: str) -> int:
    """F3: spaces moved from Start (at most the track's length)."""
    return min(s.players[p].influence[game.faction_index[faction]], game.track_len)


def agenda_slots(game, s: BaldursGateState, p: int) -> int:
    """E6: how many agendas may score: one per faction with influence level 4 or more."""
    return sum(1 for f in game.faction_ids if influence_level(game, s, p, f) >= AGENDA_LEVEL)


def agenda_count(game, s: BaldursGateState, p: int, agenda) -> int:
    """What an agenda counts for ``p`` (before the rate and the cap)."""
    city = game.city
    kind, prm = agenda.kind, agenda.params
    if kind == "faction_level":
        return influence_level(game, s, p, prm["faction"])
    if kind == "defences":
        return sum(1 for a in s.attacks if a.defended and a.contributions[p] > 0)
    if kind == "portfolio":
        pl = s.players[p]
        return (1 if pl.hq else 0) + len(pl.portfolio)
    mine = [(i, pc) for i, pc in enumerate(s.pieces) if pc is not None and pc.owner == p and not pc.damaged]
    if kind == "buildings":
        return sum(1 for _, pc in mine if pc.kind == prm["type"])
    if kind == "districts_with":
        per: dict[str, int] = {}
        for i, pc in mine:
            if pc.kind in BUILDING_KINDS:
                per[city.district_of[i]] = per.get(city.district_of[i], 0) + 1
        return sum(1 for v in per.values() if v >= prm["count"])
    if kind == "fortifications":
        return sum(1 for _, pc in mine if pc.kind == prm["fort"])
    if kind == "network_districts":
        return len({city.district_of[i] for i in largest_network(game, s, p)})
    if kind == "zone_districts":
        return len({city.district_of[i] for i, pc in mine
                    if pc.kind in BUILDING_KINDS and city.zone[city.district_of[i]] == prm["zone"]})
    return 0


def agenda_points(game, s: BaldursGateState, p: int, agenda_id: str) -> tuple[int, int]:
    """``(points, count)`` of one agenda for ``p`` now."""
    ag = game.content.agendas[agenda_id]
    n = agenda_count(game, s, p, ag)
    return min(ag.cap, ag.rate * n), n


def best_agendas(game, s: BaldursGateState, p: int) -> list[tuple[str, int, int]]:
    """E6 / C16: the agendas that score (best first): ``(id, points, count)``."""
    slots = agenda_slots(game, s, p)
    vals = [(a, *agenda_points(game, s, p, a)) for a in s.players[p].agendas if a in game.content.agendas]
    vals.sort(key=lambda v: (-v[1], v[0]))
    return vals[:slots]


def final_gains(game, s: BaldursGateState, p: int) -> list[Gain]:
    """E6-E9 for ``p`` as prestige entries (called once, after the final attack)."""
    out = []
    for aid, pts, n in best_agendas(game, s, p):
        out.append(Gain("E6", pts, "agenda", aid, str(n)))
    net = largest_network(game, s, p)
    if net:
        out.append(Gain("E7", NETWORK_POINTS * len(net), "network", str(len(net)),
                        ",".join(game.city.nodes[i] for i in net)))
    ds = districts_present(game, s, p)
    if ds:
        out.append(Gain("E8", DISTRICT_POINTS * len(ds), "districts", str(len(ds)), ",".join(ds)))
    units, pts = leftovers(s, p)
    pl = s.players[p]
    out.append(Gain("E9", pts, "leftovers", str(units), f"{pl.gold},{pl.supply},{pl.favor},{len(pl.hand)}"))
    return out


def preview(game, s: BaldursGateState, p: int) -> Trace:
    """What the final scoring would give ``p`` if the game ended now (no final attack): a trace."""
    tr = Trace()
    for g in final_gains(game, s, p):
        tr.add(gain_where(game, g), g.rule, g.points, gain_text(game, g, game.language))
    return tr


# ---------------------------------------------------------------- words


def gain_where(game, g: Gain):
    return g.ref if g.kind in ("connection", "defended", "top", "trade", "agenda", "ability", "when_built", "special",
                               "track", "overflow") else None


def gain_text(game, g: Gain, language: str = "en") -> str:
    """Why this prestige was gained, in plain words."""
    c, city = game.content, game.city
    L = language

    def node_text(node_id: str) -> str:
        return game.node_text(node_id, L)

    k = g.kind
    pts = qty(g.points, "prestige", L)
    if k == "connection":
        return i18n.text("gain.connection", L, points=pts, piece=node_text(g.ref), new=node_text(g.extra))
    if k == "defended":
        return i18n.text("gain.defended", L, points=pts, district=city.district_name(g.ref, L), strength=g.extra)
    if k == "top":
        return i18n.text("gain.top", L, points=pts, district=city.district_name(g.ref, L))
    if k == "track":
        return i18n.text("gain.track", L, points=pts, faction=game.faction_name(g.ref, L, genitive=True), level=g.extra)
    if k == "overflow":
        return i18n.text("gain.overflow", L, points=pts, faction=game.faction_name(g.ref, L, genitive=True))
    if k in ("when_built", "ability", "special"):
        return i18n.text(f"gain.{k}", L, points=pts, card=c.name(g.ref, L))
    if k == "trade":
        return i18n.text("gain.trade", L, points=pts, location=c.location_name(g.ref, L))
    if k == "agenda":
        return i18n.text("gain.agenda", L, points=pts, card=c.name(g.ref, L), count=g.extra)
    if k == "network":
        return i18n.text("gain.network", L, points=pts, pieces=qty(int(g.ref), "piece", L))
    if k == "districts":
        names = [city.district_name(d, L) for d in g.extra.split(",") if d]
        return i18n.text("gain.districts", L, points=pts, count=qty(int(g.ref), "district", L), names=", ".join(names))
    if k == "leftovers":
        gold, sup, fav, cards = (g.extra.split(",") + ["0"] * 4)[:4]
        return i18n.text("gain.leftovers", L, points=pts, units=g.ref, gold=gold, supply=sup, favor=fav, cards=cards)
    return i18n.text("gain.other", L, points=pts, rule=g.rule)


def prestige_trace(game, s: BaldursGateState, p: int, language: str | None = None) -> Trace:
    """Every prestige point of ``p`` with its rule and source; ``trace.points`` equals the prestige."""
    L = language or game.language
    tr = Trace()
    for g in s.players[p].gains:
        tr.add(gain_where(game, g), g.rule, g.points, gain_text(game, g, L))
    return tr


def final_trace(game, s: BaldursGateState, p: int, language: str | None = None) -> Trace:
    """Only the final-scoring steps (E6-E9) of ``p``'s trace."""
    L = language or game.language
    tr = Trace()
    for g in s.players[p].gains:
        if g.rule in FINAL_RULES:
            tr.add(gain_where(game, g), g.rule, g.points, gain_text(game, g, L))
    return tr


def before_final_scoring(s: BaldursGateState) -> BaldursGateState:
    """``s`` (a state or a view) with each house's prestige as it stood before the final scoring (C16: E6-E9 taken
    off): the table as the houses saw it before the last count."""
    return s._replace(players=tuple(pl._replace(prestige=pl.prestige - sum(
        g.points for g in pl.gains if g.rule in FINAL_RULES)) for pl in s.players))


def agenda_prestige(s: BaldursGateState, p: int) -> int:
    """TB3: prestige gained from agendas."""
    return sum(g.points for g in s.players[p].gains if g.rule == "E6")


def tiebreak_key(game, s: BaldursGateState, p: int) -> tuple:
    """C17: prestige, then TB1 buildings in the portfolio, TB2 fortifications, TB3 agenda prestige."""
    pl = s.players[p]
    buildings = sum(1 for c in pl.portfolio if c in game.content.buildings)
    forts = sum(1 for pc in s.pieces if pc is not None and pc.owner == p and pc.kind in FORT_KINDS)
    return (pl.prestige, buildings, forts, agenda_prestige(s, p))


def attack_log(s: BaldursGateState) -> tuple[Attack, ...]:
    """The attacks so far, in order (``.district``, ``.strength``, ``.defended``, ``.final`` ...)."""
    return s.attacks
