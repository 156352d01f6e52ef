"""Every file the package reads goes through ``core/files.py`` (issue 12): regular files only, a size cap.

The package's source is read with :mod:`ast`: a call of ``open(...)``, ``builtins.open``, any
``.open(...)`` method (``Path(p).open()``, ``p.open()``, ``gzip.open``, ``io.open``, ``os.open``,
``tarfile.open``, ``zipfile.ZipFile(...).open``; only ``webbrowser.open`` is not a read),
``io.FileIO``, ``zipfile.ZipFile``, ``tarfile.TarFile``, ``fileinput.input``, ``shutil.copy*``,
``.read_text()``, ``.read_bytes()``, ``json.load(...)``, ``np.load``, ``pickle.load`` or one of
networkx's ``read_*`` anywhere but in ``core/files.py`` fails this test, so a new reader cannot
slip past the guard (the regular-file check, the cap, the refusal while a save file loads).
"""

from __future__ import annotations

import ast
from pathlib import Path

import balada_widgets

PACKAGE = Path(balada_widgets.__file__).resolve().parent
GUARD = PACKAGE / "core" / "files.py"
READ_METHODS = {"read_text", "read_bytes"}
OPENERS = {("json", "load"), ("np", "load"), ("numpy", "load"), ("pickle", "load"), ("io", "FileIO"),
           ("zipfile", "ZipFile"), ("tarfile", "TarFile"), ("fileinput", "input"), ("fileinput", "FileInput"),
           ("shutil", "copy"), ("shutil", "copy2"), ("shutil", "copyfile"), ("shutil", "copyfileobj"),
           ("shutil", "copytree")}
#: names that read a file however they are imported (``from io import FileIO``)
READ_NAMES = {"open", "FileIO", "ZipFile", "TarFile", "copyfile", "copytree"}
#: an ``.open(...)`` that is not a file read
NOT_READS = {"webbrowser"}


def _reads(tree: ast.AST):
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in READ_NAMES:
            yield node.lineno, f"{f.id}()"
        elif isinstance(f, ast.Attribute):
            owner = f.value.id if isinstance(f.value, ast.Name) else None
            if f.attr in READ_METHODS:
                yield node.lineno, f".{f.attr}()"
            elif (owner, f.attr) in OPENERS:
                yield node.lineno, f"{owner}.{f.attr}()"
            elif owner in ("nx", "networkx") and f.attr.startswith("read_"):
                yield node.lineno, f"{owner}.{f.attr}()"
            elif f.attr == "open" and owner not in NOT_READS:
                yield node.lineno, f"{owner or '...'}.open()"  # Path(...).open(), p.open(), gzip.open, os.open...


def test_no_file_is_read_outside_the_guard():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == GUARD:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(PACKAGE)}:{line}: {what}" for line, what in _reads(tree)]
    assert not found, "read these through balada_widgets.core.files:\n" + "\n".join(found)


def test_the_scan_sees_each_kind_of_read():
    """The scan itself is checked: each kind of read it must catch is caught."""
    reads = ["open('x')", "p.read_text()", "p.read_bytes()", "gzip.open('x')", "os.open('x', 0)",
             "json.load(fh)", "nx.read_graphml('x')", "io.open('x')", "Path('x').open()", "p.open()",
             "builtins.open('x')", "io.FileIO('x')", "FileIO('x')", "tarfile.open('x')", "zipfile.ZipFile('x')",
             "fileinput.input('x')", "shutil.copy('x', 'y')", "shutil.copyfile('x', 'y')", "self.path.open()",
             "pickle.load(fh)"]
    found = [list(_reads(ast.parse(line))) for line in reads]
    assert all(len(hits) == 1 for hits in found), [line for line, hits in zip(reads, found) if len(hits) != 1]
    assert not list(_reads(ast.parse("webbrowser.open('http://x')\nsession.play(m)\nre.compile('x')")))
