#!/usr/bin/env python3
"""Run firmware code in the MicroPython WebAssembly VM (32-bit, like the RP2040).

A thin wrapper around `node tools/mpwasm.mjs`; see that file for the arguments.
Needs `npm ci` (run by `make setup`) and Node 20.
"""

import os
import shutil
import subprocess
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    node = shutil.which("node")
    if node is None:
        sys.stderr.write("node is not installed: the WebAssembly VM needs Node 20\n")
        return 2
    return subprocess.call([node, os.path.join(TOOLS, "mpwasm.mjs"), *argv], cwd=os.path.dirname(TOOLS))


if __name__ == "__main__":
    sys.exit(main())
