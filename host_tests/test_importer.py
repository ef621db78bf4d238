"""The web page's import (web/importer.py) agrees with the board: what it takes is stored the way the
board stores it, so the board's History reads every game, its Stats, the page's Summary and
tools/history.py count the same; numbers are never reused after a delete; a file it cannot take is
refused with the reason and nothing of it is written.  Under CPython, and the same answers under
MicroPython (the page runs it in its VM)."""

import json
import os
import subprocess
import sys

import pytest

import mprun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "web"))

import importer  # noqa: E402

from fishtable.store import Store  # noqa: E402
from fishtable.store.fs import OsFs  # noqa: E402


def record(name):
    with open(os.path.join(ROOT, "records", name), "rb") as f:
        return f.read()


NAMES = (b"Anna", b"Ben", b"Cy", b"Dora", b"Eve", b"Finn")


def named(data):
    """A record with a names line (the board's Stats keep players by name): Anna, Ben, ..."""
    lines = data.split(b"\n")
    players = [int(line.split()[1]) for line in lines if line.startswith(b"players ")][0]
    at = max(i for i, line in enumerate(lines) if line.split()[:1] in ([b"players"], [b"start"]))
    return b"\n".join(lines[:at + 1] + [b"names " + b" ".join(NAMES[:players])] + lines[at + 1:])


def snapshot(root):
    return importer._snapshot(OsFs(), root)


def played_on_the_board(root, records, names=False):
    """Finish the shipped `records` through the board's session (as games played on it), with
    names when `names`."""
    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session

    session = Session(Store(root=root))
    for name in records:
        done = read_text(named(record(name)) if names else record(name))
        session.begin(Match(done.name, done.players, done.start, done.options, done.names, done.colours))
        for stmt in done.statements:
            session.play(stmt)


def test_records_as_new_users_have_them_are_stored_as_the_board_stores(tmp_path):
    """Shipped records (a comment first), CRLF line ends, blank lines: each goes into the history
    with the board's line checks and numbering, its History entry reads, Stats and tools/history.py
    agree; a second import of the same game is refused."""
    root = str(tmp_path / "data")
    played_on_the_board(root, ["yofish-3p-basic.fish"], names=True)
    crlf = named(record("hifisch-3p.fish")).replace(b"\n", b"\r\n")
    blank = named(record("hecht-2p.fish")).replace(b"\nend\n", b"\n\nend\n\n")
    four = named(record("hecht-4p.fish"))
    got = importer.import_files(root, [("hecht-4p.fish", four), ("crlf.fish", crlf), ("blank.fish", blank),
                                       ("again.fish", four)])
    assert got["done"] == [["hecht-4p.fish", "0002-hecht.fish"], ["crlf.fish", "0003-hifisch.fish"],
                           ["blank.fish", "0004-hecht.fish"]]
    assert got["refused"] == [["again.fish", "already in the history as 0002-hecht.fish"]]
    store = Store(root=root)
    for name in store.history():
        assert store.history_game(name).game.over  # not "Damaged file"
        from fishtable.store import history as packed

        assert list(packed.lines(store.fs, store.history_dir, name))[1].endswith(tuple("0123456789abcdef"))
    import history

    plays, unfinished, problems = history.collect(store.history_dir)
    assert len(plays) == 4 and not any(unfinished.values()) and not problems
    tables = history.tables(plays)
    for game in ("hecht", "hifisch", "yofish"):
        assert store.stats(game).same(tables[game]), game


def test_numbers_are_not_reused_after_a_delete(tmp_path):
    root = str(tmp_path / "data")
    played_on_the_board(root, ["hifisch-2p.fish", "yofish-3p-basic.fish"])
    store = Store(root=root)
    assert store.history() == ["0002-yofish.fish", "0001-hifisch.fish"]
    store.delete_history("0002-yofish.fish")  # the newest, deleted on the board
    got = importer.import_files(root, [("h.fish", record("hecht-2p.fish"))])
    assert got["done"] == [["h.fish", "0003-hecht.fish"]]


def test_rosters_as_make_players_writes_them(tmp_path):
    root = str(tmp_path / "data")
    backup = b"# the fishtable roster: one name a line (tools/players.py restore FILE)\nAnna\nBen\n"
    board_form = b"names=Cy Dora\n"  # the board's roster.txt without its check line
    got = importer.import_files(root, [("players.txt", backup)])
    assert got == {"done": [["players.txt", "roster.txt"]], "refused": []}
    assert Store(root=root).roster() == ["Anna", "Ben"]
    got = importer.import_files(root, [("roster.txt", board_form)])
    assert Store(root=root).roster() == ["Cy", "Dora"]


@pytest.mark.parametrize("name, data, why", [
    ("photo.jpg", bytes(range(256)), "not a text file"),
    ("notes.fish", b"my notes\n", "not a game record (it does not begin with 'fishtable 1')"),
    ("short.fish", b"fishtable 1\ngame yofish\nplayers 3\nplace 5 0\n", "not a finished game"),
    ("bad.fish", b"fishtable 1\ngame hifisch\nplayers 2\nfish 30\n", "line 4: "),
    ("names.txt", b"Anna\nanna\n", "Anna is there already"),
    ("long.txt", b"Annabella\n", "a name is 1-8 of"),
])
def test_a_file_it_cannot_take_is_refused_with_the_reason(tmp_path, name, data, why):
    root = str(tmp_path / "data")
    played_on_the_board(root, ["hifisch-2p.fish"])
    Store(root=root).save_roster(["Eve"])
    before = snapshot(root)
    got = importer.import_files(root, [(name, data)])
    assert got["done"] == [] and got["refused"][0][0] == name and why in got["refused"][0][1], got
    assert snapshot(root) == before  # nothing of it written


def test_the_same_answers_under_micropython(tmp_path):
    """The page runs the importer in MicroPython: the same answers and files."""
    files = {"a.fish": record("hecht-4p.fish"), "b.fish": record("hifisch-3p.fish").replace(b"\n", b"\r\n"),
             "players.txt": b"# roster\nAnna\nBen\n", "c.fish": b"fishtable 1\ngame yofish\nplayers 3\n"}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    answers = {}
    for interp in ("cpython", "micropython"):
        root = str(tmp_path / interp / "data")
        os.makedirs(root)
        paths = [str(tmp_path / name) for name in files]
        if interp == "cpython":
            out = subprocess.run([sys.executable, os.path.join(ROOT, "web", "importer.py"), root] + paths,
                                 capture_output=True, text=True, check=True).stdout
        else:
            code = "import importer\nimporter.main(%r)\n" % ([root] + paths)
            out = mprun.run_code("micropython", code, path=(os.path.join(ROOT, "web"),))
        files_made = {p[len(root):]: d for p, d in snapshot(root).items()}
        answers[interp] = (json.loads(out.strip().split("\n")[-1]), files_made)
    assert answers["micropython"] == answers["cpython"]
