"""`time` for the MicroPython unix port with a settable clock (host only, never on the board).

`devices.install()` puts this module in `sys.modules["time"]` under MicroPython, so firmware
imported afterwards reads `ticks_ms()` / `ticks_us()` from here: the port's own clock, or a
virtual one set with `set_clock(func)` (func() -> milliseconds), as the host shim does under
CPython.  With a clock set, `sleep_ms`/`sleep_us` return at once (virtual time passes only
when the clock's owner advances it).  Everything else is the port's `time`.
"""

import time as _port
from time import *  # noqa: F401,F403 - the rest of the port's time module

_clock = [None]


def set_clock(func):
    """Use `func()` (milliseconds) as the clock; None restores the port's."""
    _clock[0] = func


def ticks_ms():
    func = _clock[0]
    if func is None:
        return _port.ticks_ms()
    return _port.ticks_add(func(), 0)  # within the port's ticks period


def ticks_us():
    func = _clock[0]
    if func is None:
        return _port.ticks_us()
    return _port.ticks_add(0, func() * 1000)


def sleep_ms(ms):
    if _clock[0] is None:
        _port.sleep_ms(ms)


def sleep_us(us):
    if _clock[0] is None:
        _port.sleep_us(us)
