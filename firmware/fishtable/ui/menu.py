"""The main menu: Resume (when a game is in progress), a new game of each game the registry knows,
History, Players (the roster), Stats, Dice, Settings, About."""

from fishtable.ui.widgets import Confirm, Menu

RESUME = "Resume"
OTHERS = ("History", "Players", "Stats", "Dice", "Settings", "About")


def _labels(app):
    from fishtable.core.games import GAMES  # (the registry leaves memory with at_menu)

    labels = []
    if app.match is not None:
        labels.append(RESUME)
    for game in GAMES:
        labels.append("New " + game.title)
    labels.extend(OTHERS)
    return labels


class MainMenu(Menu):
    """The first screen after start-up."""

    def __init__(self, app):
        Menu.__init__(self, None, _labels(app), on_ok=_chosen, on_back=_stay)

    def enter(self, app):
        labels = _labels(app)
        app.at_menu()  # whatever the screens above it needed leaves memory
        self.ask.labels = self.ask.values = labels
        if self.ask.index >= len(self.ask.labels):
            self.ask.index = 0
        app.fx.off()


def _stay(app):
    """BACK on the main menu does nothing."""


def _chosen(app, label):
    if label == RESUME:
        app.play()
        return
    from fishtable.core.games import GAMES

    for game in GAMES:
        if label == "New " + game.title:
            if app.match is not None:
                app.push(Confirm("Discard the game in progress?", lambda a: _discard_and_new(a, game)))
            else:
                _new(app, game)
            return
    if label == "History":
        from fishtable.ui.history import history_screen

        app.push(history_screen(app))
    elif label == "Players":
        from fishtable.ui.players import RosterList

        app.push(RosterList(app))
    elif label == "Stats":
        from fishtable.ui.stats import stats_screen

        app.push(stats_screen(app))
    elif label == "Dice":
        from fishtable.ui.roll import DiceScreen

        app.push(DiceScreen())
    elif label == "Settings":
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
