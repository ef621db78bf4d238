"""Settings (brightness, screen flip, when the panel dims and goes dark, and each game's own from
the registry: Yo Fish!'s highest card value, Hecht's six chips) and About."""

import gc

from fishtable import VERSION
from fishtable.text import t
from fishtable.ui.widgets import Info, Menu, Picker


def _labels(app):
    s = app.settings
    labels = [t("Brightness %d") % s["brightness"], t("Flip screen %s") % _yes_no(s["flip"]),
              t("Dim %s") % _minutes(s["dim"]), t("Dark %s") % _minutes(s["dark"])]
    for setting in _game_settings():
        label = t(setting[2])  # (marked n_ in the registry: a template or not, once shown)
        labels.append(label % s[setting[0]] if "%s" in label else label)
    from fishtable.ui import language

    if language.offered(app):  # (a board without a catalog has English only)
        labels.append(language.label(app))
    return labels


def _yes_no(value):
    return t("yes") if value else t("no")


_MINUTES = (1, 2, 5, 10, 20, 30, 60, 0)  # the dim and dark times offered (0: never)
_BASE_LINES = 4  # the lines above the games' own


def _minutes(value):
    return t("%d min") % value if value > 0 else t("never")


def _game_settings():
    """Every setting a game owns, (key, default, label, editor), in registry order."""
    from fishtable.core.games import GAMES

    return [setting for game in GAMES for setting in game.settings]


def settings_screen(app):
    """The settings menu; each line opens a picker."""
    labels = _labels(app)
    return Menu(t("Settings"), labels, list(range(len(labels))), _chosen)


def _refresh(app):
    app.pop()  # the picker
    app.pop()  # the old menu
    menu = settings_screen(app)
    app.push(menu)


def _chosen(app, item):
    s = app.settings
    if item == 0:
        values = [1, 2, 3, 4, 5]
        app.push(Picker(t("Brightness"), [str(v) for v in values], values, lambda a, v: _set(a, "brightness", v),
                        index=s["brightness"] - 1))
    elif item == 1:
        app.push(Picker(t("Flip screen"), [_yes_no(0), _yes_no(1)], [0, 1], lambda a, v: _set(a, "flip", v),
                        index=s["flip"]))
    elif item < _BASE_LINES:  # without a key, after how long the panel dims / goes dark
        key = "dim" if item == 2 else "dark"
        current = s[key] if s[key] in _MINUTES else 0
        app.push(Picker(t("Dim after") if item == 2 else t("Dark after"), [_minutes(v) for v in _MINUTES],
                        list(_MINUTES), lambda a, v: _set(a, key, v), index=_MINUTES.index(current)))
    elif item == _BASE_LINES + len(_game_settings()):  # the last line: the language
        from fishtable.ui import language

        language.pick(app, settings_screen)
    else:  # a game's own setting, edited as its registry entry says
        setting = _game_settings()[item - _BASE_LINES]
        key = setting[0]
        editor = setting[3]
        if editor[0] == "number":
            low, high, title, info = editor[1:]
            values = list(range(low, high + 1))
            current = s[key]
            app.push(Picker(t(title), [str(v) for v in values], values, lambda a, v: _set(a, key, v),
                            index=values.index(current) if current in values else 0, info=(t(info),)))
        else:
            _pick(app, key, editor, [])


def _pick(app, key, editor, chosen):
    """The next of a "picks" setting's values (see fishtable.core.games): each picker replaces the
    last; after the last, the rules module's check decides whether they are kept."""
    from fishtable.core.games import load

    count, module, choices, _check, title, _refused = editor[1:]
    kinds = getattr(load(module), choices)
    current = app.settings[key].split()
    i = len(chosen)
    index = kinds.index(current[i]) if i < len(current) and current[i] in kinds else 0
    from fishtable.ui.setup import chip_name

    app.push(Picker(t(title) % (i + 1), [chip_name(k) for k in kinds], list(kinds),
                    lambda a, k: _picked(a, key, editor, chosen, k), lambda a: a.pop(), index))  # Back: nothing saved


def _picked(app, key, editor, chosen, value):
    count, module, _choices, check, _title, refused = editor[1:]
    chosen = chosen + [value]
    if len(chosen) < count:
        app.pop()
        _pick(app, key, editor, chosen)
        return
    from fishtable.core.errors import Invalid
    from fishtable.core.games import load

    try:
        getattr(load(module), check)(chosen)
    except Invalid:
        app.pop()
        app.message(t(refused))
        return
    _set(app, key, " ".join(chosen))


def _set(app, key, value):
    """Keep `value` as setting `key` (on flash, and on the hardware), then show the menu again;
    a full flash says so and keeps the old value."""
    app.save_settings(key, value)
    _refresh(app)


def about_screen(app):
    """Version, free memory (on a Pico; a simulator says it is one: its heap is not the Pico's), and
    the power: USB or not, the battery's voltage (when known)."""
    import sys

    free = t("n/a (simulator)")
    if sys.platform == "rp2" or sys.platform == "RP2040":  # MicroPython, CircuitPython on the chip
        gc.collect()
        free = t("%d bytes") % gc.mem_free()
    hw = app.hw
    power = []
    if hw.vbus is not None:
        power.append(t("USB power %s") % _yes_no(hw.vbus.value()))
    battery = hw.battery
    if battery is not None:
        battery.at = None
        battery.tick(app.now)  # read now
        power.append(t("battery %d.%02d V") % (battery.mv // 1000, battery.mv % 1000 // 10) if battery.mv else
                     t("battery: no reading"))
    lines = ["fishtable", t("version %s") % VERSION, "", t("free RAM"), free, ""] + power + [t("OK: back")]
    if len(power) > 1:
        del lines[2]  # (8 rows)
    return Info(lines)
