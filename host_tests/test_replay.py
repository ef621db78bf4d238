"""tools/replay.py: one JSON line, exit 2 with a numbered message, identical under MicroPython."""

import glob
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPLAY = os.path.join(ROOT, "tools", "replay.py")
RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
FIELDS = ["game", "over", "round", "scores", "winners", "next"]


def replay(path, *flags):
    # A bare CPython: the system interpreter, no venv packages needed.
    return subprocess.run([sys.executable, "-I", REPLAY, str(path), *flags], capture_output=True, text=True, cwd=ROOT)


def test_records_are_shipped():
    assert RECORDS, "records/*.fish should hold complete games"


@pytest.mark.parametrize("path", RECORDS, ids=os.path.basename)
def test_replay_prints_identical_lines_under_micropython(path):
    host = replay(path)
    board = replay(path, "--micropython")
    assert host.returncode == 0, host.stderr
    assert board.returncode == 0, board.stderr
    assert host.stdout == board.stdout
    assert host.stdout.count("\n") == 1
    fields = json.loads(host.stdout)
    assert list(fields)[:6] == FIELDS
    assert fields["over"] is True and fields["winners"] and fields["next"] is None


def test_invalid_record_exits_2_with_the_line_number(tmp_path):
    path = tmp_path / "bad.fish"
    path.write_text("fishtable 1\ngame yofish\nplayers 3\nplace 4 1\n\ncover 3 8\n")
    for flags in ((), ("--micropython",)):
        proc = replay(path, *flags)
        assert proc.returncode == 2
        assert proc.stdout == ""
        assert proc.stderr.strip() == "line 6: a cover needs a higher card, not 3 on 8"


@pytest.mark.parametrize(
    "line, message",
    [
        ("place x 1", "line 4: the card value must be 1 to 99, not x"),
        ("place 99999 1", "line 4: the card value must be 1 to 99, not 99999"),
        ("place 7 two", "line 4: the matching cards must be 0 to 4, not two"),
    ],
)
def test_a_bad_number_is_named_in_plain_words_that_fit(tmp_path, line, message):
    """The whole message, "not x" included, under CPython and MicroPython alike (no "1-3 digits"
    jargon, nothing cut at the reader's MAX_REASON)."""
    path = tmp_path / "bad.fish"
    path.write_text("fishtable 1\ngame yofish\nplayers 3\n%s\n" % line)
    for flags in ((), ("--micropython",)):
        proc = replay(path, *flags)
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.strip() == message, flags


def test_missing_file_is_an_error(tmp_path):
    proc = replay(tmp_path / "nope.fish")
    assert proc.returncode == 2 and "cannot read" in proc.stderr
