"""The app in-process on the device models (tools/simlib/rig.py): menus, set-up, undo, refused
input, settings, dice, history, layout (strict drawing: any text off the screen or over other
text raises), and golden frames of the main screens (host_tests/golden/*.png)."""

import os
import sys

import pytest
from simlib.rig import BACK, NEXT, OK, PREV, Rig

from fishtable.store import history
from fishtable.ui import draw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GOLDEN = os.path.join(ROOT, "host_tests", "golden")


def read_history(rig):
    """The statements of the newest finished game on the rig's flash."""
    from fishtable.core.record import read

    return read(history.lines(rig.store.fs, rig.store.history_dir, rig.store.history()[0])).statements


def place(rig, v, m):
    rig.choose("Place")
    rig.choose(v)
    rig.choose(m)


_READER = []


def read_screen(rig):
    """What a person reads on the rig's screen now (tools/screenreader.py): «lit», {2x text}."""
    if not _READER:
        from screenreader import Reader

        _READER.append(Reader())
    return _READER[0].read(rig.glass()).text()


@pytest.fixture
def rig(tmp_path):
    r = Rig(str(tmp_path), seed=9)
    yield r
    draw.set_strict(False)


# -- start-up and the main menu -------------------------------------------------------------------
def test_starts_on_the_main_menu_without_resume(rig):
    assert rig.labels() == ["New Hi Fisch!", "New Hecht", "New Yo Fish!", "History", "Players", "Stats", "Dice",
                            "Settings", "About"]
    assert "New Hi Fisch!" in rig.screen_text() or rig.glass() != bytes(1024)


def test_back_on_the_main_menu_changes_nothing(rig):
    before = rig.glass()
    rig.press(BACK)
    assert rig.glass() == before and type(rig.top()).__name__ == "MainMenu"


# -- set-up ----------------------------------------------------------------------------------------
def test_setup_offers_only_the_games_player_counts_and_distinct_colours(rig):
    rig.menu("New Yo Fish!")
    assert rig.offered() == [3, 4]
    rig.choose(4)
    seen = []
    for _ in range(4):
        colours = rig.offered()
        assert not set(colours) & set(seen)
        seen.append(colours[rig.ask().index])
        rig.press(OK)
    assert rig.labels() == ["P1", "P2", "P3", "P4", "By lot"]  # the rulebook's way first: the youngest
    assert rig.ask().index == 0
    rig.press(BACK)  # back to the last colour
    assert rig.ask().prompt == "P4 colour"


def test_hecht_seats_pick_pike_colours_seat_n_offered_colour_n_and_chips_come_from_the_settings(rig):
    rig.menu("New Hecht")
    assert rig.offered() == [2, 3, 4, 5, 6]
    rig.choose(6)
    for seat in range(6):
        assert rig.ask().prompt == "P%d colour" % (seat + 1)
        assert rig.ask().value() == seat  # seat N's own pike colour first
        assert max(rig.offered()) < 6  # only the six pike colours, none taken twice
        assert len(rig.offered()) == 6 - seat
        rig.press(OK)
    assert rig.labels()[0] == "By lot"
    assert "drawn by lot" in " ".join(rig.top().info)  # the rulebook's rule beside the question
    rig.choose(3)
    assert "Action chips:" in rig.top().lines
    rig.press(OK)
    checklist = rig.top()  # the rulebook's set-up, ticked through item by item
    assert type(checklist).__name__ == "Checklist" and rig.app.match is None
    assert any("6" in item and "pikes" in item for item in checklist.items)
    rig.press(OK, len(checklist.items))
    assert list(checklist.ticks) == [1] * len(checklist.items)
    assert "fishtable.ui.help" not in sys.modules  # the help texts dropped after use
    match = rig.app.match
    assert match.game.next_player() == 3
    assert match.options == [("chips", ("snail", "skip", "wave", "carp", "pike", "wave"))]
    assert [rig.app.colour_of(p) for p in range(1, 7)] == [0, 1, 2, 3, 4, 5]
    assert match.colours == ("red", "yellow", "blue", "green", "orange", "white")


def test_hecht_seat_takes_another_pike_colour(rig):
    rig.menu("New Hecht")
    rig.choose(2)
    rig.choose(3)  # P1 plays green
    assert 3 not in rig.offered()
    rig.press(OK)  # P2: their own yellow
    rig.choose(1)
    rig.press(OK)
    rig.press(BACK)  # skip the set-up checklist
    assert rig.app.match.colours == ("green", "yellow")


def test_starting_player_by_lot_spins_the_ring_and_uses_the_die(rig):
    from fishtable.core.dice import Die
    from fishtable.ui.setup import draw_lot

    rig.menu("New Hi Fisch!")
    rig.choose(4)
    rig.press(OK, 4)
    rig.press(PREV)  # "By lot" is the last choice (the rulebook: who last went swimming in the sea)
    frames_before = len(rig.pixels.frames)
    rig.words.append("ok")
    rig.app.handle(OK)  # Lot
    rig.run(400)
    assert rig.app.fx.busy()
    rig.run(1400)
    assert not rig.app.fx.busy()
    assert len(rig.pixels.frames) >= 2 or frames_before >= 0
    expected = draw_lot(Die(9), 4)
    assert rig.top().player == expected
    rig.press(OK)
    rig.press(BACK)  # skip the set-up checklist
    assert rig.app.match.start == expected
    assert rig.app.match.game.next_player() == expected


# -- playing: Yo Fish! -----------------------------------------------------------------------------
def test_yofish_points_are_shown_before_ok_and_the_turn_passes(rig):
    rig.new_game("New Yo Fish!", 3)
    rig.choose("Place")
    rig.choose(9)
    assert rig.ask().note(0) == "none: value +9" and rig.ask().note(3) == "3 cards: +3"  # was "0 beside it: +9"
    assert rig.ask().note(1) == "1 card: +1"
    rig.choose(0)
    game = rig.app.match.game
    assert game.scores() == [9, 0, 0] and game.next_player() == 2
    rig.choose("Cover")
    assert rig.offered()[0] == 2  # nothing to cover with a 1
    rig.choose(7)
    assert rig.offered() == [1, 2, 3, 4, 5, 6]
    assert rig.ask().note(6) == "+13, both leave"
    rig.choose(6)
    assert game.scores() == [9, 13, 0]


def test_ring_shows_the_player_to_move(rig):
    rig.new_game("New Yo Fish!", 3)
    first = rig.pixels.frames[-1]
    place(rig, 3, 0)
    second = rig.pixels.frames[-1]
    assert first != second and len(set(first)) == 1 and len(set(second)) == 1


def test_undo_asks_with_the_line_then_takes_it_back_in_the_journal_too(rig):
    rig.new_game("New Yo Fish!", 3)
    place(rig, 5, 0)
    place(rig, 6, 2)
    rig.press(BACK)
    assert type(rig.top()).__name__ == "GameMenu"
    rig.press(NEXT)
    rig.press(OK)
    # in the play screen's words, not the record's ("place 6 2"); hold OK (Back) says no
    assert rig.top().lines == ["Undo P2's play?", "", "Placed 6 by 2 of", "its colour: +2"]
    assert (rig.top().yes, rig.top().no) == ("OK: yes", "hold OK: no")
    rig.press(BACK)  # no: nothing changes
    assert len(rig.app.match.statements) == 2
    rig.press(OK)
    rig.press(OK)
    assert len(rig.app.match.statements) == 1
    assert rig.app.match.game.next_player() == 2
    match, _ = rig.store.resume()
    assert match.statements == [("place", 5, 0)]


def test_undo_with_nothing_to_undo_says_so(rig):
    rig.new_game("New Yo Fish!", 3)
    rig.press(BACK)
    rig.press(NEXT)
    rig.press(OK)
    assert " ".join(rig.app.toast) == "nothing to undo"  # lines of at most 14: clear of the box
    assert type(rig.top()).__name__ == "GameMenu"


def test_a_refused_statement_shows_the_reason_and_changes_nothing(rig):
    rig.new_game("New Yo Fish!", 3)
    place(rig, 4, 0)
    glass = rig.glass()
    journal = rig.store.resume()[0].statements
    assert rig.app.submit(("cover", 3, 5)) is False
    lines = rig.app.toast
    assert lines and all(len(line) <= 16 for line in lines)
    assert "a cover needs a higher card" in " ".join(lines)
    assert rig.app.match.statements == [("place", 4, 0)]
    assert rig.store.resume()[0].statements == journal
    rig.run(20)
    assert rig.glass() != glass  # the message is on screen
    rig.press(NEXT)  # a key dismisses it and does nothing else
    assert rig.app.toast is None and rig.ask().index == 0
    rig.run(20)
    assert rig.glass() == glass


def test_main_menu_keeps_the_game_resumable_and_new_game_asks_first(rig):
    rig.new_game("New Yo Fish!", 3)
    place(rig, 2, 0)
    rig.press(BACK)
    rig.press(PREV)  # Main menu
    rig.press(OK)
    assert rig.labels()[0] == "Resume"
    rig.menu("New Yo Fish!")
    assert type(rig.top()).__name__ == "Confirm"
    rig.press(BACK)
    rig.menu("Resume")
    assert rig.app.match.statements == [("place", 2, 0)]


def test_help_from_the_game_menu_shows_the_games_pages_then_returns(rig):
    rig.new_game("New Yo Fish!", 3)
    rig.press(BACK)  # the game menu
    rig.press(NEXT, 2)
    assert rig.top().index == 2  # Help
    rig.press(OK)
    pages = rig.top()
    assert type(pages).__name__ == "Pages" and pages.pages[0][0] == "Legend"
    assert any("pile" in text for _, text in pages.pages)  # Yo Fish!'s legend, not another game's
    rig.press(NEXT)
    rig.press(OK)
    assert type(rig.top()).__name__ == "GameMenu"
    assert "fishtable.ui.help" not in sys.modules


def test_yofish_advanced_asks_each_hidden_bonus_then_ends(rig):
    rig.new_game("New Yo Fish!", 3, advanced=1)
    for _ in range(39):
        place(rig, 1, 0)
    assert rig.ask().prompt == "Hidden bonus of"  # the table enters them in any order
    assert rig.offered() == [1, 2, 3]
    rig.choose(3)
    rig.choose(5)
    assert rig.offered() == [1, 2]
    rig.choose(1)
    rig.choose(3)
    assert rig.ask().prompt == "Hidden bonus"  # the last one: no question whose
    rig.choose(4)
    # the final scores first, with Undo: one habitual OK does not file the game
    assert rig.ask().prompt == "Final scores:" and rig.labels() == ["File the game", "Undo bonus"]
    assert rig.app.match is not None and not rig.store.history()
    assert read_screen(rig).split("\n")[-1].split() == ["16", "17", "18"]  # 13 each, +3, +4 (shown), +5
    rig.choose(-1)  # Undo bonus: the last player's picker again
    assert rig.ask().prompt == "Hidden bonus" and rig.app.match is not None
    rig.choose(0)
    rig.choose(0)  # File the game
    assert type(rig.top()).__name__ == "GameOver"
    assert rig.top().winners == [3]
    assert rig.app.match is None and [s for s in read_history(rig) if s[0] == "hidden"] == [
        ("hidden", 3, 5), ("hidden", 1, 3), ("hidden", 2, 0)]
    assert rig.store.history()
    rig.run(300)
    assert len(set(rig.pixels.frames[-1])) >= 1 and any(rig.pixels.frames[-1])


# -- playing: Hi Fisch! and Hecht -------------------------------------------------------------------
def test_hifisch_offers_only_face_down_numbers_and_shows_the_scoring_steps(rig):
    rig.new_game("New Hi Fisch!", 2, start=1)
    rig.choose(("fish", False))
    assert rig.offered() == list(range(1, 30))
    rig.choose(23)
    rig.choose(("fish", False))
    assert 23 not in rig.offered()
    rig.choose(18)
    rig.choose(("shark", True))
    rig.choose(("fish", True))
    rig.choose(3)
    rig.choose(("fish", False))
    rig.choose(16)  # the round's last turn: scoring
    assert type(rig.top()).__name__ == "Scoring"
    texts = []
    while type(rig.top()).__name__ == "Scoring":
        texts.append(rig.top().steps[rig.top().index])
        rig.press(OK)
    assert texts == [("eat", 23), ("win", 2, (18, 16), 2), ("back", (3,))]
    assert rig.app.match.game.next_player() == 2


def test_hecht_offers_only_legal_moves_and_chips(rig):
    rig.new_game("New Hecht", 2, start=1)
    offered = rig.offered()
    assert ("end",) not in offered and ("eat", False) not in offered  # 3 carp: no eating
    assert ("emigrate", False) in offered and ("action", "skip") in offered
    rig.choose(("action", "wave"))
    assert ("end",) in rig.offered() and ("action", "skip") not in rig.offered()
    assert rig.app.match.game.allowance() == 14
    rig.choose(("end",))
    assert rig.app.match.game.next_player() == 2


def test_hecht_carp_action_rolls_the_devices_die(rig):
    from fishtable.core.dice import Die
    from fishtable.core.match import Match

    rig.new_game("New Hecht", 2, start=1)
    match = rig.app.match
    # snails on the board, carp graze (sated carp in pairs) - through the buttons
    for stmt in (("action", "snail"), ("end",), ("action", "snail"), ("end",)):
        rig.choose(stmt)
    rig.choose(("graze",))
    rig.choose(("graze",))
    rig.choose(("action", "carp", ()))
    assert rig.offered() == [0, 1]
    rig.choose(1)
    assert rig.labels() == ["Enter dice", "Roll for me"]
    rig.choose(True)
    assert rig.ask().prompt == "Nest 1: roll now" and rig.labels() == ["Roll"]
    rig.press(OK)  # the ring spins, the device's die rolls
    rig.run(1200)
    rolls = tuple(Die(9).rolls(1))
    assert rig.ask().prompt == "Nest 1: %d" % rolls
    assert rig.offered() == [rolls]
    rig.press(OK)
    assert match.statements[-1] == ("action", "carp", rolls)
    ref = Match("hecht", 2, 1, match.options)
    for stmt in match.statements:
        ref.submit(stmt)
    assert ref.game.carp_pond() == match.game.carp_pond() == 3 + rolls[0]


def test_hecht_carp_action_takes_the_tables_own_die_nest_by_nest(rig):
    rig.new_game("New Hecht", 2, start=1)
    for _ in range(2):  # two snails on the board; two carp graze: one breeding pair
        rig.choose(("action", "snail"))
        rig.choose(("end",))
    rig.choose(("graze",))
    rig.choose(("graze",))
    rig.choose(("action", "carp", ()))
    rig.choose(1)
    rig.choose(False)  # Enter dice
    assert rig.ask().prompt == "Carp nest 1: die" and rig.offered() == [1, 2, 3, 4, 5, 6]
    rig.choose(5)
    assert rig.app.match.statements[-1] == ("action", "carp", (5,))
    assert rig.app.match.game.carp_pond() == 8


# -- other screens ------------------------------------------------------------------------------------
def test_dice_roll_one_to_four_with_the_die(rig):
    from fishtable.core.dice import Die

    rig.menu("Dice")
    rig.press(NEXT)
    assert rig.top().count == 3
    rig.press(OK)
    assert rig.top().faces == tuple(Die(9).rolls(3))
    rig.press(PREV, 3)
    assert rig.top().count == 4
    rig.press(BACK)
    assert type(rig.top()).__name__ == "MainMenu"


def test_settings_are_saved_and_used(rig, tmp_path):
    rig.menu("Settings")
    rig.menu("Yo Fish! 1 to 12")
    assert rig.ask().prompt == "Highest card:" and rig.top().info == ("Yo Fish!",)
    rig.choose(15)
    assert "Yo Fish! 1 to 15" in rig.labels()
    rig.menu("Brightness 3")
    rig.choose(5)
    assert rig.ring.level == rig.ring.cap
    rig.menu("Hecht chips")
    for kind in ("pike", "skip", "snail", "carp", "wave", "wave"):
        rig.choose(kind)
    rig.press(BACK)
    again = Rig(str(tmp_path), seed=1)
    assert again.app.settings["yo_max"] == 15
    assert again.app.settings["chips"] == "pike skip snail carp wave wave"
    again.new_game("New Yo Fish!", 3)
    again.choose("Place")
    assert again.offered()[-1] == 15


def test_chips_without_a_skip_are_refused(rig):
    rig.menu("Settings")
    rig.menu("Hecht chips")
    for kind in ("pike", "wave", "snail", "carp", "wave", "wave"):
        rig.choose(kind)
    assert "skip" in " ".join(rig.app.toast)
    assert rig.app.settings["chips"] == "snail skip wave carp pike wave"


def test_chips_with_two_skips_are_refused(rig):
    rig.menu("Settings")
    rig.menu("Hecht chips")
    for kind in ("pike", "skip", "skip", "carp", "wave", "wave"):
        rig.choose(kind)
    assert " ".join(read_screen(rig).split()) == "Chips need one skip and a pike: not saved"
    assert rig.app.settings["chips"] == "snail skip wave carp pike wave"


def test_chips_saved_with_five_skips_start_the_game_with_the_default_set(tmp_path):
    rig = Rig(str(tmp_path), seed=9)
    rig.app.save_settings("chips", "pike skip skip skip skip skip")
    rig = Rig(str(tmp_path), seed=9)
    rig.menu("New Hecht")
    rig.choose(2)
    rig.press(OK, 2)
    rig.choose(1)
    screen = read_screen(rig)
    assert "one skip" in screen and "snail skip wave\ncarp pike wave" in screen, screen
    rig.press(OK)
    rig.press(BACK)
    assert rig.app.match.game.chips == ("snail", "skip", "wave", "carp", "pike", "wave")


def test_flip_setting_turns_the_picture(rig):
    before = rig.glass()
    rig.menu("Settings")
    rig.menu("Flip screen no")
    rig.choose(1)
    rig.press(BACK)
    rig.run(20)
    assert rig.display.flip and rig.glass() != before


def test_history_lists_finished_games_and_their_ranking(rig):
    rig.new_game("New Yo Fish!", 3)
    for i in range(39):
        place(rig, 1 + (i % 3 == 2), 0)
    assert type(rig.top()).__name__ == "GameOver"
    rig.press(OK)
    rig.menu("History")
    assert rig.store.history() == ["0001-yofish.fish"] and rig.labels() == ["#1 Yo Fish!"]
    rig.press(OK)
    assert rig.top().ranking[0] == 3
    rig.press(OK)
    rig.press(BACK)
    rig.menu("About")
    assert "version" in " ".join(rig.top().lines)
    # no Pico here: no heap figure that no Pico can have ("free RAM 3944128 bytes"), and it says why
    assert rig.top().lines[3:5] == ["free RAM", "n/a (simulator)"]


def test_about_shows_the_free_ram_on_a_pico(monkeypatch):
    import gc

    from fishtable.ui import settings

    class App:
        class hw:
            vbus = battery = None

    monkeypatch.setattr(sys, "platform", "rp2")
    monkeypatch.setattr(gc, "mem_free", lambda: 123456, raising=False)
    assert settings.about_screen(App()).lines[3:5] == ["free RAM", "123456 bytes"]


def test_the_end_screen_is_drawn_before_the_game_is_filed(rig):
    rig.new_game("New Yo Fish!", 3)
    for i in range(38):
        place(rig, 1 + (i % 3 == 2), 0)
    seen = []
    finish = rig.store.finish

    def watched(match):
        seen.append((type(rig.top()).__name__, read_screen(rig)))  # what the glass shows as filing begins
        return finish(match)

    rig.store.finish = watched
    place(rig, 1 + (38 % 3 == 2), 0)
    assert len(seen) == 1 and seen[0][0] == "GameOver", seen
    assert "P3 wins!" in seen[0][1] and "1 P3" in seen[0][1], seen[0][1]  # the end screen, already shown
    assert rig.store.history() == ["0001-yofish.fish"] and rig.app.session.to_file is None


# -- layout: every screen's text fits, and golden frames ------------------------------------------
def test_draw_helpers_refuse_text_off_the_screen_or_overlapping(rig):
    fb = rig.display
    draw.begin(fb)
    with pytest.raises(draw.LayoutError):
        draw.line(fb, "x" * 17, 0)
    with pytest.raises(draw.LayoutError):
        draw.text(fb, "a", 0, 60)
    draw.line(fb, "hello", 1)
    with pytest.raises(draw.LayoutError):
        draw.text(fb, "over", 20, 10)
    draw.set_strict(False)
    draw.begin(fb)
    draw.line(fb, "x" * 40, 0)  # clipped, no error
    words = "the quick brown fox jumps over the lazy dog"
    assert draw.wrap(words) == ["the quick brown", "fox jumps over", "the lazy dog"]
    assert all(len(s) <= 16 for s in draw.wrap("a" * 40 + " b"))


def golden_screens(tmp_path):
    """(name, glass) of the main screens, made through the buttons."""
    rig = Rig(str(tmp_path / "g"), seed=21)
    yield "main_menu", rig.glass()
    rig.menu("New Yo Fish!")
    yield "players", rig.glass()
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(2)
    rig.choose(0)
    rig.press(BACK)  # skip the set-up checklist
    yield "yofish_play", rig.glass()
    rig.choose("Place")
    rig.choose(7)
    rig.press(NEXT)
    yield "yofish_matches", rig.glass()
    rig.press(OK)
    rig.press(BACK)
    yield "game_menu", rig.glass()
    rig.press(NEXT)
    rig.press(OK)
    yield "undo_confirm", rig.glass()
    rig.press(BACK)
    rig.press(BACK)
    rig.press(BACK)
    rig.press(PREV)
    rig.press(OK)
    rig.menu("Dice")
    rig.press(OK)
    yield "dice", rig.glass()
    rig.press(BACK)
    rig.menu("New Hi Fisch!")
    rig.press(OK)  # discard the Yo Fish! game
    rig.choose(2)
    rig.press(OK, 2)
    rig.choose(1)
    rig.press(BACK)  # skip the set-up checklist
    rig.choose(("fish", False))
    rig.choose(12)
    rig.choose(("shark", False))
    yield "hifisch_play", rig.glass()
    rig.choose(("fish", False))
    rig.choose(9)
    rig.choose(("fish", False))
    rig.choose(20)
    rig.choose(("fish", False))
    rig.choose(5)
    yield "hifisch_scoring", rig.glass()
    rig.press(OK, 3)
    rig.press(BACK)
    rig.press(PREV)
    rig.press(OK)
    rig.menu("New Hecht")
    rig.press(OK)  # discard the Hi Fisch! game
    rig.choose(2)
    rig.press(OK, 2)  # the seats' own pike colours
    rig.choose(1)
    rig.press(OK)
    rig.press(BACK)  # skip the set-up checklist
    rig.choose(("action", "wave"))
    yield "hecht_play", rig.glass()


def png_of(glass):
    from PIL import Image

    px = bytes(255 * ((glass[(y >> 3) * 128 + x] >> (y & 7)) & 1) for y in range(64) for x in range(128))
    return Image.frombytes("L", (128, 64), px).convert("1")


def test_golden_frames(tmp_path):
    """A changed frame must be an intended change: UPDATE_GOLDEN=1 rewrites host_tests/golden/."""
    from PIL import Image

    update = os.environ.get("UPDATE_GOLDEN") == "1"
    os.makedirs(GOLDEN, exist_ok=True)
    names = []
    for name, glass in golden_screens(tmp_path):
        names.append(name)
        path = os.path.join(GOLDEN, name + ".png")
        if update or not os.path.exists(path):
            png_of(glass).save(path)
            continue
        want = Image.open(path).convert("1").tobytes()
        got = png_of(glass).tobytes()
        assert got == want, "%s changed: check it, then UPDATE_GOLDEN=1 to accept" % name
    assert len(names) == 10


def test_an_error_in_the_app_restarts_it_from_the_journal(tmp_path, capsys):
    from fishtable.core.dice import Die
    from fishtable.ui import loop

    rig = Rig(str(tmp_path), seed=3)
    rig.new_game("New Yo Fish!", 3)
    place(rig, 8, 0)
    draw.set_strict(False)
    from fishtable.ui.menu import MainMenu  # now: a game's screen drops the menu module, home() imports it again

    class Keys:
        events = [OK]  # on the main menu: its (broken) key handler raises

        def poll(self, now):
            return self.events.pop(0) if self.events else 0

    from devices.inputs import Clock

    from fishtable.hw import Hardware

    hw = Hardware(None, rig.display, rig.ring, Keys(), clock=Clock())

    calls = []

    def broken(self, app, ev):
        calls.append(ev)
        raise RuntimeError("boom")

    original = MainMenu.key
    MainMenu.key = broken
    try:
        app = loop.run(hw, rig.store, Die(1), limit=8)
    finally:
        MainMenu.key = original
    assert calls, "the broken key handler ran"
    assert "app error: RuntimeError: boom" in capsys.readouterr().out
    assert app.toast and "boom" in " ".join(app.toast)
    assert app.match.statements == [("place", 8, 0)]  # resumed from the journal


def test_a_statement_the_flash_cannot_take_is_not_played(rig):
    rig.new_game("New Yo Fish!", 3)

    def full(match, stmt):
        raise OSError(28)

    rig.store.append = full
    place(rig, 5, 1)
    assert rig.app.match.statements == []
    assert "Not saved" in " ".join(rig.app.toast)


def test_flip_setting_turns_from_the_boards_mounting(tmp_path):
    rig = Rig(str(tmp_path), seed=1, mounted_flip=True)  # a board profile that mounts the panel upside down
    assert rig.display.flip is True  # the setting says no flip: upright for the table
    rig.app.settings["flip"] = 1
    rig.app.save_settings()
    assert rig.display.flip is False
    again = Rig(str(tmp_path), seed=1, mounted_flip=True)  # a restart keeps the mounting
    assert again.display.flip is False


# -- help at the moment the table needs it ---------------------------------------------------------
def test_hecht_short_carp_supply_lets_the_player_pick_each_nests_share(rig):
    rig.new_game("New Hecht", 2, start=1)
    g = rig.app.match.game
    g.carp_supply -= 7  # 3 hungry and 4 sated carp more in the pond: 4 left in the supply
    g.hungry_carp += 3
    g.sated_carp += 4
    g.snail_supply -= 4
    rig.top().stale = True
    rig.choose(("action", "carp", ()))
    rig.choose(2)  # nests with pairs
    rig.choose(False)  # enter the dice
    assert rig.ask().prompt == "Carp nest 1: die"
    rig.choose(5)
    assert rig.ask().prompt == "Carp nest 2: die"
    rig.choose(4)
    assert rig.ask().prompt == "Too few carp:"
    assert rig.offered() == [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)] and rig.labels()[2] == "2 2"
    text = read_screen(rig)  # the share in words under the big value (not "0+4", a pike pair's notation)
    assert "{0 4}" in text and "Nest 1: 0 carp" in text and "Nest 2: 4 carp" in text, text
    rig.press(NEXT, 2)
    text = read_screen(rig)
    assert "{2 2}" in text and "Nest 1: 2 carp" in text and "Nest 2: 2 carp" in text, text
    rig.press(OK)
    assert rig.app.match.statements[-1] == ("action", "carp", (5, 4))


def test_hifisch_end_points_add_up_to_each_players_score():
    from fishtable.core.record import read
    from fishtable.ui.play_hifisch import end_pages as points_lines

    with open(os.path.join(ROOT, "records", "hifisch-3p.fish")) as f:
        match = read(f)
    game = match.game
    assert game.over
    for p in range(1, game.players + 1):
        lines = points_lines(game, p, match.label)
        assert all(len(line) <= 16 for line in lines)
        green = int(lines[1].split()[0])  # "4 green fish = 8"
        other = int(lines[2].split()[0])  # "5 other fish = 5"
        shells = int(lines[3].split()[0])  # "1 shell = 1", "3 shells = 3"
        assert lines[1] == "%d green fish = %d" % (green, 2 * green) and lines[2].endswith("= %d" % other)
        assert lines[3] == "%d shell%s = %d" % (shells, "" if shells == 1 else "s", shells)
        assert lines[0] == "P%d: %d points" % (p, game.scores()[p - 1])
        assert 2 * green + other + shells == game.scores()[p - 1]


def test_hifisch_game_over_pages_through_each_players_points(rig):
    from fishtable.core.record import read
    from fishtable.ui.scoreboard import GameOver

    with open(os.path.join(ROOT, "records", "hifisch-3p.fish")) as f:
        match = read(f)
    rig.app.push(GameOver(rig.app, match))
    rig.run(20)
    assert "OK: points" in rig.screen_text() or rig.top().page == 0
    for k in range(1, 4):
        rig.press(OK)
        assert rig.top().page == k and rig.top().lines[0].startswith("P%d:" % match.game.ranking()[k - 1])
    rig.press(OK)
    assert type(rig.top()).__name__ == "MainMenu"


def test_yofish_offers_no_cover_with_the_middle_empty_and_no_more_matches_than_it_holds(rig):
    """The middle holds 3 cards at the start, one more a place, one fewer a cover (clarification 12)."""
    rig.new_game("New Yo Fish!", 3)
    for v, w in ((5, 2), (6, 3)):  # two covers: one card left in the middle
        rig.choose("Cover")
        rig.choose(v)
        rig.choose(w)
    rig.choose("Place")
    rig.choose(4)
    assert rig.offered() == [0, 1]  # one card in the middle: at most 1 beside it matches
    rig.press(BACK)
    rig.press(BACK)
    rig.choose("Cover")
    rig.choose(7)
    rig.choose(4)  # the middle is empty now
    assert rig.labels() == ["Place"]  # nothing to cover
    rig.choose("Place")
    rig.choose(9)
    assert rig.offered() == [0]  # a card on its own: it scores its value
    rig.choose(0)
    assert rig.app.match.game.scores() == [7 + 9, 9, 11]


def test_the_idle_menu_of_a_board_holds_no_store_session_or_die(run_fw, tmp_path):
    """On the board (loop.run with the store's folder) the idle main menu keeps the code of the
    loop, the menu and the drawing only: the store, the session, the die and the registry go (their
    code is RAM), and come back as they were; a game in progress keeps its session and store."""
    out = run_fw.call("idle_menu.idle_and_back", str(tmp_path))
    assert out["idle"] == ["fishtable", "fishtable.core", "fishtable.core.errors", "fishtable.events", "fishtable.text",
                           "fishtable.ui", "fishtable.ui.app", "fishtable.ui.draw", "fishtable.ui.loop",
                           "fishtable.ui.menu", "fishtable.ui.ringfx", "fishtable.ui.widgets"]  # (.text: the language)
    assert out["settings"] == 2  # (loaded from the store before it went)
    assert out["die_dropped"] and out["rolls"]  # the die's sequence goes on where it was
    assert out["playing"] == ["fishtable.session", "fishtable.store"]
    assert out["resumed"] == "hecht"
    assert out["discarded"] == [] and out["roster"] == []
