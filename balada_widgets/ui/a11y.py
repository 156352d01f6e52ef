"""Accessibility of the app's pages: what Solara's page template and Vuetify leave out.

:func:`PageA11y` goes once into the app's layout (``balada_widgets/app.py``).
It fixes, in the page the browser shows (axe-core finds each of them,
``tests/browser/test_axe.py``):

- the page's language (``<html lang="en">``: screen readers pick their voice by it);
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

import ipyvuetify as vy
import solara
import traitlets

__all__ = ["PageA11y", "A11Y_CSS"]

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
