"""Reading game records (docs/record-format.md, version 1) into a `Match`.

Writing is `Match.lines()`.  Errors are `RecordError`s that name the line number.

Reading is bounded: `Lines` (fishtable.core.lines) cuts a binary stream into lines through
one preallocated buffer, `lex` checks a line's bytes against the lexical rules (printable
ASCII tokens, UTF-8 comments, at most 200 bytes) before any text is made of it, so no line,
file or token count makes the reader allocate more than a few hundred bytes at once.  A message
quotes at most one short token of the input (a word is at most 16 characters).
"""

from micropython import const

from fishtable.core.errors import Invalid, RecordError
from fishtable.core.games import find
from fishtable.core.ledger import parse_int
from fishtable.core.lines import BUFFER, Lines  # noqa: F401 - the reader's line splitter, also here
from fishtable.core.match import Match, check_colours, check_names
from fishtable.utf8 import first_bad as _utf8_error

MAX_LINE = const(200)  # bytes in a line, its line end not counted
MAX_WORDS = const(8)  # the longest valid line (`option chips` and six chips) has 8 words
MAX_WORD = const(16)  # the longest valid word has 9 characters (`fishtable`)
MAX_REASON = const(56)  # a message longer than this is cut (it can quote at most 38 input characters)

# Header stages: what the next header line may be.
_VERSION = const(0)
_GAME = const(1)
_PLAYERS = const(2)
_START = const(3)  # after `players`: start, names, colours, option or a statement
_NAMES = const(4)
_COLOURS = const(5)
_DATE = const(6)
_OPTIONS = const(7)


def lex(buf, start, end):
    """The words of the line buf[start:end] (its line end already removed), as a list of str.

    Raises Invalid when the line breaks the lexical rules: more than 200 bytes; outside a
    comment anything but printable ASCII words separated by spaces or tabs; a comment that
    is not UTF-8; more than 8 words or a word of more than 16 characters (no valid line has them).
    """
    if end - start > MAX_LINE:
        raise Invalid("longer than %d bytes" % MAX_LINE)
    words = []
    first = -1  # where the current word began
    i = start
    while i < end:
        c = buf[i]
        if 33 <= c <= 126 and c != 35:
            if first < 0:
                first = i
                if len(words) == MAX_WORDS:
                    raise Invalid("more than %d words" % MAX_WORDS)
            i += 1
            continue
        if first >= 0:
            if i - first > MAX_WORD:
                raise Invalid("a word of more than %d characters" % MAX_WORD)
            words.append(str(buf[first:i], "ascii"))
            first = -1
        if c == 35:  # '#': a comment to the end of the line
            bad = _utf8_error(buf, i + 1, end)
            if bad >= 0:
                raise Invalid("byte %d is not UTF-8" % (bad - start + 1))
            return words
        if c != 32 and c != 9:
            if c == 13:
                raise Invalid("a CR that does not end the line (byte %d)" % (i - start + 1))
            if c >= 128:
                raise Invalid("byte %d: not ASCII outside a comment" % (i - start + 1))
            raise Invalid("byte %d: a control character" % (i - start + 1))
        i += 1
    if first >= 0:
        if end - first > MAX_WORD:
            raise Invalid("a word of more than %d characters" % MAX_WORD)
        words.append(str(buf[first:end], "ascii"))
    return words


def _digits(text, at, count):
    """The number written by the `count` ASCII digits of `text` from `at`, or -1."""
    value = 0
    for i in range(at, at + count):
        c = ord(text[i]) - 48
        if c < 0 or c > 9:
            return -1
        value = value * 10 + c
    return value


def check_date(text):
    """Raise Invalid unless `text` is a `date` line's `YYYY-MM-DDTHH:MM`: a real calendar day of
    the years 2000-2099 and a time of day 00:00-23:59."""
    ok = len(text) == 16 and text[4] == "-" and text[7] == "-" and text[10] == "T" and text[13] == ":"
    if ok:
        year = _digits(text, 0, 4)
        month = _digits(text, 5, 2)
        day = _digits(text, 8, 2)
        ok = 2000 <= year <= 2099 and 1 <= month <= 12 and 0 <= _digits(text, 11, 2) <= 23
        ok = ok and 0 <= _digits(text, 14, 2) <= 59 and day >= 1
        if ok:
            from fishtable.core.days import month_days  # (the clock drivers' rule too)

            ok = day <= month_days(year, month)
    if not ok:
        raise Invalid("date is YYYY-MM-DDTHH:MM, not %s" % text)


def _clip(reason):
    if len(reason) > MAX_REASON:
        return reason[: MAX_REASON - 3] + "..."
    return reason


class Reader:
    """Feed a record line by line (`feed`, or `feed_lex` with a `Lines`), then take the `match`.

    Header lines come first and in order: `fishtable 1`, `game`, `players`, then the
    optional `start`, `names`, `colours` and `date`, then any `option` lines.  Statements
    follow; a finished game's `played` line may come after the last one.
    """

    def __init__(self):
        self.lineno = 0
        self.last_line = 0  # the last line that held anything
        self.match = None
        self._stage = _VERSION
        self._name = None
        self._players = 0
        self._players_line = 0
        self._start = 1
        self._start_line = 0
        self._names = None
        self._colours = None
        self._date = None

    def feed(self, line):
        """Read the next line (str or bytes, with or without its line end); raises RecordError.

        Returns the statement or None."""
        self.lineno += 1
        if isinstance(line, str):
            try:
                line = line.encode()
            except UnicodeError:
                raise RecordError(self.lineno, "not UTF-8")
        end = len(line)
        if end and line[end - 1] == 10:
            end -= 1
        if end and line[end - 1] == 13:
            end -= 1
        return self._words(line, 0, end)

    def feed_bytes(self, buf, start, end):
        """Read the line buf[start:end] (its line end removed); raises RecordError."""
        self.lineno += 1
        return self._words(buf, start, end)

    def feed_lines(self, lines):
        """Read the current line of a `Lines`; raises RecordError.  Returns the statement or None."""
        self.lineno += 1
        if lines.overlong:
            raise RecordError(self.lineno, "longer than %d bytes" % MAX_LINE)
        return self._words(lines.buf, lines.start, lines.end)

    def _words(self, buf, start, end):
        try:
            toks = lex(buf, start, end)
            if not toks:
                return None
            self.last_line = self.lineno
            return self._feed(toks)
        except Invalid as err:
            raise RecordError(self.lineno, _clip(str(err.args[0]) if err.args else "invalid"))

    def _feed(self, toks):
        word = toks[0]
        stage = self._stage
        if stage == _VERSION:
            if word != "fishtable" or len(toks) != 2:
                raise Invalid("a record starts with 'fishtable 1'")
            if toks[1] != "1":
                raise Invalid("unsupported record version %s" % toks[1])
            self._stage = _GAME
            return None
        if stage == _GAME:
            if word != "game" or len(toks) != 2:
                raise Invalid("expected 'game hifisch|hecht|yofish'")
            if find(toks[1]) is None:
                raise Invalid("unknown game %s" % toks[1])
            self._name = toks[1]
            self._stage = _PLAYERS
            return None
        if stage == _PLAYERS:
            if word != "players" or len(toks) != 2:
                raise Invalid("expected 'players N'")
            self._players = parse_int(toks[1], 0, 999, "players")
            self._players_line = self.lineno
            self._stage = _START
            return None
        if word == "start" and stage == _START:
            if len(toks) != 2:
                raise Invalid("expected 'start P'")
            self._start = parse_int(toks[1], 0, 999, "start")
            self._start_line = self.lineno
            self._stage = _NAMES
            return None
        if word == "names" and stage <= _NAMES:
            self._ensure_players()
            check_names(toks[1:], self._players)
            self._names = tuple(toks[1:])
            self._stage = _COLOURS
            return None
        if word == "colours" and stage <= _COLOURS:
            self._ensure_players()
            check_colours(toks[1:], self._players, self._name)
            self._colours = tuple(toks[1:])
            self._stage = _DATE
            return None
        if word == "date" and stage <= _DATE:
            if len(toks) != 2:
                raise Invalid("expected 'date YYYY-MM-DDTHH:MM'")
            self._ensure_players()
            check_date(toks[1])
            self._date = toks[1]
            self._stage = _OPTIONS
            return None
        match = self._ensure_match()
        if match.played is not None:
            raise Invalid("nothing may follow 'played'")
        if word == "played":
            if len(toks) != 2:
                raise Invalid("expected 'played M'")
            minutes = parse_int(toks[1], 0, 999, "played")
            if not match.game.over:
                raise Invalid("played belongs after the end of the game")
            match.played = minutes
            return None
        if word == "option":
            if len(toks) < 2:
                raise Invalid("expected 'option NAME ARGS'")
            match.add_option(toks[1], tuple(toks[2:]))
            return None
        if word in ("fishtable", "game", "players", "start", "names", "colours", "date"):
            raise Invalid("%s belongs higher up in the header" % word)
        stmt = match.game.parse(toks)
        match.submit(stmt)
        return stmt

    def _ensure_players(self):
        """The player count and start are checked before names or colours are."""
        if self.match is None and self._stage < _OPTIONS:
            self._new_match(check_only=True)

    def _new_match(self, check_only=False):
        try:
            match = Match(self._name, self._players, self._start, (), self._names, self._colours)
            match.date = self._date
        except Invalid as err:
            line = self._players_line
            if self._start_line and "start" in str(err):
                line = self._start_line
            raise RecordError(line, _clip(str(err.args[0])))
        if not check_only:
            self.match = match
        return match

    def _ensure_match(self):
        if self.match is None:
            if self._stage < _START:
                raise Invalid("the header is incomplete")
            self._stage = _OPTIONS
            self._new_match()
        return self.match

    def finish(self):
        """End of the record: return the Match (raises RecordError for an incomplete header)."""
        if self._stage < _START:
            raise RecordError(max(self.last_line, 1), "the header is incomplete")
        return self._ensure_match()


def read(lines):
    """Read a whole record (an iterable of str or bytes lines) into a Match; raises RecordError."""
    reader = Reader()
    for line in lines:
        reader.feed(line)
    return reader.finish()


def read_stream(stream, buf=None):
    """Read a whole record from a binary stream (bounded memory); raises RecordError.

    `buf` is an optional preallocated bytearray of at least BUFFER bytes."""
    lines = Lines(stream, buf)
    reader = Reader()
    while lines.next():
        reader.feed_lines(lines)
    return reader.finish()


class BytesStream:
    """A binary stream over a bytes object (`readinto` only): no copy of the data is made."""

    def __init__(self, data):
        self.view = memoryview(data)
        self.at = 0

    def readinto(self, buf):
        at = self.at
        n = min(len(buf), len(self.view) - at)
        buf[:n] = self.view[at : at + n]
        self.at = at + n
        return n


def read_text(text):
    """Read a record given as one string (or bytes)."""
    return read_stream(BytesStream(text.encode() if isinstance(text, str) else text))
