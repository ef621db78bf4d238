"""'Where do I add a fourth game?': the answer docs/architecture.md gives, tried.

A copy of the firmware gets a toy game, Minnow (host_tests/fourth_game/): one rules module, one
play screen module, one help-text module and one registry entry, nothing else.  A whole game is
then played through the app's buttons: the main menu offers it, the set-up asks its players and
shows its start rule and checklist, the game is journalled and kept in the history, and Stats,
Settings (its own setting) and Help know it.
"""

import json
import os
import shutil
import subprocess
import sys

from conftest import ROOT, TOOLS

FOURTH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fourth_game")
ENTRY = ('    Game("minnow", "Minnow", 2, 3, "fishtable.core.minnow", "fishtable.ui.play_minnow",\n'
         '         "fishtable.ui.helptext_minnow", False, (),\n'
         '         (("minnow_noise", 0, "Minnow noise %s", ("number", 0, 1, "Minnow noise", "Minnow")),)),\n')


def firmware_with_minnow(dest):
    """A copy of firmware/ with the fourth game added as the docs say (and nothing else changed)."""
    shutil.copytree(os.path.join(ROOT, "firmware"), dest, ignore=shutil.ignore_patterns("__pycache__"))
    package = os.path.join(dest, "fishtable")
    shutil.copy(os.path.join(FOURTH, "minnow.py"), os.path.join(package, "core", "minnow.py"))
    shutil.copy(os.path.join(FOURTH, "play_minnow.py"), os.path.join(package, "ui", "play_minnow.py"))
    shutil.copy(os.path.join(FOURTH, "helptext_minnow.py"), os.path.join(package, "ui", "helptext_minnow.py"))
    registry = os.path.join(package, "core", "games.py")
    with open(registry) as f:
        text = f.read()
    start = text.index("GAMES = (")
    end = text.index("\n)\n", start) + 1
    with open(registry, "w") as f:
        f.write(text[:end] + ENTRY + text[end:])


def test_a_fourth_game_is_one_rules_module_one_screen_module_one_help_module_and_one_entry(tmp_path):
    firmware = str(tmp_path / "firmware")
    firmware_with_minnow(firmware)
    proc = subprocess.run([sys.executable, os.path.join(FOURTH, "drive.py"), firmware, TOOLS, str(tmp_path / "flash")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "New Minnow" in out["menu"]
    assert out["start_rule_shown"] and out["checklist_shown"], out["setup_screens"]
    assert "Caught:" in out["play_screen"] and "Minnows!" in out["play_screen"]
    assert "P1 wins!" in out["end_screen"]  # 3 + 2 against 1 + 2
    assert len(out["history"]) == 1 and out["history"][0].endswith("-minnow.fish")
    summary = out["summary"]
    assert summary["game"] == "minnow" and summary["over"] and summary["scores"] == [5, 3]
    assert "Minnow" in out["stats_menu"] and "Minnow" in out["stats_screen"]
    assert "Minnow noise 0" in out["settings"] and "Minnow noise 1" in out["settings_after"]
    assert out["saved"] == 1
    assert "Round 1" in out["scoreboard"] and "Help" in out["scoreboard_choice"]
    assert "how many the" in out["help"]
