"""Run every benchmark in bench/ side by side and print the table.

``python bench/run_all.py [--quick]``. Each ``bench_*.py`` exposes
``run(quick=False) -> list[dict]`` with a median, a baseline measured in the
same run and their ratio; no figure is asserted here (benchmarks are read,
not tested), but a benchmark that fails its own correctness check raises.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent


def main(argv):
    quick = "--quick" in argv
    only = [a for a in argv if not a.startswith("--")]
    rows = []
    for path in sorted(HERE.glob("bench_*.py")):
        if only and not any(o in path.stem for o in only):
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = mod  # dataclasses with postponed annotations look their module up there
        spec.loader.exec_module(mod)
        print(f"== {path.name}", flush=True)
        got = mod.run(quick=quick)
        for r in got:
            print("  " + "  ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in r.items()),
                  flush=True)
        rows += got
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
