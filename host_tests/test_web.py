"""The device in a web page (tools/web.py, web/), in a real headless Chromium.

The page runs the firmware's own main.py on the MicroPython WebAssembly VM.  These tests
drive it with Playwright (pinned in requirements-dev.txt) pointed at Debian's Chromium
(/usr/bin/chromium; `.ci/run` installs it), never a downloaded browser.  Without Chromium or
Playwright they are skipped, and `make test` says why.

What they check: the panel in the page equals the simulator's frames for the same key
script and seed; short games of each title with the on-page buttons (mouse and touch) and
the keyboard; a reload mid-game resumes; a finished game downloads and replays with
tools/replay.py; history import and the summary (tools/history.py's text); offline start.
Timings and the VM's heap go to build/web_metrics.json; docs/screens/web.png is the README's
picture.
"""

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
        return "no Chromium at %s (Debian: apt-get install chromium; .ci/run does it)" % CHROMIUM
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (make setup installs requirements-dev.txt)"
    return None


SKIP = _why_no_browser()
# With pytest -n (make test), the browser tests run in one process (`--dist loadgroup`): one
# Chromium at a time, next to the rest of the suite.
pytestmark = pytest.mark.xdist_group("browser")
metrics = {}


def _save_metrics():
    """Add this process's figures to build/web_metrics.json (pytest -n runs several processes)."""
    os.makedirs(os.path.dirname(METRICS), exist_ok=True)
    try:
        with open(METRICS) as f:
            saved = json.load(f)
    except (OSError, ValueError):
        saved = {}
    saved.update(metrics)
    with open(METRICS + ".tmp", "w") as f:
        json.dump(saved, f, indent=1, sort_keys=True)
    os.replace(METRICS + ".tmp", METRICS)


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
def context():
    """Debian's Chromium, headless, with a fresh user-data-dir, through Playwright."""
    if SKIP is not None:
        pytest.skip("browser tests skipped: %s" % SKIP)
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="fishtable-chromium-")
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, headless=True, has_touch=True,
            viewport={"width": 412, "height": 860}, device_scale_factor=2, accept_downloads=True)
        try:
            yield ctx
        finally:
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)


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
    from simlib.rig import BACK, OK

    rig.menu("New Hi Fisch!")
    rig.choose(2)
    rig.press(OK, 2)
    rig.choose(1)
    rig.press(BACK)  # skip the set-up checklist
    rig.choose(("fish", False))
    rig.choose(23)


def short_hecht(rig):
    from simlib.rig import BACK, OK

    rig.menu("New Hecht")
    rig.choose(3)
    rig.press(OK, 3)  # the seats' own pike colours
    rig.choose(2)
    rig.press(OK)
    rig.press(BACK)  # skip the set-up checklist
    for stmt in (("action", "snail"), ("end",), ("action", "snail"), ("end",), ("action", "wave")):
        rig.choose(stmt)


def short_yofish(rig):
    from simlib.rig import BACK, OK

    rig.menu("New Yo Fish!")
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(1)
    rig.choose(0)
    rig.press(BACK)  # skip the set-up checklist
    rig.choose("Place")
    rig.choose(7)
    rig.choose(0)


def whole_yofish(rig):
    from simlib.rig import BACK, OK

    rig.menu("New Yo Fish!")
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(1)
    rig.choose(0)
    rig.press(BACK)  # skip the set-up checklist
    rng = random.Random(SEED)
    while rig.app.match is not None:
        rig.choose("Place")
        rig.choose(rng.randint(1, 12))
        rig.choose(rng.randint(0, 1))


def sim_frames(script, tmp):
    """The scripted simulator's frames (tools/sim.py --keys ... --seed), decoded from its PNGs:
    [(glass 1024 bytes, ring colours as drawn)]."""
    import sim
    from PIL import Image

    os.makedirs(tmp, exist_ok=True)
    keys = os.path.join(tmp, "script.keys")
    with open(keys, "w") as f:
        f.write(script)
    frames = os.path.join(tmp, "frames")
    flash = os.path.join(tmp, "flash")
    subprocess.run([sys.executable, os.path.join(TOOLS, "sim.py"), "--keys", keys, "--frames", frames,
                    "--seed", str(SEED), "--flash", flash, "--fresh"], check=True, capture_output=True)
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
    """web/panel.js shows the same glass as tools/devices/panel.py's glass() for every display state."""
    from devices.panel import SSD1306Model, pack_vlsb

    rng = random.Random(5)
    cases = []
    expected = []
    for i in range(40):
        model = SSD1306Model()
        model.ram = bytearray(rng.getrandbits(8) for _ in range(1024))
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
                                                     "comPins": model.com_pins}})
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
    assert got == want[len(want) - len(got):]
    assert panel(page) == want[-1][0]


# -- playing with the on-page buttons, touch and the keyboard ------------------------------
KEYBOARD = {"prev": "ArrowLeft", "next": "ArrowRight", "ok": "Enter", "back": "Backspace"}


def play(page, script, ways=("mouse",)):
    """Press the words of a key script on the page, each word the next of `ways`: "mouse" or
    "touch" on the page's buttons (a long press of OK for "back"), or "keyboard"."""
    boxes = {}
    for word in ("prev", "next", "ok"):
        box = page.locator("#btn-" + word).bounding_box()
        boxes[word] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    words = script.split()
    for i, word in enumerate(words):
        if word.startswith("wait:"):  # an animation runs (keys in it would count differently)
            time.sleep(int(word[5:]) / 1000)
            settle(page, quiet_ms=300)  # it may take longer on a busy machine
            continue
        way = ways[i % len(ways)]
        if way == "keyboard":
            page.keyboard.press(KEYBOARD[word])
            time.sleep(0.9 if word == "back" else 0.12)
        elif way == "touch" and word != "back":
            page.touchscreen.tap(*boxes[word])
            time.sleep(0.12)
        else:
            page.mouse.move(*boxes["ok" if word == "back" else word])
            page.mouse.down()
            time.sleep(0.85 if word == "back" else 0.06)
            page.mouse.up()
            time.sleep(0.06)


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
    before = settle(page)
    same_panel(before, sim_frames(script, str(tmp_path))[-1][0], page)
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
    same_panel(settle(page), before)
    assert not errors
    assert not [line for line in page.evaluate("fishtable.log") if "error" in line.lower()]
    if cut == "close":
        page.close()


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
    with open(str(tmp_path / "rig" / "data" / "history" / name), "rb") as f:
        assert open(path, "rb").read() == f.read()
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
    history = sorted(f for f in files if f.startswith("/data/history/") and f.endswith(".fish"))
    assert [f.split("-", 1)[1] for f in history] == ["hecht.fish", "yofish.fish", "hifisch.fish"]
    assert "notes.fish, photo.bin" in page.locator("#status").text_content()  # refused, not stored
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
    assert page.locator("#games li").count() == 3


# -- make web to the first frame, size, latency, heap, offline, the README's picture ---------
def test_first_frame_latency_heap_offline(browser, context, tmp_path):
    """`tools/web.py` (what `make web` runs) up to the first frame; what the page downloads; a
    button press to the panel; the VM's heap; then offline: the page starts from its cache."""
    start = time.monotonic()
    server = subprocess.Popen([sys.executable, os.path.join(TOOLS, "web.py"), "--port", "0", "--out",
                               str(tmp_path / "site")], stdout=subprocess.PIPE, text=True)
    try:
        url = None
        for line in server.stdout:
            if "http://127.0.0.1:" in line:
                url = line[line.index("http://"):].split()[0]
                break
        assert url, "tools/web.py printed no address"
        served = time.monotonic() - start
        urls = set()
        context.on("request", lambda r: urls.add(r.url.split("?")[0]))
        page = open_page(browser, url)
        metrics["make_web_to_first_frame_s"] = round(time.monotonic() - start, 3)
        metrics["make_web_serving_s"] = round(served, 3)
        metrics["navigation_to_first_frame_ms"] = round(page.evaluate("fishtable.firstFrameAt"))
        metrics["navigation_to_vm_booted_ms"] = round(page.evaluate("fishtable.bootedAt"))
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)
        # What the first visit fetched (the page, its worker and the service worker's cache): the
        # files' sizes (the server does not compress).
        names = {u[len(url):] or "index.html" for u in urls if u.startswith(url)}
        total = sum(os.path.getsize(str(tmp_path / "site" / n)) for n in names)
        metrics["page_download_bytes"] = total
        metrics["page_download_files"] = sorted(names)
        assert 300_000 < total < 2_000_000

        home = settle(page)
        box = page.locator("#btn-next").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        for i in range(6):
            page.mouse.down()
            page.wait_for_function("fishtable.latencies.length > %d" % i)
            page.mouse.up()
            time.sleep(0.15)
        latencies = page.evaluate("fishtable.latencies")
        metrics["press_to_panel_ms"] = [round(x, 1) for x in latencies]
        assert max(latencies) < 500
        page.wait_for_function("fishtable.heap !== null", timeout=5000)
        metrics["vm_heap"] = page.evaluate("fishtable.heap")
        assert 0 < metrics["vm_heap"]["alloc"] < metrics["vm_heap"]["free"]
        manifest = page.evaluate("fetch('manifest.webmanifest').then((r) => r.json())")
        assert manifest["name"] == "fishtable" and manifest["display"] == "standalone"

        context.set_offline(True)
        page.reload()
        wait_first_frame(page)
        assert settle(page) == home  # the same board, started from the cache
    finally:
        context.set_offline(False)
        server.terminate()
        server.wait()


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
const mp = await loadMicroPython({ heapsize: 256 * 1024, stdout: (t) => process.stdout.write(t + "\n") });
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
