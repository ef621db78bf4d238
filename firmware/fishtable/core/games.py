"""The registry: every game the device knows, in one table.

Adding a fourth game means one rules module (core/), one screen module and one help-text module
(ui/) and one entry here.  An entry is data only: the modules are imported when they are needed
(`rules_class`, `load`).

    from fishtable.core import games
    info = games.find("hecht")          # its entry, or None
    info.title, info.low, info.high     # "Hecht", 2, 6
"""

from fishtable.text import n_

# What the set-up asks for or takes from the settings, per game (`Game.options`).
ASK_ADVANCED = "advanced"  # Yo Fish!: "Advanced game?" at set-up -> `option advanced`
CHIPS_SETTING = "chips"  # Hecht: the six chips from the setting of that name -> `option chips ...`


class Game:
    """One entry of the registry."""

    def __init__(self, name, title, low, high, rules, screen, help, fixed_colours, options, settings):
        self.name = name  # as records name it
        self.title = title  # as the screens name it
        self.low = low  # fewest players
        self.high = high  # most players
        self.rules = rules  # module of the rules (class `Game`), imported when a game starts
        self.screen = screen  # module of the play screen (class `Play`), imported by the app
        self.help = help  # module of the help texts (LEGEND, RULES, SETUP, START: fishtable.ui.help)
        self.fixed_colours = fixed_colours  # True: the pike colours only (Hecht), seat N offered colour N first
        self.options = options  # ASK_ADVANCED / CHIPS_SETTING entries: what the set-up does
        # (key, default, label, editor) of the settings this game owns: the Settings menu shows
        # `label` (with the value for a "%s" in it; texts are marked n_, shown through t); `editor` says how it
        # is edited (fishtable.ui.settings):
        #   ("number", low, high, title, info)   one value picked from low..high
        #   ("picks", n, module, choices, check, title, refused)   n values picked one after the
        #       other from `module`'s tuple `choices`, kept if `module`'s `check` takes them
        self.settings = settings


GAMES = (
    Game("hifisch", "Hi Fisch!", 2, 4, "fishtable.core.hifisch", "fishtable.ui.play_hifisch",
         "fishtable.ui.helptext_hifisch", False, (), ()),
    Game("hecht", "Hecht", 2, 6, "fishtable.core.hecht", "fishtable.ui.play_hecht", "fishtable.ui.helptext_hecht",
         True, (CHIPS_SETTING,),
         ((CHIPS_SETTING, "snail skip wave carp pike wave", n_("Hecht chips"),
           ("picks", 6, "fishtable.core.hecht", "KINDS", "check_chips", n_("Hecht chip %d/6"),
            n_("Chips need one skip and a pike: not saved"))),)),
    Game("yofish", "Yo Fish!", 3, 4, "fishtable.core.yofish", "fishtable.ui.play_yofish",
         "fishtable.ui.helptext_yofish", False, (ASK_ADVANCED,),
         (("yo_max", 12, n_("Yo Fish! 1 to %s"),
           ("number", 6, 99, n_("Highest card:"), "Yo Fish!")),)),
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
