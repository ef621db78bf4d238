"""History: the finished games on flash, newest first, and each one's ranking (with Delete); a
file that cannot be read shows as damaged, with Delete too (a full flash may need its space).

The list never holds the history's names: `Listing` reads the few lines the screen shows from
the store's folder (fishtable.store.history.window), so any number of games opens in the same
small heap."""

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


WINDOW = 8  # history games read at a time: more than the list shows


def _entries(fs, folder):
    """The names in `folder` one at a time: `os.ilistdir` on the board (no list of them made)."""
    import os

    from fishtable.store.fs import OsFs

    if isinstance(fs, OsFs) and hasattr(os, "ilistdir"):
        return os.ilistdir(folder)
    return fs.listdir(folder)


def window(fs, folder, below=-1, above=-1, most=WINDOW):
    """At most `most` history files as (number, name) pairs, newest first: those just below
    number `below` (-1: the newest), or with `above` >= 0 those just above it (0: the oldest).
    One walk of the folder, never more than `most` held.  With `most` 0: how many there are."""
    from fishtable.store.history import number_of

    kept = []
    low = above >= 0
    counted = 0
    try:
        entries = _entries(fs, folder)
    except OSError:
        return kept
    for entry in entries:
        name = entry if isinstance(entry, str) else entry[0]
        number = number_of(name)
        if number < 0:
            continue
        if not most:
            counted += 1
            continue
        if low:
            if number <= above or (len(kept) == most and number >= kept[-1][0]):
                continue
        elif (below >= 0 and number >= below) or (len(kept) == most and number <= kept[-1][0]):
            continue
        i = len(kept)
        while i and (number < kept[i - 1][0] if low else number > kept[i - 1][0]):
            i -= 1
        kept.insert(i, (number, name))
        if len(kept) > most:
            kept.pop()
    if not most:
        return counted
    if low:
        kept.reverse()
    return kept


class Listing:
    """The history's file names, newest first, as a sequence (`len`, `[i]`) that holds only a
    window of WINDOW of them: moving one line on reads the next window from the store."""

    def __init__(self, store):
        self.fs = store.fs
        self.folder = store.history_dir
        self.count = window(self.fs, self.folder, most=0)
        self.first = 0  # the place in the list of window[0]
        self.window = []  # (number, name) pairs, newest first

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        window = self.window
        at = i - self.first
        if not 0 <= at < len(window):
            if not 0 <= i < self.count:
                raise IndexError(i)
            self._load(i)
            window = self.window
            at = i - self.first
            if not 0 <= at < len(window):
                raise IndexError(i)  # the folder changed under the list
        return window[at][1]

    def _load(self, i):
        window = self.window
        if window and i == self.first + len(window):  # the next line down
            found = self._read(below=window[-1][0], most=WINDOW)
            self.first = i
        elif window and i == self.first - 1:  # the next line up
            found = self._read(above=window[0][0], most=WINDOW)
            self.first = i - len(found) + 1
        elif i >= self.count - WINDOW:  # the oldest games (PREV on the first line wraps there)
            found = self._read(above=0, most=WINDOW)
            self.first = self.count - len(found)
        else:  # down from the newest
            found = self._read(most=WINDOW)
            self.first = 0
            while found and self.first + len(found) <= i:
                self.first += len(found)
                found = self._read(below=found[-1][0], most=WINDOW)
        self.window = found


    def _read(self, below=-1, above=-1, most=WINDOW):
        return window(self.fs, self.folder, below, above, most)


class Labels:
    """The lines the list shows for a `Listing` (`game_label` of each name)."""

    def __init__(self, listing):
        self.listing = listing

    def __len__(self):
        return len(self.listing)

    def __getitem__(self, i):
        return game_label(self.listing[i])


def history_screen(app):
    """A list of the finished games (or a note that there are none)."""
    names = Listing(app.store)
    if not len(names):
        return Info(["History", "", "No finished", "games yet."])
    return Menu("History", Labels(names), names, _open)


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
        app.message("not deleted")
    app.pop()  # the question
    app.pop()  # the game's ranking
    app.pop()  # the list as it was
    app.push(history_screen(app))


BACK_CHOICE = "OK: back"
SCAN_CHOICE = "OK: Scan"
DELETE_CHOICE = "OK: delete"


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
            app.push(Confirm("Delete the game\n%s?" % self.title, lambda app: _delete(app, name)))
        elif ev == OK and choice == SCAN_CHOICE:
            from fishtable.ui.scan import open_scan

            open_scan(app, self.match, self.name)
        elif ev == OK or ev == BACK:
            app.pop()

    def draw(self, app, fb):
        game = self.game
        draw.line(fb, self.title, 0)  # plain: a bar would need the row below it
        if game is None:
            draw.centre(fb, "Damaged file:", 2)
            draw.centre(fb, "it cannot be", 3)
            draw.centre(fb, "shown", 4)
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
            lines.append("Played %d min" % match.played)
        return lines

    def _choice(self, fb):
        draw.text(fb, "<", 0, 56)
        draw.centre(fb, self.choices[self.choice], 7)
        draw.text(fb, ">", draw.WIDTH - 8, 56)
