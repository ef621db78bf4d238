"""Reading game records (spec: shared/spec/game-record.md, version 1) into a `Match`.

Writing is `Match.lines()`.  Errors are `RecordError`s that name the line number.
"""

from fishtable.core.errors import Invalid, RecordError
from fishtable.core.games import NAMES
from fishtable.core.match import Match, tokens_of


def _int(token, what):
    try:
        return int(token)
    except ValueError:
        raise Invalid("%s must be a whole number, not %s" % (what, token))


class Reader:
    """Feed a record line by line (`feed`), then take the `match`.

    Header lines come first and in order: `fishtable 1`, `game`, `players`, then an
    optional `start`, then any `option` lines.  Statements follow.
    """

    def __init__(self):
        self.lineno = 0
        self.last_line = 0  # the last line that held anything
        self.match = None
        self._stage = 0  # 0 version, 1 game, 2 players, 3 start/option/statements
        self._name = None
        self._players = 0
        self._players_line = 0
        self._start = 1
        self._start_line = 0

    def feed(self, line):
        """Read the next line; raises RecordError for an invalid one.  Returns the statement or None."""
        self.lineno += 1
        toks = tokens_of(line)
        if not toks:
            return None
        self.last_line = self.lineno
        try:
            return self._feed(toks)
        except Invalid as err:
            raise RecordError(self.lineno, str(err.args[0]) if err.args else "invalid")

    def _feed(self, toks):
        word = toks[0]
        stage = self._stage
        if stage == 0:
            if word != "fishtable" or len(toks) != 2:
                raise Invalid("a record starts with 'fishtable 1'")
            if toks[1] != "1":
                raise Invalid("unsupported record version %s" % toks[1])
            self._stage = 1
            return None
        if stage == 1:
            if word != "game" or len(toks) != 2:
                raise Invalid("expected 'game hifisch|hecht|yofish'")
            if toks[1] not in NAMES:
                raise Invalid("unknown game %s" % toks[1])
            self._name = toks[1]
            self._stage = 2
            return None
        if stage == 2:
            if word != "players" or len(toks) != 2:
                raise Invalid("expected 'players N'")
            self._players = _int(toks[1], "players")
            self._players_line = self.lineno
            self._stage = 3
            return None
        if word == "start" and self.match is None and self._start_line == 0:
            if len(toks) != 2:
                raise Invalid("expected 'start P'")
            self._start = _int(toks[1], "start")
            self._start_line = self.lineno
            return None
        match = self._ensure_match()
        if word == "option":
            if len(toks) < 2:
                raise Invalid("expected 'option NAME ARGS'")
            match.add_option(toks[1], tuple(toks[2:]))
            return None
        if word in ("fishtable", "game", "players", "start"):
            raise Invalid("%s belongs at the top of the header" % word)
        stmt = match.game.parse(toks)
        match.submit(stmt)
        return stmt

    def _ensure_match(self):
        if self.match is None:
            if self._stage < 3:
                raise Invalid("the header is incomplete")
            try:
                self.match = Match(self._name, self._players, self._start)
            except Invalid as err:
                line = self._players_line
                if self._start_line and "start" in str(err):
                    line = self._start_line
                raise RecordError(line, str(err.args[0]))
        return self.match

    def finish(self):
        """End of the record: return the Match (raises RecordError for an incomplete header)."""
        if self._stage < 3:
            raise RecordError(max(self.last_line, 1), "the header is incomplete")
        return self._ensure_match()


def read(lines):
    """Read a whole record (an iterable of lines) into a Match; raises RecordError."""
    reader = Reader()
    for line in lines:
        reader.feed(line)
    return reader.finish()


def read_text(text):
    """Read a record given as one string."""
    return read(text.split("\n"))
