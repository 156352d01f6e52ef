"""Builders of Baldur's Gate lab: set up any position, share it as text, play and branch it, ask for analysis.

Imported only when the lab is shown (the app's ``baldurs-gate-lab`` page, or
``BaldursGateLab()`` as the last line of a notebook cell). Every number comes
from :mod:`.analysis` (pure); the city is drawn by :mod:`.drawing`; this
module only wires them. Every word is in the engine's catalogue (``lab.*``),
English and Czech (the ``language`` option).

- *Set up*: click the city to build, fortify or remove for the house chosen;
  set its gold, supplies, favor, tracks, worker, hand and agendas, and whose
  turn it is; undo and redo every edit; the position as text to copy, or a
  text to paste (every problem listed). Edits are not moves: nothing is paid,
  no token is drawn.
- *Play and branch*: a session from the position (the kit's lab piece,
  :func:`balada_widgets.ui.lab.PlayTree`): click the city or a decision to
  play it, chance draws the rest (seeded), undo/redo/restart, the move log
  with its branches (words and notation), the strong bot's move, the save
  file.
- *City analysis* (for the position being played): as a house sees it, the
  city drawn with its largest network, cut points, the parcels and spots that
  would grow or join it, and the districts at risk; networks and cut points
  in words; attack risk and the hidden district's exact odds; the attacks so
  far (``game.attack_log``); the prestige trace walked with the kit's
  ``Explain`` (so far, or the final scoring if the game ended now); the
  legal decisions; the best move (the strong bot's, and why) and the expected
  score by playouts.
- *Bots*: seeded games of random, greedy and strong bots, score
  distributions by level.

Stable classes for tests: tabs ``bw-bgl-tab-setup`` / ``-play`` / ``-city`` /
``-bots``; boards ``bw-bgl-setup-board``, ``bw-bgl-play-board``,
``bw-bgl-city-board``, ``bw-bgl-moves``; buttons ``bw-bgl-best``,
``bw-bgl-play-best``, ``bw-bgl-bot-move``, ``bw-bgl-load``,
``bw-bgl-playouts``, ``bw-bgl-stats``; texts ``bw-bgl-position``,
``bw-bgl-paste``, ``bw-bgl-networks``, ``bw-bgl-risk``, ``bw-bgl-hidden``,
``bw-bgl-attacks``, ``bw-bgl-advice``.
"""

from __future__ import annotations

from typing import Callable, Optional

import solara

from ..core.errors import GameError
from ..core.session import Session
from ..kit import svg
from ..ui.board import Board
from ..ui.controls import Controls
from ..ui.explain import Explain
from ..ui.hooks import Box
from ..ui.lab import ROW, Lines, PlayTree, PositionBox, use_edit, use_edits
from ..ui.reminder import Reminder
from ..ui.session import use_session_version
from . import analysis
from .bots import make_bot
from .drawing import CSS, DEFS, city_svg, move_target, parse_id
from . import i18n
from .i18n import CATALOG, LANGUAGES
from .rules import BaldursGateGame
from .state import Turn

__all__ = ["BaldursGateLab", "CityAnalysis", "PlayPanel", "SetUp", "BotsTab", "lab_words", "marks_css",
           "piece_words"]

TOOLS = ("inn", "hall", "market", "temple", "tower", "keep", "gate", "remove")


def lab_words(language: str) -> dict:
    """The kit's panels' words (controls, log, explain) in ``L``, from the engine's catalogue."""
    keys = ("undo", "redo", "restart", "new_game", "start", "go_start", "go_move", "branches", "branch", "switch",
            "rule", "points", "why", "total", "so_far", "all", "step")
    cat = CATALOG.get(language) or CATALOG["en"]
    return {k: cat.get(f"ui.kit.{k}") or CATALOG["en"][f"ui.kit.{k}"] for k in keys}  # templates, unfilled


def marks_css(ids, colour: str, width: float = 6) -> str:
    """CSS that rings the city's elements ``ids`` (their ``data-id``) in ``colour``: marks without a new drawing."""
    sel = ", ".join(f'.bw-bg [data-id="{svg.escape(str(i))}"] .hl-ring' for i in ids)
    return f"{sel} {{ stroke: {colour} !important; stroke-width: {width}; animation: none; }}" if sel else ""


def piece_words(language: str) -> dict:
    """The words of the kit's lab piece (:data:`balada_widgets.ui.lab.LAB_WORDS`) in ``language``: the position
    box, the bot's move, the save file. A click where no decision or several go says nothing (as on the city)."""
    keys = {"position": "lab.ui.position", "position_label": "lab.ui.position_label", "paste": "lab.ui.paste",
            "load": "lab.ui.load", "bot_move": "lab.ui.bot_move", "save": "lab.ui.save"}
    return {**{k: i18n.text(key, language) for k, key in keys.items()}, "no_move": "", "several": ""}


def _players(game, language) -> list:
    return [i18n.text("lab.ui.player", language, n=p + 1) for p in range(game.players)]


# ======================================================================= set up


@solara.component
def SetUp(game: BaldursGateGame, box: Box, on_state: Callable, can_undo: bool, can_redo: bool, on_undo, on_redo,
          on_text: Callable):
    """Edit the position: a tool on the city, each house's fields, whose turn, the position text."""
    language = game.language
    state = box.value
    tool, set_tool = solara.use_state("tower")
    who, set_who = solara.use_state(0)
    edit, error, set_error = use_edit(lambda **changes: analysis.edit_position(game, state, **changes), on_state)

    def click(id_: str):
        kind = parse_id(id_)
        if kind is None or kind[0] not in ("parcel", "fort", "hq"):
            return
        if tool == "remove":
            return edit(remove=id_)
        if tool in analysis.FORTS:
            return edit(player=who, fortify=(id_, tool))
        return edit(player=who, build=(id_, tool))

    tool_names = [i18n.text("lab.ui.tool_build", language, type=game.content.type_name(k, language).lower())
                  for k in TOOLS[:4]] \
        + [i18n.text("lab.ui.tool_fort", language, fort=i18n.text(f"thing.{k}", language)) for k in TOOLS[4:7]] \
        + [i18n.text("lab.ui.tool_remove", language)]
    ids = _tool_targets(game, state, tool)
    with solara.Column(gap="8px", classes=["bw-bgl-setup"]) as col:
        with solara.Row(style=ROW):
            solara.Select(i18n.text("lab.ui.whose", language), values=_players(game, language),
                          value=_players(game, language)[who],
                          on_value=lambda v: set_who(_players(game, language).index(v)), classes=["bw-bgl-who"],
                          style={"max-width": "130px"})
            solara.Select(i18n.text("lab.ui.tool", language), values=tool_names, value=tool_names[TOOLS.index(tool)],
                          on_value=lambda v: set_tool(TOOLS[tool_names.index(v)]), classes=["bw-bgl-tool"],
                          style={"max-width": "220px"})
            Controls(on_undo=on_undo, on_redo=on_redo, can_undo=can_undo, can_redo=can_redo, words=lab_words(language))
        solara.Text(i18n.text("lab.ui.edit_note", language), style={"color": "#6b604b", "font-size": "13px"})
        Board(svg=city_svg(game, state, targets=ids, language=language), on_click=click, class_name="bw-bgl-setup-board",
              css=CSS, defs=DEFS)
        Reminder(error, on_close=lambda: set_error(None))
        HouseEditor(game, box, who, edit)
        PositionBox(game.state_to_text(state), game.state_from_text, on_text, prefix="bw-bgl",
                    words=piece_words(language))
    return col


def _tool_targets(game, state, tool: str) -> tuple:
    """Where the tool can act: available parcels (build), free spots (fortify), pieces but HQs (remove)."""
    city = game.city
    if tool in analysis.BUILDINGS:
        return tuple(city.nodes[city.parcel_index[n]] for n in state.avail)
    if tool in analysis.FORTS:
        return tuple(city.nodes[i] for i in city.forts if state.pieces[i] is None)
    return tuple(city.nodes[i] for i, pc in enumerate(state.pieces) if pc is not None and pc.kind != "hq")


@solara.component
def HouseEditor(game: BaldursGateGame, box: Box, p: int, edit: Callable):
    """One house's resources, tracks, worker, hand and agendas; whose turn it is."""
    language = game.language
    state = box.value
    pl = state.players[p]
    home = i18n.text("lab.ui.home", language)
    places = [home] + [game.city.district_name(d, language) for d in game.city.districts]
    worker = home if not pl.worker else game.city.district_name(pl.worker, language)
    cards = sorted(set(pl.hand) | set(state.deck))
    agendas = sorted(set(pl.agendas) | set(state.agenda_deck))
    with solara.Column(gap="4px", classes=["bw-bgl-house"]) as col:
        with solara.Row(style=ROW):
            solara.Select(i18n.text("lab.ui.turn", language), values=_players(game, language),
                          value=_players(game, language)[state.active],
                          on_value=lambda v: edit(active=_players(game, language).index(v)), classes=["bw-bgl-active"],
                          style={"max-width": "140px"})
            for name in ("gold", "supply", "favor"):
                solara.InputInt(i18n.text("lab.ui." + name, language), value=getattr(pl, name), on_value=lambda v,
                                n=name: edit(player=p, **{n: v}),
                                classes=[f"bw-bgl-{name}"], style={"max-width": "90px"})
            for k, f in enumerate(game.faction_ids):
                solara.InputInt(game.faction_name(f, language), value=pl.influence[k], classes=[f"bw-bgl-track-{f}"],
                                on_value=lambda v, f=f: edit(player=p, influence={f: v}), style={"max-width": "120px"})
            solara.Select(i18n.text("lab.ui.worker", language), values=places, value=worker, classes=["bw-bgl-worker"],
                          on_value=lambda v: edit(player=p, worker="" if v == home
                                                  else game.city.districts[places.index(v) - 1]),
                          style={"max-width": "170px"})
        solara.SelectMultiple(i18n.text("lab.ui.hand", language), values=list(pl.hand), all_values=cards, dense=True,
                              on_value=lambda v: edit(player=p, hand=v), classes=["bw-bgl-hand"])
        solara.SelectMultiple(i18n.text("lab.ui.agendas", language), values=list(pl.agendas), all_values=agendas, dense=True,
                              on_value=lambda v: edit(player=p, agendas=v), classes=["bw-bgl-agendas"])
    return col


# ======================================================================= play and branch


@solara.component
def PlayPanel(game: BaldursGateGame, session: Session, on_edit: Optional[Callable] = None):
    """The session on the kit's :func:`~balada_widgets.ui.lab.PlayTree`, on the city: play by clicking the city or
    a decision; ``on_edit(state)`` takes the position reached back to the editor (at the start of a turn)."""
    language = game.language

    def board(state, targets, on_click, version):
        return Board(svg=city_svg(game, state, targets=targets, language=language), on_click=on_click,
                     class_name="bw-bgl-play-board", css=CSS, defs=DEFS, version=version)

    def header(state) -> str:
        if state.over:
            return i18n.text("lab.ui.over", language, text=game.result_text(state))
        return i18n.text("lab.ui.decide", language, text=game.pending(state).text)

    return PlayTree(game, session, prefix="bw-bgl", board=board, target_of=move_target,
                    bot=lambda seed: make_bot("strong", seed), header=header, words=piece_words(language),
                    kit_words=lab_words(language), on_edit=on_edit, edit_label=i18n.text("lab.ui.edit_here", language),
                    can_edit=analysis.at_turn_start)


# ======================================================================= city analysis


def _city_marks(game, view, p: int, outlook) -> tuple:
    """``(selected, targets, districts, css)`` for the analysis board: network, growth, risk, cut points."""
    net = analysis.networks(game, view, p)
    grow = tuple(g.node for g in analysis.growth(game, view, p))
    strength = game.current_strength(view)
    risky = tuple(o.district for o in outlook if o.attack is None and (o.next_attack > 0 or (
        o.defence < strength and any(o.buildings))))
    css = marks_css([c.node for c in net.cut_points], "#c0392b")
    return tuple(net.largest), grow, risky, css


@solara.component
def CityAnalysis(game: BaldursGateGame, box: Box, record_box: Box, on_play: Optional[Callable] = None):
    """The position analysed as one house sees it: the city with marks, networks, risk, attacks, score, advice."""
    language = game.language
    state = box.value
    record = record_box.value
    waiting = game.to_move(state)
    who, set_who = solara.use_state(waiting[0] if waiting else state.active)
    p = who if 0 <= who < game.players else 0
    view = solara.use_memo(lambda: game.view(state, p), [state, p])
    outlook = solara.use_memo(lambda: analysis.attack_outlook(game, view, record), [view, record])
    selected, grow, risky, css = solara.use_memo(lambda: _city_marks(game, view, p, outlook), [view, outlook])
    texts = solara.use_memo(lambda: (analysis.networks(game, view, p).text(game, language) + "\n"
                                     + analysis.growth_text(game, view, p, language),
                                     analysis.hidden_odds(game, view, record).text(game, language)),
                            [view, record, language])
    with solara.Column(gap="8px", classes=["bw-bgl-city"]) as col:
        solara.Select(i18n.text("lab.ui.as_seen_by", language), values=_players(game, language),
                      value=_players(game, language)[p],
                      on_value=lambda v: set_who(_players(game, language).index(v)), classes=["bw-bgl-viewer"],
                      style={"max-width": "150px"})
        Board(svg=city_svg(game, view, selected=selected, targets=grow, highlight_districts=risky, language=language),
              class_name="bw-bgl-city-board", css=CSS + css, defs=DEFS)
        solara.Text(i18n.text("lab.ui.legend", language), style={"color": "#6b604b", "font-size": "12.5px"})
        with solara.Row(style={"gap": "16px", "align-items": "flex-start", "flex-wrap": "wrap"}):
            with solara.Column(style={"flex": "1 1 440px"}):
                solara.Markdown(f"**{i18n.text('lab.ui.networks', language)}**")
                Lines(texts[0], "bw-bgl-networks")
                Advice(game, box, p, on_play)
            with solara.Column(style={"flex": "1 1 440px"}):
                solara.Markdown(f"**{i18n.text('lab.ui.risk', language)}**")
                RiskTable(game, Box(outlook))
                Lines(texts[1], "bw-bgl-hidden")
                solara.Markdown(f"**{i18n.text('lab.ui.attacks', language)}**")
                Lines("\n".join(f"- {x}" for x in analysis.attack_lines(game, state, language))
                       or i18n.text("lab.attack.none", language), "bw-bgl-attacks")
        ScorePanel(game, box, p)
    return col


@solara.component
def RiskTable(game: BaldursGateGame, outlook_box: Box):
    """Attack risk per district as a table: tokens, defence, next draw, hidden, expected strength, holds."""
    language = game.language
    cols = ("district", "tokens", "defence", "next", "hidden", "strength", "holds", "exposed")
    head = "| " + " | ".join(i18n.text(f"lab.ui.table_{c}", language) for c in cols) + " |\n|" + "---|" * len(cols)
    rows = []
    for o in outlook_box.value:
        name = game.city.district_name(o.district, language)
        if o.attack is not None:
            a = o.attack
            done = i18n.text("lab.risk.held" if a.defended else "lab.risk.fell", language)
            rows.append(f"| {name} | 4/4 | {a.defence} | {done} ({a.strength}) | | | | |")
            continue
        exp = sum(float(s) * float(q) for s, q in o.strengths.items())
        exposed = ", ".join(f"{game.player_name(q, language)}: {n}" for q, n in enumerate(o.exposed) if n)
        rows.append(f"| {name} | {o.tokens}/4 | {o.defence} | {analysis.pct(o.next_attack, language)} | {analysis.pct(o.hidden, language)} | "
                    f"{analysis.decimal(exp, language)} | {analysis.pct(o.holds, language)} | {exposed} |")
    with solara.Div(classes=["bw-bgl-risk"]) as div:
        solara.Markdown(head + "\n" + "\n".join(rows), style={"font-size": "13px"})
    return div


@solara.component
def ScorePanel(game: BaldursGateGame, box: Box, p: int):
    """The prestige trace of a house walked with the kit's Explain: so far, or the final scoring if it ended now."""
    language = game.language
    state = box.value
    which, set_which = solara.use_state("so_far")
    step, set_step = solara.use_state(None)
    kinds = ("so_far", "preview")
    names = [i18n.text(f"lab.ui.score_{k}", language) for k in kinds]
    steps = solara.use_memo(lambda: analysis.score_steps(game, state, p, which if not state.over else "so_far", language),
                            [state, p, which])
    with solara.Column(gap="4px", classes=["bw-bgl-score"]) as col:
        if not state.over:
            solara.ToggleButtonsSingle(value=names[kinds.index(which)], values=names, dense=True,
                                       on_value=lambda v: (set_which(kinds[names.index(v)]), set_step(None)),
                                       classes=["bw-bgl-score-which"])
        Explain(steps, step=step if step is None or step < len(steps) else None, on_step=set_step,
                title=f"{i18n.text('lab.ui.score', language)}: {game.player_name(p, language)}",
                where_label=i18n.text("ui.source", language),
                words=lab_words(language))
    return col


@solara.component
def Advice(game: BaldursGateGame, box: Box, p: int, on_play: Optional[Callable] = None):
    """The strong bot's move and why; the expected score by playouts; the legal decisions."""
    language = game.language
    state = box.value
    asked, set_asked = solara.use_state((None, None))  # (state, answer): shown for its own position only
    played, set_played = solara.use_state((None, ""))
    error, set_error = solara.use_state(None)
    advice = asked[1] if asked[0] is state else None
    plays = played[1] if played[0] is state else ""
    waiting = game.to_move(state)

    def ask():
        try:
            set_asked((state, analysis.best_move(game, state, level="strong")))
            set_error(None)
        except GameError as e:
            set_error(str(e))

    def run_playouts():
        try:
            set_played((state, analysis.playouts(game, state, n=4, level="greedy", viewer=p).text(game, language)))
            set_error(None)
        except GameError as e:
            set_error(str(e))

    with solara.Column(gap="6px", classes=["bw-bgl-advice-panel"]) as col:
        with solara.Row(style=ROW):
            solara.Button(i18n.text("lab.ui.best", language), on_click=ask, disabled=not waiting, outlined=True,
                          classes=["bw-bgl-best"])
            solara.Button(i18n.text("lab.ui.playouts", language, n=4), on_click=run_playouts, disabled=state.over,
                          outlined=True,
                          classes=["bw-bgl-playouts"])
        Reminder(error, on_close=lambda: set_error(None))
        if advice is not None:
            Lines(advice.text(game, language), "bw-bgl-advice")
            if on_play is not None:
                solara.Button(i18n.text("lab.ui.play_it", language, move=advice.words),
                              on_click=lambda: on_play(advice.move), small=True,
                              classes=["bw-bgl-play-best"], style={"text-transform": "none"})
        if plays:
            Lines(plays, "bw-bgl-playout-text")
        if waiting:
            with solara.Details(i18n.text("lab.ui.decisions", language), expand=False):
                Lines("\n".join(f"- {w} (`{n}`)" for _, w, n in analysis.decisions(game, state, viewer=waiting[0])),
                       "bw-bgl-decisions")
    return col


# ======================================================================= bots


@solara.component
def BotsTab(game: BaldursGateGame):
    """Seeded games of mixed bot levels, seats rotated: the final prestige by level, as numbers and a box plot."""
    import matplotlib.pyplot as plt

    language = game.language
    games, set_games = solara.use_state(3)
    stats, set_stats = solara.use_state(None)
    with solara.Column(gap="8px", classes=["bw-bgl-bots"]) as col:
        solara.Text(i18n.text("lab.ui.stats_note", language))
        with solara.Row(style=ROW):
            with solara.Div(style={"width": "260px"}):
                solara.SliderInt(i18n.text("lab.ui.stats_games", language), value=games, min=1, max=30, on_value=set_games)
            solara.Button(i18n.text("lab.ui.stats_run", language), outlined=True, classes=["bw-bgl-stats"],
                          on_click=lambda: set_stats(analysis.bot_stats(games=games, players=game.players, seed=0)))
        if stats is not None:
            Lines(stats.text(language), "bw-bgl-stats-text")
            fig, ax = plt.subplots(figsize=(7, 2.8))
            analysis.plot_bot_scores(stats, ax, language)
            fig.tight_layout()
            plt.close(fig)
            solara.FigureMatplotlib(fig)
    return col


# ======================================================================= the page


def _start(game, seed: int):
    """The lab's first position: a seeded greedy game stopped at the start of a turn, with its draws."""
    session = analysis.example_session(game, seed=seed, moves=90)
    return session.state, analysis.draw_record(session)


@solara.component
def BaldursGateLab(players: int = 3, language: str = "en", text: Optional[str] = None, seed: int = 23):
    """The lab page: set up, play and branch, city analysis, bots (see the module docstring)."""
    lang, set_lang = solara.use_state(language if language in LANGUAGES else "en")
    n, set_n = solara.use_state(players)
    seed_, set_seed = solara.use_state(seed)
    game = solara.use_memo(lambda: BaldursGateGame(players=n, language=lang), [n, lang])
    first = solara.use_memo(lambda: (game.state_from_text(text), None) if text else _start(game, seed_),
                            [n, seed_, text])
    # the edits (reassigned, never mutated) and the draws' record, kept while the tokens are untouched
    edits = use_edits(first[0])
    record, set_record = solara.use_state(first[1])

    def start_over():
        edits.reset(first[0])
        set_record(first[1])

    solara.use_effect(start_over, [first])
    tab, set_tab = solara.use_state(0)
    state = edits.state
    session = solara.use_memo(lambda: Session(game, seed=0, state=state), [game, state])
    use_session_version(session)
    language = lang

    def pasted(new):
        edits.reset(new)
        set_record(None)

    def play_best(move):
        session.play(move)

    def edit_here(new):
        set_record(analysis.draw_record(session, record) if record is not None else None)
        edits.reset(new)
        set_tab(0)

    play_record = analysis.draw_record(session, record) if record is not None else None
    with solara.Column(classes=["baldurs-gate-lab"], gap="8px", style={"max-width": "1280px"}) as col:
        solara.Markdown(f"## {i18n.text('lab.ui.title', language)}")
        with solara.Row(style=ROW):
            solara.ToggleButtonsSingle(value=lang, values=list(LANGUAGES), on_value=set_lang, dense=True,
                                       classes=["bw-bgl-language"])
            solara.Select(i18n.text("lab.ui.players", language), values=["2", "3", "4"], value=str(n),
                          on_value=lambda v: set_n(int(v)),
                          classes=["bw-bgl-players"], style={"max-width": "90px"})
            solara.InputInt(i18n.text("lab.ui.seed", language), value=seed_, on_value=set_seed, classes=["bw-bgl-seed"],
                            style={"max-width": "170px"})
        with solara.lab.Tabs(value=tab, on_value=set_tab):
            solara.lab.Tab(i18n.text("lab.ui.tab_setup", language), classes=["bw-bgl-tab-setup"])
            solara.lab.Tab(i18n.text("lab.ui.tab_play", language), classes=["bw-bgl-tab-play"])
            solara.lab.Tab(i18n.text("lab.ui.tab_city", language), classes=["bw-bgl-tab-city"])
            solara.lab.Tab(i18n.text("lab.ui.tab_bots", language), classes=["bw-bgl-tab-bots"])
        if tab == 0:
            SetUp(game, Box(state), edits.push, edits.can_undo, edits.can_redo, edits.undo, edits.redo, pasted)
        elif tab == 1:
            PlayPanel(game, session, on_edit=edit_here)
        elif tab == 2:
            CityAnalysis(game, Box(session.state), Box(play_record), on_play=play_best)
        else:
            BotsTab(game)
    return col
