"""Inside the MicroPython unix port: the heap left as the Pico's is after a long game, and what the
heap and the name table hold (tools/simlib/heapboard.py drives it; runs in simrun.py's process).

Words the driver sends in place of a key (simrun.Served hands them here):
- `!frag N`: the heap cut up: plenty free but no free run longer than N bytes.  Blocks of N bytes
  (tuples: one allocation each) are taken until none fits, the gaps left filled with smaller ones,
  then each N block is swapped for a filler of N less one GC block and a one-block pin after it;
  the fillers go: holes of N less a block between pins, nearly all the free heap;
- `!free`: the pins let go (the heap whole again at the next collection);
- `!mem TAG`: `M TAG <in use> <pinned>` then `micropython.qstr_info()` and `micropython.mem_info()`
  as they print (the largest free run is mem_info's "max free sz", in blocks).

`pad(n)` interns n filler names before the firmware starts (see heapboard.py: the name table's
pools then fill up where the Pico's do).
"""

import gc
import sys
from array import array

import micropython

_RUNS = 256  # runs `frag` may cut, and gaps it may fill (lists made first: they never grow)
_GAPS = 1024
_BLOCK = 32  # bytes in a GC block of the 64-bit unix port
_PIN = 8 * _BLOCK  # a pin: larger than every gap left unfilled, so it lands where it is meant to
_HEAD = 16  # a tuple's head; then 8 bytes an item
_PINS = []  # what `frag` keeps: the pins and the gap fillers
_SIZE = [0]  # bytes pinned


def pad(n):
    """Intern `n` filler names (8 characters each, like the firmware's)."""
    for i in range(n):
        getattr(_PINS, "~pad%04d" % i, None)


def _block(size):
    """One allocation of `size` bytes (a tuple), or None when none fits."""
    try:
        return (None,) * ((size - _HEAD) // 8)
    except MemoryError:
        return None


def fragment(run):
    gc.collect()
    used = gc.mem_alloc()
    runs = [None] * _RUNS
    pins = [None] * _RUNS
    gaps = [None] * _GAPS
    starts = array("q", [0] * _RUNS)  # where each run begins
    big = _fill(runs, 0, run, run)  # every free run of `run` bytes or more, taken
    n = _fill(gaps, 0, run // 2, _PIN)  # the gaps left down to a pin's size, filled
    gc.collect()  # (what the failed tries allocated: the MemoryErrors)
    n = _fill(gaps, n, 2 * _PIN, _PIN)
    for k in range(big):
        starts[k] = id(runs[k])
        runs[k] = None
    gc.collect()  # free now: where the runs were, and gaps smaller than a pin
    k = 0
    while k < big:  # the runs' places again: a filler a pin short of `run`, the pin right after it
        runs[k] = _block(run - _PIN)
        pins[k] = _block(_PIN)
        if pins[k] is None:
            break
        k += 1
    for i in range(big):
        runs[i] = None  # the fillers go: holes between the pins
    runs = None
    for i in range(n):  # the gaps go too, but those that end where a run begins (they would grow it)
        block = gaps[i]
        if block is not None and not _among(id(block) + (_HEAD + 8 * len(block) + _BLOCK - 1) // _BLOCK * _BLOCK,
                                            starts, big):
            gaps[i] = None
    _PINS.append(gaps)
    _PINS.append(pins)
    gc.collect()
    _SIZE[0] = gc.mem_alloc() - used


def _among(value, values, n):
    for i in range(n):
        if values[i] == value:
            return True
    return False


def _fill(held, n, size, least):
    """Blocks of `size` bytes into held[n:] while one fits, then halves down to `least`; the new n."""
    while size >= least and n < len(held):
        held[n] = _block(size)
        if held[n] is None:
            size //= 2
        else:
            n += 1
    return n


def release():
    del _PINS[:]
    _SIZE[0] = 0
    gc.collect()


def report(tag):
    gc.collect()
    sys.stdout.write("M %s %d %d\n" % (tag, gc.mem_alloc(), _SIZE[0]))
    micropython.qstr_info()
    micropython.mem_info()


def word(line):
    """Act on a `!` word of the driver."""
    parts = line.split()
    if parts[0] == "!frag":
        fragment(int(parts[1]))
    elif parts[0] == "!free":
        release()
    elif parts[0] == "!mem":
        report(parts[1] if len(parts) > 1 else "-")
