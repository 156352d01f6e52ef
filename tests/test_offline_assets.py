"""Solara's front end is served from the local CDN cache, never from the network.

``make setup`` fills ``<venv>/share/solara/cdn`` with ``scripts/solara_offline.py``;
these tests check that the cache holds every package and file the installed
solara asks for, and that solara finds each one there.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import io
import sys
import tarfile
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[1] / "scripts" / "solara_offline.py"


@pytest.fixture(scope="module")
def offline():
    spec = importlib.util.spec_from_file_location("solara_offline", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


@pytest.fixture(scope="module")
def assets(offline):
    return offline.required_assets()


def test_requirements_are_read_from_the_installed_solara(offline, assets):
    names = {asset.name for asset in assets.values()}
    vue3 = importlib.metadata.version("ipyvue").startswith("3")
    app = "@widgetti/solara-vuetify3-app" if vue3 else "@widgetti/solara-vuetify-app"
    assert {app, "requirejs", "font-awesome", "katex", "mermaid"} <= names
    assert ("@widgetti/solara-vuetify-app" in names) is not vue3  # only the Vuetify app in use
    widgets_major = importlib.metadata.version("ipywidgets").split(".")[0]
    [vuetify_app] = [a for a in assets.values() if a.name == app]
    assert f"dist/solara-vuetify-app{widgets_major}.js" in vuetify_app.files
    assert f"dist/main{widgets_major}.css" in vuetify_app.files

    import solara.server.settings

    assert solara.server.settings.assets.fontawesome_path.strip("/").split("/")[0] in assets


def test_cache_is_complete(offline, assets):
    cache_dir = offline.default_cache_dir()
    problems = offline.missing(assets, cache_dir)
    assert not problems, f"run `make setup` (scripts/solara_offline.py) to fill {cache_dir}:\n" + "\n".join(problems)


def test_solara_serves_every_file_from_the_cache(offline, assets, monkeypatch):
    from solara.server import cdn_helper

    def no_network(url):
        raise AssertionError(f"solara went to the CDN for {url}")

    monkeypatch.setattr(cdn_helper, "fetch_from_cdn", no_network)
    cache_dir = offline.default_cache_dir()
    for asset in assets.values():
        for file in asset.files:
            assert cdn_helper.get_path(cache_dir, f"{asset.spec}/{file}").stat().st_size > 0


def _tarball(top: str, files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


@pytest.mark.parametrize("top", ["package", "font-awesome"])
def test_unpack_drops_the_top_folder(offline, tmp_path, top):
    tarball = tmp_path / "p.tgz"
    tarball.write_bytes(_tarball(top, {"require.js": b"js", "dist/a.css": b"css"}))
    assert offline._unpack(tarball, tmp_path / "out") == 2
    assert (tmp_path / "out" / "require.js").read_bytes() == b"js"
    assert (tmp_path / "out" / "dist" / "a.css").read_bytes() == b"css"


def test_minified_names_the_cdn_makes_up_are_provided(offline, tmp_path):
    (tmp_path / "require.js").write_text("js")
    asset = offline.Asset("requirejs@2.3.6", files={"require.js", "require.min.js"})
    assert offline._derive_minified(asset, tmp_path) == ["require.min.js"]
    assert (tmp_path / "require.min.js").read_text() == "js"
