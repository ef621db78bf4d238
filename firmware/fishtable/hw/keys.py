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
`down_event` True (a constructor argument, or set the attribute later) also DOWN when OK goes
down, so the UI can show the press at once (the press still ends in OK or BACK); it is off by
default, so a UI that does not know DOWN never sees it.  `ok_held()` says whether OK is down.

Debounce without latency: the first edge of a key counts at once; the edges of that key in
the `debounce_ms` after it are bounce and ignored; when that window ends, the pin's level is
compared with the key's state: a press shorter than the window is released then, and a key
down again right after a release (contact chatter while held) is down without an event, so
chatter never makes a second step (a chattering OK may end its press early, as OK).  An
interrupt whose pin reads the level of the key's last recorded edge means the pin went and
came back before the interrupt ran (interrupts were off, e.g. during a flash erase): both
edges are recorded.  Pins without `irq()` (test doubles, CircuitPython's stand-ins) are read
in `poll()` instead, each change counting as an edge at that time.  Pins are active low.

The encoder (`Encoder`, in fishtable.hw.encoder: a buttons board never holds its code) shares
all of this for its push switch.
"""

from time import ticks_add, ticks_diff, ticks_ms

from micropython import const

# Times are ticks values, kept in preallocated lists: storing or loading a small int there never
# allocates, on the board (ticks < 2**30) and on 64-bit ports (ticks up to 2**62) alike.
from fishtable.events import BACK, DOWN, NAMES, NEXT, NONE, OK, PREV  # noqa: F401 - re-exported

_QUEUE_SIZE = const(16)
_RING = const(16)  # recorded edges (a power of two): 7 presses while the loop is away
_ROOM = const(4)  # queue slots one recorded edge may fill (its event, repeats, BACK)
_OK = const(2)  # key index of OK (0 = PREV, 1 = NEXT)


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

    def _room(self):
        return _QUEUE_SIZE - self._size


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
        self.down_event = down_event
        # written by the interrupts (and read here)
        self._codes = bytearray(_RING)  # key << 1 | down
        self._times = [0] * _RING
        self._marks = None  # the encoder's: its count at each edge (turns before a press stay before it)
        self._pos = 0  # the encoder's quarter-step count (0 for buttons)
        self._base = 0  # ... at the last step turned into events
        self._w = 0
        self._lost = 0  # edges dropped because the ring was full (the loop then reads the levels)
        self._level = bytearray(3)  # per key: down (1) at its last recorded edge
        self._at = [0, 0, 0]  # per key: time of its last recorded edge
        self._armed = bytearray(3)  # per key: 1 once an edge was recorded (the bounce window applies)
        # the loop's side
        self._r = 0
        self._down = bytearray(3)  # per key: the state events are made from
        self._quiet = bytearray(3)  # no event on this press (held at start, or BACK sent)
        self._since = [0, 0, 0]  # when the key went down
        self._due = [0, 0, 0]  # when its next auto-repeat fires
        self._synced = 0  # _lost when the levels were last read after a drop
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
        code = k << 1 | down
        n = 2 if down == self._level[k] else 1  # 2: it went and came back before we looked
        w = self._w
        while n:
            nxt = (w + 1) & (_RING - 1)
            if nxt == self._r:
                self._lost += 1
                break
            n -= 1
            self._codes[w] = code ^ n  # the other level first when both edges are recorded
            self._times[w] = now
            if self._marks is not None:
                self._marks[w] = self._pos
            w = nxt
        self._w = w
        self._level[k] = down
        self._at[k] = now
        self._armed[k] = 1

    # -- loop side: edges -> events ---------------------------------------------------------

    def _keys(self, now):
        """Everything recorded up to `now`, in time order, into the event queue (as room allows)."""
        polled = self._polled  # keys without an interrupt: a change read now is an edge now
        for k in range(3):
            if polled >> k & 1:
                down = 0 if self._pins[k].value() else 1
                if down != self._level[k]:
                    self._record(k, down, now)
        while self._r != self._w:
            if self._size > _QUEUE_SIZE - _ROOM:
                return  # the rest waits in the ring for the next poll
            r = self._r
            if self._marks is not None and not self._turned(self._marks[r], True):
                return  # the steps before this edge first, as room allows
            code = self._codes[r]
            t = self._times[r]
            self._r = (r + 1) & (_RING - 1)
            self._advance(t, 1)
            self._change(code >> 1, code & 1, t)
        lost = self._lost
        if lost != self._synced:  # edges were dropped: what the pins read now, as edges now
            self._synced = lost
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
                if self.down_event:
                    self._push(DOWN)
            else:
                self._push(PREV if k == 0 else NEXT)
                self._due[k] = ticks_add(t, self._repeat_delay)
        elif self._quiet[k]:
            self._quiet[k] = 0
        elif k == _OK:
            self._push(BACK if ticks_diff(t, self._since[_OK]) >= self._long else OK)

    def idle(self):
        """True when no key is down and nothing waits (the loop may sleep until a pin interrupt);
        False from the first edge of a press or turn until its events are taken (the app's idle
        timer counts from it); None when nothing is down but keys are read in poll() (no sleep)."""
        if (self._size or self._r != self._w or self._pos != self._base
                or self._down[0] or self._down[1] or self._down[2]):
            return False
        return not self._polled or None

    def ok_held(self):
        """True while OK is down (from its first edge, as of the last poll)."""
        return bool(self._down[_OK])


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
