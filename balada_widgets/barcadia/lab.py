"""Heroes of Barcadia lab: set up any position, share it as text, play and branch it, ask for analysis.

Imported only when the lab is shown (the app's ``barcadia-lab`` page, or
``BarcadiaLab()`` as the last line of a notebook cell). Every number comes
from :mod:`.analysis` (pure); this module only draws and wires it.

- *Set up*: click the dungeon to place a cup, flip a room, give it an
  identity, a trap or a Power-Up; set each player's HP, Power-Ups and Loot
  Cards, and whose turn it is; the position text to copy or paste; undo and
  redo of every edit. A refused edit shows the rule it breaks.
- *Play and branch*: a :class:`~balada_widgets.core.session.Session` from the
  position (the kit's lab piece, :func:`balada_widgets.ui.lab.PlayTree`):
  click a room or a move to play it, chance draws the rest (seeded),
  undo/redo, the move log with its branches (words and notation), the strong
  bot's move, the save file.
- *Analysis* (under both): for the player chosen, the decision pending, the
  roll about to be made, the strong bot's best move and why, where the cup can
  get this turn drawn on the board (click a room for its path), fight or go
  around for a face-down room next to the cup, and playouts.
- *Odds* and *Bots*: the odds tables and plots, the bots' statistics by level.

Hidden information: the set-up and play boards show the whole position (the
lab is where positions are made, like a referee's table); the analysis shows
and uses only what the chosen player may know (``game.view``): their hand,
their peeks, the identities shown to all.

Stable classes for tests: boards ``bw-lab-setup-board``, ``bw-lab-play-board``,
``bw-lab-reach-board``, ``bw-lab-moves``; buttons ``bw-lab-best``,
``bw-lab-play-best``, ``bw-lab-bot-move``, ``bw-lab-load``, ``bw-lab-playouts``,
``bw-lab-bot-stats``; text ``bw-lab-position`` (the position), ``bw-lab-paste``.
"""

from __future__ import annotations

from typing import Callable, Optional

import solara

from ..core.errors import GameError
from ..core.session import Session
from ..ui.board import Board
from ..ui.controls import Controls
from ..ui.lab import ROW, Lines, PlayTree, PositionBox, use_edit, use_edits
from ..ui.reminder import Reminder
from ..ui.session import use_session_version
from . import analysis
from .bots import make_bot
from .drawing import CSS, DEFS, dungeon_svg
from .odds import format_percent
from .rules import BarcadiaGame
from .state import START, room_name

__all__ = ["BarcadiaLab", "Analysis", "BotsTab", "OddsTab", "PlayPanel", "SetUp", "example_position", "lab_game",
           "tool_targets"]

TOOLS = ("cup", "flip", "identity", "trap +", "trap -", "Power-Up", "clear")


def lab_game(players: int = 3) -> BarcadiaGame:
    """The lab's game: the shipped ``cozy`` dungeon for 2-3 players, ``grand`` for 4-6."""
    return BarcadiaGame(players=players, dungeon="cozy" if players <= 3 else "grand")


def example_position(game: BarcadiaGame):
    """A position to start from: a re-hidden Kettle Imp behind a trap next to player 1, Pourtals, hands."""
    players = {0: {"at": 3, "hp": 60, "hand": ["courage", "dash", "redo"], "powerups": ["fizzing-gauntlets"]},
               1: {"at": 20, "hp": 80, "hand": ["boost", "jinx"], "powerups": ["crown-of-froth", "coaster-shield"]}}
    if game.players > 2:
        players[2] = {"hand": ["trap"]}
    rooms = {3: "puddle-pup", 4: "fizzing-pourtal", 5: "snack-stash", 20: "whirlpool-pourtal", 21: "sip-serpent",
             16: {"card": "lime-lich", "up": True, "traps": 1},
             17: {"card": "kettle-imp", "up": False, "public": True, "traps": 1},
             15: {"traps": 2}, 9: {"card": "cola-colossus", "up": False, "public": True}}
    return game.position(players=players, rooms=rooms, turn=7)


def tool_targets(game, state, tool: str, who: int = 0) -> list:
    """The rooms where a set-up tool can act (highlighted; a click elsewhere shows why it cannot)."""
    from .ops import enterable, occupied_set

    occ = occupied_set(state)
    rooms = range(1, len(state.rooms))
    if tool == "cup":
        return ["START"] + [f"r{i}" for i in rooms if enterable(game, state, i, occ - {state.players[who].at})]
    if tool == "identity":
        return [f"r{i}" for i in rooms]
    if tool == "trap +":
        return [f"r{i}" for i in rooms if i not in occ and state.rooms[i].traps < 3]
    if tool == "trap -":
        return [f"r{i}" for i in rooms if state.rooms[i].traps]
    return [f"r{i}" for i in rooms if i not in occ]


def _room_of(id_: str) -> Optional[int]:
    if id_ == "START":
        return START
    if id_[:1] == "r" and id_[1:].isdigit():
        return int(id_[1:])
    return None


def _room_id(i: int) -> str:
    return "START" if i == START else f"r{i}"


# ======================================================================= set up


@solara.component
def SetUp(game: BarcadiaGame, state, on_state: Callable, can_undo: bool, can_redo: bool, on_undo, on_redo):
    """Edit the position: tools on the board, players' fields, the position text."""
    tool, set_tool = solara.use_state("cup")
    who, set_who = solara.use_state(0)
    card, set_card = solara.use_state("kettle-imp")
    pu, set_pu = solara.use_state("bubble-boots")
    edit, error, set_error = use_edit(lambda **changes: analysis.edit_position(game, state, **changes), on_state)

    def click(id_: str):
        i = _room_of(id_)
        if i is None:
            return
        r = state.rooms[i]
        if tool == "cup":
            return edit(player=who, at=i)
        if i == START:
            return set_error("START is the Starting Point: only cups go there (rule H1)")
        if tool == "flip":
            return edit(room=i, up=not r.up) if r.card else edit(room=i, card=card, up=True)
        if tool == "identity":
            return edit(room=i, card=card, up=r.up, public=True)
        if tool in ("trap +", "trap -"):
            return edit(room=i, traps=r.traps + (1 if tool == "trap +" else -1))
        if tool == "Power-Up":
            return edit(room=i, powerups=list(r.powerups) + [pu])
        return edit(room=i, card=None, traps=0, powerups=[])

    rooms = sorted(game.content.rooms.values(), key=lambda c: (c.type, c.level or 0, c.name))
    with solara.Column(gap="8px", classes=["bw-lab-setup"]) as col:
        with solara.Row(style=ROW):
            solara.ToggleButtonsSingle(value=tool, values=list(TOOLS), on_value=set_tool, dense=True,
                                       classes=["bw-lab-tool"])
            if tool == "cup":
                solara.Select("whose cup", values=[f"player {p + 1}" for p in range(game.players)],
                              value=f"player {who + 1}", on_value=lambda v: set_who(int(v.split()[1]) - 1),
                              classes=["bw-lab-who"], style={"max-width": "140px"})
            if tool in ("flip", "identity"):
                solara.Select("identity", values=[c.id for c in rooms], value=card, on_value=set_card,
                              classes=["bw-lab-card"], style={"max-width": "220px"})
            if tool == "Power-Up":
                solara.Select("Power-Up", values=sorted(game.content.powerups), value=pu, on_value=set_pu,
                              classes=["bw-lab-pu"], style={"max-width": "220px"})
            Controls(on_undo=on_undo, on_redo=on_redo, can_undo=can_undo, can_redo=can_redo)
        Board(svg=dungeon_svg(game, state, targets=tool_targets(game, state, tool, who), fight=None, legend=False),
              on_click=click, class_name="bw-lab-setup-board", css=CSS, defs=DEFS)
        Reminder(error, on_close=lambda: set_error(None))
        PlayersEditor(game, state, edit)
        PositionBox(game.state_to_text(state), game.state_from_text, on_state, prefix="bw-lab")
    return col


@solara.component
def PlayersEditor(game: BarcadiaGame, state, edit: Callable):
    """HP, Power-Ups and Loot Cards of each player, and whose turn it is."""
    loot = sorted(game.content.loot)
    pus = sorted(game.content.powerups)
    with solara.Column(gap="4px", classes=["bw-lab-players"]) as col:
        solara.Select("whose turn", values=[f"player {p + 1}" for p in range(game.players)],
                      value=f"player {state.active + 1}", on_value=lambda v: edit(active=int(v.split()[1]) - 1),
                      classes=["bw-lab-active"], style={"max-width": "160px"})
        for p, pl in enumerate(state.players):
            ch = game.character(p)
            with solara.Row(style=ROW, classes=[f"bw-lab-player-{p + 1}"]):
                solara.Text(f"Player {p + 1} ({ch.cls}, {room_name(pl.at)})", style={"min-width": "190px"})
                with solara.Div(style={"width": "180px"}):
                    solara.SliderInt("HP", value=pl.hp, min=10, max=game.content.hp_full, step=10,
                                     on_value=lambda v, p=p: edit(player=p, hp=v))
                solara.SelectMultiple("Power-Ups", values=list(dict.fromkeys(pl.powerups)), all_values=pus,
                                      on_value=lambda v, p=p: edit(player=p, powerups=v), dense=True,
                                      style={"min-width": "240px"})
                solara.SelectMultiple("Loot Cards", values=list(dict.fromkeys(pl.hand)), all_values=loot,
                                      on_value=lambda v, p=p: edit(player=p, hand=v), dense=True,
                                      style={"min-width": "240px"})
    return col


# ======================================================================= play and branch

#: the moves played by a click on a room of the board
ROOM_VERBS = ("reveal", "enter", "teleport", "duel")


def move_room(move) -> Optional[str]:
    """The room of the board a click plays ``move`` on (``"r12"``, ``"START"``), or ``None``."""
    return _room_id(move.args[0]) if move.verb in ROOM_VERBS and move.args else None


@solara.component
def PlayPanel(game: BarcadiaGame, session: Session):
    """The session from the position on the kit's :func:`~balada_widgets.ui.lab.PlayTree`, on the dungeon."""

    def board(state, targets, on_click, version):
        return Board(svg=dungeon_svg(game, state, targets=targets), on_click=on_click,
                     class_name="bw-lab-play-board", css=CSS, defs=DEFS, version=version)

    return PlayTree(game, session, prefix="bw-lab", board=board, target_of=move_room,
                    bot=lambda seed: make_bot("strong", seed))


# ======================================================================= analysis


@solara.component
def Analysis(game: BarcadiaGame, state, on_play: Optional[Callable] = None):
    """What the chosen player may know, analysed: pending decision, odds, best move, reach, fight or go around."""
    waiting = game.to_move(state)
    default = waiting[0] if waiting else state.active
    who, set_who = solara.use_state(default)
    asked, set_asked = solara.use_state((None, None))  # (state, Advice): an answer shows for its own position only
    played, set_played = solara.use_state((None, ""))
    error, set_error = solara.use_state(None)
    p = who if 0 <= who < game.players else 0
    view = game.view(state, p)
    advice = asked[1] if asked[0] is state else None
    plays = played[1] if played[0] is state else ""

    def ask():
        try:
            set_asked((state, analysis.best_move(game, state)))
            set_error(None)
        except GameError as e:
            set_error(str(e))

    def run_playouts():
        try:
            set_played((state, analysis.playouts(game, state, n=8, level="greedy", turns=12, seed=0).text()))
        except GameError as e:
            set_error(str(e))

    with solara.Column(gap="8px", classes=["bw-lab-analysis"]) as col:
        solara.Markdown("### Analysis")
        with solara.Row(style=ROW):
            solara.Select("as seen by", values=[f"player {q + 1}" for q in range(game.players)],
                          value=f"player {p + 1}", on_value=lambda v: set_who(int(v.split()[1]) - 1),
                          classes=["bw-lab-viewer"], style={"max-width": "150px"})
            solara.Button("Best move?", on_click=ask, disabled=not waiting, classes=["bw-lab-best"], outlined=True)
            solara.Button("Play it out (8 games, 12 turns)", on_click=run_playouts, classes=["bw-lab-playouts"],
                          outlined=True, disabled=game.is_over(state))
        pend = game.pending(view)
        if pend.deciding:
            solara.Text(f"Now: {pend.text}", classes=["bw-lab-pending"])
        odds = game.battle_odds(view)
        if odds is not None:
            with solara.Div(classes=["bw-lab-odds"]):
                steps = odds.explanation.text().splitlines() if odds.explanation is not None else []
                solara.Markdown(f"**{odds.title}**: {format_percent(odds.p_win)} to win\n\n" + "\n".join(steps),
                                style={"font-size": "14px"})
        Reminder(error, on_close=lambda: set_error(None))
        if advice is not None:
            with solara.Column(classes=["bw-lab-advice"], gap="2px"):
                Lines(advice.explain(), "bw-lab-advice-text", items=True)
                if on_play is not None:
                    solara.Button(f"Play it: {advice.text}", on_click=lambda: on_play(advice.move), small=True,
                                  classes=["bw-lab-play-best"])
        if plays:
            Lines(plays, "bw-lab-playout-text", items=True)
        if state.phase == "play" and not game.is_over(state) and not state.stack:
            ReachPanel(game, view, p)
            FightPanel(game, view, p)
        elif state.stack:
            solara.Text("Where to go and what to fight: once the pending roll, card or choice is settled.",
                        style={"color": "#666"})
    return col


@solara.component
def ReachPanel(game: BarcadiaGame, view, p: int):
    """Where ``p``'s cup can get this turn, on the board; click a room for its route."""
    chosen, set_chosen = solara.use_state(None)
    rc = analysis.reach(game, view, p)
    route = rc.routes.get(chosen)
    with solara.Column(gap="4px", classes=["bw-lab-reach"]) as col:
        solara.Markdown(f"**Where can player {p + 1} get this turn?** " + " ".join(rc.notes))
        Board(svg=dungeon_svg(game, view, targets=rc.rooms(), selected=[chosen] if route else [],
                              path=route.path if route else (), fight=None, legend=False),
              on_click=lambda id_: set_chosen(_room_of(id_)), class_name="bw-lab-reach-board", css=CSS, defs=DEFS)
        if route is not None:
            solara.Success(f"{room_name(route.room)}: {route.words()}", dense=True, classes=["bw-lab-route"])
        elif rc.routes:
            solara.Text(f"{len(rc.routes)} rooms within reach (highlighted); click one for its route.")
        else:
            solara.Text("The cup cannot move this turn.")
    return col


@solara.component
def FightPanel(game: BarcadiaGame, view, p: int):
    """Fight or go around, for a face-down room next to ``p``'s cup."""
    at = view.players[p].at
    near = [j for j in view.layout.neighbours(at) if j != START and not view.rooms[j].up]
    room, set_room = solara.use_state(None)
    if not near:
        return solara.Text(f"No face-down room next to player {p + 1}'s cup.")
    known = [j for j in near if view.rooms[j].card is not None]  # a room seen before is the question worth asking
    r = room if room in near else (known or near)[0]
    c = analysis.fight_or_go_around(game, view, r, p)
    with solara.Column(gap="4px", classes=["bw-lab-fight"]) as col:
        solara.Select(f"Fight or go around? A face-down room next to player {p + 1}", values=[f"r{j}" for j in near],
                      value=f"r{r}", on_value=lambda v: set_room(int(v[1:])), classes=["bw-lab-fight-room"],
                      style={"max-width": "420px"})
        (solara.Success if c.best is c.fight else solara.Warning)(c.verdict, dense=True, classes=["bw-lab-verdict"])
        with solara.Details("Why: the numbers", expand=False):
            Lines(c.fight.outlook.text(), "bw-lab-outlook", items=True)
            Lines("\n".join(c.text().splitlines()[1:-1]), "bw-lab-around", items=True)
    return col


# ======================================================================= odds and bots


@solara.component
def OddsTab():
    """Win chances by level and bonus, traps in a row: tables and plots from :mod:`.odds`."""
    import matplotlib.pyplot as plt

    kind, set_kind = solara.use_state("monster")
    bonus, set_bonus = solara.use_state(2)
    bonuses = sorted({0, bonus, bonus + 2})

    def draw():
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.4))
        analysis.plot_win_chances(kind, bonuses=bonuses, ax=ax1)
        analysis.plot_trap_survival(ax=ax2, bonus=0)
        fig.tight_layout()
        plt.close(fig)
        return fig

    fig = solara.use_memo(draw, [kind, bonus])
    rows = analysis.monster_odds(bonuses=bonuses, kinds=(kind,)) if kind in ("monster", "team") else []
    with solara.Column(gap="8px", classes=["bw-lab-odds-tab"]) as col:
        with solara.Row(style=ROW):
            solara.ToggleButtonsSingle(value=kind, values=["monster", "team", "boss", "duel"], on_value=set_kind,
                                       classes=["bw-lab-kind"])
            with solara.Div(style={"width": "220px"}):
                solara.SliderInt("bonus", value=bonus, min=-4, max=8, on_value=set_bonus)
        solara.FigureMatplotlib(fig, format="png", dpi=80)
        if rows:
            head = "| card | level | damage | reward | " + " | ".join(f"bonus {b:+d}" for b in bonuses) + " |"
            lines = [head, "|" + "---|" * (4 + len(bonuses))]
            for r in rows:
                lines.append(f"| {r['name']} | {r['level']} | {r['damage']} | {r['reward']} | "
                             + " | ".join(f"{float(x):.0%}" for x in r["chances"]) + " |")
            solara.Markdown("\n".join(lines), style={"font-size": "13px"})
    return col


@solara.component
def BotsTab():
    """Mixed games of random, greedy and strong bots, seeded: win rates, turns, deaths, HP lost, Power-Ups."""
    import matplotlib.pyplot as plt

    games, set_games = solara.use_state(6)
    stats, set_stats = solara.use_state(None)
    with solara.Column(gap="8px", classes=["bw-lab-bots-tab"]) as col:
        with solara.Row(style=ROW):
            with solara.Div(style={"width": "260px"}):
                solara.SliderInt("games (3 bots each)", value=games, min=1, max=30, on_value=set_games)
            solara.Button("Play them", on_click=lambda: set_stats(analysis.bot_stats(games=games, seed=0)),
                          classes=["bw-lab-bot-stats"], outlined=True)
        if stats is not None:
            solara.Markdown("```\n" + stats.text() + "\n```")
            fig, axes = plt.subplots(1, 4, figsize=(12, 2.8))
            analysis.plot_bot_stats(stats, axes)
            fig.tight_layout()
            plt.close(fig)
            solara.FigureMatplotlib(fig, format="png", dpi=80)
    return col


# ======================================================================= the page


@solara.component
def BarcadiaLab(players: int = 3, text: Optional[str] = None):
    """The lab page: set up, play and branch, analysis; odds; bots."""
    game = solara.use_memo(lambda: lab_game(players), [players])
    first = solara.use_memo(lambda: game.state_from_text(text) if text else example_position(game), [game, text])
    edits = use_edits(first)
    tab, set_tab = solara.use_state(0)
    state = edits.state
    session = solara.use_memo(lambda: Session(game, seed=0, state=state), [game, state])
    use_session_version(session)

    with solara.Column(classes=["barcadia-lab"], gap="8px", style={"max-width": "1180px"}) as col:
        with solara.lab.Tabs(value=tab, on_value=set_tab):
            solara.lab.Tab("Set up", classes=["bw-tab-setup"])
            solara.lab.Tab("Play and branch", classes=["bw-tab-play"])
            solara.lab.Tab("Odds", classes=["bw-tab-odds"])
            solara.lab.Tab("Bots", classes=["bw-tab-bots"])
        if tab == 0:
            SetUp(game, state, edits.push, edits.can_undo, edits.can_redo, edits.undo, edits.redo)
            Analysis(game, state).key("analysis-setup")
        elif tab == 1:
            PlayPanel(game, session)
            Analysis(game, session.state, on_play=session.play).key("analysis-play")
        elif tab == 2:
            OddsTab()
        else:
            BotsTab()
    return col
