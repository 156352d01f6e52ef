"""Rules never import UI, checked package by package.

- ``core/`` and ``kit/`` import no UI library and nothing from ``balada_widgets.ui``; the kit imports only the
  core, itself, the standard library and pure packages;
- a room's pure modules (all but the modules that build widgets, :data:`ROOM_UI_MODULES`) import no UI library,
  nothing from ``balada_widgets.ui`` and none of a room's UI modules; so do the package's own top modules
  but the app;
- no function-level import closes a circle; no module imports under a one-letter name.

Every import counts, at module level or inside a function.
"""

import ast
import pathlib
import subprocess
import sys

import pytest

PKG = pathlib.Path(__file__).resolve().parent.parent / "balada_widgets"
UI = {"solara", "ipywidgets", "reacton", "ipyvuetify", "anywidget", "IPython", "ipyvue"}
#: the layers of the package that are not rooms: the core, the pure kit, the Solara kit
LAYERS = {"core", "kit", "ui"}
#: a room's modules that build widgets: each game's view, lab and review view; the classroom's pages, the
#: browser's cookie and name (identity), the teacher's page and the app as a JupyterHub service (hub)
ROOM_UI_MODULES = {"view", "lab", "review_view", "pages", "identity", "teacher", "hub"}
#: the package's top modules that build widgets: the app
TOP_UI_MODULES = {"app"}
#: top modules that reach into Solara without building widgets: _offline switches off the calls home of a solara
#: that is already imported, or wraps its loader (``import balada_widgets`` installs it and loads no Solara)
SOLARA_SWITCHES = {"_offline"}
#: what the kit may import besides the core, itself and the standard library
KIT_PURE_PACKAGES: set = set()


def _modules() -> dict:
    """``{dotted name: (path, is a package)}`` of every module of the package."""
    found = {}
    for p in PKG.rglob("*.py"):
        parts = list(p.relative_to(PKG.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_pkg else parts)] = (p, is_pkg)
    return found


MODULES = _modules()


def _targets(mod: str, is_pkg: bool, node) -> list:
    """The dotted names an import statement of ``mod`` imports: relative ones made absolute, a name imported
    from a package of ours its submodule when there is one."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
    if node.level:
        base = base[:len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module
    return [f"{target}.{a.name}" if f"{target}.{a.name}" in MODULES else target for a in node.names]


def _imports(mod: str):
    """``(dotted name, line, inside a function)`` of every import of ``mod``."""
    path, is_pkg = MODULES[mod]

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in _targets(mod, is_pkg, child):
                    yield target, child.lineno, inside
            yield from visit(child, inside)

    return list(visit(ast.parse(path.read_text(encoding="utf-8")), False))


def kind(mod: str) -> str:
    """``"core"``, ``"kit"``, ``"ui"`` (the Solara kit), ``"room"`` (a room's pure module), ``"room-ui"``,
    ``"top"``, ``"top-ui"`` or ``"switch"`` (the package's own modules)."""
    parts = mod.split(".")[1:]
    if not parts or not MODULES[mod][1] and len(parts) == 1:
        name = parts[0] if parts else ""
        return "top-ui" if name in TOP_UI_MODULES else "switch" if name in SOLARA_SWITCHES else "top"
    if parts[0] in LAYERS:
        return parts[0]
    return "room-ui" if parts[-1] in ROOM_UI_MODULES else "room"


def _of_kind(*kinds) -> list:
    return [m for m in sorted(MODULES) if kind(m) in kinds]


def _in(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _no_ui(mod: str, also=()) -> None:
    for name, line, _ in _imports(mod):
        assert name.split(".")[0] not in UI, f"{mod}:{line} imports the UI library {name}"
        assert not _in(name, "balada_widgets.ui"), f"{mod}:{line} imports the Solara kit's {name}"
        assert not (name in MODULES and kind(name) in also), f"{mod}:{line} imports the UI module {name}"


def test_every_kind_of_module_is_there():
    """The kinds cover the package: both kits, and rooms with pure and UI modules."""
    assert {kind(m) for m in MODULES} == {"core", "kit", "ui", "room", "room-ui", "top", "top-ui", "switch"}
    assert kind("balada_widgets.kit.lesson") == "kit" and kind("balada_widgets.ui.tutorial") == "ui"
    assert kind("balada_widgets.balda.view") == "room-ui" and kind("balada_widgets.balda.tutorial") == "room"
    assert kind("balada_widgets.balda") == "room" and kind("balada_widgets") == "top"
    assert kind("balada_widgets.app") == "top-ui" and kind("balada_widgets._offline") == "switch"
    rooms = {m.split(".")[1] for m in _of_kind("room-ui")}
    assert rooms == {"balada", "balda", "baldurs_gate", "barcadia", "classroom"}, rooms


@pytest.mark.parametrize("mod", _of_kind("core", "kit"))
def test_core_and_kit_import_no_ui(mod):
    _no_ui(mod)


@pytest.mark.parametrize("mod", _of_kind("kit"))
def test_the_kit_builds_on_the_core_and_pure_packages_only(mod):
    for name, line, _ in _imports(mod):
        top = name.split(".")[0]
        assert (top in sys.stdlib_module_names or top == "__future__" or top in KIT_PURE_PACKAGES
                or _in(name, "balada_widgets.core") or _in(name, "balada_widgets.kit")), f"{mod}:{line} imports {name}"


@pytest.mark.parametrize("mod", _of_kind("room", "top"))
def test_pure_module_has_no_ui_import(mod):
    _no_ui(mod, also=("room-ui", "top-ui"))


def test_no_module_imports_under_a_one_letter_name():
    """Names spelt out: ``from ..kit import svg``, never ``... as S``."""
    short = []
    for mod, (path, _) in sorted(MODULES.items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                short += [f"{mod}:{node.lineno} {a.name} as {a.asname}" for a in node.names
                          if a.asname and len(a.asname) == 1]
    assert not short, "one-letter import names: " + "; ".join(short)


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

#: function-level imports that still close a circle, each with why (none left)
KNOWN_CIRCLES: set = set()


def _import_graph():
    """``(top, inner)``: each module's imports of the package's modules at module level, and in functions."""
    top, inner = {m: set() for m in MODULES}, {m: set() for m in MODULES}
    for mod in MODULES:
        for name, _, inside in _imports(mod):
            if name in MODULES and name != mod:
                (inner if inside else top)[mod].add(name)
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
