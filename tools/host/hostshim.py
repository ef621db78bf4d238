"""Make CPython look enough like MicroPython to run the firmware (host only).

`install()` adds MicroPython's tick functions to the `time` module (`tools/host`, with the
`micropython` stand-in, and `firmware/` are on `sys.path` already: tools/bootstrap.py puts them
there for the host tools, tools/mprun.py for the code it runs).  The tick
functions follow MicroPython's semantics: values wrap at 2**30 and `ticks_diff`
returns a signed difference.  A test can swap the clock with `set_clock()`.
"""

import time

TICKS_PERIOD = 1 << 30
TICKS_MAX = TICKS_PERIOD - 1
TICKS_HALF = TICKS_PERIOD // 2

_clock = [None]  # a callable returning milliseconds, or None for the real clock


def set_clock(func):
    """Use `func()` (milliseconds, an int) as the clock; None restores the real one."""
    _clock[0] = func


def _now_ms():
    func = _clock[0]
    return int(func()) if func is not None else int(time.monotonic() * 1000)


def ticks_ms():
    return _now_ms() & TICKS_MAX


def ticks_us():
    func = _clock[0]
    us = int(func()) * 1000 if func is not None else int(time.monotonic() * 1_000_000)
    return us & TICKS_MAX


def ticks_add(ticks, delta):
    return (ticks + delta) & TICKS_MAX


def ticks_diff(end, start):
    return ((end - start + TICKS_HALF) & TICKS_MAX) - TICKS_HALF


def sleep_ms(ms):
    if _clock[0] is None and ms > 0:
        time.sleep(ms / 1000)


def sleep_us(us):
    if _clock[0] is None and us > 0:
        time.sleep(us / 1_000_000)


def install():
    """Install the shim: the tick functions on `time`."""
    for name in ("ticks_ms", "ticks_us", "ticks_add", "ticks_diff", "sleep_ms", "sleep_us"):
        setattr(time, name, globals()[name])
