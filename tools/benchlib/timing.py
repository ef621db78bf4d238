"""CPU time per key press and per statement, and flash operations per statement, on the unix port.

    micropython timing.py ARGS_JSON        (the .mpy bundle and tools/ on MICROPYPATH)

The app is built as tools/benchlib/appbench.py builds it (board.build over the device models, the
real Store, loop._start), but the store writes to the real LittleFS of the unix port: `os.VfsLfs2`
over `FileFlash`, a block device with the Pico's geometry (4096-byte blocks, 352 of them = 1408 KB,
programs in 256-byte pages as rp2's _boot.py mounts it) whose bytes live in a host file, not in
the heap.  It counts what LittleFS does to the flash: erases (ioctl 6), programs (writeblocks with
an offset) and the bytes programmed.

Timed with time.ticks_us(), the models' own time taken out: the I2C model (it decodes every byte in
Python; on the board the bus is a peripheral, its wire time is reported apart from the figures
here), the NeoPixel model and the block device (on the board: the flash's own busy time, from the
counts).  What is left is the firmware's CPU time, LittleFS's C code included.

- a key press: keys.poll (nothing pending) + app.handle(event) + app.tick + app.draw (the frame);
  at the main menu NEXT/PREV a number of times ("menu" presses: the issue's reference press), then
  in the game NEXT and PREV after every statement and Hi Fisch!'s scoring pages (OK);
- the collector runs when the heap fills, as on the board (nothing collects before a press), so
  its pauses are in the figures where they fall; they fall at the same places in every run;
- a statement: the play screen's submit path `screen.play(app, stmt)` (check, journal, apply, the
  next turn's choices, the ring) + tick + its frame.  Parsing the record's line is not timed.

- Scan: after the game, OK on the end screen's "OK: Scan" until the code is drawn (the board's
  PAGE= address set: the page link, the largest code), the fastest of SCAN_OPENS opens (each
  loads Scan's modules again: they leave memory with the screen).

Prints `BENCH key json` lines: scan_us, menu_us, menu_i2c_bytes, key_us, key_kind, stmt_us,
stmt_erases, stmt_progs, stmt_prog_bytes, over.
"""

import gc
import sys
import time
from array import array

_ticks_us = time.ticks_us  # the port's own clock (devices.install() replaces `time` afterwards)
_ticks_diff = time.ticks_diff

from fishtable.events import NEXT, OK, PREV  # noqa: E402 - the key codes, as the firmware has them

MENU_PRESSES = 20
SCAN_OPENS = 5  # Scan is opened this often, the fastest counted (a few ms: often cut by the host's
# other work on a shared machine, unlike a press)
BLOCKS = 352  # the Pico's filesystem: 1408 KB of its 2 MB flash
BLOCK_SIZE = 4096
PAGE = 256


class FileFlash:
    """NOR flash as a block device for os.VfsLfs2, kept in a host file; counts erases and programs."""

    def __init__(self, path, blocks=BLOCKS, block_size=BLOCK_SIZE):
        self.blocks = blocks
        self.block_size = block_size
        self.erased = b"\xff" * block_size
        self.f = open(path, "w+b")
        for _ in range(blocks):
            self.f.write(self.erased)
        self.counts = array("i", [0, 0, 0, 0])  # erases, programs, bytes programmed, us inside

    def readblocks(self, block, buf, offset=0):
        t = _ticks_us()
        self.f.seek(block * self.block_size + offset)
        self.f.readinto(buf)
        self.counts[3] += _ticks_diff(_ticks_us(), t)
        return 0

    def writeblocks(self, block, buf, offset=None):
        t = _ticks_us()
        if offset is None:  # the simple interface: whole blocks, erased first
            for i in range(len(buf) // self.block_size):
                self._erase(block + i)
            offset = 0
        self.f.seek(block * self.block_size + offset)
        self.f.write(buf)
        counts = self.counts
        counts[1] += 1
        counts[2] += len(buf)
        counts[3] += _ticks_diff(_ticks_us(), t)
        return 0

    def _erase(self, block):
        self.f.seek(block * self.block_size)
        self.f.write(self.erased)
        self.counts[0] += 1

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return self.block_size
        if op == 6:  # erase a block
            t = _ticks_us()
            self._erase(arg)
            self.counts[3] += _ticks_diff(_ticks_us(), t)
            return 0
        return 0


def mount(path, where="/flash"):
    """A freshly formatted LittleFS on a FileFlash at `where`, as the Pico mounts its flash."""
    import os

    bdev = FileFlash(path)
    os.VfsLfs2.mkfs(bdev, progsize=PAGE)
    os.mount(os.VfsLfs2(bdev, progsize=PAGE), where)
    bdev.counts[0] = bdev.counts[1] = bdev.counts[2] = 0
    return bdev


def _print_ints(name, values, n, first=0, step=1):
    """`BENCH name [v, ...]`, written piece by piece (no big string in the heap)."""
    write = sys.stdout.write
    write("BENCH %s [" % name)
    for i in range(n):
        write(("%d" if i == 0 else ",%d") % values[first + i * step])
    write("]\n")


def main(args):
    from benchlib import appbench as B

    B.load(args["name"], args["players"], args["start"], args["options"], args["lines"], args["boards"],
           "/flash/data", args.get("seed", 7), lang=args.get("catalog"))
    s = B._s
    n = len(s["lines"])
    key_us = array("i", bytearray(4 * (n * 8 + 16)))  # made before the app: no big block needed later
    key_kind = bytearray(len(key_us))
    nkeys = [0]
    stmt_us = array("i", bytearray(4 * n))
    stmt_ops = array("i", bytearray(12 * n))
    menu_us = array("i", bytearray(4 * MENU_PRESSES))
    flash = mount(args["image"])
    B.build()
    app = s["app"]
    clock = s["clock"]
    keys = s["hw"].keys
    model = s["model_us"]
    counts = flash.counts

    def frame():
        clock.ms += B.KEY_MS
        app.tick(clock.ms)
        app.draw()

    def press(ev, out, kind):
        m0 = model[0]
        f0 = counts[3]
        t = _ticks_us()
        keys.poll(clock.ms)
        app.handle(ev)
        frame()
        dt = _ticks_diff(_ticks_us(), t) - (model[0] - m0) - (counts[3] - f0)
        if out is not None and nkeys[0] < len(out):
            i = nkeys[0]
            out[i] = dt
            key_kind[i] = kind
            nkeys[0] = i + 1
        return dt

    gc.collect()
    sent = app.display.bytes_sent
    for i in range(MENU_PRESSES):
        menu_us[i] = press(NEXT if i % 2 == 0 else PREV, None, 0)
    menu_bytes = (app.display.bytes_sent - sent) // MENU_PRESSES
    B.begin()
    for i in range(n):
        stmt = app.match.parse(s["lines"][i])
        screen = app.stack[-1]
        m0 = model[0]
        c0, c1, c2, f0 = counts[0], counts[1], counts[2], counts[3]
        t = _ticks_us()
        if not screen.play(app, stmt):
            raise RuntimeError("statement %d refused: %s (%s)" % (i + 1, s["lines"][i], app.toast))
        frame()
        stmt_us[i] = _ticks_diff(_ticks_us(), t) - (model[0] - m0) - (counts[3] - f0)
        stmt_ops[3 * i] = counts[0] - c0
        stmt_ops[3 * i + 1] = counts[1] - c1
        stmt_ops[3 * i + 2] = counts[2] - c2
        while type(app.stack[-1]).__name__ == "Scoring":  # Hi Fisch!'s scoring, page by page
            press(OK, key_us, OK)
        ask = getattr(app.stack[-1], "ask", None)
        if app.match is not None and ask is not None and len(ask.labels) > 1:
            press(NEXT, key_us, NEXT)
            press(PREV, key_us, PREV)
        B._tidy()
    B.page_config()  # Scan's largest payload: the page link
    press(NEXT, None, 0)  # the end screen's bottom line: "OK: Scan"
    scan_us = 0
    for i in range(SCAN_OPENS):
        m0 = model[0]
        f0 = counts[3]
        t = _ticks_us()
        keys.poll(clock.ms)
        app.handle(OK)
        frame()  # "Making the code..."
        frame()  # the code made and drawn
        dt = _ticks_diff(_ticks_us(), t) - (model[0] - m0) - (counts[3] - f0)
        if type(app.stack[-1]).__name__ != "Scan" or app.stack[-1].code is None:
            raise RuntimeError("Scan did not open on the end screen")
        scan_us = dt if i == 0 or dt < scan_us else scan_us
        app.handle(OK)  # back to the end screen, its "OK: Scan" still chosen
        frame()
    k = nkeys[0]
    print("BENCH scan_us %d" % scan_us)
    _print_ints("menu_us", menu_us, MENU_PRESSES)
    print("BENCH menu_i2c_bytes %d" % menu_bytes)
    _print_ints("key_us", key_us, k)
    _print_ints("key_kind", key_kind, k)
    _print_ints("stmt_us", stmt_us, n)
    _print_ints("stmt_erases", stmt_ops, n, 0, 3)
    _print_ints("stmt_progs", stmt_ops, n, 1, 3)
    _print_ints("stmt_prog_bytes", stmt_ops, n, 2, 3)
    print("BENCH over %s" % ("true" if app.match is None else "false"))


if __name__ == "__main__":
    import json

    with open(sys.argv[1]) as f:
        main(json.loads(f.read()))
