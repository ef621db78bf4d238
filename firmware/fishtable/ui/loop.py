"""The app loop: poll the keys, feed events and ticks to the app, redraw on change, sleep."""

import time

from micropython import const

from fishtable.core.dice import Die

SLEEP_MS = const(10)


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
    profile (`pico`): a wrong name in config.txt still shows its message on the screen.
    """
    print("fishtable: board error: %s" % err)
    display = getattr(err, "display", None)
    if display is None and board is not None:
        try:
            display = board.build(board.load_profile("pico", "boards")).display
        except Exception:  # noqa: BLE001 - no OLED to show it on: the console has it
            display = None
    if display is not None:
        from fishtable.ui import draw

        draw.begin(display)
        lines = draw.wrap("Board error: %s" % err)[: draw.ROWS]
        for i in range(len(lines)):
            draw.line(display, lines[i], i)
        display.show()
    return display


def run(hw, store, die, limit=None):
    """Run the app on `hw` (fishtable.hw.Hardware) with `store` and `die`.

    An error inside the app does not stop the table: it is printed, and the app starts
    again from the journal (the game in progress is resumed as it was before the key).
    `limit` stops after that many loop passes (tests); on the board it runs forever.
    """
    clock = hw.clock
    keys = hw.keys
    app = _start(hw, store, die)
    passes = 0
    while limit is None or passes < limit:
        passes += 1
        try:
            now = clock.ticks_ms()
            ev = keys.poll(now)
            if ev:
                app.handle(ev)
            app.tick(now)
            app.draw()
        except Exception as err:  # noqa: BLE001 - see the docstring
            _report(err)
            app = None  # its screens and their memory go before the new app starts
            app = _start(hw, store, die)
            app.message("Error: %s. Restarted." % err)
        clock.sleep_ms(SLEEP_MS)
    return app


def _start(hw, store, die):
    """A fresh app on the store's settings and game in progress."""
    import gc

    from fishtable.session import Session
    from fishtable.ui import prefs
    from fishtable.ui.app import App

    gc.collect()
    app = App(hw, Session(store), die, store.load_settings(prefs.defaults()), hw.clock.ticks_ms())
    app.start()  # never raises: whatever fails, the main menu and a message (App.start)
    return app


def _report(err):
    import sys

    print("fishtable: app error: %s: %s" % (type(err).__name__, err))
    show = getattr(sys, "print_exception", None)  # MicroPython: the traceback too
    if show is not None:
        show(err)
