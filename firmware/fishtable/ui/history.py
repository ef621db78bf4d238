"""History: the finished games on flash, newest first, and each one's ranking (with Delete)."""

from fishtable.ui import draw
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Confirm, Info, Menu, Screen


def history_screen(app):
    """A list of the finished games (or a note that there are none)."""
    names = app.store.history()
    if not names:
        return Info(["History", "", "No finished", "games yet."])
    labels = [name[:16] for name in names]
    return Menu("History", labels, names, _open)


def _open(app, name):
    """Show a game's ranking; a file that cannot be read says so and the list stays."""
    try:
        match = app.store.history_game(name)  # streamed line by line through the store's buffer
    except (OSError, ValueError):  # unreadable, damaged, or bytes that are not a record
        app.message("damaged file")
        return
    app.push(Standings(name, match))


def _delete(app, name):
    """Delete the game `name`, then show the list again (it may be empty now)."""
    try:
        app.store.delete_history(name)
    except OSError:
        app.message("not deleted")
    app.pop()  # the question
    app.pop()  # the game's ranking
    app.pop()  # the list as it was
    app.push(history_screen(app))


class Standings(Screen):
    """The ranking of a finished game; the bottom line offers Back or Delete (PREV/NEXT)."""

    def __init__(self, name, match):
        self.name = name
        self.game = match.game
        self.ranking = self.game.ranking()
        self.delete = False  # the bottom line's choice

    def key(self, app, ev):
        if ev == PREV or ev == NEXT:
            self.delete = not self.delete
            app.dirty = True
        elif ev == OK and self.delete:
            name = self.name
            app.push(Confirm("Delete %s?" % name[:11], lambda app: _delete(app, name)))
        elif ev == OK or ev == BACK:
            app.pop()

    def draw(self, app, fb):
        game = self.game
        draw.line(fb, self.name[:16], 0)  # plain: a bar would need the row below it
        scores = game.scores()
        winners = game.winners()
        rows = min(len(self.ranking), 6)
        for i in range(rows):
            p = self.ranking[i]
            mark = "*" if p in winners else " "
            draw.line(fb, "%s P%d" % (mark, p), 1 + i)
            draw.right(fb, str(scores[p - 1]), 1 + i)
        if rows < 6:
            draw.line(fb, "* won", 6)
        draw.line(fb, "OK: delete >back" if self.delete else "OK: back >delete", 7)
