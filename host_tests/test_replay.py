"""tools/replay.py: one JSON line, exit 2 with a numbered message, identical under MicroPython."""

import glob
import json
import os
import re
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


def run_both(path):
    """(status, stdout, stderr) of a bare CPython and of --micropython on `path` (bytes: any name)."""
    answers = []
    for flags in ((), ("--micropython",)):
        command = [sys.executable.encode(), b"-I", REPLAY.encode(), path, *(f.encode() for f in flags)]
        proc = subprocess.run(command, capture_output=True, cwd=ROOT)
        answers.append((proc.returncode, proc.stdout, proc.stderr))
    return answers


def test_any_file_name_gives_the_same_one_line_under_both_interpreters(tmp_path):
    """Names that are not UTF-8, non-ASCII, with a newline or a CR, too long, empty, a folder,
    below a file: the same line from both (each byte that is not printable ASCII shown as `?`)."""
    folder = os.fsencode(tmp_path)
    with open(RECORDS[0], "rb") as handle:
        record = handle.read()
    expected_json = replay(RECORDS[0]).stdout.encode()
    existing = [b"ex\xffist.fish", "\u00e9t\u00e9.fish".encode(), b"two words.fish", b"new\nline.fish", b"c\rr.fish"]
    for name in existing:
        with open(folder + b"/" + name, "wb") as handle:
            handle.write(record)
    (tmp_path / "a folder").mkdir()
    cases = [(folder + b"/" + name, (0, expected_json, b"")) for name in existing]
    shown = os.fsencode(tmp_path).decode("ascii")  # pytest's tmp_path is plain ASCII
    for name, why in [
        (b"mi\xffss.fish", "cannot read %s/mi?ss.fish: not found"),
        (b"\xc3(\xa0\xa1.fish", "cannot read %s/?(??.fish: not found"),
        ("\u00e9\U0001f41f.fish".encode(), "cannot read %s/??????.fish: not found"),
        (b"a folder", "cannot read %s/a folder: is a directory"),
        (b"ex\xffist.fish/x", "cannot read %s/ex?ist.fish/x: not a directory"),
        (b"n" * 300, "cannot read %s/" + "n" * 300 + ": name too long"),
    ]:
        cases.append((folder + b"/" + name, (2, b"", (why % shown + "\n").encode())))
    cases.append((b"", (2, b"", b"cannot read : not found\n")))
    for path, want in cases:
        host, board = run_both(path)
        assert host == board == want, path


def test_a_micropython_that_cannot_start_or_stops_gives_one_line(tmp_path):
    """The port missing its execute bit, or its launcher dying with a traceback: one line, exit 2."""
    tools = tmp_path / "tools"
    tools.mkdir()
    script = tools / "replay.py"
    script.write_bytes(open(REPLAY, "rb").read())
    binary = tmp_path / ".venv" / "bin" / "micropython"
    binary.parent.mkdir(parents=True)
    binary.write_text("#!/bin/sh\necho 'Traceback (most recent call last):' >&2\necho 'TypeError: no' >&2\nexit 1\n")
    binary.chmod(0o644)
    proc = subprocess.run([sys.executable, "-I", str(script), RECORDS[0], "--micropython"], capture_output=True)
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr == ("cannot start MicroPython (%s): Permission denied\n" % binary).encode()
    binary.chmod(0o755)
    proc = subprocess.run([sys.executable, "-I", str(script), RECORDS[0], "--micropython"], capture_output=True)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, b"", b"MicroPython stopped (exit 1): TypeError: no\n")


def test_what_is_not_a_regular_file_is_refused_at_once(tmp_path):
    """A device that never ends (/dev/zero) and a FIFO no one writes to: one line, exit 2, no hang,
    under both interpreters."""
    fifo = tmp_path / "pipe.fish"
    os.mkfifo(fifo)
    for path in (b"/dev/zero", os.fsencode(fifo)):
        want = (2, b"", b"cannot read %s: not a regular file\n" % path)
        host, board = run_both(path)
        assert host == board == want, path


def test_what_is_read_is_bounded(tmp_path):
    """A regular file of more than 1 MB (comments only, so it would be valid) is refused, not read."""
    path = tmp_path / "long.fish"
    with open(path, "wb") as handle:
        handle.write(b"fishtable 1\ngame yofish\nplayers 3\n")
        handle.write((b"#" + b"x" * 99 + b"\n") * 10500)
    want = (2, b"", b"cannot read %s: larger than 1 MB\n" % os.fsencode(path))
    host, board = run_both(os.fsencode(path))
    assert host == board == want


def test_date_and_played_print_identically_under_both_interpreters(tmp_path):
    source = open(os.path.join(ROOT, "records", "hifisch-3p.fish")).read()
    dated = re.sub(r"(start \d\n)", r"\1date 2024-02-29T19:05\n", source, count=1) + "played 52\n"
    path = tmp_path / "dated.fish"
    path.write_text(dated)
    host, board = replay(path), replay(path, "--micropython")
    assert host.returncode == board.returncode == 0, host.stderr + board.stderr
    assert host.stdout == board.stdout
    fields = json.loads(host.stdout)
    assert fields["date"] == "2024-02-29T19:05" and fields["played"] == 52
    assert list(fields)[-2:] == ["date", "played"]
    path.write_text(dated.replace("2024-02-29", "2023-02-29"))
    host, board = replay(path), replay(path, "--micropython")
    assert host.returncode == board.returncode == 2 and host.stderr == board.stderr
    assert host.stderr.startswith("line ") and "date is YYYY-MM-DDTHH:MM" in host.stderr
