"""Setting up a game: players, who sits where and their colours (fishtable.ui.seats), who starts
(chosen or drawn by lot, the rulebook's rule shown), the game's options (as its registry entry
says: asked, or taken from the settings), then the rulebook's set-up checklist (ticked through or
skipped with BACK)."""

from fishtable.core.games import ASK_ADVANCED, CHIPS_SETTING
from fishtable.core.match import COLOURS, Match, is_guest
from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.ringfx import NAMES as COLOUR_NAMES
from fishtable.ui.ringfx import RGB
from fishtable.ui.seats import ask_seat, offer_last
from fishtable.ui.widgets import OK, Info, Picker, Screen

LOT = n_("By lot")
SPIN_MS = 1500
# Hecht's action chips as shown, in the order of fishtable.core.hecht.KINDS (records keep the kinds)
CHIP_NAMES = (n_("snail"), n_("skip"), n_("wave"), n_("carp"), n_("pike"))


def chip_name(kind):
    """A Hecht action chip's kind ("wave", as records write it) as the screens show it."""
    from fishtable.core.hecht import KINDS

    return t(CHIP_NAMES[KINDS.index(kind)]) if kind in KINDS else kind


def draw_lot(die, players):
    """A fair lot among `players` from d6 rolls (rolls that would favour someone are re-rolled)."""
    limit = players * (6 // players) if players <= 6 else 0
    while True:
        roll = die.roll()
        if roll <= limit:
            return (roll - 1) % players + 1


class Setup:
    """The set-up steps of one game (a registry entry); each step is a screen pushed on the app's stack."""

    def __init__(self, app, game):
        self.app = app
        self.game = game
        self.players = game.low
        self.colours = []  # palette index per seat, chosen so far
        self.names = []  # each seat's name, chosen so far (none without a roster)
        self.roster = []  # the roster's names, read when the players' count is chosen
        self.start = 1
        self.options = []  # (name, args) header options, in the order the steps gave them

    def first(self):
        counts = list(range(self.game.low, self.game.high + 1))
        self.app.push(
            Picker(t("Players"), [str(n) for n in counts], counts, self._players, info=(self.game.title,))
        )
        offer_last(self, self.app)

    def _players(self, app, n):
        self.players = n
        self.colours = []
        self.names = []
        self.roster = app.store.roster()
        ask_seat(self, app, 0)

    def label(self, player):
        """The name of `player` (1-based) as chosen so far, or "P2"."""
        names = self.names
        if player <= len(names) and not is_guest(names[player - 1]):
            return names[player - 1]
        return t("P%d") % player

    def _ask_start(self, app):
        """The rulebook's rule above the choice, and its way first: the players (the table names
        the one the rule picks), or the lot first where the rulebook draws lots (Hecht)."""
        labels = [self.label(p) for p in range(1, self.players + 1)]  # big (8 letters: no arrows)
        values = list(range(1, self.players + 1))
        app.fx.off()
        from fishtable.ui import help

        rule, lot = help.start_choice(self.game.name)
        help.forget("help")
        at = 0 if lot else len(labels)
        labels.insert(at, t(LOT))
        values.insert(at, 0)
        rule = t(rule).split("\n")
        app.push(Picker(t("Who starts?"), labels, values, self._start, info=rule))

    def _start(self, app, player):
        if player == 0:
            app.push(Lot(self))
        else:
            self.start = player
            self._options(app)

    def _options(self, app, step=0):
        """The game's option steps, one after the other, then the game begins."""
        if step == 0:
            self.options = []
        asks = self.game.options
        if step >= len(asks):
            self._checklist(app)
        elif asks[step] == ASK_ADVANCED:
            app.push(Picker(t("Advanced game?"), [t("No"), t("Yes")], [0, 1],
                            lambda a, yes: self._advanced(a, yes, step)))
        elif asks[step] == CHIPS_SETTING:
            from fishtable.core.errors import Invalid
            from fishtable.core.hecht import DEFAULT_CHIPS, check_chips

            chips = app.settings[CHIPS_SETTING].split()
            head = [t("Action chips:")]
            try:
                check_chips(chips)
            except Invalid:  # saved before a set needed exactly one skip: the default set
                chips = list(DEFAULT_CHIPS)
                head = t("Saved chips need\none skip. Chips:").split("\n")
            lines = head + draw.wrap(" ".join([chip_name(c) for c in chips])) + ["", t("OK: start")]
            if len(lines) > draw.ROWS:  # (longer chip names in some languages: no blank line)
                del lines[-2]
            app.push(Info(lines, lambda a: self._option(a, ("chips", tuple(chips)), step)))

    def _advanced(self, app, yes, step):
        if yes:
            self.options.append(("advanced", ()))
        self._options(app, step + 1)

    def _option(self, app, option, step):
        self.options.append(option)
        self._options(app, step + 1)

    def _checklist(self, app):
        """The rulebook's set-up for this table, then the game begins (the help texts dropped)."""
        from fishtable.ui import help

        advanced = False
        for name, _ in self.options:
            advanced = advanced or name == "advanced"
        help.checklist(app, self.game.name, self.players, self._checked, advanced)
        help.forget("help")

    def _checked(self, app, ticks):
        self._create(app)

    def _create(self, app):
        colours = [COLOURS[c] for c in self.colours]
        named = False
        for name in self.names:
            named = named or not is_guest(name)
        match = Match(self.game.name, self.players, self.start, names=self.names if named else None,
                      colours=colours)
        for name, args in self.options:
            match.add_option(name, args)
        app.begin(match)


class Lot(Screen):
    """Draws the starting player by lot: the ring spins, then shows the winner's colour."""

    def __init__(self, setup):
        self.setup = setup
        self.player = 0

    def enter(self, app):
        if self.player == 0:
            app.fx.spin(app.now, (255, 255, 255), SPIN_MS, lambda: self._drawn(app))

    def _drawn(self, app):
        setup = self.setup
        self.player = draw_lot(app.die, setup.players)
        setup.start = self.player
        app.fx.player(RGB[setup.colours[self.player - 1]])

    def key(self, app, ev):
        if self.player and ev == OK:
            self.setup._options(app)
        elif self.player:
            self.player = 0
            app.pop()

    def draw(self, app, fb):
        if not self.player:
            draw.centre(fb, t("Drawing lots"), 3)
            return
        draw.big_centre(fb, self.setup.label(self.player), 8)
        draw.centre(fb, t(COLOUR_NAMES[self.setup.colours[self.player - 1]]), 4)
        draw.centre(fb, t("starts"), 5)
        draw.line(fb, t("OK: go on"), 7)
