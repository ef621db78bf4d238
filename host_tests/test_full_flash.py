"""A full flash through the buttons and the screen.  What the flash cannot take (a statement, a
new game, a settings change) shows the whole message "Not saved: Flash full. Delete games in
History" and nothing is lost; a finished game in the history makes room by itself.  On the
fault-injecting flash (tools/devices/faultfs.py, the app in-process on tools/simlib/rig.py) and on
the real LittleFS of the MicroPython unix port (os.VfsLfs2 on a 96 KB block device, the
firmware's own main.py on the simulated board), read with the screen reader."""

import os

from autoplay import Autoplayer
from devices.faultfs import FaultFs
from simlib.device import Device, reader
from simlib.rig import OK, Rig

from fishtable.core.record import read_text
from fishtable.session import NOT_FILED
from fishtable.store import Store
from fishtable.ui import draw, prefs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORD = os.path.join(ROOT, "records", "yofish-3p-basic.fish")
FULL = "Not saved: Flash full. Delete games in History"


def message(screen):
    """The text of the screen's lines joined (a message box's lines read as one sentence)."""
    return " ".join(" ".join(line.split()) for line in screen.lines(False) if line.strip())


def fill(fs):
    """Fill the FaultFs to its capacity (one junk file grows)."""
    fs.files["/junk"] = bytes(len(fs.files.get("/junk", b"")) + fs.free("/"))
    assert fs.free("/") == 0


# -- the fault-injecting flash, the app in-process -------------------------------------------------
def full_rig(tmp_path):
    fs = FaultFs(capacity=48 * 4096, full=True)
    return Rig(str(tmp_path), seed=9, fs=fs), fs


def screen(rig):
    return reader().read(rig.glass())


def place(rig, value, matches):
    rig.choose("Place")
    rig.choose(value)
    rig.choose(matches)


def test_a_statement_the_full_flash_cannot_take_says_flash_full_and_is_not_played(tmp_path):
    rig, fs = full_rig(tmp_path)
    try:
        rig.new_game("New Yo Fish!", 3)
        place(rig, 5, 1)
        fill(fs)
        played = [("place", 5, 1)]
        for value in range(2, 20):  # the journal's part fills up: the next one finds no room
            place(rig, value, 0)
            if rig.app.toast is not None:
                break
            played.append(("place", value, 0))
        assert message(screen(rig)) == FULL and len(played) > 2
        assert rig.app.match.statements == played
        rig.press(OK)  # the message goes: the same turn, the statement still to confirm
        shown = screen(rig)
        assert shown.big_texts()[0] == "P%d" % (1 + len(played) % 3), shown
        assert shown.contains("Card %d matches" % value) and shown.contains("+%d" % value), shown
        assert Store(fs.reboot()).resume()[0].statements == played  # nothing lost after a power cut
        del fs.files["/junk"]  # room again: OK saves it
        rig.press(OK)
        assert rig.app.match.statements == played + [("place", value, 0)] and rig.app.toast is None
        assert screen(rig).contains("Play a card:")
    finally:
        draw.set_strict(False)


def test_a_new_game_and_a_settings_change_on_a_full_flash_say_flash_full(tmp_path):
    rig, fs = full_rig(tmp_path)
    try:
        fill(fs)
        rig.new_game("New Yo Fish!", 3)
        assert message(screen(rig)) == FULL and rig.app.match is None
        rig.press(OK)
        rig.app.home()
        assert "Resume" not in rig.labels()
        rig.menu("Settings")
        rig.menu("Brightness 3")
        rig.choose(5)
        assert message(screen(rig)) == FULL
        rig.press(OK)
        shown = screen(rig)
        assert shown.contains("Brightness 3") and not shown.contains("Brightness 5"), shown
        assert rig.app.settings["brightness"] == 3 and rig.display._contrast == 3 * 51
        assert Store(fs.reboot()).load_settings(prefs.defaults())["brightness"] == 3
        del fs.files["/junk"]
        rig.menu("Brightness 3")
        rig.choose(5)  # saved now
        assert rig.app.toast is None and screen(rig).contains("Brightness 5")
        assert Store(fs.reboot()).load_settings(prefs.defaults())["brightness"] == 5
    finally:
        draw.set_strict(False)


def test_a_full_flash_drops_the_last_finished_game_to_save_the_statement(tmp_path):
    """One game in the history: it makes room (it used to be kept as the newest, and the
    statement was not saved)."""
    rig, fs = full_rig(tmp_path)
    try:
        rig.new_game("New Yo Fish!", 3)
        want = read_text(open(RECORD, "rb").read())
        for stmt in want.statements:
            place(rig, stmt[1], stmt[2]) if stmt[0] == "place" else cover(rig, stmt[1], stmt[2])
        assert rig.store.history() == ["0001-yofish.fish"]
        rig.app.home()
        rig.new_game("New Yo Fish!", 3)
        place(rig, 5, 1)
        fill(fs)
        played = [("place", 5, 1)]
        for value in range(2, 20):  # until the journal needs a new part: the finished game goes
            place(rig, value, 1)
            assert rig.app.toast is None, screen(rig)
            played.append(("place", value, 1))
            if not rig.store.history():
                break
        assert rig.store.history() == [] and rig.app.match.statements == played and len(played) > 2
        assert Store(fs.reboot()).resume()[0].statements == played
        rig.app.home()
        rig.menu("History")
        assert message(screen(rig)) == "History No finished games yet.", screen(rig)
    finally:
        draw.set_strict(False)


def test_a_game_over_that_the_full_flash_cannot_file_is_kept_and_filed_before_the_next(tmp_path):
    """The last statement fits, the move into the history does not: the end screen says the game
    is kept; the next start says so too, a new game is refused (it would replace it) until there
    is room, and then the kept game goes into the history first."""
    rig, fs = full_rig(tmp_path)
    want = read_text(open(RECORD, "rb").read())
    try:
        rig.new_game("New Yo Fish!", 3)
        for i, stmt in enumerate(want.statements):
            if i == len(want.statements) - 1:
                fill(fs)
            place(rig, stmt[1], stmt[2]) if stmt[0] == "place" else cover(rig, stmt[1], stmt[2])
        assert message(screen(rig)) == NOT_FILED
        rig.press(OK)
        assert screen(rig).contains("wins!"), screen(rig)
        kept = Store(fs.reboot()).resume()[0]
        assert kept.game.over and kept.statements == want.statements and rig.store.history() == []
        again = Rig(str(tmp_path), seed=9, fs=fs.reboot())  # the next start
        assert message(screen(again)) == NOT_FILED
        again.press(OK)
        again.new_game("New Yo Fish!", 3)
        assert message(screen(again)) == FULL and again.app.match is None
        again.press(OK)
        again.app.home()
        del again.store.fs.files["/junk"]
        again.new_game("New Yo Fish!", 3)
        assert again.app.toast is None and again.app.match is not None and again.app.match.statements == []
        assert again.store.history() == ["0001-yofish.fish"]
        assert again.store.history_game("0001-yofish.fish").statements == want.statements
    finally:
        draw.set_strict(False)


def cover(rig, value, covered):
    rig.choose("Cover")
    rig.choose(value)
    rig.choose(covered)


# -- the real LittleFS of the MicroPython unix port, main.py on the simulated board ----------------
def lfs(name, *args):
    """host_tests/fw/store_lfs.py's function `name` under the MicroPython unix port (its LittleFS)."""
    from conftest import Board

    return Board("micropython").call("store_lfs." + name, *args)


def image_state(image):
    """The image's game in progress (record lines), resume message, history and brightness."""
    return lfs("lfs_image_state", image)


def test_a_full_littlefs_through_the_buttons(tmp_path):
    """A 96 KB LittleFS filled to the brim with a game in progress.  A settings change says the
    whole message and keeps the old value; the game plays on (its lines fit in its folder's
    metadata) to the end, which the flash cannot move into the history: the end screen says the
    game is kept.  At the next start the board says so again, and a new game is refused with the
    whole message (it would replace the kept game).  The flash holds it all as it was."""
    image = str(tmp_path / "flash.img")
    text = open(RECORD).read()
    assert lfs("lfs_full_image", image, text, 2) == []
    want = read_text(text)
    every = [want.line_of(s) for s in want.statements]
    with Device(interp="micropython", flash=str(tmp_path / "host"), lfs=image) as dev:
        player = Autoplayer(dev, want)
        player.select("Settings")
        player.select("Brightness 3")
        player.pick(5)
        assert message(dev.screen) == FULL, dev.text()
        dev.press("ok")
        assert dev.screen.contains("Brightness 3"), dev.text()
        dev.press("back")
        player.select("Resume")
        for stmt in want.statements[:2]:
            player.mirror.submit(stmt)
        for stmt in want.statements[2:]:
            player.play(stmt)
        assert message(dev.screen) == NOT_FILED, dev.text()
        dev.press("ok")
        player.finish()  # the end screen
    assert image_state(image) == [every, None, [], 3]
    with Device(interp="micropython", flash=str(tmp_path / "host"), lfs=image) as dev:
        assert message(dev.screen) == NOT_FILED, dev.text()
        dev.press("ok")
        assert "Resume" not in dev.text() and dev.screen.contains("New Yo Fish!"), dev.text()
        again = Autoplayer(dev, want)
        again.setup()  # the set-up's last step begins the game: refused
        assert message(dev.screen) == FULL, dev.text()
    assert image_state(image) == [every, None, [], 3]
