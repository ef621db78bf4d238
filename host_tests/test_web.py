"""The device in a web page (tools/web.py, web/), in a real headless Chromium.

The page runs the firmware's own main.py on the MicroPython WebAssembly VM.  These tests
drive it with Playwright (pinned in requirements-dev.txt) pointed at Debian's Chromium
(/usr/bin/chromium; `make test` installs it as root with apt), never a downloaded browser.  Without
Chromium or Playwright they are skipped, and `make test` says why in one line (conftest.py).

What they check: the panel in the page, and the ring's LEDs as drawn, equal the simulator's
frames for the same key script and seed; a whole game of each title played to its end screen
by tools/autoplay.py's player reading the page's screen and pressing the page's buttons (mouse
and touch) and keys, its download replaying to the expected standings; a held touch is Back; a
reload mid-game resumes; history import and the summary (tools/history.py's text); the layout
on laptop and phone screens; no request leaves the 127.0.0.1 server (Chromium's net log);
offline start.  Timings (make web to the first frame, a press to the panel) and the VM's heap go
to build/web_metrics.json (web/README.md, "Measured"); docs/screens/web.png is the README's
picture.
"""

import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import pytest
from screenreader import Reader

import web

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")

CHROMIUM = os.environ.get("FISHTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SEED = 7
METRICS = os.path.join(ROOT, "build", "web_metrics.json")
SCREENSHOT = os.path.join(ROOT, "docs", "screens", "web.png")
W, H = 128, 64


def _why_no_browser():
    if shutil.which("node") is None:
        return "node is not installed"
    if not os.path.exists(CHROMIUM):
        return "no Chromium at %s" % CHROMIUM
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (make setup installs requirements-dev.txt)"
    return None


SKIP = _why_no_browser()
# With pytest -n (make test), the browser tests are meant to run in one process (`--dist
# loadgroup`): one Chromium at a time, next to the rest of the suite.  (pytest 9.2 with
# pytest-xdist 3.8 ignores the groups, pytest-xdist issue 1386: the tests then share the two
# processes; each test has its own origin and the figures are merged, so they still pass.)
pytestmark = pytest.mark.xdist_group("browser")
metrics = {}


def _save_metrics():
    """Add this process's figures to build/web_metrics.json.  pytest -n may run these tests in
    several processes (pytest 9.2 with pytest-xdist 3.8 ignores --dist loadgroup's groups), so
    the file is updated under a lock and tables such as whole_games are merged entry by entry."""
    import fcntl

    os.makedirs(os.path.dirname(METRICS), exist_ok=True)
    with open(METRICS + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            with open(METRICS) as f:
                saved = json.load(f)
        except (OSError, ValueError):
            saved = {}
        for key, value in metrics.items():
            if isinstance(value, dict) and isinstance(saved.get(key), dict) and key in MERGED:
                saved[key].update(value)
            else:
                saved[key] = value
        saved["load_average"] = [round(x, 2) for x in os.getloadavg()]  # the machine's load as they were taken
        with open(METRICS + ".tmp", "w") as f:
            json.dump(saved, f, indent=1, sort_keys=True)
        os.replace(METRICS + ".tmp", METRICS)


MERGED = ("whole_games", "layout")  # tables filled test by test


# -- the site, the browser -----------------------------------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The site, built once (tools/web.build) into a temporary folder."""
    out = str(tmp_path_factory.mktemp("web") / "site")
    start = time.monotonic()
    info = web.build(out)
    metrics["build_s"] = round(time.monotonic() - start, 3)
    metrics["site_bytes"] = info["bytes"]
    yield out
    _save_metrics()


@pytest.fixture
def site(built):
    """The site served on its own port of 127.0.0.1: a new origin, so the page's storage and
    service worker start empty in every test; yields the address."""
    server = web.serve(built, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def pw():
    """Playwright (its driver), once for the module."""
    if SKIP is not None:
        pytest.skip("browser tests skipped: %s" % SKIP)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


PHONE = {"viewport": {"width": 412, "height": 860}, "device_scale_factor": 2, "has_touch": True}


@pytest.fixture(scope="module")
def context(pw):
    """Debian's Chromium, headless, with a fresh user-data-dir, a phone's screen, through Playwright."""
    profile = tempfile.mkdtemp(prefix="fishtable-chromium-")
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True,
                                                accept_downloads=True, **PHONE)
    try:
        yield ctx
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def launch(pw, args=()):
    """A freshly launched Chromium (no profile, no cache) besides the module's one; close() it."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=ARGS + list(args), headless=True)


@pytest.fixture
def browser(context):
    """A new tab (closed after the test)."""
    page = context.new_page()
    yield page
    page.close()


def open_page(page, url, errors=None):
    if errors is not None:
        page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(url)
    wait_first_frame(page)
    return page


def wait_first_frame(page, timeout=20000):
    page.wait_for_function("window.fishtable && (fishtable.firstFrameAt !== null || fishtable.stopped)",
                           timeout=timeout)
    state = page.evaluate("({stopped: fishtable.stopped, log: fishtable.log})")
    assert state["stopped"] in (None, "ok"), state


def panel(page):
    """The panel as drawn on the page's canvas (1024 bytes, MONO_VLSB)."""
    return bytes.fromhex(page.evaluate("fishtable.readPanel()"))


def as_text(glass):
    """A panel as text (two pixel rows a line), for assertion messages."""
    rows = []
    for y in range(0, H, 2):
        rows.append("".join(" '.:"[(glass[(y >> 3) * W + x] >> (y & 7) & 1) + 2 * (glass[((y + 1) >> 3) * W + x]
                                                                            >> ((y + 1) & 7) & 1)] for x in range(W)))
    return "\n".join(rows)


def same_panel(got, want, page=None):
    """assert got == want, showing both panels (and the button levels the board got) when they differ."""
    seen = page.evaluate("[fishtable.levels, fishtable.log]") if page is not None and got != want else None
    assert got == want, "the page shows:\n%s\nexpected:\n%s\nlevels, log: %s" % (as_text(got), as_text(want), seen)


def settle(page, quiet_ms=400, timeout=15):
    """Wait until the board has taken every button event and the panel has not changed for `quiet_ms`."""
    end = time.monotonic() + timeout
    last = (None, None)
    since = time.monotonic()
    while time.monotonic() < end:
        now = (page.evaluate("fishtable.frameCount"), panel(page))
        if now[1] != last[1] or not page.evaluate("fishtable.inputIdle()"):
            last = now
            since = time.monotonic()
        elif time.monotonic() - since >= quiet_ms / 1000:
            return now[1]
        time.sleep(0.05)
    raise AssertionError("the panel kept changing")


def showing(page, want, timeout=10):
    """Settle, then wait until the panel shows `want`: a bottom row whose lines take turns (Hecht's
    warnings and the round, two seconds each) shows each of them in turn on the page's real clock."""
    got = settle(page)
    end = time.monotonic() + timeout
    while got != want and time.monotonic() < end:
        time.sleep(0.1)
        got = panel(page)
    same_panel(got, want, page)
    return got


# -- key scripts (recorded by playing through the app in-process, like the README's screens) --
def rig_script(steps, folder=None, seed=SEED):
    """(key script, rig): `steps` played in-process by tools/simlib/rig.py, its store in `folder`."""
    from simlib.rig import Rig

    rig = Rig(folder or tempfile.mkdtemp(prefix="fishtable-rig-"), seed=seed)
    steps(rig)
    if folder is None:
        shutil.rmtree(rig.folder, ignore_errors=True)
    return rig.script(), rig


def short_hifisch(rig):

    rig.new_game("New Hi Fisch!", 2, start=1)
    rig.choose(("fish", False))
    rig.choose(23)


def short_hecht(rig):

    rig.new_game("New Hecht", 3, start=2)
    for stmt in (("action", "snail"), ("end",), ("action", "snail"), ("end",), ("action", "wave")):
        rig.choose(stmt)


def short_yofish(rig):

    rig.new_game("New Yo Fish!", 3, start=1, advanced=0)
    rig.choose("Place")
    rig.choose(7)
    rig.choose(0)


def whole_yofish(rig):

    rig.new_game("New Yo Fish!", 3, start=1, advanced=0)
    rng = random.Random(SEED)
    while rig.app.match is not None:
        rig.choose("Place")
        rig.choose(rng.randint(1, 12))
        rig.choose(rng.randint(0, 1))


def sim_frames(script, tmp, board=None):
    """The scripted simulator's frames (tools/sim.py --keys ... --seed [--board NAME]), decoded from
    its PNGs: [(glass 1024 bytes, ring colours as drawn)]."""
    import sim
    from PIL import Image

    os.makedirs(tmp, exist_ok=True)
    keys = os.path.join(tmp, "script.keys")
    with open(keys, "w") as f:
        f.write(script)
    frames = os.path.join(tmp, "frames")
    flash = os.path.join(tmp, "flash")
    subprocess.run([sys.executable, os.path.join(TOOLS, "sim.py"), "--keys", keys, "--frames", frames,
                    "--seed", str(SEED), "--flash", flash, "--fresh"] + (["--board", board] if board else []),
                   check=True, capture_output=True)
    out = []
    for name in sorted(n for n in os.listdir(frames) if n.startswith("frame_") and n.endswith(".png")):
        img = Image.open(os.path.join(frames, name)).convert("RGB")
        glass = bytearray(W * H // 8)
        for y in range(H):
            for x in range(W):
                if img.getpixel((x * 4 + 1, y * 4 + 1))[2] > 128:
                    glass[(y >> 3) * W + x] |= 1 << (y & 7)
        ring = [img.getpixel((dot[12][1], dot[12][0])) for dot in sim.ring_spans(12)]  # each dot's centre
        out.append((bytes(glass), ring))
    return out


def as_drawn_by_sim(ring_hex):
    """A ring frame (R, G, B bytes a LED) in the simulator's PNG colours (as a person sees them)."""
    import sim

    ring = bytes.fromhex(ring_hex) or bytes(36)
    out = []
    for i in range(0, len(ring), 3):
        rgb = tuple(ring[i:i + 3])
        out.append((32, 32, 32) if rgb == (0, 0, 0) else sim.perceived(*rgb))
    return out


# -- the JS decoder against the host's SSD1306 model ----------------------------------------
@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_js_glass_decoder_equals_panel_model():
    """web/panel.js shows the same glass as tools/devices/panel.py's glass() for every display state
    and every panel chip's model (the SH1106's 132-column RAM, the glass 2 columns in)."""
    from devices.panel import MODELS, pack_vlsb

    rng = random.Random(5)
    cases = []
    expected = []
    for i in range(60):
        model = MODELS[("ssd1306", "sh1106", "ssd1309")[i % 3]]()
        model.ram = bytearray(rng.getrandbits(8) for _ in range(8 * model.ram_width))
        model.display_on = i % 7 != 0
        model.charge_pump = i % 11 != 0
        model.entire_on = i % 13 == 5
        model.inverse = i % 3 == 1
        model.com_reverse = i % 2 == 0
        model.start_line = rng.choice((0, 0, 5, 63))
        model.offset = rng.choice((0, 0, 9))
        model.mux = rng.choice((64, 64, 48))
        model.com_pins = rng.choice((0x12, 0x12, 0x02, 0x32))
        flags = (1 if model.lit() else 0) | (2 if model.entire_on else 0) | (4 if model.inverse else 0) | (
            8 if model.com_reverse else 0)
        cases.append({"ram": model.ram.hex(), "s": {"flags": flags, "startLine": model.start_line,
                                                     "offset": model.offset, "mux": model.mux,
                                                     "comPins": model.com_pins, "ramWidth": model.ram_width,
                                                     "margin": model.MARGIN}})
        expected.append(bytes(pack_vlsb(model.glass(), W, H)).hex())
    code = (
        "import('%s').then(({glassPages}) => {"
        " const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        " const hex = (b) => Buffer.from(b).toString('hex');"
        " console.log(JSON.stringify(cases.map((c) => hex(glassPages(Buffer.from(c.ram, 'hex'), c.s)))));"
        "});" % os.path.join(ROOT, "web", "panel.js")
    )
    proc = subprocess.run(["node", "--input-type=commonjs", "-e", code], input=json.dumps(cases),
                          capture_output=True, text=True, check=True)
    got = json.loads(proc.stdout)
    assert got == expected
    assert len(set(expected)) > 25  # the cases differ (dark and all-lit ones repeat)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_js_ring_colours_equal_simulator():
    """web/ring.js draws each LED in tools/sim.py's perceived() colour: every channel value at
    every brightness (a channel's colour depends only on it and the brightest channel)."""
    import sim

    code = (
        "import('%s').then(({perceived}) => {"
        " const out = [];"
        " for (let top = 1; top < 256; top++) for (let c = 0; c <= top; c++) out.push(perceived(top, c, 0)[1]);"
        " console.log(JSON.stringify({out, dark: perceived(0, 0, 0)}));"
        "});" % os.path.join(ROOT, "web", "ring.js")
    )
    proc = subprocess.run(["node", "--input-type=commonjs", "-e", code], capture_output=True, text=True, check=True)
    got = json.loads(proc.stdout)
    assert got["dark"] is None
    assert got["out"] == [sim.perceived(top, c, 0)[1] for top in range(1, 256) for c in range(top + 1)]


# -- the page's frames against the simulator's -----------------------------------------------
@pytest.mark.parametrize("steps", [short_hifisch, short_hecht, short_yofish], ids=["hifisch", "hecht", "yofish"])
def test_panel_equals_simulator_frames(site, browser, steps, tmp_path):
    script, _rig = rig_script(steps)
    from urllib.parse import quote

    page = open_page(browser, site + "?seed=%d&keys=%s" % (SEED, quote(script)))
    page.wait_for_function("fishtable.stopped !== null", timeout=30000)
    assert page.evaluate("fishtable.stopped") == "ok", page.evaluate("fishtable.log")
    got = [bytes.fromhex(h) for h in page.evaluate("fishtable.frames")]
    want = sim_frames(script, str(tmp_path))
    rings = page.evaluate("fishtable.rings")
    got = [(g, as_drawn_by_sim(r)) for g, r in zip(got, rings)]
    # A simulator that also shows the panel before the app loop's first pass has one frame more
    # at the start; the page's first frame is the one after that pass.
    assert len(want) > 12 and len(want) - len(got) in (0, 1)
    want = want[len(want) - len(got):]
    assert got == want
    assert panel(page) == want[-1][0]
    # The ring as the page draws it (each LED's computed colour, frame by frame) is the ring the
    # simulator draws for the same keys and seed.
    drawn = [[SIM_DARK if c is None else tuple(c) for c in leds] for leds in page.evaluate("fishtable.leds")]
    assert drawn == [ring for _glass, ring in want]
    lit = {c for ring in drawn for c in ring if c != SIM_DARK}
    assert len(lit) >= 2, lit  # the seats' colours
    # ... and the last frame's LEDs on the screen: the pixel at each LED's centre.
    same_leds_on_screen(page, drawn[-1])


@pytest.mark.parametrize("board", ["pico_sh1106", "pico_ssd1309"])
def test_each_panel_chip_shows_the_simulators_frames(site, browser, board, tmp_path):
    """?board=NAME: the page runs that profile with its panel chip's model on the bus (the SH1106's
    132-column RAM drawn by web/panel.js); its frames are the simulator's on the same board, which
    are the SSD1306 board's."""
    script, _rig = rig_script(short_hecht)
    from urllib.parse import quote

    page = open_page(browser, site + "?seed=%d&keys=%s&board=%s" % (SEED, quote(script), board))
    page.wait_for_function("fishtable.stopped !== null", timeout=30000)
    assert page.evaluate("fishtable.stopped") == "ok", page.evaluate("fishtable.log")
    got = [bytes.fromhex(h) for h in page.evaluate("fishtable.frames")]
    want = [glass for glass, _ring in sim_frames(script, str(tmp_path / board), board)]
    assert want == [glass for glass, _ring in sim_frames(script, str(tmp_path / "pico"))]
    assert len(want) > 12 and len(want) - len(got) in (0, 1)
    assert got == want[len(want) - len(got):]


SIM_DARK = (32, 32, 32)  # a dark LED in tools/sim.py's pictures
PAGE_DARK = (0x2A, 0x2F, 0x38)  # ... on the page (style.css: .led)


def same_leds_on_screen(page, colours):
    """Each LED's centre pixel in a screenshot of the page is `colours` (SIM_DARK: the dark LED)."""
    from PIL import Image

    centres = page.evaluate("[...document.querySelectorAll('#ring .led')].map((led) => {"
                            " const r = led.getBoundingClientRect();"
                            " return [r.x + r.width / 2, r.y + r.height / 2]; })")
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    dpr = page.evaluate("devicePixelRatio")
    seen = [shot.getpixel((int(x * dpr), int(y * dpr))) for x, y in centres]
    assert seen == [PAGE_DARK if c == SIM_DARK else c for c in colours]


# -- playing with the on-page buttons, touch and the keyboard ------------------------------
KEYBOARD = {"prev": "ArrowLeft", "next": "ArrowRight", "ok": "Enter", "back": "Backspace"}
HOLD_S = 0.85  # a held OK (Back): the board's long press is 0.7 s


class Presser:
    """Presses key words on a page as a person does: "mouse" or "touch" on the page's buttons (a
    held OK for "back"; touch through CDP's Input.dispatchTouchEvent, as a phone's finger), or
    "keyboard" (Backspace for "back").  Each press waits until the board has shown what it did
    (the page's fishtable.sync()), so the next press is made on the screen that shows now."""

    def __init__(self, page):
        self.page = page
        self.cdp = None
        self.mouse_at = None
        self.boxes = {}
        for word in ("prev", "next", "ok"):
            box = page.locator("#btn-" + word).bounding_box()
            self.boxes[word] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def press(self, word, way):
        page = self.page
        if word.startswith("wait:"):  # time passes (an animation, a message)
            time.sleep(int(word[5:]) / 1000)
        elif way == "keyboard":
            page.keyboard.press(KEYBOARD[word])
        else:
            x, y = self.boxes["ok" if word == "back" else word]
            hold = HOLD_S if word == "back" else 0
            if way == "touch":
                if self.cdp is None:
                    self.cdp = page.context.new_cdp_session(page)
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
                time.sleep(hold)
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            else:
                if self.mouse_at != (x, y):  # a person's pointer is over the button before the press
                    page.mouse.move(x, y)
                    self.mouse_at = (x, y)
                page.mouse.down()
                time.sleep(hold)
                page.mouse.up()
        page.evaluate("fishtable.sync()")


def play(page, script, ways=("mouse",)):
    """Press the words of a key script on the page, each word the next of `ways` (Presser's)."""
    presser = Presser(page)
    for i, word in enumerate(script.split()):
        presser.press(word, ways[i % len(ways)])
        if word.startswith("wait:"):
            settle(page, quiet_ms=300)  # an animation may take longer on a busy machine


WAYS = ("mouse", "keyboard", "touch")


@pytest.mark.parametrize("steps, cut", [(short_hifisch, "reload"), (short_hecht, "close"), (short_yofish, "reload")],
                         ids=["hifisch", "hecht", "yofish"])
def test_play_each_title_then_resume_after_a_cut(site, browser, context, steps, cut, tmp_path):
    """A short game on the page's real clock ends on the simulator's last frame; after a reload
    or closing the tab (a power cut) the journal is back and Resume shows the same screen."""
    script, _rig = rig_script(steps)
    errors = []
    page = open_page(browser, site + "?seed=%d" % SEED, errors)
    play(page, script, WAYS)  # mouse, keyboard and touch in turn
    before = showing(page, sim_frames(script, str(tmp_path))[-1][0])
    assert page.evaluate("[...fishtable.flashFiles()].includes('/data/journal.fish')")
    if cut == "reload":
        page.reload()
        wait_first_frame(page)
    else:
        page.close()
        page = open_page(context.new_page(), site + "?seed=%d" % SEED, errors)
    menu = settle(page)
    assert menu != before
    play(page, "ok", ("keyboard",))  # Resume: the first line of the main menu with a game in progress
    showing(page, before)
    assert not errors
    assert not [line for line in page.evaluate("fishtable.log") if "error" in line.lower()]
    if cut == "close":
        page.close()


# -- whole games through the page's buttons and keys, played by tools/autoplay.py ------------
class PageDevice:
    """The page as tools/autoplay.py's device: `screen` is the page's canvas read by
    tools/screenreader.py (the page's panel pixels are the simulator's frames), and `press` makes
    each press the next of `ways` (Presser's mouse, touch, keyboard), so the autoplayer finds the
    labels and values on the page's screen and presses the page's buttons and keys."""

    def __init__(self, page, ways):
        self.page = page
        self.ways = ways
        self.presser = Presser(page)
        self.presses = 0
        self.used = {}  # (way, word): presses
        self._screen = None

    @property
    def screen(self):
        if self._screen is None:
            from simlib.device import reader

            self._screen = reader().read(panel(self.page))
        return self._screen

    def press(self, word):
        """Press a key word (or let wait:MS pass); returns the screen the board shows after it."""
        way = None
        if not word.startswith("wait:"):
            way = self.ways[self.presses % len(self.ways)]
            self.presses += 1
            self.used[(way, word)] = self.used.get((way, word), 0) + 1
        self.presser.press(word, way)
        self._screen = None
        return self.screen

    def wait(self, ms):
        return self.press("wait:%d" % ms)


def whole_game(name):
    """The game each title is played to its end: a generated game (tools/gamegen.py, fixed seed)
    of the fewest presses among a few random ones: Hi Fisch! with 2 players, Yo Fish! with 3 (its
    fewest) and Hecht with 2 (a whole 2-player Hecht game: four rounds)."""
    import gamegen

    players, seed = {"hifisch": (2, 1), "yofish": (3, 49), "hecht": (2, 274)}[name]
    return gamegen.random_match(random.Random(seed), name, players, options=[])


def download_newest(page, folder):
    """Download the newest finished game from the page's list; returns its path."""
    page.click("#show-games")
    with page.expect_download() as info:
        page.locator("#games a").first.click()
    download = info.value
    path = os.path.join(folder, download.suggested_filename)
    download.save_as(path)
    return path


@pytest.mark.parametrize("name, ways", [
    ("hifisch", ("mouse", "touch", "keyboard")),
    ("yofish", ("touch", "keyboard", "mouse")),
    ("hecht", ("keyboard", "mouse", "touch")),
], ids=["hifisch-2p", "yofish-3p", "hecht-2p"])
def test_whole_game_through_buttons_and_keys(site, browser, name, ways, tmp_path):
    """A whole game of each title played to its end screen on the page's real clock by
    tools/autoplay.py's player (it reads the page's screen, finds each label and value, and
    presses: mouse, touch and keyboard in turn); the downloaded .fish is the game that was
    played, and tools/replay.py replays it to the expected standings."""
    import autoplay

    from fishtable.core.summary import summary_line

    want = whole_game(name)
    errors = []
    page = open_page(browser, site + "?seed=%d" % SEED, errors)
    start = time.monotonic()
    dev = PageDevice(page, ways)
    player = autoplay.Autoplayer(dev, want)
    try:
        player.setup()
        for stmt in want.statements:
            player.play(stmt)
        player.finish()  # the end screen shows ("... wins!" or "Shared win!")
    except autoplay.AutoplayError as err:
        raise AssertionError("at statement %d: %s" % (len(player.mirror.statements) + 1, err))
    took = time.monotonic() - start
    assert dev.screen.contains("wins!") or dev.screen.contains("Shared win!")
    assert {way for way, _word in dev.used} == set(ways)
    path = download_newest(page, str(tmp_path))
    assert path.endswith("-%s.fish" % name)
    got = autoplay.read_record(path)
    assert autoplay.compare(want, got, player.screens) is None
    out = subprocess.run([sys.executable, os.path.join(TOOLS, "replay.py"), path], capture_output=True, text=True,
                         check=True)
    standings = json.loads(out.stdout)
    assert len(standings.pop("colours")) == want.players  # the seats' colours, taken as offered
    assert 0 <= standings.pop("played") <= 999  # the minutes the game took, as the board counted them
    day = standings.pop("date")  # the browser's local time when it began: the page's board has a clock
    assert len(day) == 16 and day[4] == day[7] == "-" and day[10] == "T" and day[13] == ":", day
    assert standings == json.loads(summary_line(want))  # the standings the rules core expects
    assert standings["over"] is True and standings["winners"]
    assert not errors
    after = page.evaluate("performance.now()")
    page.wait_for_function("fishtable.heap && fishtable.heap.at > %f" % after, timeout=5000)
    heap = page.evaluate("fishtable.heap")
    metrics.setdefault("whole_games", {})[name] = {
        "players": want.players, "statements": len(want.statements), "presses": dev.presses,
        "seconds": round(took, 1), "ms_per_press": round(1000 * took / dev.presses, 1),
        "vm_heap_at_end_screen": {"alloc": heap["alloc"], "free": heap["free"]}}


def test_touch_long_press_is_back(site, browser):
    """A finger held on OK (a real touch: CDP touch events, pointerType "touch") is Back, as a
    long press on the device; a short touch of OK is OK."""
    page = open_page(browser, site + "?seed=%d" % SEED)
    dev = PageDevice(page, ("touch",))
    settle(page)
    for _ in range(12):
        if "Settings" in dev.screen.highlighted():
            break
        dev.press("next")
    menu = panel(page)  # the main menu, Settings lit
    dev.press("ok")
    assert dev.screen.contains("Brightness") and not dev.screen.contains("New Hecht")
    dev.press("back")  # the finger stays on OK for HOLD_S
    same_panel(panel(page), menu, page)  # Back: the main menu again
    pointers = page.evaluate("fishtable.pointers")
    assert pointers and set(pointers) == {"touch"}
    ok_levels = [lvl for lvl in page.evaluate("fishtable.levels") if lvl[0] == 2]
    assert not ok_levels[-1][1] and ok_levels[-1][2] >= 700  # the board saw OK held for 0.7 s or more
    assert all(lvl[2] < 700 for lvl in ok_levels[:-1] if not lvl[1])  # ... and the short touch before it


# -- the layout on other screens ------------------------------------------------------------------
@pytest.fixture(scope="module")
def other_browser(pw):
    """A second Chromium, for contexts of other screen sizes (the module's one is a phone)."""
    chromium = launch(pw)
    yield chromium
    chromium.close()


ON, OFF = (110, 200, 255), (4, 6, 10)  # a lit and a dark OLED pixel on the page (app.js)
SCREENS = [(1366, 768, 1), (1536, 864, 1.25), (1280, 800, 2), (360, 640, 2), (360, 640, 3), (412, 860, 2)]
LAYOUT = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const canvas = document.querySelector('#panel');
  const buttons = [...document.querySelectorAll('#buttons .key')].map((el) => {
    const b = box(el);
    const hit = document.elementFromPoint((b[0] + b[2]) / 2, (b[1] + b[3]) / 2);
    return {box: b, hit: hit !== null && el.contains(hit)};
  });
  return {scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
          innerWidth, innerHeight, dpr: devicePixelRatio, canvas: [canvas.width, canvas.height], panel: box(canvas),
          enclosure: box(document.querySelector('#enclosure')), buttons, main: (() => {
            const m = document.querySelector('main'), r = m.getBoundingClientRect(), s = getComputedStyle(m);
            return [r.left + parseFloat(s.paddingLeft), r.top, r.right - parseFloat(s.paddingRight), r.bottom]; })(),
          leds: [...document.querySelectorAll('#ring .led')].map(box)};
}"""


def inside(inner, outer, slack=0.01):
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("width, height, dpr", SCREENS, ids=["%dx%d@%s" % s for s in SCREENS])
def test_layout_fits_laptops_and_phones(site, other_browser, width, height, dpr):
    """On laptop and phone screens: no horizontal scroll; the panel whole on screen at an integer
    scale of device pixels (each OLED pixel a k x k square, k >= 2, on the device-pixel grid: a
    screenshot of it holds only the lit, dark and grid colours, none blended); the ring's LEDs
    on the enclosure's rim, off the panel; the three buttons whole on screen, large enough for a
    finger and not covered; the canvas shows what the board sent."""
    from PIL import Image

    ctx = other_browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=dpr,
                                    has_touch=width < 800)
    try:
        page = open_page(ctx.new_page(), site + "?seed=%d" % SEED)
        settle(page)
        got = page.evaluate(LAYOUT)
        view = [0, 0, width, height]
        assert got["scrollWidth"] <= got["clientWidth"] == width
        k = got["canvas"][0] // W
        assert got["canvas"] == [W * k, H * k] and k >= 2
        left, top, right, bottom = got["panel"]
        snap = 0.05  # CSS layout keeps 1/64 px
        assert abs((right - left) * dpr - W * k) < snap and abs((bottom - top) * dpr - H * k) < snap
        assert inside(got["panel"], view) and inside(got["enclosure"], view) and inside(got["enclosure"], got["main"])
        assert len(got["leds"]) == 12
        for led in got["leds"]:
            assert inside(led, got["enclosure"]) and not overlap(led, got["panel"])
        for button in got["buttons"]:
            b = button["box"]
            assert inside(b, view) and button["hit"], button
            assert b[2] - b[0] >= 60 and b[3] - b[1] >= 60
            if width < 600:  # a phone: the buttons in a bar at the bottom, under the thumb
                assert b[3] >= height - 24, button
        if width < 600:  # ... and the panel as wide as a whole-pixel scale lets it be beside the ring's rim
            assert (k + 1) * W / dpr > width - 2 * 18, (k, width)
        assert page.evaluate("fishtable.readPanel() === fishtable.glass()")
        # On the screen (the compositor puts the canvas on whole device pixels): only the lit and
        # dark colours, and with a scale of 4 or more the grid's line over each and their
        # crossings, none blended; each cell's centre lit as the glass is.
        x0, y0 = round(left * dpr), round(top * dpr)
        shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB").crop((x0, y0, x0 + W * k, y0 + H * k))
        margin = int(4 * dpr)  # the panel's rounded corners
        colours = {c for _n, c in shot.crop((margin, margin, W * k - margin, H * k - margin)).getcolors(4096)}
        assert ON in colours and OFF in colours and len(colours) <= (6 if k >= 4 else 2), colours
        glass = bytes.fromhex(page.evaluate("fishtable.glass()"))
        centre = (k - (1 if k >= 4 else 0)) // 2
        radius = 3 * dpr + 1  # style.css: the panel's border-radius, in device pixels
        cells = [(x, y) for y in range(H) for x in range(W)
                 if min(x * k + centre, W * k - x * k - centre) >= radius
                 or min(y * k + centre, H * k - y * k - centre) >= radius]
        shown = [shot.getpixel((x * k + centre, y * k + centre)) for x, y in cells]
        assert shown == [ON if glass[(y >> 3) * W + x] >> (y & 7) & 1 else OFF for x, y in cells]
        metrics.setdefault("layout", {})["%dx%d@%s" % (width, height, dpr)] = {
            "scale": k, "panel_css_px": [round(right - left, 2), round(bottom - top, 2)]}
    finally:
        ctx.close()


# -- history: download, replay, import, summary --------------------------------------------
def test_finished_game_downloads_and_replays(site, browser, tmp_path):
    """A whole Yo Fish! game (virtual clock): the page's download is the history file the same
    keys and seed make in-process (rig.py), and tools/replay.py reads it as a finished game."""
    script, rig = rig_script(whole_yofish, str(tmp_path / "rig"))
    from urllib.parse import quote

    page = open_page(browser, site + "?seed=%d&keys=%s" % (SEED, quote(script)))
    page.wait_for_function("fishtable.stopped !== null", timeout=40000)
    assert page.evaluate("fishtable.stopped") == "ok"
    metrics["vm_heap_after_whole_yofish"] = page.evaluate("fishtable.heap")
    metrics["whole_yofish_keys"] = len(script.split())
    page.click("#show-games")
    link = page.locator("#games a").first
    with page.expect_download() as info:
        link.click()
    download = info.value
    name = download.suggested_filename
    assert name.endswith("-yofish.fish")
    path = str(tmp_path / name)
    download.save_as(path)
    import history

    kept = dict(history.games(str(tmp_path / "rig" / "data" / "history")))[name]  # packed: its bytes
    assert open(path, "rb").read() == kept
    out = subprocess.run([sys.executable, os.path.join(TOOLS, "replay.py"), path], capture_output=True, text=True,
                         check=True)
    standings = json.loads(out.stdout)
    assert standings["game"] == "yofish" and standings["over"] is True
    assert standings["winners"]


def test_import_history_and_roster_then_summary(site, browser, tmp_path):
    """Imported records join the history (the board restarts with them), a roster file becomes
    /data/roster.txt, and Summary shows tools/history.py's text for the same files."""
    records = [os.path.join(ROOT, "records", n) for n in ("hecht-2p.fish", "yofish-3p-basic.fish", "hifisch-2p.fish")]
    roster = tmp_path / "players.txt"
    roster.write_text("Anna\nBen\n")
    bogus = tmp_path / "notes.fish"
    bogus.write_text("not a record\n")
    binary = tmp_path / "photo.bin"
    binary.write_bytes(bytes(range(256)))
    page = open_page(browser, site)
    page.set_input_files("#import", records + [str(roster), str(bogus), str(binary)])
    page.wait_for_function("fishtable.flashFiles().includes('/data/roster.txt')")
    wait_first_frame(page)
    files = page.evaluate("fishtable.flashFiles()")
    assert "/data/history/index.bin" in files  # the games packed, as the board files them
    status = page.locator("#status").text_content()
    assert "Not imported: notes.fish: not a game record" in status  # refused with the reason, not stored
    assert "Not imported: photo.bin: not a text file" in status
    page.click("#show-summary")
    page.wait_for_function("!document.querySelector('#summary').textContent.startsWith('Counting')", timeout=20000)
    shown = page.locator("#summary").text_content()
    folder = tmp_path / "history"
    folder.mkdir()
    for i, record in enumerate(records):
        shutil.copy(record, str(folder / ("%04d-x.fish" % (i + 1))))
    expected = subprocess.run([sys.executable, os.path.join(TOOLS, "history.py"), str(folder)], capture_output=True,
                              text=True, check=True).stdout
    assert shown.strip() == expected.strip()
    assert "3 finished games" in shown
    page.click("#show-games")
    page.wait_for_function("document.querySelectorAll('#games li').length >= 3", timeout=20000)
    shown = [page.locator("#games li span").nth(i).text_content() for i in range(3)]
    assert [n.split("-", 1)[1] for n in shown] == ["hifisch.fish", "yofish.fish", "hecht.fish"]  # newest first


# -- no request leaves 127.0.0.1 --------------------------------------------------------------
def net_log_requests(path):
    """Every URL request in a Chromium net log (--log-net-log): [(url, initiator, isolation key)]."""
    with open(path) as f:
        text = f.read()
    try:
        log = json.loads(text)
    except ValueError:  # a log the browser did not close: its event list ends open
        log = json.loads(text.rstrip().rstrip(",") + "]}")
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    out = []
    for event in log["events"]:
        params = event.get("params") or {}
        if event["type"] == start and "url" in params:
            out.append((params["url"], params.get("initiator", ""), params.get("network_isolation_key", "")))
    return out


def test_no_request_leaves_the_local_server(pw, site, tmp_path):
    """A whole session in a freshly launched Chromium: first visit (the page, its VM worker, the
    service worker caching the site), playing with buttons and keys, a reload that resumes,
    importing records, Summary (a second VM), downloading a finished game, an offline restart.
    Chromium's own net log records every request it makes: each one the page, its workers or its
    service worker made (started by the page's origin, or for the page's site) goes to the
    127.0.0.1 server.  (A request made on purpose at the end to another host shows that such a
    request would be seen.)  Playwright's request events, the page's and its workers', agree."""
    netlog = str(tmp_path / "netlog.json")
    chromium = launch(pw, ["--log-net-log=" + netlog, "--host-resolver-rules=MAP fishtable.example ~NOTFOUND"])
    urls = []
    try:
        ctx = chromium.new_context(accept_downloads=True, **PHONE)
        ctx.on("request", lambda r: urls.append(r.url))
        page = open_page(ctx.new_page(), site)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)
        script, _rig = rig_script(short_hifisch)
        play(page, script, WAYS)
        page.reload()
        wait_first_frame(page)
        records = [os.path.join(ROOT, "records", n) for n in ("hecht-2p.fish", "hifisch-2p.fish")]
        page.set_input_files("#import", records)
        page.wait_for_function("fishtable.flashFiles().filter((f) => f.startsWith('/data/history/')).length >= 2")
        wait_first_frame(page)
        page.click("#show-summary")
        page.wait_for_function("!document.querySelector('#summary').textContent.startsWith('Counting')", timeout=20000)
        assert "2 finished games" in page.locator("#summary").text_content()
        assert download_newest(page, str(tmp_path)).endswith(".fish")
        ctx.set_offline(True)
        page.reload()
        wait_first_frame(page)
        ctx.set_offline(False)
        assert page.evaluate("fishtable.stopped") is None
        probe = "http://fishtable.example/probe"
        page.evaluate("fetch('%s', {mode: 'no-cors'}).catch(() => null)" % probe)
        time.sleep(0.5)
    finally:
        chromium.close()  # the net log is complete once the browser has closed
    origin = site.rstrip("/")
    outside = [u for u in urls if not (u.startswith(origin + "/") or u.startswith("blob:" + origin + "/"))]
    assert outside == [probe] and len(urls) > 20
    requests = net_log_requests(netlog)
    ours = [(url, who) for url, who, key in requests if who == origin or key.startswith("http://127.0.0.1 ")]
    assert [url for url, _who in ours if not url.startswith(origin + "/")] == [probe]
    for name in ("", "vm-worker.js", "bundle.json", "vm/micropython.wasm", "sw.js", "history-worker.js"):
        assert site + name in [url for url, _who in ours], name
    metrics["session_requests"] = {
        "page": len(ours) - 1, "browser_own": sorted({u.split("?")[0] for u, who, key in requests
                                                      if (u, who) not in ours and not u.startswith(origin)})}


# -- make web to the first frame, size, latency, heap, offline, the README's picture ---------
def start_make_web(out):
    """tools/web.py as `make web` runs it (build the site, then serve it), into `out` and on a free
    port; returns (the process, the address it printed)."""
    proc = subprocess.Popen([sys.executable, os.path.join(TOOLS, "web.py"), "--port", "0", "--out", out],
                            stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        if "http://127.0.0.1:" in line:
            return proc, line[line.index("http://"):].split()[0]
    proc.wait()
    raise AssertionError("tools/web.py printed no address (exit %s)" % proc.returncode)


def stop(proc):
    proc.terminate()
    proc.wait()


def spread(values, digits=1):
    """{min, median, max, n} of `values`."""
    import statistics

    return {"min": round(min(values), digits), "median": round(statistics.median(values), digits),
            "max": round(max(values), digits), "n": len(values)}


FIRST_FRAME_RUNS = 3


def test_make_web_to_first_frame(pw, context, tmp_path):
    """From starting tools/web.py (what `make web` runs: it builds the site, then serves it) to the
    first lit frame drawn on the page's panel: in the module's Chromium, already running, and in
    a Chromium launched after the server printed its address (its start counted), a few times
    each; every run builds a new site on a new port (a cold cache)."""
    runs = {"launched_browser": [], "fresh_browser": []}
    for i in range(FIRST_FRAME_RUNS):
        for kind in runs:
            start = time.time()
            proc, url = start_make_web(str(tmp_path / ("site%d%s" % (i, kind[0]))))
            served = time.time()
            chromium = None
            try:
                if kind == "fresh_browser":
                    chromium = launch(pw)
                    page = chromium.new_page(**PHONE)
                else:
                    page = context.new_page()
                ready = time.time()
                open_page(page, url)
                first = page.evaluate("(performance.timeOrigin + fishtable.firstFrameAt) / 1000")
                runs[kind].append({"total_s": round(first - start, 3), "server_s": round(served - start, 3),
                                   "browser_start_s": round(ready - served, 3),
                                   "navigation_to_first_frame_s": round(first - ready, 3),
                                   "vm_booted_ms": round(page.evaluate("fishtable.bootedAt"))})
                page.close()
            finally:
                if chromium is not None:
                    chromium.close()
                stop(proc)
    for kind, rows in runs.items():
        assert all(0 < row["total_s"] < 30 for row in rows), rows
        metrics["make_web_to_first_frame_" + kind] = {"runs": rows, "total_s": spread([r["total_s"] for r in rows], 3)}


PRESSES = 24  # a third each by mouse, touch and keyboard


def test_press_latency_heap_download_offline(built, site, browser, context):
    """What the first visit downloads (the page, its workers, the service worker's copy of the
    site); the time from a press (the input event's time) to the panel drawn and to the next
    animation frame, over PRESSES presses of NEXT in the main menu; the firmware's gc.mem_alloc()
    and gc.mem_free() in the page at the main menu (About says it is a simulator); then offline: the
    page starts from its cache."""
    urls = set()

    def seen(request):
        urls.add(request.url.split("?")[0])

    context.on("request", seen)
    try:
        page = open_page(browser, site + "?seed=%d" % SEED)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)
        home = settle(page)
        page.wait_for_function("fishtable.heap && fishtable.heap.at > fishtable.firstFrameAt", timeout=5000)
        heap = page.evaluate("fishtable.heap")
    finally:
        context.remove_listener("request", seen)
    names = {u[len(site):] or "index.html" for u in urls if u.startswith(site)}
    total = sum(os.path.getsize(os.path.join(built, n)) for n in names)
    assert total == metrics["site_bytes"]  # the service worker fetched the whole site
    metrics["page_download"] = {"bytes": total, "files": len(names)}
    metrics["vm_heap_main_menu"] = {"alloc": heap["alloc"], "free": heap["free"]}
    assert 0 < heap["alloc"] < 2_000_000 and heap["free"] > 100 * 2 ** 20  # the heap may grow to 128 MB more

    dev = PageDevice(page, ("mouse", "touch", "keyboard"))
    page.evaluate("fishtable.latencies = []; fishtable.paints = []")
    for _ in range(PRESSES):
        before = panel(page)
        dev.press("next")
        assert panel(page) != before
        time.sleep(0.1)  # a person's pace (a press within 50 ms of the last change waits for it)
    page.wait_for_function("fishtable.paints.length >= %d" % PRESSES)
    drawn, painted = page.evaluate("[fishtable.latencies, fishtable.paints]")
    assert len(drawn) == PRESSES and max(drawn) < 500
    ways = dev.ways
    metrics["press_to_panel_ms"] = {
        "drawn": spread(drawn), "painted": spread(painted),
        "drawn_by_way": {way: spread(drawn[i::len(ways)]) for i, way in enumerate(ways)}}

    for _ in range(12):  # About: the firmware's own figure (gc.collect(), then gc.mem_free())
        if "About" in dev.screen.highlighted():
            break
        dev.press("next")
    dev.press("ok")
    about = dev.screen.text()
    # the page's VM is no Pico: About gives no heap figure (its heap is measured above)
    assert "free RAM n/a (simulator)" in " ".join(about.split()), about
    dev.press("ok")

    manifest = page.evaluate("fetch('manifest.webmanifest').then((r) => r.json())")
    assert manifest["name"] == "fishtable" and manifest["display"] == "standalone"
    context.set_offline(True)
    try:
        page.goto(site + "?seed=%d" % SEED)
        wait_first_frame(page)
        settle(page)
        assert page.evaluate("fishtable.stopped") is None
        same_panel(settle(page), home, page)  # the same board, started from the cache
    finally:
        context.set_offline(False)


def test_readme_screenshot(site, browser):
    """docs/screens/web.png: the page on a phone-sized screen during a Hecht game."""
    script, _rig = rig_script(short_hecht)
    from urllib.parse import quote

    page = open_page(browser, site + "?seed=%d&keys=%s" % (SEED, quote(script)))
    page.wait_for_function("fishtable.stopped !== null", timeout=30000)
    os.makedirs(os.path.dirname(SCREENSHOT), exist_ok=True)
    shot = page.locator("#device").screenshot()
    old = open(SCREENSHOT, "rb").read() if os.path.exists(SCREENSHOT) else None
    if shot != old:
        with open(SCREENSHOT, "wb") as f:
            f.write(shot)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"


def test_static_host_without_isolation_headers(built, browser):
    """On a plain static host (no isolation headers) the service worker adds them: the page
    reloads itself once and the board starts."""
    import http.server

    class Plain(http.server.SimpleHTTPRequestHandler):
        extensions_map = web.Handler.extensions_map

        def __init__(self, *args, **kw):
            super().__init__(*args, directory=built, **kw)

        def log_message(self, format, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Plain)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        browser.goto("http://127.0.0.1:%d/" % server.server_address[1])
        wait_first_frame(browser)
        assert browser.evaluate("crossOriginIsolated")
    finally:
        server.shutdown()
        server.server_close()


def test_heap_recycled_only_unseen(site, browser):
    """Past its heap limit (here 1 byte) the board restarts only when idle on its start-up
    picture, and comes back with the same picture; a game screen is never interrupted."""
    page = open_page(browser, site + "?seed=%d&recycle=1" % SEED)
    home = settle(page)
    page.wait_for_function("fishtable.recycles >= 1", timeout=10000)
    wait_first_frame(page)
    same_panel(settle(page), home)
    page.goto(site + "?seed=%d&recycle=1" % SEED)
    wait_first_frame(page)
    play(page, "next", ("keyboard",))  # away from the start-up picture at once
    away = settle(page)
    assert away != home
    time.sleep(2.5)  # past the idle time and two heap figures
    assert page.evaluate("fishtable.recycles") == 0
    same_panel(panel(page), away)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_die_seed_comes_from_crypto_get_random_values(tmp_path):
    """The VM has no os.urandom; the page's edge makes it crypto.getRandomValues, so the
    firmware's make_die() seeds the die from the browser's crypto source."""
    site = str(tmp_path / "site")
    web.build(site)
    script = r"""
const site = process.env.FISHTABLE_SITE;
const { loadMicroPython } = await import(site + "/vm/micropython.mjs");
const fs = await import("fs");
const mp = await loadMicroPython({ heapsize: 4 * 1024 * 1024, stdout: (t) => process.stdout.write(t + "\n") });
const bundle = JSON.parse(fs.readFileSync(site + "/bundle.json", "utf8"));
for (const [path, c] of Object.entries(bundle)) {
  let dir = "";
  for (const part of path.split("/").slice(1, -1)) { dir += "/" + part; try { mp.FS.mkdir(dir); } catch (e) {} }
  mp.FS.writeFile(path, typeof c === "string" ? c : Buffer.from(c.base64, "base64"));
}
let calls = 0;
const getRandomValues = (a) => { calls++; a.set([0xde, 0xad, 0xbe, 0xef]); return a; };
Object.defineProperty(globalThis, "crypto", { value: { getRandomValues } });
mp.runPython(`
import os, sys
sys.path.append("/web")
import edge
edge.install_urandom()
from fishtable.ui.loop import make_die
class Hw:
    seed = None  # no seed declared: the die takes os.urandom
die = make_die(Hw())
print(hex(die.source.state))
`);
console.log("calls", calls);
"""
    proc = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, FISHTABLE_SITE=site))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["0xdeadbeef", "calls", "1"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_stalled_vm_never_makes_a_short_press_long(tmp_path):
    """The worker's board clock (vm-worker.js) under node, its real clock jumping ahead: a click of
    OK whose release waits while the VM computes for 2 s (a busy machine) reaches the firmware's
    ticks as a short press; an OK held for 2 s before its release counts them; Backspace holds OK
    800 ms of the board's clock."""
    site = str(tmp_path / "site")
    web.build(site)
    script = r"""
const site = process.env.FISHTABLE_SITE;
let offset = 0; // the real clock jumps ahead by this much (a stalled VM)
const realNow = performance.now.bind(performance);
performance.now = () => realNow() + offset;
const posted = [];
globalThis.self = globalThis;
globalThis.postMessage = (msg) => posted.push(msg);
const worker = await import(site + "/vm-worker.js");
const input = await import(site + "/input.js");
const sab = new SharedArrayBuffer(input.WORDS * 4);
const ctl = new Int32Array(sab);
worker.attach(sab);
const held = () => posted.filter((m) => m.type === "level" && !m.down).map((m) => Math.round(m.held));
const until = (n) => { for (let i = 0; i < 200 && held().length < n; i++) self.vmPause(20); };
const downs = () => posted.filter((m) => m.type === "level" && m.down).length;
const taken = (n) => { for (let i = 0; i < 200 && downs() < n; i++) self.vmPause(20); };
// a click: down and up at once, then the VM stalls 2 s before its next pause
input.send(ctl, input.OK, input.DOWN); input.send(ctl, input.OK, input.UP);
taken(1);
const t0 = self.vmNow();
offset += 2000;
const stalled = self.vmNow() - t0;
until(1);
// a held OK: down, 2 s pass (the VM computing) before the person lets go, then up
input.send(ctl, input.OK, input.DOWN);
taken(2);
offset += 2000;
self.vmPause(20);
input.send(ctl, input.OK, input.UP);
until(2);
// Backspace: OK down for a long press, up at once
input.send(ctl, input.OK, input.LONG); input.send(ctl, input.OK, input.UP);
until(3);
console.log(JSON.stringify({ stalled, held: held() }));
process.exit(0);
"""
    proc = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, FISHTABLE_SITE=site), timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().split("\n")[-1])
    assert got["stalled"] <= 100  # the stall counts 100 ms at most while the release waits
    click, hold, long_press = got["held"]
    assert 50 <= click < 700 and hold >= 2000 and 800 <= long_press < 1000, got


def test_second_tab_does_not_start_a_second_board(site, browser, context):
    """Two boards would write the same storage: a second tab of the page says so and waits."""
    open_page(browser, site)
    other = context.new_page()
    try:
        other.goto(site)
        other.wait_for_function("document.querySelector('#status').textContent.includes('another tab')")
        assert other.evaluate("fishtable.bootedAt") is None
    finally:
        other.close()


# -- a scanned game: the page opened from the board's Scan code ----------------------------------
def scanned_game():
    """A finished Hecht game with names (a guest among them), colours, a date and minutes: the
    record text and its Match."""
    from fishtable.core.match import Match
    from fishtable.core.record import read_text

    with open(os.path.join(ROOT, "records", "hecht-4p.fish")) as f:
        done = read_text(f.read())
    match = Match(done.name, done.players, done.start, done.options, ["Anna", "Guest2", "Christin", "Dora"],
                  ["green", "red", "blue", "white"])
    for stmt in done.statements:
        match.submit(stmt)
    return "\n".join(match.lines()) + "\n", match


def test_scanned_link_card_bgstats_keep_download(site, other_browser, tmp_path):
    """The page opened from a Scan code's page link (the board's fishtable.ui.share, PAGE= this
    site): the result card shows the record's players ranked with scores and winners; its BG Stats
    link's JSON carries the same (tools/replay.py) with every field the board's own full BG Stats
    JSON has; Keep puts the game into the page's history once (a second Keep is refused); Download
    .fish is the record, which replays to the same standings."""
    from urllib.parse import unquote

    from fishtable.ui import share

    text, match = scanned_game()
    path = str(tmp_path / "game.fish")
    with open(path, "w") as f:
        f.write(text)
    replay = json.loads(subprocess.run([sys.executable, os.path.join(TOOLS, "replay.py"), path], capture_output=True,
                                       text=True, check=True).stdout)
    date, played = "2026-12-01T19:05", 42
    link = share.page_link(site, match, date, played)
    ctx = other_browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3, has_touch=True,
                                    timezone_id="UTC", accept_downloads=True)
    try:
        page = ctx.new_page()
        errors = []
        open_page(page, link, errors)
        page.wait_for_selector("#card-keep:not([hidden])", timeout=30000)
        rows = page.evaluate("[...document.querySelectorAll('#card-players li')].map((li) => "
                             "[...li.children].map((c) => c.textContent))")
        labels = [match.label(p) for p in range(1, match.players + 1)]
        ranks, scores, winners = share.result(match)
        assert scores == replay["scores"] and winners == replay["winners"]
        want = sorted(([str(ranks[i]), "", labels[i] + (" (started)" if i + 1 == match.start else ""),
                        str(scores[i]), "wins" if i + 1 in winners else ""] for i in range(match.players)),
                      key=lambda r: (int(r[0]), labels.index(r[2].split()[0])))
        assert rows == want
        assert page.locator("#card-title").text_content() == "Hecht im Karpfenteich"
        assert page.locator("#card-when").text_content() == "2026-12-01 19:05, 42 min"
        href = page.get_attribute("#card-bgstats", "href")
        assert href.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
        play = json.loads(unquote(href.split("?data=", 1)[1]))
        assert [p["name"] for p in play["players"]] == labels
        assert [p["score"] for p in play["players"]] == replay["scores"]
        assert [i + 1 for i, p in enumerate(play["players"]) if p["winner"]] == replay["winners"]
        assert play == json.loads(share.bgstats_json(match, date, played, share.FULL))  # the board's, field by field
        assert play["game"]["sourceGameId"] == "hecht" and play["sourcePlayId"] == share.play_id(match)
        page.click("#card-keep")
        page.wait_for_function("/^(Kept|Not)/.test(document.querySelector('#card-status').textContent)", timeout=30000)
        assert page.locator("#card-status").text_content() == "Kept in this page's history as 0001-hecht.fish."
        page.click("#card-keep")
        page.wait_for_function("/^Not/.test(document.querySelector('#card-status').textContent)", timeout=30000)
        assert "already in the history as 0001-hecht.fish" in page.locator("#card-status").text_content()
        history = [f for f in page.evaluate("fishtable.flashFiles()") if f.startswith("/data/history/")]
        assert sorted(history) == ["/data/history/S0001.seg", "/data/history/index.bin"]  # one game, packed
        with page.expect_download() as info:
            page.click("#card-download")
        got = str(tmp_path / info.value.suggested_filename)
        info.value.save_as(got)
        again = json.loads(subprocess.run([sys.executable, os.path.join(TOOLS, "replay.py"), got], capture_output=True,
                                          text=True, check=True).stdout)
        assert again["scores"] == replay["scores"] and again["winners"] == replay["winners"]
        assert again["names"] == replay["names"] and again["colours"] == replay["colours"]
        assert not errors
    finally:
        ctx.close()


LOCAL_NOW = """(() => { const d = new Date(); const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`; })()"""


def test_games_imported_and_played_give_the_same_stats(site, browser, tmp_path):
    """A game played on the page's board and records imported on the page (a comment first, CRLF,
    named), mixed: the board's Stats screen, the page's Summary and tools/history.py over the page's
    history files give the same figures.  The page's board takes its clock from the browser: the
    game played has the date it began (the browser's local time) in tools/history.py --csv of the
    page's history files and on its History page."""
    import csv

    import autoplay

    page = open_page(browser, site + "?seed=%d" % SEED)
    dev = PageDevice(page, ("keyboard",))
    want = whole_game("hifisch")
    player = autoplay.Autoplayer(dev, want)
    before = page.evaluate(LOCAL_NOW)
    player.setup()
    after = page.evaluate(LOCAL_NOW)
    for stmt in want.statements:
        player.play(stmt)
    player.finish()
    records = []
    for name, crlf in (("hifisch-3p.fish", True), ("hecht-2p.fish", False)):
        with open(os.path.join(ROOT, "records", name), "rb") as f:
            data = f.read()
        lines = data.split(b"\n")
        at = max(i for i, line in enumerate(lines) if line.split()[:1] in ([b"players"], [b"start"]))
        players = int([line for line in lines if line.startswith(b"players ")][0].split()[1])
        lines.insert(at + 1, b"names " + b" ".join([b"Anna", b"Ben", b"Cy"][:players]))
        data = b"\n".join(lines)
        path = tmp_path / name
        path.write_bytes(data.replace(b"\n", b"\r\n") if crlf else data)
        records.append(str(path))
    page.set_input_files("#import", records)
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Imported')", timeout=30000)
    wait_first_frame(page)
    folder = tmp_path / "history"
    folder.mkdir()
    for name in page.evaluate("fishtable.flashFiles()"):
        if name.startswith("/data/history/"):
            (folder / name.split("/")[-1]).write_bytes(bytes.fromhex(page.evaluate("fishtable.flashRead(%r)" % name)))
    tool = subprocess.run([sys.executable, os.path.join(TOOLS, "history.py"), str(folder)], capture_output=True,
                          text=True, check=True).stdout
    rows = subprocess.run([sys.executable, os.path.join(TOOLS, "history.py"), str(folder), "--csv", "-"],
                          capture_output=True, text=True, check=True).stdout
    dates = sorted({(row["date"], row["game"]) for row in csv.DictReader(rows.splitlines())})
    assert len(dates) == 3 and dates[0] == ("", "hecht") and dates[1] == ("", "hifisch"), rows  # (imported: none)
    date = dates[2][0]  # the game played here
    assert dates[2][1] == "hifisch" and before <= date <= after, (before, after, rows)
    page.click("#show-summary")
    page.wait_for_function("!document.querySelector('#summary').textContent.startsWith('Counting')", timeout=30000)
    assert page.locator("#summary").text_content().strip() == tool.strip()
    assert tool.startswith("3 finished games")
    import history

    plays, _unfinished, _problems = history.collect(str(folder))
    tables = history.tables(plays)
    settle(page)
    player = autoplay.Autoplayer(PageDevice(page, ("keyboard",)), want)
    player.select("Stats")
    for game, title in (("hifisch", "Hi Fisch!"), ("hecht", "Hecht")):
        player.select(title)
        table = tables[game]
        shown = player.screen.text()
        assert "Games %d" % table.games in " ".join(shown.split()), shown
        assert table.average_win() in shown and table.average_turns() in shown, shown
        for i in table.order():
            if table.names[i].startswith("player "):
                continue  # seats without names: no page on the board
            player.press("next")
            page_text = player.screen.text()
            assert table.names[i] in page_text, page_text
            from fishtable.core.stats import BEST, PLAYED, WINS

            for figure in (PLAYED, WINS, BEST):
                assert str(table.figure(i, figure)) in page_text
        player.press("back")
    player.press("back")
    player.select("History")
    player.select("#1 Hi Fisch!")  # the game played here
    assert date.replace("T", " ") in " ".join(player.screen.text().split()), player.screen.text()


# -- the stored flash damaged between two visits ------------------------------------------------------
STORED_DAMAGE = """async (entries) => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open("fishtable", 1); r.onsuccess = () => ok(r.result);
                                             r.onerror = () => no(r.error); });
  const tx = db.transaction("files", "readwrite"); const store = tx.objectStore("files");
  for (const [path, value] of entries) {
    const v = value === "BYTES" ? {data: new Uint8Array([0xff, 0xfe, 0, 7, 0x80])} :
              value === "HUGE" ? {data: new Uint8Array(1 << 20).fill(35)} : value;
    store.put(v, path);
  }
  await new Promise((ok) => { tx.oncomplete = tx.onerror = tx.onabort = ok; });
  db.close();
}"""
# (path, stored value): a value that is not a file or folder, bytes that are not text, a file where a
# folder must be and the reverse, a path outside the board's flash, 1 MB of comment
DAMAGED_STORE = [
    ["/data/settings.txt", "BYTES"],
    ["/data/roster.txt", "not an entry"],
    ["/data/journal.fish", {"data": 42}],
    ["/data/stats", {"data": "a file where a folder is"}],
    ["/data/history/0001-hecht.fish", {"dir": True}],
    ["/data/journal.d/1-1.part", None],
    ["/config.txt", "HUGE"],
    ["/fw/fishtable/__init__.py", {"data": "raise SystemExit"}],
    ["relative/path", {"data": "x"}],
]


def test_stored_flash_damaged_between_visits_still_starts(site, context):
    """The page's IndexedDB copy of the flash, damaged while the tab was closed: the next visit's
    board starts and shows the board error or the main menu, and the page reports no error."""
    errors = []
    page = open_page(context.new_page(), site + "?seed=%d" % SEED, errors)
    settle(page)
    page.evaluate(STORED_DAMAGE, DAMAGED_STORE)
    page.close()
    page = open_page(context.new_page(), site + "?seed=%d" % SEED, errors)
    shown = settle(page)
    from simlib.device import reader

    text = " ".join(reader().read(shown).text().split())
    assert "New Hecht" in text or "Board error" in text, as_text(shown)
    assert not errors
    page.close()



def settings_file(values):
    """A settings file as the board saves it (fishtable.store.settings), as bytes."""
    from fishtable.store import settings

    class Files:
        def __init__(self):
            self.files = {}

        def open(self, path, mode):
            out = io.StringIO()
            out.close = lambda: self.files.__setitem__(path, out.getvalue().encode())
            return out

        def exists(self, path):
            return path in self.files

        def rename(self, old, new):
            self.files[new] = self.files.pop(old)

    fs = Files()
    settings.save(fs, "/data/settings.txt", values)
    return fs.files["/data/settings.txt"]


PUT = """async (entries) => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open("fishtable", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("files");
    r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
  const tx = db.transaction("files", "readwrite");
  for (const [path, value] of entries) {
    tx.objectStore("files").put(value.bytes ? {data: new Uint8Array(value.bytes)} : value, path);
  }
  await new Promise((ok) => { tx.oncomplete = tx.onerror = tx.onabort = ok; });
  db.close();
}"""


def test_the_page_speaks_the_browsers_or_the_boards_language(site, other_browser):
    """The page's own words (web/words.js): German in a German browser (navigator.language "de-..."),
    English otherwise and with ?lang=en; the board's saved `language=` (a settings file the board
    would trust) wins over the browser's, and what the page finds in its stored board is said in it."""
    ctx = other_browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        errors = []
        open_page(page, site, errors)
        said = page.evaluate("""() => ({lang: document.documentElement.lang,
            games: document.querySelector('#show-games').textContent,
            ok: document.querySelector('#btn-ok').textContent,
            prev: document.querySelector('#btn-prev').getAttribute('aria-label'),
            about: document.querySelector('#tools details p').innerHTML})""")
        assert said["lang"] == "de" and said["games"] == "Beendete Spiele" and said["ok"] == "OKhalten = Zurück"
        assert said["prev"] == "vorige" and "<code>.fish</code>-Spielaufzeichnungen" in said["about"]
        # the board's first start: the browser's language answered its question (the catalog in the bundle)
        menu = Reader().read(settle(page)).text()
        assert "Neu: Hi Fisch!" in menu and "Language" not in menu, menu
        page.click("#show-games")
        page.wait_for_function("!document.querySelector('#games').hidden")
        assert page.text_content("#games") == "Noch keine beendeten Spiele."
        page.goto(site + "?lang=en")
        wait_first_frame(page)
        assert page.evaluate("document.documentElement.lang") == "en"
        assert "Neu: Hi Fisch!" in Reader().read(settle(page)).text()  # the board keeps its language
        assert page.text_content("#show-games") == "Finished games" and page.text_content("#btn-next") == "\u25b6NEXT"
        assert errors == []
    finally:
        ctx.close()
    german, english = settings_file({"brightness": 3, "language": "de"}), settings_file({"language": "en"})
    damaged = german.replace(b"=de", b"=en")  # its check line no longer matches: the board takes its defaults
    for locale, stored, want in (("en-US", german, "de"), ("de-DE", english, "en"), ("en-US", damaged, "en")):
        ctx = other_browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
        try:
            page = ctx.new_page()
            open_page(page, site)
            settle(page)  # (the board's first start has saved the browser's language: put ours after it)
            page.evaluate(PUT, [["/data/settings.txt", {"bytes": list(stored)}], ["/data/odd", {"data": 42}]])
            page.reload()
            page.wait_for_function("fishtable.checked && fishtable.firstFrameAt !== null", timeout=60000)
            shown = page.evaluate("""() => [document.documentElement.lang,
                document.querySelector('#show-games').textContent,
                document.querySelector('#found-list').textContent]""")
            assert shown[0] == want, (locale, stored, shown)
            if want == "de":
                assert shown[1] == "Beendete Spiele" and "/data/odd: weder Datei noch Ordner" in shown[2], shown
            else:
                assert shown[1] == "Finished games" and "/data/odd: not a file or folder" in shown[2], shown
        finally:
            ctx.close()
