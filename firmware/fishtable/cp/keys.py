"""Key events on CircuitPython from `keypad` (buttons, debounced by the firmware's scanner) and
`rotaryio` (the encoder, counted in hardware), with the events of `fishtable.hw.keys`:

PREV and NEXT on press (buttons auto-repeat while held), OK on the release of a short press of
OK, BACK once when OK has been held for `long_ms` (its release is then silent); a key held when
the object is made is ignored until released; with `down_event` set (the app sets it) also
DOWN when OK goes down.  `poll(now_ms)` returns one event or NONE.

keypad scans in the background, so a press between two polls is never lost; its scan interval
(`debounce_ms`) is the debounce.  Needs `time.ticks_*` (fishtable.cp.cptime installs them).
The event codes are `fishtable.hw.keys`'s.
"""

from time import ticks_add, ticks_diff

from fishtable.hw.keys import BACK, DOWN, NEXT, NONE, OK, PREV, EventQueue  # noqa: F401 - NONE re-exported


class _Keys(EventQueue):
    """The OK key (short press OK, long press BACK) from keypad events."""

    def __init__(self, scanner, ok_index, held, long_ms):
        EventQueue.__init__(self)
        self._scanner = scanner
        self._ok = ok_index
        self._long = long_ms
        self._down = bytearray(len(held))
        self._quiet = bytearray(1 if h else 0 for h in held)  # held at start: silent until released
        self._since = [0] * len(held)
        self._event = None
        self.down_event = False  # True: DOWN when OK goes down (as fishtable.hw.keys)


    def ok_held(self):
        """True while OK is down."""
        return bool(self._down[self._ok])

    def _drain(self, now_ms):
        """Turn the scanner's queued edges into key state changes and events."""
        event = self._event
        if event is None:
            import keypad  # type: ignore

            event = self._event = keypad.Event()
        events = self._scanner.events
        while events.get_into(event):
            self._edge(event.key_number, event.pressed, now_ms)

    def _edge(self, key, pressed, now_ms):
        if pressed:
            if self._down[key]:
                return
            self._down[key] = 1
            self._since[key] = now_ms
            if not self._quiet[key]:
                if key == self._ok:
                    if self.down_event:
                        self._push(DOWN)
                else:
                    self._pressed(key, now_ms)
            return
        if not self._down[key]:
            return
        self._down[key] = 0
        if self._quiet[key]:
            self._quiet[key] = 0
        elif key == self._ok:
            self._push(OK)

    def _pressed(self, key, now_ms):
        """A press of a key other than OK (buttons override it)."""  # (the encoder's switch is OK)

    def _poll_ok(self, now_ms):
        ok = self._ok
        if self._down[ok] and not self._quiet[ok] and ticks_diff(now_ms, self._since[ok]) >= self._long:
            self._quiet[ok] = 1
            self._push(BACK)


class Buttons(_Keys):
    """Three buttons through a keypad.Keys scanner whose keys are (prev, next, ok)."""

    def __init__(self, scanner, held=(False, False, False), long_ms=700, repeat_delay_ms=500, repeat_ms=150):
        super().__init__(scanner, 2, held, long_ms)
        self._repeat_delay = repeat_delay_ms
        self._repeat = repeat_ms
        self._due = [0, 0]

    def _pressed(self, key, now_ms):
        if key < 2:
            self._push(PREV if key == 0 else NEXT)
            self._due[key] = ticks_add(now_ms, self._repeat_delay)

    def poll(self, now_ms):
        """Read the scanner at `now_ms`; return one event code or NONE."""
        self._drain(now_ms)
        for key in range(2):
            if self._down[key] and not self._quiet[key] and ticks_diff(now_ms, self._due[key]) >= 0:
                self._push(PREV if key == 0 else NEXT)
                self._due[key] = ticks_add(now_ms, self._repeat)
        self._poll_ok(now_ms)
        return self._pop()


class Encoder(_Keys):
    """A rotary encoder (a rotaryio.IncrementalEncoder: one position a detent) and its push switch
    (a keypad.Keys scanner with that one key).  A higher position is NEXT; `reverse` swaps."""

    def __init__(self, counter, scanner, held=False, long_ms=700, reverse=False):
        super().__init__(scanner, 0, (held,), long_ms)
        self._counter = counter
        self._position = counter.position
        self._reverse = reverse

    def poll(self, now_ms):
        """Read the encoder and switch at `now_ms`; return one event code or NONE."""
        position = self._counter.position
        while position != self._position:
            up = position > self._position
            self._position += 1 if up else -1
            self._push(NEXT if up != self._reverse else PREV)
        self._drain(now_ms)
        self._poll_ok(now_ms)
        return self._pop()


class PinIn:
    """A digitalio input as a `machine.Pin`-like object (value() -> 0/1) for fishtable.hw.keys,
    the fallback on a CircuitPython build without keypad or rotaryio."""

    def __init__(self, dio):
        self._dio = dio

    def value(self):
        """The level: 1 released (pull-up), 0 pressed."""
        return 1 if self._dio.value else 0
