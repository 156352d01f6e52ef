"""Accessibility of the app's pages: what Solara's page template and Vuetify leave out.

:func:`PageA11y` goes once into the app's layout (``balada_widgets/app.py``).
It fixes, in the page the browser shows (axe-core finds each of them,
``tests/browser/test_axe.py``):

- the page's language (``<html lang="en">``: screen readers pick their voice by it).
  Solara's page template opens with a bare ``<html>``; :func:`serve_page_language`
  makes the server write the page's language into that first tag, so a screen
  reader starts in the right voice before any script runs; ``PageA11y(lang)``
  keeps it right when the page changes in the browser (a link to a Czech page,
  a game started in Czech);
- the viewport: Solara's template forbids zooming (``user-scalable=no,
  maximum-scale=1``); a learner with low vision must be able to zoom;
- sliders (Vuetify's ``role="slider"`` thumbs) get the text of their field's
  label as ``aria-label``, so a screen reader says what the slider sets;
- Vuetify's field labels are drawn at 70 % opacity (grey on white below the
  4.5:1 contrast of WCAG AA): they are drawn darker; so are the words of
  outlined or tonal alerts (green or orange on white) and the app bar
  (white on the dark theme's light purple, 2.6:1).

In a notebook JupyterLab owns the page: only the boards' own markup counts
there, and it carries its own labels.
"""

from __future__ import annotations

import re
from typing import Callable

import ipyvuetify as vy
import solara
import traitlets

__all__ = ["PageA11y", "A11Y_CSS", "label_in_name", "serve_page_language", "with_language"]

#: Vuetify's labels and hints at full contrast (the app's pages only)
A11Y_CSS = """
.v-label, .v-field-label, .v-messages, .v-slider .v-label { opacity: 1 !important; color: rgba(0, 0, 0, 0.72) !important; }
.v-theme--dark .v-label, .v-theme--dark .v-field-label { color: rgba(255, 255, 255, 0.87) !important; }
.v-app-bar.bg-primary, .v-app-bar .bg-primary, .v-toolbar.bg-primary { background-color: #3949ab !important; }
.v-alert.text-success { color: #1e6b24 !important; }
.v-alert.text-warning { color: #8a4b00 !important; }
.v-alert.text-info { color: #0b5394 !important; }
.v-alert.text-error { color: #b00020 !important; }
"""


class _PageFix(vy.VuetifyTemplate):
    template = traitlets.Unicode("""
<template><span class="bw-page-a11y" style="display: none"></span></template>
<script>
module.exports = {
    watch: { lang(value) { document.documentElement.setAttribute('lang', value); } },
    mounted() {
        document.documentElement.setAttribute('lang', this.lang);
        const meta = document.querySelector('meta[name="viewport"]');
        if (meta) meta.setAttribute('content', 'width=device-width, initial-scale=1');
        const label = () => {
            document.querySelectorAll('[role="slider"]:not([aria-label]):not([aria-labelledby])').forEach(el => {
                const field = el.closest('.v-input');
                const text = field && field.querySelector('.v-label, label, [class*="__label"]');
                if (text && text.textContent.trim()) el.setAttribute('aria-label', text.textContent.trim());
            });
        };
        label();
        this.observer = new MutationObserver(label);
        this.observer.observe(document.body, {childList: true, subtree: true});
    },
    beforeUnmount() { if (this.observer) this.observer.disconnect(); },
    beforeDestroy() { if (this.observer) this.observer.disconnect(); },
}
</script>
""").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)


@solara.component
def PageA11y(lang: str = "en"):
    """The page's language, zoom, slider names and label contrast (see the module docstring)."""
    with solara.Div(style={"display": "none"}, classes=["bw-page-a11y-box"]) as box:
        solara.Style(A11Y_CSS)
        _PageFix.element(lang=lang)
    return box


# ----------------------------------------------------------------------- the language in the first byte

_HTML_TAG = re.compile(r"<html(?=[\s>])", re.IGNORECASE)
_LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{1,8})*")


def with_language(html: str, lang: str) -> str:
    """``html`` with ``lang`` in its first ``<html>`` tag (a ``lang`` already there is left alone).

    >>> with_language("<!doctype html>\\n<html>\\n<head>", "cs")
    '<!doctype html>\\n<html lang="cs">\\n<head>'
    >>> with_language('<html lang="en"><body>', "cs")
    '<html lang="en"><body>'
    """
    if not _LANGUAGE.fullmatch(lang or ""):
        lang = "en"
    match = _HTML_TAG.search(html)
    if match is None:
        return html
    end = html.find(">", match.end())
    if re.search(r"\slang\s*=", html[match.end():end]):
        return html
    return html[:match.end()] + f' lang="{lang}"' + html[match.end():]


def serve_page_language(language_of: Callable[[str], str]) -> None:
    """Serve every page of the app with its language in ``<html lang>``: ``language_of(path)`` names it
    (``"/baldurs-gate-learn-cs"`` -> ``"cs"``).

    Solara renders its page template in ``solara.server.server.read_root``
    (called by its Starlette and Flask servers for every page); the template
    writes a bare ``<html>``. This wraps that function once per process (a
    second call only changes ``language_of``), so the first HTML byte carries
    the language, whichever server serves the app.
    """
    import solara.server.server as server

    original = getattr(server.read_root, "_bw_original", server.read_root)

    def read_root(path: str, *args, **kwargs):
        content = original(path, *args, **kwargs)
        if content is None:
            return None
        try:
            lang = language_of(path or "/")
        except Exception:  # a page we do not know: the app's language
            lang = "en"
        return with_language(content, lang)

    read_root._bw_original = original  # type: ignore[attr-defined]
    server.read_root = read_root


def label_in_name(visible: str, label: str) -> str:
    """An accessible name that holds the control's visible text (WCAG 2.5.3, axe's
    ``label-content-name-mismatch``): ``label`` when it does already, else ``"visible: label"``.

    A speech user says what they see ("click Show me"); the name must contain it.

    >>> label_in_name("Show me", "show me the answer")
    'show me the answer'
    >>> label_in_name("Ukaž mi to", "ukaž mi odpověď")
    'Ukaž mi to: ukaž mi odpověď'
    >>> label_in_name("All", "show every step (all)")
    'All: show every step (all)'
    """
    def words(text: str) -> str:  # as axe compares them: "(...)" parts left out, punctuation as spaces
        while re.search(r"\([^()]*\)", text):
            text = re.sub(r"\([^()]*\)", " ", text)
        return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())

    if not visible.strip() or words(visible) in words(label):
        return label
    return f"{visible}: {label}" if label else visible
