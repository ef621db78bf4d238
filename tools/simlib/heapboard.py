"""The heap test's board: firmware/main.py on the MicroPython unix port in a fixed heap scaled from
the Pico's, the name table filling up where the Pico's does, and the heap cut up as the chip's was
when Scan failed (issue 34).  Driven through its buttons like tools/simlib/device.Device (it is one).

    board = HeapBoard()               # a fresh flash: the firmware as .mpy, boards/, config.txt
    board.fragment()                  # plenty free, no free run over PICO_RUN (scaled)
    board.press("ok")                 # ... a late screen opens in that heap
    board.release(); board.mem("x")   # the heap whole again; its figures (Pico terms)
    board.close()

How the unix port is made to stand for the Pico:
- The flash is a folder laid out as the board's: the firmware compiled as `make flash` ships it
  (tools/flash.build: .mpy, main.py as source), the English catalog lang/en.bin (another
  language's only on a board set to it), boards/, config.txt with a PAGE= address (Scan's
  largest code), data/.  The port runs in it with '' first on its path, so a module's file name
  (a name the import interns) is the board's ("fishtable/ui/scan.mpy"), never the checkout's;
  the harness (simrun, the device models, heapprobe) is compiled to .mpy in `_t/` beside it.
- Heap: 64-bit objects are larger.  SCALE is the port's heap in use over the 32-bit WebAssembly
  VM's (`gc.mem_alloc()`, the Pico's byte counts) for the same firmware at the same screens
  (measured: the main menu, a 6-player Hecht game's end, Scan; docs/performance.md); the heap is
  PICO_FREE x SCALE plus what the harness holds before the firmware starts (measured each run:
  the `start` report), and a free run of PICO_RUN on the Pico is PICO_RUN x SCALE here.
- Names: the Pico's first dynamic pool of names holds 320 (its frozen modules' pool is 160), the
  port's 10 (then 20, 40, 80, 160 before its 320): the harness's names and fillers are interned
  first up to 310 + STATIC_HERE, so that the firmware's names fill 320, 640 and then a pool of 1,280
  (7.7 KB on the Pico: the block Scan could not get) as on the chip.  STATIC_HERE: names the
  firmware uses that the port has built in but the Pico has to intern (see its comment).
"""

import os
import re
import shutil
import subprocess
import tempfile

import bootstrap  # noqa: F401 - tools/ and firmware/ on sys.path

import mprun
from simlib.device import Device

TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT

PICO_FREE = 244416  # the Pico's free heap at boot (stock RPI_PICO MicroPython 1.28, issue 34)
PICO_RUN = 4096  # a late screen must open where no free run is longer (32-bit terms)
HEAP_SCALE = 1.35  # the port's heap in use / the 32-bit VM's: the firmware at the same screens
RUN_SCALE = 1.6  # a name's entry in the table: 10 bytes here, 6 on the Pico (and what is in a run)
# The name table.  The Pico's pools of names hold 320, 640, then 1,280 (7,704 B: the block Scan could
# not get); this port's 10, 20, ... 640 (1,270 in all), 1,280, then 2,560 (25.6 KB).  The names
# interned before the firmware starts (the harness's, then fillers) are NAMES_BEFORE, so that the
# port's pool of 2,560 comes where the Pico's of 1,280 does: its name 2,551 is the Pico's 961.
# Calibrated on the chip's failure (issue 34: the pool of 640 full at the end screen of a 6-player
# Hecht game, the growth at Scan's import): the most names at that end screen that agree with it.
NAMES_BEFORE = 1346
CHIP_SHIFT = 2550 - 960  # this port's count of names less this is the Pico's
POOL_OVERSIZE = 2560 * 10 - int(1280 * 6 * HEAP_SCALE)  # this port's big pool is larger than scaled
PAGE = "https://someone.github.io/fishtable/"  # config.txt's PAGE=: Scan's longest payload
HARNESS = ("simlib/simrun.py", "simlib/heapprobe.py")
_HARNESS_BYTES = []  # the harness's heap before the firmware starts, measured once


def _names(line):
    m = re.search(r"n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", line)
    return tuple(int(x) for x in m.groups()) if m else None


def prepare(folder, page=PAGE):
    """Lay the board's flash out in `folder`: the firmware as shipped, boards/, config.txt, the
    harness in _t/ (all compiled with their relative names)."""
    import flash

    files = flash.build()
    files["lang/en.bin"] = flash.english_catalog()  # (its texts are IDs: read from here)
    for rel, data in files.items():
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    shutil.copytree(os.path.join(ROOT, "boards"), os.path.join(folder, "boards"))
    with open(os.path.join(folder, "config.txt"), "w") as f:
        f.write("BOARD=pico\n" + ("PAGE=%s\n" % page if page else ""))
    binary = flash.mpy_cross()[0]
    sources = list(HARNESS) + ["devices/" + n for n in sorted(os.listdir(os.path.join(TOOLS, "devices")))
                               if n.endswith(".py")]
    for rel in sources:
        name = rel.split("/", 1)[1] if rel.startswith("simlib/") else rel
        out = os.path.join(folder, "_t", name[:-3] + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([binary, "-o", out, "-s", name, os.path.join(TOOLS, rel)], check=True, capture_output=True)


class HeapBoard(Device):
    """The board in a fixed, Pico-scaled heap (see the module's text); `marks` has every `mem`."""

    def __init__(self, seed=1, folder=None, page=PAGE, prepare_data=None):
        """`prepare_data(folder)`: puts files on the flash before the board starts (a history)."""
        self.own_folder = folder is None
        folder = folder or tempfile.mkdtemp(prefix="fishtable-heap-")
        prepare(folder, page)
        if prepare_data is not None:
            prepare_data(folder)
        history = os.path.join(folder, "data", "history")
        names = os.listdir(history) if os.path.isdir(history) else []
        index = os.path.join(history, "index.bin")  # (packed games: 16 bytes each in the index)
        self.prepared = sum(1 for n in names if n.endswith(".fish")) + (
            os.path.getsize(index) // 16 if os.path.exists(index) else 0)  # games on the flash before
        self.seed = seed
        self.run = int(PICO_RUN * RUN_SCALE)
        if not _HARNESS_BYTES:  # a first start measures the harness (models, frames, names)
            probe = HeapBoard.__new__(HeapBoard)
            probe.marks = {}
            probe._boot(seed, folder, 4 * 1024 * 1024)
            _HARNESS_BYTES.append(probe.start["used"])
            Device.close(probe)
        self.heap = int(PICO_FREE * HEAP_SCALE) + _HARNESS_BYTES[0] + POOL_OVERSIZE
        self.marks = {}
        self._boot(seed, folder, self.heap)

    def _boot(self, seed, folder, heap):
        env = dict(os.environ, MICROPYPATH=":_t")
        code = "import sys\nsys.argv[:] = ['simrun']\nimport simrun\nsimrun.main(%r)\n" % (
            ["--pad", "--serve", str(seed), ".", "main.py"])
        argv = [mprun.micropython_binary(), "-X", "heapsize=%d" % heap, "-c", code]
        Device.__init__(self, "micropython", seed, flash=folder, command=(argv, env, folder))
        self.harness_names = _names(self.output[-1])[1]
        self.padding = NAMES_BEFORE - self.harness_names
        if self.padding < 0:
            raise RuntimeError("the harness interns %d names, more than %d" % (self.harness_names, NAMES_BEFORE))
        self.output = []
        self._send("pad %d" % self.padding)
        self._wait_for_prompt()
        self.start = self._mark("start")

    def history_files(self):
        """The games this board filed (those put on its flash before it started, the oldest, left out)."""
        return Device.history_files(self)[self.prepared:]

    def restart(self):
        """Power off and on again (the flash stays): main.py starts anew in the same heap."""
        Device.close(self)
        self._boot(self.seed, self.flash, self.heap)

    def close(self):
        Device.close(self)
        if self.own_folder:
            shutil.rmtree(self.flash, ignore_errors=True)

    # -- the heap ------------------------------------------------------------------------------
    def fragment(self):
        """Cut the heap up: plenty free, no free run over PICO_RUN (scaled)."""
        self.output = []
        self._send("!frag %d" % self.run)
        self._wait_for_prompt()
        if self.output:
            raise RuntimeError("the heap was not cut up: %s" % self.output)

    def release(self):
        self._send("!free")
        self._wait_for_prompt()

    def mem(self, tag):
        """The heap's and the name table's figures now (after a collection): a dict, kept in marks."""
        had = len(self.output)
        self._send("!mem " + tag)
        self._wait_for_prompt()
        return self._mark(tag, had)

    def _mark(self, tag, had=0):
        found = {}
        for line in self.output[had:]:
            if line.startswith("M "):
                parts = line.split()
                found["used"], found["pinned"] = int(parts[2]), int(parts[3])
            elif line.startswith("qstr pool:"):
                found["pools"], found["names"], found["name_chars"], found["name_bytes"] = _names(line)
            elif "max free sz" in line:
                found["max_free_blocks"] = int(re.search(r"max free sz: (\d+)", line).group(1))
            elif line.startswith("GC: total"):
                found["gc_used"] = int(re.search(r"used: (\d+)", line).group(1))
                found["gc_free"] = int(re.search(r"free: (\d+)", line).group(1))
        del self.output[had:]
        self.marks[tag] = found
        return found

    def chip_heap(self, mark):
        """The Pico's estimate of the heap the firmware holds at `mark`: this port's, less the
        harness's start and the pins, its big pool of names counted at the Pico's size, / HEAP_SCALE."""
        net = mark["used"] - self.start["used"] - mark["pinned"]
        if mark["pools"] > self.start["pools"]:
            net -= POOL_OVERSIZE
        return int(net / HEAP_SCALE)

    def chip_names(self, mark):
        """Names in the Pico's pools at `mark` (this port's count less CHIP_SHIFT)."""
        return mark["names"] - CHIP_SHIFT

    def largest_free(self, mark):
        """The largest free run at `mark`: bytes here, and in the Pico's terms (/ RUN_SCALE)."""
        size = mark["max_free_blocks"] * 32
        return size, int(size / RUN_SCALE)
