"""The simulator end to end: whole games of all three played through the buttons only.

Each game is first played in-process on the device models (tools/simlib/rig.py), which
finds its way by reading the choices the screen offers and records the key presses.  The
recorded key script then runs in the simulator (`tools/sim.py --keys`, the firmware's own
main.py on the modelled board); the record the simulator leaves on its flash must replay
(tools/replay.py) to the standings of the game played.  One game also runs under the
MicroPython unix port, and its frames must be byte-identical to the CPython run's.
"""

import os
import random
import subprocess
import sys

import history as history_tool
import pytest
import sim
from simlib.rig import BACK, OK, Rig

from fishtable.core.record import read
from fishtable.core.summary import summary_line

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")


def replay(path, *flags):
    out = subprocess.run(
        [sys.executable, os.path.join(TOOLS, "replay.py"), path, *flags], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def filed_games(flash):
    """(name, path or bytes) of the games in the simulated board's history (either form)."""
    folder = os.path.join(flash, "data", "history")
    return history_tool.games(folder) if os.path.isdir(folder) else []


def finished_record(flash):
    """The one finished game in the simulated board's history, as a record file to replay."""
    found = filed_games(flash)
    assert len(found) == 1, found
    name, source = found[0]
    if isinstance(source, str):
        return source
    path = os.path.join(flash, "filed-" + name)  # a game packed in a segment, written out
    with open(path, "wb") as f:
        f.write(source)
    return path


def new_game(rig, label, players, start=None):
    """Main menu -> a new game: players, default colours, who starts (None: by lot)."""
    rig.menu(label)
    rig.choose(players)
    rig.press(OK, players)  # the offered colours
    rig.choose(0 if start is None else start)
    if start is None:
        rig.press(OK)  # "P3 starts": go on


def skip_checklist(rig):
    """BACK (a long press of OK) on the set-up checklist: the game begins."""
    assert type(rig.top()).__name__ == "Checklist"
    rig.press(BACK)


# -- the three games, played by random choices among what the screen offers ---------------------
def play_yofish(rig, rng, advanced=True):
    new_game(rig, "New Yo Fish!", 4, start=2)
    rig.choose(1 if advanced else 0)
    skip_checklist(rig)
    while rig.app.match is not None:
        game = rig.app.match.game
        if rig.ask().prompt == "Final scores:":  # the last bonus is in: the final scores, then filed
            rig.choose(rig.offered()[0])  # File the game
        elif game.awaiting_hidden():
            if rig.ask().prompt == "Hidden bonus of":  # the table says whose bonus comes next
                rig.choose(rng.choice(rig.offered()))
            rig.choose(rng.randint(0, 6))
        elif rng.random() < 0.7 or "Cover" not in rig.labels():  # a cover needs a card in the middle
            rig.choose("Place")
            rig.choose(rng.randint(1, 12))
            rig.choose(rng.choice(rig.offered()))  # the matches the middle allows
        else:
            rig.choose("Cover")
            v = rng.randint(2, 12)
            rig.choose(v)
            rig.choose(rng.randint(1, v - 1))


def play_hifisch(rig, rng):
    new_game(rig, "New Hi Fisch!", 3)
    while type(rig.top()).__name__ == "Checklist":  # the table ticks every set-up item
        rig.press(OK)
    while rig.app.match is not None or type(rig.top()).__name__ == "Scoring":
        top = rig.top()
        if type(top).__name__ == "Scoring":  # a round's scoring, the last one after the last flip
            rig.press(OK)
            continue
        kinds = rig.offered()
        weights = [6 if k[0] == "fish" else 1 for k in kinds]
        kind = rng.choices(kinds, weights)[0]
        rig.choose(kind)
        if kind[0] == "fish":
            rig.choose(rng.choice(rig.offered()))


WEIGHT = {"eat": 6, "graze": 4, "emigrate": 0.05, "action": 3, "end": 2}


def play_hecht(rig, rng, players=2):
    new_game(rig, "New Hecht", players)
    rig.press(OK)  # the chips: start
    skip_checklist(rig)
    while rig.app.match is not None:
        offered = rig.offered()
        rig.choose(rng.choices(offered, [WEIGHT[v[0]] for v in offered])[0])
        ask = getattr(rig.top(), "ask", None)
        while rig.app.match is not None and ask is not None and (
                ask.big or ask.prompt == "Carp dice" or (ask.prompt or "").endswith("roll now")):
            rig.choose(rng.choice(rig.offered()))  # nests, owners, the dice (entered or rolled), the carp
            ask = getattr(rig.top(), "ask", None)


GAMES = {"yofish": play_yofish, "hifisch": play_hifisch, "hecht": play_hecht}


def played(tmp, name, seed):
    """Play a game in the rig; returns (key script path, the rig's record path, its summary).

    The rig draws in strict mode: any text off the screen or over other text on any frame
    of the game fails the test (the layout check of every play screen)."""
    from fishtable.ui import draw

    rig = Rig(os.path.join(tmp, "rig"), seed=seed)
    assert draw._state[0], "strict drawing"
    try:
        GAMES[name](rig, random.Random(seed))
        while type(rig.top()).__name__ == "Scoring":  # the last round's scoring
            rig.press(OK)
        assert type(rig.top()).__name__ == "GameOver"
        for _ in range(rig.app.session.finished.players if name == "hifisch" else 0):
            rig.press(OK)  # each player's points
            assert type(rig.top()).__name__ == "GameOver"
        rig.press(OK)
        assert type(rig.top()).__name__ == "MainMenu"
    finally:
        draw.set_strict(False)
    keys = os.path.join(tmp, name + ".keys")
    with open(keys, "w") as f:
        f.write(rig.script())
    record = finished_record(rig.folder)
    with open(record) as f:
        expected = summary_line(read(f))
    return keys, record, expected


@pytest.fixture(scope="module")
def yofish_runs(tmp_path_factory):
    tmp = str(tmp_path_factory.mktemp("yofish"))
    keys, record, expected = played(tmp, "yofish", 11)
    runs = {}
    for interp in ("cpython", "micropython"):
        flash = os.path.join(tmp, interp, "flash")
        frames = os.path.join(tmp, interp, "frames")
        count, _ = sim.scripted(keys, frames, 11, interp == "micropython", flash, fresh=True)
        runs[interp] = (flash, frames, count)
    return record, expected, runs


def test_yofish_through_the_buttons_gives_the_played_standings(yofish_runs):
    record, expected, runs = yofish_runs
    flash = runs["cpython"][0]
    sim_record = finished_record(flash)
    assert replay(sim_record) == expected
    with open(sim_record) as a, open(record) as b:
        assert a.read() == b.read()
    assert '"over": true' in expected


def test_yofish_under_micropython_gives_byte_identical_frames(yofish_runs):
    record, expected, runs = yofish_runs
    _, frames_c, count_c = runs["cpython"]
    flash_m, frames_m, count_m = runs["micropython"]
    assert count_c == count_m > 100
    names = sorted(os.listdir(frames_c))
    assert names == sorted(os.listdir(frames_m)) and "final.png" in names
    for name in names:
        with open(os.path.join(frames_c, name), "rb") as a, open(os.path.join(frames_m, name), "rb") as b:
            assert a.read() == b.read(), name
    assert replay(finished_record(flash_m), "--micropython") == expected


BOTH = ("cpython", "micropython")


@pytest.mark.parametrize("name, seed, interps", [("hifisch", 5, ("cpython",)), ("hecht", 3, BOTH)])
def test_whole_game_through_the_buttons(tmp_path, name, seed, interps):
    keys, record, expected = played(str(tmp_path), name, seed)
    assert '"over": true' in expected
    frames = []
    for interp in interps:
        flash = str(tmp_path / interp / "flash")
        frames.append(str(tmp_path / interp / "frames"))
        sim.scripted(keys, frames[-1], seed, interp == "micropython", flash, fresh=True)
        sim_record = finished_record(flash)
        with open(sim_record) as a, open(record) as b:
            assert a.read() == b.read()
        assert replay(sim_record) == expected
    if len(frames) == 2:
        names = sorted(os.listdir(frames[0]))
        assert names == sorted(os.listdir(frames[1]))
        for n in names:
            with open(os.path.join(frames[0], n), "rb") as a, open(os.path.join(frames[1], n), "rb") as b:
                assert a.read() == b.read(), n


def test_power_cut_mid_game_then_resume_shows_the_same_state(tmp_path):
    rig = Rig(str(tmp_path / "rig"), seed=4)
    rng = random.Random(4)
    new_game(rig, "New Yo Fish!", 3, start=1)
    rig.choose(0)
    skip_checklist(rig)
    for _ in range(5):
        rig.choose("Place")
        rig.choose(rng.randint(1, 12))
        rig.choose(rng.choice(rig.offered()))  # the matches the middle allows
    keys = tmp_path / "part.keys"
    keys.write_text(rig.script())
    flash = str(tmp_path / "flash")
    sim.scripted(str(keys), str(tmp_path / "before"), 4, False, flash, fresh=True)
    # the process ended mid-game (the power cut); start again and resume
    again = tmp_path / "resume.keys"
    again.write_text("ok\n")  # Resume is the first line of the menu
    sim.scripted(str(again), str(tmp_path / "after"), 4, False, flash)
    with open(tmp_path / "before" / "final.png", "rb") as a, open(tmp_path / "after" / "final.png", "rb") as b:
        assert a.read() == b.read()
    assert not filed_games(flash)


def test_sim_piped_names_stdout_as_the_cause_and_the_way_out():
    """`make sim | tee log` in a terminal: stdin is the terminal, stdout is not."""
    import pty

    main, child = pty.openpty()
    try:
        out = subprocess.run([sys.executable, os.path.join(TOOLS, "sim.py")], stdin=child,
                             capture_output=True, text=True, cwd=ROOT, timeout=60)
    finally:
        os.close(main)
        os.close(child)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("fishtable sim: stdout is not a terminal (piped or redirected)")
    assert "--text" in out.stderr and "--frames DIR" in out.stderr and "stdin" not in out.stderr


class Stream:
    def __init__(self, tty):
        self.tty = tty

    def isatty(self):
        return self.tty


def test_sim_names_each_stream_that_is_not_a_terminal():
    assert sim.no_terminal(Stream(True), Stream(True)) is None
    assert "stdin is not a terminal" in sim.no_terminal(Stream(False), Stream(True))
    assert "stdout is not a terminal" in sim.no_terminal(Stream(True), Stream(False))
    assert "stdout and stdin are not a terminal" in sim.no_terminal(Stream(False), Stream(False))


def test_help_says_where_the_records_are():
    out = subprocess.run([sys.executable, os.path.join(TOOLS, "sim.py"), "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "data/history" in out.stdout and "hold:MS" in out.stdout


def test_board_error_is_told_on_the_console_and_the_oled(tmp_path, run_fw):
    (tmp_path / "config.txt").write_text("BOARD=nosuchboard\n")
    (tmp_path / "boards").mkdir()
    with open(os.path.join(ROOT, "boards", "pico.json")) as f:
        (tmp_path / "boards" / "pico.json").write_text(f.read())
    told, lit = run_fw.call("boot.main_py", os.path.join(ROOT, "firmware", "main.py"), printed=True,
                            cwd=str(tmp_path))
    assert "fishtable: board error: board nosuchboard: no profile" in "\n".join(told)
    assert lit > 100  # the message is on the screen


def test_terminal_view_and_keys():
    page = bytearray(1024)
    page[0] = 0b11  # pixels (0,0) and (0,1): a full block
    page[1] = 0b10  # pixel (1,1): a lower half block
    ring = bytes([255, 0, 0]) + bytes(33)
    text = sim.render_terminal(bytes(page), ring, columns=200)
    rows = text.split("\n")
    assert "█▄" in rows[0] and "\x1b[38;2;255;0;0m●" in text and text.count("○") == 11
    assert len(rows) == 32 + 2 + 1
    import devices

    devices.install()
    import framebuf

    # an 80x24 terminal, too small for the pixels, gets what the screen reads, the highlight marked
    menu = bytearray(1024)
    fb = framebuf.FrameBuffer(menu, 128, 64, framebuf.MONO_VLSB)
    fb.fill_rect(0, 7, 128, 10, 1)
    fb.text("New Hecht", 0, 8, 0)
    fb.text("Players", 0, 24, 1)
    narrow = sim.render_terminal(bytes(menu), ring, 80, 24).split("\n")
    assert len(narrow) == 8 + 2 + 1 and "\u2800" not in "".join(narrow)
    texts = [line.split("m", 1)[1].split("|")[1].rstrip() for line in narrow[:8]]
    assert texts == ["", "\u00abNew Hecht\u00bb", "", "Players"] + [""] * 4
    assert "\x1b[38;2;255;0;0m\u25cf" in narrow[8] and narrow[8].count("\u25cb") == 11
    keys = sim.TerminalKeys(None)
    keys.pending = b"\x1b[D\x1b[B\r\x7fx\n"
    assert [keys.decode() for _ in range(6)] == [1, 2, 3, 4, 0, 3]
    keys.pending = b"q"
    with pytest.raises(SystemExit):
        keys.decode()


# -- the frames' texts: what the screen reader reads on the PNGs ----------------------------------------
# The main menu, Dice (die faces), two rolls, Back; New Hecht: the 2x players picker, a colour, Back twice.
TEXT_KEYS = "next*6 ok ok wait:1000 next ok wait:1000 back prev*5 ok next ok back back\n"


def glass_of_png(path):
    """The panel's glass (1024 bytes, MONO_VLSB) back out of a simulator frame (the OLED at x4, lit
    pixels in sim.ON)."""
    from PIL import Image

    image = Image.open(path).convert("RGB")
    glass = bytearray(1024)
    for y in range(sim.H):
        for x in range(sim.W):
            if image.getpixel((x * sim.SCALE + 1, y * sim.SCALE + 1)) == sim.ON:
                glass[(y >> 3) * sim.W + x] |= 1 << (y & 7)
    return bytes(glass)


def run_sim(tmp_path, *flags):
    keys = tmp_path / "text.keys"
    keys.write_text(TEXT_KEYS)
    frames = tmp_path / ("frames" + "".join(flags))
    out = subprocess.run([sys.executable, os.path.join(TOOLS, "sim.py"), "--keys", str(keys), "--frames", str(frames),
                          "--flash", str(tmp_path / "flash"), "--fresh", *flags],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    names = sorted(n[:-4] for n in os.listdir(frames) if n.startswith("frame_") and n.endswith(".png"))
    assert names == ["frame_%04d" % i for i in range(1, len(names) + 1)] and len(names) > 15
    from screenreader import Reader

    reader = Reader()
    texts = [reader.read(glass_of_png(frames / (name + ".png"))).text() for name in names]
    return out.stdout, frames, names, texts


def test_sim_frames_have_their_screen_text_beside_them_and_the_last_is_printed(tmp_path):
    stdout, frames, names, texts = run_sim(tmp_path)
    for name, text in zip(names, texts):
        assert (frames / (name + ".txt")).read_text(encoding="utf-8") == text + "\n", name
    seen = "".join(texts)
    assert "[die " in seen and "{3}" in seen and "«Dice»" in seen and "{Red}" in seen  # highlights, 2x text, dice
    assert stdout == "%s\n%d frames in %s\n" % (texts[-1], len(names), frames)
    assert glass_of_png(frames / "final.png") == glass_of_png(frames / (names[-1] + ".png"))


def test_sim_text_prints_every_frames_text(tmp_path):
    stdout, frames, names, texts = run_sim(tmp_path, "--text")
    want = "".join("--- frame %d ---\n%s\n" % (i + 1, text) for i, text in enumerate(texts))
    assert stdout == want + "%d frames in %s\n" % (len(names), frames)


def test_the_readme_and_the_help_give_the_same_terminal_sizes():
    """The text view's least size and the pixels' size, as `sim.py --help` and the README say them."""
    import sim

    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--help"], capture_output=True,
                         text=True).stdout
    for size in (sim.TEXT_SIZE, sim.HALF_SIZE):
        assert "%dx%d" % size in readme and "%dx%d" % size in out, size
    assert "64x19" not in readme
