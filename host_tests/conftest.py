"""Shared test set-up: the firmware importable in-process (CPython + host shim) and the
`interp` fixture that runs the same check under CPython and under the MicroPython unix port."""

import os
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
for path in (TOOLS, os.path.join(TOOLS, "host")):
    if path not in sys.path:
        sys.path.insert(0, path)

import hostshim  # noqa: E402

hostshim.install()

import mprun  # noqa: E402

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
