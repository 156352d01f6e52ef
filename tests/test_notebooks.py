"""Every notebook in ``notebooks/`` runs headless from top to bottom without an error.

The notebooks are executed with nbclient in a fresh ``python3`` kernel. That
kernel spec's command is ``python -m ipykernel_launcher``, and jupyter_client
runs a bare ``python`` as the interpreter running the tests (``sys.executable``),
so the kernel is this virtual environment's; :func:`test_kernel_is_this_environment`
checks it. A cell fails the run when it raises, and also when something it
displays or renders writes a traceback to stderr (a widget that failed to
render, say).

Running all the notebooks takes over a minute, so those tests are marked
``slow``; the quick checks (kernel, clean files) always run.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT = 300  # seconds per cell; the slowest cell (bot games in the lab) takes about 35 s


def kernel_env() -> dict:
    """The kernel's environment: ours, without the test-only matplotlib backend, with Solara quiet."""
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)  # the kernel draws inline, as for a learner
    env["SOLARA_TELEMETRY_MIXPANEL_ENABLE"] = "false"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def execute(nb, cwd: Path):
    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=CELL_TIMEOUT,
                                     resources={"metadata": {"path": str(cwd)}})
    client.execute(env=kernel_env())
    return nb


def stderr_tracebacks(nb) -> list[str]:
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream" and o.get("name") == "stderr" and "Traceback" in o.get("text", ""):
                out.append(f"cell {i}: {o['text'][:2000]}")
    return out


def test_there_are_notebooks():
    names = {p.name for p in NOTEBOOKS}
    assert {"00_start_here.ipynb", "balada_tutorial.ipynb", "balada_lab.ipynb"} <= names


def test_kernel_is_this_environment():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import sys, balada_widgets; print(sys.prefix)")]
    execute(nb, ROOT / "notebooks")
    printed = nb.cells[0].outputs[0]["text"].strip()
    assert Path(printed).resolve() == Path(sys.prefix).resolve()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_saved_clean(path):
    """Saved without outputs (diffs stay readable) and for the ``python3`` kernel."""
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.outputs or c.execution_count)]
    assert not dirty, f"cells {dirty} hold outputs: clear them before committing"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_headless(path):
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    execute(nb, path.parent)
    seconds = time.perf_counter() - start
    assert not stderr_tracebacks(nb), "\n".join(stderr_tracebacks(nb))
    code_cells = sum(c.cell_type == "code" for c in nb.cells)
    print(f"{path.name}: {len(nb.cells)} cells ({code_cells} code) ran in {seconds:.1f} s")


def test_balada_tutorial_teaches_every_ruling_in_the_steps_order():
    """Each step of ``tutorial.STEPS`` is a section, in order, and names the rulings it teaches."""
    import re

    from balada_widgets.balada.tutorial import STEPS

    nb = nbformat.read(ROOT / "notebooks" / "balada_tutorial.ipynb", as_version=4)
    sections = [c.source for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## ")]
    titles = [s.splitlines()[0] for s in sections]
    numbered = [t for t in titles if re.match(r"## \d+\. ", t)]
    assert [re.sub(r"## \d+\. ", "", t) for t in numbered] == [s.title for s in STEPS]
    # the text of each step (its markdown up to the next section) names the rulings of the step
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    parts = re.split(r"^## \d+\. .*$", text, flags=re.M)[1:]
    for step, part in zip(STEPS, parts):
        for rid in step.rules:
            if step.id == "play":  # the last step replays what the others taught
                continue
            assert re.search(rf"\b{rid}\b", part), f"step {step.id!r} does not name {rid}"
    for rid in [f"B{i}" for i in range(1, 18)] + [f"P{i}" for i in range(1, 7)]:
        assert re.search(rf"\b{rid}\b", text), f"the tutorial never names {rid}"
