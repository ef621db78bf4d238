"""The settings: their defaults (the device's own and those each game owns, from the registry)
and what they do to the hardware (brightness, the picture's orientation)."""

from fishtable.core.games import GAMES

BASE = (
    ("brightness", 3),  # 1..5
    ("flip", 0),  # 1: the picture turned by 180 degrees from how the panel is mounted
    ("colours", "01234567"),  # seat -> palette index, as last chosen at a set-up
    ("dim", 2),  # minutes without a key until the panel dims and the ring fades (0: never)
    ("dark", 10),  # ... until both go dark (0: never)
)


def defaults():
    """A fresh dict of every setting's default."""
    values = {}
    for key, value in BASE:
        values[key] = value
    for game in GAMES:
        for setting in game.settings:
            values[setting[0]] = setting[1]
    return values


# (key, lowest, highest) of the device's own number settings
RANGES = (("brightness", 1, 5), ("flip", 0, 1))
SEATS = "01234567"  # the `colours` setting: these palette indices, each once, in any order


def checked(settings):
    """`settings` (as read from flash) with every value outside its range put back to its default:
    a damaged or hand-edited file never reaches the screens.  A game's "picks" setting is checked
    for its count here; its rules module checks its values when the game is set up (`picks`)."""
    base = defaults()
    for key, low, high in RANGES:
        if not low <= settings[key] <= high:
            settings[key] = base[key]
    colours = settings["colours"]
    if len(colours) != len(SEATS) or any(colours.count(ch) != 1 for ch in SEATS):
        settings["colours"] = base["colours"]
    for game in GAMES:
        for key, default, _label, editor in game.settings:
            value = settings[key]
            if editor[0] == "number":
                ok = editor[1] <= value <= editor[2]
            else:
                ok = len(value.split()) == editor[1]
            if not ok:
                settings[key] = default
    return settings


def picks(settings, key, editor, default):
    """The words of the "picks" setting `key` when its rules module's check takes them, else the
    default's (the module is loaded by then: the game is being set up)."""
    from fishtable.core.errors import Invalid
    from fishtable.core.games import load

    words = settings[key].split()
    try:
        getattr(load(editor[2]), editor[4])(words)
    except Invalid:
        return default.split()
    return words


def apply(hw, settings):
    """Brightness and the screen's orientation to the hardware."""
    level = settings["brightness"]
    display = hw.display
    if display is not None:
        display.contrast(level * 51)
        display.set_flip(hw.mounted_flip != bool(settings["flip"]))  # the setting turns it from the mounting
    ring = hw.ring
    if ring is not None:
        ring.set_brightness(ring.cap * level // 5)
