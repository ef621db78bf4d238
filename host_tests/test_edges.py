"""The app at its edges in time, both interpreters, through the firmware's own app loop on the
device models (host_tests/fw/edges.py):

- a message lives for its time on the panel counted from its first draw: a start slower than the
  message's 2.5 s (a 1 MB journal on the page) still shows "Journal unreadable";
- a press or turn that began on a lit panel acts even when the panel dims before its release or
  its detent; one that began dimmed or dark only wakes, and the next one acts.  Swept every 10 ms
  across a second around the dim and the dark moment for each key (PREV, NEXT, OK tapped, OK held
  = Back), the encoder (a detent, its push tapped and held), on USB power and on battery.
  `make test` samples the dim moment (10 ms before it to 10 ms after, and 130 before, 60 after); `make soak` (or
  FISHTABLE_EDGES_FULL=1) the whole second around both moments.
"""

import os

import pytest
from simlib.device import reader

BOTH = ("cpython", "micropython")
FULL = bool(os.environ.get("FISHTABLE_EDGES_FULL"))
KINDS = [  # (encoder, what, held ms)
    (False, "prev", 120), (False, "next", 120), (False, "ok", 120), (False, "ok", 800),
    (True, "turn", 0), (True, "ok", 120), (True, "ok", 800)]
SAMPLE = [-130, -10, 0, 10, 60]  # `make test`: across the dim moment (10 ms steps at it)
SECOND = list(range(-500, 500, 10))


def _text(glass_hex):
    return " ".join(reader().read(bytes.fromhex(glass_hex)).text().split())


@pytest.mark.parametrize("interp", BOTH)
def test_a_message_after_a_slow_start_is_shown_for_its_time(tmp_path, fw_runner, interp):
    """The store's resume takes 3 s (the message's time is 2.5 s): the message is drawn anyway,
    and stays 2.5 s from that first frame."""
    frames = fw_runner(interp).call("edges.slow_start", str(tmp_path), "\x00junk\xff\n" * 40, 3000, 400)
    said = [ms for glass, ms in frames if "Journal unreadable" in _text(glass)]
    assert said, [_text(glass) for glass, _ in frames]
    gone = [ms for glass, ms in frames if ms > said[0] and "Journal unreadable" not in _text(glass)]
    assert gone and 2500 <= gone[0] - said[0] <= 2600, (said, gone)


def _check(cases, moment):
    """Each case: it acted (the panel changed) exactly when the panel was lit as it began; the
    panel is lit after it; the next press acts.  Returns the offsets that acted."""
    acted_at = []
    wrong = []
    for offset, lit, before, after, second in cases:
        began_lit = before[1] == lit[1]
        acted = after[2] != lit[2]
        if acted:
            acted_at.append(offset)
        if moment == 2 and began_lit:
            wrong.append((offset, "lit at the dark moment"))
        if acted != began_lit or after[1] != lit[1] or second[2] == after[2]:
            wrong.append((offset, "lit" if began_lit else "dimmed or dark", "acted" if acted else "only woke",
                          "contrast %d of %d" % (after[1], lit[1]), "second press acted: %s" % (second[2] != after[2])))
    assert not wrong, wrong
    return acted_at


@pytest.mark.parametrize("battery", (False, True), ids=("usb", "battery"))
@pytest.mark.parametrize("interp", BOTH)
def test_a_press_that_began_lit_acts_and_one_that_began_dimmed_only_wakes(tmp_path, fw_runner, interp, battery):
    board = fw_runner(interp)
    for encoder, what, held in KINDS:
        for moment in ((1, 2) if FULL else (1,)):
            folder = tmp_path / ("%s-%s-%d-%d" % (encoder, what, held, moment))
            folder.mkdir()
            offsets = SECOND if FULL else SAMPLE
            cases = board.call("edges.around", str(folder), encoder, battery, what, held, offsets, moment)
            acted = _check(cases, moment)
            if moment == 1:  # every press that began before the dim moment acted, none after it
                assert acted and min(acted) == offsets[0] and acted == offsets[:len(acted)], (what, held, acted)
                assert -20 <= max(acted) <= 100, (what, held, max(acted))
