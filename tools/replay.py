#!/usr/bin/env python3
"""Replay a game record and print its standings as one JSON line (docs/record-format.md).

    python3 tools/replay.py FILE [--micropython]

Runs the firmware's own rules core.  Exit 0 with the JSON line on stdout; exit 2 with
`line N: what is wrong` (or `cannot read FILE: why`) on stderr for anything else.  Any
bytes at all give one of these lines, never a traceback.  `--micropython` runs this
same script inside the MicroPython unix port (installed by `make setup` into .venv)
and prints the identical line.  Standard library only; this file also runs under
MicroPython itself.
"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"
# errno values (the same on the host and in MicroPython's unix port) and what to say
REASONS = {2: "not found", 13: "permission denied", 20: "not a directory", 21: "is a directory"}


def safe(text):
    """`text` with anything but printable ASCII shown as `?` (stderr must never fail to encode)."""
    out = ""
    for ch in text:
        out += ch if " " <= ch <= "~" else "?"
    return out


def replay_stream(handle, buf=None):
    """(status, line) for the record in the binary stream `handle`: (0, JSON) or (2, `line N: why`).

    Raises OSError when the stream cannot be read."""
    from fishtable.core.errors import RecordError
    from fishtable.core.record import read_stream
    from fishtable.core.summary import summary_line

    try:
        return 0, summary_line(read_stream(handle, buf))
    except RecordError as err:
        return 2, str(err)


def replay_one(path, buf=None):
    """(status, line) for the record at `path`: (0, JSON) or (2, the error message)."""
    try:
        handle = open(path, "rb")
    except OSError as err:
        return 2, cannot_read(path, err)
    try:
        return replay_stream(handle, buf)
    except OSError as err:
        return 2, cannot_read(path, err)
    finally:
        handle.close()


def cannot_read(path, err):
    code = err.args[0] if err.args else 0
    return "cannot read %s: %s" % (safe(path), REASONS.get(code, "error %s" % code))


def replay(path):
    """Print the summary line of the record at `path`; returns the exit status."""
    try:
        status, line = replay_one(path)
    except MemoryError:  # cannot happen with the bounded reader; still no traceback
        status, line = 2, "cannot read %s: out of memory" % safe(path)
    (sys.stdout if status == 0 else sys.stderr).write(line + "\n")
    return status


def many(paths_file):
    """`--many LIST`: replay every path named in the file LIST; one line each, `status line`."""
    from fishtable.core.record import BUFFER

    buf = bytearray(BUFFER)
    with open(paths_file) as names:
        for name in names:
            name = name.rstrip("\n")
            if name:
                status, line = replay_one(name, buf)
                sys.stdout.write("%d %s\n" % (status, line))
    return 0


def host_main(argv):
    import os
    import shutil
    import subprocess

    tools = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(tools)
    micro = "--micropython" in argv
    args = [a for a in argv if a != "--micropython"]
    batch = len(args) == 2 and args[0] == "--many"
    if not batch and (len(args) != 1 or args[0].startswith("-")):
        sys.stderr.write(__doc__)
        return 2
    if not micro:
        if tools not in sys.path:  # `python3 -I` leaves the script's folder off the path
            sys.path.insert(0, tools)
        import bootstrap  # noqa: F401 - firmware/ on sys.path, MicroPython's const and ticks for CPython

        return many(args[1]) if batch else replay(args[0])
    binary = os.path.join(root, ".venv", "bin", "micropython")
    if not os.path.exists(binary):
        binary = shutil.which("micropython")
    if not binary:
        sys.stderr.write("MicroPython unix port not found: run `make setup`\n")
        return 2
    env = dict(os.environ, MICROPYPATH=os.path.join(root, "firmware") + os.pathsep + ".frozen")
    return subprocess.call([binary, "-X", "heapsize=192K", os.path.abspath(__file__)] + args, env=env)


def board_main(argv):
    if len(argv) == 2 and argv[0] == "--many":
        return many(argv[1])
    return replay(argv[0])


if __name__ == "__main__":
    if MICROPYTHON:
        sys.exit(board_main(sys.argv[1:]))
    sys.exit(host_main(sys.argv[1:]))
