"""The class server as a JupyterHub service: one shared process for the hub's students.

Run by the hub (``c.JupyterHub.services``, see ``deploy/jupyterhub/``)::

    {"name": "balada-class", "url": "http://127.0.0.1:10101", "oauth_no_confirm": True,
     "command": [sys.executable, "-m", "balada_widgets.classroom.hub"],
     "environment": {"BALADA_DB": "postgresql://...", "BALADA_TEACHER_TOKEN": "..."}}

The hub starts this module with the service's environment (``JUPYTERHUB_SERVICE_PREFIX``,
``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_CLIENT_ID``,
``JUPYTERHUB_API_URL``...); it serves the app (``balada_widgets.app``, as ``solara run`` serves
it) at the service's prefix, ``/services/balada-class/``, behind the hub's login:

- **Who.** Every request goes through :class:`HubClassApp`, which asks the hub who sent it,
  with the hub's OAuth as :class:`jupyterhub.services.auth.HubOAuth` does it: a browser
  without the service's cookie is sent to the hub's ``/hub/api/oauth2/authorize`` (a state
  cookie and PKCE); the hub (after its login, if needed) sends it back to
  ``<prefix>oauth_callback`` with a code, which the service trades for the user's token
  (``HubOAuth.token_for_code``) and keeps in a signed cookie (path: the prefix); every later
  request is checked with that token (``HubOAuth.user_for_token``: the hub's user model, with
  the user's groups; the hub's answer is kept 60 s). A request without a valid login gets no
  page: a redirect to the hub (a page), 403 (anything else), a closed websocket.
- **The identity the app sees.** The service replaces the browser's Solara session cookie with
  an id of its own making for the hub user (:func:`hub_key`), whatever the browser sent, and
  tells :mod:`.identity` who that id is (:func:`.identity.hub_user`): the student's name at the
  tables is the hub's user name, the teacher page opens without a token for the members of the
  hub group ``teachers`` (``BALADA_HUB_TEACHERS_GROUP``). A student is registered in the class
  store (with the hub's name) at their first page, so the teacher page lists them (a teacher
  once they sit at a table).
- **The store** is ``BALADA_DB`` (PostgreSQL for a hub: several service processes may share it,
  the live notifier's one-second poll shows each the others' moves); the teacher token is
  ``BALADA_TEACHER_TOKEN`` (the same for every process of one store).
- Websockets whose ``Origin`` is another site are refused (cross-site websocket hijacking); the
  cookies are ``HttpOnly`` and ``SameSite=Lax``, so another site's form cannot post as a student.
  Pages of the hub's *own* origin (a student's server at ``/user/<name>/``) share the browser's
  cookies with every service, as everywhere on a JupyterHub without per-user subdomains: a class
  whose students may attack each other serves the hub with ``c.JupyterHub.subdomain_host``
  (docs/classroom.md).

``python -m balada_widgets.classroom.hub [--host H] [--port P]`` (default: the host and port of
``JUPYTERHUB_SERVICE_URL``).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import logging
import os
import secrets
import sys
import threading
import time
import unicodedata
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any, Awaitable, Callable, Optional
from urllib.parse import parse_qs, quote, urlencode, urlparse

from ..core.files import read_data_text
from .identity import HUB_KEY_PREFIX, HubUser

__all__ = ["HubClassApp", "HubUser", "hub_key", "keep_root_path_in_addresses", "main", "make_app", "store_name"]

log = logging.getLogger("balada_widgets.classroom.hub")

#: the hub group whose members get the teacher page without a token
TEACHERS_GROUP = "teachers"
#: the Solara session cookie, replaced by the hub user's id on every request
SOLARA_SESSION_COOKIE = "solara-session-id"
#: how long the hub's answer about a token is kept (seconds): a user removed from the teachers group loses the
#: teacher page within this time
USER_CACHE_SECONDS = 60
#: the signed cookie with the user's token lasts as long as the hub's token (the hub's default: 14 days)
TOKEN_COOKIE_DAYS = 14

Scope = dict
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


def hub_key(name: str) -> str:
    """The browser id of hub user ``name`` (one per user: every device of a student is the same student)."""
    return HUB_KEY_PREFIX + hashlib.sha256(("jupyterhub-user:" + name).encode("utf-8")).hexdigest()[:48]


def store_name(name: str) -> str:
    """The hub's user name as the class store keeps a student's name (spaces and control characters out, at most
    40 characters)."""
    text = "".join(ch for ch in " ".join(str(name).split()) if not unicodedata.category(ch).startswith("C"))
    return text[:40] or "student"


@dataclass
class _Known:
    user: HubUser
    registered_at: float = 0.0


class HubClassApp:
    """The ASGI app that serves ``app`` (Solara's) at the service's prefix behind the hub's OAuth (module docstring).

    ``auth``: a :class:`jupyterhub.services.auth.HubOAuth` (its ``base_url`` is the prefix); ``register(key,
    name)``: called (in a worker thread) at a user's first pages, to put them in the class store."""

    def __init__(self, app: Callable, auth: Any, *, teachers_group: str = TEACHERS_GROUP,
                 cookie_secret: Optional[bytes] = None,
                 register: Optional[Callable[[str, str], None]] = None):
        self.app = app
        self.auth = auth
        self.prefix = auth.base_url  # "/services/balada-class/"
        self.root = self.prefix.rstrip("/")
        self.teachers_group = teachers_group
        self.cookie_name = auth.cookie_name
        self.state_cookie = auth.state_cookie_name
        self.secret = cookie_secret or hmac.new(auth.api_token.encode(), b"balada-class cookies", "sha256").digest()
        self.register = register
        self._users: dict[str, _Known] = {}
        self._lock = threading.Lock()

    # ---------------------------------------------------------------- who is who
    def lookup(self, key: str) -> Optional[HubUser]:
        """The hub user of browser id ``key`` (for :func:`.identity.hub_user`)."""
        known = self._users.get(key)
        return known.user if known is not None else None

    def _remember(self, model: dict) -> HubUser:
        name = model["name"]
        groups = frozenset(model.get("groups") or ())
        user = HubUser(store_name(name), groups, self.teachers_group in groups, hub_key(name))
        with self._lock:
            known = self._users.get(user.key)
            if known is None or known.user != user:
                self._users[user.key] = _Known(user, known.registered_at if known else 0.0)
        return user

    async def _register(self, user: HubUser) -> None:
        """Put the user in the class store (with the hub's name) at a page's websocket, at most once a minute."""
        if self.register is None:
            return
        known = self._users.get(user.key)
        now = time.monotonic()
        if known is None or now - known.registered_at < 60 and known.registered_at:
            return
        known.registered_at = now
        import anyio.to_thread

        try:
            await anyio.to_thread.run_sync(self.register, user.key, user.name)
        except Exception:  # noqa: BLE001 - the page still works; the teacher page lists them at their first move
            log.exception("could not register hub user %s in the class store", user.name)
            known.registered_at = 0.0

    # ---------------------------------------------------------------- cookies
    def _signed(self, name: str, value: str) -> str:
        from tornado.web import create_signed_value

        return create_signed_value(self.secret, name, value).decode()

    def _unsigned(self, name: str, value: Optional[str], days: float) -> Optional[str]:
        if not value:
            return None
        from tornado.web import decode_signed_value

        got = decode_signed_value(self.secret, name, value, max_age_days=days)
        return got.decode("ascii", "replace") if got else None

    def _set_cookie(self, name: str, value: str, scope: Scope, max_age: Optional[int] = None) -> tuple:
        parts = [f"{name}={value}", f"Path={self.prefix}", "HttpOnly", "SameSite=Lax"]
        if max_age is not None:
            parts.append(f"Max-Age={max_age}")
        if _is_https(scope):
            parts.append("Secure")
        return (b"set-cookie", "; ".join(parts).encode("latin-1"))

    def _clear_cookie(self, name: str) -> tuple:
        return (b"set-cookie", f"{name}=; Path={self.prefix}; Max-Age=0; HttpOnly; SameSite=Lax".encode("latin-1"))

    # ---------------------------------------------------------------- the ASGI entry
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):  # lifespan: Solara's start and stop
            return await self.app(scope, receive, send)
        path = scope.get("path") or "/"
        if kind == "http" and path == self.root:
            return await _redirect(send, self.prefix + _query(scope))
        if not path.startswith(self.prefix):
            return await _refuse(scope, receive, send, 404, "not under this service's prefix")
        sub = path[len(self.root):]
        if kind == "http" and sub == "/oauth_callback":
            return await self._callback(scope, receive, send)
        cookies = _cookies(scope)
        try:
            model = await self._user(cookies)
        except Exception as e:  # noqa: BLE001 - the hub did not answer: say so, do not serve
            log.warning("could not check the login with the hub: %s", e)
            return await _refuse(scope, receive, send, 502, "the hub did not answer: try again in a moment")
        if model is None or not self._allowed(model):
            if model is not None:
                return await _refuse(scope, receive, send, 403, f"the hub user {model.get('name')} may not use "
                                                                 f"this service")
            if kind == "http" and scope.get("method") in ("GET", "HEAD"):
                return await self._login(scope, send)
            return await _refuse(scope, receive, send, 403, "log in to the hub first")
        if kind == "websocket" and not _same_origin(scope):
            return await _refuse(scope, receive, send, 403, "a websocket from another site")
        user = self._remember(model)
        if kind == "websocket" and not user.teacher:  # a teacher is listed once they sit at a table
            await self._register(user)
        inner = dict(scope)
        inner["root_path"] = self.root
        inner["headers"] = _with_session(scope, cookies, user.key, drop=(self.cookie_name,))
        return await self.app(inner, receive, _without_session_cookie(send))

    def _allowed(self, model: dict) -> bool:
        if model.get("kind", "user") != "user":
            return False
        scopes = self.auth.access_scopes
        return not scopes or bool(self.auth.check_scopes(scopes, model))

    async def _user(self, cookies: dict) -> Optional[dict]:
        token = self._unsigned(self.cookie_name, cookies.get(self.cookie_name), TOKEN_COOKIE_DAYS)
        if not token:
            return None
        return await self.auth.user_for_token(token, sync=False)

    # ---------------------------------------------------------------- the OAuth hand-over
    async def _login(self, scope: Scope, send: Send) -> None:
        """To the hub's authorize endpoint, with a state (kept in a signed cookie) and PKCE."""
        next_url = quote(scope.get("path") or self.prefix, safe="/-_.~!$&'()*+,;=:@%") + _query(scope)
        params, extra = {}, {}
        # a login already under way in this browser (two tabs opened at once): a state cookie of its own
        cookie = self.state_cookie
        if any(k.startswith(self.state_cookie) for k in _cookies(scope)):
            cookie = extra["cookie_name"] = f"{self.state_cookie}-{secrets.token_hex(4)}"
        if getattr(self.auth, "pkce_enabled", False):  # JupyterHub 6: PKCE (older hubs: the state alone)
            verifier, challenge, method = self.auth.generate_pkce_code_challenge()
            state = self.auth.generate_state(next_url, code_verifier=verifier, **extra)
            params = {"code_challenge": challenge, "code_challenge_method": method}
        else:
            state = self.auth.generate_state(next_url, **extra)
        url = self.auth.login_url + "&" + urlencode({"state": state, **params})
        max_age = getattr(self.auth, "oauth_state_max_age", 600)
        await _redirect(send, url, [self._set_cookie(cookie, self._signed(cookie, state), scope, max_age=max_age)])

    async def _callback(self, scope: Scope, receive: Receive, send: Send) -> None:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))

        def arg(name: str) -> str:
            return (query.get(name) or [""])[0]

        if arg("error"):
            return await _refuse(scope, receive, send, 400, f"the hub's login failed: "
                                                             f"{arg('error_description') or arg('error')}")
        code, state = arg("code"), arg("state")
        cookies = _cookies(scope)
        cookie = self.auth.get_state_cookie_name(state) if state else self.state_cookie
        kept = self._unsigned(cookie, cookies.get(cookie), 1)
        stale = [self._clear_cookie(k) for k in cookies if k.startswith(self.state_cookie)]
        if not code or not state or not kept or not hmac.compare_digest(kept, state):
            try:  # a stale hand-over of a browser that is logged in by now: back to the page, no new token
                if kept is None and await self._user(cookies) is not None:
                    next_url = self.auth.get_next_url(state) if state else self.prefix
                    return await _redirect(send, next_url if next_url.startswith(self.prefix) else self.prefix,
                                           stale)
            except Exception:  # noqa: BLE001 - the hub did not answer: the refusal below
                pass
            return await _refuse(scope, receive, send, 403, "the login's state does not match: open the page again")
        next_url = self.auth.get_next_url(state)
        verifier = self.auth.get_code_verifier(state) if hasattr(self.auth, "get_code_verifier") else None
        self.auth.clear_oauth_state(state)
        if not next_url.startswith(self.prefix):  # only back into this service
            next_url = self.prefix
        try:
            token = await (self.auth.token_for_code(code, code_verifier=verifier, sync=False) if verifier
                           else self.auth.token_for_code(code, sync=False))
            model = await self.auth.user_for_token(token, use_cache=False, sync=False)
        except Exception as e:  # noqa: BLE001
            log.warning("the hub refused the login's code: %s", e)
            return await _refuse(scope, receive, send, 403, "the hub refused the login: open the page again")
        if model is None:
            return await _refuse(scope, receive, send, 403, "the hub did not name a user")
        log.info("hub user %s logged in", model.get("name"))
        await _redirect(send, next_url, [self._set_cookie(self.cookie_name, self._signed(self.cookie_name, token), scope),
                                         *stale])


# -------------------------------------------------------------------- ASGI helpers


def _header(scope: Scope, name: bytes) -> str:
    for k, v in scope.get("headers") or ():
        if k.lower() == name:
            return v.decode("latin-1")
    return ""


def _cookies(scope: Scope) -> dict:
    jar: SimpleCookie = SimpleCookie()
    out = {}
    for k, v in scope.get("headers") or ():
        if k.lower() == b"cookie":
            for part in v.decode("latin-1").split(";"):  # one bad cookie does not hide the others
                try:
                    jar.load(part.strip())
                except Exception:  # noqa: BLE001
                    continue
    for k, morsel in jar.items():
        out[k] = morsel.value
    return out


def _with_session(scope: Scope, cookies: dict, key: str, drop: tuple = ()) -> list:
    """The request's headers with one Cookie header: the browser's cookies, the service's own ones left out, the
    Solara session id replaced by ``key``."""
    kept = [f"{k}={v}" for k, v in cookies.items() if k != SOLARA_SESSION_COOKIE and k not in drop
            and not k.startswith(tuple(f"{d}-" for d in drop))]
    kept.append(f"{SOLARA_SESSION_COOKIE}={key}")
    headers = [(k, v) for k, v in scope.get("headers") or () if k.lower() != b"cookie"]
    headers.append((b"cookie", "; ".join(kept).encode("latin-1")))
    return headers


def _without_session_cookie(send: Send) -> Send:
    """``send`` without Solara's ``Set-Cookie`` of its session id: the browser needs none (the service gives
    every request the hub user's id), and Solara would set it for the whole site (path ``/``)."""
    marker = SOLARA_SESSION_COOKIE.encode() + b"="

    async def sending(message: dict) -> None:
        if message.get("type") == "http.response.start":
            message = {**message, "headers": [(k, v) for k, v in message.get("headers") or ()
                                              if not (k.lower() == b"set-cookie" and v.lstrip().startswith(marker))]}
        await send(message)

    return sending


def _query(scope: Scope) -> str:
    q = scope.get("query_string") or b""
    return ("?" + q.decode("latin-1")) if q else ""


def _is_https(scope: Scope) -> bool:
    return scope.get("scheme") in ("https", "wss") or _header(scope, b"x-forwarded-proto").split(",")[0] == "https"


def _same_origin(scope: Scope) -> bool:
    """A websocket opened by a page of this site (or by a client that sends no ``Origin``)."""
    origin = _header(scope, b"origin")
    if not origin:
        return True
    host = _header(scope, b"x-forwarded-host").split(",")[0].strip() or _header(scope, b"host")
    return urlparse(origin).netloc.lower() == host.lower()


async def _redirect(send: Send, location: str, headers: Optional[list] = None) -> None:
    await send({"type": "http.response.start", "status": 302,
                "headers": [(b"location", location.encode("latin-1")), (b"content-length", b"0"),
                            (b"cache-control", b"no-store"), *(headers or [])]})
    await send({"type": "http.response.body", "body": b""})


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, why: str) -> None:
    if scope["type"] == "websocket":
        await receive()  # websocket.connect
        await send({"type": "websocket.close", "code": 1008, "reason": why[:120]})
        return
    body = f"{status}: {why}\n".encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})


# -------------------------------------------------------------------- the process


_NAVIGATOR_OLD = ("const url = new URL(this.location, window.location.origin + solara.rootPath);\n"
                  "      return url.pathname")
_NAVIGATOR_NEW = ("const url = new URL(this.location, window.location.origin);\n"
                  "      return solara.rootPath + url.pathname")


def keep_root_path_in_addresses() -> bool:
    """Make Solara's navigator keep the root path in the address bar.

    The app's paths are absolute (``/table/CODE``); Solara's navigator resolves them against
    ``origin + rootPath``, which drops the root path, so a page pushed by the app shows
    ``/table/CODE`` instead of ``/services/balada-class/table/CODE`` (the page still draws; a
    reload, a bookmark or a shared link then leaves the service). The navigator's template is
    read from a copy with that one line mended. ``False`` when Solara's template no longer has
    the line (a Solara that fixed it, or changed it: nothing is touched)."""
    import atexit
    import tempfile

    import solara.widgets

    original = Path(solara.widgets.Navigator.template_file)
    source = read_data_text(original, what="Solara's navigator template", cap=64 * 1024)
    if _NAVIGATOR_OLD not in source:
        log.info("Solara's navigator template changed: left as it is (%s)", original)
        return False
    with tempfile.NamedTemporaryFile("w", suffix="-navigator.vue", prefix="balada-hub-", delete=False) as f:
        f.write(source.replace(_NAVIGATOR_OLD, _NAVIGATOR_NEW))
    atexit.register(lambda: Path(f.name).unlink(missing_ok=True))
    solara.widgets.Navigator.template_file = f.name
    return True


def make_app(teachers_group: Optional[str] = None) -> HubClassApp:
    """The service's ASGI app from the hub's environment: Solara's app for ``balada_widgets.app`` at the service's
    prefix, behind :class:`HubClassApp`; tells :mod:`.identity` that the pages are the hub's."""
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX")
    if not prefix:
        raise SystemExit("balada_widgets.classroom.hub runs as a JupyterHub service: JupyterHub sets "
                         "JUPYTERHUB_SERVICE_PREFIX, JUPYTERHUB_API_TOKEN... (see deploy/jupyterhub/)")
    from jupyterhub.services.auth import HubOAuth

    from . import identity

    os.environ.setdefault("SOLARA_APP", "balada_widgets.app")
    os.environ.setdefault("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "false")
    import solara.server.settings as solara_settings

    solara_settings.main.mode = "production"  # the minified front end, no file watcher
    solara_settings.main.root_path = prefix.rstrip("/")
    keep_root_path_in_addresses()
    auth = HubOAuth(cache_max_age=USER_CACHE_SECONDS)
    group = teachers_group or os.environ.get("BALADA_HUB_TEACHERS_GROUP") or TEACHERS_GROUP

    def register(key: str, name: str) -> None:
        identity.store().browser(key, name)

    from solara.server.starlette import app as solara_app

    app = HubClassApp(solara_app, auth, teachers_group=group, register=register)
    identity.set_hub(app.lookup, prefix=auth.base_url, teachers_group=group)
    return app


def main(argv: Optional[list] = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m balada_widgets.classroom.hub",
                                     description="The class server as a JupyterHub service (started by the hub).")
    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL") or "http://127.0.0.1:10101")
    parser.add_argument("--host", default=os.environ.get("BALADA_HUB_BIND") or url.hostname or "127.0.0.1",
                        help="the address to listen on (default: the host of JUPYTERHUB_SERVICE_URL)")
    parser.add_argument("--port", type=int, default=url.port or 10101,
                        help="the port (default: the port of JUPYTERHUB_SERVICE_URL)")
    parser.add_argument("--teachers-group", default=None,
                        help=f"the hub group of the teachers (default $BALADA_HUB_TEACHERS_GROUP or {TEACHERS_GROUP})")
    parser.add_argument("--db", default=None, help="the class store's URL (default $BALADA_DB; PostgreSQL for a hub)")
    parser.add_argument("--log-level", default="info")
    args = parser.parse_args(argv)
    if args.db:
        os.environ["BALADA_DB"] = args.db
    host = args.host
    if host not in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        host = "0.0.0.0"  # a name (z2jh's "hub"): listen on every interface of the pod
    import uvicorn

    app = make_app(args.teachers_group)
    logging.basicConfig(level=args.log_level.upper(), stream=sys.stdout,
                        format="[%(levelname).1s %(asctime)s %(name)s] %(message)s")
    uvicorn.run(app, host=host, port=args.port, log_level=args.log_level, access_log=False, lifespan="on",
                proxy_headers=False, timeout_graceful_shutdown=5)


if __name__ == "__main__":
    main()
