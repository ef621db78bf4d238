"""The game-record reader and writer (shared/spec/game-record.md), under both interpreters."""

import pytest

from fishtable.core.errors import RecordError
from fishtable.core.record import read_text

GOOD = """\
# a Yo Fish! game at the kitchen table
fishtable 1
game yofish
players 4
start 2          # the youngest
option advanced

place 5 0   # no match: 5 points
cover   9 4
place 3 2
"""


def test_header_comments_blank_lines_and_tokens():
    match = read_text(GOOD)
    assert (match.name, match.players, match.start) == ("yofish", 4, 2)
    assert match.options == [("advanced", ())]
    assert match.statements == [("place", 5, 0), ("cover", 9, 4), ("place", 3, 2)]
    assert match.game.scores() == [0, 5, 13, 2]


def test_round_trip_yields_the_same_statements():
    first = read_text(GOOD)
    again = read_text("\n".join(first.lines()) + "\n")
    assert again.statements == first.statements
    assert list(again.lines()) == list(first.lines())
    assert again.options == first.options and again.start == first.start


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("", 1, "header is incomplete"),
        ("game yofish\n", 1, "fishtable 1"),
        ("fishtable 2\n", 1, "unsupported record version 2"),
        ("fishtable 1\ngame chess\n", 2, "unknown game chess"),
        ("fishtable 1\ngame yofish\nplayers x\n", 3, "whole number"),
        ("fishtable 1\ngame yofish\nplayers 5\nplace 1 0\n", 3, "3 to 4 players"),
        ("fishtable 1\ngame yofish\nplayers 3\nstart 4\n", 4, "start"),
        ("fishtable 1\ngame yofish\nplayers 3\noption turbo\n", 4, "unknown option turbo"),
        ("fishtable 1\ngame yofish\nplayers 3\nplace 1 0\noption advanced\n", 5, "header"),
        ("fishtable 1\ngame yofish\nplayers 3\nplace 1 0\nstart 2\n", 5, "header"),
        ("fishtable 1\ngame yofish\nplayers 3\njump 3\n", 4, "unknown statement jump"),
        ("fishtable 1\ngame yofish\n\n# only a comment\n", 2, "header is incomplete"),
    ],
)
def test_errors_name_the_line(text, line, words):
    with pytest.raises(RecordError) as err:
        read_text(text)
    assert err.value.line == line
    assert str(err.value).startswith("line %d: " % line)
    assert words in str(err.value)


def test_reader_and_writer_agree_under_micropython_and_cpython(run_fw):
    out = run_fw(
        """
        import sys
        from fishtable.core.record import read_text
        from fishtable.core.errors import RecordError
        m = read_text(sys.stdin.read())
        print(m.statements)
        print("|".join(m.lines()))
        try:
            read_text("fishtable 1\\ngame yofish\\nplayers 3\\ncover 2 5\\n")
        except RecordError as e:
            print(e.line, e.reason)
        """,
        stdin=GOOD,
    )
    lines = out.splitlines()
    assert lines[0] == "[('place', 5, 0), ('cover', 9, 4), ('place', 3, 2)]"
    assert lines[1] == (
        "fishtable 1|game yofish|players 4|start 2|option advanced|place 5 0|cover 9 4|place 3 2"
    )
    assert lines[2] == "4 cover needs V above W, not 2 on 5"
