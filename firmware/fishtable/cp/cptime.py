"""MicroPython's tick functions for CircuitPython, installed as the `time` module.

The app and `fishtable.hw` use `time.ticks_ms`, `ticks_us`, `ticks_diff`, `ticks_add` and `sleep_ms`,
which CircuitPython's `time` lacks.  `install()` puts this module in `sys.modules["time"]`
(imports look there first), keeping everything of the real `time` module reachable.
The clock is `supervisor.ticks_ms()`, which wraps at 2**29 like the ticks here.
"""

import sys
import time as _time

PERIOD = 1 << 29
_HALF = PERIOD // 2
_MASK = PERIOD - 1

_clock = [None]


def _default_clock():
    import supervisor  # type: ignore

    return supervisor.ticks_ms


def ticks_ms():
    """Milliseconds, wrapping at 2**29 (only compare them with ticks_diff)."""
    clock = _clock[0]
    if clock is None:
        clock = _clock[0] = _default_clock()
    return clock() & _MASK


def ticks_us():
    """Microseconds, wrapping at 2**29 (a seed source; the app times with ticks_ms)."""
    ns = getattr(_time, "monotonic_ns", None)
    if ns is None:
        return _time.ticks_us() & _MASK  # MicroPython (host tests)
    return (ns() // 1000) & _MASK


def ticks_add(ticks, delta):
    """`ticks` moved by `delta` milliseconds, wrapped."""
    return (ticks + delta) & _MASK


def ticks_diff(end, start):
    """The signed difference end - start of two tick values."""
    return ((end - start + _HALF) & _MASK) - _HALF


def sleep_ms(ms):
    """Sleep `ms` milliseconds."""
    if ms > 0:
        _time.sleep(ms / 1000)


def install(clock=None):
    """Make `import time` give this module (with the real module's functions too)."""
    if clock is not None:
        _clock[0] = clock
    me = sys.modules[__name__]
    for name in dir(_time):
        if not name.startswith("_") and not hasattr(me, name):
            setattr(me, name, getattr(_time, name))
    sys.modules["time"] = me
    return me
