#!/usr/bin/env python3
"""Replay a game record and print its standings as one JSON line (shared/spec/game-record.md).

    python3 tools/replay.py FILE [--micropython]

Runs the firmware's own rules core.  Exit 0 with the JSON line on stdout; exit 2 with
`line N: what is wrong` on stderr for an invalid record.  `--micropython` runs this
same script inside the MicroPython unix port (installed by `make setup` into .venv)
and prints the identical line.  Standard library only; this file also runs under
MicroPython itself.
"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"


def replay(path):
    """Print the summary line of the record at `path`; returns the exit status."""
    from fishtable.core.errors import RecordError
    from fishtable.core.record import Reader
    from fishtable.core.summary import summary_line

    reader = Reader()
    try:
        with open(path) as handle:
            for line in handle:
                reader.feed(line)
        match = reader.finish()
    except RecordError as err:
        sys.stderr.write(str(err) + "\n")
        return 2
    except OSError:
        sys.stderr.write("cannot read %s\n" % path)
        return 2
    print(summary_line(match))
    return 0


def host_main(argv):
    import os
    import shutil
    import subprocess

    tools = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(tools)
    args = [a for a in argv if a != "--micropython"]
    if len(args) != 1 or args[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    if "--micropython" not in argv:
        sys.path.insert(0, os.path.join(tools, "host"))
        import hostshim

        hostshim.install()
        return replay(args[0])
    binary = os.path.join(root, ".venv", "bin", "micropython")
    if not os.path.exists(binary):
        binary = shutil.which("micropython")
    if not binary:
        sys.stderr.write("MicroPython unix port not found: run `make setup`\n")
        return 2
    env = dict(os.environ, MICROPYPATH=os.path.join(root, "firmware") + os.pathsep + ".frozen")
    return subprocess.call([binary, "-X", "heapsize=192K", os.path.abspath(__file__), args[0]], env=env)


if __name__ == "__main__":
    if MICROPYTHON:
        sys.exit(replay(sys.argv[1]))
    sys.exit(host_main(sys.argv[1:]))
