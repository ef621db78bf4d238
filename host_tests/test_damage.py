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


# -- after the damaged boot: History, Stats and Players opened, a new game played and filed --------
WALK_RECORD = os.path.join(ROOT, "records", "yofish-3p-basic.fish")
QUICK_WALK = {"cpython": [["journal_part", "swapped"]], "micropython": [["parts_folder", "swapped"]]}
SCREENS = ("History", "Stats", "Players")


def _flat(dev):
    return " ".join(dev.screen.text().split())


def _to_menu(dev, presses=6):
    """Back (a message dismissed, a screen left) until the main menu shows; its text or None."""
    for _ in range(presses):
        flat = _flat(dev)
        if "New Hecht" in flat and dev.screen.highlighted():
            return flat
        dev.press("back")
    return None


def walk_after_boot(interp, folder, want, label, form):
    """Start the board on `folder`, open History, Stats and Players through the keys, then a new
    game of `want` set up, played to its end and filed; start it again.  (What the panel said at
    boot, a list of what went wrong.)"""
    from autoplay import Autoplayer, _play

    faults = []
    before = len(history_names(folder))
    with Device(interp, flash=folder) as dev:
        said = _flat(dev)
        faults.extend(message_faults(label, form, said))
        if _to_menu(dev) is None:
            return said, ["never reached the main menu: %s" % _flat(dev)]
        player = Autoplayer(dev, want)
        for label in SCREENS:
            player.select(label)
            dev.wait(300)
            flat = _flat(dev)
            if not flat or "Error:" in flat:
                faults.append("%s showed %r" % (label, flat))
            if _to_menu(dev) is None:
                faults.append("%s: no way back to the main menu: %s" % (label, _flat(dev)))
                return said, faults
        if "Resume" in _flat(dev):  # the game in progress goes: the new one is played
            player.select("New Yo Fish!")
            player.expect("Discard")
            dev.press("ok")
            if _to_menu(dev) is None or "Resume" in _flat(dev):
                return said, faults + ["the game in progress could not be discarded: %s" % _flat(dev)]
        got, error = _play(dev, want)
        if error:
            faults.append("the new game: %s" % error.split("\n")[0])
        if "Error:" in " ".join(dev.output):
            faults.append("the board said %s" % dev.output[-3:])
    after = history_names(folder)
    if len(after) != before + 1:
        faults.append("%d games in the history, then %d" % (before, len(after)))
    with Device(interp, flash=folder) as dev:
        again = _flat(dev)
        if "Error:" in again or "Journal" in again or "New Hecht" not in again:
            faults.append("the next start showed %r" % again)
    return said, faults


def history_names(folder):
    from history import games

    try:
        return [name for name, _ in games(os.path.join(folder, "data", "history"))]
    except OSError:
        return []


def test_after_whatever_damage_history_stats_players_and_a_new_game_work(interp, tmp_path):
    """The damage sweep's boards (boot_sweep.prepare: a game in progress, a finished game, one file
    damaged), each started, then History, Stats and Players opened and a new game played to its end
    and filed: every screen opens, the game reaches the history, the next start is quiet.  The data
    files only (a damaged config.txt or profile stops at its board error, test_the_board_starts...);
    a sample in make test, every file in every form under both interpreters in make soak."""
    from autoplay import read_record
    from fw.boot_sweep import FILES, FORMS, prepare

    want = read_record(WALK_RECORD)
    with open(os.path.join(ROOT, "records", "hecht-3p.fish")) as f:
        record = f.read()
    with open(whole_history_game(tmp_path), "rb") as f:
        whole = f.read()
    cases = [[label, form] for label, _, _ in FILES for form in FORMS if label not in ("config", "profile")]
    if not FULL:
        cases = QUICK_WALK[interp]
    faults = []
    boots = {}
    for label, form in cases:
        path, is_dir = [(p, d) for name, p, d in FILES if name == label][0]
        folder = str(tmp_path / "board")
        prepare(folder, BOARDS, record, whole, label, path, is_dir, form, 4096)
        said, found = walk_after_boot(interp, folder, want, label, form)
        boots["%s %s" % (label, form)] = said
        faults.extend("%s %s: %s" % (label, form, fault) for fault in found)
    assert faults == [], "\n".join(faults)
    assert len(boots) == (len(FILES) - 2) * len(FORMS) if FULL else len(QUICK_WALK[interp])


def message_faults(label, form, said, texts=None):
    """A message on the panel whenever something was wrong: what the board said at start (`said`)
    and, with `texts` ({screen: its text}), what History said of a damaged game."""
    faults = []
    if label in ("journal", "journal_part") or label == "parts_folder" and form == "swapped":
        if "Journal" not in said:
            faults.append("the damaged journal was not said: %r" % said)
    elif form == "swapped" and label != "history" and "Flash repaired" not in said:
        faults.append("what was in the way was not said: %r" % said)
    if texts is not None and label == "history":
        if not any("Damaged file" in text for name, text in texts.items() if name.startswith("History ")):
            faults.append("History never said the damaged game: %r" % texts)
    return faults


def vm_walk_faults(results):
    """What went wrong in each of boot_sweep.walk_sweep's results."""
    faults = []
    for label, form, first, seen, end, before, after, again, filed in results:
        where = "%s %s" % (label, form)
        said = " ".join(reader().read(bytes.fromhex(first)).text().split()) if first else ""
        texts = {name: " ".join(reader().read(bytes.fromhex(glass)).text().split()) for name, glass, _ in seen}
        for name in SCREENS:
            if name not in texts:
                faults.append("%s: %s was never opened (%s)" % (where, name, sorted(texts)))
        for name, text in texts.items():
            if not text or "Error:" in text:
                faults.append("%s: %s showed %r" % (where, name, text))
        faults.extend("%s: %s" % (where, fault) for fault in message_faults(label, form, said, texts))
        if "New Hecht" not in " ".join(reader().read(bytes.fromhex(end)).text().split()):
            faults.append("%s: the walk did not end on the main menu" % where)
        if filed or after != before + 1:
            faults.append("%s: the new game was not filed (%s; %d games, then %d)" % (where, filed, before, after))
        next_start = " ".join(reader().read(bytes.fromhex(again)).text().split())
        if "New Hecht" not in next_start or "Error:" in next_start or "Journal" in next_start:
            faults.append("%s: the next start showed %r" % (where, next_start))
    return faults


QUICK_VM_WALK = [["history", "not_utf8"], ["roster", "swapped"]]


def test_after_whatever_damage_every_screen_opens_and_a_game_is_filed_in_the_32_bit_vm(tmp_path):
    """boot_sweep.walk_sweep in the WebAssembly VM: each damaged board started, History (and each
    game in it), Stats (each game's) and Players opened through the keys, a new game played to its
    end and filed through the store, the board started again."""
    import json

    from conftest import BOARD_PATH
    from fw.boot_sweep import FILES, FORMS

    import mprun

    whole = whole_history_game(tmp_path)
    record = os.path.join(ROOT, "records", "hecht-3p.fish")
    only = None if FULL else QUICK_VM_WALK
    args = [str(tmp_path / "board"), BOARDS, "/fw/main.py", record, whole, WALK_RECORD, only, 4096]
    code = "import json\nfrom fw.boot_sweep import walk_sweep\nprint(json.dumps(walk_sweep(*json.loads(%r))))\n"
    out = mprun.run_code("wasm", code % json.dumps(args), heapsize="2M",
                         path=BOARD_PATH + (BOARDS, os.path.dirname(record), os.path.dirname(whole)))
    results = json.loads(out.strip().split("\n")[-1])
    assert len(results) == (len(QUICK_VM_WALK) if only else (len(FILES) - 2) * len(FORMS))
    faults = vm_walk_faults(results)
    assert faults == [], "\n".join(faults)
