"""Settings (brightness, screen flip, Yo Fish!'s highest card value, Hecht's six chips) and About."""

import gc

from fishtable import VERSION
from fishtable.ui.widgets import Info, Menu, Picker


def _labels(app):
    s = app.settings
    return [
        "Brightness %d" % s["brightness"],
        "Flip screen %s" % ("yes" if s["flip"] else "no"),
        "Yo Fish! 1 to %d" % s["yo_max"],  # the card values its picker offers
        "Hecht chips",
    ]


def settings_screen(app):
    """The settings menu; each line opens a picker."""
    return Menu("Settings", _labels(app), [0, 1, 2, 3], _chosen)


def _refresh(app):
    app.pop()  # the picker
    app.pop()  # the old menu
    menu = settings_screen(app)
    app.push(menu)


def _chosen(app, item):
    s = app.settings
    if item == 0:
        values = [1, 2, 3, 4, 5]
        app.push(Picker("Brightness", [str(v) for v in values], values, lambda a, v: _set(a, "brightness", v),
                        index=s["brightness"] - 1))
    elif item == 1:
        app.push(Picker("Flip screen", ["no", "yes"], [0, 1], lambda a, v: _set(a, "flip", v), index=s["flip"]))
    elif item == 2:
        values = list(range(6, 100))
        app.push(Picker("Highest card:", [str(v) for v in values], values, lambda a, v: _set(a, "yo_max", v),
                        index=values.index(s["yo_max"]) if s["yo_max"] in values else 6, info=("Yo Fish!",)))
    else:
        _ask_chip(app, [])


def _set(app, key, value):
    app.save_settings(key, value)  # a full flash says so and keeps the old value
    _refresh(app)


def _ask_chip(app, chosen):
    from fishtable.core.hecht import KINDS  # (the chip editor only: Hecht's rules say what a chip is)

    current = app.settings["chips"].split()
    i = len(chosen)
    index = KINDS.index(current[i]) if i < len(current) and current[i] in KINDS else 0
    app.push(Picker("Hecht chip %d/6" % (i + 1), list(KINDS), list(KINDS), lambda a, k: _chip(a, chosen, k),
                    lambda a: _chip_back(a, chosen), index))


def _chip_back(app, chosen):
    app.pop()  # nothing saved


def _chip(app, chosen, kind):
    chosen = chosen + [kind]
    if len(chosen) < 6:
        app.pop()
        _ask_chip(app, chosen)
        return
    from fishtable.core.errors import Invalid
    from fishtable.core.hecht import check_chips

    try:
        check_chips(chosen)
    except Invalid:
        app.pop()
        app.message("Chips need a skip and a pike: not saved")
        return
    app.save_settings("chips", " ".join(chosen))
    _refresh(app)


def about_screen(app):
    """Version and free memory."""
    gc.collect()
    try:
        free = gc.mem_free()
    except AttributeError:  # CPython has no mem_free
        free = 0
    return Info(["fishtable", "version " + VERSION, "", "free RAM", "%d bytes" % free, "", "OK: back"])
