"""What the app loop needs only at start-up (imported then; `App.keep` drops it again): the die's
seed, a start-up error's message."""

import time

from fishtable.core.dice import Die

ERROR_RGB = (255, 0, 0)  # the ring's steady colour for a start-up error that no panel can show


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


def show_error(err, board=None):
    """A start-up error on the serial console and on the OLED when one comes up.

    The configured board could not be built, so the OLED is tried as wired on the default
    profile (`pico`): a wrong name in config.txt still shows its message on the screen.  When no
    panel answers, the ring (the default profile's) shows a steady error red instead.
    """
    print("fishtable: board error: %s" % err)
    display = getattr(err, "display", None)
    ring = None
    if display is None and board is not None:
        try:
            hw = board.build(board.load_profile("pico", "boards"))
            display = hw.display
            ring = hw.ring
        except Exception:  # noqa: BLE001 - no OLED to show it on: the console has it
            display = None
    if display is not None:
        from fishtable.ui import draw

        draw.begin(display)
        lines = draw.wrap("Board error: %s" % err)[: draw.ROWS]
        for i in range(len(lines)):
            draw.line(display, lines[i], i)
        display.show()
    elif ring is not None:
        ring.fill(ERROR_RGB)
        ring.show()
    return display
