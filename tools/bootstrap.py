"""The one bootstrap of the host tools (CPython; never on the board).

A program in tools/ starts with `import bootstrap` (Python puts the program's folder on
sys.path): firmware/, tools/ and its libraries simlib/ and host/ go on sys.path, and the host
shim gives CPython MicroPython's `micropython.const` and `time.ticks_*` (tools/host/hostshim.py).
pytest gets the same from host_tests/conftest.py.  Standard library only, so that a bare
`python3 tools/replay.py` works.
"""

import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
FIRMWARE = os.path.join(ROOT, "firmware")
SIMLIB = os.path.join(TOOLS, "simlib")
HOST = os.path.join(TOOLS, "host")

for _path in (HOST, SIMLIB, TOOLS, FIRMWARE):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import hostshim  # noqa: E402

hostshim.install()
