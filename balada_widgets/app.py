"""The standalone app: ``solara run balada_widgets/app.py``.

The home page offers, per game, what a game site offers in its first
minute: **learn** the rules (the game's tutorial, step by step), **play
against a bot** in one click, **hot-seat** on one screen, and the **lab**.
Every one of those is a page of its own (``/balada``, ``/balada-hot-seat``,
``/balada-learn``, ``/balada-lab``...), listed in :data:`PAGES`; the tabs
under the title bar name the games in words, and a row of links on every
game page switches between its pages.

A game is its spec (:class:`~balada_widgets.core.spec.GameSpec`, declared once
in its room's ``__init__``): :func:`game_entries` makes a :class:`GameEntry`
of each registered spec and its pages come from it, so a registered game gets
its pages with no edit here. A page whose module cannot be imported (a game
not built yet) is left out.

Play pages start a fresh game (a new seed) each time they are opened; the
page's *New game* button changes players, bots and levels. Solara's "runs on
Solara" badge is switched off (it sat over the bottom-right of the page).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import secrets
from dataclasses import dataclass
from typing import Callable, Optional

import solara
import solara.server.settings

from balada_widgets.ui.a11y import PageA11y, serve_page_language

# the "This website runs on Solara" badge sat over the bottom-right corner of the content
solara.server.settings.theme.show_banner = False
solara.server.settings.theme.title = "balada-widgets"

#: what each kind of page is called on the home page and in a game's links: (label, icon). The icons are
#: the ones of the Material Design Icons font Solara serves (4.9: it has mdi-robot, not mdi-robot-outline)
KINDS = {
    "learn": ("Learn the rules", "mdi-school-outline"),
    "bot": ("Play against a bot", "mdi-robot"),
    "hot-seat": ("Hot-seat", "mdi-account-multiple-outline"),
    "solo": ("Solo", "mdi-account-outline"),
    "lab": ("Lab", "mdi-flask-outline"),
}
PLAY_KINDS = ("bot", "hot-seat", "solo")

#: the frame's words (tabs, a game's page links, page titles) in the languages of the app's pages: a Czech page
#: has a Czech frame; a page in a language without words here (a Balda game in Russian) has the English frame
FRAME_WORDS = {
    "en": {"home": "Home", "learn": "Learn the rules", "learn.en": "Learn the rules", "bot": "Play against a bot",
           "hot-seat": "Hot-seat", "solo": "Solo", "lab": "Lab", "title.learn": "learn the rules",
           "title.bot": "against a bot", "title.hot-seat": "hot-seat", "title.solo": "solo", "title.lab": "lab"},
    "cs": {"home": "Domů", "learn": "Naučit se pravidla", "learn.en": "Pravidla anglicky", "bot": "Hrát proti botům",
           "hot-seat": "Hra u jedné obrazovky", "solo": "Hra pro jednoho", "lab": "Laboratoř",
           "title.learn": "pravidla", "title.bot": "proti botům", "title.hot-seat": "hra u jedné obrazovky",
           "title.solo": "hra pro jednoho", "title.lab": "laboratoř"},
}


def frame_words(lang: str) -> dict:
    """The frame's words in ``lang`` (English when the frame has no words in it)."""
    return FRAME_WORDS.get(lang, FRAME_WORDS["en"])


@dataclass(frozen=True)
class Page:
    """One page of the app: its URL path, title, target and a line for the home page.

    ``target`` is ``"module:Name"``: a component for the ``"page"`` and ``"lab"``
    kinds, the app class (:class:`~balada_widgets.ui.app.GameApp`, made for
    the page's game by its spec) for the play kinds (``"bot"``, ``"hot-seat"``,
    ``"solo"``: started with ``options``), a tutorial module for ``"learn"``
    (its ``lesson``, shown with the kit's lesson player).
    """

    path: str
    title: str
    target: str
    blurb: str = ""
    game: str = ""  # the key of its GameEntry ("" for pages of no game)
    kind: str = "page"
    options: tuple = ()  # (name, value) pairs: the app's arguments (play kinds) or the lesson's (learn)

    @property
    def language(self) -> str:
        """The page's language as served (``<html lang>``): its ``language`` option, else English."""
        return str(dict(self.options).get("language", "en"))

    def title_in(self, lang: str) -> str:
        """The title in the frame's words of ``lang`` (a tutorial in another language keeps its own name)."""
        words = frame_words(lang)
        if lang == "en" or (self.kind == "learn" and self.options) or f"title.{self.kind}" not in words:
            return self.title
        return f"{self.title.partition(': ')[0]}: {words[f'title.{self.kind}']}"

    def load(self) -> Optional[Callable]:
        """The page's component, or ``None`` when its module is not there (the game is not built)."""
        module, _, name = self.target.partition(":")
        if self.kind == "learn":  # imported when the page is shown: the tutorials are large
            try:
                found = importlib.util.find_spec(module) is not None
            except ImportError:
                found = False
            return _learn_page(self) if found else None
        try:
            target = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            return None
        if self.kind in PLAY_KINDS:
            from balada_widgets.core.spec import registry

            found = registry().get(self.game)  # the generic app, named for its game (BaladaApp)
            return _play_page(self, found.app_class() if found is not None else target)
        return target


@dataclass(frozen=True)
class GameEntry:
    """A game of the app: its pages, built from the view's app class, its tutorial and its lab.

    Made from a game's spec (:meth:`from_spec`): the app has no table of games of its own.
    """

    key: str  # the package: balada_widgets.<key>
    title: str
    stem: str  # the URL path of its bot page; the others add "-hot-seat", "-learn", "-lab"
    players: str
    blurb: str
    app: str  # "module:AppClass": the kit's generic app (each page starts the class made for its game)
    lab: Optional[str] = None  # "module:LabComponent"
    bot: tuple = (("players", 2), ("bots", 1))
    hot_seat: tuple = (("players", 2), ("bots", 0))
    solo: Optional[tuple] = None
    languages: tuple = ()  # more languages of the tutorial: (("cs", "česky"), ...)
    tutorial: str = ""  # the tutorial module (default: balada_widgets.<key>.tutorial)

    @classmethod
    def from_spec(cls, spec) -> "GameEntry":
        """The entry of a registered :class:`~balada_widgets.core.spec.GameSpec`: the bot page is the spec's
        ``bot_page`` with its ``default_bot``, hot-seat and solo its ``hot_seat`` and ``solo``."""
        from balada_widgets.core.spec import GENERIC_APP

        def seats(pair):
            return (("players", pair[0]), ("bots", pair[1]))

        bot = seats(spec.bot_page) + ((("bot_level", spec.default_bot),) if spec.default_bot else ())
        return cls(spec.name, spec.title, spec.stem, spec.players_text, spec.blurb, GENERIC_APP,
                   lab=spec.view("lab"), bot=bot, hot_seat=seats(spec.hot_seat),
                   solo=None if spec.solo is None else seats(spec.solo), languages=tuple(spec.lesson_languages),
                   tutorial=spec.lesson or "")

    def pages(self) -> list[Page]:
        tutorial = self.tutorial or f"balada_widgets.{self.key}.tutorial"
        out = []
        if self.app:
            out += [Page(self.stem, f"{self.title}: against a bot", self.app, self.blurb, self.key, "bot", self.bot),
                    Page(f"{self.stem}-hot-seat", f"{self.title}: hot-seat", self.app, self.blurb, self.key,
                         "hot-seat", self.hot_seat)]
        if self.app and self.solo is not None:
            out.append(Page(f"{self.stem}-solo", f"{self.title}: solo", self.app, self.blurb, self.key, "solo",
                            self.solo))
        out.append(Page(f"{self.stem}-learn", f"{self.title}: learn the rules", tutorial, self.blurb, self.key, "learn"))
        for code, name in self.languages:
            out.append(Page(f"{self.stem}-learn-{code}", f"{self.title}: {name}", tutorial, self.blurb, self.key,
                            "learn", (("language", code),)))
        if self.lab is not None:
            out.append(Page(f"{self.stem}-lab", f"{self.title}: lab", self.lab, self.blurb, self.key, "lab"))
        return out


def game_entries() -> list[GameEntry]:
    """One entry per registered game (:func:`balada_widgets.core.spec.registry`), in registration order."""
    from balada_widgets.core.spec import registry

    return [GameEntry.from_spec(spec) for spec in registry().values()]


def all_pages() -> list[Page]:
    """Every page of every registered game, read from the registry now (a game registered later has its pages)."""
    return [page for entry in game_entries() for page in entry.pages()]


#: the games and pages at import (a game registered later: :func:`game_entries`, :func:`all_pages`, :func:`make_routes`)
GAMES = game_entries()
PAGES = all_pages()


def built_pages() -> list[tuple[Page, Callable]]:
    """The pages of the registered games whose component can be loaded, in :func:`all_pages` order."""
    out = []
    for page in all_pages():
        component = page.load()
        if component is not None:
            out.append((page, component))
    return out


def fresh_seed() -> int:
    """A new seed for each game a page opens (the share panel shows it)."""
    return secrets.randbelow(1_000_000)


#: the language of the game a play page shows now, ``(page path, language)``, one per kernel (each browser tab):
#: a Builders of Baldur's Gate game started in Czech makes its page Czech (``<html lang>``, the frame's words)
GAME_LANGUAGE = solara.reactive(("", ""))


def page_at(path: str) -> Optional[Page]:
    """The page of a URL path (``"/balada-lab"``), or ``None`` (the home page, an unknown path)."""
    return next((p for p in all_pages() if p.path == path.strip("/")), None)


def served_language(path: str) -> str:
    """The language the page at ``path`` is served in (the first ``<html>`` tag: ui/a11y.serve_page_language)."""
    page = page_at(path)
    return page.language if page is not None else "en"


def page_language(path: str) -> str:
    """The language of the page at ``path`` now: the language of the game its play page shows (set by
    :func:`GameLanguage` in :data:`GAME_LANGUAGE`), else the one it is served in."""
    page = page_at(path)
    if page is None:
        return "en"
    shown, lang = GAME_LANGUAGE.value
    return lang if shown == page.path and lang else page.language


@solara.component
def GameLanguage(page: Page, app):
    """Tells the frame the language of the game ``app`` shows (a game's ``language``, if it has one)."""
    from balada_widgets.ui.root import use_app_game

    session, _bots = use_app_game(app)
    lang = str(getattr(session.game, "language", "") or page.language)
    solara.use_effect(lambda: GAME_LANGUAGE.set((page.path, lang)), [lang])
    return solara.Div(classes=["bw-game-language"], style={"display": "none"})


def _play_page(page: Page, app_class) -> Callable:
    @solara.component
    def Play():
        app, keeper = solara.use_memo(lambda: _kept_app(page, app_class), [])
        KeptGame(keeper)
        GameLanguage(page, app)
        return app.element()

    Play.__name__ = f"Play_{page.path.replace('-', '_')}"
    return Play


def _class_browser():
    """The browser of this page for the class store: its cookie id and chosen name (``classroom.identity``);
    ``None`` outside a Solara kernel (not a browser page: nothing is kept)."""
    import solara.server.kernel_context as kc

    from balada_widgets.classroom import identity

    if not kc.has_current_context():
        return None
    key = identity.browser_key()
    return key, identity.store().browser_name(key) or ""


def _resume():
    """``classroom.resume``, told who the browser is and which store the process has (``classroom.identity``)."""
    from balada_widgets.classroom import identity, resume

    if not resume.has_identity():
        resume.set_identity(_class_browser)
        resume.set_app_store(identity.store)
    return resume


def _kept_app(page: Page, app_class):
    """The page's app and its keeper: the browser's game of this page from the class store
    (``classroom.resume``: the same game after a reload or a restart), else a new game."""
    resume = _resume()

    def make(session, settings):
        if session is None:
            return app_class(seed=fresh_seed(), **dict(page.options))
        return app_class(**resume.app_kwargs(app_class, dict(page.options), settings, session))

    return resume.keep_game(page.path, make, game=page.game)


@solara.component
def KeptGame(keeper):
    """Commits the page's moves to the class store in the render that shows them (before the browser
    sees them): the keeper asks for this render after each change of the game."""
    _tick, set_tick = solara.use_state(0)

    def attach():
        if keeper is None:
            return None
        keeper.on_pending = lambda: set_tick(lambda t: t + 1)

        def detach():
            keeper.close()
        return detach

    solara.use_effect(attach, [keeper])
    if keeper is not None and keeper.pending:
        keeper.flush()
    return solara.Div(classes=["bw-kept"], style={"display": "none"})


def tutorial_for(module_name: str, options: tuple = ()):
    """A fresh :class:`~balada_widgets.ui.tutorial.Tutorial` of a game's lesson (one per page: each learner's own
    progress), or ``None`` when the game's tutorial module has no kit lesson."""
    from balada_widgets.kit.lesson import Lesson
    from balada_widgets.ui.tutorial import Tutorial

    module = importlib.import_module(module_name)
    opts = dict(options)
    lesson = getattr(module, "lesson", None)
    if callable(lesson):
        lesson = lesson(**opts)
    if not isinstance(lesson, Lesson):
        return None
    words = getattr(module, "kit_words", None)
    return Tutorial(lesson, words=words(opts.get("language", "en")) if callable(words) else None)


def _kept_lesson(page: Page, tutorial):
    """The class store keeps the browser's progress and step of this lesson (``classroom.resume``)."""
    resume = _resume()

    return resume.keep_lesson(page.path, page.game, tutorial)


def _learn_page(page: Page) -> Callable:
    module_name = page.target.partition(":")[0]

    @solara.component
    def Learn():
        from balada_widgets.ui.tutorial import LessonRoot

        tutorial = solara.use_memo(lambda: tutorial_for(module_name, page.options), [])
        keeper = solara.use_memo(lambda: _kept_lesson(page, tutorial) if tutorial is not None else None, [tutorial])
        if tutorial is None:
            notebook = f"notebooks/{page.game}_tutorial.ipynb"
            return solara.Info(f"This game's tutorial is the notebook {notebook}: open it in JupyterLab.",
                               classes=["bw-learn-notebook"])
        return LessonRoot(tutorial=tutorial, start=keeper.step if keeper is not None else tutorial.lesson.steps[0].id)

    Learn.__name__ = f"Learn_{page.path.replace('-', '_')}"
    return Learn


# ======================================================================= home page and navigation

HOME_CSS = """
.bw-home-games { display: flex; flex-wrap: wrap; gap: 16px; }
.bw-home-game { flex: 1 1 380px; max-width: 560px; }
.bw-home-game .bw-home-actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 4px; }
.bw-home-game .bw-home-players { color: #6b5d3f; font-size: 13px; }
.bw-game-links { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; margin: 0 0 8px 0; }
.bw-game-links a { text-decoration: none; }
"""


def pages_of(game: str) -> list[tuple[Page, Callable]]:
    return [(p, c) for p, c in built_pages() if p.game == game]


def link_label(page: Page, lang: str = "en") -> str:
    """``Learn the rules``, ``Play against a bot``... in the frame's words of ``lang``, and a tutorial in another
    language by its own name (``pravidla česky``); on a page in another language the English tutorial is
    named as such (``Pravidla anglicky``)."""
    if page.kind == "learn" and page.options:
        return page.title.partition(": ")[2]
    words = frame_words(lang)
    if page.kind == "learn" and lang != "en":
        return words["learn.en"]
    return words.get(page.kind) or KINDS.get(page.kind, (page.title, ""))[0]


def link_attributes(page: Page) -> dict:
    """A link to a page in another language says so (``lang``: a screen reader reads its name in that voice)."""
    return {"lang": page.language} if page.language != "en" else {}


@solara.component
def GameCard(entry: GameEntry, pages: list):
    with solara.Card(entry.title, margin=0, classes=["bw-home-game", f"bw-home-{entry.stem}"]) as card:
        solara.Text(entry.players, classes=["bw-home-players"])
        solara.Markdown(entry.blurb)
        with solara.Div(classes=["bw-home-actions"]):
            for page, _component in pages:
                _label, icon = KINDS.get(page.kind, ("", ""))
                with solara.Link(f"/{page.path}"):
                    solara.Button(link_label(page), icon_name=icon, color="primary" if page.kind == "bot" else None,
                                  outlined=page.kind != "bot", classes=[f"bw-open-{page.path}", f"bw-open-{page.kind}"],
                                  attributes=link_attributes(page))
    return card


@solara.component
def Home():
    solara.Title("balada-widgets")
    built = built_pages()
    with solara.Column(style={"max-width": "1180px", "padding": "12px"}, classes=["bw-home"]) as col:
        solara.Style(HOME_CSS)
        solara.Markdown("# balada-widgets\n\nFour tabletop games to learn, play and analyse. New to a game? "
                        "**Learn the rules** walks you through them on the board, one rule at a time. Then play "
                        "against a bot in one click, or hot-seat with friends on this screen.")
        with solara.Div(classes=["bw-home-games"]):
            for entry in game_entries():
                pages = [(p, c) for p, c in built if p.game == entry.key]
                if pages:
                    GameCard(entry, pages)
            _classmates().ClassmatesCard()
    return col


def _classmates():
    """The class tables' pages (``classroom.pages``: imported on first use)."""
    from balada_widgets.classroom import pages

    return pages


@solara.component
def GameLinks(page: Page):
    """The row above a game's page: its other pages (learn, bot, hot-seat, lab), the current one in bold; in the
    page's language (:func:`page_language`)."""
    lang = page_language(page.path)
    with solara.Div(classes=["bw-game-links"]) as div:
        for other, _component in pages_of(page.game):
            label = link_label(other, lang)
            if other.path == page.path:
                solara.Text(label, style={"font-weight": "700"}, classes=["bw-game-link-current"])
            else:
                with solara.Link(f"/{other.path}"):
                    solara.Button(label, text=True, small=True, classes=[f"bw-link-{other.path}"],
                                  attributes=link_attributes(other) if other.language != lang else {})
        _classmates().ClassmatesLink(page.game)
    return div


def _page(page: Page, component: Callable):
    @solara.component
    def Wrapped():
        solara.Title(page.title_in(page_language(page.path)))  # the title bar shows it too
        with solara.Column(gap="0px") as col:
            solara.Style(HOME_CSS)
            GameLinks(page)
            component()
        return col

    Wrapped.__name__ = f"Page_{page.path.replace('-', '_')}"
    return Wrapped


@solara.component
def Layout(children=[]):  # noqa: B006 (Solara's signature)
    """Solara's app layout with the games by name in the tabs (its own tabs would show the raw paths)."""
    route, _routes = solara.use_route()
    router = solara.use_router()
    path = route.path if route is not None else "/"
    index = tab_index(path)
    lang = page_language(path)  # a Czech page has a Czech frame (the games' names are names)
    with solara.AppLayout(title="balada-widgets", navigation=True) as main:
        with solara.AppBar():
            # the page's language, zoom allowed, named sliders (ui/a11y.py); not a child: that is the drawer
            PageA11y(lang=lang)
            with solara.lab.Tabs(value=index, on_value=lambda i: router.push(TABS[i][1]), align="center"):
                for title, _href, key in TABS:
                    solara.lab.Tab(title if key else frame_words(lang)["home"], classes=[f"bw-tab-{key or 'home'}"])
        for child in children:
            solara.display(child)
    return main


def make_routes() -> list:
    """The app's routes from the registered games: Home, then every page that can be built. The root route
    carries the layout (Solara takes the layout of a module with ``routes`` from its "/" route only, so a
    module-level ``Layout`` alone would be ignored)."""
    return [solara.Route(path="/", component=Home, label="Home", layout=Layout)] + [
        solara.Route(path=page.path, component=_page(page, component), label=page.title)
        for page, component in built_pages()
    ] + [solara.Route(path="table", component=_tables_page, label=CLASS_TITLES["table"])] + [
        solara.Route(path="teacher", component=_teacher_page, label=CLASS_TITLES["teacher"])]


#: the class pages' titles (the browser tab, the route labels)
CLASS_TITLES = {"table": "Play with classmates", "teacher": "The teacher's page"}


@solara.component
def _tables_page():
    """``/table`` (make or join a table) and ``/table/CODE`` (a table: each device its own seat)."""
    solara.Title(CLASS_TITLES["table"])
    return _classmates().TablesPage()


@solara.component
def _teacher_page():
    """``/teacher?token=...``: the class's tables, students and misreadings (``classroom.teacher``)."""
    from balada_widgets.classroom import teacher

    solara.Title(CLASS_TITLES["teacher"])
    return teacher.TeacherPage()


def make_tabs() -> list[tuple[str, str, str]]:
    """The tabs under the title bar: Home, then one per registered game with a page (a game's tab is on for
    every page of that game): ``(title, href, key)``."""
    pages = all_pages()
    return [("Home", "/", "")] + [(g.title, f"/{g.stem}", g.key) for g in game_entries()
                                  if any(p.game == g.key for p in pages)]


#: the app's pages, as ``solara run`` serves them
routes = make_routes()

#: the tabs under the title bar
TABS = make_tabs()


def tab_index(path: str, tabs: Optional[list] = None) -> int:
    """The tab of a page path (``"balada-lab"`` is Balada's tab) among ``tabs`` (default :data:`TABS`)."""
    page = page_at(path)
    if page is None:
        return 0
    return next((i for i, (_title, _href, key) in enumerate(tabs or TABS) if key == page.game), 0)


#: every page is served with its language in its first tag (``<html lang="cs">``), before any script runs
serve_page_language(served_language)

if os.environ.get("SOLARA_APP"):  # served by `solara run`: the teacher token and the store's place, printed once
    from balada_widgets.classroom import teacher as _teacher

    _teacher.announce()
    import solara.server.settings as _solara_settings

    # every page's game, table and lesson step is in the class store: a page whose server was restarted (even
    # after kill -9) reloads itself once it reaches the new server, which finds them (docs/classroom.md, Resume);
    # Solara's default is a dialog asking the student to refresh the page
    _solara_settings.theme.force_refresh = True
