"""Ring patterns: the player colours, a steady player colour, a spinner with an end, a celebration.

Animations advance in `tick(now)` from the app's clock (deterministic under a virtual clock).
"""

from micropython import const

# Seat colours: Hecht's six pike colours first (fixed by seat there), then two more.
NAMES = ("Red", "Yellow", "Blue", "Green", "Orange", "White", "Purple", "Cyan")
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
    """Drives a `Ring` (or nothing when `ring` is None)."""

    def __init__(self, ring):
        self.ring = ring
        self.mode = IDLE
        self.rgb = (0, 0, 0)
        self.colours = ()
        self.t0 = 0
        self.until = 0
        self.step = -1
        self.done = None

    def player(self, rgb):
        """A steady colour: whose turn it is."""
        self.mode = IDLE
        self.done = None
        if self.ring is not None:
            self.ring.player(rgb)
            self.ring.show()

    def off(self):
        """All pixels off."""
        self.mode = IDLE
        self.done = None
        if self.ring is not None:
            self.ring.off()
            self.ring.show()

    def spin(self, now, rgb, ms, done=None):
        """Spin for `ms`, then call `done()` (drawing lots, rolling dice)."""
        self.mode = SPIN
        self.rgb = rgb
        self.t0 = now
        self.until = ms
        self.step = -1
        self.done = done

    def celebrate(self, now, colours):
        """The winners' colours chase around the ring until something else is shown."""
        self.mode = PARTY
        self.colours = colours
        self.t0 = now
        self.step = -1

    def busy(self):
        """True while a spinner runs."""
        return self.mode == SPIN

    def tick(self, now):
        """Advance the animation; returns True when a spinner has just ended."""
        if self.mode == IDLE:
            return False
        import time

        elapsed = time.ticks_diff(now, self.t0)
        if self.mode == SPIN and elapsed >= self.until:
            self.mode = IDLE
            done = self.done
            self.done = None
            if done is not None:
                done()
            return True
        step = elapsed // STEP_MS
        if step != self.step:
            self.step = step
            if self.ring is not None:
                if self.mode == SPIN:
                    self.ring.spinner(step, self.rgb)
                else:
                    self.ring.celebrate(step, self.colours)
                self.ring.show()
        return False
