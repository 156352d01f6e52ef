"""Solara without calls home: nothing leaves the machine, and a kernel imports it faster.

Solara, as installed, reaches out of the machine in three places, none of
which a learner asked for:

- **"success" pings.** The first time a Solara component is shown in Jupyter
  (no ``~/.solara/.jupyter_checked`` yet), the page gets two hidden iframes on
  ``https://solara.dev/static/public/success.html``; the first page of a
  ``solara run`` server in development mode gets one more (``.solara_checked``).
  Offline, or in a classroom behind a firewall, the browser logs them as
  failed requests (``ERR_NAME_NOT_RESOLVED``).
- **Telemetry.** A kernel that shows a Solara component asks
  ``https://api.ipify.org`` for its public address (even when Mixpanel is
  switched off), and a server with ``SOLARA_TELEMETRY_MIXPANEL_ENABLE`` unset
  posts usage to Mixpanel.
- **The widget check.** ``import solara`` in a kernel runs
  ``solara.check_jupyter()``, which imports ``jupyter_server.serverapp`` (about
  2.5 s on a class machine, most of it ``jsonschema`` building the
  ``rfc3987_syntax`` grammar) to find the Jupyter server's Python, only to
  compare it with the kernel's and, when they differ, to check in the browser
  that the widget extensions are installed. Our set-up (``make setup``,
  Binder) runs the kernel in the server's own environment, so the answer is
  known: the check is skipped.

:func:`install` (called by ``import balada_widgets``) switches all three off:
at once when Solara is already imported (the ``solara run`` server loads our
app after Solara), otherwise by wrapping Solara's loader, so the widget check
finds no server module to import while ``solara/__init__`` runs, and the
switches are set right after it. Solara's behaviour is otherwise untouched;
``tests/browser/test_offline.py`` checks that no request leaves loopback.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from types import ModuleType

# the modules solara.checks imports only to list running Jupyter servers
_SERVER_LISTS = ("jupyter_server.serverapp", "notebook.notebookapp")


def _never() -> bool:
    return False


def quiet(solara: ModuleType) -> None:
    """Switch off the success pings and the telemetry of an imported ``solara``."""
    checks = getattr(solara, "checks", None) or sys.modules.get("solara.checks")
    if checks is not None:
        checks.should_perform_jupyter_check = _never
        checks.should_perform_solara_check = _never
    settings = sys.modules.get("solara.server.settings")
    if settings is not None:
        settings.telemetry.mixpanel_enable = False
    try:
        import solara.server.telemetry as telemetry
    except ImportError:  # a Solara without it has nothing to switch off
        return
    telemetry._jupyter_start_event_send = True  # jupyter_start(): "already sent", so no ipify/Mixpanel call


class _QuietLoader(importlib.abc.Loader):
    """Solara's own loader, run with the server-listing modules hidden, then :func:`quiet`."""

    def __init__(self, loader: importlib.abc.Loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        hidden = [name for name in _SERVER_LISTS if name not in sys.modules]
        for name in hidden:
            sys.modules[name] = None  # type: ignore[assignment]  # "import x" raises ImportError
        try:
            self.loader.exec_module(module)
        finally:
            for name in hidden:
                if sys.modules.get(name, False) is None:
                    del sys.modules[name]
        quiet(module)

    def __getattr__(self, name):  # get_resource_reader, is_package, ... as the real loader
        return getattr(self.loader, name)


class _SolaraFinder(importlib.abc.MetaPathFinder):
    """Finds ``solara`` as the path finders do, with :class:`_QuietLoader` around its loader; once."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "solara":
            return None
        _uninstall_finder()
        spec = importlib.util.find_spec(fullname)  # as the other finders see it
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _QuietLoader(spec.loader)
        return spec


def _uninstall_finder() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _SolaraFinder)]


def install() -> None:
    """Make Solara quiet now (already imported) or when it is imported."""
    solara = sys.modules.get("solara")
    if solara is not None:
        if getattr(solara, "checks", None) is not None:
            quiet(solara)
        return
    if not any(isinstance(f, _SolaraFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SolaraFinder())
