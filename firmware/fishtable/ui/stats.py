"""Stats: per game, the games counted, the average winning score and length, then one page per
player (best first): games, wins, win rate, best and average score, last game (its date when the
history still has that game and its date, else its history number).  Opening a game reads its
small stats file only (fishtable.store.stats); guests count in the games but get no page."""

from fishtable.core.games import GAMES
from fishtable.text import t
from fishtable.ui import draw
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Menu, Screen


def stats_screen(app):
    """Which game's statistics."""
    return Menu(t("Stats"), [g.title for g in GAMES], [g.title for g in GAMES], _open)


def _open(app, title):
    for game in GAMES:
        if game.title == title:
            app.push(StatsPages(title, app.store.stats(game.name)))


class StatsPages(Screen):
    """The game's page, then each player's; PREV / NEXT turn the pages, OK or BACK closes."""

    def __init__(self, title, table):
        self.title = title
        self.table = table
        self.order = table.order()
        self.page = 0
        self.last = None  # the date of the shown player's last game ("2026-12-01"), read at a page turn

    def key(self, app, ev):
        pages = 1 + len(self.order)
        if ev == NEXT:
            self.page = (self.page + 1) % pages
        elif ev == PREV:
            self.page = (self.page - 1) % pages
        elif ev == OK or ev == BACK:
            app.pop()
            return
        self.last = None
        if self.page:
            from fishtable.core.stats import LAST
            from fishtable.store.history import date_of

            store = app.store
            date = date_of(store.fs, store.history_dir, self.table.figure(self.order[self.page - 1], LAST), store.buf)
            parts = (date or "").split("T")[0].split("-")  # "2026-12-01T19:05": its day
            if len(parts) == 3 and [len(p) for p in parts] == [4, 2, 2] and "".join(parts).isdigit():
                self.last = "-".join(parts)

    def draw(self, app, fb):
        from fishtable.core.stats import BEST, LAST, PLAYED, WINS

        table = self.table
        pages = 1 + len(self.order)
        count = "%d/%d" % (self.page + 1, pages) if pages > 1 else None  # on the title bar's right
        if self.page == 0:
            draw.title(fb, self.title, count)
            if not table.games:
                _pair(fb, t("No finished"), "", 2)
                _pair(fb, t("games yet"), "", 3)
                return
            _pair(fb, t("Games"), str(table.games), 1)
            _pair(fb, t("On average:"), "", 2)  # words, not "Avg win", "Avg turns"
            _pair(fb, t(" win score"), table.average_win(), 3)
            _pair(fb, t(" turns"), table.average_turns(), 4)
            _pair(fb, t("Players"), str(len(self.order)), 5)
        else:
            i = self.order[self.page - 1]
            draw.title(fb, table.names[i], count)
            _pair(fb, t("Games"), str(table.figure(i, PLAYED)), 1)
            _pair(fb, t("Wins"), str(table.figure(i, WINS)), 2)
            _pair(fb, t("Win rate"), "%d%%" % table.win_rate(i), 3)
            _pair(fb, t("Best"), str(table.figure(i, BEST)), 4)
            _pair(fb, t("Average"), table.average(i), 5)
            if self.last:
                _pair(fb, t("Last"), self.last, 6)
            else:
                _pair(fb, t("Last game"), "#%d" % table.figure(i, LAST), 6)


def _pair(fb, label, value, row):
    """A figure's label and value on line `row` (1-6) below the title bar."""
    y = draw.BELOW_TITLE + 8 * (row - 1)
    draw.text(fb, label, 0, y)
    draw.text(fb, value, draw.WIDTH - 8 * len(value), y)
