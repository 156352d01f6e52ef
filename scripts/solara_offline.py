#!/usr/bin/env python3
"""Fill Solara's CDN cache from the npm registry, so Solara works offline.

Solara loads its front end (the Vuetify app, requirejs, font-awesome, and for
Markdown katex and mermaid) from a CDN at run time.  Its server first looks in
``<prefix>/share/solara/cdn/<package@version>/``; when every file is there, no
request leaves the machine.  This script fills that folder with ``npm pack``
for exactly the packages and versions the *installed* solara asks for: it reads
them from solara's own templates and components, so a solara upgrade that moves
to new versions is picked up instead of silently breaking.

Run it with the Python of the environment to fill::

    .venv/bin/python scripts/solara_offline.py           # fill what is missing
    .venv/bin/python scripts/solara_offline.py --check   # exit 1 if incomplete
    .venv/bin/python scripts/solara_offline.py --list    # print what is needed

It is idempotent: a package already unpacked (with its marker file) is skipped.

It also writes the environment's Jupyter configuration that keeps JupyterLab
on the machine (no npm needed; ``--jupyter-only`` does just that): the server
never fetches the news feed or asks PyPI for a newer JupyterLab, and the
"fetch official Jupyter news?" prompt is answered "no" for everyone, and
the extension manager does not search PyPI
(``<prefix>/etc/jupyter/jupyter_lab_config.json`` and
``<prefix>/share/jupyter/lab/settings/overrides.json``). Solara's own calls
home are switched off by the package (``balada_widgets/_offline.py``);
``tests/browser/test_offline.py`` checks that nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

MARKER = ".balada-offline.json"

# A CDN reference in solara's sources: "{{cdn}}/pkg@1.2.3/path", "${this.getCdn()}/pkg@1.2.3/path".
_CDN_REF = re.compile(
    r"[cC]dn\s*(?:\(\))?\s*\}{1,2}"
    r"/(?P<spec>(?:@[\w.-]+/)?[\w.-]+@\d+\.\d+\.\d+(?:-[\w.]+)?)"
    r"(?P<path>/[^\s\"'`<>]*)?"
)
_SOURCE_SUFFIXES = {".py", ".vue", ".j2", ".html", ".js"}
# solara's own documentation website is not part of an app
_SKIP_DIRS = {"website", "__pycache__"}
_VUETIFY2_APP = "@widgetti/solara-vuetify-app@"
_VUETIFY3_APP = "@widgetti/solara-vuetify3-app@"


@dataclass
class Asset:
    """One npm package a solara front end loads, and the files it is known to load."""

    spec: str  # "name@version", name possibly scoped
    files: set[str] = field(default_factory=set)  # paths inside the package
    sources: set[str] = field(default_factory=set)  # solara files that reference it

    @property
    def name(self) -> str:
        return self.spec.rsplit("@", 1)[0]

    @property
    def version(self) -> str:
        return self.spec.rsplit("@", 1)[1]


def solara_dir() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("solara")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("solara is not installed in this environment: " + sys.executable)
    return Path(list(spec.submodule_search_locations)[0])


def default_cache_dir() -> Path:
    import solara.server.settings

    return Path(solara.server.settings.assets.proxy_cache_dir)


def _major(dist: str) -> str:
    return importlib.metadata.version(dist).split(".")[0]


def required_assets(all_vuetify: bool = False) -> dict[str, Asset]:
    """The CDN packages the installed solara references, by spec.

    Only the Vuetify app that matches the installed ipyvue (2 or 3) is kept,
    unless ``all_vuetify``.  ``{{ipywidget_major_version}}`` in file names is
    replaced by the installed ipywidgets major version; file names that still
    hold a template expression are not listed (the whole package is fetched
    anyway).
    """
    root = solara_dir()
    widgets_major = _major("ipywidgets")
    vue3 = _major("ipyvue") == "3"
    assets: dict[str, Asset] = {}

    def add(spec: str, path: str | None, source: str) -> None:
        asset = assets.setdefault(spec, Asset(spec))
        asset.sources.add(source)
        if path:
            path = path.replace("{{ipywidget_major_version}}", widgets_major).split("?")[0].strip("/")
            if path and not re.search(r"[{}$]", path):
                asset.files.add(path)

    for file in sorted(root.rglob("*")):
        if file.suffix not in _SOURCE_SUFFIXES or _SKIP_DIRS & set(file.relative_to(root).parts):
            continue
        text = file.read_text(encoding="utf-8", errors="replace")
        for match in _CDN_REF.finditer(text):
            add(match["spec"], match["path"], str(file.relative_to(root.parent)))

    # font-awesome is named in the settings (overridable), not in a template
    import solara.server.settings

    fa_path = solara.server.settings.assets.fontawesome_path
    if solara.server.settings.assets.fontawesome_enabled and fa_path:
        spec, _, rest = fa_path.strip("/").partition("/")
        add(spec, rest, "solara/server/settings.py")

    if not all_vuetify:
        unused = _VUETIFY2_APP if vue3 else _VUETIFY3_APP
        assets = {spec: a for spec, a in assets.items() if not spec.startswith(unused)}
    return assets


def is_complete(asset: Asset, cache_dir: Path) -> list[str]:
    """What is missing for ``asset`` in ``cache_dir`` (empty when complete)."""
    folder = cache_dir / asset.spec
    if not (folder / MARKER).is_file():
        return [f"{asset.spec}: not unpacked ({folder / MARKER} missing)"]
    return [f"{asset.spec}: file {path} missing" for path in sorted(asset.files) if not (folder / path).is_file()]


def missing(assets: dict[str, Asset], cache_dir: Path) -> list[str]:
    return [problem for asset in assets.values() for problem in is_complete(asset, cache_dir)]


def _unpack(tarball: Path, dest: Path) -> int:
    """Unpack an npm tarball into ``dest`` without its top folder (usually ``package/``)."""
    count = 0
    with tarfile.open(tarball) as tar:
        members = []
        for member in tar.getmembers():
            parts = Path(member.name).parts
            if len(parts) < 2 or not (member.isfile() or member.isdir()):
                continue
            member.name = str(Path(*parts[1:]))
            members.append(member)
            count += member.isfile()
        tar.extractall(dest, members=members, filter="data")
    return count


def _derive_minified(asset: Asset, folder: Path) -> list[str]:
    """Stand in for the ``x.min.js`` files jsDelivr minifies on the fly.

    The CDN serves ``require.min.js`` although the npm package only holds
    ``require.js``; offline, the unminified file is served under that name.
    """
    derived = []
    for path in sorted(asset.files):
        target = folder / path
        plain = target.with_name(re.sub(r"\.min\.(js|css)$", r".\1", target.name))
        if not target.exists() and plain != target and plain.is_file():
            shutil.copyfile(plain, target)
            derived.append(path)
    return derived


def fetch(assets: list[Asset], cache_dir: Path, npm: str = "npm") -> None:
    """``npm pack`` every asset in one call and unpack each into the cache."""
    if not assets:
        return
    if shutil.which(npm) is None:
        raise SystemExit(f"'{npm}' not found: install Node.js/npm (Debian: apt-get install npm) to fill the Solara cache")
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="solara-npm-") as tmp:
        cmd = [npm, "pack", "--json", "--silent", "--pack-destination", tmp, *(a.spec for a in assets)]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"npm pack failed ({result.returncode}):\n{result.stderr.strip()}")
        packed = json.loads(result.stdout)
        for asset, info in zip(assets, packed, strict=True):
            if (info["name"], info["version"]) != (asset.name, asset.version):
                raise SystemExit(f"npm pack returned {info['name']}@{info['version']} for {asset.spec}")
            staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=cache_dir))
            try:
                count = _unpack(Path(tmp) / info["filename"], staging)
                derived = _derive_minified(asset, staging)
                (staging / MARKER).write_text(
                    json.dumps(
                        {"spec": asset.spec, "integrity": info.get("integrity"), "files": count, "derived": derived},
                        indent=1,
                    )
                )
                final = cache_dir / asset.spec
                final.parent.mkdir(parents=True, exist_ok=True)
                if final.exists():  # a partial earlier attempt, or files solara fetched one by one
                    shutil.rmtree(final)
                os.replace(staging, final)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
            print(f"  {asset.spec}: {count} files")


# JupyterLab's server: no news feed, no update check (both fetch from the internet when a user says yes), and an
# extension manager that lists what is installed without searching PyPI
LAB_SERVER_CONFIG = {"LabApp": {"news_url": None, "check_for_updates_class": "jupyterlab.NeverCheckForUpdate",
                                "extension_manager": "readonly"}}
# JupyterLab's front end: never ask whether to fetch news (the answer would change nothing, see above)
LAB_SETTINGS = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}


def _merge_json(path: Path, values: dict) -> bool:
    """Merge ``values`` (two levels deep) into the JSON file at ``path``; True when it changed."""
    current = json.loads(path.read_text()) if path.exists() else {}
    merged = {**current, **{k: {**current.get(k, {}), **v} for k, v in values.items()}}
    if merged == current:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(merged, indent=2) + "\n")
    return True


def write_jupyter_config(prefix: Path | None = None) -> list[Path]:
    """Write the offline Jupyter configuration into the environment at ``prefix``; the files changed."""
    prefix = Path(prefix or sys.prefix)
    files = {
        # LabApp reads jupyter_lab_config.json, not the .d folder
        prefix / "etc" / "jupyter" / "jupyter_lab_config.json": LAB_SERVER_CONFIG,
        prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json": LAB_SETTINGS,
    }
    return [path for path, values in files.items() if _merge_json(path, values)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache-dir", type=Path, help="default: solara's proxy_cache_dir (<prefix>/share/solara/cdn)")
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if anything is missing")
    parser.add_argument("--list", action="store_true", help="print the packages and files solara references")
    parser.add_argument("--all-vuetify", action="store_true", help="also fetch the Vuetify app ipyvue does not use")
    parser.add_argument("--force", action="store_true", help="fetch again even if present")
    parser.add_argument("--jupyter-only", action="store_true",
                        help="only write the offline Jupyter configuration (no npm needed)")
    args = parser.parse_args(argv)
    if not (args.list or args.check):
        for path in write_jupyter_config():
            print(f"offline Jupyter configuration: {path}")
        if args.jupyter_only:
            return 0

    cache_dir = args.cache_dir or default_cache_dir()
    assets = required_assets(all_vuetify=args.all_vuetify)
    if args.list:
        for asset in assets.values():
            print(asset.spec)
            for path in sorted(asset.files):
                print("   ", path)
        return 0
    problems = missing(assets, cache_dir)
    if args.check:
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"solara offline cache {cache_dir}: {'incomplete' if problems else 'complete'} ({len(assets)} packages)")
        return 1 if problems else 0
    todo = [a for a in assets.values() if args.force or is_complete(a, cache_dir)]
    if todo:
        print(f"Filling the solara offline cache {cache_dir} from npm:")
        fetch(todo, cache_dir)
    problems = missing(assets, cache_dir)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"solara offline cache complete: {', '.join(assets)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
