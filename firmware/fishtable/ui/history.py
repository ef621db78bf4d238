"""History: the finished games on flash, newest first, and each one's ranking (with Delete); a
file that cannot be read shows as damaged, with Delete too (a full flash may need its space).

The list never holds the history's names: the store's shelf (fishtable.store.history.Shelf)
reads each line the screen shows from the history's index by seeking, so any number of games
opens in the same small heap and time."""

from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Confirm, Info, Menu, Screen


def game_label(name):
    """A history file's name as the screens show it: "0017-hifisch.fish" -> "#17 Hi Fisch!" (the
    number Stats gives as "Last game #17"); a name of another form is shown as it is."""
    from fishtable.core.games import find

    dash = name.find("-")
    dot = name.rfind(".")
    game = find(name[dash + 1:dot]) if 0 < dash < dot else None
    if game is None or not name[:dash].isdigit():
        return name
    return "#%d %s" % (int(name[:dash]), game.title)


class Labels:
    """The lines the list shows for the store's shelf of names (`game_label` of each name)."""

    def __init__(self, listing):
        self.listing = listing

    def __len__(self):
        return len(self.listing)

    def __getitem__(self, i):
        return game_label(self.listing[i])


def history_screen(app):
    """A list of the finished games (or a note that there are none)."""
    from fishtable.store.history import Shelf

    names = Shelf(app.store.fs, app.store.history_dir)  # read from flash a window of names at a time
    if not len(names):
        return Info([t("History"), ""] + t("No finished\ngames yet.").split("\n"))
    return Menu(t("History"), Labels(names), names, _open)


def _open(app, name):
    """Show a game's ranking; a file that cannot be read says it is damaged (and offers Delete)."""
    try:
        match = app.store.history_game(name)  # streamed line by line through the store's buffer
    except (OSError, ValueError):  # unreadable, damaged, or bytes that are not a record
        match = None
    app.push(Standings(name, match))


def _delete(app, name):
    """Delete the game `name`, then show the list again (it may be empty now)."""
    try:
        app.store.delete_history(name)
    except OSError:
        app.message(t("not deleted"))
    app.pop()  # the question
    app.pop()  # the game's ranking
    app.pop()  # the list as it was
    app.push(history_screen(app))


BACK_CHOICE = n_("OK: back")  # (shown through t)
SCAN_CHOICE = n_("OK: Scan")
DELETE_CHOICE = n_("OK: delete")


class Standings(Screen):
    """The ranking of a finished game (rank, name, score: a shared win ranks its winners 1), or
    for a `match` of None (a damaged file) a note that it cannot be shown; the bottom line is a
    choice of Back, Delete and (a finished game) Scan, its QR code (fishtable.ui.scan), with
    PREV/NEXT: "< OK: back >"."""

    def __init__(self, name, match):
        self.name = name
        self.title = game_label(name)
        self.match = match if match is not None and match.game.over else None
        self.game = match.game if match is not None else None
        self.label = match.label if match is not None else None
        self.ranking = self.game.ranking() if match is not None else ()
        if self.match is not None:
            self.choices = (BACK_CHOICE, DELETE_CHOICE, SCAN_CHOICE)
        else:
            self.choices = (BACK_CHOICE, DELETE_CHOICE)
        self.choice = 0  # the bottom line's choice

    @property
    def delete(self):
        """True when the bottom line offers Delete."""
        return self.choices[self.choice] == DELETE_CHOICE

    def key(self, app, ev):
        if ev == PREV or ev == NEXT:
            self.choice = (self.choice + (1 if ev == NEXT else -1)) % len(self.choices)
            app.dirty = True
            return
        choice = self.choices[self.choice]
        if ev == OK and choice == DELETE_CHOICE:
            name = self.name
            app.push(Confirm(t("Delete the game\n%s?") % self.title, lambda app: _delete(app, name)))
        elif ev == OK and choice == SCAN_CHOICE:
            from fishtable.ui.scan import open_scan

            open_scan(app, self.match, self.name)
        elif ev == OK or ev == BACK:
            app.pop()

    def draw(self, app, fb):
        game = self.game
        draw.line(fb, self.title, 0)  # plain: a bar would need the row below it
        if game is None:
            lines = t("Damaged file:\nit cannot be\nshown").split("\n")
            for i in range(len(lines)):
                draw.centre(fb, lines[i], 2 + i)
            self._choice(fb)
            return
        scores = game.scores()
        rank = 0
        prev = None
        for i in range(min(len(self.ranking), 6)):
            p = self.ranking[i]
            key = (scores[p - 1], game.tiebreak(p - 1))
            if key != prev:  # equal places share a rank (a shared win: both 1)
                rank = i + 1
                prev = key
            draw.line(fb, "%d %s" % (rank, self.label(p)), 1 + i)
            draw.right(fb, str(scores[p - 1]), 1 + i)
        when = self.when()
        row = 7 - len(when)
        for text in when:
            if row > len(self.ranking):  # below the ranking only: six players leave no room
                draw.line(fb, text, row)
            row += 1
        self._choice(fb)

    def when(self):
        """The lines of the game's date and length, as far as its record has them."""
        match = self.match
        lines = []
        if match is not None and match.date:
            lines.append(match.date.replace("T", " "))  # "2026-12-01 19:05"
        if match is not None and match.played is not None:
            lines.append(t("Played %d min") % match.played)
        return lines

    def _choice(self, fb):
        draw.text(fb, "<", 0, 56)
        draw.centre(fb, t(self.choices[self.choice]), 7)
        draw.text(fb, ">", draw.WIDTH - 8, 56)
