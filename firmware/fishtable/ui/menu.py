"""The main menu: Resume (when a game is in progress), the three games, History, Dice,
Settings, About."""

from fishtable.ui.widgets import Confirm, Menu

RESUME = "Resume"
NEW = ("New Hi Fisch!", "New Hecht", "New Yo Fish!")
GAMES = ("hifisch", "hecht", "yofish")


def _labels(app):
    labels = []
    if app.match is not None:
        labels.append(RESUME)
    labels.extend(NEW)
    labels.extend(("History", "Dice", "Settings", "About"))
    return labels


class MainMenu(Menu):
    """The first screen after start-up."""

    def __init__(self, app):
        Menu.__init__(self, None, _labels(app), on_ok=_chosen, on_back=_stay)

    def enter(self, app):
        self.ask.labels = self.ask.values = _labels(app)
        if self.ask.index >= len(self.ask.labels):
            self.ask.index = 0
        app.fx.off()


def _stay(app):
    """BACK on the main menu does nothing."""


def _chosen(app, label):
    if label == RESUME:
        app.play()
    elif label in NEW:
        name = GAMES[NEW.index(label)]
        if app.match is not None:
            app.push(Confirm("Discard the game in progress?", lambda a: _discard_and_new(a, name)))
        else:
            _new(app, name)
    elif label == "History":
        from fishtable.ui.history import history_screen

        app.push(history_screen(app))
    elif label == "Dice":
        from fishtable.ui.roll import DiceScreen

        app.push(DiceScreen())
    elif label == "Settings":
        from fishtable.ui.settings import settings_screen

        app.push(settings_screen(app))
    else:
        from fishtable.ui.settings import about_screen

        app.push(about_screen(app))


def _discard_and_new(app, name):
    if app.store is not None:
        app.store.discard()
    app.match = None
    app.pop()
    _new(app, name)


def _new(app, name):
    from fishtable.ui.setup import Setup

    Setup(app, name).first()
