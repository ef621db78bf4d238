"""Issue 34: the late screens open in a heap cut up as the chip's was after a long game (plenty free,
no free run over 4 KB in the Pico's terms), on the MicroPython unix port in a fixed heap scaled
from the Pico's, through the buttons (tools/simlib/heapboard.py, tools/simlib/heapwalk.py).

The sample here is the chip's failing case: a 6-player Hecht game to its end, Scan from the end
screen, then Scan from History (300 games in it).  Before the fix the board said MemoryError at
Scan's import (`from fishtable.ui import qr, share`): the table of names had to grow by one block
of 7.7 KB (on the Pico) that the heap no longer had.  Now it grows when the game begins.
`make soak` walks every title at its largest player count with 8-letter names, Help, History,
Stats, Players, Settings and a resumed game."""

from simlib import heapwalk
from simlib.heapboard import CHIP_SHIFT


def test_scan_after_the_largest_game_opens_in_a_cut_up_heap():
    failures, marks = heapwalk.walk(heapwalk.SAMPLE)
    assert not failures, "\n".join("%s, %s: %s\n  %s" % (f[0], f[1], f[2], "\n  ".join(f[3][-8:]))
                                   for f in failures)
    m = marks["hecht-6p"]
    # the table of names grew when the game began, while the heap was whole, and never again
    assert m["idle"]["pools"] < m["end"]["pools"] == m["scan_end"]["pools"] == m["history_scan"]["pools"]
    assert m["end"]["names"] - CHIP_SHIFT > 960  # past the Pico's pool of 640
    # the heap left whole again after the late screens: the game's end fits the Pico with room
    assert m["end"]["chip_heap"] < 120 * 1024, m["end"]["chip_heap"]


def test_ten_thousand_games_history_scan_and_stats_in_a_cut_up_heap():
    """Issue 40: with 10,000 games in the history (packed, as the board keeps them) a game is played
    and filed, then History, Scan from History and Stats open in the cut-up heap (every title at its
    largest with 8-letter names: `make soak`)."""
    failures, marks = heapwalk.walk(heapwalk.LONG, heapwalk.LONG_GAMES, packed=True)
    assert not failures, "\n".join("%s, %s: %s\n  %s" % (f[0], f[1], f[2], "\n  ".join(f[3][-8:]))
                                   for f in failures)
    m = marks[heapwalk.LONG[0][0]]
    for tag in ("end", "history", "history_scan", "stats"):
        assert m[tag]["chip_heap"] is None or m[tag]["chip_heap"] < 120 * 1024, (tag, m[tag]["chip_heap"])
