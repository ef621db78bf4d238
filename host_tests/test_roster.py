"""The roster on the board (fishtable.store.roster through the Store): names, the last seats,
the file's format, damage and power cuts."""

import os

import pytest
from devices.faultfs import FaultFs, PowerCut

from fishtable.core.errors import Invalid
from fishtable.core.match import Match
from fishtable.core.stats import is_guest
from fishtable.store import Store
from fishtable.store import roster as roster_mod

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def new_store(fs=None):
    return Store(fs if fs is not None else FaultFs(), "/data")


def test_add_rename_remove_and_the_file():
    store = new_store()
    assert store.roster() == []
    assert store.add_player("Anna") == ["Anna"]
    assert store.add_player("Bob") == ["Anna", "Bob"]
    assert store.rename_player("Bob", "Bo-2") == ["Anna", "Bo-2"]
    assert store.add_player("cy") == ["Anna", "Bo-2", "cy"]
    assert store.remove_player("Anna") == ["Bo-2", "cy"]
    assert store.remove_player("nobody") == ["Bo-2", "cy"]
    assert new_store(store.fs).roster() == ["Bo-2", "cy"]
    text = store.fs.files["/data/roster.txt"].decode()
    assert text.split("\n")[0] == "names=Bo-2 cy" and text.split("\n")[1].startswith("check=")


@pytest.mark.parametrize(
    "name, message",
    [
        ("Christoph", "a name is 1-8 of A-Z a-z 0-9 -, not Christoph"),
        ("Ann B", "not Ann B"),
        ("", "not "),
        ("anna", "Anna is there already"),
        ("Guest", "Guest is for guests"),
        ("guest3", "guest3 is for guests"),
    ],
)
def test_names_that_cannot_join_are_refused_with_a_short_message(name, message):
    store = new_store()
    store.add_player("Anna")
    with pytest.raises(Invalid) as err:
        store.add_player(name)
    assert message in str(err.value)
    assert store.roster() == ["Anna"]


def test_sixteen_at_most_and_save_roster_checks_every_name():
    store = new_store()
    names = ["P%d" % i for i in range(16)]
    assert store.save_roster(names) == names
    with pytest.raises(Invalid, match="Roster full"):
        store.add_player("Q")
    with pytest.raises(Invalid, match="at most 16"):
        store.save_roster(names + ["Q"])
    with pytest.raises(Invalid, match="there already"):
        store.save_roster(["Ann", "ANN"])
    with pytest.raises(Invalid):
        store.rename_player("P1", "P2")
    with pytest.raises(Invalid, match="not in the roster"):
        store.rename_player("Zed", "Zoe")
    assert store.roster() == names
    assert store.rename_player("P1", "p1") == ["P0", "p1"] + names[2:]  # only its own case changes


def test_guests_are_guest_and_guest1_to_9():
    assert [is_guest(n) for n in (None, "Guest", "guest", "GUEST4", "Guest0", "Guests", "Guest12", "Gus")] == [
        True, True, True, True, False, False, False, False]


def test_the_last_seats_are_kept_per_game_by_begin():
    store = new_store()
    store.save_roster(["Anna", "Bob", "Cy"])
    assert store.last_players("hecht") is None
    store.begin(Match("hecht", 3, 1, (), ("Bob", "Guest", "Anna"), ("green", "red", "white")))
    store.begin(Match("yofish", 3, 2, (), ("Cy", "Anna", "Bob"), ("cyan", "purple", "red")))
    store.begin(Match("hifisch", 2))  # no names, no colours: nothing to remember
    fresh = new_store(store.fs)
    assert fresh.last_players("hecht") == (("Bob", "Guest", "Anna"), ("green", "red", "white"))
    assert fresh.last_players("yofish") == (("Cy", "Anna", "Bob"), ("cyan", "purple", "red"))
    assert fresh.last_players("hifisch") is None
    # a rename follows into the last seats; a removed player's seat becomes a guest
    fresh.rename_player("Anna", "Ann")
    fresh.remove_player("Bob")
    assert fresh.last_players("hecht") == (("Guest", "Guest", "Ann"), ("green", "red", "white"))
    assert fresh.last_players("yofish") == (("Cy", "Ann", "Guest"), ("cyan", "purple", "red"))
    before = store.fs.files["/data/roster.txt"]
    fresh.begin(Match("yofish", 3, 1, (), ("Cy", "Ann", "Guest"), ("cyan", "purple", "red")))
    assert store.fs.files["/data/roster.txt"] is before  # the same seats again: not written
    fresh.begin(Match("yofish", 3, 1, (), ("Ann", "Cy", "Guest"), ("cyan", "purple", "red")))
    assert fresh.last_players("yofish")[0] == ("Ann", "Cy", "Guest")


def test_seats_a_record_could_not_hold_are_not_offered():
    store = new_store()
    store.fs.mkdir("/data")
    roster = roster_mod.Roster()
    roster.seats["hecht"] = (("Anna", "Bob"), ("cyan", "red"))  # cyan is no pike colour
    roster.seats["yofish"] = (("Anna", "Bob", "Christoph"), ("red", "blue", "green"))
    roster.seats["hifisch"] = (("Anna", "Bob"), ("red", "blue", "green"))  # one colour too many
    roster_mod.save(store.fs, store.roster_path, roster)
    assert store.last_players("hecht") == (("Anna", "Bob"), None)
    assert store.last_players("yofish") == (None, ("red", "blue", "green"))
    assert store.last_players("hifisch") == (("Anna", "Bob"), None)


def test_a_damaged_roster_falls_back_to_the_backup_then_to_none():
    store = new_store()
    store.save_roster(["Anna", "Bob"])
    store.save_roster(["Anna", "Bob", "Cy"])
    files = store.fs.files
    good = files["/data/roster.txt"]
    for at in range(len(good)):
        damaged = bytearray(good)
        damaged[at] ^= 0x04
        files["/data/roster.txt"] = bytes(damaged)
        assert store.roster() in (["Anna", "Bob"], ["Anna", "Bob", "Cy"]), at
    files["/data/roster.txt"] = good[:-3]
    assert store.roster() == ["Anna", "Bob"]
    del files["/data/roster.bak"]
    assert store.roster() == []


@pytest.mark.parametrize("torn", [False, True], ids=["littlefs", "torn"])
def test_a_power_cut_anywhere_in_a_roster_write_leaves_the_old_or_the_new_roster(torn):
    old = ["Anna", "Bob"]
    new = ["Anna", "Bob", "Cy-3", "Dee"]
    base = FaultFs(torn=torn)
    new_store(base).save_roster(old)
    new_store(base).begin(Match("hecht", 2, 1, (), ("Anna", "Bob"), ("red", "blue")))
    files, dirs = base.survivors()
    total = FaultFs(torn=torn, files=files, dirs=dirs)
    new_store(total).save_roster(new)
    cuts = 0
    for cut in range(total.points + 1):
        fs = FaultFs(cut_at=cut, torn=torn, files=files, dirs=dirs)
        try:
            new_store(fs).save_roster(new)
        except PowerCut:
            pass
        after = new_store(fs.reboot())
        got = after.roster()
        # the new roster counts once its last rename is done (the write point after it is the end)
        assert got == (new if cut == total.points else old), cut
        assert after.last_players("hecht") == (("Anna", "Bob"), ("red", "blue")), cut
        assert after.save_roster(new) == new and new_store(after.fs).roster() == new  # and it carries on
        cuts += 1
    assert cuts == total.points + 1 > 60


def test_the_roster_under_micropython(run_fw):
    assert run_fw.call("roster.edits") == [
        "Anna is there already",
        "['Anna', 'Bo', 'Cy']",
        "(('Bo', 'Guest'), ('white', 'red'))",
    ]


def test_names_and_colours_are_journalled_resumed_and_kept_in_the_history():
    from fishtable.core.record import read_text

    store = new_store()
    match = Match("yofish", 3, 2, (("advanced", ()),), ("Anna", "Guest", "Bob"), ("cyan", "red", "purple"))
    store.begin(match)
    for line in ("place 5 0", "cover 9 5", "place 3 2"):
        stmt = match.parse(line)
        store.append(match, stmt)
        match.submit(stmt)
    resumed, message = new_store(store.fs).resume()
    assert message is None and resumed.names == match.names and resumed.colours == match.colours
    header = list(resumed.header_lines())
    assert header[3:6] == ["start 2", "names Anna Guest Bob", "colours cyan red purple"]
    done = read_text("\n".join(resumed.lines()))
    assert (done.names, done.colours, done.statements) == (match.names, match.colours, match.statements)


@pytest.mark.parametrize(
    "names, colours, message",
    [
        (("Anna", "Christoph"), None, "not Christoph"),
        (("Anna",), None, "names needs 2 names, not 1"),
        (None, ("red", "red"), "colour red twice"),
        (None, ("red", "cyan"), "cyan is not a pike colour"),
    ],
)
def test_a_match_refuses_names_and_colours_a_record_could_not_hold(names, colours, message):
    with pytest.raises(Invalid) as err:
        Match("hecht", 2, 1, (), names, colours)
    assert message in str(err.value)


def test_rename_and_remove_find_a_name_whatever_its_case():
    store = new_store()
    store.save_roster(["Anna", "Bob"])
    store.begin(Match("hecht", 2, 1, (), ("Anna", "Bob"), None))
    store.discard()
    assert store.rename_player("anna", "ANNA") == ["ANNA", "Bob"]
    assert store.last_players("hecht")[0] == ("ANNA", "Bob")
    assert store.remove_player("BOB") == ["ANNA"]
    assert store.last_players("hecht")[0] == ("ANNA", "Guest")
    with pytest.raises(Invalid, match="ANNA is there already"):
        store.save_roster(["ANNA", "anna"])


def test_statistics_follow_a_rename_under_both_interpreters(run_fw):
    assert run_fw.call("roster.stats_follow_a_rename") == [
        [["Anne", "Bob", "Cy"], [2, 2, 10, 19, 2]],
        [["Bob", "Cy"], [3, 3, 10, 23, 3]],
    ]
