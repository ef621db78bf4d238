"""A game in progress: the header, the accepted statements and the game state they build.

The record is the source of truth: the state is a pure function of the header and
the statements, so undo drops the last statement and rebuilds.
"""

from fishtable.core.errors import Invalid
from fishtable.core.games import game_class


def tokens_of(line):
    """The tokens of a record line: comments (`#` to the end) and spaces removed."""
    cut = line.find("#")
    if cut >= 0:
        line = line[:cut]
    return line.split()


class Match:
    """One game at the table: `submit` checks then applies a statement; `undo` takes one back."""

    def __init__(self, name, players, start=1, options=()):
        self.name = name
        self.players = players
        self.start = start
        self.options = list(options)  # (name, args tuple) pairs, in header order
        self.statements = []
        self.game = self._fresh()

    def _fresh(self):
        game = game_class(self.name)(self.players, self.start)
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
            raise Invalid("the game is over")
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
        self.statements.append(stmt)
        self.game.apply(stmt)

    def submit_line(self, line):
        """Parse, check and apply one record line; returns the statement (None if blank)."""
        stmt = self.parse(line)
        if stmt is not None:
            self.submit(stmt)
        return stmt

    def undo(self):
        """Take back the last statement and rebuild the state; returns it."""
        if not self.statements:
            raise Invalid("nothing to undo")
        stmt = self.statements.pop()
        self.rebuild()
        return stmt

    def rebuild(self):
        """Recompute the state from the header and the statements."""
        game = self._fresh()
        for stmt in self.statements:
            game.apply(stmt)
        self.game = game

    def header_lines(self):
        """The record's header lines."""
        yield "fishtable 1"
        yield "game " + self.name
        yield "players %d" % self.players
        yield "start %d" % self.start
        for name, args in self.options:
            yield " ".join(("option", name) + tuple(args))

    def line_of(self, stmt):
        """The record line of a statement."""
        return self.game.format(stmt)

    def lines(self):
        """The whole record, header then statements, one line each (no newlines)."""
        for line in self.header_lines():
            yield line
        fmt = self.game.format
        for stmt in self.statements:
            yield fmt(stmt)
