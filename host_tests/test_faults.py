"""Any fault, round two: a clock that lies, a part that cannot be read, a power cut while a game is
filed, a file where a folder belongs (and the reverse).  Each sweep runs a sample in `make test`
under CPython, the MicroPython unix port and the WebAssembly VM, and in full in `make soak`
(tools/soak.py sets FISHTABLE_FAULTS_FULL)."""

import json
import os

import pytest

import mprun

FULL = bool(os.environ.get("FISHTABLE_FAULTS_FULL"))


def wasm_call(name, *args):
    """host_tests/fw's function `name` in the 32-bit WebAssembly VM (its arguments in the code)."""
    from conftest import BOARD_PATH, CALL

    module, function = name.rsplit(".", 1)
    code = CALL % ("", module, function, repr(json.dumps(args)))
    out = mprun.run_code("wasm", code, path=BOARD_PATH, heapsize="2M")
    return json.loads(out.strip().split("\n")[-1])


def on(interp, run_fw_or_none, name, *args):
    if interp == "wasm":
        return wasm_call(name, *args)
    return run_fw_or_none.call(name, *args)


# -- 1. a clock that reads an impossible day ----------------------------------------------------
@pytest.mark.parametrize("where", ["cpython", "micropython", "wasm"])
def test_a_clock_gives_only_real_dates_and_every_dated_game_resumes(where, fw_runner):
    """A DS3231 reading 31 February wrote `date 2026-02-31T12:30` into the journal, which the record
    reader refuses: after a power cut the game was lost (on main: 358 of the 1,360 register sets of
    the sample gave a date they do not hold, and their games did not resume)."""
    faults, sets, games = on(where, fw_runner(where) if where != "wasm" else None,
                             "clock_sweep.sweep", FULL, None)
    assert faults == [], "\n".join(faults[:20])
    assert sets == (3704 if FULL else 1360) and games > (3000 if FULL else 90), (sets, games)


# -- 3. a power cut while a finished game is filed, then a new game cut in its first minute -----
RECORDS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "records")


@pytest.mark.parametrize("where", ["cpython", "micropython", "wasm"])
def test_a_new_game_never_resumes_with_the_last_games_minutes(where, fw_runner):
    """played.txt was dropped only after the game was filed and counted: a cut in between left it,
    and the next game, cut in its first minute, resumed with the old game's 37 minutes (on main: 20
    of the 181 states the new game's cuts leave)."""
    with open(os.path.join(RECORDS, "yofish-3p-basic.fish")) as f:
        record = f.read()
    moves = 4 if FULL or where == "cpython" else 1
    faults, filing, states, new, new_states = on(where, fw_runner(where) if where != "wasm" else None,
                                                 "played_sweep.sweep", record, moves)
    assert faults == [], "\n".join(faults[:20])
    assert filing > 800 and states >= 10 and new_states > 10 * (moves + 1), (filing, states, new, new_states)
