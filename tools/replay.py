#!/usr/bin/env python3
"""Replay a game record and print its standings as one JSON line (docs/record-format.md).

    python3 tools/replay.py FILE [--micropython]

Runs the firmware's own rules core.  Exit 0 with the JSON line on stdout; exit 2 with
`line N: what is wrong` (or `cannot read FILE: why`) on stderr for anything else; what is not
a regular file (a device, a FIFO) is refused before it is opened, and at most 1 MB is read.  Any
bytes at all and any file name (UTF-8 or not; a byte that is not printable ASCII is shown
as `?`) give one of these lines, never a traceback.  `--micropython` runs this
same script inside the MicroPython unix port (installed by `make setup` into .venv)
and prints the identical line.  Standard library only; this file also runs under
MicroPython itself.
"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"
# errno values (the same on the host and in MicroPython's unix port) and what to say
REASONS = {
    2: "not found",
    5: "input/output error",
    13: "permission denied",
    20: "not a directory",
    21: "is a directory",
    36: "name too long",
    40: "too many symbolic links",
}
# How the host hands a path to MicroPython: its bytes in hex, so that any file name (one that is
# not UTF-8 too) reaches the port's open() as it is, in words of HEX_WORD digits (the port's
# launcher dies on a command-line word of 256 characters or more).
HEX_PATH = "--path-hex"
HEX_WORD = 200
# The most that is read of any file: the longest real record is a few KB.
LIMIT = 1 << 20
LIMIT_WORDS = "larger than 1 MB"
NOT_REGULAR = "not a regular file"
S_IFMT = 0o170000
S_IFREG = 0o100000
S_IFDIR = 0o040000


class Refused(Exception):
    """A file that is not read (or not read further): its reason in words."""


class Bounded:
    """A binary stream that gives at most LIMIT bytes of `handle`, then raises Refused."""

    def __init__(self, handle):
        self.handle = handle
        self.left = LIMIT

    def readinto(self, buf):
        got = self.handle.readinto(buf)
        if got:
            self.left -= got
            if self.left < 0:
                raise Refused(LIMIT_WORDS)
        return got


def safe(text):
    """`text` (str or bytes) with anything but printable ASCII shown as `?`, one per byte of a
    bytes path (stderr must never fail to encode; both interpreters give the same line)."""
    out = ""
    for ch in text:
        if isinstance(ch, int):
            ch = chr(ch)
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
    """(status, line) for the record at `path` (bytes, or str): (0, JSON) or (2, the error message)."""
    import os

    try:
        kind = os.stat(path)[0] & S_IFMT  # before open(): opening a FIFO waits for a writer
        if kind == S_IFDIR:
            raise OSError(21)
        if kind != S_IFREG:
            raise Refused(NOT_REGULAR)
        handle = open(path, "rb")
    except OSError as err:
        return 2, cannot_read(path, err)
    except Refused as err:
        return 2, "cannot read %s: %s" % (safe(path), err.args[0])
    try:
        return replay_stream(Bounded(handle), buf)
    except OSError as err:
        return 2, cannot_read(path, err)
    except Refused as err:
        return 2, "cannot read %s: %s" % (safe(path), err.args[0])
    finally:
        handle.close()


def cannot_read(path, err):
    code = err.args[0] if err.args else 0
    return "cannot read %s: %s" % (safe(path), REASONS.get(code, "error %s" % code))


def replay(path):
    """Print the summary line of the record at `path` (bytes, or str); returns the exit status."""
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
    with open(paths_file, "rb") as names:  # bytes: a name need not be UTF-8
        for name in names:
            name = name.rstrip(b"\n")
            if name:
                status, line = replay_one(name, buf)
                sys.stdout.write("%d %s\n" % (status, line))
    return 0


def unhex(text):
    """The bytes written as hex digits in `text` (None if it is not hex)."""
    try:
        import binascii

        return binascii.unhexlify(text)
    except (ValueError, TypeError):
        return None


def host_main(argv):
    import os

    tools = os.path.dirname(os.path.abspath(__file__))
    micro = "--micropython" in argv
    args = [a for a in argv if a != "--micropython"]
    batch = len(args) == 2 and args[0] == "--many"
    if not batch and (len(args) != 1 or args[0].startswith("-")):
        sys.stderr.write(__doc__)
        return 2
    path = os.fsencode(args[-1])  # the name's own bytes, whatever its encoding
    if micro:
        digits = path.hex()
        words = [digits[i : i + HEX_WORD] for i in range(0, len(digits), HEX_WORD)]
        return micropython_main(os.path.dirname(tools), args[:-1] + [HEX_PATH] + words)
    if tools not in sys.path:  # `python3 -I` leaves the script's folder off the path
        sys.path.insert(0, tools)
    import bootstrap  # noqa: F401 - firmware/ on sys.path, MicroPython's const and ticks for CPython

    return many(path) if batch else replay(path)


def micropython_main(root, args):
    """Run this script in the MicroPython unix port with `args`; its answer is passed on as it is.
    One line and exit 2 when the port cannot be started or stops without an answer."""
    import os
    import shutil
    import subprocess

    binary = os.path.join(root, ".venv", "bin", "micropython")
    if not os.path.exists(binary):
        binary = shutil.which("micropython")
    if not binary:
        sys.stderr.write("MicroPython unix port not found: run `make setup`\n")
        return 2
    env = dict(os.environ, MICROPYPATH=os.path.join(root, "firmware") + os.pathsep + ".frozen")
    command = [binary, "-X", "heapsize=192K", os.path.abspath(__file__)] + args
    try:
        proc = subprocess.run(command, env=env, capture_output=True)
    except OSError as err:
        sys.stderr.write("cannot start MicroPython (%s): %s\n" % (safe(binary), safe(err.strerror or str(err))))
        return 2
    if proc.returncode not in (0, 2):  # a crash of the port, or of its launcher: its last words
        words = proc.stderr.strip().split(b"\n")[-1][:80]
        sys.stderr.write("MicroPython stopped (exit %d): %s\n" % (proc.returncode, safe(words)))
        return 2
    sys.stdout.buffer.write(proc.stdout)
    sys.stderr.buffer.write(proc.stderr)
    return proc.returncode


def board_main(argv):
    batch = argv[:1] == ["--many"]
    if batch:
        argv = argv[1:]
    if argv[:1] == [HEX_PATH]:
        path = unhex("".join(argv[1:]))
    elif len(argv) == 1 and not argv[0].startswith("-"):
        path = argv[0].encode()
    else:
        path = None
    if path is None:
        sys.stderr.write(__doc__)
        return 2
    return many(path) if batch else replay(path)


if __name__ == "__main__":
    if MICROPYTHON:
        sys.exit(board_main(sys.argv[1:]))
    sys.exit(host_main(sys.argv[1:]))
