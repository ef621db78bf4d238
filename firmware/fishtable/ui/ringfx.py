"""Ring patterns: the player colours, a steady player colour, a spinner with an end, a celebration.

Animations advance in `tick(now)` from the app's clock (deterministic under a virtual clock).
"""

from micropython import const

from fishtable.text import n_

# Seat colours: Hecht's six pike colours first (fixed by seat there), then two more (shown through t).
NAMES = (n_("Red"), n_("Yellow"), n_("Blue"), n_("Green"), n_("Orange"), n_("White"), n_("Purple"), n_("Cyan"))
RGB = (
    (255, 0, 0),
    (255, 180, 0),
    (0, 40, 255),
    (0, 200, 0),
    (255, 80, 0),
    (255, 255, 255),
    (150, 0, 255),
    (0, 200, 200),
)
STEP_MS = const(60)
IDLE = const(0)
SPIN = const(1)
PARTY = const(2)


class RingFx:
    """What the ring shows: a steady colour, dark, a spinner with an end, or a celebration.

    The screens say what it should show while they handle a key (`player`, `off`, `spin`,
    `celebrate`); `tick(now)` moves the animations; `render()`, called by the app after it has
    drawn the OLED's frame, writes the ring once if what it shows changed."""

    def __init__(self, ring):
        self.ring = ring
        self.mode = IDLE
        self.rgb = None  # the steady colour (None: dark)
        self.colours = ()
        self.t0 = 0
        self.until = 0
        self.step = -1
        self.done = None
        self.stale = True  # the ring does not show the wanted pattern yet

    def player(self, rgb):
        """A steady colour: whose turn it is."""
        if self.mode != IDLE or self.rgb != rgb:
            self.stale = True
        self.mode = IDLE
        self.done = None
        self.rgb = rgb

    def off(self):
        """All pixels off."""
        self.player(None)

    def spin(self, now, rgb, ms, done=None):
        """Spin for `ms`, then call `done()` (drawing lots, rolling dice)."""
        self.mode = SPIN
        self.rgb = rgb
        self.t0 = now
        self.until = ms
        self.step = 0
        self.done = done
        self.stale = True

    def celebrate(self, now, colours):
        """The winners' colours chase around the ring until something else is shown."""
        self.mode = PARTY
        self.colours = colours
        self.t0 = now
        self.step = 0
        self.stale = True

    def busy(self):
        """True while a spinner runs."""
        return self.mode == SPIN

    def tick(self, now):
        """Advance the animation; returns True when a spinner has just ended (the screen changes)."""
        if self.mode == IDLE:
            return False
        import time

        elapsed = time.ticks_diff(now, self.t0)
        if self.mode == SPIN and elapsed >= self.until:
            self.mode = IDLE
            self.rgb = None
            self.stale = True
            done = self.done
            self.done = None
            if done is not None:
                done()
            return True
        step = elapsed // STEP_MS
        if step != self.step:
            self.step = step
            self.stale = True
        return False

    def render(self):
        """Write the ring if what it shows changed (the app calls this after drawing the OLED)."""
        if not self.stale:
            return
        self.stale = False
        ring = self.ring
        if ring is None:
            return
        if self.mode == SPIN:
            ring.spinner(self.step, self.rgb)
        elif self.mode == PARTY:
            ring.celebrate(self.step, self.colours)
        elif self.rgb is None:
            ring.clear()
        else:
            ring.player(self.rgb)
        ring.show()
