"""tools/players.py (make players, make pull) against the virtual board (tools/virtual_board.py): the
real mpremote talking to the MicroPython unix port with the firmware's own store on it."""

import os
import shutil
import subprocess
import sys

import pytest
from virtual_board import VirtualBoard

from fishtable.core.match import Match
from fishtable.store import OsFs, Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "players.py")
RECORD = os.path.join(ROOT, "records", "yofish-3p-basic.fish")


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """A virtual Pico with the firmware (as source) and a /data with one Hecht game set up."""
    root = tmp_path_factory.mktemp("pico")
    shutil.copytree(os.path.join(ROOT, "firmware", "fishtable"), str(root / "fishtable"),
                    ignore=shutil.ignore_patterns("__pycache__", "cp"))
    store = Store(OsFs(), str(root / "data"))
    store.begin(Match("hecht", 3, 1, (), ("Anna", "Guest", "Bob"), ("green", "red", "white")))
    store.discard()
    with VirtualBoard(str(root)) as vb:
        yield vb


def players(board, *args):
    proc = subprocess.run([sys.executable, TOOL, "--port", board.port, *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    return proc.returncode, proc.stdout, proc.stderr


def board_store(board):
    return Store(OsFs(), os.path.join(board.root, "data"))


def test_show_add_rename_remove_set(board):
    status, out, err = players(board)
    assert status == 0, err
    assert out == "0 players in the roster\nlast hecht: Anna (green), Guest (red), Bob (white)\n"
    status, out, err = players(board, "add", "Anna", "Bob", "Cy-3")
    assert status == 0, err
    assert out.split("\n")[:4] == ["3 players in the roster:", "  Anna", "  Bob", "  Cy-3"]
    assert board_store(board).roster() == ["Anna", "Bob", "Cy-3"]
    assert players(board, "rename", "Bob", "Bo")[0] == 0
    assert players(board, "remove", "Anna")[0] == 0
    status, out, err = players(board, "show")
    assert out == "2 players in the roster:\n  Bo\n  Cy-3\nlast hecht: Guest (green), Guest (red), Bo (white)\n"
    assert players(board, "set", "Zed", "Amy")[0] == 0
    assert board_store(board).roster() == ["Zed", "Amy"]


REFUSALS = [
    (("add", "Christoph"), "a name is 1-8 of A-Z a-z 0-9 -, not Christoph"),
    (("add", "zed"), "Zed is there already"),
    (("add", "Guest"), "Guest is for guests"),
    (("rename", "Nobody", "X"), "Nobody is not in the roster"),
    (("remove", "Nobody"), "Nobody is not in the roster"),
    # several names: every one is checked before anything is written
    (("add", "Anna", "Bob", "Christoph"), "a name is 1-8 of A-Z a-z 0-9 -, not Christoph"),
    (("add", "Anna", "anna"), "Anna is there already"),
    (("remove", "Zed", "Nobody"), "Nobody is not in the roster"),
]


def test_refusals_are_one_line_and_change_nothing(board):
    players(board, "set", "Zed", "Amy")
    for args, message in REFUSALS:
        status, out, err = players(board, *args)
        assert status == 1 and err == "players: %s\n" % message and out == "", args
    assert board_store(board).roster() == ["Zed", "Amy"]


def test_adding_past_a_full_roster_changes_nothing(board):
    full = ["N%d" % i for i in range(15)]
    assert players(board, "set", *full)[0] == 0
    status, out, err = players(board, "add", "Anna", "Bob")
    assert status == 1 and err == "players: Roster full: 16 players\n" and out == ""
    assert board_store(board).roster() == full
    assert players(board, "add", "Anna")[0] == 0
    assert board_store(board).roster() == full + ["Anna"]


def test_backup_and_restore(board, tmp_path):
    players(board, "set", "Anna", "Bob", "Cy")
    backup = str(tmp_path / "roster.txt")
    status, out, err = players(board, "backup", backup)
    assert status == 0 and out == "3 names written to %s\n" % backup, err
    with open(backup) as handle:
        assert handle.read().split("\n")[1:] == ["Anna", "Bob", "Cy", ""]
    players(board, "set")
    assert board_store(board).roster() == []
    assert players(board, "restore", backup)[0] == 0
    assert board_store(board).roster() == ["Anna", "Bob", "Cy"]
    assert players(board, "backup", "-")[1].endswith("Anna\nBob\nCy\n")


def test_make_pull_copies_the_history_and_mirrors_it(board, tmp_path):
    dest = str(tmp_path / "history")
    status, out, err = players(board, "pull", dest)
    assert status == 1 and "could not copy /data/history" in err  # no finished game yet
    history = os.path.join(board.root, "data", "history")
    os.makedirs(history)
    for i, name in enumerate(("0001-yofish.fish", "0002-yofish.fish")):
        shutil.copy(RECORD, os.path.join(history, name))
    proc = subprocess.run(["make", "--no-print-directory", "pull", "PORT=" + board.port, "DIR=" + dest],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[-2] == "2 games copied to %s" % os.path.relpath(dest, ROOT)
    with open(RECORD, "rb") as src, open(os.path.join(dest, "0002-yofish.fish"), "rb") as got:
        assert got.read() == src.read()
    os.remove(os.path.join(history, "0001-yofish.fish"))  # deleted on the board: gone here too
    assert players(board, "pull", dest)[0] == 0
    assert sorted(os.listdir(dest)) == ["0002-yofish.fish"]
    assert sorted(os.listdir(str(tmp_path))) == ["history"]  # no scratch folder left
    Store(root=os.path.join(board.root, "data")).resume()  # the board's next boot packs its history
    status, out, _ = players(board, "pull", dest)
    assert status == 0 and "1 game" in out, out
    assert sorted(os.listdir(dest)) == ["S0001.seg", "index.bin"]
    import history as tool

    assert [(name, data) for name, data in tool.games(dest)] == [("0002-yofish.fish", open(RECORD, "rb").read())]


def test_a_board_without_the_firmware_is_told(tmp_path):
    with VirtualBoard(str(tmp_path)) as bare:
        status, out, err = players(bare)
    assert status == 1 and "the firmware is not on the board" in err and "make flash" in err
