"""The four tutorials in real Chromium: no exercise board carries its answer before the learner answers.

For each tutorial (Balada, Balda in English and in Russian, Heroes of Barcadia, Builders of Baldur's Gate) the kit's
lesson player
(``Tutorial(lesson)``, as the notebooks show it) is displayed in a Solara page, and the test visits the steps by
clicking the step picker, as a learner comes back to a step: every step of Balada and Balda; for Barcadia and
Baldur's Gate a subset (:data:`SUBSET`) that holds every kind of exercise, to stay within the browser budget
(``BALADA_EVERY_TUTORIAL_STEP=1`` visits every step of every game). Every exercise part of a step is shown: the
parts before the last are marked answered in the tutorial's progress (no reply, so no answer box shows), which is
how a later part appears for a learner. A board is read once it is the step's own (its targets are those the game
draws). Then, before any answer, the page's DOM is read and checked:

- **click exercises** (``Pick``): nothing in the board is classed or labelled as a highlight, a hint, a legal
  target, a selection or an answer; where two or more right targets are of one kind (the exercise's
  ``Solution.picks``, or the right answer the game's ``tests/<game>/test_tutorial.py`` pins when a solution has
  no picks), no class, attribute, computed style (fill, stroke, outline, opacity, filter) or drawn part is shared
  by all of them and by none of the other targets of that kind, except what the question itself names in bold
  (a landscape: :func:`named_features`); a lone right target has no class of its own among its kind but the
  table's state (:data:`TABLE_STATE`). A live game (:data:`LIVE_GAMES`) and an open task ("for example") have no
  one answer to single out; a sequence's targets are checked by class and label only;
- **number, text and choice exercises**: the right answer does not appear in the exercise's board(s) or in the
  step's words in a form that gives it away (the number with the question's unit, after "=" or "total", a "+n"
  badge; a fraction or a percentage for a chance); a space number or an Obstacle's value is no answer;
- no option or action button starts chosen, and all look alike;
- a question whose answer is a number has no numbered path on its board (Balda's scoring step drew 1 to 6 along
  the word it asked the points of); a lesson in :data:`FITS_THE_WINDOW` has every exercise card, with room for its
  reply, within a 1400x900 window (the page is shown at that size).

Then, for one exercise per game (:data:`WRONG`), a wrong answer shows feedback naming a rule without the answer,
no hint and no answer box, and *Show me* reveals it. A last test checks that this reading catches a highlight, a
class, a label, a number with its unit and a pre-chosen option.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import time
from pathlib import Path

import playwright.sync_api
import pytest
from IPython.display import display
from playwright.sync_api import expect

from balada_widgets.barcadia.drawing import TYPE_STYLE
from balada_widgets.kit.lesson import Attempt, Progress
from balada_widgets.ui.tutorial import Tutorial

GAMES = ("balada", "balda", "barcadia", "baldurs_gate")
#: the lessons checked: each game's English one, and the Russian Balda (its own words, Russian grids and words)
LESSONS = ("balada", "balda", "balda:ru", "barcadia", "baldurs_gate", "baldurs_gate:cs")
#: the lessons whose every exercise card (its board, answers, Check and the reply's room) fits a 1400x900 window
FITS_THE_WINDOW = {"balda", "balada", "baldurs_gate", "barcadia"}
WINDOW = {"width": 1400, "height": 900}
REPLY_ROOM = 120  # px under an exercise's Check button for the first reply
TESTS = Path(__file__).resolve().parents[1]

#: the steps that are a live game (the learner plays, or a bot plays the learner's seat): no answer to give away
LIVE_GAMES = {("balda", "play"), ("barcadia", "play"), ("baldurs_gate", "play")}

#: per game, the classes of a lone right target that are the state a player at the table sees (reviewed): Baldur's
#: Gate's damaged locations, your worker and your pieces (``o0``: the owner's colour), taken spots
#: Barcadia's room types and faces (the reward room you stand in is face up)
TABLE_STATE = {"baldurs_gate": r"damaged|taken|o\d|worker",
               "barcadia": "|".join(sorted(TYPE_STYLE)) + "|up|down|start"}

#: boards that draw the move a question asks about (its path marked, as the live board traces a move): the
#: marks are the question, the verdict is asked under the board. (game, step, part) -> classes allowed
QUESTION_DRAWN = {("balda", "readable", 1): re.compile(r"\b(chosen|onpath)\b")}

#: words in a target's accessible label that would mark it as the answer
GIVEAWAY_LABEL = re.compile(r"\b(best|right answer|correct|legal|allowed|recommended|suggested|the answer|hint)\b",
                            re.I)

#: words in a board's classes that would mark a target as the answer (a highlight, a hint, a legal target)
GIVEAWAY_CLASS = re.compile(r"(^|[-_ ])(legal|target|answer|right|correct|hint|hinted|highlight|glow|solution|best|"
                            r"allowed|valid|place-here|picked|selected|sel|focus|cursor|chosen|onpath|suggested)"
                            r"($|[-_ ])", re.I)

COLLECT = r"""
() => {
  const STYLE = ["fill", "stroke", "stroke-width", "opacity", "fill-opacity", "stroke-opacity", "filter",
                 "stroke-dasharray", "outline-style", "outline-color", "visibility", "display", "font-weight"];
  const SKIP = new Set(["data-id", "id", "x", "y", "cx", "cy", "r", "rx", "ry", "x1", "x2", "y1", "y2", "width",
    "height", "d", "points", "transform", "href", "xlink:href", "aria-label", "title", "tabindex", "role",
    "font-size", "text-anchor", "dominant-baseline", "viewBox", "style"]);
  function sig(node) {
    const cs = getComputedStyle(node);
    const attrs = [];
    for (const a of node.attributes) if (!SKIP.has(a.name)) attrs.push(a.name + "=" + a.value);
    const style = STYLE.map(p => p + ":" + cs.getPropertyValue(p));
    return node.tagName.toLowerCase() + "[" + attrs.sort().join(",") + "]{" + style.join(";") + "}";
  }
  function board(box) {
    const svg = box.querySelector("svg");
    const els = [];
    for (const e of box.querySelectorAll("[data-id]")) {
      const feats = new Set();
      feats.add("self:" + sig(e));
      for (const c of e.querySelectorAll("*")) if (c.tagName.toLowerCase() !== "title") feats.add("child:" + sig(c));
      const t = e.querySelector(":scope > title");
      els.push({id: e.getAttribute("data-id"), feats: [...feats],
                classes: (e.getAttribute("class") || "").split(/\s+/).filter(Boolean),
                label: (e.getAttribute("aria-label") || "") + " " + (t ? t.textContent : ""),
                text: e.textContent || ""});
    }
    const classes = [...box.querySelectorAll("[class]")].map(n => n.getAttribute("class"));
    const words = [...box.querySelectorAll("text, title, [aria-label]")].map(
      n => n.tagName.toLowerCase() === "text" || n.tagName.toLowerCase() === "title" ? n.textContent
                                                                                      : n.getAttribute("aria-label"));
    return {kind: box.classList.contains("bw-lesson-figure") ? "figure" : "board", els, classes,
            words: words.join(" | "), label: box.getAttribute("aria-label") || "", drawn: !!svg};
  }
  const lesson = document.querySelector(".bw-lesson");
  const cards = [...lesson.querySelectorAll(".bw-lesson-exercise")].map(card => ({
    text: card.innerText, height: card.getBoundingClientRect().height,
    boards: [...card.querySelectorAll(".bw-board-box.bw-lesson-board, .bw-board-box.bw-lesson-figure")].map(board),
    options: [...card.querySelectorAll("[class*='bw-lesson-option-'], [class*='bw-lesson-action-']")].map(
      b => ({text: b.innerText, pressed: b.getAttribute("aria-pressed"), cls: b.getAttribute("class")})),
    replies: card.querySelectorAll(".bw-lesson-wrong, .bw-lesson-hint, .bw-lesson-answer, .bw-lesson-right").length,
  }));
  const clone = lesson.cloneNode(true);
  clone.querySelectorAll(".bw-lesson-exercise, .bw-lesson-nav").forEach(n => n.remove());
  return {progress: lesson.querySelector(".bw-lesson-progress").innerText, text: clone.innerText, cards};
}
"""


# ---------------------------------------------------------------------------- the lessons and their answers


def tutorial_module(game: str):
    return importlib.import_module(f"balada_widgets.{game}.tutorial")


def make_tutorial(game: str, language: str = "en") -> Tutorial:
    """A fresh tutorial, as the game's notebook and the app show it (with the lesson's own kit words if it has
    them: Baldur's Gate, Balda)."""
    mod = tutorial_module(game)
    if hasattr(mod, "kit_words"):
        return Tutorial(mod.lesson(language), words=mod.kit_words(language))
    return Tutorial(mod.lesson())


_PINNED: dict = {}


def pinned_answers(game: str, language: str = "en") -> dict:
    """``ANSWERS`` of ``tests/<game>/test_tutorial.py`` (``BY_LANGUAGE[language]`` where it has several lessons):
    (step, part) -> (right answers, misreadings, other)."""
    if game not in _PINNED:
        spec = importlib.util.spec_from_file_location(f"_pinned_{game}", TESTS / game / "test_tutorial.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _PINNED[game] = getattr(module, "BY_LANGUAGE", {"en": module.ANSWERS})
    return _PINNED[game][language]


def solution(ex):
    return ex.solution() if callable(ex.solution) else ex.solution


def bare(id_: str) -> str:
    """A click id without its click number (``cell-a4@0`` -> ``cell-a4``)."""
    return re.sub(r"@\d+$", "", str(id_))


def right_targets(game: str, step_id: str, i: int, ex, language: str = "en") -> set:
    """The ids a learner must click: the solution's picks, else the first right answer the game's tests pin."""
    ids = {bare(p) for p in solution(ex).picks}
    if not ids:
        right = pinned_answers(game, language).get((step_id, i), ([()],))[0]
        first = right[0] if right else ()
        ids = {bare(p) for p in (first if isinstance(first, (tuple, frozenset, set, list)) else (first,))}
    return {x for x in ids if isinstance(x, str)}


def answer_number(ex) -> int | None:
    m = re.match(r"\s*(\d+)\b", solution(ex).answer)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------------------- the checks


def group(id_: str) -> str:
    """The kind of a target, from its id: ``space-3`` -> ``space``, ``P30`` -> ``P``, ``card-inn-03`` -> ``card``."""
    m = re.match(r"[A-Za-z]+", id_)
    return m.group(0) if m else id_


def features(e: dict, words: bool) -> set:
    return set(e["feats"]) | ({f"word:{w}" for w in re.findall(r"\w+", e["label"].lower())} if words else set())


def named_features(els: list[dict], prompt: str) -> set:
    """What the question itself names, as drawn: for each bold word of the prompt ("**Mountains**"), the features
    every target whose label has that word shares (a landscape's colours). Such a feature is what a player at the
    table sees, and the question asks the learner to read it."""
    out: set = set()
    for phrase in re.findall(r"\*\*([^*]+)\*\*", prompt):
        for w in re.findall(r"\w+", phrase.lower()):
            having = [features(e, True) for e in els if w in re.findall(r"\w+", e["label"].lower())]
            if having:
                out |= set.intersection(*having)
    return out


def singling_features(els: list[dict], answers: set, prompt: str = "") -> dict[str, set]:
    """Per kind of target with two or more right targets: the drawn features (classes, attributes, computed
    styles of the target and of its parts) that every right target of that kind has and no other target of it
    has, less what the question names (:func:`named_features`)."""
    out: dict[str, set] = {}
    by_group: dict[str, list] = {}
    for e in els:
        by_group.setdefault(group(bare(e["id"])), []).append(e)
    named = named_features(els, prompt)
    for g, members in by_group.items():
        right = [e for e in members if bare(e["id"]) in answers]
        wrong = [e for e in members if bare(e["id"]) not in answers]
        if len(right) < 2 or not wrong:
            continue  # one right target differs from the others by being itself; none to compare with
        common = set.intersection(*(features(e, False) for e in right))
        common -= set().union(*(features(e, False) for e in wrong)) | named
        if common:
            out[g] = common
    return out


def own_classes(els: list[dict], answers: set) -> dict[str, set]:
    """A lone right target of its kind: the classes of its own element that no other target of its kind has."""
    out: dict[str, set] = {}
    by_group: dict[str, list] = {}
    for e in els:
        by_group.setdefault(group(bare(e["id"])), []).append(e)
    for members in by_group.values():
        right = [e for e in members if bare(e["id"]) in answers]
        wrong = [e for e in members if bare(e["id"]) not in answers]
        if len(right) == 1 and len(wrong) >= 2:
            mine = set(right[0]["classes"]) - set().union(*(set(e["classes"]) for e in wrong))
            if mine:
                out[right[0]["id"]] = mine
    return out


def number_giveaways(n: int, unit_words: list[str], text: str) -> list[str]:
    """Where ``text`` states the number ``n`` as an answer: with the question's unit, after = or total, a badge."""
    found = []
    units = "|".join(re.escape(u) for u in unit_words if u) or r"(?!x)x"
    for pattern in (rf"(?<![\d/.,])\b{n}\s*(?:{units})\b",
                    rf"(=|total|sum|score[sd]?|worth|gives?)\s*:?\s*\+?{n}\b(?![\d/])",
                    rf"(?<![\d/.,])\+{n}\b(?![\d/])"):
        found += [m.group(0) for m in re.finditer(pattern, text, re.I)]
    return found


def chance_forms(answer: str) -> list[str]:
    """A chance's answer as the learner would write it: ``9/20``, ``45%``."""
    return re.findall(r"\d+/\d+|\d+(?:\.\d+)?\s*%", answer)


def check_step(game: str, step, data: dict, findings: list, seen: dict, language: str = "en") -> None:
    """Check every part of a displayed step (``data`` from :data:`COLLECT`)."""
    assert len(data["cards"]) == len(step.parts), (game, step.id, len(data["cards"]))
    for i, (ex, card) in enumerate(zip(step.parts, data["cards"])):
        where = f"{game}{'' if language == 'en' else ':' + language} {step.id}[{i}] ({ex.kind})"
        if (game in FITS_THE_WINDOW and (game, step.id) not in LIVE_GAMES  # (a live game is a whole app page)
                and card["height"] + REPLY_ROOM > WINDOW["height"]):
            findings.append(f"{where}: the exercise is {card['height']:.0f} px tall: Check and its reply fall "
                            f"below a {WINDOW['width']}x{WINDOW['height']} window")
        n = answer_number(ex)
        badges = sum(c.split().count("stepno") for b in card["boards"] for c in b["classes"])
        if n is not None and badges:
            findings.append(f"{where}: the board numbers {badges} cells before the learner counts them "
                            f"(the answer is {solution(ex).answer!r})")
        seen[ex.kind] = seen.get(ex.kind, 0) + 1
        if card["replies"] and i == len(step.parts) - 1:
            findings.append(f"{where}: feedback shows before any answer")
        drawn_question = QUESTION_DRAWN.get((game, step.id, i))
        for b in card["boards"]:
            for cls in b["classes"]:
                if drawn_question is not None:
                    cls = drawn_question.sub("", cls)
                if GIVEAWAY_CLASS.search(cls):
                    findings.append(f"{where}: a board element is classed {cls!r}")
        if ex.kind == "pick":
            board = next((b for b in card["boards"] if b["kind"] == "board"), None)
            assert board is not None, where
            answers = right_targets(game, step.id, i, ex, language)
            for e in board["els"]:
                if GIVEAWAY_LABEL.search(e["label"]):
                    findings.append(f"{where}: the target {e['id']} is labelled {e['label'].strip()!r}")
            if (game, step.id) in LIVE_GAMES or solution(ex).answer.lower().startswith("for example"):
                continue  # a live game, or an open task (design a card): no one answer to single out
            if ex.mode == "sequence":
                continue  # a sequence's targets are different things (a card, then a parcel): the class checks above
            for g, feats in singling_features(board["els"], answers, ex.prompt).items():
                findings.append(f"{where}: the right {g} targets {sorted(answers)} alone carry {sorted(feats)}")
            for id_, classes in own_classes(board["els"], answers).items():
                state = TABLE_STATE.get(game)
                marks = {c for c in classes if not (state and re.fullmatch(state, c))}
                if marks:
                    findings.append(f"{where}: the right target {id_} alone is classed {sorted(marks)}")
        pressed = [o["text"] for o in card["options"] if o["pressed"] == "true" or "chosen" in (o["cls"] or "")]
        if pressed:
            findings.append(f"{where}: options start chosen: {pressed}")
        looks = {re.sub(r"bw-lesson-(option|action)-\S+", "", o["cls"] or "") for o in card["options"]}
        if len(looks) > 1:
            findings.append(f"{where}: the options do not all look alike: {sorted(looks)}")
        sol = solution(ex)
        boards_text = " | ".join(b["words"] + " " + b["label"] for b in card["boards"])
        # the step's words and the exercise's own words (its prompt, its figure), as the learner reads them
        words = data["text"] + " | " + card["text"] + " | " + boards_text
        if ex.kind == "number":
            n = answer_number(ex)
            assert n is not None, (where, sol.answer)
            units = re.findall(r"[^\W\d_]+", sol.answer)[:1] + [getattr(ex, "unit", "")]
            hits = number_giveaways(n, units, words)
            if hits:
                findings.append(f"{where}: the answer {sol.answer!r} shows as {hits}")
        elif ex.kind in ("text", "choose") or (ex.kind == "pick" and ex.mode != "sequence"):
            for form in chance_forms(sol.answer):
                if re.search(rf"(?<![\d/.]){re.escape(form)}(?![\d/])", words.replace(" %", "%")):
                    findings.append(f"{where}: the answer {sol.answer!r} shows as {form!r}")


def progress_with_every_part_shown(lesson) -> Progress:
    """Every part but the last of each step answered (no reply): a step shows all its parts, none with feedback."""
    p = Progress()
    for st in lesson.steps:
        for i in range(len(st.parts) - 1):
            p = p.with_attempt(st.id, i, Attempt(solved=True))
    return p


def position(tutorial: Tutorial, step_id: str) -> str:
    """``Step 6 of 16`` in the tutorial's words (``Шаг 6 из 11``)."""
    from balada_widgets.ui.tutorial import TUTORIAL_WORDS

    said = {**TUTORIAL_WORDS, **(tutorial.words or {})}["step_of"]
    return said.format(i=tutorial.lesson.index(step_id) + 1, n=len(tutorial.lesson.steps))


def go_to(page, tutorial: Tutorial, step_id: str) -> None:
    """Click the step's chip in the step picker and wait until each of its parts shows, with its board drawn."""
    lesson = tutorial.lesson
    page.locator(f'.bw-lesson-steps [data-id="step-{step_id}"]').click()
    expect(page.locator(".bw-lesson-progress")).to_contain_text(position(tutorial, step_id) + " ")
    step = lesson.find(step_id)
    cards = page.locator(".bw-lesson-exercise")
    expect(cards).to_have_count(tutorial.progress.visible_parts(step))
    for i, ex in enumerate(step.parts[:tutorial.progress.visible_parts(step)]):
        if ex.kind == "pick":
            expect(cards.nth(i).locator(".bw-board-box.bw-lesson-board > *").first).to_be_attached()
        elif getattr(ex, "figure", None) is not None:
            expect(cards.nth(i).locator(".bw-board-box.bw-lesson-figure svg").first).to_be_attached()


def drawn_ids(ex) -> set:
    """The targets the exercise's board has before any click, as the game draws it in Python."""
    return set(re.findall(r'data-id="([^"]*)"', ex.draw(())))


def collect(page, step, visible: int, timeout: float = 10.0) -> dict:
    """The step as the page shows it (:data:`COLLECT`), once every click exercise's board in it is this step's
    (its targets are those the game draws: never the board of the step shown before)."""
    expected = [drawn_ids(ex) if ex.kind == "pick" else None for ex in step.parts[:visible]]
    deadline = time.monotonic() + timeout
    while True:
        data = page.evaluate(COLLECT)
        ready = len(data["cards"]) == visible and all(
            any(b["kind"] == "board" and {e["id"] for e in b["els"]} == ids and (ids or b["drawn"])
                for b in card["boards"])
            for ids, card in zip(expected, data["cards"]) if ids is not None)
        if ready:
            return data
        if time.monotonic() > deadline:
            got = [sorted({e["id"] for b in c["boards"] for e in b["els"]} ^ (ids or set()))[:6]
                   for ids, c in zip(expected, data["cards"])]
            raise AssertionError(f"step {step.id}: the page does not show its boards after {timeout:.0f} s; "
                                 f"targets missing or extra: {got}")
        time.sleep(0.05)


#: the steps checked in the browser: every step of Balada and Balda; for Heroes of Barcadia and Baldur's Gate
#: (a second a step in Chromium under load) a subset with every kind of exercise (click one, a set or a
#: sequence; number, text, choice), unless BALADA_EVERY_TUTORIAL_STEP=1 asks for every step of every game
SUBSET = {
    "barcadia": ("goal", "build", "turn", "monster", "pourtal", "traps", "duel"),
    "baldurs_gate": ("city", "turn", "worker", "factions", "defended", "failed", "setup", "scoring"),
}


def steps_checked(game: str, lesson) -> list:
    if os.environ.get("BALADA_EVERY_TUTORIAL_STEP") == "1" or game not in SUBSET:
        return list(lesson.steps)
    return [lesson.find(s) for s in SUBSET[game]]


#: one exercise per game, with a wrong answer: game -> (step, part, the wrong answer: typed, or clicked ids)
WRONG = {"balada": ("boss", 0, "5"), "balda": ("grid", 0, ("cell-a1",)), "barcadia": ("build", 0, "13"),
         "baldurs_gate": ("advanced", 0, "3")}


@pytest.mark.parametrize("which", LESSONS)
def test_no_exercise_board_carries_its_answer(which, solara_test, page_session: playwright.sync_api.Page):
    """One wrong answer and Show me on a fresh lesson; then every checked step shown with all its parts, read
    before any answer."""
    game, _, language = which.partition(":")
    language = language or "en"
    tutorial = make_tutorial(game, language)
    lesson = tutorial.lesson
    step_id, i, wrong = WRONG[game]
    page = page_session
    page.set_viewport_size(WINDOW)
    display(tutorial.step(step_id).element())
    expect(page.locator(".bw-lesson-progress")).to_contain_text(position(tutorial, step_id) + " ")
    wrong_answer_then_show_me(page, tutorial, step_id, i, wrong)
    tutorial.state.value = progress_with_every_part_shown(lesson)
    findings: list[str] = []
    seen: dict = {}
    started = time.monotonic()
    checked = steps_checked(game, lesson)
    for st in checked:
        go_to(page, tutorial, st.id)
        check_step(game, st, collect(page, st, tutorial.progress.visible_parts(st)), findings, seen, language)
    print(f"{which}: {len(checked)} of {len(lesson.steps)} steps, parts by kind {seen}, "
          f"{time.monotonic() - started:.1f} s")
    assert not findings, "\n".join(findings)


def wrong_answer_then_show_me(page, tutorial: Tutorial, step_id: str, i: int, wrong) -> None:
    """A wrong answer gets feedback naming a rule without the answer (no hint, no answer box); Show me reveals it."""
    ex = tutorial.lesson.find(step_id).parts[i]
    sol = solution(ex)
    card = page.locator(".bw-lesson-exercise").nth(i)

    feedback = card.locator(".bw-lesson-wrong")
    tries = 0
    for tries in range(1, 5):  # under load a typed answer or a click may be lost in a re-render: answer again
        if isinstance(wrong, str):
            card.locator(".bw-lesson-input input").fill(wrong)
            expect(card.locator(".bw-lesson-input input")).to_have_value(wrong)
        elif not card.locator(".bw-lesson-board [class~='picked'], .bw-lesson-board [class~='chosen']").count():
            for id_ in wrong:  # each click redraws the target as selected (its class changes): wait for it
                target = card.locator(f'.bw-lesson-board [data-id="{id_}"]')
                before = target.get_attribute("class") or ""
                target.click()
                expect(target).not_to_have_attribute("class", before)
        card.locator(".bw-lesson-check").click()
        replied = card.locator(".bw-lesson-wrong, .bw-lesson-invalid")
        deadline = time.monotonic() + 8
        while not replied.count() and time.monotonic() < deadline:
            time.sleep(0.05)  # a click lost in a re-render under load gets no reply: answer again
        if feedback.count():
            break
    from balada_widgets.kit.lesson import LESSON_WORDS

    expect(feedback).to_contain_text({**LESSON_WORDS, **(tutorial.words or {})}["rule"].split("{")[0])
    said = feedback.inner_text()
    assert sol.answer not in said, said
    n = answer_number(ex)
    if n is not None:
        assert not re.search(rf"(?<![\w/.]){n}(?![\d/])", said), (sol.answer, said)
    else:
        for form in re.split(r",\s*|\s+and\s+|:\s*", sol.answer):
            assert not re.search(rf"\b{re.escape(form.strip())}\b", said) or len(form.strip()) < 3, (form, said)
    expect(card.locator(".bw-lesson-answer")).to_have_count(0)
    expect(card.locator(".bw-lesson-hint")).to_have_count(0)
    assert tutorial.progress.of(step_id, i).wrong == 1
    card.locator(".bw-lesson-show").click()
    expect(card.locator(".bw-lesson-answer")).to_contain_text(sol.answer)
    if ex.kind == "pick" and sol.picks:
        expect(card.locator(f'.bw-lesson-answer-board [data-id="{sol.picks[0]}"]')).to_be_attached()
    assert tutorial.progress.of(step_id, i).shown
    if tries > 1:
        print(f"{step_id}: the wrong answer was given {tries} times (a click or a keystroke lost under load)")


def test_the_checks_catch_a_board_that_gives_its_answer_away():
    """The reading of the page is not blind: a highlight on the right targets, a class, a label, a number with its
    unit and a pre-chosen option are each reported (DOM data as :data:`COLLECT` returns it; no browser needed)."""
    from balada_widgets.core.feedback import Feedback
    from balada_widgets.kit.lesson import LessonStep, Number, Pick, Solution

    def el(id_, extra=(), label="", classes=("space",)):
        return {"id": id_, "feats": ["self:g[class=space]{fill:#fff}", *extra], "classes": list(classes),
                "label": label, "text": ""}

    def page_data(els, words="", options=(), badges=0):
        board = {"kind": "board", "els": els, "classes": [" ".join(e["classes"]) for e in els] + ["stepno"] * badges,
                 "words": words, "label": "sheet", "drawn": True}
        return {"text": "", "cards": [{"text": "", "boards": [board], "options": list(options), "replies": 0,
                                       "height": 400}]}

    pick = Pick("**Click** the spaces.", check=lambda a: Feedback(False, "no"), draw=lambda s: "", mode="set",
                solution=Solution("spaces 2 and 3", picks=("space-2", "space-3")))
    step = LessonStep("s", "S", ("R1",), "Text.", pick)
    fair = [el("space-1"), el("space-2"), el("space-3")]
    ring = "child:circle[stroke=gold]{stroke-width:3px}"
    cases = {
        "fair": page_data(fair),
        "ring": page_data([el("space-1"), el("space-2", [ring]), el("space-3", [ring])]),
        "class": page_data([el("space-1"), el("space-2", classes=("space", "legal")), el("space-3")]),
        "label": page_data([el("space-1"), el("space-2", label="space 2, best"), el("space-3")]),
        "option": page_data(fair, options=[{"text": "A", "pressed": "true", "cls": "bw-lesson-option-0 chosen"}]),
    }
    found = {}
    for name, data in cases.items():
        findings: list = []
        check_step("balada", step, data, findings, {})
        found[name] = findings
    assert found["fair"] == []
    assert all(found[name] for name in ("ring", "class", "label", "option")), found
    assert "gold" in found["ring"][0] and "legal" in found["class"][0] and "best" in found["label"][0]
    number = Number("How many **points**?", check=lambda a: Feedback(False, "no"), solution=Solution("8 points"))
    step = LessonStep("n", "N", ("R1",), "Text.", number)
    findings = []
    check_step("balada", step, page_data([], words="Boss | 8 points"), findings, {})
    assert findings and "8 points" in findings[0]
    findings = []
    check_step("balada", step, page_data([], words="space 8 | Boss"), findings, {})  # a space number is no answer
    assert findings == []
    check_step("balada", step, page_data([], badges=8), findings, {})  # a path numbered 1 to 8: the count itself
    assert findings and "numbers 8 cells" in findings[0]
    findings = []
    tall = page_data([])
    tall["cards"][0]["height"] = 850
    check_step("balda", step, tall, findings, {})  # Check and its reply below the fold
    assert findings and "850 px tall" in findings[0]
