"""Shared test set-up: the firmware importable in-process (CPython + host shim) and the
`interp` fixture that runs the same check under CPython and under the MicroPython unix port."""

import os
import textwrap

import bootstrap  # tools/, simlib/, host/ and firmware/ on sys.path (pytest's pythonpath has tools/)
import pytest

import mprun

ROOT = bootstrap.ROOT
TOOLS = bootstrap.TOOLS

# Code that must hold on the board runs under both of these (the unix port with the Pico's heap).
BOARD_INTERPRETERS = ("cpython", "micropython")
RECORDS = os.path.join(ROOT, "records")


@pytest.fixture(params=BOARD_INTERPRETERS)
def interp(request):
    """The interpreter name: 'cpython' or 'micropython'."""
    return request.param


@pytest.fixture
def run_fw(interp):
    """run_fw(code, stdin=None) -> stdout: run a snippet with firmware/ importable under `interp`."""

    def run(code, stdin=None):
        return mprun.run_code(interp, textwrap.dedent(code), stdin=stdin)

    return run
