"""The settings read from flash checked against their ranges (at start-up: the module is dropped
again) and a game's "picks" setting checked by its rules module (at set-up)."""

from fishtable.core.games import GAMES
from fishtable.ui.prefs import defaults

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
    if settings["language"] not in ("en", "de"):
        settings["language"] = "en"
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
