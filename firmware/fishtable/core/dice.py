"""The device's die: a fair d6 from an injectable random source.

The default source is a 32-bit xorshift generator, reproducible from a seed (tests,
the simulator).  On the board the app seeds it from the hardware's entropy:

    Die(seed=int.from_bytes(os.urandom(4), "little"))

A roll takes 32 bits and rejects the top 4 values of the range, so every face has
the same 715827882 chances in 4294967292 (checked by a chi-square test in
host_tests/test_dice.py); the sequence for a seed is the same under CPython and
MicroPython, 64- or 32-bit.
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
