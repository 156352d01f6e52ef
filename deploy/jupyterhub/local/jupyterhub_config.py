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

Environment variables (all optional; the test sets them):

``BALADA_HUB_PORT`` (8000), ``BALADA_HUB_API_PORT`` (8001: the proxy's API),
``BALADA_HUB_INTERNAL_PORT`` (8081: the hub itself), ``BALADA_HUB_STATE``
(a folder for the hub's database, cookie secret and the students' homes;
default ``/tmp/balada-hub``), ``BALADA_HUB_API_TOKEN`` (a token for a ``balada-admin``
service that may manage users and servers: scripts and tests use it).
"""

import json
import os
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

# -- a service token for scripts and tests (create users, start servers, act on them)
_token = os.environ.get("BALADA_HUB_API_TOKEN")
if _token:
    c.JupyterHub.services = [{"name": "balada-admin", "api_token": _token}]
    c.JupyterHub.load_roles = [{
        "name": "balada-admin",
        "scopes": ["admin:users", "admin:servers", "admin:server_state", "access:servers", "tokens"],
        "services": ["balada-admin"],
    }]

# -- free the memory of students who left (the idle culler is a separate package on a real hub:
# jupyterhub-idle-culler; see docs/classroom.md). Here: stop the hub and everything stops.
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
