# fishtable: the two commands a newcomer needs are `make sim` and `make test`.
# Every target sets itself up from scratch, with only what it needs: the player's commands
# (sim, web, flash, history, ...) install requirements.txt; test and bench the development set
# (requirements-dev.txt, which includes requirements.txt) and node_modules (npm ci).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
PIP := $(PY) -m pip install --quiet --disable-pip-version-check

.PHONY: setup chromium test lint typecheck pytest sim web screens bench flash uf2 deploy-cp replay history players pull \
	autoplay soak clean

# setup: the development set (Python in .venv, Node in node_modules: the MicroPython WebAssembly
# VM of the tests, the benchmark and the page).
setup: $(STAMP) $(NODE_STAMP)

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
	  || { echo "fishtable needs Python 3.10 or newer ($(PYTHON) is older)"; exit 2; }
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "$(PYTHON) could not make .venv: install its venv module (Debian, Ubuntu: apt install python3-venv)"; exit 2; }

$(RUN_STAMP): requirements.txt | $(PY)
	$(PIP) -r requirements.txt
	touch $@

$(STAMP): requirements.txt requirements-dev.txt | $(PY)
	$(PIP) -r requirements-dev.txt
	touch $@ $(RUN_STAMP)

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null \
	  || { echo "this needs Node.js 20 with npm (the MicroPython WebAssembly VM comes from npm): apt install npm"; exit 2; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The browser tests (host_tests/test_web.py) need Debian's Chromium at /usr/bin/chromium: installed
# here when this runs as root with apt; otherwise `make test` says how, and that they were skipped.
chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing Chromium for the browser tests (apt-get install chromium)"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get install -y -q --no-install-recommends chromium >/dev/null 2>&1 \
	  || { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends chromium >/dev/null; } \
	  || echo "could not install chromium: the browser tests will be skipped"; \
	fi

## test: everything CI runs: lint, the stub type check, the whole pytest suite
test: setup chromium lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(PY) tools/typecheck.py

# pytest's exit status 5 means it collected no test: that is a failure here.  Browser tests skipped
# (no Chromium) are said in one line at the end; loadgroup keeps the browser tests in one process.
pytest: setup
	@$(PY) -m pytest -n 2 --dist loadgroup host_tests; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; exit $$rc

## sim [BOARD=pico_sh1106]: the firmware's own main.py on a simulated board in this terminal
sim: $(RUN_STAMP)
	$(PY) tools/sim.py $(if $(BOARD),--board $(BOARD))

## web: the device in a web page: build build/web/ and serve it on 127.0.0.1 (PORT=8000)
web: $(RUN_STAMP) $(NODE_STAMP)
	$(PY) tools/web.py $(if $(PORT),--port $(PORT))

## screens: the README's screenshots (docs/screens/*.png) from the simulator's scripted mode
screens: $(RUN_STAMP)
	$(PY) tools/screens.py

## bench: RAM, allocations, flash and bus cost under real MicroPython -> build/bench.json
bench: setup
	$(PY) tools/bench.py

## flash: put the firmware on a Pico over USB (PORT=/dev/ttyACM0 BOARD=pico PAGE=https://you.github.io/fishtable/)
flash: $(RUN_STAMP)
	$(PY) tools/flash.py $(if $(PORT),--port $(PORT)) $(if $(BOARD),--board $(BOARD)) $(if $(filter undefined,$(origin PAGE)),,--page "$(PAGE)")

## uf2 [BOARD=pico] [MICROPYTHON_UF2=file-or-folder] [PAGE=url]: MicroPython and fishtable in one file for a new
## board, build/fishtable-BOARD.uf2 (every profile without BOARD; MicroPython downloaded and checked unless given)
uf2: $(RUN_STAMP)
	$(PY) tools/uf2build.py $(if $(BOARD),--board $(BOARD)) $(if $(MICROPYTHON_UF2),--micropython "$(MICROPYTHON_UF2)") $(if $(PAGE),--page "$(PAGE)")

## deploy-cp DRIVE=/media/$$USER/CIRCUITPY [BOARD=circuitpython_pico]: fishtable on a CircuitPython board
deploy-cp: $(RUN_STAMP)
	@if [ -z "$(DRIVE)" ]; then echo "make deploy-cp DRIVE=/media/$$USER/CIRCUITPY: give the board's drive"; exit 2; fi
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(PY) tools/deploy_cp.py $(DRIVE) $(if $(BOARD),--board $(BOARD)) --libs

## replay FILE=x.fish: standings of a game record (a bare python3 is enough)
replay:
	@if [ -z "$(FILE)" ]; then echo "make replay FILE=records/hecht-6p.fish: give the record to replay"; exit 2; fi
	$(PYTHON) tools/replay.py $(FILE)

## history [DIR=...] [PNG=history.png] [CSV=plays.csv] [JSON=plays.json]: tables (charts, exports) of the games
## in DIR; without DIR the board's (build/history, from make pull), else the simulator's (build/sim/flash/data/history)
history: $(RUN_STAMP)
	$(PY) tools/history.py $(DIR) $(if $(PNG),--png $(PNG)) $(if $(CSV),--csv $(CSV)) $(if $(JSON),--json $(JSON))

## players [PORT=...] [ARGS="add Anna Bob"]: show or change the board's roster (ARGS: see tools/players.py -h)
players: $(RUN_STAMP)
	$(PY) tools/players.py $(if $(PORT),--port $(PORT)) $(ARGS)

## pull [PORT=...] [DIR=build/history]: copy the board's history off it (then: make history DIR=build/history)
pull: $(RUN_STAMP)
	$(PY) tools/players.py $(if $(PORT),--port $(PORT)) pull $(or $(DIR),build/history)

## autoplay FILE=x.fish: play a record through the simulated device's buttons, compare what it recorded
autoplay: $(RUN_STAMP)
	@if [ -z "$(FILE)" ]; then echo "make autoplay FILE=records/hecht-6p.fish: give the record to play"; exit 2; fi
	$(PY) tools/autoplay.py $(FILE)

## soak [QUICK=1]: 1,020 autoplayed games and 1.2 million random presses (about 17 minutes on two cores; QUICK: about a minute)
soak: $(STAMP)
	$(PY) tools/soak.py $(if $(QUICK),--quick)

clean:
	rm -rf build $(VENV) node_modules .pytest_cache .hypothesis
