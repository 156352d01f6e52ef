"""The pure kit: what every game draws and teaches with, in plain Python (no Solara, no widgets).

=================  ==========================================================
module             what it gives
=================  ==========================================================
:mod:`.svg`        build SVG markup as strings
:mod:`.grid`       a lettered square grid as one SVG (Balda's board)
:mod:`.keys`       keys to letters, an on-screen keyboard
:mod:`.paths`      ``Trace``: tracing a path across cells
:mod:`.cursor`     ``next_target`` / ``cursor_key``: arrows between 2-D
                   targets, Enter acts; ``cursor_words``: what the cursor is on
:mod:`.lesson`     tutorial lessons as data: ``Lesson``, ``LessonStep``,
                   ``Pick`` / ``Choose`` / ``Number`` / ``Text`` / ``Custom``,
                   ``Solution``, tiered ``respond`` / ``reveal``, the
                   learner's store, ``NotebookFace``
:mod:`.kernel`     ``per_kernel(name, factory)``: one object per learner
                   (per Solara kernel, per process in a notebook)
=================  ==========================================================

The rooms' pure modules (rules, drawings, analyses, lessons) build on these; the
Solara kit (:mod:`balada_widgets.ui`) shows what they make. The kit imports only
:mod:`balada_widgets.core`, the standard library and pure packages: the
architecture test (``tests/test_architecture.py``) checks it.
"""
