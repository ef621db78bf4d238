"""The device's die: a fair d6 from an injectable random source.

The default source is a 32-bit xorshift generator, reproducible from a seed (tests,
the simulator).  On the board the app seeds it from `os.urandom`.
"""

from micropython import const

_MASK = const(0xFFFFFFFF)
_LIMIT = const(4294967292)  # the largest multiple of 6 not above 2**32: no modulo bias


class XorShift32:
    """Marsaglia's xorshift32; `next()` returns 0 .. 2**32-1."""

    def __init__(self, seed=1):
        self.state = (seed & _MASK) or 0x9E3779B9

    def next(self):
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x


class Die:
    """A six-sided die; `source` is any object whose `next()` returns 32 random bits."""

    def __init__(self, seed=1, source=None):
        self.source = source if source is not None else XorShift32(seed)

    def roll(self):
        """One roll, 1 to 6, uniform (rejection sampling removes the modulo bias)."""
        while True:
            x = self.source.next()
            if x < _LIMIT:
                return x % 6 + 1

    def rolls(self, count):
        """A list of `count` rolls."""
        return [self.roll() for _ in range(count)]
