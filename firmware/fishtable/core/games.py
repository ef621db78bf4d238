"""The three games by record name, imported lazily when a game starts."""

from micropython import const

NAMES = ("hifisch", "hecht", "yofish")
TITLES = ("Hi Fisch!", "Hecht", "Yo Fish!")

HIFISCH = const(0)
HECHT = const(1)
YOFISH = const(2)


def game_class(name):
    """Return the Game class of the game called `name` in records (imports its module)."""
    if name == "hifisch":
        from fishtable.core.hifisch import Game
    elif name == "hecht":
        from fishtable.core.hecht import Game
    elif name == "yofish":
        from fishtable.core.yofish import Game
    else:
        from fishtable.core.errors import Invalid

        raise Invalid("unknown game %s" % name)
    return Game
