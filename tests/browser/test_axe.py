"""Accessibility: axe-core in Chromium over every page of the app and a game board in a notebook.

axe-core comes from the npm registry at set-up (``scripts/axe_core.py``, a
``make setup`` step, into the venv): nothing is downloaded here. Each page is
loaded, its content waited for, axe injected and run; a *serious* or
*critical* violation fails the test with the rule, its help text and the
elements it names. Minor and moderate findings are printed (``-s``), not
failed. In JupyterLab only the game's output is checked (JupyterLab's own
interface is not ours to fix).
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


def run_axe(page: playwright.sync_api.Page, source: str, include: str | None = None) -> list[dict]:
    """axe's violations on the page (or inside the elements matching ``include``)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    context = json.dumps({"include": [[include]]} if include else None)
    return page.evaluate(f"""async () => {{
        const context = {context} || document;
        const result = await axe.run(context, {{resultTypes: ['violations'],
                                                  runOnly: {{type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a',
                                                                                   'wcag21aa', 'best-practice']}}}});
        return result.violations.map(v => ({{id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({{target: n.target.join(' '), html: n.html.slice(0, 200),
                                      summary: (n.failureSummary || '').slice(0, 300)}}))}}));
    }}""")


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
            try:  # the layout's PageA11y (ui/a11y.py) has mounted: axe sees the page as a user gets it
                page.wait_for_function("() => document.documentElement.lang", timeout=5_000)
            except playwright.sync_api.TimeoutError:
                pass  # axe reports the missing language
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
