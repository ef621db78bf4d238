#!/usr/bin/env python3
"""Make the README's screenshots (docs/screens/*.png) with the simulator's scripted mode.

    python3 tools/simlib/screens.py [OUT_DIR]

Each picture is the final frame of a short key script run by `tools/sim.py --keys`; the
scripts are recorded by playing through the app in-process (rig.py), so they stay right
when the menus change.
"""

import os
import random
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
ROOT = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
sys.path.insert(0, HERE)

import sim  # noqa: E402
from rig import BACK, NEXT, OK, Rig  # noqa: E402

SEED = 7


def _yofish(rig):
    rig.menu("New Yo Fish!")
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(1)
    rig.choose(0)
    for v, m in ((7, 0), (4, 2), (9, 1), (3, 0)):
        rig.choose("Place")
        rig.choose(v)
        rig.choose(m)
    rig.choose("Cover")
    rig.choose(11)
    rig.press(NEXT, 0)


def _hifisch(rig):
    rig.menu("New Hi Fisch!")
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(1)
    for stmt, n in ((("fish", False), 23), (("shark", True), None), (("fish", False), 18), (("fish", False), 16)):
        rig.choose(stmt)
        if n:
            rig.choose(n)
    rig.press(OK)


def _hecht(rig):
    rig.menu("New Hecht")
    rig.choose(3)
    rig.choose(2)
    rig.press(OK)
    for stmt in (("action", "snail"), ("end",), ("action", "snail"), ("end",), ("action", "wave")):
        rig.choose(stmt)


def _game_over(rig):
    rig.menu("New Yo Fish!")
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(1)
    rig.choose(0)
    rng = random.Random(SEED)
    while rig.app.match is not None:
        rig.choose("Place")
        rig.choose(rng.randint(1, 12))
        rig.choose(rng.randint(0, 1))


def _game_menu(rig):
    _yofish(rig)
    rig.press(BACK, 3)


def _dice(rig):
    rig.menu("Dice")
    rig.press(NEXT)
    rig.press(OK)


SHOTS = {
    "main_menu": lambda rig: None,
    "yofish_cover": _yofish,
    "hifisch_scoring": _hifisch,
    "hecht_play": _hecht,
    "scoreboard": _game_menu,
    "game_over": _game_over,
    "dice": _dice,
}


def main(argv):
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screens")
    os.makedirs(out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    try:
        for name, steps in SHOTS.items():
            rig = Rig(os.path.join(tmp, name, "rig"), seed=SEED)
            steps(rig)
            keys = os.path.join(tmp, name + ".keys")
            with open(keys, "w") as f:
                f.write(rig.script())
            frames = os.path.join(tmp, name, "frames")
            sim.scripted(keys, frames, SEED, False, os.path.join(tmp, name, "flash"), fresh=True)
            shutil.copy(os.path.join(frames, "final.png"), os.path.join(out, name + ".png"))
            print(os.path.join(out, name + ".png"))
    finally:
        shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
