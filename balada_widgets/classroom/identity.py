"""Who is at this browser: its long random id, the name it chose, and the process's one class store.

**The browser's id.** Solara's server gives every browser a session cookie,
``solara-session-id``: a random UUID (122 random bits) drawn on the browser's first page,
kept until 2038, read again from the cookie by every page, every reload and every restart of
the server (the server keeps nothing: the id is the browser's). That cookie is the browser's
id here (:func:`browser_key`); the store keeps it only hashed (:meth:`~.store.Store.browser`).
A browser that sends no cookie (cookies blocked) gets a random id for the page, which a
reload forgets: it can still play, and its seat can be taken back only from that page.

**The name.** Asked once (:func:`use_identity`, the name form of :mod:`.pages`) and
changeable; kept in the store with the browser's row, so every device of the class sees it
and a restarted server still knows it.

**On a JupyterHub** (:mod:`.hub`: the class server as a hub service) the hub says who is at the
page: the service checks the hub's login on every request and hands each page a browser id of
its own making, one per hub user (:data:`HUB_KEY_PREFIX`), whatever cookie the browser sent;
:func:`hub_user` gives that page's hub user (the name, the groups, whether a teacher), the
name is the hub's user name and cannot be changed at the tables. The standalone app never takes
such an id from a cookie.

**The store.** One per process (:func:`store`): ``$BALADA_DB`` (a database URL or a SQLite
path), else the SQLite file ``classroom.sqlite3`` in the data directory (``$BALADA_DATA``,
else ``~/.local/share/balada-widgets``). ``solara run`` passes no options of its own to the
app, so the app reads the environment: ``make app DB=postgresql://...`` sets ``BALADA_DB``.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass
from typing import Any, Callable, Optional

import solara

from ..core.errors import GameError, InvalidInput
from .live import LiveStore
from .store import default_url

__all__ = ["HUB_KEY_PREFIX", "HubUser", "Identity", "browser_key", "hub_user", "on_hub", "reset_store", "set_hub",
           "set_store", "store", "use_identity"]

_STORE: Optional[LiveStore] = None
_LOCK = threading.Lock()
#: a page without Solara's cookie (cookies blocked): one random id per kernel
_NO_COOKIE = "session-id-cookie-unavailable:"
_PAGE_KEYS: dict[str, str] = {}
#: the browser ids the JupyterHub service gives its pages (one per hub user): never read from a browser's cookie
HUB_KEY_PREFIX = "jupyterhub-user-"


@dataclass(frozen=True)
class HubUser:
    """A page's user as the hub names it (:mod:`.hub`): ``name`` (the hub's user name), ``groups``, ``teacher``
    (a member of the hub's teachers group), ``key`` (the browser id the service gave the page)."""

    name: str
    groups: frozenset
    teacher: bool
    key: str


#: set by the JupyterHub service (:func:`set_hub`): the page's browser id -> its hub user
_HUB: dict[str, Any] = {}


def set_hub(lookup: Optional[Callable[[str], Optional[HubUser]]], **settings: Any) -> None:
    """Say that this process is the hub's class service: ``lookup(browser id)`` gives a page's :class:`HubUser`;
    ``settings`` (``prefix``, ``teachers_group``) tell the pages where they are. ``None`` ends it (tests)."""
    with _LOCK:
        _HUB.clear()
        if lookup is not None:
            _HUB.update(settings, lookup=lookup)


def on_hub() -> dict[str, Any]:
    """The hub's settings when this process is the hub's class service (``prefix``, ``teachers_group``), else
    an empty dict."""
    return {k: v for k, v in _HUB.items() if k != "lookup"}


def hub_user() -> Optional[HubUser]:
    """The hub user of the current page (on the hub's class service), else ``None``."""
    lookup = _HUB.get("lookup")
    if lookup is None:
        return None
    import solara.server.kernel_context as kc

    ctx = kc.get_current_context() if kc.has_current_context() else None
    sid = getattr(ctx, "session_id", None) if ctx is not None else None
    if not isinstance(sid, str) or not sid.startswith(HUB_KEY_PREFIX):
        return None
    return lookup(sid)


def store() -> LiveStore:
    """The process's class store, opened on first use (see the module docstring)."""
    global _STORE
    with _LOCK:
        if _STORE is None:
            _STORE = LiveStore(default_url())
        return _STORE


def set_store(new: Optional[LiveStore]) -> Optional[LiveStore]:
    """Use ``new`` as the process's store (a test's); returns the one it replaces."""
    global _STORE
    with _LOCK:
        old, _STORE = _STORE, new
        return old


def reset_store() -> None:
    """Close the process's store; the next :func:`store` opens it again (``$BALADA_DB`` read again)."""
    old = set_store(None)
    if old is not None:
        old.close()


def browser_key() -> str:
    """This browser's id: Solara's session cookie (see the module docstring); outside a Solara kernel, one id
    for the process (a notebook is one learner)."""
    import solara.server.kernel_context as kc

    ctx = kc.get_current_context() if kc.has_current_context() else None
    sid = getattr(ctx, "session_id", None) if ctx is not None else None
    if (isinstance(sid, str) and 16 <= len(sid) <= 200 and not sid.startswith(_NO_COOKIE)
            and sid.startswith(HUB_KEY_PREFIX) == bool(_HUB)):  # a hub id only from the hub's service
        return sid
    page = getattr(ctx, "id", None) or "no-kernel"
    with _LOCK:
        key = _PAGE_KEYS.get(page)
        if key is None:
            key = _PAGE_KEYS[page] = secrets.token_urlsafe(32)
            if ctx is not None:
                ctx.on_close(lambda: _PAGE_KEYS.pop(page, None))
        return key


@dataclass(frozen=True)
class Identity:
    """The browser at this page: ``key`` (its id), ``name`` ('' until chosen), ``set_name(name)`` (a refusal
    is the store's :class:`~balada_widgets.core.errors.GameError`, e.g. an empty name); ``hub``: the page's
    :class:`HubUser` on the hub's class service (the name is then the hub's and ``set_name`` refuses)."""

    key: str
    name: str
    set_name: Callable[[str], None]
    hub: Optional[HubUser] = None


def use_identity() -> Identity:
    """The page's :class:`Identity` (registers the browser in the store on first use)."""
    key = solara.use_memo(browser_key, [])
    hub = solara.use_memo(hub_user, [key])
    known = solara.use_memo(lambda: hub.name if hub is not None else _known_name(key), [key])
    name, set_held = solara.use_state(known)

    def set_name(new: str) -> None:
        if hub is not None:
            raise InvalidInput(f"on the hub your name is your hub login, {hub.name}: it is not changed here",
                               rule="name")
        st = store()
        st.browser(key, new)
        set_held(st.browser_name(key) or "")

    return Identity(key, name, set_name, hub)


def _known_name(key: str) -> str:
    try:
        return store().browser_name(key) or ""
    except GameError:
        return ""
