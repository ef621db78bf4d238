"""The app as the board starts it (loop.run with the store's folder): what stays loaded at the idle
main menu, and that what it lets go comes back as it was (test_app.py, both interpreters)."""

PICO = {"i2c": {"bus": 0, "sda": 4, "scl": 5}, "display": {}, "ring": {"pin": 16, "count": 12},
        "input": {"kind": "buttons", "prev": 13, "next": 14, "ok": 15}}


def _loaded():
    import sys

    hardware = ("fishtable.hw", "fishtable.cp")  # (never dropped)
    return sorted(name for name in sys.modules if name.startswith("fishtable") and not name.startswith(hardware))


def _app(folder):
    import devices

    machine = devices.install()
    machine.reset()
    devices.attach_panel()
    from devices.inputs import Clock

    from fishtable.hw import board
    from fishtable.ui import loop

    hw = board.build(board.check_profile("pico", PICO))
    hw.clock = Clock()
    hw.seed = 7
    hw.data_root = folder + "/data"
    return loop.run(hw, hw.data_root, None, limit=3)  # as main.py


def idle_and_back(folder):
    """The modules at the idle menu; the die's rolls across a visit to the menu; the same with a
    game in progress (begun, then resumed by a new start) and after it was discarded."""
    app = _app(folder)
    out = {"idle": _loaded(), "settings": app.settings["dim"]}
    rolls = app.die.rolls(6)
    app.home()
    out["die_dropped"] = "fishtable.core.dice" not in _loaded()
    rolls += app.die.rolls(6)
    from fishtable.core.dice import Die

    out["rolls"] = rolls == Die(7).rolls(12)
    from fishtable.core.match import Match

    app.begin(Match("hecht", 2, 1))
    app.home()
    out["playing"] = [name for name in _loaded() if name in ("fishtable.session", "fishtable.store")]
    again = _app(folder)
    out["resumed"] = again.match is not None and again.match.name
    again.session.discard()
    again.home()
    out["discarded"] = [name for name in _loaded() if name in ("fishtable.session", "fishtable.store")]
    out["roster"] = again.store.roster()
    return out
