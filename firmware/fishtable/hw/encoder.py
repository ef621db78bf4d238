"""A quadrature rotary encoder with a push switch: the key events of fishtable.hw.keys.

The interrupt on A and B counts quarter steps with a quadrature state machine (no allocation):
a skipped state (both contacts changed between two interrupts, e.g. while interrupts were off)
counts two quarter steps in the last direction turned, never a step back.  `poll()` turns the
count into detents (4 quarter steps, 2 with `half_step`), snapping to the count at a rest
state; the switch's edges carry the count, so steps turned before a press come before it.
While the loop is away the count keeps every step; it hands them out as the queue has room.
"""

from micropython import const

from fishtable.hw.keys import NEXT, PREV, _attach, _Keys

# Quadrature: index (old state << 2) | new state, state = (a << 1) | b; value = quarter step + 1,
# 3 = both contacts changed (a state skipped).  Clockwise (A falls first from the rest
# state 11): 11 -> 01 -> 00 -> 10 -> 11.
_STEP = b"\x01\x00\x02\x03\x02\x01\x03\x00\x00\x03\x01\x02\x03\x02\x00\x01"
_REST = const(3)
_SKIP = const(3)
_POS_MASK = const(0xFFFF)
_POS_HALF = const(0x8000)


class Encoder(_Keys):
    """A quadrature rotary encoder (A, B to ground) with a push switch: one step per detent.

    Turning clockwise (A falls first from rest) gives NEXT; `reverse` swaps the direction.
    `half_step` is for encoders with a detent at both 11 and 00 (two steps per cycle).
    """

    def __init__(self, pin_a, pin_b, pin_sw, debounce_ms=20, long_ms=700, reverse=False, half_step=False,
                 down_event=False):
        super().__init__((None, None, pin_sw), debounce_ms, long_ms, 0, 1, down_event)
        self._marks = [0] * 16  # (the ring's size: keys._RING)
        self._a = pin_a
        self._b = pin_b
        self._reverse = reverse
        self._detent = 2 if half_step else 4
        self._state = self._read()
        self._pos = 0  # quarter steps, counted by the interrupt (16 bits, wrapping)
        self._dir = 0  # the last quarter step's direction (+1 / -1)
        self._base = 0  # the count at the last detent turned into events
        self._sampled = not (_attach(pin_a, self._irq_turn) & _attach(pin_b, self._irq_turn))
        self._polled |= self._sampled  # no interrupts on A and B: never idle (see idle())

    def _read(self):
        return (1 if self._a.value() else 0) << 1 | (1 if self._b.value() else 0)

    def _irq_turn(self, pin):
        """An edge of A or B (hard IRQ, no allocation): count the quarter steps since the last state."""
        state = (1 if self._a.value() else 0) << 1 | (1 if self._b.value() else 0)
        old = self._state
        if state == old:
            return
        step = _STEP[old << 2 | state]
        if step == _SKIP:
            step = 2 * self._dir
        else:
            step -= 1
            self._dir = step
        self._pos = (self._pos + step) & _POS_MASK
        self._state = state

    def _turned(self, pos, rest):
        """Whole detents from the last one taken to count `pos` into PREV/NEXT events (as the queue
        has room); `rest`: the knob is at a detent there, so what is left over is not a step."""
        diff = ((pos - self._base + _POS_HALF) & _POS_MASK) - _POS_HALF
        if not diff:
            return True
        q = self._detent
        size = diff if diff > 0 else -diff
        n = (size + q // 2 - 1) // q if rest else (size - 1) // q
        room = self._room()
        done = n <= room
        if not done:
            n = room
            rest = False
        event = NEXT if (diff > 0) != self._reverse else PREV
        for _ in range(n):
            self._push(event)
        if rest:
            self._base = pos
        else:
            self._base = (self._base + (n * q if diff > 0 else -n * q)) & _POS_MASK
        return done

    def poll(self, now_ms):
        """The encoder and its switch up to `now_ms`; returns one event code or NONE."""
        if self._sampled:
            self._irq_turn(None)
        self._keys(now_ms)  # the switch, and the steps turned before each of its edges
        if self._r == self._w:
            state = self._state  # before the count: an interrupt in between only adds to it
            self._turned(self._pos, state == _REST or (self._detent == 2 and state == 0))
        return self._pop()
