"""A virtual clock and scripted key input for the host (CPython and MicroPython unix port).

The firmware takes `now_ms` as an argument, so the clock is passed to it, not patched in:
`Clock.now()` is a ticks value (made with time.ticks_add, so it wraps like the port's
ticks).  Under CPython `Clock.install()` also drives `time.ticks_ms()` through the host
shim.  A `Script` lists pin changes at times in ms from its start: press, release, tap,
hold, chatter and encoder turns, each with optional contact bounce; `run()` replays it
against a keys object polled every `step_ms` and returns the events with their times.
"""

import sys
import time

from devices import machine_model


class Clock:
    """Virtual milliseconds: now() is ticks_add(start, elapsed)."""

    def __init__(self, start=0):
        self.start = start
        self.elapsed = 0

    def now(self):
        return time.ticks_add(self.start, self.elapsed)

    def __call__(self):
        return self.start + self.elapsed

    def advance(self, ms):
        self.elapsed += ms
        return self.now()

    def install(self):
        """CPython: make time.ticks_ms() follow this clock (no-op under MicroPython)."""
        if sys.implementation.name != "micropython":
            import hostshim

            hostshim.set_clock(self)


def _bounce_times(t, ms, seed):
    """Toggle times for `ms` of contact bounce starting at t (1..3 ms apart, deterministic)."""
    times = []
    s = seed
    tt = t
    while tt < t + ms:
        times.append(tt)
        s = (s * 1103515245 + 12345) & 0x7FFFFFFF
        tt += 1 + (s >> 16) % 3
    return times


class Script:
    """Timed pin levels.  `pins` maps key names to GPIO numbers (active low keys)."""

    def __init__(self, pins=None, seed=1):
        self.pins = pins or {}
        self.changes = []  # (t, gpio, level)
        self.seed = seed

    def _gpio(self, key):
        return self.pins[key] if isinstance(key, str) else key

    def level(self, key, t, value):
        """Set a pin's level at t."""
        self.changes.append((t, self._gpio(key), value))
        return self

    def _edge(self, key, t, value, bounce):
        gpio = self._gpio(key)
        if bounce:
            self.seed += 1
            level = value
            for tt in _bounce_times(t, bounce, self.seed):
                self.changes.append((tt, gpio, level))
                level ^= 1
            t = t + bounce
        self.changes.append((t, gpio, value))

    def press(self, key, t, bounce=0):
        """Key down (pin low) at t, bouncing for `bounce` ms."""
        self._edge(key, t, 0, bounce)
        return self

    def release(self, key, t, bounce=0):
        """Key up (pin high) at t, bouncing for `bounce` ms."""
        self._edge(key, t, 1, bounce)
        return self

    def tap(self, key, t, ms=80, bounce=0):
        """Press at t and release ms later."""
        return self.press(key, t, bounce).release(key, t + ms, bounce)

    def hold(self, key, t, ms, bounce=0):
        """Hold from t for ms (same as tap, named for long presses)."""
        return self.tap(key, t, ms, bounce)

    def chatter(self, key, t, ms, settle):
        """The contact flickers for ms from t, then settles at `settle` (0 = pressed)."""
        self._edge(key, t, settle, ms)
        return self

    def turn(self, a, b, t, detents, step_ms=4, bounce=0):
        """Turn an encoder by `detents` (positive: clockwise, A falls first) from rest (A=B=1)."""
        seq = ((0, 1), (0, 0), (1, 0), (1, 1)) if detents > 0 else ((1, 0), (0, 0), (0, 1), (1, 1))
        state = (1, 1)
        for _ in range(abs(detents)):
            for nxt in seq:
                if nxt[0] != state[0]:
                    self._edge(a, t, nxt[0], bounce)
                else:
                    self._edge(b, t, nxt[1], bounce)
                state = nxt
                t += step_ms + bounce
        return t

    def end(self):
        return max([c[0] for c in self.changes] or [0])

    def run(self, keys, until=None, step_ms=1, clock=None, settle_ms=1000):
        """Poll `keys` every step_ms from 0 to `until` (default: last change + settle_ms).

        Returns [(t, event)] with t in ms from the script's start.  Pins start released.
        """
        clock = clock or Clock()
        if until is None:
            until = self.end() + settle_ms
        changes = sorted(self.changes, key=lambda c: c[0])
        events = []
        i = 0
        t = 0
        while t <= until:
            while i < len(changes) and changes[i][0] <= t:
                machine_model.drive(changes[i][1], changes[i][2])
                i += 1
            event = keys.poll(clock.now())
            if event:
                events.append((t, event))
            t += step_ms
            clock.advance(step_ms)
        event = keys.poll(clock.now())
        while event:
            events.append((t, event))
            event = keys.poll(clock.now())
        return events


def release_all(pins):
    """Drive every key's pin high (released)."""
    for gpio in pins.values():
        machine_model.drive(gpio, 1)
