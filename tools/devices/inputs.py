"""A virtual clock and scripted key input for the host (CPython and MicroPython unix port).

The firmware takes `now_ms` as an argument, so the clock is passed to it; `Clock.now()` is a
ticks value (made with time.ticks_add, so it wraps like the port's ticks).  What a pin
interrupt reads from `time.ticks_ms()` is this clock too while `Clock.install()` is in force
(both interpreters: devices.set_clock).  A `Script` lists pin changes at times in ms from its
start (fractions allowed): press, release, tap, hold, chatter and encoder turns, each with
optional contact bounce; `run()` drives each change at its time and polls the keys every
`step_ms`, except in `busy` stretches (the firmware is doing something else) and with
interrupts off in `irq_off` stretches; it returns the events with the times they came out.
"""

import time

from devices import machine_model


class Clock:
    """Virtual milliseconds that pass only when told to: `advance(ms)`, or `sleep_ms(ms)` (the app
    loop's pause, so a `Hardware` takes it as its clock).  `ms` is the time since `start`; the
    one virtual clock of the host tools (simulator, benchmark, soak, tests)."""

    def __init__(self, start=0):
        self.start = start
        self.ms = 0

    def now(self):
        """ticks_add(start, ms): the time as time.ticks_ms() would give it."""
        return time.ticks_add(self.start, self.ms)

    def ticks_ms(self):
        return time.ticks_add(self.start, self.ms)

    def sleep_ms(self, ms):
        self.ms += ms

    def __call__(self):
        return self.start + self.ms

    def advance(self, ms):
        """Let `ms` pass; returns now()."""
        self.ms += ms
        return self.now()

    def install(self):
        """Make time.ticks_ms() follow this clock (both interpreters); `uninstall()` undoes it."""
        import devices

        devices.set_clock(self.now)

    def uninstall(self):
        import devices

        devices.set_clock(None)


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

    def fast_turn(self, a, b, t, detents, detent_ms, bounces=2):
        """Turn by `detents` with `detent_ms` per detent (fractions of a ms allowed): the four
        contact changes of a detent evenly spaced, each bouncing `bounces` times in the first
        tenth of its quarter.  Returns the time the turn ends."""
        seq = ((0, 1), (0, 0), (1, 0), (1, 1)) if detents > 0 else ((1, 0), (0, 0), (0, 1), (1, 1))
        quarter = detent_ms / 4
        state = (1, 1)
        for _ in range(abs(detents)):
            for nxt in seq:
                gpio = self._gpio(a if nxt[0] != state[0] else b)
                level = nxt[0] if nxt[0] != state[0] else nxt[1]
                for i in range(2 * bounces + 1):
                    self.changes.append((t + i * quarter / (20 * bounces + 10), gpio, level ^ (i & 1)))
                state = nxt
                t += quarter
        return t

    def end(self):
        return max([c[0] for c in self.changes] or [0])

    def run(self, keys, until=None, step_ms=1, clock=None, settle_ms=1000, busy=(), irq_off=()):
        """Poll `keys` every step_ms from 0 to `until` (default: last change + settle_ms).

        Each change is driven at its own time (the clock is at that whole ms); `busy` is a list
        of (start, end) ms with no poll (the firmware busy elsewhere), `irq_off` of (start, end)
        with interrupts off (machine.disable_irq).  Returns [(t, event)] with t the ms of the poll
        that gave the event.  Pins start released.
        """
        clock = clock or Clock()
        clock.install()
        try:
            return self._run(keys, until, step_ms, clock, settle_ms, busy, irq_off)
        finally:
            clock.uninstall()

    def _run(self, keys, until, step_ms, clock, settle_ms, busy, irq_off):
        if until is None:
            until = self.end() + settle_ms
        changes = sorted(self.changes, key=lambda c: c[0])
        events = []
        i = 0
        t = 0
        while t <= until:
            if any(s <= t < e for s, e in irq_off):
                machine_model.disable_irq()
            else:
                machine_model.enable_irq(True)  # what was latched runs first
            while i < len(changes) and changes[i][0] <= t:
                machine_model.drive(changes[i][1], changes[i][2])
                i += 1
            if t % step_ms == 0 and not any(s <= t < e for s, e in busy):
                event = keys.poll(clock.now())
                if event:
                    events.append((t, event))
            t += 1
            clock.advance(1)
        machine_model.enable_irq(True)
        event = keys.poll(clock.now())
        while event:
            events.append((t, event))
            event = keys.poll(clock.now())
        return events


def release_all(pins):
    """Drive every key's pin high (released)."""
    for gpio in pins.values():
        machine_model.drive(gpio, 1)
