"""Shared test set-up, and the one place the tests get their paths from.

In-process: tools/bootstrap.py puts firmware/, tools/ and tools/host/ on sys.path and installs the
host shim (pytest's pythonpath has tools/; pytest puts host_tests/ itself there for the test
modules, so `fw` below imports too).  In a child process: tools/mprun.py with BOARD_PATH.

Board code that the tests run under an interpreter lives in host_tests/fw/: real, linted modules
of functions that return JSON values.  The `interp` fixture runs a test under CPython and under
the MicroPython unix port; `run_fw` runs board code under it: `run_fw.call("module.function",
*args)` returns the function's result, `run_fw(code)` the stdout of a snippet.
"""

import json
import os
import textwrap

import bootstrap  # tools/, host/ and firmware/ on sys.path (pytest's pythonpath has tools/)
import pytest

import mprun

ROOT = bootstrap.ROOT
TOOLS = bootstrap.TOOLS
HOST_TESTS = os.path.dirname(os.path.abspath(__file__))

# Code that must hold on the board runs under both of these (the unix port with the harness's heap,
# mprun.HARNESS_HEAP: the firmware's own heap is the benchmark's to measure).
BOARD_INTERPRETERS = ("cpython", "micropython")
RECORDS = os.path.join(ROOT, "records")
# What board code run by the tests imports besides firmware/: the device models (tools/devices)
# and the tests' own board code (host_tests/fw).
BOARD_PATH = (TOOLS, HOST_TESTS)
# The one runner of host_tests/fw: the function's arguments come as JSON on stdin (no length limit),
# or in the code when the function reads stdin itself.
CALL = "import json, sys\n%sfrom fw.%s import %s as f\nprint(json.dumps(f(*json.loads(%s))))\n"


class Board:
    """Board code under one interpreter ("cpython", "micropython"), with firmware/ and BOARD_PATH
    importable; a failure raises mprun.MicroPythonError with the traceback."""

    def __init__(self, interp):
        self.interp = interp

    def __call__(self, code, stdin=None, **kw):
        """Run the snippet `code` (dedented); returns its stdout."""
        return mprun.run_code(self.interp, textwrap.dedent(code), stdin=stdin, path=BOARD_PATH, **kw)

    def call(self, name, *args, preload=(), printed=False, stdin=None, **kw):
        """The result of host_tests/fw's function `name` ("module.function") called with `args`
        (JSON values), under this interpreter; the function's return value must be JSON too.
        With `printed`: (the lines it printed, the result).  `stdin`: text for the function to
        read (a stream too big to hold: then `args` go into the code, so keep them short).

        `preload`: modules to import first, in this order (the 64-bit unix port compiles every
        module from source in the same heap; the board loads .mpy)."""
        module, function = name.rsplit(".", 1)
        first = "".join("import %s\n" % module_name for module_name in preload)
        if stdin is None:
            code, stdin = CALL % (first, module, function, "sys.stdin.read()"), json.dumps(args)
        else:
            code = CALL % (first, module, function, repr(json.dumps(args)))
        lines = self(code, stdin=stdin, **kw).rstrip("\n").split("\n")
        result = json.loads(lines[-1])
        return (lines[:-1], result) if printed else result


@pytest.fixture(params=BOARD_INTERPRETERS)
def interp(request):
    """The interpreter name: 'cpython' or 'micropython'."""
    return request.param


@pytest.fixture
def run_fw(interp):
    """Board code under `interp` (a Board): run_fw.call("module.function", *args), run_fw(code)."""
    return Board(interp)


@pytest.fixture
def fw_runner():
    """Board code under a chosen interpreter: fw_runner("micropython").call("module.function", *args)."""
    return Board


@pytest.fixture(scope="session")
def mpy_firmware(tmp_path_factory):
    """The firmware compiled to .mpy as `make flash` puts it on the board (a folder, once a session):
    `fw_runner("micropython").call(..., firmware=mpy_firmware)` runs board code as the Pico has it,
    its bytecode loaded rather than compiled in the heap (its texts as IDs: lang/en.bin beside,
    for code that reads them, host_tests/fw/store_sweep.english)."""
    import os

    import bench
    import flash

    folder = str(tmp_path_factory.mktemp("mpy-firmware"))
    bench.compile_bundle(folder)
    os.makedirs(os.path.join(folder, "lang"))  # its texts are IDs: the English catalog for board code run on it
    with open(os.path.join(folder, "lang", "en.bin"), "wb") as f:
        f.write(flash.english_catalog())
    return folder


BROWSER_SKIP = "browser tests skipped: "  # test_web.py's skip reason starts so
CHROMIUM_HINT = "install Chromium with `apt install chromium` (`make test` does it when run as root)"


def browser_skip_line(reports):
    """One line for the browser tests skipped among pytest's skip `reports` (how many, why, and
    how to get them run), or None when none was."""
    reasons = []
    for report in reports:
        text = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if BROWSER_SKIP in text:
            reasons.append(text.split(BROWSER_SKIP, 1)[1].strip())
    if not reasons:
        return None
    why = reasons[0]
    return "%d browser tests skipped: %s%s" % (len(reasons), why, ": " + CHROMIUM_HINT if "Chromium" in why else "")


def pytest_terminal_summary(terminalreporter):
    """Say in one line, at the end, that the browser tests were skipped and how to run them."""
    line = browser_skip_line(terminalreporter.stats.get("skipped", []))
    if line:
        terminalreporter.write_line(line, yellow=True, bold=True)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that runs the app in German leaves fishtable.text in German for the next test of its
    process: every test ends with texts back in English (the module as loaded now, if any)."""
    yield
    import sys

    text = sys.modules.get("fishtable.text")
    if text is not None and getattr(text, "_lookup", None) is not None:
        text.use(None)
    draw = sys.modules.get("fishtable.ui.draw")
    if draw is not None and hasattr(draw, "extend"):
        draw.extend(False)
