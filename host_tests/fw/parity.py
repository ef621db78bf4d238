"""Random games replayed under both interpreters, for the parity tests of each game's rules
(test_hecht.py, test_hifisch.py, test_yofish.py)."""

from fishtable.core.errors import Invalid
from fishtable.core.match import Match
from fishtable.core.record import read_text
from fishtable.core.summary import summary_line

# A fixed set of Hecht statements probed with check() after every statement.
HECHT_PROBES = (("eat", False), ("eat", True), ("graze",), ("emigrate", False), ("emigrate", True), ("end",),
                ("action", "snail"), ("action", "skip"), ("action", "wave"), ("action", "carp", (3, 4)),
                ("action", "pike", ((1, 2),)), ("action", "pike", ((2, 2),)))


def _legal(m, stmt):
    try:
        m.check(stmt)
        return "1"
    except Invalid:
        return "0"


def _records(stream):
    """The records of `stream`, separated by lines "=": one at a time (all of them at once would
    not fit the Pico's heap)."""
    lines = []
    for line in stream:
        if line.strip() == "=":
            yield "".join(lines)
            lines = []
        else:
            lines.append(line)
    yield "".join(lines)


def hecht_probes():
    """The Hecht records on stdin replayed statement by statement: after each, print which probes
    check() accepts, the warnings and the scores; after each game its replay line.  Returns the games."""
    import sys

    count = 0
    for text in _records(sys.stdin):
        done = read_text(text)
        m = Match("hecht", done.players, done.start, done.options)
        for stmt in done.statements:
            m.submit(stmt)
            print("".join(_legal(m, p) for p in HECHT_PROBES), "|".join(m.game.warnings()), m.game.scores())
        print(summary_line(m))
        count += 1
    return count


def replay_lines(texts):
    """The replay line of each record in `texts`."""
    return [summary_line(read_text(text)) for text in texts]


def hifisch_scorings():
    """The Hi Fisch! records on stdin, one at a time: print each one's replay line and repr of its
    last intermediate scoring.  Returns the games."""
    import sys

    count = 0
    for text in _records(sys.stdin):
        m = read_text(text)
        print(summary_line(m) + " " + repr(m.game.last_scoring))
        count += 1
    return count
