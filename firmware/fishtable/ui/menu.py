"""The main menu: Resume (when a game is in progress), a new game of each game the registry knows,
History, Players (the roster), Stats, Dice, Settings, About."""

from fishtable.text import n_, t
from fishtable.ui.widgets import Confirm, Menu

RESUME = n_("Resume")
OTHERS = (n_("History"), n_("Players"), n_("Stats"), n_("Dice"), n_("Settings"), n_("About"))


def _lines(app):
    """(labels, values): the lines as shown and what each one opens (RESUME, a game's registry
    name, or one of OTHERS as written above: the menu acts on these, never on a shown label)."""
    from fishtable.core.games import GAMES  # (the registry leaves memory with at_menu)

    values = []
    if app.match is not None:
        values.append(RESUME)
    labels = [t(v) for v in values]
    new = t("New %s")
    for game in GAMES:
        labels.append(new % game.title)
        values.append(game.name)
    for other in OTHERS:
        labels.append(t(other))
        values.append(other)
    return labels, values


class MainMenu(Menu):
    """The first screen after start-up."""

    def __init__(self, app):
        labels, values = _lines(app)
        Menu.__init__(self, None, labels, values, on_ok=_chosen, on_back=_stay)

    def enter(self, app):
        labels, values = _lines(app)
        app.at_menu()  # whatever the screens above it needed leaves memory
        self.ask.labels = labels
        self.ask.values = values
        if self.ask.index >= len(self.ask.labels):
            self.ask.index = 0
        app.fx.off()


def _stay(app):
    """BACK on the main menu does nothing."""


def _chosen(app, value):
    if value == RESUME:
        app.play()
        return
    from fishtable.core.games import GAMES

    for game in GAMES:
        if value == game.name:
            if app.match is not None:
                app.push(Confirm(t("Discard the game in progress?"), lambda a: _discard_and_new(a, game)))
            else:
                _new(app, game)
            return
    if value == OTHERS[0]:
        from fishtable.ui.history import history_screen

        app.push(history_screen(app))
    elif value == OTHERS[1]:
        from fishtable.ui.players import RosterList

        app.push(RosterList(app))
    elif value == OTHERS[2]:
        from fishtable.ui.stats import stats_screen

        app.push(stats_screen(app))
    elif value == OTHERS[3]:
        from fishtable.ui.roll import DiceScreen

        app.push(DiceScreen())
    elif value == OTHERS[4]:
        from fishtable.ui.settings import settings_screen

        app.push(settings_screen(app))
    else:
        from fishtable.ui.settings import about_screen

        app.push(about_screen(app))


def _discard_and_new(app, game):
    name = game.name
    game = None
    app.session.discard()
    app.pop()  # (the menu lets the registry go: its entry is found again)
    from fishtable.core.games import find

    _new(app, find(name))


def _new(app, game):
    from fishtable.ui.setup import Setup

    Setup(app, game).first()
