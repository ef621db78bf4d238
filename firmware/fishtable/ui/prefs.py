"""The settings: their defaults (the device's own and those each game owns, from the registry)
and what they do to the hardware (brightness, the picture's orientation)."""

from fishtable.core.games import GAMES

BASE = (
    ("brightness", 3),  # 1..5
    ("flip", 0),  # 1: the picture turned by 180 degrees from how the panel is mounted
    ("colours", "01234567"),  # seat -> palette index, as last chosen at a set-up
    ("dim", 2),  # minutes without a key until the panel dims and the ring fades (0: never)
    ("dark", 10),  # ... until both go dark (0: never)
    ("language", "en"),  # the texts' language: en, de (fishtable.ui.language)
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
