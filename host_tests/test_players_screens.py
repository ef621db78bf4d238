"""The players on the device, through its buttons: the roster screens and their letter picker,
seats chosen by name and colour at set-up ("Same as last time" in one press), names on the
game's screens, and the Stats screen against tools/history.py on the same history."""

import os

import pytest
from simlib.rig import BACK, NEXT, OK, PREV, Rig

from fishtable.ui import draw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")


@pytest.fixture
def rig(tmp_path):
    r = Rig(str(tmp_path), seed=9)
    yield r
    draw.set_strict(False)


def add(rig, name):
    rig.menu("Add player")
    assert type(rig.top()).__name__ == "NamePicker"
    rig.type_name(name)
    rig.choose("Done")


def toast(rig):
    return " ".join(rig.app.toast or ())


# -- the roster and its letter picker ------------------------------------------------------------
def test_letter_picker_adds_renames_and_removes_players(rig):
    rig.menu("Players")
    assert rig.labels() == ["Add player"]
    rig.menu("Add player")
    rig.type_name("Annx")
    rig.press(BACK)  # the quick delete: the last letter off
    rig.choose("a")
    assert rig.top().name == "Anna"
    rig.choose("Done")
    add(rig, "Bo-2")
    assert rig.labels() == ["Anna", "Bo-2", "Add player"]
    assert rig.ask().prompt == "Players 2"
    rig.menu("Bo-2")
    rig.menu("Rename")
    assert rig.top().name == "Bo-2"
    rig.press(BACK, 2)
    rig.choose("b")
    rig.choose("Del")  # the Del entry deletes too
    rig.choose("b")
    rig.choose("Done")
    assert rig.labels() == ["Anna", "Bob", "Add player"] and rig.ask().value() == "Bob"
    rig.menu("Anna")
    rig.menu("Remove")
    rig.press(OK)  # the question
    assert rig.labels() == ["Bob", "Add player"]
    assert rig.store.roster() == ["Bob"]


def test_after_a_capital_the_picker_offers_its_small_letter_and_wraps_round(rig):
    rig.menu("Players")
    rig.menu("Add player")
    assert rig.ask().value() == "A"
    rig.press(OK)
    assert rig.ask().value() == "a"
    rig.press(BACK)
    assert rig.top().name == ""
    rig.ask().index = 1  # "A" again
    from simlib.rig import PREV

    rig.press(PREV)
    assert rig.ask().value() == "Done"
    rig.press(PREV)
    assert rig.ask().value() == "Del"  # wraps round


def test_picker_refuses_a_ninth_letter_an_empty_name_and_back_on_empty_leaves(rig):
    rig.menu("Players")
    rig.menu("Add player")
    rig.choose("Done")
    assert "Type a name first" in toast(rig)
    rig.press(NEXT)  # dismisses the message
    rig.choose("Del")  # nothing to delete: said, not swallowed (the soak found it)
    assert "No letter to delete" in toast(rig) and rig.top().name == ""
    rig.press(NEXT)
    rig.type_name("Abcdefgh")
    rig.choose("i")
    assert "8 letters at most" in toast(rig) and rig.top().name == "Abcdefgh"
    rig.press(OK)
    rig.press(BACK, 8)
    assert rig.top().name == ""
    rig.press(BACK)
    assert rig.labels() == ["Add player"] and rig.store.roster() == []


def test_a_name_already_there_is_refused_on_the_screen_and_nothing_changes(rig):
    rig.menu("Players")
    add(rig, "Anna")
    rig.menu("Add player")
    rig.type_name("anna")
    rig.choose("Done")
    assert "Anna is there already" in toast(rig)
    assert type(rig.top()).__name__ == "NamePicker"  # the name can be corrected
    assert rig.store.roster() == ["Anna"]


def test_a_guests_name_is_refused(rig):
    rig.menu("Players")
    add(rig, "Guest")
    assert "for guests" in toast(rig) and rig.store.roster() == []


def test_a_full_roster_says_so(rig):
    rig.store.save_roster(["P%02d" % i for i in range(16)])
    rig.menu("Players")
    assert rig.ask().prompt == "Players 16"
    rig.menu("Add player")
    assert "Roster full: 16 players" in toast(rig)
    assert type(rig.top()).__name__ == "RosterList"


# -- set-up with names ------------------------------------------------------------------------------
def seat(rig, name, colour=None):
    assert rig.ask().prompt.startswith("Seat")
    rig.choose(name)
    if colour is None:
        rig.press(OK)
    else:
        rig.choose(colour)


def test_seats_take_roster_names_or_guests_and_the_header_keeps_them(rig):
    from fishtable.core.match import COLOURS

    rig.store.save_roster(["Anna", "Bob", "Cy"])
    rig.menu("New Hecht")
    rig.choose(3)
    assert rig.labels() == ["Anna", "Bob", "Cy", "Guest"]
    rig.choose("Bob")
    assert rig.ask().prompt == "Bob colour"
    rig.choose(COLOURS.index("white"))
    assert rig.labels() == ["Anna", "Cy", "Guest"]  # Bob sits already
    rig.choose("Guest")
    assert rig.ask().prompt == "P2 colour"
    rig.press(OK)
    seat(rig, "Anna")
    assert rig.labels() == ["By lot", "Bob", "P2", "Anna"]  # Hecht: the rulebook draws lots
    rig.choose(3)
    rig.press(OK)  # the chips
    rig.press(BACK)  # skip the set-up checklist
    match = rig.app.match
    assert match.names == ("Bob", "Guest2", "Anna")
    assert match.colours == ("white", "yellow", "blue")
    assert "names Bob Guest2 Anna" in list(match.header_lines())
    assert rig.app.stack[-1].current(rig.app).label == "Anna"  # the player to move, by name


def test_same_players_as_last_time_is_one_press(rig):
    rig.store.save_roster(["Anna", "Bob"])
    rig.menu("New Yo Fish!")
    assert type(rig.top()).__name__ == "Picker"  # no last seating yet: the players' count
    rig.choose(3)
    seat(rig, "Bob", 6)
    seat(rig, "Guest")
    seat(rig, "Anna")
    rig.choose(2)  # Guest starts (P2)
    rig.choose(0)
    rig.press(BACK)  # skip the set-up checklist
    first = rig.app.match
    rig.app.home()
    rig.menu("New Yo Fish!")
    rig.press(OK)  # discard the game in progress
    assert type(rig.top()).__name__ == "LastSeats"
    rig.press(OK)  # the same players, the same colours
    assert rig.labels() == ["Bob", "P2", "Anna", "By lot"]  # the rulebook's way first: the youngest, named
    rig.choose(1)
    rig.choose(0)
    rig.press(BACK)  # skip the set-up checklist
    again = rig.app.match
    assert again.names == first.names == ("Bob", "Guest2", "Anna")
    assert again.colours == first.colours and again.colours[0] == "purple"


def test_back_on_same_as_last_time_sets_up_new_seats(rig):
    rig.store.save_roster(["Anna", "Bob"])
    rig.menu("New Hi Fisch!")
    rig.choose(2)
    seat(rig, "Anna")
    seat(rig, "Bob")
    rig.choose(1)
    rig.press(BACK)  # skip the set-up checklist
    rig.app.home()
    rig.menu("New Hi Fisch!")
    rig.press(OK)  # discard
    rig.press(BACK)
    assert rig.ask().prompt == "Players"
    rig.choose(2)
    seat(rig, "Bob")
    seat(rig, "Anna")
    rig.choose(2)
    rig.press(BACK)  # skip the set-up checklist
    assert rig.app.match.names == ("Bob", "Anna")


_READER = []


def read(rig):
    """What a person reads on the rig's screen now (tools/screenreader.py): «lit», {2x text}."""
    if not _READER:
        from screenreader import Reader

        _READER.append(Reader())
    return _READER[0].read(rig.glass()).text()


def test_a_long_name_is_never_cut_on_the_who_starts_picker_the_header_and_the_scoreboard(rig):
    rig.store.save_roster(["Johannes", "Barbara", "Bob"])
    rig.menu("New Hi Fisch!")
    rig.choose(3)
    seat(rig, "Johannes")
    seat(rig, "Barbara", 1)  # yellow
    seat(rig, "Bob")
    assert rig.labels() == ["Johannes", "Barbara", "Bob", "By lot"]
    text = read(rig)  # 8 big letters fill the screen: no arrows beside them (strict drawing)
    assert "{Johannes}" in text and "<" not in text and ">" not in text, text
    rig.press(NEXT)
    text = read(rig)  # 7 fit between the arrows
    assert "{Barbara}" in text and "<" in text and ">" in text, text
    rig.press(PREV)
    rig.press(OK)
    rig.press(BACK)  # skip the set-up checklist
    assert rig.app.match.label(1) == "Johannes"
    head = read(rig).split("\n")[0]  # the player to move, whole, and their colour on the top row
    assert head.split() == ["Johannes", "Red"], head
    rig.press(BACK)  # the scoreboard: a colour word that does not fit beside the name is left out, whole
    assert type(rig.top()).__name__ == "GameMenu"
    rows = read(rig).split("\n")
    assert rows[1].split() == [">Johannes", "Red", "0"] and rows[2].split() == ["Barbara", "0"], rows  # not "Yel"
    assert rows[3].split()[:2] == ["Bob", "Blue"], rows


def test_names_on_the_scoreboard_the_undo_question_and_the_end_screen(rig):
    from fishtable.ui.scoreboard import seat_text, undo_question

    rig.store.save_roster(["Anna", "Bob"])
    rig.menu("New Hecht")
    rig.choose(2)
    seat(rig, "Anna")
    seat(rig, "Bob")
    rig.choose(1)
    rig.press(OK)
    rig.press(BACK)  # skip the set-up checklist
    rig.choose(("action", "snail"))
    rig.choose(("end",))
    assert undo_question(rig.app.match).startswith("Undo Anna's play?")
    rig.press(BACK)  # the scoreboard, drawn in strict mode (no text over text)
    assert type(rig.top()).__name__ == "GameMenu"
    assert seat_text(" ", "Anna", 0, "12") == " Anna Red"
    assert seat_text("*", "Johannes", 1, "123") == "*Johannes"  # the colour word whole, or not at all
    assert seat_text("1 ", "Barbara", 1, "12") == "1 Barbara"  # the end screen's rank lead


# -- the Stats screen, through the buttons, against tools/history.py ---------------------------------
NAMED = {
    "h1.fish": ("hecht-3p.fish", "Anna Guest Bob-2", "white red green"),
    "y1.fish": ("yofish-3p-basic.fish", "Cy Anna Dan", "cyan purple red"),
    "h2.fish": ("hecht-2p.fish", "Bob-2 Anna", "blue orange"),
}


def named_record(tmp_path, name):
    source, names, colours = NAMED[name]
    with open(os.path.join(ROOT, "records", source)) as f:
        lines = f.read().splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith("start ")][0]
    lines[at + 1:at + 1] = ["names " + names, "colours " + colours]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def read_stats(dev, player, title):
    """The Stats screen's pages of one game, read off the screen: (game figures, [player figures])."""
    player.select("Stats")
    player.select(title)
    screen = dev.screen

    def value(row):
        return screen.row(row).split()[-1]

    if screen.contains("No finished"):
        head = None
    else:
        # words a player reads: "On average:", " win score  5.0", " turns  46.0" (not "Avg win")
        assert screen.row(2).strip() == "On average:", screen.text()
        assert screen.row(3).split()[:2] == ["win", "score"] and screen.row(4).split()[0] == "turns", screen.text()
        assert screen.row(5).split()[0] == "Players", screen.text()
        head = (int(value(1)), value(3), value(4))
    rows = []
    pages = int(screen.highlighted()[-1].split("/")[1]) if head else 1  # "2/4" on the title bar
    for _ in range(pages - 1):
        screen = dev.press("next")
        rows.append((screen.highlighted()[0], int(value(1)), int(value(2)), value(3), int(value(4)), value(5),
                     value(6)))
    dev.press("back")
    dev.press("back")
    return head, rows


@pytest.mark.parametrize("interp", ["cpython", "micropython"])
def test_games_played_with_a_roster_show_on_stats_as_tools_history_counts_them(tmp_path, interp):
    import history
    from autoplay import Autoplayer, read_record
    from simlib.device import Device

    from fishtable.core.stats import BEST, LAST, PLAYED, WINS

    flash = str(tmp_path / "flash")
    played = ["h1.fish", "y1.fish", "h2.fish"] if interp == "cpython" else ["h2.fish"]
    with Device(interp=interp, flash=flash) as dev:
        for name in played:
            want = read_record(named_record(tmp_path, name))
            player = Autoplayer(dev, want)
            player.setup()
            for stmt in want.statements:
                player.play(stmt)
            player.finish()
            assert dev.screen.contains("wins!") or dev.screen.contains("Shared win!")
            winners = want.game.winners() if want.game.over else player.mirror.game.winners()
            if len(winners) == 1 and not want.names[winners[0] - 1].startswith("Guest"):
                assert dev.screen.contains("%s wins!" % want.names[winners[0] - 1])
            dev.press("ok")
            player.expect("New Hecht")
        plays, _, problems = history.collect(os.path.join(flash, "data", "history"))
        assert not problems and len(plays) == len(played)
        tables = history.tables(plays)
        for game, title in (("hecht", "Hecht"), ("yofish", "Yo Fish!"), ("hifisch", "Hi Fisch!")):
            table = tables[game]
            head, rows = read_stats(dev, player, title)
            if not table.games:
                assert head is None
                continue
            assert head == (table.games, table.average_win(), table.average_turns())
            assert rows == [(table.names[i], table.figure(i, PLAYED), table.figure(i, WINS), "%d%%" % table.win_rate(i),
                             table.figure(i, BEST), table.average(i), "#%d" % table.figure(i, LAST))
                            for i in table.order()]
            assert "Guest" not in [row[0] for row in rows]  # guests count in the games, get no line


# -- a rename keeps a player's statistics -------------------------------------------------------------
def stats_pages(rig):
    """The Yo Fish! Stats pages' player titles and their figures, read off the screen."""
    rig.menu("Stats")
    rig.menu("Yo Fish!")
    pages = []
    for _ in range(len(rig.top().order)):
        rig.press(NEXT)
        rows = read(rig).split("\n")
        pages.append([" ".join(row.replace("«", "").replace("»", "").split()) for row in rows if row.strip()])
    rig.press(BACK)
    rig.press(BACK)
    return pages


def test_a_renamed_player_keeps_their_statistics(rig):
    import screens

    screens._two_games(rig)  # two Yo Fish! games of Anna and Bob (and a guest), through the buttons
    rig.app.home()
    before = stats_pages(rig)
    assert [page[0].split()[0] for page in before] == ["Anna", "Bob"], before
    rig.menu("Players")
    rig.menu("Anna")
    rig.menu("Rename")
    rig.press(BACK, 4)  # the name's letters off
    rig.type_name("Anne")
    rig.choose("Done")
    assert rig.labels() == ["Anne", "Bob", "Add player"]
    rig.press(BACK)
    after = stats_pages(rig)
    assert [page[0].split()[0] for page in after] == ["Anne", "Bob"], after
    assert [page[1:] for page in after] == [page[1:] for page in before]  # the same figures
    assert rig.store.stats("yofish").row("Anna") < 0
