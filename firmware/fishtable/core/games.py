"""The registry: every game the device knows, in one table.

Adding a fourth game means one rules module (core/), one screen module (ui/) and one entry here.
An entry is data only: the modules are imported when a game starts (`rules_class`), and the
screen module by the app (`GAMES[i].screen`).

    from fishtable.core import games
    info = games.find("hecht")          # its entry, or None
    info.title, info.low, info.high     # "Hecht", 2, 6
"""

# What the set-up asks for or takes from the settings, per game (`Game.options`).
ASK_ADVANCED = "advanced"  # Yo Fish!: "Advanced game?" at set-up -> `option advanced`
CHIPS_SETTING = "chips"  # Hecht: the six chips from the setting of that name -> `option chips ...`


class Game:
    """One entry of the registry."""

    def __init__(self, name, title, low, high, rules, screen, fixed_colours, options, settings):
        self.name = name  # as records name it
        self.title = title  # as the screens name it
        self.low = low  # fewest players
        self.high = high  # most players
        self.rules = rules  # module of the rules (class `Game`), imported when a game starts
        self.screen = screen  # module of the play screen (class `Play`), imported by the app
        self.fixed_colours = fixed_colours  # True: the pike colours only (Hecht), seat N offered colour N first
        self.options = options  # ASK_ADVANCED / CHIPS_SETTING entries: what the set-up does
        self.settings = settings  # (key, default) pairs of the settings this game owns


GAMES = (
    Game("hifisch", "Hi Fisch!", 2, 4, "fishtable.core.hifisch", "fishtable.ui.play_hifisch", False, (), ()),
    Game("hecht", "Hecht", 2, 6, "fishtable.core.hecht", "fishtable.ui.play_hecht", True, (CHIPS_SETTING,),
         ((CHIPS_SETTING, "snail skip wave carp pike wave"),)),
    Game("yofish", "Yo Fish!", 3, 4, "fishtable.core.yofish", "fishtable.ui.play_yofish", False,
         (ASK_ADVANCED,), (("yo_max", 12),)),
)


def find(name):
    """The registry entry of the game called `name` in records, or None."""
    for game in GAMES:
        if game.name == name:
            return game
    return None


def load(module):
    """Import `module` (a dotted name) and return it."""
    top = __import__(module)
    for part in module.split(".")[1:]:
        top = getattr(top, part)
    return top


def rules_class(name):
    """The rules class (`Game`) of the game called `name` (imports its module)."""
    info = find(name)
    if info is None:
        from fishtable.core.errors import Invalid

        raise Invalid("unknown game %s" % name)
    return load(info.rules).Game
