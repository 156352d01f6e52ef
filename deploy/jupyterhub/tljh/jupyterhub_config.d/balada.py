"""balada-widgets on TLJH: read by TLJH's hub from /opt/tljh/config/jupyterhub_config.d/ (install.sh copies it).

Students land on the start notebook of their own copy of the notebooks
(``install.sh`` puts ``notebooks/`` in ``/etc/skel/balada-notebooks``, which
``useradd`` copies into each new home). A student whose account existed before
gets the copy at their next start.

The class service (when ``install.sh`` wrote ``/opt/tljh/config/balada-class.env``):
``python -m balada_widgets.classroom.hub`` of TLJH's user environment, started
and restarted by the hub as the system user ``balada-class``, at
``/services/balada-class/`` behind the hub's login (no confirmation page); every
hub user may open it (the ``user`` role gets ``access:services!service=balada-class``);
the hub group ``teachers`` opens the teacher page without a token.
"""

import shutil
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides it)

c.Spawner.default_url = "/lab/tree/balada-notebooks/00_start_here.ipynb"
# a first start imports the games and builds Solara's widgets: give it time on a busy server
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.environment = {"SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false"}

_previous_hook = c.Spawner.pre_spawn_hook if "pre_spawn_hook" in c.Spawner else None


def _notebooks_for_existing_users(spawner):
    """Copy /etc/skel/balada-notebooks into a home that lacks it (accounts made before the install)."""
    if _previous_hook:
        _previous_hook(spawner)
    home = Path(f"/home/jupyter-{spawner.user.name}")
    target, source = home / "balada-notebooks", Path("/etc/skel/balada-notebooks")
    if home.is_dir() and source.is_dir() and not target.exists():
        shutil.copytree(source, target)
        shutil.chown(target, user=home.owner(), group=home.group())
        for path in target.rglob("*"):
            shutil.chown(path, user=home.owner(), group=home.group())


c.Spawner.pre_spawn_hook = _notebooks_for_existing_users


# -- the class service: one process for the hub's students (docs/classroom.md, "Beyond one machine")
CLASS_SERVICE = "balada-class"
CLASS_ENV = Path("/opt/tljh/config/balada-class.env")
if CLASS_ENV.exists():
    _settings = dict(line.split("=", 1) for line in CLASS_ENV.read_text().splitlines()
                     if "=" in line and not line.startswith("#"))
    c.JupyterHub.services.append({
        "name": CLASS_SERVICE,
        "url": "http://127.0.0.1:10101",
        "command": ["/opt/tljh/user/bin/python", "-m", "balada_widgets.classroom.hub"],
        "user": "balada-class",
        "cwd": "/var/lib/balada-class",
        "oauth_no_confirm": True,
        "timeout": 180,  # the first start imports the four games
        "environment": {
            "BALADA_DB": _settings["BALADA_DB"],
            "BALADA_TEACHER_TOKEN": _settings["BALADA_TEACHER_TOKEN"],
            "BALADA_HUB_TEACHERS_GROUP": "teachers",
            "HOME": "/var/lib/balada-class",
            "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false",
        },
    })
    # every hub user may open the service (the default user role is "self" only); the service needs no scope of
    # its own: the user's OAuth token tells it the user's name and groups
    _access = f"access:services!service={CLASS_SERVICE}"
    _roles = c.JupyterHub.load_roles if "load_roles" in c.JupyterHub else None
    _user_role = next((r for r in _roles if r.get("name") == "user"), None) if isinstance(_roles, list) else None
    if _user_role is not None:  # TLJH or another file already defines it: add the scope
        _user_role["scopes"] = sorted(set(_user_role.get("scopes") or ["self"]) | {_access})
    else:
        c.JupyterHub.load_roles.append({"name": "user", "scopes": ["self", _access]})
    # the teachers: a hub group (install.sh's TEACHERS; the admin page's Groups adds more)
    _teachers = [u.strip() for u in _settings.get("BALADA_HUB_TEACHERS", "").split(",") if u.strip()]
    c.JupyterHub.load_groups.update({"teachers": {"users": _teachers}})
