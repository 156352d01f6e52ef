"""One board = one drawing: an anywidget that shows an SVG string and reports events.

:class:`SvgBoard` is the single widget every game of the package draws its
board with. Python renders the whole board as an SVG string (see
:mod:`balada_widgets.kit.svg`); the browser shows it and sends back what the
player did, as one ``event`` dict per action:

- ``{"type": "click", "id": "space-3"}``: a click (or tap) on an element
  carrying ``data-id="space-3"`` (the innermost one with a ``data-id``);
- ``{"type": "drag", "ids": ["c-1-1", "c-1-2", "c-2-2"]}``: the pointer was
  pressed on a ``data-id`` element and moved across others before release
  (path tracing, e.g. a word in Balda); each id once, in order, a step back
  onto the previous id removes the last one;
- ``{"type": "key", "key": "a", "shift": false, ...}``: a key pressed while the
  board has the focus (it takes the focus when clicked, or by Tab).

A board that takes keys has ``role="application"`` (a screen reader passes
arrows and letters on to it) and a live region (``role="status"``,
``aria-live="polite"``, class ``bw-board-live``) that says the ``live`` text:
:func:`Board` puts there the words of the element under the keyboard cursor
(the one with the class ``cursor`` or ``cur``: its ``aria-label`` or ``<title>``), so
every arrow key announces the space and its state.

Each event has a counter ``n`` so that two identical clicks are two changes.
Events travel as custom messages, so quick ones (typing) are never merged.
The front end is inline ES module code (``_esm``), so there is no build step;
elements with a ``data-id`` get ``cursor: pointer``, and the board adds the
class ``bw-tracing`` to elements while a drag passes over them.

Keyboard events do not reach JupyterLab's shortcuts while the board has the
focus (so typing a letter does not, say, insert a cell).

The Solara wrapper :func:`Board` takes callbacks instead of the event dict::

    Board(svg=markup, on_click=lambda id: ..., on_drag=lambda ids: ..., on_key=lambda key: ...)

Tests (and scripts) can play the front end's part with :meth:`SvgBoard.emit_click`,
:meth:`SvgBoard.emit_drag` and :meth:`SvgBoard.emit_key`.

>>> b = SvgBoard(svg="<svg/>")
>>> seen = []
>>> b.observe(lambda change: seen.append(change["new"]), "event")
>>> b.emit_click("space-3")
>>> seen[-1]["type"], seen[-1]["id"]
('click', 'space-3')
"""

from __future__ import annotations

import itertools
from typing import Callable, Optional

import anywidget
import traitlets

from ..kit.cursor import cursor_words

__all__ = ["Board", "SvgBoard"]

_ESM = r"""
function render({ model, el }) {
  el.classList.add("bw-board");
  const box = document.createElement("div");
  box.className = "bw-board-box";
  box.tabIndex = 0;
  // JupyterLab (lumino) leaves key presses inside this element alone
  box.setAttribute("data-lm-suppress-shortcuts", "true");
  // the board's CSS lives in its own <style>, written only when it changes: a <style> inside the
  // redrawn SVG would make the browser recompute the whole page's styles on every redraw
  const style = document.createElement("style");
  el.appendChild(style);
  // shared drawings (symbols) that the board's markup references with <use href="#id">: sent and parsed once
  const defsHolder = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  defsHolder.setAttribute("aria-hidden", "true");
  defsHolder.setAttribute("style", "position:absolute;width:0;height:0;overflow:hidden");
  el.appendChild(defsHolder);
  el.appendChild(box);
  // the board's live region: what the keyboard cursor is on, read out by screen readers after each key
  const live = document.createElement("div");
  live.className = "bw-board-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  el.appendChild(live);
  // custom messages, not a synced trait: ipywidgets merges trait updates sent while the kernel is
  // busy, which would drop all but the last of several quick events (typing, click then drag)
  const send = (event) => model.send({ ...event, t: Date.now() });
  // redraw by patching: parse the new markup aside, then change only the nodes that differ, so the
  // browser restyles and lays out a few spaces instead of the whole board
  const template = document.createElement("template");
  const patch = (old, neu) => {
    if (old.nodeType !== neu.nodeType || old.nodeName !== neu.nodeName) {
      old.replaceWith(neu);
      return;
    }
    if (old.nodeType !== 1) {  // text, comment
      if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
      return;
    }
    for (const a of Array.from(old.attributes)) {
      if (!neu.hasAttribute(a.name)) old.removeAttribute(a.name);
    }
    for (const a of Array.from(neu.attributes)) {
      if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    }
    const oldKids = old.childNodes, newKids = Array.from(neu.childNodes);
    if (oldKids.length !== newKids.length) {
      old.replaceChildren(...newKids);
      return;
    }
    for (let i = 0; i < newKids.length; i++) {
      if (!oldKids[i].isEqualNode(newKids[i])) patch(oldKids[i], newKids[i]);
    }
  };
  let drawn = null;
  let drawnCss = null;
  let drawnDefs = null;
  const draw = () => {
    const defs = model.get("defs");
    if (defs !== drawnDefs) {
      defsHolder.innerHTML = defs ? "<defs>" + defs + "</defs>" : "";
      drawnDefs = defs;
    }
    const css = model.get("css");
    if (css !== drawnCss) {
      style.textContent = css;
      drawnCss = css;
    }
    const svg = model.get("svg");
    if (svg !== drawn) {
      if (drawn === null || !box.firstChild) {
        box.innerHTML = svg;
      } else {
        template.innerHTML = svg;
        const fresh = template.content;
        if (fresh.childNodes.length === box.childNodes.length) {
          const kids = Array.from(fresh.childNodes);
          kids.forEach((k, i) => { if (!box.childNodes[i].isEqualNode(k)) patch(box.childNodes[i], k); });
        } else {
          box.replaceChildren(...Array.from(fresh.childNodes));
        }
      }
      drawn = svg;
    }
    const label = model.get("label");
    if (label) box.setAttribute("aria-label", label); else box.removeAttribute("aria-label");
    // a board that takes keys is an application: screen readers pass arrows and letters on to it
    if (model.get("key_events")) box.setAttribute("role", "application"); else box.removeAttribute("role");
    const said = model.get("live");
    if (live.textContent !== said) live.textContent = said;
    const cls = model.get("class_name");
    box.className = "bw-board-box" + (cls ? " " + cls : "");
    box.dataset.version = String(model.get("version"));  // after the drawing: tests wait on it
  };
  draw();
  const traits = ["svg", "version", "label", "class_name", "css", "defs", "live", "key_events"];
  traits.forEach((t) => model.on("change:" + t, draw));

  const idAt = (x, y) => {
    const t = document.elementFromPoint(x, y);
    const hit = t && t.closest ? t.closest("[data-id]") : null;
    return hit && box.contains(hit) ? hit : null;
  };
  let trace = null;  // {ids: [...], els: [...], moved: bool}
  let suppressClick = false;
  const clearTrace = () => {
    if (trace) trace.els.forEach((e) => e.classList.remove("bw-tracing"));
    trace = null;
  };
  box.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    const hit = ev.target.closest ? ev.target.closest("[data-id]") : null;
    if (!hit || !box.contains(hit) || !model.get("drag_events")) return;
    trace = { ids: [hit.dataset.id], els: [hit], moved: false };
  });
  box.addEventListener("pointermove", (ev) => {
    if (!trace) return;
    const hit = idAt(ev.clientX, ev.clientY);
    if (!hit) return;
    const id = hit.dataset.id;
    const k = trace.ids.length;
    if (id === trace.ids[k - 1]) return;
    if (k >= 2 && id === trace.ids[k - 2]) {  // stepping back undoes the last step
      trace.ids.pop();
      trace.els.pop().classList.remove("bw-tracing");
      return;
    }
    if (trace.ids.includes(id)) return;
    if (!trace.moved) trace.els[0].classList.add("bw-tracing");
    trace.moved = true;
    trace.ids.push(id);
    trace.els.push(hit);
    hit.classList.add("bw-tracing");
  });
  const finish = () => {
    if (trace && trace.moved && trace.ids.length > 1) {
      send({ type: "drag", ids: trace.ids.slice() });
      suppressClick = true;
      setTimeout(() => { suppressClick = false; }, 0);
    }
    clearTrace();
  };
  box.addEventListener("pointerup", finish);
  box.addEventListener("pointercancel", clearTrace);
  box.addEventListener("pointerleave", finish);
  box.addEventListener("click", (ev) => {
    box.focus({ preventScroll: true });
    if (suppressClick) { suppressClick = false; return; }
    const hit = ev.target.closest ? ev.target.closest("[data-id]") : null;
    if (hit && box.contains(hit)) send({ type: "click", id: hit.dataset.id });
  });
  box.addEventListener("keydown", (ev) => {
    if (!model.get("key_events")) return;
    if (ev.key === "Tab") return;  // let focus move on
    ev.stopPropagation();
    if (ev.key.length === 1 || ["Enter", "Backspace", "Delete", "Escape", "ArrowLeft", "ArrowRight",
        "ArrowUp", "ArrowDown", " ", "PageUp", "PageDown", "Home", "End"].includes(ev.key)) ev.preventDefault();
    send({ type: "key", key: ev.key, shift: ev.shiftKey, ctrl: ev.ctrlKey, alt: ev.altKey, meta: ev.metaKey });
  });
  return () => traits.forEach((t) => model.off("change:" + t, draw));
}
export default { render };
"""

_CSS = r"""
.bw-board { width: 100%; }
.bw-board-box { width: 100%; outline: none; border-radius: 6px; touch-action: none; user-select: none;
  -webkit-user-select: none; line-height: 0; }
.bw-board-box:focus-visible { box-shadow: 0 0 0 3px rgba(66, 133, 244, 0.6); }
.bw-board-box svg { width: 100%; height: auto; display: block; }
.bw-board-box [data-id] { cursor: pointer; }
.bw-board-box .bw-tracing { filter: brightness(0.85); }
.bw-board { position: relative; }
.bw-board-live { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
"""

_counter = itertools.count(1)


class SvgBoard(anywidget.AnyWidget):
    """An SVG drawing that reports clicks, drags across ``data-id`` elements and key presses.

    Traits
    ------
    svg:
        The markup to show (the whole board).
    css:
        Style rules of the board, kept in their own ``<style>`` element (prefix
        them with the board's ``class_name``). Put CSS here rather than in a
        ``<style>`` inside ``svg``: a style element in the redrawn markup makes
        the browser recompute the styles of the whole page on every redraw
        (about 3x slower in Chromium).
    defs:
        SVG elements with ``id``s (symbols, icons) that ``svg`` draws with
        ``<use href="#id">``: sent and parsed once, not with every redraw.
        Ids are global to the page, so prefix them (``bw-balada-...``); boards
        that share a prefix must share the drawings.
    event:
        The last event from the front end (see the module docstring); a
        Python-side trait set from the front end's custom messages, so
        observe it (``on_event=`` in Solara).
    drag_events:
        Report drags (default ``True``); with ``False`` a press-and-move is just a click.
    key_events:
        Report key presses while focused (default ``True``).
    label:
        An accessible name of the board (``aria-label``).
    live:
        What a screen reader announces (a polite ``role="status"`` live region
        beside the board): the space under the keyboard cursor and its state.
        :func:`Board` fills it from the markup (see
        :func:`~balada_widgets.kit.cursor.cursor_words`).
    class_name:
        Extra CSS classes of the board's box (for tests and styling).
    version:
        A number the front end writes into ``data-version`` after drawing
        (bump it with the SVG to let tests wait for a redraw).
    """

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    css = traitlets.Unicode("").tag(sync=True)
    defs = traitlets.Unicode("").tag(sync=True)
    # Python side only: the front end sends each event as a custom message (never merged or dropped)
    event = traitlets.Dict(default_value={})
    drag_events = traitlets.Bool(True).tag(sync=True)
    key_events = traitlets.Bool(True).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    live = traitlets.Unicode("").tag(sync=True)
    class_name = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_front_end_msg)

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") in ("click", "drag", "key"):
            self.event = {**content, "n": next(_counter)}

    # -- what the front end does, for tests and scripts
    def emit_click(self, id: str) -> None:
        """Act as if the element with ``data-id=id`` was clicked."""
        self.event = {"type": "click", "id": str(id), "n": next(_counter)}

    def emit_drag(self, ids) -> None:
        """Act as if the pointer was dragged across these ``data-id`` elements."""
        self.event = {"type": "drag", "ids": [str(i) for i in ids], "n": next(_counter)}

    def emit_key(self, key: str, **modifiers) -> None:
        """Act as if ``key`` (a ``KeyboardEvent.key``: ``"a"``, ``"Enter"``...) was pressed."""
        self.event = {"type": "key", "key": key, "n": next(_counter), **modifiers}


def dispatch(event: dict, on_click=None, on_drag=None, on_key=None) -> None:
    """Call the callback that matches a board ``event``."""
    kind = event.get("type")
    if kind == "click" and on_click is not None:
        on_click(event["id"])
    elif kind == "drag":
        if on_drag is not None:
            on_drag(list(event["ids"]))
        elif on_click is not None and event.get("ids"):  # no drag handler: a drag ends as a click where it started
            on_click(event["ids"][0])
    elif kind == "key" and on_key is not None:
        on_key(event["key"])


def Board(svg: str, on_click: Optional[Callable[[str], None]] = None,
          on_drag: Optional[Callable[[list], None]] = None, on_key: Optional[Callable[[str], None]] = None,
          label: str = "", class_name: str = "", version: int = 0, css: str = "", defs: str = "",
          announce: Optional[str] = None):
    """The board as a Solara/reacton element: ``svg`` markup and callbacks by ``data-id``.

    ``on_click(id)`` for a click, ``on_drag(ids)`` for a drag across
    elements (without ``on_drag``, a drag counts as a click on its first
    element), ``on_key(key)`` for a key pressed while the board has the focus.
    ``announce`` is what the board's live region says; by default, for a
    board that takes keys, the words of the element under the keyboard
    cursor (:func:`~balada_widgets.kit.cursor.cursor_words`).
    """
    if announce is None:
        announce = cursor_words(svg) if on_key is not None else ""

    def on_event(event):
        if event:
            dispatch(event, on_click, on_drag, on_key)

    return SvgBoard.element(svg=svg, on_event=on_event, drag_events=on_drag is not None,
                            key_events=on_key is not None,
                            label=label, class_name=class_name, version=version, css=css, defs=defs,
                            live=announce)
