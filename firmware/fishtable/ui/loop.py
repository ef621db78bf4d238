"""The app loop: poll the keys, feed events and ticks to the app, redraw on change, sleep."""

from micropython import const

from fishtable.text import t

SLEEP_MS = const(10)
_QUIET_MS = const(100)  # the longest nap while awake and nothing moves (a screen's timers may be late by it)
_DARK_MS = const(1000)  # ... while the panel is dark


def make_die(hw):
    """A die seeded from the hardware's seed, else `os.urandom`, else the clock."""
    from fishtable.ui.startup import make_die

    return make_die(hw)


def run(hw, store, die, limit=None):
    """Run the app on `hw` (fishtable.hw.Hardware) with `store` and `die`.  `store` is a
    fishtable.store.Store, or on the board the folder of one: then the app opens it when a screen
    needs it and lets it go at the idle menu (App.at_menu).  `die` None: seeded when first rolled.

    An error inside the app does not stop the table: it is printed, and the app starts
    again from the journal (the game in progress is resumed as it was before the key).
    `limit` stops after that many loop passes (tests); on the board it runs forever.
    """
    clock = hw.clock
    keys = hw.keys
    idle = getattr(keys, "idle", None)  # (a key input without it keeps the loop at SLEEP_MS)
    sleep = hw.lightsleep if idle is not None else None
    keep = hw.keepalive
    battery = hw.battery
    app = _start(hw, store, die)
    grown = False  # the table of names: grown once a game is on (grow_names)
    passes = 0
    while limit is None or passes < limit:
        passes += 1
        try:
            now = clock.ticks_ms()
            ev = keys.poll(now)
            if ev:
                app.handle(ev)
            if idle is not None and idle() is False:  # a press or turn that began lit keeps it lit
                app.key_at = now
            app.tick(now)
            if battery is not None:
                battery.step(app, now)  # (its mark is drawn by the display's show)
            app.draw()
            if not grown and app.match is not None:  # a game's first frame is on the panel
                grown = True
                grow_names()
        except Exception as err:  # noqa: BLE001 - see the docstring
            _report(err)
            app = None  # its screens and their memory go before the new app starts
            app = _start(hw, store, die)
            app.message(t("Error: %s. Restarted.") % err)
        # Nothing moves (no key, spinner, animation, message or drawing; or the panel is dark) and
        # the board is on battery: the chip's light sleep, until a key's pin interrupt or the time
        # (the ticks keep counting).  Else, and on USB power (light sleep upsets the USB link), 10 ms.
        most = _DARK_MS if app.rest == 2 else _QUIET_MS
        if keep is not None:
            most = min(most, keep.tick(clock.ticks_ms()))
        if (sleep is not None and not hw.vbus.value() and idle() and
                (app.rest == 2 or not (app.fx.mode or app.waiting or app.toast or app.dirty))):
            sleep(most)
        else:
            clock.sleep_ms(SLEEP_MS)
    return app


def grow_names():
    """MicroPython's table of names grown once, now (fishtable.ui.names): when a game is on, before
    it has cut the heap up (after a long game Scan could not get the block it needs for its names)."""
    from fishtable import forget_module
    from fishtable.ui import names

    names.grow()
    forget_module("fishtable.ui.names")


def _start(hw, store, die):
    """A fresh app on the store's settings and game in progress (`store`: see `run`)."""
    import gc

    from fishtable import forget_module
    from fishtable.session import Session
    from fishtable.ui import prefs
    from fishtable.ui.app import App

    root = None
    if isinstance(store, str):
        from fishtable.store import Store

        root = store
        store = Store(root=root)
    gc.collect()
    from fishtable.ui import prefcheck

    settings = prefcheck.checked(store.load_settings(prefs.defaults()))
    del prefcheck
    forget_module("fishtable.ui.prefcheck")  # only the start needs it
    app = App(hw, Session(store), die, settings, hw.clock.ticks_ms(), root)  # (it applies them: prefs goes)
    prefs = None
    from fishtable.ui.language import start

    start(app)  # the texts' language, then App.start (never raises: the main menu and a message)
    return app


def _report(err):
    import sys

    print("fishtable: app error: %s: %s" % (type(err).__name__, err))
    show = getattr(sys, "print_exception", None)  # MicroPython: the traceback too
    if show is not None:
        show(err)
