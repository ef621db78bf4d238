"""Play a whole game of Minnow (the toy fourth game) through the app's buttons on a copy of the
firmware with Minnow added: `python drive.py FIRMWARE_COPY TOOLS FLASH_DIR`.  Prints one JSON
object: what the screens showed and what the device journalled and kept."""

import json
import sys

firmware, tools, flash = sys.argv[1:4]
sys.path.insert(0, tools)
import bootstrap  # noqa: E402,F401 - the host shim and tools/ (it puts the repository's firmware on the path too)

sys.path.insert(0, firmware)  # ... behind the copy with the fourth game
from screenreader import Reader  # noqa: E402
from simlib.rig import BACK, NEXT, OK, Rig  # noqa: E402

READER = Reader()


def text(rig):
    """What a person reads on the screen now (the screen reader on the panel's glass)."""
    return READER.read(rig.glass()).text(markup=False)


def main():
    out = {}
    rig = Rig(flash, seed=3)
    out["menu"] = rig.labels()
    rig.menu("New Minnow")
    seen = []
    for _ in range(40):  # the set-up, taking what it offers first (two players, P1 starts)
        top = type(rig.top()).__name__
        if top == "Play":
            break
        seen.append(text(rig))
        if top == "Checklist":
            rig.press(OK)
            continue
        labels = rig.labels()
        if "P1" in labels:
            rig.menu("P1")
        else:
            rig.press(OK)
    out["setup_screens"] = seen
    out["start_rule_shown"] = any("Anyone starts" in text for text in seen)
    out["checklist_shown"] = any("A pond of" in text for text in seen)
    catches = [3, 1, 2, 2]
    out["play_screen"] = text(rig)
    for n in catches:
        rig.choose(n)
    out["end_screen"] = text(rig)
    kept = rig.store.history()
    out["history"] = kept
    from fishtable.core.record import read
    from fishtable.core.summary import summary_line
    from fishtable.store import history

    match = read(history.lines(rig.store.fs, rig.store.history_dir, kept[0]))
    out["summary"] = json.loads(summary_line(match))
    rig.press(BACK)  # the end screen: to the main menu
    rig.menu("Stats")
    out["stats_menu"] = rig.labels()
    rig.menu("Minnow")
    out["stats_screen"] = text(rig)
    rig.press(BACK)
    rig.press(BACK)
    rig.menu("Settings")
    out["settings"] = rig.labels()
    rig.menu("Minnow noise 0")
    rig.choose(1)
    out["settings_after"] = rig.labels()
    out["saved"] = rig.app.settings.get("minnow_noise")
    rig.press(BACK)
    rig.menu("New Minnow")
    while type(rig.top()).__name__ != "Play":
        if type(rig.top()).__name__ == "Checklist":
            rig.press(OK)
        elif "P1" in rig.labels():
            rig.menu("P1")
        else:
            rig.press(OK)
    rig.choose(2)
    rig.press(BACK)  # the scoreboard
    out["scoreboard"] = text(rig)
    rig.press(NEXT, 2)  # its bottom line: Play on, Undo, Help, Main menu
    out["scoreboard_choice"] = text(rig)
    rig.press(OK)
    out["help"] = text(rig)
    print(json.dumps(out))


main()
