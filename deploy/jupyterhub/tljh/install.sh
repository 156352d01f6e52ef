#!/usr/bin/env bash
# balada-widgets on The Littlest JupyterHub (TLJH): one server for a class.
#
# Run as root on the TLJH server, from a checkout of this repository, after TLJH
# itself is installed (https://tljh.jupyter.org: `curl -L https://tljh.jupyter.org/bootstrap.py
# | sudo python3 - --admin <teacher>`):
#
#     sudo deploy/jupyterhub/tljh/install.sh                  # defaults below
#     sudo MEMORY=1G CULL_TIMEOUT=1800 TEACHERS=mrs-lee,mr-kim deploy/jupyterhub/tljh/install.sh
#
# It installs the environment of binder/ (the same pinned versions) into TLJH's
# user environment, then runs binder/postBuild there (the package, Solara's
# offline front end, the standalone app behind jupyter-server-proxy at
# /user/<name>/balada-app/), gives every new student a copy of notebooks/ and
# opens the start notebook at login. docs/classroom.md explains the figures.
#
# It also sets up the class service (CLASS_SERVICE=1, the default): one process
# for every student of the hub at /services/balada-class/ (tables across devices,
# the teacher page), started by the hub as the system user balada-class, behind the
# hub's login; its store is PostgreSQL on this server (Debian/Ubuntu's postgresql
# package, a database "balada" owned by balada-class, peer login over the local
# socket), or BALADA_DB=postgresql+psycopg://... for another server. The members of
# the hub group "teachers" (TEACHERS=name,name; more from the admin page's Groups)
# open /services/balada-class/teacher without a token. The settings are kept in
# /opt/tljh/config/balada-class.env (root only): the store's URL and the class's
# teacher token (made once, kept across installs).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
TLJH="${TLJH:-/opt/tljh}"
USER_ENV="$TLJH/user"           # the students' Python environment
MEMORY="${MEMORY:-1G}"          # per student: the kernel of one game needs ~200 MB, a lab session ~350 MB
CPU="${CPU:-1}"                 # per student, at most
CULL_TIMEOUT="${CULL_TIMEOUT:-1800}"  # stop a student's server after 30 idle minutes
CLASS_SERVICE="${CLASS_SERVICE:-1}"   # the class service at /services/balada-class/ (0: leave it out)
TEACHERS="${TEACHERS:-}"              # hub users of the "teachers" group, comma-separated
CLASS_ENV="$TLJH/config/balada-class.env"

[ "$(id -u)" = 0 ] || { echo "run as root (sudo)" >&2; exit 1; }
[ -x "$USER_ENV/bin/python" ] || { echo "no TLJH user environment at $USER_ENV: install TLJH first" >&2; exit 1; }

# 1. the Binder environment, then postBuild with the user environment's python first on PATH
"$USER_ENV/bin/python" -m pip install --no-cache-dir -r "$REPO/binder/requirements.txt"
(cd "$REPO" && PATH="$USER_ENV/bin:$PATH" bash binder/postBuild)

# 2. every new student's home starts with a copy of the notebooks (useradd copies /etc/skel)
rm -rf /etc/skel/balada-notebooks
cp -r "$REPO/notebooks" /etc/skel/balada-notebooks

# 3. the class service: its system user, its PostgreSQL database, its settings (read by balada.py)
if [ "$CLASS_SERVICE" = 1 ]; then
    "$USER_ENV/bin/python" -m pip install --no-cache-dir "psycopg[binary]"
    id -u balada-class >/dev/null 2>&1 || useradd --system --create-home --home-dir /var/lib/balada-class \
        --shell /usr/sbin/nologin balada-class
    if [ -z "${BALADA_DB:-}" ]; then
        command -v psql >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }
        runuser -u postgres -- psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = 'balada-class'" | grep -q 1 \
            || runuser -u postgres -- createuser balada-class
        runuser -u postgres -- psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'balada'" | grep -q 1 \
            || runuser -u postgres -- createdb --owner balada-class balada
        BALADA_DB="postgresql+psycopg://balada-class@/balada?host=/var/run/postgresql"
    fi
    token="$(sed -n 's/^BALADA_TEACHER_TOKEN=//p' "$CLASS_ENV" 2>/dev/null || true)"
    [ -n "$token" ] || token="$("$USER_ENV/bin/python" -c 'import secrets; print(secrets.token_urlsafe(32))')"
    teachers="${TEACHERS:-$(sed -n 's/^BALADA_HUB_TEACHERS=//p' "$CLASS_ENV" 2>/dev/null || true)}"
    (umask 077; printf 'BALADA_DB=%s\nBALADA_TEACHER_TOKEN=%s\nBALADA_HUB_TEACHERS=%s\n' \
        "$BALADA_DB" "$token" "$teachers" > "$CLASS_ENV")
else
    rm -f "$CLASS_ENV"
fi

# 4. the hub: open the start notebook at login, the class service, resource limits, idle culling
install -D -m 644 "$REPO/deploy/jupyterhub/tljh/jupyterhub_config.d/balada.py" \
    "$TLJH/config/jupyterhub_config.d/balada.py"
tljh-config set user_environment.default_app jupyterlab
tljh-config set limits.memory "$MEMORY"
tljh-config set limits.cpu "$CPU"
tljh-config set services.cull.enabled true
tljh-config set services.cull.timeout "$CULL_TIMEOUT"
tljh-config reload
echo "balada-widgets is installed: students log in at this server's address; the app is at /user/<name>/balada-app/"
if [ "$CLASS_SERVICE" = 1 ]; then
    echo "the class service: /services/balada-class/ (tables), /services/balada-class/teacher (the hub group 'teachers')"
fi
