"""The one bootstrap of the host tools (CPython; never on the board).

tools/ is one package tree: its programs sit in tools/ itself (Python puts a program's folder on
sys.path) and start with `import bootstrap`; its libraries are the packages under it, imported
by their full names (`simlib.rig`, `devices.inputs`, `benchlib.appbench`).  This module puts the
three roots on sys.path: firmware/ (the board's code, as the board imports it), tools/, and
tools/host/ (CPython stand-ins for MicroPython's own top-level modules: `micropython`), and the
host shim gives CPython MicroPython's `time.ticks_*` (tools/host/hostshim.py).  pytest gets the
same from host_tests/conftest.py; code run under another interpreter gets its path from
tools/mprun.py.  Standard library only, so that a bare `python3 tools/replay.py` works; replay.py,
history.py and scanlink.py also run under `python3 -I`, which leaves a program's folder off
sys.path: they put tools/ there first to find this module.  A library under tools/ (simlib,
benchlib, devices) imports this module too, and never changes sys.path itself.
"""

import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
FIRMWARE = os.path.join(ROOT, "firmware")
SIMLIB = os.path.join(TOOLS, "simlib")  # the simulator's files (run by name in a child process)
HOST = os.path.join(TOOLS, "host")

for _path in (HOST, TOOLS, FIRMWARE):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import hostshim  # noqa: E402

hostshim.install()
