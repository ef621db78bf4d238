"""The soak's own checker (tools/simlib/soakwalk.py): each invariant holds on what a table really
does and breaks on what it must catch.  A walk is given its presses (`--keys`) on a prepared
flash; a few tests give the firmware a defect first (a swallowed key, a stale scoring, a damaged
journal line) to prove that the check is not blind to it."""

import os
import subprocess

import pytest
from conftest import ROOT, TOOLS
from simlib import soakwalk

import mprun
from fishtable.core.match import Match
from fishtable.core.record import read
from fishtable.store import Store
from fishtable.ui import prefs

SIMLIB = os.path.join(TOOLS, "simlib")
MAIN_PY = os.path.join(ROOT, "firmware", "main.py")
BACK_MESSAGE = "no-op: a refusal shows the message that just timed out again"

# A defect for the firmware: the Nth key event the app gets is dropped (nothing happens).
SWALLOW = """
import devices
devices.install()
from fishtable.ui import app as _app
_handle = _app.App.handle
_seen = [0]
def _swallow(self, ev):
    if ev:
        _seen[0] += 1
        if _seen[0] == %d:
            return
    _handle(self, ev)
_app.App.handle = _swallow
"""

# A defect: after every accepted Hi Fisch! flip the play screen shows the last scoring again
# (issue 14's stale scoring).
STALE_SCORING = """
import devices
devices.install()
from fishtable.ui import app as _app
_submit = _app.App.submit
def _stale(self, stmt):
    done = _submit(self, stmt)
    match = self.match
    if done and match is not None and match.game.scorings and type(self.stack[-1]).__name__ == "Play":
        self.stack[-1].scored(self)
    return done
_app.App.submit = _stale
"""

# A defect: every journal line the store appends gets a wrong check (its words stay right).
BAD_CHECK = """
import devices
devices.install()
from fishtable.store import Store as _Store
_append = _Store.append
def _damage(self, match, stmt):
    _append(self, match, stmt)
    from fishtable.store import journal
    path = journal.paths(self)[-1]
    with open(path, "rb") as f:
        data = bytearray(f.read())
    i = data.rfind(b"#") + 1
    data[i] = 48 if data[i] != 48 else 49
    with open(path, "wb") as f:
        f.write(data)
_Store.append = _damage
"""

# A defect: the store leaves a part of the journal's generation on the flash that it does not know
# of (a start reads it: the parts are found on the flash).
STRAY_PART = """
import devices
devices.install()
from fishtable.store import Store as _Store
_append = _Store.append
def _stray(self, match, stmt):
    _append(self, match, stmt)
    with open(self._part_path(self._gen, self._part + 1), "w") as f:
        f.write("shark\\n")
_Store.append = _stray
"""


def walk(tmp_path, keys, interp="cpython", defect="", seed=1):
    """Run a walk of `keys` on the flash in tmp_path/flash; returns (counts, violations)."""
    flash = tmp_path / "flash"
    flash.mkdir(exist_ok=True)
    script = tmp_path / "walk.keys"
    script.write_text(keys)
    args = ["--keys", str(script), str(seed), str(flash), MAIN_PY]
    code = defect + "\nimport soakwalk\nsoakwalk.main(%r)\n" % args
    argv, env = mprun.command(interp, code, mode="code", path=(SIMLIB, TOOLS))
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    counts, violations = {}, []
    for line in proc.stdout.splitlines():
        if line.startswith("S "):
            key, value = line[2:].rsplit(" ", 1)
            counts[key] = int(value)
        elif line.startswith("V ") or line.startswith("fishtable: app error"):
            violations.append(line)
    assert counts.get("presses") == len(soakwalk.script_words(keys)) or violations, proc.stdout
    return counts, violations


def store(tmp_path):
    """The store on the walk's flash."""
    (tmp_path / "flash").mkdir(exist_ok=True)
    return Store(root=str(tmp_path / "flash" / "data"))


def resumable(tmp_path, name, drop):
    """A journal on the flash: the shipped record `name` without its last `drop` statements."""
    with open(os.path.join(ROOT, "records", name)) as f:
        whole = read(f)
    part = Match(whole.name, whole.players, whole.start, whole.options)
    for stmt in whole.statements[: len(whole.statements) - drop]:
        part.submit(stmt)
    store(tmp_path).begin(part)
    return whole


def flipped(tmp_path):
    """The Flip screen setting on, on the flash."""
    settings = prefs.defaults()
    settings["flip"] = 1
    store(tmp_path).save_settings(settings)


# -- Hi Fisch!: the scoring shows right after the round's last flip, and only then ---------------------
# Resume, Fish, number 2 (the game's last flip: its last round's four scoring pages), OK through them.
LAST_FLIP = "ok ok next ok ok ok ok ok"


@pytest.mark.parametrize("interp", ["cpython", "micropython"])
def test_the_scoring_of_the_flip_that_ends_the_game_is_expected(tmp_path, interp):
    whole = resumable(tmp_path, "hifisch-3p.fish", 1)
    assert whole.statements[-1] == ("fish", 2, False) and whole.game.over
    counts, violations = walk(tmp_path, LAST_FLIP, interp)
    assert not violations, violations  # was: "a scoring shows that no flip just caused"
    assert counts["scorings shown"] == 1 and counts["journal checks"] >= 1


def test_a_scoring_shown_again_after_a_flip_is_still_caught(tmp_path):
    resumable(tmp_path, "hifisch-3p.fish", 2)  # round 14 scored before; a shark to flip, then fish 2
    counts, violations = walk(tmp_path, "ok next ok", defect=STALE_SCORING)  # Resume, Shark
    assert len(violations) == 1 and "a scoring shows that no flip just caused" in violations[0], violations


# -- no press is swallowed ----------------------------------------------------------------------------
# Players, Add player, eight letters, a ninth (refused: "A name has 8 letters at most")
FULL_NAME = "next*4 ok ok ok*8 ok"


def test_a_refusal_that_shows_its_message_again_as_it_times_out_is_a_no_op(tmp_path):
    # the message goes (2.5 s) between OK's press and its release, and OK refuses the letter again
    counts, violations = walk(tmp_path, FULL_NAME + " wait:2410 ok")
    assert not violations, violations  # was: "the press changed nothing on NamePicker"
    assert counts[BACK_MESSAGE] == 1


def test_a_press_swallowed_while_a_message_shows_is_still_caught(tmp_path):
    counts, violations = walk(tmp_path, FULL_NAME + " ok", defect=SWALLOW % 16)  # key 16: OK on the message
    assert len(violations) == 1 and "the press changed nothing on NamePicker" in violations[0], violations
    assert BACK_MESSAGE not in counts


def test_a_hold_just_short_of_a_long_press_that_the_loop_sees_as_long_is_back(tmp_path):
    # the pin goes up at the first 10 ms loop pass after 695 ms: a 700 ms press, BACK
    counts, violations = walk(tmp_path, "hold:695 hold:690")
    assert not violations, violations  # was: "the press changed nothing on MainMenu"
    assert counts["no-op: Back on the main menu"] == 1  # hold:690 is an OK: New Hi Fisch!


def test_the_swallowed_press_check_sees_through_the_flip_setting(tmp_path):
    flipped(tmp_path)
    counts, violations = walk(tmp_path, "back next")
    assert not violations, violations
    assert counts["no-op: Back on the main menu"] == 1  # was: not counted (before and after never equal)
    counts, violations = walk(tmp_path, "next next", defect=SWALLOW % 2)
    assert len(violations) == 1 and "the press changed nothing on MainMenu" in violations[0], violations


# -- the journal replays to the app's game ------------------------------------------------------------
@pytest.mark.parametrize("interp", ["cpython", "micropython"])
@pytest.mark.parametrize("defect", [BAD_CHECK, STRAY_PART], ids=["bad check", "stray part"])
def test_a_journal_that_would_not_read_back_as_the_store_reads_it_is_caught(tmp_path, interp, defect):
    resumable(tmp_path, "hifisch-3p.fish", 2)
    counts, violations = walk(tmp_path, "ok next ok", interp, defect=defect)  # Resume, Shark
    assert len(violations) == 1 and "the journal does not read back (1 lines lost)" in violations[0], violations
