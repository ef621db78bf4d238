"""tools/flash.py against the virtual board (tools/virtual_board.py): the real mpremote talking
to the real MicroPython unix port over a pseudo-terminal, as to a Pico on USB."""

import hashlib
import json
import os
import select
import shutil
import subprocess
import sys
import time

import flash
import packs
import pytest
from virtual_board import VirtualBoard

ROOT = flash.ROOT
MPREMOTE = os.path.join(os.path.dirname(sys.executable), "mpremote")
BOARDS = flash.BOARDS
RECORD = os.path.join(ROOT, "records", "yofish-3p-basic.fish")
JOURNAL = b"fishtable 1\ngame yofish\nplayers Ann Bob\n"


@pytest.fixture
def board(tmp_path):
    """A virtual Pico whose / is tmp_path/board; the journal and the history are already on it."""
    root = tmp_path / "board"
    (root / "data" / "history").mkdir(parents=True)
    (root / "data" / "journal.fish").write_bytes(JOURNAL)
    (root / "data" / "history" / "0001.fish").write_bytes(JOURNAL)
    with VirtualBoard(str(root)) as vb:
        yield vb


def run_flash(*args):
    """tools/flash.py as `make flash` runs it: (exit status, stdout, stderr)."""
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "flash.py"), *args],
                          capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def flash_in_process(capsys, *args):
    status = flash.main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def mpremote(port, *args):
    """The real mpremote command line against the board; returns its stdout."""
    proc = subprocess.run([MPREMOTE, "connect", port, *args], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return proc.stdout


def snapshot(root):
    """{path: (bytes, mtime)} of every file under the board's root."""
    found = {}
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, root)] = (f.read(), os.stat(path).st_mtime_ns)
    return found


def test_flash_puts_the_firmware_on_the_board_and_it_imports(board):
    status, out, err = run_flash("--port", board.port, "--board", "pico_encoder")
    assert status == 0, out + err
    root = board.root
    with open(os.path.join(BOARDS, "pico_encoder.json")) as f:
        unused = flash.unused_drivers(f.read())  # the drivers this board never imports stay off it
    assert "fishtable/hw/encoder.py" not in unused and "fishtable/hw/sh1106.py" in unused
    wanted = flash.firmware_files()
    compiled = flash.build()
    on_board = {p: data for p, (data, _) in snapshot(root).items()}
    modules = packs.unpack(on_board, [p for p in compiled if packs.packed(p)])  # fishtable/'s modules: in packs
    assert not os.path.exists(os.path.join(root, "fishtable"))
    for rel in wanted:
        mpy = rel[:-3] + ".mpy"
        if rel in unused:
            assert mpy not in modules, rel
        elif rel in flash.SOURCE_NAMES:  # main.py stays source, byte for byte
            with open(os.path.join(flash.FIRMWARE, rel), "rb") as src, open(os.path.join(root, rel), "rb") as dst:
                assert dst.read() == src.read()
        elif packs.packed(mpy):
            assert modules[mpy] == compiled[mpy], rel
        elif rel.endswith(".py"):  # the pack reader, fishpack.mpy
            assert not os.path.exists(os.path.join(root, rel)), rel
            with open(os.path.join(root, mpy), "rb") as f:
                assert f.read(2) == b"M\x06", rel
    with open(os.path.join(root, "config.txt")) as f:
        assert f.read() == "BOARD=pico_encoder\n"
    with open(os.path.join(BOARDS, "pico_encoder.json"), "rb") as src:
        with open(os.path.join(root, "boards", "pico_encoder.json"), "rb") as dst:
            assert dst.read() == src.read()
    with open(os.path.join(root, "fishtable.manifest")) as f:
        manifest = json.load(f)
    assert manifest["board"] == "pico_encoder"
    for path, digest in manifest["files"].items():
        with open(os.path.join(root, path), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == digest
    assert not [p for p in snapshot(root) if p.endswith(".tmp")]

    # The board soft-reset into main.py; mpremote interrupts it, and the compiled firmware replays
    # a record on the board exactly as CPython does on the host.
    mpremote(board.port, "cp", RECORD, ":/game.fish")
    got = mpremote(
        board.port, "exec",
        flash.MOUNT + "import fishtable.core.record as r\nfrom fishtable.core.summary import summary_line\n"
        "print(r.__file__)\nprint(summary_line(r.read_text(open('/game.fish').read())))",
    )
    replay = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "replay.py"), RECORD],
                            capture_output=True, text=True, check=True)
    assert got.split("\n")[:2] == ["fishtable/core/record.mpy", replay.stdout.strip()]


def test_rerun_copies_nothing_and_a_reflash_keeps_the_journal(board, tmp_path, capsys):
    args = ["--port", board.port, "--board", "pico", "--boards-dir", BOARDS]
    assert flash_in_process(capsys, *args)[0] == 0
    before = snapshot(board.root)

    status, out, _ = flash_in_process(capsys, *args)
    assert status == 0
    assert "done: board pico, 0 copied, 0 removed" in out
    assert snapshot(board.root) == before  # not even rewritten: same bytes, same times

    # A changed module, another profile and a damaged file: exactly those are written again.
    firmware = tmp_path / "firmware"
    shutil.copytree(flash.FIRMWARE, firmware, ignore=shutil.ignore_patterns("__pycache__"))
    with open(firmware / "fishtable" / "core" / "dice.py", "a") as f:
        f.write("\nCHANGED = 1\n")
    old = flash.board_files("pico", config="BOARD=pico\n")
    new = flash.board_files("pico_encoder", firmware=str(firmware), config="BOARD=pico\n")
    changed = sorted("/" + p for p in new if old.get(p) != new[p])  # the packs of dice and encoder, ...
    assert [p for p in changed if p.endswith(".pack")] and len(changed) < len(new) // 2
    damaged = sorted(p for p in old if p.endswith(".pack") and "/" + p not in changed)[0]
    with open(os.path.join(board.root, damaged), "r+b") as f:
        f.truncate(10)  # as if the power went while it was written
    with open(os.path.join(board.root, damaged + ".tmp"), "wb") as f:
        f.write(b"FTPK")  # left by a flash that was interrupted there
    os.makedirs(os.path.join(board.root, "fishtable", "core"))
    with open(os.path.join(board.root, "fishtable", "core", "record.py"), "w") as f:
        f.write("# a source copy (mip) would be imported before record.mpy\n")
    with open(os.path.join(board.root, "fishtable.manifest")) as f:
        manifest = json.load(f)
    manifest["files"]["data/journal.fish"] = "0" * 64  # even a manifest naming it cannot remove the journal
    with open(os.path.join(board.root, "fishtable.manifest"), "w") as f:
        json.dump(manifest, f)
    status, out, _ = flash_in_process(capsys, *args[:2], "--board", "pico_encoder", "--boards-dir", BOARDS,
                                      "--firmware", str(firmware))
    assert status == 0, out
    copied = sorted(line.split()[1] for line in out.splitlines() if line.startswith("  copy "))
    assert copied == sorted(changed + ["/" + damaged])
    assert "/boards/pico_encoder.json" in copied and "/config.txt" in copied
    removed = sorted(line.split()[1] for line in out.splitlines() if line.startswith("  remove "))
    assert removed == sorted(["/%s.tmp" % damaged, "/boards/pico.json", "/fishtable/core/record.py"])
    assert not os.path.exists(os.path.join(board.root, "fishtable"))  # its folders went with it
    after = snapshot(board.root)
    assert after["data/journal.fish"] == before["data/journal.fish"]
    assert after["data/history/0001.fish"] == before["data/history/0001.fish"]
    got = mpremote(board.port, "exec", flash.MOUNT + "import fishtable.core.dice as d, fishtable.core.match\n"
                   "print(d.CHANGED)")
    assert got.strip() == "1"


@pytest.mark.parametrize(
    "reports, says",
    [({"version": "1.21.0"}, "MicroPython 1.21.0; fishtable needs 1.22"),
     ({"mpy": 0x0305}, "loads .mpy v5, but mpy-cross emits v6.3")],
)
def test_an_old_or_incompatible_micropython_is_refused_before_writing(tmp_path, reports, says):
    root = tmp_path / "board"
    (root / "data").mkdir(parents=True)
    (root / "data" / "journal.fish").write_bytes(JOURNAL)
    (root / "config.txt").write_text("BOARD=pico\n")
    before = snapshot(str(root))
    with VirtualBoard(str(root), **reports) as vb:
        status, out, err = run_flash("--port", vb.port)
    assert status == 1
    assert says in err and "Nothing was written" in err
    assert snapshot(str(root)) == before


def test_no_board_or_two_boards_get_a_clear_message(monkeypatch, capsys):
    class Port:
        def __init__(self, device):
            self.device, self.vid, self.pid = device, 0x2E8A, 0x0005

    ports = []
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: list(ports))
    status, _, err = flash_in_process(capsys)
    assert status == 1 and "no board found" in err and "--port" in err
    ports.extend([Port("/dev/ttyACM1"), Port("/dev/ttyACM0")])
    status, _, err = flash_in_process(capsys)
    assert status == 1 and "2 USB serial devices found (/dev/ttyACM0, /dev/ttyACM1)" in err
    ports.pop()
    assert flash.find_port() == "/dev/ttyACM1"


def test_a_wrong_profile_stops_before_the_board_is_touched(board, tmp_path, capsys):
    before = snapshot(board.root)
    status, _, err = flash_in_process(capsys, "--port", board.port, "--board", "nope")
    assert status == 1 and "no board profile" in err and "pico" in err
    if os.path.exists(os.path.join(flash.FIRMWARE, "fishtable", "hw", "board.py")):
        with open(os.path.join(BOARDS, "pico.json")) as f:
            profile = json.load(f)
        profile["ring"]["pin"] = 99
        (tmp_path / "bad.json").write_text(json.dumps(profile))
        status, _, err = flash_in_process(capsys, "--port", board.port, "--board", "bad", "--boards-dir", str(tmp_path))
        assert status == 1 and "ring.pin" in err
    assert snapshot(board.root) == before


def test_build_keeps_main_source_and_compiles_the_modules(tmp_path):
    fw = tmp_path / "fw"
    (fw / "pkg" / "__pycache__").mkdir(parents=True)
    (fw / "circuitpython").mkdir()
    (fw / "main.py").write_text("import pkg.mod\n")
    (fw / "pkg" / "__init__.py").write_text("")
    (fw / "pkg" / "mod.py").write_text("X = 42\n")
    (fw / "pkg" / "font.bin").write_bytes(b"\x00\x01")
    (fw / "pkg" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"x")
    (fw / "circuitpython" / "code.py").write_text("")
    files = flash.build(str(fw))
    assert sorted(files) == ["main.py", "pkg/__init__.mpy", "pkg/font.bin", "pkg/mod.mpy"]
    assert files["main.py"] == b"import pkg.mod\n" and files["pkg/font.bin"] == b"\x00\x01"
    assert files["pkg/mod.mpy"][:2] == b"M\x06"
    assert flash.build(str(fw)) == files  # the same source gives the same bytes: a rerun copies nothing


def test_config_keeps_other_settings():
    assert flash.config_text(None, "pico") == "BOARD=pico\n"
    assert flash.config_text("# mine\nboard=pico\nBRIGHT=3\n\n", "pico_w") == "BOARD=pico_w\n# mine\nBRIGHT=3\n"
    assert flash.config_board("# x\nBOARD = pico2\n") == "pico2" and flash.config_board("") is None


def test_config_page_set_kept_removed():
    """make flash PAGE=...: the PAGE line set, kept when not given, removed with PAGE= (empty);
    an address the board would not take is refused before anything is written."""
    url = "https://you.github.io/fishtable/"
    assert flash.config_text("BOARD=pico\n", "pico", url) == "BOARD=pico\nPAGE=%s\n" % url
    assert flash.config_text("PAGE=old\nBOARD=pico\n", "pico") == "BOARD=pico\nPAGE=old\n"
    assert flash.config_text("BOARD=pico\npage=%s\n# mine\n" % url, "pico", "") == "BOARD=pico\n# mine\n"
    for bad in ("you.github.io", "https://a b/", "https://x/#frag", "ftp://x/", "https://" + "x" * 120):
        with pytest.raises(flash.FlashError):
            flash.check_page(bad)
    assert flash.check_page(url) == url


def test_mip_package_lists_every_firmware_file():
    with open(flash.MIP_PACKAGE) as f:
        text = f.read()
    package = json.loads(text)
    listed = {dest: url for dest, url in package["urls"]}
    missing = [rel for rel in flash.firmware_files() if listed.get(rel) != "../firmware/" + rel]
    assert not missing, "mip/package.json lacks %s: run `python tools/flash.py --write-mip`" % missing
    assert text == flash.mip_text(), "mip/package.json is out of date: run `python tools/flash.py --write-mip`"
    assert package["version"] == flash.firmware_version()
    with open(flash.ROOT_PACKAGE) as f:
        text = f.read()
    assert text == flash.root_package_text(text), "package.json's urls are out of date: run tools/flash.py --write-mip"
    assert [url for _, url in json.loads(text)["urls"]] == [url[3:] for _, url in package["urls"]]


def test_virtual_board_interrupts_a_running_main_and_runs_a_repl_line(tmp_path):
    root = tmp_path / "board"
    root.mkdir()
    (root / "main.py").write_text("print('app up')\nwhile True:\n    pass\n")
    with VirtualBoard(str(root)) as vb:
        fd = os.open(vb.port, os.O_RDWR | os.O_NOCTTY)
        try:  # main.py started at power-up and spins
            assert b"app up" in read_until(fd, b"app up")
            os.write(fd, b"\x03")
            assert b"KeyboardInterrupt" in read_until(fd, b">>> ")
            os.write(fd, b"6*7\r")
            assert read_until(fd, b">>> ").endswith(b"6*7\r\n42\r\n>>> ")
            os.write(fd, b"\x04")  # soft reset from the friendly REPL: main.py runs again
            assert b"MPY: soft reboot\r\napp up" in read_until(fd, b"app up")
        finally:
            os.close(fd)
        assert mpremote(vb.port, "exec", "print('ok')").strip() == "ok"


def read_until(fd, ending, limit=10):
    data = b""
    deadline = time.monotonic() + limit
    while ending not in data and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.2)[0]:
            data += os.read(fd, 1024)
    return data


def test_hardware_doc_has_a_wiring_table_per_profile():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    for name in sorted(n[:-5] for n in os.listdir(BOARDS) if n.endswith(".json")):
        with open(os.path.join(BOARDS, name + ".json")) as f:
            profile = json.load(f)
        if profile.get("runtime", "micropython") != "micropython":
            continue
        head = "#### `%s`" % name
        assert head in text, "README.md has no wiring table for boards/%s.json" % name
        section = text.split(head, 1)[1].split("\n#### ", 1)[0]
        pins = [profile["i2c"]["sda"], profile["i2c"]["scl"], profile["ring"]["pin"]]
        pins += [v for k, v in profile["input"].items() if k in ("prev", "next", "ok", "a", "b", "sw")]
        for pin in pins:
            assert "GP%d (pin" % pin in section, (name, pin)
        assert "%d LEDs" % profile["ring"]["count"] in section, name


def test_mip_install_of_the_package_gives_a_working_board_and_flash_replaces_it(board, tmp_path, capsys):
    # mpremote reads the relative URLs of mip/package.json from this checkout, as from a fork on GitHub.
    mpremote(board.port, "mip", "install", "--target", "/", os.path.join(ROOT, "mip", "package.json"))
    assert os.path.exists(os.path.join(board.root, "fishtable", "core", "record.py"))
    mpremote(board.port, "cp", RECORD, ":/game.fish")
    got = mpremote(board.port, "exec", "from fishtable.core import record, summary\n"
                   "print(summary.summary_line(record.read_text(open('/game.fish').read())))")
    assert json.loads(got)["game"] == "yofish"

    # make flash over it: the sources (and their folders) go, the packs come.
    status, out, _ = flash_in_process(capsys, "--port", board.port, "--board", "pico")
    assert status == 0, out
    left = [p for p in snapshot(board.root) if p.startswith("fishtable") and not p.endswith(".pack")]
    assert left == ["fishtable.manifest"] and not os.path.exists(os.path.join(board.root, "fishtable"))
    got = mpremote(board.port, "exec", flash.MOUNT + "import fishtable.core.record as r\nprint(r.__file__)")
    assert got.strip() == "fishtable/core/record.mpy"


def test_an_interrupted_flash_is_finished_by_the_next(board):
    copies = []

    def pull_the_cable_at_the_tenth_copy(line):
        if line.startswith("  copy "):
            copies.append(line)
            if len(copies) == 10:
                raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        flash.flash(board.port, "pico", log=pull_the_cable_at_the_tenth_copy)
    assert not os.path.exists(os.path.join(board.root, "fishtable.manifest"))  # not complete
    result = flash.flash(board.port, "pico", log=lambda line: None)
    # fishpack.mpy, main.py, the packs, the profile, config.txt, lang/*.bin
    files = len(flash.board_files("pico"))
    assert len(result["copied"]) == files - 9
    with open(os.path.join(board.root, "fishtable.manifest")) as f:
        manifest = json.load(f)
    assert len(manifest["files"]) == files
    for path, digest in manifest["files"].items():
        with open(os.path.join(board.root, path), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == digest


def test_the_board_the_page_and_the_bench_compile_alike(tmp_path):
    """`make flash`, `make web` and the bench compile each module with the same options: no
    line-number table (-O3) and the module's last name as its source name (a name interned anyway)."""
    import bench

    import web

    assert flash.mpy_args("fishtable/ui/app.py") == ["-O3", "-s", "app"]
    assert flash.mpy_args("/fishtable/store/__init__.py") == ["-O3", "-s", "store"]
    fw = tmp_path / "fw"
    (fw / "pkg").mkdir(parents=True)
    (fw / "main.py").write_text("import pkg.mod\n")
    (fw / "pkg" / "__init__.py").write_text("")
    (fw / "pkg" / "mod.py").write_text("def f(x):\n    return x[5]\n")
    board = flash.build(str(fw))["pkg/mod.mpy"]
    bench.compile_bundle(str(tmp_path / "bundle"), str(fw))
    assert (tmp_path / "bundle" / "pkg" / "mod.mpy").read_bytes() == board
    page = web.compiled({"/pkg/mod.py": str(fw / "pkg" / "mod.py")}, str(tmp_path / "web"))
    assert page["/pkg/mod.mpy"] == board
    assert b"fishtable" not in board and b"mod.py" not in board


def test_a_flash_over_the_loose_tree_of_an_earlier_flash_leaves_only_the_packs(board, capsys):
    """A board flashed before the packs: fishtable/ as 75 .mpy files in 7 folders, its manifest
    naming them.  The flash removes every one of them and the folders, puts the packs, and the
    board imports from them; /data is kept."""
    compiled = flash.build()
    old = {p: d for p, d in compiled.items() if p != "fishpack.mpy"}
    old["main.py"] = b"from fishtable.ui.loop import run\n"
    for path, data in old.items():
        out = os.path.join(board.root, path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
    with open(os.path.join(board.root, flash.MANIFEST), "w") as f:
        f.write(flash.manifest_text(old, "pico"))
    before = snapshot(board.root)
    status, out, _ = flash_in_process(capsys, "--port", board.port, "--board", "pico")
    assert status == 0, out
    removed = {line.split()[1][1:] for line in out.splitlines() if line.startswith("  remove ")}
    assert {p for p in old if p.startswith("fishtable/")} == removed
    after = snapshot(board.root)
    assert not os.path.exists(os.path.join(board.root, "fishtable"))  # its 7 folders too
    assert sorted(p for p in after if p.endswith(".pack")) and "fishpack.mpy" in after
    assert after["data/journal.fish"] == before["data/journal.fish"]
    got = mpremote(board.port, "exec", flash.MOUNT + "import fishtable.ui.app as a\nprint(a.__file__)")
    assert got.strip() == "fishtable/ui/app.mpy"
