"""The game-record reader and writer (docs/record-format.md), under both interpreters."""

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
    lines = run_fw.call("record.round_trip", GOOD)
    assert len(lines) == 3
    assert lines[0] == "[('place', 5, 0), ('cover', 9, 4), ('place', 3, 2)]"
    assert lines[1] == (
        "fishtable 1|game yofish|players 4|start 2|option advanced|place 5 0|cover 9 4|place 3 2"
    )
    assert lines[2] == "4 a cover needs a higher card, not 2 on 5"


NAMED = """\
fishtable 1
game hecht
players 3
start 2
names Ann Bo-2 cy
colours blue red white
"""


def test_names_and_colours_are_kept_written_back_and_reported():
    from fishtable.core.summary import summary_line

    match = read_text(NAMED + "action skip\n")
    assert match.names == ("Ann", "Bo-2", "cy") and match.colours == ("blue", "red", "white")
    assert list(match.lines())[:6] == NAMED.split("\n")[:6]
    line = summary_line(match)
    assert line.endswith('"names": ["Ann", "Bo-2", "cy"], "colours": ["blue", "red", "white"]}')
    assert "names" not in summary_line(read_text(GOOD))


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("names Ann Bo\n", 4, "names needs 3 names, not 2"),
        ("names Ann Bo Christopher\n", 4, "a name is 1-8 of A-Z a-z 0-9 -, not Christopher"),
        ("names Ann Bo C_3\n", 4, "not C_3"),
        ("names Ann ann Bo\n", 4, "Ann and ann are the same name"),
        ("names Ann Bo BO\n", 4, "Bo and BO are the same name"),
        ("colours red red blue\n", 4, "colour red twice"),
        ("colours red blue cyan\n", 4, "cyan is not a pike colour"),
        ("colours red blue\n", 4, "colours needs 3"),
        ("colours red blue green\nnames A B C\n", 5, "names belongs higher up"),
        ("option chips snail skip wave carp pike wave\nnames A B C\n", 5, "names belongs higher up"),
        ("names A B C\nstart 2\n", 5, "start belongs higher up"),
    ],
)
def test_names_and_colours_errors(text, line, words):
    with pytest.raises(RecordError) as err:
        read_text("fishtable 1\ngame hecht\nplayers 3\n" + text)
    assert err.value.line == line and words in str(err.value), str(err.value)


def test_guests_may_sit_more_than_once():
    match = read_text("fishtable 1\ngame hecht\nplayers 3\nnames Guest guest Guest2\n")
    assert match.names == ("Guest", "guest", "Guest2")


def test_other_games_take_any_of_the_eight_colours():
    match = read_text("fishtable 1\ngame yofish\nplayers 3\ncolours cyan purple red\n")
    assert match.colours == ("cyan", "purple", "red")


@pytest.mark.parametrize("token", ["007", "00", "1000", "٣", "３", "+3", "-0", "3.0", "0x1"])
def test_numbers_are_one_to_three_ascii_digits_without_leading_zeros(token):
    with pytest.raises(RecordError) as err:
        read_text("fishtable 1\ngame yofish\nplayers 3\nplace %s 0\n" % token)
    assert err.value.line == 4


@pytest.mark.parametrize(
    "raw, message",
    [
        (b"place 5 0 # caf\xc3\xa9 \xf0\x9f\x90\x9f\n", None),
        (b"place 5 0\r\n", None),
        (b"place 5\t0 # tab\n", None),
        (b"place 5 0 # \xe9t\xe9\n", "line 4: byte 13 is not UTF-8"),
        (b"place 5 0 # \xed\xa0\x80\n", "line 4: byte 13 is not UTF-8"),
        (b"place 5 0 # \xc0\xaf\n", "line 4: byte 13 is not UTF-8"),
        (b"place 5 0 # \xe2\x82\n", "line 4: byte 13 is not UTF-8"),
        (b"place\xc2\xa05 0\n", "line 4: byte 6: not ASCII outside a comment"),
        (b"place 5 0\x0b\n", "line 4: byte 10: a control character"),
        (b"place 5\r0\n", "line 4: a CR that does not end the line (byte 8)"),
        (b"place 5 0 #" + b"x" * 189 + b"\n", None),
        (b"place 5 0 #" + b"x" * 190 + b"\n", "line 4: longer than 200 bytes"),
        (b"place " + b"5" * 17 + b" 0\n", "line 4: a word of more than 16 characters"),
        (b"place 5 0 0 0 0 0 0 0\n", "line 4: more than 8 words"),
    ],
)
def test_lexical_rules(raw, message):
    import io

    from fishtable.core.record import read_stream

    data = b"fishtable 1\ngame yofish\nplayers 3\n" + raw
    for source in (data, data.replace(b"\n", b"\r\n")):
        if b"\r" in raw and source is not data:
            continue
        try:
            match = read_stream(io.BytesIO(source))
            got = None
        except RecordError as err:
            got = str(err)
        assert got == message
        if message is None:
            assert match.statements == [("place", 5, 0)]


class Dribble:
    """A stream that hands out a few bytes per read (the reader must stitch lines together)."""

    def __init__(self, data, step):
        self.data = data
        self.at = 0
        self.step = step

    def readinto(self, buf):
        n = min(len(buf), self.step, len(self.data) - self.at)
        buf[:n] = self.data[self.at : self.at + n]
        self.at += n
        return n


def test_lines_across_reads_of_any_size():
    from fishtable.core.record import BUFFER, Lines

    data = b"a\r\n\nbc\n" + b"x" * 300 + b"\n" + b"y" * 202 + b"\r\nz" * 3 + b"\r"
    want = [(b"a", True), (b"", True), (b"bc", True), (None, True), (b"y" * 202, True), (b"z", True), (b"z", True),
            (b"z\r", False)]
    for step in (1, 2, 7, 255, 256, 1000):
        lines = Lines(Dribble(data, step))
        got = []
        while lines.next():
            text = None if lines.overlong else bytes(lines.buf[lines.start : lines.end])
            got.append((text, lines.ended))
        assert got == want, step
        assert len(lines.buf) == BUFFER


def test_reading_any_line_allocates_little_under_micropython(fw_runner):
    """A 1 MB line and a line of 3000 words: the unix port reads them with gc off in a few KB."""
    out = fw_runner("micropython").call("record.huge_lines")
    assert out[0] == "line 4: longer than 200 bytes" and out[2] == "line 5: longer than 200 bytes", out
    assert int(out[1]) < 4000 and int(out[3]) < 4000, out


DATED = NAMED.replace("colours blue red white\n", "colours blue red white\ndate 2026-12-01T19:05\n")


def finished(text=DATED):
    """`text` and the statements of a whole 3-player Hecht game (records/hecht-3p.fish's)."""
    import os

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "records", "hecht-3p.fish")
    body = open(path).read()
    statements = body.split("start 3\n", 1)[1]
    return text.replace("start 2\n", "start 3\n") + statements


def test_date_and_played_are_read_written_back_and_reported():
    from fishtable.core.summary import summary_line

    match = read_text(finished() + "played 47  # minutes\n\n# a comment may follow\n")
    assert match.game.over and match.date == "2026-12-01T19:05" and match.played == 47
    lines = list(match.lines())
    assert lines[6] == "date 2026-12-01T19:05" and lines[-1] == "played 47"
    again = read_text("\n".join(lines) + "\n")
    assert (again.date, again.played, again.statements) == (match.date, match.played, match.statements)
    assert summary_line(match).endswith('"date": "2026-12-01T19:05", "played": 47}')
    undated = read_text(finished(NAMED))
    assert undated.date is None and undated.played is None
    assert '"date"' not in summary_line(undated) and '"played"' not in summary_line(undated)
    assert read_text(finished(NAMED) + "played 0\n").played == 0


@pytest.mark.parametrize(
    "date",
    ["2026-02-29T10:00", "1999-12-31T23:59", "2100-01-01T00:00", "2026-13-01T10:00", "2026-00-10T10:00",
     "2026-04-31T10:00", "2026-01-01T24:00", "2026-01-01T10:60", "2026-01-01 10:00", "26-01-01T10:00",
     "2026-1-01T10:00", "2026-01-0xT10:00", "2026-01-01T1:000"],
)
def test_a_date_that_is_not_a_real_time_is_refused(date):
    with pytest.raises(RecordError) as err:
        read_text("fishtable 1\ngame hecht\nplayers 3\ndate %s\n" % date)
    assert err.value.line == 4 and "YYYY-MM-DDTHH:MM" in str(err.value)


def test_leap_days_and_the_ends_of_the_range_are_dates():
    for date in ("2024-02-29T00:00", "2000-02-29T12:30", "2099-12-31T23:59", "2000-01-01T00:00"):
        assert read_text("fishtable 1\ngame yofish\nplayers 3\ndate %s\n" % date).date == date


@pytest.mark.parametrize(
    "tail, line_after, words",
    [
        ("played 5\nplayed 6\n", 1, "nothing may follow 'played'"),
        ("played 5\nend\n", 1, "nothing may follow 'played'"),
        ("played 1000\n", 0, "played"),
        ("played\n", 0, "expected 'played M'"),
        ("date 2026-12-01T19:05\n", 0, "date belongs higher up"),
    ],
)
def test_played_stands_once_after_the_end(tail, line_after, words):
    text = finished()
    with pytest.raises(RecordError) as err:
        read_text(text + tail)
    assert err.value.line == text.count("\n") + 1 + line_after and words in str(err.value), str(err.value)


def test_played_before_the_end_and_date_out_of_place_are_refused():
    with pytest.raises(RecordError) as err:
        read_text(DATED + "action skip\nplayed 3\n")
    assert err.value.line == 9 and "played belongs after the end of the game" in str(err.value)
    with pytest.raises(RecordError) as err:
        read_text("fishtable 1\ngame hecht\nplayers 3\ndate 2026-12-01T19:05\ncolours red blue green\n")
    assert err.value.line == 5 and "colours belongs higher up" in str(err.value)
