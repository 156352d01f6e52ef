"""The browser harness works: Chromium, offline Solara, JupyterLab 4, and failing callbacks.

A small counter defined in the test is clicked in the Solara runner and the
JupyterLab 4 runner.  An exception raised in a widget callback is recorded in
both runners, and makes a test fail (checked in a pytest run of its own).
"""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

import ipywidgets as widgets
import playwright.sync_api
import pytest
import solara
from IPython.display import display

HERE = Path(__file__).parent


@solara.component
def Counter():
    count, set_count = solara.use_state(0)
    solara.Button(f"Clicked {count} times", on_click=lambda: set_count(count + 1))


def test_counter_in_process(solara_test, page_session: playwright.sync_api.Page):
    display(Counter())
    button = page_session.locator("button", has_text="Clicked 0 times")
    button.click()
    page_session.locator("button", has_text="Clicked 1 times").click()
    page_session.locator("button", has_text="Clicked 2 times").wait_for()


def test_counter_in_each_runner(ipywidgets_runner, page_session: playwright.sync_api.Page):
    def kernel_code():
        import solara

        @solara.component
        def Counter():
            count, set_count = solara.use_state(0)
            solara.Button(f"Clicked {count} times", on_click=lambda: set_count(count + 1))

        display(Counter())

    ipywidgets_runner(kernel_code)
    page_session.locator("button", has_text="Clicked 0 times").click()
    page_session.locator("button", has_text="Clicked 1 times").wait_for()


def test_plain_ipywidgets_in_jupyter_lab(jupyter_lab_runner, page_session: playwright.sync_api.Page):
    def kernel_code():
        import ipywidgets as widgets

        label = widgets.Label(value=f"start {start}")  # noqa: F821 (from locals)
        button = widgets.Button(description="press")
        button.on_click(lambda _: setattr(label, "value", "pressed"))
        display(widgets.VBox([button, label]))

    jupyter_lab_runner(kernel_code, locals={"start": 7})
    page_session.locator(".jupyter-widgets >> text=start 7").wait_for()
    page_session.locator("button", has_text="press").click()
    page_session.locator(".jupyter-widgets >> text=pressed").wait_for()


def _wait_for_errors(widget_errors, timeout: float = 10) -> list[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        errors = widget_errors.take()
        if errors:
            return errors
        time.sleep(0.1)
    return []


def test_callback_exception_is_recorded(ipywidgets_runner, page_session: playwright.sync_api.Page, widget_errors):
    def kernel_code():
        import solara

        def explode():
            raise RuntimeError("boom from a click")

        solara.display(solara.Button("Explode", on_click=explode))

    ipywidgets_runner(kernel_code)
    page_session.locator("button", has_text="Explode").click()
    errors = _wait_for_errors(widget_errors)
    assert len(errors) == 1, errors
    assert "RuntimeError: boom from a click" in errors[0]
    assert "explode" in errors[0]  # with its traceback


# -- A callback that raises fails the test: a pytest run of its own ------------------------

UNIT_TESTS = '''
import ipyvuetify as v
import ipywidgets as widgets
import pytest
import solara


def test_button_callback_raises():
    button = widgets.Button()
    button.on_click(lambda b: 1 / 0)
    button.click()


def test_observer_raises_on_front_end_update():
    slider = widgets.IntSlider()
    slider.observe(lambda change: {}["missing"], "value")
    slider._handle_msg({"content": {"data": {"method": "update", "state": {"value": 3}}}, "buffers": []})
    assert slider.value == 3  # the message was handled, the observer's exception swallowed


def test_solara_event_handler_raises():
    def explode():
        raise RuntimeError("handler exploded")

    box, rc = solara.render(solara.Button("go", on_click=explode))
    rc.find(v.Btn).widget.click()


def test_expected_error_is_taken(widget_errors):
    button = widgets.Button()
    button.on_click(lambda b: 1 / 0)
    button.click()
    [error] = widget_errors.take()
    assert "ZeroDivisionError" in error


@pytest.mark.allow_widget_errors
def test_marked_allowed():
    button = widgets.Button()
    button.on_click(lambda b: 1 / 0)
    button.click()


def test_clean_callback():
    button = widgets.Button()
    button.on_click(lambda b: None)
    button.click()
'''

BROWSER_TESTS = '''
import solara
from IPython.display import display


def explode():
    raise RuntimeError("exploded in the browser click")


def test_click_raises_in_process(solara_test, page_session):
    display(solara.Button("Explode", on_click=explode))
    page_session.locator("button", has_text="Explode").click()
    page_session.wait_for_timeout(1500)


def test_click_raises_in_jupyter_lab(jupyter_lab_runner, page_session):
    def kernel_code():
        import solara

        def explode():
            raise RuntimeError("exploded in the kernel")

        solara.display(solara.Button("Explode", on_click=explode))

    jupyter_lab_runner(kernel_code)
    page_session.locator("button", has_text="Explode").click()
    page_session.wait_for_timeout(1500)
'''


@pytest.mark.slow
def test_callback_exceptions_fail_the_test(pytester: pytest.Pytester):
    pytester.makeconftest((HERE.parent / "conftest.py").read_text())
    pytester.makepyfile(test_units=UNIT_TESTS)
    browser = pytester.mkdir("browser")
    (browser / "conftest.py").write_text((HERE / "conftest.py").read_text())
    (browser / "test_in_browser.py").write_text(textwrap.dedent(BROWSER_TESTS))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-o", "addopts=", "-rA")
    outcomes = {  # "FAILED browser/test_in_browser.py::test_x[chromium] - ..." -> {"browser/...::test_x": "FAILED"}
        line.split()[1].split("[")[0]: line.split()[0]
        for line in result.outlines
        if line.startswith(("PASSED ", "FAILED "))
    }
    result.stdout.fnmatch_lines(["*WidgetCallbackError*"])
    expected_failures = {
        "test_units.py::test_button_callback_raises": "ZeroDivisionError",
        "test_units.py::test_observer_raises_on_front_end_update": "KeyError: 'missing'",
        "test_units.py::test_solara_event_handler_raises": "RuntimeError: handler exploded",
        "browser/test_in_browser.py::test_click_raises_in_process": "RuntimeError: exploded in the browser click",
        "browser/test_in_browser.py::test_click_raises_in_jupyter_lab": "RuntimeError: exploded in the kernel",
    }
    text = result.stdout.str()
    for test, error in expected_failures.items():
        assert outcomes.get(test) == "FAILED", f"{test} should fail:\n{text}"
        assert error in text
    assert [t for t, outcome in outcomes.items() if outcome == "PASSED"] == [
        "test_units.py::test_expected_error_is_taken",
        "test_units.py::test_marked_allowed",
        "test_units.py::test_clean_callback",
    ]


@pytest.fixture
def outside_requests(page_session: playwright.sync_api.Page):
    """Requests that leave the machine, and local requests that fail, while the test runs."""
    bad: list[str] = []

    def on_request(request):
        if not request.url.startswith(("http://localhost", "http://127.0.0.1", "data:", "about:", "blob:")):
            bad.append(f"outside: {request.url}")

    def on_response(response):
        if response.status >= 400:
            bad.append(f"{response.status}: {response.url}")

    page_session.on("request", on_request)
    page_session.on("response", on_response)
    yield bad
    page_session.remove_listener("request", on_request)
    page_session.remove_listener("response", on_response)


def test_solara_page_loads_offline(outside_requests, solara_test, page_session: playwright.sync_api.Page):
    """Solara's front end comes from the local CDN cache: no request leaves the machine, none fails."""
    display(widgets.HTML("<b>offline</b>"))
    page_session.locator("b", has_text="offline").wait_for()
    assert outside_requests == []
