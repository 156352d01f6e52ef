"""JupyterHub on one machine, for a trial: any name logs in, each student's server is a local process.

This is the configuration ``tests/test_jupyterhub.py`` proves (5 students on
loopback). It is for trying the hub on a laptop or in CI, **not for a class**:
``DummyAuthenticator`` lets anyone in under any name, and
``SimpleLocalProcessSpawner`` runs every student's server as the hub's own
system user. For a class use ``deploy/jupyterhub/tljh/`` (one server) or
``deploy/jupyterhub/z2jh/`` (Kubernetes); see ``docs/classroom.md``.

Run from the repository root, after ``make setup`` (which installs JupyterHub,
its proxy ``configurable-http-proxy`` and jupyter-server-proxy into ``.venv``)::

    .venv/bin/jupyterhub -f deploy/jupyterhub/local/jupyterhub_config.py

then open http://127.0.0.1:8000, log in with any name (no password) and you land
on the start notebook; the standalone app is at ``/user/<name>/balada-app/``.

The hub also starts the **class service** (``balada-class``: ``python -m
balada_widgets.classroom.hub``), one process for every student of the hub, at
http://127.0.0.1:8000/services/balada-class/: tables across devices and the
teacher page, behind the hub's login (the hub user name is the student's name;
the members of the hub group ``teachers``, here the user ``teacher``, open
``/services/balada-class/teacher`` without a token). Its class store is
``BALADA_DB`` from this environment (a PostgreSQL URL for a real hub), else a
SQLite file in the state folder.

Environment variables (all optional; the test sets them):

``BALADA_HUB_PORT`` (8000), ``BALADA_HUB_API_PORT`` (8001: the proxy's API),
``BALADA_HUB_INTERNAL_PORT`` (8081: the hub itself), ``BALADA_HUB_STATE``
(a folder for the hub's database, cookie secret and the students' homes;
default ``/tmp/balada-hub``), ``BALADA_HUB_API_TOKEN`` (a token for a ``balada-admin``
service that may manage users and servers: scripts and tests use it),
``BALADA_DB`` (the class service's store; default ``<state>/classroom.sqlite3``),
``BALADA_TEACHER_TOKEN`` (the class's teacher token; default one kept in
``<state>/balada-teacher-token``), ``BALADA_HUB_TEACHERS`` (the users of the
``teachers`` group, comma-separated; default ``teacher``),
``BALADA_HUB_SERVICE_PORT`` (10101: the class service, on loopback),
``BALADA_HUB_CLASS_PROCESSES`` (1: more starts ``balada-class-2``... on the next
ports, all on the same store).
"""

import json
import os
import secrets
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides it)

REPO = Path(__file__).resolve().parents[3]
STATE = Path(os.environ.get("BALADA_HUB_STATE", "/tmp/balada-hub"))
STATE.mkdir(parents=True, exist_ok=True)
PREFIX = Path(sys.prefix)  # the environment JupyterHub runs in: the students' servers use the same
START = "notebooks/00_start_here.ipynb"

# -- loopback only
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = int(os.environ.get("BALADA_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("BALADA_HUB_INTERNAL_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{int(os.environ.get('BALADA_HUB_API_PORT', '8001'))}"
# the proxy from npm that `make setup` links into the venv (never fetched at run time)
c.ConfigurableHTTPProxy.command = [str(PREFIX / "bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.should_start = True

# -- the hub's own files stay in the state folder
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")

# -- who may log in: anyone, by name (a trial)
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {"teacher"}

# -- each student's server: a local process of this environment, in its own home folder
c.JupyterHub.spawner_class = "simple"  # jupyterhub.spawner.SimpleLocalProcessSpawner
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
c.Spawner.cmd = [str(PREFIX / "bin" / "jupyterhub-singleuser")]
c.Spawner.default_url = f"/lab/tree/{START}"
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.args = ["--ServerApp.allow_root=True"] if os.geteuid() == 0 else []
# the app through jupyter-server-proxy at /user/<name>/balada-app/, configured exactly as on Binder
_servers = json.loads((REPO / "binder" / "balada-app.json").read_text())["ServerProxy"]["servers"]
_server_config = STATE / "jupyter-config"
_server_config.mkdir(exist_ok=True)
(_server_config / "jupyter_server_config.json").write_text(
    json.dumps({"ServerProxy": {"servers": _servers}}, indent=2) + "\n")
c.Spawner.environment = {
    # this folder first, then the environment's own (which holds allow_root and the extensions)
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(_server_config), str(PREFIX / "etc" / "jupyter")]),
    "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false",
    "PATH": os.pathsep.join([str(PREFIX / "bin"), os.environ.get("PATH", "/usr/bin:/bin")]),
}


def _copy_notebooks(spawner):
    """The class's material in the student's home: a copy of notebooks/ (kept if it is already there)."""
    home = Path(spawner.home_dir)
    target = home / "notebooks"
    if not target.exists():
        home.mkdir(parents=True, exist_ok=True)
        shutil.copytree(REPO / "notebooks", target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))


c.Spawner.pre_spawn_hook = _copy_notebooks

# -- the class service: one process for the hub's students (balada_widgets/classroom/hub.py), started and
# restarted by the hub, at /services/balada-class/ behind the hub's login (OAuth, no confirmation page)
CLASS_SERVICE = "balada-class"
_teacher_token_file = STATE / "balada-teacher-token"
if not os.environ.get("BALADA_TEACHER_TOKEN") and not _teacher_token_file.exists():
    _teacher_token_file.touch(mode=0o600)
    _teacher_token_file.write_text(secrets.token_urlsafe(32))
_class_home = STATE / "class-service"
_class_home.mkdir(exist_ok=True)
# several processes for a bigger class (BALADA_HUB_CLASS_PROCESSES): balada-class, balada-class-2, ... on
# consecutive ports, one store; a student opens any of them, a table's moves reach the others (docs/classroom.md)
_processes = max(1, int(os.environ.get("BALADA_HUB_CLASS_PROCESSES", "1")))
_first_port = int(os.environ.get("BALADA_HUB_SERVICE_PORT", "10101"))
CLASS_SERVICES = [CLASS_SERVICE] + [f"{CLASS_SERVICE}-{i + 1}" for i in range(1, _processes)]
c.JupyterHub.services = [{
    "name": name,
    "url": f"http://127.0.0.1:{_first_port + i}",
    "command": [sys.executable, "-m", "balada_widgets.classroom.hub"],
    "cwd": str(_class_home),
    "oauth_no_confirm": True,
    "timeout": 180,  # the first start imports the four games
    "environment": {
        # PostgreSQL for a hub (postgresql+psycopg://user@host/db); SQLite is enough for one process on a laptop
        "BALADA_DB": os.environ.get("BALADA_DB") or f"sqlite:///{STATE / 'classroom.sqlite3'}",
        # one token for every process of the store (the teachers group needs none; a token link still works)
        "BALADA_TEACHER_TOKEN": os.environ.get("BALADA_TEACHER_TOKEN") or _teacher_token_file.read_text().strip(),
        "BALADA_HUB_TEACHERS_GROUP": "teachers",
        "HOME": str(_class_home),
        "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false",
    },
} for i, name in enumerate(CLASS_SERVICES)]
# every user may open the service (JupyterHub's default user role is "self" only); the service itself needs no
# scope: the user's OAuth token tells it the user's name and groups
c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self"] + [f"access:services!service={name}"
                                                                  for name in CLASS_SERVICES]}]
# the teachers: a hub group (the admin page's Groups adds and removes members)
c.JupyterHub.load_groups = {"teachers": {"users": [
    u.strip() for u in os.environ.get("BALADA_HUB_TEACHERS", "teacher").split(",") if u.strip()]}}

# -- a service token for scripts and tests (create users, start servers, act on them)
_token = os.environ.get("BALADA_HUB_API_TOKEN")
if _token:
    c.JupyterHub.services.append({"name": "balada-admin", "api_token": _token})
    c.JupyterHub.load_roles.append({
        "name": "balada-admin",
        "scopes": ["admin:users", "admin:servers", "admin:server_state", "access:servers", "tokens", "groups"],
        "services": ["balada-admin"],
    })

# -- free the memory of students who left (the idle culler is a separate package on a real hub:
# jupyterhub-idle-culler; see docs/classroom.md). Here: stop the hub and everything stops.
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
