"""What the app needs only when its die is first rolled (imported then; `App.keep` drops it
again): the die's seed."""

import time

from fishtable.core.dice import Die


def make_die(hw):
    """A die seeded from the hardware's seed, else `os.urandom`, else the clock."""
    seed = hw.seed
    if seed is None:
        try:
            import os

            seed = int.from_bytes(os.urandom(4), "big")
        except (ImportError, AttributeError, OSError):
            seed = time.ticks_us() ^ (time.ticks_ms() << 10)
    return Die(seed)
