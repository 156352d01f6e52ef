"""Accessibility: axe-core in Chromium over every page of the app and a game board in a notebook.

axe-core comes from the npm registry at set-up (``scripts/axe_core.py``, a
``make setup`` step, into the venv): nothing is downloaded here. Each page is
loaded, its content waited for, axe injected and run; a *serious* or
*critical* violation fails the test with the rule, its help text and the
elements it names. Minor and moderate findings are printed (``-s``), not
failed. In JupyterLab only the game's output is checked (JupyterLab's own
interface is not ours to fix).

The rules in :data:`MUST_RUN` are switched on by name and must have run on
every page (so a rule that a version of axe marks experimental, or a tag
selection leaves out, cannot silently stop counting): among them
``label-content-name-mismatch`` (a control's visible text is part of its
accessible name, WCAG 2.5.3). A page's language is in the HTML the server
sends (``<html lang>`` before any script), read here without a browser.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import playwright.sync_api
import pytest

ROOT = Path(__file__).resolve().parents[2]
FAIL_IMPACTS = ("serious", "critical")
#: rules switched on by name that must run on every page checked
MUST_RUN = ("label-content-name-mismatch", "html-has-lang", "html-lang-valid", "meta-viewport", "color-contrast",
            "aria-command-name", "button-name")


def _axe_script() -> str:
    spec = importlib.util.spec_from_file_location("axe_core_setup", ROOT / "scripts" / "axe_core.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = module.script_path()
    if not path.is_file():
        pytest.fail(f"axe-core is not set up ({path} is missing): run `make setup` "
                    f"(or {sys.executable} scripts/axe_core.py) once; tests never download it")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def axe_source() -> str:
    return _axe_script()


def run_axe(page: playwright.sync_api.Page, source: str, include: str | None = None,
            must_run: tuple = MUST_RUN) -> list[dict]:
    """axe's violations on the page (or inside the elements matching ``include``); fails when a rule of
    ``must_run`` did not run."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    context = json.dumps({"include": [[include]]} if include else None)
    rules = json.dumps({rule: {"enabled": True} for rule in must_run})
    result = page.evaluate(f"""async () => {{
        const context = {context} || document;
        const result = await axe.run(context, {{rules: {rules},
                                                  runOnly: {{type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a',
                                                                                   'wcag21aa', 'best-practice']}}}});
        const ran = [...result.violations, ...result.passes, ...result.incomplete, ...result.inapplicable]
            .map(r => r.id);
        return {{version: axe.version, ran,
                 violations: result.violations.map(v => ({{id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({{target: n.target.join(' '), html: n.html.slice(0, 200),
                                      summary: (n.failureSummary || '').slice(0, 300)}}))}}))}};
    }}""")
    missing = sorted(set(must_run) - set(result["ran"]))
    assert not missing, f"axe {result['version']} did not run {missing}"
    return result["violations"]


def report(where: str, violations: list[dict]) -> list[str]:
    bad = []
    for v in violations:
        line = f"{where}: [{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} elements)"
        if v["impact"] in FAIL_IMPACTS:
            nodes = "\n".join(f"      {n['target']}: {n['html']}\n        {n['summary']}" for n in v["nodes"][:4])
            bad.append(line + "\n" + nodes)
        else:
            print("axe (not failed):", line)
    return bad


def test_every_app_page_has_no_serious_violation(solara_server, solara_app, page_session: playwright.sync_api.Page,
                                                  axe_source):
    from balada_widgets.app import built_pages

    page = page_session
    page.goto("about:blank")
    bad, checked = [], []
    with solara_app("balada_widgets.app"):
        for path in ["", *(p.path for p, _ in built_pages())]:
            page.goto(f"{solara_server.base_url}/{path}")
            page.wait_for_function("() => (document.querySelector('.solara-content-main')?.innerText || '')"
                                   ".trim().length > 40", timeout=45_000)
            try:  # the layout's PageA11y (ui/a11y.py) has mounted (zoom allowed): axe sees the page as a user gets it
                page.wait_for_function("() => !(document.querySelector('meta[name=viewport]')?.content || '')"
                                       ".includes('user-scalable=no')", timeout=10_000)
            except playwright.sync_api.TimeoutError:
                pass  # axe reports the viewport
            page.wait_for_load_state("networkidle")
            bad += report(f"/{path}", run_axe(page, axe_source))
            checked.append(path)
    print(f"axe: {len(checked)} app pages checked")
    assert len(checked) >= 5
    assert not bad, "axe finds serious or critical violations:\n" + "\n".join(bad)


def test_a_notebook_board_has_no_serious_violation(jupyter_lab_runner, page_session: playwright.sync_api.Page,
                                                   axe_source):
    def kernel_code():
        from balada_widgets import baldurs_gate, barcadia

        display(barcadia.new_game(players=2, bots=1, seed=3, dungeon="cozy"))  # noqa: F821 (the notebook's)
        display(baldurs_gate.new_game(players=2, bots=1, seed=1))  # noqa: F821

    jupyter_lab_runner(kernel_code)
    page = page_session
    page.locator(".jp-OutputArea-output .barcadia-app .bw-board-box").first.wait_for(timeout=45_000)
    page.locator(".jp-OutputArea-output .baldurs-gate-app .bw-board-box").first.wait_for(timeout=45_000)
    bad = report("JupyterLab output", run_axe(page, axe_source, include=".jp-OutputArea-output"))
    assert not bad, "axe finds serious or critical violations:\n" + "\n".join(bad)


def test_axe_fails_a_control_whose_name_leaves_out_its_visible_text(page_session: playwright.sync_api.Page,
                                                                      axe_source):
    """The check is real: a button showing "Cancel" named "close the form" (WCAG 2.5.3) is a serious violation."""
    page = page_session
    page.goto("about:blank")
    page.set_content('<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>Form</h1>'
                     '<button aria-label="close the form">Cancel</button>'
                     '<button aria-label="Start: start the new game">Start</button></main></body></html>')
    violations = run_axe(page, axe_source)
    found = [v for v in violations if v["id"] == "label-content-name-mismatch"]
    assert found and found[0]["impact"] in FAIL_IMPACTS, violations
    assert [n["html"] for n in found[0]["nodes"]] == ['<button aria-label="close the form">Cancel</button>']
    assert report("self-test", violations)
    page.goto("about:blank")


def test_the_served_page_names_its_language_before_any_script(solara_server, solara_app):
    """The first ``<html>`` tag carries the page's language in the HTML the server sends (a screen reader picks
    its voice before any script runs): Czech for the Czech tutorial, English elsewhere."""
    import re
    import urllib.request

    with solara_app("balada_widgets.app"):
        for path, lang in (("baldurs-gate-learn-cs", "cs"), ("baldurs-gate", "en"), ("balada", "en"), ("", "en")):
            with urllib.request.urlopen(f"{solara_server.base_url}/{path}", timeout=30) as response:
                html = response.read().decode("utf-8")
            tag = re.search(r"<html\b[^>]*>", html, re.IGNORECASE)
            script = html.lower().find("<script")
            assert tag is not None and (script == -1 or tag.start() < script), path
            assert re.search(rf'\slang="{lang}"', tag.group(0)), (path, tag.group(0))
