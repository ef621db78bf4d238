"""The roster: up to 16 players' names kept on the board, and who sat where in the last game.

One small file beside the settings, `/data/roster.txt`, in the settings' format and written
the same power-cut-safe way (`settings.save_lines`: a temporary file, the old file kept as
`roster.bak`, a `check=` line; a damaged file is never trusted):

    names=Anna Bob Cy               the roster, in the order the players were added
    colours.hecht=green red white   the colours of the last Hecht game's seats
    seats.hecht=Bob Guest Anna      the names of its seats (a guest as Guest)
    check=57009

Names follow the record format: 1-8 of A-Z a-z 0-9 -.  `Guest` (and Guest1..Guest9) is the
name a seat without a roster player is written with; it is not a roster name, and names
differing only in case are the same name.  Each game keeps its own last seats (a Hecht
seating always has pike colours).
"""

from micropython import const

from fishtable.core.errors import Invalid
from fishtable.core.match import check_colours, check_names
from fishtable.core.names import GUEST, is_guest
from fishtable.core.samename import find_name, same_name
from fishtable.store.fs import ensure_dir, remove_if_there
from fishtable.store.settings import read_either, save_lines
from fishtable.text import t

MAX_PLAYERS = const(16)
FORGET = ()  # nothing else to drop with this module after `begin` (fs.forget)
NAMES = "names"
SEATS = "seats."
COLOURS = "colours."


def check_name(name, roster=(), replacing=None):
    """Raise Invalid (with a short message for the screen) unless `name` may join `roster`
    (in place of `replacing`, when renaming)."""
    check_names((name,), 1)
    if is_guest(name):
        raise Invalid(t("%s is for guests") % name)
    for other in roster:
        if other != replacing and same_name(other, name):
            raise Invalid(t("%s is there already") % other)


class Roster:
    """The roster's names and the last seats of each game, as read from or written to the file."""

    def __init__(self):
        self.names = []
        self.seats = {}  # game -> (names tuple or None, colours tuple or None)

    def take(self, data, start, end):
        """One `key=value` line of the file (settings.read_lines' callback)."""
        line = str(data[start:end], "utf-8")
        eq = line.find("=")
        if eq <= 0:
            raise ValueError("not key=value")
        key = line[:eq]
        words = tuple(line[eq + 1 :].split())
        if key == NAMES:
            names = []
            for name in words:
                if len(names) < MAX_PLAYERS and _fits(name, names):
                    names.append(name)
            self.names = names
        elif key.startswith(SEATS) and words:
            game = key[len(SEATS) :]
            self.seats[game] = (words, self.seats.get(game, (None, None))[1])
        elif key.startswith(COLOURS) and words:
            game = key[len(COLOURS) :]
            self.seats[game] = (self.seats.get(game, (None, None))[0], words)

    def clear(self):
        """Forget everything taken (a damaged file)."""
        self.names = []
        self.seats = {}

    def last(self, game):
        """(names or None, colours or None) of the last `game` set up, or None when there was none.

        Names and colours that would not make a valid record header are left out."""
        names, colours = self.seats.get(game, (None, None))
        players = len(names) if names else len(colours) if colours else 0
        try:
            check_names(names or (), len(names or ()))
        except Invalid:
            names = None
        try:
            if colours is not None:
                check_colours(colours, players, game)
        except Invalid:
            colours = None
        if names is not None and colours is not None and len(names) != len(colours):
            colours = None
        if names is None and colours is None:
            return None
        return names, colours

    def lines(self):
        """The file's lines (without the check line), keys sorted."""
        yield NAMES + "=" + " ".join(self.names)
        for game in sorted(self.seats):
            names, colours = self.seats[game]
            if colours:
                yield COLOURS + game + "=" + " ".join(colours)
            if names:
                yield SEATS + game + "=" + " ".join(names)


def _fits(name, roster):
    try:
        check_name(name, roster)
    except Invalid:
        return False
    return True


def load(fs, path, buf=None):
    """The Roster saved at `path` (else its backup); an empty one when neither is good."""
    roster = Roster()
    read_either(fs, path, roster.take, roster.clear, buf)
    return roster


def save(fs, path, roster):
    """Write the roster to `path` atomically (the old file kept as the backup)."""
    remove_if_there(fs, path + ".tmp")  # a save cut short before
    save_lines(fs, path, roster.lines())


def checked_roster(names):
    """`names` as a roster list; raises Invalid for a bad, doubled or guest name or more than 16."""
    found = []
    for name in names:
        check_name(name, found)
        found.append(name)
    if len(found) > MAX_PLAYERS:
        raise Invalid(t("at most %d players") % MAX_PLAYERS)
    return found


def renamed_seats(roster, old, new):
    """Rename (`new` a name) or drop (`new` None: the seat becomes a guest) `old` in the last seats."""
    for game in roster.seats:
        names, colours = roster.seats[game]
        if names and find_name(names, old) >= 0:
            roster.seats[game] = (tuple((new or GUEST) if same_name(n, old) else n for n in names), colours)


# -- the Store's roster methods (fishtable.store.Store delegates here) ---------------
def _saved(store, roster):
    ensure_dir(store.fs, store.root)
    store._spaced(_save, roster, store, None)
    return roster.names


def _save(roster, store, extra):
    save(store.fs, store.roster_path, roster)


def _loaded(store):
    return load(store.fs, store.roster_path, store.buf)


def replace(store, names):
    """Store.save_roster."""
    found = checked_roster(names)
    roster = _loaded(store)
    roster.names = found
    return _saved(store, roster)


def add(store, name):
    """Store.add_player."""
    roster = _loaded(store)
    check_name(name, roster.names)
    if len(roster.names) >= MAX_PLAYERS:
        raise Invalid(t("Roster full: %d players") % MAX_PLAYERS)
    roster.names.append(name)
    return _saved(store, roster)


def rename(store, old, new):
    """Store.rename_player."""
    roster = _loaded(store)
    at = find_name(roster.names, old)
    if at < 0:
        raise Invalid(t("%s is not in the roster") % old)
    old = roster.names[at]
    check_name(new, roster.names, old)
    roster.names[at] = new
    renamed_seats(roster, old, new)
    return _saved(store, roster)


def remove(store, name):
    """Store.remove_player."""
    roster = _loaded(store)
    at = find_name(roster.names, name)
    if at < 0:
        return roster.names
    renamed_seats(roster, roster.names.pop(at), None)
    return _saved(store, roster)


def remember(store, match):
    """Remember `match`'s names and colours as its game's last seats (`Store.begin` does this);
    written only when they changed."""
    roster = _loaded(store)
    seats = (match.names, match.colours)
    if roster.seats.get(match.name) != seats:
        roster.seats[match.name] = seats
        _saved(store, roster)
