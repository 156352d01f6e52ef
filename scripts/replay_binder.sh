#!/usr/bin/env bash
# Replay what Binder does with binder/, without Docker:
#   1. a fresh Python 3.11 venv in a temporary folder, with a copy of the repository
#      (tracked and untracked files, nothing git ignores: no .venv);
#   2. pip install -r binder/requirements.txt, then pip check;
#   3. binder/postBuild, run from the copy's root as repo2docker does;
#   4. execute every notebook in notebooks/ (nbclient, from its own folder);
#   5. if balada_widgets/app.py exists: start a Jupyter server and load the
#      Solara app through jupyter-server-proxy at /balada-app/.
# Exits non-zero at the first failure.
#
#   scripts/replay_binder.sh              # keeps nothing
#   KEEP=1 scripts/replay_binder.sh       # keeps the temporary folder
#   PYTHON=python3.11 NOTEBOOK_TIMEOUT=900 scripts/replay_binder.sh
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3.11}"
work="$(mktemp -d "${TMPDIR:-/tmp}/balada-binder.XXXXXX")"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    if [ "${KEEP:-0}" = 1 ]; then echo "replay: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
step() { printf '\n== replay: %s (%ss)\n' "$1" "$SECONDS"; }

want="$(sed -n 's/^python-\([0-9]*\.[0-9]*\).*/\1/p' "$repo/binder/runtime.txt")"
have="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if [ "$want" != "$have" ]; then
    echo "replay: binder/runtime.txt asks for Python $want, but $python is $have (set PYTHON=...)" >&2
    exit 1
fi

step "copy the repository to $work/repo"
mkdir -p "$work/repo"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/repo" 2>/dev/null) \
    || (cd "$repo" && tar --exclude=./.venv --exclude=./.git -cf - . | tar -xf - -C "$work/repo")

step "fresh venv ($python $have) and binder/requirements.txt"
"$python" -m venv "$work/venv"
export PATH="$work/venv/bin:$PATH" VIRTUAL_ENV="$work/venv"
# the replay's Jupyter reads its own config only, not this machine's ~/.jupyter
export JUPYTER_CONFIG_DIR="$work/jupyter-config" JUPYTER_DATA_DIR="$work/jupyter-data"
export JUPYTER_RUNTIME_DIR="$work/jupyter-runtime" SOLARA_TELEMETRY_MIXPANEL_ENABLE=false
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -r "$work/repo/binder/requirements.txt"
python -m pip check

step "binder/postBuild"
(cd "$work/repo" && ./binder/postBuild)
python -m pip check

step "execute the notebooks"
python - "$work/repo/notebooks" "${NOTEBOOK_TIMEOUT:-600}" <<'PY'
import sys, time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

folder, timeout = Path(sys.argv[1]), int(sys.argv[2])
notebooks = sorted(folder.glob("*.ipynb")) if folder.is_dir() else []
print(f"{len(notebooks)} notebook(s) in {folder}")
for path in notebooks:
    start = time.monotonic()
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    print(f"  ok {path.name} ({time.monotonic() - start:.1f} s)")
PY

if [ -f "$work/repo/balada_widgets/app.py" ]; then
    step "the Solara app through jupyter-server-proxy"
    port="$(python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    (cd "$work/repo" && exec jupyter server --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port="$port" \
        --ServerApp.token= --ServerApp.password= --ServerApp.allow_root=True >"$work/server.log" 2>&1) &
    server_pid=$!
    python - "$port" "$work/server.log" "$work/repo/scripts" <<'PY'
import sys, time, urllib.request

port, log, scripts = sys.argv[1:4]
base = f"http://127.0.0.1:{port}"


def get(path, timeout=150):
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(base + path, timeout=30) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except Exception as error:  # not up yet, or the proxy still starts solara
            if time.monotonic() > deadline:
                sys.exit(f"replay: {base + path} failed: {error}\n" + open(log).read()[-4000:])
            time.sleep(1)


get("/api/status")
status, page = get("/balada-app/")
assert status == 200 and "solara" in page.lower(), page[:500]
assert "/balada-app/" in page, "the app does not know its --root-path"
sys.path.insert(0, scripts)
import solara_offline

files = [f"{a.spec}/{f}" for a in solara_offline.required_assets().values() for f in sorted(a.files)]
for file in files:
    get(f"/balada-app/_solara/cdn/{file}", timeout=30)
print(f"  ok /balada-app/ and {len(files)} front-end files from the offline cache")
PY
fi

step "done"
