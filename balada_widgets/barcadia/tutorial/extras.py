"""Steps 17-18: the variants for experienced players, and a Loot Card of your own (the card designer, checked by
the engine's DIY card rules). Oracles only: the words are the lesson's files."""

from __future__ import annotations

from functools import lru_cache

from ...core.errors import InvalidInput
from ...kit import svg
from ..content import diy_card
from ..drawing import LOOT_COLOURS
from ..effects import COLOURS, VERBS
from .boards import pick
from .scenes import fate, game, play, scene, spec
from .ways import yes_no

# ============================================================================ 17. variants


@lru_cache(maxsize=None)
def crits_scene():
    g, s, sc = scene("crits")
    chance = fate(sc)
    rolled = play(g, s, sc["moves"], chance)
    gives = any(f.kind == "critgive" and f.who == 1 for f in rolled.stack)
    settled = play(g, rolled, [next(m for m in g.legal_moves(rolled) if m.verb == "give")], chance) if gives else rolled
    what = {"win": settled.players[0].at == 2, "drew": len(rolled.players[0].hand) > len(s.players[0].hand),
            "extra": (s.players[1].hp - settled.players[1].hp) > g.content.rooms["cerbubble"].damage}
    right = "win" if what["win"] else "cards" if what["drew"] and gives else "damage" if what["extra"] else "nothing"
    return g, s, rolled, settled, what, right


@lru_cache(maxsize=None)
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
    return g, s, play(g, s, ["p1 reveal r2", f"room r2 {pourtal}"])


@lru_cache(maxsize=None)
def power_traps_scene():
    g, s, sc = scene("power-traps")
    tried = play(g, s, sc["moves"])
    mine = tried.players[0]
    what = {"blocked": "crown-of-froth" in mine.power_traps and "crown-of-froth" in mine.powerups,
            "damage": mine.hp < s.players[0].hp, "lost": "crown-of-froth" not in mine.powerups,
            "again": g.parse_move(sc["again"]) in g.legal_moves(tried, 0)}
    right = ("blocked" if what["blocked"] and not (what["damage"] or what["again"]) else
             next(k for k in ("damage", "lost", "again") if what[k]))
    return g, s, tried, what, right


def variants(L, w):
    g, s, rolled, settled, what, right = crits_scene()
    card = g.content.rooms["cerbubble"]
    a = L.part(w, "crits", "H17", card=card.name, level=card.level).choice(
        right, ("win", "cards", "nothing", "damage"), {"win": "crit-wins", "nothing": "crit-off", "damage": "crit-damage"})
    fg, fs, over = frenzy_scene()
    winners = frozenset(str(p) for p in over.winners)
    b_ = L.part(w, "frenzy", "H-EXP10", counts=L.join(f"{L.who(p, not p)} {len(pl.powerups)}"
                                                        for p, pl in enumerate(fs.players)))
    labels = {str(p): L.who(p) for p in range(3)} | dict(b_.options(("nobody",)))
    b = b_.choose(b_.set_check(winners, {"nobody": "frenzy-guardian"}, dict.fromkeys(winners, "frenzy-tiebreak"),
                               name=labels.get), labels.items(),
                  b_.solution(L.join(labels[p] for p in sorted(winners))), many=True)
    pg, ps, tried, pwhat, pright = power_traps_scene()
    keys = ("blocked", "damage", "lost", "again")
    c_ = L.part(w, "power-traps", "H-EXP5")
    c = c_.choice(pright, keys, {"damage": "ptrap-damage", "lost": "ptrap-lost", "again": "ptrap-again"},
                  yes_no(L, c_, keys, pwhat))
    return w("text"), (a, b, c)


# ============================================================================ 18. diy

DIY_WINDOWS = ("your_turn", "between_turns", "battle", "after_loss")
DIY_EFFECTS = (("heal", 10), ("heal", 20), ("heal", 30), ("draw", 1), ("draw", 2), ("damage", 10),
               ("place_trap", 1), ("roll_mod", 2), ("level_mod", 2), ("extra_action", 1))
#: what the engine's refusal of a card says -> the misreading it shows
DIY_REFUSALS = (("budget", "diy-over-budget"), ("cannot be played", "diy-wrong-window"), ("at most once", "diy-verb-twice"))


def diy_spec(picked) -> dict:
    """The card the learner's chips describe (``w:<window>``, ``c:<colour>``, ``e:<verb>:<amount>``)."""
    picked = list(picked)
    effects = sorted(((p.split(":")[1], int(p.split(":")[2])) for p in picked if p.startswith("e:")),
                     key=lambda e: DIY_EFFECTS.index(e) if e in DIY_EFFECTS else len(DIY_EFFECTS))
    return {"windows": [p[2:] for p in picked if p.startswith("w:")],
            "colours": [p[2:] for p in picked if p.startswith("c:")], "effects": effects}


def diy_drawing(part, windows: dict, colours: dict):
    """The card designer: chips for a window, a colour and effects, and the card so far with its cost."""
    said = {k: part(f"designer.{k}") for k in ("when", "colour", "effects", "none", "label")}
    chips = {f"e:{v}:{a}": part(f"chips.{v.replace('_', '-')}-{a}") for v, a in DIY_EFFECTS}
    window_line, effects_line = part.later("designer.window", "windows"), part.later("designer.effect-list", "effects")
    cost_of, name = part.later("designer.cost", "cost"), part("name")

    def draw(sel) -> str:
        spec, chosen = diy_spec(sel), set(sel)
        parts = [svg.rect(0, 0, 640, 300, rx=12, fill="#fbf6ea")]

        def chip(x, y, width, id_, label, colour="#4a6fa5"):
            on = id_ in chosen
            return svg.group([svg.rect(x, y, width, 24, rx=12, fill=colour if on else "#fff", stroke=colour,
                                       stroke_width=1.5),
                              svg.text(x + width / 2, y + 16, label, text_anchor="middle", font_size=12,
                                       fill="#fff" if on else "#333")],
                             class_="chip" + (" on" if on else ""), data_id=id_, role="button", aria_label=label,
                             aria_pressed="true" if on else "false")

        def heading(y, text):
            return svg.text(16, y, text, font_size=13, font_weight=700, fill="#4a4232")

        parts.append(heading(24, said["when"]))
        parts += [chip(16 + 122 * k, 32, 116, f"w:{x}", windows[x]) for k, x in enumerate(DIY_WINDOWS)]
        parts.append(heading(80, said["colour"]))
        parts += [chip(16 + 78 * k, 88, 72, f"c:{c}", colours[c], LOOT_COLOURS.get(c, "#777")) for k, c in
                  enumerate(COLOURS)]
        parts.append(heading(136, said["effects"]))
        parts += [chip(16 + 122 * (k % 5), 144 + 32 * (k // 5), 116, id_, label, "#7a5a2e")
                  for k, (id_, label) in enumerate(chips.items())]
        cost = sum(VERBS[v].cost(a) for v, a in spec["effects"])
        lines = [name, window_line(windows=", ".join(windows[x] for x in spec["windows"]) or "?"),
                 effects_line(effects="; ".join(VERBS[v].words(a) for v, a in spec["effects"]) or said["none"])]
        parts.append(svg.rect(16, 218, 608, 70, rx=10, fill="#fff", stroke=LOOT_COLOURS.get(
            spec["colours"][0] if spec["colours"] else "", "#bbb"), stroke_width=3))
        parts += [svg.text(28, 240 + 18 * k, t, font_size=12 if k else 14, font_weight=400 if k else 700, fill="#333")
                  for k, t in enumerate(lines)]
        parts.append(svg.text(612, 240, cost_of(cost=cost), text_anchor="end", font_size=13, font_weight=700,
                              fill="#b3261e" if cost > 3 else "#2a6420", class_="cost"))
        return svg.svg(parts, 640, 300, role="group", aria_label=said["label"], class_="bw-bc-diy",
                       font_family="system-ui, -apple-system, 'Segoe UI', sans-serif")

    return draw


def diy(L, w):
    p = L.part(w, "design", "H-LOOT6")
    windows = {x: L.common(f"windows.{x}") for x in DIY_WINDOWS}
    colours = {c: p(f"colours.{c}") for c in COLOURS}
    said, red, name = p.later("right", "card", "text"), p("any-colour"), p("name")
    problems = {k: p(f"problems.{k}") for k in ("windows", "colours", "effects")}

    def check(picked):
        spec = diy_spec(picked)
        for key, want in (("windows", 1), ("colours", 1), ("effects", 0)):
            if (len(spec[key]) != want) if want else not spec[key]:
                return L.no(problems[key], "H-LOOT6")
        try:
            card = diy_card(name=name, colour=spec["colours"][0], window=spec["windows"][0], effects=spec["effects"])
        except InvalidInput as e:
            mid = next((m for words, m in DIY_REFUSALS if words in str(e)), None)
            rule, why = (getattr(e, "problems", None) or [(e.rule, str(e))])[0]
            return L.mis(mid) if mid else L.no(why, rule)
        if card.window != "between_turns":
            return L.mis("diy-wrong-moment")
        if not any(v == "heal" for v, _ in card.effects):
            return L.mis("diy-no-heal")
        return L.right(said(card=card.name, text=card.text) + (" " + red if card.colour != "blue" else ""), "H-LOOT6")

    ex = pick(p, check, diy_drawing(p, windows, colours),
              p.solution(picks=("w:between_turns", "c:blue", "e:heal:20", "e:draw:1")), mode="set")
    return w("text"), (ex,)


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (variants, diy)
