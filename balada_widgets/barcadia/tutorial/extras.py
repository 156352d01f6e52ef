"""Steps 17-18: the variants for experienced players, and a Loot Card of your own (the card designer, checked by
the engine's DIY card rules). Oracles only: the words are the lesson's files."""

from __future__ import annotations

from ...core.errors import InvalidInput
from ...kit import svg
from ..content import diy_card
from ..drawing import LOOT_COLOURS
from ..effects import COLOURS, VERBS
from .boards import pick
from .scenes import fate, game, play, scene, spec


def variants(L, w):
    """Crits (a natural 20 and a natural 1 in one team battle), Frenzy (a tie on Power-Ups), Power Traps."""
    g, s, sc = scene("crits")
    chance = fate(sc)
    rolled = play(g, s, sc["moves"], chance)
    gives = any(f.kind == "critgive" and f.who == 1 for f in rolled.stack)
    settled = play(g, rolled, [next(m for m in g.legal_moves(rolled) if m.verb == "give")], chance) if gives else rolled
    card = g.content.rooms["cerbubble"]
    right = "win" if settled.players[0].at == 2 else "cards" if gives and len(rolled.players[0].hand) > len(
        s.players[0].hand) else "damage" if s.players[1].hp - settled.players[1].hp > card.damage else "nothing"
    a = L.part(w, "crits", card=card.name, level=card.level).choice(right)
    fs, over = frenzy_scene()
    winners = {str(p) for p in over.winners}
    b = L.part(w, "frenzy", counts=L.join(f"{L.who(p, not p)} {len(pl.powerups)}" for p, pl in enumerate(fs.players)))
    b = b.choices(winners, {str(p): L.who(p) for p in range(3)} | dict(b.options()),
                  missing=dict.fromkeys(winners, "frenzy-tiebreak"))
    g, s, sc = scene("power-traps")
    tried = play(g, s, sc["moves"])
    mine = tried.players[0]
    what = {"blocked": "crown-of-froth" in mine.power_traps and "crown-of-froth" in mine.powerups,
            "damage": mine.hp < s.players[0].hp, "lost": "crown-of-froth" not in mine.powerups,
            "again": g.parse_move(sc["again"]) in g.legal_moves(tried, 0)}
    c = L.part(w, "power-traps")
    right = "blocked" if what["blocked"] and not (what["damage"] or what["again"]) else \
        next(k for k in ("damage", "lost", "again") if what[k])
    return w("text"), (a, b, c.choice(right, c.yes_no(what)))


def frenzy_scene():
    """Three players in Frenzy, every room face up but the last, r2 (a Pourtal); you reveal it."""
    sc = spec("frenzy")
    g = game(**sc["game"])
    left, tiles = dict(g.dungeon_counts), []
    for t in ("monster", "team", "boss", "reward", "pourtal", "hoard"):
        tiles += [c.id for c in g.content.rooms.values() if c.type == t][: left[t] - (t == "pourtal")]
    rooms = dict(zip([i for i in range(1, g.n_rooms + 1) if i != 2], tiles))
    free = [i for i in range(3, g.n_rooms + 1) if g.content.rooms[rooms[i]].type != "hoard"]
    at = {0: 1, 1: free[0], 2: free[1]}
    g, s, _ = scene("frenzy", rooms=rooms, cups={p: {"at": at[p], "powerups": pu} for p, pu in sc["powerups"].items()})
    pourtal = next(c.id for c in g.content.rooms.values() if c.type == "pourtal" and c.id not in tiles)
    return s, play(g, s, ["p1 reveal r2", f"room r2 {pourtal}"])


def diy_spec(picked) -> dict:
    """The card the learner's chips describe (``w:<window>``, ``c:<colour>``, ``e:<verb>:<amount>``)."""
    order = [f"e:{v}:{a}" for v, a in spec("diy")["effects"]]
    effects = sorted((p for p in picked if p.startswith("e:")), key=lambda e: order.index(e) if e in order else 99)
    return {"windows": [p[2:] for p in picked if p.startswith("w:")],
            "colours": [p[2:] for p in picked if p.startswith("c:")],
            "effects": [(e.split(":")[1], int(e.split(":")[2])) for e in effects]}


def diy_drawing(part, windows: dict, colours: dict):
    """The card designer: chips for a window, a colour and effects, and the card so far with its cost (its look:
    ``lessons/boards.css``)."""
    said = {k: part(f"designer.{k}") for k in ("when", "colour", "effects", "none", "label")}
    chips = {f"e:{v}:{a}": part(f"chips.{v.replace('_', '-')}-{a}") for v, a in spec("diy")["effects"]}
    window_line, effects_line = part.later("designer.window", "windows"), part.later("designer.effect-list", "effects")
    cost_of, name = part.later("designer.cost", "cost"), part("name")

    def draw(sel) -> str:
        card = diy_spec(sel)

        def chip(x, y, width, id_, label, colour="#4a6fa5"):
            return svg.group([svg.rect(x, y, width, 24, rx=12), svg.text(x + width / 2, y + 16, label)],
                             class_=svg.class_names("chip", on=id_ in sel), data_id=id_, role="button",
                             aria_label=label, aria_pressed=str(id_ in sel).lower(), style=f"--chip: {colour}")

        cost = sum(VERBS[v].cost(a) for v, a in card["effects"])
        lines = [name, window_line(windows=", ".join(windows[x] for x in card["windows"]) or "?"),
                 effects_line(effects="; ".join(VERBS[v].words(a) for v, a in card["effects"]) or said["none"])]
        ink = LOOT_COLOURS.get(card["colours"][0] if card["colours"] else "", "#bbb")
        return svg.svg([svg.rect(0, 0, 640, 300, rx=12, class_="paper"), *(
            svg.text(16, y, said[k], class_="heading") for y, k in ((24, "when"), (80, "colour"), (136, "effects"))),
            *(chip(16 + 122 * k, 32, 116, f"w:{x}", windows[x]) for k, x in enumerate(windows)),
            *(chip(16 + 78 * k, 88, 72, f"c:{c}", colours[c], LOOT_COLOURS[c]) for k, c in enumerate(COLOURS)),
            *(chip(16 + 122 * (k % 5), 144 + 32 * (k // 5), 116, id_, label, "#7a5a2e")
              for k, (id_, label) in enumerate(chips.items())),
            svg.rect(16, 218, 608, 70, rx=10, class_="card", style=f"--chip: {ink}"),
            *(svg.text(28, 240 + 18 * k, t, class_=svg.class_names("line", name=not k)) for k, t in enumerate(lines)),
            svg.text(612, 240, cost_of(cost=cost), class_=svg.class_names("cost", over=cost > 3))],
            640, 300, role="group", aria_label=said["label"], class_="bw-bc-diy")

    return draw


def diy(L, w):
    p, sc = L.part(w, "design"), spec("diy")
    windows = {x: L.common(f"windows.{x}") for x in sc["windows"]}
    colours = {c: p(f"colours.{c}") for c in COLOURS}
    said, red, name = p.later("right", "card", "text"), p("any-colour"), p("name")
    problems = {k: p(f"problems.{k}") for k in ("windows", "colours", "effects")}

    def check(picked):
        card = diy_spec(picked)
        for key, want in (("windows", 1), ("colours", 1), ("effects", 0)):
            if (len(card[key]) != want) if want else not card[key]:
                return L.no(problems[key], p.rule)
        try:
            card = diy_card(name=name, colour=card["colours"][0], window=card["windows"][0], effects=card["effects"])
        except InvalidInput as e:
            mid = next((m for words, m in sc["refusals"].items() if words in str(e)), None)
            rule, why = (getattr(e, "problems", None) or [(e.rule, str(e))])[0]
            return L.mis(mid) if mid else L.no(why, rule)
        if card.window != "between_turns":
            return L.mis("diy-wrong-moment")
        if not any(v == "heal" for v, _ in card.effects):
            return L.mis("diy-no-heal")
        return L.right(said(card=card.name, text=card.text) + (" " + red if card.colour != "blue" else ""), p.rule)

    return w("text"), pick(p, check, diy_drawing(p, windows, colours), p.solution(picks=tuple(sc["answer"])), mode="set")


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (variants, diy)
