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
        assert titles[2][1][1].endswith("green fish = %d" % (2 * int(titles[2][1][1].split()[0])))
        assert titles[2][1][4].startswith("Highest fish")
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
    """"Face-up 29 shark 28 shark 27" is 28 letters: the oldest cards are left out, "..." for them
    and the word (on the legend), never a number cut ("...shark 2")."""
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
        assert words(row) == "... 28 shark 27", row
    finally:
        draw.set_strict(False)


def test_face_up_text_keeps_the_newest_cards_whole():
    from fishtable.ui.play_hifisch import faceup_text

    assert faceup_text([]) == "Face-up none"
    assert faceup_text([(14, 1), (0, 3)]) == "Face-up 14 shark"  # 16: fits
    assert faceup_text([(14, 1), (3, 2), (0, 3)]) == "... 3 shark"
    assert faceup_text([(14, 1), (3, 2), (0, 3), (5, 3)]) == "... 3 shark 5"
    assert faceup_text([(14, 1), (3, 2), (0, 3), (15, 3)]) == "... 3 shark 15"  # not "... 3 shark 1"
    assert faceup_text([(14, 1), (3, 2), (0, 3), (15, 3), (0, 4)]) == "... 15 shark"
    for cards in ([(n, 1) for n in range(20, 29)], [(0, 1)] * 7 + [(29, 2)], [(29, 1)]):
        text = faceup_text(cards)
        assert len(text) <= draw.COLS, text
        shown = text.split()[1:]
        assert shown == ["shark" if n == 0 else str(n) for n, _ in cards][-len(shown):], text


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
    assert "Anna x2" in text and "2 new pikes: Anna" in text, text


def test_new_pikes_fall_back_to_seat_numbers_when_names_do_not_fit():
    from fishtable.ui.hecht_nests import NOTE_LINES, born_text

    class Game:
        players = 6

        def pikes_born(self, pairs):
            return [1, 1, 1, 1, 1, 1]

    long = ["Hildegar", "Johannes", "Barbara", "Marianne", "Kunigund", "Leopold"]
    text = born_text(Game(), (), lambda p: long[p - 1])
    assert text == "1 new pike: P1 P2 P3 P4 P5 P6"  # the six names take more than the note's 3 lines
    assert len(draw.wrap(text)) <= NOTE_LINES
    assert born_text(Game(), (), lambda p: "Bo") == "1 new pike: Bo Bo Bo Bo Bo Bo"


# -- no text sliced to fit a width in the screens' code ------------------------------------------------
SLICE = re.compile(r"\[\s*:\s*(?:draw\.COLS|COLS|\d+)\b[^\]]*\]")


def test_no_screen_slices_its_text_to_a_width():
    """Text cut before drawing is what the strict drawing cannot see (it gets a string that fits):
    the screens' modules must not slice text to a width ("name[:11]", "text[: draw.COLS - 1]").
    draw.py's non-strict clipping is the one place that may
    (catalog.py, textindex.py and language.py read a catalog file's bytes, no text)."""
    found = []
    for name in sorted(os.listdir(UI)):
        if not name.endswith(".py") or name in ("draw.py", "catalog.py", "textindex.py", "language.py"):
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


# -- every word a family reads: no record syntax, no "BACK", no "P1+2", no "1 moves" ------------------
FORBIDDEN = (
    ("a record statement", re.compile(
        r"(?<![A-Za-z])(?:(?:place|cover|hidden) \d+ \d+|action (?:snail|skip|wave|carp|pike)|fish \d+ shell"
        r"|(?:eat|emigrate) sated)")),
    ('"+" between seat numbers', re.compile(r"\bP\d\+P?\d")),
    ('"BACK" (every board\'s Back is a held OK)', re.compile(r"\bBACK\b")),
    # a count of 1 before a plural ("Entered 1 moves"); not a name's number before a verb ("player 1
    # moves", "Nest 1 owners")
    ("a plural after 1", re.compile(
        r"(?<![\d./#:-])(?<!player )(?<!Player )(?<!Nest )(?<!nest )(?<!Card )\b1 (?!is\b|was\b|has\b)[a-z]+s\b")),
)


def forbidden(text):
    """The forbidden forms in a screen's text, as (what, the words found)."""
    found = []
    for what, form in FORBIDDEN:
        for line in text.split("\n"):
            for hit in form.finditer(line):
                found.append((what, hit.group(0)))
    return found


def test_the_forbidden_forms_catch_what_they_are_for():
    for text in ("Undo P1's last line?\n\nplace 7 0", "action pike 1+1", "fish 23 shell", "emigrate sated",
                 "new: P1+2", "P1+P1", "OK: yes\nBACK: no", "OK:yes BACK:new", "Entered 1 moves", "1 shells"):
        assert forbidden(text), text
    for text in ("Undo Anna's play?\n\nPlaced 7: +7", "Eat sated carp", "A shark eats fish 17", "P1 & P2",
                 "Ann+Zoe", "hold OK: no", "1 move entered", "1 shell = 1", "Nests 1-3: 5 4 6", "P1 wins fish 4",
                 "1 green fish = 2", "«Legend»    «1/25»", " player 1 moves,", "Nest 1 owners",
                 "One action a turn", "Card 1 matches"):
        assert not forbidden(text), (text, forbidden(text))


# The rewritten texts (issue 37), each on some frame of `make screens`: before -> after
GOLDEN = (
    "Undo P1's play?",  # "Undo P1's last line?" ...
    "Flipped fish 4",  # "fish 4"
    "Chip: wave",  # "action wave"
    "Covered 9 with 11: +20",  # "cover 11 9"
    "hold OK: no",  # "BACK: no"
    "OK:yes hold:new",  # "OK:yes BACK:new"
    "Face-up 24 shark",  # "Face-up 24 S"
    "Shells on sand 1",  # "Sand 1 hidden 8"
    "Unflipped: shell",  # "Shells on all 10" (the legend)
    "Top fish won",  # "Tie: best fish"
    "1 green fish = 2",  # "Green fish 1 x2"
    "3 shells = 3",  # "Shells 3"
    "Round 1: 7 moves",  # "Round 1: move 7"
    "Round 1:14 moves",  # "Round 1: move 14"
    "2 pikes, 4 kept",  # "Pikes 2, spare 4"
    "Entered: graze 1",  # "Entered: 1 graze"
    "Carp breeding",  # "Chip: carp" (the legend)
    "P1 x2",  # "P1+P1"
    "2 new pikes: P1",  # "new: P1+2"
    "!Share carp nest",  # "!Sated carp join" (the legend)
    "none: value +7",  # "0 beside it: +7"
    "Final scores:",  # the last Yo Fish! bonus filed the game at once
)

_SHEET = []


def sheet_texts():
    """What every frame of `make screens` says: the contact sheet's frames and the README's shots
    (each walked on rigs, as tools/screens.py does), read by the screen reader (made once)."""
    if not _SHEET:
        import tempfile

        import screens
        from screenreader import Reader
        from simlib.rig import Rig

        reader = Reader()
        folder = tempfile.mkdtemp(prefix="fishtable-sheet-")
        texts = [(cell[0], reader.read(cell[1]).text()) for cell in screens.sheet_cells(folder) if cell[1]]
        try:
            for name, shot in screens.SHOTS.items():
                before, steps = shot if isinstance(shot, tuple) else (None, shot)
                rig = Rig(os.path.join(folder, name), seed=screens.SEED)
                if before is not None:  # fills the flash; the shot starts again from it
                    before(rig)
                    rig = Rig(os.path.join(folder, name), seed=screens.SEED)
                steps(rig)
                texts.append((name, reader.read(rig.glass()).text()))
        finally:
            draw.set_strict(False)
        _SHEET.extend(texts)
    return _SHEET


def test_every_frame_of_make_screens_reads_without_a_forbidden_form():
    found = ["%s: %s %r" % (caption, what, words) for caption, text in sheet_texts()
             for what, words in forbidden(text)]
    assert not found, "\n".join(found)


def test_the_rewritten_texts_are_on_the_screens():
    shown = "\n".join(" ".join(text.replace("«", "").replace("»", "").split()) for _, text in sheet_texts())
    missing = [text for text in GOLDEN if text not in shown]
    assert not missing, missing


def test_undo_says_the_play_in_the_play_screens_words():
    from fishtable.core.games import find, load

    def said(name, players, lines, names=None):
        match = Match(name, players, names=names)
        for line in lines:
            match.submit(match.parse(line))
        who, before = match.last_turn()
        return who, load(find(name).screen).said(before, match.statements[-1], match.label)

    assert said("yofish", 3, ["place 7 0"], ("Anna", "Ben", "Cy")) == (1, "Placed 7: +7")
    assert said("yofish", 3, ["place 7 0", "place 5 2"]) == (2, "Placed 5 by 2 of its colour: +2")
    assert said("yofish", 3, ["cover 9 4"]) == (1, "Covered 4 with 9: +13")
    assert said("hifisch", 3, ["fish 23 shell"]) == (1, "Flipped fish 23 with a shell")
    assert said("hifisch", 3, ["shark"]) == (1, "Flipped a shark")
    assert said("hecht", 2, ["action wave", "emigrate"])[1] == "Emigrate"
    assert said("hecht", 2, ["action carp"])[1] == "Carp breeding, no nest"
    assert said("hecht", 2, ["action snail"])[1] == "Chip: snail"


def test_pike_pairs_and_new_pikes_never_put_plus_between_seat_numbers():
    from fishtable.ui.hecht_nests import born_text, pair_label

    names = {1: "Ann", 2: "Zoe", 3: "P3", 4: "Hildegar"}
    label = names.get
    assert pair_label(label, 1, 2) == "Ann+Zoe"
    assert pair_label(label, 1, 1) == "Ann x2"
    assert pair_label(label, 1, 3) == "P1 & P3"  # a guest: by seat
    assert pair_label(label, 4, 4) == "P4 x2"  # "Hildegar x2" is too long for the big line
    assert pair_label(label, 2, 4) == "P2 & P4"

    class Game:
        def __init__(self, born):
            self.born = born

        def pikes_born(self, pairs):
            return self.born

    assert born_text(Game([2, 0, 1]), (), label) == "2 new pikes: Ann; 1 new pike: P3"
    assert born_text(Game([0, 0, 0]), (), label) == "No new pikes"
    for text in ("2 new pikes: Ann; 1 new pike: P3", "No new pikes"):
        assert not forbidden(text)


def test_hecht_counts_read_as_words():
    from fishtable.ui.play_hecht import entered_text, pikes_text

    assert pikes_text(1, 5) == "1 pike, 5 kept" and pikes_text(2, 4) == "2 pikes, 4 kept"
    assert entered_text([("emigrate", False)], 1) == "1 move entered"  # was "Entered 1 moves"
    assert entered_text([("eat", False), ("eat", False), ("graze",)], 3) == "3 moves entered"  # 22 letters
    assert entered_text([("eat", False), ("eat", False)], 2) == "Entered: eat 2"
