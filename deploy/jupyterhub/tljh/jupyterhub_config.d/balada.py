"""balada-widgets on TLJH: read by TLJH's hub from /opt/tljh/config/jupyterhub_config.d/ (install.sh copies it).

Students land on the start notebook of their own copy of the notebooks
(``install.sh`` puts ``notebooks/`` in ``/etc/skel/balada-notebooks``, which
``useradd`` copies into each new home). A student whose account existed before
gets the copy at their next start.
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
