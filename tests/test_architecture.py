"""Rules never import UI: every pure module imports without solara or ipywidgets."""

import ast
import pathlib
import subprocess
import sys

import pytest

PKG = pathlib.Path(__file__).resolve().parent.parent / "balada_widgets"
UI = {"solara", "ipywidgets", "reacton", "ipyvuetify", "anywidget", "IPython", "ipyvue"}
# modules allowed to import UI: the kit, each room's view and lab, the app, and _offline (it switches off the
# calls home of a solara that is already imported)
UI_MODULES = {"ui", "view", "app", "views", "widgets", "lab", "review_view", "_offline",
              "pages", "identity", "teacher"}  # classroom: the class tables' pages, the browser's cookie and name,
#                                                  the teacher's page


def pure_modules():
    for p in sorted(PKG.rglob("*.py")):
        rel = p.relative_to(PKG)
        if rel.parts[0] == "ui" or p.stem in UI_MODULES:
            continue
        yield p


@pytest.mark.parametrize("path", list(pure_modules()), ids=lambda p: str(p.relative_to(PKG)))
def test_pure_module_has_no_ui_import(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.ImportFrom) and node.level and node.module:
            names = [("." * node.level) + node.module]
        for n in names:
            top = n.lstrip(".").split(".")[0]
            assert top not in UI, f"{path.name} imports {n}"
            assert not (n.startswith(".") and n.lstrip(".").split(".")[-1] in UI_MODULES) or path.stem == "__init__", \
                f"{path.name} imports the UI module {n}"


def test_importing_the_rules_loads_no_ui_package():
    code = ("import sys; import balada_widgets.balada, balada_widgets.core, balada_widgets.balada.bots, "
            "balada_widgets.balada.advisor; "
            "import importlib.util as u; "
            "b = u.find_spec('balada_widgets.balda') and __import__('balada_widgets.balda'); "
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(UI)!r}); print(bad); "
            "sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
