"""Player statistics of one game, folded in one finished game at a time (pure: no I/O).

A `Table` holds one game's figures (Hi Fisch!, Hecht or Yo Fish!):
- for the game: the games counted, their winning scores added up, their turns added up, and
  `last`, the history number of the newest game counted.  Game length is counted in turns:
  a turn ends with `fish` in Hi Fisch! (shark flips are part of a turn), with `end` or
  `action skip` in Hecht, and each `place` or `cover` is one turn in Yo Fish! (the hidden
  bonuses are not turns);
- per player, by name (ignoring letter case): games played, wins (a shared win counts for every winner), best
  score, the scores added up, and the history number of their last game.  A guest (a seat
  written as Guest, or a record without names) counts in the game but gets no row.

Rates and averages are worked out with integers (`percent`, `tenths`), so that the board
and the host tools print the same figures.  No date is kept: the Pico has no clock unless
mpremote set it, so "last played" is the history game number (`#17`).  A table holds at
most MAX_ROWS players; past them the player whose last game is the oldest makes room.

The text form (`lines`, `take`) is the board's stats file (fishtable.store.stats):

    stats 1 hecht
    games 5 61 210 17        games, winning scores, turns, the newest history number counted
    p Anna 4 2 15 40 17      name, played, wins, best score, scores added up, last history number
"""

from array import array

from micropython import const

from fishtable.core.names import GUEST, is_guest  # noqa: F401 - the store and the tools take them from here
from fishtable.core.samename import find_name

FIELDS = const(5)  # figures per player row
PLAYED = const(0)
WINS = const(1)
BEST = const(2)
TOTAL = const(3)
LAST = const(4)
MAX_ROWS = const(32)
VERSION = "1"


def turns_of(statements):
    """The turns of a game's statements (see the module's note on game length)."""
    count = 0
    for stmt in statements:
        verb = stmt[0]
        if verb == "fish" or verb == "end" or verb == "place" or verb == "cover":
            count += 1
        elif verb == "action" and stmt[1] == "skip":
            count += 1
    return count


def seat_names(match):
    """The name of each seat of `match` for the statistics: None for a guest or an unnamed seat."""
    names = match.names
    if not names:
        return [None] * match.players
    return [None if is_guest(name) else name for name in names]


def percent(part, whole):
    """`part` of `whole` in whole percent, rounded half up (0 when `whole` is 0)."""
    return (200 * part + whole) // (2 * whole) if whole else 0


def tenths(total, count):
    """The average total/count with one decimal, rounded half up, as text ("12.3"; "-" for none)."""
    if not count:
        return "-"
    value = (20 * total + count) // (2 * count)
    return "%d.%d" % (value // 10, value % 10)


class Table:
    """The statistics of one game (`game`: hifisch, hecht or yofish)."""

    def __init__(self, game):
        self.game = game
        self.clear()

    def clear(self):
        """Forget everything counted."""
        self.games = 0
        self.win_total = 0  # the winning scores added up
        self.turn_total = 0
        self.last = 0  # the history number of the newest game counted
        self.names = []
        self.rows = array("i")  # FIELDS figures per name

    # -- counting ------------------------------------------------------------------
    def add(self, number, names, scores, winners, turns):
        """Count one finished game: its history `number`, each seat's name (None: no row),
        the final `scores`, the `winners` (1-based seats) and its `turns`."""
        self.games += 1
        self.win_total += scores[winners[0] - 1] if winners else max(scores)
        self.turn_total += turns
        if number > self.last:
            self.last = number
        rows = self.rows
        for seat in range(len(names)):
            name = names[seat]
            if name is None:
                continue
            base = self._row_for(name, number) * FIELDS
            score = scores[seat]
            if rows[base + PLAYED] == 0 or score > rows[base + BEST]:
                rows[base + BEST] = score
            rows[base + PLAYED] += 1
            if seat + 1 in winners:
                rows[base + WINS] += 1
            rows[base + TOTAL] += score
            rows[base + LAST] = number

    def add_match(self, match, number, names=None):
        """Count the finished `match` as history game `number`; `names` per seat (default: the
        match's own, guests left out)."""
        game = match.game
        self.add(number, seat_names(match) if names is None else names, game.scores(), game.winners(),
                 turns_of(match.statements))

    def _row_for(self, name, number):
        """The row of `name`, made when new (taking the row of the player seen longest ago when full)."""
        at = self.row(name)
        if at >= 0:
            return at
        rows = self.rows
        if len(self.names) < MAX_ROWS:
            self.names.append(name)
            for _ in range(FIELDS):
                rows.append(0)
            return len(self.names) - 1
        at = 0
        for i in range(1, len(self.names)):
            if rows[i * FIELDS + LAST] < rows[at * FIELDS + LAST]:
                at = i
        self.names[at] = name
        for k in range(FIELDS):
            rows[at * FIELDS + k] = 0
        return at

    # -- reading the figures -------------------------------------------------------
    def row(self, name):
        """The row index of player `name` (ignoring letter case: Ann and ann are one player), or -1."""
        return find_name(self.names, name)

    def figure(self, i, field):
        """Figure `field` (PLAYED, WINS, BEST, TOTAL, LAST) of row `i`."""
        return self.rows[i * FIELDS + field]

    def win_rate(self, i):
        """Row `i`'s wins in percent of their games."""
        return percent(self.figure(i, WINS), self.figure(i, PLAYED))

    def average(self, i):
        """Row `i`'s average score, as text with one decimal."""
        return tenths(self.figure(i, TOTAL), self.figure(i, PLAYED))

    def average_win(self):
        """The average winning score, as text with one decimal."""
        return tenths(self.win_total, self.games)

    def average_turns(self):
        """The average game length in turns, as text with one decimal."""
        return tenths(self.turn_total, self.games)

    def order(self):
        """The row indices, best first: most wins, then best win rate, most games, then by name."""
        # each row's key made once (MicroPython's sort would call a key function at every comparison)
        found = [(-self.figure(i, WINS), -self.win_rate(i), -self.figure(i, PLAYED), self.names[i].lower(), i)
                 for i in range(len(self.names))]
        found.sort()
        return [key[4] for key in found]

    # -- the text form ---------------------------------------------------------------
    def lines(self):
        """The table as text lines (the stats file without its check line)."""
        yield "stats %s %s" % (VERSION, self.game)
        yield "games %d %d %d %d" % (self.games, self.win_total, self.turn_total, self.last)
        rows = self.rows
        for i in range(len(self.names)):
            base = i * FIELDS
            yield "p %s %d %d %d %d %d" % (self.names[i], rows[base], rows[base + 1], rows[base + 2],
                                           rows[base + 3], rows[base + 4])

    def take(self, data, start, end):
        """Read one line of the text form, data[start:end]; raises ValueError for a line that
        is not one (the file is then damaged)."""
        words = str(data[start:end], "ascii").split()
        kind = words[0] if words else ""
        if kind == "stats":
            if words[1:] != [VERSION, self.game]:
                raise ValueError("another game or version")
            return
        if kind == "games" and len(words) == 5:
            self.games = _count(words[1])
            self.win_total = _count(words[2])
            self.turn_total = _count(words[3])
            self.last = _count(words[4])
            return
        if kind == "p" and len(words) == 2 + FIELDS and len(self.names) < MAX_ROWS and self.row(words[1]) < 0:
            self.names.append(words[1])
            for k in range(FIELDS):
                self.rows.append(_count(words[2 + k]))
            return
        raise ValueError("not a stats line")

    def same(self, other):
        """True when `other` holds the same figures (tests compare the board's and the host's)."""
        return list(self.lines()) == list(other.lines())


def _count(word):
    value = int(word)
    if value < 0:
        raise ValueError("negative")
    return value
