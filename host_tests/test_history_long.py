"""A long history: 10,000 games on the board and a finished game left in the journal (the power
went between its last statement and its move into the history).  The board starts to the
History with the message, History pages through the games, Stats counts, a new game begins;
through the buttons, in this process and under MicroPython (the board's interpreter)."""

import os
import re
import shutil

import pytest

from fishtable.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = 10000
YOFISH = 30  # the Yo Fish! games among them: their Stats rebuild walks all 10,000 names


def record(name):
    """The record of records/NAME.fish without its comments (a journal from before the checks
    starts with exactly `fishtable 1`)."""
    text = open(os.path.join(ROOT, "records", name + ".fish")).read()
    lines = [re.sub(r"\s*#.*", "", line) for line in text.split("\n")]
    return "\n".join(line for line in lines if line) + "\n"


def long_flash(folder):
    """A board's /data with GAMES history files and a finished Hecht game in its journal."""
    data = os.path.join(folder, "data")
    history = os.path.join(data, "history")
    os.makedirs(history)
    texts = {game: record(name) for game, name in
             (("hifisch", "hifisch-3p"), ("hecht", "hecht-2p"), ("yofish", "yofish-3p-basic"))}
    for number in range(1, GAMES + 1):
        game = "yofish" if number % (GAMES // YOFISH) == 0 else ("hifisch", "hecht")[number % 2]
        with open(os.path.join(history, "%04d-%s.fish" % (number, game)), "w") as out:
            out.write(texts[game])
    with open(os.path.join(data, "journal.fish"), "w") as out:
        out.write(texts["hecht"])
    return data


def taken_over(data):
    """True when the 10,000 games of a file each and the one filed at boot are all packed
    (fishtable.store.history: the take-over at boot), the newest first, none left in a file."""
    names = Store(root=data).history()
    left = [n for n in os.listdir(os.path.join(data, "history")) if n.endswith(".fish")]
    return names[0] == "10001-hecht.fish" and len(names) == GAMES + 1 and not left


def shown(rig):
    """What the screen reader reads on the panel now (as the simulator's frame texts)."""
    from screenreader import Reader

    return " ".join(Reader().read(rig.glass()).text().split())


@pytest.fixture(scope="module")
def walked(tmp_path_factory):
    """(the untouched flash, the key script of the walk, the rig after it) - the walk through
    the buttons in this process."""
    from simlib.rig import Rig

    base = tmp_path_factory.mktemp("long")
    clean = str(base / "clean")
    long_flash(clean)
    played = str(base / "cpython")
    shutil.copytree(clean, played)
    rig = Rig(played, seed=3)
    seen = {"boot": shown(rig)}
    from fishtable.events import BACK, NEXT, OK, PREV

    rig.press(OK)  # the message goes
    seen["history"] = rig.labels()[:3]
    rig.press(NEXT, 2)
    rig.press(OK)
    seen["third"] = shown(rig)
    rig.press(BACK)
    rig.press(PREV, 3)  # past the newest: the oldest
    rig.press(OK)
    seen["oldest"] = shown(rig)
    rig.press(BACK)
    rig.press(BACK)
    rig.menu("Stats")
    rig.menu("Yo Fish!")
    seen["stats"] = shown(rig)
    rig.press(BACK)
    rig.press(BACK)
    rig.new_game("New Yo Fish!", 3)
    seen["play"] = shown(rig)
    return clean, rig.script(), rig, seen


def test_a_long_history_starts_pages_counts_and_plays(walked):
    clean, script, rig, seen = walked
    assert "The last game was over" in seen["boot"], seen["boot"]
    assert seen["history"] == ["#10001 Hecht", "#10000 Hi Fisch!", "#9999 Hecht"]
    assert "#9999 Hecht" in seen["third"] and "#1 Hecht" in seen["oldest"]
    assert "Games" in seen["stats"] and str(YOFISH) in seen["stats"], seen["stats"]
    assert taken_over(os.path.join(rig.folder, "data"))
    match, _ = Store(root=os.path.join(rig.folder, "data")).resume()
    assert match is not None and match.name == "yofish" and not match.statements


def test_the_same_walk_under_micropython(walked, tmp_path):
    """The same keys on the board's interpreter give the same screens, the game filed, a new one begun."""
    import sim

    clean, script, rig, seen = walked
    flash = str(tmp_path / "flash")
    shutil.copytree(clean, flash)
    keys = tmp_path / "walk.keys"
    keys.write_text(script + "\n")
    texts = []
    sim.scripted(str(keys), str(tmp_path / "frames"), 3, True, flash,
                 text=lambda n, words: texts.append(" ".join(words.split())))
    assert any("The last game was over" in t for t in texts)
    assert any("#1 Hecht" in t for t in texts)
    assert texts[-1] == seen["play"]
    assert taken_over(os.path.join(flash, "data"))
    match, _ = Store(root=os.path.join(flash, "data")).resume()
    assert match is not None and match.name == "yofish"
