"""What keeps Solara and JupyterLab on the machine, without a browser (tests/browser/test_offline.py has one).

- ``balada_widgets/_offline.py``: ``import balada_widgets`` switches off
  Solara's "success" pings and telemetry, and in a kernel spares
  ``import solara`` the import of ``jupyter_server.serverapp`` (its widget
  check), whether Solara is imported after the package (a notebook) or
  before it (the ``solara run`` server).
- ``scripts/solara_offline.py``: the JupyterLab configuration it writes.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]

KERNEL = """
import json, os, sys
from IPython.core.interactiveshell import InteractiveShell
InteractiveShell.instance()  # as in a kernel: solara's widget check runs at import
os.environ.pop("PYTEST_CURRENT_TEST", None)  # solara skips its checks under pytest
{first}
import solara, solara.server.settings, solara.server.telemetry, solara.checks
import importlib.resources
print(json.dumps({{
    "serverapp": "jupyter_server.serverapp" in sys.modules,
    "blocked": [name for name in ("jupyter_server.serverapp", "notebook.notebookapp")
                if name in sys.modules and sys.modules[name] is None],
    "jupyter_check": solara.checks.should_perform_jupyter_check(),
    "solara_check": solara.checks.should_perform_solara_check(),
    "mixpanel": solara.server.settings.telemetry.mixpanel_enable,
    "jupyter_start_sent": solara.server.telemetry._jupyter_start_event_send,
    "finders": [type(f).__name__ for f in sys.meta_path if type(f).__name__ == "_SolaraFinder"],
    "resource": importlib.resources.files("solara").joinpath("server/templates/solara.html.j2").is_file(),
    "component": callable(solara.Button),
}}))
"""


def run_kernel_like(first: str, tmp_path: Path) -> dict:
    env = {"PATH": str(Path(sys.executable).parent), "SOLARA_HOME": str(tmp_path / "solara-home"),
           "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KERNEL.format(first=first)], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("first", ["import balada_widgets", "import solara\nimport balada_widgets"],
                         ids=["package-first", "solara-first"])
def test_solara_is_quiet_once_the_package_is_imported(first, tmp_path):
    got = run_kernel_like(first, tmp_path)
    assert got["jupyter_check"] is False and got["solara_check"] is False  # no solara.dev iframes
    assert got["mixpanel"] is False and got["jupyter_start_sent"] is True  # no ipify / Mixpanel from the kernel
    assert got["blocked"] == [] and got["finders"] == []  # nothing left behind
    assert got["resource"] and got["component"]  # solara works as before
    # the widget check's server import is spared only when the package comes first
    assert got["serverapp"] is (first != "import balada_widgets")


def test_without_the_package_solara_would_call_home(tmp_path):
    """The control: the same kernel, Solara alone, does all that the package switches off."""
    got = run_kernel_like("", tmp_path)
    assert got["serverapp"] and got["jupyter_check"] and got["mixpanel"] and not got["jupyter_start_sent"]


@pytest.fixture(scope="module")
def offline_script():
    spec = importlib.util.spec_from_file_location("solara_offline_script", ROOT / "scripts" / "solara_offline.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


def test_jupyter_config_is_written_and_merged(offline_script, tmp_path):
    lab_config = tmp_path / "etc" / "jupyter" / "jupyter_lab_config.json"
    lab_config.parent.mkdir(parents=True)
    lab_config.write_text(json.dumps({"LabApp": {"collaborative": False}, "Other": {"x": 1}}))
    changed = offline_script.write_jupyter_config(tmp_path)
    assert len(changed) == 2
    config = json.loads(lab_config.read_text())
    assert config["Other"] == {"x": 1} and config["LabApp"]["collaborative"] is False  # kept
    assert config["LabApp"]["news_url"] is None
    assert config["LabApp"]["check_for_updates_class"] == "jupyterlab.NeverCheckForUpdate"
    assert config["LabApp"]["extension_manager"] == "readonly"
    overrides = json.loads((tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}
    assert offline_script.write_jupyter_config(tmp_path) == []  # idempotent


def test_this_environment_has_the_jupyter_config(offline_script):
    """``make setup`` ran the script: JupyterLab here fetches no news and checks no updates."""
    config = json.loads(Path(sys.prefix, "etc", "jupyter", "jupyter_lab_config.json").read_text())
    assert {k: config["LabApp"].get(k) for k in offline_script.LAB_SERVER_CONFIG["LabApp"]} == \
        offline_script.LAB_SERVER_CONFIG["LabApp"], "run `make setup` (scripts/solara_offline.py)"
