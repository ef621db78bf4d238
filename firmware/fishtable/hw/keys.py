"""Key events from three buttons or a rotary encoder with a push switch.

Pin interrupts do only what cannot wait, as Peter Hinch's micropython-async primitives do:
a button's interrupt records the edge (which key, down or up, `time.ticks_ms()`) in a
preallocated ring; the encoder's interrupt counts quarter steps with a quadrature state
machine.  They allocate nothing and decide nothing (hard IRQs where the port has them).
`poll(now_ms)`, called by the app loop, turns what was recorded into events, in the order
and at the times the edges happened, so a press made while the firmware was busy is
queued, not lost.  It returns one event (or NONE) per call; the rest wait in a small queue.

Events: PREV and NEXT at the first edge of a press (then auto-repeat while held: after
`repeat_delay_ms`, every `repeat_ms`); OK at the release of a press of OK shorter than
`long_ms`; BACK once that press has lasted `long_ms` (its release is then silent).  With
`down_event=True` also DOWN when OK goes down, so the UI can show the press at once (the
press still ends in OK or BACK); it is off by default.  `ok_held()` says whether OK is down.

Debounce without latency: the first edge of a key counts at once; the edges of that key in
the `debounce_ms` after it are bounce and ignored; when that window ends, the pin's level is
compared with the key's state: a press shorter than the window is released then, and a key
down again right after a release (contact chatter while held) is down without an event, so
chatter never makes a second step (a chattering OK may end its press early, as OK).  An
interrupt whose pin reads the level of the key's last recorded edge means the pin went and
came back before the interrupt ran (interrupts were off, e.g. during a flash erase): both
edges are recorded.  Pins without `irq()` (test doubles, CircuitPython's stand-ins) are read
in `poll()` instead, each change counting as an edge at that time.  Pins are active low.

Encoder: a skipped quadrature state (both contacts changed between two interrupts) counts
two quarter steps in the last direction turned, never a step back.  `poll()` turns the count
into detents (4 quarter steps, 2 with `half_step`) and snaps to the count at a rest state.
"""

from time import ticks_add, ticks_diff, ticks_ms

from micropython import const

# Times are ticks values, kept in preallocated lists: storing or loading a small int there never
# allocates, on the board (ticks < 2**30) and on 64-bit ports (ticks up to 2**62) alike.

NONE = const(0)
PREV = const(1)
NEXT = const(2)
OK = const(3)
BACK = const(4)
DOWN = const(5)  # OK has gone down (only with down_event=True)
NAMES = ("NONE", "PREV", "NEXT", "OK", "BACK", "DOWN")

_QUEUE_SIZE = const(16)
_RING = const(32)  # recorded edges (a power of two)
_ROOM = const(4)  # queue slots one recorded edge may fill (its event, repeats, BACK)
_OK = const(2)  # key index of OK (0 = PREV, 1 = NEXT)

# Quadrature: index (old state << 2) | new state, state = (a << 1) | b; value = quarter step + 1,
# 3 = both contacts changed (a state skipped).  Clockwise (A falls first from the rest
# state 11): 11 -> 01 -> 00 -> 10 -> 11.
_STEP = b"\x01\x00\x02\x03\x02\x01\x03\x00\x00\x03\x01\x02\x03\x02\x00\x01"
_REST = const(3)
_SKIP = const(3)
_POS_MASK = const(0xFFFF)
_POS_HALF = const(0x8000)


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


def _attach(pin, handler):
    """Call `handler(pin)` on both edges of `pin` (a hard IRQ where the port has one).
    False when the pin has no interrupts: then it is read in poll()."""
    irq = getattr(pin, "irq", None)
    if irq is None:
        return False
    trigger = pin.IRQ_FALLING | pin.IRQ_RISING
    try:
        irq(handler, trigger, hard=True)
    except (TypeError, ValueError):
        irq(handler, trigger)
    return True


class _Keys(EventQueue):
    """Up to three keys (index 0 PREV, 1 NEXT, 2 OK; None where absent): recorded edges -> events."""

    def __init__(self, pins, debounce_ms, long_ms, repeat_delay_ms, repeat_ms, down_event):
        EventQueue.__init__(self)
        self._pins = pins
        self._debounce = debounce_ms
        self._long = long_ms
        self._repeat_delay = repeat_delay_ms
        self._repeat = max(1, repeat_ms)
        self._down_event = down_event
        # written by the interrupts (and read here)
        self._codes = bytearray(_RING)  # key << 1 | down
        self._times = [0] * _RING
        self._marks = [0] * _RING  # the encoder's count at the edge (turns before a press stay before it)
        self._pos = 0  # the encoder's quarter-step count (0 for buttons)
        self._w = 0
        self._lost = 0  # 1 once the ring was full (edges dropped; the level check recovers)
        self._resync = 0  # edges were dropped: take the keys' levels as they are now
        self._level = bytearray(3)  # per key: down (1) at its last recorded edge
        self._at = [0, 0, 0]  # per key: time of its last recorded edge
        self._armed = bytearray(3)  # per key: 1 once an edge was recorded (the bounce window applies)
        # the loop's side
        self._r = 0
        self._down = bytearray(3)  # per key: the state events are made from
        self._quiet = bytearray(3)  # no event on this press (held at start, or BACK sent)
        self._since = [0, 0, 0]  # when the key went down
        self._due = [0, 0, 0]  # when its next auto-repeat fires
        self._last = 0  # time of the last edge or moment turned into events (once _begun)
        self._begun = 0
        self._polled = 0  # bit k: key k has no interrupt and is read in poll()
        handlers = (self._irq_prev, self._irq_next, self._irq_ok)
        for k in range(3):
            pin = pins[k]
            if pin is None:
                continue
            down = 0 if pin.value() else 1
            self._level[k] = down
            self._down[k] = down
            self._quiet[k] = down  # held at start: silent until released
            if not _attach(pin, handlers[k]):
                self._polled |= 1 << k

    # -- interrupt side: record, nothing else ---------------------------------------------

    def _irq_prev(self, pin):
        self._record(0, 0 if pin.value() else 1, ticks_ms())

    def _irq_next(self, pin):
        self._record(1, 0 if pin.value() else 1, ticks_ms())

    def _irq_ok(self, pin):
        self._record(_OK, 0 if pin.value() else 1, ticks_ms())

    def _record(self, k, down, now):
        """Key k reads `down` at `now` after an edge: record it unless it is bounce (no allocation)."""
        if self._armed[k] and ticks_diff(now, self._at[k]) < self._debounce:
            return
        if down == self._level[k]:  # it went and came back before we looked: both edges
            self._put(k << 1 | (down ^ 1), now)
        self._put(k << 1 | down, now)
        self._level[k] = down
        self._at[k] = now
        self._armed[k] = 1

    def _put(self, code, now):
        w = self._w
        nxt = (w + 1) & (_RING - 1)
        if nxt == self._r:
            self._lost = 1
            self._resync = 1
            return
        self._codes[w] = code
        self._times[w] = now
        self._marks[w] = self._pos
        self._w = nxt

    # -- loop side: edges -> events ---------------------------------------------------------

    def _sample(self, now):
        """Read the keys that have no interrupt; a change is an edge now."""
        polled = self._polled
        if polled:
            for k in range(3):
                if polled >> k & 1:
                    down = 0 if self._pins[k].value() else 1
                    if down != self._level[k]:
                        self._record(k, down, now)

    def _keys(self, now):
        """Everything recorded up to `now`, in time order, into the event queue (as room allows)."""
        self._sample(now)
        while self._r != self._w:
            if self._size > _QUEUE_SIZE - _ROOM:
                return  # the rest waits in the ring for the next poll
            r = self._r
            if not self._turned(self._marks[r], True):
                return  # the steps before this edge first, as room allows
            code = self._codes[r]
            t = self._times[r]
            self._r = (r + 1) & (_RING - 1)
            self._advance(t, 1)
            self._change(code >> 1, code & 1, t)
        if self._resync:  # edges were dropped: what the pins read now, as edges now
            self._resync = 0
            for k in range(3):
                if self._pins[k] is not None:
                    self._change(k, 0 if self._pins[k].value() else 1, now)
        for k in range(3):
            pin = self._pins[k]
            if pin is None:
                continue
            if self._armed[k]:
                end = ticks_add(self._at[k], self._debounce)
                if ticks_diff(now, end) < 0:
                    continue
            else:
                end = now
            down = 0 if pin.value() else 1
            if down != self._down[k] and self._r == self._w:  # changed inside its bounce window
                self._advance(end, 1)
                if down:  # down again right after a release: chatter, not a new press
                    self._down[k] = 1
                    self._quiet[k] = 1
                else:
                    self._change(k, 0, end)
        self._advance(now, 0)

    def _turned(self, pos, rest):
        """Steps of an encoder up to count `pos` into events; False if they did not all fit."""
        return True

    def _advance(self, t, edge):
        """Time passes to `t`: auto-repeats and the long press of OK that fall due (with `edge` = 1,
        an edge at `t` comes first: a repeat due at `t` waits for it)."""
        if not self._begun or ticks_diff(t, self._last) > 0:
            self._last = t
            self._begun = 1
        t = self._last
        down = self._down
        quiet = self._quiet
        if down[_OK] and not quiet[_OK] and ticks_diff(t, self._since[_OK]) >= self._long:
            quiet[_OK] = 1
            self._push(BACK)
        for k in range(2):
            if down[k] and not quiet[k]:
                while ticks_diff(t, self._due[k]) >= edge and self._size < _QUEUE_SIZE:
                    self._push(PREV if k == 0 else NEXT)
                    self._due[k] = ticks_add(self._due[k], self._repeat)

    def _change(self, k, down, t):
        """Key k went down (1) or up (0) at `t`."""
        if down == self._down[k]:
            return
        self._down[k] = down
        if down:
            self._since[k] = t
            if k == _OK:
                if self._down_event:
                    self._push(DOWN)
            else:
                self._push(PREV if k == 0 else NEXT)
                self._due[k] = ticks_add(t, self._repeat_delay)
        elif self._quiet[k]:
            self._quiet[k] = 0
        elif k == _OK:
            self._push(BACK if ticks_diff(t, self._since[_OK]) >= self._long else OK)

    def ok_held(self):
        """True while OK is down (from its first edge, as of the last poll)."""
        return bool(self._down[_OK])

    def dropped(self):
        """True if edges were ever dropped because the ring was full (the level check recovered)."""
        return bool(self._lost)


class Buttons(_Keys):
    """Three push buttons to ground: previous, next, OK."""

    def __init__(self, pin_prev, pin_next, pin_ok, debounce_ms=20, long_ms=700, repeat_delay_ms=500,
                 repeat_ms=150, down_event=False):
        super().__init__((pin_prev, pin_next, pin_ok), debounce_ms, long_ms, repeat_delay_ms, repeat_ms,
                         down_event)

    def poll(self, now_ms):
        """The keys up to `now_ms` (from time.ticks_ms()); returns one event code or NONE."""
        self._keys(now_ms)
        return self._pop()


class Encoder(_Keys):
    """A quadrature rotary encoder (A, B to ground) with a push switch: one step per detent.

    Turning clockwise (A falls first from rest) gives NEXT; `reverse` swaps the direction.
    `half_step` is for encoders with a detent at both 11 and 00 (two steps per cycle).
    """

    def __init__(self, pin_a, pin_b, pin_sw, debounce_ms=20, long_ms=700, reverse=False, half_step=False,
                 down_event=False):
        super().__init__((None, None, pin_sw), debounce_ms, long_ms, 0, 1, down_event)
        self._a = pin_a
        self._b = pin_b
        self._reverse = reverse
        self._detent = 2 if half_step else 4
        self._state = self._read()
        self._pos = 0  # quarter steps, counted by the interrupt (16 bits, wrapping)
        self._dir = 0  # the last quarter step's direction (+1 / -1)
        self._base = 0  # the count at the last detent turned into events
        self._sampled = not (_attach(pin_a, self._irq_turn) & _attach(pin_b, self._irq_turn))

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
        room = _QUEUE_SIZE - self._size
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
