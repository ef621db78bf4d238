"""Key events from three buttons or a rotary encoder with a push switch.

Both inputs are polled: `poll(now_ms)` reads the pins, turns what changed into events,
queues them (a small fixed ring, no allocation) and returns one event or NONE.  Call it
often (every few ms); pass the time from `time.ticks_ms()` (only ticks_diff/ticks_add are
used on it).

Events: PREV and NEXT on press (buttons auto-repeat while held), OK on the release of a
short press of OK, BACK once when OK has been held for `long_ms` (its release is then
silent).  A pin level must stay put for `debounce_ms` before it counts, so bounce and
contact chatter never make a double step.  Pins are active low (pull-ups).
"""

from time import ticks_add, ticks_diff

from micropython import const

NONE = const(0)
PREV = const(1)
NEXT = const(2)
OK = const(3)
BACK = const(4)
NAMES = ("NONE", "PREV", "NEXT", "OK", "BACK")

_QUEUE_SIZE = const(8)

# Quadrature: index (old state << 2) | new state, state = (a << 1) | b; value = step + 1.
# Clockwise (A falls first) from the rest state 11: 11 -> 01 -> 00 -> 10 -> 11.
_STEP = b"\x01\x00\x02\x01\x02\x01\x01\x00\x00\x01\x01\x02\x01\x02\x00\x01"
_REST = const(3)


class EventQueue:
    """A small fixed ring of key events (no allocation); the base of every key input."""

    def __init__(self):
        self._queue = bytearray(_QUEUE_SIZE)
        self._head = 0
        self._size = 0

    def _push(self, event):
        if self._size < _QUEUE_SIZE:
            self._queue[(self._head + self._size) % _QUEUE_SIZE] = event
            self._size += 1

    def _pop(self):
        if not self._size:
            return NONE
        event = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE_SIZE
        self._size -= 1
        return event

    def pending(self):
        """How many events are queued."""
        return self._size

    def clear(self):
        """Drop queued events (e.g. when a screen changes)."""
        self._size = 0


class _Keys(EventQueue):
    """The OK key (short press OK, long press BACK) shared by both inputs."""

    def __init__(self, pin_ok, debounce_ms, long_ms):
        EventQueue.__init__(self)
        self._debounce = debounce_ms
        self._long = long_ms
        self._ok_pin = pin_ok
        self._ok_raw = 0 if pin_ok.value() else 1
        self._ok_down = self._ok_raw  # held at start: ignored until released
        self._ok_quiet = self._ok_raw  # no event on this press (held at start, or BACK sent)
        self._ok_changed = 0
        self._ok_since = 0


    def _poll_ok(self, now_ms):
        raw = 0 if self._ok_pin.value() else 1
        if raw != self._ok_raw:
            self._ok_raw = raw
            self._ok_changed = now_ms
        elif raw != self._ok_down and ticks_diff(now_ms, self._ok_changed) >= self._debounce:
            self._ok_down = raw
            if raw:
                self._ok_since = now_ms
                self._ok_quiet = 0
            elif self._ok_quiet:
                self._ok_quiet = 0
            else:
                self._push(OK)
        if self._ok_down and not self._ok_quiet and ticks_diff(now_ms, self._ok_since) >= self._long:
            self._ok_quiet = 1
            self._push(BACK)

    def ok_held(self):
        """True while OK is (debounced) down."""
        return bool(self._ok_down)


class Buttons(_Keys):
    """Three push buttons to ground: previous, next, OK."""

    def __init__(self, pin_prev, pin_next, pin_ok, debounce_ms=20, long_ms=700, repeat_delay_ms=500,
                 repeat_ms=150):
        super().__init__(pin_ok, debounce_ms, long_ms)
        self._pins = (pin_prev, pin_next)
        self._events = (PREV, NEXT)
        self._repeat_delay = repeat_delay_ms
        self._repeat = repeat_ms
        self._raw = bytearray(0 if p.value() else 1 for p in self._pins)
        self._down = bytearray(self._raw)
        self._quiet = bytearray(self._raw)  # held at start: no events until released
        self._changed = [0, 0]
        self._due = [0, 0]  # when the next auto-repeat fires

    def poll(self, now_ms):
        """Read the buttons at `now_ms`; return one event code or NONE."""
        for i in range(2):
            raw = 0 if self._pins[i].value() else 1
            if raw != self._raw[i]:
                self._raw[i] = raw
                self._changed[i] = now_ms
            elif raw != self._down[i] and ticks_diff(now_ms, self._changed[i]) >= self._debounce:
                self._down[i] = raw
                if not raw:
                    self._quiet[i] = 0
                elif not self._quiet[i]:
                    self._push(self._events[i])
                    self._due[i] = ticks_add(now_ms, self._repeat_delay)
            if self._down[i] and not self._quiet[i] and ticks_diff(now_ms, self._due[i]) >= 0:
                self._push(self._events[i])
                self._due[i] = ticks_add(now_ms, self._repeat)
        self._poll_ok(now_ms)
        return self._pop()


class Encoder(_Keys):
    """A quadrature rotary encoder (A, B to ground) with a push switch: one step per detent.

    Turning clockwise (A falls first from rest) gives NEXT; `reverse` swaps the direction.
    `half_step` is for encoders with a detent at both 11 and 00 (two steps per cycle).
    """

    def __init__(self, pin_a, pin_b, pin_sw, debounce_ms=20, long_ms=700, reverse=False, half_step=False):
        super().__init__(pin_sw, debounce_ms, long_ms)
        self._a = pin_a
        self._b = pin_b
        self._state = self._read()
        self._count = 0
        self._reverse = reverse
        self._half = half_step

    def _read(self):
        return (1 if self._a.value() else 0) << 1 | (1 if self._b.value() else 0)

    def poll(self, now_ms):
        """Read the encoder at `now_ms`; return one event code or NONE."""
        state = self._read()
        if state != self._state:
            self._count += _STEP[(self._state << 2) | state] - 1
            self._state = state
            if state == _REST or (self._half and state == 0):
                if self._count >= 2:
                    self._push(PREV if self._reverse else NEXT)
                elif self._count <= -2:
                    self._push(NEXT if self._reverse else PREV)
                self._count = 0
        self._poll_ok(now_ms)
        return self._pop()
