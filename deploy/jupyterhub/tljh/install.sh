#!/usr/bin/env bash
# balada-widgets on The Littlest JupyterHub (TLJH): one server for a class.
#
# Run as root on the TLJH server, from a checkout of this repository, after TLJH
# itself is installed (https://tljh.jupyter.org: `curl -L https://tljh.jupyter.org/bootstrap.py
# | sudo python3 - --admin <teacher>`):
#
#     sudo deploy/jupyterhub/tljh/install.sh                  # defaults below
#     sudo MEMORY=1G CULL_TIMEOUT=1800 deploy/jupyterhub/tljh/install.sh
#
# It installs the environment of binder/ (the same pinned versions) into TLJH's
# user environment, then runs binder/postBuild there (the package, Solara's
# offline front end, the standalone app behind jupyter-server-proxy at
# /user/<name>/balada-app/), gives every new student a copy of notebooks/ and
# opens the start notebook at login. docs/classroom.md explains the figures.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
TLJH="${TLJH:-/opt/tljh}"
USER_ENV="$TLJH/user"           # the students' Python environment
MEMORY="${MEMORY:-1G}"          # per student: the kernel of one game needs ~200 MB, a lab session ~350 MB
CPU="${CPU:-1}"                 # per student, at most
CULL_TIMEOUT="${CULL_TIMEOUT:-1800}"  # stop a student's server after 30 idle minutes

[ "$(id -u)" = 0 ] || { echo "run as root (sudo)" >&2; exit 1; }
[ -x "$USER_ENV/bin/python" ] || { echo "no TLJH user environment at $USER_ENV: install TLJH first" >&2; exit 1; }

# 1. the Binder environment, then postBuild with the user environment's python first on PATH
"$USER_ENV/bin/python" -m pip install --no-cache-dir -r "$REPO/binder/requirements.txt"
(cd "$REPO" && PATH="$USER_ENV/bin:$PATH" bash binder/postBuild)

# 2. every new student's home starts with a copy of the notebooks (useradd copies /etc/skel)
rm -rf /etc/skel/balada-notebooks
cp -r "$REPO/notebooks" /etc/skel/balada-notebooks

# 3. the hub: open the start notebook at login, resource limits, idle culling
install -D -m 644 "$REPO/deploy/jupyterhub/tljh/jupyterhub_config.d/balada.py" \
    "$TLJH/config/jupyterhub_config.d/balada.py"
tljh-config set user_environment.default_app jupyterlab
tljh-config set limits.memory "$MEMORY"
tljh-config set limits.cpu "$CPU"
tljh-config set services.cull.enabled true
tljh-config set services.cull.timeout "$CULL_TIMEOUT"
tljh-config reload
echo "balada-widgets is installed: students log in at this server's address; the app is at /user/<name>/balada-app/"
