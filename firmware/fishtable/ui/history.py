"""History: the finished games on flash, newest first, and each one's ranking."""

from fishtable.core.errors import RecordError
from fishtable.ui import draw
from fishtable.ui.widgets import Info, Menu, Screen


def history_screen(app):
    """A list of the finished games (or a note that there are none)."""
    names = app.store.history() if app.store is not None else []
    if not names:
        return Info(["History", "", "No finished", "games yet."])
    labels = [name[:16] for name in names]
    return Menu("History", labels, names, _open)


def _open(app, name):
    from fishtable.core.record import read

    try:
        match = read(app.store.history_lines(name))
    except RecordError as err:
        app.message("%s: damaged file (%s)" % (name, err))
        return
    except (OSError, ValueError):  # unreadable, or bytes that are not text
        app.message("%s: damaged file" % name)
        return
    app.push(Standings(name, match))


class Standings(Screen):
    """The ranking of a finished game."""

    def __init__(self, name, match):
        self.name = name
        self.game = match.game
        self.ranking = self.game.ranking()

    def key(self, app, ev):
        app.pop()

    def draw(self, app, fb):
        game = self.game
        draw.line(fb, self.name[:16], 0, 0, True)
        scores = game.scores()
        winners = game.winners()
        for i in range(min(len(self.ranking), 6)):
            p = self.ranking[i]
            mark = "*" if p in winners else " "
            draw.line(fb, "%s P%d" % (mark, p), 1 + i)
            draw.right(fb, str(scores[p - 1]), 1 + i)
        if len(self.ranking) < 6:
            draw.line(fb, "* won", 7)
