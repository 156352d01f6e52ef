# balada-widgets: the two commands of the README, and a few more.
#
#   make lab     set everything up, then open JupyterLab on notebooks/00_start_here.ipynb
#   make test    set everything up from zero (Debian: apt packages too), then run every test
#   make app     serve the standalone Solara app on http://127.0.0.1:8765
#   make bench   run the benchmarks
#   make setup   the shared set-up: venv, packages, Solara's offline assets, Jupyter config
#
# Variables: PYTHON (python3.11), VENV (.venv), NO_BROWSER=1 (lab without opening a browser),
# LAB_PORT, APP_PORT, PYTEST_ARGS (e.g. -m "not slow" or -k balda), XDIST (-n 2; empty: one process);
# for make app: APP_HOST (0.0.0.0: the classroom network), DB (the class store's URL), TEACHER_TOKEN.
# Set-up steps leave stamp files in $(VENV), so a second run starts at once.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium
NO_BROWSER ?=
LAB_PORT ?= 8888
APP_PORT ?= 8765
APP_HOST ?= 127.0.0.1
DB ?=
TEACHER_TOKEN ?=
XDIST ?= -n 2
PYTEST_ARGS ?=

export SOLARA_TELEMETRY_MIXPANEL_ENABLE := false
export SOLARA_TEST_RUNNERS ?= solara,jupyter_lab
export PATH := $(abspath $(BIN)):$(PATH)

IS_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo 1)
SUDO := $(if $(IS_ROOT),,sudo)
ALLOW_ROOT := $(if $(IS_ROOT),--allow-root)
START_NOTEBOOK := notebooks/00_start_here.ipynb

.PHONY: help setup lab test app bench clean-venv

help:
	@sed -n 's/^#   //p' $(firstword $(MAKEFILE_LIST))

# -- set-up ------------------------------------------------------------------------------------

setup: system-lab $(VENV)/.stamp-install $(VENV)/.stamp-solara-offline $(VENV)/.stamp-axe-core \
       $(VENV)/.stamp-hub-proxy $(VENV)/etc/jupyter/jupyter_server_config.json

# System packages, installed with apt-get only when missing: venv support for $(PYTHON),
# npm (fills Solara's offline assets), and for the tests Chromium (Playwright drives it) and
# PostgreSQL's server programs (tests/classroom start a throw-away cluster with initdb / pg_ctl).
.PHONY: system-lab system-test
system-lab system-test: system-%:
	@need=""; \
	[ -x $(BIN)/python ] || $(PYTHON) -c 'import ensurepip' 2>/dev/null || need="$$need python3-venv"; \
	command -v npm >/dev/null || need="$$need npm"; \
	if [ "$*" = test ] && [ ! -x $(CHROMIUM) ]; then need="$$need chromium"; fi; \
	if [ "$*" = test ] && ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	    need="$$need postgresql"; fi; \
	if [ -n "$$need" ]; then \
	    command -v apt-get >/dev/null || { echo "please install:$$need" >&2; exit 1; }; \
	    echo "apt-get install$$need"; \
	    $(SUDO) apt-get update -qq; \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$need; \
	fi

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null || { echo "$(PYTHON) not found: Python 3.11 or newer is needed (PYTHON=python3.x)" >&2; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "$(PYTHON) is older than 3.11" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.stamp-install: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lab]'
	@touch $@

$(VENV)/.stamp-solara-offline: $(VENV)/.stamp-install scripts/solara_offline.py
	$(BIN)/python scripts/solara_offline.py
	@touch $@

# axe-core from npm for the accessibility browser test (tests/browser/test_axe.py): fetched here, never at test time
$(VENV)/.stamp-axe-core: scripts/axe_core.py | $(BIN)/python
	$(BIN)/python scripts/axe_core.py
	@touch $@

# JupyterHub's proxy from npm for tests/test_jupyterhub.py, linked into the venv's bin: installed here, never at test time
CHP_VERSION := 5.3.0
$(VENV)/.stamp-hub-proxy: | $(BIN)/python
	npm install --prefix $(VENV)/share/configurable-http-proxy --no-fund --no-audit --silent \
	    configurable-http-proxy@$(CHP_VERSION)
	ln -sf ../share/configurable-http-proxy/node_modules/.bin/configurable-http-proxy $(BIN)/configurable-http-proxy
	@touch $@

# JupyterLab refuses to run as root without this (the same key in jupyter_server_config.d/ is not read in time)
$(VENV)/etc/jupyter/jupyter_server_config.json: | $(VENV)/.stamp-install
	@mkdir -p $(@D)
	@$(BIN)/python -c 'import json, pathlib, sys; p = pathlib.Path(sys.argv[1]); \
	c = json.loads(p.read_text()) if p.exists() else {}; c.setdefault("ServerApp", {})["allow_root"] = True; \
	p.write_text(json.dumps(c, indent=2) + "\n")' $@

clean-venv:
	rm -rf $(VENV)

# -- the README's commands ---------------------------------------------------------------------

lab: setup
	$(BIN)/jupyter lab $(ALLOW_ROOT) $(if $(NO_BROWSER),--no-browser) --ServerApp.port=$(LAB_PORT) \
	    $(if $(wildcard $(START_NOTEBOOK)),$(START_NOTEBOOK),notebooks)

test: system-test setup
	$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)

# production mode: Solara's minified front end (1.1 MB instead of 2.6 MB: the first board ~2x sooner), no auto-restart.
# The class server: APP_HOST=0.0.0.0 serves the classroom network; DB (or BALADA_DB) names the class store (a
# database URL or a SQLite path; default the SQLite file in BALADA_DATA or ~/.local/share/balada-widgets);
# TEACHER_TOKEN (or BALADA_TEACHER_TOKEN) the teacher page's token (default: a new one at each start).
app: setup
	@export BALADA_DB="$${BALADA_DB:-$(DB)}"; [ -n "$$BALADA_DB" ] || unset BALADA_DB; \
	export BALADA_TEACHER_TOKEN="$${BALADA_TEACHER_TOKEN:-$(TEACHER_TOKEN)}"; \
	if [ -z "$$BALADA_TEACHER_TOKEN" ]; then \
	  BALADA_TEACHER_TOKEN="$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(24))')"; fi; \
	host="$(APP_HOST)"; if [ "$$host" = 0.0.0.0 ]; then host="$$(hostname -I 2>/dev/null | cut -d' ' -f1)"; fi; \
	echo "class store:  $$($(BIN)/python -c 'from balada_widgets.classroom import default_url; print(default_url())')"; \
	echo "students:     http://$${host:-localhost}:$(APP_PORT)/"; \
	echo "teacher page: http://$${host:-localhost}:$(APP_PORT)/teacher?token=$$BALADA_TEACHER_TOKEN"; \
	exec $(BIN)/solara run balada_widgets/app.py --host $(APP_HOST) --port $(APP_PORT) --no-open --no-check-version \
	  --production

bench: setup
	@if [ -f bench/run_all.py ]; then $(BIN)/python bench/run_all.py; \
	else echo "bench/run_all.py is not written yet: nothing to run"; fi
