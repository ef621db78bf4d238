"""Tests that play like players: the firmware's own main.py on the simulated board, driven only
through its buttons (tools/simlib/device.py), judged by what the screen shows (the screen reader,
tools/screenreader.py) and by what the device journalled."""

import os
import random

import pytest
from autoplay import Autoplayer, autoplay, device_record
from gamegen import PLAYERS, random_match
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from simlib.device import Device

from fishtable.core.match import Match
from fishtable.core.record import read, read_text
from fishtable.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")

RECORDS = os.path.join(ROOT, "records")


def record(name):
    with open(os.path.join(RECORDS, name)) as f:
        return read(f)


def prefix(match, count):
    """The first `count` statements of a match, as a new match."""
    part = Match(match.name, match.players, match.start, match.options)
    for stmt in match.statements[:count]:
        part.submit(stmt)
    return part


def play_into(dev, match):
    """Set up `match`'s game on the device and play its statements through the buttons."""
    player = Autoplayer(dev, match)
    player.setup()
    for stmt in match.statements:
        player.play(stmt)
    return player


def recorded(dev):
    return device_record(dev)


# -- set-up ---------------------------------------------------------------------------------------
def test_changing_the_last_seats_colour_after_back_replaces_it(tmp_path):
    with Device(flash=str(tmp_path)) as dev:
        player = Autoplayer(dev, Match("yofish", 3))
        player.select("New Yo Fish!")
        player.pick(3)
        for seat in (1, 2, 3):
            player.expect("P%d colour" % seat)
            assert dev.screen.big_texts()[-1] in ("Red", "Yellow", "Blue")
            dev.press("ok")
        player.expect("Who starts?")
        dev.press("back")
        player.expect("P3 colour")
        player.pick("Green")
        player.expect("Who starts?")
        player.pick("P3")
        player.pick("No")
        player.checklist(tick=True)
        assert dev.screen.contains("Green") and dev.screen.big_texts()[0] == "P3"  # P3 plays Green now
        ring = dev.ring
        assert ring[0] == 0 and ring[1] > 0 and ring[2] == 0  # the ring in green


def test_keys_pressed_while_the_lot_is_drawn_are_kept(tmp_path):
    with Device(flash=str(tmp_path), seed=5) as dev:
        player = Autoplayer(dev, Match("yofish", 3))
        player.select("New Yo Fish!")
        player.pick(3)
        for _ in range(3):
            dev.press("ok")
        player.expect("Who starts?")
        player.pick("By lot")  # the ring spins for 1.5 s ...
        assert dev.screen.contains("Drawing lots")
        dev.press("ok")  # ... and the player already says: go on
        dev.wait(2000)
        assert dev.screen.contains("Advanced game?"), dev.text()


def test_keys_pressed_while_the_dice_roll_are_kept(tmp_path):
    with Device(flash=str(tmp_path), seed=3) as dev:
        Autoplayer(dev, Match("yofish", 3)).select("Dice")
        assert dev.screen.contains("Dice: 2") and dev.screen.contains("OK: roll"), dev.text()
        dev.press("ok")  # the ring spins for 0.8 s while the dice roll ...
        assert dev.screen.contains("Rolling...")
        dev.press("next")  # ... and NEXT (one die more), pressed meanwhile, waits for them
        assert dev.screen.contains("Rolling...") and dev.screen.contains("Dice: 2"), dev.text()
        dev.wait(1000)
        assert dev.screen.contains("Dice: 3") and dev.screen.contains("OK: roll"), dev.text()


# -- Hi Fisch! ------------------------------------------------------------------------------------
def test_hifisch_scoring_shows_once_and_the_next_turns_keys_play_the_next_turn(tmp_path):
    want = prefix(record("hifisch-3p.fish"), 12)
    with Device(flash=str(tmp_path)) as dev:
        play_into(dev, want)  # the autoplayer fails if a scoring page shows when no round ended
        assert recorded(dev).statements == want.statements


def test_hifisch_last_round_notice_shows_as_soon_as_the_cards_make_it_certain(tmp_path):
    """hifisch-3p's round 14 starts with 8 cards face-down: fish 24 (7 down) leaves room for
    another round (two more fish, one may go back: 7 - 2 + 2 = 7); the shark after it (6 down,
    and it eats a fish) makes it certain: 6 - 2 + 1 = 5, fewer than 6.  Before the fix the notice
    tested face-down + face-up, which a round never changes, and never showed."""
    want = record("hifisch-3p.fish")
    with Device(flash=str(tmp_path)) as dev:
        player = play_into(dev, want)
    status = [screen.split("\n")[1].strip() for screen in player.screens]
    assert want.statements[43:45] == [("fish", 24, True), ("shark", False)]
    assert status[42:44] == ["Round 14", "Round 14"]  # round 14 began; fish 24
    assert status[44:48] == ["Last round"] * 4  # the shark, and every flip after it
    assert "Last round" not in status[:44]
    assert "wins!" in player.screens[-1]


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(*PLAYERS["hifisch"]))
def test_hifisch_last_round_notice_is_never_wrong(seed, players):
    """Whenever the notice shows, the round is the game's last; and at the latest when a round
    begins with 6 or fewer cards face-down (then at most 5 remain for the next) it shows."""
    want = random_match(random.Random(seed), "hifisch", players, True)
    final = want.game.round
    part = Match(want.name, want.players, want.start)
    for stmt in want.statements:
        game = part.game
        shown = game.last_round(game.faceup())
        if shown:
            assert game.round == final, (game.round, final, list(want.lines()))
        if not game.faceup() and game.facedown() <= 6:
            assert shown
        part.submit(stmt)


def offered_kinds(dev):
    """The flip kinds the Hi Fisch! play screen offers: its list's lines, read off the screen while
    NEXT goes round it once."""
    seen = []
    for _ in range(8):
        lit = [t for t in dev.screen.highlighted() if t in ("Fish", "Fish + shell", "Shark", "Shark + shell")]
        if not lit or lit[0] in seen:
            break
        seen.append(lit[0])
        dev.press("next")
    return seen


def offered_numbers(dev):
    """The numbers the number picker offers, read off the screen while NEXT goes round them once."""
    seen = []
    for _ in range(40):
        shown = [run.text for run in dev.screen.runs if run.big][-1]
        if shown in seen:
            break
        seen.append(shown)
        dev.press("next")
    return [int(n) for n in seen]


def test_hifisch_when_every_card_never_flipped_has_a_shell_only_shell_flips_are_offered(tmp_path):
    lines = []
    for top in (29, 25, 21, 17, 13, 9):  # six rounds of four fish flips, no shell found
        lines += ["fish %d" % n for n in range(top, top - 4, -1)]
    want = read_text("fishtable 1\ngame hifisch\nplayers 4\n" + "\n".join(lines + ["fish 5", "shark"]) + "\n")
    game = want.game
    assert game.shells_hidden() == 10 and game.unflipped() == 10  # fish 1-4 and six sharks, a shell on each
    with Device(flash=str(tmp_path)) as dev:
        play_into(dev, want)
        # the face-down count stays (it was replaced by "Shells on all 10"); the shells' line says why
        assert dev.screen.contains("Face-down %d" % game.facedown()), dev.text()
        assert offered_kinds(dev) == ["Fish + shell", "Shark + shell"]  # no flip without a shell
        assert dev.screen.contains("Unflipped: shell"), dev.text()
        rows = [" ".join(row.split()) for row in dev.screen.lines(markup=False)]
        assert "Fish" not in rows and "Shark" not in rows, dev.text()
        player = Autoplayer(dev, want)
        player.select("Fish + shell")
        player.expect("Fish with shell:")
        assert offered_numbers(dev) == [1, 2, 3, 4]
        player.pick(4, [1, 2, 3, 4])
        player.expect("Face-down %d" % (game.facedown() - 1))
        assert recorded(dev).statements == want.statements + [("fish", 4, True)]


# -- Hecht ----------------------------------------------------------------------------------------
HECHT_NEST = """fishtable 1
game hecht
players 2
start 1
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
action pike 1+1
end
action wave
end
action skip
action pike
end
"""


def warnings_seen(dev):
    """Every text the screen shows over a few seconds (several warnings take turns)."""
    seen = set()
    for _ in range(4):
        seen.add(" ".join(dev.screen.text(False).split()))  # a warning may wrap onto two lines
        dev.wait(2100)
    return "\n".join(seen)


def test_hecht_clear_the_nest_stays_until_the_parent_has_moved(tmp_path):
    want = read_text(HECHT_NEST)  # P1's pike pair breeds; P1's next turn is a skip
    with Device(flash=str(tmp_path)) as dev:
        play_into(dev, want)
        assert want.game.next_player() == 1 and dev.screen.big_texts()[0] == "P1"
        assert "Clear your nest" in warnings_seen(dev)  # P1 has not moved since
        player = Autoplayer(dev, want)
        player.select("Emigrate")  # P1 moves: the nest is cleared at the end of this turn
        player.select("Chip: wave")
        player.select("End turn")
        assert "Clear your nest" not in warnings_seen(dev)


def test_keys_pressed_while_the_carp_dice_roll_are_kept(tmp_path):
    want = prefix(read_text(HECHT_NEST), 6)  # P1's carp chip comes next, with one nest possible
    with Device(flash=str(tmp_path), seed=3) as dev:
        player = play_into(dev, want)
        player.select("Carp breeding")
        player.expect("Nests with pairs")
        player.pick(1)
        player.expect("Carp dice")
        player.select("Roll for me")
        player.expect("Nest 1: roll now")  # the nest named before its die is rolled
        dev.press("ok")  # the ring spins for a second while the device rolls ...
        assert not dev.screen.contains("carp}") and not dev.screen.contains("Nest 1: "), dev.text()
        dev.press("ok")  # ... and the table's OK, pressed meanwhile, takes the roll once it is there
        assert recorded(dev).statements == want.statements  # (not yet)
        dev.wait(1500)
        assert not dev.screen.contains("Nest 1: ") and dev.screen.contains("End turn"), dev.text()
        got = recorded(dev).statements
        assert got[:-1] == want.statements and got[-1][:2] == ("action", "carp") and len(got[-1][2]) == 1


# -- the store: what a power cut or damage leaves behind ----------------------------------------------
def test_hecht_final_turn_shows_at_once_and_stays(tmp_path):
    """hecht-4p's statement 80 uses the last open pike chip: the game ends after this turn.
    "!Final turn" takes the bottom row in the very first frame and keeps it (the other warnings,
    "!Pikes can't eat", "!Clear your nest", "!Last round", wait: the turn is the game's last).
    Before, it took turns with them, so the first frame showed "!Last round"."""
    want = prefix(record("hecht-4p.fish"), 80)
    assert want.statements[-1] == ("action", "pike", ())
    with Device(flash=str(tmp_path)) as dev:
        play_into(dev, want)
        bottom, above = [], set()
        for _ in range(5):  # ten seconds: five turns of the warnings
            rows = dev.screen.text(False).split("\n")
            bottom.append(rows[7].strip())
            above.add(rows[6].strip())
            dev.wait(2100)
    assert bottom == ["!Final turn"] * 5
    assert len(above) == 1 and above.pop().endswith(" kept")  # "2 pikes, 4 kept"


def test_a_finished_game_left_in_the_journal_goes_to_the_history_at_boot(tmp_path):
    game = record("yofish-3p-basic.fish")
    Store(root=str(tmp_path / "data")).begin(game)  # the last statement journalled, the move never ran
    with Device(flash=str(tmp_path)) as dev:
        assert "history" in " ".join(dev.text().split()), dev.text()  # a message says where it went
        assert len(dev.history_files()) == 1 and not os.path.exists(dev.path("data", "journal.fish"))
        dev.press("ok")  # dismiss the message: the History screen is under it
        assert dev.screen.contains("History") and dev.screen.contains("#1 Yo Fish!"), dev.text()
        dev.press("back")
        assert "Resume" not in dev.text() and "New Hecht" in dev.text()


def test_a_damaged_history_file_says_so_stays_in_the_history_and_can_be_deleted(tmp_path):
    folder = tmp_path / "data" / "history"
    folder.mkdir(parents=True)
    with open(os.path.join(RECORDS, "yofish-3p-basic.fish"), "rb") as f:
        data = bytearray(f.read())
    data[len(data) // 2] = 0xFF  # one damaged byte
    (folder / "0001-yofish.fish").write_bytes(bytes(data))
    with Device(flash=str(tmp_path)) as dev:
        player = Autoplayer(dev, Match("yofish", 3))
        player.select("History")
        dev.press("ok")
        assert dev.screen.contains("Damaged file:") and dev.screen.contains("OK: back"), dev.text()
        dev.press("ok")  # back
        assert dev.screen.contains("#1 Yo Fish!"), dev.text()
        assert not dev.screen.contains("Error")
        dev.press("ok")
        dev.press("next")
        assert dev.screen.contains("OK: delete"), dev.text()
        dev.press("ok")
        assert dev.screen.contains("Delete the game"), dev.text()
        dev.press("ok")  # yes
        assert dev.screen.contains("No finished"), dev.text()
        assert dev.history_files() == []


def test_a_journal_that_is_a_folder_is_moved_aside_and_new_games_are_saved(tmp_path):
    (tmp_path / "data" / "journal.fish").mkdir(parents=True)
    want = prefix(record("yofish-3p-basic.fish"), 2)
    with Device(flash=str(tmp_path)) as dev:
        assert dev.screen.contains("Journal"), dev.text()
        dev.press("ok")
        play_into(dev, want)
        assert not dev.screen.contains("Not saved")
        assert recorded(dev).statements == want.statements


# -- whole games through the buttons: the shipped records and generated ones --------------------------
@pytest.mark.parametrize("name", sorted(os.listdir(RECORDS)))
def test_every_shipped_record_autoplays(name):
    """Played by a player of habit: OK on every first offer that is what the record wants, the
    set-up checklist ticked through; every first offer must be the safe one (the rulebook's way to
    start, a chip or "End turn" once acted, 0 nests, the final scores before the game is filed) and
    the journal must be the record."""
    want = record(name)
    texts = set()
    got, error = autoplay(want, "cpython", seed=1, check_reader=True, habit=True, texts=texts)
    assert error is None, error
    from test_screen_texts import forbidden  # every frame a family reads: no record syntax, no BACK, ...

    found = sorted(set(hit for text in texts for hit in forbidden(text)))
    assert not found, found
    assert len(texts) > 20
    assert got.game.over == want.game.over


@pytest.mark.parametrize("name,names", [
    ("hifisch-3p.fish", "Zoe Ida Ann"),  # start 3: Ann starts
    ("hecht-3p.fish", "Ida Zoe Ann"),
    ("yofish-3p-basic.fish", "Ann Ida Zoe"),
])
def test_records_of_players_called_ann_ida_and_zoe_autoplay(name, names):
    with open(os.path.join(RECORDS, name), "rb") as f:
        text = f.read()
    head, rest = text.split(b"\nstart ", 1)
    start, rest = rest.split(b"\n", 1)
    want = read_text(head + b"\nstart " + start + b"\nnames " + names.encode() + b"\n" + rest)
    assert want.names == tuple(names.split())
    got, error = autoplay(want, "cpython", seed=1, check_reader=True)
    assert error is None, error
    assert got.names == want.names and got.statements == want.statements


CHIPS = st.lists(st.sampled_from(("snail", "skip", "wave", "carp", "pike")), min_size=6, max_size=6).filter(
    lambda c: c.count("skip") == 1 and "pike" in c).map(tuple)


@st.composite
def tables(draw, name):
    """A game of `name` a table could play: players, options, whether it is played to the end, a seed."""
    players = draw(st.integers(*PLAYERS[name]))
    options = []
    if name == "hecht" and draw(st.booleans()):
        options.append(("chips", draw(CHIPS)))
    if name == "yofish" and draw(st.booleans()):
        options.append(("advanced", ()))
    return name, players, options, draw(st.booleans()), draw(st.integers(0, 2**32 - 1))


def autoplayed(table, interp):
    name, players, options, complete, seed = table
    want = random_match(random.Random(seed), name, players, complete, options)
    got, error = autoplay(want, interp, seed=seed % 997, check_reader=True, habit=interp == "cpython")
    assert error is None, "%s\n--- the record ---\n%s" % (error, "\n".join(want.lines()))
    assert got.game.over == want.game.over
    return got


# 3 x 17 generated games and 10 chosen ones (every player count, chips and the advanced game)
GENERATED = settings(max_examples=17, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)


@GENERATED
@given(table=tables("hifisch"))
@example(table=("hifisch", 2, [], True, 1))
@example(table=("hifisch", 3, [], False, 2))
@example(table=("hifisch", 4, [], True, 3))
def test_generated_hifisch_games_autoplay_under_cpython(table):
    autoplayed(table, "cpython")


@GENERATED
@given(table=tables("hecht"))
@example(table=("hecht", 2, [], True, 4))
@example(table=("hecht", 3, [("chips", ("pike", "skip", "carp", "carp", "snail", "pike"))], True, 5))
@example(table=("hecht", 4, [], False, 6))
@example(table=("hecht", 5, [], True, 7))
@example(table=("hecht", 6, [("chips", ("skip", "wave", "pike", "wave", "wave", "wave"))], False, 8))
def test_generated_hecht_games_autoplay_under_cpython(table):
    autoplayed(table, "cpython")


@GENERATED
@given(table=tables("yofish"))
@example(table=("yofish", 3, [("advanced", ())], True, 9))
@example(table=("yofish", 4, [], True, 10))
def test_generated_yofish_games_autoplay_under_cpython(table):
    autoplayed(table, "cpython")


@pytest.mark.parametrize("table", [
    ("hifisch", 4, [], True, 11),
    ("hecht", 6, [("chips", ("snail", "skip", "wave", "carp", "pike", "pike"))], True, 12),
    ("yofish", 4, [("advanced", ())], True, 13),
    ("hifisch", 2, [], False, 14),
    ("hecht", 3, [], False, 15),
    ("yofish", 3, [], False, 16),
])
def test_generated_games_autoplay_under_micropython(table):
    autoplayed(table, "micropython")


# -- the screen reader reads what the screens drew ------------------------------------------------------
def test_the_screen_reader_reads_every_golden_frame_as_drawn(tmp_path, monkeypatch):
    from screenreader import Reader
    from simlib import drawlog
    from simlib import rig as riglib
    from test_app import golden_screens

    drawn = []
    real_init = riglib.Rig.__init__

    def watched(self, *args, **kw):
        real_init(self, *args, **kw)
        drawlog.watch(self.display, drawn.append)
        self.app.dirty = True  # the first frame again, watched
        self.app.draw()

    monkeypatch.setattr(riglib.Rig, "__init__", watched)
    reader = Reader()
    names = []
    for name, glass in golden_screens(tmp_path):
        names.append(name)
        assert reader.read(glass).keys() == drawn[-1], name
    assert len(names) == 10


def test_the_screen_reader_reads_every_frame_of_a_walk_through_the_menus(tmp_path):
    rng = random.Random(5)
    words = ["next"] * 5 + ["prev"] * 3 + ["ok"] * 4 + ["back"] * 2 + ["wait:3000"]
    with Device(flash=str(tmp_path), draws=True) as dev:
        for _ in range(300):
            dev.press(rng.choice(words))
        assert dev.checked > 200 and not dev.misread, dev.misread[:1]
        assert not dev.illegible, dev.illegible[:1]
