# fishtable: the two commands a newcomer needs are `make sim` and `make test`.
# Every target sets itself up from scratch (venv, pinned pip packages, npm ci).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.PHONY: setup test lint typecheck pytest sim web screens bench flash deploy-cp replay history players pull autoplay soak clean

# setup: Python (.venv) for everything; Node (node_modules) only for the WebAssembly VM,
# which the benchmark and the test suite use.  `make sim` and the other tools need no npm.
setup: $(STAMP) $(NODE_STAMP)

$(STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

## test: everything CI runs: lint, the stub type check, the whole pytest suite
test: setup lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(PY) tools/typecheck.py

# pytest's exit status 5 means it collected no test: that is a failure here.  -rs prints why tests
# were skipped (the browser tests without Chromium); loadgroup keeps the browser tests in one process.
pytest: setup
	@$(PY) -m pytest -n 2 --dist loadgroup -rs host_tests; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; exit $$rc

## sim: the firmware's own main.py on a simulated board in this terminal
sim: $(STAMP)
	$(PY) tools/sim.py

## web: the device in a web page: build build/web/ and serve it on 127.0.0.1 (PORT=8000)
web: setup
	$(PY) tools/web.py $(if $(PORT),--port $(PORT))

## screens: the README's screenshots (docs/screens/*.png) from the simulator's scripted mode
screens: $(STAMP)
	$(PY) tools/screens.py

## bench: RAM, allocations, flash and bus cost under real MicroPython -> build/bench.json
bench: setup
	$(PY) tools/bench.py

## flash: put the firmware on a Pico over USB (PORT=/dev/ttyACM0 BOARD=pico PAGE=https://you.github.io/fishtable/)
flash: $(STAMP)
	$(PY) tools/flash.py $(if $(PORT),--port $(PORT)) $(if $(BOARD),--board $(BOARD)) $(if $(filter undefined,$(origin PAGE)),,--page "$(PAGE)")

## deploy-cp DRIVE=/media/$$USER/CIRCUITPY [BOARD=circuitpython_pico]: fishtable on a CircuitPython board
deploy-cp: $(STAMP)
	@if [ -z "$(DRIVE)" ]; then echo "make deploy-cp DRIVE=/media/$$USER/CIRCUITPY: give the board's drive"; exit 2; fi
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(PY) tools/deploy_cp.py $(DRIVE) $(if $(BOARD),--board $(BOARD)) --libs

## replay FILE=x.fish: standings of a game record (a bare python3 is enough)
replay:
	@if [ -z "$(FILE)" ]; then echo "make replay FILE=records/hecht-6p.fish: give the record to replay"; exit 2; fi
	$(PYTHON) tools/replay.py $(FILE)

## history [DIR=build/history] [PNG=history.png] [CSV=plays.csv] [JSON=plays.json]: tables (charts, exports) of the games copied off the board
history: $(STAMP)
	$(PY) tools/history.py $(or $(DIR),build/history) $(if $(PNG),--png $(PNG)) $(if $(CSV),--csv $(CSV)) $(if $(JSON),--json $(JSON))

## players [PORT=...] [ARGS="add Anna Bob"]: show or change the board's roster (ARGS: see tools/players.py -h)
players: $(STAMP)
	$(PY) tools/players.py $(if $(PORT),--port $(PORT)) $(ARGS)

## pull [PORT=...] [DIR=build/history]: copy the board's history off it (then: make history DIR=build/history)
pull: $(STAMP)
	$(PY) tools/players.py $(if $(PORT),--port $(PORT)) pull $(or $(DIR),build/history)

## autoplay FILE=x.fish: play a record through the simulated device's buttons, compare what it recorded
autoplay: $(STAMP)
	@if [ -z "$(FILE)" ]; then echo "make autoplay FILE=records/hecht-6p.fish: give the record to play"; exit 2; fi
	$(PY) tools/autoplay.py $(FILE)

## soak [QUICK=1]: 1,020 autoplayed games and 1.2 million random presses (about 17 minutes on two cores; QUICK: about a minute)
soak: $(STAMP)
	$(PY) tools/soak.py $(if $(QUICK),--quick)

clean:
	rm -rf build $(VENV) node_modules .pytest_cache .hypothesis
