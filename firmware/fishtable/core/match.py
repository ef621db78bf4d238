"""A game in progress: the header, the accepted statements and the game state they build.

The record is the source of truth: the state is a pure function of the header and
the statements, so undo drops the last statement and rebuilds.
"""

from micropython import const

from fishtable.core.errors import Invalid
from fishtable.core.games import find, rules_class
from fishtable.core.names import GUEST, is_guest  # noqa: F401 - the screens take them from here
from fishtable.text import t


def tokens_of(line):
    """The tokens of a record line: comments (`#` to the end) and spaces removed."""
    cut = line.find("#")
    if cut >= 0:
        line = line[:cut]
    return line.split()


COLOURS = ("red", "yellow", "blue", "green", "orange", "white", "purple", "cyan")
PIKE_COLOURS = const(6)  # Hecht's seats take the first six (the pike colours)
MAX_NAME = const(8)
def _name_ok(name):
    if not 1 <= len(name) <= MAX_NAME:
        return False
    for ch in name:
        if not ("a" <= ch <= "z" or "A" <= ch <= "Z" or "0" <= ch <= "9" or ch == "-"):
            return False
    return True


def check_names(names, players):
    """Raise Invalid unless `names` are `players` names of 1-8 of A-Z a-z 0-9 -, no two the
    same ignoring letter case (guests excepted: Guest Guest is two seats without a player)."""
    if len(names) != players:
        raise Invalid("names needs %d names, not %d" % (players, len(names)))
    if len(names) > 1:
        from fishtable.core.samename import same_name
    for i in range(len(names)):
        name = names[i]
        if not _name_ok(name):
            raise Invalid("a name is 1-8 of A-Z a-z 0-9 -, not %s" % name)
        for k in range(i):
            if same_name(names[k], name) and not is_guest(name):
                raise Invalid("%s and %s are the same name" % (names[k], name))


def check_colours(colours, players, game):
    """Raise Invalid unless `colours` are `players` distinct seat colours (a game whose registry
    entry has fixed colours: its pike colours, the first six)."""
    if len(colours) != players:
        raise Invalid("colours needs %d colours, not %d" % (players, len(colours)))
    info = find(game)
    fixed = info is not None and info.fixed_colours
    allowed = COLOURS[:PIKE_COLOURS] if fixed else COLOURS
    for i in range(len(colours)):
        colour = colours[i]
        if colour not in allowed:
            raise Invalid("%s is not a %scolour" % (colour, "pike " if fixed else ""))
        if colour in colours[:i]:
            raise Invalid("colour %s twice" % colour)


class Match:
    """One game at the table: `submit` checks then applies a statement; `undo` takes one back.

    `names` and `colours` (the header's, one per seat) are checked like the record reader
    checks them: Invalid for a name or colour that a record could not hold."""

    def __init__(self, name, players, start=1, options=(), names=None, colours=None):
        self.name = name
        self.players = players
        self.start = start
        self.options = list(options)  # (name, args tuple) pairs, in header order
        self.names = tuple(names) if names else None  # the header's `names`, if any
        self.colours = tuple(colours) if colours else None  # the header's `colours`, if any
        self.date = None  # the header's `date` (YYYY-MM-DDTHH:MM), when the board knew the time
        self.played = None  # the minutes of a finished game's `played` line, once known
        self.statements = []
        self.game = self._fresh()
        # checked here too, so that no screen can journal a header that would not read back
        if self.names:
            check_names(self.names, players)
        if self.colours:
            check_colours(self.colours, players, name)

    def _fresh(self):
        game = rules_class(self.name)(self.players, self.start)
        for name, args in self.options:
            game.set_option(name, args)
        return game

    def add_option(self, name, args):
        """Apply a header `option` line; only before the first statement."""
        if self.statements:
            raise Invalid("options belong in the header")
        self.game.set_option(name, args)
        self.options.append((name, tuple(args)))

    def parse(self, line):
        """The statement tuple for a record line (form only; None for a blank line)."""
        toks = tokens_of(line)
        if not toks:
            return None
        return self.game.parse(toks)

    def check(self, stmt):
        """Raise Invalid when `stmt` may not be played now; changes nothing."""
        if self.game.over:
            raise Invalid(t("the game is over"))
        self.game.check(stmt)

    def allows(self, stmt):
        """True when `stmt` may be played now: `check` without the exception (pickers probe with it)."""
        try:
            self.check(stmt)
        except Invalid:
            return False
        return True

    def submit(self, stmt):
        """Check `stmt`, then record and apply it.  Raises Invalid and changes nothing if refused."""
        self.check(stmt)
        self.record(stmt)

    def record(self, stmt):
        """Add and apply a statement that `check` has accepted (the session checks once)."""
        self.statements.append(stmt)
        self.game.apply(stmt)

    def undo(self):
        """Take back the last statement and rebuild the state; returns it."""
        if not self.statements:
            raise Invalid(t("nothing to undo"))
        stmt = self.statements.pop()
        self.rebuild()
        return stmt

    def truncate(self, count):
        """Keep only the first `count` statements (a reader that met a bad line) and rebuild."""
        del self.statements[count:]
        self.rebuild()

    def rebuild(self):
        """Recompute the state from the header and the statements."""
        game = self._fresh()
        for stmt in self.statements:
            game.apply(stmt)
        self.game = game

    def last_turn(self):
        """(the player who played the last statement, or None when no turn was pending; the game
        as it was before it, for the points it scored)."""
        game = self._fresh()
        statements = self.statements
        for i in range(len(statements) - 1):
            game.apply(statements[i])
        return game.next_player(), game

    def colour_index(self, player):
        """The seat colour of `player` (1-based) as an index into COLOURS: the header's `colours`,
        else the game's default (seat N plays colour N)."""
        if self.colours:
            return COLOURS.index(self.colours[player - 1])
        return player - 1

    def label(self, player):
        """What the screens call `player` (1-based): their name, or "P2" for a guest or an unnamed seat."""
        names = self.names
        if names and not is_guest(names[player - 1]):
            return names[player - 1]
        return t("P%d") % player

    def header_lines(self):
        """The record's header lines."""
        yield "fishtable 1"
        yield "game " + self.name
        yield "players %d" % self.players
        yield "start %d" % self.start
        if self.names:
            yield "names " + " ".join(self.names)
        if self.colours:
            yield "colours " + " ".join(self.colours)
        if self.date:
            yield "date " + self.date
        for name, args in self.options:
            yield " ".join(("option", name) + tuple(args))

    def line_of(self, stmt):
        """The record line of a statement."""
        return self.game.format(stmt)

    def lines(self):
        """The whole record, header then statements (then `played` once known), one line each
        (no newlines)."""
        for line in self.header_lines():
            yield line
        fmt = self.game.format
        for stmt in self.statements:
            yield fmt(stmt)
        if self.played is not None:
            yield "played %d" % self.played
