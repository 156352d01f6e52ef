"""The new-game form of every game, made from its spec's options.

:func:`NewGameForm` shows the seats (players, how many of them are bots and
their level), every ``form`` option of the game's
:class:`~balada_widgets.core.spec.GameSpec` that applies to the chosen player
count, and the seed; *Start* hands the changes to the app
(:meth:`~balada_widgets.ui.app.GameApp.new_game`), whose refusal stays in the
form (:func:`~balada_widgets.ui.root.GameRoot` shows it). One field per option
(:func:`option_field`): a checkbox for a yes/no, a row of buttons for a choice
of a few values, a list for more, a field for a number or a text.

The form speaks the game's language: a game with a ``language`` option shown
in another language (Builders of Baldur's Gate in Czech) words the form in it
as soon as that language is chosen (the spec's
:attr:`~balada_widgets.core.spec.GameSpec.words`).

Stable classes: the card ``bw-new-game-form`` (and ``bw-<stem>-form``),
``bw-form-players``, ``bw-form-bots``, ``bw-form-bot-level``,
``bw-form-<option>``, ``bw-form-seed``, ``bw-form-start``, ``bw-form-cancel``;
a row of buttons has one ``bw-form-<option>-<i>`` per value, in order.
"""

from __future__ import annotations

from typing import Callable, Optional

import solara

from ..core.spec import GameSpec, Option, Settings, bots_after

__all__ = ["NewGameForm", "option_field"]

_ROW = {"gap": "8px", "align-items": "center", "flex-wrap": "wrap"}
#: a choice of at most this many values is a row of buttons (one click, every value in sight); more: a list
FEW = 5
_NOTE = {"color": "#5c5c5c", "font-size": "13px"}


def _buttons(label: str, values: tuple, labels: list, value, set_value, cls: list):
    """A row of buttons, one per value (``bw-form-<name>-<i>``), the chosen one on."""
    index = next((i for i, v in enumerate(values) if type(v) is type(value) and v == value), None)
    with solara.Row(style=_ROW, classes=cls) as row:
        solara.Text(label, style={"min-width": "80px"})
        solara.ToggleButtonsSingle(value=index, on_value=lambda i: set_value(values[i]) if i is not None else None,
                                   dense=True, children=[
                                       solara.Button(words, value=i, small=True, text=True,
                                                     classes=[f"{cls[0]}-{i}"], style={"text-transform": "none"})
                                       for i, words in enumerate(labels)])
    return row


def option_field(option: Option, value, set_value, label: Optional[str] = None):
    """One form field for ``option`` (``bw-form-<name>``): a checkbox (yes/no), a row of buttons (a choice of
    a few values), a list (more), a whole number or a text; ``label``: its words (default its label)."""
    cls = [f"bw-form-{option.name}"]
    label = label or option.label or option.name
    if option.kind == "bool" and option.default is not None:
        with solara.Div(classes=cls) as div:  # (a Checkbox takes no classes)
            solara.Checkbox(label=label, value=bool(value), on_value=set_value)
        return div
    values = option.values()
    if values is not None:
        labels = [option.label_of(v) for v in values]
        if len(values) <= FEW:
            return _buttons(label, values, labels, value, set_value, cls)
        shown = next((w for v, w in zip(values, labels) if type(v) is type(value) and v == value), None)
        return solara.Select(label, values=labels, value=shown, on_value=lambda w: set_value(values[labels.index(w)]),
                             classes=cls, style={"min-width": "140px"})
    if option.kind == "int":
        return solara.InputInt(label, value=value, on_value=set_value, classes=cls, style={"max-width": "140px"})
    return solara.InputText(label, value=value or "", on_value=set_value, classes=cls)


@solara.component
def NewGameForm(spec: GameSpec, settings: Settings, on_start: Callable[[dict], None],
                on_cancel: Optional[Callable[[], None]] = None):
    """The seats, every ``form`` option of ``spec`` and the seed; *Start* gives the changes as a dict (see the
    module docstring)."""
    seed = settings.seed + 1 if isinstance(settings.seed, int) else 1
    draft, set_draft = solara.use_state({"players": settings.players, "bots": settings.bots,
                                         "bot_level": settings.bot_level, "seed": seed, **settings.options})

    def upd(**changes):
        set_draft(lambda before: {**before, **changes})

    language = spec.language_of(draft.get("language"))

    def word(key: str) -> str:
        return spec.word(key, language)

    lo, hi = spec.players
    players, bots = draft["players"], min(draft["bots"], draft["players"])
    shown = [o for o in spec.options if o.form and o.applies(players) and (bots or not o.bot)]

    def start():
        on_start({"players": players, "bots": bots, "bot_level": draft["bot_level"], "seed": draft["seed"],
                  **{o.name: draft.get(o.name, o.default) for o in shown}})

    with solara.Card(word("form.title"), classes=["bw-new-game-form", f"bw-{spec.stem}-form"], margin=0,
                     style={"max-width": "680px"}) as card:
        if lo < hi:
            counts = tuple(range(lo, hi + 1))
            if len(counts) <= 6:
                _buttons(word("form.players"), counts, [str(n) for n in counts], players,
                         lambda v: upd(players=v, bots=bots_after(v, players, bots)), ["bw-form-players"])
            else:
                solara.Select(word("form.players"), values=list(counts), value=players,
                              on_value=lambda v: upd(players=v, bots=bots_after(v, players, bots)),
                              classes=["bw-form-players"], style={"max-width": "110px"})
        if spec.bots:
            levels = {word(f"level.{level}"): level for level in spec.bots}
            with solara.Row(style=_ROW):
                solara.Select(word("form.bots"), values=list(range(0, players + 1)), value=bots,
                              on_value=lambda v: upd(bots=v), classes=["bw-form-bots"], style={"max-width": "100px"})
                solara.Select(word("form.level"), values=list(levels), value=word(f"level.{draft['bot_level']}"),
                              on_value=lambda v: upd(bot_level=levels[v]), disabled=bots == 0,
                              classes=["bw-form-bot-level"], style={"max-width": "160px"})
                solara.Text(word("form.seats"), style=_NOTE)
        for option in shown:
            option_field(option, draft.get(option.name, option.default),
                         lambda v, name=option.name: upd(**{name: v}), label=word(f"form.{option.name}"))
        with solara.Row(style=_ROW):
            solara.InputInt(word("form.seed"), value=draft["seed"],
                            on_value=lambda v: upd(seed=int(v or 0)), classes=["bw-form-seed"],
                            style={"max-width": "110px"})
            solara.Button(word("form.start"), on_click=start, color="primary", classes=["bw-form-start"])
            if on_cancel is not None:
                solara.Button(word("form.cancel"), on_click=on_cancel, text=True, classes=["bw-form-cancel"])
    return card
