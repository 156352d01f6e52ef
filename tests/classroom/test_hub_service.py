"""The class server as a JupyterHub service (``classroom.hub``), without a hub: the OAuth hand-over, the identity
the app is given, the refusals, and the pages on the hub (identity, teacher page).

The hub is JupyterHub's own :class:`~jupyterhub.services.auth.HubOAuth` (its state, PKCE, cookie names and
login address), with the two calls that would reach the hub's API answered here: the code for a token, the
token for a user model. ``tests/test_jupyterhub.py`` does the same through a real hub and Chromium."""

from __future__ import annotations

import asyncio
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import solara

from balada_widgets.classroom import hub as hub_service
from balada_widgets.classroom import identity, teacher
from balada_widgets.classroom.hub import HubClassApp, hub_key, store_name
from balada_widgets.classroom.live import LiveStore
from balada_widgets.core.errors import InvalidInput

from kernel_pages import KernelPage

PREFIX = "/services/balada-class/"
ACCESS = "access:services!service=balada-class"


class Hub:
    """What the hub's API would answer: codes for tokens, tokens for user models."""

    def __init__(self):
        self.codes: dict[str, tuple[str, str]] = {}  # code -> (token, the PKCE challenge it was asked with)
        self.users: dict[str, dict] = {}  # token -> user model
        self.asked = 0

    def user(self, name: str, groups=(), scopes=(ACCESS,)) -> str:
        """A login of ``name``: a code the hub would send back to the service."""
        token = uuid.uuid4().hex
        self.users[token] = {"kind": "user", "name": name, "groups": list(groups), "scopes": list(scopes)}
        code = uuid.uuid4().hex
        self.codes[code] = (token, "")
        return code


def make_auth(hub: Hub, **options):
    from jupyterhub.services.auth import HubOAuth

    class TestHubOAuth(HubOAuth):
        async def _api_request(self, method, url, /, **kwargs):
            """The hub's API: the token endpoint (a code and its PKCE verifier) and the user endpoint."""
            import base64
            import hashlib

            if url.endswith("/oauth2/token"):
                form = parse_qs(kwargs["data"].decode())
                token, _ = hub.codes.pop(form["code"][0])
                if "code_verifier" in form:
                    verifier = form["code_verifier"][0]
                    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode()
                    hub.codes[f"verified:{token}"] = (challenge.rstrip("="), "")
                assert form["client_secret"] == [self.api_token] and form["client_id"] == [self.oauth_client_id]
                return {"access_token": token}
            assert url.endswith("/user") and method == "GET"
            hub.asked += 1
            return hub.users.get(kwargs["headers"]["Authorization"].split(" ", 1)[1])

    return TestHubOAuth(api_token="service-token-" + "x" * 24, oauth_client_id="service-balada-class",
                        base_url=PREFIX, access_scopes={ACCESS}, api_url="http://127.0.0.1:1/hub/api", **options)


class Inner:
    """The app behind the service: remembers each request's scope, answers 200 with a Solara-like cookie."""

    def __init__(self):
        self.scopes: list[dict] = []

    async def __call__(self, scope, receive, send):
        self.scopes.append(scope)
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": 1000})
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/plain"),
                                (b"set-cookie", b"solara-session-id=whatever; Path=/"),
                                (b"set-cookie", b"other=1; Path=/")]})
        await send({"type": "http.response.body", "body": b"ok"})


def call(app, path: str, *, method: str = "GET", cookies: dict | None = None, kind: str = "http",
         headers: list | None = None) -> dict:
    """One request to the ASGI app: ``{"status", "headers" (list), "cookies" (set-cookie texts), "close"}``."""
    path, _, query = path.partition("?")
    hs = [(b"host", b"hub.example:8000"), *(headers or [])]
    if cookies:
        hs.append((b"cookie", "; ".join(f"{k}={v}" for k, v in cookies.items()).encode()))
    scope = {"type": kind, "path": path, "query_string": query.encode(), "headers": hs, "method": method,
             "scheme": "http" if kind == "http" else "ws", "root_path": ""}
    sent: list[dict] = []
    incoming = [{"type": "websocket.connect"}] if kind == "websocket" else [{"type": "http.request", "body": b""}]

    async def receive():
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    # a thread of its own: a Playwright page of another test may hold this thread's event loop
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    out = {"status": None, "headers": [], "cookies": [], "close": None, "accepted": False}
    for m in sent:
        if m["type"] == "http.response.start":
            out["status"] = m["status"]
            out["headers"] = [(k.decode(), v.decode()) for k, v in m["headers"]]
            out["cookies"] = [v for k, v in out["headers"] if k == "set-cookie"]
        elif m["type"] == "websocket.close" and out["close"] is None:
            out["close"] = m.get("code")
        elif m["type"] == "websocket.accept":
            out["accepted"] = True
    return out


def header(out: dict, name: str) -> str:
    return next(v for k, v in out["headers"] if k == name)


def cookie_value(texts: list, name: str) -> str:
    for t in texts:
        k, _, rest = t.partition("=")
        if k == name:
            return rest.split(";")[0]
    raise AssertionError(f"no {name} in {texts}")


@pytest.fixture
def service():
    hub = Hub()
    inner = Inner()
    registered: list = []
    app = HubClassApp(inner, make_auth(hub), register=lambda key, name: registered.append((key, name)))
    return hub, inner, app, registered


def log_in(hub: Hub, app: HubClassApp, name: str, path: str = PREFIX + "table", groups=()) -> dict:
    """The browser's round trip: the page, the hub's authorize (answered here), the callback; the cookies."""
    first = call(app, path)
    assert first["status"] == 302
    location = header(first, "location")
    assert location.startswith("/hub/api/oauth2/authorize?")
    query = parse_qs(urlparse(location).query)
    assert query["client_id"] == ["service-balada-class"] and query["code_challenge_method"] == ["S256"]
    assert query["redirect_uri"] == [PREFIX + "oauth_callback"] and query["response_type"] == ["code"]
    state_cookie = cookie_value(first["cookies"], app.state_cookie)
    code = hub.user(name, groups)
    back = call(app, f"{PREFIX}oauth_callback?code={code}&state={query['state'][0]}",
                cookies={app.state_cookie: state_cookie})
    assert back["status"] == 302 and header(back, "location") == path, back
    token = hub.codes.pop(f"verified:{next(t for t, u in hub.users.items() if u['name'] == name)}")[0]
    assert token == query["code_challenge"][0]  # the verifier the service kept matches the challenge it sent
    cookie = cookie_value(back["cookies"], app.cookie_name)
    assert any(c.startswith(f"{app.state_cookie}=;") for c in back["cookies"])  # the state cookie is cleared
    return {app.cookie_name: cookie}


def test_no_page_without_the_hubs_login(service):
    hub, inner, app, _ = service
    page = call(app, PREFIX + "table?game=balda")
    assert page["status"] == 302 and not inner.scopes
    state = parse_qs(urlparse(header(page, "location")).query)["state"][0]
    assert app.auth.get_next_url(state) == PREFIX + "table?game=balda"  # where the login comes back to
    set_state = next(c for c in page["cookies"] if c.startswith(app.state_cookie))
    assert f"Path={PREFIX}" in set_state and "HttpOnly" in set_state and "SameSite=Lax" in set_state
    assert call(app, PREFIX + "_solara/api/close/k1", method="POST")["status"] == 403
    ws = call(app, PREFIX + "jupyter/api/kernels/k1/channels", kind="websocket")
    assert ws["close"] == 1008 and not ws["accepted"] and not inner.scopes
    # a forged or stale cookie is no login
    assert call(app, PREFIX + "table", cookies={app.cookie_name: "2|forged"})["status"] == 302
    assert call(app, "/elsewhere")["status"] == 404
    assert header(call(app, PREFIX.rstrip("/") + "?a=1"), "location") == PREFIX + "?a=1"


def test_the_callback_checks_the_state(service):
    hub, inner, app, _ = service
    first = call(app, PREFIX + "table")
    state = parse_qs(urlparse(header(first, "location")).query)["state"][0]
    code = hub.user("ana")
    # another browser's state, or no state cookie: refused, no token asked for
    assert call(app, f"{PREFIX}oauth_callback?code={code}&state={state}")["status"] == 403
    other = call(app, PREFIX + "teacher")
    other_cookie = cookie_value(other["cookies"], app.state_cookie)
    assert call(app, f"{PREFIX}oauth_callback?code={code}&state={state}",
                cookies={app.state_cookie: other_cookie})["status"] == 403
    assert code in hub.codes
    assert call(app, f"{PREFIX}oauth_callback?error=access_denied")["status"] == 400


def test_a_logged_in_student_reaches_the_app_as_the_hub_user_and_only_so(service):
    hub, inner, app, registered = service
    cookies = log_in(hub, app, "ana")
    forged = {**cookies, "solara-session-id": hub_key("ben"), "keep": "me"}
    page = call(app, PREFIX + "table", cookies=forged)
    assert page["status"] == 200
    seen = inner.scopes[-1]
    assert seen["root_path"] == PREFIX.rstrip("/") and seen["path"] == PREFIX + "table"
    sent_cookie = dict(v.split("=", 1) for v in dict((k.decode(), v.decode()) for k, v in seen["headers"])
                       ["cookie"].split("; "))
    assert sent_cookie["solara-session-id"] == hub_key("ana")  # ben's id forged in the cookie is not taken
    assert sent_cookie["keep"] == "me" and app.cookie_name not in sent_cookie  # the token stays with the service
    # Solara's own session cookie is not set for the whole site; the app's other cookies pass
    assert not any(c.startswith("solara-session-id=") for c in page["cookies"])
    assert "other=1; Path=/" in page["cookies"]
    user = app.lookup(hub_key("ana"))
    assert user.name == "ana" and not user.teacher and user.key == hub_key("ana")
    assert app.lookup(hub_key("ben")) is None
    # the page's websocket: the user is registered in the class store (a student, with the hub's name)
    ws = call(app, PREFIX + "jupyter/api/kernels/k1/channels", kind="websocket", cookies=cookies,
              headers=[(b"origin", b"http://hub.example:8000")])
    assert ws["accepted"] and registered == [(hub_key("ana"), "ana")]
    # another site's page may not open it
    ws = call(app, PREFIX + "jupyter/api/kernels/k2/channels", kind="websocket", cookies=cookies,
              headers=[(b"origin", b"https://evil.example")])
    assert ws["close"] == 1008 and not ws["accepted"]
    # the hub's answer is kept: later requests do not ask the hub again
    asked = hub.asked
    call(app, PREFIX + "static/x.js", cookies=cookies)
    assert hub.asked == asked


def test_the_teachers_group_and_the_access_scope(service):
    hub, inner, app, registered = service
    cookies = log_in(hub, app, "mrs lee", groups=["teachers", "staff"])
    call(app, PREFIX + "teacher", cookies=cookies)
    user = app.lookup(hub_key("mrs lee"))
    assert user.teacher and user.groups == frozenset({"teachers", "staff"})
    ws = call(app, PREFIX + "jupyter/api/kernels/k1/channels", kind="websocket", cookies=cookies)
    assert ws["accepted"] and registered == []  # a teacher is listed once at a table, not as a student
    # a user whose token has no access to the service: refused, not sent round the login again
    code = hub.user("eve", scopes=())
    eve_token = hub.codes.pop(code)[0]
    signed = app._signed(app.cookie_name, eve_token)
    assert call(app, PREFIX + "table", cookies={app.cookie_name: signed})["status"] == 403


def test_two_tabs_log_in_at_once_and_a_stale_hand_over(service):
    hub, inner, app, _ = service
    first = call(app, PREFIX + "table")
    cookie1 = cookie_value(first["cookies"], app.state_cookie)
    state1 = parse_qs(urlparse(header(first, "location")).query)["state"][0]
    # the second tab, while the first is at the hub: a state cookie of its own
    second = call(app, PREFIX + "teacher", cookies={app.state_cookie: cookie1})
    state2 = parse_qs(urlparse(header(second, "location")).query)["state"][0]
    (name2,) = [c.split("=", 1)[0] for c in second["cookies"] if c.startswith(app.state_cookie + "-")]
    cookie2 = cookie_value(second["cookies"], name2)
    both = {app.state_cookie: cookie1, name2: cookie2}
    back2 = call(app, f"{PREFIX}oauth_callback?code={hub.user('ana')}&state={state2}", cookies=both)
    assert back2["status"] == 302 and header(back2, "location") == PREFIX + "teacher"
    assert {c.split("=", 1)[0] for c in back2["cookies"] if "Max-Age=0" in c} == {app.state_cookie, name2}
    token = cookie_value(back2["cookies"], app.cookie_name)
    # the first tab comes back with its state, its cookie cleared by the second: logged in by now, so to its page
    back1 = call(app, f"{PREFIX}oauth_callback?code={hub.user('ana')}&state={state1}",
                 cookies={app.cookie_name: token})
    assert back1["status"] == 302 and header(back1, "location") == PREFIX + "table"
    # without a login, a stale state is refused
    assert call(app, f"{PREFIX}oauth_callback?code=x&state={state1}")["status"] == 403


def test_a_hub_without_pkce():
    """A hub before JupyterHub 6 (no PKCE): the state alone carries the hand-over."""
    hub = Hub()
    app = HubClassApp(Inner(), make_auth(hub, pkce_enabled=False))
    first = call(app, PREFIX + "table")
    query = parse_qs(urlparse(header(first, "location")).query)
    assert "code_challenge" not in query and query["state"]
    code = hub.user("ana")
    back = call(app, f"{PREFIX}oauth_callback?code={code}&state={query['state'][0]}",
                cookies={app.state_cookie: cookie_value(first["cookies"], app.state_cookie)})
    assert back["status"] == 302
    cookies = {app.cookie_name: cookie_value(back["cookies"], app.cookie_name)}
    assert call(app, PREFIX + "table", cookies=cookies)["status"] == 200


def test_store_names():
    assert store_name("ana") == "ana"
    assert store_name("  a\tb\x00c ") == "a bc"
    assert len(store_name("x" * 100)) == 40
    assert hub_key("ana").startswith(identity.HUB_KEY_PREFIX) and hub_key("ana") != hub_key("Ana")
    assert 16 <= len(hub_key("ana")) <= 200


# ---------------------------------------------------------------------------- the pages on the hub


@pytest.fixture
def on_hub(tmp_path, monkeypatch):
    st = LiveStore(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    old = identity.set_store(st)
    users = {hub_key("ana"): identity.HubUser("ana", frozenset(), False, hub_key("ana")),
             hub_key("lee"): identity.HubUser("lee", frozenset({"teachers"}), True, hub_key("lee"))}
    identity.set_hub(users.get, prefix=PREFIX, teachers_group="teachers")
    monkeypatch.setattr(teacher, "_STARTED", {})
    yield st
    identity.set_hub(None)
    identity.set_store(old)
    st.close()


@solara.component
def TeacherAt():
    solara.routing.router_context.provide(solara.routing.Router("/teacher", []))
    return teacher.TeacherPage(refresh=0)


def test_identity_on_the_hub(on_hub):
    page = KernelPage(hub_key("ana"), "ana")
    try:
        assert page.run(identity.browser_key) == hub_key("ana")
        assert page.run(identity.hub_user).name == "ana"
        held = {}

        @solara.component
        def Who():
            held["ident"] = identity.use_identity()
            return solara.Text(held["ident"].name)

        page.open(Who())
        ident = held["ident"]
        assert ident.name == "ana" and ident.hub is not None and ident.key == hub_key("ana")
        with pytest.raises(InvalidInput, match="hub login"):
            page.run(lambda: ident.set_name("Someone else"))
    finally:
        page.close()
    # a page whose id is not the hub's (it cannot happen behind the service): no hub user, a page key of its own
    stray = KernelPage("cookie-" + uuid.uuid4().hex, "stray")
    try:
        assert stray.run(identity.hub_user) is None
        assert not stray.run(identity.browser_key).startswith("cookie-")
    finally:
        stray.close()


def test_the_standalone_app_never_takes_a_hub_id_from_a_cookie(tmp_path):
    assert not identity.on_hub()
    page = KernelPage(hub_key("ana"), "forged")
    try:
        assert page.run(identity.browser_key) != hub_key("ana")
        assert page.run(identity.hub_user) is None
    finally:
        page.close()


def test_the_teacher_page_opens_for_the_hub_group_without_a_token(on_hub):
    st = on_hub
    st.browser(hub_key("ana"), "ana")  # what the service does at ana's first page
    table = st.create_table("balda", seats=["open", "open"])
    st.join(table.code, "ana", browser=hub_key("ana"))
    lee = KernelPage(hub_key("lee"), "lee").open(TeacherAt())
    try:
        text = lee.run(lee.ui.text)
        assert table.code in text and "1: ana" in text and "<td>ana</td>" in text
        # the token stays on the server: no cookie setter, nothing in the page holds it
        assert not lee.run(lambda: [w for w in lee.ui.all_widgets() if type(w).__name__ == "TeacherCookie"])
        token = teacher._STARTED["token"]
        assert token not in text
    finally:
        lee.close()
    ana = KernelPage(hub_key("ana"), "ana").open(TeacherAt())
    try:
        text = ana.run(ana.ui.text)
        assert "logged in to the hub as ana" in text and "'teachers'" in text and table.code not in text
    finally:
        ana.close()


def test_a_token_clash_is_named(on_hub):
    on_hub.set_teacher_token("another-process-" + "y" * 20)
    teacher.start_teacher(on_hub, token="this-process-" + "z" * 20)
    on_hub.set_teacher_token("another-process-" + "y" * 20)  # a second process on the store set its own
    lee = KernelPage(hub_key("lee"), "lee").open(TeacherAt())
    try:
        assert "BALADA_TEACHER_TOKEN" in lee.run(lee.ui.text)
    finally:
        lee.close()


def test_the_navigator_keeps_the_root_path(monkeypatch):
    import solara.widgets

    monkeypatch.setattr(solara.widgets.Navigator, "template_file", solara.widgets.Navigator.template_file)
    original = solara.widgets.Navigator.template_file
    assert hub_service.keep_root_path_in_addresses()
    patched = Path(solara.widgets.Navigator.template_file).read_text()
    assert hub_service._NAVIGATOR_NEW in patched and hub_service._NAVIGATOR_OLD not in patched
    assert patched.replace(hub_service._NAVIGATOR_NEW, hub_service._NAVIGATOR_OLD) == Path(original).read_text()


# ---------------------------------------------------------------------------- the hub configurations

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "jupyterhub"


def _hub(config):
    from jupyterhub.app import JupyterHub

    return JupyterHub(config=config)


@pytest.mark.parametrize("tljh_set", [False, True], ids=["alone", "after TLJH's own services and roles"])
def test_the_tljh_configuration_adds_the_class_service(tmp_path, tljh_set):
    from traitlets.config import Config

    env = tmp_path / "balada-class.env"
    env.write_text("BALADA_DB=postgresql+psycopg://balada-class@/balada?host=/var/run/postgresql\n"
                   "BALADA_TEACHER_TOKEN=t-" + "k" * 30 + "\nBALADA_HUB_TEACHERS=lee, kim\n")
    source = (DEPLOY / "tljh" / "jupyterhub_config.d" / "balada.py").read_text()
    assert "/opt/tljh/config/balada-class.env" in source
    c = Config()
    if tljh_set:
        c.JupyterHub.services = [{"name": "cull-idle", "command": ["cull"]}]
        c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self"]},
                                   {"name": "tljh-services", "scopes": ["admin:users"], "services": ["cull-idle"]}]
    exec(compile(source.replace("/opt/tljh/config/balada-class.env", str(env)), "balada.py", "exec"),
         {"get_config": lambda: c, "__name__": "tljh_config"})
    hub = _hub(c)
    service = next(s for s in hub.services if s["name"] == "balada-class")
    assert service["command"][1:] == ["-m", "balada_widgets.classroom.hub"] and service["user"] == "balada-class"
    assert service["environment"]["BALADA_DB"].startswith("postgresql+psycopg://") and service["oauth_no_confirm"]
    assert [s["name"] for s in hub.services][:1] == (["cull-idle"] if tljh_set else ["balada-class"])
    users = [r for r in hub.load_roles if r["name"] == "user"]
    assert len(users) == 1 and set(users[0]["scopes"]) == {"self", "access:services!service=balada-class"}
    assert hub.load_groups == {"teachers": {"users": ["lee", "kim"]}}


def test_the_z2jh_values_start_the_class_service_with_the_hubs_secrets(monkeypatch):
    import yaml
    from traitlets.config import Config

    values = yaml.safe_load((DEPLOY / "z2jh" / "values.yaml").read_text())
    service = dict(values["hub"]["services"]["balada-class"], name="balada-class")
    assert service["url"] == "http://hub:10101" and "10101" in service["command"]
    assert {p["port"] for p in values["hub"]["service"]["extraPorts"]} == {10101}
    assert values["hub"]["loadRoles"]["user"]["scopes"] == ["self", "access:services!service=balada-class"]
    assert values["hub"]["config"]["JupyterHub"]["load_groups"]["teachers"]["users"]
    env = values["hub"]["extraEnv"]
    assert {k: v["valueFrom"]["secretKeyRef"]["name"] for k, v in env.items()} == {
        "BALADA_DB": "balada-class", "BALADA_TEACHER_TOKEN": "balada-class"}
    monkeypatch.setenv("BALADA_DB", "postgresql+psycopg://balada:pw@balada-db-postgresql/balada")
    monkeypatch.setenv("BALADA_TEACHER_TOKEN", "t-" + "z" * 30)
    c = Config()
    c.JupyterHub.services.append(service)  # as the chart's jupyterhub_config.py adds hub.services
    exec(values["hub"]["extraConfig"]["balada-class"], {"c": c})
    started = _hub(c).services[0]["environment"]
    assert started["BALADA_DB"].endswith("@balada-db-postgresql/balada")
    assert started["BALADA_TEACHER_TOKEN"] == "t-" + "z" * 30 and started["BALADA_HUB_TEACHERS_GROUP"] == "teachers"
