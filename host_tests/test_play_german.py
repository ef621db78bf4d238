"""The play screens in German (issue 41): every shipped record played on a strict rig with the German
catalog sources (tools/texts.py), named seats and unnamed ones: each turn's frame, the game menu and
the undo question every few plays, Hecht's reminders taking turns, Hi Fisch!'s scoring pages and the
end screen with its points pages.  Strict drawing raises on a text off the panel, over another or cut
by the wrap; every text the play screens look up has its German."""

import os
import sys

import pytest
import screens
import texts
from simlib.rig import Rig

from fishtable.core.record import read_text
from fishtable.events import BACK, NEXT, OK, PREV

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = sorted(os.listdir(os.path.join(ROOT, "records")))
NAMES = ("Hildegar", "Anna", "Bob", "Zoe", "Maximili", "Cy")


def _record(name, named):
    with open(os.path.join(ROOT, "records", name)) as f:
        lines = f.read().splitlines()
    if named:
        players = int([line for line in lines if line.startswith("players ")][0].split()[1])
        at = [i for i, line in enumerate(lines) if line.startswith("start ")][0]
        lines[at + 1:at + 1] = ["names " + " ".join(NAMES[:players])]
    return read_text("\n".join(lines) + "\n")


def _switches():
    """Every `use` and `extend` the loaded modules reach (an earlier test may have dropped and
    imported fishtable.text or draw again: modules imported before hold the old ones)."""
    uses, extends = {}, {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("fishtable"):
            continue
        if name == "fishtable.text":
            uses[id(module.use)] = module.use
        if name == "fishtable.ui.draw":
            extends[id(module.extend)] = module.extend
        t = getattr(module, "t", None)
        if callable(t) and "use" in getattr(t, "__globals__", {}):
            use = t.__globals__["use"]
            uses[id(use)] = use
        draw = getattr(module, "draw", None)
        if draw is not None and hasattr(draw, "extend"):
            extends[id(draw.extend)] = draw.extend
    return list(uses.values()), list(extends.values())


@pytest.mark.parametrize("record", RECORDS)
def test_a_game_played_in_german_fits_the_panel(tmp_path, record):
    named = RECORDS.index(record) % 2 == 0  # half the games by name, half by seat ("S2")
    match = _record(record, named)
    table = texts.catalog(texts.load("de"))
    untranslated = set()

    def lookup(english):
        found = table.get(english)
        if found is None:
            untranslated.add(english)
        return found

    rig = Rig(tmp_path, seed=3)
    if named:
        rig.store.save_roster(list(match.names))
    chips = dict(match.options).get("chips")
    if chips:
        rig.app.settings["chips"] = " ".join(chips)
    screens._set_up(rig, match)  # (in English: it finds its way by the set-up's labels)
    uses, extends = _switches()
    try:
        for use in uses:
            use(lookup)
        for extend in extends:
            extend(True)
        rig.top().new_turn(rig.app)
        for k, stmt in enumerate(match.statements):
            rig.app.dirty = True
            rig.run(20)
            if k % 3 == 1:  # the game menu, Undo, its question; BACK twice: no undo, play on
                rig.press(BACK)
                rig.press(NEXT)
                rig.press(OK)
                assert type(rig.top()).__name__ == "Confirm"
                rig.press(BACK)
                rig.press(BACK)
            assert rig.app.submit(stmt), (k, stmt)
            rig.run(2100)  # Hecht's reminders take turns every two seconds
            while type(rig.top()).__name__ == "Scoring":
                rig.press(OK)
        assert type(rig.top()).__name__ == "GameOver"
        rig.press(NEXT)  # "OK: Scan" and back
        rig.run(20)
        rig.press(PREV)
        for _ in range(match.players if match.name == "hifisch" else 0):  # the points pages
            rig.press(OK)
            rig.run(20)
    finally:
        for use in uses:
            use(None)
        for extend in extends:
            extend(False)
    assert not untranslated, sorted(untranslated)
