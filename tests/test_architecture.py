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
              "pages", "identity", "teacher", "hub"}  # classroom: the class tables' pages, the browser's cookie and
#                                                  name, the teacher's page, the app as a JupyterHub service


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


# ------------------------------------------------------------------ no circle broken by a function-level import

#: function-level imports that still close a circle, each with why (issue 13 lists the way out)
KNOWN_CIRCLES = {
    # the pure lesson model's NotebookFace makes the Solara Tutorial on first use (the rooms' pure tutorial
    # modules build their face at import time); the way out is the face in the UI kit, reached by the spec
    ("balada_widgets.ui.lesson", "balada_widgets.ui.tutorial"),
}


def _import_graph():
    mods = {}
    for p in PKG.rglob("*.py"):
        parts = list(p.relative_to(PKG.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        mods[".".join(parts[:-1] if is_pkg else parts)] = (p, is_pkg)
    top, inner = {m: set() for m in mods}, {m: set() for m in mods}

    def targets(mod, is_pkg, node):
        if isinstance(node, ast.Import):
            return [a.name for a in node.names if a.name in mods]
        base = mod.split(".") if is_pkg else mod.split(".")[:-1]
        if node.level:
            base = base[:len(base) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module
        return [f"{target}.{a.name}" if f"{target}.{a.name}" in mods else target
                for a in node.names if f"{target}.{a.name}" in mods or target in mods]

    for mod, (p, is_pkg) in mods.items():
        def visit(node, in_function):
            for child in ast.iter_child_nodes(node):
                f = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    (inner if f else top)[mod].update(t for t in targets(mod, is_pkg, child) if t != mod)
                visit(child, f)
        visit(ast.parse(p.read_text(encoding="utf-8")), False)
    return top, inner


def test_no_function_level_import_closes_a_circle():
    """A module imports a sibling inside a function only where the sibling does not import it back (at module
    level, directly or through others): a circle is resolved by moving the shared piece, not hidden."""
    top, inner = _import_graph()

    def reaches(a, b):
        seen, todo = set(), [a]
        while todo:
            x = todo.pop()
            if x == b:
                return True
            if x not in seen:
                seen.add(x)
                todo.extend(top.get(x, ()))
        return False

    circles = {(m, t) for m, ts in inner.items() for t in ts if reaches(t, m)}
    assert circles <= KNOWN_CIRCLES, f"function-level imports closing a circle: {sorted(circles - KNOWN_CIRCLES)}"
    assert circles == KNOWN_CIRCLES, f"resolved, take them out of KNOWN_CIRCLES: {sorted(KNOWN_CIRCLES - circles)}"
