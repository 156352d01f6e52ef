"""The binder/ folder launches the notebooks on mybinder.org.

Quick checks read the files; the slow test replays the Binder build without
Docker (``scripts/replay_binder.sh``: a fresh venv, ``binder/requirements.txt``,
``binder/postBuild``, every notebook executed, the Solara app served through
jupyter-server-proxy).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
PROXY_NAME = "balada-app"


def pins() -> dict[str, str]:
    """``binder/requirements.txt`` as {canonical name: exact version}."""
    found: dict[str, str] = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        requirement = Requirement(line)
        [spec] = requirement.specifier
        assert spec.operator == "==", f"{line!r}: pin an exact version (==)"
        name = canonicalize_name(requirement.name)
        assert name not in found, f"{name} is pinned twice"
        found[name] = spec.version
    return found


def test_only_binder_folder():
    """repo2docker reads binder/ or .binder/, never both; root files are ignored then."""
    assert not (ROOT / ".binder").exists()
    assert not (BINDER / "environment.yml").exists(), "environment.yml would win over requirements.txt"


def test_runtime_is_python_311_as_the_package_allows():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime == "python-3.11"
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert "3.11" in SpecifierSet(requires)


def test_pins_match_the_base_image_and_each_other():
    pinned = pins()
    # repo2docker 2026.4.0's base environment: JupyterLab 4.4, Notebook 7, ipywidgets 8
    assert pinned["jupyterlab"].startswith("4.4.")
    assert pinned["notebook"].startswith("7.")
    assert pinned["ipywidgets"].startswith("8.")
    # the widget front end must speak the kernel side's protocol:
    # ipywidgets 8 <-> jupyterlab_widgets 3 (JupyterLab) and widgetsnbextension 4 (Notebook)
    assert pinned["jupyterlab-widgets"].startswith("3.0.")
    assert pinned["widgetsnbextension"].startswith("4.0.")
    assert pinned["ipyvuetify"].split(".")[0] == pinned["ipyvue"].split(".")[0], "ipyvuetify N needs ipyvue N"
    # every runtime dependency of the package is pinned (postBuild installs it with --no-deps)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for dependency in map(Requirement, project["dependencies"]):
        name = canonicalize_name(dependency.name)
        assert name in pinned, f"{name} (a dependency in pyproject.toml) is not pinned in binder/requirements.txt"
        assert dependency.specifier.contains(pinned[name]), f"{name}=={pinned[name]} breaks {dependency}"
    assert "jupyter-server-proxy" in pinned


def test_post_build_installs_the_package_and_the_offline_assets():
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    text = post_build.read_text()
    assert text.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in text
    assert re.search(r"pip install --no-deps .*\.$", text, re.M), "postBuild must install the package itself"
    assert "scripts/solara_offline.py" in text
    assert f"binder/{PROXY_NAME}.json" in text


def test_server_proxy_serves_the_solara_app():
    config = json.loads((BINDER / f"{PROXY_NAME}.json").read_text())
    servers = config["ServerProxy"]["servers"]
    assert "solara" not in servers, "a proxy entry named 'solara' collides with Solara's own routes"
    command = servers[PROXY_NAME]["command"]
    assert command[:2] == ["solara", "run"]
    module = command[2]
    assert (ROOT / (module.replace(".", "/") + ".py")).is_file(), f"{module} does not exist"
    assert "--port={port}" in command
    assert f"--root-path={{base_url}}{PROXY_NAME}" in command


def test_readme_launch_link_opens_the_start_notebook():
    readme = (ROOT / "README.md").read_text()
    link = re.search(r"https://mybinder\.org/v2/gh/[^/\s]+/balada-widgets/main\?urlpath=lab/tree/(\S+?\.ipynb)", readme)
    assert link, "README.md lacks the Binder launch link"
    assert (ROOT / link.group(1)).is_file()


@pytest.mark.slow
def test_replay_binder_build():
    """A fresh venv from binder/requirements.txt, postBuild, and every notebook executed (about 2-4 min)."""
    python = f"python{sys.version_info.major}.{sys.version_info.minor}"
    env = {**os.environ, "PYTHON": os.environ.get("BALADA_BINDER_PYTHON", sys._base_executable)}
    env.pop("VIRTUAL_ENV", None)
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "replay_binder.sh")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"replay failed ({python}):\n{output[-8000:]}"
    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert f"{len(notebooks)} notebook(s)" in output
    for name in notebooks:
        assert f"ok {name}" in output, f"{name} was not executed:\n{output[-4000:]}"
    if (ROOT / "balada_widgets" / "app.py").is_file():
        assert "ok /balada-app/" in output
