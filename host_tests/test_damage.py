"""Any file, any fault: what the firmware reads from flash, damaged, still boots to a screen that
says what is wrong (or to the defaults where they are safe), never a blank panel or a crash."""

import glob
import os
import shutil

from autoplay import Autoplayer
from simlib.device import Device, reader

from fishtable.core.match import Match
from fishtable.store import Store
from fishtable.ui import prefcheck, prefs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ERROR_RGB_SHOWN = (32, 0, 0)  # the ring's error red at pico.json's brightness (32)

# -- settings: checked against their ranges when read ------------------------------------------
OUT_OF_RANGE = {"brightness": 999999, "flip": 7, "colours": "abcdefgh", "yo_max": 1000,
                "chips": "snail snail snail snail snail snail"}


def test_settings_out_of_their_range_are_their_defaults():
    values = prefcheck.checked(dict(prefs.defaults(), **OUT_OF_RANGE))
    assert values == dict(prefs.defaults(), chips=OUT_OF_RANGE["chips"])  # six chips: the rules judge them
    assert prefcheck.checked(dict(prefs.defaults(), chips="pike skip"))["chips"] == prefs.defaults()["chips"]
    for key, bad in [("colours", "0123456"), ("colours", "00123456"), ("colours", "012345678"),
                     ("brightness", 0), ("brightness", -3), ("yo_max", 5), ("yo_max", 100)]:
        assert prefcheck.checked(dict(prefs.defaults(), **{key: bad}))[key] == prefs.defaults()[key], (key, bad)
    good = {"brightness": 5, "flip": 1, "colours": "76543210", "yo_max": 99, "chips": "pike skip wave wave carp snail"}
    assert prefcheck.checked(dict(prefs.defaults(), **good)) == dict(prefs.defaults(), **good)


def test_a_board_with_settings_out_of_range_shows_and_plays_with_the_defaults(tmp_path):
    """colours=abcdefgh stopped the app at set-up; brightness=999999 showed as 99999, yo_max=1000
    as "1 to 10"."""
    Store(None, os.path.join(str(tmp_path), "data")).save_settings(dict(prefs.defaults(), **OUT_OF_RANGE))
    with Device(flash=str(tmp_path)) as dev:
        player = Autoplayer(dev, Match("yofish", 3))
        player.expect("New Hecht")
        player.select("Settings")
        player.expect("Brightness 3")
        assert dev.screen.contains("Yo Fish! 1 to 12"), dev.text()
        dev.press("back")
        player.expect("New Hecht")
        player.select("New Yo Fish!")
        player.pick(3)
        player.expect("P1 colour")
        assert dev.screen.big_texts()[-1] == "Red", dev.text()


def test_hecht_chips_the_rules_refuse_are_the_default_chips_at_set_up(tmp_path):
    Store(None, os.path.join(str(tmp_path), "data")).save_settings(dict(prefs.defaults(), **OUT_OF_RANGE))
    with Device(flash=str(tmp_path)) as dev:
        player = Autoplayer(dev, Match("hecht", 2))
        player.setup()
        assert player.dev.screen  # reached the first turn
    assert read_journal_options(tmp_path) == [("chips", ("snail", "skip", "wave", "carp", "pike", "wave"))]


def read_journal_options(flash):
    store = Store(None, os.path.join(str(flash), "data"))
    match, _message = store.resume()
    return list(match.options)


# -- booting: a message on the panel, the ring lit when there is no panel -------------------------
MAIN_PY = os.path.join(ROOT, "firmware", "main.py")
BOARDS = os.path.join(ROOT, "boards")


def board_folder(tmp_path, config=None):
    """A board's flash in `tmp_path`: boards/ as shipped, config.txt with the bytes `config`."""
    shutil.copytree(BOARDS, str(tmp_path / "boards"))
    if config is not None:
        (tmp_path / "config.txt").write_bytes(config)
    return str(tmp_path)


def screen_of(result):
    return reader().read(bytes.fromhex(result["glass"])).text()


def test_a_config_that_is_not_text_is_said_on_the_panel(run_fw, tmp_path):
    folder = board_folder(tmp_path, b"BOARD=pico\xff\n")
    printed, got = run_fw.call("damaged_boot.boot", folder, MAIN_PY, printed=True)
    assert "Board error: config.txt line 1: not text" in " ".join(screen_of(got).split()), screen_of(got)
    assert printed == ["fishtable: board error: config.txt line 1: not text"]


def test_without_a_panel_the_ring_shows_the_error_colour(run_fw, tmp_path):
    folder = board_folder(tmp_path, b"BOARD=pico\xff\n")
    got = run_fw.call("damaged_boot.boot", folder, MAIN_PY, False)
    assert got["ring"] == list(ERROR_RGB_SHOWN) and got["lit"] > 0, got


# -- journal parts: lost, duplicated, swapped -----------------------------------------------------
RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
# make test: a quick pass; make soak (tools/soak.py sets FISHTABLE_DAMAGE_FULL): every form, every
# record, every interpreter, "huge" files of 1 MB
FULL = bool(os.environ.get("FISHTABLE_DAMAGE_FULL"))
QUICK_RECORDS = {"cpython": RECORDS, "micropython": RECORDS if FULL else [p for p in RECORDS if "hecht-6p" in p]}


def test_every_journal_part_lost_duplicated_or_swapped_is_found(run_fw):
    """A lost part in the middle silently shortened the game and the later parts were deleted: now
    the longest provable run is resumed, the message says how many statements were not, and the
    parts that could not be used are kept in /data/damaged/."""
    # (the unix port compiles the firmware and this check from source and holds every copy of the
    # flash: more heap than the Pico's, which the bench and the soak measure for the firmware itself)
    faults, tried = run_fw.call("journal_parts.check_records", QUICK_RECORDS[run_fw.interp], heapsize="1M")
    assert faults == []
    assert tried["lost"] > 0 and tried["duplicated"] > 0 and tried["swapped"] > 0


def test_a_journal_of_todays_format_still_resumes():
    """Written before the parts had marks: journal.fish without a promise, parts that begin with a
    statement; it resumes whole, without a message."""
    from devices.faultfs import FaultFs

    from fishtable.core.record import read_text
    from fishtable.store.journal import checked

    with open(os.path.join(ROOT, "records", "hecht-3p.fish")) as f:
        done = read_text(f.read())
    match = Match(done.name, done.players, done.start, done.options)
    lines, value = [], 0
    for line in list(match.header_lines()) + ["# --- 4"]:
        text, value = checked(value, line)
        lines.append(text)
    files = {"/data/journal.fish": ("\n".join(lines) + "\n").encode()}
    statements = done.statements[:-1]
    for at in range(0, len(statements), 7):
        part = []
        for stmt in statements[at : at + 7]:
            text, value = checked(value, match.line_of(stmt))
            part.append(text)
        files["/data/journal.d/4-%d.part" % (at // 7 + 1)] = ("\n".join(part) + "\n").encode()
    fs = FaultFs(files=files, dirs={"/", "/data", "/data/journal.d"})
    got, message = Store(fs).resume()
    assert message is None and got.statements == statements


# -- the sweep: each file the firmware reads, in each damaged form, at boot -------------------------
def whole_history_game(tmp_path):
    """A finished game as the board files it in its history (its bytes in a file)."""
    from fishtable.core.record import read_text
    from fishtable.session import Session

    with open(os.path.join(ROOT, "records", "yofish-3p-basic.fish")) as f:
        done = read_text(f.read())
    store = Store(None, str(tmp_path / "whole"))
    session = Session(store)
    session.begin(Match(done.name, done.players, done.start, done.options))
    for stmt in done.statements:
        session.play(stmt)
    from fishtable.store import history

    name = store.history()[0]
    path = str(tmp_path / name)  # the game's own file: the board reads it as a loose history file
    with open(path, "w") as out:
        out.write("\n".join(history.lines(store.fs, store.history_dir, name)) + "\n")
    return path


def sweep_faults(results):
    """What is wrong with each booted form: a blank panel, the app stopped by an error, a board
    error where the defaults are safe (or none where they are not), the whole game no longer whole."""
    faults = []
    for label, form, glass, kept in results:
        text = reader().read(bytes.fromhex(glass)).text()
        flat = " ".join(text.split())
        where = "%s %s" % (label, form)
        if not flat:
            faults.append("%s: a blank panel" % where)
        elif "Error:" in flat and "Board error" not in flat:
            faults.append("%s: the app stopped: %s" % (where, flat))
        board_file = label in ("config", "profile")
        benign = label == "config" and form in ("empty", "out_of_range")
        if board_file and not benign and "Board error" not in flat:
            faults.append("%s: no board error: %s" % (where, flat))
        if not board_file and "Board error" in flat:
            faults.append("%s: a board error for a data file: %s" % (where, flat))
        said = ("New Hecht", "Journal", "Flash")  # the menu, or a message over it
        if not board_file and not (any(word in flat for word in said) or "game" in flat.lower()):
            faults.append("%s: neither the main menu nor the game: %s" % (where, flat))
        if not kept and label != "history_folder":
            faults.append("%s: the whole history game was lost" % where)
    return faults


HUGE = 1024 * 1024 if FULL else None
QUICK_FORMS = {} if FULL else {"micropython": [["config", "not_utf8"], ["profile", "deep"], ["settings", "binary"],
                               ["journal", "huge"], ["journal_part", "swapped"], ["history", "not_utf8"]]}


def test_the_board_starts_whatever_the_damage(run_fw, tmp_path):
    """Every file of the sweep's table in every form under CPython, a sample under MicroPython."""
    from fw.boot_sweep import FILES, FORMS

    results = run_fw.call("boot_sweep.sweep", str(tmp_path / "board"), BOARDS, MAIN_PY,
                          os.path.join(ROOT, "records", "hecht-3p.fish"), whole_history_game(tmp_path),
                          QUICK_FORMS.get(run_fw.interp), *([HUGE] if HUGE else []), heapsize="1M")
    assert len(results) == (6 if QUICK_FORMS.get(run_fw.interp) else len(FILES) * len(FORMS))
    faults = sweep_faults(results)
    assert faults == [], "\n".join(faults)


def test_the_fallback_wiring_is_pico_json_as_shipped():
    """An error is shown on boards/pico.json's wiring; when that file is damaged, on the same wiring
    kept in the firmware."""
    from fishtable.hw import board

    shipped = board.load_profile("pico", BOARDS)
    kept = board.check_profile("pico", board.PICO)
    assert dict(kept, board=shipped["board"]) == shipped


def wasm_sweep(tmp_path, only, huge=None):
    """boot_sweep.sweep in the 32-bit WebAssembly VM (its own filesystem: the boards, the record and
    the whole game copied in at the same paths)."""
    import json

    from conftest import BOARD_PATH

    import mprun

    whole = whole_history_game(tmp_path)
    record = os.path.join(ROOT, "records", "hecht-3p.fish")
    args = [str(tmp_path / "board"), BOARDS, "/fw/main.py", record, whole, only]
    if huge is not None:
        args.append(huge)
    code = "import json\nfrom fw.boot_sweep import sweep\nprint(json.dumps(sweep(*json.loads(%r))))\n"
    code = code % json.dumps(args)
    out = mprun.run_code("wasm", code, path=BOARD_PATH + (BOARDS, os.path.dirname(record), os.path.dirname(whole)),
                         heapsize="2M")
    return json.loads(out.strip().split("\n")[-1])


def test_the_board_starts_whatever_the_damage_in_the_32_bit_vm(tmp_path):
    from fw.boot_sweep import FILES, FORMS

    only = QUICK_FORMS.get("micropython")
    results = wasm_sweep(tmp_path, only, HUGE)
    assert len(results) == (6 if only else len(FILES) * len(FORMS))
    faults = sweep_faults(results)
    assert faults == [], "\n".join(faults)


def test_the_history_tool_reports_the_parts_kept_aside(tmp_path, capsys):
    import history

    shutil.copy(os.path.join(ROOT, "records", "hecht-3p.fish"), str(tmp_path / "0001-hecht.fish"))
    (tmp_path / "damaged").mkdir()
    (tmp_path / "damaged" / "1_4-2.part").write_bytes(b"# part 2 9 #abcd\nend #1234\n")
    (tmp_path / "damaged" / "2_4-3.part").write_bytes(b"")
    assert history.main([str(tmp_path)]) == 0
    assert "2 journal parts that a repair could not use: kept in %s" % (tmp_path / "damaged") in capsys.readouterr().out
