"""What the screens say, read off the glass (tools/screenreader.py) after playing through the
buttons: names instead of "P1" wherever they fit (the scoring, the points pages, the History,
the score strip, the new pikes), and no word or number cut to fit a line (drop whole items,
another line, a word the legend explains)."""

import os
import re

from autoplay import Autoplayer
from simlib.device import Device
from simlib.rig import Rig

from fishtable.core.match import Match
from fishtable.core.record import read, read_text
from fishtable.ui import draw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UI = os.path.join(ROOT, "firmware", "fishtable", "ui")


def named(record, names, colours=None):
    """A shipped record with a `names` (and `colours`) header line added."""
    with open(os.path.join(ROOT, "records", record)) as f:
        lines = f.read().splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith("start ")][0]
    lines[at + 1:at + 1] = ["names " + names] + (["colours " + colours] if colours else [])
    return read_text("\n".join(lines) + "\n")


def words(row):
    return " ".join(row.split())


# -- Hi Fisch!: the scoring, the points pages, the History -----------------------------------------
def test_hifisch_by_name_in_the_scoring_the_points_pages_and_the_history(tmp_path):
    want = named("hifisch-3p.fish", "Anna Hildegar Guest3")
    with Device(flash=str(tmp_path)) as dev:
        player = Autoplayer(dev, want)
        player.setup()
        for stmt in want.statements[:4]:
            player.play(stmt)
        player._hifisch(want.statements[4])  # the round's last flip: its scoring, page by page
        player.mirror.submit(want.statements[4])
        pages = []
        for page in range(3):
            pages.append(words(dev.screen.text(False)))
            dev.press("ok")
        assert pages[0].startswith("Scoring 1/3") and "A shark eats fish 17" in pages[0]
        assert "Anna wins fish 4 and 1 shell" in pages[2], pages  # was "P1 wins fish 4"
        for stmt in want.statements[5:]:
            player.play(stmt)
        assert dev.screen.contains("P3 wins!")  # a guest keeps P<n>
        titles = []
        for _ in range(3):  # each player's points, in ranking order (P3, Anna 11, Hildegar 9)
            screen = dev.press("ok")
            lines = [words(screen.row(r)) for r in range(1, 8)]
            titles.append((screen.highlighted()[0].strip(), [line for line in lines if line]))
        assert titles[0][0] == "P3: 11 points" and titles[1][0] == "Anna: 11 points"
        assert "(breaks a tie)" in titles[1][1]
        # "Hildegar: 9 points" is 18 letters: the name is the title, the points the first line
        assert titles[2][0] == "Hildegar" and titles[2][1][0] == "Points 9", titles[2]
        assert titles[2][1][1].startswith("Green fish") and titles[2][1][4].startswith("Highest fish")
        dev.press("ok")
        player.expect("History")
        player.select("History")
        assert dev.screen.highlighted() == ["#1 Hi Fisch!"]  # not the file name cut to 16 letters
        screen = dev.press("ok")
        rows = [words(screen.row(r)) for r in range(8)]
        assert rows[:4] == ["#1 Hi Fisch!", "1 P3 11", "2 Anna 11", "3 Hildegar 9"], rows  # ranks, not "*"
        assert rows[7] == "< OK: back >", rows
        screen = dev.press("next")
        assert words(screen.row(7)) == "< OK: delete >"
        screen = dev.press("ok")
        assert "Delete the game #1 Hi Fisch!?" in words(screen.text(False))
        dev.press("back")


def test_hifisch_face_up_cards_are_left_out_whole_not_cut(tmp_path):
    """"Face-up 29 S 28 S 27" is 20 letters: the oldest cards are left out, "..." for them
    (on the legend), never a number cut ("...S 2")."""
    rig = Rig(str(tmp_path), seed=3)
    try:
        rig.new_game("New Hi Fisch!", 4, start=1)
        for kind, n in ((("fish", False), 29), (("shark", False), None), (("fish", False), 28),
                        (("shark", False), None), (("fish", False), 27)):
            rig.choose(kind)
            if n:
                rig.choose(n)
        from screenreader import Reader

        row = Reader().read(rig.glass()).row(5)
        assert words(row) == "Face-up ... S 27", row
    finally:
        draw.set_strict(False)


def test_face_up_text_keeps_the_newest_cards_whole():
    from fishtable.ui.play_hifisch import faceup_text

    assert faceup_text([]) == "Face-up none"
    assert faceup_text([(14, 1), (3, 2), (0, 3)]) == "Face-up 14 3 S"
    assert faceup_text([(14, 1), (3, 2), (0, 3), (5, 3)]) == "Face-up 14 3 S 5"  # 16: fits
    assert faceup_text([(14, 1), (3, 2), (0, 3), (15, 3)]) == "Face-up ... S 15"  # not "Face-up 14 3 S 1"
    assert faceup_text([(14, 1), (3, 2), (0, 3), (15, 3), (0, 4)]) == "Face-up ... 15 S"
    for cards in ([(n, 1) for n in range(20, 29)], [(0, 1)] * 7 + [(29, 2)], [(29, 1)]):
        text = faceup_text(cards)
        assert len(text) <= draw.COLS, text
        shown = text.split()[1:]
        if shown[0] == "...":
            shown = shown[1:]
        assert shown == ["S" if n == 0 else str(n) for n, _ in cards][-len(shown):], text


# -- Yo Fish!: the score strip ---------------------------------------------------------------------
def test_yofish_score_strip_shows_names_that_fit_their_column(tmp_path):
    want = named("yofish-3p-basic.fish", "Cy Anna Hildegar")
    part = Match(want.name, want.players, want.start, want.options, want.names)
    for stmt in want.statements[:4]:
        part.submit(stmt)
    with Device(flash=str(tmp_path)) as dev:
        player = Autoplayer(dev, want)
        player.setup()
        for stmt in want.statements[:4]:
            player.play(stmt)
        strip = dev.screen.row(6).split()  # 3 columns of 5 letters: ">" and four
        scores = dev.screen.row(7).split()
    assert [w.lstrip(">") for w in strip] == ["Cy", "Anna", "P3"], strip  # Hildegar: 8 letters, P3
    assert scores == [str(s) for s in part.game.scores()]
    assert strip[part.game.next_player() - 1].startswith(">")


# -- Hecht: the new pikes by name, the carp per nest in words -----------------------------------------
HECHT_PAIR = """fishtable 1
game hecht
players 2
start 1
names Anna Bob
action snail
end
action snail
end
graze
graze
action carp 6
end
action wave
end
eat
eat
action wave
end
action carp
end
"""


def test_hecht_pike_owners_show_the_new_pikes_by_name(tmp_path):
    want = read_text(HECHT_PAIR)  # Anna's two sated pikes may breed now
    with Device(flash=str(tmp_path)) as dev:
        player = Autoplayer(dev, want)
        player.setup()
        for stmt in want.statements:
            player.play(stmt)
        player.select("Pike breeding")
        player.expect("Nests with pairs")
        player.pick(1)
        screen = player.expect("Nest 1 owners")
        text = words(screen.text(False))
    # the note under the pair (it never showed before: the step had two rows for it)
    assert "Anna x2" in text and "new: Anna+2" in text, text


def test_new_pikes_fall_back_to_seat_numbers_when_names_do_not_fit():
    from fishtable.ui.hecht_nests import NOTE_LINES, born_text

    class Game:
        players = 6

        def pikes_born(self, pairs):
            return [1, 1, 1, 1, 1, 1]

    long = ["Hildegar", "Johannes", "Barbara", "Marianne", "Kunigund", "Leopold"]
    text = born_text(Game(), (), lambda p: long[p - 1])
    assert text == "new: P1+1 P2+1 P3+1 P4+1 P5+1 P6+1"
    assert len(draw.wrap(text)) <= NOTE_LINES
    assert born_text(Game(), (), lambda p: "Bo") == "new: Bo+1 Bo+1 Bo+1 Bo+1 Bo+1 Bo+1"


# -- no text sliced to fit a width in the screens' code ------------------------------------------------
SLICE = re.compile(r"\[\s*:\s*(?:draw\.COLS|COLS|\d+)\b[^\]]*\]")


def test_no_screen_slices_its_text_to_a_width():
    """Text cut before drawing is what the strict drawing cannot see (it gets a string that fits):
    the screens' modules must not slice text to a width ("name[:11]", "text[: draw.COLS - 1]").
    draw.py's non-strict clipping is the one place that may."""
    found = []
    for name in sorted(os.listdir(UI)):
        if not name.endswith(".py") or name == "draw.py":
            continue
        with open(os.path.join(UI, name)) as f:
            for number, line in enumerate(f, 1):
                code = line.split("#")[0]
                if SLICE.search(code):
                    found.append("%s:%d: %s" % (name, number, line.strip()))
    assert not found, "\n".join(found)


def test_the_slice_check_catches_the_cuts_it_is_for():
    for line in ('labels = [name[:16] for name in names]', 'return text[: draw.COLS - 1 - len(score)]',
                 'self.label(p)[:6]', 'view.faceup[: draw.COLS]'):
        assert SLICE.search(line), line
    for line in ('taken = setup.names[:seat]', 'lines[at + 1:at + 1]', 'self.name[:-1]'):
        assert not SLICE.search(line), line


def test_history_labels_read_as_the_stats_numbers():
    from fishtable.ui.history import game_label

    assert game_label("0017-hifisch.fish") == "#17 Hi Fisch!"
    assert game_label("1234-hecht.fish") == "#1234 Hecht"
    assert game_label("odd.fish") == "odd.fish"
    assert game_label("0003-chess.fish") == "0003-chess.fish"


def test_the_record_reader_is_used_as_is():
    """The named records above are read by the firmware's own reader."""
    with open(os.path.join(ROOT, "records", "hifisch-3p.fish")) as f:
        assert read(f).game.over
    assert named("hifisch-3p.fish", "Anna Hildegar Guest3").names == ("Anna", "Hildegar", "Guest3")
