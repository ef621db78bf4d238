"""The History screen over the store: a game's ranking and Delete; a damaged file says so and offers Delete."""

import os

import pytest
from simlib.rig import BACK, NEXT, OK, PREV, Rig

from fishtable.core.match import Match
from fishtable.ui import draw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def rig(tmp_path):
    r = Rig(str(tmp_path), seed=9)
    yield r
    draw.set_strict(False)


def finish_games(store, count):
    for seed in range(count):
        match = Match("yofish", 3, 1 + seed % 3)
        store.begin(match)
        while not match.game.over:
            stmt = ("place", 1 + seed, 0)
            store.append(match, stmt)
            match.submit(stmt)
        store.finish(match)


def screen(rig):
    """What the panel shows, as the screen reader reads it."""
    from simlib.device import reader

    return reader().read(rig.glass())


def test_a_damaged_history_file_says_so_and_offers_delete(rig):
    finish_games(rig.store, 2)
    names = rig.store.history()
    from fw.packed import place

    path, offset, _ = place(rig.store.fs, rig.store.history_dir, names[0])
    with open(path, "r+b") as handle:
        handle.seek(offset + 40)
        byte = handle.read(1)
        handle.seek(offset + 40)
        handle.write(bytes([byte[0] ^ 1]))
    rig.menu("History")
    menu = rig.top()
    rig.press(OK)
    shown = screen(rig)
    assert shown.contains("#2 Yo Fish!") and shown.contains("Damaged file:") and shown.contains("OK: back"), shown
    rig.press(OK)  # back: the list as it was
    assert rig.top() is menu and rig.store.history() == names
    rig.press(NEXT)
    rig.press(OK)
    assert type(rig.top()).__name__ == "Standings" and not screen(rig).contains("Damaged")  # the good one
    rig.press(BACK)
    rig.press(PREV)
    rig.press(OK)
    rig.press(NEXT)
    assert screen(rig).contains("OK: delete"), screen(rig)
    rig.press(OK)
    assert screen(rig).contains("Delete the game") and screen(rig).contains("#2 Yo Fish!?"), screen(rig)
    rig.press(OK)  # yes
    assert rig.store.history() == names[1:] and os.path.exists(path)  # its segment holds game 1
    assert rig.labels() == ["#1 Yo Fish!"]


def test_delete_a_game_from_its_ranking(rig):
    finish_games(rig.store, 2)
    first, second = rig.store.history()
    rig.menu("History")
    rig.press(OK)
    standings = rig.top()
    assert type(standings).__name__ == "Standings" and not standings.delete
    before = rig.glass()
    rig.press(NEXT)
    assert standings.delete and rig.glass() != before  # the bottom line now offers Delete
    rig.press(OK)
    assert type(rig.top()).__name__ == "Confirm"
    rig.press(BACK)  # no: nothing deleted
    assert rig.top() is standings and rig.store.history() == [first, second]
    rig.press(OK)
    rig.press(OK)  # yes
    assert rig.store.history() == [second]
    assert rig.labels() == ["#%d Yo Fish!" % int(second[:4])]
    rig.press(OK)
    rig.press(NEXT)
    rig.press(OK)
    rig.press(OK)
    assert rig.store.history() == []
    assert "No finished" in rig.top().lines


def test_the_oldest_games_dropped_for_room_are_said_once(rig):
    """When the flash was full and the oldest games made room (the store counts them in `trimmed`),
    the panel says so once, after the next game is filed; the next filing says nothing more."""
    from fishtable.core.record import read_text

    with open(os.path.join(ROOT, "records", "yofish-3p-basic.fish")) as f:
        done = read_text(f.read())
    texts = []
    for trimmed in (3, 0):
        rig.store.trimmed = trimmed
        rig.app.begin(Match(done.name, done.players, done.start, done.options))
        for stmt in done.statements:
            rig.app.submit(stmt)
        rig.run(100)
        texts.append(" ".join(screen(rig).text().split()))
        rig.run(3000)
        rig.press(BACK)
    assert "History full: the 3 oldest games deleted" in texts[0], texts[0]
    assert "History full" not in texts[1] and rig.store.trimmed == 0
    assert len(rig.store.history()) == 2
