#!/usr/bin/env python3
"""Fetch axe-core (the accessibility checker) from the npm registry, for the browser tests.

``tests/browser/test_axe.py`` injects ``axe.min.js`` into Chromium and runs it
over the app's pages and a notebook board.  Like Solara's offline assets
(``scripts/solara_offline.py``) it is fetched once at set-up (``make setup``),
never at test time: ``npm pack axe-core@VERSION`` is unpacked into
``<venv>/share/balada-widgets/axe-core@VERSION/`` with a marker file holding
the package's integrity hash.

    .venv/bin/python scripts/axe_core.py           # fetch if missing
    .venv/bin/python scripts/axe_core.py --check   # exit 1 if missing
    .venv/bin/python scripts/axe_core.py --path    # print where axe.min.js is

The version is pinned (``VERSION``): a new axe-core brings new rules, so
moving to it is a deliberate change, checked by running the test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "axe-core"
VERSION = "4.14.1"
MARKER = ".balada-axe.json"


def default_dir() -> Path:
    """``<sys.prefix>/share/balada-widgets/axe-core@VERSION`` (the venv's share folder)."""
    return Path(sys.prefix) / "share" / "balada-widgets" / f"{PACKAGE}@{VERSION}"


def script_path(folder: Path | None = None) -> Path:
    """Where ``axe.min.js`` is (or will be)."""
    return (folder or default_dir()) / "axe.min.js"


def is_complete(folder: Path) -> bool:
    return (folder / MARKER).is_file() and script_path(folder).is_file()


def fetch(folder: Path, npm: str = "npm") -> None:
    if shutil.which(npm) is None:
        raise SystemExit(f"'{npm}' not found: install Node.js/npm (Debian: apt-get install npm) to fetch axe-core")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="axe-npm-") as tmp:
        cmd = [npm, "pack", "--json", "--silent", "--pack-destination", tmp, f"{PACKAGE}@{VERSION}"]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"npm pack failed ({result.returncode}):\n{result.stderr.strip()}")
        [info] = json.loads(result.stdout)
        if (info["name"], info["version"]) != (PACKAGE, VERSION):
            raise SystemExit(f"npm pack returned {info['name']}@{info['version']} for {PACKAGE}@{VERSION}")
        staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=folder.parent))
        staging.chmod(0o755)
        try:
            with tarfile.open(Path(tmp) / info["filename"]) as tar:
                wanted = {"package/axe.min.js", "package/LICENSE", "package/package.json"}
                members = [m for m in tar.getmembers() if m.name in wanted and m.isfile()]
                for m in members:
                    m.name = m.name.split("/", 1)[1]
                tar.extractall(staging, members=members, filter="data")
            if not script_path(staging).is_file():
                raise SystemExit(f"{PACKAGE}@{VERSION} holds no axe.min.js")
            (staging / MARKER).write_text(json.dumps({"spec": f"{PACKAGE}@{VERSION}",
                                                      "integrity": info.get("integrity")}, indent=1))
            if folder.exists():
                shutil.rmtree(folder)
            os.replace(staging, folder)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    print(f"{PACKAGE}@{VERSION} in {folder}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, help="default: <venv>/share/balada-widgets/axe-core@VERSION")
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if missing")
    parser.add_argument("--path", action="store_true", help="print the path of axe.min.js")
    args = parser.parse_args(argv)
    folder = args.dir or default_dir()
    if args.path:
        print(script_path(folder))
        return 0
    if args.check:
        ok = is_complete(folder)
        print(f"{PACKAGE}@{VERSION}: {'present' if ok else 'missing'} in {folder}")
        return 0 if ok else 1
    if not is_complete(folder):
        fetch(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
