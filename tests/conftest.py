"""Test set-up shared by every test under ``tests/``.

- Solara telemetry is off, and plots use the Agg backend (no display needed).
- An exception raised inside a widget callback fails the test.  ipywidgets
  only logs such exceptions and reacton turns them into an on-screen
  traceback, so a broken button would otherwise pass unnoticed.  Every test is
  checked; a test that *expects* a callback to raise takes the errors itself::

      def test_refuses(widget_errors):
          button.click()
          [error] = widget_errors.take()
          assert "rule B2" in error

  or is marked ``@pytest.mark.allow_widget_errors``.
- Hypothesis draws the same examples on every run (profile ``ci``, derandomised):
  a failure replays, it never flakes. ``HYPOTHESIS_PROFILE=explore`` draws
  fresh examples for a hunt.
"""

from __future__ import annotations

import os

os.environ.setdefault("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "false")
os.environ.setdefault("MPLBACKEND", "Agg")
# the class store of pages rendered in tests (games and lessons are kept: classroom.resume) is a throw-away
# folder, never the user's ~/.local/share/balada-widgets
if "BALADA_DB" not in os.environ and "BALADA_DATA" not in os.environ:
    import tempfile  # noqa: E402

    os.environ["BALADA_DATA"] = tempfile.mkdtemp(prefix="balada-test-data-")

import sys  # noqa: E402
import threading  # noqa: E402
import traceback  # noqa: E402
from typing import Callable  # noqa: E402

import pytest  # noqa: E402

# helpers shared by tests of several folders (file_probes) import by name: --import-mode=importlib adds no path
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hypothesis import settings as _hypothesis_settings  # noqa: E402

# Property tests draw the same examples on every run (CI included), so a red run is a real
# finding that replays, never a flake; HYPOTHESIS_PROFILE=explore draws fresh ones each time.
_hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
_hypothesis_settings.register_profile("explore", derandomize=False, print_blob=True)
_hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def install_widget_error_recorder(sink):  # no annotations: this source also runs in a kernel
    """Report every exception raised in a widget callback to ``sink(exc, where)``.

    Three places see them all:

    - ``CallbackDispatcher.__call__`` (``on_click``, ``on_msg``, ipyvue events),
      which otherwise only logs the exception;
    - ``Widget.set_state`` (a trait observer that raises while the front end
      sets a value), which ``Widget._handle_msg`` otherwise only logs;
    - reacton render contexts get ``handle_error=False`` (as the guide asks of
      ``solara.render`` in tests): an exception in a component, effect or event
      handler that no error boundary handles escapes the render, instead of
      being shown as an on-screen traceback, and reaches one of the two above.

    The function is self-contained: the JupyterLab runner sends its source to
    the kernel, so the kernel reports the same way.  Installing again only
    replaces the sink.
    """
    from ipywidgets.widgets.widget import CallbackDispatcher, Widget, get_ipython

    state = getattr(Widget, "_balada_error_recorder", None)
    if state is not None:
        state["sink"] = sink
        return
    state = Widget._balada_error_recorder = {"sink": sink}

    def report(exc: BaseException, where: str) -> None:
        try:
            state["sink"](exc, where)
        except Exception:  # a broken sink must not hide the original error
            pass

    def dispatch(self, *args, **kwargs):
        value = None
        for callback in self.callbacks:
            try:
                local_value = callback(*args, **kwargs)
            except Exception as e:
                report(e, f"widget callback {getattr(callback, '__qualname__', callback)!s}")
                ip = get_ipython()  # what ipywidgets does: show or log it
                if ip is None:
                    self.log.warning("Exception in callback %s: %s", callback, e, exc_info=True)
                else:
                    ip.showtraceback()
            else:
                value = local_value if local_value is not None else value
        return value

    CallbackDispatcher.__call__ = dispatch

    set_state = Widget.set_state

    def set_state_reporting(self, sync_data):
        try:
            return set_state(self, sync_data)
        except Exception as e:
            report(e, f"{type(self).__name__}.set_state({sorted(sync_data)}) from the front end")
            raise

    Widget.set_state = set_state_reporting

    try:
        import reacton.core
    except ImportError:
        return
    reacton.core._RenderContext.handle_error = property(lambda self: False, lambda self, value: None)


class WidgetErrors:
    """Exceptions raised in widget callbacks during the current test.

    ``sources`` holds extra callables that return (and forget) error texts from
    elsewhere, e.g. the JupyterLab kernel of the browser runner.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._errors: list[tuple[BaseException, str]] = []
        self.sources: list[Callable[[], list[str]]] = []

    def record(self, exc: BaseException, where: str) -> None:
        with self._lock:
            if all(exc is not seen for seen, _ in self._errors):  # one exception, reported twice
                self._errors.append((exc, where))

    def take(self) -> list[str]:
        """Return the errors recorded so far (as text with traceback) and forget them."""
        with self._lock:
            errors, self._errors = self._errors, []
        texts = [f"{where}:\n{''.join(traceback.format_exception(exc))}" for exc, where in errors]
        for source in self.sources:
            texts.extend(source())
        return texts

    def clear(self) -> None:
        self.take()

    #: installs the recording hooks; the JupyterLab runner sends its source to the kernel
    installer = staticmethod(install_widget_error_recorder)


_widget_errors = WidgetErrors()
install_widget_error_recorder(_widget_errors.record)


class WidgetCallbackError(AssertionError):
    """A widget callback raised during the test."""


@pytest.fixture
def widget_errors() -> WidgetErrors:
    """The recorder of widget-callback exceptions; ``take()`` the ones a test expects."""
    return _widget_errors


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    _widget_errors.clear()
    try:
        return (yield)
    finally:
        errors = _widget_errors.take()
        if errors and item.get_closest_marker("allow_widget_errors") is None:
            raise WidgetCallbackError(
                f"{len(errors)} exception(s) raised in widget callbacks during the test:\n\n" + "\n".join(errors)
            )


def pytest_configure(config: pytest.Config) -> None:
    """Free ports for the browser tests' servers, unless given on the command line.

    pytest-ipywidgets' fixed defaults collide when two test runs share a
    machine (two checkouts, or a test that runs pytest itself).
    """
    try:
        from solara.server.threaded import get_free_port
        from solara.test.pytest_plugin import TEST_PORT_START
    except ImportError:
        return
    for offset, dest in enumerate(("solara_port", "jupyter_port", "voila_port")):
        if getattr(config.option, dest, None) == TEST_PORT_START + offset:
            setattr(config.option, dest, get_free_port())


@pytest.fixture(autouse=True, scope="session")
def _solara_telemetry_off():
    """The env var above is read when solara is imported, which the pytest plugin did first."""
    try:
        import solara.server.settings
    except ImportError:
        yield
        return
    solara.server.settings.telemetry.mixpanel_enable = False
    yield
